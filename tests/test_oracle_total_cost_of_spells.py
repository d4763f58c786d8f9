"""Real cards through the Oracle importer, session 20 (probe20b, 2026-12-04): the total cost of
spells, kicker, X, alternative and additional costs, casting from exile (601.2b, 601.2f, 107.3,
118.8, 118.9, 702.33, 702.143, 702.170). The fixture holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, pool, refusal, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_total_cost_of_spells.json"
results, checker = module_fixtures(FIXTURE)

BF = "battlefield"


def resolved(checker: Checker, spell: dict[str, Any], library: int = 0) -> dict[str, Any]:
    """The state after bob passes priority with alice's spell alone on the stack (alice passed)."""
    lib = [{"id": f"l{i}", "card": "Island", "zone": "library"} for i in range(library)]
    doc = state([{"zone": "stack", **spell}, *lib], priority="bob", consecutive_passes=1,
                stack=[spell["id"]])
    return applied(checker, doc, {"kind": "pass"}, who="bob")


def on_stack(doc: dict[str, Any]) -> list[str]:
    return [o["id"] for o in doc["objects"] if o.get("zone") == "stack"]


def test_enters_trigger_with_an_intervening_if_about_the_spell(results: dict[str, CardResult],
                                                              checker: Checker) -> None:
    # 603.4, 702.33d: "When this creature enters, if it was kicked, ..." (Gatekeeper of Malakir)
    # triggers only if its spell was kicked; "if you cast it" (Marina Vendrell's Grimoire), "if you
    # cast it from your hand" (Scion of Vitu-Ghazi) only if it was cast (from the hand). Found by
    # probe20b: the trigger went on the stack whatever the spell was.
    assert abilities(results, "Gatekeeper of Malakir")[1]["trigger"] == {"event": "enters", "if": "kicked"}
    assert abilities(results, "Marina Vendrell's Grimoire")[0]["trigger"] == {"event": "enters", "if": "cast"}
    # (the condition read, the rest of the sentence is the effect: "draw five cards")
    assert abilities(results, "Marina Vendrell's Grimoire")[0]["effect"] == {"action": "draw", "n": 5}
    assert abilities(results, "Scion of Vitu-Ghazi")[0]["trigger"] == {"event": "enters", "if": "cast_from_hand"}
    gk = {"id": "gk", "card": "Gatekeeper of Malakir", "cast_from": "hand", "method": "normal"}
    assert on_stack(resolved(checker, {**gk, "kicked": True})) == ["gk-ability2"]
    after = resolved(checker, gk)
    assert on_stack(after) == [] and obj(after, "gk")["zone"] == BF
    grim = {"id": "mv", "card": "Marina Vendrell's Grimoire"}
    assert on_stack(resolved(checker, {**grim, "cast_from": "exile", "method": "plot"}, 5)) == ["mv-ability1"]
    assert on_stack(resolved(checker, grim)) == []   # not cast (no cast_from): put onto the stack otherwise
    scion = {"id": "sc", "card": "Scion of Vitu-Ghazi"}
    assert on_stack(resolved(checker, {**scion, "cast_from": "hand", "method": "normal"})) == ["sc-ability1"]
    assert on_stack(resolved(checker, {**scion, "cast_from": "exile", "method": "plot"})) == []


def test_a_bound_on_x_other_than_nonzero_is_refused(results: dict[str, CardResult]) -> None:
    # 107.3a, 601.2b: "X can't be greater than the number of players in the game" (Open the Way,
    # {X}{G}{G}) bounds the X announced; kept as not modeled, moves offered X up to what the lands
    # could pay (found by probe20b). "X can't be 0" is read (Mind Grind).
    assert "restricts the value announced for X" in refusal(results, "Open the Way")
    assert abilities(results, "Mind Grind")[0]["effect"]["x_min"] == 1


def test_the_total_cost_names_the_card_revealed(checker: Checker) -> None:
    # 118.8, 601.2f, 701.20a: "As an additional cost to cast this spell, you may reveal a Dragon card
    # from your hand" (Orator of Ojutai): the total cost of a cast that reveals says so, as it says
    # a sacrifice or a discard (found by probe20b: it read "{1}{W}" alone)
    orator = {"id": "oo", "card": "Orator of Ojutai", "zone": "hand"}
    dragon = {"id": "sd", "card": "Shivan Dragon", "zone": "hand"}
    plains = [{"id": f"p{i}", "card": "Plains"} for i in range(2)]
    doc = state([orator, dragon, *plains])
    v = why(checker, doc, {"kind": "cast", "object": "oo", "additional": ["additional_cost"]})
    assert v.legal and v.cost == "{1}{W}, reveal a Dragon card from your hand"
    assert why(checker, doc, {"kind": "cast", "object": "oo"}).cost == "{1}{W}"


def test_counters_a_kicked_permanent_enters_with(results: dict[str, CardResult], checker: Checker) -> None:
    # 614.1c, 702.33c-d: "If this creature was kicked, it enters with three +1/+1 counters on it"
    # (Untamed Kavu); "... a +1/+1 counter on it for each time it was kicked" (Joraga Warcaller's
    # multikicker; Everflowing Chalice's charge counters, which its mana ability counts). Found by
    # probe20b: refused.
    assert abilities(results, "Untamed Kavu")[3] == {
        "kind": "replacement", "enters_with_counters": {"counter": "+1/+1", "amount": 3}, "condition": "kicked"}
    assert abilities(results, "Everflowing Chalice")[1]["condition"] == "per_kick"
    kavu = {"id": "uk", "card": "Untamed Kavu", "cast_from": "hand", "method": "normal"}
    assert obj(resolved(checker, {**kavu, "kicked": True}), "uk")["counters"] == {"+1/+1": 3}
    assert "counters" not in obj(resolved(checker, kavu), "uk")
    jw = {"id": "jw", "card": "Joraga Warcaller", "cast_from": "hand", "method": "normal", "kicked": True}
    assert obj(resolved(checker, {**jw, "times_kicked": 3}), "jw")["counters"] == {"+1/+1": 3}
    assert obj(resolved(checker, jw), "jw")["counters"] == {"+1/+1": 1}   # kicked once
    # cast with its multikicker paid twice: two charge counters, {C}{C} from its mana ability
    doc = state([{"id": "ec", "card": "Everflowing Chalice", "zone": "hand"},
                 *({"id": f"w{i}", "card": "Wastes"} for i in range(4))])
    cast = applied(checker, doc, {"kind": "cast", "object": "ec", "additional": ["kicker", "kicker"]})
    assert obj(cast, "ec")["times_kicked"] == 2
    cast["priority"] = "alice"
    after = applied(checker, applied(checker, cast, {"kind": "pass"}), {"kind": "pass"}, who="bob")
    assert obj(after, "ec")["counters"] == {"charge": 2}
    after["priority"] = "alice"
    assert pool(applied(checker, after, {"kind": "activate", "object": "ec", "ability": 3})) == "{C}{C}"
