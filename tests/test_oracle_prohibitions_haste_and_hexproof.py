"""Real cards through the Oracle importer (fourteenth probe): lines that change answers in scope
and were dropped as not modeled -- prohibitions on activating abilities (602.5), haste granted
(302.6), loyalty abilities whose effect isn't modeled (606) -- and shroud and hexproof against the
modeled "any target" (702.18a, 702.11b). The fixture tests/fixtures/real_cards_prohibitions_haste_and_hexproof.json holds
MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, activate, module_fixtures, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_prohibitions_haste_and_hexproof.json"


results, checker = module_fixtures(FIXTURE)


def test_prohibitions_on_activating_are_read(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Null Rod")[0] == {"kind": "static", "forbid_activation": {"types": ["Artifact"]}}
    assert abilities(results, "Linvala, Keeper of Silence")[1]["forbid_activation"] == {
        "types": ["Creature"], "opponents": True}
    assert abilities(results, "Damping Matrix")[0]["forbid_activation"] == {
        "types": ["Artifact", "Creature"], "except_mana": True}
    assert abilities(results, "Arachnus Web")[1]["forbid_activation"] == {"attached": True}
    assert abilities(results, "Faith's Fetters")[2]["forbid_activation"] == {"attached": True, "except_mana": True}
    # Viper's Kiss also changes P/T (not in the card format): refused, never dropped
    assert results["Viper's Kiss"].card is None
    elves = {"id": "e", "card": "Llanowar Elves"}
    v = why(checker, state([elves, {"id": "l", "card": "Linvala, Keeper of Silence", "owner": "bob"}]),
            activate("e", 1))
    assert not v.legal and rules(v) == {"602.5"}
    # her own creatures are not her opponents'
    assert why(checker, state([elves, {"id": "l", "card": "Linvala, Keeper of Silence"}]), activate("e", 1)).legal
    matrix = {"id": "m", "card": "Damping Matrix", "owner": "bob"}
    assert why(checker, state([elves, matrix]), activate("e", 1)).legal  # a mana ability
    sailor = {"id": "s", "card": "Spectral Sailor"}
    islands = [{"id": f"i{k}", "card": "Island"} for k in range(4)]
    v = why(checker, state([sailor, matrix, *islands]), activate("s", 3))
    assert not v.legal and rules(v) == {"602.5"}


def test_haste_granted_lets_a_new_creature_tap(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Lightning Greaves")[0] == {"kind": "static", "grant": {
        "to": "enchanted", "ability": {"kind": "keyword", "text": "haste", "keyword": "haste"},
        "also": [{"kind": "keyword", "text": "shroud", "keyword": "shroud"}]}}   # 702.18a, too
    new_elves = {"id": "e", "card": "Llanowar Elves", "controlled_since_turn": 5}
    v = why(checker, state([new_elves]), activate("e", 1))
    assert not v.legal and rules(v) == {"302.6"}
    greaves = {"id": "g", "card": "Lightning Greaves", "attached_to": "e"}
    assert why(checker, state([new_elves, greaves]), activate("e", 1)).legal
    crossroads = {"id": "c", "card": "Concordant Crossroads", "owner": "bob"}
    assert why(checker, state([new_elves, crossroads]), activate("e", 1)).legal
    samut = {"id": "s", "card": "Samut, Voice of Dissent"}
    assert why(checker, state([new_elves, samut]), activate("e", 1)).legal
    # "Other creatures you control": not an opponent's
    theirs = {**new_elves, "owner": "bob", "controlled_since_turn": 6}
    v = why(checker, state([theirs, samut], turn=6, active_player="bob", priority="bob"),
            activate("e", 1), who="bob")
    assert not v.legal and rules(v) == {"302.6"}
    # a grant of keywords that no rule in scope reads stays not modeled
    assert abilities(results, "Levitation")[0]["kind"] == "not_modeled"


def test_shroud_and_hexproof_against_any_target(checker: Checker) -> None:
    bolt = {"id": "b", "card": "Lightning Bolt", "zone": "hand"}
    mountain = {"id": "m", "card": "Mountain"}
    beetles = {"id": "pb", "card": "Pincher Beetles", "owner": "bob"}
    troll = {"id": "t", "card": "Troll Ascetic", "owner": "bob"}
    mine = {"id": "mt", "card": "Troll Ascetic"}
    doc = state([bolt, mountain, beetles, troll, mine])
    v = why(checker, doc, {"kind": "cast", "object": "b", "targets": ["pb"]})
    assert not v.legal and rules(v) == {"702.18a"}
    v = why(checker, doc, {"kind": "cast", "object": "b", "targets": ["t"]})
    assert not v.legal and rules(v) == {"702.11b"}
    assert why(checker, doc, {"kind": "cast", "object": "b", "targets": ["mt"]}).legal
    moves = [m.to_json() for m in checker.moves(parse_state(doc, checker.library), "alice")]
    targets = {t for m in moves if m.get("object") == "b" for t in m.get("targets", [])}
    assert targets == {"alice", "bob", "mt"}


def test_loyalty_abilities_not_modeled_are_activated(results: dict[str, CardResult],
                                                     checker: Checker) -> None:
    jace = {"id": "j", "card": "Jace, the Mind Sculptor", "counters": {"loyalty": 3}}
    v = why(checker, state([jace]), activate("j", 2))  # [0]: Draw three cards, then ...
    assert v.legal and v.cost == "{0}"
    v = why(checker, state([jace], turn=6, active_player="bob"), activate("j", 2))
    assert not v.legal and rules(v) == {"606.3"}
    lili = {"id": "l", "card": "Liliana of the Veil", "counters": {"loyalty": 1}}
    v = why(checker, state([lili]), {**activate("l", 2), "targets": ["bob"]})  # [−2]
    assert not v.legal and rules(v) == {"606.6"}

