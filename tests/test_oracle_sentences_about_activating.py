"""Real cards through the Oracle importer (probe22d): a sentence of an activated ability about
paying its cost or who may activate it is no effect. "For each mana in this ability's activation
cost, you may tap an untapped creature you control rather than pay that mana." (Heirloom Epic: a
way to pay the cost, 601.2h) and "Only this creature's owner may activate this ability." (Personal
Incarnation: who may activate it, 602.2) were kept as effects not modeled, so `why` refused
Heirloom Epic's ability to a player with four untapped creatures and no land, and let a controller
who isn't Personal Incarnation's owner activate its ability. They are refused; an ability whose
restriction a template reads is still imported. The fixture tests/fixtures/real_cards_sentences_about_activating.json
holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import char_and_scepter, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_sentences_about_activating.json"
results, checker = module_fixtures(FIXTURE)


def test_sentences_about_activating_the_ability_are_refused(results: dict[str, CardResult]) -> None:
    for name, words in (("Heirloom Epic", "rather than pay that mana"),
                        ("Personal Incarnation", "may activate this ability")):
        r = results[name]
        assert r.card is None, (name, "imported")
        assert words in (r.refusal or "") and "changes how the ability is activated" in (r.refusal or ""), (name, r.refusal)


def test_templated_restrictions_are_still_imported(results: dict[str, CardResult],
                                                   checker: Checker) -> None:
    assert results["Thrull Surgeon"].card is not None   # "Activate only as a sorcery." (602.5d)
    # Order of Whiteclay's {Q} ability: untapped, it can't be activated (107.6)
    act = {"kind": "activate", "object": "o", "ability": 1}
    gy = {"id": "g", "card": "Order of Whiteclay", "zone": "graveyard"}
    plains = [{"id": f"p{i}", "card": "Plains"} for i in range(3)]
    v = why(checker, state([{"id": "o", "card": "Order of Whiteclay"}, gy, *plains]), act)
    assert not v.legal and {r.rule for r in v.reasons} == {"107.6"}
    v = why(checker, state([{"id": "o", "card": "Order of Whiteclay", "tapped": True}, gy, *plains]), act)
    assert v.legal and v.cost == "{1}{W}{W}, {Q}"


def test_only_opponents_may_activate_is_refused(results: dict[str, CardResult]) -> None:
    # "Only your opponents may activate this ability and only as a sorcery." (Oft-Nabbed Goat):
    # kept as not modeled, its controller could activate it (602.2)
    r = results["Oft-Nabbed Goat"]
    assert r.card is None and "Only your opponents may activate" in (r.refusal or ""), r.refusal
    # "... a source of your choice that shares a color with the mana spent on this activation
    # cost" (Protective Sphere) is an effect, not a rule about activating the ability
    assert results["Protective Sphere"].card is not None, results["Protective Sphere"].refusal


def test_a_target_no_requirement_reads_is_still_required(results: dict[str, CardResult],
                                                        checker: Checker) -> None:
    # 601.2c, 602.2b: "Char deals 4 damage to any target", "Target player discards two cards",
    # "Target opponent reveals their hand" (Duress), "{3}, {T}: Target player discards a card"
    # (Disrupting Scepter): the importer reads no requirement of what the target is (players
    # always exist), but one is chosen: an action naming none ("targets": []) was legal
    for name in ("Char", "Mind Rot", "Duress", "Disrupting Scepter"):
        assert '"min_targets": 1' in str(results[name].card).replace("'", '"'), name
    # (Words of War's "The next time you would draw a card this turn, ... any target instead":
    # not a target chosen as the ability is activated)
    assert "min_targets" not in str(results["Words of War"].card)
    doc, cast, act = char_and_scepter()
    v = why(checker, doc, {**cast, "targets": []})
    assert not v.legal and [r.rule for r in v.reasons] == ["601.2c"]
    assert "requires a target, and this action names none" in v.reasons[0].message
    v = why(checker, doc, {**act, "targets": []})
    assert not v.legal and [r.rule for r in v.reasons] == ["602.2b"]
    for a in (cast, act):
        assert why(checker, doc, {**a, "targets": ["bob"]}).legal
        assert why(checker, doc, a).legal   # targets unstated
