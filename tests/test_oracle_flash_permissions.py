"""Real cards through the Oracle importer, as probe18e found them: "You may cast spells this turn
as though they had flash" (CR 702.8a, 307.1, 611.2a: Alchemist's Refuge, Emergence Zone, Borne Upon
a Wind; "creature spells", Winding Canyons) was kept as not modeled, so that after it resolved a
noninstant spell was still refused on another player's turn. The fixture
tests/fixtures/real_cards_flash_permissions.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_flash_permissions.json"
results, checker = module_fixtures(FIXTURE)


def test_flash_permissions_are_templated(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Alchemist's Refuge")[1]["effect"] == {"action": "flash_permission", "what": "spells"}
    assert abilities(results, "Emergence Zone")[1]["effect"] == {"action": "flash_permission", "what": "spells"}
    assert abilities(results, "Winding Canyons")[1]["effect"] == {"action": "flash_permission", "what": "creature"}
    assert abilities(results, "Borne Upon a Wind")[0]["effect"] == {"action": "flash_permission", "what": "spells"}


def _bobs_turn() -> dict:
    return state([{"id": "ar", "card": "Alchemist's Refuge"}, {"id": "i1", "card": "Island"},
                  {"id": "f1", "card": "Forest"}, {"id": "i2", "card": "Island"},
                  {"id": "i3", "card": "Island"}, {"id": "m1", "card": "Mountain"},
                  {"id": "gb", "card": "Grizzly Bears", "zone": "hand"},
                  {"id": "tw", "card": "Time Walk", "zone": "hand"},
                  {"id": "rb", "card": "Rift Bolt", "zone": "hand"}],
                 active_player="bob", turn=6)


def test_alchemists_refuge_resolved_lets_its_controller_cast_a_sorcery_on_bobs_turn(checker: Checker) -> None:
    doc = _bobs_turn()
    v = why(checker, doc, {"kind": "cast", "object": "tw"})
    assert not v.legal and "307.1" in {r.rule for r in v.reasons}
    doc = applied(checker, doc, {"kind": "activate", "object": "ar", "ability": 2})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert doc["effects"] == [{"card": "Alchemist's Refuge", "controller": "alice", "duration": "end_of_turn"}]
    doc["priority"] = "alice"
    v = why(checker, doc, {"kind": "cast", "object": "tw"})
    assert v.legal and "702.8a" in v.permits, v
    # 116.2f: a card with suspend may be suspended whenever its owner could begin to cast it (Rift
    # Bolt, a sorcery: not before the effect)
    assert not why(checker, _bobs_turn(), {"kind": "suspend", "object": "rb"}).legal
    assert why(checker, doc, {"kind": "suspend", "object": "rb"}).legal
    # the permission is its controller's only (702.8a "You may cast")
    bob = _bobs_turn()
    bob["effects"] = [{"card": "Alchemist's Refuge", "controller": "bob", "duration": "end_of_turn"}]
    assert not why(checker, bob, {"kind": "cast", "object": "tw"}).legal


def test_winding_canyons_grants_flash_to_creature_spells_only(checker: Checker) -> None:
    doc = _bobs_turn()
    doc["effects"] = [{"card": "Winding Canyons", "controller": "alice", "duration": "end_of_turn"}]
    v = why(checker, doc, {"kind": "cast", "object": "gb"})
    assert v.legal and "702.8a" in v.permits
    v = why(checker, doc, {"kind": "cast", "object": "tw"})
    assert not v.legal and "307.1" in {r.rule for r in v.reasons}


def test_cast_this_spell_only_is_refused_not_kept_as_an_effect(results: dict[str, CardResult]) -> None:
    # 601.3, 117.1a, 307.1: "Cast this spell only during your turn" (Seedtime), "... during combat"
    # (Spinal Embrace), "... during an opponent's upkeep" (Festival), "... if you control two or
    # more Vampires" (Feast of Blood) restrict when the spell may be cast; they were read as spell
    # effects not modeled, so `why` let Seedtime be cast on an opponent's turn and Spinal Embrace
    # in a main phase. No template reads them: refused.
    for name in ("Seedtime", "Spinal Embrace", "Festival", "Feast of Blood"):
        assert results[name].card is None, name
        assert "Cast this spell only" in (results[name].refusal or ""), (name, results[name].refusal)


def test_a_flash_permission_no_template_reads_is_refused(results: dict[str, CardResult]) -> None:
    # 702.8a, 307.1: "The next sorcery spell you cast this turn can be cast as though it had flash"
    # (Quicken; Progenitor's Icon's activated ability) changes whether a later spell may be cast;
    # kept as not modeled, the next state of `apply` refused that spell (307.1): refused instead
    for name in ("Quicken", "Progenitor's Icon"):
        assert results[name].card is None, name
        assert "as though it had flash" in (results[name].refusal or ""), (name, results[name].refusal)
