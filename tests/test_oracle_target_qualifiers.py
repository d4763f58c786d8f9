"""Real cards through the Oracle importer (probe29c, 2026-12-05): "up to one other target" read as a
required target (Relic Crush needed two artifacts or enchantments, 601.2c); qualifiers of a target that were
read as nothing — "target multicolored spell" (Neutralizing Blast, 105.2b), "target colorless
spell" (Ceremonious Rejection, 105.2c), "target multicolored creature", "target activated ability
from an artifact source" (Rust, 113.7) — and the targets of a triggered ability's not-modeled
effect, chosen as it is put on the stack (Green Slime, 603.3d), which were not read at all. The
fixture holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult, _spell_target_quals
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_target_qualifiers.json"
results, checker = module_fixtures(FIXTURE)


def targets(results: dict[str, CardResult], name: str, i: int = 0) -> list[dict]:
    ab = abilities(results, name)[i]
    eff = ab.get("effect") or ab["effects"][0]
    return eff.get("targets", [])


def test_color_qualifiers_of_a_target_are_read(results: dict[str, CardResult]) -> None:
    assert targets(results, "Neutralizing Blast") == [{"zone": "stack", "multicolored": True}]
    assert targets(results, "Ceremonious Rejection") == [{"zone": "stack", "colorless": True}]
    assert targets(results, "Psychotic Fury") == [
        {"zone": "battlefield", "types": ["Creature"], "multicolored": True}]
    assert targets(results, "Infernal Reckoning") == [
        {"zone": "battlefield", "types": ["Creature"], "colorless": True}]
    # ("multicolored creature or multicolored enchantment": each type with its own qualifier, not
    # read: at least a creature or an enchantment, never fewer candidates than the card allows)
    assert targets(results, "Radiant Purge") == [{"zone": "battlefield", "types": ["Creature", "Enchantment"]}]
    # (205.4a: "target legendary spell"; beside abilities, of the spell only: Tale's End)
    assert _spell_target_quals("legendary spell") == {"supertypes": ["Legendary"]}
    # (110.4: "target permanent spell", Lithoform Engine: a spell of a permanent card type)
    assert _spell_target_quals("permanent spell") == {
        "types": ["Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"]}
    assert targets(results, "Tale's End") == [{"zone": "stack", "abilities": True, "supertypes": ["Legendary"]}]


def test_the_source_of_a_target_ability_is_read(results: dict[str, CardResult]) -> None:
    assert targets(results, "Rust") == [{"zone": "stack", "abilities": "activated", "spells": False,
                                         "source_types": ["Artifact"]}]


def test_a_triggered_abilitys_targets_are_read(results: dict[str, CardResult]) -> None:
    slime = next(a for a in abilities(results, "Green Slime") if a["kind"] == "triggered")
    assert slime["effect"]["targets"] == [{"zone": "stack", "abilities": True, "spells": False,
                                           "source_types": ["Artifact", "Enchantment"]}]
    husher = next(a for a in abilities(results, "Voidmage Husher") if a["kind"] == "triggered")
    assert husher["effect"]["targets"] == [{"zone": "stack", "abilities": "activated", "spells": False}]
    meddler = next(a for a in abilities(results, "Mizzium Meddler") if a["kind"] == "triggered")
    assert meddler["effect"]["targets"] == [{"zone": "stack", "abilities": True}]
    # (a target whose own targets are asked, "target spell or ability that targets only a single
    # permanent or player": read as any spell, apply would choose one the card can't have, 603.3d)
    performer = next(a for a in abilities(results, "Radiant Performer") if a["kind"] == "triggered")
    assert "targets" not in performer["effect"]
    # ("up to one target": none required, 601.2c)
    tide = next(a for a in abilities(results, "Tishana's Tidebinder") if a["kind"] == "triggered")
    assert "targets" not in tide["effect"]


def test_a_colorless_target_creature(checker: Checker) -> None:
    doc = state([{"id": "s1", "card": "Swamp"}, {"id": "s2", "card": "Swamp"}, {"id": "s3", "card": "Swamp"},
                 {"id": "ir", "card": "Infernal Reckoning", "zone": "hand"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}])
    assert not why(checker, doc, {"kind": "cast", "object": "ir"}).legal
    doc["objects"].append({"id": "wb", "card": "Walking Ballista", "owner": "bob", "zone": "battlefield",
                           "controlled_since_turn": 1, "counters": {"+1/+1": 1}})   # (colorless, 105.2c)
    assert why(checker, doc, {"kind": "cast", "object": "ir", "targets": ["wb"]}).legal
    assert not why(checker, doc, {"kind": "cast", "object": "ir", "targets": ["gb"]}).legal


def test_up_to_one_other_target_is_optional(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c: "Destroy target artifact or enchantment and up to one other target artifact or
    # enchantment": one required, at most two (115.1)
    crush = abilities(results, "Relic Crush")[0]["effect"]
    assert crush["targets"] == [{"zone": "battlefield", "types": ["Artifact", "Enchantment"]}]
    assert crush["max_targets"] == 2
    air = next(a for a in abilities(results, "Air-Cult Elemental") if a["kind"] == "triggered")
    assert "targets" not in air["effect"]   # ("return up to one other target creature": none required)
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(5)]
    stones = [{"id": f"s{i}", "card": "Fellwar Stone", "owner": "bob"} for i in range(3)]
    doc = state([*forests, {"id": "rc", "card": "Relic Crush", "zone": "hand"}, stones[0]])
    assert why(checker, doc, {"kind": "cast", "object": "rc", "targets": ["s0"]}).legal
    doc = state([*forests, {"id": "rc", "card": "Relic Crush", "zone": "hand"}, *stones])
    three = why(checker, doc, {"kind": "cast", "object": "rc", "targets": ["s0", "s1", "s2"]})
    assert not three.legal and [r.rule for r in three.reasons] == ["601.2c"]


def test_who_controls_a_target_spell_is_read(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c, 112.2 (found by mut31): "Copy target instant or sorcery spell you control" (Nivix
    # Guildmage) was read as any instant or sorcery spell, so alice could copy bob's Lightning Bolt;
    # "exile target spell an opponent controls" (Smirking Spelljacker's trigger) as any spell
    assert targets(results, "Nivix Guildmage", 1) == [
        {"zone": "stack", "types": ["Instant", "Sorcery"], "controller": "you"}]
    jacker = next(a for a in abilities(results, "Smirking Spelljacker") if a["kind"] == "triggered")
    assert jacker["effect"]["targets"] == [{"zone": "stack", "controller": "opponents"}]
    # ("target spell or ability an opponent controls that targets a land you control", Teferi's
    # Response, is refused as "target spell that targets ..." is: tests/test_oracle_spells_that_target.py)
    assert results["Teferi's Response"].card is None
    lands = [{"id": f"i{i}", "card": "Island"} for i in range(2)] + [{"id": f"m{i}", "card": "Mountain"} for i in range(2)]
    bolt = {"card": "Lightning Bolt", "zone": "stack", "cast_from": "hand", "method": "normal"}
    doc = state([*lands, {"id": "nv", "card": "Nivix Guildmage"},
                 {**bolt, "id": "bb", "owner": "bob", "targets": ["alice"]},
                 {**bolt, "id": "ab", "owner": "alice", "targets": ["bob"]}], stack=["bb", "ab"])
    copy = {"kind": "activate", "object": "nv", "ability": 2}
    assert why(checker, doc, {**copy, "targets": ["ab"]}).legal
    theirs = why(checker, doc, {**copy, "targets": ["bb"]})
    assert not theirs.legal and [r.rule for r in theirs.reasons] == ["602.2b"]
