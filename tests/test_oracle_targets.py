"""Real cards through the Oracle importer: the targets a not-modeled effect requires (CR 601.2c,
602.2b: a spell or ability is cast or activated only with a legal target for each target it
requires). The fixture tests/fixtures/real_cards_targets.json holds MTGJSON AtomicCards entries
copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, refusal, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_targets.json"
results, checker = module_fixtures(FIXTURE)


def test_targets_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Murder")[0]["effect"] == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Creature"]}]}
    assert abilities(results, "Raise Dead")[0]["effect"]["targets"] == [
        {"zone": "graveyard", "types": ["Creature"], "controller": "you"}]
    assert abilities(results, "Vindicate")[0]["effect"]["targets"] == [{"zone": "battlefield"}]
    assert abilities(results, "Naturalize")[0]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Artifact", "Enchantment"]}]


def swamps(n: int) -> list[dict[str, str]]:
    return [{"id": f"s{i}", "card": "Swamp"} for i in range(n)]


def test_murder_needs_a_creature(checker: Checker) -> None:
    murder = {"kind": "cast", "object": "m"}
    hand = {"id": "m", "card": "Murder", "zone": "hand"}
    v = why(checker, state([hand, *swamps(3)]), murder)
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}
    # any creature will do, an opponent's or one's own
    assert why(checker, state([hand, *swamps(3), {"id": "g", "card": "Grizzly Bears", "owner": "bob"}]),
               murder).legal
    assert why(checker, state([hand, *swamps(3), {"id": "g", "card": "Grizzly Bears"}]), murder).legal


def test_raise_dead_needs_a_creature_card_in_its_casters_graveyard(checker: Checker) -> None:
    rd = {"kind": "cast", "object": "r"}
    hand = {"id": "r", "card": "Raise Dead", "zone": "hand"}
    assert not why(checker, state([hand, *swamps(1)]), rd).legal
    # bob's graveyard isn't "your graveyard"
    assert not why(checker, state([hand, *swamps(1), {"id": "g", "card": "Grizzly Bears", "zone": "graveyard",
                                                      "owner": "bob"}]), rd).legal
    assert why(checker, state([hand, *swamps(1), {"id": "g", "card": "Grizzly Bears", "zone": "graveyard"}]),
               rd).legal


def test_counterspell_needs_a_spell(checker: Checker) -> None:
    cs = {"kind": "cast", "object": "c"}
    hand = {"id": "c", "card": "Counterspell", "zone": "hand"}
    islands = [{"id": f"i{i}", "card": "Island"} for i in range(2)]
    v = why(checker, state([hand, *islands]), cs)   # Counterspell's effect is modeled (counter_spell)
    assert not v.legal
    doc = state([hand, *islands, {"id": "lb", "card": "Lightning Bolt", "zone": "stack", "owner": "bob",
                                  "targets": ["alice"]}], stack=["lb"], priority="alice")
    assert why(checker, doc, cs).legal


def test_icy_manipulator_can_target_itself(checker: Checker) -> None:
    # "Tap target artifact, creature, or land": Icy Manipulator is an artifact, so a target exists
    doc = state([{"id": "im", "card": "Icy Manipulator"}, {"id": "s", "card": "Swamp"}])
    assert why(checker, doc, {"kind": "activate", "object": "im", "ability": 1, "targets": ["im"]}).legal


def test_hexproof_and_shroud_candidates(checker: Checker) -> None:
    murder = {"kind": "cast", "object": "m"}
    hand = {"id": "m", "card": "Murder", "zone": "hand"}
    bogle = {"id": "b", "card": "Slippery Bogle", "owner": "bob"}   # hexproof
    # 702.11b: bob's hexproof creature can't be the target of alice's Murder
    v = why(checker, state([hand, *swamps(3), bogle]), murder)
    assert not v.legal and "601.2c" in {r.rule for r in v.reasons}
    # alice's own hexproof creature can be
    assert why(checker, state([hand, *swamps(3), {**bogle, "owner": "alice"}]), murder).legal


def test_target_artifact_creature_is_both(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c, 602.2b: "target artifact creature" (Argivian Blacksmith) requires an object that is an
    # artifact and a creature: a noncreature artifact or a nonartifact creature won't do (both were
    # read as "target artifact" before)
    assert abilities(results, "Argivian Blacksmith")[0]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Creature"], "all_types": ["Artifact"]}]
    smith = {"id": "ab", "card": "Argivian Blacksmith"}
    act = {"kind": "activate", "object": "ab", "ability": 1}
    v = why(checker, state([smith, {"id": "fs", "card": "Fellwar Stone"}]), act)
    assert not v.legal and {r.rule for r in v.reasons} == {"602.2b"}
    v = why(checker, state([smith, {"id": "gb", "card": "Grizzly Bears"}]), act)
    assert not v.legal and {r.rule for r in v.reasons} == {"602.2b"}
    assert why(checker, state([smith, {"id": "pp", "card": "Pili-Pala", "owner": "bob"}]), act).legal


def test_target_spell_with_mana_value_x_is_refused(results: dict[str, CardResult]) -> None:
    # 601.2c, 202.3e: Spell Blast's "target spell with mana value X" was read as "target spell": cast
    # with X = 0 it could target any spell. No target requirement holds a spell's mana value on the
    # stack, so the card is refused rather than answered wrongly.
    assert "mana value" in refusal(results, "Spell Blast")


def test_a_target_spells_types_are_read(results: dict[str, CardResult]) -> None:
    # 601.2c (found by probe28e): "noncreature" was dropped (Negate could target a creature spell),
    # and "artifact or enchantment spell" (Annul), "creature or sorcery spell" (Mystic Denial) were
    # read as a permanent on the battlefield
    def targets(name: str) -> object:
        return abilities(results, name)[0]["effect"].get("targets")
    assert targets("Negate") == [{"zone": "stack", "non_types": ["Creature"]}]
    assert targets("Annul") == [{"zone": "stack", "types": ["Artifact", "Enchantment"]}]
    assert targets("Mystic Denial") == [{"zone": "stack", "types": ["Creature", "Sorcery"]}]
    assert targets("Remove Soul") == [{"zone": "stack", "all_types": ["Creature"]}]
    # "target spell or creature": a permanent may be the target too, which no requirement reads
    assert targets("Unsubstantiate") is None
    assert abilities(results, "Unsubstantiate")[0]["effect"]["min_targets"] == 1
