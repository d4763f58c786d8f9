"""101.4, 704.3, 704.5j: when several legend rule choices are to be made at one check of state-based
actions, the active player chooses first, then each other player in turn order, and the choices
are performed together with the rest of the check. A choice made while another is still to come is
recorded on the permanent kept (`legend_kept`), which a state may carry only while nobody has
priority (the corpus scenario rule-101.4-legend-rule-choices-in-apnap-order-performed-together plays
it forward)."""

from __future__ import annotations

from typing import Any

from mtgasp.actions import acting_player
from mtgasp.api import Checker
from mtgasp.errors import InputError
from mtgasp.state import parse_state

CHECKER = Checker()
LIB = CHECKER.library
F = "Fblthp, Lost on the Range"
K = "Kolvori, God of Kinship // The Ringhart Crest"


def waiting(**game: Any) -> dict[str, Any]:
    doc = {
        "format": 1, "turn": 6, "active_player": "bob", "step": "precombat_main", "priority": None,
        "priority_after": "alice",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": [
            {"id": "f1", "card": F, "owner": "alice", "zone": "battlefield"},
            {"id": "f2", "card": F, "owner": "alice", "zone": "battlefield"},
            {"id": "k1", "card": K, "owner": "bob", "zone": "battlefield", "face": "Kolvori, God of Kinship"},
            {"id": "k2", "card": K, "owner": "bob", "zone": "battlefield", "face": "Kolvori, God of Kinship"},
        ],
    }
    doc.update(game)
    return doc


def problems(doc: dict[str, Any]) -> list[str]:
    try:
        parse_state(doc, LIB)
    except InputError as e:
        return [str(p) for p in e.problems]
    return []


def test_the_active_player_chooses_first_whatever_the_order_of_players() -> None:
    assert acting_player(parse_state(waiting(), LIB), None, LIB) == "bob"
    doc = waiting()
    doc["objects"][3]["legend_kept"] = True   # bob has chosen: alice is asked next
    assert acting_player(parse_state(doc, LIB), None, LIB) == "alice"


def test_legend_kept_is_validated() -> None:
    doc = waiting(priority="alice")
    doc.pop("priority_after")
    doc["objects"][0]["legend_kept"] = True
    assert any(p.startswith("objects[0].legend_kept") and "704.3" in p for p in problems(doc))
    doc = waiting()
    doc["objects"].append({"id": "h", "card": F, "owner": "alice", "zone": "hand", "legend_kept": True})
    assert any(p.startswith("objects[4].legend_kept") and "battlefield" in p for p in problems(doc))
    doc = waiting()
    doc["objects"][0]["legend_kept"] = "yes"
    assert any(p.startswith("objects[0].legend_kept") for p in problems(doc))
    doc = waiting()
    doc["objects"][0]["legend_kept"] = True
    assert problems(doc) == []
