"""Found by probe28b: a spell on the stack cast by the method "alternative" (118.9, 601.2b: paying
its card's own alternative cost) whose card has no alternative cost was accepted, as a kicked spell
without kicker was before (702.33a). It is bad input now, at the object's `method`."""

from __future__ import annotations

from typing import Any

import pytest
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.state import parse_state

LIB = CardLibrary.builtin()


def _state(card: str, method: str) -> dict[str, Any]:
    return {"format": 1, "turn": 6, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}],
            "objects": [{"id": "s", "card": card, "zone": "stack", "owner": "alice", "cast_from": "hand",
                         "method": method}],
            "stack": ["s"]}


def test_alternative_method_needs_an_alternative_cost() -> None:
    with pytest.raises(InputError) as e:
        parse_state(_state("Grizzly Bears", "alternative"), LIB)
    assert [p.path for p in e.value.problems] == ["objects[0].method"]
    assert "has no alternative cost" in e.value.problems[0].message and "118.9" in e.value.problems[0].message
    # cast without paying its mana cost by an effect (method free) any spell may be
    parse_state(_state("Grizzly Bears", "free"), LIB)
