#!/usr/bin/env python3
"""Fuzz the command line: generated inputs in, exit code 0/1/2 and no traceback out.

    python tools/fuzz.py --cases 100000 --seed 1 [--timeout 20] [--out fuzz-crashes] [--json FILE]

Each case is generated from (seed, case number) alone, so any case can be replayed
(``--replay N``). A case is one of:

- a mutated example state (fields set to huge, negative, wrong-typed or control-character values,
  removed, objects duplicated or moved between zones) asked ``moves``, ``why``, ``mana``, ``look``
  or ``facts``;
- a random action (every kind, real and unknown ids, ability indexes, granted abilities, X,
  targets) on an example state, through ``why`` and then, when legal, ``apply`` (a legal verdict
  that ``apply`` can't carry out is a wrong verdict);
- a random card file (a built-in card mutated) used by an object of a state, with ``moves``.

Cases run in-process through ``mtgasp.cli.main`` (the CLI's entry point) in a worker process; the
parent gives each case ``--timeout`` seconds and, past it, records a hang, kills the worker and
starts another. A crash is an exception escaping ``main``, exit code 3 (an internal error), any
other exit code than 0/1/2, a traceback in the output, ``--json`` output that isn't JSON, or a wrong
verdict (above). Each crash or hang is saved to ``--out`` (the state, action and card files and the
command line) with the message. Exit 1 if there was any.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
import mtgasp  # (the source tree's package; its encodings are the top-level folder)

if str(ROOT) not in mtgasp.__path__:  # mtgasp.encodings = ROOT/encodings, with any install
    mtgasp.__path__.append(str(ROOT))

RECYCLE = 2000  # cases per worker process
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
CARDS = json.loads((ROOT / "python" / "mtgasp" / "data" / "cards.json").read_text(encoding="utf-8"))

# ---- values ---------------------------------------------------------------------------------------

NASTY_STRINGS = [
    "", " ", "\n", "a\nb", "\x1b[31mred", "\u2028", "\x00", "#script (python)\nimport os\n#end.",
    '"quoted"', "{G}", "{2147483648}", "{X}{X}{X}{X}", "{G}" * 50, "é", "🂡", "x" * 300,
    "precombat_main", "battlefield", "alice", "bob", "Forest", "Saw It Coming",
    "Fblthp, Lost on the Range", "Chromatic Lantern", "+1/+1", "charge", "luck", "stack", "exile",
    "foretell", "plot", "free", "normal", "W", "C",
]
NASTY_INTS = [0, 1, -1, 2, 3, 6, 7, 20, 999, 1000, 1001, 10**6, 10**6 + 1, -10**6 - 1,
              2**31 - 1, 2**31, -2**31 - 1, 2**63, 2**64, 10**30]


def value(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value, biased to the values that break things."""
    r = rng.random()
    if r < 0.35:
        return rng.choice(NASTY_INTS) if rng.random() < 0.7 else rng.randint(-50, 50)
    if r < 0.6:
        return rng.choice(NASTY_STRINGS)
    if r < 0.68:
        return rng.choice([None, True, False, 1.5, -0.0, 1e308])
    if r < 0.8 and depth < 3:
        return [value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if r < 0.9 and depth < 3:
        return {rng.choice(NASTY_STRINGS + ["id", "card", "zone", "index", "source"]): value(rng, depth + 1)
                for _ in range(rng.randint(0, 3))}
    return rng.choice(NASTY_STRINGS)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


STATE_FIELDS = ["turn", "step", "priority", "active_player", "resolving", "consecutive_passes"]
PLAYER_FIELDS = ["life", "lands_played_this_turn", "mana_pool", "last_turn", "library_size",
                 "hand_size", "attackers_this_turn", "damage_taken_this_turn"]
OBJECT_FIELDS = ["id", "card", "owner", "zone", "controller", "face", "tapped", "face_down",
                 "counters", "controlled_since_turn", "attached_to", "foretold_turn", "foretell_cost",
                 "plotted_turn", "exiled_with", "cast_from", "method", "x", "mana_spent", "kicked",
                 "chosen_type", "dream_exile", "refers_to", "targets", "seen_by", "ability"]
ZONES = ["library", "hand", "battlefield", "graveyard", "stack", "exile", "command"]


STEPS = ["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup"]


def mild_mutation(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    """Changes that mostly keep a state valid, so that the rules (not validation) get exercised."""
    doc = copy.deepcopy(doc)
    objects = [o for o in doc.get("objects", []) if isinstance(o, dict)]
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.15:
            doc["step"] = rng.choice(STEPS)
            doc.pop("priority", None)
        elif r < 0.25:
            p = rng.choice(doc["players"])
            p["mana_pool"] = "".join(rng.choice(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}"])
                                     for _ in range(rng.randint(0, 8)))
        elif r < 0.35:
            p = rng.choice(doc["players"])
            p["life"] = rng.randint(-5, 40)
            p["lands_played_this_turn"] = rng.randint(0, 2)
        elif r < 0.55 and objects:
            o = rng.choice(objects)
            if o.get("zone") == "battlefield":
                o["tapped"] = not o.get("tapped", False)
                o["controlled_since_turn"] = rng.randint(0, doc["turn"])
        elif r < 0.7 and objects:
            o = rng.choice(objects)
            if o.get("zone") in ("battlefield", "exile", "stack"):
                o["counters"] = {rng.choice(["+1/+1", "charge", "luck", "dream"]): rng.randint(0, 5)}
        elif r < 0.85 and objects:
            o = rng.choice(objects)
            if "ability" not in o and o.get("zone") in ("hand", "graveyard", "library"):
                o["zone"] = rng.choice(["hand", "graveyard", "library"])
        else:
            doc["objects"].append({"id": f"new{rng.randint(0, 99)}", "card": rng.choice(CARDS["cards"])["name"],
                                   "owner": rng.choice(doc["players"])["name"],
                                   "zone": rng.choice(["hand", "battlefield", "graveyard", "library"])})
    return doc


def mutate_state(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    """One to four mutations of a state document (half of the time, mild ones)."""
    if rng.random() < 0.5:
        return mild_mutation(rng, doc)
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 4)):
        objects = doc.get("objects") if isinstance(doc.get("objects"), list) else []
        r = rng.random()
        if r < 0.15:
            doc[rng.choice(STATE_FIELDS)] = value(rng)
        elif r < 0.3 and isinstance(doc.get("players"), list) and doc["players"]:
            p = rng.choice(doc["players"])
            if isinstance(p, dict):
                p[rng.choice(PLAYER_FIELDS)] = rng.choice(
                    [value(rng), rng.choice(NASTY_INTS), "{G}" * rng.randint(0, 30), "{W}{U}{B}{R}{G}{C}"])
        elif r < 0.55 and objects:
            o = rng.choice(objects)
            if isinstance(o, dict):
                key = rng.choice(OBJECT_FIELDS)
                if key == "zone":
                    o[key] = rng.choice(ZONES)
                elif key == "counters":
                    o[key] = {rng.choice(["+1/+1", "charge", "luck", "dream", "\n"]): rng.choice(NASTY_INTS)}
                elif key in ("attached_to", "exiled_with", "refers_to") and rng.random() < 0.7:
                    o[key] = rng.choice(objects).get("id") if isinstance(rng.choice(objects), dict) else None
                elif key == "targets":
                    o[key] = [x.get("id") for x in rng.sample(objects, min(len(objects), rng.randint(0, 2)))
                              if isinstance(x, dict)]
                elif key == "card" and rng.random() < 0.7:
                    o[key] = rng.choice(CARDS["cards"])["name"]
                elif key == "ability":
                    o[key] = {"source": rng.choice(objects).get("id"), "index": rng.choice([1, 2, 3, 0, 99])}
                else:
                    o[key] = value(rng)
        elif r < 0.65 and objects:
            o = rng.choice(objects)
            if isinstance(o, dict) and o:
                o.pop(rng.choice(list(o)))
        elif r < 0.75 and objects:
            o = copy.deepcopy(rng.choice(objects))
            if isinstance(o, dict) and rng.random() < 0.8:
                o["id"] = f"{o.get('id')}_{rng.randint(0, 99)}"
            objects.append(o)
        elif r < 0.82 and objects:
            objects.pop(rng.randrange(len(objects)))
        elif r < 0.9:
            stack = doc.setdefault("stack", []) if isinstance(doc, dict) else None
            if isinstance(stack, list) and objects and isinstance(objects[0], dict):
                o = rng.choice(objects)
                if isinstance(o, dict):
                    o["zone"] = "stack"
                    stack.append(o.get("id"))
        else:
            path = rng.choice(_paths(doc))
            if path:
                try:
                    _get(doc, path[:-1])[path[-1]] = value(rng)
                except (KeyError, IndexError, TypeError):
                    pass
    return doc


ACTION_KINDS = ["cast"] * 4 + ["play_land", "activate", "activate", "foretell", "plot", "pass",
                                "decline", "choose", "attack"]
GRANTERS = ["Chromatic Lantern", "Fblthp, Lost on the Range", "Dream Devourer", "Forest", "Nope"]


def _ids(doc: Any) -> list[Any]:
    objects = doc.get("objects") if isinstance(doc, dict) else None
    return [o.get("id") for o in objects if isinstance(o, dict)] if isinstance(objects, list) else []


def random_action(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    ids = _ids(doc)
    a: dict[str, Any] = {"kind": rng.choice(ACTION_KINDS)}
    if a["kind"] not in ("pass", "decline") or rng.random() < 0.1:
        a["object"] = rng.choice(ids) if ids and rng.random() < 0.9 else value(rng)
    if rng.random() < 0.7:  # mostly well-formed: the object is one of the acting player's
        return _plausible_action(rng, doc, a)
    if a["kind"] == "cast":
        if rng.random() < 0.4:
            a["method"] = rng.choice(["normal", "foretell", "plot", "free", "flashback"])
        if rng.random() < 0.3:
            a["x"] = rng.choice(NASTY_INTS)
        if rng.random() < 0.2:
            a["additional"] = rng.sample(["kicker", "foretell", "plot", "free"], rng.randint(1, 2))
        if rng.random() < 0.3 and ids:
            a["targets"] = rng.sample(ids, min(len(ids), rng.randint(1, 2)))
        if rng.random() < 0.1:
            a["face"] = rng.choice(NASTY_STRINGS)
    if a["kind"] in ("activate", "plot") and rng.random() < 0.9:
        if rng.random() < 0.3:
            a["ability"] = {"granted_by": rng.choice(GRANTERS), "index": rng.choice([1, 2, 0, 2**31])}
        else:
            a["ability"] = rng.choice([1, 1, 2, 3, 0, -1, 99, 2**31, "1", None])
    if rng.random() < 0.05:
        a[rng.choice(["x", "ability", "targets", "zone", "kicker"])] = value(rng)
    return a


def _plausible_action(rng: random.Random, doc: dict[str, Any], a: dict[str, Any]) -> dict[str, Any]:
    listed = doc.get("objects") if isinstance(doc, dict) else None  # a mutation may make it any value
    objects = [o for o in listed if isinstance(o, dict) and "card" in o] if isinstance(listed, list) else []
    if a["kind"] in ("pass", "decline") or not objects:
        return {"kind": a["kind"] if a["kind"] in ("pass", "decline") else "pass"}
    o = rng.choice(objects)
    a["object"] = o.get("id")
    if a["kind"] == "attack":
        a["kind"] = "cast"
    if a["kind"] == "cast":
        a["method"] = rng.choice(["normal", "normal", "foretell", "plot", "free"])
        if rng.random() < 0.3:
            a["x"] = rng.randint(0, 6)
        if rng.random() < 0.2:
            a["additional"] = ["kicker"]
        ids = _ids(doc)
        if rng.random() < 0.3 and ids:
            a["targets"] = [rng.choice(ids)]
    if a["kind"] in ("activate", "plot") and (a["kind"] == "activate" or rng.random() < 0.3):
        a["ability"] = (rng.choice([1, 1, 2, 3]) if rng.random() < 0.8 else
                        {"granted_by": rng.choice(GRANTERS[:3]), "index": 1})
    return a


def mutate_card(rng: random.Random) -> dict[str, Any]:
    card = copy.deepcopy(rng.choice(CARDS["cards"]))
    card["name"] = "Fuzz " + card["name"] if rng.random() < 0.8 else card["name"]
    if card.get("layout") == "normal" and card.get("faces"):
        card["faces"][0]["name"] = card["name"]
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_paths(card))
        if not path:
            continue
        try:
            parent = _get(card, path[:-1])
            old = parent[path[-1]]
            if isinstance(old, int) and not isinstance(old, bool):
                parent[path[-1]] = rng.choice(NASTY_INTS)
            elif isinstance(old, str) and "{" in old:
                parent[path[-1]] = rng.choice(["{2147483648}", "{X}{X}{X}{X}", "{1000}{1}", "{G}" * 101,
                                               "{999}", "{X}", "{C}{C}", "{P}", ""])
            elif rng.random() < 0.3 and isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent[path[-1]] = value(rng)
        except (KeyError, IndexError, TypeError):
            pass
    return {"format": 1, "cards": [card]}


# ---- cases ----------------------------------------------------------------------------------------


def make_case(seed: int, n: int) -> dict[str, Any]:
    """Case n of a run: {"argv": [...], "files": {name: text}, "kind": ...} (paths relative to a
    folder the runner creates)."""
    rng = random.Random(f"{seed}:{n}")
    example = rng.choice(EXAMPLES)
    doc = json.loads(example.read_text(encoding="utf-8"))
    kind = rng.choices(["state", "action", "cards"], weights=[45, 40, 15])[0]
    files: dict[str, str] = {}
    argv: list[str]
    if kind == "state":
        doc = mutate_state(rng, doc)
        files["state.json"] = json.dumps(doc, ensure_ascii=False)
        command = rng.choice(["moves", "moves", "why", "mana", "look", "facts", "apply"])
        if command in ("why", "apply"):
            argv = [command, "state.json", json.dumps(random_action(rng, doc))]
        elif command == "mana":
            ids = _ids(doc) or ["x"]
            argv = ["mana", "state.json", str(rng.choice(ids))] + (["--explain"] if rng.random() < 0.3 else [])
        elif command == "look":
            argv = ["look", "state.json", rng.choice(["alice", "bob", "carol"])]
        else:
            argv = [command, "state.json"] + (["--all"] if command == "moves" and rng.random() < 0.3 else [])
    elif kind == "action":
        if rng.random() < 0.3:
            doc = mutate_state(rng, doc)
        files["state.json"] = json.dumps(doc, ensure_ascii=False)
        argv = ["why", "state.json", json.dumps(random_action(rng, doc))]
        if rng.random() < 0.2:
            argv += ["--player", rng.choice(["alice", "bob", "eve"])]
    else:
        cards = mutate_card(rng)
        files["cards.json"] = json.dumps(cards, ensure_ascii=False)
        card = cards["cards"][0]
        name = card.get("name") if isinstance(card, dict) else None
        if isinstance(name, str):
            owner = doc["players"][0]["name"]
            zone = rng.choice(["battlefield", "hand", "exile", "library", "graveyard"])
            doc["objects"].append({"id": "fuzz_card", "card": name, "owner": owner, "zone": zone})
        files["state.json"] = json.dumps(doc, ensure_ascii=False)
        argv = ["moves", "state.json", "--cards", "cards.json"]
    if rng.random() < 0.4:
        argv.append("--json")
    return {"n": n, "kind": kind, "argv": argv, "files": files}


def run_case(case: dict[str, Any], folder: Path) -> tuple[str, str, Any]:
    """Run one case in this process: ("ok", "", exit code) or ("crash", what went wrong, exit code)."""
    from mtgasp.cli import main

    for name, text in case["files"].items():
        (folder / name).write_text(text, encoding="utf-8")
    argv = [str(folder / a) if a in case["files"] else a for a in case["argv"]]
    rc, out, err = _call(main, argv)
    problem = _judge(rc, out, err, argv)
    if problem is None and case["argv"][0] == "why" and rc == 0:
        problem = _cross_check(main, argv, out)
    return ("ok", "", rc) if problem is None else ("crash", problem, rc)


def _call(main: Any, argv: list[str]) -> tuple[Any, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:  # argparse
            rc = e.code if isinstance(e.code, int) else 2
        except BaseException as e:  # noqa: BLE001 (that is the finding)
            import traceback

            return "exception", out.getvalue(), err.getvalue() + "".join(traceback.format_exception(e))
    return rc, out.getvalue(), err.getvalue()


def _judge(rc: Any, out: str, err: str, argv: list[str]) -> str | None:
    if rc == "exception":
        return "exception escaped main:\n" + err[-3000:]
    if rc not in (0, 1, 2):
        return f"exit code {rc}:\n{err[-2000:]}"
    if "Traceback" in out or "Traceback" in err:
        return "traceback in the output:\n" + (out + err)[-3000:]
    if "--json" in argv:
        try:
            json.loads(out)
        except ValueError:
            return f"--json output is not JSON (exit {rc}): {out[:500]!r}"
    return None


def _cross_check(main: Any, argv: list[str], out: str) -> str | None:
    """A legal verdict must be carried out by apply (else the verdict was wrong)."""
    if "--json" in argv:
        legal = json.loads(out).get("legal") is True
    else:
        legal = out.startswith("legal:")
    if not legal:
        return None
    apply_argv = ["apply", *argv[1:]]
    if "--json" not in apply_argv:
        apply_argv.append("--json")
    rc, aout, aerr = _call(main, apply_argv)
    problem = _judge(rc, aout, aerr, apply_argv)
    if problem is not None:
        return "apply of a legal action: " + problem
    if rc == 2 and "action.targets" in aerr and '"targets"' not in argv[2]:
        return None  # why answers whether some target exists; apply needs the choice (601.2c)
    if rc != 0:
        return f"why said legal, apply exited {rc}: {aerr[-1000:]}"
    return None


# ---- the runner -----------------------------------------------------------------------------------


def _worker(conn: Any, seed: int) -> None:
    with tempfile.TemporaryDirectory(prefix="mtgasp-fuzz-") as tmp:
        folder = Path(tmp)
        while True:
            n = conn.recv()
            if n is None:
                return
            try:
                case = make_case(seed, n)
            except Exception as e:  # noqa: BLE001 (a bug of this tool, not of mtgasp)
                conn.send((n, "ok", f"generator error: {e!r}", "generator error"))
                continue
            status, message, rc = run_case(case, folder)
            conn.send((n, status, message, rc))


def save(out: Path, seed: int, n: int, status: str, message: str) -> Path:
    case = make_case(seed, n)
    folder = out / f"seed{seed}-case{n}-{status}"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in case["files"].items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "command.txt").write_text(
        "mtgasp " + " ".join(_quote(a) for a in case["argv"]) + "\n", encoding="utf-8")
    (folder / "message.txt").write_text(message + "\n", encoding="utf-8")
    return folder


def _quote(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


def run(cases: int, seed: int, timeout: float, out: Path, start: int = 0,
        log: Any = sys.stderr, every: int = 1000, max_seconds: float | None = None) -> dict[str, Any]:
    ctx: Any = mp.get_context("fork" if hasattr(os, "fork") else "spawn")
    t0 = time.monotonic()
    crashes: list[dict[str, Any]] = []
    generator_errors: list[dict[str, Any]] = []  # bugs of this tool, listed so they can be replayed
    hangs: list[dict[str, Any]] = []
    done = 0
    exits: dict[str, int] = {}
    slowest = (0.0, -1)

    def start_worker() -> tuple[Any, Any]:
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(child, seed), daemon=True)
        proc.start()
        return proc, parent

    proc, conn = start_worker()
    try:
        for n in range(start, start + cases):
            t = time.monotonic()
            if max_seconds is not None and t - t0 > max_seconds:
                print(f"time budget of {max_seconds} s spent after {done} cases", file=log)
                break
            conn.send(n)
            answered = conn.poll(timeout)
            if answered:
                try:
                    _n, status, message, rc = conn.recv()
                except EOFError:  # the worker died (e.g. killed for memory): a crash
                    status, message, rc = "crash", "the worker process died", "died"
                    proc.join()
                    proc, conn = start_worker()
                exits[str(rc)] = exits.get(str(rc), 0) + 1
                if rc == "generator error":
                    generator_errors.append({"case": n, "message": message})
                if status != "ok":
                    folder = save(out, seed, n, status, message)
                    crashes.append({"case": n, "saved": str(folder), "message": message.splitlines()[0]})
                    print(f"case {n}: CRASH ({message.splitlines()[0]}) saved to {folder}", file=log)
            else:
                proc.kill()
                proc.join()
                folder = save(out, seed, n, "hang", f"no answer within {timeout} s")
                hangs.append({"case": n, "saved": str(folder)})
                print(f"case {n}: HANG (> {timeout} s) saved to {folder}", file=log)
                proc, conn = start_worker()
            if (n - start + 1) % RECYCLE == 0:  # process-wide caches (one per card library) grow
                conn.send(None)
                proc.join(5)
                if proc.is_alive():
                    proc.kill()
                proc, conn = start_worker()
            took = time.monotonic() - t
            slowest = max(slowest, (took, n))
            done += 1
            if every and done % every == 0:
                rate = done / (time.monotonic() - t0)
                print(f"{done} cases, {len(crashes)} crashes, {len(hangs)} hangs, {rate:.1f} cases/s",
                      file=log, flush=True)
    finally:
        with contextlib.suppress(OSError, ValueError):
            conn.send(None)
        proc.join(5)
        if proc.is_alive():
            proc.kill()
    return {"cases": done, "seed": seed, "start": start, "crashes": crashes, "hangs": hangs,
            "seconds": round(time.monotonic() - t0, 1), "timeout": timeout, "exit_codes": exits,
            "generator_errors": generator_errors,
            "slowest_case": {"case": slowest[1], "seconds": round(slowest[0], 2)}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=1000, help="how many cases (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--start", type=int, default=0, help="the first case number (default 0)")
    p.add_argument("--timeout", type=float, default=20.0, help="seconds per case before it counts as a hang")
    p.add_argument("--out", default="fuzz-crashes", help="folder for the inputs of crashes and hangs")
    p.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    p.add_argument("--max-seconds", type=float, help="stop after this long (the summary says how far it got)")
    p.add_argument("--replay", type=int, metavar="N", help="run case N in this process and print it")
    args = p.parse_args(argv)
    if args.replay is not None:
        case = make_case(args.seed, args.replay)
        print("mtgasp " + " ".join(_quote(a) for a in case["argv"]))
        with tempfile.TemporaryDirectory() as tmp:
            status, message, _rc = run_case(case, Path(tmp))
        print(status, message)
        return 0 if status == "ok" else 1
    summary = run(args.cases, args.seed, args.timeout, Path(args.out), args.start,
                  max_seconds=args.max_seconds)
    text = json.dumps(summary, indent=2)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    print(text)
    return 1 if summary["crashes"] or summary["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
