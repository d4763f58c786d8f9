"""Bad input found by probing `apply` and `batch` as a new user (each: one clear error naming the
field, exit 2, no traceback; in a batch, an error object on that line and the batch goes on)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.batch import run_batch
from mtgasp.cli import main

STATE: dict[str, Any] = {
    "format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice", "mana_pool": "{R}"}, {"name": "bob"}, {"name": "carol"}],
    "objects": [
        {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"},
        {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"},
    ],
}


def _state(**changes: Any) -> dict[str, Any]:
    d = copy.deepcopy(STATE)
    d.update(changes)
    return d


# (id, state, action, the field named, words of the message)
CASES = [
    # 702.33c: a multikicker cost paid more times than limits.MAX_KICKS (each kick adds to the total
    # cost's sums, computed with 32-bit integers; probe17a)
    ("too-many-kicks", STATE, {"kind": "cast", "object": "bolt", "additional": ["kicker"] * 10_001},
     "action.additional", "more than 10,000"),
    # 702.33c: how many times a multikicker cost was paid, of an object that isn't kicked
    ("times-kicked-without-kicked", _state(objects=[
        {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "stack", "times_kicked": 2},
        {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"}], stack=["bolt"]),
     {"kind": "pass"}, "objects[0].times_kicked", "isn't kicked"),
    # 702.33a, 702.33d: only a spell with kicker can be kicked; 702.33c: only multikicker is paid more
    # than once (probe22a)
    ("kicked-without-kicker", _state(objects=[
        {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "stack", "kicked": True},
        {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"}], stack=["bolt"]),
     {"kind": "pass"}, "objects[0].kicked", "no kicker cost"),
    ("kicked-twice-without-multikicker", _state(objects=[
        {"id": "bl", "card": "Burst Lightning", "owner": "alice", "zone": "stack", "kicked": True, "times_kicked": 2},
        {"id": "gb", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"}], stack=["bl"]),
     {"kind": "pass"}, "objects[0].times_kicked", "no multikicker"),
    # 118.3: the objects an action names for its cost (discard, tap, return, exile; probe22a)
    ("cost-choice-names-no-object", STATE, {"kind": "cast", "object": "bolt", "discard": ["nope"]},
     "action.discard[0]", "no object"),
    ("cost-choice-not-a-list", STATE, {"kind": "cast", "object": "bolt", "tap": "gb"},
     "action.tap", "expected a list"),
    ("cost-choice-on-a-pass", STATE, {"kind": "pass", "return": []}, "action.return", "no other fields"),
    # 117.4: as many passes as players in the game: nothing would ever resolve (the game stalled)
    ("consecutive-passes-of-every-player", _state(consecutive_passes=3), {"kind": "pass"},
     "consecutive_passes", "at most 2"),
    ("consecutive-passes-counts-only-players-in-the-game", _state(consecutive_passes=2, losers=["carol"]),
     {"kind": "pass"}, "consecutive_passes", "only 2 are in the game"),
    # 800.4a: a player who left the game never receives priority
    ("priority-of-a-loser", _state(priority="carol", losers=["carol"]), {"kind": "pass"},
     "priority", "800.4a"),
    ("a-loser-listed-twice", _state(losers=["carol", "carol"]), {"kind": "pass"}, "losers[1]", "twice"),
    # 103.8: turn 1 is the starting player's
    ("starting-player-not-turn-1s-player", _state(turn=1, starting_player="bob"), {"kind": "pass"},
     "starting_player", "103.8"),
]


@pytest.mark.parametrize(("doc", "action", "path", "text"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_apply_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: dict[str, Any],
                         action: dict[str, Any], path: str, text: str) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(doc))
    assert main(["apply", str(state), json.dumps(action), "--json"]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    problems = json.loads(out)["problems"]
    assert len(problems) == 1, problems
    assert problems[0]["path"] == path and text in problems[0]["message"], problems


def test_batch_bad_lines_get_an_error_each_and_the_batch_goes_on() -> None:
    lines = [json.dumps({"state": doc, "query": "why", "action": action}) for _id, doc, action, *_ in CASES]
    lines.append(json.dumps({"state": STATE, "query": "why", "action": {"kind": "pass"}}))
    out = list(run_batch(lines))
    for answer, (_id, _doc, _action, path, text) in zip(out, CASES):
        assert answer["error"] == "bad input", answer
        assert [p["path"] for p in answer["problems"]] == [path], answer
        assert text in answer["problems"][0]["message"]
    assert out[-1]["legal"] is True


def test_a_valid_pass_count_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(_state(consecutive_passes=2, priority="carol")))
    assert main(["apply", str(state), '{"kind": "pass"}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["step"] == "beginning_of_combat"


@pytest.mark.parametrize("action", [{"kind": "pass"}, {"kind": "cast", "object": "bolt", "targets": ["gb"]}])
def test_a_choose_nothing_uses_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            action: dict[str, Any]) -> None:
    """--choose was ignored silently when the action made no choice of mana, color or life."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE))
    assert main(["apply", str(state), json.dumps(action), "--choose", "R", "--json"]) == 2
    out, err = capsys.readouterr()
    problems = json.loads(out)["problems"]
    assert [p["path"] for p in problems] == ["--choose"] and "no choice" in problems[0]["message"]
    assert "Traceback" not in err


def test_a_byte_order_mark_is_not_part_of_the_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A UTF-8 file that starts with a byte order mark (Windows editors, PowerShell) was refused as
    "not valid JSON"; RFC 8259 lets a parser ignore it."""
    state = tmp_path / "state.json"
    state.write_bytes(b"\xef\xbb\xbf" + json.dumps(STATE).encode())
    action = tmp_path / "action.json"
    action.write_bytes(b"\xef\xbb\xbf" + b'{"kind": "pass"}')
    assert main(["apply", str(state), f"@{action}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["priority"] == "bob"
    lines = tmp_path / "in.jsonl"
    lines.write_bytes(b"\xef\xbb\xbf" + json.dumps({"state": STATE}).encode() + b"\n")
    assert main(["batch", str(lines), "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["line"] == 1


def test_targets_of_an_object_whose_text_says_no_target_are_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """115.1: a spell or ability on the stack has targets only if its text says "target" (an Aura
    spell targets what it will enchant, 303.4a); targets given to one that doesn't were accepted and
    read as if it targeted."""
    doc = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "bob",
           "consecutive_passes": 1, "players": [{"name": "alice"}, {"name": "bob"}],
           "objects": [{"id": "ot", "card": "Outcaster Trailblazer", "owner": "alice", "zone": "battlefield",
                        "controlled_since_turn": 5},
                       {"id": "trig", "zone": "stack", "ability": {"source": "ot", "index": 1},
                        "controller": "alice", "targets": ["bob"]},
                       {"id": "gb", "card": "Grizzly Bears", "owner": "alice", "zone": "stack",
                        "controller": "alice", "targets": ["ot"]}],
           "stack": ["gb", "trig"]}
    state = tmp_path / "state.json"
    state.write_text(json.dumps(doc))
    assert main(["moves", str(state), "--json"]) == 2
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert [p["path"] for p in problems] == ["objects[1].targets", "objects[2].targets"]
    assert all("115.1" in p["message"] for p in problems)


def test_a_null_is_named_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # probe17d: "description: expected a string, got null null"
    state = tmp_path / "state.json"
    state.write_text(json.dumps(_state(description=None)))
    assert main(["moves", str(state), "--json"]) == 2
    out, err = capsys.readouterr()
    assert json.loads(out)["problems"] == [{"path": "description", "message": "expected a string, got null"}]
    assert "Traceback" not in err


@pytest.mark.parametrize("text, words", [
    ('{"id": "x", "id": "y"}', 'the key "id" appears twice'),
    ('{"id": NaN}', "NaN is not a JSON number"),
    ('{"id": 1' + "0" * 5000 + "}", "4300 digits"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
], ids=["duplicate-key", "nan", "huge-integer", "deep"])
def test_scenario_and_card_files_are_json_as_strict_as_a_state(
        text: str, words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # probe17d: `verify` of a deeply nested file was an internal error (exit 3); a key given twice
    # in a scenario or a --cards file was silently replaced (a state file refuses it).
    f = tmp_path / "f.json"
    f.write_text(text)
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and "internal error" not in err
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE))
    assert main(["moves", str(state), "--cards", str(f)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and "internal error" not in err
