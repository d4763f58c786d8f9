"""Pictures (mtgasp/pictures.py): the could-produce graph and payment plans as DOT and SVG."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.cli import main
from mtgasp.pictures import dot_quote, mana_graph, moves_dot, render
from mtgasp.state import load_state, parse_state

ROOT = Path(__file__).resolve().parents[1]
LIB = CardLibrary.builtin()
CHECKER = Checker(LIB)
HAS_DOT = shutil.which("dot") is not None

_STR = r'"((?:[^"\\]|\\.)*)"'


def _unquote(s: str) -> str:
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            out.append("\n" if nxt == "n" else nxt)
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def parse_dot(text: str) -> tuple[dict[str, str], list[tuple[str, str, str, dict[str, str]]],
                                   list[tuple[str, list[str]]]]:
    """Nodes (name -> label), edges (a, b, label, attrs) and clusters (label, members) of the DOT
    mtgasp writes (one statement per line)."""
    nodes: dict[str, str] = {}
    edges: list[tuple[str, str, str, dict[str, str]]] = []
    clusters: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("subgraph cluster_"):
            current = []
            clusters.append(("", current))
            continue
        if line == "}":
            current = None
            continue
        m = re.match(r"label=" + _STR + ";$", line)
        if m and current is not None:
            clusters[-1] = (_unquote(m.group(1)), current)
            continue
        m = re.match(r"(n\d+) -> (n\d+)(?: \[(.*)\])?;$", line)
        if m:
            attrs = {k: _unquote(v) for k, v in re.findall(r"(\w+)=" + _STR, m.group(3) or "")}
            edges.append((m.group(1), m.group(2), attrs.pop("label", ""), attrs))
            continue
        m = re.match(r"(n\d+) \[label=" + _STR + r"(.*)\];$", line)
        if m:
            nodes[m.group(1)] = _unquote(m.group(2))
            if current is not None:
                current.append(m.group(1))
    return nodes, edges, clusters


def _find(nodes: dict[str, str], prefix: str) -> str:
    found = [n for n, label in nodes.items() if label.startswith(prefix)]
    assert len(found) == 1, (prefix, found)
    return found[0]


def test_reflecting_pool_graph_structure() -> None:
    state = load_state(ROOT / "examples" / "midgame.json", LIB)
    nodes, edges, clusters = parse_dot(mana_graph(CHECKER, state, "pool").to_dot())
    pool = _find(nodes, "Reflecting Pool (pool)")
    assert "controlled by alice" in nodes[pool] and "could produce: {U} {R} {G}" in nodes[pool]
    ability = next(b for a, b, _l, _at in edges if a == pool)
    assert nodes[ability].startswith("Reflecting Pool's ability 1")
    # the types it makes, and what it reflects (with labels naming the types)
    made = sorted(nodes[b] for a, b, _l, _at in edges if a == ability and nodes[b].startswith("{"))
    assert made == ["{G}", "{R}", "{U}"]
    reflects = {nodes[b].split("\n")[0]: label for a, b, label, _at in edges
                if a == ability and label.startswith("reflects")}
    assert reflects == {"Forest (f1)": "reflects {G}", "Forest (f2)": "reflects {G}",
                        "Island (i1)": "reflects {U}", "Mountain (m1)": "reflects {R}",
                        "Reflecting Pool (pool)": "reflects {U} {R} {G}"}
    # bob's lands are not lands alice controls: not in the picture
    assert not any("(b_" in label for label in nodes.values())
    island = _find(nodes, "Island (i1)")
    iab = next(b for a, b, _l, _at in edges if a == island)
    assert [nodes[b] for a, b, _l, _at in edges if a == iab] == ["{U}"]
    assert clusters == []  # no cycle that produces nothing


def test_replacement_effects_label_the_edges() -> None:
    state = parse_state({
        "turn": 2, "active_player": "alice", "step": "precombat_main",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"},
            {"id": "pool", "card": "Reflecting Pool", "owner": "alice", "zone": "battlefield"},
            {"id": "c1", "card": "Contamination", "owner": "bob", "zone": "battlefield"}]}, LIB)
    nodes, edges, _c = parse_dot(mana_graph(CHECKER, state, "pool").to_dot())
    assert "could produce: {B}" in nodes[_find(nodes, "Reflecting Pool (pool)")]
    forest_ab = next(b for a, b, _l, _at in edges if a == _find(nodes, "Forest (f1)"))
    (label,) = [lab for a, b, lab, _at in edges if a == forest_ab]
    assert "{G} -> {B}" in label and "Contamination (c1)" in label


def test_exotic_orchard_reflects_only_the_lands_an_opponent_controls_on_the_battlefield() -> None:
    # 106.7: "a land an opponent controls" is a permanent; bob's Forest card in his hand and his
    # Mountain card in his graveyard are no lands he controls, so they are not drawn as reflected
    state = parse_state({
        "turn": 2, "active_player": "alice", "step": "precombat_main",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "eo", "card": "Exotic Orchard", "owner": "alice", "zone": "battlefield"},
            {"id": "bi", "card": "Island", "owner": "bob", "zone": "battlefield"},
            {"id": "bf", "card": "Forest", "owner": "bob", "zone": "hand"},
            {"id": "bm", "card": "Mountain", "owner": "bob", "zone": "graveyard"}]}, LIB)
    nodes, edges, _c = parse_dot(mana_graph(CHECKER, state, "eo").to_dot())
    orchard = _find(nodes, "Exotic Orchard (eo)")
    assert "could produce: {U}" in nodes[orchard]
    ability = next(b for a, b, _l, _at in edges if a == orchard)
    reflects = {nodes[b].split("\n")[0]: label for a, b, label, _at in edges
                if a == ability and label.startswith("reflects")}
    assert reflects == {"Island (bi)": "reflects {U}"}


def test_cycle_that_produces_nothing_is_drawn_as_such() -> None:
    state = parse_state({
        "turn": 2, "active_player": "alice", "step": "precombat_main",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "p1", "card": "Reflecting Pool", "owner": "alice", "zone": "battlefield"},
            {"id": "p2", "card": "Reflecting Pool", "owner": "alice", "zone": "battlefield"},
            {"id": "f1", "card": "Forest", "owner": "bob", "zone": "battlefield"}]}, LIB)
    graph = mana_graph(CHECKER, state, "p1")
    assert "could produce: nothing" in graph.title
    nodes, edges, clusters = parse_dot(graph.to_dot())
    (label, members) = clusters[0]
    assert "only reflect each other" in label and "106.7" in label
    assert {nodes[m].split("\n")[0] for m in members if "(p" in nodes[m]} == \
        {"Reflecting Pool (p1)", "Reflecting Pool (p2)"}
    reflect_labels = {lab for _a, _b, lab, _at in edges if lab.startswith("reflects")}
    assert reflect_labels == {"reflects, gets nothing"}
    assert not any("Forest" in label for label in nodes.values())  # bob's land isn't reflected


def test_labels_are_escaped() -> None:
    weird = 'x" -> evil [label="pwned"]\n}\\'
    state = parse_state({
        "turn": 2, "active_player": "al\"ice", "step": "precombat_main",
        "players": [{"name": "al\"ice"}, {"name": "bob"}],
        "objects": [{"id": weird, "card": "Forest", "owner": "al\"ice", "zone": "battlefield"}]},
        LIB)
    text = mana_graph(CHECKER, state, weird).to_dot()
    nodes, edges, _c = parse_dot(text)
    assert any(label.startswith(f"Forest ({weird})") for label in nodes.values())
    assert "evil" not in {b for _a, b, _l, _at in edges}
    assert dot_quote('a"b\\c\nd') == '"a\\"b\\\\c\\nd"'
    if HAS_DOT:  # Graphviz parses it as one graph with the label intact
        out = subprocess.run(["dot", "-Tcanon"], input=text, capture_output=True, text=True,
                             check=True).stdout
        assert "pwned" in out and "evil" not in re.findall(r"^\s*(\w+)\s*\[", out, re.MULTILINE)


def test_moves_payment_plans() -> None:
    state = load_state(ROOT / "examples" / "midgame.json", LIB)
    verdicts = CHECKER.moves(state)
    nodes, edges, clusters = parse_dot(moves_dot([("midgame", state, "alice", verdicts)]).to_dot())
    by_label = {label: members for label, members in clusters}
    assert len(clusters) == len(verdicts)
    # one cluster per move, each named by its targets as the text output names them (probe29e:
    # the clusters of a spell's targets were labelled alike)
    assert len(by_label) == len(clusters)
    assert any(label.startswith("cast Shrapnel Blast (h_blast) targeting b_bears  [") for label in by_label)
    (blast,) = [m for label, m in by_label.items() if label.startswith("cast Shrapnel Blast (h_blast) targeting b_bears")]
    cost = next(n for n in blast if nodes[n].startswith("cost "))
    assert nodes[cost] == "cost {1}{R}, sacrifice an artifact"
    into_cost = {(nodes[a], lab) for a, b, lab, _at in edges if b == cost}
    assert ("Pili-Pala (pilipala)", "sacrifice") in into_cost
    mana_in = sorted(nodes[a] for a, b, _l, _at in edges if b == cost and nodes[a].startswith("{"))
    assert mana_in == ["{R}", "{U}"]
    # source -> mana -> cost, with the ability on the first edge
    (bolt,) = [m for label, m in by_label.items() if label.startswith("cast Lightning Bolt (h_bolt) targeting alice")]
    src = next(n for n in bolt if nodes[n] == "Mountain (m1)")
    (mana,) = [b for a, b, _l, _at in edges if a == src]
    assert nodes[mana] == "{R}"
    assert [nodes[b] for a, b, _l, _at in edges if a == mana] == ["cost {R}"]
    (ballista,) = [m for label, m in by_label.items() if label.startswith("cast Walking Ballista")]
    assert any(nodes[n] == "cost {X}{X}\nX = 2" for n in ballista)
    (tap,) = [m for label, m in by_label.items() if label.startswith("activate Island (i1)")]
    src = next(n for n in tap if nodes[n] == "Island (i1)")
    assert [(nodes[b], lab) for a, b, lab, _at in edges if a == src] == [("cost {T}", "its ability")]


def test_moves_all_marks_the_refused_moves() -> None:
    state = load_state(ROOT / "examples" / "midgame.json", LIB)
    verdicts = CHECKER.judge_all(state)
    _n, _e, clusters = parse_dot(moves_dot([("midgame", state, "alice", verdicts)]).to_dot())
    refused = [label for label, _m in clusters if label.startswith("not legal: ")]
    assert len(refused) == sum(1 for v in verdicts if not v.legal) > 0
    assert any(label.startswith("not legal: activate Llanowar Elves") and "302.6" in label
               for label in refused)


def test_permanent_without_mana_ability_and_card_off_the_battlefield() -> None:
    state = load_state(ROOT / "examples" / "midgame.json", LIB)
    nodes, edges, _c = parse_dot(mana_graph(CHECKER, state, "bears").to_dot())
    bears = _find(nodes, "Grizzly Bears (bears)")
    assert [nodes[b] for a, b, _l, _at in edges if a == bears] == ["no mana ability"]
    nodes, edges, _c = parse_dot(mana_graph(CHECKER, state, "h_forest").to_dot())
    assert list(nodes.values()) == [
        "Forest (h_forest)\nnot on the battlefield: only a permanent could produce mana (106.7)"]
    assert edges == []


@pytest.mark.skipif(not HAS_DOT, reason="Graphviz's dot is not installed (apt-get install graphviz)")
def test_svg_renders(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mana", str(ROOT / "examples" / "midgame.json"), "pool", "--explain",
                 "--format", "svg"]) == 0
    svg = capsys.readouterr().out
    assert "<svg" in svg and "Reflecting Pool (pool)" in svg
    assert main(["moves", str(ROOT / "examples" / "midgame.json"), "--format", "svg"]) == 0
    assert "Shrapnel Blast" in capsys.readouterr().out


def test_missing_graphviz_says_how_to_install(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    assert main(["mana", str(ROOT / "examples" / "midgame.json"), "pool", "--explain",
                 "--format", "svg"]) == 2
    err = capsys.readouterr().err
    assert "apt-get install graphviz" in err and "--format dot" in err and "Traceback" not in err


def test_dot_needs_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mana", str(ROOT / "examples" / "midgame.json"), "pool", "--format", "dot"]) == 2
    assert "--explain" in capsys.readouterr().err


def test_readme_picture_is_current() -> None:
    """docs/reflecting-pool.svg is what `mana examples/midgame.json pool --explain --format svg`
    draws (the DOT is compared: SVG output depends on the Graphviz version)."""
    svg = (ROOT / "docs" / "reflecting-pool.svg").read_text()
    state = load_state(ROOT / "examples" / "midgame.json", LIB)
    nodes, _e, _c = parse_dot(render(mana_graph(CHECKER, state, "pool"), "dot"))
    for label in nodes.values():
        first = label.split("\n")[0].replace("&", "&amp;").replace("'", "&#39;")
        assert first in svg, first
    assert "docs/reflecting-pool.svg" in (ROOT / "README.md").read_text()
