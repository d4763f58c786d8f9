"""Is every outcome of `apply` decided by the encodings, not by the solver's search order?

`apply` keeps the first model the solver finds. The encodings may leave the payment open (which
lands tap, what is sacrificed, the X and the life paid: the payment's choices, PAYMENT below), but
once those are fixed, every other shown atom (the zones, counters, mana left, restricted mana,
events, the next step...) must be the same in every model: otherwise the next state depends on
clingo's heuristics, and another clingo version or a reordered program could give another game.

For every step of every scenario of the corpus, this runs the step as `mtgasp verify` does, but
enumerates up to --models models of each solve of the apply (the action, each check of state-based
actions, each trigger's target), groups them by their payment choices and reports every group whose
models differ elsewhere, with the atoms that differ. Exit 1 if any does.

    python tools/apply_uniqueness.py [--models N] [--match SUBSTRING ...] [--json]

The convention that decides what the payment leaves open: docs/verification.md.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

from mtgasp import solver
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.scenarios import corpus_files, load_scenario, run_step
from mtgasp.state import parse_state

# The shown atoms that are the payment's (and the announcement's) choices, left to the search on
# purpose: the payment plan is any valid one (#heuristic prefers few sources).
PAYMENT = frozenset({"use", "rpool_use", "sacrifice", "phy_life", "xval", "legal", "produced"})


def undecided(models: int = 30, match: tuple[str, ...] = ("",)) -> tuple[int, list[dict[str, Any]]]:
    """(steps run, the solves whose models with the same payment differ elsewhere) over the corpus
    scenarios whose file name contains one of `match`."""
    found: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    real_solve = solver._solve

    def every_model(ctl: Any, assumptions: Any, conflicts: Any) -> Any:
        ctl.configuration.solve.models = models
        groups: dict[frozenset[str], set[frozenset[str]]] = {}
        try:
            with ctl.solve(assumptions=assumptions, yield_=True) as handle:
                for model in handle:
                    syms = [str(s) for s in model.symbols(shown=True)]
                    key = frozenset(s for s in syms if s.split("(")[0] in PAYMENT)
                    groups.setdefault(key, set()).add(frozenset(s for s in syms if s not in key))
        finally:
            ctl.configuration.solve.models = 1
        for key, outs in groups.items():
            if len(outs) > 1:
                common = frozenset.intersection(*outs)
                found.append({**current, "payment": sorted(key),
                              "differ": [sorted(o - common) for o in outs]})
        return real_solve(ctl, assumptions, conflicts)

    base = Checker(CardLibrary.builtin())
    steps = 0
    solver._solve = every_model  # type: ignore[assignment]
    try:
        for name, text in corpus_files():
            if not any(m in name for m in match):
                continue
            doc = load_scenario(name, text)
            if not doc.get("steps"):
                continue
            checker = base
            if doc.get("cards") is not None:
                checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]},
                                                        source=name, base=base.library))
            state = parse_state(doc["state"], checker.library, source=name)
            for i, step in enumerate(doc["steps"]):
                current.clear()
                current.update({"scenario": doc["id"], "step": i + 1, "action": step["action"]})
                steps += 1
                try:
                    result, state = run_step(checker, state, step, f"step {i + 1}")
                except InputError:
                    break
                if not result.passed:
                    break
    finally:
        solver._solve = real_solve  # type: ignore[assignment]
    return steps, found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", type=int, default=30, help="models enumerated per solve (default 30)")
    ap.add_argument("--match", action="append", default=None,
                    help="only scenarios whose file name contains this (repeatable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    steps, found = undecided(args.models, tuple(args.match or [""]))
    if args.json:
        print(json.dumps({"steps": steps, "undecided": found}, indent=1))
    else:
        for f in found:
            print(f"{f['scenario']} step {f['step']} {json.dumps(f['action'])}")
            for d in f["differ"]:
                print("   ", " ".join(d)[:400])
        print(f"{steps} steps, {len(found)} solves whose outcome the payment doesn't decide")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
