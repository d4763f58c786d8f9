"""The command line (contracts.md section 3): ``moves``, ``why``, ``mana``, ``verify``, ``facts``,
through a real subprocess (``python -m mtgasp.cli``) and through ``mtgasp.cli.main`` in-process.

Bad input: exit 2, a message naming the field on stderr, never a traceback; with ``--json`` a JSON
error object on stdout whose problems each carry a ``path``.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mtgasp.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
MIDGAME = str(EXAMPLES / "midgame.json")
OPPONENT_TURN = str(EXAMPLES / "opponent_turn.json")
SICKNESS = str(EXAMPLES / "summoning_sickness.json")


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m mtgasp.cli ARGS`` in a fresh interpreter."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    # timeout: the whole corpus (`verify`) may take minutes on a loaded shared machine
    return subprocess.run([sys.executable, "-m", "mtgasp.cli", *args], check=False, capture_output=True, text=True,
                          encoding="utf-8", cwd=cwd or ROOT, env=env, timeout=600)


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``mtgasp.cli.main(ARGS)`` in-process: (exit code, stdout, stderr)."""
    rc = main(list(args))
    out, err = capsys.readouterr()
    return rc, out, err


def call_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    rc, out, err = call(capsys, *args, "--json")
    assert rc == 0, err
    return json.loads(out)


def find(moves: list[dict[str, Any]], **pattern: Any) -> list[dict[str, Any]]:
    return [m for m in moves if all(m.get(k) == v for k, v in pattern.items())]


# ---------------------------------------------------------------------------------------------
# the entry point


def test_python_dash_m_runs_the_cli() -> None:
    p = run("moves", MIDGAME)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    assert "legal moves of alice" in p.stdout
    assert "play land Forest (h_forest)" in p.stdout


def test_console_script_next_to_the_interpreter() -> None:
    script = Path(sys.executable).with_name("mtgasp")
    if not script.exists():
        pytest.skip("no mtgasp console script next to sys.executable")
    p = subprocess.run([str(script), "mana", MIDGAME, "f1", "--json"], check=False, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {"object": "f1", "types": ["G"]}


# ---------------------------------------------------------------------------------------------
# moves


def test_moves_text(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = call(capsys, "moves", MIDGAME)
    assert rc == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{MIDGAME}: legal moves of alice (turn 6, precombat main, priority: alice)")
    bears = [line for line in lines if "cast Grizzly Bears (h_bears)" in line]
    assert len(bears) == 1 and "cost {1}{G}" in bears[0] and "601.2" in bears[0]
    assert any("cast Walking Ballista (h_ballista)" in line and "(X up to 2)" in line for line in lines)
    assert any("cast Shrapnel Blast (h_blast)" in line and "sacrifice pilipala" in line for line in lines)
    assert any(line.strip().startswith("pass priority") for line in lines)
    # Llanowar Elves came under alice's control this turn: its {T} ability is not a move (302.6).
    assert not any("(elves)" in line for line in lines)
    # Lightning Bolt in the graveyard is not castable.
    assert "a_gy1" not in out


def test_moves_text_names_the_target_of_an_activated_ability(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """An ability that targets is listed once per legal target: the text line names it, as for a
    spell (otherwise Walking Ballista's three lines would read the same; probe18)."""
    state = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
             "players": [{"name": "alice"}, {"name": "bob"}],
             "objects": [{"id": "wb", "card": "Walking Ballista", "owner": "alice", "zone": "battlefield",
                          "counters": {"+1/+1": 1}}]}
    path = tmp_path / "ballista.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    rc, out, _ = call(capsys, "moves", str(path))
    assert rc == 0
    pings = [line for line in out.splitlines() if "activate Walking Ballista (wb) ability 3" in line]
    assert sorted(line.split(" targeting ")[1].split()[0] for line in pings) == ["alice", "bob", "wb"]


FERTILE_GROUND = {"name": "Fertile Ground", "layout": "normal", "faces": [{"name": "Fertile Ground", "mana_cost": "{1}{G}", "supertypes": [], "types": ["Enchantment"], "subtypes": ["Aura"], "oracle": "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional one mana of any color.", "abilities": [{"kind": "keyword", "text": "Enchant land", "keyword": "enchant", "what": "land", "template": "keyword.enchant"}, {"kind": "triggered", "text": "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any color.", "trigger": {"event": "tapped_for_mana", "what": "enchanted"}, "mana": {"any_color": 1}, "template": "mana.triggered"}]}]}


def test_apply_choose_a_color_a_triggered_mana_ability_adds(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    """A Forest enchanted by Fertile Ground ("... adds an additional one mana of any color") could
    produce only {G} (106.7: the trigger is the Aura's ability), but tapping it adds a color of
    the player's choice too (605.4a): --choose U is honoured, not refused (probe18)."""
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"format": 1, "cards": [FERTILE_GROUND]}), encoding="utf-8")
    state = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
             "players": [{"name": "alice"}, {"name": "bob"}],
             "objects": [{"id": "f", "card": "Forest", "owner": "alice", "zone": "battlefield"},
                         {"id": "fg", "card": "Fertile Ground", "owner": "alice", "zone": "battlefield",
                          "attached_to": "f"}]}
    path = tmp_path / "forest.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    action = json.dumps({"kind": "activate", "object": "f", "ability": 1})
    out = call_json(capsys, "apply", str(path), action, "--choose", "U", "--cards", str(cards))
    assert out["state"]["players"][0]["mana_pool"] == "{U}{G}"
    rc, _, err = call(capsys, "apply", str(path), action, "--choose", "C", "--cards", str(cards))
    assert rc == 2 and "--choose" in err and "{G}" in err


def test_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "moves", MIDGAME)
    assert doc["state"] == MIDGAME and doc["player"] == "alice"
    moves = doc["moves"]
    bears = find(moves, kind="cast", object="h_bears")
    assert len(bears) == 1
    b = bears[0]
    assert b["cost"] == "{1}{G}" and b["method"] == "normal" and b["face"] == "Grizzly Bears"
    assert "601.2" in b["rules"] and "307.1" in b["rules"]
    pay = b["payment"]
    assert pay["pool"] == ""
    adds = "".join(u["adds"] for u in pay["mana_abilities"])
    assert len(re.findall(r"\{[WUBRGC]\}", adds)) == 2 and "{G}" in adds
    for u in pay["mana_abilities"]:
        assert u["source"] in {"f1", "f2", "i1", "m1", "pool"} and u["ability"] == 1

    ballista = find(moves, kind="cast", object="h_ballista")
    assert len(ballista) == 1
    assert ballista[0]["cost"] == "{X}{X}"
    assert ballista[0]["x"] == {"min": 0, "max": 2}  # five untapped lands: X = 3 would need 6 mana
    assert ballista[0]["payment"]["x"] == 2

    # "any target" (115.4): listed once per legal target, each player and each creature (and the
    # artifact about to be sacrificed: targets are chosen before costs are paid, 601.2c/601.2h)
    blast = find(moves, kind="cast", object="h_blast")
    assert sorted(t for b in blast for t in b["targets"]) == [
        "alice", "b_bears", "b_birds", "b_sailor", "bears", "bob", "elves", "pilipala"]
    for b in blast:
        assert b["cost"] == "{1}{R}, sacrifice an artifact"
        assert b["payment"]["sacrifice"] == ["pilipala"]
    assert "118.8" in blast[0]["rules"]

    kicked = find(moves, kind="cast", object="h_burst", additional=["kicker"])
    assert len(kicked) == len(blast) and {k["cost"] for k in kicked} == {"{4}{R}"}  # per target

    land = find(moves, kind="play_land", object="h_forest")
    assert land and land[0]["cost"] is None and "305.1" in land[0]["rules"]
    assert find(moves, kind="pass") == [{"kind": "pass", "cost": None, "rules": ["117.3d"]}]
    assert not find(moves, object="elves")
    assert not find(moves, object="a_gy1")
    # bob's permanents are not alice's moves
    assert not [m for m in moves if str(m.get("object", "")).startswith("b_")]


def test_moves_several_states_give_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    docs = call_json(capsys, "moves", MIDGAME, OPPONENT_TURN)
    assert isinstance(docs, list) and [d["state"] for d in docs] == [MIDGAME, OPPONENT_TURN]
    mid, opp = docs
    assert find(mid["moves"], kind="play_land", object="h_forest")
    # On bob's turn with his Bolt on the stack: instants and flash only, no land, no sorcery-speed spell.
    assert find(opp["moves"], kind="cast", object="a_sailor")
    assert find(opp["moves"], kind="cast", object="a_bolt")
    assert not find(opp["moves"], kind="cast", object="a_bears2")
    assert not find(opp["moves"], kind="cast", object="a_doomskar")
    assert not find(opp["moves"], kind="play_land")
    assert not find(opp["moves"], kind="foretell")


def test_moves_several_states_text(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = call(capsys, "moves", MIDGAME, OPPONENT_TURN)
    assert rc == 0
    assert f"{MIDGAME}: legal moves of alice" in out and f"{OPPONENT_TURN}: legal moves of alice" in out


def test_moves_all_lists_illegal_actions_with_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "moves", OPPONENT_TURN, "--all")
    assert "moves" not in doc
    actions = doc["actions"]
    bears = find(actions, kind="cast", object="a_bears2")
    assert len(bears) == 1 and bears[0]["legal"] is False
    assert "307.1" in {r["rule"] for r in bears[0]["reasons"]}
    assert all(r["message"] for r in bears[0]["reasons"])
    land = find(actions, kind="play_land", object="a_island")[0]
    assert land["legal"] is False and {"305.3", "305.1"} <= {r["rule"] for r in land["reasons"]}
    kicked = find(actions, kind="cast", object="a_burst", additional=["kicker"])[0]
    assert kicked["legal"] is False and "601.2h" in [r["rule"] for r in kicked["reasons"]]
    sailor = find(actions, kind="cast", object="a_sailor")[0]
    assert sailor["legal"] is True and "reasons" not in sailor and "702.8a" in sailor["rules"]
    # --all lists every legal move too
    legal = [a for a in actions if a["legal"]]
    plain = call_json(capsys, "moves", OPPONENT_TURN)["moves"]
    strip = [{k: v for k, v in a.items() if k not in ("legal", "payment")} for a in legal]
    assert strip == [{k: v for k, v in m.items() if k != "payment"} for m in plain]


def test_moves_all_text(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = call(capsys, "moves", OPPONENT_TURN, "--all")
    assert rc == 0
    assert "actions of alice" in out
    assert re.search(r"no\s+cast Grizzly Bears \(a_bears2\)", out)
    assert re.search(r"yes cast Spectral Sailor \(a_sailor\)", out)
    assert "307.1: Grizzly Bears is neither an instant nor has flash" in out


def test_moves_player_option(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "moves", MIDGAME, "--player", "bob")
    assert doc["player"] == "bob"
    assert doc["moves"] == []  # bob doesn't have priority (117.1)
    # and says why, with the reasons --all gives each candidate (found by probe22e: no reason)
    because = {(r["rule"], r["message"]) for r in doc["none_because"]}
    assert ("117.3d", "bob doesn't have priority, so there is nothing to pass.") in because
    actions = call_json(capsys, "moves", MIDGAME, "--player", "bob", "--all")["actions"]
    assert because == {(r["rule"], r["message"]) for a in actions for r in a["reasons"]}
    rc, out, _ = call(capsys, "moves", MIDGAME, "--player", "bob")
    assert rc == 0 and "no legal move: bob can take none of the candidate actions" in out
    assert "117.3d: bob doesn't have priority, so there is nothing to pass." in out
    assert actions and all(a["legal"] is False for a in actions)
    for a in actions:
        assert {r["rule"] for r in a["reasons"]} & {"117.1", "117.3d"}, a
    # bob's candidate actions are his own cards
    assert find(actions, kind="cast", object="b_hand1") and find(actions, kind="activate", object="b_birds")
    assert not find(actions, object="h_bolt")


# ---------------------------------------------------------------------------------------------
# why


def test_why_legal_inline(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "why", MIDGAME, '{"kind": "cast", "object": "h_bears"}')
    assert doc["legal"] is True
    assert doc["action"] == {"kind": "cast", "object": "h_bears", "method": "normal",
                             "face": "Grizzly Bears", "additional": []}
    assert "601.2" in doc["rules"] and "reasons" not in doc
    assert doc["cost"] == "{1}{G}"


def test_why_illegal_inline(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "why", MIDGAME, '{"kind": "activate", "object": "elves", "ability": 1}')
    assert doc["legal"] is False
    sick = [r for r in doc["reasons"] if r["rule"] == "302.6"]
    assert len(sick) == 1 and "Llanowar Elves (elves)" in sick[0]["message"]


def test_why_of_another_players_object_is_a_rules_answer(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Naming an object the acting player neither owns nor controls is a question for the rules
    (602.2: only its controller activates its abilities), not bad input: exit 0, legal false."""
    state = _write_state(tmp_path, BASE)
    rc, out, _err = call(capsys, "why", state, '{"kind": "activate", "object": "bf", "ability": 1}', "--json")
    doc = json.loads(out)
    assert rc == 0 and doc["legal"] is False
    assert [r["rule"] for r in doc["reasons"]] == ["602.2"]


def test_why_illegal_several_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "why", OPPONENT_TURN, '{"kind": "play_land", "object": "a_island"}')
    assert doc["legal"] is False
    assert {"305.1", "305.3"} <= {r["rule"] for r in doc["reasons"]}


def test_why_from_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    action = tmp_path / "action.json"
    action.write_text(json.dumps({"kind": "play_land", "object": "h_forest"}))
    doc = call_json(capsys, "why", MIDGAME, f"@{action}")
    assert doc["legal"] is True and doc["rules"] == ["116.2a", "305.1"]
    action.write_text(json.dumps({"kind": "cast", "object": "h_bears", "method": "plot"}))
    doc = call_json(capsys, "why", MIDGAME, f"@{action}")
    assert doc["legal"] is False and doc["reasons"]


def test_why_text(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = call(capsys, "why", MIDGAME, '{"kind": "cast", "object": "h_bolt"}')
    assert rc == 0 and out.startswith("legal: alice may do this.") and "total cost: {R}" in out
    rc, out, _ = call(capsys, "why", MIDGAME, '{"kind": "activate", "object": "elves", "ability": 1}')
    assert rc == 0 and out.startswith("not legal for alice:") and "302.6:" in out
    # 118.3, 701.21a: what the cost sacrifices (Shrapnel Blast's artifact: Pili-Pala, the only one)
    rc, out, _ = call(capsys, "why", MIDGAME, '{"kind": "cast", "object": "h_blast", "targets": ["bob"]}')
    assert rc == 0 and "  sacrifice: pilipala" in out.splitlines()


def test_why_subprocess() -> None:
    p = run("why", OPPONENT_TURN, '{"kind": "cast", "object": "a_bears2"}', "--json")
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["legal"] is False and "307.1" in {r["rule"] for r in doc["reasons"]}


# ---------------------------------------------------------------------------------------------
# mana


@pytest.mark.parametrize(("obj", "types"), [
    ("pool", ["U", "R", "G"]),          # Reflecting Pool: alice's Forests, Island, Mountain
    ("f1", ["G"]),
    ("b_birds", ["W", "U", "B", "R", "G"]),
    ("b_orchard", ["U", "R", "G"]),     # Exotic Orchard: the colors of alice's lands
    ("bears", []),
    ("h_bolt", []),                     # in hand
])
def test_mana_json(capsys: pytest.CaptureFixture[str], obj: str, types: list[str]) -> None:
    assert call_json(capsys, "mana", MIDGAME, obj) == {"object": obj, "types": types}


def test_mana_explain(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "mana", MIDGAME, "pool", "--explain")
    assert doc["types"] == ["U", "R", "G"]
    assert len(doc["explain"]) == 3
    for t, line in zip(doc["types"], doc["explain"]):
        assert line.startswith("{" + t + "}: Reflecting Pool (pool)") and "reflects" in line
    none = call_json(capsys, "mana", MIDGAME, "h_bolt", "--explain")
    assert none["types"] == [] and "not on the battlefield" in none["explain"][0]


def test_mana_text(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = call(capsys, "mana", MIDGAME, "pool", "--explain")
    assert rc == 0
    assert out.splitlines()[0] == "Reflecting Pool (pool) could produce: {U} {R} {G}"
    rc, out, _ = call(capsys, "mana", MIDGAME, "bears")
    assert out.strip() == "Grizzly Bears (bears) could produce: none"
    # an ability on the stack is named by its source, not "None"
    rc, out, _ = call(capsys, "mana", str(Path(MIDGAME).parent / "goliath_resolving.json"), "trigger")
    assert rc == 0 and out.strip() == "an ability of goliath on the stack (trigger) could produce: none"


# ---------------------------------------------------------------------------------------------
# verify, facts


def test_verify_subprocess(tmp_path: Path) -> None:
    # The command as installed, in its own process (tests/test_corpus.py runs every scenario of
    # the built-in corpus in-process; here three of them, to keep the suite fast).
    corpus = ROOT / "python" / "mtgasp" / "corpus"
    for path in sorted(corpus.glob("*.json"))[:3]:
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    p = run("verify", str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    assert re.search(r"\b3 passed, 0 failed", p.stdout)


def test_verify_json_on_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = ROOT / "python" / "mtgasp" / "corpus"
    chosen = ["rule-305.2b-second-land.json", "rule-712.11b-mdfc-either-face.json"]
    for name in chosen:
        (tmp_path / name).write_text((corpus / name).read_text(encoding="utf-8"), encoding="utf-8")
    doc = call_json(capsys, "verify", str(tmp_path))
    assert doc["passed"] is True and doc["failed"] == 0 and doc["total"] == 2
    assert sorted(Path(s["file"]).name for s in doc["scenarios"]) == chosen
    assert all(s["passed"] for s in doc["scenarios"])


def test_verify_failing_scenario_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = {
        "id": "wrong", "kind": "rule", "rules": ["107.5"], "description": "deliberately wrong",
        "state": {"format": 1, "turn": 2, "active_player": "alice", "step": "precombat_main",
                  "priority": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                  "objects": [{"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield",
                               "tapped": True}]},
        "checks": [{"query": "why", "action": {"kind": "activate", "object": "f1", "ability": 1},
                    "expect": {"legal": True}}],
    }
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(scenario))
    rc, _out, _err = call(capsys, "verify", str(path))
    assert rc == 1


def test_facts_text(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = call(capsys, "facts", SICKNESS)
    assert rc == 0
    lines = out.splitlines()
    assert all(line.endswith(".") for line in lines)
    assert {"turn(7).", "step(precombat_main).", "active(1).", "priority(1).", "acting(1)."} <= set(lines)
    # ids are numbers: no object id of the document appears in the facts
    assert "birds" not in out and "alice" not in out


def test_facts_json_and_player(capsys: pytest.CaptureFixture[str]) -> None:
    doc = call_json(capsys, "facts", SICKNESS, "--player", "bob")
    assert doc["players"] == {"1": "alice", "2": "bob"}
    state = json.loads(Path(SICKNESS).read_text())
    assert sorted(doc["objects"].values()) == sorted(o["id"] for o in state["objects"])
    assert "acting(2)" in doc["facts"] and "acting(1)" not in doc["facts"]
    birds = next(k for k, v in doc["objects"].items() if v == "birds")
    assert f"controlled_since({birds},7)" in doc["facts"]
    assert "Birds of Paradise" in doc["cards"].values()


# ---------------------------------------------------------------------------------------------
# bad input

BASE: dict[str, Any] = {
    "format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice"}, {"name": "bob"}],
    "objects": [
        {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"},
        {"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"},
        {"id": "bf", "card": "Forest", "owner": "bob", "zone": "battlefield"},
    ],
}


def _state(**changes: Any) -> dict[str, Any]:
    d = copy.deepcopy(BASE)
    for key, value in changes.items():
        if re.fullmatch(r"o\d+", key):  # o1={...}: update object 1
            d["objects"][int(key[1:])].update(value)
        elif re.fullmatch(r"p\d+", key):  # p0={...}: update player 0
            d["players"][int(key[1:])].update(value)
        else:
            d[key] = value
    return d


# (id, state document (dict, or str = raw text, None = no file), extra args, command, expected
#  path of the problem (None: the field is named in the message only), text the message must contain)
BAD_STATES: list[tuple[str, Any, str | None, str]] = [
    ("malformed-json", '{"turn": 3, "players": [}', "", "not valid JSON"),
    ("missing-file", None, "", "no such file"),
    ("unknown-card", _state(o1={"card": "Grizly Bears"}), "objects[1].card", 'did you mean "Grizzly Bears"'),
    ("duplicate-id", _state(o1={"id": "f1"}), "objects[1].id", 'duplicate id "f1"'),
    ("unknown-zone", _state(o1={"zone": "hnad"}), "objects[1].zone", '"hnad" is not a zone'),
    ("unknown-step", _state(step="precombat_mian"), "step", '"precombat_mian" is not a step'),
    ("stack-lists-a-card-in-hand", _state(stack=["bears"]), "stack[0]", '"bears" is not an object in zone "stack"'),
    ("stack-list-misses-stack-object", _state(o1={"zone": "stack"}), "objects[1]", "not in the stack list"),
    ("stack-list-names-nothing", _state(stack=["ghost"]), "stack[0]", '"ghost"'),
    ("tapped-in-hand", _state(o1={"tapped": True}), "objects[1].tapped", "can't be tapped"),
    ("face-down-in-hand", _state(o1={"face_down": True}), "objects[1].face_down", "can't be face down"),
    ("negative-counter", _state(o0={"counters": {"charge": -1}}), "objects[0].counters.charge", "below zero"),
    ("negative-lands-played", _state(p0={"lands_played_this_turn": -1}),
     "players[0].lands_played_this_turn", "below zero"),
    ("priority-not-a-player", _state(priority="carol"), "priority", '"carol" is not a player'),
    ("not-an-object", [1, 2], "", "got a list"),
]


def _write_state(tmp_path: Path, doc: Any) -> str:
    path = tmp_path / "state.json"
    if doc is None:
        return str(tmp_path / "missing.json")
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def _assert_json_error(out: str, path: str | None, text: str) -> None:
    err = json.loads(out)
    assert err["error"] == "bad input"
    assert err["problems"], err
    for p in err["problems"]:
        assert set(p) >= {"path", "message"} and isinstance(p["path"], str)
    if path:
        assert path in [p["path"] for p in err["problems"]], err
    assert any(text in f"{p['path']}: {p['message']}" for p in err["problems"]), err


@pytest.mark.parametrize(("doc", "path", "text"), [c[1:] for c in BAD_STATES], ids=[c[0] for c in BAD_STATES])
def test_bad_state_subprocess(tmp_path: Path, doc: Any, path: str, text: str) -> None:
    state = _write_state(tmp_path, doc)
    p = run("moves", state)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert p.stderr.startswith("mtgasp: bad input:")
    assert text in p.stderr
    if path:
        assert f"{path}: " in p.stderr
    assert p.stdout == ""


@pytest.mark.parametrize("command", ["moves", "why", "mana", "facts"])
@pytest.mark.parametrize(("doc", "path", "text"), [c[1:] for c in BAD_STATES], ids=[c[0] for c in BAD_STATES])
def test_bad_state_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, doc: Any,
                        path: str, text: str) -> None:
    state = _write_state(tmp_path, doc)
    extra = {"moves": [], "why": ['{"kind": "pass"}'], "mana": ["f1"], "facts": []}[command]
    rc, out, err = call(capsys, command, state, *extra, "--json")
    assert rc == 2
    assert text in err and "Traceback" not in err
    _assert_json_error(out, path, text)


def test_every_problem_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _state(step="mian", o1={"zone": "hnad"}, o0={"counters": {"charge": -2}}, priority="carol")
    state = _write_state(tmp_path, doc)
    rc, out, err = call(capsys, "moves", state, "--json")
    assert rc == 2 and "Traceback" not in err
    paths = {p["path"] for p in json.loads(out)["problems"]}
    assert {"step", "objects[1].zone", "objects[0].counters.charge", "priority"} <= paths
    for p in ("step", "objects[1].zone", "objects[0].counters.charge", "priority"):
        assert f"{p}: " in err


# Bad actions and bad options against a valid state: (id, args after the state, field, text)
BAD_ARGS: list[tuple[str, list[str], str, str]] = [
    ("action-missing-object", ["why", '{"kind": "cast", "object": "nope"}'], "action.object", 'no object "nope"'),
    ("action-missing-object-hint", ["why", '{"kind": "cast", "object": "bear"}'], "action.object", 'did you mean "bears"'),
    ("action-ability-index", ["why", '{"kind": "activate", "object": "f1", "ability": 3}'], "action.ability",
     "Forest has no ability 3"),
    ("action-ability-zero", ["why", '{"kind": "activate", "object": "f1", "ability": 0}'], "action.ability", "below 1"),
    ("action-malformed-json", ["why", '{"kind": "cast",'], "action", "not valid JSON"),
    ("action-not-json", ["why", "pass"], "action", "expected a JSON object"),
    ("action-unknown-kind", ["why", '{"kind": "attack"}'], "action.kind", '"attack" is not an action kind'),
    ("action-unknown-field", ["why", '{"kind": "pass", "objekt": "f1"}'], "action.objekt", "unknown field"),
    ("action-bad-types", ["why", '{"kind": "cast", "object": "bears", "x": -1}'], "action.x", "below zero"),
    ("action-file-missing", ["why", "@/nonexistent/action.json"], "action", "no such file"),
    ("action-file-a-folder", ["why", "@/"], "action", "/ is a directory, not an action file"),
    ("action-a-list", ["why", '[{"kind": "pass"}]'], "action", "expected an object"),
    ("moves-unknown-player", ["moves", "--player", "carol"], "--player", '"carol" is not a player'),
    ("why-unknown-player", ["why", '{"kind": "pass"}', "--player", "carol"], "--player", '"carol"'),
    ("facts-unknown-player", ["facts", "--player", "carol"], "--player", '"carol"'),
    ("mana-unknown-object", ["mana", "nope"], "object", 'no object "nope"'),
    ("mana-of-a-player", ["mana", "alice"], "object", '"alice" is a player'),
]


def _args(state: str, args: list[str]) -> list[str]:
    return [args[0], state, *args[1:]]


@pytest.mark.parametrize(("args", "field", "text"), [c[1:] for c in BAD_ARGS], ids=[c[0] for c in BAD_ARGS])
def test_bad_args_subprocess(tmp_path: Path, args: list[str], field: str, text: str) -> None:
    state = _write_state(tmp_path, BASE)
    p = run(*_args(state, args))
    assert "Traceback" not in p.stderr, p.stderr
    assert p.returncode == 2, p.stdout + p.stderr
    assert p.stderr.startswith("mtgasp: bad input:")
    assert text in p.stderr
    if field:
        assert field in p.stderr


@pytest.mark.parametrize(("args", "field", "text"), [c[1:] for c in BAD_ARGS], ids=[c[0] for c in BAD_ARGS])
def test_bad_args_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], field: str,
                       text: str) -> None:
    state = _write_state(tmp_path, BASE)
    rc, out, err = call(capsys, *_args(state, args), "--json")
    assert rc == 2 and text in err
    # state-field and action-field problems carry their path (the whole action's: "action", even
    # when an @FILE can't be read or isn't an object); options are named in the message
    _assert_json_error(out, field if field.startswith("action") else None, text)
    if field:
        assert any(field in f"{p['path']}: {p['message']}" for p in json.loads(out)["problems"])


def _card(name: str) -> dict[str, Any]:
    return {"name": name, "layout": "normal", "faces": [{
        "name": name, "mana_cost": "{G}", "supertypes": [], "types": ["Creature"], "subtypes": ["Bear"],
        "power": 1, "toughness": 1, "oracle": "", "abilities": []}]}


BAD_CARDS: list[tuple[str, Any, str, str]] = [
    ("missing-fields", {"format": 1, "cards": [{"name": "X"}]}, "cards[0].layout", "missing required field"),
    ("malformed-json", "{bad", "", "JSON"),
    ("missing-file", None, "", "card file"),
    ("bad-mana-cost", {"format": 1, "cards": [{**_card("Y"), "faces": [{**_card("Y")["faces"][0], "mana_cost": "{Q}{2"}]}]},
     "cards[0].faces[0].mana_cost", "{Q}{2"),
    ("unknown-field", {"format": 1, "cards": [{**_card("Z"), "colour": "green"}]}, "cards[0].colour", "unknown field"),
    ("duplicate-name", {"format": 1, "cards": [_card("Twin"), _card("Twin")]}, "", "Twin"),
]


@pytest.mark.parametrize(("doc", "path", "text"), [c[1:] for c in BAD_CARDS], ids=[c[0] for c in BAD_CARDS])
def test_bad_cards_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: Any, path: str, text: str) -> None:
    state = _write_state(tmp_path, BASE)
    cards = tmp_path / "cards.json"
    if doc is not None:
        cards.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    p = run("moves", state, "--cards", str(cards))
    assert "Traceback" not in p.stderr, p.stderr
    assert p.returncode == 2
    assert text in p.stderr and str(cards) in p.stderr
    if path:
        assert path in p.stderr
    rc, out, err = call(capsys, "moves", state, "--cards", str(cards), "--json")
    assert rc == 2 and text in err
    _assert_json_error(out, path or None, text)


def test_good_cards_file_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"format": 1, "cards": [_card("Tiny Bear")]}))
    state = _write_state(tmp_path, _state(o1={"card": "Tiny Bear"}))
    doc = call_json(capsys, "moves", state, "--cards", str(cards))
    assert find(doc["moves"], kind="cast", object="bears", face="Tiny Bear", cost="{G}")
    # without the card file, the card is unknown
    rc, _out, err = call(capsys, "moves", state)
    assert rc == 2 and 'unknown card "Tiny Bear"' in err


def test_kicker_paid_twice_is_multikicker_only(capsys: pytest.CaptureFixture[str]) -> None:
    # "kicker" listed twice is well-formed (multikicker, 702.33c), but Burst Lightning has kicker:
    # its kicker cost can be paid only once, and the answer says so.
    action = '{"kind": "cast", "object": "h_burst", "additional": ["kicker", "kicker"], "targets": ["bob"]}'
    doc = call_json(capsys, "why", MIDGAME, action)
    assert doc["legal"] is False
    assert [r["rule"] for r in doc["reasons"]] == ["702.33c"]
    once = call_json(capsys, "why", MIDGAME, action.replace('"kicker", "kicker"', '"kicker"'))
    assert once["legal"] is True


ELDRAZI_TEMPLE = json.loads(r"""{"name": "Eldrazi Temple", "layout": "normal", "faces": [{"name": "Eldrazi Temple", "mana_cost": null, "supertypes": [], "types": ["Land"], "subtypes": [], "oracle": "{T}: Add {C}.\n{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi.", "abilities": [{"kind": "activated", "text": "{T}: Add {C}.", "cost": {"tap": true}, "mana": {"fixed": "{C}"}, "template": "mana.fixed"}, {"kind": "activated", "text": "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi.", "cost": {"tap": true}, "mana": {"fixed": "{C}{C}", "spend_only": [{"spell": {"colorless": true, "subtypes": ["Eldrazi"]}}, {"ability": {"of_subtypes": ["Eldrazi"], "of_colorless": true}}]}, "template": "mana.fixed"}]}]}""")


def test_text_payment_says_the_mana_pool_and_restricted_mana_spent(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Found by probe22b: the text of `moves` and `why` left out the mana of the pool a payment
    plan spends (106.4), and the restricted mana of the pool (106.6), so a Lightning Bolt paid
    from {R} in the pool printed no payment at all, and Endless One with X = 3 "pay: fo:{G}" alone.
    The pool is named only where the cost has mana: a Forest's {T} spends none of it."""
    state = {"turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
             "players": [{"name": "alice", "life": 20, "mana_pool": "{R}",
                          "restricted_mana": [{"mana": "{C}{C}", "card": "Eldrazi Temple", "ability": 2}]},
                         {"name": "bob", "life": 20}],
             "objects": [{"id": "lb", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"},
                         {"id": "fo", "card": "Forest", "owner": "alice", "zone": "battlefield",
                          "controlled_since_turn": 1}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    cards = tmp_path / "cards.json"   # (the restricted_mana entry names Eldrazi Temple's ability)
    cards.write_text(json.dumps({"format": 1, "cards": [ELDRAZI_TEMPLE]}), encoding="utf-8")
    rc, out, _ = call(capsys, "why", str(path), '{"kind": "cast", "object": "lb", "targets": ["bob"]}',
                      "--cards", str(cards))
    assert rc == 0 and "  payment: mana pool {R}" in out
    rc, out, _ = call(capsys, "why", str(path), '{"kind": "activate", "object": "fo", "ability": 1}',
                      "--cards", str(cards))
    assert rc == 0 and "payment" not in out and "mana pool" not in out
    rc, out, _ = call(capsys, "moves", str(path), "--cards", str(cards))
    assert rc == 0
    bolt = [ln for ln in out.splitlines() if "Lightning Bolt" in ln and "targeting bob" in ln]
    assert len(bolt) == 1 and "pay: mana pool {R}  [" in bolt[0]
    forest = [ln for ln in out.splitlines() if "activate Forest" in ln]
    assert len(forest) == 1 and "pay:" not in forest[0]
    state["players"][0]["mana_pool"] = ""
    state["objects"][0] = {"id": "eo", "card": "Endless One", "owner": "alice", "zone": "hand"}
    path.write_text(json.dumps(state))
    rc, out, _ = call(capsys, "why", str(path), '{"kind": "cast", "object": "eo", "x": 3}', "--cards", str(cards))
    assert rc == 0 and "payment: restricted mana {C}{C} (entry 1), fo (ability 1) adds {G}" in out
    # the pictures too: the restricted mana feeds Endless One's cost; the Forest's {T} spends no pool
    state["players"][0]["mana_pool"] = "{G}"
    path.write_text(json.dumps(state))
    rc, out, _ = call(capsys, "moves", str(path), "--cards", str(cards), "--format", "dot")
    assert rc == 0
    assert 'restricted mana\\n{C}{C} (entry 1)' in out and out.count("spend from the pool (106.6)") == 1
    assert out.count("mana pool\\n{G}") == 1   # Endless One's cost, not the Forest's {T}


def test_json_before_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `mtgasp --json moves STATE` was a usage error ("unrecognized arguments: --json", exit 2)
    state = _write_state(tmp_path, BASE)
    rc, out, _ = call(capsys, "--json", "moves", state)
    assert rc == 0 and json.loads(out)["moves"]
    rc, out, _ = call(capsys, "--json", "why", state, '{"kind": "cast", "object": "nope"}')
    assert rc == 2 and json.loads(out)["problems"][0]["path"] == "action.object"


def test_cards_before_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `mtgasp --cards FILE why ...` took the card file for the command's name (found by probe32b)
    state = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
             "players": [{"name": "alice"}, {"name": "bob"}],
             "objects": [{"id": "et", "card": "Eldrazi Temple", "owner": "alice", "zone": "battlefield",
                          "controlled_since_turn": 1}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"format": 1, "cards": [ELDRAZI_TEMPLE]}), encoding="utf-8")
    act = '{"kind": "activate", "object": "et", "ability": 1}'
    rc, before, _ = call(capsys, "--cards", str(cards), "why", str(path), act)
    rc2, after, _ = call(capsys, "why", str(path), act, "--cards", str(cards))
    assert rc == rc2 == 0 and before == after and before.startswith("legal")
    rc, _out, err = call(capsys, "why", str(path), act)
    assert rc == 2 and "Eldrazi Temple" in err
    rc, _out, err = call(capsys, "--cards", str(cards), "cards", "import", str(cards))
    assert rc == 2 and "mtgasp cards takes no --cards" in err


def test_out_dash_is_standard_output(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # `apply ... --out -` wrote a file named "-" in the working folder
    state = _write_state(tmp_path, BASE)
    monkeypatch.chdir(tmp_path)
    rc, out, _ = call(capsys, "apply", state, '{"kind": "pass"}', "--out", "-")
    assert rc == 0 and json.loads(out)["turn"] == BASE["turn"]
    assert not (tmp_path / "-").exists()


def test_why_text_names_a_granted_mana_ability_in_words(tmp_path: Path, capsys: Any) -> None:
    """`why`'s text payment plan names a mana ability another card grants as the other text output
    does ("ability 1 granted by Chromatic Lantern", model.ability_words), not as a Python dict (found
    by probe31a: "f1 (ability {'granted_by': 'Chromatic Lantern', 'index': 1}) adds {W}")."""
    state = {"turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
             "players": [{"name": "alice", "life": 20}, {"name": "bob", "life": 20}],
             "objects": [{"id": "cl", "card": "Chromatic Lantern", "owner": "alice", "zone": "battlefield",
                          "tapped": True, "controlled_since_turn": 1},
                         {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield",
                          "controlled_since_turn": 1},
                         {"id": "lb", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    rc, out, _ = call(capsys, "why", str(path), '{"kind": "cast", "object": "lb", "targets": ["bob"]}')
    assert rc == 0, out
    assert "payment: f1 (ability 1 granted by Chromatic Lantern) adds {R}" in out
    assert "{'" not in out
