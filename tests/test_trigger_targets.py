"""603.3d: the target of a triggered ability is chosen as it is put on the stack. A state in which
its controller chooses (the ability marked ``choosing_targets``, nobody with priority) is
validated, answered by `moves`/`why` and played forward by `apply` (the corpus scenarios
rule-603.3d-* play it from the trigger to its resolution)."""

from __future__ import annotations

from typing import Any

import pytest
from mtgasp.actions import acting_player, parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.errors import InputError
from mtgasp.state import parse_state

CHECKER = Checker()
LIB = CHECKER.library


def waiting(**trigger: Any) -> dict[str, Any]:
    """bob's Grizzly Bears and Lightning Bolt on the stack under alice's Aven Interrupter trigger,
    whose target alice is choosing."""
    ability = {"id": "t", "zone": "stack", "ability": {"source": "ai", "index": 3}, "controller": "alice",
               "choosing_targets": True}
    ability.update(trigger)
    return {
        "format": 1, "turn": 5, "active_player": "bob", "step": "precombat_main", "priority": None,
        "priority_after": "bob",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "zone": "stack", "cast_from": "hand"},
            {"id": "bolt", "card": "Lightning Bolt", "owner": "bob", "zone": "stack", "cast_from": "hand",
             "targets": ["alice"]},
            {"id": "ai", "card": "Aven Interrupter", "owner": "alice", "zone": "battlefield"},
            ability,
        ],
        "stack": ["gb", "bolt", "t"],
    }


def problems(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_state(doc, LIB)
    return [str(p) for p in info.value.problems]


def test_a_waiting_trigger_is_chosen_for_by_its_controller() -> None:
    state = parse_state(waiting(), LIB)
    assert acting_player(state, None, LIB) == "alice"
    moves = CHECKER.moves(state)
    assert sorted((v.action.kind, v.action.object, v.action.targets) for v in moves) == [
        ("choose", "t", ("bolt",)), ("choose", "t", ("gb",))]
    assert all(v.permits == ["603.3d"] for v in moves)


def test_the_choice_sets_the_target_and_gives_priority_to_who_would_have_received_it() -> None:
    state = parse_state(waiting(), LIB)
    action = parse_action({"kind": "choose", "object": "t", "targets": ["gb"]}, state, LIB, "alice")
    done = apply_action(CHECKER, state, action, "alice")
    assert done.legal
    t = next(o for o in done.state["objects"] if o["id"] == "t")
    assert t.get("targets") == ["gb"] and "choosing_targets" not in t
    assert done.state["priority"] == "bob" and "priority_after" not in done.state


def test_the_choice_must_name_its_target() -> None:
    state = parse_state(waiting(), LIB)
    action = parse_action({"kind": "choose", "object": "t"}, state, LIB, "alice")
    with pytest.raises(InputError) as info:
        apply_action(CHECKER, state, action, "alice")
    assert "action.targets" in str(info.value)


@pytest.mark.parametrize(("targets", "rule", "words"), [
    (["ai"], "603.3d", "a spell on the stack"),
    (["alice"], "603.3d", "can't target a player"),
    (["gb", "bolt"], "603.3d", "names 2"),
])
def test_an_illegal_choice_says_why(targets: list[str], rule: str, words: str) -> None:
    state = parse_state(waiting(), LIB)
    v = CHECKER.why(state, parse_action({"kind": "choose", "object": "t", "targets": targets}, state, LIB, "alice"),
                    "alice")
    assert not v.legal
    assert [r.rule for r in v.reasons] == [rule]
    assert words in v.reasons[0].message


def test_only_the_controller_chooses_and_nobody_passes_meanwhile() -> None:
    state = parse_state(waiting(), LIB)
    v = CHECKER.why(state, parse_action({"kind": "choose", "object": "t", "targets": ["gb"]}, state, LIB, "bob"), "bob")
    assert not v.legal and [r.rule for r in v.reasons] == ["603.3d"]
    for kind, rule in (("pass", "117.3d"), ("proceed", "603.3d")):
        v = CHECKER.why(state, parse_action({"kind": kind}, state, LIB, "alice"), "alice")
        assert not v.legal and [r.rule for r in v.reasons] == [rule]


def test_choosing_targets_is_validated() -> None:
    doc = waiting()
    doc["priority"] = "bob"
    doc.pop("priority_after")
    assert any(p.startswith("objects[3].choosing_targets") and "603.3d" in p for p in problems(doc))
    assert any(p.startswith("objects[3].choosing_targets") and "leave targets out" in p
               for p in problems(waiting(targets=["gb"])))
    # Aven Interrupter's ability 4 is static; an activated ability's targets are chosen as it is activated
    assert any(p.startswith("objects[3]") for p in problems(waiting(ability={"source": "ai", "index": 4})))
    assert any(p.startswith("objects[3].choosing_targets") for p in problems(waiting(choosing_targets="yes")))


def test_a_choice_of_a_card_names_no_targets() -> None:
    state = parse_state(waiting(), LIB)
    with pytest.raises(InputError) as info:
        parse_action({"kind": "choose", "object": "gb", "targets": ["bolt"]}, state, LIB, "alice")
    assert "action.targets" in str(info.value)
