"""Table-driven unit tests of the encodings (in the style of potassco's coom-suite): for small
states, the atoms that must and must not come out of grounding.

Atoms are written as text with ``{name}`` placeholders for object ids and player names (facts use
numbers; the Query's id mapping fills them in). A pattern may use ``*`` wildcards (fnmatch):
``must`` needs at least one matching fact, ``must_not`` forbids every match.

Also: grounding logs nothing but "no atoms over signature" infos, and every verdict atom read from
the grounded program (Grounded.facts) is what a full solve gives (stratification guard).
"""

from __future__ import annotations

import ast as pyast
import copy
import functools
import re
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import clingo
import pytest
from clingo import ast
from mtgasp.actions import acting_player
from mtgasp.api import VERDICT_SIGNATURES, Query
from mtgasp.cards import CardLibrary
from mtgasp.facts import FactWriter
from mtgasp.model import GameState
from mtgasp.scenarios import corpus_files, load_scenario
from mtgasp.solver import Grounded, parsed_program
from mtgasp.state import load_state, parse_state

LIB = CardLibrary.builtin()
EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.json"))


def obj(oid: str, card: str, owner: str = "alice", zone: str = "battlefield", **fields: Any) -> dict[str, Any]:
    return {"id": oid, "card": card, "owner": owner, "zone": zone, **fields}


def state(objects: list[dict[str, Any]], *, turn: int = 5, active: str = "alice", step: str = "precombat_main",
          priority: str | None = "alice", players: list[dict[str, Any]] | None = None,
          **extra: Any) -> dict[str, Any]:
    doc = {"format": 1, "turn": turn, "active_player": active, "step": step, "priority": priority,
           "players": players or [{"name": "alice"}, {"name": "bob"}], "objects": objects}
    stack = [o["id"] for o in objects if o["zone"] == "stack"]
    if stack:
        doc["stack"] = stack
    doc.update(extra)
    return doc


# (name, state document, must, must_not)
CASES: list[tuple[str, dict[str, Any], list[str], list[str]]] = [
    # 302.6: a creature is sick until its controller has controlled it since their most recent turn began.
    ("sick-creature-arrived-this-turn", state([
        obj("bears_new", "Grizzly Bears", controlled_since_turn=5),
        obj("bears_old", "Grizzly Bears", controlled_since_turn=4),
        obj("bob_new", "Grizzly Bears", "bob", controlled_since_turn=4),   # bob's most recent turn is 4
        obj("bob_old", "Grizzly Bears", "bob", controlled_since_turn=3),
        obj("forest_new", "Forest", controlled_since_turn=5),               # not a creature
        obj("elves_hand", "Llanowar Elves", zone="hand"),
        obj("elves_new", "Llanowar Elves", controlled_since_turn=5),
        obj("elves_old", "Llanowar Elves", controlled_since_turn=1),
    ]), ["sick({bears_new})", "sick({bob_new})", "sick({elves_new})",
         'reason(activate({elves_new},*),"302.6",*)', "action(activate({elves_old},*))"],
        ["sick({bears_old})", "sick({bob_old})", "sick({forest_new})", "sick({elves_hand})", "sick({elves_old})",
         "reason(activate({elves_old},*)", "reason(activate({forest_new},*)"]),
    ("haste-is-not-sickness", state([
        obj("fervor", "Fervor", controlled_since_turn=2),
        obj("birds", "Birds of Paradise", controlled_since_turn=5),
    ]), ["sick({birds})", "has_keyword({birds},haste)", "action(activate({birds},*))"],
        ["reason(activate({birds},*)"]),

    # most_recent_turn/2: derived from turn and active player (no extra turns), or last_turn.
    ("most-recent-turn-active-first-seat", state([], turn=7),
     ["most_recent_turn({alice},7)", "most_recent_turn({bob},6)"],
     ["most_recent_turn({bob},7)", "most_recent_turn({alice},6)"]),
    ("most-recent-turn-first-turn", state([], turn=1),
     ["most_recent_turn({alice},1)", "most_recent_turn({bob},0)"], ["most_recent_turn({bob},1)"]),
    ("most-recent-turn-second-seat-active", state([], turn=6, active="bob", priority="bob"),
     ["most_recent_turn({bob},6)", "most_recent_turn({alice},5)"], ["most_recent_turn({alice},6)"]),
    ("most-recent-turn-last-turn-override", state([], turn=6, players=[{"name": "alice"}, {"name": "bob", "last_turn": 3}]),
     ["most_recent_turn({alice},6)", "most_recent_turn({bob},3)"], ["most_recent_turn({bob},5)"]),
    ("most-recent-turn-three-players", state([], turn=7, active="carol", priority="carol",
                                             players=[{"name": "alice"}, {"name": "bob"}, {"name": "carol"}]),
     ["most_recent_turn({alice},5)", "most_recent_turn({bob},6)", "most_recent_turn({carol},7)"],
     ["most_recent_turn({alice},7)", "most_recent_turn({alice},6)"]),

    # 106.7: lands that only reflect each other produce nothing.
    ("reflecting-cycle-produces-nothing", state([
        obj("pool1", "Reflecting Pool"), obj("pool2", "Reflecting Pool"),
        obj("orchard_a", "Exotic Orchard"), obj("orchard_b", "Exotic Orchard", "bob"),
    ]), [], ["could_produce({pool1},*)", "could_produce({pool2},*)", "could_produce({orchard_a},*)",
             "could_produce({orchard_b},*)", "makes(*)"]),
    ("reflecting-chain-through-a-forest", state([
        obj("pool1", "Reflecting Pool"), obj("pool2", "Reflecting Pool", tapped=True),
        obj("orchard_a", "Exotic Orchard"), obj("orchard_b", "Exotic Orchard", "bob"),
        obj("forest", "Forest", tapped=True),
    ]), ["could_produce({pool1},g)", "could_produce({pool2},g)", "could_produce({orchard_b},g)",
         "could_produce({orchard_a},g)", "could_produce({forest},g)"],
        ["could_produce({pool1},u)", "could_produce({orchard_a},c)", "could_produce({pool1},c)"]),
    ("reflecting-pool-and-wastes", state([
        obj("pool", "Reflecting Pool"), obj("wastes", "Wastes"), obj("orchard_b", "Exotic Orchard", "bob"),
    ]), ["could_produce({pool},c)", "could_produce({wastes},c)"],
        ["could_produce({orchard_b},*)", "could_produce({pool},g)"]),   # Orchard: colors only

    # any color, counters, replacement effects
    ("any-color-and-luck", state([
        obj("birds", "Birds of Paradise"), obj("lucky", "Gemstone Caverns", counters={"luck": 1}),
        obj("unlucky", "Gemstone Caverns"), obj("hand_birds", "Birds of Paradise", zone="hand"),
    ]), [f"could_produce({{birds}},{t})" for t in "wubrg"] + [f"could_produce({{lucky}},{t})" for t in "wubrg"]
        + ["could_produce({unlucky},c)"],
        ["could_produce({birds},c)", "could_produce({lucky},c)", "could_produce({unlucky},g)",
         "could_produce({hand_birds},*)"]),
    ("contamination-turns-land-mana-black", state([
        obj("cont", "Contamination", "bob"), obj("forest", "Forest"), obj("birds", "Birds of Paradise"),
    ]), ["could_produce({forest},b)", "could_produce({birds},g)"], ["could_produce({forest},g)"]),
    ("pale-moon-on-nonbasic-lands", state([
        obj("pool", "Reflecting Pool"), obj("forest", "Forest"),
    ], effects=[{"card": "Pale Moon", "controller": "bob", "duration": "end_of_turn"}]),
     ["could_produce({pool},c)", "could_produce({forest},g)"], ["could_produce({pool},g)", "could_produce({forest},c)"]),

    # 712.8, 712.11: a modal double-faced card has the characteristics of the face that is up.
    ("mdfc-faces", state([
        obj("kol_stack", "Kolvori, God of Kinship // The Ringhart Crest", zone="stack", face="The Ringhart Crest",
            cast_from="hand"),
        obj("kol_hand", "Kolvori, God of Kinship // The Ringhart Crest", zone="hand"),
        obj("kol_bf", "Kolvori, God of Kinship // The Ringhart Crest", face="Kolvori, God of Kinship"),
        obj("crest_bf", "The Ringhart Crest"),
    ]), ["cur_face({kol_stack},2)", "is({kol_stack},artifact)", "cur_face({kol_hand},1)", "is({kol_hand},creature)",
         "cur_face({kol_bf},1)", "cur_face({crest_bf},2)", "could_produce({crest_bf},g)",
         "action(cast({kol_hand},normal,1,0))", "action(cast({kol_hand},normal,2,0))"],
        ["cur_face({kol_stack},1)", "is({kol_stack},creature)", "cur_face({kol_hand},2)", "cur_face({crest_bf},1)",
         "could_produce({kol_bf},*)"]),

    # lands (305)
    ("land-on-opponents-turn", state([obj("isl", "Island", zone="hand")], turn=4, active="bob", priority="alice"),
     ['reason(play_land({isl}),"305.3",*)', 'permits(play_land({isl}),"305.1")'],
     ['reason(play_land({isl}),"305.2b",*)']),
    ("land-own-main-phase", state([obj("isl", "Island", zone="hand")]),
     ["action(play_land({isl}))", 'permits(play_land({isl}),"305.1")'], ["reason(play_land({isl}),*)"]),
    ("second-land", state([obj("isl", "Island", zone="hand")],
                          players=[{"name": "alice", "lands_played_this_turn": 1}, {"name": "bob"}]),
     ['reason(play_land({isl}),"305.2b",*)'], ['reason(play_land({isl}),"305.1",*)']),

    # costs (601.2f)
    ("total-costs", state([
        obj("burst", "Burst Lightning", zone="hand"), obj("ballista", "Walking Ballista", zone="hand"),
        obj("blast", "Shrapnel Blast", zone="hand"), obj("bolt", "Lightning Bolt", zone="hand"),
    ]), ["total(cast({burst},normal,1,1),generic,4)", "total(cast({burst},normal,1,1),r,1)",
         "total(cast({ballista},normal,1,0),x,2)", "has_x_in_mana_cost(cast({ballista},normal,1,0))",
         "sacrifice_required(cast({blast},normal,1,0),type(artifact),*)",
         'reason(cast({blast},normal,1,0),"118.3",*)', "costed(cast({bolt},normal,1,0))"],
        ["total(cast({burst},normal,1,0),generic,*)", "action(cast({bolt},normal,1,1))",
         "total(cast({ballista},normal,1,0),generic,*)"]),
]


def _query(doc: dict[str, Any]) -> Query:
    st = parse_state(copy.deepcopy(doc), LIB)
    return Query(LIB, st, acting_player(st))


def _names(q: Query) -> dict[str, str]:
    out = {name: str(n) for name, n in q.ids.players.items()}
    out.update({oid: str(n) for oid, n in q.ids.objects.items()})
    return out


def _facts(q: Query) -> set[str]:
    return {str(a.symbol) for a in q.grounded.ctl.symbolic_atoms if a.is_fact}


@pytest.mark.parametrize(("doc", "must", "must_not"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_atoms(doc: dict[str, Any], must: list[str], must_not: list[str]) -> None:
    q = _query(doc)
    names = _names(q)
    facts = _facts(q)
    missing = [p for p in must if not any(fnmatchcase(f, p.format_map(names)) for f in facts)]
    assert not missing, f"expected atoms missing: {missing}"
    found = {p: sorted(f for f in facts if fnmatchcase(f, p.format_map(names))) for p in must_not}
    assert not {p: fs for p, fs in found.items() if fs}, "unexpected atoms"


def test_patterns_are_not_vacuous() -> None:
    """Every must_not pattern names atoms of a predicate that does occur in some case (a typo in a
    predicate name would make it pass for nothing)."""
    all_preds: set[str] = set()
    for _name, doc, _must, _must_not in CASES:
        all_preds |= {f.split("(")[0] for f in _facts(_query(doc))}
    for _name, _doc, must, must_not in CASES:
        for p in must + must_not:
            assert p.split("(")[0] in all_preds, p


def test_verdicts_are_decoded_from_the_same_atoms() -> None:
    """The Query's base_atoms are exactly the facts of its grounding over the signatures it reads
    (by default all the verdict signatures)."""
    q = _query(CASES[0][1])
    sigs = set(VERDICT_SIGNATURES)
    assert q.signatures == VERDICT_SIGNATURES
    expect = {str(a.symbol) for a in q.grounded.ctl.symbolic_atoms
              if a.is_fact and (a.symbol.name, len(a.symbol.arguments)) in sigs}
    assert {str(a) for a in q.base_atoms} == expect and expect


# ---------------------------------------------------------------------------------------------
# grounding logs nothing but infos about empty #show signatures


def _state_facts(st: GameState) -> list[clingo.Symbol]:
    fw = FactWriter(LIB)
    fw.state(st)
    fw.add("acting", fw.ids.player(acting_player(st)))
    fw.add("listing", fw.ids.player(acting_player(st)))
    return fw.facts


ALL_STATES = [(p.stem, load_state(p, LIB)) for p in EXAMPLES] + \
             [(name, parse_state(copy.deepcopy(doc), LIB)) for name, doc, _m, _n in CASES]


@pytest.mark.parametrize(("name", "st"), ALL_STATES, ids=[n for n, _ in ALL_STATES])
def test_grounding_logs_only_empty_show_infos(name: str, st: GameState) -> None:
    messages: list[str] = []
    Grounded(_state_facts(st), messages=messages)
    bad = [m for m in messages if "info: no atoms over signature occur in program" not in m]
    assert not bad, "\n".join(bad)


def test_grounding_an_empty_fact_base_logs_only_infos() -> None:
    messages: list[str] = []
    Grounded([], messages=messages)
    bad = [m for m in messages if "info: no atoms over signature occur in program" not in m]
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------------------------------
# stratification guard: the verdicts read from grounding are what a full solve gives


def _full_ground(facts: list[clingo.Symbol]) -> clingo.Control:
    """The whole program (no relevance trimming) grounded on these facts."""
    ctl = clingo.Control(["1"], logger=lambda c, m: None)
    with ast.ProgramBuilder(ctl) as pb:
        for stm in parsed_program():
            pb.add(stm)
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    return ctl


@pytest.mark.parametrize(("name", "st"), ALL_STATES, ids=[n for n, _ in ALL_STATES])
def test_verdicts_are_decided_by_grounding(name: str, st: GameState) -> None:
    """Every verdict atom the whole program's ground program contains is a fact, and the program has
    an answer set: then every answer set holds exactly those atoms (brave = cautious consequences,
    whatever payment the search picks), and they are what the relevance-trimmed grounding a query
    reads decides. (Enumerating the brave and cautious consequences instead took minutes a state.)"""
    facts = _state_facts(st)
    grounded = {str(a) for a in Grounded(facts).facts(VERDICT_SIGNATURES)}
    assert grounded
    ctl = _full_ground(facts)
    sigs = set(VERDICT_SIGNATURES)
    verdict_atoms = [a for a in ctl.symbolic_atoms if (a.symbol.name, len(a.symbol.arguments)) in sigs]
    open_atoms = sorted(str(a.symbol) for a in verdict_atoms if not a.is_fact)
    assert not open_atoms, f"verdict atoms grounding leaves to the search: {open_atoms}"
    assert ctl.solve().satisfiable, "the program has no answer set"
    decided = {str(a.symbol) for a in verdict_atoms}
    assert grounded == decided, (f"only in the trimmed grounding: {sorted(grounded - decided)}; "
                                 f"only in the whole program's: {sorted(decided - grounded)}")


# ---------------------------------------------------------------------------------------------
# inputs.lp, facts.py and docs/facts.md name the same input predicates

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "mtgasp"
Sig = tuple[str, int]

# Added by the module that asks the question (api.py, apply.py, cli.py), not by FactWriter.state.
QUESTION_PREDICATES: set[Sig] = {("acting", 1), ("listing", 1), ("query", 1), ("query_x", 2), ("query_alt", 2), ("query_target", 2),
                                  ("query_optional_cost", 1), ("query_kicker", 1),
                                  ("query_target_count", 2), ("query_sac_none", 1), ("query_phylife", 2),
                                  ("query_target_player", 2)}
# Emitted, but declared by the one encoding (or program part) that reads them, not by inputs.lp.
DECLARED_ELSEWHERE: dict[Sig, str] = {
    ("seen_by", 2): "visibility.lp",         # facts.py, for every state; read by part `look` only
    ("do", 1): "outcomes.lp",                # apply.py: the action carried out (part `apply`)
    ("do_target", 1): "outcomes.lp",         # apply.py
    ("do_target_player", 1): "effects.lp",   # apply.py: a player the action targets
    ("prefer_type", 1): "outcomes.lp",       # apply.py (--choose)
    ("cleanup_probe", 1): "outcomes.lp",     # apply.py: the cleanup step kept to check 514.3a
    ("prefer_mix", 2): "entering.lp",        # apply.py (--choose RG: several colors)
    ("gen_card", 1): "check/generate.lp",    # check.py: the cards `mtgasp check` may generate
}
# facts.py builds these with clingo.Function directly (cached card/cost facts), not with add():
# the static scan can't see them, the exported states must.
NOT_VIA_ADD: set[Sig] = {("cost", 3)}
# The modules whose FactWriter (called `fw`) gets question facts added.
ASKING_MODULES = ("api.py", "apply.py", "cli.py", "check.py")


def _strip_lp_comments(text: str) -> str:
    return re.sub(r"%[^\n]*", "", re.sub(r"%\*.*?\*%", "", text, flags=re.DOTALL))


def _lp_defined(path: Path) -> set[Sig]:
    return {(m[1], int(m[2])) for m in re.finditer(r"#defined\s+(\w+)\s*/\s*(\d+)", _strip_lp_comments(path.read_text()))}


def _strings(node: pyast.AST, tree: pyast.Module, func: pyast.AST) -> set[str]:
    """The string values an expression can have: a constant, an f-string of resolvable names, or a
    name bound by an enclosing ``for name in ("a", "b")`` or passed as ``name="a"`` (or
    ``name="a" if c else "b"``) to some call in the module."""
    if isinstance(node, pyast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, pyast.IfExp):
        return _strings(node.body, tree, func) | _strings(node.orelse, tree, func)
    if isinstance(node, pyast.JoinedStr):
        out = {""}
        for part in node.values:
            vals = _strings(part.value if isinstance(part, pyast.FormattedValue) else part, tree, func)
            out = {a + b for a in out for b in vals}
        return out
    if isinstance(node, pyast.Name):
        out = set()
        for loop in pyast.walk(func):
            if isinstance(loop, pyast.For) and isinstance(loop.target, pyast.Name) and loop.target.id == node.id \
                    and isinstance(loop.iter, (pyast.Tuple, pyast.List)) \
                    and any(n is node for stmt in loop.body for n in pyast.walk(stmt)):
                for elt in loop.iter.elts:
                    out |= _strings(elt, tree, func)
        for call in pyast.walk(tree):
            if isinstance(call, pyast.Call):
                for kw in call.keywords:
                    if kw.arg == node.id:
                        out |= _strings(kw.value, tree, func)
        return out
    return set()


def _added(path: Path, receiver: str) -> set[Sig]:
    """Static scan: the name/arity of every ``<receiver>.add(name, *args)`` call in a module."""
    tree = pyast.parse(path.read_text())
    out: set[Sig] = set()
    for func in pyast.walk(tree):
        if not isinstance(func, (pyast.FunctionDef, pyast.AsyncFunctionDef)):
            continue
        for call in pyast.walk(func):
            if not (isinstance(call, pyast.Call) and isinstance(call.func, pyast.Attribute) and call.func.attr == "add"
                    and isinstance(call.func.value, pyast.Name) and call.func.value.id == receiver and call.args):
                continue
            where = f"{path.name}:{call.lineno}"
            assert not any(isinstance(a, pyast.Starred) for a in call.args), f"{where}: arity unknown (*args)"
            names = _strings(call.args[0], tree, func)
            assert names, f"{where}: can't tell which predicate {receiver}.add(...) emits; teach this test"
            out |= {(n, len(call.args) - 1) for n in names}
    return out


def _sigs(facts: list[clingo.Symbol]) -> set[Sig]:
    return {(f.name, len(f.arguments)) for f in facts}


@functools.cache
def _exported() -> frozenset[Sig]:
    """Every predicate FactWriter writes for the example states, the corpus states (with their
    scenario cards), the CASES states and every card of the library."""
    out = set()
    fw = FactWriter(LIB)
    for card in LIB:
        fw.card(card)
    out |= _sigs(fw.facts)
    states = [(LIB, st) for _name, st in ALL_STATES]
    for name, text in corpus_files():
        doc = load_scenario(name, text)
        lib = LIB if doc.get("cards") is None else CardLibrary.from_data({"format": 1, "cards": doc["cards"]},
                                                                          source=name, base=LIB)
        states.append((lib, parse_state(copy.deepcopy(doc["state"]), lib, source=name)))
    for lib, st in states:
        fw = FactWriter(lib)
        fw.state(st)
        out |= _sigs(fw.facts)
    return frozenset(out)


def _facts_py() -> set[Sig]:
    """What facts.py emits: seen in exported states, or found by the static scan (rarer states)."""
    return set(_exported()) | _added(PACKAGE / "facts.py", "self")


def _asked() -> set[Sig]:
    return set().union(*(_added(PACKAGE / m, "fw") for m in ASKING_MODULES))


def _documented() -> set[Sig]:
    """The predicates of the rows of docs/facts.md's tables: | `name(A,B)` | ... |"""
    out = set()
    for m in re.finditer(r"^\|\s*`(\w+)\(([^`()]*)\)`\s*\|", (ROOT / "docs" / "facts.md").read_text(), re.MULTILINE):
        out.add((m[1], len(m[2].split(","))))
    return out


def test_every_input_lp_predicate_is_emitted() -> None:
    """inputs.lp declares nothing that neither facts.py nor the question emits (a typo, or a dead input)."""
    inputs = _lp_defined(ROOT / "encodings" / "inputs.lp")
    assert len(inputs) > 50, "inputs.lp's #defined lines were not found"
    assert QUESTION_PREDICATES <= inputs
    assert QUESTION_PREDICATES <= _asked(), f"no module adds {sorted(QUESTION_PREDICATES - _asked())}"
    dead = inputs - _facts_py() - QUESTION_PREDICATES
    assert not dead, f"declared in inputs.lp but emitted by nothing: {sorted(dead)}"


def test_every_emitted_predicate_is_declared() -> None:
    """What facts.py and the asking modules emit is declared in inputs.lp, or (DECLARED_ELSEWHERE)
    in the encoding that reads it; and that list names only emitted, declared predicates."""
    inputs = _lp_defined(ROOT / "encodings" / "inputs.lp")
    emitted = _facts_py() | _asked()
    undeclared = emitted - inputs - set(DECLARED_ELSEWHERE)
    assert not undeclared, f"emitted but not declared in encodings/inputs.lp: {sorted(undeclared)}"
    for (name, arity), file in DECLARED_ELSEWHERE.items():
        assert (name, arity) in emitted, f"{name}/{arity} is emitted by nothing: drop it from DECLARED_ELSEWHERE"
        assert (name, arity) not in inputs, f"{name}/{arity} is in inputs.lp now: drop it from DECLARED_ELSEWHERE"
        text = _strip_lp_comments((ROOT / "encodings" / file).read_text())
        assert (name, arity) in _lp_defined(ROOT / "encodings" / file) or re.search(rf"\b{name}\(", text), \
            f"{name}/{arity}: {file} neither declares nor reads it"


def test_static_scan_sees_what_facts_py_emits() -> None:
    """The static scan of facts.py is not blind: every predicate of the exported states is found by
    it, except those NOT_VIA_ADD lists (and those are really exported)."""
    scanned = _added(PACKAGE / "facts.py", "self")
    assert NOT_VIA_ADD <= _exported()
    unseen = _exported() - scanned - NOT_VIA_ADD
    assert not unseen, f"exported by facts.py but not found by the static scan: {sorted(unseen)}"


def test_facts_md_documents_every_input() -> None:
    """docs/facts.md has a row for every predicate of inputs.lp and every other emitted one, and no row
    for a predicate that nothing emits or declares."""
    inputs = _lp_defined(ROOT / "encodings" / "inputs.lp")
    expected = inputs | _facts_py() | _asked() | set(DECLARED_ELSEWHERE)
    documented = _documented()
    assert not expected - documented, f"not described in docs/facts.md: {sorted(expected - documented)}"
    assert not documented - expected, f"docs/facts.md describes unknown predicates: {sorted(documented - expected)}"


# ---------------------------------------------------------------------------------------------
# relevance (solver.relevant): leaving out the rules that can't fire changes no atom


def _fact_writer(st: GameState) -> FactWriter:
    fw = FactWriter(LIB)
    fw.state(st)
    fw.add("acting", fw.ids.player(acting_player(st)))
    fw.add("listing", fw.ids.player(acting_player(st)))
    return fw


def _atoms(g: Grounded) -> set[tuple[str, bool]]:
    return {(str(a.symbol), a.is_fact) for a in g.ctl.symbolic_atoms}


@pytest.mark.parametrize(("name", "st"), ALL_STATES, ids=[n for n, _ in ALL_STATES])
def test_relevant_rules_ground_the_same_atoms(name: str, st: GameState) -> None:
    fw = _fact_writer(st)
    full = _atoms(Grounded(fw.facts))
    assert full
    assert _atoms(Grounded(fw.facts, patterns=frozenset(fw.patterns))) == full


def test_relevance_tells_compound_terms_apart() -> None:
    """With no card in exile, no foretell cast is a candidate: the rules about cast(O,foretell,..)
    are left out (the head action(cast(O,normal,F,0)) can't match them); with a foretold card in
    exile, they are kept."""
    from mtgasp.solver import parsed_parts, program_statements

    def foretell_rules(objects: list[dict[str, Any]]) -> int:
        doc = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
               "priority": "alice", "players": [{"name": "alice"}, {"name": "bob"}], "objects": objects}
        fw = _fact_writer(parse_state(doc, LIB))
        stms = program_statements(parsed_parts(), ("base",), frozenset(fw.patterns))
        return sum(1 for s in stms if s.ast_type == ast.ASTType.Rule and "foretell,MtgaspAnon" in str(s))

    forest = {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"}
    foretold = {"id": "s1", "card": "Saw It Coming", "owner": "alice", "zone": "exile", "face_down": True,
                "foretold_turn": 2}
    assert foretell_rules([forest]) == 0
    assert foretell_rules([forest, foretold]) > 0


# ---------------------------------------------------------------------------------------------
# private counter kinds (FactWriter(private_kinds=True), moves/why/mana): the same verdicts


@pytest.mark.parametrize("counters", [{"+1/+1": 1, "charge": 2}, {"charge": 2, "other counter 1": 1}, {}],
                         ids=["named-and-not", "not-named", "none"])
def test_private_counter_kinds_give_the_same_verdicts(counters: dict[str, int]) -> None:
    import json

    from mtgasp.api import MOVE_GOALS, MOVE_SIGNATURES

    doc = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
           "players": [{"name": "alice"}, {"name": "bob"}],
           "objects": [{"id": "wb", "card": "Walking Ballista", "owner": "alice", "zone": "battlefield",
                        "controlled_since_turn": 1, "counters": counters},
                       {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"}]}
    st = parse_state(doc, LIB)

    def verdicts(private: bool) -> list[str]:
        q = Query(LIB, st, "alice", signatures=MOVE_SIGNATURES, goals=MOVE_GOALS, private_kinds=private)
        return sorted(json.dumps(q.settle(v).why_json(), sort_keys=True) for v in q.verdicts.values())

    assert verdicts(True) == verdicts(False)
    fw = FactWriter(LIB, private_kinds=True)
    fw.state(st)
    fw.finish()
    kinds = [f.arguments[1].string for f in fw.facts if f.name == "counters"]
    assert len(set(kinds)) == len(counters)  # distinct kinds keep distinct names
    assert ("+1/+1" in kinds) == ("+1/+1" in counters)  # a kind a card names is kept
    assert "charge" not in kinds  # named by no card and no encoding: a per-query name


# ---------------------------------------------------------------------------------------------
# apply --choose: the type chosen is of the mana the activated ability adds (106.7)


@pytest.mark.parametrize(("ability", "choose", "pool"), [(2, "R", "{R}"), (3, "G", "{G}"), (2, "G", None)],
                         ids=["fixed-red", "any-color-green", "fixed-red-asked-green"])
def test_apply_choose_is_the_activated_abilitys_type(ability: int, choose: str, pool: str | None) -> None:
    """Vivid Crag: 2. {T}: Add {R}. 3. {T}, remove a charge counter: add one mana of any color.
    The object could produce {G} (through ability 3), so asking ability 2 for {G} gets past the
    object-level check; it is refused, naming --choose, instead of being ignored."""
    from mtgasp.actions import parse_action
    from mtgasp.api import Checker
    from mtgasp.apply import apply_action
    from mtgasp.errors import InputError

    st = parse_state(state([obj("vc", "Vivid Crag", controlled_since_turn=1, counters={"charge": 2})]), LIB)
    action = parse_action({"kind": "activate", "object": "vc", "ability": ability}, st, LIB, "alice")
    if pool is None:
        with pytest.raises(InputError) as err:
            apply_action(Checker(LIB), st, action, "alice", choose)
        assert [p.path for p in err.value.problems] == ["--choose"]
        return
    result = apply_action(Checker(LIB), st, action, "alice", choose)
    assert result.legal and result.state is not None
    alice = next(p for p in result.state["players"] if p["name"] == "alice")
    assert alice.get("mana_pool") == pool
