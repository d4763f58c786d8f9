"""Found by probe16a (session 16): the action a `why` or `apply` answer echoes is the one asked,
with the X announced for an activation (107.3a)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.cli import main

CANDELABRA = {
    "name": "Candelabra of Tawnos", "layout": "normal",
    "faces": [{"name": "Candelabra of Tawnos", "mana_cost": "{1}", "supertypes": [], "types": ["Artifact"],
               "subtypes": [], "oracle": "{X}, {T}: Untap X target lands.",
               "abilities": [{"kind": "activated", "text": "{X}, {T}: Untap X target lands.",
                              "cost": {"mana": "{X}", "tap": True},
                              "effect": {"action": "not_modeled",
                                         "targets": [{"zone": "battlefield", "types": ["Land"],
                                                      "count": "X"}]}}]}]}
STATE = {
    "format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice"}, {"name": "bob"}],
    "objects": [
        {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"},
        {"id": "f2", "card": "Forest", "owner": "alice", "zone": "battlefield"},
        {"id": "can", "card": "Candelabra of Tawnos", "owner": "alice", "zone": "battlefield"},
    ],
}


@pytest.mark.parametrize("command", ["why", "apply"])
def test_an_activations_x_is_echoed(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"format": 1, "cards": [CANDELABRA]}))
    state = tmp_path / "s.json"
    state.write_text(json.dumps(STATE))
    action = {"kind": "activate", "object": "can", "ability": 1, "x": 1, "targets": ["f1"]}
    assert main([command, str(state), json.dumps(action), "--json", "--cards", str(cards)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["action"]["x"] == 1
    assert out["legal"] is True
