"""Probe 23e: the command line as an outside test-writer scripts it (contracts.md section 3):
bad input is exit 2 and, with ``--json``, a JSON error on standard output, whatever stage refuses
it (argparse's usage errors included), and a closed output pipe never shows a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mtgasp.cli import main

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = str(ROOT / "examples" / "midgame.json")


def _run(*args: str, stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "mtgasp.cli", *args], check=False,
                          stdout=stdout if stdout is not None else subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT, env=env,
                          timeout=600)


@pytest.mark.parametrize("args", [
    ("check", "--bound", "x"),           # a value of the wrong type
    ("why", MIDGAME),                     # a missing argument
    ("moves",),                           # no state at all
    ("mana", MIDGAME, "pool", "--nope"),  # an unknown option
])
def test_usage_errors_are_bad_input_in_json_too(capsys: pytest.CaptureFixture[str],
                                                 args: tuple[str, ...]) -> None:
    # README: "With --json, standard output carries only JSON, errors included"; argparse's own
    # errors printed nothing there (and exited through SystemExit)
    rc = main([*args, "--json"])
    out, err = capsys.readouterr()
    assert rc == 2
    doc = json.loads(out)
    assert doc["error"] == "bad input"
    assert [p["path"] for p in doc["problems"]] == ["arguments"]
    assert doc["problems"][0]["message"] in err
    assert "usage: mtgasp" in err


def test_usage_error_without_json_prints_usage_only(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["why", MIDGAME])
    out, err = capsys.readouterr()
    assert (rc, out) == (2, "")
    assert err.startswith("usage: mtgasp why")
    assert "mtgasp why: error: the following arguments are required: action" in err


def test_bad_input_json_to_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    # `mtgasp moves bad.json --json | head -1`: the JSON error met a closed pipe and the
    # BrokenPipeError raised inside the InputError handler escaped as a traceback (exit 1)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"turn": "6"}), encoding="utf-8")
    r, w = os.pipe()
    os.close(r)   # nobody reads: the first write fails with EPIPE
    try:
        p = _run("moves", str(bad), "--json", stdout=w)
    finally:
        os.close(w)
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr
    assert "turn: expected an integer" in p.stderr


def test_verify_a_folder_without_scenarios_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    # "0 passed, 0 failed" and exit 0 was a silent answer to a mistyped or empty folder
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    rc = main(["verify", str(tmp_path), "--json"])
    out, err = capsys.readouterr()
    assert rc == 2
    assert json.loads(out)["problems"][0]["message"] == "no scenario files (*.json) in this folder"
    assert "Traceback" not in err


@pytest.mark.parametrize("in_folder", [False, True])
def test_verify_a_scenario_file_that_is_not_utf8_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path, in_folder: bool) -> None:
    # a UnicodeDecodeError escaped as an internal error (exit 3)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{}")
    rc = main(["verify", str(tmp_path if in_folder else bad), "--json"])
    out, _err = capsys.readouterr()
    assert rc == 2
    doc = json.loads(out)
    assert doc["error"] == "bad input" and doc["source"] == str(bad)
    assert doc["problems"][0]["message"] == "not UTF-8 text: invalid start byte at byte 0"


def test_verify_reads_a_scenario_file_with_a_byte_order_mark(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    # a state file may start with a BOM (state.read_document); a scenario file said
    # "malformed JSON at line 1, column 1: Unexpected UTF-8 BOM"
    src = ROOT / "python" / "mtgasp" / "corpus" / "rule-103.1-rising-chicane-enters-tapped-for-the-starting-player.json"
    f = tmp_path / "bom.json"
    f.write_bytes(b"\xef\xbb\xbf" + src.read_bytes())
    rc = main(["verify", str(f), "--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert json.loads(out)["total"] == 1


def test_forge_foretold_this_turn_alone_is_not_foretold() -> None:
    # GameState.java: "Foretold" sets the card foretold and turns it face down; "ForetoldThisTurn"
    # only sets the this-turn flag (Forge's own export writes both). Alone, Forge loads a face-up,
    # not foretold card; mtgasp made it a card foretold this turn.
    from mtgasp.cards import CardLibrary
    from mtgasp.forge import parse_pzl

    lib = CardLibrary.builtin()
    r = parse_pzl("[state]\nturn=3\nhumanexile=Saw It Coming|ForetoldThisTurn;"
                  "Doomskar|Foretold|ForetoldThisTurn;Saw It Coming|Foretold\n", lib)
    alone, both, earlier = r.document["objects"]
    assert "face_down" not in alone and "foretold_turn" not in alone
    assert (both["face_down"], both["foretold_turn"]) == (True, 3)
    assert (earlier["face_down"], earlier["foretold_turn"]) == (True, 2)
    assert [(w.kind, w.line) for w in r.warnings if "ForetoldThisTurn" in w.kind] == [
        ("modifier ForetoldThisTurn", 3)]


@pytest.mark.parametrize("args", [("why", "-", "@-"), ("moves", "-", "-"), ("apply", "-", "@-")])
def test_standard_input_named_twice_is_bad_input_saying_so(args: tuple[str, ...]) -> None:
    # the second read found nothing and said '<stdin>: not valid JSON: Expecting value'
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    p = subprocess.run([sys.executable, "-m", "mtgasp.cli", *args, "--json"], check=False,
                       input=Path(MIDGAME).read_text(encoding="utf-8"), capture_output=True,
                       text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=600)
    assert p.returncode == 2, p.stderr
    doc = json.loads(p.stdout)
    assert doc["problems"][0]["path"] == ("state" if args[0] == "moves" else "action")
    assert "standard input holds one document" in doc["problems"][0]["message"]


def test_standard_input_that_is_not_utf8_is_said_to_be() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    p = subprocess.run([sys.executable, "-m", "mtgasp.cli", "moves", "-"], check=False,
                       input=b"\xff{}", capture_output=True, cwd=ROOT, env=env, timeout=600)
    assert p.returncode == 2
    assert b"<stdin>: not UTF-8 text: invalid start byte at byte 0" in p.stderr


def test_batch_dask_address_without_a_scheduler_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    # an address where no scheduler can be reached is the user's cluster or command line: it was
    # "internal error ... this is a bug in mtgasp" (exit 3)
    pytest.importorskip("distributed")
    lines = tmp_path / "in.jsonl"
    lines.write_text(json.dumps({"state": json.loads(Path(MIDGAME).read_text(encoding="utf-8"))})
                     + "\n", encoding="utf-8")
    rc = main(["batch", str(lines), "--dask", "nonsense::::", "--quiet", "--json"])
    out, err = capsys.readouterr()
    assert rc == 2, err
    doc = json.loads(out)
    assert doc["problems"][0]["path"] == "--dask"
    assert doc["problems"][0]["message"].startswith("can't connect to a Dask scheduler at 'nonsense::::'")


@pytest.mark.parametrize("args", [("moves", MIDGAME, "--format", "dot"),
                                  ("mana", MIDGAME, "pool", "--explain", "--format", "dot")])
def test_a_picture_with_json_is_bad_input(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...]) -> None:
    # README: with --json standard output carries only JSON; --format dot --json printed DOT
    rc = main([*args, "--json"])
    out, _err = capsys.readouterr()
    assert rc == 2
    doc = json.loads(out)
    assert [p["path"] for p in doc["problems"]] == ["--format"]
