"""Play forward: events are said in the order they happen (docs/commands.md, `apply`). A spell that
Goliath Daydreamer's first ability marked is exiled with a dream counter as the final step of its
resolution (608.2n, 614.1a), after its effect: the event saying so came before Lightning Bolt's
damage (found by probe31b)."""

from __future__ import annotations

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.state import parse_state

CHECKER = Checker()


def test_the_dream_exile_is_said_after_the_spells_effect() -> None:
    doc = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "bob",
           "consecutive_passes": 1, "players": [{"name": "alice"}, {"name": "bob"}],
           "objects": [
               {"id": "gd", "card": "Goliath Daydreamer", "owner": "alice", "zone": "battlefield",
                "controlled_since_turn": 1},
               {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "stack", "cast_from": "hand",
                "method": "normal", "mana_spent": 1, "dream_exile": True, "targets": ["bob"]}],
           "stack": ["bolt"]}
    st = parse_state(doc, CHECKER.library)
    res = apply_action(CHECKER, st, parse_action({"kind": "pass"}, st, CHECKER.library, "bob"), "bob")
    assert res.legal
    events = res.to_json()["events"]
    damage = next(i for i, e in enumerate(events) if "deals 3 damage to bob" in e)
    exiled = next(i for i, e in enumerate(events) if "exiled with a dream counter" in e)
    assert damage < exiled, events
