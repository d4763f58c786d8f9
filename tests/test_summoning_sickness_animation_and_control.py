"""Probe 24a: {T}/{Q} costs and summoning sickness (302.6, 602.5a) with real cards. The fixture
tests/fixtures/real_cards_summoning_sickness_animation_and_control.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.

- A manland's "This land becomes a 2/2 creature ... until end of turn. It's still a land." was not
  modeled: after `apply` resolved it ("Effect not modeled"), a Mutavault played this turn could still
  tap for mana. Now the importer reads it (`become_creature`), `apply` writes the object's `animated`
  field, and the permanent is a creature for 302.6 until the cleanup step (514.2, 205.1b, 613.4b).
- "You may activate abilities of creatures you control as though those creatures had haste"
  (Thousand-Year Elixir) was refused; now its controller's creatures may pay {T} and {Q} (602.5a),
  and with "other creatures" (Dynaheir, Invoker Adept) not the source's own.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_summoning_sickness_animation_and_control.json"
results, checker = module_fixtures(FIXTURE)

TAP = {"kind": "activate", "ability": 1}


def test_the_importer_reads_becomes_a_creature(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Mutavault")[1]["effect"] == {
        "action": "become_creature", "power": 2, "toughness": 2, "types": ["Creature"],
        "all_creature_types": True, "duration": "end_of_turn"}
    assert abilities(results, "Celestial Colonnade")[2]["effect"] == {
        "action": "become_creature", "power": 4, "toughness": 4, "types": ["Creature"],
        "subtypes": ["Elemental"], "colors": ["W", "U"], "keywords": ["flying", "vigilance"],
        "duration": "end_of_turn"}
    assert abilities(results, "Inkmoth Nexus")[1]["effect"]["types"] == ["Artifact", "Creature"]
    assert abilities(results, "Inkmoth Nexus")[1]["effect"]["subtypes"] == ["Phyrexian", "Blinkmoth"]
    assert abilities(results, "Inkmoth Nexus")[1]["effect"]["keywords"] == ["flying", "infect"]
    haven = abilities(results, "Faceless Haven")[1]["effect"]
    assert haven["all_creature_types"] is True and haven["keywords"] == ["vigilance"]
    assert abilities(results, "Azorius Keyrune")[1]["effect"]["colors"] == ["W", "U"]
    # a granted quoted ability ("with \"{B}: Regenerate this creature\"") is not read: still not modeled
    assert abilities(results, "Spawning Pool")[2]["effect"]["action"] == "not_modeled"


def test_mutavault_animated_the_turn_it_entered_is_summoning_sick(checker: Checker) -> None:
    doc = state([{"id": "mv", "card": "Mutavault", "controlled_since_turn": 5, "entered_turn": 5}],
                players=[{"name": "alice", "mana_pool": "{C}"}, {"name": "bob"}])
    assert why(checker, doc, {**TAP, "object": "mv"}).legal   # only a land yet
    doc = applied(checker, doc, {"kind": "activate", "object": "mv", "ability": 2})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(doc, "mv")["animated"] == {"power": 2, "toughness": 2, "types": ["Creature"],
                                          "all_creature_types": True}
    v = why(checker, doc, {**TAP, "object": "mv"})
    assert not v.legal and [r.rule for r in v.reasons] == ["302.6"]
    # the same Mutavault, controlled since an earlier turn, may tap
    older = copy.deepcopy(doc)
    obj(older, "mv")["controlled_since_turn"] = 3
    obj(older, "mv").pop("entered_turn")
    assert why(checker, older, {**TAP, "object": "mv"}).legal


def test_animated_is_cleared_in_the_cleanup_step_and_off_the_battlefield(checker: Checker) -> None:
    anim = {"power": 2, "toughness": 2, "all_creature_types": True}
    doc = state([{"id": "mv", "card": "Mutavault", "animated": anim}], step="end", priority="bob")
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    doc = applied(checker, doc, {"kind": "pass"})
    assert "animated" not in obj(doc, "mv")
    # lethal damage on the 2/2 (704.5g): it dies, and the field doesn't follow it (400.7)
    doc = state([{"id": "mv", "card": "Mutavault", "animated": anim, "damage": 2}])
    doc = applied(checker, doc, {"kind": "pass"})
    assert obj(doc, "mv")["zone"] == "graveyard" and "animated" not in obj(doc, "mv")


def test_animated_gives_types_subtypes_colors_and_keywords(checker: Checker) -> None:
    # Goblin-typed (all creature types) and haste from the field; a colored Forest
    doc = state([{"id": "f", "card": "Forest", "controlled_since_turn": 5,
                  "animated": {"power": 3, "toughness": 3, "subtypes": ["Elemental"], "keywords": ["haste"]}}])
    v = why(checker, doc, {**TAP, "object": "f"})
    assert v.legal and "602.5a" in v.permits
    doc["objects"][0]["animated"]["keywords"] = []
    v = why(checker, doc, {**TAP, "object": "f"})
    assert not v.legal and [r.rule for r in v.reasons] == ["302.6"]


@pytest.mark.parametrize("bad, path", [
    ({"power": 2}, "objects[0].animated.toughness"),
    ({"power": 2, "toughness": 2, "types": ["Land"]}, "objects[0].animated.types"),
    ({"power": 2, "toughness": 2, "types": ["Instant", "Creature"]}, "objects[0].animated.types"),
    ({"power": 2, "toughness": 2, "colors": ["white"]}, "objects[0].animated.colors"),
    ({"power": 2, "toughness": 2, "flying": True}, "objects[0].animated.flying"),
    ([2, 2], "objects[0].animated"),
])
def test_animated_bad_input_names_the_field(checker: Checker, bad: Any, path: str) -> None:
    doc = state([{"id": "mv", "card": "Mutavault", "animated": bad}])
    with pytest.raises(InputError) as e:
        parse_state(doc, checker.library)
    assert path in str(e.value)


def test_animated_only_on_the_battlefield(checker: Checker) -> None:
    doc = state([{"id": "mv", "card": "Mutavault", "zone": "hand", "animated": {"power": 2, "toughness": 2}}])
    with pytest.raises(InputError, match="only a permanent becomes a creature"):
        parse_state(doc, checker.library)


def test_an_effects_entry_for_a_manland_points_to_animated(checker: Checker) -> None:
    doc = state([{"id": "mv", "card": "Mutavault"}],
                effects=[{"card": "Mutavault", "controller": "alice", "duration": "end_of_turn"}])
    with pytest.raises(InputError, match="animated"):
        parse_state(doc, checker.library)


def test_thousand_year_elixir(checker: Checker, results: dict[str, CardResult]) -> None:
    assert abilities(results, "Thousand-Year Elixir")[0] == {"kind": "static", "activate_as_though_haste": {}}
    assert abilities(results, "Dynaheir, Invoker Adept")[1] == {
        "kind": "static", "activate_as_though_haste": {"other": True}}
    # "can attack as though it had haste" says nothing of {T} abilities: not read as this
    assert results["Instill Energy"].card is None
    doc = state([{"id": "el", "card": "Llanowar Elves", "controlled_since_turn": 5},
                 {"id": "ex", "card": "Thousand-Year Elixir", "controlled_since_turn": 5}])
    v = why(checker, doc, {**TAP, "object": "el"})
    assert v.legal and "602.5a" in v.permits
    doc["objects"][1]["owner"] = "bob"   # an opponent's Elixir: no help
    v = why(checker, doc, {**TAP, "object": "el"})
    assert not v.legal and [r.rule for r in v.reasons] == ["302.6"]


def test_other_creatures_as_though_haste_excludes_its_source(results: dict[str, CardResult]) -> None:
    # Dynaheir has haste of its own; a card with the same "other creatures" line and no haste, given
    # "{T}: Add {G}" by Cryptolith Rite, stays summoning sick, while the Elves it enables don't
    cards = [r.card for r in results.values() if r.card is not None]
    dyn = copy.deepcopy(next(c for c in cards if c["name"] == "Dynaheir, Invoker Adept"))
    dyn["name"] = dyn["faces"][0]["name"] = "Hasteless Adept"
    dyn["faces"][0]["abilities"] = [a for a in dyn["faces"][0]["abilities"] if a["kind"] != "keyword"]
    lib = CardLibrary.from_data({"format": 1, "cards": [*cards, dyn]}, source="test")
    chk = Checker(lib)
    doc = state([{"id": "ad", "card": "Hasteless Adept", "controlled_since_turn": 5},
                 {"id": "el", "card": "Llanowar Elves", "controlled_since_turn": 5},
                 {"id": "cr", "card": "Cryptolith Rite"}])
    assert why(chk, doc, {**TAP, "object": "el"}).legal
    v = why(chk, doc, {"kind": "activate", "object": "ad", "ability": {"granted_by": "Cryptolith Rite", "index": 1}})
    assert not v.legal and [r.rule for r in v.reasons] == ["302.6"]


def test_keyword_counters_give_their_keyword(checker: Checker) -> None:
    # 122.1b: a haste counter gives haste (302.6 no longer applies), a flying counter doesn't
    doc = state([{"id": "el", "card": "Llanowar Elves", "controlled_since_turn": 5, "counters": {"haste": 1}}])
    assert why(checker, doc, {**TAP, "object": "el"}).legal
    doc["objects"][0]["counters"] = {"flying": 2}
    assert not why(checker, doc, {**TAP, "object": "el"}).legal


def test_fixture_is_atomic_cards_shape() -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]
    assert "Mutavault" in data and "Thousand-Year Elixir" in data


def test_threaten_and_act_of_treason(checker: Checker, results: dict[str, CardResult]) -> None:
    effect = {"action": "gain_control", "target": "creature", "untap": True, "haste": True,
              "duration": "end_of_turn"}
    assert abilities(results, "Threaten")[0]["effect"] == effect
    assert abilities(results, "Act of Treason")[0]["effect"] == effect
    mountains = [{"id": f"m{i}", "card": "Mountain"} for i in range(3)]
    doc = state([*mountains, {"id": "t", "card": "Threaten", "zone": "hand"},
                 {"id": "mine", "card": "Llanowar Elves", "controlled_since_turn": 5, "tapped": True},
                 {"id": "bf", "card": "Forest", "owner": "bob"}])
    # Threaten on alice's own tapped Elves, cast this turn: no change of control (its
    # controlled_since_turn stays), it untaps and gains haste
    doc = applied(checker, doc, {"kind": "cast", "object": "t", "targets": ["mine"]})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    elves = obj(doc, "mine")
    assert elves.get("controlled_since_turn") == 5 and "control_returns_to" not in elves
    assert elves.get("gained_keywords") == ["haste"] and not elves.get("tapped")
    assert why(checker, doc, {**TAP, "object": "mine"}).legal


@pytest.mark.parametrize("fields, path", [
    ({"control_returns_to": "alice"}, "objects[0].control_returns_to"),      # its controller already
    ({"control_returns_to": "carol"}, "objects[0].control_returns_to"),      # no such player
    ({"gained_keywords": "haste"}, "objects[0].gained_keywords"),            # not a list
    ({"zone": "hand", "gained_keywords": ["haste"]}, "objects[0].gained_keywords"),
])
def test_control_and_keyword_fields_bad_input(checker: Checker, fields: dict[str, Any], path: str) -> None:
    doc = state([{"id": "el", "card": "Llanowar Elves", **fields}])
    with pytest.raises(InputError) as e:
        parse_state(doc, checker.library)
    assert path in str(e.value)


def test_act_of_treason_events_follow_its_text(checker: Checker) -> None:
    """608.2c: "Gain control of target creature until end of turn. Untap that creature. It gains
    haste until end of turn.": the events say the control, the untap, then the haste (found by
    probe28b: the haste came first and the control last)."""
    from mtgasp.actions import parse_action
    from mtgasp.apply import apply_action

    mountains = [{"id": f"m{i}", "card": "Mountain"} for i in range(3)]
    doc = state([*mountains, {"id": "at", "card": "Act of Treason", "zone": "hand"},
                 {"id": "el", "card": "Llanowar Elves", "owner": "bob", "controlled_since_turn": 2,
                  "tapped": True}])
    doc = applied(checker, doc, {"kind": "cast", "object": "at", "targets": ["el"]})
    doc = applied(checker, doc, {"kind": "pass"})
    st = parse_state(doc, checker.library)
    out = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library, "bob"), "bob")
    assert out.legal
    said = [e for e in out.events if "(el)" in e]
    assert [e.split("(el) ")[-1] for e in said] == [
        "until end of turn (613.1b, 611.2a).", "untaps (701.26a).", "gains haste until end of turn (611.2a, 702.10)."]
    assert said[0].startswith("alice gains control of Llanowar Elves")
