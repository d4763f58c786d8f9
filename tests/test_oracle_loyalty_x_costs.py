"""Real cards through the Oracle importer, session 20 (probe20a, 2026-12-04): timing, special
actions and activated abilities (302.6, 602.5, 605.3, 606.3, 116, 702.48). The fixture holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import (
    abilities,
    activate,
    applied,
    module_fixtures,
    obj,
    refusal,
    rules,
    state,
    why,
)

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_loyalty_x_costs.json"
results, checker = module_fixtures(FIXTURE)


def test_offering_is_refused(results: dict[str, CardResult]) -> None:
    # 702.48a: "Fox offering" lets Patron of the Kitsune be cast any time its owner could cast an
    # instant by sacrificing a Fox, for less (117.1a, 601.2f). Kept as not modeled, casting it on
    # an opponent's turn with a Fox to sacrifice was refused (307.1): the importer refuses it.
    for name, words in (("Patron of the Kitsune", "Fox offering"),
                        ("Blast-Furnace Hellkite", "Artifact offering")):
        assert f'"{words}" (702.48a)' in refusal(results, name)
    # a card named "... Offering" is no offering keyword
    assert results["Volcanic Offering"].card is not None


def test_loyalty_ability_with_an_x_cost(results: dict[str, CardResult], checker: Checker) -> None:
    # 606.4, 107.3a: "[−X]: ..." is a loyalty ability whose cost removes the X announced; 606.6: X
    # can't be more than the loyalty counters; 606.3: sorcery timing, one loyalty ability of the
    # permanent each turn. It was kept as not modeled: `moves` left it out, `why` called it bad input.
    assert abilities(results, "Ugin, the Spirit Dragon")[1] == {
        "kind": "activated", "cost": {"loyalty": "-X"}, "effect": {"action": "not_modeled"}}
    doc = state([{"id": "ug", "card": "Ugin, the Spirit Dragon", "counters": {"loyalty": 7}},
                 {"id": "cn", "card": "Chandra Nalaar", "counters": {"loyalty": 2}},
                 {"id": "b", "card": "Grizzly Bears", "owner": "bob"}])
    st = parse_state(doc, checker.library)
    ugin = [v for v in checker.moves(st) if v.action.object == "ug"]
    # (the +2's "deals 3 damage to any target" is listed once per legal target, 601.2c, 115.4: the
    # players, the creature and both planeswalkers, Ugin itself too; probe32c)
    assert [(v.action.ability, v.to_json()["cost"], v.to_json().get("x"), v.action.targets) for v in ugin] == [
        *[(1, "put 2 loyalty counters on it", None, (t,)) for t in ("alice", "b", "bob", "cn", "ug")],
        (2, "remove X loyalty counters from it", {"min": 0, "max": 7}, ())]
    assert why(checker, doc, {**activate("ug", 2), "x": 7}).legal
    v = why(checker, doc, {**activate("ug", 2), "x": 8})
    assert not v.legal and [(r.rule, r.message) for r in v.reasons] == [
        ("606.6", ("Ugin, the Spirit Dragon (ug) has 7 loyalty counter(s); its loyalty ability costs "
                   "X = 8 loyalty."))]
    v = why(checker, doc, {**activate("cn", 2), "x": 3, "targets": ["b"]})
    assert not v.legal and rules(v) == {"606.6"}
    assert why(checker, doc, {**activate("cn", 2), "x": 2, "targets": ["b"]}).legal
    v = why(checker, {**doc, "step": "upkeep"}, {**activate("ug", 2), "x": 1})
    assert not v.legal and rules(v) == {"606.3"}
    used = state([{"id": "ug", "card": "Ugin, the Spirit Dragon", "counters": {"loyalty": 7},
                   "activated_this_turn": [1]}])
    v = why(checker, used, {**activate("ug", 2), "x": 1})
    assert not v.legal and rules(v) == {"606.3"}
    # apply: the X announced is removed and written on the ability; without `x`, all of them
    # (the largest X), and the planeswalker with 0 loyalty goes to the graveyard (704.5i)
    after = applied(checker, doc, {**activate("ug", 2), "x": 3})
    assert obj(after, "ug")["counters"] == {"loyalty": 4} and obj(after, "ug")["activated_this_turn"] == [2]
    assert obj(after, "ug-ability2")["x"] == 3
    after = applied(checker, doc, activate("ug", 2))
    assert obj(after, "ug")["zone"] == "graveyard" and obj(after, "ug-ability2")["x"] == 7


def test_loyalty_x_of_a_target_with_mana_value_x(checker: Checker) -> None:
    # 107.3a, 601.2c: Sorin, Vengeful Bloodlord's "[−X]: Return target creature card with mana value
    # X ...": with a target named and no `x`, X is that target's mana value (no other X makes it
    # legal): `why` checks it against the loyalty counters (606.6) and `apply` removes that many
    bf = {"id": "so", "card": "Sorin, Vengeful Bloodlord", "counters": {"loyalty": 5}}
    doc = state([bf, {"id": "gb", "card": "Grizzly Bears", "zone": "graveyard"}])
    act = {**activate("so", 3), "targets": ["gb"]}
    assert why(checker, doc, act).legal
    after = applied(checker, doc, act)
    assert obj(after, "so")["counters"] == {"loyalty": 3} and obj(after, "so-ability3")["x"] == 2
    v = why(checker, doc, {**act, "x": 3})
    assert not v.legal and rules(v) == {"602.2b"}
    low = state([{**bf, "counters": {"loyalty": 1}}, {"id": "gb", "card": "Grizzly Bears", "zone": "graveyard"}])
    v = why(checker, low, act)
    assert not v.legal and [(r.rule, r.message) for r in v.reasons] == [
        ("606.6", "Sorin, Vengeful Bloodlord (so) has 1 loyalty counter(s); its loyalty ability costs X = 2 loyalty.")]
