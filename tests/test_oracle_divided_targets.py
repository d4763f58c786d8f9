"""Real cards through the Oracle importer: how many targets a spell that divides damage among them
has (601.2c, 601.2d, 115.1, 700.2). Kicked Fight with Fire ("If this spell was kicked, it deals 10
damage divided as you choose among any number of targets instead") was cast with eleven targets
(at most ten: each gets at least 1), and unkicked with two (it has one, "target creature"); Rolling
Thunder ("X damage divided as you choose among any number of targets") with X = 2 and none or three
(Fire Covenant's ruling: "If X is greater than 0, the number of targets must be at least 1 and at
most X"); Magma Opus ("4 damage divided ... among any number of targets. Tap two target
permanents.") naming only its two permanents, and Fiery Justice naming one target (the targets no
requirement reads were not counted in the least number); and the "at most N target(s)" reason cited
115.1 where the bound is 601.2d's or 700.2's. The fixture tests/fixtures/real_cards_divided_targets.json
holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult, _divided_x, _kicked_max_targets
from real_cards import module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_divided_targets.json"
results, checker = module_fixtures(FIXTURE)


def spell_effect(results: dict[str, CardResult], name: str) -> dict[str, Any]:
    card = results[name].card
    assert card is not None, results[name]
    return next(a["effect"] for a in card["faces"][0]["abilities"] if a["kind"] == "spell")


def test_kicked_instead_divides_among_at_most_n(results: dict[str, CardResult]) -> None:
    # 601.2c, 601.2d: kicked, 1 to 10 targets in place of "target creature"; unkicked, that one
    assert spell_effect(results, "Fight with Fire") == {
        "action": "not_modeled", "kicked_min_targets": 1, "kicked_max_targets": 10, "max_targets": 1,
        "targets": [{"zone": "battlefield", "types": ["Creature"], "kicked": False}]}
    assert _kicked_max_targets("If this spell was kicked, it deals 10 damage divided as you choose "
                               "among any number of target creatures instead.") is None


def test_x_damage_divided_has_one_to_x_targets(results: dict[str, CardResult]) -> None:
    # 601.2d, 107.3a: with X > 0 at least one target, and at most X
    assert spell_effect(results, "Rolling Thunder") == {"action": "not_modeled", "max_targets": "X",
                                                        "x_min_targets": 1, "targets_by": "division"}
    # "... among any number of target attacking creatures": each target named is one (601.2c;
    # count 0 with "max": none required by the requirement itself)
    assert spell_effect(results, "Hail of Arrows") == {
        "action": "not_modeled", "max_targets": "X", "x_min_targets": 1, "targets_by": "division",
        "targets": [{"zone": "battlefield", "types": ["Creature"], "combat": "attacking", "count": 0,
                     "max": "any"}]}
    assert not _divided_x("~ deals X damage divided as you choose among any number of targets. "
                          "Target player draws a card.")
    assert not _divided_x("~ deals X damage divided as you choose among any number of target creatures, "
                          "where X is the number of creatures on the battlefield as you cast this spell.")


def test_least_targets_count_the_unread_ones_too(results: dict[str, CardResult]) -> None:
    # 601.2c, 601.2d: the divided damage's target(s) beside the read "two target permanents"
    assert spell_effect(results, "Magma Opus") == {
        "action": "not_modeled", "targets": [{"zone": "battlefield", "count": 2}],
        "min_targets": 3, "max_targets": 6, "targets_by": "division"}
    assert spell_effect(results, "Fiery Justice") == {
        "action": "not_modeled", "min_targets": 2, "max_targets": 6, "targets_by": "division"}


def test_the_reasons_cite_the_rule_that_bounds_the_targets(checker: Checker) -> None:
    lands = ([{"id": f"m{i}", "card": "Mountain"} for i in range(4)]
             + [{"id": f"i{i}", "card": "Island"} for i in range(4)])
    doc = state([{"id": "mo", "card": "Magma Opus", "zone": "hand"},
                 {"id": "pc", "card": "Prismari Command", "zone": "hand"}, *lands])
    v = why(checker, doc, {"kind": "cast", "object": "mo", "targets": ["i0", "i1"]})
    assert not v.legal and [r.rule for r in v.reasons] == ["601.2c"], v.to_json()
    assert "at least 3" in v.reasons[0].message and "601.2d" in v.reasons[0].message
    v = why(checker, doc, {"kind": "cast", "object": "mo", "targets": [f"m{i}" for i in range(4)]
                           + ["i0", "i1", "i2"]})
    assert not v.legal and "at most 6" in v.reasons[0].message and "601.2d" in v.reasons[0].message
    v = why(checker, doc, {"kind": "cast", "object": "pc", "targets": ["bob", "alice", "i0"]})
    assert not v.legal and "at most 2" in v.reasons[0].message and "700.2" in v.reasons[0].message
    assert why(checker, doc, {"kind": "cast", "object": "mo", "targets": ["bob", "i0", "i1"]}).legal
