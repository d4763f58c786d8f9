"""probe29e: the contracts as a script author uses them (contracts.md 1 and 3)."""

from __future__ import annotations

import json

import pytest
from mtgasp.api import Checker
from mtgasp.batch import run_batch
from mtgasp.errors import InputError

BASE = {
    "format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice"}, {"name": "bob"}],
    "objects": [{"id": "m1", "card": "Mountain", "owner": "alice", "zone": "battlefield"},
                {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}],
}


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker()


def test_a_batch_moves_line_with_no_legal_move_says_why(checker: Checker) -> None:
    # README: a batch answer carries the fields `moves --json` prints; that prints none_because
    # for a player with no legal move (117.1), which the batch left out.
    lines = [json.dumps({"state": BASE, "player": "bob"}), json.dumps({"state": BASE})]
    out = list(run_batch(lines))
    assert out[0]["moves"] == []
    assert [r["rule"] for r in out[0]["none_because"]] == ["117.3d"]
    assert out[1]["moves"] and "none_because" not in out[1]
    assert list(run_batch(lines, group=2)) == out


def test_cli_refuses_an_absurd_number_of_workers(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from mtgasp.cli import main

    f = tmp_path / "in.jsonl"
    f.write_text(json.dumps({"state": BASE}) + "\n", encoding="utf-8")
    assert main(["batch", str(f), "--workers", "1000000", "--quiet"]) == 2
    assert "--workers: 1000000 is not a number of workers" in capsys.readouterr().err


def test_cards_import_names_every_bad_card_at_once(tmp_path) -> None:
    # README: bad input names the card and field; only the first bad card was named, so a file
    # with two had to be fixed and read again to learn of the second.
    from mtgasp.oracle import import_files

    f = tmp_path / "cards.json"
    f.write_text(json.dumps({"object": "list", "data": [
        {"object": "card", "name": "Sol Ring", "mana_cost": "{1}", "type_line": "Artifact",
         "oracle_text": "{T}: Add {C}{C}.", "layout": "normal"},
        {"object": "card", "name": "Weird", "mana_cost": "{H}", "type_line": "Creature — Bear",
         "oracle_text": "", "power": "2", "toughness": "2"},
        {"object": "card", "name": "No Type", "mana_cost": "{1}", "oracle_text": ""}]}), encoding="utf-8")
    with pytest.raises(InputError) as info:
        import_files([f])
    assert [p.path for p in info.value.problems] == ["data[1].mana_cost", "data[2].type_line"]
