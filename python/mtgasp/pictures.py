"""Pictures: the could-produce graph (``mana --explain --format dot|svg``) and payment plans
(``moves --format dot|svg``) as Graphviz DOT, and SVG through Graphviz's ``dot`` program.

The structure comes from the solver, not from Python: the could-produce graph is drawn from the
atoms of ``encodings/mana.lp`` (``makes/3``, ``via/4``, ``reflected/3``, ``final_from/4``,
``applies/3``, ``could_produce/2``, ``active_mana/3``; program part ``explain``), a payment plan
from the model the payment search found (``answers.Plan``). DOT is written here: node names are
generated (``n1``, ``n2``, ...), and every label is escaped, so ids and names holding quotes,
backslashes or line breaks can't change the graph.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import textwrap
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from clingo import Symbol, SymbolType

from mtgasp.answers import cost_has_mana
from mtgasp.errors import InputError, Problem
from mtgasp.model import MANA_TYPES, GameState, ability_words

__all__ = ["Graph", "dot_quote", "mana_dot", "mana_graph", "moves_dot", "render"]

_FILL = {"W": "#fffbd5", "U": "#cfe6fb", "B": "#cdc6c3", "R": "#f9cbbd", "G": "#cde9c6",
         "C": "#e4e4e4"}
INSTALL_HINT = ("Graphviz's dot program is not on PATH; SVG needs it. Install Graphviz "
                "(Debian/Ubuntu: apt-get install graphviz; Fedora: dnf install graphviz; "
                "macOS: brew install graphviz), or use --format dot and render the DOT elsewhere.")


def dot_quote(text: str) -> str:
    """A DOT quoted string holding ``text`` literally (line breaks become centered breaks)."""
    t = text.replace("\\", "\\\\").replace('"', '\\"')
    t = t.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")
    return f'"{t}"'


@dataclass
class Graph:
    """A small directed graph with generated node names and escaped labels."""

    title: str
    nodes: dict[str, tuple[str, dict[str, str]]] = field(default_factory=dict)
    edges: list[tuple[str, str, str, dict[str, str]]] = field(default_factory=list)
    clusters: list[tuple[str, list[str], dict[str, str]]] = field(default_factory=list)
    _keys: dict[Any, str] = field(default_factory=dict)

    def node(self, key: Any, label: str, **attrs: str) -> str:
        """The node for ``key`` (created on first use; later calls return it unchanged)."""
        if key in self._keys:
            return self._keys[key]
        name = f"n{len(self._keys) + 1}"
        self._keys[key] = name
        self.nodes[name] = (label, attrs)
        return name

    def has(self, key: Any) -> bool:
        return key in self._keys

    def edge(self, a: str, b: str, label: str = "", **attrs: str) -> None:
        self.edges.append((a, b, label, attrs))

    def cluster(self, label: str, members: Iterable[str], **attrs: str) -> None:
        self.clusters.append((label, list(members), attrs))

    def to_dot(self) -> str:
        out = ["digraph mtgasp {",
               f"  label={dot_quote(self.title)};",
               "  labelloc=t; rankdir=LR; fontname=\"Helvetica\";",
               "  node [fontname=\"Helvetica\", fontsize=11];",
               "  edge [fontname=\"Helvetica\", fontsize=10];"]
        in_cluster = {m for _, members, _ in self.clusters for m in members}
        for i, (label, members, attrs) in enumerate(self.clusters):
            out.append(f"  subgraph cluster_{i + 1} {{")
            out.append(f"    label={dot_quote(label)};")
            out += [f"    {k}={dot_quote(v)};" for k, v in attrs.items()]
            out += [f"    {self._node_line(m)}" for m in members]
            out.append("  }")
        out += [f"  {self._node_line(n)}" for n in self.nodes if n not in in_cluster]
        for a, b, label, attrs in self.edges:
            items = ([f"label={dot_quote(label)}"] if label else []) + [
                f"{k}={dot_quote(v)}" for k, v in attrs.items()]
            out.append(f"  {a} -> {b}" + (f" [{', '.join(items)}]" if items else "") + ";")
        out.append("}")
        return "\n".join(out) + "\n"

    def _node_line(self, name: str) -> str:
        label, attrs = self.nodes[name]
        items = [f"label={dot_quote(label)}"] + [f"{k}={dot_quote(v)}" for k, v in attrs.items()]
        return f"{name} [{', '.join(items)}];"


def render(graph: Graph, fmt: str) -> str:
    """``dot``: the DOT text; ``svg``: the SVG Graphviz draws from it (InputError, exit 2, with
    how to install Graphviz when ``dot`` is not on PATH)."""
    text = graph.to_dot()
    if fmt == "dot":
        return text
    exe = shutil.which("dot")
    if exe is None:
        raise InputError(Problem("--format", INSTALL_HINT))
    try:
        done = subprocess.run([exe, "-Tsvg"], input=text.encode("utf-8"), capture_output=True,
                              timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InputError(Problem("--format", f"Graphviz's dot failed: {exc}")) from None
    if done.returncode != 0:
        raise InputError(Problem("--format", "Graphviz's dot failed: "
                                 + done.stderr.decode("utf-8", "replace").strip()))
    return done.stdout.decode("utf-8")


# --------------------------------------------------------------------------------------------
# The could-produce graph


def _mana_atoms(checker: Any, state: GameState) -> tuple[Any, list[Symbol]]:
    from mtgasp.api import EXPLAIN_SIGNATURES, Query, default_player

    q = Query(checker.library, state, default_player(state), parts=("base", "explain"))
    sigs = tuple(EXPLAIN_SIGNATURES) + (("reflected", 3),)
    return q, q.grounded.facts(sigs)


def mana_graph(checker: Any, state: GameState, object_id: str) -> Graph:
    """The could-produce graph of ``object_id`` (CR 106.7) from the solver's explain atoms."""
    q, atoms = _mana_atoms(checker, state)
    d = q.decoder
    names = q.ids.object_names

    def oid(sym: Symbol) -> str:
        return str(names[sym.number])

    mana_abilities = {a.arguments[0] for a in atoms if a.name == "mana_ability"}
    abilities: dict[str, list[Symbol]] = defaultdict(list)  # object -> its mana abilities
    for a in atoms:
        if a.name == "has" and a.arguments[1] in mana_abilities:
            abilities[oid(a.arguments[0])].append(a.arguments[1])
    active: dict[tuple[str, Symbol], list[Symbol]] = defaultdict(list)  # (o, A) -> specs
    makes: dict[tuple[str, Symbol], list[str]] = defaultdict(list)
    via: dict[tuple[str, Symbol, str], list[str]] = defaultdict(list)  # (o, A, L) -> types
    final_from: dict[tuple[str, Symbol, str], list[str]] = defaultdict(list)
    applies: dict[tuple[str, Symbol], list[Symbol]] = defaultdict(list)
    reflected: dict[tuple[str, str], list[str]] = defaultdict(list)  # (o, Of) -> permanents
    could: dict[str, set[str]] = defaultdict(set)
    for a in atoms:
        args = a.arguments
        if a.name == "active_mana":
            active[(oid(args[0]), args[1])].append(args[2])
        elif a.name == "makes":
            makes[(oid(args[0]), args[1])].append(args[2].name.upper())
        elif a.name == "via":
            via[(oid(args[0]), args[1], oid(args[3]))].append(args[2].name.upper())
        elif a.name == "final_from":
            final_from[(oid(args[0]), args[1], args[2].name.upper())].append(args[3].name.upper())
        elif a.name == "applies":
            applies[(oid(args[0]), args[1])].append(args[2])
        elif a.name == "reflected":
            reflected[(oid(args[0]), str(args[1]))].append(oid(args[2]))
        elif a.name == "could_produce":
            could[oid(args[0])].add(args[1].name.upper())

    def types_text(ts: Iterable[str]) -> str:
        return " ".join("{" + t + "}" for t in MANA_TYPES if t in set(ts)) or "nothing"

    def perm_label(o: str) -> str:
        obj = state.obj(o)
        if obj is None:
            return o
        who = obj.controller or obj.owner
        made = types_text(could.get(o, ()))
        return f"{obj.card} ({o})\ncontrolled by {who}\ncould produce: {made}"

    def rep_label(r: Symbol) -> str:
        if r.name == "st":
            return d.obj_label(r.arguments[0])
        e = state.effects[r.arguments[0].number - 1]
        return f"{e.card} (lasting effect of {e.controller})"

    asked = state.obj(object_id)
    shown = types_text(could.get(object_id, ()))
    g = Graph(f"What {asked.card if asked else object_id} ({object_id}) could produce: {shown} "
              "(CR 106.7)")
    if asked is None or asked.zone != "battlefield":
        g.node(("perm", object_id), f"{asked.card if asked else object_id} ({object_id})\n"
               "not on the battlefield: only a permanent could produce mana (106.7)",
               shape="box", style="dashed")
        return g

    # Permanents reached through reflecting abilities, breadth first from the asked one.
    order: list[str] = [object_id]
    reflect_edges: dict[str, set[str]] = defaultdict(set)
    i = 0
    while i < len(order):
        o = order[i]
        i += 1
        for ab in abilities.get(o, []):
            for spec in active.get((o, ab), []):
                if spec.type == SymbolType.Function and spec.name == "could_produce":
                    of = str(spec.arguments[0])
                    for target in reflected.get((o, of), []):
                        reflect_edges[o].add(target)
                        if target not in order:
                            order.append(target)

    # Cycles that produce nothing: strongly connected sets of reflecting permanents (with a cycle)
    # none of which could produce anything (the least fixpoint of 106.7 leaves them empty).
    barren_cycles = [c for c in _cycles(order, reflect_edges) if not any(could.get(o) for o in c)]

    for o in order:
        attrs = {"shape": "box", "style": "rounded"}
        if o == object_id:
            attrs["penwidth"] = "2.5"
        if not could.get(o):
            attrs.update(style="rounded,dashed", color="#b03030")
        g.node(("perm", o), perm_label(o), **attrs)
    for o in order:
        pnode = g.node(("perm", o), perm_label(o))
        abs_ = abilities.get(o, [])
        if not abs_:
            note = g.node(("none", o), "no mana ability", shape="plaintext")
            g.edge(pnode, note, style="dotted")
        for ab in abs_:
            specs = active.get((o, ab), [])
            anode = g.node(("ab", o, ab), _wrap(d.ability_text(ab)), shape="note",
                           **({} if specs else {"style": "dashed"}))
            g.edge(pnode, anode, "" if specs else "not active now")
            for t in makes.get((o, ab), []):
                tnode = g.node(("type", o, ab, t), "{" + t + "}", shape="circle", style="filled",
                               fillcolor=_FILL[t])
                raw = final_from.get((o, ab, t), [])
                reps = applies.get((o, ab), [])
                label = ""
                if reps:
                    froms = types_text(raw)
                    label = (f"{froms} -> {{{t}}} by " + ", ".join(rep_label(r) for r in reps)
                             + " (106.12b, 616.1)")
                g.edge(anode, tnode, label, penwidth="1.5")
            for spec in specs:
                if not (spec.type == SymbolType.Function and spec.name == "could_produce"):
                    continue
                of = str(spec.arguments[0])
                for target in reflected.get((o, of), []):
                    ts = via.get((o, ab, target), [])
                    tnode = g.node(("perm", target), perm_label(target))
                    if ts:
                        g.edge(anode, tnode, "reflects " + types_text(ts), color="#2060a0")
                    else:
                        g.edge(anode, tnode, "reflects, gets nothing", style="dashed",
                               color="#b03030")
    for k, cyc in enumerate(barren_cycles):
        members = [g.node(("perm", o), perm_label(o)) for o in cyc]
        members += [g.node(("ab", o, ab), "") for o in cyc for ab in abilities.get(o, [])]
        g.cluster(f"cycle {k + 1}: these permanents only reflect each other, so none of them "
                  "could produce mana (106.7, 106.5)", members, style="dashed", color="#b03030")
    return g


def _cycles(nodes: Sequence[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with a cycle (Tarjan), in ``nodes`` order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:  # graphs here are small (permanents of one state)
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, ()):
                out.append(sorted(comp, key=nodes.index))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def mana_dot(checker: Any, state: GameState, object_id: str) -> Graph:
    """The could-produce graph (the name the CLI uses next to ``moves_dot``)."""
    return mana_graph(checker, state, object_id)


# --------------------------------------------------------------------------------------------
# Payment plans


def _describe(action: Any, state: GameState) -> str:
    a = action.to_json()
    o = state.obj(a.get("object", "")) if a.get("object") else None
    what = f"{o.card} ({o.id})" if o is not None and o.card else str(a.get("object") or "")
    kind = a["kind"].replace("_", " ")
    # the targets, as the text output names them: a spell with a target is one move per legal
    # target, whose clusters were otherwise drawn alike (found by probe29e)
    aim = f" targeting {', '.join(a['targets'])}" if a.get("targets") else ""
    if a["kind"] == "cast":
        method = "" if a.get("method") in (None, "normal") else f" [{a['method']}]"
        face = f" as {a['face']}" if a.get("face") and o is not None and a["face"] != o.card else ""
        kick = " kicked" if a.get("additional") else ""
        return f"cast {what}{face}{method}{kick}{aim}"
    if a["kind"] == "activate":
        ab = a.get("ability")
        ab_text = ability_words(ab)
        return f"activate {what} {ab_text}{aim}"
    if a["kind"] == "pass":
        return "pass priority"
    return f"{kind} {what}".strip()


def moves_dot(results: Sequence[tuple[str, GameState, str, Sequence[Any]]]) -> Graph:
    """The payment plan of each legal move: the permanents activated (and the pool), the mana
    each added, and the cost it pays; sacrifices go straight to the cost."""
    title = ("Legal moves and their payments" if len(results) != 1 else
             f"Legal moves of {results[0][2]} in {results[0][0]} and their payments")
    g = Graph(title)
    for si, (path, state, player, verdicts) in enumerate(results):
        for mi, v in enumerate(verdicts):
            key = (si, mi)
            members: list[str] = []
            cost = v.cost if v.costed else None
            label = _describe(v.action, state)
            if v.has_x and v.x_max is not None:
                label += f" (X up to {v.x_max})"
            ctext = f"cost {cost}" if cost else "no cost"
            if v.plan is not None and v.plan.x is not None and v.has_x:
                ctext += f"\nX = {v.plan.x}"
            cnode = g.node(("cost", key), ctext,
                           shape="box", style="bold" if cost else "dashed")
            members.append(cnode)
            act = v.action
            if act.kind == "activate" and act.object is not None:  # the ability's own source
                obj = state.obj(act.object)
                anode = g.node(("act", key), f"{obj.card if obj else act.object} ({act.object})",
                               shape="box", style="rounded,bold")
                members.append(anode)
                g.edge(anode, cnode, "its ability")
            plan = v.plan
            if plan is not None:
                if plan.pool and cost_has_mana(cost):   # (a {T}-only cost spends none of it, 106.4)
                    pnode = g.node(("pool", key), f"{player}'s mana pool\n{plan.pool}",
                                   shape="cylinder")
                    members.append(pnode)
                    g.edge(pnode, cnode, "spend from the pool")
                for ri, entry in enumerate(plan.restricted):   # 106.6: restricted mana of the pool
                    rnode = g.node(("rpool", key, ri), f"{player}'s restricted mana\n{entry}",
                                   shape="cylinder")
                    members.append(rnode)
                    g.edge(rnode, cnode, "spend from the pool (106.6)")
                for ui, use in enumerate(plan.sources):
                    obj = state.obj(use.source)
                    snode = g.node(("src", key, use.source),
                                   f"{obj.card if obj else use.source} ({use.source})",
                                   shape="box", style="rounded")
                    ab = use.ability
                    ab_text = ability_words(ab)
                    if use.sacrificed:
                        ab_text += f", sacrificing {use.sacrificed}"
                    mnode = g.node(("mana", key, ui), use.mana, shape="circle", style="filled",
                                   fillcolor=_fill_of(use.mana))
                    members += [snode, mnode]
                    g.edge(snode, mnode, ab_text)
                    g.edge(mnode, cnode)
                    for ti, (tsrc, tab, tmana) in enumerate(use.triggered):   # 605.4a, 106.3
                        tobj = state.obj(tsrc)
                        tlabel = f"{tobj.card if tobj else tsrc} ({tsrc})"
                        le = re.fullmatch(r"effects\[(\d+)\]", tsrc) if tobj is None else None
                        if le and int(le.group(1)) < len(state.effects):   # 603.7: High Tide's
                            eff = state.effects[int(le.group(1))]
                            tlabel = f"{eff.card} (lasting effect of {eff.controller}, {tsrc})"
                        tnode = g.node(("src", key, tsrc), tlabel, shape="box", style="rounded")
                        tmnode = g.node(("tmana", key, ui, ti), tmana, shape="circle", style="filled",
                                        fillcolor=_fill_of(tmana))
                        members += [tnode, tmnode]
                        g.edge(tnode, tmnode, f"triggered mana {ability_words(tab)} (605.4a)")
                        g.edge(tmnode, cnode)
                for s in plan.sacrifices:
                    obj = state.obj(s)
                    snode = g.node(("sac", key, s), f"{obj.card if obj else s} ({s})",
                                   shape="box", style="rounded,dashed")
                    members.append(snode)
                    g.edge(snode, cnode, "sacrifice")
            prefix = f"{path}: " if len(results) > 1 else ""
            if v.legal:
                g.cluster(f"{prefix}{label}  [{' '.join(v.permits)}]", members)
            else:  # moves --all: the refused ones, with the rules that refuse them
                rules = " ".join(dict.fromkeys(r.rule for r in v.reasons))
                g.cluster(f"{prefix}not legal: {label}  [{rules}]", members, style="dashed",
                          color="#b03030")
    return g


def _wrap(text: str, width: int = 38) -> str:
    return "\n".join(textwrap.wrap(text, width)) or text


def _fill_of(mana: str) -> str:
    """The fill of a mana node: the color of its first symbol (``{G}{G}`` -> green)."""
    for t in MANA_TYPES:
        if mana.startswith("{" + t + "}"):
            return _FILL[t]
    return "#ffffff"
