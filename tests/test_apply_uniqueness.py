"""`apply` keeps the first model clingo finds: every outcome must be decided by the encodings, not by
the search order (tools/apply_uniqueness.py; docs/verification.md, "apply_uniqueness"). This runs the
check over the corpus scenarios that pay costs in the ways that left outcomes open before the
conventions were written (mana in the pool paying generic mana, restricted mana left, a mana
ability's options, a cost's tap or graveyard exile, X and alternative costs, storage counters)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Substrings of corpus file names: every scenario the whole-corpus run reported before (92 solves in
# 1,416 steps on 2026-12-04) is matched by one of them.
MATCH = (
    "rule-106.", "rule-107.3b", "rule-118.3", "rule-122.8", "rule-400.7-dream", "rule-601.2",
    "rule-602.2b-candelabra", "rule-603.2-cast-triggers", "rule-700.5-nykthos", "rule-702.18a-shroud",
    "ruling-dream-devourer", "ruling-foretell-instant", "rule-702.122a",
)


def _tool():
    spec = importlib.util.spec_from_file_location("apply_uniqueness", ROOT / "tools" / "apply_uniqueness.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_apply_outcomes_are_decided_by_the_encodings() -> None:
    steps, found = _tool().undecided(models=10, match=MATCH)
    assert steps > 100
    assert found == [], "\n".join(
        f"{f['scenario']} step {f['step']}: {f['differ']}" for f in found[:5])
