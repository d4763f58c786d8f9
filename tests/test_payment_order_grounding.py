"""The typed order of mana abilities with mana costs (payment.lp spos/2, 602.2b, 605.3b) is grounded
only where such a cost has a symbol of a type: found by the lead (session 25), bench.py's 200-object
`moves` took 3.2 s instead of 0.1 s, the payment of a large X searching through the orders of
Pili-Pala's generic {2} activations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp import solver
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.state import parse_state

CORPUS = Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"


def _placements(monkeypatch: pytest.MonkeyPatch, checker: Checker, raw: dict[str, Any],
                action: dict[str, Any]) -> tuple[Any, int]:
    """The verdict on the action and the most spos/2 atoms a ground program of it had."""
    state = parse_state(raw, checker.library)
    act = parse_action(action, state, checker.library, "alice")
    counts: list[int] = []
    init = solver.Grounded.__init__

    def counting(self: solver.Grounded, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        counts.append(sum(1 for _ in self.ctl.symbolic_atoms.by_signature("spos", 2)))

    monkeypatch.setattr(solver.Grounded, "__init__", counting)
    verdict = checker.why(state, act, "alice")
    return verdict, max(counts)


def test_generic_mana_costs_of_mana_abilities_are_not_placed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pili-Pala's "{2}, {Q}: Add one mana of any color": generic mana only, so the amount order
    (before/6) decides; nothing is placed by type. Four Forests pay Walking Ballista's {X}{X}, X = 2."""
    objs = [{"id": f"f{i}", "card": "Forest", "owner": "alice", "zone": "battlefield",
             "controlled_since_turn": 1} for i in range(4)]
    objs += [{"id": "pp", "card": "Pili-Pala", "owner": "alice", "zone": "battlefield",
              "controlled_since_turn": 1, "tapped": True},
             {"id": "wb", "card": "Walking Ballista", "owner": "alice", "zone": "hand"}]
    raw = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
           "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}
    verdict, placed = _placements(monkeypatch, Checker(), raw, {"kind": "cast", "object": "wb"})
    assert verdict.legal and verdict.plan is not None and verdict.plan.x == 2
    assert placed == 0


def test_a_hybrid_mana_cost_of_a_mana_ability_is_placed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graven Cairns' "{B/R}, {T}: Add {B}{B}, {B}{R}, or {R}{R}" is paid with mana of those types
    there before it (602.2b): placed by type, so a Forest's {G} and its own output can't pay it."""
    doc = json.loads((CORPUS / "rule-602.2b-a-filter-land-cant-pay-its-own-hybrid-cost.json").read_text(encoding="utf-8"))
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="test",
                                            base=CardLibrary.builtin()))
    verdict, placed = _placements(monkeypatch, checker, doc["state"],
                                  {"kind": "cast", "object": "lb", "targets": ["bob"]})
    assert not verdict.legal and [r.rule for r in verdict.reasons] == ["601.2h"]
    assert placed > 0
