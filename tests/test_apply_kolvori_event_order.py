"""608.2c: apply says the events of a resolving ability in the order its text gives them. Kolvori,
God of Kinship's "You may reveal a legendary creature card from among them and put it into your
hand. Put the rest on the bottom of your library in a random order": the card taken is said before
the rest go to the bottom (found by probe27d: the bottom came first)."""

from __future__ import annotations

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.state import parse_state

CHECKER = Checker()
LIB = CHECKER.library
K = "Kolvori, God of Kinship // The Ringhart Crest"


def test_the_card_taken_is_said_before_the_rest_go_to_the_bottom() -> None:
    doc = {
        "format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": None,
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "k1", "card": K, "owner": "alice", "zone": "battlefield", "face": "Kolvori, God of Kinship",
             "tapped": True},
            {"id": "l1", "card": "Grizzly Bears", "owner": "alice", "zone": "library"},
            {"id": "l2", "card": "Fblthp, Lost on the Range", "owner": "alice", "zone": "library"},
            {"id": "l3", "card": "Forest", "owner": "alice", "zone": "library"},
            {"id": "t", "zone": "stack", "ability": {"source": "k1", "index": 2}, "controller": "alice",
             "looking_at": ["l1", "l2", "l3"]},
        ],
        "stack": ["t"], "resolving": "t",
    }
    state = parse_state(doc, LIB)
    out = apply_action(CHECKER, state, parse_action({"kind": "choose", "object": "l2"}, state, LIB, "alice"), "alice")
    assert out.legal
    events = out.events
    taken = next(i for i, e in enumerate(events) if "reveals" in e and "(l2)" in e)
    bottom = next(i for i, e in enumerate(events) if "go to the bottom of the library" in e)
    assert taken < bottom
    assert next(o for o in out.state["objects"] if o["id"] == "l2")["zone"] == "hand"
