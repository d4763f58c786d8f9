"""Real cards through the Oracle importer (session 30, probe30c): "You may cast spells as though they
had flash." as a static ability (CR 702.8a, 604.1: Vedalken Orrery, Leyline of Anticipation), which
was refused ("touches the rules in scope"). The fixture
tests/fixtures/real_cards_static_flash_permission.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_static_flash_permission.json"
results, checker = module_fixtures(FIXTURE)


def test_a_static_flash_permission_is_templated(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Vedalken Orrery") == [
        {"kind": "static", "effect": {"action": "flash_permission", "what": "spells"}}]
    assert abilities(results, "Leyline of Anticipation")[1] == {
        "kind": "static", "effect": {"action": "flash_permission", "what": "spells"}}


def test_one_for_a_kind_of_spell_is_templated(results: dict[str, CardResult]) -> None:
    # "artifact spells" (Shimmer Myr), "sorcery spells" (Hypersonic Dragon): read since probe32b
    # (205.2a, 702.8a; tests/test_oracle_flash_permissions.py judges them)
    assert {"kind": "static", "effect": {"action": "flash_permission", "what": "artifact"}} in abilities(results, "Shimmer Myr")
    assert {"kind": "static", "effect": {"action": "flash_permission", "what": "sorcery"}} in abilities(results, "Hypersonic Dragon")


def _bobs_turn(orrery_controller: str) -> dict:
    doc = state([{"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"},
                 {"id": "f1", "card": "Forest"},
                 {"id": "orrery", "card": "Vedalken Orrery", "owner": orrery_controller},
                 {"id": "gb", "card": "Grizzly Bears", "zone": "hand"},
                 {"id": "tw", "card": "Time Walk", "zone": "hand"}],
                active_player="bob", turn=6, step="end")
    return doc


def test_vedalken_orrery_lets_its_controller_cast_a_sorcery_on_bobs_turn(checker: Checker) -> None:
    v = why(checker, _bobs_turn("alice"), {"kind": "cast", "object": "tw"})
    assert v.legal, v.to_json()
    assert "702.8a" in v.to_json()["rules"]


def test_another_players_vedalken_orrery_lets_alice_cast_nothing(checker: Checker) -> None:
    v = why(checker, _bobs_turn("bob"), {"kind": "cast", "object": "gb"})
    assert not v.legal
    assert {r.rule for r in v.reasons} == {"117.1a", "307.1"}
