"""Found by probe22b (session 22): state validation of a permanent's chosen color (614.12)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.state import parse_state

SCENARIO = (Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"
            / "rule-614.12-thriving-bluff-color-other-than-red.json")


def test_a_color_the_card_forbids_is_no_chosen_color() -> None:
    """Thriving Bluff: "As it enters, choose a color other than red." apply refuses --choose R
    (614.12), but a state with "chosen_color": "R" was accepted, and the Bluff then could produce
    only {R} (its chosen color being red): a state that can't happen, answered as if it could."""
    doc = json.loads(SCENARIO.read_text(encoding="utf-8"))
    lib = CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="test", base=CardLibrary.builtin())
    state = copy.deepcopy(doc["state"])
    state["objects"][0].update(zone="battlefield", tapped=True, chosen_color="R")
    with pytest.raises(InputError) as e:
        parse_state(state, lib)
    assert [p.path for p in e.value.problems] == ["objects[0].chosen_color"]
    assert "other than" in e.value.problems[0].message and "614.12" in e.value.problems[0].message
    for color in "WUBG":
        state["objects"][0]["chosen_color"] = color
        assert parse_state(state, lib).objects[0].extra["chosen_color"] == color
    # a face-down permanent has none of its card's abilities (708.2a): nothing forbids a color
    state["objects"][0].update(chosen_color="R", face_down=True)
    parse_state(state, lib)


def test_a_mana_ability_paid_with_mana_is_said_after_what_paid_it() -> None:
    """605.3a, 601.2g: Lightning Bolt's {R} paid by a tapped Pili-Pala's "{2}, {Q}: Add one mana of
    any color", whose {2} two Forests pay: the Forests' mana abilities are activated first, so apply
    says them first (found by probe22b: Pili-Pala's {R} was said before the Forests that paid its
    {2}); Pili-Pala ends untapped (107.6)."""
    from mtgasp.actions import parse_action
    from mtgasp.api import Checker
    from mtgasp.apply import apply_action

    checker = Checker()
    doc = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
           "players": [{"name": "alice"}, {"name": "bob"}],
           "objects": [{"id": "pp", "card": "Pili-Pala", "owner": "alice", "zone": "battlefield", "tapped": True,
                        "controlled_since_turn": 1},
                       {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield", "controlled_since_turn": 1},
                       {"id": "f2", "card": "Forest", "owner": "alice", "zone": "battlefield", "controlled_since_turn": 1},
                       {"id": "lb", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}]}
    state = parse_state(doc, checker.library)
    action = parse_action({"kind": "cast", "object": "lb", "targets": ["bob"]}, state, checker.library, "alice")
    out = apply_action(checker, state, action, "alice")
    paid = [e for e in out.events if e.startswith("While the cost is paid, ")]
    assert [e.split("'s mana ability")[0] for e in paid] == [
        "While the cost is paid, Forest (f1)", "While the cost is paid, Forest (f2)",
        "While the cost is paid, Pili-Pala (pp)"]
    assert "adds {R}" in paid[2]
    objs = {o["id"]: o for o in out.state["objects"]}
    assert not objs["pp"].get("tapped") and objs["f1"]["tapped"] and objs["f2"]["tapped"]
