"""Export a game state and the cards it uses as clingo facts, through clingo's symbol API only.

No ASP text is ever built from user strings: every fact is a ``clingo.Symbol`` added with the
backend, so ids, names and counter kinds containing quotes, dots or ``#script`` are inert data.
Ids are compact integers: players are numbered in turn order (1, 2, ...), objects by the sorted
order of their ids (so the document's object order changes nothing), cards by their 0-based position
among the library's sorted card names.
``Ids`` keeps the mapping back for decoding. The predicates are documented in docs/facts.md and
at the top of each encoding.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from clingo import Function, Number, String, Symbol, SymbolType

from mtgasp.cards import token_name, token_specs
from mtgasp.model import TARGET_WORD, Ability, Action, Card, GameState, ManaCost, parse_mana_cost

# 115.1: "target" in an ability's text (reminder text included), or a keyword whose meaning says it
# (equip, 702.6a: its effect's targets), means it has targets (model.Ability.says_target).

F = Function


# Constants are made once per process, so that a fact's pattern (solver.relevant: which constant
# is at which argument position) is read from the Python objects without asking clingo.
_CONSTS: dict[str, Symbol] = {}
_CONST_PATTERN: dict[int, tuple[str, str]] = {}


def C(name: str) -> Symbol:  # a constant
    sym = _CONSTS.get(name)
    if sym is None:
        sym = _CONSTS[name] = Function(name)
        _CONST_PATTERN[id(sym)] = ("c", name)
        _SHARED[id(sym)] = sym
    return sym


def pattern(name: str, args: Iterable[Symbol]) -> tuple[str, tuple[Any, ...]]:
    """The pattern of fact name(args) for solver.relevant: a constant is ("c", name), a compound
    term ("f", name, its arguments' patterns), anything else (a number, a string) None (any
    value). The shared symbols (C(), N()) are known without asking clingo."""
    get = _CONST_PATTERN.get
    return (name, tuple([get(id(a)) if id(a) in _SHARED else _sym_pattern(a) for a in args]))


def _sym_pattern(sym: Symbol) -> Any:
    if sym.type != SymbolType.Function or not sym.positive:
        return None
    args = sym.arguments
    if not args:
        return ("c", sym.name)
    return ("f", sym.name, tuple(_sym_pattern(a) for a in args))


# Numbers are made once per process too (up to a bound), and so are the facts whose arguments are
# all such shared symbols: a fact like in_zone(7,battlefield) is built by clingo once, not once per
# query. _SHARED maps the id of every shared symbol to it (keeping it alive, so an id is never
# reused while it is a key); a fact with any other argument is built afresh.
_SHARED: dict[int, Symbol] = {}
_NUMBERS: dict[int, Symbol] = {}
_FACTS: dict[tuple, tuple[Symbol, tuple[str, tuple[Any, ...]]]] = {}
_MAX_NUMBERS = 1 << 16
_MAX_FACTS = 1 << 17


def N(n: int) -> Symbol:
    """clingo.Number(n), shared."""
    sym = _NUMBERS.get(n)
    if sym is None:
        sym = Number(n)
        if len(_NUMBERS) < _MAX_NUMBERS:
            _NUMBERS[n] = sym
            _SHARED[id(sym)] = sym
    return sym


_IDENT = re.compile(r"^[a-z][a-z0-9_]*$")


def spell_props(sp: dict[str, Any]) -> list[Symbol]:
    """The properties of a spell filter (a spend restriction's or a cost reduction's alternative,
    the card format's SPELL): spell, type(T), supertype(S), subtype(S), color(C), chosen_type,
    multicolored, colorless, kicked, non_type(T), not_owned, x_in_cost, commander, from(Z),
    keyword(K), min_mv(N), colored, no_x_in_cost, not_from_hand, no_abilities (casting.lp's spell_prop/2, payment.lp's prop_holds/3; all of them must hold)."""
    out = [Function("spell")]
    out += [Function("type", [Function(t.lower())]) for t in sp.get("types") or []]
    out += [Function("supertype", [Function(t.lower())]) for t in sp.get("supertypes") or []]
    out += [Function("subtype", [String(t)]) for t in sp.get("subtypes") or []]
    out += [Function("color", [Function(t.lower())]) for t in sp.get("colors") or []]
    out += [Function(f) for f in ("chosen_type", "multicolored", "colorless", "kicked", "not_owned",
                                  "x_in_cost", "commander", "colored", "no_x_in_cost",
                                  "not_from_hand", "no_abilities") if sp.get(f)]
    out += [Function("non_type", [Function(t.lower())]) for t in sp.get("non_types") or []]
    if sp.get("from"):
        out.append(Function("from", [Function(sp["from"])]))
    out += [Function("keyword", [name_sym(k)]) for k in sp.get("keywords") or []]
    if sp.get("min_mana_value"):
        out.append(Function("min_mv", [Number(int(sp["min_mana_value"]))]))
    return out


def name_sym(name: str) -> Symbol:
    """A keyword or other vocabulary word: a constant when it is an identifier (``flash``), else a
    string (``"first strike"``: a not-modeled keyword, which no rule reads)."""
    low = name.lower()
    return Function(low) if _IDENT.match(low) else String(name)


def pt_number(value: int | str) -> int:
    """A power or toughness as a number: ``"*"`` counts as 0 and ``"1+*"`` as 1 (the characteristic-
    defining part is not modeled)."""
    if isinstance(value, int):
        return value
    m = re.match(r"^(\d+)", value)
    return int(m.group(1)) if m else 0


ZONE_SYMBOLS = {z: C(z) for z in ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")}
# keywords whose cost the encodings read (the others' costs are stored, not turned into facts)
MODELED_KEYWORD_COSTS = {"kicker", "multikicker", "foretell", "plot", "ward", "suspend"}
TYPE_NAMES = {"land", "creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker", "battle"}


# Process-wide: the id of each distinct cost, its facts, and each card's facts per library.
_COST_IDS: dict[tuple, int] = {}
_COST_FACTS: dict[int, list[Symbol]] = {}
_COST_PATTERNS: dict[int, frozenset[tuple[str, tuple[Any, ...]]]] = {}  # of each cost's facts
_CARD_FACTS: dict[Any, dict[str, tuple[tuple[Symbol, ...], tuple[int, ...], frozenset, frozenset[str]]]] = {}


@dataclass
class Ids:
    """The mapping between the state's names and the compact integers used in the facts."""

    players: dict[str, int] = field(default_factory=dict)
    objects: dict[str, int] = field(default_factory=dict)
    cards: dict[str, int] = field(default_factory=dict)
    costs: dict[tuple, int] = field(default_factory=dict)
    player_names: dict[int, str] = field(default_factory=dict)
    object_names: dict[int, str] = field(default_factory=dict)
    card_names: dict[int, str] = field(default_factory=dict)
    cost_terms: dict[int, ManaCost] = field(default_factory=dict)

    def player(self, name: str) -> Symbol:
        return N(self.players[name])

    def obj(self, oid: str) -> Symbol:
        return N(self.objects[oid])


@functools.cache
def encoding_strings() -> frozenset[str]:
    """Every string written in the encodings ("+1/+1", "dream", ...)."""
    from mtgasp.solver import encoding_files

    return frozenset(m for _name, text in encoding_files()
                     for m in re.findall(r'"((?:[^"\\]|\\.)*)"', text))


def _strings_in(sym: Symbol, out: set[str]) -> None:
    if sym.type == SymbolType.String:
        out.add(sym.string)
    elif sym.type == SymbolType.Function:
        for a in sym.arguments:
            _strings_in(a, out)


# 122.1a: a power/toughness counter kind ("+1/+1", "-2/-2", "+1/+0", "-0/-1")
_PT_KIND = re.compile(r"^([+-]\d+)/([+-]\d+)$")


class FactWriter:
    """Collects facts (as symbols) for one query."""

    def __init__(self, library: Any, private_kinds: bool = False):
        """``private_kinds``: a counter kind of the state that is no string of any fact of this
        query and of no encoding is written as a per-query name ("other counter 1", ...), so
        that clingo, which keeps every string it has ever seen, doesn't keep one per kind ever
        asked about. The rules only compare kinds with such strings (a card's or an encoding's),
        and distinct kinds keep distinct names, so the verdicts are the same; only for questions
        whose answers never name a counter kind of the state (moves, why, mana), and then
        finish() must be called after the last fact."""
        self.library = library
        self.private_kinds = private_kinds
        self.strings: set[str] = set()  # the strings of the facts (with private_kinds)
        self._pending_counters: list[tuple[Symbol, str, int]] = []
        self.ids = Ids()
        self.facts: list[Symbol] = []
        self._cards_done: set[int] = set()
        self._costs_done: set[int] = set()
        self._recording: list[int] | None = None
        self._intrinsic_done = False
        self.patterns: set[tuple[str, tuple[Any, ...]]] = set()  # of the facts (solver.relevant)

    def add(self, name: str, *args: Symbol) -> None:
        key = (name, *[id(a) for a in args])
        found = _FACTS.get(key)
        if found is None:
            found = (Function(name, list(args)), pattern(name, args))
            if self.private_kinds:
                for a in args:
                    if id(a) not in _SHARED:
                        _strings_in(a, self.strings)
            if all(k in _SHARED for k in key[1:]):
                if len(_FACTS) >= _MAX_FACTS:
                    _FACTS.clear()
                _FACTS[key] = found
        self.facts.append(found[0])
        self.patterns.add(found[1])

    def finish(self) -> None:
        """Write the counters held back by private_kinds (see __init__)."""
        known = self.strings | encoding_strings()  # kept as they are
        names: dict[str, Symbol] = {}
        i = 0
        for os, kind, n in self._pending_counters:
            sym = names.get(kind)
            if sym is None:
                if kind in known:
                    sym = String(kind)
                else:  # a new name, none of the known strings (each kind its own)
                    i += 1
                    while f"other counter {i}" in known:
                        i += 1
                    sym = String(f"other counter {i}")
                names[kind] = sym
                self._pt_kind(kind, sym)
            self.add("counters", os, sym, N(n))
        self._pending_counters = []

    def _pt_kind(self, kind: str, sym: Symbol) -> None:
        """122.1a: a counter of a kind "+X/+Y" (any signs: "-2/-2", "+1/+0", "+2/+2") modifies its
        permanent's power and toughness by X and Y: pt_kind(Kind, X, Y) for creatures.lp (the three
        kinds its rules name are there already)."""
        m = _PT_KIND.match(kind)
        if m and kind not in ("+1/+1", "-1/-1", "-0/-1"):
            self.add("pt_kind", sym, N(int(m[1])), N(int(m[2])))

    # -- costs --------------------------------------------------------------------------------
    def cost(self, cost: ManaCost | str) -> Symbol:
        """The id of a cost term (one per distinct cost in the process, so ids stay compact and
        card facts can be cached); emits cost(Id, Sym, N) once per query."""
        if isinstance(cost, str):
            cost = parse_mana_cost(cost)
        key = (cost.generic, tuple(sorted(cost.symbols.items())), cost.x,
               tuple(sorted(cost.hybrid.items())))
        cid = _COST_IDS.get(key)
        if cid is None:
            cid = len(_COST_IDS) + 1
            _COST_IDS[key] = cid
            facts = [Function("cost", [N(cid), C("generic"), N(cost.generic)])]
            for sym, n in cost.symbols.items():
                facts.append(Function("cost", [N(cid), C(sym.lower()), N(n)]))
            # 107.4e-f: hybrid(w,u) for {W/U}, twobrid(w) for {2/W}, phyrexian(w) for {W/P}
            for sym, n in cost.hybrid.items():
                a, b = sym.lower().split("/")
                kind = (F("twobrid", [C(b)]) if a == "2" else
                        F("phyrexian", [C(a)]) if b == "p" else F("hybrid", [C(a), C(b)]))
                facts.append(Function("cost", [N(cid), kind, N(n)]))
            if cost.x:
                facts.append(Function("cost", [N(cid), C("x"), N(cost.x)]))
            _COST_FACTS[cid] = facts
            _COST_PATTERNS[cid] = frozenset(pattern("cost", f.arguments) for f in facts)
        self._emit_cost(cid)
        self.ids.costs[key] = cid
        self.ids.cost_terms[cid] = cost
        return N(cid)

    def _emit_cost(self, cid: int) -> None:
        if self._recording is not None:
            self._recording.append(cid)
        if cid not in self._costs_done:
            self._costs_done.add(cid)
            self.facts.extend(_COST_FACTS[cid])
            self.patterns |= _COST_PATTERNS[cid]

    # -- cards --------------------------------------------------------------------------------
    def card(self, card: Card) -> Symbol:
        """Emit the facts of a card once per query (computed once per process and library)."""
        k = self.library.index(card.name)
        sym = N(k)
        if k in self._cards_done:
            return sym
        self._cards_done.add(k)
        self.ids.cards[card.name] = k
        self.ids.card_names[k] = card.name
        cache = _CARD_FACTS.setdefault(self.library, {})
        cached = cache.get(card.name)
        if cached is None:
            outer, self.facts = self.facts, []
            outer_costs, self._costs_done = self._costs_done, set()
            outer_patterns, self.patterns = self.patterns, set()
            self._recording = []
            self._card_facts(card, sym)
            found: set[str] = set()
            for f in self.facts:
                _strings_in(f, found)
            cached = (tuple(f for f in self.facts if f.name != "cost"), tuple(self._recording),
                      frozenset(self.patterns), frozenset(found))
            cache[card.name] = cached
            self.facts, self._costs_done, self._recording = outer, outer_costs, None
            self.patterns = outer_patterns
        facts, costs, patterns, strings = cached
        for cid in costs:
            self._emit_cost(cid)
        self.facts.extend(facts)
        self.patterns |= patterns
        if self.private_kinds:
            self.strings |= strings
        for spec in token_specs(card):  # 111.4: the tokens its effects create
            self.card(self.library.get(token_name(spec)))
        return sym

    def _card_facts(self, card: Card, sym: Symbol) -> None:
        if card.layout == "modal_dfc":
            self.add("layout", sym, C("mdfc"))
        elif card.layout != "normal":
            self.add("layout", sym, C(card.layout))
        for fi, face in enumerate(card.faces, start=1):
            f = N(fi)
            self.add("face", sym, f)
            for t in face.types:
                self.add("has_type", sym, f, C(t.lower()))
            for s in face.supertypes:
                self.add("supertype", sym, f, C(s.lower()))
            for s in face.subtypes:
                self.add("subtype", sym, f, String(s))
            if face.mana_cost is not None:
                self.add("mana_cost", sym, f, self.cost(face.mana_cost))
            if face.loyalty is not None:  # 306.5b
                self.add("printed_loyalty", sym, f, N(int(face.loyalty)))
            if face.colors is not None:  # 204, 604.3, 702.114a: colors not from the mana cost
                self.add("face_colors_given", sym, f)
                for c in face.colors:
                    self.add("face_color", sym, f, C(c.lower()))
            if face.power is not None:
                self.add("power", sym, f, N(pt_number(face.power)))
            if face.toughness is not None:
                self.add("toughness", sym, f, N(pt_number(face.toughness)))
            grants = 0
            for ab in face.abilities:
                a = F("a", [sym, f, N(ab.index)])
                self.add("ability_index", a, N(ab.index))
                grants = self.ability(a, ab.kind, ab.spec, sym, f, grants)
                if ab.kind == "not_modeled":
                    for ev in not_modeled_trigger_events(ab.text, face.name):
                        self.add("nm_trigger", a, C(ev))
                self.target_words(a, ab)

    def target_words(self, a: Symbol, ab: Ability) -> None:
        """115.1, 601.2c: the facts of the targets an ability's text chooses (says_target,
        target_req_exact, target_req_objects), for a face's own ability or one it grants (113.2:
        Quicksilver Dagger's "Enchanted creature has '{T}: This creature deals 1 damage to target
        player or planeswalker. ...'"; found by probe32d: such a granted ability was said to have
        no targets, 115.1)."""
        chapter = ab.kind == "triggered" and (ab.spec.get("trigger") or {}).get("event") == "chapter"
        if (ab.kind in ("spell", "activated") or chapter) and ab.says_target:
            self.add("says_target", a)  # 115.1: its text chooses targets (modeled or not)
            reqs = 0
            merged = 0   # "target creature ... another target creature": one count 2
            for e in self.effects(dict(ab.spec)):
                if e.get("action") == "not_modeled":
                    reqs += len(e.get("targets") or [])
                    merged += sum(t["count"] if isinstance(t.get("count"), int) else 1
                                  for t in e.get("targets") or [])
            words = len(TARGET_WORD.findall(ab.text or ""))
            # ("one or two target creatures": a variable number, "max", is never exact)
            varies = any("max" in t for e in self.effects(dict(ab.spec))
                         if e.get("action") == "not_modeled" for t in e.get("targets") or [])
            # (not when a target no requirement reads is required too, "min_targets":
            # Magma Opus's divided damage beside "two target permanents", whose "targets"
            # and "target" are as many words as the two read; found by probe26a)
            unread = any(e.get("min_targets") or e.get("kicked_max_targets")
                         for e in self.effects(dict(ab.spec)) if e.get("action") == "not_modeled")
            if reqs and words in (reqs, merged) and not varies and not unread:
                # 115.1, 601.2c: every instance of the word "target" is a target
                # requirement read (target_req/4): the action names no more than they need
                self.add("target_req_exact", a)
            if reqs and words in (reqs, merged) and not unread:
                # 115.1: ... each of them (however many it names: "up to two target
                # creatures") is an object, never a player
                self.add("target_req_objects", a)

    def ability(self, a: Symbol, kind: str, spec: Any, k: Symbol, f: Symbol, grants: int) -> int:
        """Emit the facts of one ability; returns the number of granted abilities numbered so far."""
        self.add("ability", a, C(kind))
        if kind == "not_modeled":
            return grants
        if kind == "keyword":
            self.add("keyword", a, name_sym(spec["keyword"]))
            cost = spec.get("cost")
            if cost == "mana_cost":
                self.add("keyword_cost_rule", a, C("mana_cost"))
            elif isinstance(cost, str) and spec["keyword"] in MODELED_KEYWORD_COSTS:
                self.add("keyword_cost", a, self.cost(cost))
            elif isinstance(cost, dict) and "mana_cost_reduced_by" in cost:
                self.add("keyword_cost_rule", a, F("reduced", [self.cost(cost["mana_cost_reduced_by"])]))
            if "n" in spec and isinstance(spec["n"], int):
                self.add("keyword_n", a, N(spec["n"]))
            if spec.get("keyword") == "protection":   # 702.16a, 702.16g, 702.16j
                for q in spec.get("from") or []:
                    self.add("protection_from", a, C(q) if q in ("everything", "multicolored") else
                             F("color", [C(q.lower())]) if len(q) == 1 else F("type", [C(q.lower())]))
            if spec.get("keyword") == "enchant" and "what" in spec:
                from mtgasp.cards import ENCHANT_LAND_TYPES, enchant_parts

                parts = enchant_parts(str(spec["what"]).lower())
                kinds, yours = parts if parts is not None else ([str(spec["what"]).lower()], False)
                land_sub = [ENCHANT_LAND_TYPES[k] for k in kinds if k in ENCHANT_LAND_TYPES]
                if land_sub:   # "Enchant Forest": a land with that subtype (enchant_subtype/2)
                    kinds = ["land"]
                    self.add("enchant_subtype", a, String(land_sub[0]))
                    if parts is not None:
                        self.add("target_req_subtype", a, N(1), String(land_sub[0]))
                for kind_word in kinds:  # "artifact or creature": either (one fact each)
                    self.add("enchant", a, C(kind_word))
                if yours:
                    self.add("enchant_controlled", a)
                if parts is not None and kinds != ["player"]:
                    # 303.4a, 702.5a: an Aura spell requires a target, which is defined by its enchant
                    # ability: one permanent of a kind it may enchant (controlled by the spell's
                    # controller for "Enchant ... you control"; effects.lp reads it as for a spell's)
                    self.add("target_req", a, N(1), C("battlefield"), N(1))
                    self.add("target_req_exact", a)  # 303.4a: one target, no more
                    self.add("target_req_objects", a)  # (115.1: an object, never a player)
                    for kind_word in kinds:
                        if kind_word != "permanent":
                            self.add("target_req_type", a, N(1), C(kind_word))
                    if yours:
                        self.add("target_req_controller", a, N(1), C("you"))
        if kind in ("activated", "additional_cost"):
            self.activation_cost(a, spec.get("cost") or {}, prefix="activation" if kind == "activated" else "additional")
        if kind == "additional_cost":
            self.add("additional_cost", a, C("optional" if spec.get("optional") else "mandatory"))
            if spec.get("or_pay"):  # "... or pay {3}" (the mana instead of the reveal)
                self.add("additional_or_pay", a, self.cost(spec["or_pay"]))
        if kind == "alternative_cost":  # 118.9: the cast method "alternative"
            cost = spec.get("cost") or {}
            self.add("alternative_cost", a)
            if cost.get("mana"):
                self.add("alternative_mana", a, self.cost(cost["mana"]))
            if cost.get("life"):
                self.add("alternative_life", a, N(int(cost["life"])))
            rp = cost.get("return_permanent")
            if isinstance(rp, dict):
                rt = C(rp["types"][0].lower())
                flt = (F("sub", [rt, String(rp["subtypes"][0])]) if rp.get("subtypes") else
                       F("sup", [rt, C(rp["supertypes"][0].lower())]) if rp.get("supertypes") else
                       F("type", [rt]))
                self.add("alternative_return", a, flt, N(int(rp.get("count", 1))))
            cond = spec.get("condition")
            if isinstance(cond, dict) and isinstance(cond.get("you_control"), dict):
                # "If you control a Swamp, you may pay 4 life rather than ..." (Snuff Out, 118.9)
                self.you_control(a, C("altcost"), cond["you_control"])
            eh = cost.get("exile_from_hand")
            if isinstance(eh, dict):  # "exile a blue card from your hand" (Force of Will)
                cols = eh.get("colors") or []
                self.add("alternative_exile_hand", a, F("color", [C(cols[0].lower())]) if cols else C("any"),
                         N(int(eh.get("count", 1))))
            sac = cost.get("sacrifice")
            if isinstance(sac, dict):  # "sacrifice two Mountains" (Fireblast): a type or a subtype
                t = C(sac["type"].lower()) if "type" in sac else C("any")
                self.add("alternative_sacrifice", a, F("sub", [t, String(sac["subtypes"][0])])
                         if sac.get("subtypes") else F("type", [t]))
                if int(sac.get("count", 1)) > 1:
                    self.add("alternative_sacrifice_count", a, N(int(sac["count"])))
        if kind == "activated" and spec.get("timing"):
            self.add("activation_timing", a, C(spec["timing"]))
        if kind == "activated" and spec.get("once_each_turn"):
            self.add("activation_once_each_turn", a)
        if kind == "activated" and spec.get("zone") in ("hand", "graveyard"):
            self.add("ability_zone", a, C(spec["zone"]))
        if kind == "static" and spec.get("zone") == "graveyard":  # 113.6: functions there only
            self.add("ability_zone", a, C("graveyard"))
        if kind == "activated" and isinstance(spec.get("cost_reduction"), dict):
            cr = spec["cost_reduction"]
            self.add("activation_reduction", a, N(int(cr.get("generic", 1))))
            self.you_control(a, C("reduce"), cr.get("for_each") or {})
        if kind == "activated" and spec.get("once"):
            self.add("activation_once", a)
        if kind == "activated" and isinstance(spec.get("put_counters"), dict):
            for ck, cn in spec["put_counters"].items():
                self.add("rider_counters", a, String(ck), N(int(cn)))
        if kind == "activated" and isinstance(spec.get("remove_counters_rider"), dict):
            for ck, cn in spec["remove_counters_rider"].items():
                self.add("rider_remove_counters", a, String(ck), N(int(cn)))
        if kind == "activated" and isinstance(spec.get("sacrifice_if_no_counters"), str):
            self.add("sacrifice_if_no_counters", a, String(spec["sacrifice_if_no_counters"]))
        if kind == "activated" and isinstance(spec.get("condition"), dict):
            yc = spec["condition"].get("you_control")
            if yc is not None:
                self.you_control(a, C("activation"), yc)
            if isinstance(spec["condition"].get("graveyard_at_least"), int):
                self.add("activation_graveyard_at_least", a, N(spec["condition"]["graveyard_at_least"]))
            if isinstance(spec["condition"].get("source_is"), str):
                self.add("activation_source_is", a, C(spec["condition"]["source_is"].lower()))
            if spec["condition"].get("entered_this_turn") is True:
                self.add("activation_entered_this_turn", a)
            if spec["condition"].get("citys_blessing") is True:   # 702.131c
                self.add("activation_condition", a, C("citys_blessing"), N(1))
            for name in ("total_power_at_least", "hand_at_most", "hand_exactly",
                         "an_opponent_lands_at_least", "attacked_with_at_least",
                         "a_player_hand_at_most", "an_opponent_more_lands", "hand_at_least",
                         "an_opponent_poison_at_least", "lands_same_name_at_least"):
                if isinstance(spec["condition"].get(name), int):
                    self.add("activation_condition", a, C(name), N(spec["condition"][name]))
            cs = spec["condition"].get("counters_on_self")
            if isinstance(cs, dict):  # "Activate only if there are three or more brick counters"
                for bound in ("min", "max"):
                    if isinstance(cs.get(bound), int):
                        self.add(f"activation_counters_{bound}", a, String(cs["counter"]),
                                 N(cs[bound]))
        if "mana" in spec and kind in ("activated", "triggered"):
            self.add("mana_ability", a)
            for i, yc in enumerate(spec["mana"].get("if_you_control") or [], start=1):
                self.you_control(a, F("ctl", [N(i)]), yc)
            for produce, cond in self.produce(spec["mana"]):
                cpf = spec["mana"].get("could_produce")
                if produce.name == "could_produce" and isinstance(cpf, dict) and (
                        cpf.get("subtypes") or cpf.get("supertypes")):
                    # "a Gate you control": the lands that ability A refers to (mana.lp)
                    produce = F("could_produce", [F("matching", [a]), produce.arguments[1]])
                    for sub in cpf.get("subtypes") or []:
                        self.add("could_produce_subtype", a, String(sub))
                    for sup in cpf.get("supertypes") or []:
                        self.add("could_produce_supertype", a, C(sup.lower()))
                self.add("produces", a, produce, cond)
                if produce.name == "any_combination":
                    for tc in spec["mana"].get("types") or "WUBRG":
                        self.add("combination_color", a, C(tc.lower()))
                if produce.name == "for_each_combination":
                    for tc in spec["mana"]["for_each"].get("types") or "WUBRG":
                        self.add("combination_color", a, C(tc.lower()))
                if produce.name in ("for_each", "for_each_one_color", "for_each_combination"):
                    self.for_each_count(a, spec["mana"]["for_each"])
                if produce.name == "color_among":  # the permanents whose colors it may add
                    self.you_control(a, C("among"), spec["mana"]["color_among"])
                if produce.name == "color_among_graveyard":  # the cards whose colors it may add
                    gy = spec["mana"]["color_among_graveyard"]
                    for t in gy.get("types") or []:
                        self.add("gy_among_type", a, C(t.lower()))
                    for t in gy.get("supertypes") or []:
                        self.add("gy_among_supertype", a, C(t.lower()))
            self.spend_only(a, spec["mana"].get("spend_only"))
            if spec["mana"].get("no_generic"):  # 106.6, 107.4: only the non-generic symbols
                self.add("spend_no_generic", a)
            rider = spec.get("rider") or spec["mana"].get("rider") or {}
            for name, n in rider.items():
                self.add("rider", a, C(name), N(int(n)))
            cr = spec.get("conditional_rider")
            if isinstance(cr, dict) and cr.get("unless_citys_blessing"):   # 702.131c
                self.add("cond_rider_no_blessing", a, C("lose_life"), N(int(cr.get("lose_life", 0))))
            elif isinstance(cr, dict):  # "If you control a Nissa planeswalker, you gain 2 life"
                self.you_control(a, C("rider"), cr.get("if_you_control") or {})
                self.add("cond_rider", a, C("gain_life"), N(int(cr.get("gain_life", 0))))
            # riders `apply` doesn't perform and reports (603.7, 603.12, 106.6): their text, a
            # clingo string (never ASP text)
            for i, np_ in enumerate(spec.get("not_performed") or [], start=1):
                self.add("not_performed", a, N(i), C(np_["kind"]), String(np_["text"]))
        if kind == "triggered":
            self.trigger(a, spec.get("trigger") or {})
        if kind == "static":
            grant = spec.get("grant")
            if grant:
                grants += 1
                g = F("a", [k, f, F("g", [N(grants)])])
                inner = grant["ability"]
                self.ability(g, inner["kind"], {kk: v for kk, v in inner.items() if kk not in ("kind", "text")}, k, f, 0)
                self.target_words(g, Ability(index=grants, kind=str(inner["kind"]), text=str(inner.get("text") or ""),
                                             spec={kk: v for kk, v in inner.items() if kk not in ("kind", "text")}))
                # "has haste and shroud": the keywords granted beside it, a(K,F,g(N,J)) (J = 2, ...)
                gs = [g]
                for j, more in enumerate(grant.get("also") or [], start=2):
                    gj = F("a", [k, f, F("g", [N(grants), N(j)])])
                    self.ability(gj, more["kind"], {kk: v for kk, v in more.items() if kk not in ("kind", "text")}, k, f, 0)
                    gs.append(gj)
                to = grant["to"]
                if isinstance(to, dict):
                    # "Elves you control have ...", "All Slivers have ...": a filter (grant_*/2)
                    for gj in gs:
                        self.add("grants", a, C("filter"), gj)
                    if to.get("controller") == "any":
                        self.add("grant_anyone", a)
                    for t in to.get("types") or []:
                        self.add("grant_type", a, C(t.lower()))
                    for t in to.get("supertypes") or []:
                        self.add("grant_supertype", a, C(t.lower()))
                    for sub in to.get("subtypes") or []:
                        self.add("grant_subtype", a, String(sub))
                    if to.get("token"):
                        self.add("grant_token", a)
                    if to.get("other"):
                        self.add("grant_other", a)
                    for t in to.get("or_types") or []:
                        self.add("grant_or_type", a, C(t.lower()))
                    wc = to.get("with_counter")
                    if wc is True:  # "with a counter on it": any kind (122.1)
                        self.add("grant_with_counter", a, C("any"))
                    elif isinstance(wc, str):
                        self.add("grant_with_counter", a, String(wc))
                else:
                    for gj in gs:
                        self.add("grants", a, C(to), gj)
                gc = grant.get("condition")
                if isinstance(gc, dict) and isinstance(gc.get("enchanted_is"), str):
                    self.add("grant_if_attached_type", a, C(gc["enchanted_is"].lower()))
                if isinstance(gc, dict) and gc.get("modified") is True:
                    self.add("grant_if_modified", a)
                if isinstance(gc, dict) and isinstance(gc.get("you_control"), dict):
                    # "As long as you control six or more lands, ..." (The World Tree): one card
                    # type and a minimum (characteristics.lp's grant_on/2)
                    yc = gc["you_control"]
                    self.add("grant_if_control", a, C(yc["types"][0].lower()), N(int(yc["min"])))
            lt = spec.get("land_type")
            if isinstance(lt, dict):  # 305.7, 613.1d: land_type_change(A,Lands,Mode), land_type_gives(A,S)
                mode = "set" if "set" in lt else "add"
                self.add("land_type_change", a, C(str(lt["lands"])), C(mode))
                for t in lt[mode]:
                    self.add("land_type_gives", a, String(t))
            if spec.get("plot_from_library"):
                self.add("plot_from_library", a)
            fta = spec.get("foretell_action")
            if isinstance(fta, dict):  # 116.2h, 702.143a (Cosmos Charger)
                if fta.get("reduction"):
                    self.add("foretell_reduction", a, N(int(fta["reduction"])))
                if fta.get("any_turn"):
                    self.add("foretell_any_turn", a)
            eu = spec.get("enter_untapped")
            if isinstance(eu, dict):  # 614.1c: "Gates you control enter untapped"
                t = C(str(eu["types"][0]).lower())
                self.add("enter_untapped", a, F("sub", [t, String(eu["subtypes"][0])]) if eu.get("subtypes")
                         else F("type", [t]))
            if spec.get("spend_as_any_color") in ("you", "each"):   # 609.4b: Chromatic Orrery, Mycosynth Lattice
                self.add("spend_as_any_color", a, C(spec["spend_as_any_color"]))
            if spec.get("cant_be_countered") is True:  # 101.2, 701.6a: "This spell can't be countered"
                self.add("cant_be_countered", a)
            fip = spec.get("flash_if_pay")
            if isinstance(fip, str):  # 601.3c: "... as though it had flash if you pay {2} more"
                self.add("flash_if_pay", a, self.cost(fip))
            fc = spec.get("forbid_cast")
            if isinstance(fc, dict):  # 101.2, 601.3: "Your opponents can't cast spells during your turn"
                self.add("forbid_cast", a, C(str(fc["who"])), C(str(fc["when"])))
            co = spec.get("cast_only")
            if isinstance(co, str):  # 601.3: "Cast this spell only during combat" (casting.lp)
                self.add("cast_only", a, C(co))
            ath = spec.get("activate_as_though_haste")
            if isinstance(ath, dict):  # 302.6, 602.5a: Thousand-Year Elixir
                self.add("activate_as_though_haste", a)
                if ath.get("other"):
                    self.add("activate_as_though_haste_other", a)
            fa = spec.get("forbid_activation")
            if isinstance(fa, dict):  # 602.5: "Activated abilities of artifacts can't be activated"
                whose = C("opponents" if fa.get("opponents") else "any")
                for t in fa.get("types") or []:
                    self.add("forbid_activation", a, C(str(t).lower()), whose)
                if fa.get("attached"):
                    self.add("forbid_activation_attached", a)
                if fa.get("except_mana"):
                    self.add("forbid_except_mana", a)
            du = spec.get("doesnt_untap")
            if du is True:
                self.add("doesnt_untap", a)
            elif isinstance(du, dict) and isinstance(du.get("if_counter"), str):
                self.add("doesnt_untap_if_counter", a, String(du["if_counter"]))
            if spec.get("replace_mana"):
                self.replace_mana(a, spec["replace_mana"])
            red = spec.get("spell_cost_reduction")
            if red:  # 601.2f, 118.7a
                self.add("spell_reduction", a, N(int(red["amount"])), C(red.get("spells_cast_by", "you")))
                for j, sp in enumerate(red.get("spells") or [], start=1):
                    for prop in spell_props(sp):
                        self.add("reduction_alt", a, N(j), prop)
            inc = spec.get("cost_increase")
            if inc:
                for zone in inc.get("from_zones") or ["any"]:
                    self.add("cost_increase", a, self.cost(inc["amount"]), C(inc.get("spells_cast_by", "opponents")), C(zone))
                for t in inc.get("spell_types") or []:
                    self.add("cost_increase_type", a, C(t.lower()))
                for j, sp in enumerate(inc.get("spells") or [], start=1):
                    for prop in spell_props(sp):
                        self.add("increase_alt", a, N(j), prop)
        if kind == "replacement":
            if spec.get("enters_tapped"):
                self.add("enters_tapped", a)
                if spec.get("condition"):
                    self.add("enters_tapped_condition", a, C(spec["condition"]))
                unless = spec.get("unless") or {}
                if "you_control" in unless:
                    self.you_control(a, C("unless"), unless["you_control"])
                if "pay_life" in unless:
                    self.add("enters_tapped_unless_pay", a, N(int(unless["pay_life"])))
                for fld in ("opponents_at_least", "a_player_life_at_most", "opponents_lands_at_least"):
                    if fld in unless:
                        self.add("enters_tapped_unless", a, C(fld), N(int(unless[fld])))
                for sub in (unless.get("reveal") or {}).get("subtypes") or []:
                    self.add("enters_tapped_unless_reveal", a, String(sub))
            for how, flt in (spec.get("enters_instead") or {}).items():   # 614.1c
                t = C(str(flt["type"]).lower())
                f = F("sub", [t, String(flt["subtypes"][0])]) if flt.get("subtypes") else F("type", [t])
                self.add("enter_instead", a, C(how), f, N(int(flt.get("count", 1))))
            if spec.get("enters_choose"):
                self.add("enters_choose", a, C(spec["enters_choose"]))
                if spec.get("other_than"):
                    self.add("enters_choose_not", a, C(str(spec["other_than"]).lower()))
            ewc = spec.get("enters_with_counters")
            if ewc:
                amount = ewc.get("amount")
                amt = C("x") if amount == "X" else N(int(amount))
                self.add("enters_with_counters", a, String(ewc["counter"]), amt, C(spec.get("condition", "always")))
        treq = 0
        for eff in self.effects(spec):
            self.add("effect", a, C(eff["action"]))
            self.effect_params(a, eff)
            for req in eff.get("targets") or [] if eff["action"] == "not_modeled" else []:
                treq += 1   # 601.2c, 602.2b: a target a not-modeled effect requires
                tj = N(treq)
                cnt = req.get("count", 1)   # "X": as many as the X announced (601.2c, 107.3a)
                self.add("target_req", a, tj, C(req["zone"]), C("x") if cnt == "X" else N(int(cnt)))
                for t in req.get("types") or []:
                    self.add("target_req_type", a, tj, C(t.lower()))
                for t in req.get("all_types") or []:   # "target artifact creature": each type
                    self.add("target_req_all_type", a, tj, C(t.lower()))
                for t in req.get("non_types") or []:
                    self.add("target_req_non_type", a, tj, C(t.lower()))
                for c in req.get("colors") or []:
                    self.add("target_req_color", a, tj, C(c.lower()))
                for c in req.get("non_colors") or []:
                    self.add("target_req_non_color", a, tj, C(c.lower()))
                for t in req.get("supertypes") or []:
                    self.add("target_req_supertype", a, tj, C(t.lower()))
                for t in req.get("non_supertypes") or []:   # "target nonlegendary creature" (205.4a)
                    self.add("target_req_non_supertype", a, tj, C(t.lower()))
                for t in req.get("subtypes") or []:   # "target Goblin creature" (205.3, 601.2c)
                    self.add("target_req_subtype", a, tj, String(t))
                if isinstance(req.get("tapped"), bool):
                    self.add("target_req_tapped", a, tj, C("true" if req["tapped"] else "false"))
                if req.get("combat"):   # "target attacking creature" (506.4, 508.1, 509.1)
                    self.add("target_req_combat", a, tj, C(req["combat"]))
                if req.get("controller"):
                    self.add("target_req_controller", a, tj, C(req["controller"]))
                if req.get("other"):
                    self.add("target_req_other", a, tj)
                if req.get("another"):   # 601.2c: "another target": not a target chosen before it
                    self.add("target_req_another", a, tj)
                if req.get("abilities"):   # "target spell or ability" (601.2c)
                    self.add("target_req_abilities", a, tj)
                    if req["abilities"] in ("activated", "triggered"):   # "target activated ability"
                        self.add("target_req_ability_kind", a, tj, C(req["abilities"]))
                if req.get("spells") is False:   # "target activated or triggered ability": no spell
                    self.add("target_req_no_spells", a, tj)
                for t in req.get("source_types") or []:   # "from an artifact source" (113.7)
                    self.add("target_req_source_type", a, tj, C(t.lower()))
                if req.get("multicolored") is True:   # "target multicolored spell" (105.2b)
                    self.add("target_req_multicolored", a, tj)
                if req.get("colorless") is True:   # "target colorless spell" (105.2c)
                    self.add("target_req_colorless", a, tj)
                if req.get("mana_value") == "X":   # "with mana value X" (107.3a, 601.2c)
                    self.add("target_req_mana_value", a, tj, C("x"))
                elif isinstance(req.get("mana_value"), dict):   # "with mana value 3 or less" (202.3)
                    for way, n in req["mana_value"].items():   # ("X or less": the X announced)
                        self.add("target_req_mana_value", a, tj, F(way, [C("x") if n == "X" else N(int(n))]))
                if isinstance(req.get("kicked"), bool):   # 702.33d: "If this spell was kicked, ... instead"
                    self.add("target_req_when", a, tj, C("kicked" if req["kicked"] else "unkicked"))
            for name, value in (eff.get("condition") or {}).items():
                self.add("condition", a, C(name), N(int(value)))
            if eff.get("replace_mana"):
                self.replace_mana(a, eff["replace_mana"])
            tm = eff.get("triggered_mana")
            if isinstance(tm, dict):
                # 603.7, 605.1b: the delayed triggered mana ability a resolved spell creates for the
                # turn (High Tide), named lt(A): no object has it (mana.lp reads it from the state's
                # effects)
                lt = F("lt", [a])
                self.trigger(lt, tm.get("trigger") or {})
                for produce, cond in self.produce(tm.get("mana") or {}):
                    self.add("produces", lt, produce, cond)
            if eff.get("action") == "add_mana" and isinstance(eff.get("produce"), dict):
                prod = eff["produce"]
                for produce, cond in self.produce(prod):
                    self.add("effect_produces", a, produce, cond)
                    if produce.name == "any_combination":
                        for tc in prod.get("types") or "WUBRG":
                            self.add("combination_color", a, C(tc.lower()))
                    if produce.name == "for_each_combination":
                        for tc in prod["for_each"].get("types") or "WUBRG":
                            self.add("combination_color", a, C(tc.lower()))
                if isinstance(prod.get("for_each"), dict):
                    self.for_each_count(a, prod["for_each"])
                # 106.6: the mana of a resolving ability keeps its restriction in the pool
                # (payment.lp reads spend_only/2 of the ability named by a restricted_mana entry)
                self.spend_only(a, prod.get("spend_only"))
        if kind in ("activated", "triggered") and "mana" not in spec:
            # the riders of a resolving ability that `apply` doesn't perform and reports
            # (Domri, Anarch of Bolas: "Creature spells you cast this turn can't be countered")
            for i, np_ in enumerate(spec.get("not_performed") or [], start=1):
                self.add("not_performed", a, N(i), C(np_["kind"]), String(np_["text"]))
            for name, n in (spec.get("rider") or {}).items():  # Narset's "You gain 2 life"
                self.add("rider", a, C(name), N(int(n)))
        return grants

    def effect_params(self, a: Symbol, eff: Mapping[str, Any]) -> None:
        """effect_param(A,E,Name,V): the parameters of effect E of ability A (numbers, the
        counter kind as a string, "X" as x, a target kind or filter as a constant, the token
        a create_tokens effect makes as its card id)."""
        e = C(eff["action"])
        for name, value in eff.items():
            if name == "produce" and isinstance(value, Mapping) and isinstance(value.get("any_color"), int):
                self.add("effect_param", a, e, C("any_color"), Number(value["any_color"]))
            if name in ("action", "condition", "replace_mana", "produce", "text", "triggered_mana"):
                continue   # ("text": the words of a not-modeled part, said by answers.py)
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                self.add("effect_param", a, e, C(name), Number(value))
            elif name in ("counter", "remove_all_counters"):   # a counter kind: a string (122.1)
                self.add("effect_param", a, e, C(name), String(str(value)))
            elif value == "X":
                self.add("effect_param", a, e, C(name), C("x"))
            elif isinstance(value, str):
                self.add("effect_param", a, e, C(name), C(value.lower()))
            elif name == "token" and isinstance(value, Mapping):
                self.add("effect_param", a, e, C(name), Number(self.library.index(token_name(value))))
            elif name == "sacrifice" and isinstance(value, Mapping):
                self.add("effect_param", a, e, C(name), C(str(value.get("type", "permanent")).lower()))
            elif name == "keywords" and isinstance(value, list):
                for k in value:
                    self.add("effect_keyword", a, e, C(str(k)))
            elif name == "target_filter" and isinstance(value, Mapping):
                # 601.2c: target_filter(A,E,Kind,V), the qualifiers of a modeled effect's target
                # creature ("Target creature you control gains haste", Crimson Mage)
                if "controller" in value:
                    self.add("target_filter", a, e, C("controller"), C(str(value["controller"])))
                for col in value.get("colors") or []:
                    self.add("target_filter", a, e, C("color"), C(str(col).lower()))
                if value.get("colorless"):
                    self.add("target_filter", a, e, C("colorless"), C("true"))
                for sub in value.get("subtypes") or []:
                    self.add("target_filter", a, e, C("subtype"), String(str(sub)))

    def trigger(self, a: Symbol, trig: dict) -> None:
        """trigger(A,Event) and its filters: trigger_by(A,Who), trigger_from(A,Zone),
        trigger_spell_type(A,T), trigger_noncreature(A), trigger_what(A,What)."""
        if "event" not in trig:
            return
        self.add("trigger", a, C(trig["event"]))
        if "by" in trig:
            self.add("trigger_by", a, C(trig["by"]))
        if "from" in trig:
            self.add("trigger_from", a, C(trig["from"]))
        for t in trig.get("spell_types") or []:
            self.add("trigger_spell_type", a, C(t.lower()))
        if trig.get("noncreature"):
            self.add("trigger_noncreature", a)
        if trig.get("other"):
            self.add("trigger_other", a)
        if trig.get("of_chosen_color") is True:   # 106.12a: "tapped for mana of the chosen color"
            self.add("trigger_of_chosen_color", a)
        if trig.get("any_mana_ability") is True:   # "a land's ability causes you to add ... mana"
            self.add("trigger_any_mana_ability", a)
        if "controller" in trig:
            self.add("trigger_controller", a, C(trig["controller"]))
        if "if" in trig:   # 603.4: an intervening "if" (kicked, cast, cast_from_hand)
            self.add("trigger_if", a, C(trig["if"]))
        if isinstance(trig.get("min_power"), int):
            self.add("trigger_min_power", a, Number(trig["min_power"]))
        for n in trig.get("chapters") or []:  # 714.2b: chapter_n(A,N), a Saga's chapter ability
            self.add("chapter_n", a, Number(int(n)))
        what = trig.get("what")
        if what in ("enchanted", "same_name_as_exiled"):
            self.add("trigger_what", a, C(what))
        elif isinstance(what, dict):
            for flt in self.filters(what):
                self.add("trigger_what", a, flt)

    def filter(self, what: dict) -> Symbol:
        """A permanent filter: any, type(T), nonbasic(T) (the first of ``filters``)."""
        return self.filters(what)[0]

    def filters(self, what: dict) -> list[Symbol]:
        """A permanent filter as alternatives (any of them matches): any, type(T), nonbasic(T),
        sub(T,S) (type T, or any type when T = any, and subtype S: one term per listed subtype)."""
        subs = what.get("subtypes") or []
        if subs:
            t = C(what["type"].lower()) if "type" in what else C("any")
            return [F("sub", [t, String(s)]) for s in subs]
        if isinstance(what.get("supertypes"), list) and what["supertypes"] and "type" in what:
            # "a snow land" (Winter's Night; 205.4a): type T and supertype S (mana.lp's matches/2)
            return [F("sup", [C(what["type"].lower()), C(what["supertypes"][0].lower())])]
        if isinstance(what.get("non_types"), list) and what["non_types"]:
            # "a nonland permanent" (Kinnan, Bonder Prodigy): non_type(T), a permanent without type T
            return [F("non_type", [C(what["non_types"][0].lower())])]
        if not what or "type" not in what:
            return [C("any")]
        t = C(what["type"].lower())
        if what.get("basic"):   # 205.4c: "a basic land"
            return [F("basic", [t])]
        return [F("nonbasic", [t]) if what.get("nonbasic") else F("type", [t])]

    def for_each_count(self, a: Symbol, fe: dict) -> None:
        """What a for_each counts (mana.lp's fe_count/3): "Add {G} for each creature you control"
        (yc/2 with role count, yc_count/4), "... on the battlefield" (also yc_anyone/2), "for each
        charge counter on ~" (count_counters/2), "equal to ~'s power" (count_self/2)."""
        if "you_control" in fe:
            self.you_control(a, C("count"), fe["you_control"])
        elif "on_battlefield" in fe:
            self.you_control(a, C("count"), fe["on_battlefield"])
            self.add("yc_anyone", a, C("count"))
        elif "counters" in fe:
            self.add("count_counters", a, String(fe["counters"]))
        elif "self" in fe:
            self.add("count_self", a, C(fe["self"]))
        elif "counters_removed" in fe:
            self.add("count_removed", a, String(fe["counters_removed"]))
        elif fe.get("all_counters") is True:
            self.add("count_all_counters", a)
        elif isinstance(fe.get("greatest"), dict):
            self.add("count_greatest", a, C(fe["greatest"]["of"]))
            self.you_control(a, C("greatest"), fe["greatest"].get("among") or {})
        elif isinstance(fe.get("in_graveyard"), dict):
            self.add("count_graveyard", a)
            for t in fe["in_graveyard"].get("types") or []:
                self.add("count_gy_type", a, C(t.lower()))
            for c in fe["in_graveyard"].get("colors") or []:
                self.add("count_gy_color", a, C(c.lower()))
            if fe["in_graveyard"].get("named_self"):
                self.add("count_gy_named", a)
            if fe["in_graveyard"].get("anyone"):
                self.add("count_gy_anyone", a)
        elif fe.get("in_hand") is True:
            self.add("count_hand", a)
        elif isinstance(fe.get("in_hand"), dict):  # the cards of a filter (revealed from the hand)
            self.add("count_hand", a)
            for t in fe["in_hand"].get("types") or []:
                self.add("count_hand_type", a, C(t.lower()))
            if isinstance(fe["in_hand"].get("min_power"), int):
                self.add("count_hand_min_power", a, N(fe["in_hand"]["min_power"]))
            if fe["in_hand"].get("x_in_cost") is True:
                self.add("count_hand_x", a)
        elif fe.get("life") is True:
            self.add("count_life", a)
        elif isinstance(fe.get("devotion"), str):
            self.add("count_devotion", a, C(fe["devotion"].lower()))
        elif fe.get("domain") is True:
            self.add("count_domain", a)
        elif isinstance(fe.get("sacrificed"), str):
            self.add("count_sacrificed", a, C(fe["sacrificed"]))
        if isinstance(fe.get("plus"), int):
            self.add("count_plus", a, N(fe["plus"]))
        if fe.get("any_one_color"):
            for t in fe.get("types") or []:
                self.add("one_color_of", a, C(t.lower()))

    def you_control(self, a: Symbol, role: Symbol, yc: dict) -> None:
        """A "you control" condition of ability A (role: activation | unless): yc(A,Role) with
        yc_type/3 (every listed type), yc_any_type/3 (one of them at least), yc_anyone/2 (any
        player's permanents), yc_subtype/3 (any listed subtype), yc_supertype/3,
        yc_other/2, yc_min/3 and yc_max/3 (at least one permanent when neither is given)."""
        self.add("yc", a, role)
        for t in yc.get("types") or []:
            self.add("yc_type", a, role, C(t.lower()))
        for t in yc.get("supertypes") or []:
            self.add("yc_supertype", a, role, C(t.lower()))
        for t in yc.get("any_types") or []:  # at least one of them
            self.add("yc_any_type", a, role, C(t.lower()))
        if yc.get("anyone"):  # controlled by any player
            self.add("yc_anyone", a, role)
        for s in yc.get("subtypes") or []:
            self.add("yc_subtype", a, role, String(s))
        if yc.get("other"):
            self.add("yc_other", a, role)
        if "min_power" in yc:
            self.add("yc_min_power", a, role, N(int(yc["min_power"])))
        if "min_toughness" in yc:
            self.add("yc_min_toughness", a, role, N(int(yc["min_toughness"])))
        for c in yc.get("colors") or []:
            self.add("yc_color", a, role, C(str(c).lower()))
        for kw in yc.get("keywords") or []:
            self.add("yc_keyword", a, role, name_sym(str(kw).lower()))
        if yc.get("named_self"):
            self.add("yc_named_self", a, role)
        if yc.get("entered_this_turn"):
            self.add("yc_entered_this_turn", a, role)
        if yc.get("tapped"):
            self.add("yc_tapped", a, role)
        if yc.get("controller") == "opponents":
            self.add("yc_opponents", a, role)
        if yc.get("chosen_type"):
            self.add("yc_chosen_type", a, role)
        if yc.get("all_subtypes"):
            self.add("yc_all_subtypes", a, role)
        if "min" in yc:
            self.add("yc_min", a, role, N(int(yc["min"])))
        if "max" in yc:
            self.add("yc_max", a, role, N(int(yc["max"])))
        if "min" not in yc and "max" not in yc:
            self.add("yc_min", a, role, N(1))

    def spend_only(self, a: Symbol, alts: Any) -> None:
        """spend_only(A,I): the mana of A may be spent only as alternative I (or another) allows
        (106.6); spend_alt(A,I,Prop) with Prop: spell, type(T), subtype(S), supertype(S), color(T),
        chosen_type, not_owned, x_in_cost, commander, from(Z), keyword(K), min_mv(N), ability,
        of_type(T), of_chosen_type, x, not_spell, foretell, cost_has_c, unmodeled(K) (all the
        properties of an alternative must hold)."""
        if not isinstance(alts, list):
            return
        for i, alt in enumerate(alts, start=1):
            n = N(i)
            self.add("spend_only", a, n)
            if "spell" in alt:
                for prop in spell_props(alt["spell"] or {}):
                    self.add("spend_alt", a, n, prop)
            if "ability" in alt:
                self.add("spend_alt", a, n, C("ability"))
                for t in (alt["ability"] or {}).get("of_types") or []:
                    self.add("spend_alt", a, n, F("of_type", [C(t.lower())]))
                for t in (alt["ability"] or {}).get("of_subtypes") or []:
                    self.add("spend_alt", a, n, F("of_subtype", [String(t)]))
                if (alt["ability"] or {}).get("of_colorless"):
                    self.add("spend_alt", a, n, C("of_colorless"))
                if (alt["ability"] or {}).get("of_chosen_type"):
                    self.add("spend_alt", a, n, C("of_chosen_type"))
            if alt.get("x"):
                self.add("spend_alt", a, n, C("x"))
            if alt.get("not_spell"):  # "This mana can't be spent to cast nonartifact spells"
                self.add("spend_alt", a, n, C("not_spell"))
            if alt.get("foretell"):  # "to foretell a card from your hand" (116.2h)
                self.add("spend_alt", a, n, C("foretell"))
            if alt.get("cost_has_c"):  # "pay a cost that contains {C}"
                self.add("spend_alt", a, n, C("cost_has_c"))
            if alt.get("unmodeled"):  # an action no rule in scope performs: never matches
                self.add("spend_alt", a, n, F("unmodeled", [C(str(alt["unmodeled"]))]))

    def replace_mana(self, a: Symbol, rm: dict) -> None:
        """replace_mana(A,Filter,Whose,Result): if a permanent matching Filter controlled by Whose
        (any | you) is tapped for mana, Result: fixed(C) | type(T) | any_color | multiply(N); a
        ``by_subtype`` result is one such fact per subtype, of type(T)."""
        when = rm.get("when") or {}
        res = rm.get("result") or {}
        what = when.get("what") or {}
        whose = C(when.get("controller", "any"))
        if isinstance(res.get("by_subtype"), dict):
            # "If tapped for mana, Plains produce {R}, Islands produce {G}, ... instead of any other
            # type" (Naked Singularity): one part per land subtype, each with that subtype as its
            # filter and its type as its result (mana.lp's rep_for/3: one effect, 614.5)
            for sub, t in res["by_subtype"].items():
                self.add("replace_mana", a, self.filter({**what, "subtypes": [sub]}), whose,
                         F("type", [C(t.lower())]))
            return
        if "fixed" in res:
            result = F("fixed", [self.cost(res["fixed"])])
        elif "type" in res:
            result = F("type", [C(res["type"].lower())])
        elif res.get("any_color") is True:
            result = C("any_color")
        else:
            result = F("multiply", [N(int(res.get("multiply", 1)))])
        self.add("replace_mana", a, self.filter(what), whose, result)

    def activation_cost(self, a: Symbol, cost: dict, prefix: str) -> None:
        if cost.get("mana"):
            self.add(f"{prefix}_mana", a, self.cost(cost["mana"]))
        if cost.get("tap"):
            self.add(f"{prefix}_tap", a)
        if cost.get("untap"):
            self.add(f"{prefix}_untap", a)
        sac = cost.get("sacrifice")
        if sac == "self":
            self.add(f"{prefix}_sacrifice", a, C("self"))
        elif isinstance(sac, dict) and sac.get("subtypes") and sac.get("token"):  # "a Prism token"
            self.add(f"{prefix}_sacrifice", a, F("token_of", [F("sub", [C("any"), String(sac["subtypes"][0])])]))
        elif isinstance(sac, dict) and sac.get("subtypes"):
            t = C(sac["type"].lower()) if "type" in sac else C("any")
            self.add(f"{prefix}_sacrifice", a, F("sub", [t, String(sac["subtypes"][0])]))
        elif isinstance(sac, dict) and "type" in sac:
            self.add(f"{prefix}_sacrifice", a, F("type", [C(sac["type"].lower())]))
        elif isinstance(sac, dict) and sac.get("token"):
            self.add(f"{prefix}_sacrifice", a, C("token_perm"))
        elif isinstance(sac, dict) and isinstance(sac.get("types"), list):  # either type
            self.add(f"{prefix}_sacrifice", a, F("either", [C(str(t).lower()) for t in sac["types"]]))
        elif isinstance(sac, dict) and sac.get("permanent"):
            self.add(f"{prefix}_sacrifice", a, C("permanent"))
        elif isinstance(sac, dict) and isinstance(sac.get("non_types"), list):
            self.add(f"{prefix}_sacrifice", a, F("non_type", [C(str(sac["non_types"][0]).lower())]))
        ep = cost.get("exile_permanent")
        if isinstance(ep, dict) and prefix == "activation":
            # chosen as a sacrifice is (mana.lp's sac(L,Opt) options), but exiled (118.3, 406.1)
            self.add("activation_sacrifice", a, F("type", [C(ep["type"].lower())]))
            self.add("activation_exiles_chosen", a)
        if isinstance(sac, dict) and int(sac.get("count", 1)) > 1 and prefix == "activation":
            self.add("activation_sacrifice_count", a, N(int(sac["count"])))
        if isinstance(cost.get("put_counters"), dict) and prefix == "activation":
            # put on the source as the cost is paid (entering.lp's counters_put/3, as a rider's)
            for ck, cn in cost["put_counters"].items():
                self.add("rider_counters", a, String(ck), N(int(cn)))
        if isinstance(cost.get("loyalty"), int) and prefix == "activation":  # 606.4
            self.add("activation_loyalty", a, N(int(cost["loyalty"])))
        if cost.get("loyalty") == "-X" and prefix == "activation":  # 606.4, 107.3a: "[−X]"
            self.add("activation_loyalty", a, N(0))
            self.add("activation_loyalty_x", a)
        if isinstance(cost.get("energy"), int) and prefix == "activation":
            self.add("activation_energy", a, N(int(cost["energy"])))
        if cost.get("discard_hand") is True and prefix == "activation":
            self.add("activation_discard_hand", a)
        if cost.get("return_to_hand") == "self" and prefix == "activation":
            self.add("activation_return_self", a)
        if isinstance(sac, dict) and sac.get("other") and prefix == "activation":
            self.add("activation_sacrifice_other", a)
        for kind, n in (cost.get("remove_counters") or {}).items():
            self.add(f"{prefix}_remove_counter", a, String(kind), N(n))
        if cost.get("exile") == "self" and prefix == "activation":
            self.add("activation_exile_self", a)
        if isinstance(cost.get("remove_any_counters"), str) and prefix == "activation":
            self.add("activation_remove_any", a, String(cost["remove_any_counters"]))
            if isinstance(cost.get("remove_at_least"), int):
                self.add("activation_remove_at_least", a, N(int(cost["remove_at_least"])))
        if cost.get("life"):
            self.add(f"{prefix}_life", a, N(int(cost["life"])))
        if isinstance(cost.get("crew"), int) and prefix == "activation":   # 702.122a
            self.add("activation_crew", a, N(int(cost["crew"])))
        tu = cost.get("tap_untapped")
        if isinstance(tu, dict) and "type" not in tu:
            ts = [C(str(t).lower()) for t in tu.get("types") or []]
            flt = (F("either", ts) if len(ts) >= 2 else F("type", ts) if ts else
                   C("token_perm") if tu.get("token") else
                   F("sup", [C("any"), C(str(tu["supertypes"][0]).lower())]) if tu.get("supertypes") else
                   C("any"))
            self.add(f"{prefix}_tap_untapped", a, flt, N(int(tu.get("count", 1))))
        if isinstance(tu, dict) and "type" in tu:
            subs = tu.get("subtypes") or []
            sups = tu.get("supertypes") or []
            cols = tu.get("colors") or []
            flt = (F("sub", [C(tu["type"].lower()), String(subs[0])]) if subs else
                   F("sup", [C(tu["type"].lower()), C(sups[0].lower())]) if sups else
                   F("col", [C(tu["type"].lower()), C(str(cols[0]).lower())]) if cols else
                   F("nontoken", [C(tu["type"].lower())]) if tu.get("nontoken") else
                   F("type", [C(tu["type"].lower())]))
            self.add(f"{prefix}_tap_untapped", a, flt, N(int(tu.get("count", 1))))
        if isinstance(tu, dict) and tu.get("other") and prefix == "activation":
            self.add("activation_tap_untapped_other", a)   # "Tap another untapped ..."
        rv = cost.get("reveal")
        if isinstance(rv, dict) and prefix == "additional":  # 701.20a
            t = C(str(rv.get("type", "any")).lower())
            flt = (F("sub", [C("any"), String(rv["subtypes"][0])]) if rv.get("subtypes") else
                   F("colorless", [t]) if rv.get("colorless") else F("type", [t]))
            self.add("additional_reveal", a, flt)
        eh = cost.get("exile_from_hand")
        if isinstance(eh, dict) and prefix == "activation":
            # chosen as a discarded card is (payment.lp's discard_for_cost/2), but exiled (406.1)
            self.add("activation_discard", a, C("any"), N(int(eh.get("count", 1))))
            self.add("activation_hand_exile", a)
        if isinstance(cost.get("mill"), int) and prefix == "activation":
            self.add("activation_mill", a, N(cost["mill"]))
        if cost.get("exert") is True and prefix == "activation":
            self.add("activation_exert", a)
        eg = cost.get("exile_from_graveyard")
        if isinstance(eg, dict) and prefix in ("activation", "additional"):
            flt = F("type", [C(eg["type"].lower())]) if "type" in eg else C("any")
            self.add(f"{prefix}_exile_graveyard", a, flt, N(int(eg.get("count", 1))))
        dc = cost.get("discard")
        if dc == "self" and prefix == "activation":
            self.add("activation_discard_self", a)
        if isinstance(dc, dict):
            flt = F("type", [C(dc["type"].lower())]) if "type" in dc else C("any")
            self.add(f"{prefix}_discard", a, flt, N(int(dc.get("count", 1))))

    def produce(self, spec: dict) -> Iterator[tuple[Symbol, Symbol]]:
        if "if_counter" in spec:
            kind = String(spec["if_counter"])
            for p, _ in self.produce(spec["then"]):
                yield p, F("counter", [kind])
            for p, _ in self.produce(spec["else"]):
                yield p, F("no_counter", [kind])
        elif "if_state" in spec:
            what = C(str(spec["if_state"]))
            for p, _ in self.produce(spec["then"]):
                yield p, F("state", [what])
            for p, _ in self.produce(spec["else"]):
                yield p, F("no_state", [what])
        elif "if_you_control" in spec:
            # the conditions are yc(A,ctl(I)) facts (produces() callers add them: you_control_conds)
            for p, _ in self.produce(spec["then"]):
                yield p, C("control")
            for p, _ in self.produce(spec["else"]):
                yield p, C("no_control")
        elif "fixed" in spec:
            yield F("fixed", [self.cost(spec["fixed"])]), C("always")
        elif "choice" in spec:
            for opt in spec["choice"]:
                yield F("choice", [self.cost(opt)]), C("always")
        elif "any_color" in spec:
            yield F("any_color", [N(int(spec["any_color"]))]), C("always")
        elif "any_combination" in spec:
            yield F("any_combination", [N(int(spec["any_combination"]))]), C("always")
        elif "chosen_color" in spec:
            n = int(spec["chosen_color"])
            yield (C("chosen_color") if n == 1 else F("chosen_color", [N(n)])), C("always")
        elif "color_among" in spec:
            yield C("color_among"), C("always")
        elif "self_colors" in spec:  # "one mana of any of this creature's colors" (105.2)
            yield C("self_colors"), C("always")
        elif "exiled_colors" in spec:  # "one mana of any of the exiled card's colors" (607.1)
            yield C("exiled_colors"), C("always")
        elif "color_among_graveyard" in spec:  # "a color of a card in your graveyard"
            yield C("color_among_graveyard"), C("always")
        elif "commander_identity" in spec:
            yield F("commander_identity", [N(int(spec["commander_identity"]))]), C("always")
        elif "or_chosen_color" in spec:
            # "Add {G} or one mana of the chosen color": two options
            yield F("choice", [self.cost(spec["or_chosen_color"])]), C("always")
            yield C("chosen_color"), C("always")
        elif "could_produce" in spec:
            cp = spec["could_produce"]
            col = C("colors") if cp.get("colors_only") else C("types")
            if int(cp.get("amount", 1)) > 1:   # N mana of the one type (mana.lp's admits/2)
                col = F("amt", [col, N(int(cp["amount"]))])
            yield F("could_produce", [C(cp["of"]), col]), C("always")
        elif "same_type_as_produced" in spec:
            yield C("same_type_as_produced"), C("always")
        elif "for_each" in spec:
            if spec["for_each"].get("any_one_color"):
                yield C("for_each_one_color"), C("always")
            elif spec["for_each"].get("any_combination"):
                yield C("for_each_combination"), C("always")
            else:
                yield F("for_each", [self.cost(spec["for_each"]["mana"])]), C("always")

    @staticmethod
    def effects(spec: dict) -> Iterable[dict]:
        if isinstance(spec.get("effect"), dict) and "action" in spec["effect"]:
            yield spec["effect"]
        for e in spec.get("effects") or []:
            if isinstance(e, dict) and "action" in e:
                yield e

    # -- state --------------------------------------------------------------------------------
    def pending_triggers(self, st: GameState, entries: Iterable[Mapping[str, Any]]) -> None:
        """pending_trigger(Src,Ab): a triggered ability of Src (ability Ab) has triggered and waits to be
        put on the stack (pending_triggers: 117.5, 603.3) — for 714.4 (704.5s), a chapter ability that
        has triggered but not yet left the stack."""
        for e in entries:
            ref = e.get("ability") if isinstance(e, Mapping) else None
            sid = ref.get("source") if isinstance(ref, Mapping) else None
            src = st.obj(sid) if isinstance(sid, str) else None
            idx = ref.get("index") if isinstance(ref, Mapping) else None
            if src is None or src.card is None or not isinstance(idx, int) or src.id not in self.ids.objects:
                continue
            scard = self.library.get(src.card)
            fi = 1
            if src.face is not None:
                fi = next((i for i, fc in enumerate(scard.faces, start=1) if fc.name == src.face), 1)
            self.add("pending_trigger", self.ids.obj(src.id), F("a", [self.card(scard), N(fi), N(idx)]))

    def state(self, st: GameState) -> None:
        ids = self.ids
        for i, p in enumerate(st.players):
            ids.players[p.name] = i + 1
            ids.player_names[i + 1] = p.name
        for i, oid in enumerate(sorted(o.id for o in st.objects)):
            ids.objects[oid] = i + 1
            ids.object_names[i + 1] = oid
        self.add("turn", N(st.turn))
        self.add("step", C(st.step))
        self.add("active", ids.player(st.active_player))
        if st.priority is not None:
            self.add("priority", ids.player(st.priority))
        for i, p in enumerate(st.players):
            ps = ids.player(p.name)
            self.add("player", ps)
            self.add("seat", ps, N(i))
            self.add("life", ps, N(p.life))
            self.add("lands_played", ps, N(p.lands_played_this_turn))
            for t, n in p.mana_pool.items():
                if n:
                    self.add("pool", ps, C(t.lower()), N(n))
            # 106.6: rpool(P,I,T,N,A): entry I of P's restricted mana holds N mana of type T,
            # spendable only as ability A's spend restriction allows
            for i, entry in enumerate(p.extra.get("restricted_mana") or [], start=1):
                from mtgasp.state import parse_mana_pool

                card = self.library.get(entry["card"])
                k = self.card(card)
                fi = next((j for j, fc in enumerate(card.faces, start=1)
                           if fc.name == entry.get("face")), 1)
                ab = (self.ability_term(None, card, entry["ability"]) if isinstance(entry["ability"], dict)
                      else F("a", [k, N(fi), N(int(entry["ability"]))]))
                for t, n in parse_mana_pool(entry["mana"]).items():
                    self.add("rpool", ps, N(i), C(t.lower()), N(n), ab)
                if isinstance(entry.get("chosen_type"), str):  # 205.3m: "of the chosen type"
                    self.add("rpool_chosen", ps, N(i), String(entry["chosen_type"]))
            if isinstance(p.extra.get("mana_pool_snow"), str):  # 107.4h
                syms = re.findall(r"\{([WUBRGC])\}", p.extra["mana_pool_snow"])  # validated
                for t in sorted(set(syms)):
                    self.add("pool_snow", ps, C(t.lower()), N(syms.count(t)))
            if p.last_turn is not None:
                self.add("last_turn_override", ps, N(p.last_turn))
            if isinstance(p.extra.get("energy"), int):  # 107.14: energy counters
                self.add("energy", ps, N(p.extra["energy"]))
            if isinstance(p.extra.get("poison"), int):  # 122.1f: poison counters
                self.add("poison", ps, N(p.extra["poison"]))
            for key in ("attackers_this_turn", "damage_taken_this_turn"):
                if isinstance(p.extra.get(key), int):
                    self.add(key, ps, N(p.extra[key]))
            for key in ("library_size", "hand_size"):
                if isinstance(p.extra.get(key), int):
                    self.add(f"{key}_given", ps, N(p.extra[key]))
            for cname in p.extra.get("commanders") or []:  # 903.3
                card = self.library.get(cname)
                k = self.card(card)
                self.add("commander", ps, k)
                for col in text_mana_colors(card):
                    self.add("text_mana_color", k, C(col.lower()))
            for cname, n in (p.extra.get("commander_casts") or {}).items():  # 903.8
                self.add("commander_casts", ps, self.card(self.library.get(cname)), N(n))
        library_pos: dict[str, int] = {}
        for o in st.objects:
            os = ids.obj(o.id)
            self.add("object", os)
            self.add("owner", os, ids.player(o.owner))
            self.add("controller", os, ids.player(o.controller or o.owner))
            self.add("in_zone", os, ZONE_SYMBOLS[o.zone])
            self.add("controlled_since", os, N(o.controlled_since_turn))
            if o.card is not None:
                card = self.library.get(o.card)
                k = self.card(card)
                self.add("card_of", os, k)
                if o.zone in ("stack", "battlefield"):
                    fi = 1
                    if o.face is not None:
                        fi = next(i for i, fc in enumerate(card.faces, start=1) if fc.name == o.face)
                    self.add("face_up", os, N(fi))
                if o.foretell_cost is not None:
                    self.foretell_cost(os, card, o.foretell_cost)
                red = o.extra.get("foretell_reduction")
                if red is not None:   # 601.2f, 107.3: what the given foretell cost is still reduced by
                    for fi, face in enumerate(card.faces, start=1):
                        n = red if isinstance(red, int) else red.get(face.name)
                        if n:
                            self.add("foretell_reduction_given", os, N(fi), N(int(n)))
            if o.tapped:
                self.add("tapped", os)
            if o.face_down:
                self.add("face_down", os)
            for kind, n in o.counters.items():
                if self.private_kinds:
                    self._pending_counters.append((os, kind, n))
                else:
                    self.add("counters", os, String(kind), N(n))
                    self._pt_kind(kind, String(kind))
            if o.attached_to is not None:
                self.add("attached", os, ids.obj(o.attached_to))
            if o.foretold_turn is not None:
                self.add("foretold", os, N(o.foretold_turn))
            if o.plotted_turn is not None:
                self.add("plotted", os, N(o.plotted_turn))
            if o.exiled_with is not None:
                self.add("exiled_with", os, ids.obj(o.exiled_with))
            if o.cast_from is not None:
                self.add("cast_from", os, ZONE_SYMBOLS[o.cast_from])
            if o.method is not None:
                self.add("spell_method", os, C(o.method))
            if o.x is not None:
                self.add("spell_x", os, N(o.x))
            if o.mana_spent is not None:
                self.add("mana_spent", os, N(o.mana_spent))
            if o.kicked:
                self.add("kicked", os)
                if isinstance(o.extra.get("times_kicked"), int):   # 702.33c: a multikicker cost paid N times
                    self.add("times_kicked", os, N(int(o.extra["times_kicked"])))
            if o.extra.get("chosen_color") in ("W", "U", "B", "R", "G"):
                self.add("chosen_color", os, C(str(o.extra["chosen_color"]).lower()))
            if isinstance(o.extra.get("chosen_type"), str):
                self.add("chosen_type", os, String(o.extra["chosen_type"]))
            if o.zone == "library":
                library_pos[o.owner] = library_pos.get(o.owner, 0) + 1
                self.add("library_pos", os, N(library_pos[o.owner]))
            if o.ability is not None and o.ability.granted_by is not None:
                # 113.2: an ability another card grants its source (Umbral Mantle's): a(K',F',g(J)),
                # the term the granting card's abilities have (card(): grants/3); its source is the
                # object that had it, or itself once that object has ceased to exist (113.7a)
                src = st.obj(o.ability.source)
                granter = self.library.get(o.ability.granted_by)
                term = self.ability_term(src, granter, {"granted_by": granter.name, "index": o.ability.index})
                self.add("stack_ability", os, ids.obj(src.id) if src is not None else os, term)
            elif o.ability is not None:
                src = st.obj(o.ability.source)
                if src is not None and src.card is not None:
                    scard = self.library.get(src.card)
                    k = self.card(scard)
                    fi = 1
                    if src.face is not None:
                        fi = next(i for i, fc in enumerate(scard.faces, start=1) if fc.name == src.face)
                    self.add("stack_ability", os, ids.obj(src.id), F("a", [k, N(fi), N(o.ability.index)]))
                elif src is None and o.ability.card is not None:
                    # 113.7a: its source has ceased to exist (a token sacrificed to pay its cost);
                    # the ability stands as its own source (no characteristics, on no battlefield)
                    k = self.card(self.library.get(o.ability.card))
                    self.add("stack_ability", os, os, F("a", [k, N(1), N(o.ability.index)]))
        self.pending_triggers(st, st.document.get("pending_triggers") or ())
        for o in st.objects:
            os = ids.obj(o.id)
            if o.extra.get("dream_exile"):
                self.add("dream_exile", os)
            if o.extra.get("legend_kept"):   # 704.5j, 101.4: kept while another choice is made
                self.add("legend_kept_mark", os)
            if o.extra.get("refers_to") in ids.objects:
                self.add("refers_to", os, ids.obj(o.extra["refers_to"]))
            for name in o.extra.get("seen_by") or []:
                if name in ids.players:
                    self.add("seen_by", os, ids.player(name))
            if o.extra.get("choosing_targets"):   # 603.3d: its controller is choosing its targets
                self.add("choosing_targets", os)
            if o.extra.get("lost_targets"):   # 608.2b: a target that has ceased to exist
                self.add("target_gone", os)
            for t in o.extra.get("targets") or []:
                if t in ids.objects:
                    self.add("target", os, ids.obj(t))
                elif t in ids.players:
                    self.add("target_player", os, ids.player(t))
            for i, c in enumerate(o.extra.get("looking_at") or [], start=1):
                if c in ids.objects:
                    self.add("looking_at", os, ids.obj(c), Number(i))
            if o.extra.get("damage"):
                self.add("damage", os, Number(o.extra["damage"]))
            if o.extra.get("pump"):
                self.add("pump", os, Number(o.extra["pump"]["power"]), Number(o.extra["pump"]["toughness"]))
            for k in o.extra.get("gained_keywords") or []:   # 611.2a: until end of turn
                self.add("gained_keyword", os, name_sym(k))
            if o.extra.get("control_returns_to") in ids.players:   # 613.1b, 514.2
                self.add("control_returns_to", os, ids.player(o.extra["control_returns_to"]))
            anim = o.extra.get("animated")
            if anim:   # 205.1b, 613.1d, 613.4b: it has become a creature until end of turn
                self.add("animated", os, Number(anim["power"]), Number(anim["toughness"]))
                for t in anim.get("types") or ["Creature"]:
                    self.add("animated_type", os, C(t.lower()))
                for sub in anim.get("subtypes") or []:
                    self.add("animated_subtype", os, String(sub))
                if anim.get("all_creature_types"):
                    self.add("animated_all_types", os)
                if "colors" in anim:
                    self.add("animated_colors_set", os)
                    for c in anim["colors"]:
                        self.add("animated_color", os, C(c.lower()))
                for k in anim.get("keywords") or []:
                    self.add("animated_keyword", os, name_sym(k))
            if o.extra.get("token"):
                self.add("token", os)
            if o.extra.get("skip_untap"):
                self.add("skip_untap", os)
            if o.extra.get("combat") == "attacking":   # 506.4: in combat (508.1, 509.1)
                self.add("attacking", os)
                if o.extra.get("blocked"):   # 509.1h
                    self.add("blocked", os)
            elif o.extra.get("combat") == "blocking":
                self.add("blocking", os)
            if isinstance(o.extra.get("entered_turn"), int):
                self.add("entered_turn", os, N(o.extra["entered_turn"]))
            if isinstance(o.extra.get("timestamp"), int):   # 613.7a, 613.7d, 613.7e
                self.add("timestamp", os, N(o.extra["timestamp"]))
            for i in o.extra.get("activated_this_turn") or []:
                self.add("activated_this_turn", os, N(int(i)))
            for i in o.extra.get("activated_ever") or []:
                self.add("activated_ever", os, N(int(i)))
        if any(changes_land_types(self.library.get(o.card)) for o in st.objects
               if o.card is not None and o.zone == "battlefield"):
            self.intrinsic_abilities()
        self.add("consecutive_passes", N(int(st.document.get("consecutive_passes") or 0)))
        for i, name in enumerate(st.document.get("extra_turns") or [], start=1):
            self.add("extra_turn", Number(i), ids.player(name))
        for name in st.document.get("losers") or []:
            self.add("lost", ids.player(name))
        if st.document.get("winner") is not None:
            self.add("won", ids.player(st.document["winner"]))
        if st.document.get("starting_player") is not None:   # 103.1
            self.add("starting_player", ids.player(st.document["starting_player"]))
        if st.document.get("priority_after") is not None:   # 704.3
            self.add("priority_after", ids.player(st.document["priority_after"]))
        if st.document.get("next_in_turn_order") is not None:   # 500.7
            self.add("next_in_turn_order", ids.player(st.document["next_in_turn_order"]))
        for p in st.players:
            if p.extra.get("drew_from_empty_library"):
                self.add("drew_from_empty", ids.player(p.name))
            if p.extra.get("citys_blessing"):
                self.add("citys_blessing", ids.player(p.name))   # 702.131c
        for i, oid in enumerate(st.stack, start=1):
            self.add("stack_pos", ids.obj(oid), N(i))
        if st.resolving is not None:
            self.add("resolving", ids.obj(st.resolving))
        for i, e in enumerate(st.effects, start=1):
            k = self.card(self.library.get(e.card))
            self.add("lasting_effect", N(i), k, ids.player(e.controller), C(e.duration or "permanent"))

    def intrinsic_abilities(self) -> None:
        """305.6: the intrinsic mana ability of each basic land type, which a land that gains the
        type from a land type-changing effect (305.7) has: intrinsic_ability(S,A), A = a(K,1,intrinsic)
        with K the basic land card named S (its ability 1 is that ability, docs/card-format.md)."""
        from mtgasp.cards import BASIC_LAND_TYPES

        if self._intrinsic_done:
            return
        self._intrinsic_done = True
        for t in BASIC_LAND_TYPES:
            card = self.library.get(t)
            k = self.card(card)
            ab = card.faces[0].abilities[0]
            a = F("a", [k, N(1), C("intrinsic")])
            self.ability(a, ab.kind, ab.spec, k, N(1), 0)
            self.add("intrinsic_ability", String(t), a)

    def foretell_cost(self, os: Symbol, card: Card, cost: str | Mapping[str, str]) -> None:
        if isinstance(cost, str):
            for fi in range(1, len(card.faces) + 1):
                self.add("foretell_cost_given", os, N(fi), self.cost(cost))
        else:
            for fi, face in enumerate(card.faces, start=1):
                if face.name in cost:
                    self.add("foretell_cost_given", os, N(fi), self.cost(cost[face.name]))

    # -- queries ------------------------------------------------------------------------------
    def action_term(self, action: Action, st: GameState) -> Symbol:
        """The term of an action (actions.lp): cast(O,M,F,K), play_land(O), activate(O,A),
        foretell(O), plot(O,A) (A = any when the action names no ability), pass."""
        ids = self.ids
        if action.kind in ("pass", "decline", "proceed"):
            return C(action.kind)
        o = st.obj(action.object or "")
        assert o is not None  # validated by actions.parse_action
        if action.kind == "choose" and o.card is None:   # 603.3d: a triggered ability's target
            return F("choose", [ids.obj(o.id)])
        assert o.card is not None
        os = ids.obj(o.id)
        card = self.library.get(o.card)
        self.card(card)
        if action.kind == "cast":
            fi = 1
            if action.face is not None:
                fi = next(i for i, fc in enumerate(card.faces, start=1) if fc.name == action.face)
            # K: how many times the optional additional costs are paid (kicker once, multikicker
            # any number of times; an optional "additional_cost" ability: paid when K >= 1).
            kick = sum(1 for a in action.additional if a == "kicker")
            if "additional_cost" in action.additional:
                kick = max(kick, 1)
            return F("cast", [os, C(action.method or "normal"), N(fi), N(kick)])
        if action.kind == "decline":
            return C("decline")
        if action.kind in ("activate", "plot"):
            if action.ability is None:
                return F(action.kind, [os, C("any")])
            return F(action.kind, [os, self.ability_term(o, card, action.ability)])
        return F(action.kind, [os])

    def action_facts(self, term: Symbol, action: Action, st: GameState) -> None:
        """The choices an action names besides its term: the land face a modal double-faced card
        is played with (query_face/2, 712.12)."""
        if action.kind == "play_land" and action.face is not None:
            o = st.obj(action.object or "")
            assert o is not None and o.card is not None
            card = self.library.get(o.card)
            fi = next(i for i, fc in enumerate(card.faces, start=1) if fc.name == action.face)
            self.add("query_face", term, N(fi))
        for sid in action.sacrifice:  # 118.3: the permanents the action names to sacrifice
            if sid in self.ids.objects:
                self.add("query_sac", term, self.ids.obj(sid))
        for key, ids in action.cost_choices:  # 118.3: the objects it names for the other parts of the cost
            self.add("query_cost_named", term, C(key))
            for cid in ids:
                if cid in self.ids.objects:
                    self.add("query_pay", term, C(key), self.ids.obj(cid))

    def ability_term(self, o: Any, card: Card, ref: Any) -> Symbol:
        """a(K,F,I) for the object's own ability I; a(K',F',g(N)) for the N-th ability granted by
        card K' ({"granted_by": name, "index": N})."""
        if isinstance(ref, dict) and "intrinsic" in ref:   # 305.6: a(K,1,intrinsic)
            self.intrinsic_abilities()
            return F("a", [N(self.library.index(str(ref["intrinsic"]))), N(1), C("intrinsic")])
        if isinstance(ref, dict):
            granter = self.library.get(ref["granted_by"])
            k = self.card(granter)
            n = int(ref["index"])
            grants = granter.grants()
            if 1 <= n <= len(grants):   # (card(): g(J) numbers a face's own grants)
                fi, j, _ = grants[n - 1]
                return F("a", [k, N(fi), F("g", [N(j)])])
            return F("a", [k, N(1), F("g", [N(n)])])
        fi = 1
        if o.face is not None and o.zone in ("stack", "battlefield"):
            fi = next(i for i, fc in enumerate(card.faces, start=1) if fc.name == o.face)
        return F("a", [N(self.library.index(card.name)), N(fi), N(int(ref))])


def changes_land_types(card: Card) -> bool:
    """The card has a land type-changing static ability (305.7, 613.1d: card format `land_type`)."""
    return any(ab.kind == "static" and "land_type" in ab.spec for face in card.faces for ab in face.abilities)


def ability_of(card: Card, face_index: int, index: int) -> Ability | None:
    face = card.faces[face_index - 1]
    for ab in face.abilities:
        if ab.index == index:
            return ab
    return None


_REMINDER_TEXT = re.compile(r"\([^()]*\)")

# 603.1: a triggered ability starts with "when", "whenever" or "at" (after an ability word's
# "Name — "); its trigger condition runs to the first comma.
_ABILITY_WORD = re.compile(r"^[A-Z][\w' -]{0,40} — ")


def not_modeled_trigger_events(text: str | None, name: str | None = None) -> tuple[str, ...]:
    """The kinds of game event a not-modeled triggered ability's trigger condition names (603.2):
    ``dies`` (700.4: put into a graveyard from the battlefield), ``enters``, ``leaves``, ``step``
    ("at the beginning of ..."), ``cast``, ``cast_self`` ("When you cast this spell"), ``draw``, ``tapped``
    (a permanent becomes tapped; ``tapped_self``: the ability's own permanent, ``tapped_attached``: the one
    it is attached to, ``tapped_opponent``: one an opponent of its controller controls; NAME, the face's
    name, is a way to say "itself"); ``other``
    for one that names none of them;
    ``()`` for a line that isn't a triggered ability (outcomes.lp names such an ability only when
    one of those events happens; found by probe17b: Doomed Traveler's dies trigger was named with
    every action)."""
    t = _ABILITY_WORD.sub("", (text or "").strip())
    if not t.startswith(("When ", "Whenever ", "At ")):
        return ()
    cond = t.split(",", 1)[0].lower()
    events = []
    if re.search(r"\bdies?\b|\bdie\b|into (?:a|your|an opponent's|their) graveyard from the battlefield", cond):
        events.append("dies")
    if re.search(r"\benters?\b", cond):
        events.append("enters")
    if "leaves the battlefield" in cond or "leave the battlefield" in cond:
        events.append("leaves")
    if cond.startswith("at the beginning of"):
        events.append("step")
    # "When you cast this spell" (Hydroid Krasis) triggers from the stack as its own card is cast,
    # never on the battlefield (found by probe22a: it was left out silently as the card was cast)
    if re.search(r"\bcasts? (?:this spell|this card|~)\b", cond):
        events.append("cast_self")
    elif re.search(r"\bcasts?\b", cond):
        events.append("cast")
    if re.search(r"\bdraws?\b", cond):
        events.append("draw")
    # 702.170a: "When this card becomes plotted" (Longhorn Sharpshooter) triggers as its own card is
    # plotted, from exile; 510.2: "deals combat damage" never happens in apply, which deals no
    # combat damage (found by probe18b: Evercoat Ursine's was named with every pass, Longhorn
    # Sharpshooter's never)
    if re.search(r"\bbecomes? plotted\b", cond):
        events.append("plotted")
    if re.search(r"\bcombat damage\b", cond):
        events.append("combat_damage")
    # "Whenever this land becomes tapped" (City of Brass), "Whenever you tap this land for mana"
    # (Forbidden Orchard): a permanent becomes tapped (found by probe21a: City of Brass's trigger was
    # named with every action, its land untapped)
    if re.search(r"\bbecomes? tapped\b|\bis tapped\b|\btaps?\b", cond):
        # whose tapping it watches (found by probe22b: City of Brass's "Whenever this land becomes
        # tapped" was named as a Forest was tapped, Vorinclex's "Whenever an opponent taps a land
        # for mana" as its controller tapped one): the permanent itself, the one it is attached to,
        # an opponent's, or any (603.2)
        # (a condition with "or" names another event too, Artifact Possession's "or a player
        # activates an ability of enchanted artifact": any tapping, as before)
        names = {n.lower() for n in (name, (name or "").split(",")[0]) if n}
        if " or " in cond:
            events.append("tapped")
        elif (re.search(r"\bthis (?:land|creature|artifact|enchantment|permanent|vehicle)\b", cond)
              or any(re.search(rf"\b{re.escape(n)} (?:becomes|is) tapped\b", cond) for n in names)):
            events.append("tapped_self")
        elif re.search(r"\b(?:enchanted|equipped|fortified) (?:land|creature|permanent|artifact)\b", cond):
            events.append("tapped_attached")
        elif re.search(r"\ban opponent taps\b|\ban opponent controls becomes tapped\b", cond):
            events.append("tapped_opponent")
        else:
            events.append("tapped")
    return tuple(events) or ("other",)
_BASIC_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def text_mana_colors(card: Card) -> list[str]:
    """The colors of the mana symbols in a card's rules text, every face (903.4): its Oracle text without reminder text, a hybrid symbol giving both
    colors; a land with a basic land type has that type's intrinsic mana ability (305.6)."""
    found: set[str] = set()
    for face in card.faces:
        for sym in re.findall(r"\{([^{}]*)\}", _REMINDER_TEXT.sub("", face.oracle)):
            found |= {c for c in "WUBRG" if c in sym}
        if "Land" in face.types:
            found |= {_BASIC_COLORS[t] for t in face.subtypes if t in _BASIC_COLORS}
    return [c for c in "WUBRG" if c in found]

