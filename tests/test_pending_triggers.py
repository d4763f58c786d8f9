"""117.5, 603.3, 704.3: triggered abilities that triggered before a check of state-based actions
wait, off the stack, while the legend rule's choice is made (704.5j): the state's
``pending_triggers``. It is validated, kept by `apply` while the choice waits, and put on the stack
once the choice is made (the corpus scenarios rule-117.5-triggers-wait-for-the-legend-rule-choice-okoye
and rule-603.3d-a-trigger-waiting-for-the-legend-rule-gets-its-target-after-the-choice play it
forward); a player who leaves the game meanwhile takes theirs with them (800.4a)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.errors import InputError
from mtgasp.state import dump_state, parse_state

CHECKER = Checker()
LIB = CHECKER.library
KOLVORI = "Kolvori, God of Kinship // The Ringhart Crest"


def waiting(**entry: Any) -> dict[str, Any]:
    """alice chooses for the legend rule (two Kolvori), nobody having priority; bob's Watcher for
    Tomorrow's leaves-the-battlefield trigger waits to be put on the stack. Three players."""
    pending = {"id": "w-ability3", "ability": {"source": "w", "index": 3}, "controller": "bob"}
    pending.update(entry)
    return {
        "format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": None,
        "priority_after": "alice",
        "players": [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}],
        "objects": [
            {"id": "k1", "card": KOLVORI, "owner": "alice", "zone": "battlefield", "face": "Kolvori, God of Kinship",
             "controlled_since_turn": 1},
            {"id": "k2", "card": KOLVORI, "owner": "alice", "zone": "battlefield", "face": "Kolvori, God of Kinship",
             "controlled_since_turn": 5},
            {"id": "w", "card": "Watcher for Tomorrow", "owner": "bob", "zone": "graveyard"},
            {"id": "ba", "card": "Walking Ballista", "owner": "alice", "zone": "battlefield",
             "controlled_since_turn": 1, "counters": {"+1/+1": 1}},
        ],
        "pending_triggers": [pending],
    }


def problems(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_state(doc, LIB)
    return [str(p) for p in info.value.problems]


def test_a_waiting_trigger_is_read_and_written_back() -> None:
    state = parse_state(waiting(), LIB)
    assert dump_state(state)["pending_triggers"] == waiting()["pending_triggers"]
    moves = CHECKER.moves(state, "alice")
    assert sorted(m.action.object for m in moves) == ["k1", "k2"]


def test_pending_triggers_is_validated() -> None:
    doc = waiting()
    doc["priority"] = "alice"
    doc.pop("priority_after")
    assert any(p.startswith("pending_triggers:") and "117.5" in p for p in problems(doc))
    assert any(p.startswith("pending_triggers[0].id") and "duplicate" in p for p in problems(waiting(id="k1")))
    assert any(p.startswith("pending_triggers[0].zone") for p in problems(waiting(zone="stack")))
    assert any(p.startswith("pending_triggers[0].ability.source") for p in problems(
        waiting(ability={"source": "nope", "index": 3})))
    # an activated ability never waits: it is put on the stack as it is activated (602.2a)
    activated = waiting(ability={"source": "ba", "index": 2}, controller="alice")
    assert any(p.startswith("pending_triggers[0].ability.index") and "no triggered ability" in p
               for p in problems(activated))
    assert any(p.startswith("pending_triggers[0].controller") for p in problems(waiting(controller="dave")))


def test_the_choice_puts_waiting_triggers_on_the_stack() -> None:
    doc = waiting()
    doc["objects"][2]["zone"] = "graveyard"
    state = parse_state(doc, LIB)
    out = apply_action(CHECKER, state, parse_action({"kind": "choose", "object": "k1"}, state, LIB), "alice")
    assert out.legal and out.state is not None
    assert "pending_triggers" not in out.state
    assert out.state["stack"] == ["w-ability3"] and out.state["priority"] == "alice"
    assert any("is put on the stack now, as w-ability3" in e and "117.5" in e for e in out.events)


def test_a_player_who_leaves_takes_their_waiting_triggers() -> None:
    # 800.4a: bob is at 0 life; the rest of the check after the choice makes him lose and leave, and
    # his triggered ability, not yet on the stack, ceases to exist
    doc = copy.deepcopy(waiting())
    doc["players"][1]["life"] = 0
    state = parse_state(doc, LIB)
    out = apply_action(CHECKER, state, parse_action({"kind": "choose", "object": "k1"}, state, LIB), "alice")
    assert out.legal and out.state is not None
    assert "pending_triggers" not in out.state and not out.state.get("stack")
    assert out.state["losers"] == ["bob"] and out.state["priority"] == "alice"
    assert any("w-ability3" in e and "800.4a" in e for e in out.events)


def test_waiting_triggers_wait_through_every_players_choice() -> None:
    # 101.4, 704.3: bob has a legend rule choice too, after alice's: the trigger waits until his
    doc = waiting()
    doc["objects"] += [{"id": k, "card": KOLVORI, "owner": "bob", "zone": "battlefield",
                        "face": "Kolvori, God of Kinship", "controlled_since_turn": 1} for k in ("k3", "k4")]
    state = parse_state(doc, LIB)
    out = apply_action(CHECKER, state, parse_action({"kind": "choose", "object": "k1"}, state, LIB), "alice")
    assert out.legal and out.state is not None
    assert out.state["priority"] is None and out.state["pending_triggers"] == doc["pending_triggers"]
    assert "stack" not in out.state
    state = parse_state(out.state, LIB)
    out = apply_action(CHECKER, state, parse_action({"kind": "choose", "object": "k4"}, state, LIB), "bob")
    assert out.legal and out.state is not None
    assert "pending_triggers" not in out.state and out.state["stack"] == ["w-ability3"]
    assert out.state["priority"] == "alice"
