"""Real cards through the Oracle importer: suspend (CR 116.2f, 702.62a-b) — the special action that
exiles a card from its owner's hand with N time counters, paying its suspend cost, whenever its
owner could begin to cast it. The fixture tests/fixtures/real_cards_suspend.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_suspend.json"
results, checker = module_fixtures(FIXTURE)
BLOOM = {"kind": "suspend", "object": "lb"}


def test_suspend_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Lotus Bloom")[0] == {"kind": "keyword", "keyword": "suspend", "n": 3,
                                                    "cost": "{0}"}
    assert abilities(results, "Rift Bolt")[1] == {"kind": "keyword", "keyword": "suspend", "n": 1,
                                                  "cost": "{R}"}
    for name in ("Mox Tantalite", "Sol Talisman", "Rift Sower", "Ancestral Vision"):
        assert results[name].card is not None, results[name].refusal


def test_suspend_a_card_without_mana_cost(checker: Checker) -> None:
    doc = state([{"id": "lb", "card": "Lotus Bloom", "zone": "hand"}])
    # 118.6: no mana cost and no alternative cost: it can't be cast; 116.2f: it can be suspended
    assert not why(checker, doc, {"kind": "cast", "object": "lb"}).legal
    v = why(checker, doc, BLOOM)
    assert v.legal and v.cost == "{0}" and "116.2f" in v.permits
    moves = checker.moves(parse_state(doc, checker.library), "alice")
    assert [m.action.kind for m in moves if m.action.object == "lb"] == ["suspend"]
    after = applied(checker, doc, BLOOM)
    assert obj(after, "lb")["zone"] == "exile" and obj(after, "lb")["counters"] == {"time": 3}
    assert not obj(after, "lb").get("face_down")


def test_suspend_timing_is_the_cards_casting_timing(checker: Checker) -> None:
    hand = [{"id": "lb", "card": "Lotus Bloom", "zone": "hand"}]
    for kw in ({"step": "upkeep"}, {"active_player": "bob", "priority": "alice"}):
        v = why(checker, state(hand, **kw), BLOOM)
        assert not v.legal and "116.2f" in {r.rule for r in v.reasons}
    # a card on the stack (something waiting to resolve) blocks a sorcery-speed suspend too
    doc = state(hand + [{"id": "rb", "card": "Rift Bolt", "zone": "stack", "controller": "alice"}],
                stack=["rb"])
    assert not why(checker, doc, BLOOM).legal


def test_suspend_needs_the_card_in_its_owners_hand(checker: Checker) -> None:
    doc = state([{"id": "lb", "card": "Lotus Bloom", "zone": "hand", "owner": "bob"}])
    v = why(checker, doc, BLOOM)   # another player's card: a question for the rules, not bad input
    assert not v.legal and any(r.rule == "116.2f" and "bob's card" in r.message for r in v.reasons)
    doc = state([{"id": "lb", "card": "Lotus Bloom", "zone": "graveyard"}])
    assert not why(checker, doc, BLOOM).legal
    doc = state([{"id": "g", "card": "Grizzly Bears", "zone": "hand"}])
    v = why(checker, doc, {"kind": "suspend", "object": "g"})
    assert not v.legal and "702.62a" in {r.rule for r in v.reasons}


def test_suspend_cost_is_paid(checker: Checker) -> None:
    rb = {"kind": "suspend", "object": "rb"}
    doc = state([{"id": "rb", "card": "Rift Bolt", "zone": "hand"}, {"id": "i", "card": "Island"}])
    assert not why(checker, doc, rb).legal
    doc = state([{"id": "rb", "card": "Rift Bolt", "zone": "hand"}, {"id": "m", "card": "Mountain"}])
    after = applied(checker, doc, rb)
    assert obj(after, "m")["tapped"] is True and obj(after, "rb")["counters"] == {"time": 1}
