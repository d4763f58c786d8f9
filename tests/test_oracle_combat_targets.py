"""Real cards whose targets are creatures in combat (506.4, 508.1, 509.1, 601.2c): "target attacking
creature" (Kill Shot), "target blocking creature" (Righteousness), "target attacking or blocking
creature" (Ballista Squad, Divine Verdict) are read as the requirement's ``combat``; the state says
which creatures attack or block with the object field ``combat`` (an extension), checked against the
step and the active player. Before, the words were dropped and any creature was a legal target (Kill
Shot was castable in a main phase). "target blocked creature" (Smite) and "target unblocked
creature" (Mirror Strike) are read too, with the object field ``blocked`` (509.1h).
The fixture holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mtgasp.errors import InputError
from mtgasp.oracle import CardResult
from mtgasp.state import dump_state, parse_state
from real_cards import module_fixtures

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_combat_targets.json"
results, checker = module_fixtures(FIXTURE)


def targets(results: dict[str, CardResult], name: str) -> list[dict[str, Any]]:
    card = results[name].card
    assert card is not None, results[name]
    ab = next(a for a in card["faces"][0]["abilities"] if a["kind"] in ("spell", "activated"))
    return ab["effect"]["targets"]


def test_combat_words_are_read(results: dict[str, CardResult]) -> None:
    assert targets(results, "Kill Shot") == [{"zone": "battlefield", "types": ["Creature"], "combat": "attacking"}]
    assert targets(results, "Righteousness") == [{"zone": "battlefield", "types": ["Creature"], "combat": "blocking"}]
    for name in ("Ballista Squad", "Divine Verdict"):
        assert targets(results, name) == [{"zone": "battlefield", "types": ["Creature"],
                                           "combat": "attacking_or_blocking"}], name
    # 509.1h: "target blocked creature", "target unblocked creature": the state's `blocked`
    assert targets(results, "Smite") == [{"zone": "battlefield", "types": ["Creature"], "combat": "blocked"}]
    assert targets(results, "Mirror Strike") == [{"zone": "battlefield", "types": ["Creature"], "combat": "unblocked"}]


def test_blocked_only_on_an_attacking_creature_from_the_declare_blockers_step(checker: Any) -> None:
    """509.1h: an attacking creature becomes blocked in the declare blockers step and stays so until
    it is removed from combat; `blocked` on anything else is one clear error naming the field."""
    doc = _state("declare_blockers", "bob", {"ab": "attacking", "ag": "blocking"})
    doc["objects"][0]["blocked"] = True
    assert dump_state(parse_state(doc, checker.library))["objects"][0]["blocked"] is True
    doc["objects"][1]["blocked"] = True
    assert _problems(doc, checker.library) == [
        'objects[1].blocked: only an attacking creature ("combat": "attacking") is blocked (509.1h)']
    doc = _state("declare_attackers", "bob", {"ab": "attacking"})
    doc["objects"][0]["blocked"] = True
    assert _problems(doc, checker.library) == [
        ("objects[0].blocked: true, but the step is declare_attackers: an attacking creature becomes "
         "blocked in the declare blockers step (509.1h)")]


def _state(step: str, active: str, combat: dict[str, str], zone: str = "battlefield") -> dict[str, Any]:
    objs = [{"id": "ab", "card": "Grizzly Bears", "owner": "bob", "zone": zone},
            {"id": "ag", "card": "Grizzly Bears", "owner": "alice", "zone": "battlefield"}]
    for o in objs:
        if o["id"] in combat:
            o["combat"] = combat[o["id"]]
    return {"format": 1, "turn": 4, "active_player": active, "step": step, "priority": active,
            "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs}


def _problems(doc: dict[str, Any], library: Any) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_state(doc, library)
    return [f"{p.path}: {p.message}" for p in info.value.problems]


def test_combat_is_kept_and_written_back(checker: Any) -> None:
    doc = _state("declare_blockers", "bob", {"ab": "attacking", "ag": "blocking"})
    state = parse_state(doc, checker.library)
    out = dump_state(state)
    assert [o.get("combat") for o in out["objects"]] == ["attacking", "blocking"]


@pytest.mark.parametrize(("doc", "text"), [
    (_state("precombat_main", "bob", {"ab": "attacking"}), "objects[0].combat: attacking, but the step is precombat_main"),
    (_state("declare_attackers", "bob", {"ag": "blocking"}), "objects[1].combat: blocking, but the step is declare_attackers"),
    (_state("postcombat_main", "bob", {"ab": "attacking"}), "(511.3)"),
    (_state("declare_blockers", "alice", {"ab": "attacking"}), "only the active player attacks (506.2, 508.1a)"),
    (_state("declare_blockers", "bob", {"ab": "blocking"}), "only the other players block (506.2, 509.1a)"),
    (_state("declare_blockers", "bob", {"ab": "defending"}), 'objects[0].combat: "defending" is not a combat status'),
    (_state("declare_blockers", "bob", {"ab": "attacking"}, zone="graveyard"), "objects[0].combat: only a permanent"),
])
def test_impossible_combat_is_refused(checker: Any, doc: dict[str, Any], text: str) -> None:
    problems = _problems(doc, checker.library)
    assert len(problems) == 1 and text in problems[0], problems
