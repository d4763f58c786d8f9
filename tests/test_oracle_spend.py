"""Real cards through the Oracle importer: spend restrictions on what the spell is or where it is
cast from (CR 106.6). The fixture tests/fixtures/real_cards_spend.json holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json; each test asks the checker and states the
answer the rules give.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_spend.json"


# (probe24d: the importer refuses a card whose effect lets a player play or cast cards until a
# later time, 601.3; the templates of its other lines are tested on the card without that line)
results, checker = module_fixtures(FIXTURE, {"Interdimensional Web Watch": "When this artifact enters"})


def cast(oid: str, method: str = "normal", **kw: Any) -> dict[str, Any]:
    return {"kind": "cast", "object": oid, "method": method, **kw}


def lands(card: str, n: int, prefix: str = "l") -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i}", "card": card} for i in range(n)]


def test_mana_value_or_x(results: dict[str, CardResult], checker: Checker) -> None:
    # Troyan, Gutsy Explorer: "{T}: Add {G}{U}. Spend this mana only to cast spells with mana value
    # 5 or greater or spells with {X} in their mana costs." (106.6, 202.3)
    mana = abilities(results, "Troyan, Gutsy Explorer")[0]["mana"]
    assert mana["spend_only"] == [{"spell": {"min_mana_value": 5}}, {"spell": {"x_in_cost": True}}]
    troyan = {"id": "t", "card": "Troyan, Gutsy Explorer"}
    # Shivan Dragon {4}{R}{R} (mana value 6): four Mountains and Troyan's {G}{U} pay it
    dragon = {"id": "d", "card": "Shivan Dragon", "zone": "hand"}
    assert why(checker, state([troyan, dragon, *lands("Mountain", 4)]), cast("d")).legal
    # Hill Giant {3}{R} (mana value 4): Troyan's mana can't be spent on it; two Mountains aren't enough
    giant = {"id": "g", "card": "Hill Giant", "zone": "hand"}
    v = why(checker, state([troyan, giant, *lands("Mountain", 2)]), cast("g"))
    assert not v.legal and "106.6" in rules(v)
    assert why(checker, state([troyan, giant, *lands("Mountain", 4)]), cast("g")).legal
    # Walking Ballista {X}{X}: a spell with {X} in its mana cost, whatever X is (X = 1 here)
    ballista = {"id": "b", "card": "Walking Ballista", "zone": "hand"}
    v = why(checker, state([troyan, ballista]), cast("b"))
    assert v.legal and v.x_max == 1


def test_x_in_mana_cost(results: dict[str, CardResult], checker: Checker) -> None:
    # Anina, Natural Parallelist: "Spend this mana only to cast spells with {X} in their mana costs."
    anina = {"id": "a", "card": "Anina, Natural Parallelist"}
    ballista = {"id": "b", "card": "Walking Ballista", "zone": "hand"}
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "hand"}
    assert why(checker, state([anina, ballista]), cast("b")).legal
    v = why(checker, state([anina, bears]), cast("g"))
    assert not v.legal and "106.6" in rules(v)


def test_your_commander(results: dict[str, CardResult], checker: Checker) -> None:
    # Jeweled Lotus: "{T}, Sacrifice this artifact: Add three mana of any one color. Spend this mana
    # only to cast your commander." (903.3: the player's commander card)
    mana = abilities(results, "Jeweled Lotus")[0]["mana"]
    assert mana["spend_only"] == [{"spell": {"commander": True}}]
    objs = [{"id": "j", "card": "Jeweled Lotus"}, {"id": "d", "card": "Shivan Dragon", "zone": "hand"},
            *lands("Mountain", 3)]
    commander = state(objs, players=[{"name": "alice", "commanders": ["Shivan Dragon"]}, {"name": "bob"}])
    assert why(checker, commander, cast("d")).legal
    other = state(objs, players=[{"name": "alice", "commanders": ["Grizzly Bears"]}, {"name": "bob"}])
    v = why(checker, other, cast("d"))
    assert not v.legal and "106.6" in rules(v)
    v = why(checker, state(objs), cast("d"))  # no commander at all
    assert not v.legal and "106.6" in rules(v)


def test_from_exile(results: dict[str, CardResult], checker: Checker) -> None:
    # Interdimensional Web Watch: "{T}: Add two mana in any combination of colors. Spend this mana
    # only to cast spells from exile." A foretold Behold the Multiverse is cast from exile for its
    # foretell cost {1}{U} (702.143a); the same card in hand isn't.
    watch = {"id": "w", "card": "Interdimensional Web Watch"}
    exiled = {"id": "e", "card": "Behold the Multiverse", "zone": "exile", "face_down": True,
              "foretold_turn": 3}
    assert why(checker, state([watch, exiled]), cast("e", "foretell")).legal
    hand = {"id": "h", "card": "Behold the Multiverse", "zone": "hand"}
    v = why(checker, state([watch, hand, *lands("Island", 2)]), cast("h"))
    assert not v.legal and "106.6" in rules(v)
    assert why(checker, state([watch, hand, *lands("Island", 4)]), cast("h")).legal


def test_from_your_graveyard_and_not_owned(results: dict[str, CardResult], checker: Checker) -> None:
    # Lord of the Forsaken: "Pay 1 life: Add {C}. Spend this mana only to cast a spell from your
    # graveyard." Thieving Varmint: "... Spend this mana only to cast spells you don't own."
    # A Grizzly Bears cast from alice's own hand meets neither.
    assert abilities(results, "Lord of the Forsaken")[3]["mana"]["spend_only"] == [
        {"spell": {"from": "your_graveyard"}}]
    assert abilities(results, "Thieving Varmint")[2]["mana"]["spend_only"] == [
        {"spell": {"not_owned": True}}]
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "hand"}
    for source in ("Lord of the Forsaken", "Thieving Varmint"):
        v = why(checker, state([{"id": "s", "card": source}, bears, *lands("Forest", 1)]), cast("g"))
        assert not v.legal and "106.6" in rules(v), source


def test_with_devoid(results: dict[str, CardResult], checker: Checker) -> None:
    # Corrupted Crossroads: "{T}, Pay 1 life: Add one mana of any color. Spend this mana only to cast
    # a spell with devoid." Mist Intruder {1}{U} has devoid (702.114a); Grizzly Bears doesn't.
    # Its other ability, "{T}: Add {C}", is unrestricted: with a Plains, the {U} of Mist Intruder
    # and the {G} of Grizzly Bears can come only from the restricted one.
    cross = {"id": "c", "card": "Corrupted Crossroads"}
    intruder = {"id": "m", "card": "Mist Intruder", "zone": "hand"}
    assert why(checker, state([cross, intruder, *lands("Plains", 1)]), cast("m")).legal
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "hand"}
    v = why(checker, state([cross, bears, *lands("Plains", 1)]), cast("g"))
    assert not v.legal and "106.6" in rules(v)
    assert why(checker, state([cross, bears, *lands("Forest", 1)]), cast("g")).legal


def test_mana_value_needs_the_x_alternative(results: dict[str, CardResult]) -> None:
    # 202.3e: a spell's mana value on the stack counts X, so "mana value 5 or greater" alone can't be
    # decided before X is chosen: the card format refuses it without the {X} alternative beside it.
    card = copy.deepcopy(results["Troyan, Gutsy Explorer"].card)
    mana = next(a for a in card["faces"][0]["abilities"] if "mana" in a)["mana"]
    CardLibrary.from_data({"format": 1, "cards": [card]}, source="t")  # as imported: valid
    mana["spend_only"] = [{"spell": {"min_mana_value": 5}}]
    with pytest.raises(InputError) as e:
        CardLibrary.from_data({"format": 1, "cards": [card]}, source="t")
    assert "min_mana_value" in str(e.value) and "x_in_cost" in str(e.value)
    # the {X} alternative must take every spell the mana value one takes (no property it lacks)
    mana["spend_only"] = [{"spell": {"min_mana_value": 5}},
                          {"spell": {"x_in_cost": True, "types": ["Creature"]}}]
    with pytest.raises(InputError):
        CardLibrary.from_data({"format": 1, "cards": [card]}, source="t")
