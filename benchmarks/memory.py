"""Memory stays flat over many queries in one process (issue 13: 100,000 queries grow RSS < 50 MB).

    python benchmarks/memory.py [--queries 100000] [--every 10000] [--group N]

Each query is a new state document: the boards of benchmarks/vs_phase.py (5 to 40 permanents)
with fresh object ids, life totals, turn numbers and a counter of a fresh kind on one permanent,
asked in turn `moves`, `why` (a cast) and `mana` (of a Reflecting Pool). Object ids never reach
clingo (objects are numbered per query, facts.py), so what clingo interns forever stays bounded;
a counter kind that no card and no encoding names is written under a per-query name (facts.py,
private_kinds), so fresh kinds don't pile up either. Printed: the resident memory
(/proc/self/statm) after the warm-up and every ``--every`` queries, and the growth. With
``--group N`` the queries are asked N at a time through Checker.many (`mtgasp batch --group N`:
the facts of state k of a group are interned with k as a first argument, k < N).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from mtgasp.actions import parse_action
from mtgasp.api import Ask, Checker
from mtgasp.state import parse_state

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vs_phase import mtgasp_document  # (benchmarks/ is not a package)

SIZES = (5, 20, 40)


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def document(i: int) -> dict[str, Any]:
    doc = mtgasp_document(SIZES[i % len(SIZES)])
    tag = f"q{i}"
    for o in doc["objects"]:
        o["id"] = f"{o['id']}-{tag}"
    doc["objects"][0]["counters"] = {f"kind-{i}": 1 + i % 3}
    doc["turn"] = 3 + i % 50
    doc["players"][1]["life"] = 20 - i % 19
    return doc


def question(checker: Checker, i: int) -> Ask:
    state = parse_state(document(i), checker.library)
    kind = i % 3
    if kind == 0:
        return Ask("moves", state)
    if kind == 1:
        hand = next(o.id for o in state.objects if o.zone == "hand" and o.card == "Grizzly Bears")
        return Ask("why", state, action=parse_action(f'{{"kind": "cast", "object": "{hand}"}}', state,
                                                     checker.library))
    pool = next(o.id for o in state.objects if o.card == "Reflecting Pool")
    return Ask("mana", state, object=pool)


def ask(checker: Checker, i: int, group: int = 1) -> None:
    """Questions i .. i + group - 1: one at a time (group 1) or together (Checker.many)."""
    if group > 1:
        checker.many([question(checker, j) for j in range(i, i + group)])
        return
    q = question(checker, i)
    if q.query == "moves":
        checker.moves(q.state)
    elif q.query == "why":
        assert q.action is not None
        checker.why(q.state, q.action)
    else:
        checker.mana(q.state, q.object or "")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=100_000)
    ap.add_argument("--every", type=int, default=10_000)
    ap.add_argument("--warmup", type=int, default=300)
    ap.add_argument("--group", type=int, default=1, help="ask N questions at a time (Checker.many)")
    args = ap.parse_args(argv)
    g = max(1, args.group)
    checker = Checker()
    for i in range(0, args.warmup, g):
        ask(checker, i, g)
    base = rss_mb()
    start = time.process_time()
    print(f"after {args.warmup} warm-up queries: RSS {base:.1f} MB", flush=True)
    for i in range(1, args.queries + 1, g):
        ask(checker, args.warmup + i, g)
        i += g - 1
        if i % args.every < g or i >= args.queries:
            cpu = time.process_time() - start
            print(f"{i:>7} queries: RSS {rss_mb():.1f} MB (growth {rss_mb() - base:+.1f} MB), "
                  f"{cpu / i * 1000:.2f} ms CPU per query", flush=True)
    print(f"growth over {args.queries} queries: {rss_mb() - base:+.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
