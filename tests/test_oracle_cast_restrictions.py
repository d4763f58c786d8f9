"""Real cards through the Oracle importer, as probe32b found them: static abilities that stop players
from casting spells at some time (CR 101.2, 601.3) — "Your opponents can't cast spells during your
turn" (Dragonlord Dromoka, Kutzil, Malamet Exemplar), "Players can't cast spells during combat"
(Basandra, Battle Seraph), "Your opponents can't cast spells during combat" (Marisi, Breaker of the
Coil), "Players can cast spells only during their own turns" (Dosan the Falling Leaf), "Each opponent
can cast spells only any time they could cast a sorcery" (Teferi, Mage of Zhalfir) — were refused.
The fixture tests/fixtures/real_cards_cast_restrictions.json holds MTGJSON AtomicCards entries copied
from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_cast_restrictions.json"
# Teferi, Mage of Zhalfir's "Creature cards you own that aren't on the battlefield have flash." has no
# template (the card is refused); its other lines are read without it
results, checker = module_fixtures(FIXTURE, {"Teferi, Mage of Zhalfir": "Creature cards you own"})


def test_cast_restrictions_are_templated(results: dict[str, CardResult]) -> None:
    def fc(name: str, i: int) -> object:
        return abilities(results, name)[i].get("forbid_cast")
    assert fc("Dragonlord Dromoka", 3) == {"who": "opponents", "when": "your_turn"}
    assert fc("Kutzil, Malamet Exemplar", 0) == {"who": "opponents", "when": "your_turn"}
    assert fc("Basandra, Battle Seraph", 1) == {"who": "players", "when": "combat"}
    assert fc("Marisi, Breaker of the Coil", 0) == {"who": "opponents", "when": "combat"}
    assert fc("Dosan the Falling Leaf", 0) == {"who": "players", "when": "not_own_turn"}
    assert fc("Teferi, Mage of Zhalfir", 1) == {"who": "opponents", "when": "not_sorcery_timing"}
    # "Any player may cast spells as though they had flash." (Tidal Barracuda): no template
    assert results["Tidal Barracuda"].card is None


def _doc(perm: str, owner: str, **kw: object) -> dict:
    return state([{"id": "perm", "card": perm, "owner": owner},
                  {"id": "m1", "card": "Mountain"}, {"id": "m2", "card": "Mountain"}, {"id": "m3", "card": "Mountain"},
                  {"id": "lb", "card": "Lightning Bolt", "zone": "hand"}, {"id": "gb", "card": "Grizzly Bears", "zone": "hand"},
                  {"id": "rb", "card": "Rift Bolt", "zone": "hand"}], turn=6, **kw)


BOLT = {"kind": "cast", "object": "lb", "targets": ["bob"]}


def test_dromoka_stops_its_controllers_opponents_during_its_controllers_turn(checker: Checker) -> None:
    v = why(checker, _doc("Dragonlord Dromoka", "bob", active_player="bob", step="upkeep"), BOLT)
    assert not v.legal and [r.rule for r in v.reasons] == ["601.3"], v
    assert "Your opponents can't cast spells during your turn" in v.reasons[0].message
    assert why(checker, _doc("Dragonlord Dromoka", "bob", active_player="alice", step="upkeep"), BOLT).legal
    # its controller isn't an opponent of theirs
    assert why(checker, _doc("Dragonlord Dromoka", "alice", active_player="alice", step="upkeep"), BOLT).legal


def test_dosan_and_basandra_stop_everyone(checker: Checker) -> None:
    assert not why(checker, _doc("Dosan the Falling Leaf", "alice", active_player="bob", step="end"), BOLT).legal
    assert why(checker, _doc("Dosan the Falling Leaf", "alice", active_player="alice", step="end"), BOLT).legal
    for step, legal in (("beginning_of_combat", False), ("end_of_combat", False), ("postcombat_main", True)):
        assert why(checker, _doc("Basandra, Battle Seraph", "alice", step=step), BOLT).legal is legal, step
        assert why(checker, _doc("Marisi, Breaker of the Coil", "bob", step=step), BOLT).legal is legal, step
        assert why(checker, _doc("Marisi, Breaker of the Coil", "alice", step=step), BOLT).legal


def test_teferi_lets_opponents_cast_only_as_a_sorcery(checker: Checker) -> None:
    # 117.1a, 307.1: an instant only in its caster's main phase with an empty stack; suspending Rift
    # Bolt (116.2f) only then too
    main = _doc("Teferi, Mage of Zhalfir", "bob")
    assert why(checker, main, BOLT).legal
    assert why(checker, main, {"kind": "suspend", "object": "rb"}).legal
    upkeep = _doc("Teferi, Mage of Zhalfir", "bob", step="upkeep")
    v = why(checker, upkeep, BOLT)
    assert not v.legal and [r.rule for r in v.reasons] == ["601.3"], v
    bobs = _doc("Teferi, Mage of Zhalfir", "bob", active_player="bob")
    assert not why(checker, bobs, BOLT).legal
    # its controller's own spells aren't restricted
    assert why(checker, _doc("Teferi, Mage of Zhalfir", "alice", step="upkeep"), BOLT).legal


def test_rout_may_be_cast_as_though_it_had_flash_for_two_more(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.3c: "You may cast this spell as though it had flash if you pay {2} more to cast it" (Rout,
    # Harbinger of the Tides): refused until probe32b
    assert abilities(results, "Rout")[0] == {"kind": "static", "flash_if_pay": "{2}"}
    assert abilities(results, "Harbinger of the Tides")[0] == {"kind": "static", "flash_if_pay": "{2}"}
    lands = [{"id": f"p{i}", "card": "Plains"} for i in range(7)]
    rout = {"id": "rout", "card": "Rout", "zone": "hand"}
    cast = {"kind": "cast", "object": "rout"}
    v = why(checker, state([*lands, rout], turn=6, active_player="bob", step="end"), cast)
    assert v.legal and v.cost == "{5}{W}{W}" and "601.3c" in v.permits, v
    assert why(checker, state([*lands, rout], turn=6), cast).cost == "{3}{W}{W}"
    assert why(checker, state([*lands, rout], turn=6, step="upkeep"), cast).cost == "{5}{W}{W}"
    # with six lands, not on bob's turn (601.2h: the {2} more can't be paid)
    assert not why(checker, state([*lands[:6], rout], turn=6, active_player="bob", step="end"), cast).legal
    # Leyline of Anticipation lets it be cast then without paying more (its permission, 702.8a)
    ley = {"id": "ley", "card": "Leyline of Anticipation"}
    v = why(checker, state([*lands, rout, ley], turn=6, active_player="bob", step="end"), cast)
    assert v.legal and v.cost == "{3}{W}{W}" and "601.3c" not in v.permits, v
