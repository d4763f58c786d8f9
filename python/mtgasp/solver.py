"""Ground and solve: the encodings are parsed once per process, each query gets a fresh Control.

The encodings ship inside the package (``mtgasp.encodings``) and are read with importlib.resources;
they are parsed to clingo ASTs once and replayed into each Control with a ProgramBuilder. Facts are
added through the backend as symbols (see facts.py). A query grounds once (the verdicts are decided
by grounding), then solves once per action whose payment must be searched.

Only the rules that can matter are replayed (``relevant``; exact, never an approximation of the
answers): a rule is left out when a positive literal of its body can never hold, because no fact
and no rule that can fire gives its predicate an atom of that shape (the constants of the facts are
tracked per argument position, inside compound terms too: ``in_zone(O,exile)`` can't hold on a
board with no exiled card, nor ``action(cast(O,foretell,F,K))`` when no rule head can make one).
A query that reads only some predicates from grounding (``mana``: could_produce/2) may also leave
out every rule those predicates don't depend on (``goals``). Rules that can't fire derive nothing,
so the answers are the same; clingo's cost per rule prepared at each ground call is saved.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

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


class UndecidedVerdict(EncodingError):
    """An atom of a verdict predicate that grounding didn't decide (a rule it depends on is not
    stratified): the encodings are wrong, and reading it as false would give a wrong answer."""


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


# ---- relevance: which rules can fire on a given set of facts ----------------------------------------
# A pattern is (name, args): args holds, per argument position, a constant (("c", name) for a
# symbolic constant, ("s", text) for a string), a compound term of the rules (("f", name, args), args
# patterns again: the head action(cast(O,normal,F,0)) can't give the body literal
# action(cast(O,foretell,F,K)) an atom) or None (anything: a number, an operation, a variable; the
# facts' compound terms are None too). A pattern p "may match" a literal's pattern q when every
# position agrees (compound terms: same name and arity, and every argument may match) or either is None.
Pattern = tuple[str, tuple[Any, ...]]


def _term_const(t: ast.AST) -> Any:
    if t.ast_type == ast.ASTType.SymbolicTerm:
        sym = t.symbol
        if sym.type == clingo.SymbolType.String:
            return ("s", sym.string)
        if sym.type == clingo.SymbolType.Function and not sym.arguments and sym.positive:
            return ("c", sym.name)
        return None
    if t.ast_type == ast.ASTType.Function and not t.external:
        if not t.arguments:
            return ("c", t.name)
        return ("f", t.name, tuple(_term_const(a) for a in t.arguments))
    return None


def _atom_patterns(term: ast.AST) -> list[Pattern]:
    """The patterns of a symbolic atom (a pool p(a;b) or p(a);q gives several)."""
    if term.ast_type == ast.ASTType.Pool:
        return [p for a in term.arguments for p in _atom_patterns(a)]
    if term.ast_type == ast.ASTType.Function:
        return [(term.name, tuple(_term_const(a) for a in term.arguments))]
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return [(term.symbol.name, tuple(None for _ in term.symbol.arguments))]
    return []


def _all_atoms(node: Any, out: list[Pattern]) -> None:
    """Every predicate occurrence in an AST node, anywhere (heads, bodies, aggregates, conditions)."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            out.extend(_atom_patterns(node.symbol))
            return
        for key in node.keys():  # noqa: SIM118  (a clingo AST node, not a dict)
            if key != "location":
                _all_atoms(getattr(node, key), out)
    elif isinstance(node, ast.ASTSequence):
        for item in node:
            _all_atoms(item, out)


def _head_atoms(head: ast.AST) -> list[Pattern]:
    """The atoms a rule's head may make true (elements of choices, disjunctions, head aggregates)."""
    if head.ast_type == ast.ASTType.Literal:
        if head.atom.ast_type == ast.ASTType.SymbolicAtom and head.sign == ast.Sign.NoSign:
            return _atom_patterns(head.atom.symbol)
        return []
    out: list[Pattern] = []
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        for e in head.elements:
            if e.literal.atom.ast_type == ast.ASTType.SymbolicAtom:
                out.extend(_atom_patterns(e.literal.atom.symbol))
    elif head.ast_type == ast.ASTType.HeadAggregate:
        for e in head.elements:
            lit = e.condition.literal
            if lit.atom.ast_type == ast.ASTType.SymbolicAtom:
                out.extend(_atom_patterns(lit.atom.symbol))
    else:
        _all_atoms(head, out)  # anything else: assume it may make any atom it mentions true
    return out


def _required(body: Iterable[ast.AST]) -> list[Pattern]:
    """The positive literals of a body (outside aggregates and conditions): all must hold."""
    out = []
    for b in body:
        if (b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign
                and b.atom.ast_type == ast.ASTType.SymbolicAtom):
            pats = _atom_patterns(b.atom.symbol)
            if len(pats) == 1:
                out.append(pats[0])
    return out


@dataclass(frozen=True)
class _RuleInfo:
    stm: ast.AST
    heads: tuple[Pattern, ...]
    required: tuple[Pattern, ...]
    mentions: frozenset[tuple[str, int]]  # every predicate of the rule (for goals)
    bound: bool = False  # stm is the encodings' rule rewritten by _bind_terms


def _may_match(p: tuple[Any, ...], q: tuple[Any, ...]) -> bool:
    return all(a is None or b is None or a == b or _may_unify(a, b) for a, b in zip(p, q))


def _may_unify(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Two compound-term patterns: the same function and arity, every argument may match."""
    return (a[0] == b[0] == "f" and a[1] == b[1] and len(a[2]) == len(b[2])
            and _may_match(a[2], b[2]))


def _bind_terms(stm: ast.AST) -> ast.AST:
    """``p(A), A = f(X,_)`` in a rule body becomes ``p(f(X,V1)), A = f(X,V1)`` (V1 a fresh variable
    for each ``_``): the same rule instances, but the grounder finds them through p's index on the
    term instead of joining p with whatever literal it binds X from first (``action(A), A =
    cast(O,_,F,_), card_of(O,K)`` joined every action with every object: quadratic in the state)."""
    if stm.ast_type != ast.ASTType.Rule:
        return stm
    body = list(stm.body)
    fresh = 0
    changed = False

    def rename(t: ast.AST) -> ast.AST:
        nonlocal fresh
        if t.ast_type == ast.ASTType.Variable and t.name == "_":
            fresh += 1
            return ast.Variable(t.location, f"MtgaspAnon{fresh}")
        if t.ast_type == ast.ASTType.Function:
            return t.update(arguments=[rename(a) for a in t.arguments])
        return t

    for i, lit in enumerate(body):
        if not (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.Comparison and len(lit.atom.guards) == 1
                and lit.atom.guards[0].comparison == ast.ComparisonOperator.Equal
                and lit.atom.term.ast_type == ast.ASTType.Variable
                and lit.atom.guards[0].term.ast_type == ast.ASTType.Function
                and lit.atom.guards[0].term.arguments):
            continue
        var = lit.atom.term.name
        for j, other in enumerate(body):
            if not (other.ast_type == ast.ASTType.Literal and other.sign == ast.Sign.NoSign
                    and other.atom.ast_type == ast.ASTType.SymbolicAtom
                    and other.atom.symbol.ast_type == ast.ASTType.Function):
                continue
            args = list(other.atom.symbol.arguments)
            hits = [k for k, a in enumerate(args) if a.ast_type == ast.ASTType.Variable and a.name == var]
            if len(hits) != 1:
                continue
            term = rename(lit.atom.guards[0].term)
            args[hits[0]] = term
            body[j] = other.update(atom=other.atom.update(symbol=other.atom.symbol.update(arguments=args)))
            guard = lit.atom.guards[0].update(term=term)
            body[i] = lit.update(atom=lit.atom.update(guards=[guard]))
            changed = True
            break
    return stm.update(body=body) if changed else stm


# A rule's analysis by its text: a program parsed again (program_override: tools/mutate.py's
# mutants, mtgasp check's overrides) differs from the package's in a rule or two, and walking the
# AST of the others again (about a second for the encodings) is skipped. Equal text, equal rule.
_INFO_BY_TEXT: dict[str, _RuleInfo] = {}


def _rule_infos(program: tuple[ast.AST, ...]) -> tuple[ast.AST | _RuleInfo, ...]:
    out: list[ast.AST | _RuleInfo] = []
    for stm in program:
        if stm.ast_type == ast.ASTType.Comment:
            continue
        if stm.ast_type != ast.ASTType.Rule:
            out.append(stm)
            continue
        text = str(stm)
        info = _INFO_BY_TEXT.get(text)
        if info is None:
            bound = _bind_terms(stm)
            every: list[Pattern] = []
            _all_atoms(bound.body, every)
            _all_atoms(bound.head, every)  # with the conditions of a choice's elements
            heads = tuple(_head_atoms(bound.head))
            info = _RuleInfo(bound, heads, tuple(_required(bound.body)),
                             frozenset((n, len(a)) for n, a in every), bound is not stm)
            if len(_INFO_BY_TEXT) > 50000:
                _INFO_BY_TEXT.clear()
            _INFO_BY_TEXT[text] = info
        out.append(info)
    return tuple(out)


# ---- the analysis of the package's encodings, kept on disk -----------------------------------------
# Analysing the encodings' ~1,000 statements (_rule_infos) walks clingo's AST through its C API and
# takes about a second, once per process: most of a `mtgasp moves` command's time. The result is
# kept in a JSON file in the user's cache folder ($MTGASP_CACHE_DIR, else $XDG_CACHE_HOME/mtgasp,
# else ~/.cache/mtgasp), named by a hash of everything it is made from (the encodings' text, this
# module's source, clingo's version, the parts). Anything unreadable, mismatched or unwritable is
# ignored: the analysis is then made as before. Only the patterns are read from the file; the
# statements are the parsed encodings' own (a rule that _bind_terms rewrote is rewritten again).

def _cache_file(parts: tuple[str, ...]) -> Any:
    """The file of the analysis of these parts (OSError when there is no cache folder)."""
    import hashlib
    import os
    from pathlib import Path

    h = hashlib.sha256()
    for name, text in encoding_files():
        h.update(name.encode() + b"\0" + text.encode() + b"\0")
    h.update(Path(__file__).read_bytes())
    h.update(f"{clingo.__version__}|{'|'.join(parts)}".encode())
    base = os.environ.get("MTGASP_CACHE_DIR")
    if not base:
        root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(root):  # no home folder: no cache (never a folder in the working directory)
            raise OSError("no cache folder")
        base = os.path.join(root, "mtgasp")
    return Path(base) / f"encodings-{h.hexdigest()[:32]}.json"


def _to_json(x: Any) -> Any:
    return [_to_json(a) for a in x] if isinstance(x, tuple) else x


def _from_json(x: Any) -> Any:
    return tuple(_from_json(a) for a in x) if isinstance(x, list) else x


def _save_infos(infos: tuple[ast.AST | _RuleInfo, ...], parts: tuple[str, ...]) -> None:
    import json
    import os

    rows = [None if not isinstance(i, _RuleInfo) else
            [_to_json(i.heads), _to_json(i.required), sorted([n, a] for n, a in i.mentions),
             str(i.stm) if i.bound else None]
            for i in infos]
    try:
        path = _cache_file(parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(rows), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # no cache folder: the next process analyses the encodings again


def _cached_infos(stms: tuple[ast.AST, ...], parts: tuple[str, ...]) -> tuple[ast.AST | _RuleInfo, ...] | None:
    import json

    try:
        rows = json.loads(_cache_file(parts).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    kept = [stm for stm in stms if stm.ast_type != ast.ASTType.Comment]
    if not isinstance(rows, list) or len(rows) != len(kept):
        return None
    out: list[ast.AST | _RuleInfo] = []
    try:
        texts = [row[3] for row in rows if row is not None and row[3] is not None]
        bound: list[ast.AST] = []  # the rewritten rules, parsed in one call
        ast.parse_string("\n".join(texts), lambda b: bound.append(b) if b.ast_type == ast.ASTType.Rule else None)
        if len(bound) != len(texts):
            return None
        next_bound = iter(bound)
        for stm, row in zip(kept, rows):
            is_rule = stm.ast_type == ast.ASTType.Rule
            if row is None:
                if is_rule:
                    return None
                out.append(stm)
                continue
            if not is_rule:
                return None
            heads, required, mentions, text = row
            # (a rewritten rule parsed again from its text takes the parsed statement's location:
            # error messages and tools/rule_coverage.py name the encoding file and line)
            out.append(_RuleInfo(next(next_bound).update(location=stm.location) if text is not None else stm,
                                 _from_json(heads),
                                 _from_json(required), frozenset((n, a) for n, a in mentions), text is not None))
    except (TypeError, ValueError, RuntimeError):
        return None
    return tuple(out)


# Among goals: the caller also solves the program (keep constraints, heuristics, shown atoms).
SOLVING = ("#solve", 0)

# (id of the program dict, parts) -> (program dict, its statements analysed); and the answers of
# relevant() per (id, parts, patterns, goals). The program dict is kept in the value, so an id is
# never reused while its entry lives.
_INFOS: dict[tuple[int, tuple[str, ...]], tuple[Any, tuple[ast.AST | _RuleInfo, ...]]] = {}
_RELEVANT: dict[tuple, tuple[Any, tuple[ast.AST, ...]]] = {}


def program_statements(program: dict[str, tuple[ast.AST, ...]], parts: tuple[str, ...],
                       patterns: frozenset[Pattern] | None = None,
                       goals: frozenset[tuple[str, int]] | None = None) -> tuple[ast.AST, ...]:
    """The statements of these parts to ground: all of them (comments aside) without patterns,
    else the relevant ones (see relevant())."""
    key = (id(program), parts)
    hit = _INFOS.get(key)
    if hit is None or hit[0] is not program:
        if len(_INFOS) > 16:
            _INFOS.clear()
        stms = tuple(stm for part in parts for stm in program.get(part, ()))
        ours = program is parsed_parts()  # the package's encodings: their analysis is kept on disk
        infos = _cached_infos(stms, parts) if ours else None
        if infos is None:
            infos = _rule_infos(stms)
            if ours:
                _save_infos(infos, parts)
        hit = _INFOS[key] = (program, infos)
    infos = hit[1]
    if patterns is None:
        return tuple(i.stm if isinstance(i, _RuleInfo) else i for i in infos)
    rkey = (id(program), parts, patterns, goals)
    found = _RELEVANT.get(rkey)
    if found is None or found[0] is not program:
        if len(_RELEVANT) > 512:
            _RELEVANT.clear()
        found = _RELEVANT[rkey] = (program, relevant(infos, patterns, goals))
    return found[1]


Waiting = dict[tuple[str, int], list[tuple[int, int, tuple[Any, ...]]]]


def waiting_literals(rules: Sequence[tuple[Any, _RuleInfo]]) -> Waiting:
    """Per predicate, the required body literals of the rules that have it: (rule, literal, args)."""
    waiting: Waiting = {}
    for idx, (_key, r) in enumerate(rules):
        for pos, (name, args) in enumerate(r.required):
            waiting.setdefault((name, len(args)), []).append((idx, pos, args))
    return waiting


class Matcher:
    """What fixpoint() reads of a list of rules, worked out once: each rule's required literals as
    a bit mask, and per pattern the (rule, bit) of the literals it may match, remembered across
    calls (the patterns of the states a process sees repeat; relevant() keeps one per program)."""

    def __init__(self, rules: Sequence[tuple[Any, _RuleInfo]], waiting: Waiting | None = None):
        self.rules = rules
        self.waiting = waiting_literals(rules) if waiting is None else waiting
        self.masks = [(1 << len(r.required)) - 1 for _key, r in rules]
        self.ready = [idx for idx, m in enumerate(self.masks) if not m]  # rules with no required literal
        self.matches: dict[tuple[str, tuple[Any, ...]], tuple[tuple[int, int], ...]] = {}

    def match(self, name: str, args: tuple[Any, ...]) -> tuple[tuple[int, int], ...]:
        """The (rule, literal bit) of the required literals a fact of this pattern may match."""
        key = (name, args)
        found = self.matches.get(key)
        if found is None:
            if len(self.matches) > 1 << 16:
                self.matches.clear()
            found = self.matches[key] = tuple(
                (idx, 1 << pos) for idx, pos, lit in self.waiting.get((name, len(args)), ())
                if _may_match(lit, args))
        return found


def fixpoint(rules: Sequence[tuple[Any, _RuleInfo]], facts: Iterable[Pattern],
             waiting: Waiting | Matcher | None = None
             ) -> tuple[set[Any], dict[tuple[str, int], set[tuple[Any, ...]]]]:
    """The rules (given with a key each) that can fire on facts of these patterns, and the patterns
    then possible per predicate: the least fixpoint of relevant() (tools/mutate.py reads both).
    Each new pattern clears, in each rule, the bits of the required literals it may match; a rule
    fires when no bit is left (the order of firing doesn't change the fixpoint). ``waiting``: the
    rules' Matcher (relevant() keeps one per program) or their waiting_literals()."""
    matcher = waiting if isinstance(waiting, Matcher) else Matcher(rules, waiting)
    match = matcher.match
    possible: dict[tuple[str, int], set[tuple[Any, ...]]] = {}
    unmet = matcher.masks.copy()  # per rule: a bit per required literal no pattern matches yet
    fired: set[Any] = set()
    new: list[tuple[str, tuple[Any, ...]]] = []

    def add(name: str, args: tuple[Any, ...]) -> None:
        known = possible.setdefault((name, len(args)), set())
        if args not in known:
            known.add(args)
            new.append((name, args))

    def fire(idx: int) -> None:
        key, r = rules[idx]
        fired.add(key)
        for name, args in r.heads:
            add(name, args)

    for name, args in facts:
        add(name, args)
    for idx in matcher.ready:
        fire(idx)
    while new:
        name, args = new.pop()
        for idx, bit in match(name, args):
            left = unmet[idx]
            if left & bit:
                left ^= bit
                unmet[idx] = left
                if not left:
                    fire(idx)
    return fired, possible


class _Analysis(NamedTuple):
    """What relevant() reads of a program, worked out once per program (see _analysed)."""
    infos: tuple[ast.AST | _RuleInfo, ...]
    rules: list[_RuleInfo]
    matcher: Matcher  # over the rules, numbered
    defining: dict[tuple[str, int], list[int]]  # predicate -> the rules with it in their head
    shown: frozenset[tuple[str, int]]  # what the #show and #heuristic statements mention
    # the statements in order, each with its rule's number (-1: kept whatever fires), without the
    # #defined statements: they only keep clingo from warning about predicates no rule defines;
    # a relevant program is grounded without warnings (_control), so they are left out (296 of a
    # small board's 506 statements: a twentieth of a query's time)
    order: tuple[tuple[ast.AST, int], ...]


# id of an analysed program -> its analysis (which holds the program, so an id isn't reused)
_ANALYSED: dict[int, _Analysis] = {}


def _analysed(infos: tuple[ast.AST | _RuleInfo, ...]) -> _Analysis:
    """What relevant() reads of a program, worked out once per program: its rules (numbered, their
    required literals by predicate, which rules define each predicate) and the predicates its
    #show and #heuristic statements mention."""
    hit = _ANALYSED.get(id(infos))
    if hit is None or hit.infos is not infos:
        if len(_ANALYSED) > 16:
            _ANALYSED.clear()
        rules = [i for i in infos if isinstance(i, _RuleInfo)]
        order: list[tuple[ast.AST, int]] = []
        numbered = iter(range(len(rules)))
        for stm in infos:
            if isinstance(stm, _RuleInfo):
                order.append((stm.stm, next(numbered)))
            elif stm.ast_type != ast.ASTType.Defined:
                order.append((stm, -1))
        defining: dict[tuple[str, int], list[int]] = {}
        for idx, r in enumerate(rules):
            for p in {(n, len(a)) for n, a in r.heads}:
                defining.setdefault(p, []).append(idx)
        shown: set[tuple[str, int]] = set()
        for stm in infos:
            if isinstance(stm, _RuleInfo):
                continue
            if stm.ast_type == ast.ASTType.ShowSignature:
                shown.add((stm.name, stm.arity))
            else:
                found: list[Pattern] = []
                _all_atoms(stm, found)
                shown |= {(n, len(a)) for n, a in found}
        hit = _ANALYSED[id(infos)] = _Analysis(infos, rules, Matcher(list(enumerate(rules))), defining,
                                               frozenset(shown), tuple(order))
    return hit


def relevant(infos: tuple[ast.AST | _RuleInfo, ...], facts: frozenset[Pattern],
             goals: frozenset[tuple[str, int]] | None = None) -> tuple[ast.AST, ...]:
    """The statements worth grounding on facts of these patterns (see the module doc): rules that
    can fire (a least fixpoint over patterns, from the facts), and with goals only the rules the
    goal predicates depend on: without SOLVING among the goals, no constraint (nothing is
    solved); with it, also every constraint and what #heuristic and #show statements mention, and
    what they depend on. Other statements (#show, #defined, #heuristic, #program) are kept."""
    an = _analysed(infos)
    rules = an.rules
    fired, _possible = fixpoint(an.matcher.rules, facts, an.matcher)
    if goals is None:
        keep = fired
    else:
        needed = set(goals)
        keep = set()
        if SOLVING in goals:  # what the solve reads: constraints, #heuristic and #show statements
            for i in fired:
                if not rules[i].heads:
                    keep.add(i)
                    needed |= rules[i].mentions
            needed |= an.shown
        todo = list(needed)
        while todo:  # the fired rules that define a needed predicate, and what they mention
            for i in an.defining.get(todo.pop(), ()):
                if i in fired and i not in keep:
                    keep.add(i)
                    for m in rules[i].mentions - needed:
                        needed.add(m)
                        todo.append(m)
    return tuple(stm for stm, i in an.order if i < 0 or i in keep)


def _control(log: list[str], trimmed: bool) -> clingo.Control:
    """A Control for one grounding; --heuristic=Domain enables the #heuristic preferences of
    payment.lp (plans use few sources). A program trimmed by relevant() has no #defined
    statements: its warnings are switched off (errors are still logged)."""
    args = ["--heuristic=Domain", "--warn=none"] if trimmed else ["--heuristic=Domain"]
    return clingo.Control(args, logger=lambda c, m: log.append(m))


try:  # clingo's cffi module: the C calls behind Backend.add_atom and Backend.add_rule
    from clingo._internal import _ffi as _FFI
    from clingo._internal import _lib as _LIB
except ImportError:  # pragma: no cover (another clingo build: the public API below)
    _FFI = _LIB = None


_SYMBOLS_P = _FFI.typeof("clingo_symbol_t**") if _FFI is not None else None
_SIZE_P = _FFI.typeof("size_t*") if _FFI is not None else None


def sym_args(sym: clingo.Symbol) -> list[clingo.Symbol]:
    """``sym.arguments`` (the arguments of a function symbol), with clingo's C call made directly."""
    if _LIB is None:
        return sym.arguments
    p_args = _FFI.new(_SYMBOLS_P)
    p_size = _FFI.new(_SIZE_P)
    if not _LIB.clingo_symbol_arguments(sym._rep, p_args, p_size):
        return sym.arguments  # not a function: the wrapper raises its error
    args = p_args[0]
    return [clingo.Symbol(args[i]) for i in range(p_size[0])]


def add_facts(ctl: clingo.Control, facts: Iterable[clingo.Symbol]) -> None:
    """Add each symbol as a fact through the backend. The C functions behind Backend.add_atom and
    Backend.add_rule are called directly with one reused buffer each: the same calls, without
    the wrapper's allocations per fact (half the time of a query's facts)."""
    with ctl.backend() as backend:
        rep = getattr(backend, "_rep", None)
        if _LIB is None or rep is None:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
            return
        p_sym = _FFI.new("clingo_symbol_t*")
        p_atom = _FFI.new("clingo_atom_t*")
        add_atom, add_rule, null = _LIB.clingo_backend_add_atom, _LIB.clingo_backend_rule, _FFI.NULL
        for sym in facts:
            p_sym[0] = sym._rep
            if not (add_atom(rep, p_sym, p_atom) and add_rule(rep, False, p_atom, 1, null, 0)):
                raise RuntimeError(_FFI.string(_LIB.clingo_error_message()).decode())


def fact_atoms(ctl: clingo.Control, name: str, arity: int) -> list[clingo.Symbol]:
    """The atoms of predicate name/arity that are facts after grounding, in clingo's order: what
    ``[a.symbol for a in ctl.symbolic_atoms.by_signature(name, arity) if a.is_fact]`` gives, with
    the C calls behind it made directly (one reused buffer each)."""
    atoms = ctl.symbolic_atoms
    rep = getattr(atoms, "_rep", None)
    if _LIB is None or rep is None:
        found = list(atoms.by_signature(name, arity))
        if any(not a.is_fact for a in found):   # (as below)
            raise UndecidedVerdict(f"{name}/{arity} is not decided by grounding: a rule it depends on is not stratified")
        return [a.symbol for a in found]
    lib, ffi = _LIB, _FFI
    p_sig = ffi.new("clingo_signature_t*")
    p_it = ffi.new("clingo_symbolic_atom_iterator_t*")
    p_bool = ffi.new("bool*")
    p_sym = ffi.new("clingo_symbol_t*")
    ok = lib.clingo_signature_create(name.encode(), arity, True, p_sig) and \
        lib.clingo_symbolic_atoms_begin(rep, p_sig, p_it)
    out: list[clingo.Symbol] = []
    valid, is_fact, symbol, advance = (lib.clingo_symbolic_atoms_is_valid, lib.clingo_symbolic_atoms_is_fact,
                                       lib.clingo_symbolic_atoms_symbol, lib.clingo_symbolic_atoms_next)
    while ok:
        it = p_it[0]
        if not valid(rep, it, p_bool):
            ok = False
            break
        if not p_bool[0]:
            break
        if not is_fact(rep, it, p_bool):
            ok = False
            break
        if not p_bool[0]:
            # every atom of a verdict predicate is decided by grounding (the encodings are
            # stratified up to the verdicts, which are then facts); one that isn't would be read as
            # false, and the answer silently wrong: an encoding error, not an answer (found by
            # probe32d: with a negation cycle in an edited encoding, `why` answered "legal")
            undecided = symbol(rep, it, p_sym)
            raise UndecidedVerdict(f"{name}/{arity} is not decided by grounding"
                                + (f" ({clingo.Symbol(p_sym[0])})" if undecided else "")
                                + ": a rule it depends on is not stratified")
        if not symbol(rep, it, p_sym):
            ok = False
            break
        out.append(clingo.Symbol(p_sym[0]))
        ok = advance(rep, it, p_it)
    if not ok:
        raise RuntimeError(ffi.string(lib.clingo_error_message()).decode())
    return out


@dataclass
class Solve:
    satisfiable: bool
    atoms: tuple[clingo.Symbol, ...]


class Grounded:
    """One grounded program for one state and one question; solve it under assumptions."""

    def __init__(self, facts: Iterable[clingo.Symbol], messages: list[str] | None = None,
                 parts: tuple[str, ...] = ("base",), patterns: frozenset[Pattern] | None = None,
                 goals: frozenset[tuple[str, int]] | None = None):
        """Ground the program parts on the facts. With ``patterns`` (the facts' patterns, see
        FactWriter.patterns) only the rules that can fire are grounded; with ``goals`` too, only
        those the goal predicates depend on (the caller then reads only those from grounding)."""
        log = messages if messages is not None else []
        self.ctl = _control(log, patterns is not None)
        self._solve_config().models = 1  # one payment is enough (the largest X: api.py)
        program = _OVERRIDE.get() or parsed_parts()
        with ast.ProgramBuilder(self.ctl) as pb:
            for stm in program_statements(program, parts, patterns, goals):
                pb.add(stm)
        add_facts(self.ctl, facts)
        try:
            self.ctl.ground([(part, []) for part in parts])
        except RuntimeError:
            raise EncodingError("grounding failed: " + " ".join(m.strip() for m in log if "error" in m)) from None

    def _solve_config(self) -> Any:
        return self.ctl.configuration.solve

    def facts_by_name(self, signatures: Iterable[tuple[str, int]]) -> dict[str, list[clingo.Symbol]]:
        """Like facts(), grouped by predicate name."""
        return {name: fact_atoms(self.ctl, name, arity) for name, arity in signatures}

    def facts(self, signatures: Iterable[tuple[str, int]]) -> list[clingo.Symbol]:
        """The atoms of these predicates that grounding decided (the stratified verdicts)."""
        out: list[clingo.Symbol] = []
        for name, arity in signatures:
            out.extend(fact_atoms(self.ctl, name, arity))
        return out

    def solve(self, check: clingo.Symbol | None = None,
              assume: tuple[tuple[clingo.Symbol, bool], ...] = (), conflicts: int | None = None) -> Solve:
        """Solve under assumptions; with ``conflicts``, give up (unsatisfiable) after that many."""
        satisfiable, shown = _solve(self.ctl, _assumptions(check, assume), conflicts)
        return Solve(satisfiable, tuple(shown))


def _assumptions(check: clingo.Symbol | None,
                 assume: tuple[tuple[clingo.Symbol, bool], ...]) -> list[tuple[clingo.Symbol, bool]]:
    """check/1 is chosen by an assumption: exactly one action's payment is searched per solve;
    most_x/0 is false unless assumed (the largest X is asked for)."""
    assumptions = list(assume)
    if not any(a.name == "most_x" for a, _ in assumptions):
        assumptions.append((clingo.Function("most_x"), False))
    if check is not None:
        assumptions.append((clingo.Function("check", [check]), True))
    return assumptions


def _solve(ctl: clingo.Control, assumptions: list[tuple[clingo.Symbol, bool]],
           conflicts: int | None) -> tuple[bool, list[clingo.Symbol]]:
    """Solve for one model (the last one found; with ``conflicts``, give up after that many)."""
    last: list[clingo.Symbol] = []
    config: Any = ctl.configuration.solve
    if conflicts is not None:
        config.solve_limit = str(conflicts)
    try:
        with ctl.solve(assumptions=assumptions, yield_=True) as handle:
            for model in handle:
                last = model.symbols(shown=True)
            result = handle.get()
    finally:
        if conflicts is not None:
            config.solve_limit = "umax"
    return bool(result.satisfiable), last


# ---- many states in one grounding ---------------------------------------------------------------
# clingo prepares every rule anew at each ground call (about 40 us a rule, most of a small board's
# query), so a batch of states is grounded in one call: every atom of the program gets the state's
# number as a first argument (``p(X) :- q(X)`` becomes ``p(S,X) :- mtgasp_state(S), q(S,X)``), the
# states' facts get theirs, and no rule joins two states. What is searched (choice rules,
# constraints, #heuristic) also needs ``mtgasp_focus(S)``, an external assumed true for the one
# state whose payment a solve searches and false for the others: each solve searches exactly the
# single-state program's payments, and no other state's constraint or choice takes part in it. The
# verdicts (decided by grounding) are the same; the payment found may be another valid one, since
# the search runs on another ground program (atoms numbered and joined in another order).
STATE_PRED = "mtgasp_state"
FOCUS_PRED = "mtgasp_focus"
_STATE_VAR = "MtgaspState"


class _AddState(ast.Transformer):  # type: ignore[misc]
    def __init__(self, location: Any):
        self.var = ast.Variable(location, _STATE_VAR)
        self.location = location

    def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
        return node.update(symbol=self._atom(node.symbol))

    def _atom(self, t: ast.AST) -> ast.AST:
        if t.ast_type == ast.ASTType.Pool:
            return t.update(arguments=[self._atom(a) for a in t.arguments])
        if t.ast_type == ast.ASTType.Function:
            return t.update(arguments=[self.var, *t.arguments])
        if t.ast_type == ast.ASTType.SymbolicTerm and t.symbol.type == clingo.SymbolType.Function:
            return ast.Function(t.location, t.symbol.name, [self.var], 0)
        raise EncodingError(f"an atom of an unexpected shape: {t}")

    def visit_ShowSignature(self, node: ast.AST) -> ast.AST:
        return node.update(arity=node.arity + 1)

    def visit_Defined(self, node: ast.AST) -> ast.AST:
        return node.update(arity=node.arity + 1)

    def literal(self, name: str) -> ast.AST:
        return ast.Literal(self.location, ast.Sign.NoSign,
                           ast.SymbolicAtom(ast.Function(self.location, name, [self.var], 0)))


def _searched(head: ast.AST) -> bool:
    """A constraint's or a choice rule's head: the rule takes part in the search, not in grounding."""
    if head.ast_type == ast.ASTType.Literal:
        return head.atom.ast_type == ast.ASTType.BooleanConstant
    return True


def with_state(stm: ast.AST) -> ast.AST:
    """The statement of the many-states program (see above)."""
    if stm.ast_type not in (ast.ASTType.Rule, ast.ASTType.Heuristic, ast.ASTType.ShowSignature,
                            ast.ASTType.Defined, ast.ASTType.Program, ast.ASTType.Comment):
        raise EncodingError(f"no many-states form for the statement {stm}")
    tr = _AddState(stm.location)
    out = tr(stm)
    if out.ast_type == ast.ASTType.Rule:
        extra = [tr.literal(STATE_PRED)] + ([tr.literal(FOCUS_PRED)] if _searched(out.head) else [])
        out = out.update(body=[*out.body, *extra])
    elif out.ast_type == ast.ASTType.Heuristic:
        out = out.update(body=[*out.body, tr.literal(STATE_PRED), tr.literal(FOCUS_PRED)])
    return out


_WITH_STATE: dict[int, tuple[ast.AST, ast.AST]] = {}


def _with_state_cached(stm: ast.AST) -> ast.AST:
    hit = _WITH_STATE.get(id(stm))
    if hit is None or hit[0] is not stm:
        if len(_WITH_STATE) > 20000:
            _WITH_STATE.clear()
        hit = _WITH_STATE[id(stm)] = (stm, with_state(stm))
    return hit[1]


@functools.cache
def _focus_declaration() -> tuple[ast.AST, ...]:
    out: list[ast.AST] = []
    ast.parse_string(f"#external {FOCUS_PRED}({_STATE_VAR}) : {STATE_PRED}({_STATE_VAR}). [free]", out.append)
    return tuple(s for s in out if s.ast_type != ast.ASTType.Program)


def _prefixer() -> Callable[[clingo.Symbol, clingo.Symbol], clingo.Symbol]:
    """A function making ``p(first, args...)`` of the function symbol ``p(args...)`` with clingo's C
    calls made directly and reused buffers (Function(name, [first, *sym.arguments]) costs several
    times more)."""
    if _LIB is None:
        return lambda sym, first: clingo.Function(sym.name, [first, *sym.arguments])
    lib, ffi = _LIB, _FFI
    p_args, p_size = ffi.new(_SYMBOLS_P), ffi.new(_SIZE_P)
    p_name, p_out = ffi.new("char**"), ffi.new("clingo_symbol_t*")
    buf = ffi.new("clingo_symbol_t[]", 64)

    def make(sym: clingo.Symbol, first: clingo.Symbol) -> clingo.Symbol:
        if not (lib.clingo_symbol_arguments(sym._rep, p_args, p_size) and lib.clingo_symbol_name(sym._rep, p_name)) \
                or p_size[0] >= 63:
            return clingo.Function(sym.name, [first, *sym.arguments])
        n = p_size[0]
        buf[0] = first._rep
        args = p_args[0]
        for i in range(n):
            buf[i + 1] = args[i]
        if not lib.clingo_symbol_create_function(p_name[0], buf, n + 1, True, p_out):
            raise RuntimeError(ffi.string(lib.clingo_error_message()).decode())
        return clingo.Symbol(p_out[0])
    return make


_PREFIX = _prefixer()


def prefixed(sym: clingo.Symbol, first: clingo.Symbol) -> clingo.Symbol:
    """``p(first, args...)`` for the function symbol ``p(args...)`` (a state's number first)."""
    return _PREFIX(sym, first)


def add_state_facts(ctl: clingo.Control, states: Sequence[Iterable[clingo.Symbol]]) -> None:
    """Add ``mtgasp_state(k)`` and each fact of state k with k as its first argument."""
    out: list[clingo.Symbol] = []
    for k, facts in enumerate(states):
        n = clingo.Number(k)
        out.append(clingo.Function(STATE_PRED, [n]))
        out.extend(prefixed(f, n) for f in facts)
    add_facts(ctl, out)


class GroundedMany:
    """Several states' programs grounded in one call (see above); ``view(k)`` answers as the
    Grounded of state k alone would: the same facts, the same solves."""

    def __init__(self, states: Sequence[Iterable[clingo.Symbol]], messages: list[str] | None = None,
                 parts: tuple[str, ...] = ("base",), patterns: frozenset[Pattern] | None = None,
                 goals: frozenset[tuple[str, int]] | None = None):
        """``patterns``: the union of the states' fact patterns (see Grounded)."""
        log = messages if messages is not None else []
        self.ctl = _control(log, patterns is not None)
        config: Any = self.ctl.configuration.solve
        config.models = 1
        self.size = len(states)
        program = _OVERRIDE.get() or parsed_parts()
        with ast.ProgramBuilder(self.ctl) as pb:
            for stm in program_statements(program, parts, patterns, goals):
                pb.add(_with_state_cached(stm))
            for stm in _focus_declaration():
                pb.add(stm)
        add_state_facts(self.ctl, states)
        try:
            self.ctl.ground([(part, []) for part in parts])
        except RuntimeError:
            raise EncodingError("grounding failed: " + " ".join(m.strip() for m in log if "error" in m)) from None
        self._facts: dict[tuple[str, int], list[list[clingo.Symbol]]] = {}
        self._focused: int | None = None

    def view(self, k: int) -> StateView:
        return StateView(self, k)

    def facts_of(self, name: str, arity: int, k: int) -> list[clingo.Symbol]:
        """The facts of name/arity of state k after grounding, without the state's number, in
        clingo's order."""
        per_state = self._facts.get((name, arity))
        if per_state is None:
            per_state = [[] for _ in range(self.size)]
            for sym in fact_atoms(self.ctl, name, arity + 1):
                args = sym_args(sym)
                per_state[args[0].number].append(clingo.Function(name, args[1:]))
            self._facts[(name, arity)] = per_state
        return per_state[k]

    def solve(self, k: int, assumptions: list[tuple[clingo.Symbol, bool]],
              conflicts: int | None) -> tuple[bool, list[clingo.Symbol]]:
        """Solve state k's program under its assumptions (single-state atoms)."""
        n = clingo.Number(k)
        focus = [(clingo.Function(FOCUS_PRED, [clingo.Number(j)]), j == k) for j in range(self.size)]
        ok, shown = _solve(self.ctl, [*focus, *((prefixed(a, n), v) for a, v in assumptions)], conflicts)
        out = []
        for sym in shown:
            args = sym_args(sym)
            if args and args[0] == n:
                out.append(clingo.Function(sym.name, args[1:]))
        return ok, out


class StateView:
    """One state of a GroundedMany, with Grounded's interface (facts_by_name, facts, solve)."""

    def __init__(self, many: GroundedMany, k: int):
        self.many = many
        self.k = k

    def facts_by_name(self, signatures: Iterable[tuple[str, int]]) -> dict[str, list[clingo.Symbol]]:
        return {name: self.many.facts_of(name, arity, self.k) for name, arity in signatures}

    def facts(self, signatures: Iterable[tuple[str, int]]) -> list[clingo.Symbol]:
        out: list[clingo.Symbol] = []
        for name, arity in signatures:
            out.extend(self.many.facts_of(name, arity, self.k))
        return out

    def solve(self, check: clingo.Symbol | None = None,
              assume: tuple[tuple[clingo.Symbol, bool], ...] = (), conflicts: int | None = None) -> Solve:
        satisfiable, shown = self.many.solve(self.k, _assumptions(check, assume), conflicts)
        return Solve(satisfiable, tuple(shown))
