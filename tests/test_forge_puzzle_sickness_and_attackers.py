"""probe25d: Forge puzzle files read as Forge means them (summoning sickness, attackers), timing.

The puzzle texts here are written for these tests from Forge's format (GameState.java's [state]
keys and card modifiers); none is a copy of a Forge puzzle.
"""

from __future__ import annotations

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.forge import parse_pzl
from mtgasp.state import parse_state

LIB = CardLibrary.builtin()


def _import(text: str) -> tuple[dict, list]:
    r = parse_pzl(text, LIB)
    return r.document, r.warnings


# ---- summoning sickness (302.6) of the player who isn't active ---------------------------------

DEFEND = """[metadata]
Name:probe25d - survive the attack
Goal:Win
Turns:2
[state]
ActivePlayer=AI
ActivePhase=END_OF_TURN
HumanLife=3
humanbattlefield=Llanowar Elves;Forest
aibattlefield=Grizzly Bears;Forest
"""


def test_no_turn_line_makes_the_other_players_permanents_unsick_as_forge_has_them() -> None:
    """Forge creates every card not summoning sick unless it says SummonSick; with no turn line
    (Forge's turn 1) the human, who isn't active, would have had no turn and every creature of
    theirs would be summoning sick under 302.6. The import takes turn 2 and says so."""
    doc, warnings = _import(DEFEND)
    assert doc["turn"] == 2
    assert any(w.kind == "default" and "302.6" in w.message for w in warnings)
    st = parse_state(doc, LIB)
    checker = Checker(LIB)
    # the human may activate Llanowar Elves' mana ability: it isn't summoning sick (no 302.6 reason)
    act = parse_action({"kind": "activate", "object": "llanowar_elves", "ability": 1}, st, LIB,
                       player="human")
    v = checker.why(st, act, "human")
    assert "302.6" not in {r.rule for r in v.reasons}


def test_summon_sick_still_reads_as_sick_after_the_turn_default() -> None:
    doc, _w = _import(DEFEND.replace("Llanowar Elves;", "Llanowar Elves|SummonSick;"))
    assert doc["turn"] == 2  # (the Forest isn't SummonSick)
    st = parse_state(doc, LIB)
    act = parse_action({"kind": "activate", "object": "llanowar_elves", "ability": 1}, st, LIB,
                       player="human")
    assert "302.6" in {r.rule for r in Checker(LIB).why(st, act, "human").reasons}


def test_an_explicit_turn_one_says_the_other_players_creatures_are_sick() -> None:
    doc, warnings = _import(DEFEND.replace("[state]\n", "[state]\nturn=1\n"))
    assert doc["turn"] == 1
    w = [w for w in warnings if w.kind == "summoning sickness"]
    assert len(w) == 1 and "Llanowar Elves" in w[0].message and "302.6" in w[0].message
    assert "Forest" not in w[0].message  # only creatures


def test_a_card_foretold_this_turn_beside_one_foretold_earlier_needs_turn_two() -> None:
    doc, warnings = _import("[state]\nactivephase=MAIN1\nhumanexile=Saw It Coming|Foretold;"
                            "Saw It Coming|Foretold|ForetoldThisTurn\n")
    assert doc["turn"] == 2
    turns = [o["foretold_turn"] for o in doc["objects"]]
    assert turns == [1, 2]
    assert not any(w.kind == "modifier Foretold" for w in warnings)


# ---- Attacking: the active player's attackers this turn ---------------------------------------

WINDBRISK = """[state]
turn=5
activeplayer=human
activephase=COMBAT_DECLARE_BLOCKERS
humanbattlefield=Windbrisk Heights|Id:1;Plains;Grizzly Bears|Attacking;Llanowar Elves|Attacking;Birds of Paradise|Attacking
humanexile=Lightning Bolt|FaceDown|ExiledWith:1
aibattlefield=Grizzly Bears|Attacking
"""


def test_attacking_creatures_count_as_the_active_players_attackers_this_turn() -> None:
    """Forge declares the Attacking creatures as attackers in the declare attackers and declare
    blockers steps: Windbrisk Heights' "if you attacked with three or more creatures this turn"
    (702.75a) is met."""
    doc, warnings = _import(WINDBRISK)
    assert doc["players"][0]["attackers_this_turn"] == 3
    assert "attackers_this_turn" not in doc["players"][1]
    # 506.4: each is attacking ("target attacking creature"); bob's (the AI's) is not: ignored
    assert sorted(o["card"] for o in doc["objects"] if o.get("combat") == "attacking") == [
        "Birds of Paradise", "Grizzly Bears", "Llanowar Elves"]
    assert any("506.2" in w.message for w in warnings if w.line == 7)
    st = parse_state(doc, LIB)
    act = parse_action({"kind": "activate", "object": "windbrisk_heights", "ability": 4}, st, LIB)
    assert Checker(LIB).why(st, act).legal


def test_attacking_outside_the_declare_steps_is_ignored_as_forge_does() -> None:
    doc, warnings = _import(WINDBRISK.replace("COMBAT_DECLARE_BLOCKERS", "MAIN2"))
    assert "attackers_this_turn" not in doc["players"][0]
    assert not any("combat" in o for o in doc["objects"])
    assert sum(w.kind == "modifier Attacking" for w in warnings) == 4


# ---- IsToken: a token copy of a card ----------------------------------------------------------

def test_is_token_makes_the_card_a_token_and_survives_the_round_trip() -> None:
    """GameState.java's IsToken makes the card a token (a token copy of Grizzly Bears): the state
    has tokens (111.1), so it isn't a "the state has no tokens" warning."""
    from mtgasp.forge import export_pzl

    doc, warnings = _import("[state]\nturn=3\nactiveplayer=human\nactivephase=MAIN1\n"
                            "humanbattlefield=Grizzly Bears|IsToken;Grizzly Bears\n")
    assert [o.get("token", False) for o in doc["objects"]] == [True, False]
    assert not warnings
    back = parse_pzl(export_pzl(parse_state(doc, LIB), LIB).text, LIB).document
    assert [o.get("token", False) for o in back["objects"]] == [True, False]


# ---- PhasedOut: treated as though it doesn't exist (702.26b) -----------------------------------

def test_a_phased_out_permanent_and_what_is_attached_to_it_are_left_out() -> None:
    """A phased-out Forest can't be tapped for mana: it is treated as though it doesn't exist
    (702.26b), and the Wild Growth on it phased out with it (702.26g). Before, both were read as
    ordinary permanents, with only a warning: the Forest paid for Grizzly Bears."""
    doc, warnings = _import("[state]\nturn=3\nactiveplayer=human\nactivephase=MAIN1\n"
                            "humanbattlefield=Forest|PhasedOut|Id:1;Wild Growth|AttachedTo:1;Forest\n"
                            "humanhand=Grizzly Bears\n")
    assert [o["card"] for o in doc["objects"]] == ["Forest", "Grizzly Bears"]
    assert sum("702.26" in w.message for w in warnings) == 2
    st = parse_state(doc, LIB)
    act = parse_action({"kind": "cast", "object": "grizzly_bears"}, st, LIB)
    v = Checker(LIB).why(st, act)
    assert not v.legal and {r.rule for r in v.reasons} == {"601.2h"}


def test_an_unknown_card_beside_attacking_creatures_is_bad_input_not_a_crash() -> None:
    import pytest
    from mtgasp.forge import UnknownCardsError

    with pytest.raises(UnknownCardsError):
        parse_pzl("[state]\nactivephase=COMBAT_DECLARE_ATTACKERS\n"
                  "humanbattlefield=Grizzly Bears|Attacking;Nope|Attacking\n", LIB)
