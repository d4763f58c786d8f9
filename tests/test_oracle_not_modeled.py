"""Lines of real cards the importer keeps as not modeled (kind "not_modeled") and `apply`: a
permanent on the battlefield with one is named in the events of every action applied, since its
effect (613 continuous effects, 614 replacement effects) may change the action or the state after
it and `apply` doesn't perform it. The fixture tests/fixtures/real_cards_not_modeled.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, module_fixtures, state

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_not_modeled.json"

results, checker = module_fixtures(FIXTURE)


def events(checker: Checker, doc: dict[str, Any], action: dict[str, Any]) -> list[str]:
    from mtgasp.actions import parse_action
    from mtgasp.apply import apply_action

    st = parse_state(doc, checker.library)
    result = apply_action(checker, st, parse_action(action, st, checker.library, "alice"), "alice", None)
    assert result.legal, result.to_json()
    return list(result.to_json()["events"])


def test_the_lines_are_kept_as_not_modeled(results: dict[str, CardResult]) -> None:
    assert [a["kind"] for a in abilities(results, "Hardened Scales")] == ["not_modeled"]
    assert [a["kind"] for a in abilities(results, "Glorious Anthem")] == ["not_modeled"]


def test_an_action_names_each_not_modeled_ability_on_the_battlefield(checker: Checker) -> None:
    land = {"id": "f", "card": "Forest", "zone": "hand"}
    board = state([{"id": "s", "card": "Hardened Scales"}, {"id": "g", "card": "Glorious Anthem", "owner": "bob"},
                   land])
    ev = [e for e in events(checker, board, {"kind": "play_land", "object": "f"}) if e.startswith("Not modeled:")]
    assert len(ev) == 2
    assert any("Hardened Scales" in e and "+1/+1 counters would be put" in e and "(controlled by alice)" in e
               for e in ev)
    assert any("Glorious Anthem" in e and "Creatures you control get +1/+1" in e and "(controlled by bob)" in e
               for e in ev)


def test_not_in_play_or_nothing_not_modeled_no_such_event(checker: Checker) -> None:
    land = {"id": "f", "card": "Forest", "zone": "hand"}
    in_hand = {"id": "s", "card": "Hardened Scales", "zone": "hand"}
    ev = events(checker, state([{"id": "b", "card": "Grizzly Bears"}, in_hand, land]),
                {"kind": "play_land", "object": "f"})
    assert not any(e.startswith("Not modeled:") for e in ev)
