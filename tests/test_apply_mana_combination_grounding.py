"""Found by probe25a (session 25): mana abilities with many options, as `apply` grounds them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp import solver
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.cards import CardLibrary
from mtgasp.state import parse_state

CORPUS = Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"


def test_cascading_cataracts_apply_grounds_few_pool_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cascading Cataracts' "{5}, {T}: Add five mana in any combination of colors" has 126 options.
    apply grounded the mana a payment has (outcomes.lp's have/2) per option, so its amounts ran
    over hundreds of values, and a constraint over four of them (left/2, left_min/2, left_max/2)
    over every combination: a minute and 1.3 GB for this activation alone, 17 GB beside Heartbeat
    of Spring. Summed per activation slot and split in two, the values stay few (642 left/2 atoms
    before, under 100 after)."""
    doc = json.loads((CORPUS / "rule-605.4a-cascading-cataracts-five-colors-and-heartbeat-of-spring.json")
                     .read_text(encoding="utf-8"))
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="test",
                                            base=CardLibrary.builtin()))
    raw = dict(doc["state"])
    raw["objects"] = [o for o in raw["objects"] if o["card"] != "Heartbeat of Spring"]
    state = parse_state(raw, checker.library)
    action = parse_action({"kind": "activate", "object": "cc", "ability": 3}, state, checker.library, "alice")
    counts: list[int] = []
    init = solver.Grounded.__init__

    def counting(self: solver.Grounded, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        counts.append(sum(1 for _ in self.ctl.symbolic_atoms.by_signature("left", 2)))

    monkeypatch.setattr(solver.Grounded, "__init__", counting)
    out = apply_action(checker, state, action, "alice", "WUBRG")
    assert out.legal
    assert any("adds {W}{U}{B}{R}{G} to alice's mana pool" in e for e in out.events)
    assert counts and max(counts) < 100
