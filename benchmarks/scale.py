"""How `moves` grows with the number of objects (issue 10: linear; 10,000 objects in under 5 s and
300 MB).

    python benchmarks/scale.py [--sizes 1000 2000 5000 10000] [--query moves|why]

Each size is measured in a fresh process (so the memory figure is that query's own): the state
has N objects of two players: a quarter on the battlefield (lands, mana creatures, creatures,
reflecting lands, artifacts), a few cards in hand, the rest in libraries, graveyards and exile
(foretold and plotted cards among them). Printed: CPU seconds of one `moves` (after a warm-up on a
small state), and the peak resident memory of the process (ru_maxrss).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from typing import Any

LANDS = ["Forest", "Mountain", "Island", "Plains", "Swamp", "Reflecting Pool", "Exotic Orchard"]
CREATURES = ["Llanowar Elves", "Grizzly Bears", "Birds of Paradise", "Spectral Sailor", "Pili-Pala"]
SPELLS = ["Lightning Bolt", "Burst Lightning", "Shrapnel Blast", "Grizzly Bears", "Endless One",
          "Walking Ballista", "Saw It Coming", "Doomskar", "Behold the Multiverse"]


def document(n: int) -> dict[str, Any]:
    objs: list[dict[str, Any]] = []
    for i in range(n):
        who = ("alice", "bob")[i % 2]
        k = i // 2
        r = k % 8
        oid = f"{who}-{k}"
        if r in (0, 1):  # a quarter on the battlefield
            card = (LANDS + CREATURES)[k % 12]
            objs.append({"id": oid, "card": card, "owner": who, "zone": "battlefield", "controlled_since_turn": 2})
        elif r == 2 and k < 40:
            objs.append({"id": oid, "card": SPELLS[k % len(SPELLS)], "owner": who, "zone": "hand"})
        elif r == 3 and k % 5 == 0 and SPELLS[k % len(SPELLS)] in ("Saw It Coming", "Doomskar", "Behold the Multiverse"):
            objs.append({"id": oid, "card": SPELLS[k % len(SPELLS)], "owner": who, "zone": "exile",
                         "face_down": True, "foretold_turn": 3})
        elif r in (3, 4):
            objs.append({"id": oid, "card": SPELLS[k % len(SPELLS)], "owner": who, "zone": "graveyard"})
        else:
            objs.append({"id": oid, "card": SPELLS[k % len(SPELLS)], "owner": who, "zone": "library"})
    return {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}


def one(n: int, query: str) -> dict[str, Any]:
    from mtgasp.actions import parse_action
    from mtgasp.api import Checker
    from mtgasp.state import parse_state

    checker = Checker()
    checker.moves(parse_state(document(20), checker.library))  # warm: encodings parsed
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.process_time()
    state = parse_state(document(n), checker.library)
    t_parse = time.process_time() - t
    t = time.process_time()
    if query == "moves":
        answer = len(checker.moves(state))
    else:
        answer = checker.why(state, parse_action('{"kind": "pass"}', state, checker.library)).legal
    cpu = time.process_time() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"objects": n, "query": query, "parse_s": round(t_parse, 3), "cpu_s": round(cpu, 3),
            "peak_rss_mb": round(rss / 1024, 1), "growth_mb": round((rss - rss0) / 1024, 1),
            "answer": answer}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000, 10000])
    ap.add_argument("--query", choices=("moves", "why"), default="moves")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one, args.query)))
        return 0
    print(f"{'objects':>8} {'query':>6} {'parse s':>8} {'cpu s':>8} {'peak MB':>8}  answer")
    for n in args.sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n), "--query", args.query],
                             capture_output=True, text=True, check=True).stdout
        r = json.loads(out)
        print(f"{r['objects']:>8} {r['query']:>6} {r['parse_s']:>8.3f} {r['cpu_s']:>8.3f} "
              f"{r['peak_rss_mb']:>8.1f}  {r['answer']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
