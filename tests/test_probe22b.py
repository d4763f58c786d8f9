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
