"""Found by probe25b (session 25): X in "Remove X counters" and "[−X]" activation costs (107.3a,
602.2b) and summoning sickness (302.6, 602.5a)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.cli import main
from mtgasp.state import parse_state

CORPUS = Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"
X_TAKEN = CORPUS / "rule-107.3a-remove-x-counters-and-minus-x-loyalty-without-x-say-the-x-taken.json"


def _why(doc: dict, action: dict):
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="test",
                                            base=CardLibrary.builtin()))
    state = parse_state(doc["state"], checker.library)
    return checker.why(state, parse_action(action, state, checker.library, "alice"), "alice")


def test_minus_x_and_remove_x_say_the_x_paid() -> None:
    """107.3a, 602.2b: X is announced as the ability is activated; `why` says which X it answers
    with: the announced one, or without `x` the largest (every loyalty / ki counter). Found by
    probe25b: the payment had no X and the text said "remove X loyalty counters from it" alone."""
    doc = json.loads(X_TAKEN.read_text(encoding="utf-8"))
    minus = {"kind": "activate", "object": "chandra", "ability": 2, "targets": ["bears"]}
    v = _why(doc, minus)
    assert v.legal and v.why_json()["payment"]["x"] == 6
    v = _why(doc, {**minus, "x": 2})
    assert v.legal and v.why_json()["payment"]["x"] == 2
    v = _why(doc, {"kind": "activate", "object": "baku", "ability": 2})
    assert v.legal and v.why_json()["payment"]["x"] == 3


def test_minus_x_text_says_x(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The text answer of `why` says "with X = 6" for a "[−X]" asked without `x`."""
    doc = json.loads(X_TAKEN.read_text(encoding="utf-8"))
    (tmp_path / "s.json").write_text(json.dumps(doc["state"]), encoding="utf-8")
    (tmp_path / "c.json").write_text(json.dumps({"format": 1, "cards": doc["cards"]}), encoding="utf-8")
    rc = main(["why", str(tmp_path / "s.json"),
               json.dumps({"kind": "activate", "object": "chandra", "ability": 2, "targets": ["bears"]}),
               "--cards", str(tmp_path / "c.json")])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "total cost: remove X loyalty counters from it with X = 6" in out


def test_any_number_of_storage_counters_is_no_x(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """118.3: "Remove any number of storage counters" (Saprazzan Cove) has no X: asked without `x`,
    `why` says how many it removes and apply that it removes them all, with no "X =" (found by
    probe25b, after the X of "Remove X ki counters" was said)."""
    doc = json.loads((CORPUS / "rule-122.8-saprazzan-cove-removes-all-its-storage-counters.json").read_text(encoding="utf-8"))
    (tmp_path / "s.json").write_text(json.dumps(doc["state"]), encoding="utf-8")
    (tmp_path / "c.json").write_text(json.dumps({"format": 1, "cards": doc.get("cards", [])}), encoding="utf-8")
    action = json.dumps({"kind": "activate", "object": "sc", "ability": 3})
    rc = main(["why", str(tmp_path / "s.json"), action, "--cards", str(tmp_path / "c.json")])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "remove any number of storage counters, removing 3" in out and "X =" not in out
    rc = main(["apply", str(tmp_path / "s.json"), action, "--cards", str(tmp_path / "c.json"), "--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    events = json.loads(out)["events"]
    assert any("so every one is removed" in e for e in events) and not any("X = " in e for e in events)
