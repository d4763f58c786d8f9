"""Every example state in examples/ loads and ``moves`` answers it, with at least one legal move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.actions import acting_player
from mtgasp.api import Checker
from mtgasp.cli import main
from mtgasp.state import load_state

EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[1] / "examples").iterdir()
                  if p.suffix in (".json", ".yaml", ".yml"))
CHECKER = Checker()


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_answers_moves(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = load_state(path, CHECKER.library)
    player = acting_player(state)
    moves = CHECKER.moves(state)
    assert moves, f"{path.name}: no legal move for {player}"
    for v in moves:
        assert v.legal and not v.reasons and v.permits
        if v.costed:
            assert v.cost and v.plan is not None
    # every judged action is legal or says why
    for v in CHECKER.judge_all(state):
        assert v.legal or v.reasons, v.why_json()
    # and the command line gives the same moves
    assert main(["moves", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["player"] == player
    strip = [{k: x for k, x in m.items() if k != "payment"} for m in doc["moves"]]
    assert strip == [{k: x for k, x in v.to_json().items() if k != "payment"} for v in moves]
    # each legal move is confirmed by `why`
    for m in doc["moves"]:
        action = {k: m[k] for k in ("kind", "object", "method", "face", "additional", "ability") if k in m}
        assert main(["why", str(path), json.dumps(action), "--json"]) == 0
        w = json.loads(capsys.readouterr().out)
        assert w["legal"] is True, (m, w)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_description_matches(path: Path) -> None:
    """The examples say what they show; a few of their claims, checked."""
    state = load_state(path, CHECKER.library)
    keys = {(v.action.kind, v.action.object) for v in CHECKER.moves(state)}
    name = path.stem
    if name == "midgame":
        assert ("play_land", "h_forest") in keys and ("activate", "elves") not in keys
    elif name == "opponent_turn":
        assert ("cast", "a_sailor") in keys and ("cast", "a_bears2") not in keys
        assert not any(k == "play_land" for k, _ in keys)
    elif name == "summoning_sickness":
        assert ("activate", "birds") in keys  # haste from Fervor
        assert ("activate", "pp_tapped") in keys and ("activate", "pp_untapped") not in keys
    elif name == "goliath_resolving":
        casts = {o for k, o in keys if k == "cast"}
        assert casts == {"dream_bolt", "dream_btm"}
    else:
        assert keys
