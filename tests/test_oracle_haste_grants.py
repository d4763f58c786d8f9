"""Real cards through the Oracle importer (probe21): a static line that gives creatures haste in
words no template reads is refused, never kept as not modeled (302.6: haste lets a creature's {T}
and {Q} abilities be activated the turn it came under its controller's control). The fixture
tests/fixtures/real_cards_haste_grants.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_haste_grants.json"
results, checker = module_fixtures(FIXTURE)


def test_unread_haste_lines_are_refused(results: dict[str, CardResult]) -> None:
    # "Equipped creature gets +1/+0 and has haste." (Hidden Footblade), "Enchanted creature gets
    # +2/+2 and has haste." (Goblin War Paint), "Artifact creatures you control have haste."
    # (Thopter Engineer), "This creature has haste as long as you control a red creature."
    # (Blazethorn Scarecrow): kept as not modeled, an Elf equipped with Hidden Footblade was refused
    # its {T} mana ability (302.6) with no word of the line it didn't read.
    for name in ("Hidden Footblade", "Goblin War Paint", "Thopter Engineer", "Blazethorn Scarecrow"):
        r = results[name]
        assert r.card is None and "302.6" in (r.refusal or ""), (name, r.refusal)
    # a haste grant a template reads, and a mode's "gains haste until end of turn" (an effect apply
    # reports as not modeled), are still imported
    assert results["Lightning Greaves"].card is not None
    assert results["Irreverent Revelers"].card is not None


def test_read_haste_grant_lets_a_new_creature_tap_for_mana(checker: Checker) -> None:
    elves = {"kind": "activate", "object": "e", "ability": 1}
    doc = state([{"id": "e", "card": "Llanowar Elves", "controlled_since_turn": 5}])
    v = why(checker, doc, elves)
    assert not v.legal and {r.rule for r in v.reasons} == {"302.6"}
    doc = state([{"id": "e", "card": "Llanowar Elves", "controlled_since_turn": 5},
                 {"id": "g", "card": "Lightning Greaves", "attached_to": "e"}])
    v = why(checker, doc, elves)
    assert v.legal and v.cost == "{T}"
