"""Real cards through the Oracle importer (probe23d): replacement effects on the mana a land tapped
for mana produces (106.12b, 614.1a). Infernal Darkness ("If a land is tapped for mana, it produces
{B} instead of any other type.") and Ritual of Subdual ("... colorless mana instead of any other
type.") were refused, and Deep Water's "{U}: Until end of turn, if you tap a land you control for
mana, it produces {U} instead of any other type." was kept as an effect not modeled: once it had
resolved, a Forest still could produce {G} (106.7), and the state's `effects` refused it. They are
read now (the type changes, the amount stays); a replacement no template reads (Harvest Mage's
"one mana of a color of your choice", Quarum Trench Gnomes' "target Plains") is refused, not kept
as not modeled. The fixture tests/fixtures/real_cards_mana_type_replacements.json holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, module_fixtures, pool, state

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_mana_type_replacements.json"
results, checker = module_fixtures(FIXTURE)

LAND = {"tapped_for_mana": True, "what": {"type": "Land"}}


def test_type_replacements_are_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Infernal Darkness")[1] == {
        "kind": "static", "replace_mana": {"when": {**LAND, "controller": "any"}, "result": {"type": "B"}}}
    assert abilities(results, "Ritual of Subdual")[1] == {
        "kind": "static", "replace_mana": {"when": {**LAND, "controller": "any"}, "result": {"type": "C"}}}
    assert abilities(results, "Deep Water")[0] == {
        "kind": "activated", "cost": {"mana": "{U}"},
        "effect": {"action": "until_end_of_turn",
                   "replace_mana": {"when": {**LAND, "controller": "you"}, "result": {"type": "U"}}}}


def test_replacements_no_template_reads_are_refused(results: dict[str, CardResult]) -> None:
    for name in ("Harvest Mage", "Quarum Trench Gnomes"):
        r = results[name]
        assert r.card is None and "replaces the mana a permanent produces" in (r.refusal or ""), (name, r.refusal)


def test_infernal_darkness_keeps_the_amount(checker: Checker) -> None:
    # 106.12b, 616.1: Mana Reflection doubles, Infernal Darkness changes the type: {B}{B} in any order
    doc = state([{"id": "f", "card": "Forest"}, {"id": "mr", "card": "Mana Reflection"},
                 {"id": "id", "card": "Infernal Darkness", "owner": "bob"}])
    after = applied(checker, doc, {"kind": "activate", "object": "f", "ability": 1})
    assert pool(after) == "{B}{B}"


def test_deep_water_resolved_makes_its_controllers_lands_produce_blue(checker: Checker) -> None:
    doc = state([{"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"},
                 {"id": "dw", "card": "Deep Water"}, {"id": "bf", "card": "Forest", "owner": "bob"}])
    doc = applied(checker, doc, {"kind": "activate", "object": "dw", "ability": 1})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert doc["effects"] == [{"card": "Deep Water", "controller": "alice", "duration": "end_of_turn"}]
    st = parse_state(doc, checker.library)
    assert checker.mana(st, "f") == ["U"]     # 106.7: alice's Forest
    assert checker.mana(st, "bf") == ["G"]    # "a land you control": not bob's


def test_pulse_of_llanowar_basic_lands_produce_a_color_of_your_choice(results: dict[str, CardResult],
                                                                      checker: Checker) -> None:
    # "If a basic land you control is tapped for mana, it produces mana of a color of your choice
    # instead of any other type." (106.12b, 106.1a: a color): refused before
    assert abilities(results, "Pulse of Llanowar")[0] == {
        "kind": "static", "replace_mana": {"when": {"tapped_for_mana": True, "what": {"type": "Land", "basic": True},
                                                    "controller": "you"}, "result": {"any_color": True}}}
    doc = state([{"id": "pl", "card": "Pulse of Llanowar"}, {"id": "w", "card": "Wastes"},
                 {"id": "bw", "card": "Wastes", "owner": "bob"}])
    st = parse_state(doc, checker.library)
    assert checker.mana(st, "w") == ["W", "U", "B", "R", "G"]
    assert checker.mana(st, "bw") == ["C"]
    assert pool(applied(checker, doc, {"kind": "activate", "object": "w", "ability": 1}, choose="R")) == "{R}"


def test_land_type_replacements_naked_singularity_and_reality_twist(results: dict[str, CardResult],
                                                                    checker: Checker) -> None:
    # "If tapped for mana, Plains produce {R}, Islands produce {G}, ... instead of any other type."
    # (106.12b, 305.6): one replacement effect with one result per basic land type (probe32a: refused)
    assert abilities(results, "Naked Singularity")[1] == {
        "kind": "static", "replace_mana": {"when": {**LAND, "controller": "any"}, "result": {"by_subtype": {
            "Plains": "R", "Island": "G", "Swamp": "W", "Mountain": "U", "Forest": "B"}}}}
    assert abilities(results, "Reality Twist")[1]["replace_mana"]["result"] == {"by_subtype": {
        "Plains": "R", "Swamp": "G", "Mountain": "W", "Forest": "B"}}
    doc = state([{"id": "rt", "card": "Reality Twist", "owner": "bob"}, {"id": "i", "card": "Island"},
                 {"id": "s", "card": "Swamp"}, {"id": "w", "card": "Wastes"}, {"id": "mr", "card": "Mana Reflection"}])
    st = parse_state(doc, checker.library)
    assert checker.mana(st, "i") == ["U"]     # Islands aren't listed: unchanged
    assert checker.mana(st, "s") == ["G"]
    assert checker.mana(st, "w") == ["C"]     # no basic land type
    # 106.12b: the type is replaced, the amount Mana Reflection doubled kept
    assert pool(applied(checker, doc, {"kind": "activate", "object": "s", "ability": 1})) == "{G}{G}"


def test_chromatic_orrery_spend_mana_as_though_any_color(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    # 609.4b: "You may spend mana as though it were mana of any color." (probe32a: refused); Mycosynth
    # Lattice's "Players may ..." still is: its "All permanents are artifacts ..." isn't read
    assert abilities(results, "Chromatic Orrery")[0] == {"kind": "static", "spend_as_any_color": "you"}
    assert results["Mycosynth Lattice"].card is None
    doc = state([{"id": "co", "card": "Chromatic Orrery", "tapped": True}, {"id": "f", "card": "Forest"},
                 {"id": "lb", "card": "Lightning Bolt", "zone": "hand"}])
    st = parse_state(doc, checker.library)
    bolt = {"kind": "cast", "object": "lb", "targets": ["bob"]}
    assert checker.why(st, parse_action(bolt, st, checker.library, "alice"), "alice").legal
    after = applied(checker, doc, bolt)
    assert next(o for o in after["objects"] if o["id"] == "f").get("tapped") is True
