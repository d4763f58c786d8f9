"""probe25e: the library API as a scripting user calls it (architecture.md: one InputError with
the path of each problem, never another exception for bad input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Ask, Checker
from mtgasp.errors import InputError
from mtgasp.state import load_state

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = ROOT / "examples" / "midgame.json"


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker()


@pytest.fixture(scope="module")
def state(checker: Checker):
    return load_state(str(MIDGAME), checker.library)


def _path(call) -> list[str]:
    with pytest.raises(InputError) as info:
        call()
    return [p.path for p in info.value.problems]


# Each was a KeyError, an AttributeError or a silent None before.
def test_unknown_player_is_bad_input(checker: Checker, state) -> None:
    assert _path(lambda: checker.moves(state, "carol")) == ["player"]
    assert _path(lambda: checker.judge_all(state, "carol")) == ["player"]
    assert _path(lambda: checker.visible(state, "carol")) == ["player"]
    action = parse_action({"kind": "pass"}, state, checker.library)
    assert _path(lambda: checker.why(state, action, "carol")) == ["player"]


def test_unknown_object_is_bad_input(checker: Checker, state) -> None:
    assert _path(lambda: checker.mana(state, "nope")) == ["object"]
    assert _path(lambda: checker.explain_mana(state, "nope")) == ["object"]


def test_mana_of_a_player_says_it_is_a_player(checker: Checker, state) -> None:
    with pytest.raises(InputError) as info:
        checker.mana(state, "alice")
    assert info.value.problems[0].path == "object"
    assert '"alice" is a player of the state, not an object' in info.value.problems[0].message


def test_why_reads_an_action_given_as_a_dict_or_text(checker: Checker, state) -> None:
    assert checker.why(state, {"kind": "pass"}).legal
    assert checker.why(state, '{"kind": "pass"}').legal
    assert _path(lambda: checker.why(state, {"kind": "cast", "object": "nope"})) == ["action.object"]
    assert _path(lambda: checker.why(state, 5)) == ["action"]  # type: ignore[arg-type]


def test_many_checks_each_question(checker: Checker, state) -> None:
    assert _path(lambda: checker.many([Ask("mana", state, object="nope")])) == ["asks[0].object"]
    assert _path(lambda: checker.many([Ask("moves", state), Ask("apply", state)])) == ["asks[1].query"]
    assert _path(lambda: checker.many([Ask("why", state)])) == ["asks[0].action"]
    assert _path(lambda: checker.many([Ask("moves", state, player="carol")])) == ["asks[0].player"]
    answers = checker.many([Ask("why", state, "alice", {"kind": "pass"}), Ask("mana", state, object="pool")])  # type: ignore[arg-type]
    assert answers[0].legal and answers[1] == ["U", "R", "G"]


def test_load_state_takes_the_decoded_document(checker: Checker) -> None:
    doc = json.loads(MIDGAME.read_text())
    assert load_state(doc, checker.library).turn == 6
    assert _path(lambda: load_state(5, checker.library)) == [""]  # type: ignore[arg-type]
    assert _path(lambda: checker.moves(doc)) == ["state"]  # type: ignore[arg-type]


@pytest.mark.parametrize(("x", "path"), [({"min": 3, "max": 1}, "action.x"), ({"min": -1, "max": 1}, "action.x.min"),
                                         ({"min": "0", "max": 1}, "action.x.min")])
def test_an_x_range_must_be_one_moves_could_print(checker: Checker, state, x: dict, path: str) -> None:
    # {"min": 3, "max": 1} was read as X = 1, and a bad min was never looked at
    action = {"kind": "cast", "object": "h_ballista", "x": x}
    assert _path(lambda: parse_action(action, state, checker.library)) == [path]
    assert parse_action({**action, "x": {"min": 0, "max": 1}}, state, checker.library).x == 1
