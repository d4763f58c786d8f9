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


# ---------------------------------------------------------------------------------------------
# Real cards (tests/fixtures/real_cards_state_x_validation.json: MTGJSON AtomicCards entries copied from
# ../shared/data/AtomicCards.json): target mana value bounds (202.3, 601.2c, 107.3a)

from pathlib import Path

from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_state_x_validation.json"
results, checker = module_fixtures(FIXTURE)


def _targets(results: dict[str, CardResult], name: str, i: int = 0) -> list[dict[str, Any]]:
    return abilities(results, name)[i]["effect"]["targets"]


def test_mana_value_bounds_of_targets_are_read(results: dict[str, CardResult]) -> None:
    assert _targets(results, "Unearth") == [
        {"zone": "graveyard", "types": ["Creature"], "mana_value": {"at_most": 3}, "controller": "you"}]
    assert _targets(results, "Despark") == [{"zone": "battlefield", "mana_value": {"at_least": 4}}]
    assert _targets(results, "Auriok Salvagers") == [
        {"zone": "graveyard", "types": ["Artifact"], "mana_value": {"at_most": 1}, "controller": "you"}]
    # "X or less" with X announced (107.3a) is not "X" exactly (Postmortem Lunge's)
    assert _targets(results, "Stir the Grave")[0]["mana_value"] == {"at_most": "X"}
    assert _targets(results, "Dominate")[0]["mana_value"] == {"at_most": "X"}
    assert _targets(results, "Postmortem Lunge")[0]["mana_value"] == "X"


def test_an_x_the_text_defines_is_not_read_as_announced() -> None:
    # "... with mana value X or less ..., where X is the amount of life you gained this turn"
    # (Celestine, the Living Saint): X is defined by the text (107.3c), not announced
    from mtgasp.oracle import _targets_of
    reqs = _targets_of("Return target creature card with mana value X or less from your graveyard to the "
                       "battlefield, where X is the amount of life you gained this turn.")
    assert reqs == [{"zone": "graveyard", "types": ["Creature"], "controller": "you"}]
    reqs = _targets_of("Return target creature card with mana value X or less from your graveyard to the battlefield.")
    assert reqs[0]["mana_value"] == {"at_most": "X"}


def test_pawprint_modes_require_no_target(results: dict[str, CardResult]) -> None:
    # "Choose up to five {P} worth of modes" (Season of the Burrow): a mode's targets are chosen only
    # if that mode is (700.2), so none is required to cast it (601.2c)
    for a in abilities(results, "Season of the Burrow"):
        assert "targets" not in (a.get("effect") or {}), a


@pytest.mark.parametrize(("index", "x", "ok"), [(2, 3, False), (3, 2, False), (3, 0, True), (2, None, True)])
def test_an_activated_ability_on_the_stack_has_an_x_only_with_one_in_its_cost(index: int, x: int | None,
                                                                              ok: bool) -> None:
    """107.3a, 107.3k, 602.2b: an activated ability's X is announced for its activation cost; Walking
    Ballista's "{4}: Put a +1/+1 counter" and "Remove a +1/+1 counter: ... 1 damage" have none, so
    their abilities on the stack can't carry an X (found by probe32c: accepted, as Grim Lavamancer's
    with "x": 3; a spell's X was already checked so)."""
    ab: dict[str, Any] = {"id": "ab", "zone": "stack", "ability": {"source": "wb", "index": index},
                          "controller": "alice", "targets": ["bob"] if index == 3 else None}
    if x is not None:
        ab["x"] = x
    doc = {"format": 1, "turn": 6, "active_player": "alice", "step": "precombat_main", "priority": "alice",
           "players": [{"name": "alice"}, {"name": "bob"}],
           "objects": [{"id": "wb", "card": "Walking Ballista", "owner": "alice", "zone": "battlefield",
                        "counters": {"+1/+1": 2}}, ab],
           "stack": ["ab"]}
    if ok:
        parse_state(doc, LIB)
    else:
        with pytest.raises(InputError) as e:
            parse_state(doc, LIB)
        assert "objects[1].x" in str(e.value) and "has no X to announce" in str(e.value)
