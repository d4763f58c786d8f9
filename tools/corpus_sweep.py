"""Corpus sweep: every legal move of every corpus state applied, and the next state read back.

    python tools/corpus_sweep.py LO HI OUT.jsonl [--step N] [--depth 1|2]

Over the sorted corpus files [LO:HI) (every Nth with --step), each scenario's state (with its
embedded cards) gets its default player's legal moves (`Checker.moves`); each is applied to the state with
`apply_action`, and the next state must load back with `parse_state`. With
--depth 2 every legal move of each next state is applied too. Every line of OUT is a defect
candidate: `apply-crash` (an internal error), `apply-refused` (apply refused a move `moves` listed:
a wrong verdict on one side), `apply` (bad input other than a missing target), `reload` (apply
wrote an invalid state), `mutated-input` (apply changed the state it was given: every move is
applied to the same state object), `moves` (moves crashed). Counts go to standard error.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
import traceback
from typing import Any

from mtgasp.api import Checker, default_player
from mtgasp.apply import apply_action
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.scenarios import corpus_files, load_scenario
from mtgasp.state import dump_state, parse_state


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("lo", type=int)
    ap.add_argument("hi", type=int)
    ap.add_argument("out")
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--depth", type=int, choices=(1, 2), default=1)
    args = ap.parse_args()
    base = Checker()
    counts = {"scenarios": 0, "depth1": 0, "depth2": 0}
    with open(args.out, "w") as out:
        def rec(**kw: Any) -> None:
            out.write(json.dumps(kw) + "\n")
            out.flush()

        def sweep(chk: Checker, doc: dict[str, Any], name: str, path: list[str]) -> list[dict[str, Any]]:
            state = parse_state(doc, chk.library, source="state")
            player = default_player(state, chk.library)
            if player is None:
                return []
            try:
                moves = chk.moves(state, player)
            except Exception:  # noqa: BLE001 (any crash is a finding)
                rec(scenario=name, path=path, stage="moves", error=traceback.format_exc()[-800:])
                return []
            nexts = []
            before = copy.deepcopy(dump_state(state))
            for v in moves:
                if not v.legal:
                    continue
                counts[f"depth{len(path) + 1}"] += 1
                act = str(v.action)
                try:
                    a = apply_action(chk, state, v.action, player)
                except InputError as e:
                    if "targets" not in str(e):
                        rec(scenario=name, path=path, action=act, stage="apply", error=str(e))
                    continue
                except Exception:  # noqa: BLE001 (any crash is a finding)
                    rec(scenario=name, path=path, action=act, stage="apply-crash",
                        error=traceback.format_exc()[-800:])
                    continue
                if dump_state(state) != before:   # apply must leave the state it was given alone
                    rec(scenario=name, path=path, action=act, stage="mutated-input", error="")
                    state = parse_state(doc, chk.library, source="state")
                if not a.legal:
                    rec(scenario=name, path=path, action=act, stage="apply-refused",
                        error=str(a.verdict.reasons)[:500])
                    continue
                try:
                    parse_state(a.state, chk.library, source="next")
                except Exception as e:  # noqa: BLE001 (any crash is a finding)
                    rec(scenario=name, path=path, action=act, stage="reload", error=str(e)[:800])
                    continue
                nexts.append(a.state)
            return nexts

        for i, (name, text) in enumerate(corpus_files()[args.lo:args.hi]):
            if i % args.step:
                continue
            scenario = load_scenario(name, text)
            chk = base
            if scenario.get("cards"):
                chk = Checker(CardLibrary.from_data({"format": 1, "cards": scenario["cards"]},
                                                    source=name, base=base.library))
            counts["scenarios"] += 1
            for nxt in sweep(chk, scenario["state"], name, []):
                if args.depth == 2:
                    sweep(chk, nxt, name, ["depth 1"])
    print(json.dumps(counts), file=sys.stderr)


if __name__ == "__main__":
    main()
