"""The slow tier: tests marked ``slow`` (exhaustive bounded checks, the mutation skip's exactness,
the grouped verdicts over the whole corpus) run only with MTGASP_SLOW_TESTS=1, so that the default
suite stays within a few minutes on 2 cores; each default run keeps a cheaper representative of
what they check (README, "Tests")."""

from __future__ import annotations

import os

import pytest

SLOW = os.environ.get("MTGASP_SLOW_TESTS") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if SLOW:
        return
    skip = pytest.mark.skip(reason="slow tier: run with MTGASP_SLOW_TESTS=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
