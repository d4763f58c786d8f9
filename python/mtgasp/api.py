"""The library API: one Checker per card library; it answers many states.

    checker = Checker()                       # built-in cards (CardLibrary.builtin())
    state = load_state("examples/midgame.json", checker.library)
    for v in checker.moves(state): print(v.to_json())
    print(checker.why(state, parse_action('{"kind": "play_land", "object": "f2"}', state, checker.library)).why_json())
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from clingo import Function, Number, Symbol

from mtgasp.answers import Decoder, Plan, Reason, Verdict, rule_key
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError, Problem, excerpt
from mtgasp.facts import FactWriter
from mtgasp.model import MANA_TYPES, Action, GameState
from mtgasp.solver import SOLVING, Grounded, GroundedMany, Solve, StateView


def default_player(state: GameState, library: Any = None) -> str:
    """Who acts by default: see actions.acting_player (priority, else the resolving object's
    controller, else who must choose for the legend rule, else the active player)."""
    from mtgasp.actions import acting_player

    return acting_player(state, None, library)


# The verdict predicates (stratified: decided by grounding alone).
VERDICT_SIGNATURES = (
    ("action", 1), ("total", 3), ("reason", 3), ("permits", 2), ("costed", 1),
    ("unpayable_reason", 3), ("sacrifice_required", 3), ("sacrifice_count", 2), ("could_produce", 2), ("makes", 3),
    ("free_cast", 1), ("has_x_in_mana_cost", 1), ("query_means", 2), ("x_upper", 2), ("needs_target", 1),
    ("x_reduction", 2), ("land_face_choice", 2), ("x_remove_upper", 2), ("x_unstated", 2),
    ("x_lower", 2), ("mana_cost_unpayable", 1), ("cost_unshown", 1),
)


# What moves/why read: the verdicts without the mana types (could_produce/2, makes/3: `mana`).
MOVE_SIGNATURES = tuple(s for s in VERDICT_SIGNATURES if s not in (("could_produce", 2), ("makes", 3)))

# What moves/why ground: what they read, what the payment search reads and assumes (check/1,
# most_x/0, xval/1) and everything a solve depends on (solver.SOLVING).
# legal_target/2, legal_target_player/2: the targets moves lists a targeting spell or ability with.
MOVE_GOALS = frozenset({*MOVE_SIGNATURES, SOLVING, ("check", 1), ("most_x", 0), ("xval", 1),
                        ("legal_target", 2), ("legal_target_player", 2), ("target_x", 4)})

# What `why` grounds for an action with no cost (costed/1 holds only for casts, activations,
# foretell, plot and suspend: costs.lp, special_actions.lp): only a costed verdict searches a
# payment (Query.settle), so these are decided by the grounding alone, without the payment
# search's rules and constraints.
WHY_UNCOSTED_GOALS = MOVE_GOALS - {SOLVING, ("check", 1), ("most_x", 0), ("xval", 1)}
UNCOSTED_KINDS = ("play_land", "pass", "decline", "choose", "proceed")

# What `mana` reads from grounding: only the rules could_produce/2 depends on are grounded.
MANA_GOALS = frozenset({("could_produce", 2)})


class Query:
    """One grounded question about one state: facts, the grounded program, decoded verdicts."""

    def __init__(self, library: CardLibrary, state: GameState, player: str, actions: tuple[Action, ...] = (),
                 moves: bool = True, parts: tuple[str, ...] = ("base",),
                 goals: frozenset[tuple[str, int]] | None = None,
                 signatures: tuple[tuple[str, int], ...] | None = None, private_kinds: bool = False,
                 ground_now: bool = True):
        """Ground the state (with ``goals``, only what those predicates depend on) and decode the
        verdicts from the facts of ``signatures`` (default: the goals, else VERDICT_SIGNATURES).
        ``private_kinds``: see FactWriter (for answers that never name a counter kind).
        ``ground_now=False``: the facts only; ground() is called later (Query.many).
        ``moves``: without ``actions``, the player's candidate moves are judged (listing/1,
        actions.lp); with ``actions`` (why) only those are, whatever ``moves`` says."""
        self.state = state
        self.goals = goals
        self.player = player
        fw = FactWriter(library, private_kinds=private_kinds)
        fw.state(state)
        fw.add("acting", fw.ids.player(player))
        if moves and not actions:
            fw.add("listing", fw.ids.player(player))
        self.query_terms: list[Symbol] = []
        for a in actions:
            t = fw.action_term(a, state)
            self.query_terms.append(t)
            fw.add("query", t)
            fw.action_facts(t, a, state)
            if a.x is not None:
                fw.add("query_x", t, Number(a.x))
            if a.targets or a.targets_given:  # how many the action names, a repeated one
                # included; 0 for "targets": [] (601.2c: no target chosen)
                fw.add("query_target_count", t, Number(len(a.targets)))
            if a.sacrifice_given and not a.sacrifice:
                fw.add("query_sac_none", t)  # "sacrifice": [] (118.3: names no permanent)
            if a.phyrexian_life is not None:  # 601.2b: Phyrexian symbols paid with life, announced
                fw.add("query_phylife", t, Number(a.phyrexian_life))
            for tgt in a.targets:
                if tgt in fw.ids.objects:
                    fw.add("query_target", t, fw.ids.obj(tgt))
                else:  # a player (115.1)
                    fw.add("query_target_player", t, fw.ids.player(tgt))
            for alt in a.additional:
                if alt not in ("kicker", "additional_cost"):  # a second alternative cost (118.9a)
                    fw.add("query_alt", t, Function(alt))
            if "additional_cost" in a.additional and "kicker" not in a.additional:
                fw.add("query_optional_cost", t)  # names an optional additional cost, not kicker (118.8)
            if "kicker" in a.additional:
                fw.add("query_kicker", t)  # names a kicker cost (702.33a)
        fw.finish()
        self.ids = fw.ids
        self.fw = fw
        self.decoder = Decoder(fw.ids, state, library)
        for t, a in zip(self.query_terms, actions):
            if a.x is not None:  # named in a reason's total cost (107.3a: "{X}{X} with X = 3")
                self.decoder.chosen_x[t] = a.x
        self.signatures = tuple(VERDICT_SIGNATURES if goals is None else sorted(goals)) \
            if signatures is None else signatures  # (a goal that is no predicate reads nothing)
        if ground_now:
            self.ground(Grounded(fw.facts, parts=parts, patterns=frozenset(fw.patterns), goals=goals))

    def ground(self, grounded: Grounded | StateView) -> None:
        """Take the grounded program and decode the verdicts."""
        self.grounded = grounded
        self.base_by_name = self.grounded.facts_by_name(self.signatures)
        self.verdicts = self.decoder.verdicts(self.base_by_name)

    @classmethod
    def many(cls, library: CardLibrary, asks: Sequence[tuple[GameState, str, tuple[Action, ...]]],
             goals: frozenset[tuple[str, int]], signatures: tuple[tuple[str, int], ...],
             private_kinds: bool = True) -> list[Query]:
        """One Query per (state, player, actions), all grounded in one call (solver.GroundedMany):
        the same verdicts and the same payment problems as one Query each (a found payment may
        differ), with clingo's cost per rule paid once."""
        queries = [cls(library, st, player, actions, goals=goals, signatures=signatures,
                       private_kinds=private_kinds, ground_now=False) for st, player, actions in asks]
        patterns = frozenset().union(*(q.fw.patterns for q in queries))
        g = GroundedMany([q.fw.facts for q in queries], patterns=patterns, goals=goals)
        for k, q in enumerate(queries):
            q.ground(g.view(k))
        return queries

    @property
    def base_atoms(self) -> list[Symbol]:
        """The facts of ``signatures`` after grounding, in one list."""
        return [a for atoms in self.base_by_name.values() for a in atoms]

    def settle(self, v: Verdict) -> Verdict:
        """Search a payment for a costed action: legal with a plan, or the 601.2h reason."""
        if not v.costed:
            return v
        if self.goals is not None and SOLVING not in self.goals:  # (WHY_UNCOSTED_GOALS: never costed)
            raise RuntimeError(f"{v.action.kind} is costed but was grounded without the payment search")
        if v.cost_free:
            # No mana, no X and no sacrifice to pay: the payment search (payment.lp) would find the
            # empty payment at once (every constraint holds with no mana ability activated, and
            # the search prefers activating none), so it is skipped.
            v.plan = self._removed_x(v, Plan(pool=self.decoder.pool_text(self.player)))
            v.legal = v.ok
            return v
        if v.x_upper is not None and not v.free and v.action.x is None:
            s = self._largest_x(v)
        else:
            s = self.grounded.solve(check=v.term)
        if s.satisfiable:
            v.plan = self._removed_x(v, self.decoder.plan(s.atoms, self.player))
            v.legal = v.ok and any(a.name == "legal" for a in s.atoms)
            if v.has_x and not v.free:
                v.x_max = v.plan.x
            if v.action.x is None and v.plan.x is not None and v.cost:
                # 601.2f, 107.3a: answered with the largest X, the reduction left for X's mana is
                # no more than that X stands for (Walking Ballista under Helm of Awakening with no
                # land: "{X}{X}" with X = 0, not "reduced by {1}"; found by probe29b)
                v.cost = self.decoder.x_capped_cost(v.term, v.cost, v.plan.x)
        else:
            v.legal = False
            for rule, msg in v.unpayable_atoms:
                v.reasons.append(Reason(rule.string, self.decoder.message(msg)))
            v.reasons.sort(key=lambda r: (rule_key(r.rule), r.message))
        return v


    @staticmethod
    def _removed_x(v: Verdict, plan: Plan) -> Plan:
        """107.3a, 602.2b: "Remove X ki counters", "[−X]": the plan says the X paid, the one the
        action announces or, without `x`, the one it is answered with (costs.lp's x_unstated/2:
        all the counters, or the mana value of a "[−X]"'s target "with mana value X"). Found by
        probe25b: such an action was legal with no X said."""
        if not v.removes_x or plan.x is not None or v.has_x:
            return plan
        x = v.action.x if v.action.x is not None else v.x_unstated
        return plan if x is None else replace(plan, x=x)

    def _largest_x(self, v: Verdict) -> Solve:
        """The payment with the largest X (107.3a): X = x_upper if payable, else a binary search
        below it (payability is monotone in X). Each probe is one solve with xval(X) assumed;
        unsatisfiable at X = 0 means the cost can't be paid at all."""
        assert v.x_upper is not None

        def probe(x: int) -> Solve:
            return self.grounded.solve(check=v.term, assume=((Function("xval", [Number(x)]), True),
                                                              (Function("most_x"), True)))

        def lean(found: Solve) -> Solve:
            """The same X with a plan that prefers few sources, if one is found quickly (a bounded
            search: when X needs nearly every source the first plan is kept)."""
            x = next(a.arguments[0] for a in found.atoms if a.name == "xval")
            again = self.grounded.solve(check=v.term, assume=((Function("xval", [x]), True),),
                                        conflicts=200)
            return again if again.satisfiable else found

        best = probe(v.x_upper)
        if best.satisfiable:
            return lean(best)
        lo, hi = v.x_min, v.x_upper - 1   # (below the least X allowed, none is payable)
        while lo <= hi:
            mid = (lo + hi) // 2
            s = probe(mid)
            if s.satisfiable:
                best, lo = s, mid + 1
            else:
                hi = mid - 1
        return lean(best) if best.satisfiable else best


def _check_state(state: Any, path: str = "state") -> GameState:
    if not isinstance(state, GameState):
        raise InputError(Problem(path, f"expected a GameState (mtgasp.state.load_state or parse_state), "
                                       f"got {type(state).__name__}"))
    return state


def _check_player(state: GameState, player: Any, path: str = "player") -> None:
    """A player the caller names must be one of the state's: bad input, not a KeyError."""
    if player is not None and (not isinstance(player, str) or state.player(player) is None):
        from mtgasp.state import did_you_mean

        raise InputError(Problem(path, f"{excerpt(player)} is not a player of the state"
                                       f"{did_you_mean(player, [p.name for p in state.players]) if isinstance(player, str) else ''}"))


def _check_object(state: GameState, object_id: Any, path: str = "object") -> None:
    if not isinstance(object_id, str) or state.obj(object_id) is None:
        from mtgasp.state import did_you_mean

        if isinstance(object_id, str) and state.player(object_id) is not None:
            raise InputError(Problem(path, f"{excerpt(object_id)} is a player of the state, not an object: "
                                           f"mana asks about a card or permanent (give its id)"))
        hint = did_you_mean(object_id, [o.id for o in state.objects]) if isinstance(object_id, str) else ""
        raise InputError(Problem(path, f"no object {excerpt(object_id)} in the state{hint}"))


class Checker:
    """Bad arguments (a player or object the state doesn't have, an action that isn't one) raise
    InputError with the path of the argument, as bad input does everywhere (never a KeyError)."""

    def __init__(self, library: CardLibrary | None = None):
        self.library = library if library is not None else CardLibrary.builtin()

    def _action(self, state: GameState, action: Any, player: str | None, path: str = "action") -> Action:
        """An Action as given, or one read by parse_action from its JSON text or decoded dict."""
        if isinstance(action, Action):
            return action
        if isinstance(action, (str, Mapping)):
            from mtgasp.actions import parse_action

            return parse_action(action, state, self.library, player)
        raise InputError(Problem(path, f"expected an Action (mtgasp.actions.parse_action), a dict or "
                                       f"JSON text, got {type(action).__name__}"))

    def moves(self, state: GameState, player: str | None = None) -> list[Verdict]:
        """Every legal action of the player (default: see default_player), with cost, X bounds,
        a payment plan and the rules that permit it."""
        _check_player(_check_state(state), player)
        return _moves(self._move_query(state, player or default_player(state, self.library)))

    def judge_all(self, state: GameState, player: str | None = None) -> list[Verdict]:
        """Every candidate action of the player, legal or not, each with its reasons."""
        _check_player(_check_state(state), player)
        q = self._move_query(state, player or default_player(state, self.library))
        for v in q.verdicts.values():
            q.settle(v)
        return sorted(_with_land_faces(q, _with_targets(q, list(q.verdicts.values()))), key=_move_key)

    def why(self, state: GameState, action: Action | Mapping[str, Any] | str, player: str | None = None) -> Verdict:
        """The verdict on one action: every failed requirement with its rule, or the permitting rules.
        ``action``: an Action, or its JSON text or decoded dict (read by parse_action)."""
        _check_player(_check_state(state), player)
        action = self._action(state, action, player)
        goals = WHY_UNCOSTED_GOALS if action.kind in UNCOSTED_KINDS else MOVE_GOALS
        return _why(self._move_query(state, player or default_player(state, self.library), (action,), goals), action)

    def mana(self, state: GameState, object_id: str) -> list[str]:
        """The types of mana object_id could produce now (CR 106.7), in W U B R G C order."""
        _check_object(_check_state(state), object_id)
        return _mana(Query(self.library, state, default_player(state), goals=MANA_GOALS, private_kinds=True),
                     object_id)

    def _move_query(self, state: GameState, player: str, actions: tuple[Action, ...] = (),
                    goals: frozenset[tuple[str, int]] = MOVE_GOALS) -> Query:
        return Query(self.library, state, player, actions, signatures=MOVE_SIGNATURES, goals=goals,
                     private_kinds=True)

    def many(self, asks: Sequence[Ask]) -> list[Any]:
        """The answers to many questions, in order: what moves/why/mana give for each, with the
        states grounded together (Query.many: clingo's cost per rule is paid once per group,
        not once per question). Moves and why questions form one group, mana questions another.
        The verdicts are those of moves/why/mana (tests/test_grouped.py: the whole corpus); a
        payment plan is a valid payment, but may be another one than moves/why find, since the
        search runs on another ground program."""
        for n, a in enumerate(asks):
            where = f"asks[{n}]"
            if not isinstance(a, Ask):
                raise InputError(Problem(where, f"expected an Ask, got {type(a).__name__}"))
            if a.query not in ("moves", "why", "mana"):
                raise InputError(Problem(f"{where}.query", f"{excerpt(a.query)} is not a query (one of moves, why, mana)"))
            _check_state(a.state, f"{where}.state")
            if a.query == "mana":
                _check_object(a.state, a.object, f"{where}.object")
            else:
                _check_player(a.state, a.player, f"{where}.player")
            if a.query == "why":
                if a.action is None:
                    raise InputError(Problem(f"{where}.action", "a why question needs an action"))
                asks = [*asks[:n], replace(a, action=self._action(a.state, a.action, a.player, f"{where}.action")),
                        *asks[n + 1:]]
        out: list[Any] = [None] * len(asks)
        moving = [i for i, a in enumerate(asks) if a.query in ("moves", "why")]
        if moving:
            triples: list[tuple[GameState, str, tuple[Action, ...]]] = []
            for i in moving:
                a = asks[i]
                triples.append((a.state, a.player or default_player(a.state, self.library),
                                 (a.action,) if a.query == "why" and a.action is not None else ()))
            qs = Query.many(self.library, triples,
                            goals=MOVE_GOALS, signatures=MOVE_SIGNATURES)
            for i, q in zip(moving, qs):
                a = asks[i]
                out[i] = _why(q, a.action) if a.query == "why" and a.action else _moves(q)
        mana = [i for i, a in enumerate(asks) if a.query == "mana"]
        if mana:
            qs = Query.many(self.library, [(asks[i].state, default_player(asks[i].state), ()) for i in mana],
                            goals=MANA_GOALS, signatures=tuple(sorted(MANA_GOALS)))
            for i, q in zip(mana, qs):
                out[i] = _mana(q, asks[i].object or "")
        return out

    def visible(self, state: GameState, player: str) -> list[dict]:
        """The hidden cards ``player`` may look at (face-down exiled cards, library cards an effect lets
        them look at), each with the rules that allow it."""
        _check_player(_check_state(state), player)
        if player is None:
            raise InputError(Problem("player", "required: whose view"))
        q = Query(self.library, state, player, parts=("base", "look"))
        pl = q.ids.players[player]
        found: dict[str, list[str]] = {}
        for a in q.grounded.facts((("may_look", 3),)):
            p, c, rule = a.arguments
            if p.number == pl:
                found.setdefault(q.ids.object_names[c.number], []).append(rule.string)
        return [{"object": o, "card": _card_name(state, o), "rules": sorted(r)} for o, r in sorted(found.items())]

    def explain_mana(self, state: GameState, object_id: str) -> list[str]:
        """For each type object_id could produce, one chain of sources that makes it possible
        (the shortest derivation in the 106.7 fixpoint); for none, why (106.5)."""
        _check_object(_check_state(state), object_id)
        q = Query(self.library, state, default_player(state), parts=("base", "explain"))
        return explain(q, object_id)


@dataclass(frozen=True)
class Ask:
    """One question of Checker.many: ``query`` is moves (of ``player``), why (of ``action``) or
    mana (of ``object``)."""
    query: str
    state: GameState
    player: str | None = None
    action: Action | None = None
    object: str | None = None


def _moves(q: Query) -> list[Verdict]:
    out = []
    for v in q.verdicts.values():
        if v.ok:
            q.settle(v)
            if v.legal:
                out.append(v)
    out = _with_targets(q, out)
    out = _with_land_faces(q, out)
    out.sort(key=_move_key)
    return out


def _why(q: Query, action: Action) -> Verdict:
    term = q.query_terms[0]
    for a in q.base_by_name.get("query_means", ()):
        if a.arguments[0] == term:
            term = a.arguments[1]
    v = q.verdicts[term]
    if action.x is not None:
        v.action = Action(**{**v.action.__dict__, "x": action.x})
    if action.targets and not v.action.targets:  # the verdict is on the action with its targets
        v.action = replace(v.action, targets=action.targets)
    if action.kind == "play_land" and action.face is not None:  # the land face it names (712.12)
        v.action = replace(v.action, face=action.face)
    if action.sacrifice or action.sacrifice_given:  # the permanents it names to sacrifice (118.3)
        v.action = replace(v.action, sacrifice=action.sacrifice, sacrifice_given=action.sacrifice_given)
    if action.phyrexian_life is not None:  # 601.2b: the Phyrexian symbols it pays with life
        v.action = replace(v.action, phyrexian_life=action.phyrexian_life)
    if action.cost_choices:  # 118.3: the objects it names for the other parts of its cost
        v.action = replace(v.action, cost_choices=action.cost_choices)
    if (not v.ok and "additional_cost" in action.additional and "kicker" not in action.additional
            and "additional_cost" not in v.action.additional):
        # a spell with no optional additional cost (118.8): the verdict is on what was asked, not kicker
        v.action = replace(v.action, additional=tuple(action.additional))
    return q.settle(v)


def _mana(q: Query, object_id: str) -> list[str]:
    o = q.ids.objects[object_id]
    found = {a.arguments[1].name.upper() for a in q.base_by_name.get("could_produce", ())
             if a.arguments[0].number == o}
    return [t for t in MANA_TYPES if t in found]


EXPLAIN_SIGNATURES = (("makes", 3), ("via", 4), ("final_from", 4), ("explain_ev", 6), ("applies", 3),
                      ("active_mana", 3), ("could_produce", 2), ("has", 2), ("mana_ability", 1),
                      ("effect_produces", 3), ("lt_last_set", 3), ("face_down_permanent", 1))


def _with_targets(q: Query, verdicts: list[Verdict]) -> list[Verdict]:
    """A legal spell that targets (601.2c) once per legal target, the action naming it in
    ``targets``: every move listed is an action ``apply`` accepts as printed."""
    if not any(v.needs_target and v.legal for v in verdicts):
        return verdicts
    targets: dict[Symbol, list[str]] = {}
    for a in q.grounded.facts((("legal_target", 2), ("legal_target_player", 2))):
        names = q.ids.object_names if a.name == "legal_target" else q.ids.player_names
        targets.setdefault(a.arguments[0], []).append(names[a.arguments[1].number])
    # 107.3a, 601.2c: the X a target allows ("with mana value X": exactly its mana value; "... X or
    # less": at least it), effects.lp's target_x/4
    x_of: dict[tuple[Symbol, str], list[tuple[str, int]]] = {}
    for a in q.grounded.facts((("target_x", 4),)):
        key = (a.arguments[0], q.ids.object_names[a.arguments[1].number])
        x_of.setdefault(key, []).append((a.arguments[2].name, a.arguments[3].number))
    out: list[Verdict] = []
    for v in verdicts:
        if not (v.needs_target and v.legal) or v.action.targets:
            out.append(v)
            continue
        for t in sorted(targets.get(v.term, [])):
            one = copy.copy(v)
            one.action = replace(v.action, targets=(t,))
            if (v.term, t) in x_of and v.x_max is not None:
                narrowed = _x_for_target(q, one, x_of[(v.term, t)])
                if narrowed is None:
                    continue   # (no X that can be paid allows this target: not a legal move)
                one = narrowed
            out.append(one)
    return out


def _x_for_target(q: Query, v: Verdict, bounds: list[tuple[str, int]]) -> Verdict | None:
    """The move naming a target whose mana value bounds X (107.3a, 601.2c): its X range narrowed
    to what the target allows, with a payment plan for the largest X left; None if no X that can be
    paid allows it. (X is announced before the targets are chosen, 601.2b-c, so every X up to the
    largest payable one is.)"""
    assert v.x_max is not None
    lo, hi = v.x_min, v.x_max
    for kind, mv in bounds:
        lo = max(lo, mv)
        if kind == "exact":
            hi = min(hi, mv)
    if lo > hi:
        return None
    if hi != v.x_max:
        s = q.grounded.solve(check=v.term, assume=((Function("xval", [Number(hi)]), True),))
        if not s.satisfiable:
            return None
        v.plan = q.decoder.plan(s.atoms, q.player)
    v.x_min, v.x_max = lo, hi
    return v


def _with_land_faces(q: Query, verdicts: list[Verdict]) -> list[Verdict]:
    """A modal double-faced card played as a land once per land face it may be played with
    (land_face_choice/2, 712.12: its player chooses which land face is up as it enters), the action
    naming it in ``face``."""
    choices: dict[Symbol, list[int]] = {}
    for a in q.base_by_name.get("land_face_choice", ()):
        choices.setdefault(a.arguments[0], []).append(a.arguments[1].number)
    if not choices:
        return verdicts
    out: list[Verdict] = []
    for v in verdicts:
        faces = choices.get(v.term) if v.action.face is None else None
        if not faces:
            out.append(v)
            continue
        card = q.decoder.library.get(q.state.obj(v.action.object or "").card)  # type: ignore[union-attr]
        for f in sorted(faces):
            one = copy.copy(v)
            one.action = replace(v.action, face=card.faces[f - 1].name)
            out.append(one)
    return out


_KIND_ORDER = {"play_land": 0, "cast": 1, "activate": 2, "foretell": 3, "plot": 4, "suspend": 5, "pass": 9}


def _move_key(v: Verdict) -> tuple:
    a = v.action
    return (_KIND_ORDER.get(a.kind, 5), a.object or "", a.method or "", a.face or "", a.additional,
            str(a.ability), a.targets)


def _card_name(state: GameState, oid: str) -> str | None:
    o = state.obj(oid)
    return o.card if o is not None else None


def explain(q: Query, object_id: str) -> list[str]:
    from collections import defaultdict

    atoms = q.grounded.facts(EXPLAIN_SIGNATURES)
    d = q.decoder
    makes: dict[int, list[tuple[Symbol, str]]] = defaultdict(list)
    via: dict[tuple[int, str], list[tuple[Symbol, int]]] = defaultdict(list)
    final_from: dict[tuple[int, Symbol, str], list[str]] = defaultdict(list)
    applies: dict[tuple[int, Symbol], list[Symbol]] = defaultdict(list)
    events: dict[tuple[int, Symbol, str, str], list[tuple[str, str]]] = defaultdict(list)
    could: set[tuple[int, str]] = set()
    has_mana: dict[int, list[Symbol]] = defaultdict(list)
    mana_abilities: set[Symbol] = set()
    has: list[tuple[int, Symbol]] = []
    set_by: dict[int, list[tuple[int, Symbol]]] = defaultdict(list)   # lt_last_set(O,S,A)
    face_down: set[int] = set()
    for a in atoms:
        args = a.arguments
        if a.name == "lt_last_set":
            set_by[args[0].number].append((args[1].number, args[2]))
        elif a.name == "face_down_permanent":
            face_down.add(args[0].number)
        elif a.name == "makes":
            makes[args[0].number].append((args[1], args[2].name))
        elif a.name == "via":
            via[(args[0].number, args[2].name)].append((args[1], args[3].number))
        elif a.name == "final_from":
            final_from[(args[0].number, args[1], args[2].name)].append(args[3].name)
        elif a.name == "explain_ev":   # (106.1: the whole event, before and after 106.12b)
            events[(args[0].number, args[1], args[2].name, args[3].name)].append(
                (_vec_text(args[4]), _vec_text(args[5])))
        elif a.name == "applies":
            applies[(args[0].number, args[1])].append(args[2])
        elif a.name == "could_produce":
            could.add((args[0].number, args[1].name))
        elif a.name in ("mana_ability", "effect_produces"):  # (106.7: also one that adds mana without
            mana_abilities.add(args[0])                        # being a mana ability)
        elif a.name == "has":
            has.append((args[0].number, args[1]))
    for o, ab in has:
        if ab in mana_abilities:
            has_mana[o].append(ab)

    # Shortest derivations: level 0 = an ability that adds the type itself; level k+1 = through a
    # permanent whose type has level k. Terminates: the fixpoint is finite.
    level: dict[tuple[int, str], int] = {}
    changed = True
    while changed:
        changed = False
        for (o, t) in could:
            best = level.get((o, t))
            for ab, t1 in makes[o]:
                if t1 != t:
                    continue
                for t0 in final_from[(o, ab, t)]:
                    links = via.get((o, t0), [])
                    own = not any(v_ab == ab for v_ab, _ in links)
                    cand = 0 if own else min((level[(l, t0)] + 1 for v_ab, l in links
                                              if v_ab == ab and (l, t0) in level), default=None)
                    if cand is not None and (best is None or cand < best):
                        best = cand
            if best is not None and level.get((o, t)) != best:
                level[(o, t)] = best
                changed = True

    def sym_label(o: int) -> str:
        return d.obj_label(Number(o))

    def rep_label(r: Symbol) -> str:
        if r.name == "st":
            return sym_label(r.arguments[0].number)
        e = q.state.effects[r.arguments[0].number - 1]
        return f"{e.card} (lasting effect of {e.controller})"

    def chain(o: int, t: str) -> str:
        """One derivation of (o, t), following links of strictly smaller level (no cycles)."""
        best: tuple[int, Symbol, str, int | None] | None = None  # (level, ability, raw type, link)
        cand: tuple[int, Symbol, str, int | None]
        for ab, t1 in makes[o]:
            if t1 != t:
                continue
            for t0 in final_from[(o, ab, t)]:
                all_links = [l for v_ab, l in via.get((o, t0), []) if v_ab == ab]
                if not all_links:
                    cand = (0, ab, t0, None)
                else:
                    ranked = [(level[(l, t0)] + 1, l) for l in all_links if (l, t0) in level]
                    if not ranked:
                        continue
                    lv, l = min(ranked)
                    cand = (lv, ab, t0, l)
                if best is None or cand[0] < best[0]:
                    best = cand
        if best is None:
            return f"{sym_label(o)}: (no derivation)"
        _lv, ab, t0, link = best
        reps = applies.get((o, ab), [])
        # (106.1: the whole mana of the event, "{W}{W}{W}"; the fewest before replacement effects, and
        # of those the order of them that adds the most, as apply's: Contamination and Mana Reflection
        # on a Forest turn {G} into {B}{B}, 616.1)
        before, after = min(events.get((o, ab, t, t0)) or [("{" + t0.upper() + "}", "{" + t.upper() + "}")],
                            key=lambda p: (len(p[0]), -len(p[1]), p))
        rep_txt = ""
        if reps:
            # (616.1: several in an order their controller chooses; one: just that one)
            if len(reps) == 1:
                who, s_ = f"the replacement effect of {rep_label(reps[0])}", "s"
            else:
                who, s_ = f"replacement effects ({', '.join(rep_label(r) for r in reps)}, applied in some order)", ""
            # (106.12b: an effect such as Contamination's "{B} instead" on a Swamp leaves {B} as it is)
            rep_txt = (f"; {who} turn{s_} {before} into {after}" if before != after
                       else f"; {who} leave{s_} it {after}")
        if link is None:
            return f"{sym_label(o)}: {d.ability_text(ab)} adds {before}{rep_txt}"
        return (f"{sym_label(o)}: {d.ability_text(ab)} reflects {sym_label(link)}{rep_txt}; "
                f"{chain(link, t0)}")

    oid = q.ids.objects[object_id]
    lines = []
    types = [t for t in MANA_TYPES if (oid, t.lower()) in could]
    for t in types:
        lines.append(f"{{{t}}}: {chain(oid, t.lower())}")
    if not types:
        obj = q.state.obj(object_id)
        if obj is not None and obj.zone != "battlefield":
            lines.append(f"{sym_label(oid)} is not on the battlefield; only a permanent could produce mana (106.7).")
        elif oid in face_down:
            lines.append(f"{sym_label(oid)} is face down: a face-down permanent has no text, so it has no mana "
                         "ability (708.2a), and there is no type of mana it could produce (106.7).")
        elif not has_mana[oid]:
            lines.append(f"{sym_label(oid)} has no mana ability, so there is no type of mana it could produce (106.7).")
        else:
            for ab in has_mana[oid]:
                found = d.ability_spec(ab)
                keys = _produce_keys((found[1].get("mana") or (found[1].get("effect") or {}).get("produce"))
                                     if found else None)
                zone = found[1].get("zone") if found else None
                if zone in ("hand", "graveyard"):  # 113.6k: Simian Spirit Guide on the battlefield
                    lines.append(f"{d.ability_text(ab)} functions only while the card is in its owner's "
                                 f"{zone} (113.6k), so on the battlefield it adds no mana and there is no "
                                 "type of mana it could produce (106.7).")
                elif "could_produce" in keys:
                    lines.append(f"{d.ability_text(ab)} would produce mana of an undefined type, so it produces "
                                 "no mana (106.5): no permanent it refers to could produce a type it allows, or "
                                 "those permanents only refer to each other (106.7).")
                elif "same_type_as_produced" in keys:  # 106.12a: Heartbeat of Spring, with no land tapped
                    lines.append(f"{d.ability_text(ab)} would produce mana of an undefined type, so it produces "
                                 "no mana (106.5): it names the type of mana a permanent tapped for mana "
                                 "produced, and there is none now (106.7).")
                elif keys & _TYPE_FROM_STATE:
                    lines.append(f"{d.ability_text(ab)} would produce mana of an undefined type, so it produces "
                                 "no mana (106.5): the color it names (a chosen color, a color of a permanent, a "
                                 "card or a commander) can't be determined now (106.7).")
                else:
                    lines.append(f"{d.ability_text(ab)} would add no mana if it resolved now (an amount it counts "
                                 "is zero), and a permanent that wouldn't produce any mana has no type of mana it "
                                 "could produce (106.7).")
    for src, ab in set_by.get(oid, ()):  # 305.7, 613.1d: why its printed mana abilities are gone
        found = d.ability_spec(ab)
        said = f" (\"{found[0]}\")" if found else ""
        lines.append(f"{sym_label(src)}{said} sets the land type of {sym_label(oid)} (613.1d): it has lost its "
                     "printed land types and the abilities of its rules text, and has the intrinsic mana "
                     "abilities of the land types it was given (305.7).")
    return lines


def _vec_text(v: Symbol) -> str:
    """The mana of an event r(W,U,B,R,G,C) (mana.lp), as symbols: r(0,0,0,0,2,0) is {G}{G}."""
    return "".join("{" + t + "}" for t, n in zip(MANA_TYPES, v.arguments) for _ in range(n.number))


# PRODUCE shapes whose type of mana is read from the state (a chosen color, a color of a permanent,
# a card or a commander): with none to read, the type is undefined (106.5).
_TYPE_FROM_STATE = frozenset({"chosen_color", "commander_identity", "color_among", "color_among_graveyard",
                              "exiled_colors", "self_colors", "same_type_as_produced"})


def _produce_keys(produce: object) -> set[str]:
    """The PRODUCE shapes (docs/card-format.md) a mana ability's ``mana`` uses, its branches included."""
    if not isinstance(produce, Mapping):
        return set()
    keys = set(produce)
    for branch in ("then", "else"):
        keys |= _produce_keys(produce.get(branch))
    return keys
