"""Real cards through the Oracle importer (probe28b): an effect that gives a creature haste until end
of turn — "This creature gains haste until end of turn" (Flinthoof Boar), "Target creature gains
haste until end of turn" (Goblin Motivator, Expedite) — was kept as not modeled, so that `apply`
resolved it doing nothing and the creature's {T} abilities stayed refused (302.6). It is now the
effect `gain_haste` (611.2a, 702.10): `apply` writes the object's `gained_keywords`. The fixture
tests/fixtures/real_cards_haste_effects.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_haste_effects.json"
results, checker = module_fixtures(FIXTURE)


def test_the_importer_reads_gains_haste_until_end_of_turn(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Goblin Motivator")[0]["effect"] == {
        "action": "gain_haste", "duration": "end_of_turn", "target": "creature"}
    assert abilities(results, "Expedite")[0]["effect"]["action"] == "gain_haste"
    assert abilities(results, "Flinthoof Boar")[1]["effect"] == {"action": "gain_haste", "duration": "end_of_turn"}
    # "Creatures you control gain haste until end of turn": each creature its controller controls as
    # it resolves (611.2c)
    group = {"action": "gain_haste", "duration": "end_of_turn", "group": "creatures_you_control"}
    assert abilities(results, "Crashing Drawbridge")[-1]["effect"] == group
    assert abilities(results, "Burst of Speed")[0]["effect"] == group
    # a target with a filter no effect template reads stays not modeled, its target still read
    for name in ("Hotfoot Gnome", "Bloodthorn Taunter"):
        assert abilities(results, name)[-1]["effect"]["action"] == "not_modeled", name
    # ... and one whose qualifiers are read in full is modeled, with them (601.2c; probe29b)
    assert abilities(results, "Crimson Mage")[-1]["effect"] == {
        "action": "gain_haste", "duration": "end_of_turn", "target": "creature",
        "target_filter": {"controller": "you"}}
    assert abilities(results, "Rage Weaver")[-1]["effect"]["target_filter"] == {"colors": ["B", "G"]}


def test_a_qualified_target_gets_haste_only_if_it_fits(checker: Checker) -> None:
    # Crimson Mage: "{R}: Target creature you control gains haste until end of turn." (601.2c,
    # 602.2b): not bob's creature; its own Elves gain haste and tap for mana (302.6, 702.10)
    doc = state([{"id": "cm", "card": "Crimson Mage", "controlled_since_turn": 3},
                 {"id": "el", "card": "Llanowar Elves", "controlled_since_turn": 5},
                 {"id": "mt", "card": "Mountain", "controlled_since_turn": 1},
                 {"id": "bb", "card": "Grizzly Bears", "owner": "bob", "controlled_since_turn": 1}])
    act = {"kind": "activate", "object": "cm", "ability": 1}
    assert [r.rule for r in why(checker, doc, {**act, "targets": ["bb"]}).reasons] == ["602.2b"]
    doc = applied(checker, doc, {**act, "targets": ["el"]})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(doc, "el")["gained_keywords"] == ["haste"]
    assert why(checker, doc, {"kind": "activate", "object": "el", "ability": 1}).legal


def test_haste_given_by_an_ability_lets_the_elves_tap_for_mana(checker: Checker) -> None:
    tap = {"kind": "activate", "object": "el", "ability": 1}
    doc = state([{"id": "gm", "card": "Goblin Motivator", "controlled_since_turn": 3},
                 {"id": "el", "card": "Llanowar Elves", "controlled_since_turn": 5}])
    assert {r.rule for r in why(checker, doc, tap).reasons} == {"302.6"}
    doc = applied(checker, doc, {"kind": "activate", "object": "gm", "ability": 1, "targets": ["el"]})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(doc, "el")["gained_keywords"] == ["haste"]
    assert why(checker, doc, tap).legal
    # the Motivator itself (tapped for its cost) gets nothing
    assert "gained_keywords" not in obj(doc, "gm")


def test_creatures_get_a_bonus_and_gain_haste(results: dict[str, CardResult]) -> None:
    # 611.2a, 611.2c: "creatures you control get +1/+0 and gain haste until end of turn" (Goblin
    # Bushwhacker's kicked trigger) and "Target creature gets +3/+0 and gains haste until end of
    # turn" (Uncanny Speed) are one effect each: pumped and hasted (probe29b: they were not modeled)
    assert abilities(results, "Goblin Bushwhacker")[-1]["effect"] == {
        "action": "gain_haste", "duration": "end_of_turn", "group": "creatures_you_control",
        "power": 1, "toughness": 0}
    assert abilities(results, "Uncanny Speed")[0]["effect"] == {
        "action": "gain_haste", "duration": "end_of_turn", "target": "creature", "power": 3, "toughness": 0}
