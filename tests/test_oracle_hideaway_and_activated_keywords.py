"""Real cards through the Oracle importer, as probe19 found them: hideaway (CR 702.75) and the
keywords that are activated abilities (equip 702.6a, fortify 702.67a, cycling 702.29a and e). The
fixture tests/fixtures/real_cards_hideaway_and_activated_keywords.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json, and Windbrisk Heights with its Lorwyn printed text ("Hideaway"
with no number: 702.75b).
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_hideaway_and_activated_keywords.json"
results, checker = module_fixtures(FIXTURE)
OLD = "Windbrisk Heights (Lorwyn printing)"


def test_printed_hideaway_reads_as_its_errata(results: dict[str, CardResult]) -> None:
    # 702.75b: "Those older cards have received errata in the Oracle card reference to have
    # 'Hideaway 4' and the additional ability '[This permanent] enters tapped.'" -- numbered as the
    # Oracle text is (the play ability is ability 4, as on Mosswort Bridge)
    old = abilities(results, OLD)
    new = abilities(results, "Mosswort Bridge")
    assert old[0] == new[0] == {"kind": "keyword", "keyword": "hideaway", "n": 4}
    assert old[1] == new[1] == {"kind": "replacement", "enters_tapped": True}
    assert len(old) == len(new) == 4
    assert old[3]["effect"] == {"action": "play_exiled_free", "condition": {"attacked_with_at_least": 3}}


def test_printed_hideaway_enters_tapped_and_triggers(checker: Checker) -> None:
    doc = state([{"id": "wh", "card": OLD, "zone": "hand"}]
                + [{"id": f"l{i}", "card": "Mosswort Bridge", "zone": "library"} for i in range(5)])
    after = applied(checker, doc, {"kind": "play_land", "object": "wh"})
    assert obj(after, "wh")["tapped"] is True
    assert len(after["stack"]) == 1   # the hideaway trigger


def test_clives_hideaway_condition(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Clive's Hideaway")[2]["effect"] == {
        "action": "play_exiled_free", "condition": {"legendary_creatures_you_control_at_least": 4}}
    resolving = [{"id": "ch", "card": "Clive's Hideaway", "tapped": True},
                 {"id": "hid", "card": "Mosswort Bridge", "zone": "exile", "face_down": True,
                  "exiled_with": "ch"},
                 {"id": "act", "zone": "stack", "ability": {"source": "ch", "index": 3},
                  "controller": "alice"}]
    doc = state(resolving, stack=["act"], resolving="act", priority=None)
    doc["objects"][2] = resolving[2]   # (an ability on the stack has no owner or zone default)
    # no legendary creature: the hidden land can't be played (702.75a names the condition; four
    # legendary creatures make it legal: corpus rule-702.75a-clives-hideaway-four-legendary-creatures)
    v = why(checker, doc, {"kind": "play_land", "object": "hid"})
    assert not v.legal and "702.75a" in {r.rule for r in v.reasons}


def test_activated_keywords_are_activated_abilities(results: dict[str, CardResult]) -> None:
    target_yours = [{"zone": "battlefield", "types": ["Creature"], "controller": "you"}]
    assert abilities(results, "Bonesplitter")[1] == {
        "kind": "activated", "cost": {"mana": "{1}"}, "timing": "sorcery",
        "effect": {"action": "not_modeled", "targets": target_yours}}
    assert abilities(results, "Darksteel Garrison")[2]["effect"]["targets"][0]["types"] == ["Land"]
    assert abilities(results, "Censor")[1] == {
        "kind": "activated", "cost": {"mana": "{U}", "discard": "self"}, "zone": "hand",
        "effect": {"action": "draw", "n": 1}}
    assert abilities(results, "Lórien Revealed")[1]["zone"] == "hand"
    # "Cycling—Pay 2 life." is read too since session 15 (keyword.cycling_life, 119.4)
    assert abilities(results, "Street Wraith")[1] == {
        "kind": "activated", "cost": {"life": 2, "discard": "self"}, "zone": "hand",
        "effect": {"action": "draw", "n": 1}}


def test_equip_timing_and_target(checker: Checker) -> None:
    doc = state([{"id": "bs", "card": "Bonesplitter"}, {"id": "i", "card": "Island"},
                 {"id": "cen", "card": "Censor", "zone": "hand"}])
    doc["objects"].append({"id": "x", "card": "Censor", "owner": "bob", "zone": "stack",
                           "cast_from": "hand"})
    doc["stack"] = ["x"]
    # 602.5d: not while a spell is on the stack; cycling (no timing restriction) may be
    v = why(checker, doc, {"kind": "activate", "object": "bs", "ability": 2, "targets": []})
    assert not v.legal and "602.5d" in {r.rule for r in v.reasons}
    v = why(checker, doc, {"kind": "activate", "object": "cen", "ability": 2})
    assert v.legal and v.cost == "{U}, discard it"  # cycling {U}: "{U}, Discard this card" (702.29a)
