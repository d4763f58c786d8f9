"""Real cards whose every target is a player: "Target player reveals their hand" (Thoughtseize),
"Target opponent reveals their hand" (Duress), "Target player draws three cards" (Ancestral
Recall), "{3}, {T}: Target player discards a card" (Disrupting Scepter). The importer keeps their
effects as not modeled; a target no requirement reads is still required (`min_targets`), and it
now also says that each target is a player (`player_targets`: "any", or "opponents" for "target
opponent"): an object named as the target is no legal target, nor the acting player for "target
opponent" (601.2c, 602.2b, 115.1, 102.2; found by probe32c: Thoughtseize was cast targeting a
Grizzly Bears, and Duress targeting its caster). "Target player or planeswalker" (Lava Spike) may
target an object, so it says nothing. The fixture holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_player_targets.json"
results, checker = module_fixtures(FIXTURE)


def _doc() -> dict[str, Any]:
    lands = ([{"id": f"s{i}", "card": "Swamp"} for i in range(3)] + [{"id": "u1", "card": "Island"}]
             + [{"id": "m1", "card": "Mountain"}])
    return state([{"id": "seize", "card": "Thoughtseize", "zone": "hand"},
                  {"id": "duress", "card": "Duress", "zone": "hand"},
                  {"id": "recall", "card": "Ancestral Recall", "zone": "hand"},
                  {"id": "spike", "card": "Lava Spike", "zone": "hand"},
                  {"id": "scepter", "card": "Disrupting Scepter"},
                  {"id": "bb", "card": "Mountain", "owner": "bob"}, *lands])


def test_the_importer_says_the_targets_are_players(results: dict[str, CardResult]) -> None:
    want = {"Thoughtseize": "any", "Duress": "opponents", "Ancestral Recall": "any",
            "Disrupting Scepter": "any", "Lava Spike": None}
    for name, who in want.items():
        effects = [a.get("effect", {}) for a in abilities(results, name)]
        got = [e["player_targets"] for e in effects if "player_targets" in e]
        assert got == ([who] if who else []), (name, effects)


@pytest.mark.parametrize(("action", "target", "rule", "words"), [
    ({"kind": "cast", "object": "seize"}, "bb", "601.2c", "targets players only"),
    ({"kind": "cast", "object": "recall"}, "seize", "601.2c", "targets players only"),
    ({"kind": "cast", "object": "duress"}, "s1", "601.2c", "targets players only"),
    ({"kind": "cast", "object": "duress"}, "alice", "601.2c", "targets an opponent, and alice is casting it"),
    ({"kind": "activate", "object": "scepter", "ability": 1}, "bb", "602.2b", "targets players only"),
])
def test_an_object_or_the_caster_is_no_player_target(checker: Checker, action: dict[str, Any], target: str,
                                                     rule: str, words: str) -> None:
    v = why(checker, _doc(), {**action, "targets": [target]})
    assert not v.legal and [r.rule for r in v.reasons] == [rule], v.reasons
    assert words in v.reasons[0].message


@pytest.mark.parametrize(("action", "target"), [
    ({"kind": "cast", "object": "seize"}, "alice"), ({"kind": "cast", "object": "seize"}, "bob"),
    ({"kind": "cast", "object": "duress"}, "bob"), ({"kind": "cast", "object": "recall"}, "alice"),
    ({"kind": "activate", "object": "scepter", "ability": 1}, "bob"),
    ({"kind": "cast", "object": "spike"}, "bob"),
])
def test_a_player_is_a_legal_target(checker: Checker, action: dict[str, Any], target: str) -> None:
    assert why(checker, _doc(), {**action, "targets": [target]}).legal


def test_target_opponent_needs_an_opponent(checker: Checker) -> None:
    doc = _doc()
    doc["players"] = [{"name": "alice"}]
    doc["objects"] = [o for o in doc["objects"] if o["owner"] == "alice"]
    v = why(checker, doc, {"kind": "cast", "object": "duress"})
    assert not v.legal and [r.rule for r in v.reasons] == ["601.2c"], v.reasons
    assert "no opponent" in v.reasons[0].message
    assert why(checker, doc, {"kind": "cast", "object": "seize"}).legal
