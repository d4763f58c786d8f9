"""Found by probe23b (session 23): state validation of a spell's X (107.3a, 107.3b, 107.3k,
601.2b): an {X} is announced only for a cost of the spell that is paid."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import module_fixtures

# MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json
FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_state_x_only_for_paid_costs.json"
results, checker = module_fixtures(FIXTURE)


def _lib(results: dict[str, CardResult]) -> CardLibrary:
    cards = [r.card for r in results.values() if r.card is not None]
    assert len(cards) == 4
    return CardLibrary.from_data({"format": 1, "cards": cards}, source="imported")


def _state(spell: dict[str, Any]) -> dict[str, Any]:
    return {"format": 1, "turn": 6, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice"}, {"name": "bob"}],
            "objects": [{"id": "s", "zone": "stack", "owner": "alice", "cast_from": "hand", **spell}],
            "stack": ["s"]}


def _refused(doc: dict[str, Any], lib: CardLibrary, words: str) -> None:
    with pytest.raises(InputError) as e:
        parse_state(doc, lib)
    assert [p.path for p in e.value.problems] == ["objects[0].x"]
    assert words in e.value.problems[0].message
    ok = copy.deepcopy(doc)
    ok["objects"][0]["x"] = 0
    parse_state(ok, lib)


def test_an_x_only_in_an_unpaid_kicker_cost_is_never_announced(results: dict[str, CardResult]) -> None:
    # Kangee, Aerie Keeper: "Kicker {X}{2}"; unkicked, its kicker cost isn't paid, so no X is
    # announced (107.3a, 601.2b): x 2 can't happen; kicked, it can
    lib = _lib(results)
    _refused(_state({"card": "Kangee, Aerie Keeper", "x": 2}), lib, "wasn't kicked")
    parse_state(_state({"card": "Kangee, Aerie Keeper", "x": 2, "kicked": True}), lib)
    # Verdeloth the Ancient (kicker {X}) cast without paying its mana cost: X only if kicked (107.3b)
    _refused(_state({"card": "Verdeloth the Ancient", "x": 2, "method": "free", "cast_from": "exile"}),
             lib, "107.3b")
    parse_state(_state({"card": "Verdeloth the Ancient", "x": 2, "method": "free", "cast_from": "exile",
                        "kicked": True}), lib)


def test_an_activated_abilitys_x_is_not_the_spells(results: dict[str, CardResult]) -> None:
    # Ballista Squad ({3}{W}; "{X}{W}, {T}: ... deals X damage ..."): 107.3k, the activation cost's X
    # is that ability's own; the spell has no X
    _refused(_state({"card": "Ballista Squad", "x": 2}), _lib(results), "no cost of Ballista Squad has {X}")


def test_x_of_a_spell_with_x_in_its_mana_cost_stays(results: dict[str, CardResult]) -> None:
    lib = _lib(results)
    parse_state(_state({"card": "Comet Storm", "x": 3}), lib)
    parse_state(_state({"card": "Comet Storm", "x": 3, "kicked": True, "times_kicked": 2}), lib)
    _refused(_state({"card": "Comet Storm", "x": 3, "method": "free", "cast_from": "exile"}), lib, "107.3b")
