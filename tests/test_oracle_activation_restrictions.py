"""Real cards through the Oracle importer (session 18, probe18a): {T}/{Q} costs, summoning sickness
(302.6), haste and activation restrictions (602.5b, 602.5d). The fixture
tests/fixtures/real_cards_activation_restrictions.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, activate, module_fixtures, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_activation_restrictions.json"
results, checker = module_fixtures(FIXTURE)


def test_a_restriction_after_a_quoted_ability_is_read(results: dict[str, CardResult]) -> None:
    # "... with "This token saddles Mounts ... 2 greater." Activate only as a sorcery." (602.5d):
    # the sentence split stopped at the quote and the restriction was dropped with the effect
    assert abilities(results, "Country Roads")[2]["timing"] == "sorcery"
    loch = abilities(results, "Loch Larent")[2]
    assert loch["timing"] == "your_turn" and loch["once"] is True


def test_country_roads_only_as_a_sorcery(checker: Checker) -> None:
    # 602.5d: not on an opponent's turn (bob activates it during alice's main phase)
    doc = state([{"id": "cr", "card": "Country Roads", "owner": "bob"},
                 {"id": "p1", "card": "Plains", "owner": "bob"},
                 {"id": "p2", "card": "Plains", "owner": "bob"}], priority="bob")
    v = why(checker, doc, activate("cr", 3), "bob")
    assert not v.legal and rules(v) == {"602.5d"}
    doc = state([{"id": "cr", "card": "Country Roads"}, {"id": "p1", "card": "Plains"},
                 {"id": "p2", "card": "Plains"}])
    assert why(checker, doc, activate("cr", 3)).legal


def test_loch_larent_only_during_your_turn(checker: Checker) -> None:
    # 602.5b: "Activate only during your turn and only once"
    doc = state([{"id": "ll", "card": "Loch Larent", "owner": "bob"},
                 {"id": "i1", "card": "Island", "owner": "bob"},
                 {"id": "i2", "card": "Island", "owner": "bob"}], priority="bob")
    v = why(checker, doc, activate("ll", 3), "bob")
    assert not v.legal and rules(v) == {"602.5b"}


def test_a_static_line_making_permanents_creatures_is_refused(
        results: dict[str, CardResult]) -> None:
    # 302.6: a land or artifact that is a creature can't use its {T} abilities (its mana abilities
    # included) the turn it comes under its controller's control; kept as not modeled, a Forest
    # played this turn under Natural Emergence could tap for mana
    for name in ("Natural Emergence", "Ensoul Artifact", "Midnight Mangler", "Crusher Zendikon"):
        r = results[name]
        assert r.card is None and "makes permanents creatures" in (r.refusal or ""), name
        assert "302.6" in (r.refusal or "")
    # a condition about a permanent that is a creature makes nothing a creature
    assert results["Nature's Embrace"].card is not None


def test_a_max_speed_line_giving_haste_is_refused(results: dict[str, CardResult]) -> None:
    # 302.6, 702.10: "Max speed — This creature has deathtouch and haste." was kept as a not
    # modeled keyword: at max speed Gastal Thrillseeker's {T} ability can be activated the turn it
    # entered, and mtgasp said it couldn't
    r = results["Gastal Thrillseeker"]
    assert r.card is None and "gives haste" in (r.refusal or "")
    r = results["Case of the Gorgon's Kiss"]   # "Solved — This Case is a 4/4 Gorgon creature ..."
    assert r.card is None and "makes permanents creatures" in (r.refusal or "")
    # a keyword whose body is an effect ("Visit — ... It gains haste.") is not a static line
    assert results["Haunted House"].card is not None


def test_the_same_is_true_for_haste_is_refused(results: dict[str, CardResult]) -> None:
    # 302.6, 702.10: "As long as a creature card with flying is in a graveyard, this creature has
    # flying. The same is true for ..., haste, ..." gives haste under a condition no template reads
    r = results["Cairn Wanderer"]
    assert r.card is None and "gives haste" in (r.refusal or "")
