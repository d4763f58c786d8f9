"""Real cards through the Oracle importer (probe23a): the number of targets of a not-modeled effect
is fixed by its text (115.1, 601.2c: one for each instance of the word "target"). "Char deals 4
damage to any target and 2 damage to you" was cast with two targets, and Disrupting Scepter's
"Target player discards a card" activated with two: the importer writes `max_targets`, and `why`
refuses an action naming more. The fixture tests/fixtures/real_cards_sentences_about_activating.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.oracle import CardResult, _max_targets
from real_cards import char_and_scepter, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_sentences_about_activating.json"
results, checker = module_fixtures(FIXTURE)


def test_the_text_fixes_the_number_of_targets(results: dict[str, CardResult], checker: Checker) -> None:
    for name in ("Char", "Mind Rot", "Duress", "Disrupting Scepter"):
        assert '"max_targets": 1' in str(results[name].card).replace("'", '"'), name
    # (Words of War's target is chosen as its replacement effect applies, not as it is activated)
    assert "max_targets" not in str(results["Words of War"].card)
    doc, cast, act = char_and_scepter()
    for a, rule in ((cast, "601.2c"), (act, "602.2b")):
        for targets in (["bob", "alice"], ["bob", "bob"]):
            v = why(checker, doc, {**a, "targets": targets})
            assert not v.legal and [r.rule for r in v.reasons] == [rule], (a, targets, v.reasons)
            assert "at most 1 target(s)" in v.reasons[0].message and "names 2" in v.reasons[0].message
        assert why(checker, doc, {**a, "targets": ["bob"]}).legal


@pytest.mark.parametrize("text, most", [
    ("Char deals 4 damage to any target and 2 damage to you.", 1),
    ("Fireblast deals 4 damage to any target.", 1),
    ("Tap up to two target creatures.", 2),
    ("Target creature fights another target creature.", 2),
    ("~ deals 4 damage divided as you choose among one, two, or three target creatures.", 3),
    ("Tap X target creatures.", None),
    ("Return any number of target creatures to their owners' hands.", None),
    ("Choose new targets for target spell.", None),
    ("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.", None),
])
def test_max_targets_reads_only_a_fixed_count(text: str, most: int | None) -> None:
    assert _max_targets(text) == most


# --- a card the importer refused is known, not unknown --------------------------------------


def test_a_state_naming_a_refused_card_says_why(tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    """A state naming a real card that `mtgasp cards import` refused (Heirloom Epic: "For each mana
    in this ability's activation cost, you may tap an untapped creature ..." has no template) is
    bad input (exit 2) at the card's field, saying the card is known but not supported and why,
    not "unknown card" (found in earlier sessions). An unknown name still says "unknown card"."""
    from mtgasp.cli import main
    from mtgasp.userlib import library_with_imported

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("MTGASP_NO_IMPORTED", raising=False)
    assert main(["cards", "import", str(FIXTURE)]) == 0
    lib = library_with_imported()
    assert lib.find("Heirloom Epic") is None and lib.find("Char") is not None
    assert "changes how the ability is activated" in (lib.refusal("heirloom epic") or "")
    assert lib.refusal("Char") is None and lib.refusal("Heirloom Epik") is None
    doc = state([{"id": "he", "card": "Heirloom Epic"}, {"id": "x", "card": "Heirloom Epik", "zone": "hand"}])
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    capsys.readouterr()
    assert main(["moves", str(path), "--json"]) == 2
    problems = {p["path"]: p["message"] for p in json.loads(capsys.readouterr().out)["problems"]}
    msg = problems["objects[0].card"]
    assert msg.startswith('card "Heirloom Epic" is known but not supported') and \
        "changes how the ability is activated" in msg, msg
    assert problems["objects[1].card"].startswith('unknown card "Heirloom Epik"')
    # `cards show` says so too
    assert main(["cards", "show", "Heirloom Epic"]) == 2
    assert "known but not supported" in capsys.readouterr().err


def test_a_cards_file_from_the_importer_says_why_a_card_was_refused(tmp_path: Path, monkeypatch: Any,
                                                                     capsys: Any) -> None:
    """The same through `--cards FILE` (the file `mtgasp cards import --out FILE` wrote, its
    `refused` list): "known but not supported" and why, with or without a per-user imported
    library beside it (found by the twenty-sixth session's probe: "unknown card")."""
    from mtgasp.cli import main

    out = tmp_path / "lib.json"
    assert main(["cards", "import", str(FIXTURE), "--out", str(out)]) == 0
    doc = state([{"id": "he", "card": "Heirloom Epic"}, {"id": "x", "card": "Heirloom Epik", "zone": "hand"}])
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for imported in (False, True):
        if imported:
            monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
            monkeypatch.delenv("MTGASP_NO_IMPORTED", raising=False)
            assert main(["cards", "import", str(VALIDATED)]) == 0
        capsys.readouterr()
        assert main(["moves", str(path), "--cards", str(out), "--json"]) == 2
        problems = {p["path"]: p["message"] for p in json.loads(capsys.readouterr().out)["problems"]}
        assert problems["objects[0].card"].startswith('card "Heirloom Epic" is known but not supported') and \
            "changes how the ability is activated" in problems["objects[0].card"], (imported, problems)
        assert problems["objects[1].card"].startswith('unknown card "Heirloom Epik"')


def test_a_card_files_refused_list_is_validated(tmp_path: Path, capsys: Any) -> None:
    from mtgasp.cli import main

    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps({"format": 1, "cards": [], "refused": [{"refused": "X", "why": 1}]}),
                   encoding="utf-8")
    midgame = Path(__file__).resolve().parents[1] / "examples" / "midgame.json"
    assert main(["moves", "--cards", str(bad), str(midgame)]) == 2
    err = capsys.readouterr().err
    assert "refused[0].why" in err and "refused[0].reason" in err and "Traceback" not in err, err


# --- the report's verdicts agree with what is imported ---------------------------------------

VALIDATED = Path(__file__).parent / "fixtures" / "real_cards_target_counts.json"


def test_a_line_the_card_format_rejects_is_refused_in_the_report() -> None:
    """A card whose compiled form the card format rejects (validate_results) is refused, and so is
    the line that compiled to the rejected ability, with the validator's message: the report listed
    43 real cards (Master Transmuter's "Return an artifact you control to its owner's hand" cost,
    Gaea's Balance's sacrifice of five lands, the Bakus' "Remove X ki counters") as refused cards
    with only templated lines. A problem of the card itself (Gleemax's mana cost) stays the card's
    reason; Grizzly Bears is imported, and so is Waxmane Baku since probe25b (a "Remove X ki
    counters" cost outside a mana ability: 107.3a, the X announced)."""
    from mtgasp.oracle import import_files, validate_results

    report = import_files([VALIDATED])
    validate_results(report)
    by = {r.name: r for r in report.results}
    assert by["Grizzly Bears"].imported and by["Waxmane Baku"].imported
    for name, words in (("Master Transmuter", "return_permanent"), ("Gaea's Balance", "sacrifice.count")):
        r = by[name]
        assert not r.imported and words in r.refusal, (name, r.refusal)
        refused = [v for v in r.lines if v.verdict == "refused"]
        assert len(refused) == 1 and words in refused[0].reason and not refused[0].templates, (name, r.lines)
    gleemax = by["Gleemax"]
    assert not gleemax.imported and "mana_cost" in gleemax.refusal
    assert all(v.verdict != "refused" for v in gleemax.lines)
    # every refused card has a refused line or a reason of its own; the counts say so
    counts = report.verdict_counts()
    assert counts["refused"] == 2, counts
    text = report.render(full=True)
    assert "refused     \"{U}, {T}, Return an artifact you control" in text


def test_a_reflexive_triggers_target_is_no_requirement_of_the_activation() -> None:
    """603.12, 603.3d: Eden, Seat of the Sanctum's "{5}, {T}: Mill two cards. Then you may sacrifice
    this land. When you do, return another target permanent card from your graveyard to your hand."
    The target is the reflexive triggered ability's, chosen as it is put on the stack: the ability is
    activated with no permanent card in the graveyard (it was refused, 602.2b, "requires a target in
    a graveyard")."""
    from real_cards import checker_of, import_fixture

    results = import_fixture(VALIDATED)
    eden = results["Eden, Seat of the Sanctum"].card
    assert eden is not None and "targets" not in str(eden["faces"][0]["abilities"][1]["effect"])
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(5)]
    v = why(checker_of({"Eden": results["Eden, Seat of the Sanctum"]}), state([{"id": "e", "card": "Eden, Seat of the Sanctum"}, *forests]),
            {"kind": "activate", "object": "e", "ability": 2})
    assert v.legal and v.cost == "{5}, {T}", (v.reasons, v.cost)
