"""Real cards through the Oracle importer, as probe27c found them: an effect or a static line that
gives a card a keyword letting it be cast from another zone or another way was kept as not modeled.

- "target instant or sorcery card in your graveyard gains flashback until end of turn" (Snapcaster
  Mage, Dralnu, Lich Lord, a mode of Will of the Jeskai), "As long as ..., it has flashback {2}{G}"
  (Viral Spawning), "Merfolk and Druid cards in your graveyard have retrace" (Deeproot Historian),
  an emblem's "have retrace" (Wrenn and Six), "The next spell you cast this turn has convoke" (Wand
  of the Worldsoul), "it gains suspend" (Suspend): once the effect applies, the card may be cast
  from a graveyard or exile, or for another cost (601.3, 601.2b, 702.34a), which no object field or
  `effects` entry can say, so `why` refused casting Viral Spawning from its owner's graveyard with
  its corrupted condition met (601.3). The printed keywords are refused already.
- A condition on a spell that has such a keyword ("Whenever you cast a spell that has convoke",
  "if it has madness") and a templated grant ("Each nonland card in your hand without foretell has
  foretell", Dream Devourer) are kept.

The fixture tests/fixtures/real_cards_granted_casting_keywords.json holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mtgasp.oracle import CardResult
from real_cards import module_fixtures, refusal

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_granted_casting_keywords.json"
results, checker = module_fixtures(FIXTURE)


@pytest.mark.parametrize(("name", "words"), [
    ("Snapcaster Mage", '"gains flashback"'),
    ("Dralnu, Lich Lord", '"gains flashback"'),
    ("Will of the Jeskai", '"gains flashback"'),
    ("Viral Spawning", '"has flashback"'),
    ("Deeproot Historian", '"have retrace"'),
    ("Wrenn and Six", '"have retrace"'),
    ("Wand of the Worldsoul", '"has convoke"'),
    ("Suspend", '"gains suspend"'),
])
def test_a_granted_casting_keyword_no_template_reads_is_refused(results: dict[str, CardResult],
                                                               name: str, words: str) -> None:
    assert words in refusal(results, name)


@pytest.mark.parametrize("name", ["Saint Traft and Rem Karolus", "Anje Falkenrath", "Dream Devourer",
                                  "Lightning Bolt"])
def test_conditions_on_casting_keywords_and_templated_grants_are_kept(results: dict[str, CardResult],
                                                                     name: str) -> None:
    assert results[name].card is not None, results[name].refusal


@pytest.mark.parametrize(("name", "words"), [
    # 601.3, 305.1: a permission to play or cast cards that outlasts the ability's resolution, in
    # wordings the importer didn't take for one (found by probe27c): "until your next end step",
    # "until you exile another card with this enchantment" ("~" once normalized), "for as long as
    # you control Lightning", "for as long as Intet remains on the battlefield", and an ability in
    # quotes that is such a permission: an emblem's "You may cast spells from your hand without
    # paying their mana costs.", a card that gains "You may cast this card from exile as long as
    # you control a Lukka planeswalker."
    ("Dragonhawk, Fate's Tempest", "until your next end step"),
    ("Furious Rise", "until you exile another card with ~"),
    ("Unstable Amulet", "until you exile another card with ~"),
    ("Lightning, Security Sergeant", "for as long as you control"),
    ("Intet, the Dreamer", "remains on the battlefield"),
    ("Tamiyo, Field Researcher", '"You may cast spells from your hand'),
    ("Lukka, Coppercoat Outcast", '"You may cast ~ from exile'),
])
def test_a_lasting_permission_to_play_or_cast_is_refused(results: dict[str, CardResult], name: str,
                                                         words: str) -> None:
    reason = refusal(results, name)
    assert "play or cast cards until a later time" in reason and words in reason, reason


@pytest.mark.parametrize("name", [
    # a permission only while the ability resolves; quoted abilities that aren't a permission
    # themselves ("At the beginning of your upkeep, pay {U}{B}{R}. ...": the quote closing one
    # emblem and opening the next isn't a quoted ability)
    "Evercoat Ursine", "Seek Bolas's Counsel",
])
def test_permissions_while_resolving_are_kept(results: dict[str, CardResult], name: str) -> None:
    assert results[name].card is not None, results[name].refusal
