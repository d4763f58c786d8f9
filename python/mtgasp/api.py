"""The library API: one Checker per card library; it answers many states.

    checker = Checker()                       # built-in cards (CardLibrary.builtin())
    state = load_state("examples/midgame.json", checker.library)
    for v in checker.moves(state): print(v.to_json())
    print(checker.why(state, parse_action('{"kind": "play_land", "object": "f2"}', state, checker.library)).why_json())
"""

from __future__ import annotations

from clingo import Number, Symbol

from mtgasp.answers import Decoder, Verdict
from mtgasp.cards import CardLibrary
from mtgasp.facts import FactWriter
from mtgasp.model import MANA_TYPES, Action, GameState
from mtgasp.solver import Grounded


def default_player(state: GameState) -> str:
    """Who acts: the player with priority; while something resolves, its controller; else the active player."""
    if state.priority is not None:
        return state.priority
    if state.resolving is not None:
        o = state.obj(state.resolving)
        if o is not None:
            return o.controller or o.owner
    return state.active_player


# The verdict predicates (stratified: decided by grounding alone).
VERDICT_SIGNATURES = (
    ("action", 1), ("total", 3), ("reason", 3), ("permits", 2), ("costed", 1),
    ("unpayable_reason", 3), ("sacrifice_required", 3), ("could_produce", 2), ("makes", 3),
    ("free_cast", 1), ("has_x_in_mana_cost", 1), ("query_means", 2),
)


class Query:
    """One grounded question about one state: facts, the grounded program, decoded verdicts."""

    def __init__(self, library: CardLibrary, state: GameState, player: str, actions: tuple[Action, ...] = (),
                 moves: bool = True):
        self.state = state
        self.player = player
        fw = FactWriter(library)
        fw.state(state)
        if moves:
            fw.add("acting", fw.ids.player(player))
        else:
            fw.add("acting", fw.ids.player(player))
        self.query_terms: list[Symbol] = []
        for a in actions:
            t = fw.action_term(a, state)
            self.query_terms.append(t)
            fw.add("query", t)
            if a.x is not None:
                fw.add("query_x", t, Number(a.x))
        self.ids = fw.ids
        self.decoder = Decoder(fw.ids, state, library)
        self.grounded = Grounded(fw.facts)
        self.base_atoms = self.grounded.facts(VERDICT_SIGNATURES)
        self.verdicts = self.decoder.verdicts(self.base_atoms)

    def settle(self, v: Verdict) -> Verdict:
        """Search a payment for a costed action: legal with a plan, or the 601.2h reason."""
        if not v.costed:
            return v
        s = self.grounded.solve(check=v.term)
        if s.satisfiable:
            v.plan = self.decoder.plan(s.atoms, self.player)
            v.legal = v.ok and any(a.name == "legal" for a in s.atoms)
            if v.has_x and not v.free:
                v.x_max = v.plan.x
        else:
            v.legal = False
            if v.unpayable is not None:
                v.reasons.append(v.unpayable)
        return v


class Checker:
    def __init__(self, library: CardLibrary | None = None):
        self.library = library if library is not None else CardLibrary.builtin()

    def moves(self, state: GameState, player: str | None = None) -> list[Verdict]:
        """Every legal action of the player (default: see default_player), with cost, X bounds,
        a payment plan and the rules that permit it."""
        q = Query(self.library, state, player or default_player(state))
        out = []
        for v in q.verdicts.values():
            if v.ok:
                q.settle(v)
                if v.legal:
                    out.append(v)
        out.sort(key=_move_key)
        return out

    def judge_all(self, state: GameState, player: str | None = None) -> list[Verdict]:
        """Every candidate action of the player, legal or not, each with its reasons."""
        q = Query(self.library, state, player or default_player(state))
        for v in q.verdicts.values():
            q.settle(v)
        return sorted(q.verdicts.values(), key=_move_key)

    def why(self, state: GameState, action: Action, player: str | None = None) -> Verdict:
        """The verdict on one action: every failed requirement with its rule, or the permitting rules."""
        q = Query(self.library, state, player or default_player(state), (action,), moves=False)
        term = q.query_terms[0]
        for a in q.base_atoms:
            if a.name == "query_means" and a.arguments[0] == term:
                term = a.arguments[1]
        v = q.verdicts[term]
        if action.x is not None:
            v.action = Action(**{**v.action.__dict__, "x": action.x})
        return q.settle(v)

    def mana(self, state: GameState, object_id: str) -> list[str]:
        """The types of mana object_id could produce now (CR 106.7), in W U B R G C order."""
        q = Query(self.library, state, default_player(state))
        o = q.ids.objects[object_id]
        found = {a.arguments[1].name.upper() for a in q.base_atoms
                 if a.name == "could_produce" and a.arguments[0].number == o}
        return [t for t in MANA_TYPES if t in found]


_KIND_ORDER = {"play_land": 0, "cast": 1, "activate": 2, "foretell": 3, "plot": 4, "pass": 9}


def _move_key(v: Verdict) -> tuple:
    a = v.action
    return (_KIND_ORDER.get(a.kind, 5), a.object or "", a.method or "", a.face or "", a.additional, str(a.ability))
