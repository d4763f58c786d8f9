"""Real cards through the Oracle importer (probe28b): "You control enchanted creature." (Control
Magic) and "You control enchanted permanent." (Confiscate, Volition Reins) are static
control-changing effects (613.1b) no template reads. Kept as not modeled, `apply` resolved Control
Magic onto bob's Llanowar Elves leaving the Elves bob's, with no word of it, and bob could still tap
them (602.2, 302.6). They are refused now; a condition in the same words ("As long as you control
enchanted creature, ...", Mishra's Domination) changes no control and is not. The fixture
tests/fixtures/real_cards_control_changing_auras.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_control_changing_auras.json"
results, checker = module_fixtures(FIXTURE)


def test_control_changing_auras_are_refused(results: dict[str, CardResult]) -> None:
    for name in ("Control Magic", "Confiscate", "Volition Reins"):
        r = results[name]
        assert r.card is None, name
        assert "changes who controls a permanent" in (r.refusal or "") and "302.6" in (r.refusal or ""), r.refusal


def test_a_condition_on_control_and_a_read_control_effect_are_imported(results: dict[str, CardResult]) -> None:
    assert results["Mishra's Domination"].card is not None
    assert results["Threaten"].card is not None
