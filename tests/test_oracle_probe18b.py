"""Real cards through the Oracle importer (session 18, probe18b): the ability after a keyword's or an
ability word's em dash. The fixture tests/fixtures/real_cards_probe18b.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_probe18b.json"
results, checker = module_fixtures(FIXTURE)


def _refusal(results: dict[str, CardResult], name: str) -> str:
    r = results[name]
    assert r.card is None, f"{name} imported"
    return " | ".join(v.reason for v in r.lines if v.verdict == "refused")


def test_a_cost_reduction_after_an_ability_word_is_refused(results: dict[str, CardResult]) -> None:
    # "Void — This spell costs {2} less to cast if ..." (Temporal Intervention): void is an ability
    # word (207.2c), not a keyword; read as a not-modeled keyword, the reduction was lost and `why`
    # asked {2} more than the card costs (601.2f) once a nonland permanent had left the battlefield
    assert "touches the rules in scope" in _refusal(results, "Temporal Intervention")


def test_abilities_that_exist_only_at_max_speed_or_once_are_refused(results: dict[str, CardResult]) -> None:
    # "Max speed — {T}: Add {R}{R}." (702.179a), "Max speed — Spells you cast cost {1} less to
    # cast.", "Exhaust — {G}, {T}: Add three mana of any one color." (702.177a): the mana ability or
    # the cost reduction was lost with the line kept as a not-modeled keyword
    for name, kw in [("Endrider Catalyzer", "max speed"), ("Racers' Scoreboard", "max speed"),
                     ("Loot, the Pathfinder", "exhaust")]:
        assert f'keyword "{kw}": the ability after its em dash' in _refusal(results, name), name


def test_ability_word_lines_outside_the_rules_in_scope_stay_imported(results: dict[str, CardResult]) -> None:
    # an ability word's trigger is read as the trigger it is (Survival, Eerie), and a ward with a
    # life cost stays a not-modeled keyword
    for name in ("Savior of the Small", "Ghostly Dancers", "Amalia Benavides Aguirre"):
        assert results[name].card is not None, results[name].refusal
    assert [v.verdict for v in results["Amalia Benavides Aguirre"].lines
            if v.line == "Ward—Pay 3 life."] == ["not_modeled"]


def test_a_conditional_free_cast_of_the_spell_itself_is_refused(results: dict[str, CardResult]) -> None:
    # "If this spell is the first spell you've cast this game, you may cast it without paying its
    # mana cost." is an alternative cost (118.9) the state can't decide; kept as a not-modeled
    # effect, `why` said Once Upon a Time has no alternative cost
    assert "touches the rules in scope" in _refusal(results, "Once Upon a Time")
