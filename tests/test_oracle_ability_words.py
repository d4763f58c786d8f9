"""Real cards through the Oracle importer (session 18, probe18b): the ability after a keyword's or an
ability word's em dash. The fixture tests/fixtures/real_cards_ability_words.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import module_fixtures, refusal, state

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_ability_words.json"
results, checker = module_fixtures(FIXTURE)



def test_a_cost_reduction_after_an_ability_word_is_refused(results: dict[str, CardResult]) -> None:
    # "Void — This spell costs {2} less to cast if ..." (Temporal Intervention): void is an ability
    # word (207.2c), not a keyword; read as a not-modeled keyword, the reduction was lost and `why`
    # asked {2} more than the card costs (601.2f) once a nonland permanent had left the battlefield
    assert "touches the rules in scope" in refusal(results, "Temporal Intervention")


def test_abilities_that_exist_only_at_max_speed_or_once_are_refused(results: dict[str, CardResult]) -> None:
    # "Max speed — {T}: Add {R}{R}." (702.179a), "Max speed — Spells you cast cost {1} less to
    # cast.", "Exhaust — {G}, {T}: Add three mana of any one color." (702.177a): the mana ability or
    # the cost reduction was lost with the line kept as a not-modeled keyword
    for name, kw in [("Endrider Catalyzer", "max speed"), ("Racers' Scoreboard", "max speed"),
                     ("Loot, the Pathfinder", "exhaust")]:
        assert f'keyword "{kw}": the ability after its em dash' in refusal(results, name), name


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
    assert "touches the rules in scope" in refusal(results, "Once Upon a Time")


def _events(checker: Checker, doc: dict[str, Any], action: dict[str, Any], who: str = "alice") -> list[str]:
    from mtgasp.apply import apply_action

    st = parse_state(doc, checker.library)
    result = apply_action(checker, st, parse_action(action, st, checker.library, who), who, None)
    assert result.legal, result.to_json()
    return [e for e in result.to_json()["events"] if e.startswith("Not modeled:")]


def test_plotting_names_the_cards_becomes_plotted_trigger(checker: Checker) -> None:
    # 702.170a: "When this card becomes plotted, it deals 2 damage to any target." triggers as the
    # card is plotted (603.2); apply doesn't model it and says so instead of leaving it out silently
    doc = state([{"id": f"m{i}", "card": "Mountain"} for i in range(4)]
                + [{"id": "ls", "card": "Longhorn Sharpshooter", "zone": "hand"}])
    ev = _events(checker, doc, {"kind": "plot", "object": "ls"})
    assert len(ev) == 1 and "When this card becomes plotted" in ev[0] and "(controlled by alice)" in ev[0]


def test_a_combat_damage_trigger_isnt_named_with_a_pass(checker: Checker) -> None:
    # Evercoat Ursine's "Whenever this creature deals combat damage to a player" can't trigger while
    # a player passes priority in a main phase (apply deals no combat damage)
    doc = state([{"id": "u", "card": "Evercoat Ursine"}, {"id": "m", "card": "Mountain"}])
    assert _events(checker, doc, {"kind": "pass"}) == []
