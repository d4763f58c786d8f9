"""Real cards through the Oracle importer, as probe24d found them in a random sample of the cards
`mtgasp cards import` keeps: kept but compiled wrongly.

- A triggered ability whose trigger no template reads was kept as not modeled even when its effect
  changes what spells cost or whether they can be cast ("the next spell you cast this turn costs
  {1} less to cast", Peerless Samurai; 601.2f, 601.3, 702.8a) or lets a player play more lands
  (Imoen, Wise Trickster; 305.2): refused now, as the same effect of a read trigger was.
- A kicked spell's "instead" whose targets no requirement reads ("instead any number of target
  creatures you control", Divine Resilience; "... among any number of targets instead", Fight with
  Fire) left the unkicked target required of the kicked spell too (601.2c).
- "target artifact, enchantment, or nonbasic land" (Boseiju, Who Endures), "target land or
  nonblack creature" (Stream of Acid), "target artifact or tapped creature" (Radiant Strike): a type
  with qualifiers after another was dropped, so the spell or ability was refused with only such a
  target (601.2c, 602.2b).
- "Target Beast creature you control fights target creature an opponent controls" (Contested
  Cliffs): the first target, with a subtype, was not read, and the ability was activated with no
  creature of its controller's.
- "2 damage divided as you choose among one or two targets" (Electrolyze): no target was
  required, and the spell was cast with none (601.2c, 601.2d).

The fixture tests/fixtures/real_cards_misread_targets_and_triggers.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, refusal, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_misread_targets_and_triggers.json"
results, checker = module_fixtures(FIXTURE)

KICK = {"additional": ["kicker"]}


@pytest.mark.parametrize("name", ["Peerless Samurai", "Academy Loremaster", "Cherished Hatchling",
                                  "Innocuous Researcher"])
def test_unread_trigger_changing_what_spells_cost_is_refused(results: dict[str, CardResult],
                                                             name: str) -> None:
    assert "changes what spells cost or whether they can be cast" in refusal(results, name)


def test_unread_trigger_giving_more_land_drops_is_refused(results: dict[str, CardResult]) -> None:
    assert "play additional lands (305.2)" in refusal(results, "Imoen, Wise Trickster")


def test_kicked_instead_with_unread_targets_drops_the_unkicked_target(results: dict[str, CardResult],
                                                                      checker: Checker) -> None:
    # (kicked, "any number of target creatures you control": none required, each named one of them)
    assert abilities(results, "Divine Resilience")[1]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Creature"], "controller": "you", "kicked": False},
        {"zone": "battlefield", "types": ["Creature"], "controller": "you", "count": 0, "max": "any",
         "kicked": True}]
    assert abilities(results, "Fight with Fire")[1]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Creature"], "kicked": False}]
    # no creature on the battlefield: unkicked, no legal target (601.2c); kicked, "any number of
    # target creatures you control" (none is a number) and "any number of targets" (a player)
    doc = state([{"id": "dr", "card": "Divine Resilience", "zone": "hand"},
                 {"id": "ff", "card": "Fight with Fire", "zone": "hand"}],
                players=[{"name": "alice", "mana_pool": "{R}{R}{R}{R}{R}{R}{R}{R}{R}{W}{W}{W}{W}"},
                         {"name": "bob"}])
    assert why(checker, doc, {"kind": "cast", "object": "dr", **KICK, "targets": []}).legal
    assert why(checker, doc, {"kind": "cast", "object": "ff", **KICK, "targets": ["bob"]}).legal
    for o in ("dr", "ff"):
        v = why(checker, doc, {"kind": "cast", "object": o})
        assert not v.legal and rules(v) == {"601.2c"}, v.to_json()


def test_later_type_with_its_own_qualifier_is_a_target_too(results: dict[str, CardResult],
                                                           checker: Checker) -> None:
    channel = abilities(results, "Boseiju, Who Endures")[1]
    assert channel["effect"]["targets"] == [{"zone": "battlefield", "types": ["Artifact", "Enchantment", "Land"],
                                            "controller": "opponents"}]
    assert abilities(results, "Stream of Acid")[0]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Land", "Creature"]}]
    # bob's only permanents: a nonbasic land and a tapped creature; alice's: none
    doc = state([{"id": "bo", "card": "Boseiju, Who Endures", "zone": "hand"},
                 {"id": "rs", "card": "Radiant Strike", "zone": "hand"},
                 {"id": "db", "card": "Dismal Backwater", "owner": "bob"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "tapped": True}],
                players=[{"name": "alice", "mana_pool": "{G}{G}{W}{W}{W}{W}"}, {"name": "bob"}])
    assert why(checker, doc, {"kind": "activate", "object": "bo", "ability": 2, "targets": ["db"]}).legal
    assert why(checker, doc, {"kind": "cast", "object": "rs", "targets": ["gb"]}).legal
    # an artifact, an enchantment or a nonbasic land an opponent controls: not alice's own land
    doc["objects"] = [o for o in doc["objects"] if o["id"] != "db"]
    doc["objects"].append({"id": "ab", "card": "Dismal Backwater", "owner": "alice", "zone": "battlefield"})
    v = why(checker, doc, {"kind": "activate", "object": "bo", "ability": 2})
    assert not v.legal and rules(v) == {"602.2b"}, v.to_json()


def test_target_with_a_subtype_is_read(results: dict[str, CardResult], checker: Checker) -> None:
    # "Target Beast creature you control fights target creature an opponent controls": a Beast
    # (205.3, 601.2c; the subtype read since probe27b)
    assert abilities(results, "Contested Cliffs")[1]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Creature"], "subtypes": ["Beast"], "controller": "you"},
        {"zone": "battlefield", "types": ["Creature"], "controller": "opponents"}]
    doc = state([{"id": "cc", "card": "Contested Cliffs"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}],
                players=[{"name": "alice", "mana_pool": "{R}{G}"}, {"name": "bob"}])
    v = why(checker, doc, {"kind": "activate", "object": "cc", "ability": 2, "targets": ["gb"]})
    assert not v.legal and rules(v) == {"602.2b"}, v.to_json()
    doc["objects"].append({"id": "mine", "card": "Grizzly Bears", "owner": "alice", "zone": "battlefield"})
    v = why(checker, doc, {"kind": "activate", "object": "cc", "ability": 2, "targets": ["mine", "gb"]})
    assert not v.legal and rules(v) == {"602.2b"}, v.to_json()   # a Bear, not a Beast
    doc["objects"].append({"id": "beast", "card": "Forest", "owner": "alice", "zone": "battlefield",
                           "animated": {"power": 3, "toughness": 3, "subtypes": ["Beast"]}})
    assert why(checker, doc, {"kind": "activate", "object": "cc", "ability": 2,
                              "targets": ["beast", "gb"]}).legal


def test_damage_divided_among_one_or_two_targets_requires_one(results: dict[str, CardResult],
                                                              checker: Checker) -> None:
    # (and at most two: probe30a, it was cast with three targets, 601.2c)
    assert abilities(results, "Electrolyze")[0]["effect"] == {
        "action": "not_modeled", "min_targets": 1, "max_targets": 2, "targets_by": "division",
        "distinct_targets": 1}
    doc = state([{"id": "e", "card": "Electrolyze", "zone": "hand"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"}],
                players=[{"name": "alice", "mana_pool": "{C}{U}{R}"},
                         {"name": "bob"}])
    v = why(checker, doc, {"kind": "cast", "object": "e", "targets": []})
    assert not v.legal and rules(v) == {"601.2c"}, v.to_json()
    assert why(checker, doc, {"kind": "cast", "object": "e", "targets": ["bob"]}).legal
    assert why(checker, doc, {"kind": "cast", "object": "e", "targets": ["bob", "gb"]}).legal
    v = why(checker, doc, {"kind": "cast", "object": "e", "targets": ["bob", "gb", "alice"]})
    assert not v.legal and rules(v) == {"601.2c"}, v.to_json()
    # one instance of the word "target": not the same one twice (601.2c, 115.3)
    v = why(checker, doc, {"kind": "cast", "object": "e", "targets": ["gb", "gb"]})
    assert not v.legal and rules(v) == {"601.2c"}, v.to_json()


def test_a_card_or_another_card_is_no_type_requirement(results: dict[str, CardResult]) -> None:
    # "target Dragon creature card or Ugin planeswalker card from your graveyard": an Ugin card is
    # a legal target too
    assert abilities(results, "Haven of the Spirit Dragon")[2]["effect"]["targets"] == [
        {"zone": "graveyard", "controller": "you"}]


@pytest.mark.parametrize("name", [
    # a trigger whose trigger is read (Abbot's enters), a spell, a loyalty ability, a trigger whose
    # trigger is not read (combat damage), a permission to play from a graveyard
    "Abbot of Keral Keep", "Reckless Impulse", "Chandra, Pyromaster", "Fallen Shinobi",
    "Yawgmoth's Will",
    # the duration first, then a clause: "Until end of turn, for as long as that card remains on top
    # of your library, ... you may play that card" (from the library); after a trigger's comma
    "Temporal Aperture", "Gwenom, Remorseless",
])
def test_permission_to_play_cards_until_a_later_time_is_refused(results: dict[str, CardResult],
                                                                name: str) -> None:
    # 601.3, 305.1: "Until end of turn, you may play that card": once the ability has resolved, the
    # card exiled with its source may be played; kept as not modeled, `why` refused it (601.3)
    assert "play or cast cards until a later time" in refusal(results, name)


@pytest.mark.parametrize("name", [
    # "this turn" of a condition, not of the permission; a permission only while it resolves
    "Bre of Clan Stoutarm", "Krang & Shredder", "Twinning Glass", "Evercoat Ursine",
    # read by a template: "You may play an additional land this turn", "You may cast spells this
    # turn as though they had flash"
    "Explore", "Alchemist's Refuge",
])
def test_conditions_and_read_permissions_are_kept(results: dict[str, CardResult], name: str) -> None:
    assert results[name].card is not None, results[name].refusal


@pytest.mark.parametrize(("name", "words"), [
    # 605.1a, 106.7: the mana abilities of the cards in graveyards or exiled with it
    ("Necrotic Ooze", "gives a permanent the abilities of other objects"),
    ("Myr Welder", "gives a permanent the abilities of other objects"),
    # 601.2c: as hexproof, what may target it
    ("Karplusan Strider", "says what can't target an object or a player"),
    ("Dense Foliage", "says what can't target an object or a player"),
    # 603.2, 110.2, 122.1: what apply does as permanents enter
    ("Torpor Orb", "changes how permanents enter or what their entering does"),
    ("Captive Audience", "changes how permanents enter or what their entering does"),
    ("Solemnity", "changes how permanents enter or what their entering does"),
])
def test_static_lines_changing_what_the_rules_read_are_refused(results: dict[str, CardResult],
                                                               name: str, words: str) -> None:
    assert words in refusal(results, name)


def test_a_modes_target_ban_until_end_of_turn_is_an_effect(results: dict[str, CardResult]) -> None:
    # "Permanents you control can't be the targets of blue or black spells your opponents control
    # this turn." (a mode of Display of Dominance): an effect `apply` reports as not modeled
    assert results["Display of Dominance"].card is not None, results["Display of Dominance"].refusal



@pytest.mark.parametrize("name", ["Thrun, the Last Troll", "Carnage Tyrant", "Abrupt Decay"])
def test_this_spell_cant_be_countered_is_read_as_a_static_ability(results: dict[str, CardResult],
                                                                   name: str) -> None:
    # found by probe24d: "This spell can't be countered." was kept as not modeled, and `apply` of
    # Counterspell on Thrun, the Last Troll put it into the graveyard (101.2, 701.6a); now a static
    # ability (scenario rule-101.2-counterspell-on-thrun-which-cant-be-countered-does-nothing-to-it)
    assert abilities(results, name)[0] == {"kind": "static", "cant_be_countered": True}
