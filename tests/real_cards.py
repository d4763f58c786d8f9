"""Helpers of the tests that import real cards from a fixture of MTGJSON AtomicCards entries
(test_oracle_mana_producer_templates.py, test_oracle_mana_producer_conditions_and_costs.py, ...):
the import, a Checker over the imported cards, states and the questions asked of them."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.oracle import CardResult, compile_all, import_files, read_cards, validate_results
from mtgasp.state import parse_state


def import_fixture(fixture: Path, variants: dict[str, str] | None = None) -> dict[str, CardResult]:
    """The fixture's cards as the importer compiles them; with `variants` (card name -> the start of
    one of its paragraphs), those cards compiled without that paragraph: a test of the templates
    their other lines use when that paragraph makes the importer refuse the card as a whole (e.g.
    Chandra, Hope's Beacon's "Until the end of your next turn, you may cast ...", 601.3)."""
    out = {r.name: r for r in import_files([fixture]).results}
    if variants:
        data = json.loads(fixture.read_text(encoding="utf-8"))["data"]
        for name, drop in variants.items():
            faces = copy.deepcopy(data[name])
            for f in faces:
                paras = f.get("text", "").split("\n")
                assert any(p.startswith(drop) for p in paras) or len(faces) > 1, (name, drop)
                f["text"] = "\n".join(p for p in paras if not p.startswith(drop))
            report = compile_all(read_cards({"data": {name: faces}}, f"{fixture.name} variant"))
            validate_results(report)
            out[name] = report.results[0]
    return out


def checker_of(results: dict[str, CardResult]) -> Checker:
    cards = [r.card for r in results.values() if r.card is not None]
    return Checker(CardLibrary.from_data({"format": 1, "cards": cards}, source="imported"))


def module_fixtures(fixture: Path, variants: dict[str, str] | None = None) -> tuple[Any, Any]:
    """The module-scoped pytest fixtures ``results`` (the fixture file imported; `variants` as for
    import_fixture) and ``checker`` (a Checker over its imported cards):
    ``results, checker = module_fixtures(FIXTURE)``."""

    @pytest.fixture(scope="module")
    def results() -> dict[str, CardResult]:
        return import_fixture(fixture, variants)

    @pytest.fixture(scope="module")
    def checker(results: dict[str, CardResult]) -> Checker:
        return checker_of(results)

    return results, checker


def abilities(results: dict[str, CardResult], name: str, face: int = 0) -> list[dict[str, Any]]:
    card = results[name].card
    assert card is not None, f"{name} refused: {results[name].refusal}"
    return [{k: v for k, v in a.items() if k not in ("text", "template")}
            for a in card["faces"][face]["abilities"]]


def state(objects: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    doc = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main",
           "priority": "alice", "players": [{"name": "alice", "life": 20}, {"name": "bob"}],
           "objects": []}
    doc.update(kw)
    for o in objects:
        doc["objects"].append({"owner": "alice", "zone": "battlefield",
                               "controlled_since_turn": 1, **o})
    return doc


def char_and_scepter() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Char in alice's hand, Disrupting Scepter and three Mountains on her battlefield: the state, the
    cast of Char and the activation of the Scepter (the target-count tests of
    test_oracle_sentences_about_activating.py and test_oracle_target_counts.py)."""
    lands = [{"id": f"m{i}", "card": "Mountain"} for i in range(3)]
    doc = state([{"id": "c", "card": "Char", "zone": "hand"},
                 {"id": "d", "card": "Disrupting Scepter"}, *lands])
    return doc, {"kind": "cast", "object": "c"}, {"kind": "activate", "object": "d", "ability": 1}


def why(checker: Checker, doc: dict[str, Any], action: dict[str, Any], who: str = "alice") -> Any:
    st = parse_state(doc, checker.library)
    return checker.why(st, parse_action(action, st, checker.library, who), who)


def applied(checker: Checker, doc: dict[str, Any], action: dict[str, Any],
            choose: str | None = None, who: str = "alice") -> dict[str, Any]:
    from mtgasp.apply import apply_action

    st = parse_state(doc, checker.library)
    result = apply_action(checker, st, parse_action(action, st, checker.library, who), who, choose)
    assert result.legal, result.to_json()
    return result.state


def passed_until(checker: Checker, doc: dict[str, Any], done: Any, most: int = 8) -> dict[str, Any]:
    """The state reached by passing priority (``apply``) from ``doc`` until ``done(state)`` holds,
    at most ``most`` passes (each one legal)."""
    from mtgasp.apply import apply_action

    st = parse_state(doc, checker.library)
    for _ in range(most):
        if done(st):
            break
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library, st.priority),
                           st.priority, None)
        assert res.legal
        doc = res.state
        st = parse_state(doc, checker.library)
    assert done(st)
    return doc


def obj(doc: dict[str, Any], oid: str) -> dict[str, Any]:
    return next(o for o in doc["objects"] if o["id"] == oid)


def pool(doc: dict[str, Any]) -> str:
    return next(p for p in doc["players"] if p["name"] == "alice").get("mana_pool", "")


def restricted(doc: dict[str, Any]) -> str:
    """alice's restricted mana (106.6: the restricted_mana entries' mana, in order)."""
    alice = next(p for p in doc["players"] if p["name"] == "alice")
    return "".join(e["mana"] for e in alice.get("restricted_mana") or [])


def mana(checker: Checker, doc: dict[str, Any], oid: str) -> list[str]:
    return checker.mana(parse_state(doc, checker.library), oid)


def activate(oid: str, ability: int) -> dict[str, Any]:
    return {"kind": "activate", "object": oid, "ability": ability}


def rules(v: Any) -> set[str]:
    return {r.rule for r in v.reasons}


def refusal(results: dict[str, CardResult], name: str) -> str:
    """The reasons of the card's refused lines (the card must not have been imported)."""
    r = results[name]
    assert r.card is None, f"{name} imported"
    return " | ".join(v.reason for v in r.lines if v.verdict == "refused")
