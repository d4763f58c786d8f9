#!/usr/bin/env python3
"""Mutation check of the encodings: does some test notice when a rule is broken?

Each mutant changes one thing in one top-level encoding (encodings/*.lp):
  delete   remove one rule (a rule, a constraint or a choice rule; #show, #defined, #program,
           #heuristic and #external statements are left alone);
  flip     flip one comparison, in a body or an aggregate guard: < and <=, > and >=, = and !=;
literal-level operators:
  drop     drop one body literal of a rule with two or more (a condition forgotten);
  negate   add or remove `not` on one body literal over an atom (a condition inverted);
  constant change one integer constant N of a rule (N+1; a fact's too: an off-by-one).
A mutant is run against the rulings corpus (mtgasp.scenarios, every scenario, stopping at the
first failing one) and, if the corpus passes, against the tests that ask the encodings in-process
(TEST_FILES: every test file but those TESTS_NOT_RUN names, under
the same encodings; by default only the tests whose queries can ground the mutated rule, see Profile). It is *killed* if something
fails, *survives* if everything passes, and is *stillborn* if the mutated program doesn't
ground (e.g. flipping the = of an assignment makes a variable unsafe): stillborn mutants don't count.

    score = killed / (killed + survived)

Usage:
    python tools/mutate.py                    # every mutant, one process
    python tools/mutate.py --jobs 2 --time-limit 1800 --json mutants.json
    python tools/mutate.py --sample 60 --seed 1
    python tools/mutate.py --files lands.lp,costs.lp --kinds flip
    python tools/mutate.py --kinds drop,negate,constant --sample 100   # the literal-level ones
    python tools/mutate.py --since mutants.json   # rerun only what mutants.json didn't kill
    python tools/mutate.py --no-skip              # every scenario for every mutant (see Profile)

Output: one line per surviving mutant (file:line, the kind, the statement), then the score.
The mutated program replaces the package's through mtgasp.solver.program_override.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pickle
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
import mtgasp  # (the source tree's package; its encodings are the top-level folder)

if str(ROOT) not in mtgasp.__path__:  # mtgasp.encodings = ROOT/encodings, with any install
    mtgasp.__path__.append(str(ROOT))

from clingo import SymbolType, ast
from mtgasp.solver import EncodingError, UndecidedVerdict, encoding_files, program_override

FLIP = {
    ast.ComparisonOperator.LessThan: ast.ComparisonOperator.LessEqual,
    ast.ComparisonOperator.LessEqual: ast.ComparisonOperator.LessThan,
    ast.ComparisonOperator.GreaterThan: ast.ComparisonOperator.GreaterEqual,
    ast.ComparisonOperator.GreaterEqual: ast.ComparisonOperator.GreaterThan,
    ast.ComparisonOperator.Equal: ast.ComparisonOperator.NotEqual,
    ast.ComparisonOperator.NotEqual: ast.ComparisonOperator.Equal,
}
SYMBOL = {
    ast.ComparisonOperator.LessThan: "<", ast.ComparisonOperator.LessEqual: "<=",
    ast.ComparisonOperator.GreaterThan: ">", ast.ComparisonOperator.GreaterEqual: ">=",
    ast.ComparisonOperator.Equal: "=", ast.ComparisonOperator.NotEqual: "!=",
}
# Written forms of an operator in the source text.
OPERATOR_TEXT = re.compile(r"<=|>=|!=|==|<|>|=")
MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!=", "==": "=="}


@dataclass
class Mutant:
    id: int
    file: str
    line: int
    kind: str  # delete | flip | drop | negate | constant
    description: str
    statement: str
    text: str = field(repr=False, default="")  # the mutated file's text
    status: str = "not run"  # killed | survived | stillborn | timeout | not run ("timeout" also: out of memory)
    killed_by: str | None = None
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("text")
        return d


# ------------------------------------------------------------------------------------------------
# Generating mutants


def _offsets(text: str) -> list[int]:
    """Offset of the start of each line (1-based lines: offsets[line - 1])."""
    out, pos = [0], 0
    for line in text.splitlines(keepends=True):
        pos += len(line)
        out.append(pos)
    return out


def _pos(offsets: list[int], p: Any) -> int:
    return offsets[p.line - 1] + p.column - 1


def _walk(node: Any) -> Iterator[Any]:
    if isinstance(node, ast.AST):
        yield node
        for key in node.child_keys:
            yield from _walk(getattr(node, key))
    elif not isinstance(node, (str, bytes)) and hasattr(node, "__iter__"):
        for item in node:
            yield from _walk(item)


def _compact(text: str) -> str:
    return " ".join(text.split())


KINDS = ("delete", "flip", "drop", "negate", "constant")


def _blank(text: str) -> str:
    """Spaces for the text, keeping its line breaks (line numbers stay right)."""
    return re.sub(r"[^\n]", " ", text)


def _literal_mutants(stm: Any, text: str, offsets: list[int], kinds: Sequence[str]
                     ) -> Iterator[tuple[int, str, str, str]]:
    """(line, kind, description, mutated text) for the literal-level operators of one rule."""
    body = list(stm.body)
    spans = [(_pos(offsets, lit.location.begin), _pos(offsets, lit.location.end)) for lit in body]
    if "drop" in kinds and len(body) >= 2:
        for i, (lo, hi) in enumerate(spans):
            # remove the literal with the comma before it (or, for the first, the one after it)
            cut_lo, cut_hi = (spans[i - 1][1], hi) if i > 0 else (lo, spans[1][0])
            lit = _compact(text[lo:hi])
            yield (body[i].location.begin.line, "drop", f"literal dropped: {lit}",
                   text[:cut_lo] + _blank(text[cut_lo:cut_hi]) + text[cut_hi:])
    if "negate" in kinds:
        for lit, (lo, hi) in zip(body, spans, strict=True):
            if lit.ast_type != ast.ASTType.Literal or lit.atom.ast_type != ast.ASTType.SymbolicAtom:
                continue
            written = text[lo:hi]
            if lit.sign == ast.Sign.Negation and written.startswith("not"):
                yield (lit.location.begin.line, "negate", f"'not' removed: {_compact(written)}",
                       text[:lo] + "   " + text[lo + 3:])
            elif lit.sign == ast.Sign.NoSign:
                yield (lit.location.begin.line, "negate", f"'not' added: {_compact(written)}",
                       text[:lo] + "not " + text[lo:])
    if "constant" in kinds:
        for node in _walk(stm):
            if node.ast_type == ast.ASTType.SymbolicTerm and node.symbol.type == SymbolType.Number:
                lo, hi = _pos(offsets, node.location.begin), _pos(offsets, node.location.end)
                if text[lo:hi] != str(node.symbol.number):
                    continue
                n = node.symbol.number
                yield (node.location.begin.line, "constant", f"{n} -> {n + 1}",
                       text[:lo] + str(n + 1) + text[hi:])


def mutants(files: Sequence[tuple[str, str]], kinds: Sequence[str] = ("delete", "flip")) -> list[Mutant]:
    out: list[Mutant] = []
    for name, text in files:
        stms: list[Any] = []
        ast.parse_string(text, stms.append)
        offsets = _offsets(text)
        for stm in stms:
            if stm.ast_type != ast.ASTType.Rule:
                continue
            start, end = _pos(offsets, stm.location.begin), _pos(offsets, stm.location.end)
            source = text[start:end]
            line = stm.location.begin.line
            if "delete" in kinds:
                # Blank the statement out, keeping its line breaks (line numbers stay right).
                blank = re.sub(r"[^\n]", " ", source)
                out.append(Mutant(len(out), name, line, "delete", "rule deleted", _compact(source),
                                  text[:start] + blank + text[end:]))
            if "flip" in kinds:
                for where, op_start, op_end, op in _comparisons(stm, text, offsets):
                    new = SYMBOL[FLIP[op]]
                    written = text[op_start:op_end]
                    if written in (">", ">=", "<", "<=") and SYMBOL[op] == MIRROR[written]:
                        new = MIRROR[new]  # a left guard is written mirrored (2 < #sum ... is #sum > 2)
                    mutated = text[:op_start] + new + text[op_end:]
                    out.append(Mutant(len(out), name, where, "flip", f"'{written}' -> '{new}'",
                                      _compact(source), mutated))
            for where, kind, desc, mutated in _literal_mutants(stm, text, offsets, kinds):
                out.append(Mutant(len(out), name, where, kind, desc, _compact(source), mutated))
    return out


_STRUCTURED = (ast.ASTType.Function, ast.ASTType.BinaryOperation, ast.ASTType.UnaryOperation,
               ast.ASTType.Pool, ast.ASTType.Interval)


def _is_match(op: Any, left: Any, right: Any) -> bool:
    """An = that matches a term (A = cast(O,_,F,_)) or computes one (M = T - D): flipping it only
    makes variables unsafe, so it is not a mutant."""
    return op == ast.ComparisonOperator.Equal and (left.ast_type in _STRUCTURED or right.ast_type in _STRUCTURED)


def _comparisons(stm: Any, text: str, offsets: list[int]) -> Iterator[tuple[int, int, int, Any]]:
    """(line, start, end, operator) of each comparison operator of a rule, in the source text
    (not the = of term matches, arithmetic assignments and aggregate assignments)."""
    for node in _walk(stm):
        if node.ast_type == ast.ASTType.Comparison:
            left = node.term
            for guard in node.guards:
                lo = _pos(offsets, left.location.end)
                hi = _pos(offsets, guard.term.location.begin)
                found = _operator(text, lo, hi)
                if found and not _is_match(guard.comparison, left, guard.term):
                    yield (guard.term.location.begin.line, *found, guard.comparison)
                left = guard.term
        elif node.ast_type in (ast.ASTType.BodyAggregate, ast.ASTType.Aggregate, ast.ASTType.HeadAggregate):
            agg_start = _pos(offsets, node.location.begin)
            agg_end = _pos(offsets, node.location.end)
            if node.left_guard is not None and node.left_guard.comparison != ast.ComparisonOperator.Equal:
                lo = _pos(offsets, node.left_guard.term.location.end)
                body = text.find("{", lo, agg_end)
                found = _operator(text, lo, body if body >= 0 else agg_end)
                if found:
                    yield (node.left_guard.term.location.end.line, *found, node.left_guard.comparison)
            if node.right_guard is not None and node.right_guard.comparison != ast.ComparisonOperator.Equal:
                hi = _pos(offsets, node.right_guard.term.location.begin)
                close = text.rfind("}", agg_start, hi)
                found = _operator(text, close + 1 if close >= 0 else agg_start, hi)
                if found:
                    yield (node.right_guard.term.location.begin.line, *found, node.right_guard.comparison)


def _operator(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    m = None
    for m in OPERATOR_TEXT.finditer(text, lo, hi):
        pass
    if m is None:
        return None
    return m.start(), m.end()


# ------------------------------------------------------------------------------------------------
# Running mutants


def _digest(scenarios: Sequence[tuple[str, dict[str, Any]]], tests: Sequence[Path] = ()) -> str:
    """What a profile depends on: the scenarios, the test files, the package's sources and data, the
    encodings the package reads, and clingo's version."""
    import hashlib

    import clingo
    from mtgasp.solver import encoding_files

    h = hashlib.sha256(clingo.__version__.encode())
    for name, doc in scenarios:
        h.update(name.encode() + b"\0" + json.dumps(doc, sort_keys=True).encode() + b"\0")
    for name, text in encoding_files():
        h.update(name.encode() + b"\0" + text.encode() + b"\0")
    pkg = ROOT / "python" / "mtgasp"
    for path in sorted(pkg.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".json", ".lp"):
            h.update(str(path.relative_to(pkg)).encode() + b"\0" + path.read_bytes() + b"\0")
    for path in [*tests, *sorted((ROOT / "tests").glob("*.py")), *sorted((ROOT / "tests" / "fixtures").rglob("*"))]:
        if path.is_file():  # the tests, their helpers (conftest.py, real_cards.py) and fixtures
            h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


class Profile:
    """Which scenarios can notice a mutant: decided once, under the real encodings, from the facts
    of every query each scenario makes (exact, not a heuristic).

    mtgasp.solver grounds, for a query, only the statements that can fire on its facts
    (``relevant``: a least fixpoint over the facts' patterns; mtgasp.apply's groundings too). Let r be the rule a
    mutant changes and r' what it becomes (none for a deleted rule). If, in a query, r doesn't fire
    under the real program, the fixpoint is that of the other rules; if r' can't fire on that
    fixpoint either, it is the mutated program's fixpoint too. Then both programs ground the same
    statements on the same facts and give the same answers, so the next query of the scenario has
    the same facts, and so on: a scenario in none of whose queries r fires or r' can fire passes
    under the mutant as it does under the real encodings, and is not run. (With goals, a rule that
    fires may still be left out; counting it as grounded only runs more scenarios.)

    Needs from mtgasp.solver, read only: Grounded (its calls are recorded while profiling),
    _rule_infos (a statement's head and required patterns, after _bind_terms), fixpoint (the
    rules that can fire and the patterns then possible) and _may_match."""

    def __init__(self, checker: Any, scenarios: Sequence[tuple[str, dict[str, Any]]],
                 cache: Path | None = None, tests: Sequence[Path] = ()):
        """``cache``: a file keeping the profile between runs, used only if it was made from the same
        scenarios, tests, package sources, encodings and clingo version (a digest of them all).
        ``tests``: test files profiled the same way, test by test (run in this process, once)."""
        from mtgasp import solver
        from mtgasp.facts import pattern
        from mtgasp.scenarios import run_scenario

        self.program = solver.parsed_parts()
        # every statement by (part, index in the part), with its analysis (None: not a rule)
        self.infos: dict[tuple[str, int], Any] = {}
        for part, stms in self.program.items():
            for i, stm in enumerate(stms):
                found = solver._rule_infos((stm,))
                self.infos[(part, i)] = found[0] if found and isinstance(found[0], solver._RuleInfo) else None
        calls: list[tuple[tuple[str, ...], frozenset[Any]]] = []
        real_init = solver.Grounded.__init__

        def recording(g: Any, facts: Any, messages: Any = None, parts: tuple[str, ...] = ("base",),
                      patterns: Any = None, goals: Any = None) -> None:
            facts = list(facts)
            pats = patterns if patterns is not None else frozenset(pattern(f.name, f.arguments) for f in facts)
            calls.append((tuple(parts), frozenset(pats)))
            real_init(g, facts, messages, parts, patterns, goals)

        # query key -> (parts, rules that fire, the fixpoint's patterns by (name, arity))
        self.queries: dict[tuple[tuple[str, ...], frozenset[Any]], tuple[frozenset[str], set[tuple[str, int]],
                                                                     dict[tuple[str, int], set[Any]]]] = {}
        self.by_scenario: dict[str, list[Any]] = {}
        self.seconds: dict[str, float] = {}
        started = time.perf_counter()
        self.fixpoint_seconds = 0.0
        self.unknown: set[str] = set()  # scenarios with a grounding the profile can't see: always run
        # the tests (pytest node ids) likewise, in their file order; those that failed or were
        # skipped under the real encodings are left out (they can't notice a mutant)
        self.by_test: dict[str, list[Any]] = {}
        self.test_unknown: set[str] = set()
        self.test_seconds: dict[str, float] = {}
        self.tests_left_out: list[str] = []
        self.cached = False
        digest = _digest(scenarios, tests)
        if cache is not None and cache.exists():
            with contextlib.suppress(Exception):
                with cache.open("rb") as f:
                    stored = pickle.load(f)
                if stored.get("digest") == digest:
                    self.queries, self.seconds = stored["queries"], stored["seconds"]
                    self.unknown = set(stored["unknown"])
                    self.by_scenario = {n: [self.queries[k] for k in keys]
                                        for n, keys in stored["by_scenario"].items()}
                    self.by_test = {n: [self.queries[k] for k in keys] for n, keys in stored["by_test"].items()}
                    self.test_unknown = set(stored["test_unknown"])
                    self.test_seconds = stored["test_seconds"]
                    self.tests_left_out = stored["tests_left_out"]
                    self.cached = True
                    self.elapsed = time.perf_counter() - started
                    return
        by_keys: dict[str, list[Any]] = {}
        # Every grounding goes through solver.program_statements: counted, so that a query made
        # another way than Grounded (solver.GroundedMany, Checker.many) can't be missed.
        groundings = 0
        real_statements = solver.program_statements

        def counting(*args: Any, **kwargs: Any) -> Any:
            nonlocal groundings
            groundings += 1
            return real_statements(*args, **kwargs)

        solver.Grounded.__init__ = recording  # type: ignore[method-assign]
        solver.program_statements = counting  # type: ignore[assignment]
        try:
            for name, doc in scenarios:
                calls.clear()
                groundings = 0
                start = time.perf_counter()
                result = run_scenario(checker, name, doc)
                self.seconds[name] = time.perf_counter() - start
                if not result.passed:
                    raise SystemExit(f"{name} fails under the real encodings: fix it before a mutation run")
                if groundings != len(calls):
                    by_keys[name] = []
                    self.unknown.add(name)  # a grounding not made by Grounded: always run it
                    continue
                by_keys[name] = list(dict.fromkeys(calls))
            test_keys: dict[str, list[Any]] = {}
            if tests:
                import pytest

                profile = self

                class Recorder:
                    """Each test's groundings (setup, call and teardown), and its outcome."""

                    @pytest.hookimpl(hookwrapper=True)
                    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
                        nonlocal groundings
                        calls.clear()
                        groundings = 0
                        begin = time.perf_counter()
                        yield
                        profile.test_seconds[item.nodeid] = time.perf_counter() - begin
                        if groundings != len(calls):
                            profile.test_unknown.add(item.nodeid)
                        test_keys[item.nodeid] = list(dict.fromkeys(calls))

                    def pytest_runtest_logreport(self, report: Any) -> None:
                        if report.failed or (report.when == "call" and report.skipped):
                            profile.tests_left_out.append(report.nodeid)

                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    pytest.main([*_PYTEST_ARGS, *map(str, tests)], plugins=[Recorder()])
                for nodeid in dict.fromkeys(self.tests_left_out):
                    test_keys.pop(nodeid, None)
                    self.test_unknown.discard(nodeid)
        finally:
            solver.Grounded.__init__ = real_init  # type: ignore[method-assign]
            solver.program_statements = real_statements  # type: ignore[assignment]
        start = time.perf_counter()
        for table, keyed in ((self.by_scenario, by_keys), (self.by_test, test_keys)):
            for name, keys in keyed.items():
                for key in keys:
                    if key not in self.queries:
                        self.queries[key] = self._fixpoint(*key)
                table[name] = [self.queries[k] for k in keys]
        self.fixpoint_seconds = time.perf_counter() - start
        if cache is not None:
            tmp = cache.with_name(cache.name + ".tmp")
            with tmp.open("wb") as f:
                pickle.dump({"digest": digest, "queries": self.queries, "seconds": self.seconds,
                             "by_scenario": by_keys, "unknown": sorted(self.unknown),
                             "by_test": test_keys, "test_unknown": sorted(self.test_unknown),
                             "test_seconds": self.test_seconds, "tests_left_out": self.tests_left_out}, f)
            tmp.replace(cache)
        self.elapsed = time.perf_counter() - started

    def _fixpoint(self, parts: tuple[str, ...], facts: frozenset[Any]) -> Any:
        """The rules of these parts that fire on facts of these patterns, and the patterns then
        possible (mtgasp.solver.relevant's fixpoint, keeping what it computes)."""
        from mtgasp.solver import fixpoint

        rules = [(k, info) for k, info in self.infos.items() if k[0] in parts and info is not None]
        fired, possible = fixpoint(rules, facts)
        return frozenset(parts), fired, possible

    def changed(self, program: dict[str, tuple[Any, ...]]) -> tuple[tuple[str, int], Any] | None:
        """(key of the rule r the mutated program changes, r' analysed or None if deleted), or None
        when the difference is not one rule (then every scenario runs)."""
        from mtgasp import solver

        if set(program) != set(self.program):
            return None
        found = None
        for part, real in self.program.items():
            mutated = program[part]
            if len(mutated) == len(real):
                diff = [i for i, (a, b) in enumerate(zip(real, mutated, strict=True)) if str(a) != str(b)]
                if not diff:
                    continue
                if len(diff) > 1 or found is not None:
                    return None
                new = solver._rule_infos((mutated[diff[0]],))
                if not (len(new) == 1 and isinstance(new[0], solver._RuleInfo)):
                    return None
                found = ((part, diff[0]), new[0])
            elif len(mutated) == len(real) - 1:
                i = next((i for i, (a, b) in enumerate(zip(real, mutated)) if str(a) != str(b)), len(mutated))
                if found is not None or [str(a) for a in real[i + 1:]] != [str(b) for b in mutated[i:]]:
                    return None
                found = ((part, i), None)
            else:
                return None
        if found is None or self.infos.get(found[0]) is None:
            return None
        return found

    def to_run(self, m: Mutant, todo: list[tuple[int, tuple[str, dict[str, Any]]]]
               ) -> list[tuple[int, tuple[str, dict[str, Any]]]]:
        """The scenarios of todo that can notice the mutant (under its program_override): first those
        where the real rule fires (the likeliest to kill), then those where only the mutated one
        could, each group quickest first."""
        mutated = self._mutated_rule()
        if mutated is None:
            return todo
        key, fires = mutated
        ranked = []
        for item in todo:
            name = item[1][0]
            queries = self.by_scenario.get(name)
            if queries is None or name in self.unknown:
                ranked.append((0, 0.0, item))  # not profiled: run it
                continue
            rank = _rank(queries, key, fires)
            if rank is not None:
                ranked.append((rank, self.seconds.get(name, 0.0), item))
        ranked.sort(key=lambda x: (x[0], x[1]))
        return [item for _, _, item in ranked]

    def tests_to_run(self) -> list[str] | None:
        """The profiled tests that can notice the mutant under program_override (node ids, those
        where the real rule fires first, each group quickest first); None: every test (the mutated
        program differs from the real one by more than one rule)."""
        mutated = self._mutated_rule()
        if mutated is None:
            return None
        key, fires = mutated
        ranked = []
        for nodeid, queries in self.by_test.items():
            rank = 0 if nodeid in self.test_unknown else _rank(queries, key, fires)
            if rank is not None:
                ranked.append((rank, self.test_seconds.get(nodeid, 0.0), nodeid))
        ranked.sort(key=lambda x: (x[0], x[1]))
        return [nodeid for _, _, nodeid in ranked]

    def _mutated_rule(self) -> tuple[tuple[str, int], Any] | None:
        """(key of the rule the program_override changes, whether its mutated form can fire on a
        fixpoint's possible patterns), or None when there is no override or it differs from the
        real program by more than one rule."""
        from mtgasp.solver import _OVERRIDE

        program = _OVERRIDE.get()
        found = None if program is None else self.changed(program)
        if found is None:
            return None
        key, new = found
        return key, self._fires(new)

    @staticmethod
    def _fires(new: Any) -> Any:
        """Whether the mutated rule (None: deleted) can fire on a fixpoint's possible patterns."""
        from mtgasp.solver import _may_match

        def fires(possible: dict[tuple[str, int], set[Any]]) -> bool:
            return new is not None and all(
                any(_may_match(p, args) for p in possible.get((name, len(args)), ()))
                for name, args in new.required)
        return fires


def _rank(queries: list[Any], key: tuple[str, int], fires: Any) -> int | None:
    """0 if the rule ``key`` fires in one of these queries (parts, rules that fire, possible
    patterns), 1 if only the mutated rule could fire in one of them, None if neither."""
    rank = None
    for parts, fired, possible in queries:
        if key[0] not in parts:
            continue
        if key in fired:
            return 0
        if rank is None and fires(possible):
            rank = 1
    return rank


class Runner:
    """Runs the corpus (most recent killers first) and the fast encoding tests under a mutant."""

    def __init__(self, run_tests: bool = True, with_check: bool = False, skip: bool = True,
                 scenarios: Sequence[tuple[str, str]] | None = None, profile_cache: Path | None = None,
                 mutant_time_limit: float | None = None):
        """``skip``: profile the corpus once under the real encodings (Profile) and run, for each
        mutant, only the scenarios whose queries can ground the mutated rule (exact: the others
        ground the same statements under both programs). ``scenarios``: (name, text) pairs
        instead of the whole corpus (tests)."""
        from mtgasp.api import Checker
        from mtgasp.cards import CardLibrary
        from mtgasp.scenarios import corpus_files, load_scenario

        self.library = CardLibrary.builtin()
        self.checker = Checker(self.library)
        files = corpus_files() if scenarios is None else scenarios
        self.scenarios = [(name, load_scenario(name, text)) for name, text in files]
        self.base = list(encoding_files())
        # a mutant still running scenarios after this many seconds is a "timeout": it made the
        # encodings slower without any check failing so far (not counted in the score)
        self.mutant_time_limit = mutant_time_limit
        self.test_files = test_files() if run_tests else []
        self.run_tests = bool(self.test_files)
        self.with_check = with_check
        self._holding: list[str] | None = None  # the properties the real encodings satisfy
        self.profile = Profile(self.checker, self.scenarios, profile_cache, self.test_files) if skip else None
        self.skipped = 0  # scenario runs left out by the profile (all mutants so far)
        self.tests_skipped = 0  # test runs left out likewise

    def run(self, m: Mutant) -> Mutant:
        from mtgasp.scenarios import run_scenario
        from mtgasp.solver import Grounded, parsed_parts

        start = time.perf_counter()
        files = [(n, m.text if n == m.file else t) for n, t in self.base]
        try:
            with program_override(files):
                m.status, m.killed_by = "survived", None
                Grounded([], parts=tuple(parsed_parts()))  # unsafe variables: stillborn
                todo = list(enumerate(self.scenarios))
                if self.profile is not None:
                    # exact: a scenario left out grounds the same statements under both programs
                    todo = self.profile.to_run(m, todo)
                    self.skipped += len(self.scenarios) - len(todo)
                for i, (name, doc) in todo:
                    if self.mutant_time_limit is not None and time.perf_counter() - start > self.mutant_time_limit:
                        m.status, m.killed_by = "timeout", f"over {self.mutant_time_limit:.0f} s, before {name}"
                        break
                    try:
                        result = run_scenario(self.checker, name, doc)
                        failed = not result.passed
                    except UndecidedVerdict:
                        # (a verdict the mutant leaves undecided: the guard refuses to answer, as
                        # a user of the mutated encodings would see; a detection, not a program
                        # that doesn't ground)
                        failed, name = True, f"{name} (undecided verdict)"
                    except EncodingError:
                        m.status = "stillborn"
                        break
                    except MemoryError:  # (--memory-limit: it grounds without bound, like a timeout)
                        m.status, m.killed_by = "timeout", f"out of memory (--memory-limit), in {name}"
                        break
                    except Exception as e:  # noqa: BLE001 (a crash is a detection too)
                        failed, name = True, f"{name} ({type(e).__name__})"
                    if failed:
                        m.status, m.killed_by = "killed", name
                        self.scenarios.insert(0, self.scenarios.pop(i))  # killers first
                        break
                if m.status == "survived" and self.run_tests:
                    failed_test = self._tests()
                    if failed_test:
                        m.status, m.killed_by = "killed", failed_test
            if m.status == "survived" and self.with_check:
                violated = self._check(m)
                if violated:
                    m.status, m.killed_by = "killed by check", f"mtgasp check: {violated}"
        except EncodingError:
            m.status = "stillborn"
        except MemoryError:
            m.status, m.killed_by = "timeout", "out of memory (--memory-limit)"
        m.seconds = time.perf_counter() - start
        return m

    def _check(self, m: Mutant) -> str | None:
        """The first property of mtgasp check (bound 2, payments 1) that the mutant violates and the
        real encodings don't."""
        from mtgasp.check import BoundedChecker, CheckError

        if self._holding is None:
            base = BoundedChecker(self.library, bound=2, payment_bound=1, time_limit=20)
            self._holding = [n for n in base.properties() if base.check(n).status == "holds"]
        try:
            checker = BoundedChecker(self.library, bound=2, payment_bound=1, time_limit=20,
                                     overrides={m.file: m.text})
            for name in self._holding:
                if checker.check(name).status == "violated":
                    return name
        except CheckError as e:
            return f"error ({str(e)[:80]})"
        return None

    def _tests(self) -> str | None:
        """The first test that fails under the mutant: of the profiled tests, those that can notice
        it (Profile.tests_to_run); without a profile, every test of the test files."""
        import pytest

        args: list[str] = [str(p) for p in self.test_files]
        if self.profile is not None:
            wanted = self.profile.tests_to_run()
            if wanted is not None:
                self.tests_skipped += len(self.profile.by_test) - len(wanted)
                if not wanted:
                    return None
                args = [str(ROOT / nodeid) for nodeid in wanted]

        class Collect:
            failed: str | None = None

            def pytest_runtest_logreport(self, report: Any) -> None:
                if report.failed and self.failed is None:
                    self.failed = report.nodeid

        plugin = Collect()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            pytest.main([*_PYTEST_ARGS, "-x", *args], plugins=[plugin])
        return plugin.failed


# pytest in this process: "-o addopts=" keeps out pyproject's "-n auto" (pytest-xdist workers would
# import the real encodings instead of the mutant); in the given order, no cache, quiet.
_PYTEST_ARGS = ("-q", "-o", "addopts=", "-p", "no:cacheprovider", "-p", "no:randomly", "--rootdir", str(ROOT))

# The tests a mutant runs after the corpus: every test file but those below (a test that runs the
# CLI in a subprocess reads the real encodings, and the profile never selects it). Until the
# twenty-sixth session this was a list of nine names; the tests written by the probes (then
# tests/test_probe*.py, renamed by topic in the twenty-fifth session: test_state_chosen_color.py,
# test_apply_mana_ability_order.py, ...) were never run for a mutant, so a mutant only they notice
# survived (outcomes.lp's ma_paid_with_mana/1, seed 3401).
TEST_FILES = ("test_*.py",)
TESTS_NOT_RUN = {
    "test_corpus.py": "the corpus itself runs before the tests",
    "test_check.py": "bounded checks take minutes each and ground outside Grounded (--with-check runs them)",
    "test_mutate_skip.py": "runs the mutation tool itself",
    "test_grouped.py": "grouped grounding (GroundedMany) compares the encodings with themselves",
    "test_batch.py": "the batch machinery (worker processes, Dask) compares the encodings with themselves",
}


def test_files() -> list[Path]:
    return sorted({p for pattern in TEST_FILES for p in (ROOT / "tests").glob(pattern)
                   if p.name not in TESTS_NOT_RUN})


_RUNNER: Runner | None = None


def _init(run_tests: bool, with_check: bool = False, skip: bool = True,
          profile_cache: Path | None = None, mutant_time_limit: float | None = None) -> None:
    global _RUNNER
    if _RUNNER is None:  # (a forked worker has its parent's, profile included)
        _RUNNER = Runner(run_tests, with_check, skip, profile_cache=profile_cache,
                         mutant_time_limit=mutant_time_limit)


def _work(m: Mutant) -> Mutant:
    assert _RUNNER is not None
    return _RUNNER.run(m)


def run_all(ms: list[Mutant], jobs: int, time_limit: float | None, run_tests: bool,
            progress: Any = None, with_check: bool = False, skip: bool = True,
            profile_cache: Path | None = None, mutant_time_limit: float | None = None) -> None:
    deadline = None if time_limit is None else time.monotonic() + time_limit
    _init(run_tests, with_check, skip, profile_cache, mutant_time_limit)  # before forking: the corpus is profiled once
    if jobs <= 1:
        for m in ms:
            if deadline is not None and time.monotonic() > deadline:
                break
            _work(m)
            if progress:
                progress(m)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    by_id = {m.id: m for m in ms}
    with ctx.Pool(jobs) as pool:
        for done in pool.imap_unordered(_work, ms):
            target = by_id[done.id]
            target.status, target.killed_by, target.seconds = done.status, done.killed_by, done.seconds
            if progress:
                progress(target)
            if deadline is not None and time.monotonic() > deadline:
                pool.terminate()
                break


# ------------------------------------------------------------------------------------------------


def _key(m: Mutant) -> tuple[str, str, str, str]:
    return (m.file, m.kind, m.description, m.statement)


def _killed_keys(path: Path) -> dict[tuple[tuple[str, str, str, str], int], str]:
    """The mutants a previous run killed, by (file, kind, change, statement) and occurrence number."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        seen: dict[tuple[str, str, str, str], int] = {}
        out = {}
        for d in sorted(data["mutants"], key=lambda d: d["id"]):
            k = (d["file"], d["kind"], d["description"], d["statement"])
            seen[k] = seen.get(k, 0) + 1
            if d["status"] == "killed":
                out[(k, seen[k])] = str(d.get("killed_by"))
        return out
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"--since {path}: not a mutate.py --json report ({e})") from None


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--files", help="only these encoding files (comma-separated names, e.g. lands.lp,costs.lp)")
    p.add_argument("--kinds", default="delete,flip",
                   help=f"comma-separated, of {', '.join(KINDS)} (default: delete,flip)")
    p.add_argument("--sample", type=int, help="run a random sample of this many mutants")
    p.add_argument("--seed", type=int, default=0, help="seed of the sample")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--time-limit", type=float, help="stop starting mutants after this many seconds")
    p.add_argument("--mutant-time-limit", type=float,
                   help="a mutant still running scenarios after this many seconds is a 'timeout' (it slows "
                        "the encodings down; not counted in the score, listed apart)")
    p.add_argument("--memory-limit", type=float, default=8.0, metavar="GB",
                   help="address space of each process running mutants (default 8 GB; 0: none): a mutant "
                        "that grounds without bound then raises MemoryError and is a 'timeout' (not scored) "
                        "instead of getting the whole run killed by the system")
    p.add_argument("--no-tests", action="store_true", help="only the corpus, not the tests (TEST_FILES)")
    p.add_argument("--no-skip", action="store_true",
                   help="run every scenario for every mutant (by default a scenario is left out when the "
                        "mutated rule can fire in none of its queries, under either program: exact, see "
                        "Profile)")
    p.add_argument("--profile-cache", metavar="FILE",
                   help="keep the corpus profile of the skip in FILE and reuse it while the scenarios, "
                        "package sources and encodings are the same (a digest of them is checked)")
    p.add_argument("--json", metavar="FILE", help="write every mutant's result to FILE")
    p.add_argument("--list", action="store_true", help="list the mutants and exit")
    p.add_argument("--ids", help="only the mutants with these numbers (comma-separated; see --list)")
    p.add_argument("--since", metavar="FILE",
                   help="incremental run: take the verdicts of a previous --json FILE for the mutants it "
                        "killed (matched by file, kind and statement, not by number) and run only the "
                        "others (its survivors and mutants it didn't have); the score covers all of them")
    p.add_argument("--with-check", action="store_true",
                   help="run mtgasp check (bound 2, payments 1) on the mutants the corpus and tests miss; "
                        "a property the real encodings violate doesn't count")
    args = p.parse_args(argv)

    files = list(encoding_files())
    if args.files:
        wanted = {f.strip() for f in args.files.split(",")}
        unknown = wanted - {n for n, _ in files}
        if unknown:
            p.error(f"no encoding file {', '.join(sorted(unknown))}")
    kinds = [k.strip() for k in args.kinds.split(",")]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        p.error(f"unknown kind {', '.join(bad)} (one of {', '.join(KINDS)})")
    ms = mutants(files, kinds)
    if args.files:
        ms = [m for m in ms if m.file in wanted]
    if args.ids:
        wanted_ids = {int(i) for i in args.ids.split(",") if i.strip()}
        ms = [m for m in ms if m.id in wanted_ids]
    total = len(ms)
    carried: list[Mutant] = []
    if args.since:
        killed_before = _killed_keys(Path(args.since))
        seen: dict[tuple[str, str, str, str], int] = {}
        keep = []
        for m in ms:
            k = _key(m)
            seen[k] = seen.get(k, 0) + 1
            if (k, seen[k]) in killed_before:
                m.status, m.killed_by = "killed", f"(earlier run) {killed_before[(k, seen[k])]}"
                carried.append(m)
            else:
                keep.append(m)
        ms = keep
        print(f"{len(carried)} mutants killed in {args.since} are not run again", flush=True)
    if args.sample and args.sample < len(ms):
        ms = sorted(random.Random(args.seed).sample(ms, args.sample), key=lambda m: m.id)
    if args.list:
        with contextlib.suppress(BrokenPipeError):
            for m in ms:
                print(f"{m.id:4d} {m.file}:{m.line} {m.kind} {m.description}: {m.statement[:100]}")
        return 0

    if args.memory_limit > 0:  # (before the pool forks: every worker inherits it)
        import resource

        limit = int(args.memory_limit * 1024**3)
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    started = time.perf_counter()
    by_kind = ", ".join(f"{sum(m.kind == k for m in ms)} {k}" for k in KINDS if any(m.kind == k for m in ms))
    print(f"{total} mutants ({by_kind} in this run of {len(ms)})", flush=True)

    def progress(m: Mutant) -> None:
        if m.status in ("survived", "timeout"):
            print(f"  {m.status}  {m.file}:{m.line} {m.kind} {m.description}: {m.statement[:140]}", flush=True)
        if args.json:  # after each mutant, so that a run that dies still leaves its verdicts
            _write_json(Path(args.json), sorted(ms + carried, key=lambda x: x.id), time.perf_counter() - started)

    # In a random order (seeded), so that a run its time limit cuts short is still a random sample
    # of the mutants, not the first files in alphabetical order.
    order = list(ms)
    random.Random(args.seed).shuffle(order)
    run_all(order, args.jobs, args.time_limit, not args.no_tests, progress, args.with_check,
            not args.no_skip, Path(args.profile_cache) if args.profile_cache else None,
            args.mutant_time_limit)
    elapsed = time.perf_counter() - started
    if _RUNNER is not None and _RUNNER.profile is not None:
        prof = _RUNNER.profile
        how = "read from --profile-cache" if prof.cached else f"of which fixpoints {prof.fixpoint_seconds:.0f} s"
        print(f"profile of the corpus: {len(prof.by_scenario)} scenarios, {len(prof.queries)} distinct "
              f"queries, {prof.elapsed:.0f} s ({how}); scenario runs left out: {_RUNNER.skipped}"
              + (" (in this process)" if args.jobs > 1 else ""), flush=True)
        if prof.by_test or prof.tests_left_out:
            print(f"profile of the tests: {len(prof.by_test)} tests ({len(prof.tests_left_out)} failed or skipped "
                  f"under the real encodings, left out); test runs left out: {_RUNNER.tests_skipped}", flush=True)
    ms = sorted(ms + carried, key=lambda m: m.id)
    counts = {s: sum(m.status == s for m in ms)
              for s in ("killed", "killed by check", "survived", "stillborn", "timeout", "not run")}
    judged = counts["killed"] + counts["killed by check"] + counts["survived"]
    score = counts["killed"] / judged if judged else 0.0
    if args.with_check:
        print(f"\nkilled by mtgasp check only ({counts['killed by check']}):")
        for m in ms:
            if m.status == "killed by check":
                print(f"  {m.file}:{m.line}  {m.kind} {m.description} -- {m.killed_by}\n      {m.statement}")
    if counts["timeout"]:
        print(f"\nmutants over --mutant-time-limit ({counts['timeout']}, not scored):")
        for m in ms:
            if m.status == "timeout":
                print(f"  {m.file}:{m.line}  {m.kind} {m.description} -- {m.killed_by}\n      {m.statement}")
    print(f"\nsurviving mutants ({counts['survived']}):")
    for m in ms:
        if m.status == "survived":
            print(f"  {m.file}:{m.line}  {m.kind} {m.description}\n      {m.statement}")
    if args.with_check:
        both = (counts["killed"] + counts["killed by check"]) / judged if judged else 0.0
        print(f"score with mtgasp check: {counts['killed'] + counts['killed by check']}/{judged} = {100 * both:.1f}%")
    print(f"\nscore: {counts['killed']}/{judged} killed = {100 * score:.1f}% "
          f"({counts['stillborn']} stillborn, {counts['timeout']} timeouts, {counts['not run']} not run; {elapsed:.0f} s, "
          f"{elapsed / max(1, judged + counts['stillborn'] - len(carried)):.1f} s per mutant run)")
    if args.json:
        _write_json(Path(args.json), ms, elapsed)
    return 0


def _write_json(path: Path, ms: list[Mutant], elapsed: float) -> None:
    counts = {s: sum(m.status == s for m in ms)
              for s in ("killed", "killed by check", "survived", "stillborn", "timeout", "not run")}
    judged = counts["killed"] + counts["killed by check"] + counts["survived"]
    score = counts["killed"] / judged if judged else 0.0
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"score": score, "counts": counts, "seconds": elapsed,
                               "mutants": [m.to_json() for m in ms]}, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


if __name__ == "__main__":
    rc = main()
    # Leave without tearing the interpreter down: clingo's C library may be unloaded before the
    # cached ASTs (parsed programs, the profile) are freed, and each would print an ignored
    # AttributeError from AST.__del__ at exit.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(rc)
