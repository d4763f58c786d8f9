"""Real cards through the Oracle importer, as probe19b found them: cards exiled face down (or face
up) by an ability that isn't hideaway or foretell, with a lasting permission to cast or play them
(CR 601.3, 406.3a). The fixture tests/fixtures/real_cards_exiled_card_permissions.json holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mtgasp.oracle import CardResult
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_exiled_card_permissions.json"
results, checker = module_fixtures(FIXTURE)


@pytest.mark.parametrize("name", [
    # a triggered ability whose trigger is read, its effect not (Gonti's ETB, Hostage Taker's)
    "Gonti, Lord of Luxury", "Hostage Taker",
    # "For as long as that card remains exiled, its owner may cast it without paying its mana cost."
    "Release to the Wind",
    # a trigger event no template reads (combat damage): was kept as not modeled
    "Thief of Sanity",
    # a spell's effect
    "Praetor's Grasp",
])
def test_lasting_permission_to_cast_an_exiled_card_is_refused(
        results: dict[str, CardResult], name: str) -> None:
    # 601.3, 406.3a: "You may cast that card for as long as it remains exiled" lets the player cast
    # the card a state says was exiled with it (exiled_with); kept as not modeled, `why` answered
    # "no rule or effect lets alice cast it from there" (601.3) for Gonti's card. Refused instead.
    r = results[name]
    assert r.card is None, f"{name} imported"
    assert "permission to cast from exile (601.3, 406.3a)" in r.refusal


@pytest.mark.parametrize("name", ["Evercoat Ursine", "Smirking Spelljacker"])
def test_a_permission_while_the_ability_resolves_is_still_kept(
        results: dict[str, CardResult], name: str) -> None:
    # "you may play one of them without paying its mana cost" lasts only while that triggered
    # ability resolves (608.2): the trigger is not modeled, nothing else changes
    assert results[name].card is not None, results[name].refusal


@pytest.mark.parametrize("name, why", [
    # 712.12: Emeria, Shattered Skyclave is a land face; imported as Emeria's Call alone, `why`
    # refused playing the card as a land ("not a land card and has no land face", 305.1), from a
    # hand or while Mosswort Bridge's "play the exiled card" resolved
    ("Emeria's Call // Emeria, Shattered Skyclave",
     ("lacks its back face (Emeria, Shattered Skyclave): a modal double-faced card may be cast or "
      "played as either face (712.11b, 712.12)")),
    # 709.3: either half of a split card may be cast; imported as Fire alone, Ice was bad input
    ("Fire // Ice", "lacks its other half (Ice): either half of a split card may be cast (709.3)"),
])
def test_a_card_missing_the_face_it_may_be_played_as_is_refused(
        results: dict[str, CardResult], name: str, why: str) -> None:
    r = results[name]
    assert r.card is None and why in r.refusal, r.refusal


def test_an_adventurer_without_its_adventure_is_still_its_creature(
        results: dict[str, CardResult]) -> None:
    # the copy lacks Stomp too; the creature face is what is cast from a hand by default and the
    # rest of the model doesn't cast Adventures: kept as before
    card = results["Bonecrusher Giant // Stomp"].card
    assert card is not None and card["name"] == "Bonecrusher Giant" and card["layout"] == "normal"
