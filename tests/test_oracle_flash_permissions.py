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


def test_cast_this_spell_only_is_read_as_the_cards_own_restriction(results: dict[str, CardResult]) -> None:
    # 601.3: "Cast this spell only during your turn" (Seedtime), "... during combat" (Spinal
    # Embrace), "... during an opponent's upkeep" (Festival) restrict when the spell may be cast;
    # they were read as spell effects not modeled (so `why` let Seedtime be cast on an opponent's
    # turn, probe18e), then refused; probe32b read them as the static `cast_only`. "... if you
    # control two or more Vampires" (Feast of Blood), a condition no template reads, is refused.
    assert abilities(results, "Seedtime")[0] == {"kind": "static", "cast_only": "your_turn"}
    assert abilities(results, "Spinal Embrace")[0] == {"kind": "static", "cast_only": "combat"}
    assert abilities(results, "Festival")[0] == {"kind": "static", "cast_only": "opponent_upkeep"}
    assert results["Feast of Blood"].card is None
    assert "Cast this spell only" in (results["Feast of Blood"].refusal or ""), results["Feast of Blood"].refusal


def test_cast_this_spell_only_holds_even_with_a_flash_permission(checker: Checker) -> None:
    # 601.3: Seedtime, an instant, may be cast only during its caster's turn: not on bob's turn,
    # whatever permission waives the timing of its type (Alchemist's Refuge's flash, 702.8a);
    # Festival only during an opponent's upkeep; Spinal Embrace only during combat
    objs = [{"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"}, {"id": "i1", "card": "Island"},
            {"id": "st", "card": "Seedtime", "zone": "hand"}, {"id": "fe", "card": "Festival", "zone": "hand"}]
    bobs = state(objs, active_player="bob", turn=6, step="upkeep")
    bobs["players"][0]["mana_pool"] = "{W}"   # Festival's {W}
    v = why(checker, bobs, {"kind": "cast", "object": "st"})
    assert not v.legal and [r.rule for r in v.reasons] == ["601.3"], v
    assert "only during its caster's turn" in v.reasons[0].message
    bobs["effects"] = [{"card": "Alchemist's Refuge", "controller": "alice", "duration": "end_of_turn"}]
    assert [r.rule for r in why(checker, bobs, {"kind": "cast", "object": "st"}).reasons] == ["601.3"]
    assert why(checker, bobs, {"kind": "cast", "object": "fe"}).legal
    alices = state(objs, step="upkeep")
    assert why(checker, alices, {"kind": "cast", "object": "st"}).legal
    v = why(checker, alices, {"kind": "cast", "object": "fe"})
    assert not v.legal and [r.rule for r in v.reasons] == ["601.3"], v


def test_a_flash_permission_no_template_reads_is_refused(results: dict[str, CardResult]) -> None:
    # 702.8a, 307.1: "The next sorcery spell you cast this turn can be cast as though it had flash"
    # (Quicken; Progenitor's Icon's activated ability) changes whether a later spell may be cast;
    # kept as not modeled, the next state of `apply` refused that spell (307.1): refused instead
    for name in ("Quicken", "Progenitor's Icon"):
        assert results[name].card is None, name
        assert "as though it had flash" in (results[name].refusal or ""), (name, results[name].refusal)


def test_flash_permissions_for_a_card_type_are_templated(results: dict[str, CardResult]) -> None:
    # 702.8a, 205.2a: "You may cast artifact spells as though they had flash" (Shimmer Myr),
    # "sorcery spells" (Hypersonic Dragon), "noncreature spells" (Valley Floodcaller): refused until
    # probe32b, which read the card type
    assert abilities(results, "Shimmer Myr")[1]["effect"] == {"action": "flash_permission", "what": "artifact"}
    assert abilities(results, "Hypersonic Dragon")[2]["effect"] == {"action": "flash_permission", "what": "sorcery"}
    assert abilities(results, "Valley Floodcaller")[1]["effect"] == {"action": "flash_permission", "what": "noncreature"}


def test_a_card_type_flash_permission_reaches_only_spells_of_that_type(checker: Checker) -> None:
    objs = [{"id": "m1", "card": "Mountain"}, {"id": "m2", "card": "Mountain"}, {"id": "m3", "card": "Mountain"},
            {"id": "orn", "card": "Ornithopter", "zone": "hand"}, {"id": "gb", "card": "Grizzly Bears", "zone": "hand"},
            {"id": "rb", "card": "Rift Bolt", "zone": "hand"}]

    def on_bobs_turn(perm: str) -> dict:
        return state([{"id": "perm", "card": perm}, *objs], active_player="bob", turn=6, step="end")

    myr, dragon, caller = on_bobs_turn("Shimmer Myr"), on_bobs_turn("Hypersonic Dragon"), on_bobs_turn("Valley Floodcaller")
    cast = {o: {"kind": "cast", "object": o, "targets": ["bob"]} if o == "rb" else {"kind": "cast", "object": o}
            for o in ("orn", "gb", "rb")}
    assert why(checker, myr, cast["orn"]).legal and not why(checker, myr, cast["rb"]).legal
    assert why(checker, dragon, cast["rb"]).legal and not why(checker, dragon, cast["orn"]).legal
    # (Ornithopter is an artifact creature: no noncreature spell)
    assert why(checker, caller, cast["rb"]).legal and not why(checker, caller, cast["orn"]).legal
    for doc in (myr, dragon, caller):
        v = why(checker, doc, cast["gb"])
        assert not v.legal and "307.1" in {r.rule for r in v.reasons}, v
    # 116.2f: Rift Bolt (a sorcery) may be suspended whenever it could be cast: under Hypersonic
    # Dragon or Valley Floodcaller on bob's turn, not under Shimmer Myr
    suspend = {"kind": "suspend", "object": "rb"}
    assert why(checker, dragon, suspend).legal and why(checker, caller, suspend).legal
    assert not why(checker, myr, suspend).legal


def test_panic_may_be_cast_only_during_combat_before_blockers(checker: Checker) -> None:
    # 601.3: Panic's "Cast this spell only during combat before blockers are declared." holds under
    # a permission that waives only the timing of the card's type
    objs = [{"id": "m1", "card": "Mountain"}, {"id": "pn", "card": "Panic", "zone": "hand"},
            {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}]
    cast = {"kind": "cast", "object": "pn", "targets": ["gb"]}
    for step, legal in (("upkeep", False), ("beginning_of_combat", True), ("declare_attackers", True),
                        ("declare_blockers", False), ("end", False)):
        v = why(checker, state(objs, active_player="bob", turn=6, step=step), cast)
        assert v.legal is legal, (step, v)
        if not legal:
            assert [r.rule for r in v.reasons] == ["601.3"], (step, v)
