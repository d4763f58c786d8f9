"""The slow tier: tests marked ``slow`` (exhaustive bounded checks, the mutation skip's exactness,
the grouped verdicts over the whole corpus) run only with MTGASP_SLOW_TESTS=1, so that the default
suite stays within a few minutes on 2 cores; each default run keeps a cheaper representative of
what they check (README, "Tests")."""

from __future__ import annotations

import os

import pytest

SLOW = os.environ.get("MTGASP_SLOW_TESTS") == "1"


# The longest single tests (seconds each, `--durations`), started first so that pytest-xdist's
# workers don't end the run waiting on one of them; the order is the same in every worker.
LONG_FIRST = ("test_apply_uniqueness.py::", "test_grouped.py::", "test_mutate_skip.py::",
              "test_effects.py::test_a_game_played_forward", "test_properties.py::test_why_judges",
              "test_check.py::test_generated_states", "test_fuzz.py::", "-play-forward]",
              "test_corpus.py::test_scenario[rule-704.3-a-game-played-forward")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not any(k in item.nodeid for k in LONG_FIRST))  # (a stable sort)
    if SLOW:
        return
    skip = pytest.mark.skip(reason="slow tier: run with MTGASP_SLOW_TESTS=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
