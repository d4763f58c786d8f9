"""Real cards through the Oracle importer, session 18 (probe18d, 2026-12-03): the targets a
not-modeled effect requires (601.2c, 602.2b) when a text has several instances of "target". Each
phrase's words stop before the next phrase's "up to one" / "another" / "X" (they were read as part
of the phrase before and lost); "another target creature" after "target creature" is a second,
different creature (601.2c); "target creature or player" may target a player; a target required
only if the spell was kicked is no requirement (601.2c). The fixture holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult, _targets_of
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_several_targets.json"
# (probe24d: the importer refuses a card whose effect lets a player play or cast cards until a
# later time, 601.3; the templates of its other lines are tested on the card without that line)
results, checker = module_fixtures(FIXTURE, {"Chandra, Pyromaster": "[0]:"})

BF = "battlefield"


def lands(card: str, n: int) -> list[dict[str, str]]:
    return [{"id": f"{card[:2].lower()}{i}", "card": card} for i in range(n)]


def test_up_to_one_target_after_a_target_requires_none(results: dict[str, CardResult],
                                                       checker: Checker) -> None:
    # Chandra, Pyromaster's [+1]: "... to target player or planeswalker and 1 damage to up to one
    # target creature ...": it needs no creature (the "up to one" was read with the phrase before,
    # so a creature was required and the ability refused with none on the battlefield)
    # (the "up to one" is optional, count 0, 601.2c; beside it "target player or planeswalker",
    # unread_beside, is required: min_targets 1)
    assert abilities(results, "Chandra, Pyromaster")[0]["effect"] == {
        "action": "not_modeled", "targets": [{"zone": BF, "types": ["Creature"], "count": 0, "max": 1}],
        "unread_beside": "player_or_planeswalker", "min_targets": 1, "max_targets": 2}
    assert abilities(results, "Kiora, Master of the Depths")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "count": 0, "max": 1}, {"zone": BF, "types": ["Land"], "count": 0, "max": 1}]
    # ("... and up to one other target creature": none required, but what a named one must be, 601.2c)
    assert abilities(results, "Conduct Electricity")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"]}, {"zone": BF, "types": ["Creature"], "count": 0, "max": 1}]
    doc = state([{"id": "ch", "card": "Chandra, Pyromaster", "counters": {"loyalty": 4}}])
    assert why(checker, doc, {"kind": "activate", "object": "ch", "ability": 1}).legal


def test_another_target_creature_is_a_second_creature(results: dict[str, CardResult],
                                                     checker: Checker) -> None:
    # 601.2c: "Target creature fights another target creature" needs two different creatures
    assert abilities(results, "Clash of Titans")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "count": 2}]
    assert abilities(results, "Incremental Blight")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "count": 3}]
    clash = {"kind": "cast", "object": "c"}
    hand = {"id": "c", "card": "Clash of Titans", "zone": "hand"}
    one = state([hand, *lands("Mountain", 5), {"id": "g", "card": "Grizzly Bears", "owner": "bob"}])
    v = why(checker, one, clash)
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}
    two = state([hand, *lands("Mountain", 5), {"id": "g", "card": "Grizzly Bears", "owner": "bob"},
                 {"id": "h", "card": "Grizzly Bears"}])
    assert why(checker, two, clash).legal
    assert why(checker, two, {**clash, "targets": ["g", "h"]}).legal
    # two instances of "target": a third target is one too many (601.2c)
    assert not why(checker, two, {**clash, "targets": ["g", "h", "g"]}).legal


def test_x_target_creatures_and_or_planeswalkers(results: dict[str, CardResult],
                                                 checker: Checker) -> None:
    # Spinning Wheel Kick: "each of X target creatures and/or planeswalkers" (107.3a, 601.2c)
    assert abilities(results, "Spinning Wheel Kick")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "controller": "you"},
        {"zone": BF, "types": ["Creature", "Planeswalker"], "count": "X"}]
    doc = state([{"id": "k", "card": "Spinning Wheel Kick", "zone": "hand"}, *lands("Forest", 8),
                 {"id": "g", "card": "Grizzly Bears"},
                 {"id": "p", "card": "Chandra, Pyromaster", "owner": "bob", "counters": {"loyalty": 4}}])
    kick = {"kind": "cast", "object": "k"}
    assert why(checker, doc, {**kick, "x": 2}).legal      # the Bears and Chandra
    assert not why(checker, doc, {**kick, "x": 3}).legal  # three different ones: there are two


def test_creature_or_player_targets_need_no_creature(results: dict[str, CardResult]) -> None:
    assert "targets" not in abilities(results, "Captain's Maneuver")[0]["effect"]
    assert _targets_of("Remove up to five counters from target artifact, creature, planeswalker, "
                       "or opponent.") == []
    assert _targets_of("Target creature or player gains flying until end of turn.") == []


def test_kicked_targets(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c: a spell may require some targets only if an additional cost (kicker) was paid
    # (probe19c: Jilt kicked requires "another target creature", a second one: two different
    # creatures; unkicked one)
    assert abilities(results, "Jilt")[1]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "kicked": False},
        {"zone": BF, "types": ["Creature"], "count": 2, "kicked": True}]
    assert abilities(results, "Strength of the Tajuru")[1]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"]}]
    # "If this spell was kicked, instead ...": the targets of "instead" are required only of a
    # kicked spell, the others only of one cast without its kicker (702.33d)
    assert abilities(results, "Blood Beckoning")[1]["effect"]["targets"] == [
        {"zone": "graveyard", "types": ["Creature"], "controller": "you", "kicked": False},
        {"zone": "graveyard", "types": ["Creature"], "controller": "you", "count": 2, "kicked": True}]
    # ("with mana value 2 or less" is read since probe21b: 202.3, 601.2c)
    assert abilities(results, "Bloodchief's Thirst")[1]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature", "Planeswalker"], "mana_value": {"at_most": 2}, "kicked": False},
        {"zone": BF, "types": ["Creature", "Planeswalker"], "kicked": True}]
    assert abilities(results, "Tear Asunder")[1]["effect"]["targets"] == [
        {"zone": BF, "types": ["Artifact", "Enchantment"], "kicked": False},
        {"zone": BF, "non_types": ["Land"], "kicked": True}]
    # Blood Beckoning unkicked with one creature card in the graveyard (it required two); kicked,
    # it requires two (found after probe18d: kicked with one was legal)
    doc = state([{"id": "b", "card": "Blood Beckoning", "zone": "hand"}, *lands("Swamp", 4),
                 {"id": "g", "card": "Grizzly Bears", "zone": "graveyard"}])
    assert why(checker, doc, {"kind": "cast", "object": "b"}).legal
    kicked = {"kind": "cast", "object": "b", "additional": ["kicker"]}
    v = why(checker, doc, kicked)
    assert not v.legal and [r.rule for r in v.reasons] == ["601.2c"]
    doc2 = state([{"id": "b", "card": "Blood Beckoning", "zone": "hand"}, *lands("Swamp", 4),
                  {"id": "g", "card": "Grizzly Bears", "zone": "graveyard"},
                  {"id": "g2", "card": "Llanowar Elves", "zone": "graveyard"}])
    assert why(checker, doc2, {**kicked, "targets": ["g", "g2"]}).legal
    # unkicked, it names one target: two are one too many (115.1, 601.2c)
    v = why(checker, doc2, {"kind": "cast", "object": "b", "targets": ["g", "g2"]})
    assert not v.legal and [r.rule for r in v.reasons] == ["601.2c"]
    # Tear Asunder with only a creature to target: unkicked it requires an artifact or an
    # enchantment, kicked any nonland permanent (found after probe18d: unkicked was legal)
    doc = state([{"id": "t", "card": "Tear Asunder", "zone": "hand"}, *lands("Swamp", 2),
                 *lands("Forest", 2), {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}])
    v = why(checker, doc, {"kind": "cast", "object": "t", "targets": ["gb"]})
    assert not v.legal and {r.rule for r in v.reasons} == {"601.2c"}
    assert why(checker, doc, {"kind": "cast", "object": "t", "additional": ["kicker"],
                              "targets": ["gb"]}).legal
    # Jilt unkicked with one creature (it required two)
    doc = state([{"id": "j", "card": "Jilt", "zone": "hand"}, *lands("Island", 2),
                 {"id": "g", "card": "Grizzly Bears", "owner": "bob"}])
    assert why(checker, doc, {"kind": "cast", "object": "j"}).legal


def test_a_saga_whose_chapters_no_template_reads_is_refused(results: dict[str, CardResult]) -> None:
    # 714.2-714.4, 704.5s: Night of the Flying Merfolk ("Bedtime story": no lore counter as it
    # enters) was imported with its chapters not modeled, and `apply` put a lore counter on it as
    # it entered; read ahead (714.3c) and an ability word after the chapter number likewise
    for name in ("Night of the Flying Merfolk", "Love Song of Night and Day", "Summon: Shiva"):
        assert results[name].card is None, name
        assert "714.2" in results[name].refusal
    assert abilities(results, "The Eldest Reborn")[0]["trigger"] == {"event": "chapter", "chapters": [1]}


def test_moves_text_names_an_additional_cost_that_is_no_kicker(checker: Checker) -> None:
    # Squeaking Pie Sneak: "As an additional cost to cast this spell, reveal a Goblin card from your
    # hand or pay {3}." The move that pays {3} was printed "kicked" (118.8: no kicker here)
    from mtgasp.cli import _describe
    from mtgasp.state import parse_state

    doc = state([{"id": "p", "card": "Squeaking Pie Sneak", "zone": "hand"}, *lands("Swamp", 5)])
    st = parse_state(doc, checker.library)
    moves = [v for v in checker.moves(st, "alice") if v.action.to_json().get("object") == "p"]
    assert [_describe(v.action, st) for v in moves] == [
        "cast Squeaking Pie Sneak (p) with additional_cost"]
    assert moves[0].cost == "{4}{B}"


def test_one_or_two_target_creatures_need_one(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c: "One or two target creatures each get +2/+1" (Hearts on Fire) needed two creatures;
    # "among one, two, or three target creatures" (Forked Lightning) needed three
    assert abilities(results, "Hearts on Fire")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "max": 2}]
    assert abilities(results, "Forked Lightning")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "max": 3}]
    assert abilities(results, "Infernal Rebirth")[0]["effect"]["targets"] == [
        {"zone": "graveyard", "types": ["Creature"], "controller": "you", "max": 2}]
    hearts = {"kind": "cast", "object": "h"}
    hand = {"id": "h", "card": "Hearts on Fire", "zone": "hand"}
    one = state([hand, *lands("Mountain", 2), {"id": "g", "card": "Grizzly Bears"}])
    assert why(checker, one, hearts).legal
    assert why(checker, one, {**hearts, "targets": ["g"]}).legal
    two = state([hand, *lands("Mountain", 2), {"id": "g", "card": "Grizzly Bears"},
                 {"id": "b", "card": "Grizzly Bears", "owner": "bob"}])
    assert why(checker, two, {**hearts, "targets": ["g", "b"]}).legal   # two may be named
    v = why(checker, state([hand, *lands("Mountain", 2)]), hearts)
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}


def test_target_attacking_creature_is_at_least_a_creature(results: dict[str, CardResult],
                                                          checker: Checker) -> None:
    # Sword Dancer's "Target attacking creature gets -1/-0" required no target at all; an attacking
    # creature since the state says which creatures attack (506.4, `combat`)
    assert abilities(results, "Sword Dancer")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "combat": "attacking"}]
    assert abilities(results, "Exile")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "non_colors": ["W"], "combat": "attacking"}]
    # Exile with no creature on the battlefield: no target (it was cast)
    v = why(checker, state([{"id": "e", "card": "Exile", "zone": "hand"}, *lands("Plains", 3)]),
            {"kind": "cast", "object": "e"})
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}


def test_target_spell_or_ability(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c: Disallow ("Counter target spell, activated ability, or triggered ability") with only
    # an activated ability on the stack was refused: an ability was no target
    assert abilities(results, "Disallow")[0]["effect"]["targets"] == [{"zone": "stack", "abilities": True}]
    # (Siren Stormtamer's "target spell or ability that targets you or a creature you control" is
    # refused: no requirement reads a spell's own targets, 601.2c; tests/test_oracle_spells_that_target.py)
    assert results["Siren Stormtamer"].card is None
    objs = [{"id": "d", "card": "Disallow", "zone": "hand"}, *lands("Island", 3),
            {"id": "dd", "card": "Sword Dancer", "owner": "bob"},
            {"id": "act", "zone": "stack", "ability": {"source": "dd", "index": 1}, "controller": "bob"}]
    doc = state(objs, stack=["act"])
    doc["objects"][-1] = objs[-1]   # (an ability on the stack has no owner or zone default)
    assert why(checker, doc, {"kind": "cast", "object": "d"}).legal
    assert why(checker, doc, {"kind": "cast", "object": "d", "targets": ["act"]}).legal
    # nothing on the stack: no target
    empty = state(objs[:-1])
    v = why(checker, empty, {"kind": "cast", "object": "d"})
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}


def test_target_activated_or_triggered_ability(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c (probe28c): "Counter target activated or triggered ability" (Trickbind) requires an
    # ability on the stack, never a spell or a permanent; it was cast with nothing on the stack,
    # targeting a land, and refused targeting a hideaway trigger ("it can't target abilities")
    assert abilities(results, "Trickbind")[1]["effect"]["targets"] == [
        {"zone": "stack", "abilities": True, "spells": False}]
    assert abilities(results, "Squelch")[0]["effect"]["targets"] == [
        {"zone": "stack", "abilities": "activated", "spells": False}]
    assert abilities(results, "Strionic Resonator")[0]["effect"]["targets"] == [
        {"zone": "stack", "abilities": "triggered", "spells": False, "controller": "you"}]
    # (Nimble Obstructionist's cycling trigger)
    assert _targets_of("When you cycle this card, counter target activated or triggered ability you "
                       "don't control.") == [
        {"zone": "stack", "abilities": True, "spells": False, "controller": "opponents"}]
    # "..., triggered ability, or legendary spell": a spell too, a legendary one (probe29c: the
    # spell's qualifier, which tzone/4 checks of a spell only)
    assert abilities(results, "Tale's End")[0]["effect"]["targets"] == [
        {"zone": "stack", "abilities": True, "supertypes": ["Legendary"]}]
    objs = [{"id": "t", "card": "Trickbind", "zone": "hand"}, {"id": "q", "card": "Squelch", "zone": "hand"},
            *lands("Island", 3), {"id": "res", "card": "Strionic Resonator"},
            {"id": "br", "card": "Mosswort Bridge", "owner": "bob"},
            {"id": "bolt", "card": "Lightning Bolt", "owner": "bob", "zone": "stack", "controller": "bob",
             "cast_from": "hand", "method": "normal"}]
    trig = {"id": "hide", "zone": "stack", "ability": {"source": "br", "index": 1}, "controller": "bob"}
    doc = state(objs, stack=["bolt"])
    tb, sq = {"kind": "cast", "object": "t"}, {"kind": "cast", "object": "q"}
    for act in (tb, {**tb, "targets": ["bolt"]}, {**tb, "targets": ["br"]}):
        v = why(checker, doc, act)
        assert not v.legal and {r.rule for r in v.reasons} == {"601.2c"}
    doc = state(objs, stack=["bolt", "hide"])
    doc["objects"].append(trig)   # (an ability on the stack has no owner or zone default)
    assert why(checker, doc, {**tb, "targets": ["hide"]}).legal
    # Squelch's "target activated ability": a triggered ability is none
    assert not why(checker, doc, sq).legal
    assert not why(checker, doc, {**sq, "targets": ["hide"]}).legal
    # Strionic Resonator's "target triggered ability you control": not bob's
    res = {"kind": "activate", "object": "res", "ability": 1}
    assert not why(checker, doc, {**res, "targets": ["hide"]}).legal
    mine = state(objs, stack=["bolt", "hide"], active_player="bob", turn=6)
    mine["objects"].append({**trig, "controller": "alice"})
    mine["objects"] = [{**o, "owner": "alice", "controller": "alice"} if o["id"] == "br" else o
                       for o in mine["objects"]]
    assert why(checker, mine, {**res, "targets": ["hide"]}).legal


def test_qualifiers_in_a_list(results: dict[str, CardResult], checker: Checker) -> None:
    # Terror's "target nonartifact, nonblack creature" required no target (the comma stopped the
    # reading): cast with no creature, or at an artifact creature (601.2c)
    assert abilities(results, "Terror")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "non_types": ["Artifact"], "non_colors": ["B"]}]
    # "target white or blue creature": either color
    assert abilities(results, "Rending Volley")[1]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"], "colors": ["W", "U"]}]
    # "target attacking, blocking, or tapped creature": any one of them, so only a creature
    assert abilities(results, "Sonar Strike")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Creature"]}]
    # "target nonsnow land you control": at least a land you control
    assert abilities(results, "Hallowed Ground")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Land"], "controller": "you"}]
    terror = {"kind": "cast", "object": "t"}
    hand = {"id": "t", "card": "Terror", "zone": "hand"}
    v = why(checker, state([hand, *lands("Swamp", 2)]), terror)
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}
    bears = state([hand, *lands("Swamp", 2), {"id": "g", "card": "Grizzly Bears", "owner": "bob"}])
    assert why(checker, bears, terror).legal
    assert not why(checker, bears, {**terror, "targets": ["sw0"]}).legal   # a land isn't one


def test_nonlegendary_and_nonbasic_are_read() -> None:
    # probe30a: "nonlegendary" and "nonbasic" were dropped, so Kiki-Jiki, Mirror Breaker could
    # target itself and Wasteland a basic land (601.2c, 205.4a)
    assert _targets_of("Create a token that's a copy of target nonlegendary creature you control, "
                       "except it has haste.") == [
        {"zone": BF, "types": ["Creature"], "non_supertypes": ["Legendary"], "controller": "you"}]
    assert _targets_of("Destroy target nonbasic land.") == [
        {"zone": BF, "types": ["Land"], "non_supertypes": ["Basic"]}]
