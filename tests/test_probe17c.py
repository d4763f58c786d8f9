"""probe17c (mana, second pass): what `apply` says about a mana ability and the triggered mana
abilities it triggers comes in the order it happens (605.3b, then 605.4a)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.cli import main


def test_triggered_mana_event_follows_the_mana_ability(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """A Forest enchanted by Wild Growth: the Forest's {G} (605.3b) is said before Wild Growth's
    additional {G}, which resolves right after it (605.4a) and names the Forest."""
    state = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
             "players": [{"name": "alice"}, {"name": "bob"}],
             "objects": [{"id": "f", "card": "Forest", "owner": "alice", "zone": "battlefield"},
                         {"id": "wg", "card": "Wild Growth", "owner": "alice", "zone": "battlefield",
                          "attached_to": "f"}]}
    path = tmp_path / "forest.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    rc = main(["apply", str(path), json.dumps({"kind": "activate", "object": "f", "ability": 1}), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["state"]["players"][0]["mana_pool"] == "{G}{G}"
    events = out["events"]
    own = [i for i, e in enumerate(events) if "(605.3b" in e]
    trig = [i for i, e in enumerate(events) if "(605.4a)" in e]
    assert len(own) == 1 and len(trig) == 1 and own[0] < trig[0]
    assert "right after Forest (f)'s mana ability resolves" in events[trig[0]]
