"""Real cards through the Oracle importer (probe31a, session 31): costs that exile or discard two
or more cards (118.3, 118.8, 118.9, 406.1, 701.9). "You may exile two blue cards from your hand
rather than pay this spell's mana cost" (Commandeer, Soul Spike, Sunscour) and "As an additional
cost to cast this spell, discard two cards" (Cathartic Reunion) were refused: the templates read
only "a card". The fixture holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_pitch_costs_probe31a.json"
results, checker = module_fixtures(FIXTURE)


def rules(v: object) -> list[str]:
    return sorted(r.rule for r in v.reasons)  # type: ignore[attr-defined]


def test_exile_two_cards_of_a_color_as_an_alternative_cost(results: dict[str, CardResult],
                                                          checker: Checker) -> None:
    for name, color in (("Commandeer", "U"), ("Soul Spike", "B"), ("Sunscour", "W")):
        alt = abilities(results, name)[0]
        assert alt == {"kind": "alternative_cost", "cost": {"exile_from_hand": {"count": 2, "colors": [color]}}}
    assert abilities(results, "Force of Will")[0]["cost"] == {
        "life": 1, "exile_from_hand": {"count": 1, "colors": ["U"]}}
    cast = {"kind": "cast", "object": "ss", "method": "alternative", "targets": ["bob"]}
    spike = {"id": "ss", "card": "Soul Spike", "zone": "hand"}
    # 118.3: two black cards other than Soul Spike itself (601.2a): one isn't enough
    one = state([spike, {"id": "s2", "card": "Soul Spike", "zone": "hand"},
                 {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}])
    v = why(checker, one, cast)
    assert not v.legal and rules(v) == ["118.3"] and "2 card(s)" in v.reasons[0].message
    two = state([spike, {"id": "s2", "card": "Soul Spike", "zone": "hand"},
                 {"id": "s3", "card": "Soul Spike", "zone": "hand"}])
    assert why(checker, two, cast).legal
    v = why(checker, two, {**cast, "discard": ["s2"]})   # the action names as many as the cost takes
    assert not v.legal and rules(v) == ["118.3"]
    after = applied(checker, two, cast)
    assert obj(after, "s2")["zone"] == "exile" and obj(after, "s3")["zone"] == "exile"
    assert obj(after, "ss")["zone"] == "stack"


def test_discard_two_cards_as_an_additional_cost(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Cathartic Reunion")[0] == {
        "kind": "additional_cost", "cost": {"discard": {"count": 2}}, "optional": False}
    mountains = [{"id": f"m{i}", "card": "Mountain"} for i in range(2)]
    reunion = {"id": "cr", "card": "Cathartic Reunion", "zone": "hand"}
    one = state([*mountains, reunion, {"id": "g1", "card": "Grizzly Bears", "zone": "hand"}])
    v = why(checker, one, {"kind": "cast", "object": "cr"})
    assert not v.legal and rules(v) == ["118.3"]
    two = state([*mountains, reunion, {"id": "g1", "card": "Grizzly Bears", "zone": "hand"},
                 {"id": "g2", "card": "Grizzly Bears", "zone": "hand"}])
    v = why(checker, two, {"kind": "cast", "object": "cr"})
    assert v.legal and v.cost == "{1}{R}, discard 2 cards"
    after = applied(checker, two, {"kind": "cast", "object": "cr"})
    assert obj(after, "g1")["zone"] == "graveyard" and obj(after, "g2")["zone"] == "graveyard"
