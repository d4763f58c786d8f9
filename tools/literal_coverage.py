#!/usr/bin/env python3
"""Which body literals of the encodings does the rulings corpus ever make matter?

A literal ``L`` of a rule ``H :- B1, ..., L, ..., Bn.`` is *probed* in a query when some ground
instance has the rest of the body holding and ``L`` failing: exactly the instances where the rule
with ``L`` dropped (tools/mutate.py's ``drop``) or with ``not`` added to or removed from ``L``
(``negate``) derives what the rule doesn't. The tool gives every such literal a twin
``mtgasp_probe(N,J) :- B1, ..., not L, ..., Bn.`` (N numbers the rule as tools/rule_coverage.py does,
J the literal), runs every scenario of the corpus and reads the ``mtgasp_probe/2`` atoms after each
ground call. It prints the literals that no scenario ever probed.

A literal never probed is one whose drop or negate mutant no scenario can notice: either no scenario
reaches the case (write one), or no valid state can (the literal is implied by the others: the
mutant is equivalent, and the literal may go). Probed is not thereby checked (a scenario must also
look at what the rule derives), so this is a lower bound of what the corpus misses.

    python tools/literal_coverage.py [--files a.lp,b.lp] [SCENARIO_FILES...]

Twins that would be unsafe (``L`` binds a variable that nothing else binds: its drop mutant is not a
rule) and conditional literals are not probed; they are counted apart.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import clingo
from clingo import ast

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rule_coverage  # (puts the source tree's package first on the path)
from rule_coverage import grounding_hooks, keys, numbered_rules, rule_key, run_corpus

solver = rule_coverage.solver

PROBE = "mtgasp_probe"


def flipped(lit: Any) -> Any | None:
    """``not L`` for ``L``, ``L`` for ``not L`` and ``not not L``; None for a conditional literal."""
    if lit.ast_type != ast.ASTType.Literal:
        return None
    sign = ast.Sign.Negation if lit.sign != ast.Sign.Negation else ast.Sign.NoSign
    return lit.update(sign=sign)


def safe(stm: Any) -> bool:
    """Whether clingo accepts the rule (grounded alone, with no facts)."""
    ctl = clingo.Control(["--warn=none"], logger=lambda _c, _m: None)
    try:
        with ast.ProgramBuilder(ctl) as pb:
            pb.add(stm)
        ctl.ground([("base", [])])
    except RuntimeError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", help="scenario files (default: the built-in corpus)")
    parser.add_argument("--files", help="report only these encoding files (comma-separated names)")
    args = parser.parse_args(argv)

    rules = numbered_rules()
    index: dict[tuple[Any, ...], int] = {}
    for i, k in enumerate(keys):
        index.setdefault(k, i)
    program = solver.parsed_parts()
    # twins per (program part tuple): [(required patterns of the twin, twin statement)]
    twins_of: dict[tuple[str, ...], list[tuple[tuple[Any, ...], Any]]] = {}
    unsafe: set[tuple[int, int]] = set()
    conditional: set[tuple[int, int]] = set()
    literal_text: dict[tuple[int, int], str] = {}
    probed: set[tuple[int, int]] = set()

    def twins(original: Callable[..., tuple[Any, ...]], parts: tuple[str, ...]) -> list[tuple[tuple[Any, ...], Any]]:
        if parts in twins_of:
            return twins_of[parts]
        original(program, parts)  # (the analysis of the parts, kept by solver)
        infos = solver._INFOS[(id(program), parts)][1]
        out = []
        for info in infos:
            if not isinstance(info, solver._RuleInfo) or not info.stm.body:
                continue
            n = index.get(rule_key(info.stm))
            if n is None:
                continue
            body = list(info.stm.body)
            loc = info.stm.location
            for j, lit in enumerate(body):
                literal_text[(n, j)] = str(lit)
                flip = flipped(lit)
                if flip is None:
                    conditional.add((n, j))
                    continue
                head = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(
                    loc, PROBE, [ast.SymbolicTerm(loc, clingo.Number(n)), ast.SymbolicTerm(loc, clingo.Number(j))], 0)))
                twin = ast.Rule(loc, head, [*body[:j], *body[j + 1:], flip])
                if not safe(twin):
                    unsafe.add((n, j))
                    continue
                out.append((tuple(solver._required(body[:j] + body[j + 1:])), twin))
        twins_of[parts] = out
        return out

    possible_of: dict[tuple, dict[tuple[str, int], set[tuple[Any, ...]]]] = {}

    def statements(original: Callable[..., tuple[Any, ...]], prog: Any, parts: tuple[str, ...],
                   patterns: Any = None, goals: Any = None) -> tuple[Any, ...]:
        stms = original(prog, parts, patterns, goals)
        if prog is not program:
            return stms
        all_twins = twins(original, parts)
        if patterns is None:
            return stms + tuple(t for _r, t in all_twins)
        key = (parts, patterns)
        if key not in possible_of:
            infos = solver._INFOS[(id(program), parts)][1]
            rules_ = [(i, r) for i, r in enumerate(infos) if isinstance(r, solver._RuleInfo)]
            possible_of[key] = solver.fixpoint(rules_, patterns)[1]
        possible = possible_of[key]

        def may(req: tuple[Any, ...]) -> bool:
            return all(any(solver._may_match(args, p) for p in possible.get((name, len(args)), ()))
                       for name, args in req)
        return stms + tuple(t for req, t in all_twins if may(req))

    def read(ctl: clingo.Control) -> None:
        for atom in ctl.symbolic_atoms.by_signature(PROBE, 2):
            probed.add((atom.symbol.arguments[0].number, atom.symbol.arguments[1].number))

    with grounding_hooks(statements, read):
        n_files, failed = run_corpus(args.scenarios)

    only = set(args.files.split(",")) if args.files else None
    counted = never = 0
    for (n, j), text in sorted(literal_text.items()):
        f, line, rule = rules[n]
        if only is not None and f not in only:
            continue
        if (n, j) in unsafe or (n, j) in conditional:
            continue
        counted += 1
        if (n, j) not in probed:
            never += 1
            print(f"{f}:{line}  [{j}] {text}    in: {rule[:140]}")
    skipped = sum(1 for (n, _j) in unsafe | conditional if only is None or rules[n][0] in only)
    print(f"\n{counted - never} of {counted} literals probed by some scenario of {n_files}; {never} never"
          f" ({skipped} not probed: unsafe without them, or conditional)"
          + (f" ({failed} scenarios failed)" if failed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
