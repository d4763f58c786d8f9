#!/usr/bin/env python3
"""Which rules of the encodings does the rulings corpus ever make fire?

A rule *fires* in a query when grounding instantiates its body: some ground instance of the body is
not false (for a stratified rule: the body holds). The tool gives every rule ``H :- B.`` of the
top-level encodings a twin ``mtgasp_fired(N) :- B.`` (N numbers the rule), runs every scenario of the
corpus (``mtgasp.scenarios``, or the files given), and reads the ``mtgasp_fired/1`` atoms after each
ground call. It prints the rules that never fired, by file and line.

A rule that no scenario makes fire is one whose deletion no scenario can notice: it is where
mutants survive (tools/mutate.py), and where a scenario is missing. A rule that fires is not
thereby checked (a scenario must also look at what it derives), so this is a lower bound of what the
corpus misses, read before writing scenarios.

    python tools/rule_coverage.py [--files a.lp,b.lp] [--tests] [SCENARIO_FILES...]

``--tests`` also runs, in this process, the tests that tools/mutate.py runs for a mutant the corpus
misses (its TEST_FILES: the real-card tests among them), and reports apart the rules that fire only
there.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
import mtgasp  # (the source tree's package; its encodings are the top-level folder)

if str(ROOT) not in mtgasp.__path__:
    mtgasp.__path__.append(str(ROOT))

import clingo
from clingo import ast
from mtgasp import solver
from mtgasp.solver import encoding_files

FIRED = "mtgasp_fired"
keys: list[tuple[Any, ...]] = []  # rule_key() of each rule of numbered_rules(), in its order


def numbered_rules() -> list[tuple[str, int, str]]:
    """(file, line, statement) of every rule with a body, in the order of encoding_files()."""
    out: list[tuple[str, int, str]] = []
    keys.clear()
    for name, text in encoding_files():
        def add(stm: Any, name: str = name) -> None:
            if stm.ast_type == ast.ASTType.Rule and len(stm.body) > 0:
                out.append((name, stm.location.begin.line, " ".join(str(stm).split())))
                keys.append(rule_key(stm))
        ast.parse_string(text, add)
    return out


def rule_key(stm: Any) -> tuple[Any, ...]:
    """Where a rule is written and its head's first name: the same for the statement as parsed and
    as solver.program_statements hands it over (which binds some variables to terms)."""
    b, e = stm.location.begin, stm.location.end
    name = re.search(r"[a-z_][A-Za-z0-9_']*", str(stm.head))
    return (b.line, b.column, e.line, e.column, name.group() if name else "")


@contextlib.contextmanager
def grounding_hooks(statements: Callable[..., tuple[Any, ...]],
                    read: Callable[[clingo.Control], None]) -> Iterator[None]:
    """While in the context, solver.program_statements(...) is ``statements(original, ...)`` (a
    coverage tool adds its twins to what the original returns) and ``read(ctl)`` is called after
    each Grounded's ground call (it collects the twins' atoms); both are restored on exit."""
    original_statements = solver.program_statements
    original_init = solver.Grounded.__init__

    def wrapped(*a: Any, **k: Any) -> tuple[Any, ...]:
        return statements(original_statements, *a, **k)

    def init(self: Any, *a: Any, **k: Any) -> None:
        original_init(self, *a, **k)
        read(self.ctl)

    solver.program_statements = wrapped  # type: ignore[assignment]
    solver.Grounded.__init__ = init  # type: ignore[method-assign]
    try:
        yield
    finally:
        solver.program_statements = original_statements  # type: ignore[assignment]
        solver.Grounded.__init__ = original_init  # type: ignore[method-assign]


def run_corpus(scenarios: Sequence[str]) -> tuple[int, int]:
    """Run these scenario files (none: the built-in corpus) in this process: (files run, failed)."""
    from mtgasp.api import Checker
    from mtgasp.cards import CardLibrary
    from mtgasp.scenarios import corpus_files, load_scenario, run_scenario

    checker = Checker(CardLibrary.builtin())
    if scenarios:
        files = [(Path(p).name, Path(p).read_text(encoding="utf-8")) for p in scenarios]
    else:
        files = corpus_files()
    failed = sum(not run_scenario(checker, name, load_scenario(name, text)).passed for name, text in files)
    return len(files), failed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", help="scenario files (default: the built-in corpus)")
    parser.add_argument("--files", help="report only these encoding files (comma-separated names)")
    parser.add_argument("--tests", action="store_true",
                        help="also run the tests of tools/mutate.py's TEST_FILES (in this process)")
    args = parser.parse_args(argv)

    rules = numbered_rules()
    index: dict[tuple[Any, ...], int] = {}
    for i, k in enumerate(keys):
        index.setdefault(k, i)  # (two rules with one key: the second is reported as never firing)
    twins: dict[int, ast.AST] = {}  # id(statement) -> its twin, built once per statement
    fired: set[int] = set()

    def twin(stm: Any) -> ast.AST | None:
        if stm.ast_type != ast.ASTType.Rule or len(stm.body) == 0:
            return None
        key = id(stm)
        if key not in twins:
            n = index.get(rule_key(stm))
            if n is None:
                return None
            loc = stm.location
            head = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
                ast.Function(loc, FIRED, [ast.SymbolicTerm(loc, clingo.Number(n))], 0)))
            twins[key] = ast.Rule(loc, head, stm.body)
        return twins[key]

    def statements(original: Callable[..., tuple[ast.AST, ...]], *a: Any, **k: Any) -> tuple[ast.AST, ...]:
        stms = original(*a, **k)
        extra = tuple(t for t in (twin(s) for s in stms) if t is not None)
        return stms + extra

    def read(ctl: clingo.Control) -> None:
        for atom in ctl.symbolic_atoms.by_signature(FIRED, 1):
            fired.add(atom.symbol.arguments[0].number)

    with grounding_hooks(statements, read):
        n_files, failed = run_corpus(args.scenarios)
        by_scenarios = set(fired)
        failed_tests = 0
        if args.tests:
            import io

            import pytest
            from mutate import _PYTEST_ARGS, test_files

            class Count:
                def pytest_runtest_logreport(self, report: Any) -> None:
                    nonlocal failed_tests
                    failed_tests += bool(report.failed)

            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                pytest.main([*_PYTEST_ARGS, *map(str, test_files())], plugins=[Count()])

    only = set(args.files.split(",")) if args.files else None
    never = [(f, line, text) for i, (f, line, text) in enumerate(rules)
             if i not in fired and (only is None or f in only)]
    for f, line, text in never:
        print(f"{f}:{line}  {text[:160]}")
    shown = [r for r in rules if only is None or r[0] in only]
    if args.tests:
        tests_only = [(f, line, text) for i, (f, line, text) in enumerate(rules)
                      if i in fired and i not in by_scenarios and (only is None or f in only)]
        print(f"\nfiring only in the tests ({len(tests_only)}):")
        for f, line, text in tests_only:
            print(f"{f}:{line}  {text[:160]}")
        print(f"\n{len(shown) - len(never)} of {len(shown)} rules fire in some scenario of {n_files} or "
              f"some test; {len(never)} never fire; {len(tests_only)} fire only in tests"
              + (f" ({failed} scenarios failed)" if failed else "")
              + (f" ({failed_tests} tests failed with the twins)" if failed_tests else ""))
        return 0
    print(f"\n{len(shown) - len(never)} of {len(shown)} rules fire in some scenario of {n_files}; "
          f"{len(never)} never fire" + (f" ({failed} scenarios failed)" if failed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
