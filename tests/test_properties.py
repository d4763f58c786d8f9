"""Properties of the checker over random valid states built from the built-in card library.

States are generated as documents (dicts) and parsed with ``mtgasp.state.parse_state``; documents
that fail validation are skipped (``assume``), so every property talks about states the product
accepts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from mtgasp.actions import acting_player
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.model import MANA_TYPES, STEPS, Card, GameState
from mtgasp.state import parse_state

LIB = CardLibrary.builtin()
CHECKER = Checker(LIB)
ALL_NAMES = LIB.names()
PLAYERS = ("alice", "bob")
COUNTER_KINDS = ("+1/+1", "charge", "luck", "dream")
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
ANY_COLOR = ("Birds of Paradise", "Fellwar Stone", "Exotic Orchard", "Chromatic Lantern")
REPLACERS = ("Contamination", "Mana Reflection", "Pale Moon")
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")

PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card(name: str) -> Card:
    return LIB.get(name)


def _one_card_state(name: str, zone: str) -> dict[str, Any]:
    return {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main", "priority": "alice",
            "players": [{"name": "alice", "mana_pool": "{W}{U}{B}{R}{G}{C}"}, {"name": "bob"}],
            "objects": [{"id": "x", "card": name, "owner": "alice", "zone": zone},
                        {"id": "f", "card": "Forest", "owner": "alice", "zone": "battlefield"}]}


def _answers(name: str, zone: str) -> None:
    state = parse_state(_one_card_state(name, zone), LIB)
    CHECKER.judge_all(state)
    if zone == "battlefield":
        CHECKER.mana(state, "x")
        CHECKER.explain_mana(state, "x")


def _works(name: str) -> bool:
    try:
        CHECKER.moves(parse_state(_one_card_state(name, "hand"), LIB))
    except Exception:  # noqa: BLE001 - any crash: reported by test_every_builtin_card_is_answered
        return False
    return True


# The random states draw from the cards the checker can answer about at all; a card it crashes on
# fails test_every_builtin_card_is_answered below (and joins the random states once fixed).
NAMES = [n for n in ALL_NAMES if _works(n)]


@pytest.mark.parametrize("zone", ["hand", "battlefield", "library", "graveyard", "exile"])
@pytest.mark.parametrize("name", ALL_NAMES)
def test_every_builtin_card_is_answered(name: str, zone: str) -> None:
    """moves --all, mana and mana --explain answer a state holding any built-in card in any zone;
    an instant or sorcery can't be on the battlefield (304.4, 307.4): that state is bad input."""
    up = card(name).faces[0]
    if zone == "battlefield" and any(t in ("Instant", "Sorcery") for t in up.types):
        with pytest.raises(InputError, match=r"objects\[0\]\.zone.*(304\.4|307\.4)"):
            parse_state(_one_card_state(name, zone), LIB)
        return
    _answers(name, zone)


def is_permanent_card(name: str) -> bool:
    return not any(t in ("Instant", "Sorcery") for f in card(name).faces for t in f.types)


def instant_speed(name: str, face: str) -> bool:
    f = next(fc for fc in card(name).faces if fc.name == face)
    return "Instant" in f.types or any(a.kind == "keyword" and a.spec.get("keyword") == "flash" for a in f.abilities)


@st.composite
def objects(draw: Any, turn: int, n_max: int = 12, names: st.SearchStrategy[str] | None = None,
            zones: tuple[str, ...] = ZONES) -> list[dict[str, Any]]:
    names = names if names is not None else st.sampled_from(NAMES)
    n = draw(st.integers(0, n_max))
    out: list[dict[str, Any]] = []
    for i in range(n):
        name = draw(names)
        zone = draw(st.sampled_from(zones))
        if zone == "battlefield" and not is_permanent_card(name):
            zone = "graveyard"
        owner = draw(st.sampled_from(PLAYERS))
        o: dict[str, Any] = {"id": f"o{i}", "card": name, "owner": owner, "zone": zone}
        c = card(name)
        if zone in ("battlefield", "stack"):
            if len(c.faces) > 1:
                o["face"] = draw(st.sampled_from([f.name for f in c.faces]))
            if draw(st.booleans()):
                o["controller"] = draw(st.sampled_from(PLAYERS))
        if zone == "battlefield":
            o["tapped"] = draw(st.booleans())
            o["controlled_since_turn"] = draw(st.integers(0, turn))
        if zone in ("battlefield", "exile") and draw(st.integers(0, 3)) == 0:
            o["counters"] = {draw(st.sampled_from(COUNTER_KINDS)): draw(st.integers(0, 3))}
        if zone == "exile":
            special = draw(st.sampled_from(["none", "none", "foretold", "plotted"]))
            if special == "foretold":
                o["face_down"] = True
                o["foretold_turn"] = draw(st.integers(1, turn))
            elif special == "plotted":
                o["plotted_turn"] = draw(st.integers(1, turn))
        if zone == "stack":
            o["cast_from"] = "hand"
        out.append(o)
    return out


@st.composite
def documents(draw: Any, n_max: int = 12, names: st.SearchStrategy[str] | None = None,
              zones: tuple[str, ...] = ZONES) -> dict[str, Any]:
    turn = draw(st.integers(1, 10))
    active = draw(st.sampled_from(PLAYERS))
    step = draw(st.sampled_from(STEPS))
    priority = None if step == "untap" else draw(st.sampled_from([*PLAYERS, None]))
    players = []
    for name in PLAYERS:
        p: dict[str, Any] = {"name": name}
        if draw(st.booleans()):
            p["mana_pool"] = "".join("{" + t + "}" for t in draw(st.lists(st.sampled_from(MANA_TYPES), max_size=4)))
        p["lands_played_this_turn"] = draw(st.integers(0, 1)) if name == active else 0
        players.append(p)
    objs = draw(objects(turn, n_max, names, zones))
    doc = {"format": 1, "turn": turn, "active_player": active, "step": step, "priority": priority,
           "players": players, "objects": objs}
    stack = [o["id"] for o in objs if o["zone"] == "stack"]
    if stack:
        doc["stack"] = stack
    if draw(st.integers(0, 4)) == 0:
        doc["effects"] = [{"card": "Pale Moon", "controller": draw(st.sampled_from(PLAYERS)),
                           "duration": "end_of_turn"}]
    return doc


MANA_SOURCES = [n for n in NAMES if any(
    (a.kind in ("activated", "triggered") and "mana" in a.spec) or (a.kind == "static" and a.spec.get("grant"))
    for f in card(n).faces for a in f.abilities)]


@st.composite
def rich_documents(draw: Any) -> dict[str, Any]:
    """alice has priority, mostly in her main phase, with mana sources on the battlefield and cards
    in hand: states with many costed moves."""
    doc = draw(documents(n_max=5))
    turn = doc["turn"]
    doc.update(active_player="alice", priority="alice",
               step=draw(st.sampled_from(["precombat_main", "precombat_main", "postcombat_main", "upkeep", "end"])))
    objs = doc["objects"]
    lands: list[str] = []
    for j, name in enumerate(draw(st.lists(st.sampled_from(MANA_SOURCES), min_size=2, max_size=7))):
        c = card(name)
        o: dict[str, Any] = {"id": f"m{j}", "card": name, "owner": "alice", "zone": "battlefield",
                             "tapped": draw(st.integers(0, 3)) == 0,
                             "controlled_since_turn": draw(st.integers(0, turn))}
        if len(c.faces) > 1:
            o["face"] = draw(st.sampled_from([f.name for f in c.faces]))
        if name == "Vivid Crag":
            o["counters"] = {"charge": draw(st.integers(0, 2))}
        if name == "Gemstone Caverns" and draw(st.booleans()):
            o["counters"] = {"luck": 1}
        if name == "Wild Growth":
            if not lands:
                continue
            o["attached_to"] = draw(st.sampled_from(lands))
        if "Land" in c.faces[0].types:
            lands.append(o["id"])
        objs.append(o)
    for j, name in enumerate(draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=5))):
        objs.append({"id": f"h{j}", "card": name, "owner": "alice", "zone": "hand"})
    return doc


def parse(doc: dict[str, Any]) -> GameState:
    try:
        return parse_state(doc, LIB)
    except InputError:
        assume(False)
        raise AssertionError("unreachable")


def move_key(v: Any) -> str:
    j = v.to_json()
    j.pop("payment", None)
    return json.dumps(j, sort_keys=True)


# ---------------------------------------------------------------------------------------------
# (a) no action is both legal and given a reason


@PROPS
@given(st.one_of(documents(), rich_documents()))
def test_no_action_is_legal_with_a_reason(doc: dict[str, Any]) -> None:
    state = parse(doc)
    verdicts = CHECKER.judge_all(state)
    assert verdicts, "pass is always judged"
    for v in verdicts:
        assert not (v.legal and v.reasons), v.why_json()
        if not v.legal:
            assert v.reasons, v.why_json()  # and an illegal action says why
    legal = sorted(move_key(v) for v in verdicts if v.legal)
    assert legal == sorted(move_key(v) for v in CHECKER.moves(state))


def _verdict_key(v: Any) -> str:
    j = v.why_json()
    j.pop("payment", None)  # (a valid payment; another ground program may find another one)
    return json.dumps(j, sort_keys=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(documents(), rich_documents()))
def test_why_judges_an_action_as_moves_does(doc: dict[str, Any]) -> None:
    """`why` grounds only the action it is asked about (no listing/1, actions.lp): its verdict on
    each candidate move is the one `moves` judges among all the candidates, legal or not, with the
    same reasons, cost and permitting rules."""
    state = parse(doc)
    player = acting_player(state)
    for v in CHECKER.judge_all(state):
        assert _verdict_key(CHECKER.why(state, v.action, player)) == _verdict_key(v), v.why_json()


# ---------------------------------------------------------------------------------------------
# (b) the legal moves don't depend on the order of objects in the document


@PROPS
@given(st.one_of(documents(), rich_documents()), st.randoms(use_true_random=False))
def test_moves_do_not_depend_on_object_order(doc: dict[str, Any], rnd: Any) -> None:
    state = parse(doc)
    objs = doc["objects"]
    # shuffle, keeping each library's order (it is the order of the cards: top first)
    order = list(range(len(objs)))
    rnd.shuffle(order)
    library_slots = [k for k, i in enumerate(order) if objs[i]["zone"] == "library"]
    library_in_order = [i for i in range(len(objs)) if objs[i]["zone"] == "library"]
    for slot, i in zip(library_slots, library_in_order):
        order[slot] = i
    shuffled = parse({**doc, "objects": [objs[i] for i in order]})
    before = sorted(move_key(v) for v in CHECKER.moves(state))
    after = sorted(move_key(v) for v in CHECKER.moves(shuffled))
    assert before == after


# ---------------------------------------------------------------------------------------------
# (c) could-produce only grows when a basic land enters (no replacement effect in play)


def _replacement_in_play(state: GameState) -> bool:
    return bool(state.effects) or any(o.zone == "battlefield" and o.card in REPLACERS for o in state.objects)


@PROPS
@given(documents(n_max=10, zones=("battlefield", "battlefield", "hand", "graveyard")),
       st.sampled_from(BASICS), st.sampled_from(PLAYERS), st.booleans())
def test_could_produce_grows_with_a_basic_land(doc: dict[str, Any], basic: str, who: str, tapped: bool) -> None:
    state = parse(doc)
    assume(not _replacement_in_play(state))
    bigger = parse({**doc, "objects": [*doc["objects"], {"id": "new_land", "card": basic, "owner": who,
                                                         "zone": "battlefield", "tapped": tapped}]})
    for o in state.objects:
        if o.zone == "battlefield":
            small, big = set(CHECKER.mana(state, o.id)), set(CHECKER.mana(bigger, o.id))
            assert small <= big, (o.card, small, big)
    # the basic land itself produces its type (Wastes: colorless)
    expect = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G", "Wastes": "C"}[basic]
    assert expect in CHECKER.mana(bigger, "new_land")


# ---------------------------------------------------------------------------------------------
# (d) "any color" sources never yield colorless


@PROPS
@given(documents(n_max=10, names=st.one_of(st.sampled_from(ANY_COLOR), st.sampled_from(NAMES)),
                 zones=("battlefield", "battlefield", "hand")))
def test_any_color_sources_never_yield_colorless(doc: dict[str, Any]) -> None:
    state = parse(doc)
    assume(not state.effects)  # Pale Moon makes a nonbasic land (Exotic Orchard) produce {C}
    sources = [o for o in state.objects if o.zone == "battlefield" and o.card in ANY_COLOR]
    assume(sources)
    for o in sources:
        types = CHECKER.mana(state, o.id)
        assert "C" not in types, (o.card, types)
        if o.card in ("Birds of Paradise", "Chromatic Lantern"):  # not lands: Contamination can't touch them
            assert types == ["W", "U", "B", "R", "G"], (o.card, types)


# ---------------------------------------------------------------------------------------------
# (e) an instant (or a card with flash) castable at sorcery speed stays castable on the
#     opponent's turn with priority, given the same mana (in the mana pool)

INSTANTS_AND_FLASH = [n for n in NAMES if any(instant_speed(n, f.name) for f in card(n).faces)]


@PROPS
@given(st.lists(st.sampled_from(NAMES + INSTANTS_AND_FLASH * 2), min_size=1, max_size=6),
       st.lists(st.sampled_from(MANA_TYPES), max_size=7), st.integers(1, 8),
       st.sampled_from([s for s in STEPS if s != "untap"]), st.booleans(),
       st.lists(st.sampled_from(["Forest", "Island", "Aven Interrupter", "Grizzly Bears", "Mountain"]), max_size=3))
def test_instants_stay_castable_on_the_opponents_turn(hand: list[str], pool: list[str], turn: int, step: str,
                                                      bob_spell: bool, bob_stuff: list[str]) -> None:
    objs = [{"id": f"h{i}", "card": n, "owner": "alice", "zone": "hand"} for i, n in enumerate(hand)]
    objs += [{"id": f"b{i}", "card": n, "owner": "bob", "zone": "battlefield", "controlled_since_turn": 1}
             for i, n in enumerate(bob_stuff)]
    players = [{"name": "alice", "mana_pool": "".join("{" + t + "}" for t in pool)}, {"name": "bob"}]
    mine = parse({"format": 1, "turn": turn, "active_player": "alice", "step": "precombat_main",
                  "priority": "alice", "players": players, "objects": objs})
    theirs_doc: dict[str, Any] = {"format": 1, "turn": turn + 1, "active_player": "bob", "step": step,
                                  "priority": "alice", "players": players, "objects": list(objs)}
    if bob_spell:
        theirs_doc["objects"].append({"id": "b_bolt", "card": "Lightning Bolt", "owner": "bob", "zone": "stack",
                                      "cast_from": "hand", "mana_spent": 1})
        theirs_doc["stack"] = ["b_bolt"]
    theirs = parse(theirs_doc)
    sorcery_speed = [v for v in CHECKER.moves(mine) if v.action.kind == "cast"]
    instant = [v for v in sorcery_speed if instant_speed(LIB.get(mine.obj(v.action.object).card).name, v.action.face)]
    later = {move_key(v) for v in CHECKER.moves(theirs) if v.action.kind == "cast"}
    for v in instant:
        assert move_key(v) in later, v.to_json()
    # and nothing that is not instant-speed is castable then
    for v in CHECKER.moves(theirs):
        if v.action.kind == "cast":
            assert instant_speed(LIB.get(theirs.obj(v.action.object).card).name, v.action.face), v.to_json()


# ---------------------------------------------------------------------------------------------
# (f) every legal costed move's payment plan covers its cost

_SYM = re.compile(r"\{([^{}]+)\}")


def _mana_part(cost: str) -> Counter[str]:
    """Symbols of a cost text such as ``{X}{X}{1}{G}, sacrifice an artifact`` ({T}/{Q} ignored)."""
    need: Counter[str] = Counter()
    for s in _SYM.findall(cost):
        if s.isdigit():
            need["generic"] += int(s)
        elif s in MANA_TYPES or s == "X":
            need[s] += 1
    return need


def _ability_mana_cost(state: GameState, source: str, ability: Any) -> Counter[str]:
    o = state.obj(source)
    c = LIB.get(o.card)
    if isinstance(ability, dict):
        g = LIB.get(ability["granted_by"])
        grants = [a.spec["grant"]["ability"] for f in g.faces for a in f.abilities
                  if a.kind == "static" and a.spec.get("grant")]
        spec = grants[ability["index"] - 1]
    else:
        face = c.face_named(o.face) if o.face else c.faces[0]
        spec = dict(next(a for a in face.abilities if a.index == ability).spec)
    return _mana_part((spec.get("cost") or {}).get("mana") or "")


def _added(text: str) -> Counter[str]:
    return Counter(_SYM.findall(text))


# Squandered Resources sacrificing each of two tapped Forests pays {2}: two activations of one ability.
SQUANDERED = {"format": 1, "turn": 1, "active_player": "alice", "step": "precombat_main", "priority": "alice",
              "players": [{"name": "alice"}, {"name": "bob"}],
              "objects": [{"id": "m0", "card": "Forest", "owner": "alice", "zone": "battlefield", "tapped": True},
                          {"id": "m1", "card": "Forest", "owner": "alice", "zone": "battlefield", "tapped": True},
                          {"id": "m2", "card": "Squandered Resources", "owner": "alice", "zone": "battlefield"},
                          {"id": "h0", "card": "Alrund's Epiphany", "owner": "alice", "zone": "hand"}]}


@PROPS
@given(st.one_of(rich_documents(), documents(zones=("battlefield", "battlefield", "hand", "exile", "stack"))))
@example(SQUANDERED)
def test_payment_plans_cover_the_cost(doc: dict[str, Any]) -> None:
    state = parse(doc)
    for v in CHECKER.moves(state):
        if not v.costed:
            continue
        assert v.plan is not None, v.to_json()
        player = state.player(acting_player(state))
        assert player is not None
        need = _mana_part(v.cost or "")
        x = v.plan.x or 0
        if need["X"]:
            assert v.plan.x is not None, v.to_json()
            need["generic"] += need.pop("X") * x
        have: Counter[str] = Counter(player.mana_pool)
        sacrificed: list[str] = [s for s in (u.sacrificed for u in v.plan.sources) if s] + list(v.plan.sacrifices)
        assert len(sacrificed) == len(set(sacrificed)), v.to_json()  # nothing is sacrificed twice
        for use in v.plan.sources:
            src = state.obj(use.source)
            assert src is not None and src.zone == "battlefield", v.to_json()
            assert (src.controller or src.owner) == player.name, v.to_json()
            have += _added(use.mana)
            for _src, _ab, m in use.triggered:   # 605.4a: the triggered mana abilities' mana too
                have += _added(m)
            extra = _ability_mana_cost(state, use.source, use.ability)
            for k, n in extra.items():
                need[k] += n
        left = Counter(have)
        for t in MANA_TYPES:
            assert left[t] >= need[t], (t, dict(have), dict(need), v.to_json())
            left[t] -= need[t]
        assert sum(left.values()) >= need["generic"], (dict(have), dict(need), v.to_json())
