"""The bounds on every number the solver sees, and why (README "Limits", docs/reliability.md).

clingo computes with 32-bit signed integers (up to 2,147,483,647) and does not detect overflow: a
sum that wraps around gives a wrong verdict (issue 10: ``"x": 1073741820`` made an unpayable cost
"legal"). So every integer of a state, an action and a card file is bounded when it is read, and
the few sums that grow with the number of objects are bounded for the state as a whole, so that no
sum in the encodings can exceed ``SUM_LIMIT`` (a quarter of 2^31, leaving room for the additions
and subtractions around the sums: ``B+N``, ``T+1``, pool minus needs). Out of range is an input
error naming the field (exit 2).

Worst cases, with the limits below (objects <= 10^5, card numbers <= 10^3, state numbers <= 10^6):

- a total cost (costs.lp ``total/3``): mana cost, kicker (a multikicker cost paid at most
  ``MAX_KICKS`` times: <= 1.1 x 10^7) and at most 100 additional costs of one
  face (each <= 1,100 mana: generic <= 1,000 plus <= 100 symbols) plus one cost increase per
  object (<= 10^5 x 1,100) plus X x the number of {X} (<= 10^6 x 102 x 3): < 4.4 x 10^8;
- the most mana that could be had (payment.lp ``most/1``, the payment sums, outcomes.lp): the mana
  pool plus what every mana ability of every permanent adds and costs, bounded per state by
  ``mana_budget`` below (<= ``MAX_MANA``). That bound is also a bound on cost: the range of X
  (payment.lp ``x_range/2``) is grounded one value at a time, and at 10^5 mana a query already
  takes seconds (at 10^6, half a minute and then grounding fails);
- a player's total power (casting_exile.lp ``total_power/2``): <= 10^5 x 1,000 plus every
  counter of the state (<= ``MAX_TOTAL_COUNTERS``): < 2.1 x 10^8;
- single values plus one (turns, passes, lands played): <= 10^6 + 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# --- states and actions --------------------------------------------------------------------------
MAX_NUMBER = 1_000_000  # any integer of a state or an action (turns, life, counters, X, ...)
MAX_OBJECTS = 100_000  # objects in one state (10 times the largest benchmark)
MAX_POOL = 10_000  # mana in one player's mana pool (X's range is grounded one value at a time)
MAX_TOTAL_COUNTERS = 100_000_000  # all the counters of a state together
MAX_MANA_REPLACEMENTS = 8  # mana replacement effects in one state (every order is tried: 2^8)
MAX_KICKS = 10_000  # "kicker" listed in one cast action (702.33c: a multikicker cost paid that often)

# --- card files ----------------------------------------------------------------------------------
MAX_CARD_NUMBER = 1_000  # generic mana in one cost, power, toughness, hideaway N, amounts, ...
MAX_COST_SYMBOLS = 100  # mana symbols in one cost, besides the generic amount
MAX_X_SYMBOLS = 3  # {X} in one cost ({X}{X}{X} is the most a printed card has)
MAX_ABILITIES = 100  # abilities of one face
MAX_MULTIPLY = 10  # "produces N times as much" (Mana Reflection: 2)

SUM_LIMIT = 500_000_000  # every sum of the encodings stays below this (2^31 is 2,147,483,648)
MAX_MANA = 100_000  # the mana (pools and mana abilities) one payment could involve


def out_of_range(value: int, minimum: int, maximum: int) -> str | None:
    """The message for an integer outside ``minimum..maximum``, or None."""
    if value > maximum:
        return (f"{value} is more than {maximum:,} (the largest number mtgasp accepts here; "
                "its solver computes with 32-bit integers)")
    if value < minimum:
        return f"{value} is less than {minimum:,}"
    return None


def _cost_amount(cost: Any) -> int:
    """Generic plus symbols of a ManaCost (0 for None)."""
    if cost is None:
        return 0
    return int(cost.generic) + sum(cost.symbols.values()) + sum(
        n * (2 if k.startswith("2/") else 1) for k, n in getattr(cost, "hybrid", {}).items())


def _count_max(fe: dict[str, Any], permanents: int, obj: Any) -> int:
    """The most a for_each may count: permanents; counters on the source (``obj``; None for a
    granted ability: every counter of the state, ``permanents`` being replaced by that total by the
    caller); the source's power or toughness (printed <= MAX_CARD_NUMBER, plus its counters and
    what it gets until end of turn)."""
    counters = getattr(obj, "counters", None) or {}
    if "counters" in fe or "counters_removed" in fe:
        kind = fe.get("counters") or fe.get("counters_removed")
        return int(counters.get(kind, 0)) if obj is not None else permanents
    if "self" in fe:
        pump = (getattr(obj, "extra", None) or {}).get("pump") or {}
        extra = sum(abs(int(v)) for v in pump.values()) if isinstance(pump, dict) else 0
        return MAX_CARD_NUMBER + sum(int(v) for v in counters.values()) + extra
    return permanents


def _produce_max(spec: Any, permanents: int = 1, obj: Any = None) -> int:
    """The most mana one activation of a mana ability (its ``mana`` spec) adds, before
    replacement effects (``permanents``: how many a "for each" may count; ``obj``: the source)."""
    if not isinstance(spec, dict):
        return 0
    from mtgasp.model import parse_mana_cost

    if isinstance(spec.get("for_each"), dict):
        fe = spec["for_each"]
        each = 1 if fe.get("any_one_color") else _produce_max({"fixed": fe.get("mana")})
        plus = int(fe["plus"]) if isinstance(fe.get("plus"), int) else 0
        return each * (max(_count_max(fe, permanents, obj), 1) + plus)
    if "if_counter" in spec:
        return max(_produce_max(spec.get("then"), permanents),
                   _produce_max(spec.get("else"), permanents))
    if "fixed" in spec:
        try:
            return _cost_amount(parse_mana_cost(spec["fixed"]))
        except ValueError:
            return 0
    for key in ("any_color", "same_type_as_produced"):
        if isinstance(spec.get(key), int):
            return int(spec[key])
    return 1  # could_produce: one mana


def _abilities(card: Any) -> Iterable[tuple[str, dict[str, Any]]]:
    """(kind, spec) of every ability of every face of a card, granted ones included."""
    for face in card.faces:
        for ab in face.abilities:
            yield ab.kind, dict(ab.spec)
            grant = ab.spec.get("grant") if ab.kind == "static" else None
            if isinstance(grant, dict) and isinstance(grant.get("ability"), dict):
                inner = grant["ability"]
                yield str(inner.get("kind")), inner


def mana_budget(state: Any, library: Any) -> list[tuple[str, str]]:
    """Problems (path, message) if the mana a payment could involve may exceed ``MAX_MANA``.

    An upper bound, computed from the state: the mana pools, plus for every permanent (as if each
    were the acting player's) every mana ability its card has and every mana ability a card of the
    state grants, each adding its most mana multiplied by every multiplying
    replacement effect of the state and every triggered mana ability, and costing its mana cost.
    """
    problems: list[tuple[str, str]] = []
    cards: dict[str, Any] = {}
    for o in state.objects:
        if o.card is not None and o.card not in cards:
            found = library.find(o.card)
            if found is not None:
                cards[o.card] = found
    for e in state.effects:
        found = library.find(e.card)
        if found is not None:
            cards[e.card] = found
    # replacement effects on mana: permanents with replace_mana, and lasting effects.
    replacements = 0
    factor = 1
    fixed = 0  # the most a "produces {B} instead" result makes of one activation

    def count(rm: dict[str, Any]) -> None:
        nonlocal replacements, factor, fixed
        replacements += 1
        raw = rm.get("result")
        result: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if isinstance(result.get("multiply"), int):
            factor *= max(result["multiply"], 1)
        if "fixed" in result:
            fixed = max(fixed, _produce_max({"fixed": result["fixed"]}))

    for o in state.objects:
        card = cards.get(o.card or "")
        if card is None or o.zone != "battlefield":
            continue
        for kind, spec in _abilities(card):
            rm = spec.get("replace_mana") if kind == "static" else None
            if isinstance(rm, dict):
                count(rm)
    for e in state.effects:
        card = cards.get(e.card)
        for kind, spec in _abilities(card) if card is not None else ():
            for eff in (spec.get("effect"), *(spec.get("effects") or [])):
                if isinstance(eff, dict) and isinstance(eff.get("replace_mana"), dict):
                    count(eff["replace_mana"])
    if replacements > MAX_MANA_REPLACEMENTS:
        problems.append(("objects", (f"{replacements} replacement effects on mana production "
                                     f"(permanents and lasting effects); mtgasp handles at most "
                                     f"{MAX_MANA_REPLACEMENTS}, since it tries every order they "
                                     "can be applied in (CR 616.1)")))
        return problems
    permanents = sum(1 for o in state.objects if o.zone == "battlefield")
    # mana abilities anything could have: its own, and those the state's cards grant.
    granted_give, granted_cost, triggered = 0, 0, 0
    for card in cards.values():
        for face in card.faces:
            for ab in face.abilities:
                grant = ab.spec.get("grant") if ab.kind == "static" else None
                if isinstance(grant, dict) and isinstance(grant.get("ability"), dict):
                    inner = grant["ability"]
                    if isinstance(inner.get("mana"), dict):
                        granted_give += _produce_max(inner["mana"],
                                                     permanents + total_counters(state))
                        granted_cost += _mana_cost_of(inner)
    for o in state.objects:
        card = cards.get(o.card or "")
        if card is None:
            continue
        for kind, spec in _abilities(card):
            trig = spec.get("trigger") if kind == "triggered" else None
            if isinstance(trig, dict) and trig.get("event") == "tapped_for_mana":
                triggered += _produce_max(spec.get("mana"))
    for e in state.effects:   # 603.7: a resolved spell's delayed triggered mana ability (High Tide)
        card = cards.get(e.card)
        for kind, spec in _abilities(card) if card is not None else ():
            for eff in (spec.get("effect"), *(spec.get("effects") or [])):
                if isinstance(eff, dict) and isinstance(eff.get("triggered_mana"), dict):
                    triggered += _produce_max(eff["triggered_mana"].get("mana"))
    total = sum(sum(p.mana_pool.values()) for p in state.players)
    for o in state.objects:
        card = cards.get(o.card or "")
        if card is None or o.zone != "battlefield":  # only permanents pay (605.3a)
            continue
        give, cost, n = granted_give, granted_cost, 1 if granted_give else 0
        for face in card.faces:
            for ab in face.abilities:
                if ab.kind in ("activated", "triggered") and isinstance(ab.spec.get("mana"), dict):
                    give += _produce_max(ab.spec["mana"], permanents, o)
                    cost += _mana_cost_of(ab.spec)
                    n += 1
        if give or cost:
            total += (give + n * fixed) * factor + n * triggered + cost
        if total > MAX_MANA:
            problems.append(("objects", ("the mana this state's pools and mana abilities could "
                                         f"add in one payment may exceed {MAX_MANA:,}, the most "
                                         "mtgasp handles (each value of X up to it is grounded)")))
            break
    return problems


def _mana_cost_of(spec: Any) -> int:
    from mtgasp.model import parse_mana_cost

    cost = spec.get("cost") if isinstance(spec, dict) else None
    mana = cost.get("mana") if isinstance(cost, dict) else None
    if not isinstance(mana, str):
        return 0
    try:
        return _cost_amount(parse_mana_cost(mana))
    except ValueError:
        return 0


def total_counters(state: Any) -> int:
    return sum(sum(o.counters.values()) for o in state.objects)
