"""Found by probe21b (session 21): state validation of a spell's X under 107.3b, and the
phyrexian_life field of actions (601.2b)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mtgasp.actions import parse_action
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.state import parse_state

LIB = CardLibrary.builtin()


def _state(spell: dict[str, Any]) -> dict[str, Any]:
    return {"format": 1, "turn": 6, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}],
            "objects": [{"id": "s", "zone": "stack", "owner": "alice", "cast_from": "exile", **spell}],
            "stack": ["s"]}


@pytest.mark.parametrize("method", ["free", "plot"])
def test_a_spell_cast_without_paying_its_mana_cost_has_x_0(method: str) -> None:
    # 107.3b: Walking Ballista cast without paying its mana cost has X = 0; x 3 can't happen
    doc = _state({"card": "Walking Ballista", "method": method, "x": 3})
    with pytest.raises(InputError) as e:
        parse_state(doc, LIB)
    assert any(p.path == "objects[0].x" and "107.3b" in p.message for p in e.value.problems)
    ok = copy.deepcopy(doc)
    ok["objects"][0]["x"] = 0
    parse_state(ok, LIB)


def test_x_of_a_foretold_spell_may_be_chosen() -> None:
    # 107.3a: Starnheim Unleashed's foretell cost {X}{X}{W} has X; so does a normal cast's mana cost
    parse_state(_state({"card": "Starnheim Unleashed", "method": "foretell", "x": 2}), LIB)
    parse_state(_state({"card": "Walking Ballista", "method": "normal", "cast_from": "hand", "x": 2}), LIB)


def test_phyrexian_life_is_a_count() -> None:
    st = parse_state({**_state({"card": "Lightning Bolt", "method": "normal", "cast_from": "hand"}),
                      "objects": [{"id": "b", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}],
                      "stack": []}, LIB)
    a = parse_action({"kind": "cast", "object": "b", "phyrexian_life": 1}, st, LIB)
    assert a.phyrexian_life == 1 and a.to_json()["phyrexian_life"] == 1
    for bad in (-1, "1", True, 1.5):
        with pytest.raises(InputError) as e:
            parse_action({"kind": "cast", "object": "b", "phyrexian_life": bad}, st, LIB)
        assert e.value.problems[0].path == "action.phyrexian_life"
    with pytest.raises(InputError) as e:
        parse_action({"kind": "pass", "phyrexian_life": 1}, st, LIB)
    assert e.value.problems[0].path == "action.phyrexian_life"
