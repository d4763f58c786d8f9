"""The Oracle importer reads a target "with mana value X" (session 17, probe17f): 107.3a, 601.2b-c
(X is announced before targets are chosen, so the target's mana value must be that X)."""

from __future__ import annotations

from mtgasp.oracle import _targets_of


def test_a_graveyard_target_with_mana_value_x() -> None:
    # Postmortem Lunge, Sequence Engine
    assert _targets_of("Return target creature card with mana value X from your graveyard to the "
                       "battlefield.") == [{"zone": "graveyard", "types": ["Creature"],
                                            "mana_value": "X", "controller": "you"}]
    assert _targets_of("Exile target creature card with mana value X from a graveyard.") == [
        {"zone": "graveyard", "types": ["Creature"], "mana_value": "X"}]


def test_a_permanent_target_with_mana_value_x() -> None:
    assert _targets_of("Destroy target artifact you control with mana value X.") == [
        {"zone": "battlefield", "types": ["Artifact"], "controller": "you", "mana_value": "X"}]


def test_a_fixed_mana_value_bound_is_read() -> None:
    # "with mana value 3 or less" is read since probe21b (202.3, 601.2c: Unearth had no legal
    # target with only a mana value 4 creature card in the graveyard, and was castable)
    assert _targets_of("Return target creature card with mana value 3 or less from your graveyard "
                       "to the battlefield.") == [{"zone": "graveyard", "types": ["Creature"],
                                                   "mana_value": {"at_most": 3}, "controller": "you"}]


def test_x_cant_be_0() -> None:
    # Mind Grind, Helm of Obedience: "X can't be 0" restricts the X announced (107.3a, 601.2b)
    from mtgasp.oracle import _not_modeled

    class _Ctx:
        of_permanent = False
    eff = _not_modeled("Each opponent reveals cards from the top of their library until they reveal "
                       "X land cards, then puts all cards revealed this way into their graveyard. "
                       "X can't be 0.", _Ctx())  # type: ignore[arg-type]
    assert eff == {"action": "not_modeled", "x_min": 1}
