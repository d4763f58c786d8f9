"""Real cards through the Oracle importer, session 20 (probe20a, 2026-12-04): timing, special
actions and activated abilities (302.6, 602.5, 605.3, 606.3, 116, 702.48). The fixture holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import module_fixtures, refusal

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_probe20a.json"
results, checker = module_fixtures(FIXTURE)


def test_offering_is_refused(results: dict[str, CardResult]) -> None:
    # 702.48a: "Fox offering" lets Patron of the Kitsune be cast any time its owner could cast an
    # instant by sacrificing a Fox, for less (117.1a, 601.2f). Kept as not modeled, casting it on
    # an opponent's turn with a Fox to sacrifice was refused (307.1): the importer refuses it.
    for name, words in (("Patron of the Kitsune", "Fox offering"),
                        ("Blast-Furnace Hellkite", "Artifact offering")):
        assert f'"{words}" (702.48a)' in refusal(results, name)
    # a card named "... Offering" is no offering keyword
    assert results["Volcanic Offering"].card is not None
