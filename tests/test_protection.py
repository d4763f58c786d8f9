"""Protection (CR 702.16), and hexproof and shroud granted by static abilities (702.11b, 702.18a,
613.1f), on real cards through the Oracle importer. The fixture tests/fixtures/real_cards_protection.json
holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_protection.json"
results, checker = module_fixtures(FIXTURE)


def lands(card: str, n: int) -> list[dict[str, str]]:
    return [{"id": f"{card[:2].lower()}{i}", "card": card} for i in range(n)]


def test_protection_read(results: dict[str, CardResult]) -> None:
    # 702.16a: a color, a card type, everything (702.16j); 702.16h: "each color" is the five
    assert abilities(results, "Kor Firewalker")[0] == {"kind": "keyword", "keyword": "protection", "from": ["R"]}
    assert abilities(results, "Progenitus")[0] == {"kind": "keyword", "keyword": "protection",
                                                   "from": ["everything"]}
    assert abilities(results, "Beloved Chaplain")[0] == {"kind": "keyword", "keyword": "protection",
                                                         "from": ["Creature"]}
    assert abilities(results, "Black Knight")[1] == {"kind": "keyword", "keyword": "protection", "from": ["W"]}
    assert abilities(results, "Iridescent Angel")[1]["from"] == ["W", "U", "B", "R", "G"]


def test_granted_hexproof_and_shroud_read(results: dict[str, CardResult]) -> None:
    # 702.18a, 702.11b, 613.1f: the grants are imported, beside haste
    assert abilities(results, "Lightning Greaves")[0]["grant"] == {
        "to": "enchanted", "ability": {"kind": "keyword", "text": "haste", "keyword": "haste"},
        "also": [{"kind": "keyword", "text": "shroud", "keyword": "shroud"}]}
    assert abilities(results, "Swiftfoot Boots")[0]["grant"]["ability"]["keyword"] == "hexproof"
    assert abilities(results, "Asceticism")[0]["grant"] == {
        "to": {"types": ["Creature"], "controller": "you"},
        "ability": {"kind": "keyword", "text": "hexproof", "keyword": "hexproof"}}
    # Archetype of Endurance's second line ("Creatures your opponents control lose hexproof and
    # can't have or gain hexproof") no template reads: the card is refused (tests/test_oracle_shield.py)
    assert results["Archetype of Endurance"].card is None
    assert abilities(results, "Robe of Mirrors")[1]["grant"]["ability"]["keyword"] == "shroud"
    assert abilities(results, "Crystalline Sliver")[0]["grant"]["to"] == {"subtypes": ["Sliver"],
                                                                           "controller": "any"}


BOLT = {"kind": "cast", "object": "bolt"}


def bolt_at(target: str) -> dict[str, Any]:
    return {**BOLT, "targets": [target]}


def test_protection_from_red_against_lightning_bolt(checker: Checker) -> None:
    doc = state([{"id": "bolt", "card": "Lightning Bolt", "zone": "hand"}, *lands("Mountain", 1),
                 {"id": "kor", "card": "Kor Firewalker", "owner": "bob"},
                 {"id": "bk", "card": "Black Knight", "owner": "bob"}])
    v = why(checker, doc, bolt_at("kor"))
    assert not v.legal and rules(v) == {"702.16b"}
    assert "protection from red" in v.reasons[0].message and "is red" in v.reasons[0].message
    # protection from white doesn't stop a red spell
    assert why(checker, doc, bolt_at("bk")).legal
    moves = [m for m in checker.moves(_st(checker, doc), "alice") if m.action.kind == "cast"]
    assert {t for m in moves for t in m.action.targets} == {"alice", "bob", "bk"}


def _st(checker: Checker, doc: dict[str, Any]) -> Any:
    from mtgasp.state import parse_state

    return parse_state(doc, checker.library)


def test_protection_from_white_against_a_not_modeled_white_spell(checker: Checker) -> None:
    stp = {"kind": "cast", "object": "stp"}
    doc = state([{"id": "stp", "card": "Swords to Plowshares", "zone": "hand"}, *lands("Plains", 1),
                 {"id": "bk", "card": "Black Knight", "owner": "bob"}])
    # the only creature can't be targeted: no legal target at all (601.2c)
    v = why(checker, doc, stp)
    assert not v.legal and rules(v) == {"601.2c"}
    doc["objects"].append({"id": "g", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"})
    assert why(checker, doc, {**stp, "targets": ["g"]}).legal
    v = why(checker, doc, {**stp, "targets": ["bk"]})
    assert not v.legal and rules(v) == {"702.16b"}, v.reasons
    # Murder is black: Black Knight's protection from white doesn't stop it
    doc["objects"] += [{"id": "m", "card": "Murder", "zone": "hand", "owner": "alice"},
                       *[{**x, "owner": "alice", "zone": "battlefield"} for x in lands("Swamp", 3)]]
    assert why(checker, doc, {"kind": "cast", "object": "m", "targets": ["bk"]}).legal


def test_protection_from_creatures_against_an_ability(checker: Checker) -> None:
    # Prodigal Pyromancer is a creature: its ability's source has the quality (702.16b, 702.16a)
    doc = state([{"id": "pp", "card": "Prodigal Pyromancer"},
                 {"id": "bc", "card": "Beloved Chaplain", "owner": "bob"},
                 {"id": "bolt", "card": "Lightning Bolt", "zone": "hand"}, *lands("Mountain", 1)])
    v = why(checker, doc, {"kind": "activate", "object": "pp", "ability": 1, "targets": ["bc"]})
    assert not v.legal and rules(v) == {"702.16b"}
    assert "creatures" in v.reasons[0].message and "is a creature" in v.reasons[0].message
    # an instant isn't a creature
    assert why(checker, doc, bolt_at("bc")).legal


def test_protection_from_everything(checker: Checker) -> None:
    doc = state([{"id": "pro", "card": "Progenitus", "owner": "bob"},
                 {"id": "mine", "card": "Progenitus"},
                 {"id": "m", "card": "Murder", "zone": "hand"}, *lands("Swamp", 3),
                 {"id": "bolt", "card": "Lightning Bolt", "zone": "hand"}, *lands("Mountain", 1)])
    assert not why(checker, doc, {"kind": "cast", "object": "m"}).legal   # no creature to target
    doc["objects"].append({"id": "g", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"})
    for t in ("pro", "mine"):   # its controller's spells too (702.16j: each object)
        v = why(checker, doc, {"kind": "cast", "object": "m", "targets": [t]})
        assert not v.legal and rules(v) == {"702.16b"} and "702.16j" in v.reasons[0].message
        assert rules(why(checker, doc, bolt_at(t))) == {"702.16b"}


def test_granted_shroud_and_hexproof(checker: Checker) -> None:
    doc = state([{"id": "bolt", "card": "Lightning Bolt", "zone": "hand"}, *lands("Mountain", 1),
                 {"id": "g", "card": "Grizzly Bears", "owner": "bob"},
                 {"id": "lg", "card": "Lightning Greaves", "owner": "bob", "attached_to": "g"},
                 {"id": "e", "card": "Llanowar Elves", "owner": "bob"},
                 {"id": "asc", "card": "Asceticism", "owner": "bob"},
                 {"id": "mine", "card": "Grizzly Bears"}])
    v = why(checker, doc, bolt_at("g"))        # Lightning Greaves: shroud (702.18a), and hexproof
    assert not v.legal and rules(v) == {"702.18a", "702.11b"}
    v = why(checker, doc, bolt_at("e"))        # Asceticism: hexproof (702.11b)
    assert not v.legal and rules(v) == {"702.11b"}
    assert why(checker, doc, bolt_at("mine")).legal   # alice's own Bears have neither


def test_a_target_that_gains_protection_is_illegal_as_the_spell_resolves(checker: Checker) -> None:
    # 608.2b with 702.16b: Lightning Bolt targeting Grizzly Bears, which are now a Kor Firewalker
    doc = state([{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "targets": ["kor"],
                  "cast_from": "hand"},
                 {"id": "kor", "card": "Kor Firewalker", "owner": "bob"}],
                stack=["bolt"], priority="bob", consecutive_passes=1)
    out = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(out, "bolt")["zone"] == "graveyard"
    assert obj(out, "kor")["zone"] == "battlefield" and "damage" not in obj(out, "kor")


def test_an_aura_of_the_quality_falls_off(checker: Checker) -> None:
    # 702.16c, 704.5m: Pacifism (white) on Black Knight (protection from white) goes to the graveyard
    doc = state([{"id": "bk", "card": "Black Knight", "owner": "bob"},
                 {"id": "pac", "card": "Pacifism", "attached_to": "bk"},
                 {"id": "g", "card": "Grizzly Bears", "owner": "bob"},
                 {"id": "pac2", "card": "Pacifism", "attached_to": "g"}])
    out = applied(checker, doc, {"kind": "pass"})
    assert obj(out, "pac")["zone"] == "graveyard"
    assert obj(out, "pac2")["zone"] == "battlefield"


def test_every_target_of_a_text_is_read(results: dict[str, CardResult]) -> None:
    # 601.2c, 115.1: one target for each instance of the word "target" ("Target" too); a modal
    # spell's targets are only those of its chosen modes (700.2): no requirement
    assert [t.get("types") for t in abilities(results, "Decimate")[0]["effect"]["targets"]] == [
        ["Artifact"], ["Creature"], ["Enchantment"], ["Land"]]
    assert abilities(results, "Prey Upon")[0]["effect"]["targets"] == [
        {"zone": "battlefield", "types": ["Creature"], "controller": "you"},
        {"zone": "battlefield", "types": ["Creature"], "controller": "opponents"}]
    assert "targets" not in abilities(results, "Hull Breach")[0]["effect"]


def test_prey_upon_needs_a_creature_of_each(checker: Checker) -> None:
    prey = {"kind": "cast", "object": "py"}
    doc = state([{"id": "py", "card": "Prey Upon", "zone": "hand"}, *lands("Forest", 1),
                 {"id": "g", "card": "Grizzly Bears", "owner": "bob"}])
    v = why(checker, doc, prey)
    assert not v.legal and rules(v) == {"601.2c"}
    doc["objects"].append({"id": "mine", "card": "Grizzly Bears", "owner": "alice", "zone": "battlefield"})
    assert why(checker, doc, prey).legal


def _stack_bolt(**extra: Any) -> dict[str, Any]:
    return state([{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "cast_from": "hand", **extra},
                  {"id": "g", "card": "Grizzly Bears", "owner": "bob"}], stack=["bolt"], priority="bob")


def test_an_empty_target_list_of_a_spell_that_requires_a_target_is_bad_input(checker: Checker) -> None:
    # 601.2c: Lightning Bolt can't be on the stack targeting nothing; targets that ceased to exist
    # are lost_targets (608.2b); absent targets are not stated
    import pytest
    from mtgasp.errors import InputError
    from mtgasp.state import parse_state

    with pytest.raises(InputError) as e:
        parse_state(_stack_bolt(targets=[]), checker.library)
    assert [p.path for p in e.value.problems] == ["objects[0].targets"]
    assert "lost_targets" in e.value.problems[0].message
    parse_state(_stack_bolt(targets=[], lost_targets=["tok"]), checker.library)
    parse_state(_stack_bolt(), checker.library)
    # Swords to Plowshares (its effect not modeled) requires a creature too
    with pytest.raises(InputError):
        parse_state(state([{"id": "s", "card": "Swords to Plowshares", "zone": "stack", "targets": []}],
                          stack=["s"]), checker.library)
    # an ability: Prodigal Pyromancer's "any target"
    with pytest.raises(InputError) as e:
        parse_state(state([{"id": "pp", "card": "Prodigal Pyromancer"},
                           {"id": "a", "zone": "stack", "ability": {"source": "pp", "index": 1},
                            "controller": "alice", "targets": []}], stack=["a"]), checker.library)
    assert "objects[1].targets" in [p.path for p in e.value.problems]
    # 303.4a: an Aura spell requires a target (Wild Growth's "Enchant land")
    with pytest.raises(InputError) as e:
        parse_state(state([{"id": "wg", "card": "Wild Growth", "zone": "stack", "targets": []}],
                          stack=["wg"]), checker.library)
    assert [p.path for p in e.value.problems] == ["objects[0].targets"]
    # a creature spell has no targets of its own (115.1): Walking Ballista's ability's "any target"
    # is chosen when that ability is activated, so [] is no target chosen
    parse_state(state([{"id": "wb", "card": "Walking Ballista", "zone": "stack", "targets": []}],
                      stack=["wb"]), checker.library)
    # Hull Breach (modal): each of its modes targets, so whichever were chosen it requires one
    # (700.2, 601.2c: min_targets 1, read since probe32c)
    with pytest.raises(InputError) as e:
        parse_state(state([{"id": "h", "card": "Hull Breach", "zone": "stack", "targets": []}], stack=["h"]),
                    checker.library)
    assert [p.path for p in e.value.problems] == ["objects[0].targets"]


def test_equipment_of_the_quality_becomes_unattached(checker: Checker) -> None:
    # 702.16d, 704.5n: Bonesplitter (an artifact) on Beloved Chaplain (protection from creatures)
    # stays; on Progenitus (protection from everything) it becomes unattached, still on the battlefield
    doc = state([{"id": "bc", "card": "Beloved Chaplain"}, {"id": "bs", "card": "Bonesplitter", "attached_to": "bc"},
                 {"id": "pro", "card": "Progenitus"}, {"id": "bs2", "card": "Bonesplitter", "attached_to": "pro"}])
    out = applied(checker, doc, {"kind": "pass"})
    assert obj(out, "bs")["attached_to"] == "bc"
    assert obj(out, "bs2")["zone"] == "battlefield" and "attached_to" not in obj(out, "bs2")
