"""Card-format extensions for real cards (issue 11): validation, and the facts they become.

tests/data/real_cards.json holds real cards written in the format (the Oracle texts of MTGJSON's
AtomicCards); the corpus scenarios use the same definitions to check the rules' answers.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.cards import CardLibrary, parse_card_document
from mtgasp.errors import InputError
from mtgasp.facts import FactWriter

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real_cards.json"
ATOMIC = ROOT.parent / "shared" / "data" / "AtomicCards.json"


@pytest.fixture(scope="module")
def real() -> dict[str, Any]:
    return json.loads(REAL.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def lib(real: dict[str, Any]) -> CardLibrary:
    return CardLibrary.from_data(real, str(REAL))


def facts_of(lib: CardLibrary, name: str) -> set[str]:
    fw = FactWriter(lib)
    fw.card(lib.get(name))
    return {str(f) for f in fw.facts}


def test_real_cards_texts_are_the_oracle_texts(real: dict[str, Any]) -> None:
    if not ATOMIC.exists():
        pytest.skip(f"{ATOMIC} is absent (the shared data folder beside the repository)")
    data = json.loads(ATOMIC.read_text(encoding="utf-8"))["data"]
    for card in real["cards"]:
        face = card["faces"][0]
        assert data[card["name"]][0]["text"] == face["oracle"], card["name"]


def test_mana_shapes_become_facts(lib: CardLibrary) -> None:
    signet = facts_of(lib, "Izzet Signet")
    assert any(f.startswith("produces(a(") and "fixed(" in f for f in signet)
    assert any(f.startswith("activation_mana(") for f in signet)
    lotus = facts_of(lib, "Lotus Field")
    assert any("produces(" in f and "any_color(3)" in f for f in lotus)
    # the not-modeled line and the not-modeled keyword are numbered, with no other facts
    assert any(f.endswith(",3),not_modeled)") for f in lotus)
    assert any(f.startswith("keyword(") and f.endswith("hexproof)") for f in lotus)
    grove = facts_of(lib, "Sunpetal Grove")
    assert sum(1 for f in grove if f.startswith("produces(") and "choice(" in f) == 2
    assert any(f.startswith("yc_subtype(") and '"Forest"' in f for f in grove)
    assert any(f.startswith("yc_min(") and f.endswith(",unless,1)") for f in grove)
    coast = facts_of(lib, "Seachrome Coast")
    assert any(f.startswith("yc_max(") and f.endswith(",unless,2)") for f in coast)
    assert any(f.startswith("yc_other(") for f in coast)
    assert not any(f.startswith("yc_min(") for f in coast)
    assert any(f.startswith("rider(") and "damage_to_you,1)" in f for f in facts_of(lib, "Llanowar Wastes"))
    assert any(f.startswith("enters_tapped_unless_pay(") for f in facts_of(lib, "Sacred Foundry"))
    heart = facts_of(lib, "Coldsteel Heart")
    assert any(f.startswith("enters_choose(") and f.endswith("color)") for f in heart)
    assert any("chosen_color,always" in f for f in heart)
    bloom = facts_of(lib, "Vernal Bloom")
    assert any(f.startswith("trigger_what(") and 'sub(land,"Forest")' in f for f in bloom)
    assert any(f.startswith("grants(") and ",enchanted," in f for f in facts_of(lib, "Abundant Growth"))
    drum = facts_of(lib, "Springleaf Drum")
    assert any(f.startswith("activation_tap_untapped(") and "type(creature),1)" in f for f in drum)
    spire = facts_of(lib, "Spire of Industry")
    assert any(f.startswith("activation_life(") for f in spire)
    assert any(f.startswith("yc_type(") and f.endswith(",activation,artifact)") for f in spire)
    assert any(f.startswith("effect_produces(") for f in facts_of(lib, "Dark Ritual"))


def test_spend_only_alternatives_become_facts() -> None:
    lib = CardLibrary.builtin()
    crest = facts_of(lib, "The Ringhart Crest")
    alts = {f for f in crest if f.startswith("spend_alt(")}
    assert any(f.endswith(",1,chosen_type)") for f in alts)
    assert any(f.endswith(",2,supertype(legendary))") for f in alts)
    assert sum(1 for f in alts if f.endswith("type(creature))") and "super" not in f) == 2


def base_card(**face: Any) -> dict[str, Any]:
    f = {"name": "Test Card", "types": ["Artifact"], "oracle": "{T}: Add {C}.", "abilities": [
        {"kind": "activated", "text": "{T}: Add {C}.", "cost": {"tap": True}, "mana": {"fixed": "{C}"}}]}
    f.update(face)
    return {"name": "Test Card", "layout": "normal", "faces": [f]}


def problems(card: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [card]})
    return {p.path: p.message for p in info.value.problems}


def with_mana(mana: Any, **ability: Any) -> dict[str, Any]:
    card = base_card()
    ab = card["faces"][0]["abilities"][0]
    ab["mana"] = mana
    ab.update(ability)
    return card


AB = "cards[0].faces[0].abilities[0]"


@pytest.mark.parametrize(("card", "path", "words"), [
    (with_mana({"fixed": "{G}", "spend_only": "creature spell"}), f"{AB}.mana.spend_only", "list of alternatives"),
    (with_mana({"fixed": "{G}", "spend_only": [{"spell": {"types": ["Dragon"]}}]}), f"{AB}.mana.spend_only[0].spell.types[0]", "card type"),
    (with_mana({"fixed": "{G}", "spend_only": [{"spell": {}, "x": True}]}), f"{AB}.mana.spend_only[0]", "exactly one"),
    (with_mana({"choice": ["{R}"]}), f"{AB}.mana.choice", "at least two"),
    (with_mana({"choice": ["{R}", "{2}"]}), f"{AB}.mana.choice[1]", "mana that is added"),
    (with_mana({"any_combination": 13}), f"{AB}.mana.any_combination", "at most 12"),
    (with_mana({"any_combination": 2, "types": ["P"]}), f"{AB}.mana.types[0]", "color"),
    (with_mana({"chosen_color": 0}), f"{AB}.mana.chosen_color", ">= 1"),
    (with_mana({"chosen_color": 13}), f"{AB}.mana.chosen_color", "at most 12"),
    (with_mana({"fixed": "{C}"}, rider={"damage": 1}), f"{AB}.rider.damage", "unknown field"),
    # (a you_control with no filter counts every permanent: "ten or more permanents")
    (with_mana({"fixed": "{C}"}, condition={"you_control": {"colors": ["P"], "min": 1}}),
     f"{AB}.condition.you_control.colors[0]", "not a color"),
    (with_mana({"fixed": "{C}"}, cost={"tap": True, "life": 0}), f"{AB}.cost.life", ">= 1"),
    # (without "type", any permanent: "Tap an untapped permanent you control")
    (with_mana({"fixed": "{C}"}, cost={"tap_untapped": {"count": 1, "subtypes": ["Elf"]}}), f"{AB}.cost.tap_untapped.type", "required"),
    (with_mana({"fixed": "{C}"}, cost={"discard": {"type": "Card"}}), f"{AB}.cost.discard.type", "card type"),
    (with_mana({"fixed": "{C}"}, template=3), f"{AB}.template", "non-empty string"),
    # issue 11, second round: hybrid symbols, counted mana, the new conditions and riders
    (with_mana({"fixed": "{W/U}"}), f"{AB}.mana.fixed", "no hybrid"),
    (with_mana({"fixed": "{C}"}, cost={"mana": "{2/W}", "tap": True}), f"{AB}.cost.mana",
     "only two-color hybrid"),
    (with_mana({"fixed": "{C}"}, cost={"mana": "{W/P}", "tap": True}), f"{AB}.cost.mana",
     "only two-color hybrid"),
    (with_mana({"fixed": "{C}"}, cost={"mana": "{S}", "tap": True}), f"{AB}.cost.mana",
     "not supported"),
    (with_mana({"for_each": {"mana": "{G}", "you_control": {"types": ["Creature"], "min": 2}}}),
     f"{AB}.mana.for_each.you_control", "no min or max"),
    (with_mana({"for_each": {"mana": "{2}", "you_control": {"types": ["Creature"]}}}),
     f"{AB}.mana.for_each.mana", "mana that is added"),
    (with_mana({"fixed": "{C}"}, rider={"draw": 0}), f"{AB}.rider.draw", ">= 1"),
    (with_mana({"fixed": "{C}"}, once_each_turn=False), f"{AB}.once_each_turn", "expected true"),
    (with_mana({"fixed": "{C}"}, condition={"graveyard_at_least": 0}),
     f"{AB}.condition.graveyard_at_least", ">= 1"),
    (with_mana({"fixed": "{C}", "spend_only": [{"spell": {"multicolored": "yes"}}]}),
     f"{AB}.mana.spend_only[0].spell.multicolored", "true or false"),
    (base_card(types=["Land"], oracle="x", abilities=[
        {"kind": "replacement", "enters_tapped": True, "unless": {"reveal": {"subtypes": [3]}}}]),
     f"{AB}.unless.reveal.subtypes[0]", "string"),
    (base_card(types=["Land"], oracle="x", abilities=[
        {"kind": "replacement", "enters_choose": "creature_type", "other_than": "G"}]),
     f"{AB}.other_than", "only"),
    (base_card(types=["Land"], oracle="x", abilities=[
        {"kind": "replacement", "enters_tapped": True, "unless": {"opponents_at_least": 2,
                                                                  "pay_life": 2}}]),
     f"{AB}.unless", "exactly one"),
    (base_card(power="abc", types=["Creature"], toughness=1), "cards[0].faces[0].power", "integer or a text"),
])
def test_bad_extensions_are_reported_with_their_path(card: dict[str, Any], path: str, words: str) -> None:
    found = problems(card)
    assert path in found, found
    assert words in found[path]


def test_unless_only_on_enters_tapped() -> None:
    card = base_card(oracle="As this enters, choose a color.", abilities=[
        {"kind": "replacement", "text": "As this enters, choose a color.", "enters_choose": "color",
         "unless": {"pay_life": 2}}])
    assert "enters_tapped" in problems(card)[f"{AB}.unless"]


def test_accepted_extensions() -> None:
    goyf = base_card(types=["Creature"], subtypes=["Lhurgoyf"], power="*", toughness="1+*", oracle="First strike\nWard {2}",
                     abilities=[{"kind": "keyword", "text": "First strike", "keyword": "first strike",
                                 "template": "keyword.not_modeled"},
                                {"kind": "not_modeled", "text": "Ward {2}"}])
    goyf["source"] = {"format": "mtgjson", "uuid": "x"}
    tdfc = copy.deepcopy(base_card())
    tdfc["name"] = "Front // Back"
    tdfc["layout"] = "transform"
    tdfc["faces"][0]["name"] = "Front"
    back = copy.deepcopy(tdfc["faces"][0])
    back["name"] = "Back"
    tdfc["faces"].append(back)
    lib = CardLibrary.from_data({"format": 1, "cards": [goyf, tdfc]}, base=CardLibrary())
    face = lib.get("Test Card").faces[0]
    assert (face.power, face.toughness) == ("*", "1+*")
    facts = facts_of(lib, "Test Card")
    assert any(f.startswith("power(") and f.endswith(",0)") for f in facts)
    assert any(f.startswith("toughness(") and f.endswith(",1)") for f in facts)
    assert any(f.startswith("keyword(") and '"first strike"' in f for f in facts)
    assert lib.get("Back").name == "Front // Back"
    assert any(f.startswith("layout(") and f.endswith("transform)") for f in facts_of(lib, "Back"))
