"""Effects, state-based actions and a game played forward (encodings/effects.lp, sba.lp).

- Every effect of every built-in card is one the outcome rules model: walking each ability of the
  library, its effect actions are among those the encodings list as modeled (modeled/1 for spells,
  ability_modeled/1 for activated and triggered abilities) or static effects the encodings read.
- A game with the built-in cards is played forward for several turns — damage to a creature and a
  player, a 0/0 Ballista and lethal damage (704.5f, 704.5g), tokens, an extra turn, drawing from an
  empty library (704.5b) and the game's result — with every intermediate state valid.
- The new state fields are validated; tokens are named by 111.4.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mtgasp.actions import acting_player, parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.errors import InputError
from mtgasp.facts import FactWriter
from mtgasp.model import GameState
from mtgasp.solver import Grounded
from mtgasp.state import dump_state, parse_state

ROOT = Path(__file__).resolve().parents[1]
CHECKER = Checker()
LIB = CHECKER.library
# Static effects are not resolved: the encodings read them where they apply.
STATIC_READ = {"look_at_top": "visibility.lp (401.2)", "boost_self": "creatures.lp (613.4c)",
               "opening_hand": "a pregame action (103.6): no effect during a game"}


def _modeled() -> tuple[set[str], set[str]]:
    fw = FactWriter(LIB)
    for card in LIB:
        fw.card(card)
    g = Grounded(fw.facts, parts=("base", "apply"))
    atoms = g.facts((("modeled", 1), ("ability_modeled", 1)))
    return ({a.arguments[0].name for a in atoms if a.name == "modeled"},
            {a.arguments[0].name for a in atoms if a.name == "ability_modeled"})


def test_every_builtin_effect_is_modeled() -> None:
    spells, abilities = _modeled()
    unmodeled = []
    for card in LIB:
        for face in card.faces:
            for ab in face.abilities:
                effects = [ab.spec.get("effect"), *(ab.spec.get("effects") or [])]
                for eff in (e for e in effects if isinstance(e, dict)):
                    action = eff["action"]
                    ok = (action in spells if ab.kind == "spell"
                          else action in abilities if ab.kind in ("activated", "triggered")
                          else action in STATIC_READ or action == "until_end_of_turn")
                    if not ok or action == "not_modeled":
                        unmodeled.append(f"{face.name} ability {ab.index} ({ab.kind}): {action}")
    assert not unmodeled, unmodeled
    assert {"damage", "create_tokens", "extra_turn", "scry_draw"} <= spells
    assert {"ping", "draw", "pump", "add_counter", "exile_target_spell_plotted"} <= abilities


def test_tokens_are_named_by_111_4() -> None:
    angel = LIB.get("Angel Warrior Token")
    assert LIB.is_token("Angel Warrior Token") and not LIB.is_token("Island")
    face = angel.faces[0]
    assert (face.power, face.toughness, face.subtypes) == (4, 4, ("Angel", "Warrior"))
    assert [a.spec["keyword"] for a in face.abilities] == ["flying", "vigilance"]
    assert "Angel Warrior Token" not in LIB.names()  # never in a hand or library


def _doc(objects: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    doc = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main",
           "priority": "alice", "players": [{"name": "alice"}, {"name": "bob"}], "objects": objects}
    doc.update(game)
    return doc


def _o(i: str, card: str, owner: str = "alice", zone: str = "battlefield", **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"id": i, "card": card, "owner": owner, "zone": zone}
    if zone == "battlefield":
        d["controlled_since_turn"] = 1
    d.update(kw)
    return d


@pytest.mark.parametrize(("obj", "game", "path"), [
    ({"damage": 2, "zone": "hand"}, {}, "objects[0].damage"),
    ({"pump": {"power": "x"}}, {}, "objects[0].pump.power"),
    ({}, {"winner": "carol"}, "winner"),
    ({}, {"winner": "alice", "losers": ["alice"]}, "winner"),
    ({}, {"extra_turns": ["alice", "zed"]}, "extra_turns[1]"),
])
def test_new_fields_are_validated(obj: dict[str, Any], game: dict[str, Any], path: str) -> None:
    o = _o("x", "Grizzly Bears")
    o.update(obj)
    if o["zone"] != "battlefield":
        o.pop("controlled_since_turn")
    with pytest.raises(InputError) as e:
        parse_state(_doc([o], **game), LIB)
    assert path in {p.path for p in e.value.problems}


def _valid(state: GameState) -> None:
    """Every intermediate state loads back unchanged; objects are in one zone; the stack list
    names exactly the objects in zone stack."""
    doc = dump_state(state)
    again = parse_state(copy.deepcopy(doc), LIB)
    assert dump_state(again) == doc
    ids = Counter(o.id for o in state.objects)
    assert max(ids.values()) == 1
    assert sorted(state.stack) == sorted(o.id for o in state.objects if o.zone == "stack")


def _act(state: GameState, action: dict[str, Any], player: str | None = None) -> tuple[GameState, list[str]]:
    who = acting_player(state, player)
    r = apply_action(CHECKER, state, parse_action(action, state, LIB, who), who)
    assert r.legal, [x.message for x in r.verdict.reasons]
    assert r.state is not None
    new = parse_state(r.state, LIB)
    _valid(new)
    return new, r.events


def test_a_game_played_forward_for_several_turns() -> None:
    """Turn 5 (alice): Bolt kills bob's Bears (704.5g); Ballista removes its last counter to ping
    the Elves and dies at once (704.5f), the Elves die as the ability resolves; Bolt to bob's face;
    Alrund's Epiphany makes two Birds and an extra turn. Turn 6 is alice's again (500.7); turn 7
    is bob's: his library is empty, he loses as state-based actions are checked (704.5b)."""
    objs = [*(_o(f"i{n}", "Island") for n in range(1, 8)), _o("m1", "Mountain"), _o("m2", "Mountain"),
            _o("wb", "Walking Ballista", counters={"+1/+1": 1}),
            _o("bolt", "Lightning Bolt", zone="hand"), _o("bolt2", "Lightning Bolt", zone="hand"),
            _o("ae", "Alrund's Epiphany", zone="hand"),
            _o("al1", "Forest", zone="library"), _o("al2", "Forest", zone="library"),
            _o("gb", "Grizzly Bears", "bob"), _o("el", "Llanowar Elves", "bob")]
    st = parse_state(_doc(objs), LIB)
    log: list[str] = []

    def go(action: dict[str, Any], player: str | None = None) -> None:
        nonlocal st
        st, events = _act(st, action, player)
        log.extend(events)

    def both_pass() -> None:
        go({"kind": "pass"})
        go({"kind": "pass"})

    go({"kind": "cast", "object": "bolt", "targets": ["gb"]})
    both_pass()
    assert st.obj("gb").zone == "graveyard" and any("704.5g" in e for e in log)
    go({"kind": "activate", "object": "wb", "ability": 3, "targets": ["el"]})
    assert st.obj("wb").zone == "graveyard" and any("704.5f" in e for e in log)
    both_pass()
    assert st.obj("el").zone == "graveyard"
    go({"kind": "cast", "object": "bolt2", "targets": ["bob"]})
    both_pass()
    assert st.player("bob").life == 17
    go({"kind": "cast", "object": "ae"})
    both_pass()
    birds = [o for o in st.objects if o.card == "Bird Token"]
    assert len(birds) == 2 and all(o.extra.get("token") for o in birds)
    assert st.document.get("extra_turns") == ["alice"] and st.obj("ae").zone == "exile"
    turns_seen = [(st.turn, st.active_player)]
    for _ in range(80):
        if st.document.get("winner"):
            break
        both_pass()
        if (st.turn, st.active_player) != turns_seen[-1]:
            turns_seen.append((st.turn, st.active_player))
    assert turns_seen == [(5, "alice"), (6, "alice"), (7, "bob")]
    assert st.obj("al1").zone == "hand"  # alice drew in her extra turn
    assert st.document.get("winner") == "alice" and st.document.get("losers") == ["bob"]
    assert any("bob loses the game (704.5b" in e for e in log)
    assert st.priority is None
    assert not CHECKER.why(st, parse_action({"kind": "pass"}, st, LIB, "alice"), "alice").legal


def _mutate() -> Any:
    spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["mutate"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_literal_level_mutation_operators() -> None:
    mutate = _mutate()
    text = "a(1).\nb(X) :- a(X), not c(X), X > 0.\n"
    ms = mutate.mutants([("t.lp", text)], ["drop", "negate", "constant"])
    by_kind: dict[str, list[str]] = {}
    for m in ms:
        by_kind.setdefault(m.kind, []).append(" ".join(m.text.split()).replace(" ,", ",").replace(" .", "."))
    assert sorted(by_kind["drop"]) == sorted([
        "a(1). b(X) :- not c(X), X > 0.", "a(1). b(X) :- a(X), X > 0.", "a(1). b(X) :- a(X), not c(X)."])
    assert sorted(by_kind["negate"]) == sorted([
        "a(1). b(X) :- not a(X), not c(X), X > 0.", "a(1). b(X) :- a(X), c(X), X > 0."])
    assert sorted(by_kind["constant"]) == sorted([
        "a(2). b(X) :- a(X), not c(X), X > 0.", "a(1). b(X) :- a(X), not c(X), X > 1."])
    assert all(m.text.count("\n") == text.count("\n") for m in ms)  # line numbers stay right
