"""mtgasp vs phase.rs: the same boards in both engines, the same legal actions, CPU time side by side.

    pip install -e '.[bench]'            # phase-python (the phase.rs engine's Python bindings)
    python benchmarks/vs_phase.py [--sizes 5 20 40 80 160] [--repeat 30] [--json] [--mtgasp-only]
    python benchmarks/vs_phase.py --batch 400 [--workers 2] [--board 40] [--group 8]

Boards: N permanents (basic lands, Llanowar Elves, Birds of Paradise, Grizzly Bears, Reflecting
Pool), dealt alternately to alice and bob; alice has 7 cards in hand (three lands, two Grizzly
Bears, Llanowar Elves, Birds of Paradise) and priority in her precombat main phase; no creature is
summoning sick; no land played this turn.

phase.rs reads MTGJSON-shaped card data (``phase-gen -i AtomicCards.json -o card-data.json``); it is
written here from the card library's Oracle text (name, colors, colorIdentity, layout, manaValue,
identifiers.scryfallOracleId, type line, text, power/toughness) with phase's own converter
(``phase.build_oracle_face``, which is what phase-gen calls). The phase.rs game is built with its
debug actions: a game is started with decks holding the board's cards, mulligans are kept, priority
is passed to the precombat main phase, debug mode is switched on in the saved state, and each card
is moved from the library to the battlefield or hand (Debug MoveToZone; SetSummoningSickness off).
Debug CreateCard is refused outside phase's WASM layer, hence the decks.

Checked: both list the same actions as (kind, card) multisets, mtgasp's mana abilities aside
(phase.rs doesn't list mana abilities as actions: they are activated while paying). Timed: the
median CPU time (time.process_time) of ``Checker.moves(state)`` and of phase's ``game.actions()``,
interleaved in one run so that machine load hits both alike.

With --batch N: throughput (wall clock) of `mtgasp batch` (N lines, each the board with its own
object ids, --workers processes) against phase.rs's single-process ``game.actions()`` on the same
board, N calls.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from typing import Any

from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.model import GameState
from mtgasp.state import parse_state

PATTERN = ["Forest", "Llanowar Elves", "Island", "Grizzly Bears", "Reflecting Pool", "Mountain",
           "Birds of Paradise", "Plains", "Swamp", "Forest"]
HAND = ["Forest", "Island", "Mountain", "Grizzly Bears", "Grizzly Bears", "Llanowar Elves",
        "Birds of Paradise"]
PLAYERS = ("alice", "bob")
SIZES = (5, 20, 40, 80, 160)


def board_cards(n: int) -> dict[str, list[str]]:
    """The permanents of each player (alternately dealt) and alice's hand."""
    perms: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for i in range(n):
        perms[PLAYERS[i % 2]].append(PATTERN[(i // 2) % len(PATTERN)])
    return {"alice_battlefield": perms["alice"], "bob_battlefield": perms["bob"], "alice_hand": list(HAND)}


def mtgasp_document(n: int) -> dict[str, Any]:
    """The board as an mtgasp state document (turn 3, alice's precombat main phase)."""
    b = board_cards(n)
    objs: list[dict[str, Any]] = []
    for who in PLAYERS:
        for i, card in enumerate(b[f"{who}_battlefield"]):
            objs.append({"id": f"{who}-p{i}", "card": card, "owner": who, "zone": "battlefield",
                         "controlled_since_turn": 1})
    for i, card in enumerate(b["alice_hand"]):
        objs.append({"id": f"alice-h{i}", "card": card, "owner": "alice", "zone": "hand"})
    return {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
            "priority": "alice", "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}


def mtgasp_actions(state: GameState, moves: list[Any]) -> Counter:
    """(kind, card) of each legal move, mana abilities aside."""
    out: Counter = Counter()
    lib = CardLibrary.builtin()
    for v in moves:
        a = v.action
        if a.kind == "activate":
            o = state.obj(a.object)
            card = lib.get(o.card) if o is not None else None
            ab = next((x for f in card.faces for x in f.abilities if x.index == a.ability), None) if card else None
            if ab is not None and "mana" in ab.spec:
                continue
        card_name = state.obj(a.object).card if a.object else None
        out[(a.kind, card_name)] += 1
    return out


# ---- phase.rs ---------------------------------------------------------------------------------------

def card_data(library: CardLibrary, names: set[str]) -> dict[str, Any]:
    """phase.rs card data for these cards, from the card library's Oracle text (MTGJSON-shaped
    AtomicCards faces converted by phase's build_oracle_face, as phase-gen does)."""
    from phase import build_oracle_face  # type: ignore[import-not-found]

    out: dict[str, Any] = {}
    for name in sorted(names):
        assert library.get(name) is not None, name
        raw = library_raw(name)
        cost = raw.get("mana_cost")
        syms = re.findall(r"\{([^}]+)\}", cost or "")
        colors = sorted({s for s in syms if s in "WUBRG"}, key="WUBRG".index)
        type_line = " ".join(raw.get("supertypes", []) + raw["types"])
        if raw.get("subtypes"):
            type_line += " — " + " ".join(raw["subtypes"])
        src: dict[str, Any] = {
            "name": name, "colors": colors, "colorIdentity": colors, "layout": "normal",
            "manaValue": float(sum(int(s) if s.isdigit() else 1 for s in syms if s != "X")),
            "identifiers": {"scryfallOracleId": str(uuid.uuid5(uuid.NAMESPACE_URL, "mtgasp:" + name))},
            "type": type_line, "types": raw["types"], "subtypes": raw.get("subtypes", []),
            "supertypes": raw.get("supertypes", []), "text": raw.get("oracle", ""),
        }
        if cost:
            src["manaCost"] = cost
        if "power" in raw:
            src["power"], src["toughness"] = str(raw["power"]), str(raw["toughness"])
        out[name.lower()] = build_oracle_face(src, src["identifiers"]["scryfallOracleId"])
    return out


def library_raw(name: str) -> dict[str, Any]:
    """The first face of a built-in card as written in cards.json."""
    from importlib import resources

    global _RAW
    if not _RAW:
        doc = json.loads(resources.files("mtgasp.data").joinpath("cards.json").read_text("utf-8"))
        _RAW = {c["name"]: c["faces"][0] for c in doc["cards"]}
    return _RAW[name]


_RAW: dict[str, Any] = {}


def phase_game(engine: Any, n: int) -> Any:
    """The board as a phase.rs game, built with debug actions."""
    from phase import GameAction

    b = board_cards(n)
    filler = 30
    decks = {0: b["alice_battlefield"] + b["alice_hand"] + ["Plains"] * filler,
             1: b["bob_battlefield"] + ["Swamp"] * filler}
    g = engine.new_game(player=decks[0], opponent=decks[1], seed=7, first_player=0)
    act = GameAction.from_dict
    while g.waiting_for()["type"] == "MulliganDecision":
        p = g.waiting_for()["data"]["pending"][0]["player"]
        g.apply(p, act({"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}))
    while g.phase != "PreCombatMain":
        g.apply(g.priority_player(), act({"type": "PassPriority"}))
    saved = g.state()
    saved["state"]["debug_mode"] = True
    saved["state"]["debug_permitted"] = [0, 1]
    g = engine.load_game(saved)

    def debug(kind: str, **data: Any) -> None:
        g.apply(0, act({"type": "Debug", "data": {"type": kind, "data": data}}))

    for seat in (0, 1):
        for o in g.hand(seat):
            debug("MoveToZone", object_id=o["id"], to_zone="Library")
    objects = g.state()["state"]["objects"]
    library: dict[int, list[Any]] = {0: [], 1: []}
    for o in sorted(objects.values(), key=lambda o: o["id"]):
        if o["zone"] == "Library":
            library[o["owner"]].append(o)

    def take(seat: int, name: str) -> int:
        for i, o in enumerate(library[seat]):
            if o["name"] == name:
                return library[seat].pop(i)["id"]
        raise AssertionError(f"{name} not in seat {seat}'s library")

    for seat, who in ((0, "alice"), (1, "bob")):
        for name in b[f"{who}_battlefield"]:
            oid = take(seat, name)
            debug("MoveToZone", object_id=oid, to_zone="Battlefield")
            debug("SetSummoningSickness", object_id=oid, sick=False)
    for name in b["alice_hand"]:
        debug("MoveToZone", object_id=take(0, name), to_zone="Hand")
    assert g.priority_player() == 0 and g.phase == "PreCombatMain", (g.phase, g.waiting_for())
    assert len(g.hand(0)) == 7 and len(g.battlefield()) == n
    return g


_PHASE_KIND = {"PassPriority": "pass", "PlayLand": "play_land", "CastSpell": "cast",
               "ActivateAbility": "activate"}


def phase_actions(g: Any, actions: list[Any]) -> Counter:
    out: Counter = Counter()
    for a in actions:
        kind = _PHASE_KIND.get(a.kind, a.kind)
        data = a.data or {}
        oid = data.get("object_id", data.get("source_id"))
        out[(kind, g.object(oid)["name"] if oid is not None else None)] += 1
    return out


def cpu_ms(fn: Any) -> float:
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--mtgasp-only", action="store_true", help="don't run phase.rs")
    ap.add_argument("--batch", type=int, metavar="N", help="measure batch throughput on N lines instead")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--board", type=int, default=40)
    ap.add_argument("--group", type=int, default=1, help="mtgasp batch --group: states grounded together")
    args = ap.parse_args(argv)
    checker = Checker()
    engine = None
    why_not = ""
    if not args.mtgasp_only:
        try:
            from phase import Engine  # type: ignore[import-not-found]
        except ImportError:
            why_not = "phase-python is not installed (pip install -e '.[bench]')"
        else:
            names = set(PATTERN) | set(HAND) | {"Plains", "Swamp"}
            data = card_data(checker.library, names)
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "card-data.json")
                with open(path, "w", encoding="utf-8") as fh:
                    json.dump(data, fh)
                engine = Engine.from_path(path)
    if args.batch:
        return batch_throughput(args, engine, why_not)
    rows = []
    for n in args.sizes:
        state = parse_state(mtgasp_document(n), checker.library)
        moves = checker.moves(state)
        ours = mtgasp_actions(state, moves)
        row: dict[str, Any] = {"permanents": n, "actions": sum(ours.values()),
                               "mana_abilities": len(moves) - sum(ours.values())}
        game = phase_game(engine, n) if engine is not None else None
        if game is not None:
            theirs = phase_actions(game, game.actions())
            row["same_actions"] = ours == theirs
            if ours != theirs:
                row["only_mtgasp"] = sorted(map(list, (ours - theirs).elements()))
                row["only_phase"] = sorted(map(list, (theirs - ours).elements()))
        ours_t, theirs_t = [], []
        for _ in range(args.repeat):  # interleaved: load on the machine hits both alike
            ours_t.append(cpu_ms(lambda st=state: checker.moves(st)))
            if game is not None:
                theirs_t.append(cpu_ms(game.actions))
        row["mtgasp_ms"] = round(statistics.median(ours_t), 2)
        if theirs_t:
            row["phase_ms"] = round(statistics.median(theirs_t), 2)
            row["ratio"] = round(row["phase_ms"] / row["mtgasp_ms"], 2)
        rows.append(row)
        if not args.json:
            _print_row(row, first=len(rows) == 1)
    if args.json:
        json.dump({"python": sys.version.split()[0], "repeat": args.repeat, "phase": why_not or "used",
                   "results": rows}, sys.stdout, indent=2)
        print()
    elif why_not:
        print(f"phase.rs not measured: {why_not}")
    return 0 if all(r.get("same_actions", True) for r in rows) else 1


def batch_throughput(args: argparse.Namespace, engine: Any, why_not: str) -> int:
    from mtgasp.batch import run_batch

    lines = []
    for i in range(args.batch):
        doc = mtgasp_document(args.board)
        for o in doc["objects"]:
            o["id"] = f"{o['id']}-{i}"
        lines.append(json.dumps({"state": doc}))
    t = time.perf_counter()
    answers = list(run_batch(lines, "moves", workers=args.workers, chunk_size=16, group=args.group))
    ours = len(answers) / (time.perf_counter() - t)
    assert all("moves" in a for a in answers), [a for a in answers if "moves" not in a][:1]
    out = {"board": args.board, "lines": args.batch, "workers": args.workers, "group": args.group,
           "mtgasp_batch_per_s": round(ours, 1)}
    if engine is not None:
        game = phase_game(engine, args.board)
        t = time.perf_counter()
        for _ in range(args.batch):
            game.actions()
        theirs = args.batch / (time.perf_counter() - t)
        out.update({"phase_actions_per_s": round(theirs, 1), "ratio": round(ours / theirs, 2)})
    if args.json:
        json.dump(out, sys.stdout, indent=2)
        print()
    else:
        print(f"{args.board}-permanent board, {args.batch} lines: mtgasp batch --workers {args.workers} "
              f"--group {args.group}: "
              f"{ours:.0f}/s", end="")
        if engine is not None:
            print(f"; phase.rs actions(), one process: {out['phase_actions_per_s']:.0f}/s; "
                  f"mtgasp/phase.rs: {out['ratio']:.2f}")
        else:
            print(f"\nphase.rs not measured: {why_not}")
    return 0


def _print_row(r: dict[str, Any], first: bool) -> None:
    if first:
        print(f"{'permanents':>10} {'actions':>7} {'same':>5} {'mtgasp ms':>10} {'phase.rs ms':>12} "
              f"{'phase/mtgasp':>12}")
    same = {True: "yes", False: "NO", None: "-"}[r.get("same_actions")]
    print(f"{r['permanents']:>10} {r['actions']:>7} {same:>5} {r['mtgasp_ms']:>10.2f} "
          f"{r.get('phase_ms', float('nan')):>12.2f} {r.get('ratio', float('nan')):>12.2f}")
    if r.get("same_actions") is False:
        print(f"    only mtgasp: {r['only_mtgasp']}\n    only phase.rs: {r['only_phase']}")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
