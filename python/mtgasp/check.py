"""Bounded verification (``mtgasp check``): properties of the encodings over every small state.

The states are not written by anyone: ``encodings/check/generate.lp`` produces, with choice rules,
the same input predicates that facts.py exports for a state document — two players, up to
``bound`` objects drawn from the card library, zones, steps, turns 1..``turns``, tapped, counters,
foretold, plotted, the stack, a resolving ability, one optional user question — under the
validity rules of state.py written as constraints. The encodings derive the verdicts as for any
state, and ``encodings/check/properties.lp`` states each property as ``violation(Name, W)``.

For each property one solve answers: unsatisfiable = no counterexample within the bound (a proof);
a model = a counterexample, then minimized (fewest objects, earliest turn, fewest extra fields) and
printed as a state document that ``mtgasp moves``/``why`` accept, with the action (or object) to ask
about and what ``Checker.why`` answers on it. The document is validated by state.py and exported
again by facts.py: its facts must be exactly the generated ones (else the generator and facts.py
disagree, which is reported as an error).

    checker = BoundedChecker(bound=3)
    for result in checker.run():           # or checker.check("sick_creature_no_tq")
        print(result.name, result.status, result.seconds)

``overrides`` replaces the text of encoding files (by file name, e.g. ``"casting_exile.lp"``, or
``"check/properties.lp"``): the deliberately broken encodings of the tests, and mutants.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import clingo
from clingo import Function, Number, Symbol, SymbolType, ast

from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError, Problem
from mtgasp.model import STEPS, hybrid_term_key, render_cost
from mtgasp.solver import encoding_files, program_override

# The default bound (docs/verification.md): 3 objects for the properties of requirements, 2 for the
# properties that search payments; with both, every property finishes in under a minute on one core.
DEFAULT_BOUND = 3
DEFAULT_PAYMENT_BOUND = 2
DEFAULT_TURNS = 3
MAX_BOUND = 8  # objects per state: beyond this the search takes hours (docs/verification.md)
MAX_TURNS = 20
# Per-property limit for the search (seconds of CPU time); beyond it the property is reported "unknown".
DEFAULT_TIME_LIMIT = 300.0
# Minimizing a counterexample that exists: at most this long (then the smallest found is printed).
MINIMIZE_TIME_LIMIT = 10.0
# Looking for a counterexample whose witness is legal outright (not only accepted): at most this long.
STRENGTHEN_TIME_LIMIT = 20.0
# clasp's "trendy" configuration proves these properties 2-3 times faster than the default ("auto").
CLASP_CONFIGURATION = "trendy"
# Encoding files that only search payments: left out of the program of the requirement properties.
PAYMENT_FILES = ("payment.lp",)
# Cards left out of the generated states by default: a replacement effect that multiplies mana
# (Mana Reflection) makes the amounts the payment aggregates must consider grow with every copy and
# every other replacement effect; grounding at bound 3 goes from about 6 s to several minutes.
DEFAULT_EXCLUDED = ("Mana Reflection",)
PLAYERS = ("alice", "bob")
CHECK_FILES = ("check/generate.lp", "check/properties.lp")

# The input predicates of a state (facts.py) that the generator produces; compared after export.
STATE_PREDICATES = {
    "turn": 1, "step": 1, "active": 1, "priority": 1, "player": 1, "seat": 2, "life": 2,
    "lands_played": 2, "pool": 3, "last_turn_override": 2, "attackers_this_turn": 2,
    "damage_taken_this_turn": 2, "library_size_given": 2, "hand_size_given": 2, "object": 1,
    "owner": 2, "controller": 2, "in_zone": 2, "controlled_since": 2, "card_of": 2, "face_up": 2,
    "tapped": 1, "face_down": 1, "counters": 3, "attached": 2, "foretold": 2, "plotted": 2,
    "exiled_with": 2, "library_pos": 2, "stack_ability": 3, "stack_pos": 2, "resolving": 1,
    "lasting_effect": 4, "consecutive_passes": 1, "foretell_cost_given": 3,
}
GENERATED = set(STATE_PREDICATES) | {"acting", "listing", "query", "query_x", "query_sac", "query_pay", "query_cost_named", "query_alt", "query_target",
                                     "gen_ability", "gen_foretell_cost", "violation", "check",
                                     "use", "xval", "sacrifice", "legal"}


class CheckError(Exception):
    """The generator and the product disagree (a bug in mtgasp, never the user's input)."""


@dataclass
class Counterexample:
    objects: int
    optimal: bool  # the minimization finished (no smaller counterexample exists)
    state: dict[str, Any]
    witness: dict[str, Any]  # {"why": action, "player"} or {"mana": object id}
    payment: dict[str, Any] | None  # the payment the model found, if it checked one
    answer: dict[str, Any] | None  # what the product answers on the witness (Checker.why/mana)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"objects": self.objects, "minimal": self.optimal, "state": self.state,
                               **self.witness}
        if self.payment:
            out["payment"] = self.payment
        if self.answer is not None:
            out["answer"] = self.answer
        return out

    def commands(self, path: str = "STATE.json") -> list[str]:
        if "mana" in self.witness:
            return [f"mtgasp mana {path} {self.witness['mana']} --explain"]
        action = json.dumps(self.witness["action"], ensure_ascii=False)
        return [f"mtgasp why {path} '{action}' --player {self.witness['player']}"]


@dataclass
class PropertyResult:
    name: str
    description: str
    status: str  # "holds" | "violated" | "unknown" (time limit)
    seconds: float
    bound: int
    stats: dict[str, Any] = field(default_factory=dict)
    counterexample: Counterexample | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"property": self.name, "description": self.description, "status": self.status,
                               "bound": self.bound, "seconds": round(self.seconds, 2), "search": self.stats}
        if self.counterexample is not None:
            out["counterexample"] = self.counterexample.to_json()
        return out


def _atoms(node: Any, out: set[tuple[str, int]]) -> None:
    """The predicate signatures of the symbolic atoms in an AST subtree."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            sym = node.symbol
            if sym.ast_type == ast.ASTType.Function:
                out.add((sym.name, len(sym.arguments)))
            elif sym.ast_type == ast.ASTType.SymbolicTerm and sym.symbol.type == SymbolType.Function:
                out.add((sym.symbol.name, len(sym.symbol.arguments)))
        for key in node.child_keys:
            _atoms(getattr(node, key), out)
    elif not isinstance(node, (str, bytes)) and hasattr(node, "__iter__"):
        for item in node:
            _atoms(item, out)


def _heads_and_bodies(text: str) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """Predicates a file's base part defines (heads) and reads (bodies, conditions)."""
    heads: set[tuple[str, int]] = set()
    bodies: set[tuple[str, int]] = set()
    part = ["base"]

    def visit(stm: ast.AST) -> None:
        if stm.ast_type == ast.ASTType.Program:
            part[0] = stm.name
            return
        if part[0] != "base":
            return
        if stm.ast_type == ast.ASTType.Rule:
            head = stm.head
            if head.ast_type == ast.ASTType.Literal:
                _atoms(head, heads)
            elif head.ast_type == ast.ASTType.Aggregate:
                for e in head.elements:
                    _atoms(e.literal, heads)
                    _atoms(e.condition, bodies)
            elif head.ast_type == ast.ASTType.HeadAggregate:
                for e in head.elements:
                    _atoms(e.condition.literal, heads)
                    _atoms(e.condition.condition, bodies)
            elif head.ast_type == ast.ASTType.Disjunction:
                for e in head.elements:
                    _atoms(e.literal, heads)
                    _atoms(e.condition, bodies)
            _atoms(stm.body, bodies)
        elif stm.ast_type == ast.ASTType.External:
            _atoms(stm.atom, heads)
            _atoms(stm.body, bodies)

    ast.parse_string(text, visit)
    return heads, bodies


def payment_only_files(files: Sequence[tuple[str, str]]) -> set[str]:
    """The PAYMENT_FILES that no other encoding reads from: what they define is read by no rule of
    another file (so leaving them out changes no reason, permit or verdict of the others)."""
    info = {name: _heads_and_bodies(text) for name, text in files}
    pay = [n for n in PAYMENT_FILES if n in info]
    if not pay:
        return set()
    defined = set().union(*(info[n][0] for n in pay))
    others_heads = set().union(*(h for n, (h, _b) in info.items() if n not in pay))
    others_bodies = set().union(*(b for n, (_h, b) in info.items() if n not in pay))
    if (defined - others_heads) & others_bodies:
        return set()
    return set(pay)


def _opt_mode(ctl: clingo.Control, mode: str) -> None:
    """Turn the #minimize statements on ("opt") or off ("ignore") for the next solve."""
    solve: Any = ctl.configuration.solve
    solve.opt_mode = mode


def check_file_text(name: str) -> str:
    return resources.files("mtgasp.encodings").joinpath(name).read_text(encoding="utf-8")


class _Program:
    """One grounded program: the generator, encodings and properties at one bound."""

    def __init__(self, ctl: clingo.Control, bound: int, seconds: float, payments: bool):
        self.ctl = ctl
        self.bound = bound
        self.seconds = seconds
        self.payments = payments

    def size(self) -> dict[str, int]:
        lp = self.ctl.statistics.get("problem", {}).get("lp", {}) if self.ctl.statistics else {}
        return {"atoms": len(self.ctl.symbolic_atoms), "rules": int(lp.get("rules", 0))}


def _cap(prog: _Program, bound: int) -> list[tuple[Symbol, bool]]:
    """Assumptions for at most ``bound`` objects in a program grounded for more (objects are
    numbered 1..k without gaps, so no object bound+1 is enough)."""
    return [(Function("object", [Number(bound + 1)]), False)] if bound < prog.bound else []


class BoundedChecker:
    """Grounds the generator, the encodings and the properties; solves once per property.

    Two programs: the properties of requirements (reasons, permits, ok) are checked without the
    payment search (payment.lp is left out when no other encoding reads what it defines: it is
    95% of the ground program), at ``bound`` objects; the properties that read the payment
    (needs_payment/1) with every encoding, at ``payment_bound`` objects."""

    def __init__(self, library: CardLibrary | None = None, bound: int = DEFAULT_BOUND,
                 turns: int = DEFAULT_TURNS, overrides: Mapping[str, str] | None = None,
                 exclude: Iterable[str] = DEFAULT_EXCLUDED, cards: Iterable[str] | None = None,
                 time_limit: float | None = DEFAULT_TIME_LIMIT, payment_bound: int | None = None):
        for flag, value, least, most in (("--bound", bound, 0, MAX_BOUND),
                                         ("--turns", turns, 1, MAX_TURNS),
                                         ("--payment-bound", payment_bound, 0, MAX_BOUND)):
            if value is not None and value < least:
                raise InputError(Problem(flag, f"{value} is below {least}"))
            if value is not None and value > most:
                raise InputError(Problem(flag, f"{value} is more than {most} (the space of states grows "
                                                 "exponentially with it; the most mtgasp accepts)"))
        if time_limit is not None and not (0 < time_limit <= 86_400):
            raise InputError(Problem("--time-limit", f"{time_limit} is not a number of seconds between 0 "
                                                     "and 86400"))
        self.library = library if library is not None else CardLibrary.builtin()
        self.bound = bound
        self.payment_bound = payment_bound if payment_bound is not None else min(bound, DEFAULT_PAYMENT_BOUND)
        # property_bound/2 caps a property's bound unless the payment bound is given explicitly.
        self.use_property_bounds = payment_bound is None
        self._property_bounds: dict[str, int] = {}
        self.turns = turns
        self.overrides = dict(overrides or {})
        self.time_limit = time_limit
        names = [self.library.get(n).name for n in cards] if cards is not None else [c.name for c in self.library]
        excluded = {self.library.get(n).name for n in exclude if n in self.library}
        self.card_names = [n for n in names if n not in excluded]
        self._programs: dict[bool, _Program] = {}
        self._descriptions: dict[str, str] = {}
        self._needs_payment: set[str] = set()
        self._ids: Any = None
        self._cost_text: dict[int, str] = {}

    @property
    def ground_seconds(self) -> float:
        return sum(p.seconds for p in self._programs.values())

    # -- the program ---------------------------------------------------------------------------------
    def encodings(self) -> list[tuple[str, str]]:
        """The top-level encodings (with overrides applied): what the product grounds."""
        return [(name, self.overrides.get(name, text)) for name, text in encoding_files()]

    def _facts(self) -> list[Symbol]:
        from mtgasp.facts import FactWriter

        fw = FactWriter(self.library)
        for card in self.library:
            k = fw.card(card)
            if card.name in self.card_names:
                fw.add("gen_card", k)
        for i, _name in enumerate(PLAYERS, start=1):
            fw.add("player", Number(i))
            fw.add("seat", Number(i), Number(i - 1))
            fw.add("life", Number(i), Number(20))
        fw.add("consecutive_passes", Number(0))
        self._ids = fw.ids
        return fw.facts

    def program(self, payments: bool) -> _Program:
        """The grounded program for the properties that need (or don't need) the payment search."""
        files = self.encodings()
        if not payments:
            droppable = payment_only_files(files)
            if droppable:
                files = [(n, t) for n, t in files if n not in droppable]
            else:
                payments = True  # payment.lp is read elsewhere: one program for all properties
        if payments in self._programs:
            return self._programs[payments]
        bound = self.payment_bound if payments else self.bound
        start = time.perf_counter()
        messages: list[str] = []
        ctl = clingo.Control([f"-c objects={bound}", f"-c turns={self.turns}", f"--configuration={CLASP_CONFIGURATION}"],
                             logger=lambda _c, m: messages.append(m))
        try:
            for _name, text in files:
                ctl.add("base", [], text)
            for name in CHECK_FILES:
                ctl.add("base", [], self.overrides.get(name, check_file_text(name)))
        except RuntimeError:
            raise CheckError("the encodings don't parse: " + " ".join(m.strip() for m in messages)) from None
        with ctl.backend() as backend:
            for sym in self._facts():
                backend.add_rule([backend.add_atom(sym)])
        try:
            ctl.ground([("base", [])])
        except RuntimeError:
            raise CheckError("grounding failed: " + " ".join(m.strip() for m in messages if "error" in m)) from None
        if not self._cost_text:
            parts: dict[int, dict[str, int]] = {}
            hybrids: dict[int, dict[str, int]] = {}
            for atom in ctl.symbolic_atoms.by_signature("cost", 3):
                cid, sym, n = atom.symbol.arguments
                h = hybrid_term_key(sym.name, [a.name for a in sym.arguments])
                if h is not None:
                    hybrids.setdefault(cid.number, {})[h] = n.number
                else:
                    parts.setdefault(cid.number, {})[sym.name] = n.number
            for number, amounts in parts.items():
                colored = {k.upper(): v for k, v in amounts.items() if k not in ("generic", "x")}
                self._cost_text[number] = render_cost(amounts.get("generic", 0), colored, amounts.get("x", 0),
                                                      hybrids.get(number))
        self._read_properties()
        prog = _Program(ctl, bound, time.perf_counter() - start, payments)
        self._programs[payments] = prog
        return prog

    def ground(self) -> None:
        """Ground the program of the requirement properties (and learn the list of properties)."""
        self.program(False)

    def _read_properties(self) -> None:
        """The list of properties (describe/2, needs_payment/1, property_bound/2): facts of
        properties.lp, read by grounding that file alone (its other rules find nothing to fire on),
        not the whole program."""
        if self._descriptions:
            return
        ctl = clingo.Control(logger=lambda _c, _m: None)
        name = "check/properties.lp"
        try:
            ctl.add("base", [], self.overrides.get(name, check_file_text(name)))
            ctl.ground([("base", [])])
        except RuntimeError as e:
            raise CheckError(f"encodings/{name} doesn't ground") from e
        for atom in ctl.symbolic_atoms.by_signature("describe", 2):
            self._descriptions[atom.symbol.arguments[0].name] = atom.symbol.arguments[1].string
        for atom in ctl.symbolic_atoms.by_signature("needs_payment", 1):
            self._needs_payment.add(atom.symbol.arguments[0].name)
        for atom in ctl.symbolic_atoms.by_signature("property_bound", 2):
            self._property_bounds[atom.symbol.arguments[0].name] = atom.symbol.arguments[1].number

    def properties(self) -> dict[str, str]:
        """name -> description, in the order of properties.lp."""
        self._read_properties()
        return dict(self._descriptions)

    def needs_payment(self, name: str) -> bool:
        self._read_properties()
        return name in self._needs_payment

    def space(self, bound: int) -> float:
        """log10 of the number of states within the bound, before validity constraints and symmetry
        (an upper bound on the states the search covers): per-object choices to the power of the bound,
        times the game's choices."""
        t = self.turns
        per_object = 0
        for name in self.card_names:
            card = self.library.get(name)
            faces = len(card.faces)
            kinds = 5  # no counters, or 1..2 of the two kinds relevant in most states
            battlefield = 2 * (t + 1) * faces * 2 * kinds
            stack = 2 * faces * kinds
            exile = 2 * kinds * (1 + t + 1 + t * 4)  # face up, plotted, face down, foretold (+ cost)
            per_object += 2 * (3 + battlefield + stack + exile + 2)
        per_object += 2 * 6  # abilities on the stack (a few per source)
        game = t * 2 * len(STEPS) * 3 * t * 2 * 22 * 3
        return math.log10(game) + bound * math.log10(per_object)

    # -- solving -------------------------------------------------------------------------------------
    def run(self, names: Sequence[str] | None = None) -> list[PropertyResult]:
        props = self.properties()
        chosen = list(names) if names else list(props)
        unknown = [n for n in chosen if n not in props]
        if unknown:
            raise InputError(Problem("--property", f"unknown property {', '.join(unknown)} (one of {', '.join(props)})"))
        return [self.check(n) for n in chosen]

    def check(self, name: str) -> PropertyResult:
        props = self.properties()
        if name not in props:
            raise InputError(Problem("--property", f"unknown property {name} (one of {', '.join(props)})"))
        prog = self.program(name in self._needs_payment)
        start = time.perf_counter()
        self._select(prog, name, strong=False)
        bound = self.bound_of(name)
        # objects are numbered 1..k without gaps: no object bound+1 means at most bound objects
        cap = _cap(prog, bound)
        model, status = self._solve(prog.ctl, self.time_limit, assumptions=cap)
        stats = self._stats(prog.ctl)
        result = PropertyResult(name, self._descriptions[name], status, 0.0, bound, stats)
        if model is not None:
            atoms, optimal = self._minimize(prog, model, cap)
            if not prog.payments:
                # An accepted witness may have a cost that can't be paid in that state; look for one
                # that is legal outright (with the payment search), so that `why` answers "legal".
                pay = self.program(True)
                if pay is not prog:
                    self._select(pay, name, strong=True)
                    found, _ = self._solve(pay.ctl, STRENGTHEN_TIME_LIMIT, assumptions=_cap(pay, bound))
                    if found is not None:
                        atoms, optimal = self._minimize(pay, found, _cap(pay, bound))
                    self._select(pay, name, strong=False)
            result.counterexample = self.counterexample(atoms, optimal, name)
        result.seconds = time.perf_counter() - start
        return result

    def _select(self, prog: _Program, name: str | None, strong: bool = False) -> None:
        ctl = prog.ctl
        for other in self._descriptions:
            ctl.assign_external(Function("property", [Function(other)]), other == name)
        ctl.assign_external(Function("payments"), prog.payments)
        ctl.assign_external(Function("strong"), strong)
        ctl.assign_external(Function("sampling"), name is None)
        _opt_mode(ctl, "ignore")

    def sample(self, count: int, seed: int = 0, payments: bool = False) -> Iterator[dict[str, Any]]:
        """Random generated states, as documents (each validated by state.py and exported again by
        facts.py to the same facts, like every counterexample): a test of the generator itself.
        The number of objects, their cards and zones, the step and the active player are drawn at
        random and assumed; the solver completes the state."""
        import random

        from mtgasp.state import parse_state

        self.properties()
        prog = self.program(payments)
        self._select(prog, None)
        rng = random.Random(seed)
        steps = list(STEPS)
        zones = ["library", "hand", "battlefield", "graveyard", "stack", "exile", "command"]
        cards = [self.library.index(n) for n in self.card_names]
        made = tries = 0
        try:
            while made < count and tries < 20 * count:
                tries += 1
                k = rng.randint(0, prog.bound)
                assume = [(Function("object", [Number(o)]), o <= k) for o in range(1, prog.bound + 1)]
                assume.append((Function("step", [Function(rng.choice(steps))]), True))
                assume.append((Function("active", [Number(rng.randint(1, 2))]), True))
                # abilities first, then cards in library order (generate.lp's symmetry breaking)
                drawn = sorted(-1 if rng.random() < 0.1 else rng.choice(cards) for _ in range(k))
                for o, card in enumerate(drawn, start=1):
                    if card < 0:
                        assume.append((Function("gen_ability", [Number(o)]), True))
                    else:
                        assume.append((Function("card_of", [Number(o), Number(card)]), True))
                        assume.append((Function("in_zone", [Number(o), Function(rng.choice(zones))]), True))
                model = None
                with prog.ctl.solve(assumptions=assume, yield_=True) as handle:
                    for m in handle:
                        model = [s for s in m.symbols(atoms=True) if s.name in GENERATED]
                        break
                if model is None:
                    continue
                doc, _ids = self.document(model)
                try:
                    state = parse_state(doc, self.library, source="generated state")
                except InputError as e:
                    raise CheckError(f"the generator produced a state the validator refuses: {e.render()}\n"
                                     + json.dumps(doc, indent=1)) from None
                self._compare_facts(model, state, "sample")
                made += 1
                yield doc
        finally:
            prog.ctl.assign_external(Function("sampling"), False)

    def bound_of(self, name: str) -> int:
        """The number of objects the property is checked at: its program's bound, or less where
        properties.lp gives it a property_bound (unless the payment bound was set explicitly)."""
        prog_bound = self.payment_bound if name in self._needs_payment else self.bound
        cap = self._property_bounds.get(name) if self.use_property_bounds else None
        return prog_bound if cap is None else min(cap, prog_bound)

    def _minimize(self, prog: _Program, model: list[Symbol],
                  assumptions: Sequence[tuple[Symbol, bool]] = ()) -> tuple[list[Symbol], bool]:
        """Fewest objects, earliest turn, fewest extra fields (generate.lp #minimize), within a time limit."""
        _opt_mode(prog.ctl, "opt")
        best, status = self._solve(prog.ctl, MINIMIZE_TIME_LIMIT, optimize=True, assumptions=assumptions)
        _opt_mode(prog.ctl, "ignore")
        return (best or model), status == "optimal"

    def _solve(self, ctl: clingo.Control, limit: float | None, optimize: bool = False,
               assumptions: Sequence[tuple[Symbol, bool]] = ()) -> tuple[list[Symbol] | None, str]:
        """One solve with a limit in seconds of CPU time (the process's, the solver's thread
        included, so that a loaded machine gives the same verdict later): (atoms of the last model,
        status)."""
        last: list[Symbol] | None = None
        with ctl.solve(yield_=True, async_=True, assumptions=list(assumptions)) as handle:
            deadline = None if limit is None else time.process_time() + limit
            finished = False
            while True:
                handle.resume()
                if deadline is None:
                    handle.wait()
                else:
                    done = handle.wait(0)
                    while not done and time.process_time() < deadline:
                        done = handle.wait(min(1.0, max(0.05, deadline - time.process_time())))
                    if not done:
                        handle.cancel()
                        break
                m = handle.model()
                if m is None:
                    finished = True
                    break
                last = [s for s in m.symbols(atoms=True) if s.name in GENERATED]
                if not optimize:
                    break
            res = handle.get()
        if last is not None:
            return last, ("optimal" if optimize and finished else "violated")
        if finished and res.unsatisfiable:
            return None, "holds"
        return None, "unknown"

    @staticmethod
    def _stats(ctl: clingo.Control) -> dict[str, Any]:
        s = ctl.statistics
        try:
            solving = s["solving"]["solvers"]
            return {"choices": int(solving["choices"]), "conflicts": int(solving["conflicts"])}
        except (KeyError, TypeError):
            return {}

    # -- counterexamples -----------------------------------------------------------------------------
    def counterexample(self, atoms: list[Symbol], optimal: bool, name: str) -> Counterexample:
        from mtgasp.state import parse_state

        doc, object_ids = self.document(atoms)
        try:
            state = parse_state(doc, self.library, source=f"counterexample of {name}")
        except InputError as e:
            raise CheckError(f"the generator produced a state the validator refuses ({name}): {e.render()}\n"
                             + json.dumps(doc, indent=1)) from None
        self._compare_facts(atoms, state, name)
        violations = [a for a in atoms if a.name == "violation" and a.arguments[0].name == name]
        w = violations[0].arguments[1]
        witness: dict[str, Any]
        if w.type == SymbolType.Function and w.name == "mana":
            witness = {"mana": object_ids[w.arguments[0].number]}
        else:
            witness = {"action": self.action_json(w, atoms, state), "player": PLAYERS[0]}
        payment = self._payment(atoms, object_ids)
        cx = Counterexample(objects=len(object_ids), optimal=optimal, state=doc, witness=witness,
                            payment=payment, answer=None)
        cx.answer = self.answer(state, cx)
        return cx

    def document(self, atoms: Iterable[Symbol]) -> tuple[dict[str, Any], dict[int, str]]:
        """The state document of a generated state; also the object ids by number."""
        by: dict[str, list[tuple[Symbol, ...]]] = {}
        for a in atoms:
            by.setdefault(a.name, []).append(tuple(a.arguments))

        def one(pred: str) -> Any:
            rows = by.get(pred, [])
            return rows[0] if rows else None

        def num(s: Symbol) -> int:
            return s.number

        card_names = {self.library.index(c.name): c.name for c in self.library}
        objects = sorted(num(r[0]) for r in by.get("object", []))
        width = len(str(max(objects))) if objects else 1
        oid = {o: f"o{o:0{width}d}" for o in objects}
        pname = {i: n for i, n in enumerate(PLAYERS, start=1)}

        def rows_of(pred: str, o: int) -> list[tuple[Symbol, ...]]:
            return [r for r in by.get(pred, []) if num(r[0]) == o]

        def val(pred: str, o: int) -> Any:
            r = rows_of(pred, o)
            return r[0][1] if r else None

        turn = num(one("turn")[0])
        active = pname[num(one("active")[0])]
        prio = one("priority")
        doc: dict[str, Any] = {
            "format": 1,
            "description": "mtgasp check: a generated state",
            "turn": turn,
            "active_player": active,
            "step": one("step")[0].name,
            "priority": pname[num(prio[0])] if prio else None,
        }
        players = []
        for i, n in pname.items():
            p: dict[str, Any] = {"name": n}
            lp = [num(r[1]) for r in by.get("lands_played", []) if num(r[0]) == i]
            if lp and lp[0]:
                p["lands_played_this_turn"] = lp[0]
            pool = "".join("{" + r[1].name.upper() + "}" * 1 for r in sorted(
                (r for r in by.get("pool", []) if num(r[0]) == i),
                key=lambda r: "wubrgc".index(r[1].name)) for _ in range(num(r[2])))
            if pool:
                p["mana_pool"] = pool
            lt = [num(r[1]) for r in by.get("last_turn_override", []) if num(r[0]) == i]
            if lt:
                p["last_turn"] = lt[0]
            for pred, key in (("attackers_this_turn", "attackers_this_turn"),
                              ("damage_taken_this_turn", "damage_taken_this_turn"),
                              ("library_size_given", "library_size"), ("hand_size_given", "hand_size")):
                v = [num(r[1]) for r in by.get(pred, []) if num(r[0]) == i]
                if v:
                    p[key] = v[0]
            players.append(p)
        doc["players"] = players
        out_objects = []
        for o in objects:
            owner = pname[num(val("owner", o))]
            controller = pname[num(val("controller", o))]
            zone = val("in_zone", o).name
            if rows_of("gen_ability", o):
                _o, src, ab = rows_of("stack_ability", o)[0]
                out_objects.append({"id": oid[o], "zone": "stack",
                                    "ability": {"source": oid[num(src)], "index": num(ab.arguments[2])},
                                    "controller": controller})
                continue
            k = num(val("card_of", o))
            card = self.library.get(card_names[k])
            d: dict[str, Any] = {"id": oid[o], "card": card.name, "owner": owner, "zone": zone}
            if controller != owner:
                d["controller"] = controller
            fu = val("face_up", o)
            if fu is not None and len(card.faces) > 1:
                d["face"] = card.faces[num(fu) - 1].name
            if rows_of("tapped", o):
                d["tapped"] = True
            if rows_of("face_down", o):
                d["face_down"] = True
            counters = {r[1].string: num(r[2]) for r in rows_of("counters", o)}
            if counters:
                d["counters"] = counters
            cs = val("controlled_since", o)
            if cs is not None and num(cs):
                d["controlled_since_turn"] = num(cs)
            for pred, key in (("attached", "attached_to"), ("exiled_with", "exiled_with")):
                v = val(pred, o)
                if v is not None:
                    d[key] = oid[num(v)]
            for pred, key in (("foretold", "foretold_turn"), ("plotted", "plotted_turn")):
                v = val(pred, o)
                if v is not None:
                    d[key] = num(v)
            fc = val("gen_foretell_cost", o)
            if fc is not None:
                d["foretell_cost"] = self._cost_text[num(fc)]
            out_objects.append(d)
        doc["objects"] = out_objects
        stack = sorted(by.get("stack_pos", []), key=lambda r: num(r[1]))
        if stack:
            doc["stack"] = [oid[num(r[0])] for r in stack]
        res = one("resolving")
        if res:
            doc["resolving"] = oid[num(res[0])]
        effects = by.get("lasting_effect", [])
        if effects:
            doc["effects"] = [{"card": card_names[num(r[1])], "controller": pname[num(r[2])],
                               "duration": r[3].name} for r in effects]
        return doc, oid

    def action_json(self, term: Symbol, atoms: Iterable[Symbol], state: Any) -> dict[str, Any]:
        """The action JSON of an action term (with the question's X, targets and extra costs)."""
        from mtgasp.answers import Decoder
        from mtgasp.facts import FactWriter

        fw = FactWriter(self.library)
        fw.state(state)
        action = Decoder(fw.ids, state, self.library).action(term).to_json()
        extra = [a for a in atoms if a.arguments and a.arguments[0] == term]
        for a in extra:
            if a.name == "query_x":
                action["x"] = a.arguments[1].number
            elif a.name == "query_alt":
                action.setdefault("additional", []).append(a.arguments[1].name)
            elif a.name == "query_target":
                action.setdefault("targets", []).append(fw.ids.object_names[a.arguments[1].number])
        if term.name == "choose":
            action = {"kind": "choose", "object": fw.ids.object_names[term.arguments[0].number]}
        return action

    def _payment(self, atoms: Iterable[Symbol], oid: Mapping[int, str]) -> dict[str, Any] | None:
        uses = [a for a in atoms if a.name == "use"]
        sac = [a for a in atoms if a.name == "sacrifice"]
        xval = [a for a in atoms if a.name == "xval"]
        checked = [a for a in atoms if a.name == "check"]
        if not checked:
            return None
        out: dict[str, Any] = {"checked": str(checked[0].arguments[0]),
                               "mana_abilities": [{"source": oid[u.arguments[0].number], "ability": str(u.arguments[1]),
                                                   "choice": str(u.arguments[2])} for u in uses]}
        if sac:
            out["sacrifice"] = [oid[s.arguments[1].number] for s in sac]
        if xval:
            out["x"] = xval[0].arguments[0].number
        return out

    def _compare_facts(self, atoms: Iterable[Symbol], state: Any, name: str) -> None:
        """The exported facts of the printed document must be the generated state's facts."""
        from mtgasp.facts import FactWriter

        fw = FactWriter(self.library)
        fw.state(state)
        exported = {f for f in fw.facts if STATE_PREDICATES.get(f.name) == len(f.arguments)}
        generated = {a for a in atoms if STATE_PREDICATES.get(a.name) == len(a.arguments)}
        generated |= {Function("player", [Number(i)]) for i in (1, 2)}
        generated |= {Function("seat", [Number(i), Number(i - 1)]) for i in (1, 2)}
        generated |= {Function("life", [Number(i), Number(20)]) for i in (1, 2)}
        generated.add(Function("consecutive_passes", [Number(0)]))
        if exported != generated:
            only_gen = sorted(map(str, generated - exported))
            only_exp = sorted(map(str, exported - generated))
            raise CheckError(f"{name}: the printed state is not the generated one (generator and facts.py "
                             f"disagree): generated only {only_gen}; exported only {only_exp}")

    def answer(self, state: Any, cx: Counterexample) -> dict[str, Any]:
        """What the product says about the witness (under the same encodings)."""
        from mtgasp.actions import parse_action
        from mtgasp.api import Checker

        checker = Checker(self.library)
        try:
            with self.product():
                if "mana" in cx.witness:
                    return {"types": checker.mana(state, cx.witness["mana"])}
                action = parse_action(cx.witness["action"], state, self.library, cx.witness["player"])
                return checker.why(state, action, cx.witness["player"]).why_json()
        except InputError as e:
            return {"bad_input": e.render()}
        except Exception as e:  # noqa: BLE001 (the product crashed on this state: report it)
            return {"crash": f"{type(e).__name__}: {e}"}

    @contextlib.contextmanager
    def product(self) -> Iterator[None]:
        """Run Checker queries with this checker's encodings (overrides included)."""
        if any(name in dict(encoding_files()) for name in self.overrides):
            with program_override(self.encodings()):
                yield
        else:
            yield


# ------------------------------------------------------------------------------------------------
# Reports


def render(results: Sequence[PropertyResult], checker: BoundedChecker, out: Any) -> None:
    print(f"mtgasp check: two players, objects drawn from {len(checker.card_names)} cards, turns 1..{checker.turns}",
          file=out)
    for payments, prog in sorted(checker._programs.items()):
        size = prog.size()
        what = "properties that search payments" if payments else "properties of requirements"
        print(f"  {what}: up to {prog.bound} objects, about 10^{checker.space(prog.bound):.0f} states "
              f"before validity and symmetry; grounded in {prog.seconds:.1f} s ({size['atoms']} atoms)", file=out)
    for r in results:
        mark = {"holds": "holds", "violated": "VIOLATED", "unknown": "unknown"}[r.status]
        search = f"{r.stats.get('choices', 0)} choices, {r.stats.get('conflicts', 0)} conflicts" if r.stats else ""
        print(f"{mark:<9} {r.name:<27} {r.bound} obj {r.seconds:5.1f} s  {search:<32} {r.description}", file=out)
        if r.status == "unknown":
            print("          (time limit reached: neither a proof nor a counterexample)", file=out)
        cx = r.counterexample
        if cx is not None:
            print(f"  counterexample ({cx.objects} objects{'' if cx.optimal else ', not proven minimal'}):", file=out)
            for line in json.dumps(cx.state, ensure_ascii=False, indent=1).splitlines():
                print(f"    {line}", file=out)
            for cmd in cx.commands():
                print(f"  reproduce: {cmd}", file=out)
            if cx.payment:
                print(f"  payment found: {json.dumps(cx.payment, ensure_ascii=False)}", file=out)
            if cx.answer is not None:
                print(f"  the product answers: {json.dumps(cx.answer, ensure_ascii=False)}", file=out)
    held = sum(r.status == "holds" for r in results)
    bad = sum(r.status == "violated" for r in results)
    print(f"{held} hold, {bad} violated, {len(results) - held - bad} unknown "
          f"(total {checker.ground_seconds + sum(r.seconds for r in results):.1f} s)", file=out)


def check_save_folder(folder: str) -> None:
    """--save names a folder (existing or to be created), not a file: checked before the run."""
    from pathlib import Path

    root = Path(folder)
    if root.exists() and not root.is_dir():
        raise InputError(Problem("--save", f"{folder} exists and is not a folder (--save names a folder to "
                                           "write the counterexamples to)"))


def save_counterexamples(results: Sequence[PropertyResult], folder: str) -> list[str]:
    from pathlib import Path

    root = Path(folder)
    check_save_folder(folder)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(Problem("--save", f"can't create the folder {folder}: {exc.strerror or exc}")) from None
    written = []
    for r in results:
        if r.counterexample is None:
            continue
        doc = dict(r.counterexample.state)
        doc["description"] = f"mtgasp check: counterexample of {r.name}: {r.description}"
        path = root / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', r.name)}.json"
        witness = root / f"{path.stem}.action.json"
        try:
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            if "action" in r.counterexample.witness:
                witness.write_text(json.dumps(r.counterexample.witness["action"], ensure_ascii=False)
                                   + "\n", encoding="utf-8")
        except OSError as exc:
            raise InputError(Problem("--save", f"can't write {path}: {exc.strerror or exc}")) from None
        written.append(str(path))
    return written


def run_cli(args: Any, library: CardLibrary) -> int:
    """``mtgasp check``: exit 0 if every property holds, 1 if one is violated or undecided."""
    import sys

    kw: dict[str, Any] = {"turns": args.turns}
    if args.time_limit is not None:
        kw["time_limit"] = args.time_limit
    if args.bound is not None:
        kw["bound"] = args.bound
    if args.payment_bound is not None:
        kw["payment_bound"] = args.payment_bound
    checker = BoundedChecker(library, **kw)
    if args.save:
        check_save_folder(args.save)
    props = checker.properties()
    if args.list:
        if args.json:
            json.dump([{"property": n, "description": d, "payments": checker.needs_payment(n)}
                       for n, d in props.items()], sys.stdout, indent=2)
            sys.stdout.write("\n")
        else:
            for n, d in props.items():
                print(f"{n:<28} {'(payments) ' if checker.needs_payment(n) else ''}{d}")
        return 0
    results = checker.run(args.property or None)
    if args.save:
        save_counterexamples(results, args.save)
    if args.json:
        doc = {"programs": [{"payments": pay, "bound": p.bound, "ground_seconds": round(p.seconds, 2),
                             "states_log10": round(checker.space(p.bound), 1), **p.size()}
                            for pay, p in sorted(checker._programs.items())],
               "turns": checker.turns, "cards": len(checker.card_names),
               "results": [r.to_json() for r in results]}
        json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        render(results, checker, sys.stdout)
    return 0 if all(r.status == "holds" for r in results) else 1
