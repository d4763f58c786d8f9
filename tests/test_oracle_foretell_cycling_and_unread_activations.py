"""Real cards through the Oracle importer (session 15, probe15c): Cosmos Charger's "Foretelling cards
from your hand costs {1} less and can be done on any player's turn." (116.2h, 702.143a, 601.2f).
The fixture tests/fixtures/real_cards_foretell_cycling_and_unread_activations.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_foretell_cycling_and_unread_activations.json"
results, checker = module_fixtures(FIXTURE)


def test_cosmos_charger_line_is_read(results: dict[str, CardResult]) -> None:
    assert {"kind": "static", "foretell_action": {"reduction": 1, "any_turn": True}} in abilities(
        results, "Cosmos Charger")
    # Ranar's "The first card you foretell each turn costs {0} to foretell." needs a count of the
    # cards foretold this turn, which a state doesn't hold: still refused, never kept as not modeled
    assert results["Ranar the Ever-Watchful"].card is None


def test_cosmos_charger_foretells_on_an_opponents_turn(checker: Checker) -> None:
    sic = {"id": "sic", "card": "Saw It Coming", "zone": "hand"}
    island = {"id": "i", "card": "Island"}
    foretell = {"kind": "foretell", "object": "sic"}
    # bob's turn, alice has priority: without a Charger, foretelling waits for her turn (116.2h)
    doc = state([sic, island, {"id": "i2", "card": "Island"}], active_player="bob")
    v = why(checker, doc, foretell)
    assert not v.legal and {r.rule for r in v.reasons} == {"116.2h", "702.143a"}
    # with her Charger: legal, for {1}
    doc = state([sic, island, {"id": "cc", "card": "Cosmos Charger"}], active_player="bob")
    v = why(checker, doc, foretell)
    assert v.legal and v.cost == "{1}", v.to_json()
    # bob's Charger doesn't help alice (its controller's foretelling only)
    doc = state([sic, island, {"id": "cc", "card": "Cosmos Charger", "owner": "bob"}],
                active_player="bob")
    v = why(checker, doc, foretell)
    assert not v.legal and {r.rule for r in v.reasons} >= {"116.2h"}
    # two Chargers on her own turn: {2} less {1} less {1}: {0}
    doc = state([sic, {"id": "cc", "card": "Cosmos Charger"}, {"id": "cc2", "card": "Cosmos Charger"}])
    v = why(checker, doc, foretell)
    assert v.legal and v.cost == "{0}", v.to_json()


def test_street_wraith_cycles_for_life(results: dict[str, CardResult], checker: Checker) -> None:
    # "Cycling—Pay 2 life." (702.29a: "[Cost], Discard this card: Draw a card."): kept as not
    # modeled, its activation was refused as "not an activated ability" (602.1c)
    assert abilities(results, "Street Wraith")[1] == {
        "kind": "activated", "cost": {"life": 2, "discard": "self"}, "zone": "hand",
        "effect": {"action": "draw", "n": 1}}
    wraith = {"id": "sw", "card": "Street Wraith", "zone": "hand"}
    cycle = {"kind": "activate", "object": "sw", "ability": 2}
    v = why(checker, state([wraith], active_player="bob"), cycle)
    assert v.legal and v.cost == "discard it, pay 2 life", v.to_json()
    doc = state([wraith], active_player="bob")
    doc["players"][0]["life"] = 1
    v = why(checker, doc, cycle)
    assert not v.legal and {r.rule for r in v.reasons} == {"119.4"}


def test_an_unmodeled_activated_keyword_is_not_judged(checker: Checker) -> None:
    # Fatestitcher's "Unearth {U}" is an activated ability (602.1) the importer keeps as not modeled:
    # asking about it is refused as a question mtgasp can't answer, not answered "not an activated
    # ability". (Ghost Ark's "Crew 2" was the example until probe25b modeled crew, 702.122a: with no
    # creature to tap, it is refused for its cost, 118.3.)
    import pytest
    from mtgasp.actions import parse_action
    from mtgasp.errors import InputError
    from mtgasp.state import parse_state

    st = parse_state(state([{"id": "fs", "card": "Fatestitcher", "zone": "graveyard"}]), checker.library)
    with pytest.raises(InputError) as exc:
        parse_action({"kind": "activate", "object": "fs", "ability": 2}, st, checker.library, "alice")
    assert "action.ability" in str(exc.value) and "doesn't model" in str(exc.value)
    v = why(checker, state([{"id": "ark", "card": "Ghost Ark"}]),
            {"kind": "activate", "object": "ark", "ability": 3})
    assert not v.legal and {r.rule for r in v.reasons} == {"118.3"}, v.why_json()
    # its Flying is no activated ability: that answer stays 602.1c
    v = why(checker, state([{"id": "ark", "card": "Ghost Ark"}]),
            {"kind": "activate", "object": "ark", "ability": 1})
    assert not v.legal and {r.rule for r in v.reasons} == {"602.1c"}


def test_an_unmodeled_activated_line_is_not_judged(checker: Checker) -> None:
    # Umezawa's Jitte's "Remove a charge counter from Umezawa's Jitte: Choose one — ..." and Nissa,
    # Steward of Elements' "[+2]: Scry 2." are activated abilities (602.1, 606) kept as not modeled:
    # refused as questions mtgasp can't judge, not answered "not an activated ability" (602.1c)
    import pytest
    from mtgasp.actions import parse_action
    from mtgasp.errors import InputError
    from mtgasp.state import parse_state

    st = parse_state(state([{"id": "j", "card": "Umezawa's Jitte", "counters": {"charge": 2}},
                            {"id": "n", "card": "Nissa, Steward of Elements",
                             "counters": {"loyalty": 3}}]), checker.library)
    for oid, index in (("j", 2), ("n", 2)):
        with pytest.raises(InputError) as exc:
            parse_action({"kind": "activate", "object": oid, "ability": index}, st, checker.library,
                         "alice")
        assert "action.ability" in str(exc.value) and "doesn't model" in str(exc.value)
    # the Jitte's triggered ability is no activated ability: 602.1c
    v = why(checker, state([{"id": "j", "card": "Umezawa's Jitte"}]),
            {"kind": "activate", "object": "j", "ability": 1})
    assert not v.legal and {r.rule for r in v.reasons} == {"602.1c"}
