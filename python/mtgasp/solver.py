"""Ground and solve: the encodings are parsed once per process, each query gets a fresh Control.

The encodings ship inside the package (``mtgasp.encodings``) and are read with importlib.resources;
they are parsed to clingo ASTs once and replayed into each Control with a ProgramBuilder. Facts are
added through the backend as symbols (see facts.py). A query grounds once, solves once without any
``check/1`` assumption to read every verdict, then once per action whose payment must be searched.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

import clingo
from clingo import ast

ENCODING_PACKAGE = "mtgasp.encodings"


@functools.cache
def encoding_files() -> tuple[tuple[str, str], ...]:
    """(file name, text) of every .lp file shipped in the package, sorted by name."""
    root = resources.files(ENCODING_PACKAGE)
    out = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".lp"):
            out.append((entry.name, entry.read_text(encoding="utf-8")))
    if not out:
        raise RuntimeError("no encodings found in package mtgasp.encodings")
    return tuple(out)


class EncodingError(Exception):
    """An encoding file does not parse (a bug in the package, never the user's input)."""


@functools.cache
def parsed_program() -> tuple[ast.AST, ...]:
    """The statements of all encodings, parsed once per process."""
    stms: list[ast.AST] = []
    for part_stms in parsed_parts().values():
        stms.extend(part_stms)
    return tuple(stms)


def _appender(log: list[str]) -> Callable[[clingo.MessageCode, str], None]:
    return lambda _code, message: log.append(message)


@functools.cache
def parsed_parts() -> dict[str, tuple[ast.AST, ...]]:
    """The statements of all encodings by program part (each part's list starts with its
    #program directive), parsed once per process."""
    return parse_parts(encoding_files())


# Encodings that replace the package's for every Grounded made in this context (program_override).
_OVERRIDE: contextvars.ContextVar[dict[str, tuple[ast.AST, ...]] | None] = contextvars.ContextVar(
    "mtgasp_program_override", default=None)


@contextlib.contextmanager
def program_override(files: Iterable[tuple[str, str]]) -> Iterator[None]:
    """Ground every query made in this context with these (file name, text) encodings instead of
    the package's (tools/mutate.py, mtgasp.check); raises EncodingError if they don't parse."""
    token = _OVERRIDE.set(parse_parts(files))
    try:
        yield
    finally:
        _OVERRIDE.reset(token)


def parse_parts(files: Iterable[tuple[str, str]]) -> dict[str, tuple[ast.AST, ...]]:
    """Parse (file name, text) encodings into statements by program part."""
    parts: dict[str, list[ast.AST]] = {}
    current: list[ast.AST] = []

    def collect(stm: ast.AST) -> None:
        nonlocal current
        if stm.ast_type == ast.ASTType.Program:
            current = parts.setdefault(stm.name, [])
            if not current:
                current.append(stm)
            return
        current.append(stm)

    for name, text in files:
        messages: list[str] = []
        try:
            ast.parse_string(text, collect, logger=_appender(messages))
        except RuntimeError:
            pass
        if messages:
            raise EncodingError(f"encodings/{name}: " + " ".join(m.strip() for m in messages))
    return {part: tuple(stms) for part, stms in parts.items()}


@dataclass
class Solve:
    satisfiable: bool
    atoms: tuple[clingo.Symbol, ...]


class Grounded:
    """One grounded program for one state and one question; solve it under assumptions."""

    def __init__(self, facts: Iterable[clingo.Symbol], messages: list[str] | None = None,
                 parts: tuple[str, ...] = ("base",)):
        log = messages if messages is not None else []
        # --heuristic=Domain enables the #heuristic preferences of payment.lp (plans use few sources).
        self.ctl = clingo.Control(["--heuristic=Domain"], logger=lambda c, m: log.append(m))
        self._solve_config().models = 1  # one payment is enough (the largest X: api.py)
        program = _OVERRIDE.get() or parsed_parts()
        with ast.ProgramBuilder(self.ctl) as pb:
            for part in parts:
                for stm in program.get(part, ()):
                    pb.add(stm)
        with self.ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
        try:
            self.ctl.ground([(part, []) for part in parts])
        except RuntimeError:
            raise EncodingError("grounding failed: " + " ".join(m.strip() for m in log if "error" in m)) from None

    def _solve_config(self) -> Any:
        return self.ctl.configuration.solve

    def facts_by_name(self, signatures: Iterable[tuple[str, int]]) -> dict[str, list[clingo.Symbol]]:
        """Like facts(), grouped by predicate name."""
        atoms = self.ctl.symbolic_atoms
        return {name: [a.symbol for a in atoms.by_signature(name, arity) if a.is_fact]
                for name, arity in signatures}

    def facts(self, signatures: Iterable[tuple[str, int]]) -> list[clingo.Symbol]:
        """The atoms of these predicates that grounding decided (the stratified verdicts)."""
        out: list[clingo.Symbol] = []
        atoms = self.ctl.symbolic_atoms
        for name, arity in signatures:
            out.extend(a.symbol for a in atoms.by_signature(name, arity) if a.is_fact)
        return out

    def solve(self, check: clingo.Symbol | None = None,
              assume: tuple[tuple[clingo.Symbol, bool], ...] = (), conflicts: int | None = None) -> Solve:
        """Solve under assumptions; with ``conflicts``, give up (unsatisfiable) after that many."""
        # check/1 is chosen by an assumption: exactly one action's payment is searched per solve.
        assumptions = list(assume)
        if not any(a.name == "most_x" for a, _ in assumptions):
            assumptions.append((clingo.Function("most_x"), False))
        if check is not None:
            assumptions.append((clingo.Function("check", [check]), True))
        last: tuple[clingo.Symbol, ...] = ()
        if conflicts is not None:
            self._solve_config().solve_limit = str(conflicts)
        try:
            with self.ctl.solve(assumptions=assumptions, yield_=True) as handle:
                for model in handle:
                    last = tuple(model.symbols(shown=True))
                result = handle.get()
        finally:
            if conflicts is not None:
                self._solve_config().solve_limit = "umax"
        return Solve(bool(result.satisfiable), last)
