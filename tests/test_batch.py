"""mtgasp batch: one answer per line, in input order, the same whatever the backend."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.batch import run_batch
from mtgasp.cli import main
from mtgasp.state import load_state

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MIDGAME = json.loads((EXAMPLES / "midgame.json").read_text())
FORETOLD = json.loads((EXAMPLES / "foretold.json").read_text())
CHECKER = Checker()

LINES = [
    json.dumps({"state": MIDGAME}),
    json.dumps({"state": FORETOLD, "query": "why", "action": {"kind": "cast", "object": "sic", "method": "foretell"}}),
    "this is not JSON",
    json.dumps({"state": MIDGAME, "query": "mana", "object": "pool"}),
    json.dumps({"state": {**MIDGAME, "turn": "six"}}),
    json.dumps({"state": MIDGAME, "query": "why", "action": {"kind": "activate", "object": "elves", "ability": 1}}),
    json.dumps({"state": MIDGAME, "colour": "blue"}),
    json.dumps({"state": FORETOLD}),
]


def test_answers_are_the_checkers_answers_in_input_order() -> None:
    out = list(run_batch(LINES))
    assert [a["line"] for a in out] == list(range(1, len(LINES) + 1))
    mid = load_state(EXAMPLES / "midgame.json", CHECKER.library)
    fore = load_state(EXAMPLES / "foretold.json", CHECKER.library)
    assert out[0]["moves"] == [v.to_json() for v in CHECKER.moves(mid)]
    assert out[0]["moves"] and out[0]["player"] == "alice"
    sic = parse_action('{"kind": "cast", "object": "sic", "method": "foretell"}', fore, CHECKER.library)
    assert out[1] == {"line": 2, "query": "why", **CHECKER.why(fore, sic).why_json()}
    assert out[1]["legal"] is True
    assert out[3] == {"line": 4, "query": "mana", "object": "pool", "types": CHECKER.mana(mid, "pool")}
    elves = parse_action('{"kind": "activate", "object": "elves", "ability": 1}', mid, CHECKER.library)
    assert out[5]["legal"] is False and out[5]["reasons"] == [r.to_json() for r in CHECKER.why(mid, elves).reasons]
    assert out[7]["moves"] == [v.to_json() for v in CHECKER.moves(fore)]


def test_a_bad_line_gets_an_error_and_the_batch_goes_on() -> None:
    out = list(run_batch(LINES))
    assert out[2]["error"] == "bad input" and "not JSON" in out[2]["problems"][0]["message"]
    assert out[4]["error"] == "bad input"
    assert [p["path"] for p in out[4]["problems"]] == ["turn"]
    assert out[6]["error"] == "bad input" and out[6]["problems"][0]["path"] == "colour"
    assert "moves" in out[7]  # after the bad lines


def test_worker_processes_give_the_same_answers() -> None:
    assert list(run_batch(LINES, workers=2, chunk_size=2)) == list(run_batch(LINES))


def _without_plans(answers: list[dict]) -> list[dict]:
    out = json.loads(json.dumps(answers))
    for a in out:
        a.pop("payment", None)
        for m in a.get("moves", []):
            m.pop("payment", None)
    return out


def test_grouped_lines_give_the_same_verdicts_and_errors() -> None:
    """--group N grounds N states together: the same verdicts and the same error lines; a payment
    plan may be another valid payment (tests/test_grouped.py checks the whole corpus)."""
    alone = list(run_batch(LINES))
    grouped = list(run_batch(LINES, group=3))
    assert [a["line"] for a in grouped] == list(range(1, len(LINES) + 1))
    assert _without_plans(grouped) == _without_plans(alone)
    assert [a.get("error") for a in grouped] == [None, None, "bad input", None, "bad input", None, "bad input", None]


def test_a_failing_group_is_answered_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """If grounding a group fails (a bug), each of its lines is answered alone: its own answer, or
    its own error, never the whole group's."""
    from mtgasp.batch import answer_grouped, checker_for

    checker = checker_for(())

    def broken(asks: object) -> None:
        raise RuntimeError("group failed")

    monkeypatch.setattr(checker, "many", broken)
    items = list(enumerate(LINES, start=1))
    assert answer_grouped(checker, items, group=4) == list(run_batch(LINES))


def test_grouped_answers_are_the_same_whatever_the_backend() -> None:
    """The chunks, and so the groups, are the same in every backend: so are the answers, plans too."""
    assert list(run_batch(LINES, workers=2, chunk_size=4, group=4)) == list(run_batch(LINES, chunk_size=4, group=4))


def test_dask_local_cluster_gives_the_same_answers() -> None:
    distributed = pytest.importorskip("distributed", reason="the distributed package is not installed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert list(run_batch(LINES, dask=client, chunk_size=3)) == list(run_batch(LINES))
        assert list(run_batch(LINES, dask=client, group=4)) == list(run_batch(LINES, group=4))


def test_cli_writes_one_line_per_question_and_exits_2_on_a_bad_line(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(LINES) + "\n")
    dst = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "--out", str(dst), "--query", "moves"]) == 2
    answers = [json.loads(line) for line in dst.read_text().splitlines()]
    assert answers == list(run_batch(LINES))
    assert "lines answered" in capsys.readouterr().err
    good = tmp_path / "good.jsonl"
    good.write_text(LINES[0] + "\n" + LINES[3] + "\n")
    assert main(["batch", str(good), "--quiet"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["line"] for a in printed] == [1, 2] and printed[1]["types"] == CHECKER.mana(
        load_state(EXAMPLES / "midgame.json", CHECKER.library), "pool")


def test_a_line_that_is_not_utf8_is_a_bad_line_and_the_batch_goes_on(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # probe17d: a byte that isn't UTF-8 anywhere in the file was an internal error (exit 3) and
    # no line was answered.
    src = tmp_path / "in.jsonl"
    src.write_bytes(LINES[3].encode() + b"\n\xff\xfe\n" + LINES[3].encode().replace(b"pool", b"p\xffool", 1)
                    + b"\n" + LINES[3].encode() + b"\n")
    assert main(["batch", str(src), "--quiet"]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["line"] for a in out] == [1, 2, 3, 4]
    assert out[0]["types"] == out[3]["types"] and "types" in out[0]
    for a in out[1:3]:
        assert a["error"] == "bad input" and a["problems"] == [{"path": "", "message": "not UTF-8 text"}]


def test_a_line_is_json_as_strict_as_a_state_file() -> None:
    # probe17d: a batch line took a key given twice (the later silently won) and NaN, and an integer
    # of 5,000 digits was an internal error; `mtgasp moves FILE` refuses all three as bad input.
    good = json.loads(LINES[3])
    text = json.dumps(good)
    lines = [text.replace('"turn": 6', '"turn": 1, "turn": 6', 1),
             text.replace('"query": "mana"', '"query": "moves", "query": "mana"', 1),
             text.replace('"turn": 6', '"turn": NaN', 1),
             text.replace('"turn": 6', '"turn": 1' + "0" * 5000, 1),
             text]
    assert all(line != text for line in lines[:4])
    out = list(run_batch(lines))
    assert [a.get("error") for a in out] == ["bad input"] * 4 + [None]
    assert 'the key "turn" appears twice' in out[0]["problems"][0]["message"]
    assert 'the key "query" appears twice' in out[1]["problems"][0]["message"]
    assert "NaN is not a JSON number" in out[2]["problems"][0]["message"]
    assert "4300 digits" in out[3]["problems"][0]["message"]
    assert out[4]["types"]


def test_cli_bad_options_are_input_errors(tmp_path: Path) -> None:
    assert main(["batch", str(tmp_path / "missing.jsonl")]) == 2
    src = tmp_path / "in.jsonl"
    src.write_text(LINES[0] + "\n")
    assert main(["batch", str(src), "--workers", "0"]) == 2
    assert main(["batch", str(src), "--group", "0"]) == 2
    assert main(["batch", str(src), "--group", "65"]) == 2


def test_a_field_the_query_does_not_read_is_bad_input() -> None:
    # found by probe23e: an action on a moves line was silently ignored (the line was answered as if
    # it asked for the moves only); each query takes only its own fields, as its command does
    lines = [json.dumps({"state": MIDGAME, "action": {"kind": "pass"}}),
             json.dumps({"state": MIDGAME, "query": "why", "action": {"kind": "pass"}, "object": "pool"}),
             json.dumps({"state": MIDGAME, "query": "mana", "object": "pool", "player": "alice"}),
             json.dumps({"state": MIDGAME, "query": "mana", "object": "pool"})]
    out = list(run_batch(lines))
    assert [a.get("error") for a in out] == ["bad input"] * 3 + [None]
    assert [[p["path"] for p in a["problems"]] for a in out[:3]] == [["action"], ["object"], ["player"]]
    assert "the query is moves, which takes no action" in out[0]["problems"][0]["message"]
    assert out[3]["types"]


def test_a_blank_line_gets_no_answer_but_counts_in_the_line_numbers() -> None:
    # (README: match answers to questions by "line")
    out = list(run_batch([LINES[0], "", "   ", LINES[3]]))
    assert [a["line"] for a in out] == [1, 4]


# (from tests/test_contract_inputs_probe29e.py, moved here so that tools/mutate.py leaves it out with
# the rest of the batch machinery: its worker processes run the real encodings, not a mutant)
_SMALL = {
    "format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice"}, {"name": "bob"}],
    "objects": [{"id": "m1", "card": "Mountain", "owner": "alice", "zone": "battlefield"},
                {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}],
}


def test_batch_starts_no_more_workers_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    # `--workers 1000000` on a file of a dozen lines started forking a million processes.
    from mtgasp import batch

    sizes: list[int] = []
    real = batch.multiprocessing.get_context

    def spy(method=None):
        ctx = real(method)

        class Ctx:
            def __getattr__(self, name):
                return getattr(ctx, name)

            def Pool(self, n, *a, **k):
                sizes.append(n)
                return ctx.Pool(n, *a, **k)
        return Ctx()

    monkeypatch.setattr(batch.multiprocessing, "get_context", spy)
    lines = [json.dumps({"state": _SMALL})] * 3
    one = list(run_batch(lines, workers=1000))            # one chunk of 8 lines: no pool at all
    assert sizes == [] and len(one) == 3
    many = list(run_batch(lines * 6, workers=1000, chunk_size=4))   # 18 lines, 5 chunks
    assert sizes == [5] and len(many) == 18
