"""Land type-changing effects (CR 305.6, 305.7, 613.1d, 613.7, 613.8a): the state must give the
timestamps whose order decides a land's types, and actions name a gained intrinsic mana ability."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.state import parse_state

CORPUS = Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"
OMEN_FIRST = "rule-613.7-prismatic-omen-then-blood-moon-nonbasic-lands-are-only-mountains.json"
SEAS_AFTER = "rule-613.7-spreading-seas-after-urborg-leaves-only-an-island.json"
MOON_URBORG = "rule-613.8a-blood-moon-takes-urborgs-ability-so-no-land-is-a-swamp.json"


def _scenario(name: str) -> tuple[dict, CardLibrary]:
    doc = json.loads((CORPUS / name).read_text())
    lib = CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="test", base=CardLibrary.builtin())
    return doc, lib


def _without_timestamps(doc: dict) -> dict:
    st = copy.deepcopy(doc["state"])
    for o in st["objects"]:
        o.pop("timestamp", None)
    return st


@pytest.mark.parametrize("name", [OMEN_FIRST, SEAS_AFTER])
def test_an_order_that_decides_the_land_types_must_be_given(name: str) -> None:
    # 613.7: Blood Moon and Prismatic Omen (Spreading Seas and Urborg) apply in timestamp order;
    # without timestamps the answer isn't known: bad input at each source's timestamp, no guess
    doc, lib = _scenario(name)
    st = _without_timestamps(doc)
    with pytest.raises(InputError) as e:
        parse_state(st, lib)
    paths = {p.path for p in e.value.problems}
    sources = {f"objects[{i}].timestamp" for i, o in enumerate(st["objects"])
               if o["card"] in ("Blood Moon", "Prismatic Omen", "Spreading Seas", "Urborg, Tomb of Yawgmoth")}
    assert paths == sources
    assert all("613.7" in p.message for p in e.value.problems)
    # equal timestamps don't order them either
    for o in st["objects"]:
        if f"objects[{st['objects'].index(o)}].timestamp" in sources:
            o["timestamp"] = 3
    with pytest.raises(InputError):
        parse_state(st, lib)


def test_a_dependency_needs_no_timestamp() -> None:
    # 613.8a: Urborg's effect depends on Blood Moon's and never applies: no order to give
    doc, lib = _scenario(MOON_URBORG)
    assert not any("timestamp" in o for o in doc["state"]["objects"])
    parse_state(doc["state"], lib)


def test_timestamp_only_on_the_battlefield() -> None:
    doc, lib = _scenario(MOON_URBORG)
    st = copy.deepcopy(doc["state"])
    st["objects"][-1]["timestamp"] = 4   # Dream Devourer, in the hand
    with pytest.raises(InputError) as e:
        parse_state(st, lib)
    assert [p.path for p in e.value.problems] == [f"objects[{len(st['objects']) - 1}].timestamp"]


def test_an_intrinsic_ability_names_a_basic_land_type() -> None:
    doc, lib = _scenario(MOON_URBORG)
    state = parse_state(doc["state"], lib)
    a = parse_action({"kind": "activate", "object": "urborg", "ability": {"intrinsic": "Mountain"}}, state, lib)
    assert a.ability == {"intrinsic": "Mountain"}
    for bad, path in (({"intrinsic": "Wastes"}, "action.ability.intrinsic"),
                      ({"intrinsic": "Mountain", "index": 1}, "action.ability.index")):
        with pytest.raises(InputError) as e:
            parse_action({"kind": "activate", "object": "urborg", "ability": bad}, state, lib)
        assert [p.path for p in e.value.problems] == [path]
    v = Checker(lib).why(state, a)
    assert v.legal and v.why_json()["action"]["ability"] == {"intrinsic": "Mountain"}


def _moon_like(magus: dict, name: str, lands: str, types: list[str]) -> dict:
    """A card like Magus of the Moon whose land type-changing ability reaches ``lands`` and sets
    ``types`` ("Nonbasic lands are Islands" as Harbinger of the Seas; "Lands you control are
    Plains" as Celestial Dawn's first line)."""
    card = copy.deepcopy(magus)
    card["name"] = card["faces"][0]["name"] = name
    for ab in card["faces"][0]["abilities"]:
        if "land_type" in ab:
            ab["land_type"] = {"lands": lands, "set": types}
    return card


@pytest.fixture(scope="module")
def moons() -> CardLibrary:
    cards: dict[str, dict] = {}
    for path in sorted(CORPUS.glob("*613*.json")):
        for c in json.loads(path.read_text()).get("cards", []):
            cards.setdefault(c["name"], c)
    magus = cards["Magus of the Moon"]
    extra = [_moon_like(magus, "Harbinger Test", "nonbasic", ["Island"]),
             _moon_like(magus, "Dawn Test", "yours", ["Plains"])]
    return CardLibrary.from_data({"format": 1, "cards": [*cards.values(), *extra]}, source="test",
                                 base=CardLibrary.builtin())


# (sources as (card, controller, attached_to, timestamp), the sources whose timestamp is asked for)
ORDER_CASES = {
    # two set effects of one type need no order between them, each is ordered against Prismatic
    # Omen: one timestamp shared by the two Magi is no problem (613.7: the order decides nothing)
    "same set types share a timestamp": ([("Magus of the Moon", "alice", None, 3),
                                          ("Magus of the Moon", "bob", None, 3),
                                          ("Prismatic Omen", "alice", None, 2)], set()),
    # Mountains or Islands: decided by their order for every nonbasic land, one that enters later
    # too, though none is on the battlefield now
    "set types differ": ([("Magus of the Moon", "alice", None, 1),
                          ("Harbinger Test", "bob", None, None)], {"Harbinger Test"}),
    # "lands you control" of two players never reach one land
    "yours of two players": ([("Dawn Test", "bob", None, None), ("Prismatic Omen", "alice", None, None)], set()),
    "yours of one player": ([("Dawn Test", "alice", None, None), ("Prismatic Omen", "alice", None, None)],
                            {"Dawn Test", "Prismatic Omen"}),
    # an Aura's enchanted land: reached by the other effect or not
    "enchanted land not reached": ([("Spreading Seas", "bob", "bob-forest", None),
                                    ("Dawn Test", "alice", None, None)], set()),
    "enchanted land reached": ([("Spreading Seas", "bob", "alice-forest", None),
                                ("Dawn Test", "alice", None, None)], {"Spreading Seas", "Dawn Test"}),
}


@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_which_sources_need_a_timestamp(moons: CardLibrary, case: str) -> None:
    sources, expected = ORDER_CASES[case]
    objects = [{"id": f"{who}-forest", "card": "Forest", "owner": who, "zone": "battlefield"}
               for who in ("alice", "bob")]
    for i, (card, who, attached, stamp) in enumerate(sources):
        o = {"id": f"s{i}", "card": card, "owner": who, "zone": "battlefield"}
        if attached:
            o["attached_to"] = attached
        if stamp is not None:
            o["timestamp"] = stamp
        objects.append(o)
    doc = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
           "players": [{"name": "alice"}, {"name": "bob"}], "objects": objects}
    if not expected:
        parse_state(doc, moons)
        return
    with pytest.raises(InputError) as e:
        parse_state(doc, moons)
    asked = {objects[int(p.path.split("[")[1].split("]")[0])]["card"] for p in e.value.problems}
    assert asked == expected
    assert all(p.path.endswith(".timestamp") and "613.7" in p.message for p in e.value.problems)


def test_explain_names_the_effect_that_set_the_land_type() -> None:
    # 305.7, 613.1d: Urborg under Blood Moon could produce only {R}; the explanation says why its
    # printed abilities are gone, naming Blood Moon's effect
    doc, lib = _scenario(MOON_URBORG)
    st = parse_state(doc["state"], lib)
    lines = Checker(lib).explain_mana(st, "urborg")
    assert lines[0].startswith("{R}: Urborg, Tomb of Yawgmoth (urborg): the intrinsic mana ability of the land type Mountain")
    assert lines[1].startswith('Blood Moon (moon) ("Nonbasic lands are Mountains.") sets the land type of '
                               "Urborg, Tomb of Yawgmoth (urborg) (613.1d)")
    assert "305.7" in lines[1] and len(lines) == 2
    # a basic Forest isn't reached by "Nonbasic lands are Mountains": no such line
    assert all("Blood Moon" not in line for line in Checker(lib).explain_mana(st, "f1"))


def test_explain_a_face_down_land() -> None:
    # 708.2a: a face-down permanent has no text, so no mana ability (106.7: no type it could produce)
    st = parse_state({"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
                      "priority": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                      "objects": [{"id": "f", "card": "Forest", "owner": "alice", "zone": "battlefield",
                                   "face_down": True}]}, CardLibrary.builtin())
    checker = Checker()
    assert checker.mana(st, "f") == []
    assert checker.explain_mana(st, "f") == [
        ("Forest (f) is face down: a face-down permanent has no text, so it has no mana ability (708.2a), "
         "and there is no type of mana it could produce (106.7).")]
