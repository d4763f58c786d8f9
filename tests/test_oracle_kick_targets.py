"""Real cards through the Oracle importer: "Choose any target, then choose another target for each
time this spell was kicked" (Comet Storm) and "Choose target creature, then choose another target
creature for each time this spell was kicked" (Strength of the Tajuru) have 1 + N different targets
when kicked N times (702.33c, 601.2c). Found by probe27b: both were read with one target whatever
the kicks, so Comet Storm kicked twice with two players and no creature, and Strength of the Tajuru
kicked twice naming one creature three times, were legal. The fixture
tests/fixtures/real_cards_kick_targets.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.oracle import CardResult
from real_cards import module_fixtures, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_kick_targets.json"
results, checker = module_fixtures(FIXTURE)


def spell_effect(results: dict[str, CardResult], name: str) -> dict[str, Any]:
    card = results[name].card
    assert card is not None, results[name]
    return next(a["effect"] for a in card["faces"][0]["abilities"] if a["kind"] == "spell")


def test_the_importer_reads_one_more_target_per_kick(results: dict[str, CardResult]) -> None:
    assert spell_effect(results, "Comet Storm") == {"action": "not_modeled", "min_targets": 1,
                                                    "kick_targets": 1}
    assert spell_effect(results, "Strength of the Tajuru") == {
        "action": "not_modeled", "kick_targets": 1,
        "targets": [{"zone": "battlefield", "types": ["Creature"]}]}


def test_kicks_need_as_many_more_different_targets(checker: Any) -> None:
    lands = [{"id": f"m{i}", "card": "Mountain"} for i in range(4)] + \
            [{"id": f"f{i}", "card": "Forest"} for i in range(4)]
    doc = state([*lands, {"id": "gb", "card": "Grizzly Bears"},
                 {"id": "cs", "card": "Comet Storm", "zone": "hand"},
                 {"id": "st", "card": "Strength of the Tajuru", "zone": "hand"}])
    cs = {"kind": "cast", "object": "cs", "x": 0}
    # two players and the Bears: three targets, so kicked twice but not three times
    assert why(checker, doc, {**cs, "additional": ["kicker"] * 2, "targets": ["alice", "bob", "gb"]}).legal
    v = why(checker, doc, {**cs, "additional": ["kicker"] * 3})
    assert not v.legal and rules(v) == {"601.2c"} and len(v.reasons) == 1
    v = why(checker, doc, {**cs, "additional": ["kicker"], "targets": ["bob", "bob"]})
    assert not v.legal and rules(v) == {"601.2c"}
    st = {"kind": "cast", "object": "st", "x": 1}
    assert why(checker, doc, {**st, "targets": ["gb"]}).legal
    v = why(checker, doc, {**st, "additional": ["kicker", "kicker"], "targets": ["gb", "gb", "gb"]})
    assert not v.legal and rules(v) == {"601.2c"}
    v = why(checker, doc, {**st, "targets": ["bob"]})
    assert not v.legal and rules(v) == {"601.2c"} and len(v.reasons) == 1
