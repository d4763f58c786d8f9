"""Real cards through the Oracle importer: split second (CR 702.61a-b). The fixture
tests/fixtures/real_cards_split_second.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_split_second.json"
results, checker = module_fixtures(FIXTURE)


def board(stack_card: str) -> dict[str, Any]:
    return state([{"id": "s", "card": stack_card, "zone": "stack", "owner": "bob", "targets": ["bob"]},
                  {"id": "lb", "card": "Lightning Bolt", "zone": "hand"}, {"id": "m", "card": "Mountain"},
                  {"id": "im", "card": "Icy Manipulator"}, {"id": "f", "card": "Forest"},
                  {"id": "le", "card": "Llanowar Elves"}], stack=["s"])


def test_split_second_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Sudden Shock")[0] == {"kind": "keyword", "keyword": "split second"}
    assert results["Krosan Grip"].card is not None and results["Diabolical Salvation"].card is not None


def test_split_second_forbids_spells_and_nonmana_abilities(checker: Checker) -> None:
    bolt = {"kind": "cast", "object": "lb", "targets": ["bob"]}
    icy = {"kind": "activate", "object": "im", "ability": 1, "targets": ["le"]}
    elves = {"kind": "activate", "object": "le", "ability": 1}
    doc = board("Sudden Shock")
    for action in (bolt, icy):
        v = why(checker, doc, action)
        assert not v.legal and "702.61a" in {r.rule for r in v.reasons}
    assert why(checker, doc, elves).legal            # 702.61b: mana abilities
    # the same board with a spell without split second on the stack: both are legal
    doc = board("Lightning Bolt")
    assert why(checker, doc, bolt).legal and why(checker, doc, icy).legal
