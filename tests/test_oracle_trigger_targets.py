"""Real cards through the Oracle importer (probe29d): the targets of triggered abilities whose
effects are not modeled (603.3d: chosen as the ability is put on the stack; 608.2b: checked as it
resolves), and target phrases read wrongly for every kind of ability (601.2c): a delayed or
reflexive triggered ability's target ("Whenever ... this turn, target creature ..."; "When you
discard a nonland card this way, ... target creature"), "up to one other target", "target creature
or Vehicle", "target creature or Aura spell". The fixture tests/fixtures/real_cards_trigger_targets.json
holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.oracle import CardResult
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_trigger_targets.json"
results, checker = module_fixtures(FIXTURE)


def effect(results: dict[str, CardResult], name: str, kind: str, nth: int = 0) -> dict[str, Any]:
    card = results[name].card
    assert card is not None, results[name]
    return [a for a in card["faces"][0]["abilities"] if a["kind"] == kind][nth]["effect"]


def test_a_triggered_ability_states_its_targets(results: dict[str, CardResult]) -> None:
    # 603.3d: the requirement is kept, so `apply` chooses the one target as the ability is put on
    # the stack, and removes it with none
    assert effect(results, "Man-o'-War", "triggered") == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Creature"]}]}
    assert effect(results, "Ravenous Chupacabra", "triggered") == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Creature"], "controller": "opponents"}]}
    assert effect(results, "Fiend Hunter", "triggered") == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Creature"], "other": True}]}
    # (no bounds: a triggered ability isn't cast or activated)
    assert "min_targets" not in effect(results, "Flametongue Kavu", "triggered")


def test_a_requirement_no_template_reads_leaves_a_trigger_without_targets(results: dict[str, CardResult]) -> None:
    # "exile target spell with mana value 4 or less": not read; the card is still imported (as
    # before), its trigger going on the stack without targets
    assert effect(results, "Spell Queller", "triggered") == {"action": "not_modeled"}


def test_a_delayed_or_reflexive_triggered_ability_s_target_is_not_the_creator_s(results: dict[str, CardResult]) -> None:
    # 603.7, 603.12: chosen when that ability triggers, not by the chapter, spell or ability that
    # creates it
    assert effect(results, "Harald Unites the Elves", "triggered", 2) == {"action": "not_modeled"}
    assert effect(results, "Fiery Encore", "spell") == {"action": "not_modeled"}
    # a target in the delayed ability's trigger condition is the creator's own
    assert effect(results, "Adarkar Valkyrie", "activated") == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Creature"]}]}


def test_up_to_one_other_target_requires_none(results: dict[str, CardResult]) -> None:
    assert "targets" not in effect(results, "Trygon Prime", "triggered")
    # one target required, and up to two (115.1: "up to one other target" counts; probe29c)
    assert effect(results, "Return to Dust", "spell") == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Artifact", "Enchantment"]}],
        "max_targets": 2}
    assert effect(results, "Graceful Takedown", "spell")["targets"] == [
        {"zone": "battlefield", "types": ["Creature"], "controller": "opponents"}]


def test_an_alternative_no_type_reads_requires_no_type(results: dict[str, CardResult]) -> None:
    # 601.2c: a noncreature Vehicle is a legal target of "target creature or Vehicle"
    assert effect(results, "Daring Demolition", "spell") == {"action": "not_modeled",
                                                             "targets": [{"zone": "battlefield"}]}
    # "target creature or Aura spell" is a spell: no requirement on the battlefield (an object, not a
    # player: unread_targets, 115.1; probe32c)
    assert effect(results, "Nullify", "spell") == {"action": "not_modeled", "min_targets": 1, "max_targets": 1,
                                                   "unread_targets": "object"}
