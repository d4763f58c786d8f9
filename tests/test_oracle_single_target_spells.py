"""Real cards through the Oracle importer (probe28b): "target spell with a single target"
(Misdirection, Deflection; Reflecting Mirror's ability) was read as "target spell", so Misdirection
was cast at a Grizzly Bears spell, which has no target at all (601.2c, 115.7). No target requirement
reads the number of targets of a spell on the stack: such cards are refused, as "target spell with
mana value X" is. The fixture tests/fixtures/real_cards_single_target_spells.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_single_target_spells.json"
results, checker = module_fixtures(FIXTURE)


def test_a_spell_with_a_single_target_is_refused(results: dict[str, CardResult]) -> None:
    for name in ("Misdirection", "Deflection", "Reflecting Mirror"):
        r = results[name]
        assert r.card is None and "with a single target" in (r.refusal or ""), (name, r.refusal)


def test_other_target_spells_are_still_read(results: dict[str, CardResult]) -> None:
    # "You may choose new targets for target spell." (Redirect), "Counter target spell, activated
    # ability, or triggered ability." (Disallow)
    assert results["Redirect"].card is not None
    assert results["Disallow"].card is not None
