"""States grounded together (Checker.many, `mtgasp batch --group N`) give the verdicts that each
state grounded alone gives: over the rulings corpus's states, every move, why verdict (legality,
cost, reasons, permits, largest X) and mana answer is the same. Only a payment plan may differ: it
is one valid payment found by a search over another ground program."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mtgasp.actions import acting_player, parse_action
from mtgasp.api import Ask, Checker
from mtgasp.errors import InputError
from mtgasp.scenarios import corpus_files, load_scenario
from mtgasp.state import parse_state

CHECKER = Checker()
GROUPS = 6  # the corpus is cut in this many tests (pytest-xdist spreads them)


def _asks() -> list[Ask]:
    """The questions of the corpus's scenarios on their first states (built-in cards only)."""
    out: list[Ask] = []
    for name, text in corpus_files():
        doc = load_scenario(name, text)
        if doc.get("cards") is not None:
            continue
        state = parse_state(doc["state"], CHECKER.library, source=name)
        out.append(Ask("moves", state, acting_player(state)))
        for chk in doc.get("checks") or []:
            if "error" in chk["expect"]:
                continue
            if chk["query"] == "why":
                player = acting_player(state, chk.get("player"))
                try:
                    out.append(Ask("why", state, player, parse_action(chk["action"], state, CHECKER.library, player)))
                except InputError:
                    continue
            elif chk["query"] == "mana":
                out.append(Ask("mana", state, object=chk["object"]))
    return out


ASKS = _asks()


def _plain(answer: Any) -> Any:
    """The answer as JSON without its payment plans."""
    if isinstance(answer, list) and answer and isinstance(answer[0], str):
        return answer  # mana types
    verdicts = answer if isinstance(answer, list) else [answer]
    out = []
    for v in verdicts:
        d = json.loads(json.dumps(v.why_json() if not isinstance(answer, list) else v.to_json()))
        d.pop("payment", None)
        out.append(d)
    return out


def _alone(ask: Ask) -> Any:
    if ask.query == "mana":
        return CHECKER.mana(ask.state, ask.object or "")
    if ask.query == "why":
        assert ask.action is not None
        return CHECKER.why(ask.state, ask.action, ask.player)
    return CHECKER.moves(ask.state, ask.player)


# One part by default (every sixth question of the corpus); all six in the slow tier.
@pytest.mark.parametrize("part", [0, *(pytest.param(p, marks=pytest.mark.slow) for p in range(1, GROUPS))])
def test_grouped_verdicts_are_the_verdicts_of_each_state_alone(part: int) -> None:
    asks = ASKS[part::GROUPS]
    assert len(asks) > 50
    grouped: list[Any] = []
    for i in range(0, len(asks), 12):
        grouped.extend(CHECKER.many(asks[i:i + 12]))
    differ = [(a.query, a.state.turn) for a, g in zip(asks, grouped) if _plain(g) != _plain(_alone(a))]
    assert not differ
