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


def test_the_export_writes_the_spells_on_the_stack_as_putonstack() -> None:
    """The export wrote no stack ("can't be held by a Forge puzzle") although putonstack holds a
    spell of each player with one target; now the round trip keeps them, bottom first."""
    from mtgasp.forge import export_pzl

    doc = parse_pzl(TEXT, LIB).document
    out = export_pzl(parse_state(doc, LIB), LIB)
    assert "humanputonstack=Burst Lightning->1\n" in out.text
    assert "aiputonstack=Lightning Bolt->1;Lightning Bolt->human\n" in out.text
    assert not [w for w in out.warnings if w.kind == "stack"]
    back = parse_pzl(out.text, LIB).document
    assert back["stack"] == doc["stack"]
    assert [o.get("targets") for o in back["objects"] if o["zone"] == "stack"] == [
        ["grizzly_bears"], ["grizzly_bears"], ["human"]]
    # a spell of the human above one of the AI: Forge puts the human's first, so it can't
    doc["stack"] = ["ai_lightning_bolt", "burst_lightning", "ai_lightning_bolt_2"]
    out = export_pzl(parse_state(doc, LIB), LIB)
    assert "putonstack" not in out.text
    assert [w.kind for w in out.warnings].count("stack") == 1
