"""113.2, 602.2a: an ability another card grants a permanent (Umbral Mantle's "Equipped creature has
'{3}, {Q}: This creature gets +2/+2 until end of turn.'") on the stack: a state names it as actions
do, ``{"granted_by": CARD, "index": N}``; what isn't such an ability is bad input at its field, and
the state reads back as it was written (found by probe32d: apply crashed putting it on the stack)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.state import dump_state, parse_state

SCENARIO = (Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"
            / "rule-602.2a-umbral-mantles-granted-untap-ability-goes-on-the-stack-and-resolves.json")


def _lib_and_doc() -> tuple[CardLibrary, dict[str, Any]]:
    scen = json.loads(SCENARIO.read_text(encoding="utf-8"))
    lib = CardLibrary.from_data({"format": 1, "cards": scen["cards"]})
    doc = copy.deepcopy(scen["state"])
    doc["objects"].append({"id": "ab", "zone": "stack", "controller": "alice",
                           "ability": {"source": "bears", "index": {"granted_by": "Umbral Mantle", "index": 1}}})
    doc["stack"] = ["ab"]
    return lib, doc


def test_a_granted_ability_on_the_stack_reads_and_dumps_back() -> None:
    lib, doc = _lib_and_doc()
    st = parse_state(doc, lib)
    ab = st.obj("ab")
    assert ab is not None and ab.ability is not None
    assert (ab.ability.granted_by, ab.ability.index) == ("Umbral Mantle", 1)
    out = dump_state(st)
    assert next(o for o in out["objects"] if o["id"] == "ab")["ability"] == {
        "source": "bears", "index": {"granted_by": "Umbral Mantle", "index": 1}}


@pytest.mark.parametrize(("index", "path", "words"), [
    ({"granted_by": "Umbral Mantel", "index": 1}, "objects[5].ability.index.granted_by", 'unknown card "Umbral Mantel"'),
    ({"granted_by": "Umbral Mantle", "index": 2}, "objects[5].ability.index.index",
     "Umbral Mantle has no ability-granting ability 2 (it has 1)"),
    ({"granted_by": "Umbral Mantle"}, "objects[5].ability.index.index", "required"),
    ({"granted_by": "Umbral Mantle", "index": 1, "x": 1}, "objects[5].ability.index.x", "unknown field"),
])
def test_a_granted_ability_that_isnt_one_is_bad_input(index: Any, path: str, words: str) -> None:
    lib, doc = _lib_and_doc()
    doc["objects"][-1]["ability"]["index"] = index
    with pytest.raises(InputError) as info:
        parse_state(doc, lib)
    assert any(p.path == path and words in p.message for p in info.value.problems), info.value.problems
