"""Real cards through the Oracle importer (issue 11, coverage, fourth round): each template added
for the lands and mana producers still refused, tested on a real card's Oracle text (the fixture
tests/fixtures/real_cards_mana_producer_conditions_and_costs.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json) with the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import (
    abilities,
    activate,
    applied,
    mana,
    module_fixtures,
    obj,
    rules,
    state,
    why,
)

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_mana_producer_conditions_and_costs.json"


results, checker = module_fixtures(FIXTURE)


# --- colors of permanents (105.2, 202.2, 204) -------------------------------------------------

def test_two_or_more_green_permanents(results: dict[str, CardResult], checker: Checker) -> None:
    # Sapseep Forest: "{G}, {T}: You gain 1 life. Activate only if you control two or more green
    # permanents." (602.5b): a permanent's colors are its mana cost's (202.2)
    a = abilities(results, "Sapseep Forest")[2]
    assert a["condition"] == {"you_control": {"colors": ["G"], "min": 2}}
    land = {"id": "s", "card": "Sapseep Forest"}
    forest = {"id": "f", "card": "Forest"}
    elves = {"id": "e", "card": "Llanowar Elves"}
    bears = {"id": "b", "card": "Grizzly Bears"}
    assert why(checker, state([land, forest, elves, bears]), activate("s", 3)).legal
    v = why(checker, state([land, forest, elves]), activate("s", 3))
    assert not v.legal and "602.5b" in rules(v)
    # a Forest is colorless (no mana cost, no color indicator); Dryad Arbor is green (its color
    # indicator, 204: the importer takes a cost-less face's colors from its color identity)
    assert results["Dryad Arbor"].card["faces"][0]["colors"] == ["G"]
    arbor = {"id": "d", "card": "Dryad Arbor"}
    assert why(checker, state([land, forest, elves, arbor]), activate("s", 3)).legal
    assert not why(checker, state([land, forest, {**elves, "owner": "bob"}, bears]),
                   activate("s", 3)).legal
    # Shivan Dragon is red, not green
    assert not why(checker, state([land, forest, elves, {"id": "x", "card": "Shivan Dragon"}]),
                   activate("s", 3)).legal
    # Delver's back face is blue by its color indicator
    assert results["Delver of Secrets // Insectile Aberration"].card["faces"][1]["colors"] == ["U"]


def test_enters_tapped_unless_a_colored_permanent(results: dict[str, CardResult],
                                                 checker: Checker) -> None:
    # Taiga Stadium: "... enters tapped unless you control a white, blue, or black permanent."
    assert abilities(results, "Taiga Stadium")[0]["unless"] == {
        "you_control": {"colors": ["W", "U", "B"], "other": True, "min": 1}}
    stadium = {"id": "t", "card": "Taiga Stadium", "zone": "hand"}
    play = {"kind": "play_land", "object": "t"}
    assert obj(applied(checker, state([stadium]), play), "t").get("tapped") is True
    angel = {"id": "a", "card": "Serra Angel"}
    assert not obj(applied(checker, state([stadium, angel]), play), "t").get("tapped")
    dragon = {"id": "a", "card": "Shivan Dragon"}
    assert obj(applied(checker, state([stadium, dragon]), play), "t").get("tapped") is True
    # Argoth: "... unless you control a legendary green creature": Ayula, not Llanowar Elves
    # (green, not legendary) nor Isamaru (legendary, white)
    argoth = {"id": "t", "card": "Argoth, Sanctum of Nature", "zone": "hand"}
    assert abilities(results, "Argoth, Sanctum of Nature // Titania, Gaea Incarnate")[0][
        "unless"] == {"you_control": {"colors": ["G"], "types": ["Creature"],
                                      "supertypes": ["Legendary"], "other": True, "min": 1}}
    azusa = {"id": "z", "card": "Ayula, Queen Among Bears"}
    assert not obj(applied(checker, state([argoth, azusa]), play), "t").get("tapped")
    for other in ("Llanowar Elves", "Isamaru, Hound of Konda"):
        after = applied(checker, state([argoth, {"id": "z", "card": other}]), play)
        assert obj(after, "t").get("tapped") is True


def test_a_creature_with_toughness_four(results: dict[str, CardResult], checker: Checker) -> None:
    # Baxter Building: "{4}, {T}: Draw a card. Activate only if you control a creature with
    # toughness 4 or greater." (toughness now, 613.4)
    a = abilities(results, "Baxter Building")[2]
    assert a["condition"] == {"you_control": {"types": ["Creature"], "min_toughness": 4, "min": 1}}
    objs = [{"id": "bb", "card": "Baxter Building"}] + [
        {"id": f"p{i}", "card": "Plains"} for i in range(4)]
    assert why(checker, state([*objs, {"id": "w", "card": "Wall of Stone"}]), activate("bb", 3)).legal
    v = why(checker, state([*objs, {"id": "w", "card": "Grizzly Bears"}]), activate("bb", 3))
    assert not v.legal and "602.5b" in rules(v)
    bears = {"id": "w", "card": "Grizzly Bears", "counters": {"+1/+1": 2}}
    assert why(checker, state([*objs, bears]), activate("bb", 3)).legal


# --- entered this turn, timings, hands ---------------------------------------------------------

def test_mirrex_only_the_turn_it_entered(results: dict[str, CardResult], checker: Checker) -> None:
    # Mirrex: "{T}: Add one mana of any color. Activate only if this land entered this turn."
    assert abilities(results, "Mirrex")[1]["condition"] == {"entered_this_turn": True}
    mirrex = {"id": "m", "card": "Mirrex"}
    v = why(checker, state([mirrex]), activate("m", 2))
    assert not v.legal and "602.5b" in rules(v)
    assert why(checker, state([{**mirrex, "entered_turn": 5, "controlled_since_turn": 5}]), activate("m", 2)).legal
    v = why(checker, state([{**mirrex, "entered_turn": 4, "controlled_since_turn": 4}]), activate("m", 2))
    assert not v.legal and "602.5b" in rules(v)
    # the payment search uses it only when its restriction is met (605.3a): a green spell
    bears = {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}
    forest = {"id": "f", "card": "Plains"}
    cast = {"kind": "cast", "object": "gb"}
    assert not why(checker, state([mirrex, forest, bears]), cast).legal
    assert why(checker, state([{**mirrex, "entered_turn": 5, "controlled_since_turn": 5}, forest, bears]), cast).legal
    # apply records the turn it enters; the next turn it no longer counts
    after = applied(checker, state([{**mirrex, "zone": "hand"}]), {"kind": "play_land",
                                                                     "object": "m"})
    assert obj(after, "m")["entered_turn"] == 5
    assert why(checker, after, activate("m", 2)).legal
    after["turn"] = 6
    assert not why(checker, after, activate("m", 2)).legal


def test_gleaming_bastion_entered_or_a_basic_land(results: dict[str, CardResult],
                                                  checker: Checker) -> None:
    # "{T}: Add {W} or {U}. Activate only if this land entered this turn or if you control a
    # basic land." (either one)
    assert abilities(results, "Gleaming Bastion")[1]["condition"] == {
        "entered_this_turn": True,
        "you_control": {"types": ["Land"], "supertypes": ["Basic"], "min": 1}}
    bastion = {"id": "g", "card": "Gleaming Bastion"}
    v = why(checker, state([bastion]), activate("g", 2))
    assert not v.legal and "602.5b" in rules(v)
    assert why(checker, state([{**bastion, "entered_turn": 5, "controlled_since_turn": 5}]), activate("g", 2)).legal
    assert why(checker, state([bastion, {"id": "i", "card": "Island", "tapped": True}]),
               activate("g", 2)).legal
    # a nonbasic land doesn't count
    assert not why(checker, state([bastion, {"id": "i", "card": "Mirrex"}]), activate("g", 2)).legal


def test_end_of_combat_and_not_your_turn(results: dict[str, CardResult], checker: Checker) -> None:
    # Desert: "Activate only during the end of combat step." (511.1)
    assert abilities(results, "Desert")[1]["timing"] == "end_of_combat"
    desert = {"id": "d", "card": "Desert"}
    act = {**activate("d", 2), "targets": ["b"]}
    bears = {"id": "b", "card": "Grizzly Bears", "owner": "bob"}
    v = why(checker, state([desert, bears]), act)
    assert not v.legal and "602.5b" in rules(v)
    assert "602.5b" not in rules(why(checker, state([desert, bears], step="end_of_combat"), act))
    # Ghost Town: "{0}: Return this land to its owner's hand. Activate only if it's not your turn."
    assert abilities(results, "Ghost Town")[1]["timing"] == "not_your_turn"
    town = {"id": "t", "card": "Ghost Town"}
    v = why(checker, state([town]), activate("t", 2))
    assert not v.legal and "602.5b" in rules(v)
    assert why(checker, state([town], active_player="bob", priority="alice"), activate("t", 2)).legal


def test_a_player_with_one_or_fewer_cards(results: dict[str, CardResult], checker: Checker) -> None:
    # Temple of the Dead: "{2}{B}, {T}: Transform this land. Activate only if a player has one or
    # fewer cards in hand and only as a sorcery."
    a = abilities(results, "Aclazotz, Deepest Betrayal // Temple of the Dead", 1)[1]
    assert a["condition"] == {"a_player_hand_at_most": 1} and a["timing"] == "sorcery"
    temple = {"id": "t", "card": "Aclazotz, Deepest Betrayal // Temple of the Dead",
              "face": "Temple of the Dead"}
    swamps = [{"id": f"s{i}", "card": "Swamp"} for i in range(3)]
    hand = [{"id": f"h{i}", "card": "Forest", "zone": "hand"} for i in range(2)]
    theirs = [{"id": f"k{i}", "card": "Forest", "zone": "hand", "owner": "bob"} for i in range(2)]
    v = why(checker, state([temple, *swamps, *hand, *theirs]), activate("t", 2))
    assert not v.legal and "602.5b" in rules(v)
    assert why(checker, state([temple, *swamps, *hand, *theirs[:1]]), activate("t", 2)).legal


# --- a commander's color identity (903.4) ------------------------------------------------------

def test_command_tower_needs_a_commander(results: dict[str, CardResult], checker: Checker) -> None:
    # "{T}: Add one mana of any color in your commander's color identity."
    assert abilities(results, "Command Tower")[0]["mana"] == {"commander_identity": 1}
    assert abilities(results, "Arcane Signet")[0]["mana"] == {"commander_identity": 1}
    tower = {"id": "t", "card": "Command Tower"}

    def with_commanders(*names: str) -> dict[str, Any]:
        doc = state([tower, {"id": "bb", "card": "Grizzly Bears", "zone": "hand"}])
        if names:
            doc["players"][0]["commanders"] = list(names)
        return doc
    # 903.4f: no commander, no color identity: the ability produces no mana (106.5)
    assert mana(checker, with_commanders(), "t") == []
    assert mana(checker, with_commanders("Ayula, Queen Among Bears"), "t") == ["G"]
    # two commanders: their combined identity; a hybrid symbol gives both colors
    assert mana(checker, with_commanders("Ayula, Queen Among Bears", "Isamaru, Hound of Konda"),
                "t") == ["W", "G"]
    assert mana(checker, with_commanders("Kitchen Finks"), "t") == ["W", "G"]
    # a colorless commander: no color to choose
    assert mana(checker, with_commanders("Ornithopter"), "t") == []
    # the opponent's commander doesn't count
    doc = with_commanders()
    doc["players"][1]["commanders"] = ["Ayula, Queen Among Bears"]
    assert mana(checker, doc, "t") == []
    # the payment search uses it: Grizzly Bears ({1}{G}) with a Forest and the Tower
    cast = {"kind": "cast", "object": "bb"}
    plains = {"id": "p", "card": "Plains"}
    doc = with_commanders("Isamaru, Hound of Konda")
    doc["objects"].append({**plains, "owner": "alice", "zone": "battlefield"})
    assert not why(checker, doc, cast).legal
    doc["players"][0]["commanders"] = ["Ayula, Queen Among Bears"]
    assert why(checker, doc, cast).legal
    # an unknown commander name is bad input naming the field
    from mtgasp.errors import InputError
    bad = with_commanders("Ayula, Queen Among Beers")
    with pytest.raises(InputError, match=r"players\[0\]\.commanders\[0\]"):
        parse_state(bad, checker.library)


# --- costs: several sacrifices, a token, returning the source ----------------------------------

def test_sacrifice_two_artifacts(results: dict[str, CardResult], checker: Checker) -> None:
    # The Gold Saucer: "{3}, {T}, Sacrifice two artifacts: Draw a card." (118.3)
    a = abilities(results, "The Gold Saucer")[2]
    assert a["cost"] == {"mana": "{3}", "tap": True, "sacrifice": {"type": "Artifact", "count": 2}}
    saucer = {"id": "g", "card": "The Gold Saucer"}
    lands = [{"id": f"p{i}", "card": "Plains"} for i in range(3)]
    arts = [{"id": "a1", "card": "Ornithopter"}, {"id": "a2", "card": "Sol Ring"}]
    after = applied(checker, state([saucer, *lands, *arts]), activate("g", 3))
    assert {obj(after, "a1")["zone"], obj(after, "a2")["zone"]} == {"graveyard"}
    v = why(checker, state([saucer, *lands, arts[0]]), activate("g", 3))
    assert not v.legal and "118.3" in rules(v)
    # Westvale Abbey: "Sacrifice five creatures"
    a = abilities(results, "Westvale Abbey // Ormendahl, Profane Prince")[2]
    assert a["cost"]["sacrifice"] == {"type": "Creature", "count": 5}


def test_sacrifice_a_token(results: dict[str, CardResult], checker: Checker) -> None:
    # Fountainport: "{2}, {T}, Sacrifice a token: Draw a card." (111.1: a token, any type)
    assert abilities(results, "Fountainport")[1]["cost"] == {"mana": "{2}", "tap": True,
                                                             "sacrifice": {"token": True}}
    port = {"id": "f", "card": "Fountainport"}
    lands = [{"id": f"p{i}", "card": "Plains"} for i in range(2)]
    fish = {"id": "t", "card": "Fish Token", "token": True}
    after = applied(checker, state([port, *lands, fish]), activate("f", 2))
    assert all(o["id"] != "t" or o["zone"] != "battlefield" for o in after["objects"])
    # a nontoken creature doesn't pay it
    v = why(checker, state([port, *lands, {"id": "o", "card": "Ornithopter"}]), activate("f", 2))
    assert not v.legal and "118.3" in rules(v)


def test_return_the_source_to_its_owners_hand(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    # Maze's End: "{3}, {T}, Return this land to its owner's hand: ..." (118.3)
    assert abilities(results, "Maze's End")[2]["cost"] == {"mana": "{3}", "tap": True,
                                                           "return_to_hand": "self"}
    maze = {"id": "m", "card": "Maze's End"}
    lands = [{"id": f"p{i}", "card": "Plains"} for i in range(3)]
    after = applied(checker, state([maze, *lands]), activate("m", 3))
    assert obj(after, "m")["zone"] == "hand" and "tapped" not in obj(after, "m")
    # Magosi: "{T}, Remove an eon counter from this land and return it to its owner's hand: Take
    # an extra turn after this one." ("it" is the land the part before named)
    a = abilities(results, "Magosi, the Waterveil")[3]
    assert a["cost"] == {"tap": True, "remove_counters": {"eon": 1}, "return_to_hand": "self"}
    magosi = {"id": "g", "card": "Magosi, the Waterveil"}
    v = why(checker, state([magosi]), activate("g", 4))
    assert not v.legal and "118.3" in rules(v)
    after = applied(checker, state([{**magosi, "counters": {"eon": 1}}]), activate("g", 4))
    assert obj(after, "g")["zone"] == "hand" and "counters" not in obj(after, "g")
    # Hellion Crucible: "... Remove two pressure counters from this land and sacrifice it: ..."
    a = abilities(results, "Hellion Crucible")[2]
    assert a["cost"] == {"mana": "{1}{R}", "tap": True, "remove_counters": {"pressure": 2},
                         "sacrifice": "self"}


# --- abilities of a card in a hand (113.6k) and activation cost reductions (601.2f) ------------

def test_spirit_guide_pays_from_the_hand(results: dict[str, CardResult], checker: Checker) -> None:
    # Simian Spirit Guide: "Exile this card from your hand: Add {R}." (a mana ability, 605.1a,
    # of a card in a hand: its cost moves it out of the hand, 113.6k)
    a = abilities(results, "Simian Spirit Guide")[0]
    assert a == {"kind": "activated", "cost": {"exile": "self"}, "zone": "hand",
                 "mana": {"fixed": "{R}"}}
    guide = {"id": "g", "card": "Simian Spirit Guide", "zone": "hand"}
    bolt = {"id": "b", "card": "Lightning Bolt", "zone": "hand"}
    target = {"id": "x", "card": "Grizzly Bears", "owner": "bob"}
    cast = {"kind": "cast", "object": "b", "targets": ["x"]}
    assert why(checker, state([guide, bolt, target]), cast).legal
    after = applied(checker, state([guide, bolt, target]), cast)
    assert obj(after, "g")["zone"] == "exile" and obj(after, "b")["zone"] == "stack"
    # activated as the action: {R} in the pool, the card exiled
    after = applied(checker, state([guide]), activate("g", 1))
    assert obj(after, "g")["zone"] == "exile" and after["players"][0]["mana_pool"] == "{R}"
    # not on the battlefield (113.6k), nor from an opponent's hand, nor for casting itself
    v = why(checker, state([{**guide, "zone": "battlefield"}]), activate("g", 1))
    assert not v.legal and "113.6k" in rules(v)
    goblin = {"id": "r", "card": "Raging Goblin", "zone": "hand"}
    assert why(checker, state([guide, goblin]), {"kind": "cast", "object": "r"}).legal
    assert not why(checker, state([{**guide, "owner": "bob"}, goblin]),
                   {"kind": "cast", "object": "r"}).legal
    spell = {"kind": "cast", "object": "g"}
    assert not why(checker, state([guide]), spell).legal
    # the candidate moves offer it from the hand
    st = parse_state(state([guide]), checker.library)
    assert any(m.action.kind == "activate" and m.action.object == "g"
               for m in checker.moves(st, "alice"))


def test_channel_from_the_hand_costs_less(results: dict[str, CardResult],
                                          checker: Checker) -> None:
    # Boseiju, Who Endures: "Channel — {1}{G}, Discard this card: ... This ability costs {1} less
    # to activate for each legendary creature you control."
    a = abilities(results, "Boseiju, Who Endures")[1]
    assert a["zone"] == "hand" and a["cost"] == {"mana": "{1}{G}", "discard": "self"}
    assert a["cost_reduction"] == {"generic": 1, "for_each": {"types": ["Creature"],
                                                              "supertypes": ["Legendary"]}}
    boseiju = {"id": "b", "card": "Boseiju, Who Endures", "zone": "hand"}
    forest = {"id": "f", "card": "Forest"}
    target = {"id": "x", "card": "Sol Ring", "owner": "bob"}
    act = {**activate("b", 2), "targets": ["x"]}
    v = why(checker, state([boseiju, forest, target]), act)
    assert not v.legal  # {1}{G} with one Forest
    ayula = {"id": "z", "card": "Ayula, Queen Among Bears"}
    assert why(checker, state([boseiju, forest, target, ayula]), act).legal
    after = applied(checker, state([boseiju, forest, target, ayula]), act)
    assert obj(after, "b")["zone"] == "graveyard" and obj(after, "f").get("tapped") is True
    # a reduction never reduces the colored part: with two legendary creatures, still {G}
    isamaru = {"id": "i", "card": "Isamaru, Hound of Konda"}
    assert not why(checker, state([boseiju, target, ayula, isamaru]), act).legal
    # on the battlefield, its channel ability can't be activated (113.6k)
    v = why(checker, state([{**boseiju, "zone": "battlefield"}, forest, target, ayula]), act)
    assert not v.legal and "113.6k" in rules(v)


def test_voldaren_estate_costs_one_less_per_vampire(results: dict[str, CardResult],
                                                    checker: Checker) -> None:
    # "{5}, {T}: Create a Blood token. This ability costs {1} less to activate for each Vampire
    # you control."
    a = abilities(results, "Voldaren Estate")[2]
    assert a["cost_reduction"] == {"generic": 1, "for_each": {"subtypes": ["Vampire"]}}
    estate = {"id": "e", "card": "Voldaren Estate"}
    lands = [{"id": f"p{i}", "card": "Plains"} for i in range(3)]
    bats = [{"id": f"v{i}", "card": "Vampire Nighthawk"} for i in range(2)]
    assert not why(checker, state([estate, *lands]), activate("e", 3)).legal
    assert why(checker, state([estate, *lands, *bats]), activate("e", 3)).legal
    assert not why(checker, state([estate, *lands[:2], *bats]), activate("e", 3)).legal


# --- a color among permanents you control; any number of permanents ----------------------------

def test_a_color_among_permanents_you_control(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    # Plaza of Heroes: "{T}: Add one mana of any color among legendary permanents you control."
    assert abilities(results, "Plaza of Heroes")[2]["mana"] == {
        "color_among": {"supertypes": ["Legendary"]}}
    plaza = {"id": "p", "card": "Plaza of Heroes"}
    ayula = {"id": "z", "card": "Ayula, Queen Among Bears"}
    isamaru = {"id": "i", "card": "Isamaru, Hound of Konda"}
    bears = {"id": "b", "card": "Grizzly Bears"}
    # (the second ability adds any color, for legendary spells only)
    st = parse_state(state([plaza, ayula, isamaru, bears]), checker.library)
    assert checker.mana(st, "p") == ["W", "U", "B", "R", "G", "C"]
    # Meteor Crater: "{T}: Choose a color of a permanent you control. Add one mana of that color."
    assert abilities(results, "Meteor Crater")[0]["mana"] == {"color_among": {}}
    crater = {"id": "m", "card": "Meteor Crater"}
    assert mana(checker, state([crater]), "m") == []  # lands are colorless: no color (106.5)
    assert mana(checker, state([crater, bears, {"id": "d", "card": "Shivan Dragon"}]),
                "m") == ["R", "G"]
    assert mana(checker, state([crater, {**bears, "owner": "bob"}]), "m") == []
    # legendary permanents only: Plaza of Heroes can't pay Raging Goblin's {R} with a green legend
    # and a nonlegendary red creature (its second ability's mana is for legendary spells only)
    goblin = {"id": "r", "card": "Raging Goblin", "zone": "hand"}
    cast = {"kind": "cast", "object": "r"}
    dragon = {"id": "d", "card": "Shivan Dragon"}
    assert not why(checker, state([plaza, ayula, dragon, goblin]), cast).legal
    assert why(checker, state([crater, {"id": "d", "card": "Shivan Dragon"}, goblin]), cast).legal
    assert not why(checker, state([crater, bears, goblin]), cast).legal


def test_ten_or_more_permanents(results: dict[str, CardResult], checker: Checker) -> None:
    # Temple of Cultivation: "{2}{G}, {T}: Transform this land. Activate only if you control ten
    # or more permanents and only as a sorcery."
    a = abilities(results, "Ojer Kaslem, Deepest Growth // Temple of Cultivation", 1)[1]
    assert a["condition"] == {"you_control": {"min": 10}} and a["timing"] == "sorcery"
    temple = {"id": "t", "card": "Ojer Kaslem, Deepest Growth // Temple of Cultivation",
              "face": "Temple of Cultivation"}
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(8)]
    bears = {"id": "b", "card": "Grizzly Bears"}
    assert why(checker, state([temple, *forests, bears]), activate("t", 2)).legal
    v = why(checker, state([temple, *forests]), activate("t", 2))
    assert not v.legal and "602.5b" in rules(v)


def test_jack_o_lantern_pays_from_the_graveyard(results: dict[str, CardResult],
                                                checker: Checker) -> None:
    # Jack-o'-Lantern: "{1}, Exile this card from your graveyard: Add one mana of any color."
    # (113.6k: it functions in the graveyard)
    a = abilities(results, "Jack-o'-Lantern")[1]
    assert a["zone"] == "graveyard" and a["cost"] == {"mana": "{1}", "exile": "self"}
    jack = {"id": "j", "card": "Jack-o'-Lantern", "zone": "graveyard"}
    plains = {"id": "p", "card": "Plains"}
    goblin = {"id": "r", "card": "Raging Goblin", "zone": "hand"}
    cast = {"kind": "cast", "object": "r"}
    assert why(checker, state([jack, plains, goblin]), cast).legal
    after = applied(checker, state([jack, plains, goblin]), cast)
    assert obj(after, "j")["zone"] == "exile"
    assert not why(checker, state([{**jack, "zone": "hand"}, plains, goblin]), cast).legal
    v = why(checker, state([{**jack, "zone": "hand"}, plains]), activate("j", 2))
    assert not v.legal and "113.6k" in rules(v)


def test_wall_of_roots_puts_a_counter_to_pay(results: dict[str, CardResult],
                                             checker: Checker) -> None:
    # Wall of Roots: "Put a -0/-1 counter on this creature: Add {G}. Activate only once each
    # turn." (no {T}: usable the turn it entered, 302.6; the counter lowers its toughness, 122.1a)
    a = abilities(results, "Wall of Roots")[1]
    assert a["cost"] == {"put_counters": {"-0/-1": 1}} and a["once_each_turn"] is True
    wall = {"id": "w", "card": "Wall of Roots", "controlled_since_turn": 5}
    goblin = {"id": "r", "card": "Grizzly Bears", "zone": "hand"}
    forest = {"id": "f", "card": "Plains"}
    cast = {"kind": "cast", "object": "r"}
    assert why(checker, state([wall, forest, goblin]), cast).legal
    after = applied(checker, state([wall, forest, goblin]), cast)
    assert obj(after, "w")["counters"] == {"-0/-1": 1}
    assert obj(after, "w")["activated_this_turn"] == [2]
    assert not why(checker, after, activate("w", 2)).legal
    # Devoted Druid: "Put a -1/-1 counter on this creature: Untap this creature."
    assert abilities(results, "Devoted Druid")[1]["cost"] == {"put_counters": {"-1/-1": 1}}
    druid = {"id": "d", "card": "Devoted Druid", "tapped": True}
    after = applied(checker, state([druid]), activate("d", 2))
    assert obj(after, "d")["counters"] == {"-1/-1": 1}


def test_lions_eye_diamond_discards_the_hand(results: dict[str, CardResult],
                                             checker: Checker) -> None:
    # "Discard your hand, Sacrifice this artifact: Add three mana of any one color. Activate only
    # as an instant." (118.3: an empty hand pays it too.) "Only as an instant" (602.5e): only with
    # priority, so not in the middle of casting a spell (605.3a's exception doesn't apply): it is
    # activated before, and discards the card to be cast with the rest of the hand; its mana pays
    # for a spell cast from exile (the foretold Behold the Multiverse) but not from the hand.
    a = abilities(results, "Lion's Eye Diamond")[0]
    assert a["cost"] == {"discard_hand": True, "sacrifice": "self"} and a["timing"] == "instant"
    led = {"id": "l", "card": "Lion's Eye Diamond"}
    bears = {"id": "b", "card": "Grizzly Bears", "zone": "hand"}
    forest = {"id": "f", "card": "Forest", "zone": "hand"}
    theirs = {"id": "t", "card": "Forest", "zone": "hand", "owner": "bob"}
    behold = {"id": "m", "card": "Behold the Multiverse", "zone": "exile", "face_down": True,
              "foretold_turn": 3}
    v = why(checker, state([led, bears, forest, theirs]), {"kind": "cast", "object": "b"})
    # (602.5e beside 601.2h: the reasons say why the Diamond can't help; probe32a)
    assert not v.legal and rules(v) == {"601.2h", "602.5e"}
    v = why(checker, state([led, bears, forest, theirs]), activate("l", 1))
    assert v.legal and v.cost == "discard your hand, sacrifice it"
    after = applied(checker, state([led, bears, forest, theirs]), activate("l", 1), choose="G")
    zones = {o["id"]: o["zone"] for o in after["objects"]}
    assert zones == {"l": "graveyard", "b": "graveyard", "f": "graveyard", "t": "hand"}
    after = applied(checker, state([led, behold, forest]),
                    {"kind": "cast", "object": "m", "method": "foretell"})
    zones = {o["id"]: o["zone"] for o in after["objects"]}
    assert zones == {"l": "graveyard", "m": "stack", "f": "graveyard"}
    after = applied(checker, state([led]), activate("l", 1), choose="G")
    assert obj(after, "l")["zone"] == "graveyard" and after["players"][0]["mana_pool"] == "{G}{G}{G}"


def test_isolated_watchtower_two_more_lands(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    # "{2}, {T}: Scry 1, ... Activate only if an opponent controls at least two more lands than you."
    a = abilities(results, "Isolated Watchtower")[1]
    assert a["condition"] == {"an_opponent_more_lands": 2}
    tower = {"id": "w", "card": "Isolated Watchtower"}
    mine = [{"id": f"p{i}", "card": "Plains"} for i in range(2)]
    theirs = [{"id": f"b{i}", "card": "Forest", "owner": "bob"} for i in range(5)]
    assert why(checker, state([tower, *mine, *theirs]), activate("w", 2)).legal
    v = why(checker, state([tower, *mine, *theirs[:4]]), activate("w", 2))
    assert not v.legal and "602.5b" in rules(v)


def test_enters_tapped_and_with_counters(results: dict[str, CardResult], checker: Checker) -> None:
    # Sphere of the Suns: "This artifact enters tapped and with three charge counters on it."
    assert abilities(results, "Sphere of the Suns")[0] == {
        "kind": "replacement", "enters_tapped": True,
        "enters_with_counters": {"counter": "charge", "amount": 3}}
    sphere = {"id": "s", "card": "Sphere of the Suns", "zone": "hand"}
    plains = [{"id": f"p{i}", "card": "Plains"} for i in range(2)]
    after = applied(checker, state([sphere, *plains]), {"kind": "cast", "object": "s"})
    after = applied(checker, after | {"priority": "alice"}, {"kind": "pass"})
    st = after
    if obj(st, "s")["zone"] != "battlefield":  # bob passes too: it resolves (608.2)
        st = applied(checker, st, {"kind": "pass"}, who=st["priority"])
    s = obj(st, "s")
    assert s["zone"] == "battlefield" and s.get("tapped") is True
    assert s["counters"] == {"charge": 3}


# --- alternative costs (118.9) -------------------------------------------------------------------

def test_borderpost_alternative_cost(results: dict[str, CardResult], checker: Checker) -> None:
    # Wildfield Borderpost: "You may pay {1} and return a basic land you control to its owner's
    # hand rather than pay this spell's mana cost." (118.9: the method "alternative")
    a = abilities(results, "Wildfield Borderpost")[0]
    assert a == {"kind": "alternative_cost", "cost": {
        "mana": "{1}", "return_permanent": {"types": ["Land"], "supertypes": ["Basic"]}}}
    post = {"id": "w", "card": "Wildfield Borderpost", "zone": "hand"}
    forest = {"id": "f", "card": "Forest"}
    alt = {"kind": "cast", "object": "w", "method": "alternative"}
    # one Forest: tapped for {G} to pay {1}, then returned to hand (601.2g before 601.2h)
    assert why(checker, state([post, forest]), alt).legal
    after = applied(checker, state([post, forest]), alt)
    assert obj(after, "f")["zone"] == "hand" and obj(after, "w")["zone"] == "stack"
    assert obj(after, "w")["method"] == "alternative"
    # the normal way needs {1}{G}{W}
    assert not why(checker, state([post, forest]), {"kind": "cast", "object": "w"}).legal
    # no basic land to return: a nonbasic land doesn't do (118.3)
    v = why(checker, state([post, {"id": "m", "card": "Mirrex"}]), alt)
    assert not v.legal and "118.3" in rules(v)
    # the candidate moves offer both methods
    st = parse_state(state([post, forest]), checker.library)
    methods = {m.action.method for m in checker.moves(st, "alice") if m.action.object == "w"}
    assert "alternative" in methods
    # a card without one can't be cast that way (118.9)
    dragon = {"id": "d", "card": "Shivan Dragon", "zone": "hand"}
    v = why(checker, state([dragon, forest]), {"kind": "cast", "object": "d", "method": "alternative"})
    assert not v.legal and "118.9" in rules(v)


def test_gush_returns_two_islands(results: dict[str, CardResult], checker: Checker) -> None:
    # Gush: "You may return two Islands you control to their owner's hand rather than pay this
    # spell's mana cost."
    assert abilities(results, "Gush")[0]["cost"] == {"return_permanent": {
        "types": ["Land"], "subtypes": ["Island"], "count": 2}}
    gush = {"id": "g", "card": "Gush", "zone": "hand"}
    islands = [{"id": f"i{i}", "card": "Island", "tapped": True} for i in range(2)]
    alt = {"kind": "cast", "object": "g", "method": "alternative"}
    after = applied(checker, state([gush, *islands]), alt)
    assert {obj(after, "i0")["zone"], obj(after, "i1")["zone"]} == {"hand"}
    assert not why(checker, state([gush, islands[0]]), alt).legal


def test_fireblast_sacrifices_two_mountains(results: dict[str, CardResult], checker: Checker) -> None:
    # Fireblast: "You may sacrifice two Mountains rather than pay this spell's mana cost." (118.9;
    # found by probe24b: refused at import); Downhill Charge: "... sacrifice a Mountain ..."
    assert abilities(results, "Fireblast")[0] == {"kind": "alternative_cost", "cost": {
        "sacrifice": {"subtypes": ["Mountain"], "count": 2}}}
    assert abilities(results, "Downhill Charge")[0]["cost"] == {"sacrifice": {"subtypes": ["Mountain"]}}
    fb = {"id": "fb", "card": "Fireblast", "zone": "hand"}
    mountains = [{"id": f"m{i}", "card": "Mountain", "tapped": True} for i in range(2)]
    alt = {"kind": "cast", "object": "fb", "method": "alternative", "targets": ["bob"]}
    # tapped Mountains are sacrificed as well (118.3: only sacrificing them is asked)
    after = applied(checker, state([fb, *mountains]), alt)
    assert {obj(after, "m0")["zone"], obj(after, "m1")["zone"]} == {"graveyard"}
    assert obj(after, "fb")["zone"] == "stack" and obj(after, "fb")["method"] == "alternative"
    # one Mountain and a Forest: two Mountains are asked, 118.3 alone
    v = why(checker, state([fb, mountains[0], {"id": "f", "card": "Forest"}]), alt)
    assert not v.legal and rules(v) == {"118.3"}
    # a Forest named to be sacrificed is refused (118.3)
    v = why(checker, state([fb, *mountains, {"id": "f", "card": "Forest"}]), {**alt, "sacrifice": ["m0", "f"]})
    assert not v.legal and rules(v) == {"118.3"}


def test_snuff_out_alternative_cost_only_with_a_swamp(results: dict[str, CardResult],
                                                     checker: Checker) -> None:
    # Snuff Out: "If you control a Swamp, you may pay 4 life rather than pay this spell's mana
    # cost." (118.9; found by probe24b: refused at import); Dark Triumph: "... sacrifice a creature ..."
    assert abilities(results, "Snuff Out")[0] == {"kind": "alternative_cost", "cost": {"life": 4},
                                                  "condition": {"you_control": {"subtypes": ["Swamp"]}}}
    assert abilities(results, "Dark Triumph")[0]["cost"] == {"sacrifice": {"type": "Creature"}}
    so = {"id": "so", "card": "Snuff Out", "zone": "hand"}
    bears = {"id": "bb", "card": "Grizzly Bears", "owner": "bob"}
    alt = {"kind": "cast", "object": "so", "method": "alternative", "targets": ["bb"]}
    swamp = {"id": "s", "card": "Swamp", "tapped": True}
    assert why(checker, state([so, bears, swamp]), alt).legal
    after = applied(checker, state([so, bears, swamp]), alt)
    assert obj(after, "so")["zone"] == "stack" and after["players"][0]["life"] == 16
    # no Swamp of alice's (bob's doesn't count): the method isn't available, 118.9 alone
    v = why(checker, state([so, bears, {**swamp, "owner": "bob"}]), alt)
    assert not v.legal and rules(v) == {"118.9"}
    # Dark Triumph with a Swamp and no creature to sacrifice: 118.3
    dt = {"id": "dt", "card": "Dark Triumph", "zone": "hand"}
    v = why(checker, state([dt, swamp]), {"kind": "cast", "object": "dt", "method": "alternative"})
    assert not v.legal and rules(v) == {"118.3"}
    assert why(checker, state([dt, swamp, {"id": "g", "card": "Grizzly Bears"}]),
               {"kind": "cast", "object": "dt", "method": "alternative"}).legal


def test_stonecoil_serpent_protection_from_multicolored(results: dict[str, CardResult],
                                                       checker: Checker) -> None:
    # Stonecoil Serpent: "Reach, trample, protection from multicolored" (702.16a-b, 105.2b; found by
    # probe24b: kept as a not-modeled keyword, so Terminate could target it)
    assert {"keyword": "protection", "from": ["multicolored"]} in [
        {k: v for k, v in a.items() if k in ("keyword", "from")} for a in abilities(results, "Stonecoil Serpent")]
    lands = [{"id": "s", "card": "Swamp"}, {"id": "m", "card": "Mountain"}]
    serpent = {"id": "ss", "card": "Stonecoil Serpent", "owner": "bob", "counters": {"+1/+1": 2}}
    terminate = {"id": "t", "card": "Terminate", "zone": "hand"}
    v = why(checker, state([*lands, serpent, terminate]), {"kind": "cast", "object": "t", "targets": ["ss"]})
    assert not v.legal and "702.16b" in rules(v)
    bolt = {"id": "b", "card": "Lightning Bolt", "zone": "hand"}
    assert why(checker, state([*lands, serpent, bolt]), {"kind": "cast", "object": "b", "targets": ["ss"]}).legal


def test_force_of_will_exiles_another_blue_card(results: dict[str, CardResult], checker: Checker) -> None:
    # Force of Will: "You may pay 1 life and exile a blue card from your hand rather than pay this
    # spell's mana cost." (118.9; found by probe24b: refused at import)
    assert abilities(results, "Force of Will")[0]["cost"] == {
        "life": 1, "exile_from_hand": {"count": 1, "colors": ["U"]}}
    fow = {"id": "fow", "card": "Force of Will", "zone": "hand"}
    bolt = {"id": "lb", "card": "Lightning Bolt", "owner": "bob", "zone": "stack", "cast_from": "hand",
            "method": "normal", "mana_spent": 1, "targets": ["alice"]}
    alt = {"kind": "cast", "object": "fow", "method": "alternative", "targets": ["lb"]}
    on_bobs_turn = {"active_player": "bob", "stack": ["lb"]}
    # another Force of Will is blue: it is exiled, 1 life is paid
    two = state([fow, {**fow, "id": "fow2"}, bolt]) | on_bobs_turn
    after = applied(checker, two, alt)
    assert obj(after, "fow2")["zone"] == "exile" and obj(after, "fow")["zone"] == "stack"
    # itself only (it is on the stack as its costs are paid, 601.2a): 118.3
    v = why(checker, state([fow, bolt]) | on_bobs_turn, alt)
    assert not v.legal and rules(v) == {"118.3"}


def test_vivi_x_mana_in_a_combination_of_two_colors(results: dict[str, CardResult],
                                                    checker: Checker) -> None:
    # Vivi Ornitier: "{0}: Add X mana in any combination of {U} and/or {R}, where X is Vivi
    # Ornitier's power. Activate only during your turn and only once each turn." (0/3)
    a = abilities(results, "Vivi Ornitier")[0]
    assert a["mana"] == {"for_each": {"any_combination": True, "types": ["U", "R"],
                                      "self": "power"}}
    vivi = {"id": "v", "card": "Vivi Ornitier"}
    assert mana(checker, state([vivi]), "v") == []  # power 0: no mana (107.1b)
    strong = {**vivi, "counters": {"+1/+1": 2}}
    assert mana(checker, state([strong]), "v") == ["U", "R"]
    bolt = {"id": "b", "card": "Lightning Bolt", "zone": "hand"}
    target = {"id": "x", "card": "Grizzly Bears", "owner": "bob"}
    cast = {"kind": "cast", "object": "b", "targets": ["x"]}
    assert why(checker, state([strong, bolt, target]), cast).legal
    assert not why(checker, state([vivi, bolt, target]), cast).legal
    # its two mana are blue and/or red: Grizzly Bears' {G} can't be paid
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "hand"}
    assert not why(checker, state([strong, bears]), {"kind": "cast", "object": "g"}).legal


def test_eldrazi_temple_colorless_eldrazi_only(results: dict[str, CardResult],
                                               checker: Checker) -> None:
    # "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate abilities
    # of colorless Eldrazi." (106.6; 105.2c)
    assert abilities(results, "Eldrazi Temple")[1]["mana"]["spend_only"] == [
        {"spell": {"colorless": True, "subtypes": ["Eldrazi"]}},
        {"ability": {"of_subtypes": ["Eldrazi"], "of_colorless": True}}]
    temple = {"id": "t", "card": "Eldrazi Temple"}
    wastes = [{"id": f"w{i}", "card": "Island"} for i in range(2)]
    seer = {"id": "s", "card": "Thought-Knot Seer", "zone": "hand"}  # {3}{C}
    spawner = {"id": "k", "card": "Eldrazi Skyspawner", "zone": "hand"}  # {2}{U}: blue
    # {3}{C}: the Temple's {C}{C} and two Islands pay it
    assert why(checker, state([temple, *wastes, seer]), {"kind": "cast", "object": "s"}).legal
    # a devoid Eldrazi is colorless (702.114a): Eldrazi Skyspawner ({2}{U}) may use it
    assert why(checker, state([temple, *wastes[:1], spawner]), {"kind": "cast", "object": "k"}).legal
    # a colorless spell that isn't an Eldrazi may not: Solemn Simulacrum ({4})
    solemn = {"id": "m", "card": "Solemn Simulacrum", "zone": "hand"}
    v = why(checker, state([temple, *wastes, solemn]), {"kind": "cast", "object": "m"})
    assert not v.legal and "106.6" in rules(v)


def test_aether_hub_pays_energy(results: dict[str, CardResult], checker: Checker) -> None:
    # Aether Hub: "{T}, Pay {E}: Add one mana of any color." (107.14: the player's energy)
    assert abilities(results, "Aether Hub")[2]["cost"] == {"tap": True, "energy": 1}
    hub = {"id": "h", "card": "Aether Hub"}
    goblin = {"id": "r", "card": "Raging Goblin", "zone": "hand"}
    cast = {"kind": "cast", "object": "r"}
    doc = state([hub, goblin])
    v = why(checker, doc, activate("h", 3))
    assert not v.legal and "118.3" in rules(v)
    assert not why(checker, doc, cast).legal
    doc["players"][0]["energy"] = 2
    assert why(checker, doc, cast).legal
    after = applied(checker, doc, cast)
    assert after["players"][0]["energy"] == 1
    after = applied(checker, doc, activate("h", 3), choose="U")
    assert after["players"][0]["energy"] == 1 and after["players"][0]["mana_pool"] == "{U}"


# --- loyalty abilities that add mana (606) -----------------------------------------------------

def test_chandra_loyalty_ability_adds_mana(results: dict[str, CardResult],
                                           checker: Checker) -> None:
    # Chandra, Torch of Defiance (loyalty 4): "[+1]: Add {R}{R}." -- a loyalty ability, not a
    # mana ability (605.1a): it uses the stack; only as a sorcery, once per turn per planeswalker
    # (606.3); it enters with 4 loyalty counters (306.5b)
    card = results["Chandra, Torch of Defiance"].card
    assert card is not None and card["faces"][0]["loyalty"] == 4
    a = abilities(results, "Chandra, Torch of Defiance")[1]
    assert a == {"kind": "activated", "cost": {"loyalty": 1},
                 "effect": {"action": "add_mana", "produce": {"fixed": "{R}{R}"}}}
    chandra = {"id": "c", "card": "Chandra, Torch of Defiance", "counters": {"loyalty": 4}}
    after = applied(checker, state([chandra]), activate("c", 2))
    assert obj(after, "c")["counters"] == {"loyalty": 5}
    assert obj(after, "c")["activated_this_turn"] == [2]
    assert len(after["stack"]) == 1  # the ability, on the stack
    v = why(checker, after, activate("c", 2))
    assert not v.legal and "606.3" in rules(v)
    # both players pass: it resolves and adds {R}{R}
    after = applied(checker, after, {"kind": "pass"})
    after = applied(checker, after, {"kind": "pass"}, who="bob")
    assert next(p for p in after["players"] if p["name"] == "alice").get("mana_pool") == "{R}{R}"
    # not as an instant (606.3): during combat, or with something on the stack
    v = why(checker, state([chandra], step="beginning_of_combat"), activate("c", 2))
    assert not v.legal and "606.3" in rules(v)
    # cast, it enters with its printed loyalty (306.5b)
    hand = {"id": "c", "card": "Chandra, Torch of Defiance", "zone": "hand"}
    mountains = [{"id": f"m{i}", "card": "Mountain"} for i in range(4)]
    after = applied(checker, state([hand, *mountains]), {"kind": "cast", "object": "c"})
    after = applied(checker, after, {"kind": "pass"})
    after = applied(checker, after, {"kind": "pass"}, who="bob")
    assert obj(after, "c")["zone"] == "battlefield" and obj(after, "c")["counters"] == {"loyalty": 4}


def test_loyalty_ability_whose_effect_is_not_modeled_is_still_activated(
        results: dict[str, CardResult], checker: Checker) -> None:
    # Chandra, Torch of Defiance: "[−3]: Chandra deals 4 damage to target creature." -- its effect
    # is not modeled, but it is an activated (loyalty) ability all the same (602.1c, 606): its
    # cost removes three loyalty counters (606.4, 606.6), only as a sorcery and once each turn per
    # planeswalker (606.3), with a creature to target (602.2b). It was kept as not modeled, and
    # every activation was refused as "not an activated ability".
    a = abilities(results, "Chandra, Torch of Defiance")[2]
    assert a == {"kind": "activated", "cost": {"loyalty": -3}, "effect": {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Creature"]}]}}
    assert results["Chandra, Torch of Defiance"].card["faces"][0]["abilities"][2]["template"] \
        == "loyalty.not_modeled"
    chandra = {"id": "c", "card": "Chandra, Torch of Defiance", "counters": {"loyalty": 4}}
    bears = {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}
    minus3 = {**activate("c", 3), "targets": ["gb"]}
    v = why(checker, state([chandra, bears]), minus3)
    assert v.legal and v.cost == "remove 3 loyalty counters from it" and "606.3" in v.permits
    v = why(checker, state([chandra]), activate("c", 3))
    assert not v.legal and rules(v) == {"602.2b"}  # no creature to target
    v = why(checker, state([{**chandra, "counters": {"loyalty": 2}}, bears]), minus3)
    assert not v.legal and rules(v) == {"606.6"}
    v = why(checker, state([chandra, bears], active_player="bob", turn=6), minus3)
    assert not v.legal and rules(v) == {"606.3"}
    v = why(checker, state([{**chandra, "activated_this_turn": [1]}, bears]), minus3)
    assert not v.legal and rules(v) == {"606.3"}
    # the [+1] that adds mana, after the other [+1]: once each turn (606.3)
    v = why(checker, state([{**chandra, "activated_this_turn": [1]}]), activate("c", 2))
    assert not v.legal and rules(v) == {"606.3"}
    assert why(checker, state([chandra]), activate("c", 1)).cost == "put a loyalty counter on it"
    # activated: the counters change, it goes on the stack, and resolves as not modeled
    after = applied(checker, state([chandra, bears]), minus3)
    assert obj(after, "c")["counters"] == {"loyalty": 1} and len(after["stack"]) == 1
