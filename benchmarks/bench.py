"""Benchmarks: median time per query with the encodings already loaded (one warm process).

    python benchmarks/bench.py [--repeat N] [--json]

States (built here, deterministic):
- midgame:  a two-player mid-game state of about 40 objects (lands, creatures, hands, a spell
            on the stack is left out so that the active player has sorcery-speed moves);
- large:    about 200 objects (both players with big boards, hands, graveyards, exile);
- mana:     60 permanents, 20 of them reflecting lands of both players (Reflecting Pool,
            Exotic Orchard, Fellwar Stone), under Contamination; `mana` asks what a Reflecting
            Pool could produce.
Each query is timed `repeat` times after one warm-up; the median CPU time (time.process_time) is
printed in milliseconds.
Speed targets (issue 2): midgame `moves` median under 10 ms on one core.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from mtgasp.api import Checker
from mtgasp.state import parse_state


def _obj(objs: list, oid: str, card: str, owner: str, zone: str, **kw: Any) -> None:
    objs.append({"id": oid, "card": card, "owner": owner, "zone": zone, **kw})


def midgame() -> dict[str, Any]:
    objs: list[dict[str, Any]] = []
    for who in ("alice", "bob"):
        for i, land in enumerate(["Forest", "Forest", "Mountain", "Island", "Plains", "Reflecting Pool"]):
            _obj(objs, f"{who}-land{i}", land, who, "battlefield")
        for i, c in enumerate(["Llanowar Elves", "Grizzly Bears", "Birds of Paradise", "Walking Ballista"]):
            _obj(objs, f"{who}-cr{i}", c, who, "battlefield", counters={"+1/+1": 2} if c == "Walking Ballista" else {})
        _obj(objs, f"{who}-art", "Fellwar Stone", who, "battlefield")
        for i, c in enumerate(["Lightning Bolt", "Burst Lightning", "Shrapnel Blast", "Grizzly Bears",
                               "Endless One", "Saw It Coming", "Doomskar", "Forest"]):
            _obj(objs, f"{who}-h{i}", c, who, "hand")
    return {"format": 1, "turn": 6, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}


def large() -> dict[str, Any]:
    objs: list[dict[str, Any]] = []
    lands = ["Forest", "Mountain", "Island", "Plains", "Swamp", "Reflecting Pool", "Exotic Orchard", "Vivid Crag"]
    creatures = ["Llanowar Elves", "Grizzly Bears", "Birds of Paradise", "Spectral Sailor", "Pili-Pala",
                 "Goliath Daydreamer", "Freestrider Commando", "Watcher for Tomorrow"]
    spells = ["Lightning Bolt", "Burst Lightning", "Shrapnel Blast", "Grizzly Bears", "Endless One",
              "Walking Ballista", "Saw It Coming", "Doomskar", "Behold the Multiverse", "Starnheim Unleashed",
              "Slickshot Show-Off", "Outcaster Trailblazer"]
    for who in ("alice", "bob"):
        for i in range(24):
            _obj(objs, f"{who}-land{i}", lands[i % len(lands)], who, "battlefield", counters={"charge": 1} if i % 8 == 7 else {})
        for i in range(16):
            _obj(objs, f"{who}-cr{i}", creatures[i % len(creatures)], who, "battlefield",
                 tapped=(i % 3 == 0 and creatures[i % len(creatures)] != "Pili-Pala") or creatures[i % len(creatures)] == "Pili-Pala",
                 controlled_since_turn=9 if i % 4 == 0 else 3)
        for i, c in enumerate(["Fellwar Stone", "Chromatic Lantern", "Fervor", "Wild Growth"]):
            extra = {"attached_to": f"{who}-land0"} if c == "Wild Growth" else {}
            _obj(objs, f"{who}-perm{i}", c, who, "battlefield", **extra)
        for i in range(12):
            _obj(objs, f"{who}-h{i}", spells[i % len(spells)], who, "hand")
        for i in range(20):
            _obj(objs, f"{who}-lib{i}", spells[(i * 5) % len(spells)], who, "library")
        for i in range(14):
            _obj(objs, f"{who}-gy{i}", spells[(i * 7) % len(spells)], who, "graveyard")
        for i in range(10):
            c = ["Saw It Coming", "Doomskar", "Freestrider Commando", "Slickshot Show-Off", "Behold the Multiverse"][i % 5]
            kw = {"face_down": True, "foretold_turn": 8} if c in ("Saw It Coming", "Doomskar", "Behold the Multiverse") else {"plotted_turn": 8}
            _obj(objs, f"{who}-ex{i}", c, who, "exile", **kw)
    return {"format": 1, "turn": 9, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}


def mana_board() -> dict[str, Any]:
    objs: list[dict[str, Any]] = []
    reflecting = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone"]
    basics = ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    n = 0
    for who in ("alice", "bob"):
        for i in range(10):
            _obj(objs, f"{who}-r{i}", reflecting[i % 3], who, "battlefield")
            n += 1
        for i in range(19):
            _obj(objs, f"{who}-b{i}", basics[i % 5] if i < 12 else ["Llanowar Elves", "Grizzly Bears", "Birds of Paradise"][i % 3], who, "battlefield")
            n += 1
    _obj(objs, "cont", "Contamination", "bob", "battlefield")
    _obj(objs, "mr", "Mana Reflection", "alice", "battlefield")
    return {"format": 1, "turn": 4, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}


def timed(fn: Any, repeat: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        t = time.process_time()  # CPU time: the machine may be shared
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    checker = Checker()
    lib = checker.library
    mid = parse_state(midgame(), lib)
    big = parse_state(large(), lib)
    board = parse_state(mana_board(), lib)
    rows = []

    def row(name: str, objects: int, fn: Any, note: str) -> None:
        ms = timed(fn, args.repeat)
        rows.append({"query": name, "objects": objects, "median_ms": round(ms, 2), "note": note})

    mid_moves = len(checker.moves(mid))
    row("moves midgame", len(mid.objects), lambda: checker.moves(mid), f"{mid_moves} legal moves")
    big_moves = len(checker.moves(big))
    row("moves large", len(big.objects), lambda: checker.moves(big), f"{big_moves} legal moves")
    row("mana 60-permanent board", len(board.objects), lambda: checker.mana(board, "alice-r0"),
        f"types {checker.mana(board, 'alice-r0')}")
    row("why (illegal cast) midgame", len(mid.objects),
        lambda: checker.why(mid, _action(mid, lib, '{"kind": "cast", "object": "bob-h0"}', "bob")), "one action")
    if args.json:
        json.dump({"python": sys.version.split()[0], "repeat": args.repeat, "results": rows}, sys.stdout, indent=2)
        print()
    else:
        print(f"{'query':<30} {'objects':>7} {'median ms':>10}  note")
        for r in rows:
            print(f"{r['query']:<30} {r['objects']:>7} {r['median_ms']:>10.2f}  {r['note']}")
    return 0


def _action(state: Any, lib: Any, text: str, player: str) -> Any:
    from mtgasp.actions import parse_action

    return parse_action(text, state, lib, player)


if __name__ == "__main__":
    sys.exit(main())
