"""probe32e: Forge's ``putonstack`` spells are spells on the stack of the state.

GameState.java's ``humanputonstack``/``aiputonstack`` create each named card anew for that player
and put it on the stack (the human's first, then the AI's, each on top) with the target after
``->``. The import said "can't be said in a state" and left them out, so a puzzle about answering a
spell had nothing to answer. The puzzle texts are written for these tests; none is a copy.
"""

from __future__ import annotations

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.forge import parse_pzl
from mtgasp.state import parse_state

LIB = CardLibrary.builtin()

TEXT = """[state]
turn=4
activeplayer=ai
activephase=MAIN1
aiputonstack=Lightning Bolt->7;Lightning Bolt->human
humanputonstack=Burst Lightning->7
humanbattlefield=Grizzly Bears|Id:7;Island;Island;Island
humanhand=Saw It Coming
"""


def test_putonstack_spells_are_on_the_stack_with_their_targets() -> None:
    r = parse_pzl(TEXT, LIB)
    doc = r.document
    # the human's first, then the AI's: bottom first
    assert doc["stack"] == ["burst_lightning", "ai_lightning_bolt", "ai_lightning_bolt_2"]
    spells = {o["id"]: o for o in doc["objects"] if o["zone"] == "stack"}
    assert spells["burst_lightning"]["owner"] == "human"
    assert spells["burst_lightning"]["targets"] == ["grizzly_bears"]
    assert spells["ai_lightning_bolt"]["targets"] == ["grizzly_bears"]
    assert spells["ai_lightning_bolt_2"]["targets"] == ["human"]
    assert sum(w.kind == "putonstack" for w in r.warnings) == 3
    # Saw It Coming counters one of them once the human has priority (117.1a, 701.6a)
    st = parse_state({**doc, "priority": "human"}, LIB)
    act = parse_action({"kind": "cast", "object": "saw_it_coming", "targets": ["ai_lightning_bolt"]},
                       st, LIB)
    assert Checker(LIB).why(st, act).legal


def test_putonstack_scripts_and_ids_are_warnings_and_a_bad_target_an_error() -> None:
    r = parse_pzl(TEXT.replace("Lightning Bolt->human", "Lightning Bolt:DBDamage->human;7"), LIB)
    assert [o["id"] for o in r.document["objects"] if o["zone"] == "stack"] == [
        "burst_lightning", "ai_lightning_bolt"]
    assert sum(w.kind == "putonstack" and "left out" in w.message for w in r.warnings) == 2
    with pytest.raises(InputError) as e:
        parse_pzl(TEXT.replace("Burst Lightning->7", "Burst Lightning->9"), LIB)
    assert "line 6" in str(e.value)
