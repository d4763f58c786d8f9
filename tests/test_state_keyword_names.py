"""probe29e: a state's ``gained_keywords`` and ``animated.keywords`` name keyword abilities mtgasp
knows (702). Another word was read as a keyword no rule reads, silently: a Llanowar Elves that
"gained" "hasted" stayed summoning sick (302.6) with exit 0."""

from __future__ import annotations

import copy

import pytest
from mtgasp.api import Checker
from mtgasp.errors import InputError
from mtgasp.state import load_state

BASE = {
    "format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice"}, {"name": "bob"}],
    "objects": [
        {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"},
        {"id": "elves", "card": "Llanowar Elves", "owner": "alice", "zone": "battlefield",
         "controlled_since_turn": 3},
    ],
}


@pytest.fixture(scope="module")
def library():
    return Checker().library


def _problems(doc, library) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as info:
        load_state(doc, library)
    return [(p.path, p.message) for p in info.value.problems]


def _with(field, value):
    doc = copy.deepcopy(BASE)
    doc["objects"][1][field] = value
    return doc


def test_a_misspelt_keyword_is_bad_input_at_its_index(library) -> None:
    probs = _problems(_with("gained_keywords", ["flying", "hasted"]), library)
    assert [p for p, _ in probs] == ["objects[1].gained_keywords[1]"]
    assert '"hasted" is not a keyword ability' in probs[0][1] and '"haste"' in probs[0][1]
    assert "702" in probs[0][1]


def test_a_keyword_that_needs_a_cost_or_quality_is_bad_input(library) -> None:
    probs = _problems(_with("gained_keywords", ["Ward", "protection"]), library)
    assert [p for p, _ in probs] == ["objects[1].gained_keywords[0]", "objects[1].gained_keywords[1]"]
    assert all("can't gain it by its name alone" in m for _, m in probs)


def test_animated_keywords_are_checked_too(library) -> None:
    doc = _with("animated", {"power": 2, "toughness": 2, "keywords": ["flyng"]})
    assert [p for p, _ in _problems(doc, library)] == ["objects[1].animated.keywords[0]"]


def test_known_keywords_load_in_any_case(library) -> None:
    st = load_state(_with("gained_keywords", ["HASTE", "First Strike", "hexproof"]), library)
    elves = next(o for o in st.objects if o.id == "elves")
    assert elves.extra["gained_keywords"] == ["haste", "first strike", "hexproof"]
