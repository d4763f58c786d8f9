"""Fuzzing in the suite (issue 10): generated inputs through the CLI's entry point, in-process.

Hypothesis drives the generators of ``tools/fuzz.py`` (mutated example states, random actions
through ``why`` and then ``apply`` when legal, random card files); every run must exit 0, 1 or 2,
show no traceback, print only JSON with ``--json``, and ``apply`` must carry out what ``why`` called
legal. A short, derandomized run (190 cases: the same ones on every run, so CI is reproducible);
``tools/fuzz.py --cases N --seed S`` runs long ones with other seeds.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]


def _load_fuzz():
    spec = importlib.util.spec_from_file_location("mtgasp_fuzz_tool", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mtgasp_fuzz_tool"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.integers(min_value=0, max_value=10**9))
def test_generated_inputs_give_an_answer_or_a_clear_error(folder: Path, seed: int, n: int) -> None:
    case = fuzz.make_case(seed, n)
    status, message, rc = fuzz.run_case(case, folder)
    assert status == "ok", f"mtgasp {' '.join(case['argv'])}: {message}"
    assert rc in (0, 1, 2)


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rnd=st.randoms(use_true_random=False))
def test_random_actions_on_each_example(folder: Path, rnd: random.Random) -> None:
    """Random actions (hypothesis shrinks them) on an unmodified example, through why and apply."""
    import json

    example = rnd.choice(fuzz.EXAMPLES)
    doc = json.loads(example.read_text(encoding="utf-8"))
    action = fuzz.random_action(rnd, doc)
    case = {"n": 0, "kind": "action", "files": {"state.json": json.dumps(doc)},
            "argv": ["why", "state.json", json.dumps(action), "--json"]}
    status, message, rc = fuzz.run_case(case, folder)
    assert status == "ok", f"{example.name} {action}: {message}"
    assert rc in (0, 2)


def test_a_crash_is_detected(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle can fail: an exception in the checker is reported as a crash (exit 3)."""
    from mtgasp.api import Checker

    def boom(*_a: object, **_k: object) -> object:
        raise ValueError("planted")

    monkeypatch.setattr(Checker, "moves", boom)
    case = {"n": 0, "kind": "state", "files": {"state.json": (ROOT / "examples" / "midgame.json").read_text()},
            "argv": ["moves", "state.json"]}
    status, message, rc = fuzz.run_case(case, folder)
    assert status == "crash" and rc == 3 and "planted" in message


@pytest.mark.parametrize("objects", [5, None, "x", {"id": "a"}])
def test_a_mutated_objects_field_is_no_generator_error(objects: object) -> None:
    # seed 2525, case 5622: a mutation made "objects" an integer and random_action raised TypeError
    # ("'int' object is not iterable"), which the tool counted as a "generator error" and skipped.
    rnd = random.Random(0)
    for _ in range(50):
        action = fuzz.random_action(rnd, {"objects": objects})
        assert isinstance(action, dict) and "kind" in action
    fuzz.make_case(2525, 5622)
