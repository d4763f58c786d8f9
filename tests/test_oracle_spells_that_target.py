"""Real cards whose target is a spell (or ability) chosen by what it targets: "Counter target spell
that targets you" (Cerulean Drake), "... spell or ability that targets you or a creature you
control" (Siren Stormtamer), "... that targets a permanent you control" (Rebuff the Wicked, Keep
Safe), "... spell or ability an opponent controls that targets a land you control" (Teferi's
Response). No target requirement reads a spell's own targets, so read as "target spell" any spell would
have been a legal target (601.2c; found by mut31): the importer refuses them, saying why, as it
refuses "target spell with a single target" (Misdirection). The fixture holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from real_cards import import_fixture

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_spells_that_target.json"


def test_a_target_spell_chosen_by_its_own_targets_is_refused() -> None:
    results = import_fixture(FIXTURE)
    assert sorted(results) == ["Cerulean Drake", "Keep Safe", "League Guildmage", "Rebuff the Wicked",
                               "Siren Stormtamer", "Teferi's Response"]
    for name, r in results.items():
        assert r.card is None, name
        if name == "League Guildmage":
            # "Copy target instant or sorcery spell you control with mana value X": the mana value
            # of a spell after its controller (601.2c, 202.3e; found by the lead in session 31)
            assert "a target spell with a given mana value (601.2c, 202.3e)" in r.refusal, r.refusal
        else:
            # Teferi's Response: "... spell or ability an opponent controls that targets a land you
            # control" (the controller phrase first; found by the lead in session 31)
            assert "that targets something given (601.2c)" in r.refusal, (name, r.refusal)
