"""Issue 10: no wrong verdict, no traceback, bounded cost, on any input.

Each input the issue lists has a test here: integers beyond the solver's 32-bit range (states,
actions, card files), a huge mana pool, OS errors on output files, the Fblthp-granted activation,
a YAML alias bomb, a huge value in an error message, machine output (--json, apply's stdout),
control characters in ids, moves over several files, refers_to on a card, every listed move
accepted by apply, --choose of a type the source can't make, internal errors (exit 3).
Everything runs in-process through ``mtgasp.cli.main``, the CLI's entry point.
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from mtgasp import __version__
from mtgasp.cli import main
from mtgasp.limits import MAX_NUMBER, MAX_POOL

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
MIDGAME = str(EXAMPLES / "midgame.json")
BIG = 2**31  # the first integer clingo can't hold


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``mtgasp ARGS`` in-process: (exit code, stdout, stderr); exit codes from argparse too."""
    try:
        rc = main(list(args))
    except SystemExit as e:
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def midgame() -> dict[str, Any]:
    return json.loads(Path(MIDGAME).read_text(encoding="utf-8"))


def write(tmp_path: Path, doc: Any, name: str = "state.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def obj(doc: dict[str, Any], oid: str) -> dict[str, Any]:
    return next(o for o in doc["objects"] if o["id"] == oid)


# ---- 1. integers the solver sees are bounded ------------------------------------------------------


def test_huge_x_is_bad_input_not_a_legal_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: "legal" with an empty payment on a board with five mana (the sums overflowed).
    rc, out, err = call(capsys, "why", MIDGAME,
                        '{"kind":"cast","object":"h_ballista","x":1073741820}')
    assert rc == 2
    assert "action.x" in err and "1,000,000" in err
    assert "legal" not in out


@pytest.mark.parametrize("x", [BIG, 2**64, MAX_NUMBER + 1])
def test_x_beyond_the_limit_is_bad_input(capsys: pytest.CaptureFixture[str], x: int) -> None:
    rc, _out, err = call(capsys, "why", MIDGAME, json.dumps({"kind": "cast", "object": "h_ballista", "x": x}))
    assert rc == 2 and "action.x" in err


def test_x_at_the_limit_is_answered_correctly(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _err = call(capsys, "why", MIDGAME, json.dumps(
        {"kind": "cast", "object": "h_ballista", "x": MAX_NUMBER}), "--json")
    assert rc == 0
    verdict = json.loads(out)
    assert verdict["legal"] is False
    assert any(r["rule"] == "601.2h" for r in verdict["reasons"])


# (field path, how to set it): every integer field of a state, at 2^31.
STATE_FIELDS = [
    ("turn", lambda d: d.update(turn=BIG)),
    ("players[0].life", lambda d: d["players"][0].update(life=BIG)),
    ("players[0].life", lambda d: d["players"][0].update(life=-BIG)),
    ("players[0].lands_played_this_turn", lambda d: d["players"][0].update(lands_played_this_turn=BIG)),
    ("players[0].last_turn", lambda d: d["players"][0].update(last_turn=BIG)),
    ("players[0].library_size", lambda d: d["players"][0].update(library_size=BIG)),
    ("players[0].hand_size", lambda d: d["players"][0].update(hand_size=BIG)),
    ("players[0].attackers_this_turn", lambda d: d["players"][0].update(attackers_this_turn=BIG)),
    ("players[0].damage_taken_this_turn", lambda d: d["players"][0].update(damage_taken_this_turn=BIG)),
    ("consecutive_passes", lambda d: d.update(consecutive_passes=BIG)),
    ("objects[0].controlled_since_turn", lambda d: d["objects"][0].update(controlled_since_turn=BIG)),
    ('objects[6].counters["+1/+1"]', lambda d: d["objects"][6].update(counters={"+1/+1": BIG})),
]


@pytest.mark.parametrize(("path", "mutate"), STATE_FIELDS, ids=[p for p, _ in STATE_FIELDS])
def test_state_integer_beyond_range(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    path: str, mutate: Any) -> None:
    doc = midgame()
    mutate(doc)
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2
    assert path in err


def test_spell_and_exile_integers_beyond_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "foretold.json").read_text(encoding="utf-8"))
    exiled = next(i for i, o in enumerate(doc["objects"]) if o.get("foretold_turn") is not None)
    doc["turn"] = MAX_NUMBER
    doc["objects"][exiled]["foretold_turn"] = BIG
    spell = {"id": "zz_spell", "card": "Grizzly Bears", "owner": doc["players"][0]["name"],
             "zone": "stack", "x": BIG, "mana_spent": BIG}
    doc["objects"].append(spell)
    doc["stack"] = [*doc.get("stack", []), "zz_spell"]
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2
    n = len(doc["objects"]) - 1
    for path in (f"objects[{exiled}].foretold_turn", f"objects[{n}].x", f"objects[{n}].mana_spent"):
        assert path in err


def test_integer_of_thousands_of_digits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"turn": ' + "9" * 5000 + "}", encoding="utf-8")
    rc, _out, err = call(capsys, "moves", str(path))
    assert rc == 2 and "not valid JSON" in err


def test_huge_mana_pool_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    doc["players"][0]["mana_pool"] = "{G}" * 140_000  # was: EncodingError traceback
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "players[0].mana_pool" in err
    doc["players"][0]["mana_pool"] = "{G}" * (MAX_POOL + 1)  # just over: counted, not guessed
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "players[0].mana_pool" in err and f"{MAX_POOL:,}" in err


def test_mana_pool_at_the_limit_is_answered(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    doc["players"][0]["mana_pool"] = "{G}" * MAX_POOL
    rc, out, _err = call(capsys, "why", write(tmp_path, doc),
                         '{"kind":"cast","object":"h_ballista","x":5000}', "--json")
    assert rc == 0 and json.loads(out)["legal"] is True
    rc, out, _err = call(capsys, "why", write(tmp_path, doc),
                         '{"kind":"cast","object":"h_ballista","x":5003}', "--json")
    assert rc == 0 and json.loads(out)["legal"] is False  # 10,000 + 4 lands: 2X <= 10,004


def test_too_many_counters_in_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    for i in range(101):
        doc["objects"].append({"id": f"b{i}", "card": "Grizzly Bears", "owner": "alice",
                               "zone": "battlefield", "counters": {"+1/+1": MAX_NUMBER}})
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "counters in all" in err


def test_too_many_mana_replacement_effects(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Each Mana Reflection doubles: 2^9 orders to try and 2^9 times the mana.
    doc = midgame()
    for i in range(9):
        doc["objects"].append({"id": f"refl{i}", "card": "Mana Reflection", "owner": "alice",
                               "zone": "battlefield"})
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "replacement effects on mana" in err


def test_mana_that_could_overflow(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A card adding 100 mana, 8 replacement effects multiplying by 10: 10^10 per activation.
    cards = {"format": 1, "cards": [
        {"name": "Big Well", "layout": "normal", "faces": [{
            "name": "Big Well", "types": ["Land"], "oracle": "{T}: Add {C}x100.",
            "abilities": [{"kind": "activated", "text": "{T}: Add {C}x100.", "cost": {"tap": True},
                           "mana": {"fixed": "{C}" * 100}}]}]},
        {"name": "Tenfold", "layout": "normal", "faces": [{
            "name": "Tenfold", "types": ["Enchantment"], "oracle": "Ten times.",
            "abilities": [{"kind": "static", "text": "Ten times.", "replace_mana": {
                "when": {"tapped_for_mana": True, "what": {}, "controller": "you"},
                "result": {"multiply": 10}}}]}]}]}
    cpath = write(tmp_path, cards, "cards.json")
    doc = midgame()
    doc["objects"].append({"id": "well", "card": "Big Well", "owner": "alice", "zone": "battlefield"})
    for i in range(8):
        doc["objects"].append({"id": f"ten{i}", "card": "Tenfold", "owner": "alice",
                               "zone": "battlefield"})
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc), "--cards", cpath)
    assert rc == 2 and "could add" in err


def test_mana_budget_counts_what_a_replacement_makes(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    # "produces {C}x100 instead": a Forest then makes 100, not 1; 1,001 of them make 100,100.
    cards = {"format": 1, "cards": [{"name": "Hundredfold", "layout": "normal", "faces": [{
        "name": "Hundredfold", "types": ["Enchantment"], "oracle": "A hundred instead.",
        "abilities": [{"kind": "static", "text": "A hundred instead.", "replace_mana": {
            "when": {"tapped_for_mana": True, "what": {}, "controller": "any"},
            "result": {"fixed": "{C}" * 100}}}]}]}]}
    cpath = write(tmp_path, cards, "cards.json")
    doc = midgame()
    doc["objects"].append({"id": "hf", "card": "Hundredfold", "owner": "alice", "zone": "battlefield"})
    for i in range(1001):
        doc["objects"].append({"id": f"forest{i}", "card": "Forest", "owner": "alice", "zone": "battlefield"})
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc), "--cards", cpath)
    assert rc == 2 and "could add" in err
    doc["objects"] = [o for o in doc["objects"] if not o["id"].startswith("forest")]
    rc, _out, err = call(capsys, "why", write(tmp_path, doc), PASS, "--cards", cpath)
    assert rc == 0, err


def test_too_many_objects(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    doc["objects"] = [{}] * 100_001
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "objects: 100,001 objects" in err


def card_file(**face: Any) -> dict[str, Any]:
    base = {"name": "Test Card", "types": ["Creature"], "power": 1, "toughness": 1,
            "mana_cost": "{1}", "oracle": "Hideaway 4", "abilities": [
                {"kind": "keyword", "text": "Hideaway 4", "keyword": "hideaway", "n": 4}]}
    base.update(face)
    return {"format": 1, "cards": [{"name": "Test Card", "layout": "normal", "faces": [base]}]}


CARD_CASES = [
    ("mana_cost", {"mana_cost": "{2147483648}"}),
    ("mana_cost", {"mana_cost": "{999}{999}"}),
    ("mana_cost", {"mana_cost": "{X}{X}{X}{X}"}),
    ("mana_cost", {"mana_cost": "{G}" * 101}),
    ("power", {"power": BIG}),
    ("toughness", {"toughness": -BIG}),
    ("abilities[0].n", {"abilities": [{"kind": "keyword", "text": "Hideaway 4", "keyword": "hideaway", "n": BIG}]}),
    ("abilities[0].cost.remove_counters.charge",
     {"oracle": "{T}: Add {G}.", "abilities": [{"kind": "activated", "text": "{T}: Add {G}.",
      "cost": {"tap": True, "remove_counters": {"charge": BIG}}, "mana": {"fixed": "{G}"}}]}),
    ("abilities[0].mana.any_color",
     {"oracle": "{T}: Add {G}.", "abilities": [{"kind": "activated", "text": "{T}: Add {G}.",
      "cost": {"tap": True}, "mana": {"any_color": BIG}}]}),
    ("abilities", {"oracle": "x", "abilities": [{"kind": "keyword", "text": "x", "keyword": "flash"}] * 101}),
    # found by the 100,000-case fuzz run (2026-12-01): effect parameters were not validated
    ("abilities[0].effect.n",
     {"types": ["Sorcery"], "abilities": [{"kind": "spell", "text": "Draw.", "effect": {"action": "draw", "n": 2**63}}]}),
    ("abilities[0].effect.amount",
     {"types": ["Sorcery"], "abilities": [{"kind": "spell", "text": "Deal.",
                                           "effect": {"action": "damage", "amount": -(2**31) - 1, "target": "any"}}]}),
    ("abilities[0].effects[0].token.subtypes[0]",
     {"types": ["Sorcery"], "abilities": [{"kind": "spell", "text": "Make.", "effects": [
         {"action": "create_tokens", "n": 1, "token": {"types": ["Creature"], "subtypes": [1000001]}}]}]}),
    ("abilities[0].effect.token.power",
     {"types": ["Sorcery"], "abilities": [{"kind": "spell", "text": "Make.", "effect": {
         "action": "create_tokens", "n": 1, "token": {"types": ["Creature"], "power": BIG}}}]}),
    # found by the literal-level mutation check (2026-12-01): look_take's "what" was not checked, so
    # an unknown kind validated and then offered no card at all (a silent wrong answer)
    ("abilities[0].effect.what",
     {"types": ["Sorcery"], "abilities": [{"kind": "spell", "text": "Look.", "effect": {
         "action": "look_take", "n": 6, "what": "artifact"}}]}),
    ("abilities[0].effect.what",
     {"types": ["Sorcery"], "abilities": [{"kind": "spell", "text": "Look.", "effect": {
         "action": "look_take", "n": 6}}]}),
    # and boost_self with no condition, or another one, validated and then never applied
    ("abilities[0].effect.condition",
     {"types": ["Creature"], "power": 1, "toughness": 1, "abilities": [{"kind": "static", "text": "Boost.",
      "effect": {"action": "boost_self", "power": 1, "toughness": 1}}]}),
    ("abilities[0].effect.condition",
     {"types": ["Creature"], "power": 1, "toughness": 1, "abilities": [{"kind": "static", "text": "Boost.",
      "effect": {"action": "boost_self", "power": 1, "toughness": 1, "condition": {"graveyard_at_least": 7}}}]}),
]


@pytest.mark.parametrize(("path", "face"), CARD_CASES, ids=[f"{p}-{i}" for i, (p, _) in enumerate(CARD_CASES)])
def test_card_file_integer_beyond_range(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                        path: str, face: dict[str, Any]) -> None:
    cpath = write(tmp_path, card_file(**face), "cards.json")
    rc, _out, err = call(capsys, "moves", MIDGAME, "--cards", cpath)
    assert rc == 2
    assert f"cards[0].faces[0].{path}" in err


def test_foretell_cost_in_a_state_is_bounded(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "foretold.json").read_text(encoding="utf-8"))
    i = next(i for i, o in enumerate(doc["objects"]) if o.get("foretold_turn") is not None)
    doc["objects"][i]["foretell_cost"] = "{2147483648}"
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and f"objects[{i}].foretell_cost" in err


# ---- 2. never a traceback -----------------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _err = call(capsys, "--version")
    assert rc == 0 and out.strip() == f"mtgasp {__version__}"


def test_internal_error_is_one_line_exit_3(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from mtgasp.api import Checker

    def boom(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("something broke")

    monkeypatch.delenv("MTGASP_DEBUG", raising=False)
    monkeypatch.setattr(Checker, "moves", boom)
    rc, out, err = call(capsys, "moves", MIDGAME)
    assert rc == 3 and out == ""
    assert err.count("\n") == 1
    assert "internal error" in err and "something broke" in err and "bug" in err and "report" in err
    rc, out, err = call(capsys, "moves", MIDGAME, "--json")
    assert rc == 3 and json.loads(out)["error"] == "internal error"


def test_fblthp_granted_plot_activated_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: AttributeError. Plot is a keyword (a special action), not an activated ability.
    rc, out, _err = call(capsys, "why", MIDGAME, json.dumps(
        {"kind": "activate", "object": "f1", "ability": {"granted_by": "Fblthp, Lost on the Range", "index": 1}}),
        "--json")
    assert rc == 0
    verdict = json.loads(out)
    assert verdict["legal"] is False
    assert [r["rule"] for r in verdict["reasons"]] == ["602.1c"]
    assert "not an activated ability" in verdict["reasons"][0]["message"]


PASS = '{"kind": "pass"}'


def test_apply_out_to_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, err = call(capsys, "apply", MIDGAME, PASS, "--out", str(tmp_path))
    assert rc == 2 and "--out" in err and "folder" in err and out == ""


def test_apply_out_to_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, _out, err = call(capsys, "apply", MIDGAME, PASS, "--out", str(tmp_path / "no" / "next.json"))
    assert rc == 2 and "does not exist" in err


def test_apply_out_unwritable(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_a: Any, **_k: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    rc, _out, err = call(capsys, "apply", MIDGAME, PASS, "--out", str(tmp_path / "next.json"))
    assert rc == 2 and "No space left on device" in err


def test_check_save_onto_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    existing = tmp_path / "file.txt"
    existing.write_text("x", encoding="utf-8")
    t0 = time.monotonic()
    rc, _out, err = call(capsys, "check", "--save", str(existing), "--property", "no_such")
    assert rc == 2 and "--save" in err and "not a folder" in err
    assert time.monotonic() - t0 < 10  # refused before any checking


@pytest.mark.parametrize("args", [["--bound", "1000000"], ["--turns", "2147483648"],
                                  ["--time-limit", "nan"], ["--payment-bound", "99"]])
def test_check_bounds(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    rc, _out, err = call(capsys, "check", *args, "--list")
    assert rc == 2 and args[0] in err


# ---- 3. bounded error messages, YAML aliases -------------------------------------------------------


def test_error_message_shows_a_bounded_excerpt(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    doc["step"] = "x" * 1_000_000
    doc["players"][0]["life"] = [["y" * 1000] * 1000] * 10
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "step" in err and "players[0].life" in err
    assert len(err) < 2000


def test_yaml_alias_bomb_is_refused_fast(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    lines.append("turn: [" + ",".join(["*a8"] * 9) + "]")  # 9^10 strings once expanded
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size < 2048
    t0 = time.monotonic()
    rc, _out, err = call(capsys, "moves", str(path))
    assert time.monotonic() - t0 < 5
    assert rc == 2 and "aliases" in err


# ---- 4. machine output ------------------------------------------------------------------------------


def test_json_errors_are_json_on_stdout(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    doc["turn"] = BIG
    rc, out, err = call(capsys, "moves", write(tmp_path, doc), "--json")
    assert rc == 2
    problems = json.loads(out)["problems"]
    assert problems[0]["path"] == "turn"
    assert "turn" in err


def test_apply_stdout_loads_back_as_a_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, err = call(capsys, "apply", MIDGAME, '{"kind": "play_land", "object": "h_forest"}')
    assert rc == 0
    assert err.startswith("- alice: play land")  # the events, on stderr (who, what, the rules)
    nxt = tmp_path / "next.json"
    nxt.write_text(out, encoding="utf-8")
    rc, out2, _err = call(capsys, "moves", str(nxt), "--json")
    assert rc == 0
    assert obj(json.loads(out), "h_forest")["zone"] == "battlefield"
    assert not any(m.get("kind") == "play_land" for m in json.loads(out2)["moves"])


def test_control_characters_in_ids_are_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    forged = "f2\n  cast Forged Card (evil)  [601.2]\x1b[31m"
    for o in doc["objects"]:
        if o["id"] == "f2":
            o["id"] = forged
    rc, out, _err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 0
    assert "\x1b" not in out
    assert not any(line.startswith("  cast Forged Card") for line in out.splitlines())
    assert "\\n  cast Forged Card" in out and "\\u001b[31m" in out
    rc, out, _err = call(capsys, "moves", write(tmp_path, doc), "--json")  # JSON keeps them exact
    assert rc == 0 and any(m.get("object") == forged for m in json.loads(out)["moves"])


def test_moves_over_many_files_goes_on(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    opp = str(EXAMPLES / "opponent_turn.json")
    rc, out, err = call(capsys, "moves", MIDGAME, str(bad), opp)
    assert rc == 2
    assert "bad.json" in err and "1 of 3 states" in err
    assert f"{MIDGAME}: legal moves" in out and f"{opp}: legal moves" in out
    rc, out, _err = call(capsys, "moves", MIDGAME, str(bad), opp, "--json")
    docs = json.loads(out)
    assert rc == 2 and len(docs) == 3
    assert "moves" in docs[0] and docs[1]["error"] == "bad input" and "moves" in docs[2]


def test_refers_to_is_validated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = midgame()
    obj(doc, "h_bolt")["refers_to"] = "h_bears"
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "objects[" in err and "refers_to" in err and "a card has none" in err


def test_refers_to_must_name_a_spell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "goliath_resolving.json").read_text(encoding="utf-8"))
    ability = next(o for o in doc["objects"] if "ability" in o)
    ability["refers_to"] = ability["id"]
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "refers_to" in err and "itself" in err
    ability["refers_to"] = "nobody_here"
    rc, _out, err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 2 and "no object has the id" in err


def test_choose_a_type_the_source_cant_make(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = call(capsys, "apply", MIDGAME, '{"kind":"activate","object":"pool","ability":1}',
                        "--choose", "W")
    assert rc == 2 and out == ""
    assert "{W}" in err and "{U} {R} {G}" in err


def test_saw_it_coming_listed_once_per_target(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _err = call(capsys, "moves", str(EXAMPLES / "opponent_turn.json"), "--json")
    assert rc == 0
    sic = [m for m in json.loads(out)["moves"] if m.get("face") == "Saw It Coming"]
    assert sic and all(len(m["targets"]) == 1 for m in sic)


def _all_moves(capsys: pytest.CaptureFixture[str]) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted(EXAMPLES.glob("*.json")):
        rc, out, _err = call(capsys, "moves", str(path), "--json")
        assert rc == 0
        found += [(str(path), m) for m in json.loads(out)["moves"]]
    return found


def test_every_listed_move_is_accepted_by_apply(capsys: pytest.CaptureFixture[str]) -> None:
    moves = _all_moves(capsys)
    assert any(m.get("targets") for _p, m in moves)
    assert any(isinstance(m.get("x"), dict) for _p, m in moves)
    for path, move in moves:
        rc, out, err = call(capsys, "apply", path, json.dumps(move), "--json")
        assert rc == 0, (path, move, err)
        assert json.loads(out)["legal"] is True


def test_injection_values_stay_data(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = copy.deepcopy(midgame())
    obj(doc, "h_bolt")["id"] = '#script (python) import os #end.\n'
    rc, out, _err = call(capsys, "moves", write(tmp_path, doc))
    assert rc == 0 and "\\n" in out


# ---- 5. the developer loop ------------------------------------------------------------------------


def test_tests_run_the_source_tree() -> None:
    """The README's editable install: an edit to a module or an encoding is what the tests see."""
    import mtgasp
    from mtgasp.solver import encoding_files

    assert Path(mtgasp.__file__).resolve().parent == ROOT / "python" / "mtgasp", (
        "the tests import an installed copy of mtgasp: install with pip install -e '.[test]'")
    shipped = dict(encoding_files())
    assert shipped["payment.lp"] == (ROOT / "encodings" / "payment.lp").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -q"
    assert command in readme and command in ci


def test_markdown_links_stay_inside_the_repository() -> None:
    import re

    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            resolved = (doc.parent / target).resolve()
            assert resolved.is_relative_to(ROOT), (doc.name, target)
            assert resolved.exists(), (doc.name, target)


def test_nothing_on_the_stack_in_the_untap_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Found by the 100,000-case fuzz run (2026-12-01): a state in the untap step with an ability
    # resolving was accepted, `why` said "decline" was legal and `apply` then wrote a next state
    # giving priority in the untap step. Such a state can't happen (500.2, 502.4): bad input.
    doc = json.loads((EXAMPLES / "goliath_resolving.json").read_text(encoding="utf-8"))
    doc["step"] = "untap"
    path = write(tmp_path, doc)
    rc, _out, err = call(capsys, "why", path, '{"kind": "decline"}')
    assert rc == 2 and "stack: must be empty during the untap step" in err


def test_a_verdict_not_decided_by_grounding_is_an_encoding_error() -> None:
    """An edited encoding with a negation cycle through reason/3 leaves its atoms undecided by
    grounding; read as false, `why` answered "legal" (found by probe32d). Every atom of a verdict
    predicate must be a fact: otherwise an EncodingError, not a silent answer."""
    from mtgasp.actions import parse_action
    from mtgasp.api import Checker
    from mtgasp.solver import UndecidedVerdict, encoding_files, program_override
    from mtgasp.state import parse_state

    checker = Checker()
    state = parse_state(midgame(), checker.library)
    action = parse_action({"kind": "play_land", "object": "h_forest"}, state, checker.library, "alice")
    assert checker.why(state, action, "alice").legal
    cycle = ('reason(A,"999.1","a cycle") :- action(A), not quiet(A).\n'
             'quiet(A) :- action(A), not reason(A,"999.1","a cycle").\n')
    with (program_override([*encoding_files(), ("cycle.lp", cycle)]),
          pytest.raises(UndecidedVerdict, match="not decided by grounding")):
        checker.why(state, action, "alice")
