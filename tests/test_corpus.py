"""The built-in rulings corpus (python/mtgasp/corpus/): every scenario is its own test case, and
``mtgasp verify`` exits 0 on the corpus and 1 on a scenario whose expectation is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.api import Checker
from mtgasp.cli import main
from mtgasp.scenarios import corpus_files, load_scenario, run_scenario

CHECKER = Checker()
CORPUS = corpus_files()


def test_corpus_is_not_empty() -> None:
    assert len(CORPUS) >= 30


def test_scenario_ids_are_unique_and_match_file_names() -> None:
    ids = [load_scenario(name, text)["id"] for name, text in CORPUS]
    assert len(ids) == len(set(ids))
    for (name, _text), sid in zip(CORPUS, ids):
        assert name == f"{sid}.json"


@pytest.mark.parametrize(("name", "text"), CORPUS, ids=[name.removesuffix(".json") for name, _ in CORPUS])
def test_scenario(name: str, text: str) -> None:
    doc = load_scenario(name, text)
    if doc.get("kind", "ruling") == "ruling":
        ruling = doc["ruling"]
        assert ruling["text"] and ruling["source"]
        assert "date" in ruling and "card" in ruling
    assert doc["rules"]
    result = run_scenario(CHECKER, name, doc)
    problems = [
        f"{c.name}: {p}\n    expected: {json.dumps(c.expected, ensure_ascii=False)}"
        f"\n    actual: {json.dumps(c.actual, ensure_ascii=False)}"
        for c in result.checks if not c.passed for p in c.problems
    ]
    assert result.passed, f"{name} failed:\n" + "\n".join(problems)


COSTED = {"cast", "activate", "foretell", "plot", "suspend"}


def test_checks_state_the_whole_answer() -> None:
    """A check names the whole answer a ruling gives, not a part of it, so that an extra reason, a
    wrong cost or an extra legal move fails: an illegal action's reasons exactly (which rules forbid
    it), a legal costed action's total cost (601.2f), a list of legal moves its length."""
    missing = []
    for name, text in CORPUS:
        doc = load_scenario(name, text)
        checks = list(doc.get("checks") or []) + [c for st in doc.get("steps") or [] for c in st.get("checks") or []]
        for chk in checks:
            exp = chk["expect"]
            if "error" in exp:
                continue
            if chk["query"] == "why" and exp.get("legal") is False and "reasons_exactly" not in exp:
                missing.append(f"{name}: {chk.get('name', chk['action'])}: reasons_exactly")
            if (chk["query"] == "why" and exp.get("legal") is True and chk["action"].get("kind") in COSTED
                    and "cost" not in exp):
                missing.append(f"{name}: {chk.get('name', chk['action'])}: cost")
            if chk["query"] == "moves" and not chk.get("all") and "count" not in exp:
                missing.append(f"{name}: {chk.get('name', 'moves')}: count")
    assert not missing, "\n".join(missing)


# Each scenario in-process: test_scenario above; `mtgasp verify` on a folder: test_cli.py's
# test_verify_json_on_a_folder; its exit codes: the tests below.


WRONG = {
    "id": "deliberately-wrong",
    "kind": "rule",
    "rules": ["107.5"],
    "description": "Expects a tapped Forest to tap for mana, which 107.5 forbids.",
    "state": {
        "format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [{"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield", "tapped": True}],
    },
    "checks": [{"query": "why", "action": {"kind": "activate", "object": "f1", "ability": 1},
                "expect": {"legal": True}}],
}


def test_verify_wrong_scenario_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(WRONG), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out


def test_verify_wrong_scenario_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(WRONG), encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["passed"] is False and report["failed"] == 1
    (scenario,) = report["scenarios"]
    assert scenario["id"] == "deliberately-wrong"
    (check,) = scenario["checks"]
    assert check["passed"] is False and check["actual"]["legal"] is False


def _variant(expect: dict[str, object]) -> dict[str, object]:
    doc = json.loads(json.dumps(WRONG))
    doc["checks"][0]["expect"] = expect
    return doc


def test_reason_text_is_checked() -> None:
    ok = _variant({"legal": False, "reasons_include": ["107.5"], "reasons_text_include": ["already tapped"]})
    assert run_scenario(CHECKER, "ok", ok).passed
    wrong = _variant({"legal": False, "reasons_include": ["107.5"], "reasons_text_include": ["summoning sick"]})
    (check,) = run_scenario(CHECKER, "wrong", wrong).checks
    assert check.problems == ["expected a reason saying 'summoning sick'"]


def test_unknown_expectation_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(_variant({"legal": False, "reason_include": ["107.5"]})), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "checks[0].expect.reason_include" in err and "unknown expectation" in err


def test_scenario_cards_are_validated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(json.dumps(WRONG))
    doc["cards"] = [{"name": "Broken Card", "layout": "normal", "faces": [{"name": "Broken Card", "types": []}]}]
    path = tmp_path / "badcards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "cards" in err and "types" in err and "Traceback" not in err


def test_mana_explanation_is_checked() -> None:
    """A mana check's explain_include/explain_exclude compare words of `mtgasp mana --explain`."""
    doc = json.loads((Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"
                      / "rule-106.12-pale-moon-what-reflecting-pool-reflects-explained.json").read_text())
    assert run_scenario(CHECKER, "ok", doc).passed
    doc["checks"] = [{"query": "mana", "object": "pool",
                      "expect": {"explain_include": ["reflects Island (b_island)"],
                                 "explain_exclude": ["turns {G} into {C}"]}}]
    (check,) = run_scenario(CHECKER, "wrong", doc).checks
    assert check.problems == ["expected an explanation mentioning 'reflects Island (b_island)'",
                              "expected no explanation mentioning 'turns {G} into {C}'"]


def test_a_crash_fails_its_check_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug of mtgasp met by one check (an exception other than bad input) fails that check with
    the error in one line; the scenario's other checks still run. An encoding that doesn't ground
    (EncodingError) is not a failed check: it stops the run (tools/mutate.py calls it stillborn)."""
    from mtgasp import api
    from mtgasp.solver import EncodingError

    doc = json.loads(json.dumps(WRONG))
    doc["checks"] = [doc["checks"][0], {**doc["checks"][0], "expect": {"legal": False}}]
    real_why = api.Checker.why
    calls = []

    def flaky(self: api.Checker, *args: object, **kw: object) -> object:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return real_why(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(api.Checker, "why", flaky)
    first, second = run_scenario(CHECKER, "crash", doc).checks
    assert first.problems == ["internal error (a bug in mtgasp): RuntimeError: boom"] and not first.passed
    assert second.passed
    monkeypatch.setattr(api.Checker, "why", lambda *a, **k: (_ for _ in ()).throw(EncodingError("x")))
    with pytest.raises(EncodingError):
        run_scenario(CHECKER, "stillborn", doc)
