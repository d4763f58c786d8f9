"""Real cards through the Oracle importer (probe25c): the targets of divided damage and of modal
spells (601.2c, 601.2d, 700.2). Kicked Fight with Fire ("it deals 10 damage divided as you choose
among any number of targets instead") and Pyrotechnics ("4 damage divided as you choose among any
number of targets") were cast with "targets": [], Pyrokinesis ("... among any number of target
creatures") with no creature on the battlefield, and Prismari Command ("Choose two —" of four modes
that each target one) with no target or five. The fixture tests/fixtures/real_cards_divided_and_modal_targets.json
holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mtgasp.oracle import CardResult, _max_targets, _modal_target_bounds
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_divided_and_modal_targets.json"
results, checker = module_fixtures(FIXTURE)


def spell_effect(results: dict[str, CardResult], name: str) -> dict[str, Any]:
    card = results[name].card
    assert card is not None, results[name]
    return next(a["effect"] for a in card["faces"][0]["abilities"] if a["kind"] == "spell")


def test_divided_damage_needs_one_target_and_at_most_n(results: dict[str, CardResult]) -> None:
    # 601.2d; Fire Covenant's ruling (2007-09-16): "If X is greater than 0, the number of targets
    # must be at least 1 and at most X"
    assert spell_effect(results, "Pyrotechnics") == {"action": "not_modeled", "min_targets": 1, "max_targets": 4,
                                                     "targets_by": "division", "distinct_targets": 1}
    assert spell_effect(results, "Pyrokinesis") == {
        "action": "not_modeled", "max_targets": 4, "targets_by": "division",
        "targets": [{"zone": "battlefield", "types": ["Creature"], "max": 4}]}
    # ("Target opponent gains 5 life.": one more target, 115.1; at least two, probe26a)
    assert spell_effect(results, "Fiery Justice") == {"action": "not_modeled", "min_targets": 2, "max_targets": 6,
                                                      "targets_by": "division"}
    # 601.2c: kicked, the "instead" requires a target no requirement reads; unkicked a creature
    assert spell_effect(results, "Fight with Fire") == {
        "action": "not_modeled", "kicked_min_targets": 1, "kicked_max_targets": 10, "max_targets": 1,
        "targets": [{"zone": "battlefield", "types": ["Creature"], "kicked": False}]}


def test_modal_spells_have_the_targets_of_the_modes_chosen(results: dict[str, CardResult]) -> None:
    # 700.2, 601.2c: "Choose two —" of modes that each target one: exactly two
    for name in ("Prismari Command", "Kolaghan's Command"):
        assert spell_effect(results, name) == {"action": "not_modeled", "min_targets": 2, "max_targets": 2,
                                               "targets_by": "modes"}, name
    # a mode without a target ("Draw two cards, then discard a card.") may be chosen: none needed
    # (each mode's target is an object, "target noncreature spell", "target creature": not a player,
    # 700.2, 115.1; probe32c)
    assert spell_effect(results, "Izzet Charm") == {"action": "not_modeled", "max_targets": 1, "targets_by": "modes",
                                                    "unread_targets": "object"}
    assert spell_effect(results, "Abzan Charm") == {"action": "not_modeled", "max_targets": 2, "targets_by": "modes",
                                                    "unread_targets": "object"}


@pytest.mark.parametrize("text, bounds", [
    ("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.", (1, 1)),
    ("Choose one or both —\n• Destroy target artifact.\n• Draw a card.", (0, 1)),
    ("Choose one or more —\n• Target player draws a card.\n• Tap up to two target creatures.", (0, 3)),
    ("Choose two —\n• Tap X target creatures.\n• Target player draws a card.\n• Destroy target artifact.", (1, None)),
    ("Choose three. You may choose the same mode more than once.\n• Draw a card.", None),
])
def test_modal_target_bounds(text: str, bounds: tuple[int, int | None] | None) -> None:
    assert _modal_target_bounds(text) == bounds


def test_max_targets_of_divided_damage() -> None:
    assert _max_targets("~ deals 4 damage divided as you choose among any number of targets.") == 4
    assert _max_targets("~ deals X damage divided as you choose among any number of targets.") is None
    assert _max_targets("~ deals 5 damage to target creature. If this spell was kicked, it deals 10 damage "
                        "divided as you choose among any number of targets instead.") is None
