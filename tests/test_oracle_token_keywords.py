"""Real cards through the Oracle importer (probe31b, 2026-12-05): "Create ... creature token(s) with
KEYWORDS" is read only when every word after "with" names a keyword ability a token's keyword list
can give (111.4). The words of another part of the effect were read as keywords and that part
dropped: Ordered Migration's "with flying for each basic land type among lands you control" created
one Bird whatever the lands (a count), Descend upon the Sinful's "if there are four or more card
types among cards in your graveyard" created the Angel unconditionally, Transluminant's "at the
beginning of the next end step" created the Spirit at once (603.7), Leonin Warleader's "that are
tapped and attacking", "then populate" (701.36), "protection from red" (702.16a: a quality no
keyword list says). Those lines are now not modeled: `apply` says so rather than doing something
wrong. The fixture holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, module_fixtures, state

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_token_keywords.json"
results, checker = module_fixtures(FIXTURE)


def _effect(results: dict[str, CardResult], name: str, index: int) -> dict:
    return abilities(results, name)[index]["effect"]


def test_words_after_with_that_name_no_keyword_are_not_read_as_keywords(
        results: dict[str, CardResult]) -> None:
    assert _effect(results, "Ordered Migration", 0)["action"] == "not_modeled"
    assert _effect(results, "Descend upon the Sinful", 1)["action"] == "not_modeled"
    assert _effect(results, "Transluminant", 0)["action"] == "not_modeled"
    assert _effect(results, "Leonin Warleader", 0)["action"] == "not_modeled"
    assert _effect(results, "Eyes in the Skies", 0)["action"] == "not_modeled"
    assert _effect(results, "Wingmantle Chaplain", 1)["action"] == "not_modeled"
    assert _effect(results, "Parhelion II", 3)["action"] == "not_modeled"
    assert _effect(results, "Rasputin, the Oneiromancer", 2)["action"] == "not_modeled"
    # (keywords alone are read as before)
    assert _effect(results, "Krenko's Command", 0)["token"]["keywords"] == []
    assert _effect(results, "Call the Cavalry", 0)["token"]["keywords"] == ["vigilance"]
    assert _effect(results, "Call the Cavalry", 0)["n"] == 2


def test_ordered_migration_says_it_is_not_modeled_rather_than_create_one_bird(checker: Checker) -> None:
    lands = [{"id": f"l{i}", "card": c} for i, c in enumerate(["Plains", "Island", "Island", "Swamp", "Mountain"])]
    doc = state([*lands, {"id": "om", "card": "Ordered Migration", "zone": "hand"}])
    doc = applied(checker, doc, {"kind": "cast", "object": "om"})
    doc = applied(checker, doc, {"kind": "pass"})
    st = parse_state(doc, checker.library)
    res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library, "bob"), "bob", None)
    assert res.legal
    assert not [o for o in res.state["objects"] if o.get("token")]
    assert any("not modeled" in str(e).lower() for e in res.to_json()["events"])
