"""Real cards through the Oracle importer: hexproof, shroud and protection decide what spells and
abilities may target (702.11b, 702.18a, 702.16b; 601.2c, 608.2b). A printed keyword is read (its own
template, keyword.hexproof / keyword.shroud / keyword.protection); a static line that gives them in
words no template reads is refused, never kept as not modeled (a Lightning Bolt would otherwise be
let target an untapped Paradise Druid). The fixture tests/fixtures/real_cards_shield.json holds
MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_shield.json"
results, checker = module_fixtures(FIXTURE)


def test_printed_hexproof_and_shroud_are_read(results: dict[str, CardResult]) -> None:
    for name, kw in (("Gladecover Scout", "hexproof"), ("Argothian Enchantress", "shroud")):
        abilities = results[name].card["faces"][0]["abilities"]
        assert abilities[0]["keyword"] == kw and abilities[0]["template"] == f"keyword.{kw}", name
        verdicts = [v.verdict for v in results[name].lines if v.line.lower() == kw]
        assert verdicts == ["templated"], (name, verdicts)


def test_unread_target_shields_are_refused(results: dict[str, CardResult]) -> None:
    # "Equipped creature gets +2/+2 and has protection from red and from blue." (a Sword), "This
    # creature has hexproof as long as it's untapped." (Paradise Druid), "You have hexproof."
    # (Leyline of Sanctity), "Creatures your opponents control lose hexproof and can't have or gain
    # hexproof." (Archetype of Endurance)
    for name in ("Sword of Fire and Ice", "Paradise Druid", "Leyline of Sanctity", "Archetype of Endurance"):
        r = results[name]
        assert r.card is None and "702.11b" in (r.refusal or ""), (name, r.refusal)
    # a grant a template reads, and a spell's "gains hexproof until end of turn" (an effect apply
    # reports as not modeled), are still imported
    assert results["Lightning Greaves"].card is not None
    assert results["Blossoming Defense"].card is not None


def test_printed_hexproof_stops_an_opponents_spell_only(checker: Checker) -> None:
    bolt = {"kind": "cast", "object": "b", "targets": ["s"]}
    doc = state([{"id": "m", "card": "Mountain"}, {"id": "b", "card": "Lightning Bolt", "zone": "hand"},
                 {"id": "s", "card": "Gladecover Scout", "owner": "bob"}])
    v = why(checker, doc, bolt)
    assert not v.legal and {r.rule for r in v.reasons} == {"702.11b"}
    doc["objects"][2]["owner"] = "alice"
    v = why(checker, doc, bolt)
    assert v.legal and v.cost == "{R}"
