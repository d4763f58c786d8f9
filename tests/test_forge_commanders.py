"""probe32e: Forge's IsCommander cards as the CR has commanders (903.3, 903.8).

The puzzle texts are written for these tests in Forge's format; none is a copy of a Forge puzzle.
"""

from __future__ import annotations

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.forge import parse_pzl
from mtgasp.state import parse_state

LIB = CardLibrary.builtin()

TEXT = """[state]
turn=4
activeplayer=human
activephase=MAIN1
humanbattlefield=Grizzly Bears|IsCommander|Owner:AI;Forest;Forest
humancommand=Llanowar Elves|IsCommander
"""


def test_a_stolen_commander_is_its_owners() -> None:
    """903.3: a commander is its owner's; GameState.java gives an IsCommander card to the player
    whose zone lists it (the controller, for a stolen one). The import keeps the owner's, with a
    warning naming the difference."""
    r = parse_pzl(TEXT, LIB)
    assert r.document["players"][0]["commanders"] == ["Llanowar Elves"]
    assert r.document["players"][1]["commanders"] == ["Grizzly Bears"]
    (w,) = [w for w in r.warnings if w.kind == "modifier IsCommander"]
    assert w.line == 5 and "903.3" in w.message


def test_a_commander_in_the_command_zone_is_cast_from_there() -> None:
    """903.8: its owner may cast a commander from the command zone (it was refused with 601.3)."""
    st = parse_state(parse_pzl(TEXT, LIB).document, LIB)
    v = Checker(LIB).why(st, parse_action({"kind": "cast", "object": "llanowar_elves"}, st, LIB))
    assert v.legal and "903.8" in v.permits
