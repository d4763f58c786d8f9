"""Real cards through the Oracle importer (probe15a, mana abilities): an activated ability that adds
mana without the word "add" is a mana ability (605.1a) that no template reads, so the card is refused
rather than kept with a not-modeled ability that `apply` would put on the stack (605.3b). The fixture
tests/fixtures/real_cards_mana_abilities_without_add.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import import_fixture

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_mana_abilities_without_add.json"


def test_doubling_cube_is_refused_not_put_on_the_stack() -> None:
    results: dict[str, CardResult] = import_fixture(FIXTURE)
    cube = results["Doubling Cube"]
    assert cube.card is None
    assert "adds mana" in str(cube.refusal)
