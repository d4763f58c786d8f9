"""Real cards through the Oracle importer: cost filters of the sixth session — "Tap an untapped
legendary permanent you control" (Honor-Worn Shaku), "Tap two untapped Foods you control" (The
Cabbage Merchant), "Tap another untapped artifact you control" (Network Terminal), "Sacrifice a Prism
token" (Diamond Kaleidoscope). CR 118.3, 602.2b, 111.1, 605.3a. The fixture
tests/fixtures/real_cards_s6costs.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json; each test states the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_s6costs.json"
results, checker = module_fixtures(FIXTURE)


def act(oid: str, ability: int) -> dict[str, Any]:
    return {"kind": "activate", "object": oid, "ability": ability}


def test_costs_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Honor-Worn Shaku")[1]["cost"] == {
        "tap_untapped": {"supertypes": ["Legendary"], "count": 1}}
    assert abilities(results, "The Cabbage Merchant")[2]["cost"] == {
        "tap_untapped": {"type": "Artifact", "subtypes": ["Food"], "count": 2}}
    assert abilities(results, "Network Terminal")[1]["cost"] == {
        "mana": "{1}", "tap": True, "tap_untapped": {"type": "Artifact", "count": 1, "other": True}}
    assert abilities(results, "Diamond Kaleidoscope")[1]["cost"] == {
        "sacrifice": {"subtypes": ["Prism"], "token": True}}


def test_honor_worn_shaku_taps_a_legendary_permanent(checker: Checker) -> None:
    shaku = {"id": "s", "card": "Honor-Worn Shaku", "tapped": True}
    v = why(checker, state([shaku, {"id": "i", "card": "Isamaru, Hound of Konda"}]), act("s", 2))
    assert v.legal
    after = applied(checker, state([shaku, {"id": "i", "card": "Isamaru, Hound of Konda"}]), act("s", 2))
    assert obj(after, "i").get("tapped") is True
    # a nonlegendary creature doesn't do, nor a tapped legendary one (118.3)
    v = why(checker, state([shaku, {"id": "g", "card": "Grizzly Bears"},
                            {"id": "i", "card": "Isamaru, Hound of Konda", "tapped": True}]), act("s", 2))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    # a legendary artifact is a legendary permanent too
    assert why(checker, state([shaku, {"id": "sp", "card": "Shadowspear"}]), act("s", 2)).legal


def test_network_terminal_taps_another_artifact(checker: Checker) -> None:
    nt = {"id": "n", "card": "Network Terminal"}
    forest = {"id": "f", "card": "Forest"}
    # alone: its own {T} is paid, and "another" never means itself
    v = why(checker, state([nt, forest]), act("n", 2))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    assert why(checker, state([nt, forest, {"id": "o", "card": "Ornithopter"}]), act("n", 2)).legal
    # Sol Ring is the only other artifact: it can pay {1} or be tapped for the cost, not both (107.5)
    v = why(checker, state([nt, {"id": "r", "card": "Sol Ring"}]), act("n", 2))
    assert not v.legal


def test_cabbage_merchant_taps_two_foods(checker: Checker) -> None:
    cm = {"id": "c", "card": "The Cabbage Merchant"}
    eggs = [{"id": f"e{i}", "card": "Golden Egg"} for i in range(2)]
    assert why(checker, state([cm, *eggs]), act("c", 3)).legal
    v = why(checker, state([cm, eggs[0]]), act("c", 3))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    # the Foods pay for Grizzly Bears' {1}{G}: two Eggs tapped give one mana of any color, so
    # with a Forest the Bears can be cast
    doc = state([cm, *eggs, {"id": "f", "card": "Forest"}, {"id": "g", "card": "Grizzly Bears", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "g"}).legal


PRISM = {"name": "Prism Token", "layout": "normal", "faces": [{
    "name": "Prism Token", "mana_cost": None, "supertypes": [], "types": ["Artifact", "Creature"],
    "subtypes": ["Prism"], "power": 0, "toughness": 1, "oracle": "", "abilities": []}]}


def test_diamond_kaleidoscope_sacrifices_a_prism_token(results: dict[str, CardResult]) -> None:
    # the token its first ability creates (111.4: "Prism Token"), written by hand: the importer
    # keeps that ability's effect as not modeled
    cards = [r.card for r in results.values() if r.card is not None] + [PRISM]
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": cards}, source="test"))
    dk = {"id": "d", "card": "Diamond Kaleidoscope"}
    prism = {"id": "p", "card": "Prism Token", "token": True}
    doc = state([dk, prism, {"id": "g", "card": "Grizzly Bears", "zone": "hand"}, {"id": "f", "card": "Forest"}])
    v = why(checker, doc, {"kind": "cast", "object": "g"})
    assert v.legal and {u.sacrificed for u in v.plan.sources} >= {"p"}
    after = applied(checker, state([dk, prism]), act("d", 2), choose="U")
    assert "p" not in {o["id"] for o in after["objects"] if o.get("zone") == "battlefield"}
    assert after["players"][0]["mana_pool"] == "{U}"
    # a nontoken creature isn't a Prism token
    doc = state([dk, {"id": "o", "card": "Ornithopter"}, {"id": "g", "card": "Grizzly Bears", "zone": "hand"},
                 {"id": "f", "card": "Forest"}])
    assert not why(checker, doc, {"kind": "cast", "object": "g"}).legal


def test_rasputin_removes_one_or_more_dream_counters(results: dict[str, CardResult], checker: Checker) -> None:
    ab = abilities(results, "Rasputin, the Oneiromancer")[1]
    assert ab["cost"] == {"tap": True, "remove_any_counters": "dream"}
    assert ab["mana"] == {"for_each": {"mana": "{C}", "counters_removed": "dream"}}
    ras = {"id": "r", "card": "Rasputin, the Oneiromancer", "counters": {"dream": 2}}
    # two dream counters: up to {C}{C}; Sol Ring ({1}) is paid removing one of them
    doc = state([ras, {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    v = why(checker, doc, {"kind": "cast", "object": "e"})
    assert v.legal and [u.source for u in v.plan.sources] == ["r"]
    after = applied(checker, doc, {"kind": "cast", "object": "e"})
    assert obj(after, "r")["counters"] == {"dream": 1} and obj(after, "r")["tapped"] is True
    # Golden Egg ({2}) takes both
    doc = state([ras, {"id": "e", "card": "Golden Egg", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "e"})
    assert not obj(after, "r").get("counters")
    # no dream counter: nothing to remove ("one or more"), so no mana
    doc = state([{**ras, "counters": {}}, {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    assert not why(checker, doc, {"kind": "cast", "object": "e"}).legal
