"""The relevance analysis (mtgasp.solver.relevant) on the questions a corpus run asks.

    python benchmarks/relevance.py [--every N] [--json]

Runs every N-th scenario of the built-in corpus (default 4) once, recording each call of
``solver.relevant`` (its program parts, fact patterns and goals: one per query whose patterns the
process hadn't met), then times ``relevant`` again on each recorded call, with the analysis of the
encodings already made: the CPU time a new state's question spends deciding which rules to ground
before clingo grounds them. Prints the number of calls, the median and the mean per call, and a
digest of the statements chosen (the same digest means the same groundings).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from typing import Any

from mtgasp import solver
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.scenarios import corpus_files, load_scenario, run_scenario


def record(every: int) -> list[tuple[Any, ...]]:
    """Run every ``every``-th corpus scenario and record the relevant() calls it makes."""
    calls: list[tuple[Any, ...]] = []
    real = solver.relevant

    def spy(infos: Any, facts: Any, goals: Any = None) -> Any:
        calls.append((infos, facts, goals))
        return real(infos, facts, goals)

    solver.relevant = spy  # type: ignore[assignment]
    try:
        checker = Checker(CardLibrary.builtin())
        for name, text in corpus_files()[::every]:
            run_scenario(checker, name, load_scenario(name, text))
    finally:
        solver.relevant = real  # type: ignore[assignment]
    return calls


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=int, default=4, help="run every N-th corpus scenario")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    calls = record(args.every)
    times = []
    digest = hashlib.sha256()
    for infos, facts, goals in calls:
        start = time.process_time()
        chosen = solver.relevant(infos, facts, goals)
        times.append((time.process_time() - start) * 1000)
        digest.update("\n".join(str(s) for s in chosen).encode())
        digest.update(b"\0")
    out = {"calls": len(calls), "median_ms": round(statistics.median(times), 3),
           "mean_ms": round(statistics.fmean(times), 3), "digest": digest.hexdigest()[:16]}
    if args.json:
        json.dump(out, sys.stdout, indent=2)
        print()
    else:
        print(f"relevant(): {out['calls']} calls, median {out['median_ms']} ms, mean {out['mean_ms']} ms "
              f"per call; statements digest {out['digest']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
