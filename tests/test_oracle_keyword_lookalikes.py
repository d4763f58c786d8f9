"""Real cards through the Oracle importer (session 30, probe30c): lines that look like keywords but
aren't ones the importer knows. The fixture tests/fixtures/real_cards_keyword_lookalikes.json holds
MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import module_fixtures, refusal

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_keyword_lookalikes.json"
results, checker = module_fixtures(FIXTURE)


def test_an_unknown_keyword_whose_reminder_lets_the_card_be_cast_is_refused(
        results: dict[str, CardResult]) -> None:
    # "Flashforward {4}{R} (You may cast this card from exile for its flashforward cost. ...)"
    # (Boltfire): an alternative cost and a permission to cast the card from exile (601.3, 118.9);
    # kept as a not-modeled effect of the sorcery, `why` refused casting an exiled Boltfire (601.3).
    # The same for a cost paid as the spell is cast (Multicleave, 601.2b) and a face-down cast
    # (Negamorph), or a cast while scrying (Scrycast).
    for name, kw in [("Boltfire", "Flashforward {4}{R}"), ("Biting Remark", "Scrycast {0}"),
                     ("Flavor Disaster", "Negamorph {1}{G}"), ("Cleaver Blow", "Multicleave {1}")]:
        why = refusal(results, name)
        assert f'"{kw}" is a keyword no template reads' in why, (name, why)
        assert "601.3" in why, why


def test_an_unknown_keyword_whose_reminder_is_out_of_scope_stays_imported(
        results: dict[str, CardResult]) -> None:
    # "Land casualty 2 (As this land enters, you may sacrifice ...)", "Aura swap {2}{U} ({2}{U}:
    # Exchange this Aura ...)": nothing the rules in scope read
    for name in ("Maestros' Totally Safe Hideout", "Arcanum Wings"):
        assert results[name].card is not None, results[name].refusal


def test_an_ability_word_that_starts_with_a_keyword_is_not_that_keyword(
        results: dict[str, CardResult]) -> None:
    # 207.2c: "Echo of the Lost — During your turn, you may play cards from your graveyard." (Hades,
    # Sorcerer of Eld) was read as the keyword echo, and the permission to play cards from a
    # graveyard (601.3, 305.1) was dropped: now the line is read as what it says, and refused
    assert 'touches the rules in scope ("play")' in refusal(
        results, "Emet-Selch, Unsundered // Hades, Sorcerer of Eld")
    # "Echo of the First Murder — When Drach'Nyen enters, exile up to one target creature." and
    # "Protection Fighting Style — When this creature enters, ..." are enters triggers (603.3d: their
    # targets are chosen as they are put on the stack), not the keywords echo and protection
    for name in ("Drach'Nyen", "Icewind Stalwart"):
        card = results[name].card
        assert card is not None, results[name].refusal
        first = card["faces"][0]["abilities"][0]
        assert first["kind"] == "triggered" and first["trigger"]["event"] == "enters", (name, first)
        assert "keyword" not in first, first
    wraith = results["Wraith, Vicious Vigilante"].card
    assert wraith is not None
    assert all(a.get("keyword") != "fear" for a in wraith["faces"][0]["abilities"])


def test_a_keyword_with_its_number_before_a_spaced_dash_is_still_that_keyword(
        results: dict[str, CardResult]) -> None:
    # "Suspend 17 — {0}" (17-Year Cicadas) is the keyword suspend with its number and cost, not an
    # ability word: still refused as a casting keyword no template reads
    assert 'keyword "Suspend 17 — {0}"' in refusal(results, "17-Year Cicadas")
