"""Play forward: ``mtgasp.apply.apply_action`` (and ``mtgasp apply``).

Direct tests: an illegal action is refused with its reasons and changes nothing; the next state is a
valid state document that loads back unchanged; hideaway's random order is reproducible with a seed.
A property: for a random legal action of a small generated state, every object of the next state is
in exactly one zone and the stack list names exactly the objects in zone "stack".
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mtgasp.actions import acting_player, parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action, event_cites_rule
from mtgasp.cli import main
from mtgasp.errors import InputError
from mtgasp.model import GameState
from mtgasp.state import dump_state, parse_state

CHECKER = Checker()
LIB = CHECKER.library
ZONES = {"library", "hand", "battlefield", "graveyard", "stack", "exile", "command"}


def load(doc: dict[str, Any]) -> GameState:
    return parse_state(doc, LIB)


def act(state: GameState, action: dict[str, Any], player: str | None = None, seed: int = 0) -> Any:
    who = acting_player(state, player)
    return apply_action(CHECKER, state, parse_action(action, state, LIB, who), who, seed=seed)


def base(objects: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    doc = {
        "format": 1,
        "turn": 3,
        "active_player": "alice",
        "step": "precombat_main",
        "priority": "alice",
        "players": [{"name": "alice"}, {"name": "bob"}],
        "objects": objects,
    }
    doc.update(game)
    return doc


def land(i: str, card: str, owner: str = "alice", **kw: Any) -> dict[str, Any]:
    return {
        "id": i,
        "card": card,
        "owner": owner,
        "zone": "battlefield",
        "controlled_since_turn": 1,
        **kw,
    }


# ---------------------------------------------------------------- refusals


def test_illegal_action_is_refused_with_reasons() -> None:
    state = load(base([land("f1", "Forest", tapped=True)]))
    before = dump_state(state)
    result = act(state, {"kind": "activate", "object": "f1", "ability": 1})
    assert result.legal is False
    assert result.state is None
    assert "107.5" in {r.rule for r in result.verdict.reasons}
    out = result.to_json()
    assert (
        out["legal"] is False
        and out["reasons"]
        and all(r["rule"] and r["message"] for r in out["reasons"])
    )
    assert dump_state(state) == before  # nothing changed


def test_sorcery_outside_main_phase_is_refused() -> None:
    doc = base(
        [
            land("p1", "Plains"),
            land("p2", "Plains"),
            land("p3", "Plains"),
            land("p4", "Plains"),
            land("p5", "Plains"),
            {"id": "dsk", "card": "Doomskar", "owner": "alice", "zone": "hand"},
        ],
        step="end",
    )
    result = act(load(doc), {"kind": "cast", "object": "dsk"})
    assert not result.legal
    assert "307.1" in {r.rule for r in result.verdict.reasons}


def test_cli_apply_refusal_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base([land("f1", "Forest", tapped=True)])), encoding="utf-8")
    code = main(
        ["apply", str(path), '{"kind": "activate", "object": "f1", "ability": 1}', "--json"]
    )
    assert code == 1
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is False and [r["rule"] for r in out["reasons"]] == ["107.5"]


def test_bad_action_is_input_error() -> None:
    state = load(base([land("f1", "Forest")]))
    with pytest.raises(InputError):
        parse_action({"kind": "cast", "object": "nope"}, state, LIB, "alice")


# ---------------------------------------------------------------- the next state


def test_next_state_loads_back_as_a_valid_state(tmp_path: Path) -> None:
    doc = base(
        [
            land("f1", "Forest"),
            land("f2", "Forest"),
            {"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"},
        ]
    )
    state = load(doc)
    before = dump_state(state)
    result = act(state, {"kind": "cast", "object": "bears"})
    assert result.legal
    nxt = result.state
    assert nxt is not None
    again = load(nxt)  # valid
    assert dump_state(again) == nxt  # and stable: it loads back unchanged
    assert dump_state(state) == before  # the input state was not modified
    objs = {o["id"]: o for o in nxt["objects"]}
    assert objs["bears"]["zone"] == "stack" and nxt["stack"] == ["bears"]
    # the CLI writes the same document with --out
    src, out = tmp_path / "s.json", tmp_path / "next.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["apply", str(src), '{"kind": "cast", "object": "bears"}', "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == nxt


def test_pass_pass_resolves_then_ends_the_step() -> None:
    doc = base(
        [
            land("f1", "Forest"),
            land("f2", "Forest"),
            {"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"},
        ],
        players=[{"name": "alice", "mana_pool": "{R}"}, {"name": "bob"}],
    )
    state = load(doc)
    for action in ({"kind": "cast", "object": "bears"}, {"kind": "pass"}, {"kind": "pass"}):
        r = act(state, action)
        assert r.legal, action
        state = load(r.state)
    objs = {o.id: o for o in state.objects}
    assert objs["bears"].zone == "battlefield" and state.step == "precombat_main"
    assert state.priority == "alice"  # 117.3b
    for _ in range(2):
        state = load(act(state, {"kind": "pass"}).state)
    nxt = dump_state(state)
    assert nxt["step"] == "beginning_of_combat"
    assert "mana_pool" not in nxt["players"][0]  # 106.4: the {R} is gone


HIDEAWAY_LIB = ["Forest", "Lightning Bolt", "Grizzly Bears", "Doomskar", "Island", "Mountain"]


def hideaway_state() -> GameState:
    objs: list[dict[str, Any]] = [land("watcher", "Watcher for Tomorrow", tapped=True)]
    objs += [
        {"id": f"l{i}", "card": c, "owner": "alice", "zone": "library"}
        for i, c in enumerate(HIDEAWAY_LIB, 1)
    ]
    objs.append(
        {
            "id": "t",
            "zone": "stack",
            "ability": {"source": "watcher", "index": 1},
            "controller": "alice",
        }
    )
    return load(base(objs, priority=None, stack=["t"], resolving="t"))


def library_order(doc: dict[str, Any], owner: str = "alice") -> list[str]:
    return [o["id"] for o in doc["objects"] if o["zone"] == "library" and o["owner"] == owner]


def test_hideaway_rest_to_bottom_in_a_reproducible_random_order() -> None:
    state = hideaway_state()
    orders = set()
    for seed in range(12):
        r = act(state, {"kind": "choose", "object": "l2"}, seed=seed)
        assert r.legal
        order = library_order(r.state)
        assert order[:2] == ["l5", "l6"]  # the cards not looked at are now on top
        assert sorted(order[2:]) == ["l1", "l3", "l4"]  # the rest are at the bottom
        again = act(state, {"kind": "choose", "object": "l2"}, seed=seed)
        assert library_order(again.state) == order  # same seed, same order
        orders.add(tuple(order[2:]))
        hidden = next(o for o in r.state["objects"] if o["id"] == "l2")
        assert (
            hidden["zone"] == "exile" and hidden["face_down"] and hidden["exiled_with"] == "watcher"
        )
    assert len(orders) > 1  # the order is random, not a fixed one


def test_hideaway_only_top_four_can_be_chosen() -> None:
    state = hideaway_state()
    moves = {m.action.object for m in CHECKER.moves(state, "alice") if m.action.kind == "choose"}
    assert moves == {"l1", "l2", "l3", "l4"}
    assert not act(state, {"kind": "choose", "object": "l5"}).legal


def test_choose_for_a_source_that_could_produce_nothing_says_so() -> None:
    """106.5, 106.7: two Reflecting Pools alone could produce no type of mana; a --choose of {G}
    is bad input that says so, not that "another of its abilities could" make {G} (probe18)."""
    state = load({"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
                  "players": [{"name": "alice"}, {"name": "bob"}],
                  "objects": [{"id": "p1", "card": "Reflecting Pool", "owner": "alice", "zone": "battlefield"},
                              {"id": "p2", "card": "Reflecting Pool", "owner": "alice", "zone": "battlefield"}]})
    action = parse_action({"kind": "activate", "object": "p1", "ability": 1}, state, LIB, "alice")
    with pytest.raises(InputError) as err:
        apply_action(CHECKER, state, action, "alice", "G")
    text = str(err.value)
    assert "--choose" in text and "no type of mana" in text and "another of its abilities" not in text
    # without a choice the activation is legal and adds nothing (106.5)
    done = apply_action(CHECKER, state, action, "alice")
    assert done.legal and not done.state["players"][0].get("mana_pool")


# ---------------------------------------------------------------- property: zones and the stack

CARDS = (
    "Forest",
    "Island",
    "Mountain",
    "Plains",
    "Grizzly Bears",
    "Lightning Bolt",
    "Saw It Coming",
    "Doomskar",
    "Behold the Multiverse",
    "Endless One",
    "Walking Ballista",
    "Freestrider Commando",
    "Goliath Daydreamer",
    "Dream Devourer",
    "Watcher for Tomorrow",
    "Mosswort Bridge",
    "Aven Interrupter",
    "Spectral Sailor",
    "Alrund's Epiphany",
    "Slickshot Show-Off",
)
PLAYERS = ("alice", "bob")
STEPS = (
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "end_of_combat",
    "postcombat_main",
    "end",
)


def permanent(name: str) -> bool:
    return not any(t in ("Instant", "Sorcery") for f in LIB.get(name).faces for t in f.types)


@st.composite
def small_states(draw: Any) -> dict[str, Any]:
    turn = draw(st.integers(2, 6))
    active = draw(st.sampled_from(PLAYERS))
    # mostly the active player's main phase with priority, where most actions are possible
    step = draw(st.sampled_from(("precombat_main", "precombat_main", "postcombat_main", *STEPS)))
    basics = ("Forest", "Island", "Mountain", "Plains")
    objs: list[dict[str, Any]] = [
        {
            "id": f"m{i}",
            "card": draw(st.sampled_from(basics)),
            "owner": active,
            "zone": "battlefield",
            "controlled_since_turn": 1,
        }
        for i in range(draw(st.integers(0, 4)))
    ]
    for i in range(draw(st.integers(1, 8))):
        name = draw(st.sampled_from(CARDS))
        zone = draw(
            st.sampled_from(
                (
                    "hand",
                    "hand",
                    "hand",
                    "battlefield",
                    "battlefield",
                    "library",
                    "graveyard",
                    "exile",
                    "exile",
                    "stack",
                )
            )
        )
        if zone == "battlefield" and not permanent(name):
            zone = "hand"
        owner = draw(st.sampled_from((active, active, *PLAYERS)))
        o: dict[str, Any] = {"id": f"o{i}", "card": name, "owner": owner, "zone": zone}
        if zone == "battlefield":
            o["controlled_since_turn"] = draw(st.integers(0, turn - 1))
            o["tapped"] = draw(st.integers(0, 3)) == 0
        elif zone == "exile":
            kind = draw(st.sampled_from(("plain", "foretold", "plotted", "dream")))
            if kind == "foretold":
                o.update(face_down=True, foretold_turn=draw(st.integers(1, turn)))
            elif kind == "plotted":
                o["plotted_turn"] = draw(st.integers(1, turn))
            elif kind == "dream":
                o["counters"] = {"dream": 1}
        elif zone == "stack":
            o.update(cast_from="hand", method="normal", mana_spent=0)
        objs.append(o)
    players: list[dict[str, Any]] = [{"name": p} for p in PLAYERS]
    if draw(st.integers(0, 3)) > 0:
        players[PLAYERS.index(active)]["mana_pool"] = draw(
            st.sampled_from(("{W}{U}{B}{R}{G}{C}", "{W}{W}{U}{U}{B}{R}{R}{G}{G}", "{G}{U}", "{C}"))
        )
    doc: dict[str, Any] = {
        "format": 1,
        "turn": turn,
        "active_player": active,
        "step": step,
        "priority": draw(st.sampled_from((active, active, *PLAYERS))),
        "players": players,
        "objects": objs,
    }
    # sometimes an ability that offers a choice is resolving
    # (hideaway, Goliath Daydreamer's attack trigger)
    resolving = draw(st.sampled_from((None, None, None, "hideaway", "goliath")))
    if resolving == "hideaway":
        objs.append(
            {
                "id": "src",
                "card": "Watcher for Tomorrow",
                "owner": active,
                "zone": "battlefield",
                "controlled_since_turn": turn,
                "tapped": True,
            }
        )
        objs += [
            {
                "id": f"lib{i}",
                "card": draw(st.sampled_from(CARDS)),
                "owner": active,
                "zone": "library",
            }
            for i in range(draw(st.integers(0, 5)))
        ]
    elif resolving == "goliath":
        objs.append(
            {
                "id": "src",
                "card": "Goliath Daydreamer",
                "owner": active,
                "zone": "battlefield",
                "controlled_since_turn": 1,
                "tapped": True,
            }
        )
        objs.append(
            {
                "id": "dream",
                "card": draw(
                    st.sampled_from(
                        ("Doomskar", "Behold the Multiverse", "Endless One", "Saw It Coming")
                    )
                ),
                "owner": active,
                "zone": "exile",
                "counters": {"dream": 1},
            }
        )
    stack = [o["id"] for o in objs if o["zone"] == "stack"]
    if resolving is not None:
        index = 1 if resolving == "hideaway" else 2
        objs.append(
            {
                "id": "trig",
                "zone": "stack",
                "ability": {"source": "src", "index": index},
                "controller": active,
            }
        )
        stack.append("trig")
        doc.update(resolving="trig", priority=None)
    if stack:
        doc["stack"] = stack
    if draw(st.booleans()):
        doc["consecutive_passes"] = 1
    return doc


def check_zones(doc: dict[str, Any]) -> None:
    ids = [o["id"] for o in doc["objects"]]
    dup = [i for i, n in Counter(ids).items() if n > 1]
    assert not dup, f"objects listed twice: {dup}"
    for o in doc["objects"]:
        assert o["zone"] in ZONES, o
    stack = doc.get("stack", [])
    assert len(stack) == len(set(stack)), f"stack names an object twice: {stack}"
    on_stack = sorted(o["id"] for o in doc["objects"] if o["zone"] == "stack")
    assert sorted(stack) == on_stack, f"stack list {stack} vs objects in zone stack {on_stack}"
    if doc.get("resolving") is not None:
        assert doc["resolving"] in stack


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(doc=small_states(), data=st.data())
def test_random_legal_action_keeps_zones_and_stack_consistent(
    doc: dict[str, Any], data: Any
) -> None:
    try:
        state = load(doc)
    except InputError:
        assume(False)
        return
    player = acting_player(state)
    moves = CHECKER.moves(state, player)
    assume(moves)
    # passing is always possible; prefer the other moves, which change more
    # (a kind of move first, then one move of that kind: a few land taps don't crowd out the casts)
    kinds = sorted({m.action.kind for m in moves} - {"pass"}) or ["pass"]
    if "pass" in kinds or data.draw(st.integers(0, 5), label="prefer") == 0:
        kinds = sorted({m.action.kind for m in moves})
    kind = data.draw(st.sampled_from(kinds), label="kind")
    move = data.draw(st.sampled_from([m for m in moves if m.action.kind == kind]), label="move")
    action = move.action
    if move.has_x and not move.free and move.x_max is not None:
        action = dataclasses.replace(action, x=data.draw(st.integers(0, move.x_max), label="x"))
    if move.needs_target and not action.targets:
        # a listed targeted spell has a legal target (601.2c): name one (a move that already
        # names one, e.g. Lightning Bolt's "any target" player, keeps it)
        candidates = [
            dataclasses.replace(action, targets=(o.id,))
            for o in state.objects
            if o.id in state.stack and o.id != action.object
        ]
        legal = [a for a in candidates if CHECKER.why(state, a, player).legal]
        assert legal, f"moves listed {action.to_json()} but no spell on the stack is a legal target"
        action = data.draw(st.sampled_from(legal), label="target")
    original = copy.deepcopy(dump_state(state))
    result = apply_action(
        CHECKER, state, action, player, seed=data.draw(st.integers(0, 3), label="seed")
    )
    assert result.legal, (
        f"moves listed {action.to_json()}, but apply refused it: {result.to_json()}"
    )
    nxt = result.state
    assert nxt is not None
    check_zones(nxt)
    # every event names the rule it happens by, or is a note on what apply doesn't perform
    assert all(event_cites_rule(e) for e in result.events), result.events
    assert dump_state(load(nxt)) == nxt  # a valid state that loads back unchanged
    assert dump_state(state) == original  # apply doesn't modify its input
    # the same cards (abilities may come and go; tokens are created, 111.2, and cease to exist when
    # they leave the battlefield, 704.5d: only nontoken cards are checked)
    cards_before = {o["id"] for o in original["objects"] if "card" in o and not o.get("token")}
    cards_after = {o["id"] for o in nxt["objects"] if "card" in o and not o.get("token")}
    assert cards_before == cards_after
    old_ids = {o["id"] for o in original["objects"]}
    assert all(o["id"] not in old_ids for o in nxt["objects"] if o.get("token") and o["id"] not in
               {t["id"] for t in original["objects"] if t.get("token")})  # a new token has a new id


def test_two_values_for_one_thing_of_the_next_state_are_an_internal_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An outcome that gives one thing of the next state two values (a bug of the encodings, never a
    choice) stops apply instead of silently keeping the last value written; list fields may repeat."""
    from clingo import Function, Number
    from mtgasp import apply as apply_mod

    def atoms(*spec: tuple[str, tuple[Any, ...]]) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        for name, args in spec:
            out.setdefault(name, []).append(Function(name, [Number(a) if isinstance(a, int) else Function(a)
                                                            for a in args]))
        return out

    apply_mod.check_single_valued(atoms(("pool_to", (1, "g", 2)), ("pool_to", (1, "r", 1)),
                                        ("field", (3, "seen_by", 1)), ("field", (3, "seen_by", 2))))
    for conflict in (atoms(("pool_to", (1, "g", 2)), ("pool_to", (1, "g", 3))),
                     atoms(("zone_to", (4, "graveyard")), ("zone_to", (4, "exile"))),
                     atoms(("field", (3, "tapped", "true")), ("field", (3, "tapped", "false")))):
        with pytest.raises(apply_mod.ConflictingOutcome, match="two values"):
            apply_mod.check_single_valued(conflict)
    # Through the CLI: one line, exit 3 (an internal error), no traceback.
    state = Path(__file__).resolve().parents[1] / "examples" / "midgame.json"
    monkeypatch.setattr(apply_mod, "SINGLE_VALUED", {**apply_mod.SINGLE_VALUED, "game": 0})
    code = main(["apply", str(state), '{"kind": "pass"}'])
    err = capsys.readouterr().err
    assert code == 3 and "internal error in 'apply'" in err and "two values for game" in err
    assert "Traceback" not in err


def test_a_cost_is_said_before_the_mana_the_mana_ability_adds() -> None:
    """601.2h, 602.2b, 605.3b: a mana ability's costs are paid as it is activated, before it resolves
    and adds its mana: Squandered Resources' "Sacrifice a land: Add one mana of any type the
    sacrificed land could produce." says the sacrifice first (found by probe21a: the mana came first)."""
    state = load(base([land("sr", "Squandered Resources"), land("f1", "Forest")]))
    res = act(state, {"kind": "activate", "object": "sr", "ability": 1})
    sac = next(i for i, e in enumerate(res.events) if "is sacrificed to pay a cost" in e)
    adds = next(i for i, e in enumerate(res.events) if "adds {G}" in e and "(605.3b" in e)
    assert sac < adds, res.events


def test_the_restricted_mana_a_payment_leaves_is_decided_not_left_to_the_solver(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """106.6: what a restricted mana ability activated while paying leaves unspent stays restricted,
    and only that (outcomes.lp's rleft/2, rkept/3). apply keeps the first model the solver finds, so
    each such outcome must be the only one: with the payment's mana sources fixed, every model of
    the apply program shows the same atoms. Mishra's Workshop ({C}{C}{C}, artifact spells only) pays
    Chromatic Lantern ({3}: nothing left, no restricted mana), Walking Ballista with X = 2 beside a
    Forest (nothing left) and Pili-Pala ({2}: one {C} stays restricted). (Found by the mutation
    check, seed 3101: without the guard V > 0 of rkept/3 a payment that leaves nothing could keep
    up to three restricted {C} out of nothing, and only the solver's search order hid it.)"""
    from mtgasp import solver
    from mtgasp.cards import CardLibrary

    corpus = Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"
    name = "rule-106.6-restricted-mana-left-unspent-while-paying-stays-restricted.json"
    doc = json.loads((corpus / name).read_text(encoding="utf-8"))
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="Workshop",
                                            base=LIB))
    outcomes: list[set[frozenset[str]]] = []
    real_solve = solver._solve

    def every_model(ctl: Any, assumptions: Any, conflicts: Any) -> Any:
        ctl.configuration.solve.models = 0
        seen: set[frozenset[str]] = set()
        with ctl.solve(assumptions=assumptions, yield_=True) as handle:
            for model in handle:
                seen.add(frozenset(str(s) for s in model.symbols(shown=True)))
        ctl.configuration.solve.models = 1
        outcomes.append(seen)
        return real_solve(ctl, assumptions, conflicts)

    def cast(objects: list[dict[str, Any]], action: dict[str, Any]) -> dict[str, Any]:
        state = parse_state(base(objects), checker.library)
        outcomes.clear()
        monkeypatch.setattr(solver, "_solve", every_model)
        try:
            act_ = parse_action(action, state, checker.library, "alice")
            result = apply_action(checker, state, act_, "alice", seed=0)
        finally:
            monkeypatch.setattr(solver, "_solve", real_solve)
        assert outcomes and all(len(seen) == 1 for seen in outcomes), [len(s) for s in outcomes]
        assert result.state is not None
        return {p["name"]: p for p in result.state["players"]}["alice"]

    ws = {"id": "ws", "card": "Mishra's Workshop", "owner": "alice", "zone": "battlefield"}
    alice = cast([ws, {"id": "cl", "card": "Chromatic Lantern", "owner": "alice", "zone": "hand"}],
                 {"kind": "cast", "object": "cl"})
    assert "restricted_mana" not in alice and "mana_pool" not in alice
    ballista = {"id": "wb", "card": "Walking Ballista", "owner": "alice", "zone": "hand"}
    alice = cast([ws, land("f", "Forest"), ballista], {"kind": "cast", "object": "wb", "x": 2})
    assert "restricted_mana" not in alice and "mana_pool" not in alice
    alice = cast([ws, {"id": "pp", "card": "Pili-Pala", "owner": "alice", "zone": "hand"}],
                 {"kind": "cast", "object": "pp"})
    assert alice["restricted_mana"] == [{"mana": "{C}", "card": "Mishra's Workshop", "ability": 1}]


# Doomskar resolving (alice's, on the stack) over alice's Watcher for Tomorrow with its hidden card
DOOMSKAR_OVER_WATCHER = [
        {"id": "ds", "card": "Doomskar", "owner": "alice", "zone": "stack", "cast_from": "hand",
         "method": "normal", "mana_spent": 5},
        {"id": "awt", "card": "Watcher for Tomorrow", "owner": "alice", "zone": "battlefield"},
        {"id": "ahid", "card": "Grizzly Bears", "owner": "alice", "zone": "exile", "face_down": True,
         "exiled_with": "awt"},
]


def test_abilities_triggered_together_are_said_in_the_order_they_go_on_the_stack() -> None:
    """603.3b (APNAP): Doomskar destroys both players' Watchers for Tomorrow in bob's turn; bob's
    leaves-the-battlefield trigger goes on the stack first, alice's on top, and the events say so in
    that order, each with its controller and rules (found by probe22c: said in the order of the ids,
    without a rule)."""
    doc = base([*DOOMSKAR_OVER_WATCHER,
        {"id": "wt", "card": "Watcher for Tomorrow", "owner": "bob", "zone": "battlefield"},
        {"id": "hid", "card": "Lightning Bolt", "owner": "bob", "zone": "exile", "face_down": True,
         "exiled_with": "wt"},
    ], active_player="bob", priority="alice", consecutive_passes=1, stack=["ds"])
    result = act(load(doc), {"kind": "pass"})
    assert result.legal and result.state is not None
    assert result.state["stack"] == ["wt-ability3", "awt-ability3"]
    said = [e for e in result.events if "triggers and is put on the stack" in e]
    assert [e.split(" as ")[1] for e in said] == [
        "wt-ability3, controlled by bob (603.3, 603.3a).",
        "awt-ability3, controlled by alice (603.3, 603.3a).",
    ]


def test_triggers_are_said_after_the_final_step_and_the_state_based_actions() -> None:
    """117.5, 603.3, 608.2n: Doomskar destroys a Watcher for Tomorrow and a creature token; the
    spell is put into the graveyard as the final step of its resolution, then the state-based
    actions are performed (704.5d: the token in the graveyard ceases to exist), and only then does
    the Watcher's leaves-the-battlefield ability go on the stack: the events say it in that order
    (found by probe22e: the trigger was said first)."""
    doc = base([*DOOMSKAR_OVER_WATCHER,
        {"id": "tok", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield", "token": True},
    ], active_player="bob", priority="alice", consecutive_passes=1, stack=["ds"])
    result = act(load(doc), {"kind": "pass"})
    assert result.legal and result.state is not None
    assert result.state["stack"] == ["awt-ability3"]
    at = {key: next(i for i, e in enumerate(result.events) if key in e)
          for key in ("(608.2n)", "(704.5d)", "triggers and is put on the stack")}
    assert at["(608.2n)"] < at["(704.5d)"] < at["triggers and is put on the stack"], result.events


def test_an_activated_ability_is_said_on_the_stack_before_the_state_based_actions() -> None:
    """602.2a, 601.2i, 704.3, 117.5: Walking Ballista with one +1/+1 counter removes it to ping bob;
    the ability is activated and put on the stack as its activation completes, and only then, as
    alice would receive priority, is the 0/0 Ballista put into the graveyard (704.5f). Unlike a
    triggered ability (said after the state-based actions), the activated one is said before them
    (found by probe24b: the Ballista died before its ability was said to be activated)."""
    doc = base([land("wb", "Walking Ballista", counters={"+1/+1": 1})])
    result = act(load(doc), {"kind": "activate", "object": "wb", "ability": 3, "targets": ["bob"]})
    assert result.legal and result.state is not None
    at = {key: next(i for i, e in enumerate(result.events) if key in e)
          for key in ("removed from it to pay a cost (118.3)", "is activated and is put on the stack",
                      "(704.5f")}
    assert (at["removed from it to pay a cost (118.3)"] < at["is activated and is put on the stack"]
            < at["(704.5f"]), result.events


def test_token_creation_is_said_once() -> None:
    """111.2: Alrund's Epiphany creates two 1/1 Bird tokens: one event says so, naming both new
    tokens (found by probe22e: said once per token by apply.py and again by effects.lp)."""
    doc = base([
        {"id": "ae", "card": "Alrund's Epiphany", "owner": "alice", "zone": "stack",
         "cast_from": "hand", "method": "normal", "mana_spent": 7},
    ], active_player="alice", priority="bob", consecutive_passes=1, stack=["ae"])
    result = act(load(doc), {"kind": "pass"})
    assert result.legal and result.state is not None
    made = [o["id"] for o in result.state["objects"] if o.get("token")]
    assert len(made) == 2
    said = [e for e in result.events if "(111.2)" in e]
    assert said == [f"alice creates 2 token(s) (111.2): Bird Token {', '.join(made)}."], result.events


def test_a_scenario_step_with_an_event_citing_no_rule_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus holds every event to its rule: a step whose events include one without a CR
    number (and not a note on what apply doesn't perform) fails, whatever it expects."""
    import mtgasp.apply as apply_module
    from mtgasp.scenarios import run_step

    real = apply_module.apply_action

    def saying(extra: str) -> Any:
        def fake(*args: Any, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            result.events.append(extra)
            return result
        return fake

    state = load(base([land("m1", "Mountain")]))
    step = {"action": {"kind": "pass"}}
    monkeypatch.setattr(apply_module, "apply_action", saying("The step ends."))
    result, _ = run_step(CHECKER, state, step, "pass")
    assert not result.passed and "event without a CR rule number" in result.problems[0]
    for fine in ("The step ends (500.2).", "Not performed: something apply doesn't do."):
        monkeypatch.setattr(apply_module, "apply_action", saying(fine))
        result, _ = run_step(CHECKER, state, step, "pass")
        assert result.passed, result.problems


def test_another_cleanup_step_begins_before_its_damage_wears_off() -> None:
    """514.3a: players passed in a cleanup step in which they received priority: another cleanup
    step begins, and in it damage wears off (514.2) and the turn ends; said in that order (found by
    probe22c: the damage was said to wear off before that cleanup step began)."""
    doc = base([
        {"id": "bb", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield", "damage": 1},
        {"id": "b1", "card": "Island", "owner": "bob", "zone": "library"},
    ], turn=5, step="cleanup", priority="bob", consecutive_passes=1)
    result = act(load(doc), {"kind": "pass"})
    assert result.legal and result.state is not None
    said = result.events
    begins = next(i for i, e in enumerate(said) if "another cleanup step begins (514.3a)" in e)
    wears_off = next(i for i, e in enumerate(said) if "damage marked on Grizzly Bears (bb) is removed" in e)
    turn_ends = next(i for i, e in enumerate(said) if e.startswith("Turn 5 ends"))
    assert begins < wears_off < turn_ends, said


def test_apply_leaves_the_state_it_was_given_as_it_was() -> None:
    # Found by sweep26 (every corpus state, every legal move applied in turn to the same state):
    # dump_state handed the state's own lists to the next document, so apply's append of the ability
    # to `activated_ever` ("Pay 1 life: Add {R}. Activate only once.", 602.5b) wrote it into the
    # state it was given too; that ability then counted as activated, and a later `why` or `apply`
    # on the same state refused a cost it pays (602.2b).
    from mtgasp.cards import CardLibrary
    from mtgasp.scenarios import corpus_files, load_scenario
    name = "rule-602.5b-once-limits-are-per-ability.json"
    doc = load_scenario(name, dict(corpus_files())[name])
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="x",
                                            base=LIB))
    state = parse_state(doc["state"], checker.library)
    before = copy.deepcopy(dump_state(state))
    once = parse_action({"kind": "activate", "object": "seal", "ability": 2}, state, checker.library, "alice")
    applied = apply_action(checker, state, once, "alice")
    assert applied.legal and applied.state["objects"][0]["activated_ever"] == [2, 5]
    assert dump_state(state) == before
    draw = parse_action({"kind": "activate", "object": "seal2", "ability": 5}, state, checker.library, "alice")
    assert apply_action(checker, state, draw, "alice").legal
