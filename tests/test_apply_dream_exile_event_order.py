"""608.2n, 614.1a: an instant or sorcery is put into its owner's graveyard -- or, marked by Goliath
Daydreamer's first ability, exiled with a dream counter instead -- as the final step of its
resolution, after its effects. apply says the events in that order (found by probe31a: Lightning
Bolt "is exiled with a dream counter" was said before it "deals 3 damage", where its graveyard
event came last)."""

from __future__ import annotations

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.state import parse_state

CHECKER = Checker()
LIB = CHECKER.library


def _resolve(dream: bool) -> list[str]:
    bolt = {"id": "lb", "card": "Lightning Bolt", "owner": "alice", "zone": "stack", "cast_from": "hand",
            "method": "normal", "mana_spent": 1, "targets": ["bob"]}
    if dream:
        bolt["dream_exile"] = True
    doc = {
        "format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "bob",
        "consecutive_passes": 1,
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "gol", "card": "Goliath Daydreamer", "owner": "alice", "zone": "battlefield",
             "controlled_since_turn": 1},
            bolt,
        ],
        "stack": ["lb"],
    }
    state = parse_state(doc, LIB)
    out = apply_action(CHECKER, state, parse_action({"kind": "pass"}, state, LIB, "bob"), "bob")
    assert out.legal
    return out.events


def test_the_dream_exile_is_said_after_the_spells_effect() -> None:
    events = _resolve(dream=True)
    damage = next(i for i, e in enumerate(events) if "deals 3 damage to bob" in e)
    exiled = next(i for i, e in enumerate(events) if "exiled with a dream counter instead" in e)
    assert damage < exiled, events


def test_the_graveyard_is_said_after_the_spells_effect() -> None:
    events = _resolve(dream=False)
    damage = next(i for i, e in enumerate(events) if "deals 3 damage to bob" in e)
    grave = next(i for i, e in enumerate(events) if "put into its owner's graveyard (608.2n)" in e)
    assert damage < grave, events
