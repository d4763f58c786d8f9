"""Real cards through the Oracle importer: cost increases and reductions of static abilities
(CR 601.2f, 118.7). The fixture tests/fixtures/real_cards_costs.json holds MTGJSON AtomicCards
entries copied from ../shared/data/AtomicCards.json; each test states the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_costs.json"
results, checker = module_fixtures(FIXTURE)


def cast(oid: str, **kw: Any) -> dict[str, Any]:
    return {"kind": "cast", "object": oid, **kw}


def lands(card: str, n: int) -> list[dict[str, Any]]:
    return [{"id": f"l{i}", "card": card} for i in range(n)]


def static(results: dict[str, CardResult], name: str, field: str) -> Any:
    return next(a[field] for a in abilities(results, name) if field in a)


def test_reductions_read(results: dict[str, CardResult]) -> None:
    assert static(results, "Foundry Inspector", "spell_cost_reduction") == {
        "amount": 1, "spells_cast_by": "you", "spells": [{"types": ["Artifact"]}]}
    assert static(results, "Ruby Medallion", "spell_cost_reduction")["spells"] == [{"colors": ["R"]}]
    assert static(results, "Arcane Melee", "spell_cost_reduction") == {
        "amount": 2, "spells_cast_by": "any", "spells": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}
    assert static(results, "Nightscape Familiar", "spell_cost_reduction")["spells"] == [
        {"colors": ["U"]}, {"colors": ["R"]}]
    # 700.6: historic = artifact, legendary or Saga
    assert static(results, "Jhoira's Familiar", "spell_cost_reduction")["spells"] == [
        {"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]
    assert static(results, "Bontu's Monument", "spell_cost_reduction")["spells"] == [
        {"colors": ["B"], "types": ["Creature"]}]
    assert static(results, "Thalia, Guardian of Thraben", "cost_increase") == {
        "amount": "{1}", "spells_cast_by": "any", "spells": [{"non_types": ["Creature"]}]}
    # "for each +1/+1 counter on Animar": an amount no template reads
    assert results["Animar, Soul of Elements"].card is None


def test_generic_only(checker: Checker) -> None:
    # 118.7a: Ruby Medallion reduces Hill Giant {3}{R} to {2}{R}; Lightning Bolt's {R} stays {R}
    med = {"id": "rm", "card": "Ruby Medallion"}
    giant = {"id": "g", "card": "Hill Giant", "zone": "hand"}
    v = why(checker, state([med, giant, *lands("Mountain", 3)]), cast("g"))
    assert v.legal and v.cost == "{2}{R}"
    assert not why(checker, state([giant, *lands("Mountain", 3)]), cast("g")).legal
    bolt = {"id": "b", "card": "Lightning Bolt", "zone": "hand"}
    v = why(checker, state([med, bolt]), cast("b", targets=["bob"]))
    assert not v.legal and "601.2h" in rules(v) and v.cost == "{R}"
    # "you cast": an opponent's Medallion doesn't reduce alice's spells
    theirs = {"id": "rm", "card": "Ruby Medallion", "owner": "bob"}
    assert not why(checker, state([theirs, giant, *lands("Mountain", 3)]), cast("g")).legal
    # reduced to nothing (118.7): Ornithopter {0} and Mind Stone {2} -> {1} with Foundry Inspector
    insp = {"id": "fi", "card": "Foundry Inspector"}
    stone = {"id": "ms", "card": "Mind Stone", "zone": "hand"}
    v = why(checker, state([insp, stone, *lands("Mountain", 1)]), cast("ms"))
    assert v.legal and v.cost == "{1}"


def test_reduction_and_x(checker: Checker) -> None:
    # 601.2f, 107.3: Walking Ballista {X}{X} with Foundry Inspector: the {1} reduces the mana X
    # stands for, so three Mountains pay X = 2 (2 x 2 - 1 = 3); with no land, only X = 0
    insp = {"id": "fi", "card": "Foundry Inspector"}
    ball = {"id": "b", "card": "Walking Ballista", "zone": "hand"}
    v = why(checker, state([insp, ball, *lands("Mountain", 3)]), cast("b"))
    assert v.legal and v.x_max == 2 and v.cost == "{X}{X} reduced by {1}"
    assert why(checker, state([ball, *lands("Mountain", 3)]), cast("b")).x_max == 1
    assert why(checker, state([insp, ball]), cast("b")).x_max == 0
    v = why(checker, state([insp, ball, *lands("Mountain", 3)]), cast("b", x=3))
    assert not v.legal and "601.2h" in rules(v)
    after = applied(checker, state([insp, ball, *lands("Mountain", 3)]), cast("b", x=2))
    assert obj(after, "b")["zone"] == "stack" and obj(after, "b")["x"] == 2
    assert all(obj(after, f"l{i}")["tapped"] for i in range(3))


def test_increase_and_reduction_together(checker: Checker) -> None:
    # 601.2f: Thalia's {1} more and Goblin Electromancer's {1} less: Divination {2}{U} costs {2}{U}
    thalia = {"id": "th", "card": "Thalia, Guardian of Thraben", "owner": "bob"}
    div = {"id": "d", "card": "Divination", "zone": "hand"}
    v = why(checker, state([thalia, div, *lands("Island", 3)]), cast("d"))
    assert not v.legal and v.cost == "{3}{U}"
    el = {"id": "ge", "card": "Goblin Electromancer"}
    v = why(checker, state([thalia, el, div, *lands("Island", 3)]), cast("d"))
    assert v.legal and v.cost == "{2}{U}"
    # Thalia taxes noncreature spells only
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "hand"}
    v = why(checker, state([thalia, bears, *lands("Forest", 2)]), cast("g"))
    assert v.legal and v.cost == "{1}{G}"


def test_any_player_and_alternative_costs(checker: Checker) -> None:
    # Arcane Melee ("Instant and sorcery spells cost {2} less to cast") reduces alice's spells
    # though bob controls it; Baral reduces a foretell cost (601.2f: the alternative cost too)
    melee = {"id": "am", "card": "Arcane Melee", "owner": "bob"}
    div = {"id": "d", "card": "Divination", "zone": "hand"}
    v = why(checker, state([melee, div, *lands("Island", 1)]), cast("d"))
    assert v.legal and v.cost == "{U}"
    baral = {"id": "ba", "card": "Baral, Chief of Compliance"}
    behold = {"id": "e", "card": "Behold the Multiverse", "zone": "exile", "face_down": True,
              "foretold_turn": 3}
    v = why(checker, state([baral, behold, *lands("Island", 1)]), cast("e", method="foretell"))
    assert v.legal and v.cost == "{U}"


def test_sacrifice_either_type(results: dict[str, CardResult], checker: Checker) -> None:
    # Deadly Dispute: "As an additional cost to cast this spell, sacrifice an artifact or creature."
    # (118.8, 118.3). Mana abilities are activated before costs are paid (601.2g-h): Mind Stone may
    # be tapped for mana and then sacrificed.
    assert static(results, "Deadly Dispute", "cost") == {"sacrifice": {"types": ["Artifact", "Creature"]}}
    # Thraxodemon is a creature: "Sacrifice another artifact or creature" excludes itself
    assert next(a for a in abilities(results, "Thraxodemon") if a["kind"] == "activated")["cost"][
        "sacrifice"] == {"types": ["Creature", "Artifact"], "other": True}
    dd = {"id": "dd", "card": "Deadly Dispute", "zone": "hand"}
    v = why(checker, state([dd, *lands("Swamp", 2)]), cast("dd"))
    assert not v.legal and {"118.3", "118.8"} <= rules(v)
    assert "an artifact or creature" in " ".join(r.message for r in v.reasons)
    stone = {"id": "ms", "card": "Mind Stone"}
    v = why(checker, state([dd, stone, *lands("Swamp", 1)]), cast("dd"))
    assert v.legal and v.cost == "{1}{B}, sacrifice an artifact or creature"
    after = applied(checker, state([dd, stone, *lands("Swamp", 1)]), cast("dd"))
    assert obj(after, "ms")["zone"] == "graveyard" and obj(after, "dd")["zone"] == "stack"


def test_exile_from_graveyard_as_an_additional_cost(results: dict[str, CardResult],
                                                    checker: Checker) -> None:
    # Stitched Drake: "As an additional cost to cast this spell, exile a creature card from your
    # graveyard." (118.3, 118.8); Skaab Goliath exiles two
    assert static(results, "Skaab Goliath", "cost") == {"exile_from_graveyard": {"count": 2,
                                                                                 "type": "Creature"}}
    drake = {"id": "d", "card": "Stitched Drake", "zone": "hand"}
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "graveyard"}
    bolt = {"id": "b", "card": "Lightning Bolt", "zone": "graveyard"}
    islands = lands("Island", 3)
    v = why(checker, state([drake, bolt, *islands]), cast("d"))  # an instant isn't a creature card
    assert not v.legal and "118.3" in rules(v)
    assert why(checker, state([drake, bolt, bears, *islands]), cast("d")).legal
    # bob's graveyard doesn't count: "your graveyard"
    theirs = {**bears, "owner": "bob"}
    assert not why(checker, state([drake, theirs, *islands]), cast("d")).legal
    after = applied(checker, state([drake, bolt, bears, *islands]), cast("d"))
    assert obj(after, "g")["zone"] == "exile" and obj(after, "b")["zone"] == "graveyard"
    goliath = {"id": "sg", "card": "Skaab Goliath", "zone": "hand"}
    six = lands("Island", 6)
    v = why(checker, state([goliath, bears, *six]), cast("sg"))
    assert not v.legal and "118.3" in rules(v)
    assert why(checker, state([goliath, bears, {**bears, "id": "g2"}, *six]), cast("sg")).legal


def test_reveal_as_an_additional_cost(results: dict[str, CardResult], checker: Checker) -> None:
    # 701.20a, 118.3: "As an additional cost to cast this spell, reveal a Merfolk card from your
    # hand or pay {3}" (Silvergill Adept): a Merfolk card in the hand other than the spell (601.2a;
    # changeling: every creature type, 702.73a), or {3} more (the action with "additional_cost")
    a = next(x for x in abilities(results, "Silvergill Adept") if x["kind"] == "additional_cost")
    assert a["cost"] == {"reveal": {"subtypes": ["Merfolk"]}} and a["or_pay"] == "{3}"
    adept = {"id": "sa", "card": "Silvergill Adept", "zone": "hand"}
    islands = lands("Island", 2)
    v = why(checker, state([adept, *islands]), cast("sa"))
    assert not v.legal and "118.3" in rules(v)
    lord = {"id": "la", "card": "Lord of Atlantis"}
    v = why(checker, state([adept, lord, *islands]), cast("sa"))  # on the battlefield: not revealable
    assert not v.legal and "118.3" in rules(v)
    assert why(checker, state([adept, {**lord, "zone": "hand"}, *islands]), cast("sa")).legal
    outcast = {"id": "co", "card": "Changeling Outcast", "zone": "hand"}
    assert why(checker, state([adept, outcast, *islands]), cast("sa")).legal
    v = why(checker, state([adept, *lands("Island", 5)]), cast("sa", additional=["additional_cost"]))
    assert v.legal and v.cost == "{4}{U}"
    assert not why(checker, state([adept, *lands("Island", 4)]),
                   cast("sa", additional=["additional_cost"])).legal
    # optional (Orator of Ojutai): cast without revealing, or revealing a Dragon card
    orator = {"id": "oo", "card": "Orator of Ojutai", "zone": "hand"}
    plains = lands("Plains", 2)
    assert why(checker, state([orator, *plains]), cast("oo")).legal
    v = why(checker, state([orator, *plains]), cast("oo", additional=["additional_cost"]))
    assert not v.legal and "118.3" in rules(v)
    # Titan's Presence: "reveal a colorless creature card" (105.2c): Ulamog's Crusher, not Bears
    presence = {"id": "tp", "card": "Titan's Presence", "zone": "hand"}
    crusher = {"id": "uc", "card": "Ulamog's Crusher", "zone": "hand"}
    bears = {"id": "g", "card": "Grizzly Bears", "zone": "hand"}
    # (its "Exile target creature ...": a creature on the battlefield to target, 601.2c)
    target = {"id": "t", "card": "Grizzly Bears", "owner": "bob"}
    assert why(checker, state([presence, crusher, target, *lands("Plains", 3)]), cast("tp")).legal
    assert not why(checker, state([presence, bears, target, *lands("Plains", 3)]), cast("tp")).legal
    v = why(checker, state([presence, crusher, *lands("Plains", 3)]), cast("tp"))
    assert not v.legal and "601.2c" in rules(v)


def test_ability_that_returns_its_card_from_the_graveyard(results: dict[str, CardResult],
                                                          checker: Checker) -> None:
    # 113.6k: "{1}{B}: Return this card from your graveyard to the battlefield tapped." functions
    # only while Reassembling Skeleton is in the graveyard (a move there; none on the battlefield)
    a = next(x for x in abilities(results, "Reassembling Skeleton") if x["kind"] == "activated")
    assert a["zone"] == "graveyard"
    swamps = lands("Swamp", 2)
    skeleton = {"id": "s", "card": "Reassembling Skeleton"}
    v = why(checker, state([skeleton, *swamps]), {"kind": "activate", "object": "s", "ability": 1})
    assert not v.legal and rules(v) == {"113.6k"}
    v = why(checker, state([{**skeleton, "zone": "graveyard"}, *swamps]),
            {"kind": "activate", "object": "s", "ability": 1})
    assert v.legal
