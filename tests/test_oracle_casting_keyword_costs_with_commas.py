"""Real cards through the Oracle importer (session 17, probe17a): a casting keyword whose cost after
the em dash has a comma. The fixture tests/fixtures/real_cards_casting_keyword_costs_with_commas.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import module_fixtures, refusal

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_casting_keyword_costs_with_commas.json"
results, checker = module_fixtures(FIXTURE)



def test_flashback_escape_evoke_squad_with_a_non_mana_cost_are_refused(results: dict[str, CardResult]) -> None:
    # "Flashback—{1}{U}, Pay 3 life." was split at its comma into no keyword line and kept as a not
    # modeled spell paragraph: Deep Analysis was imported, and casting it from the graveyard by
    # its flashback (702.34a) was refused by 601.3. Escape (Cling to Dust, Uro), evoke
    # (Infestation) and squad (Thrill-Kill Disciple) change how the spell is cast or what it costs.
    for name, kw in [("Deep Analysis", "Flashback"), ("Cling to Dust", "Escape"),
                     ("Uro, Titan of Nature's Wrath", "Escape"), ("Infestation", "Evoke"),
                     ("Thrill-Kill Disciple", "Squad")]:
        assert f'keyword "{kw}—' in refusal(results, name), name


def test_a_ward_with_a_life_cost_stays_a_keyword(results: dict[str, CardResult]) -> None:
    ward = [n for n in results if n not in ("Deep Analysis", "Cling to Dust", "Uro, Titan of Nature's Wrath",
                                            "Infestation", "Thrill-Kill Disciple", "Wolfbriar Elemental")]
    assert ward
    # (Amalia Benavides Aguirre: "Ward—Pay 3 life." is read as before: a keyword line, not modeled)
    assert results[ward[0]].card is not None, results[ward[0]].refusal
    assert [v.verdict for v in results[ward[0]].lines if v.line == "Ward—Pay 3 life."] == ["not_modeled"]


def test_multikicker_is_read(results: dict[str, CardResult]) -> None:
    card = results["Wolfbriar Elemental"].card
    assert card is not None
    assert card["faces"][0]["abilities"][0]["keyword"] == "multikicker"
