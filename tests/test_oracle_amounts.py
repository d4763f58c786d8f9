"""Real cards through the Oracle importer (issue 11): mana amounts computed from the state — the
greatest power or toughness among creatures, devotion (700.5), cards in a graveyard or a hand, a
life total, creatures with defender, counters of every kind, permanents with the source's name,
"Choose a color. Add ... of that color", "X {G} or X {W}", "plus an additional {C} for each", the
mana value or power of the permanent a cost sacrifices, and spells that add mana for each thing
counted. The fixture tests/fixtures/real_cards_amounts.json holds MTGJSON AtomicCards entries
copied from ../shared/data/AtomicCards.json; each answer is the one the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import (
    abilities,
    activate,
    applied,
    mana,
    module_fixtures,
    obj,
    pool,
    restricted,
    rules,
    state,
    why,
)

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_amounts.json"


# (probe24d: the importer refuses a card whose effect lets a player play or cast cards until a
# later time, 601.3; the templates of its other lines are tested on the card without that line)
results, checker = module_fixtures(FIXTURE, {"Meria, Scholar of Antiquity": "Tap two untapped"})


def o(oid: str, card: str, **kw: Any) -> dict[str, Any]:
    return {"id": oid, "card": card, **kw}


def tap_for(checker: Checker, doc: dict[str, Any], oid: str, ability: int,
            choose: str | None = None) -> dict[str, Any]:
    return applied(checker, doc, activate(oid, ability), choose)


def resolve(checker: Checker, doc: dict[str, Any]) -> dict[str, Any]:
    """Both players pass: the top of the stack resolves (608.2)."""
    for _ in range(2):
        st = parse_state(doc, checker.library)
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library,
                                                     st.priority), st.priority, None)
        assert res.legal
        doc = res.state
    return doc


def gy(doc: dict[str, Any]) -> set[str]:
    return {x["id"] for x in doc["objects"] if x.get("zone") == "graveyard"}


# --- devotion (700.5) -------------------------------------------------------------------------

def test_devotion_to_green(results: dict[str, CardResult], checker: Checker) -> None:
    # Karametra's Acolyte: "{T}: Add an amount of {G} equal to your devotion to green." Its own
    # {3}{G}, Llanowar Elves' {G} and Grizzly Bears' {1}{G}: 3; bob's Elves and a Forest (no mana
    # cost) don't count
    assert abilities(results, "Karametra's Acolyte")[0]["mana"] == {
        "for_each": {"mana": "{G}", "devotion": "G"}}
    doc = state([o("k", "Karametra's Acolyte"), o("e", "Llanowar Elves"), o("b", "Grizzly Bears"),
                 o("f", "Forest"), o("x", "Llanowar Elves", owner="bob")])
    assert pool(tap_for(checker, doc, "k", 1)) == "{G}{G}{G}"
    assert mana(checker, doc, "k") == ["G"]
    # Kitchen Finks' hybrid {G/W}{G/W} counts toward green twice (700.5)
    doc = state([o("k", "Karametra's Acolyte"), o("f", "Kitchen Finks")])
    assert pool(tap_for(checker, doc, "k", 1)) == "{G}{G}{G}"


def test_nykthos_devotion_to_the_chosen_color(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    # Nykthos: "{2}, {T}: Choose a color. Add an amount of mana of that color equal to your
    # devotion to that color." Shivan Dragon {4}{R}{R}: red 2; Llanowar Elves: green 1; no other
    # color has devotion, so it can make only R and G (and {C} with its first ability)
    assert abilities(results, "Nykthos, Shrine to Nyx")[1]["mana"] == {
        "for_each": {"any_one_color": True, "devotion": "chosen"}}
    doc = state([o("n", "Nykthos, Shrine to Nyx"), o("e", "Llanowar Elves"),
                 o("s", "Shivan Dragon"), o("m", "Mountain"), o("m2", "Mountain")])
    assert mana(checker, doc, "n") == ["R", "G", "C"]
    assert pool(tap_for(checker, doc, "n", 2, "R")) == "{R}{R}"
    assert pool(tap_for(checker, doc, "n", 2, "G")) == "{G}"


# --- the greatest power / toughness among creatures (208.3, 613.4) ----------------------------

def test_greatest_power_and_toughness(results: dict[str, CardResult], checker: Checker) -> None:
    # Bighorner Rancher: "{T}: Add an amount of {G} equal to the greatest power among creatures
    # you control." Grizzly Bears with three +1/+1 counters: 5 (power now)
    assert abilities(results, "Bighorner Rancher")[1]["mana"] == {"for_each": {
        "mana": "{G}", "greatest": {"of": "power", "among": {"types": ["Creature"]}}}}
    bears = o("s", "Grizzly Bears", counters={"+1/+1": 3})
    assert pool(tap_for(checker, state([o("k", "Bighorner Rancher"), bears]), "k", 2)) == "{G}" * 5
    # bob's Shivan Dragon isn't among the creatures alice controls
    doc = state([o("k", "Bighorner Rancher"), o("d", "Shivan Dragon", owner="bob")])
    assert pool(tap_for(checker, doc, "k", 2)) == "{G}{G}"  # its own power, 2
    # Avatar Kyoshi: "Add X mana of any one color, where X is the greatest power among creatures
    # you control": Shivan Dragon's 5
    kyoshi = o("k", "The Legend of Kyoshi // Avatar Kyoshi", face="Avatar Kyoshi")
    assert pool(tap_for(checker, state([kyoshi, o("s", "Shivan Dragon")]), "k", 2, "U")) == "{U}" * 5
    # Arbor Adherent: "... the greatest toughness among OTHER creatures you control": Wall of
    # Stone's 8; alone, X is 0 and the ability adds nothing (106.7: it could produce nothing)
    assert abilities(results, "Arbor Adherent")[1]["mana"]["for_each"]["greatest"] == {
        "of": "toughness", "among": {"types": ["Creature"], "other": True}}
    doc = state([o("k", "Arbor Adherent"), o("w", "Wall of Stone")])
    assert pool(tap_for(checker, doc, "k", 2, "G")) == "{G}" * 8
    assert pool(tap_for(checker, state([o("k", "Arbor Adherent")]), "k", 2)) == ""


# --- counts of cards, life, keywords, names, counters -----------------------------------------

def test_cards_in_your_graveyard(results: dict[str, CardResult], checker: Checker) -> None:
    # Deathbloom Ritualist: "X is the number of creature cards in your graveyard": not the
    # Lightning Bolt, not the creature card bob owns (404.2)
    assert abilities(results, "Deathbloom Ritualist")[0]["mana"] == {"for_each": {
        "any_one_color": True, "in_graveyard": {"types": ["Creature"]}}}
    doc = state([o("k", "Deathbloom Ritualist"), o("w", "Grizzly Bears", zone="graveyard"),
                 o("s", "Shivan Dragon", zone="graveyard"), o("b", "Lightning Bolt", zone="graveyard"),
                 o("c", "Llanowar Elves", zone="graveyard", owner="bob")])
    assert pool(tap_for(checker, doc, "k", 1, "B")) == "{B}{B}"
    assert mana(checker, state([o("k", "Deathbloom Ritualist")]), "k") == []
    # Crypt of Agadeem: "{2}, {T}: Add {B} for each black creature card in your graveyard."
    assert abilities(results, "Crypt of Agadeem")[2]["mana"] == {"for_each": {
        "mana": "{B}", "in_graveyard": {"types": ["Creature"], "colors": ["B"]}}}
    doc = state([o("k", "Crypt of Agadeem"), o("x", "Forest"), o("y", "Forest"),
                 o("w", "Grizzly Bears", zone="graveyard"), o("z", "Illuminor Szeras", zone="graveyard")])
    assert pool(tap_for(checker, doc, "k", 3)) == "{B}"


def test_life_total(results: dict[str, CardResult], checker: Checker) -> None:
    # Sanctum of the Sun: "{T}: Add X mana of any one color, where X is your life total." (119.1)
    sanctum = o("k", "Azor's Gateway // Sanctum of the Sun", face="Sanctum of the Sun")
    doc = state([sanctum], players=[{"name": "alice", "life": 3}, {"name": "bob", "life": 9}])
    assert pool(tap_for(checker, doc, "k", 1, "G")) == "{G}{G}{G}"
    doc = state([sanctum], players=[{"name": "alice", "life": 0}, {"name": "bob"}])
    assert mana(checker, doc, "k") == []


def test_defender_named_and_every_counter(results: dict[str, CardResult], checker: Checker) -> None:
    # Overgrown Battlement: "{T}: Add {G} for each creature you control with defender." Itself
    # and Wall of Stone, not Grizzly Bears (702.3)
    assert abilities(results, "Overgrown Battlement")[1]["mana"] == {"for_each": {
        "mana": "{G}", "you_control": {"types": ["Creature"], "keywords": ["defender"]}}}
    doc = state([o("k", "Overgrown Battlement"), o("w", "Wall of Stone"), o("b", "Grizzly Bears")])
    assert pool(tap_for(checker, doc, "k", 2)) == "{G}{G}"
    # Powerstone Shard: "{T}: Add {C} for each artifact you control named Powerstone Shard."
    doc = state([o("k", "Powerstone Shard"), o("k2", "Powerstone Shard"), o("s", "Sol Ring"),
                 o("k3", "Powerstone Shard", owner="bob")])
    assert pool(tap_for(checker, doc, "k", 1)) == "{C}{C}"
    # Nardole: "{T}: Add {U} for each counter on Nardole." (every kind, 122.1)
    doc = state([o("k", "Nardole, Resourceful Cyborg", counters={"+1/+1": 1, "shield": 2})])
    after = tap_for(checker, doc, "k", 1)  # (restricted to Doctors: kept in the pool as such, 106.6)
    assert restricted(after) == "{U}{U}{U}" and pool(after) == ""
    # Famous Museum: "{T}: Add {C}, plus an additional {C} for each art counter on Famous Museum."
    assert pool(tap_for(checker, state([o("k", "Famous Museum", counters={"art": 2})]), "k", 2)) \
        == "{C}{C}{C}"
    assert pool(tap_for(checker, state([o("k", "Famous Museum")]), "k", 2)) == "{C}"


def test_choose_a_color_and_x_or_x(results: dict[str, CardResult], checker: Checker) -> None:
    # Astral Cornucopia: "{T}: Choose a color. Add one mana of that color for each charge counter
    # on this artifact."
    doc = state([o("k", "Astral Cornucopia", counters={"charge": 2})])
    assert pool(tap_for(checker, doc, "k", 2, "U")) == "{U}{U}"
    assert mana(checker, state([o("k", "Astral Cornucopia")]), "k") == []
    # Brigid, Doun's Mind: "{T}: Add X {G} or X {W}, where X is the number of other creatures
    # you control." Only green or white (106.1a)
    brigid = o("k", "Brigid, Clachan's Heart // Brigid, Doun's Mind", face="Brigid, Doun's Mind")
    doc = state([brigid, o("b", "Grizzly Bears"), o("e", "Llanowar Elves")])
    assert mana(checker, doc, "k") == ["W", "G"]
    assert pool(tap_for(checker, doc, "k", 1, "W")) == "{W}{W}"


# --- the sacrificed permanent's mana value or power (118.3, 202.3) ----------------------------

def test_sacrificed_mana_value(results: dict[str, CardResult], checker: Checker) -> None:
    # Priest of Yawgmoth: "{T}, Sacrifice an artifact: Add an amount of {B} equal to the
    # sacrificed artifact's mana value." Sol Ring (mana value 1) goes: {B}
    assert abilities(results, "Priest of Yawgmoth")[0]["mana"] == {
        "for_each": {"mana": "{B}", "sacrificed": "mana_value"}}
    after = tap_for(checker, state([o("k", "Priest of Yawgmoth"), o("s", "Sol Ring")]), "k", 1)
    assert pool(after) == "{B}" and gy(after) == {"s"}
    # Ornithopter's mana value is 0: it may still be sacrificed (118.3), adding nothing
    doc = state([o("k", "Priest of Yawgmoth"), o("p", "Ornithopter")])
    assert why(checker, doc, activate("k", 1)).legal
    after = tap_for(checker, doc, "k", 1)
    assert pool(after) == "" and gy(after) == {"p"}
    # no artifact: the cost can't be paid (118.3)
    v = why(checker, state([o("k", "Priest of Yawgmoth")]), activate("k", 1))
    assert not v.legal and "118.3" in rules(v)
    # Illuminor Szeras: "Sacrifice another creature": Shivan Dragon's 6; Ravager of the Fells, a
    # transformed permanent, has its front face's mana value {2}{R}{G} (202.3b)
    after = tap_for(checker, state([o("k", "Illuminor Szeras"), o("s", "Shivan Dragon")]), "k", 1)
    assert pool(after) == "{B}" * 6 and gy(after) == {"s"}
    ravager = o("s", "Huntmaster of the Fells // Ravager of the Fells", face="Ravager of the Fells")
    assert pool(tap_for(checker, state([o("k", "Illuminor Szeras"), ravager]), "k", 1)) == "{B}" * 4


def test_sacrificed_power_pays_a_spell(results: dict[str, CardResult], checker: Checker) -> None:
    # Furgul: "{T}, Sacrifice a creature: Add an amount of {G} equal to the sacrificed creature's
    # power." Sacrificing Shivan Dragon (power 5) pays Giant Spider's {3}{G}; sacrificing Grizzly
    # Bears (2) or Furgul itself wouldn't
    doc = state([o("k", "Furgul, Quag Nurturer"), o("s", "Shivan Dragon"), o("b", "Grizzly Bears"),
                 o("g", "Giant Spider", zone="hand")])
    v = why(checker, doc, {"kind": "cast", "object": "g"})
    assert v.legal
    after = applied(checker, doc, {"kind": "cast", "object": "g"})
    assert gy(after) == {"s"} and obj(after, "g")["zone"] == "stack"
    no_dragon = state([o("k", "Furgul, Quag Nurturer"), o("b", "Grizzly Bears"),
                       o("g", "Giant Spider", zone="hand")])
    assert not why(checker, no_dragon, {"kind": "cast", "object": "g"}).legal


# --- spells adding mana for each thing counted (608.2h) ---------------------------------------

def test_spells_count_as_they_resolve(results: dict[str, CardResult], checker: Checker) -> None:
    mountains = [o(f"m{i}", "Mountain") for i in range(4)]
    # Battle Hymn: "Add {R} for each creature you control."
    doc = state([o("h", "Battle Hymn", zone="hand"), *mountains[:3], o("b", "Grizzly Bears"),
                 o("e", "Llanowar Elves"), o("x", "Grizzly Bears", owner="bob")])
    assert pool(resolve(checker, applied(checker, doc, {"kind": "cast", "object": "h"}))) == "{R}{R}"
    # Inner Fire: "Add {R} for each card in your hand." (itself is on the stack as it resolves)
    doc = state([o("h", "Inner Fire", zone="hand"), *mountains, o("b", "Grizzly Bears", zone="hand"),
                 o("e", "Llanowar Elves", zone="hand")])
    assert pool(resolve(checker, applied(checker, doc, {"kind": "cast", "object": "h"}))) == "{R}{R}"
    # Songs of the Damned: "Add {B} for each creature card in your graveyard."
    doc = state([o("h", "Songs of the Damned", zone="hand"), o("s", "Swamp"),
                 o("b", "Grizzly Bears", zone="graveyard"), o("e", "Llanowar Elves", zone="graveyard"),
                 o("l", "Lightning Bolt", zone="graveyard")])
    assert pool(resolve(checker, applied(checker, doc, {"kind": "cast", "object": "h"}))) == "{B}{B}"
    # Brightstone Ritual: "Add {R} for each Goblin on the battlefield." (anyone's)
    doc = state([o("h", "Brightstone Ritual", zone="hand"), o("m", "Mountain"),
                 o("g", "Raging Goblin"), o("g2", "Raging Goblin", owner="bob")])
    assert pool(resolve(checker, applied(checker, doc, {"kind": "cast", "object": "h"}))) == "{R}{R}"


# --- X mana in any combination of colors (107.3, 106.1a) --------------------------------------

def test_x_in_any_combination_of_colors(results: dict[str, CardResult], checker: Checker) -> None:
    # Selvala, Heart of the Wilds: "{G}, {T}: Add X mana in any combination of colors, where X is
    # the greatest power among creatures you control." Grizzly Bears with eight +1/+1 counters
    # (power 10): the Forest pays {G}, Selvala adds ten, enough for Shivan Dragon's {4}{R}{R};
    # with power 5 it is five, not enough
    assert abilities(results, "Selvala, Heart of the Wilds")[1]["mana"] == {"for_each": {
        "any_combination": True, "greatest": {"of": "power", "among": {"types": ["Creature"]}}}}
    base = [o("s", "Selvala, Heart of the Wilds"), o("f", "Forest"), o("x", "Shivan Dragon", zone="hand")]
    big = state([*base, o("b", "Grizzly Bears", counters={"+1/+1": 8})])
    assert why(checker, big, {"kind": "cast", "object": "x"}).legal
    small = state([*base, o("b", "Grizzly Bears", counters={"+1/+1": 3})])
    assert not why(checker, small, {"kind": "cast", "object": "x"}).legal
    # Axebane Guardian: "... where X is the number of creatures you control with defender": itself
    # and Wall of Stone: two mana, of any colors
    doc = state([o("a", "Axebane Guardian"), o("w", "Wall of Stone")])
    assert mana(checker, doc, "a") == ["W", "U", "B", "R", "G"]
    assert pool(tap_for(checker, doc, "a", 2, "U")).count("{") == 2
    # Prismatic Geoscope (domain, 305.6): a Forest, an Island and a Mountain: three mana
    doc = state([o("g", "Prismatic Geoscope"), o("f", "Forest"), o("i", "Island"), o("m", "Mountain"),
                 o("m2", "Mountain")])
    assert pool(tap_for(checker, doc, "g", 2, "U")).count("{") == 3


# --- cost parts: mill (701.17), exert (701.43) ------------------------------------------------

def test_mill_a_card(results: dict[str, CardResult], checker: Checker) -> None:
    # Millikin: "{T}, Mill a card: Add {C}." The top card of alice's library goes to her graveyard
    assert abilities(results, "Millikin")[0]["cost"] == {"tap": True, "mill": 1}
    lib = [o("l1", "Grizzly Bears", zone="library"),
           o("l2", "Forest", zone="library")]
    doc = state([o("m", "Millikin"), *lib])
    after = tap_for(checker, doc, "m", 1)
    assert pool(after) == "{C}" and obj(after, "l1")["zone"] == "graveyard"
    assert obj(after, "l2")["zone"] == "library"
    # an empty library: the cost can't be paid (701.17b, 118.3), so Millikin can't help pay either
    v = why(checker, state([o("m", "Millikin")]), activate("m", 1))
    assert not v.legal and "701.17" in rules(v)
    assert not why(checker, state([o("m", "Millikin"), o("o", "Ornithopter", zone="hand"),
                                   o("s", "Sol Ring", zone="hand")]),
                   {"kind": "cast", "object": "s"}).legal
    assert why(checker, state([o("m", "Millikin"), *lib, o("s", "Sol Ring", zone="hand")]),
               {"kind": "cast", "object": "s"}).legal
    # a library given only by its size (hidden cards): one card is enough to pay
    doc = state([o("m", "Millikin")], players=[{"name": "alice", "library_size": 1}, {"name": "bob"}])
    assert why(checker, doc, activate("m", 1)).legal
    # Manakin and Millikin: "{T}, Mill a card: Add {C}{C}." with Deranged Assistant: two cards
    # milled for two costs; with one card in the library only one of them can be paid (701.17b)
    two = state([o("a", "Manakin and Millikin"), o("d", "Deranged Assistant"),
                 o("x", "Shivan Dragon", zone="hand"), o("f", "Mountain"), o("g", "Mountain"),
                 o("h", "Forest"), *lib])
    assert why(checker, two, {"kind": "cast", "object": "x"}).legal  # {C}{C} + {C} + three lands
    one = state([o("a", "Manakin and Millikin"), o("d", "Deranged Assistant"),
                 o("x", "Shivan Dragon", zone="hand"), o("f", "Mountain"), o("g", "Mountain"),
                 o("h", "Forest"), lib[0]])
    assert not why(checker, one, {"kind": "cast", "object": "x"}).legal


def test_exert(results: dict[str, CardResult], checker: Checker) -> None:
    # Oasis Ritualist: "{T}, Exert this creature: Add two mana of any one color." It won't untap
    # during alice's next untap step (701.43a: the skip_untap field); the plain {T} ability doesn't
    # exert it
    assert abilities(results, "Oasis Ritualist")[1]["cost"] == {"tap": True, "exert": True}
    after = tap_for(checker, state([o("r", "Oasis Ritualist")]), "r", 2, "G")
    assert pool(after) == "{G}{G}" and obj(after, "r")["tapped"] is True
    assert obj(after, "r").get("skip_untap") is True
    after = tap_for(checker, state([o("r", "Oasis Ritualist")]), "r", 1, "G")
    assert pool(after) == "{G}" and not obj(after, "r").get("skip_untap")


def test_two_mana_of_the_chosen_color(results: dict[str, CardResult], checker: Checker) -> None:
    # Sunken Citadel: "{T}: Add two mana of the chosen color. Spend this mana only to activate
    # abilities of land sources." (chosen blue as it entered)
    assert abilities(results, "Sunken Citadel")[2]["mana"] == {
        "chosen_color": 2, "spend_only": [{"ability": {"of_types": ["Land"]}}]}
    citadel = o("c", "Sunken Citadel", chosen_color="U")
    # (its restricted mana keeps its restriction in the pool, 106.6: a restricted_mana entry)
    assert restricted(tap_for(checker, state([citadel]), "c", 3)) == "{U}{U}"
    assert pool(tap_for(checker, state([citadel]), "c", 2)) == "{U}"  # its unrestricted ability
    # its two mana pay Nykthos's {2} (an ability of a land, 106.6), not Sol Ring's {1} (a spell)
    nyk = o("n", "Nykthos, Shrine to Nyx")
    assert why(checker, state([citadel, nyk, o("s", "Shivan Dragon")]), activate("n", 2)).legal
    v = why(checker, state([citadel, o("s", "Sol Ring", zone="hand")]), {"kind": "cast", "object": "s"})
    assert v.legal  # its first ability's one blue mana pays {1}
    v = why(checker, state([{**citadel, "tapped": False}, o("x", "Shivan Dragon", zone="hand"),
                            o("m", "Mountain"), o("m2", "Mountain"), o("m3", "Mountain")]),
            {"kind": "cast", "object": "x"})
    assert not v.legal  # three Mountains and one {U}: five of six; the {U}{U} can't be spent on it
    # no color chosen: it adds nothing (106.5)
    assert mana(checker, state([o("c", "Sunken Citadel")]), "c") == []


def test_tap_an_untapped_blue_creature_or_nontoken_artifact(results: dict[str, CardResult],
                                                           checker: Checker) -> None:
    # Grand Architect: "Tap an untapped blue creature you control: Add {C}{C}. Spend this mana only
    # to cast artifact spells or activate abilities of artifacts." Merfolk Looter is blue (its
    # {1}{U}, 105.2), Grizzly Bears isn't; Grand Architect itself is blue (no {T} of its own, so it
    # may tap itself, summoning sick or not: 302.6 is about {T} abilities)
    assert abilities(results, "Grand Architect")[2]["cost"] == {
        "tap_untapped": {"type": "Creature", "colors": ["U"], "count": 1}}
    arch = o("g", "Grand Architect", controlled_since_turn=5)
    after = tap_for(checker, state([arch, o("l", "Merfolk Looter")]), "g", 3)
    assert restricted(after) == "{C}{C}"  # (106.6: kept restricted in the pool)
    assert obj(after, "l").get("tapped") or obj(after, "g").get("tapped")
    doc = state([{**arch, "tapped": True}, o("b", "Grizzly Bears")])
    v = why(checker, doc, activate("g", 3))
    assert not v.legal and "118.3" in rules(v)
    # its mana pays an artifact spell (Sol Ring's {1}), not Grizzly Bears (106.6)
    doc = state([arch, o("l", "Merfolk Looter"), o("s", "Sol Ring", zone="hand")])
    assert why(checker, doc, {"kind": "cast", "object": "s"}).legal
    doc = state([arch, o("l", "Merfolk Looter"), o("b", "Grizzly Bears", zone="hand")])
    assert not why(checker, doc, {"kind": "cast", "object": "b"}).legal
    # Meria: "Tap an untapped nontoken artifact you control: Add {G}." A Sol Ring token won't do
    # (111.1)
    meria = o("m", "Meria, Scholar of Antiquity")
    assert abilities(results, "Meria, Scholar of Antiquity")[0]["cost"] == {
        "tap_untapped": {"type": "Artifact", "nontoken": True, "count": 1}}
    assert pool(tap_for(checker, state([meria, o("s", "Sol Ring")]), "m", 1)) == "{G}"
    v = why(checker, state([meria, o("s", "Sol Ring", token=True)]), activate("m", 1))
    assert not v.legal and "118.3" in rules(v)


def test_creatures_of_the_chosen_type(results: dict[str, CardResult], checker: Checker) -> None:
    # Three Tree City: "{2}, {T}: Choose a color. Add an amount of mana of that color equal to the
    # number of creatures you control of the chosen type." (Elf chosen as it entered, 614.12)
    assert abilities(results, "Three Tree City")[2]["mana"] == {"for_each": {
        "any_one_color": True, "you_control": {"types": ["Creature"], "chosen_type": True}}}
    city = o("t", "Three Tree City", chosen_type="Elf")
    elves = [o("e", "Llanowar Elves"), o("m", "Elvish Mystic"), o("b", "Grizzly Bears"),
             o("x", "Llanowar Elves", owner="bob"), o("f", "Forest"), o("f2", "Forest")]
    assert pool(tap_for(checker, state([city, *elves]), "t", 3, "B")) == "{B}{B}"
    # no type chosen: nothing counts (106.5: no mana)
    doc = state([o("t", "Three Tree City"), *elves])
    assert why(checker, doc, activate("t", 3)).legal
    assert pool(tap_for(checker, doc, "t", 3)) == ""


def test_x_counters_removed_plus_one(results: dict[str, CardResult], checker: Checker) -> None:
    # Kyren Toy: "{T}, Remove X charge counters from this artifact: Add an amount of {C} equal to
    # X plus one." With two counters: up to {C}{C}{C}; with none, {C}
    assert abilities(results, "Kyren Toy")[1]["mana"] == {"for_each": {
        "mana": "{C}", "counters_removed": "charge", "plus": 1}}
    after = tap_for(checker, state([o("k", "Kyren Toy", counters={"charge": 2})]), "k", 2)
    assert pool(after) == "{C}{C}{C}" and not obj(after, "k").get("counters", {}).get("charge")
    assert pool(tap_for(checker, state([o("k", "Kyren Toy")]), "k", 2)) == "{C}"


def test_rite_of_flame(results: dict[str, CardResult], checker: Checker) -> None:
    # Rite of Flame: "Add {R}{R}, then add {R} for each card named Rite of Flame in each graveyard."
    # One in alice's graveyard, one in bob's, a Lightning Bolt: {R}{R} and two more
    assert abilities(results, "Rite of Flame")[0]["effect"]["produce"] == {"for_each": {
        "mana": "{R}", "in_graveyard": {"named_self": True, "anyone": True}, "plus": 2}}
    doc = state([o("r", "Rite of Flame", zone="hand"), o("m", "Mountain"),
                 o("g1", "Rite of Flame", zone="graveyard"), o("g2", "Rite of Flame", zone="graveyard", owner="bob"),
                 o("b", "Lightning Bolt", zone="graveyard")])
    assert pool(resolve(checker, applied(checker, doc, {"kind": "cast", "object": "r"}))) == "{R}" * 4
    doc = state([o("r", "Rite of Flame", zone="hand"), o("m", "Mountain")])
    assert pool(resolve(checker, applied(checker, doc, {"kind": "cast", "object": "r"}))) == "{R}{R}"


def test_exile_a_creature_you_control(results: dict[str, CardResult], checker: Checker) -> None:
    # Food Chain: "Exile a creature you control: Add X mana of any one color, where X is 1 plus the
    # exiled creature's mana value. Spend this mana only to cast creature spells."
    assert abilities(results, "Food Chain")[0] == {
        "kind": "activated", "cost": {"exile_permanent": {"type": "Creature"}},
        "mana": {"for_each": {"any_one_color": True, "sacrificed": "mana_value", "plus": 1},
                 "spend_only": [{"spell": {"types": ["Creature"]}}]}}
    chain = o("c", "Food Chain")
    after = tap_for(checker, state([chain, o("s", "Shivan Dragon")]), "c", 1, "W")
    assert restricted(after) == "{W}" * 7 and obj(after, "s")["zone"] == "exile"  # (106.6: kept restricted)
    # Grizzly Bears (mana value 2) pays three: not Serra Angel's {3}{W}{W}; Shivan Dragon pays it;
    # no creature spell: not Sol Ring (106.6)
    angel = o("a", "Serra Angel", zone="hand")
    assert not why(checker, state([chain, o("b", "Grizzly Bears"), angel]),
                   {"kind": "cast", "object": "a"}).legal
    doc = state([chain, o("s", "Shivan Dragon"), angel])
    assert why(checker, doc, {"kind": "cast", "object": "a"}).legal
    after = applied(checker, doc, {"kind": "cast", "object": "a"})
    assert obj(after, "s")["zone"] == "exile" and obj(after, "a")["zone"] == "stack"
    assert not why(checker, state([chain, o("s", "Shivan Dragon"), o("r", "Sol Ring", zone="hand")]),
                   {"kind": "cast", "object": "r"}).legal
    # no creature: the cost can't be paid (118.3)
    v = why(checker, state([chain]), activate("c", 1))
    assert not v.legal and "118.3" in rules(v)
    # City of Shadows' "{T}, Exile a creature you control: Put a storage counter on this land." is
    # not a mana ability: that cost isn't in the card format there, and the card is refused
    assert not results["City of Shadows"].imported


def test_exile_a_card_from_your_hand(results: dict[str, CardResult], checker: Checker) -> None:
    # Cadaverous Bloom: "Exile a card from your hand: Add {B}{B} or {G}{G}." Each activation exiles
    # one card (118.3, 406.1: not a discard); two other cards in hand pay Giant Spider's {3}{G}
    # ({G}{G} twice, 605.3c)
    assert abilities(results, "Cadaverous Bloom")[0]["cost"] == {"exile_from_hand": {"count": 1}}
    bloom = o("c", "Cadaverous Bloom")
    after = tap_for(checker, state([bloom, o("b", "Grizzly Bears", zone="hand")]), "c", 1, "G")
    assert pool(after) == "{G}{G}" and obj(after, "b")["zone"] == "exile"
    v = why(checker, state([bloom]), activate("c", 1))
    assert not v.legal and "118.3" in rules(v)
    spider = o("s", "Giant Spider", zone="hand")
    doc = state([bloom, spider, o("b", "Grizzly Bears", zone="hand"), o("l", "Lightning Bolt", zone="hand")])
    assert why(checker, doc, {"kind": "cast", "object": "s"}).legal
    after = applied(checker, doc, {"kind": "cast", "object": "s"})
    assert obj(after, "b")["zone"] == "exile" and obj(after, "l")["zone"] == "exile"
    # one other card in hand (the spider itself is on the stack, 601.2a): two mana, not enough
    doc = state([bloom, spider, o("b", "Grizzly Bears", zone="hand")])
    assert not why(checker, doc, {"kind": "cast", "object": "s"}).legal
