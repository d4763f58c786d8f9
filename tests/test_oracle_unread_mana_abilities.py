"""Real cards through the Oracle importer (session 18, probe18c: mana and "could produce"): mana
abilities that an importer reading kept as not modeled, so that the card was imported without them
and `mana` (106.7) and the payment search (601.2g) never used them. The fixture
tests/fixtures/real_cards_unread_mana_abilities.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, refusal

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_unread_mana_abilities.json"
results, checker = module_fixtures(FIXTURE)



def test_a_keyword_ability_that_adds_mana_is_refused(results: dict[str, CardResult]) -> None:
    # "Exhaust — {G}, {T}: Add three mana of any one color." (702.177: once per game), "Max speed —
    # {T}: Add {C}{C}." (702.179: only at max speed), "Cumulative upkeep—Add {R}." (702.24): kept as
    # not modeled keywords, the cards were imported with no such mana ability (Muraganda Raceway:
    # a land that `mana` said could produce {C} only)
    for name, part in [("Loot, the Pathfinder", "Exhaust"), ("Muraganda Raceway", "Max speed"),
                       ("Endrider Catalyzer", "Max speed"), ("Braid of Fire", "Cumulative upkeep")]:
        why = refusal(results, name)
        assert part in why and "adds mana (605.1a)" in why, (name, why)
    # "Enrage — Whenever ~ is dealt damage, add that much {R}": enrage is an ability word (207.2c,
    # read as such since probe18b), so the trigger after it is refused as a trigger adding mana
    assert "a trigger adding mana" in refusal(results, "Raphael, Ninja Destroyer")
    # an exhaust ability that adds no mana stays a not modeled keyword
    assert results["Boommobile"].card is not None


def test_an_effect_giving_an_existing_object_a_mana_ability_is_refused(
        results: dict[str, CardResult]) -> None:
    # Rain of Filth: 'Until end of turn, lands you control gain "Sacrifice this land: Add {B}."'
    # was kept as not modeled: after it resolved, a Forest still couldn't pay Dark Ritual's {B}
    # (605.1a, 106.7); likewise a target land (Glamorous Outlaw), a loyalty ability (Wrenn and One),
    # a permanent that becomes a Treasure (Kitesail Larcenist)
    for name in ("Rain of Filth", "Divergent Growth", "Glamorous Outlaw", "Wrenn and One",
                 "Kitesail Larcenist"):
        assert "gives an object a mana ability (605.1a)" in refusal(results, name), name


def test_tokens_and_templated_grants_are_still_imported(results: dict[str, CardResult]) -> None:
    # a token created with a mana ability (Awakening Zone's Eldrazi Spawn) is an object the state
    # lists, and a static grant is read (Chromatic Lantern)
    assert results["Awakening Zone"].card is not None
    assert abilities(results, "Chromatic Lantern")[0]["grant"]["to"] == "lands_you_control"
