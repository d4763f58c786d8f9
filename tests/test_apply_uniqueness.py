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
    "ruling-dream-devourer", "ruling-foretell-instant",
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


# Scenarios where apply's own payment search activated other mana abilities than `why`'s plan
# (found by probe22f: Gold Saucer's cost was paid with p0, p1, p2 while `why` showed a2 and p2).
PLAN_MATCH = (
    "rule-118.3-costs-paid-besides-mana-are-said-with-their-rules",
    "rule-118.3-the-gold-saucer-sacrifices-two-artifacts",
    "rule-601.2c-icy-blast-x-target-creatures-needs-x-different-creatures",
)


def test_apply_pays_with_the_plan_why_shows() -> None:
    """601.2g-h: apply activates the mana abilities of the payment plan `why` answers for the same
    action (apply.py's plan_* facts), not another plan its own search finds."""
    import re

    from mtgasp.actions import acting_player, parse_action
    from mtgasp.api import Checker
    from mtgasp.apply import apply_action
    from mtgasp.cards import CardLibrary
    from mtgasp.scenarios import corpus_files, load_scenario, run_step
    from mtgasp.state import parse_state

    base = Checker(CardLibrary.builtin())
    compared = 0
    for name, text in corpus_files():
        if name.removesuffix(".json") not in PLAN_MATCH:
            continue
        doc = load_scenario(name, text)
        checker = base
        if doc.get("cards") is not None:
            checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]},
                                                    source=name, base=base.library))
        state = parse_state(doc["state"], checker.library, source=name)
        for i, step in enumerate(doc["steps"]):
            player = acting_player(state, step.get("player"), checker.library)
            action = parse_action(step["action"], state, checker.library, player)
            v = checker.why(state, action, player)
            if v.legal and v.plan is not None and v.plan.sources:
                applied = apply_action(checker, state, action, player, step.get("choose"), step.get("seed", 0))
                shown = sorted({u.source for u in v.plan.sources})
                paid = sorted(set(re.findall(r"While the cost is paid, .*?\(([\w-]+)\)'s mana ability",
                                             " ".join(applied.events))))
                assert paid == shown, f"{name} step {i + 1}"
                compared += 1
            result, state = run_step(checker, state, step, f"step {i + 1}")
            assert result.passed
    assert compared >= 3
