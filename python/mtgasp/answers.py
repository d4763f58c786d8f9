"""Decode model atoms into answers: verdicts on actions, reasons with judge-readable sentences,
total costs, payment plans. Nothing else knows how an atom becomes a result.

Reason messages come from the encodings as ``(Template, Args)``: the template is a Python format
string written in the .lp file; each argument is rendered here from its term (``obj(O)``,
``player(P)``, ``face_of(O,F)``, ``total(A)``, ...), so the encodings never see user strings.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from clingo import Function, Symbol, SymbolType

from mtgasp.facts import Ids
from mtgasp.model import MANA_TYPES, Action, GameState, hybrid_term_key, render_cost
from mtgasp.solver import sym_args

_WHERE = {"battlefield": "on the battlefield", "stack": "on the stack", "exile": "in exile",
          "command": "in the command zone"}
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _counters(n: int, kind: str) -> str:
    """'a +1/+1 counter', '3 charge counters' (cost text, 118.3)."""
    return f"{'a' if n == 1 else n} {kind} counter{'s' if n != 1 else ''}"


_ARTICLE = {"artifact": "an artifact", "enchantment": "an enchantment", "instant": "an instant"}
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def rule_key(rule: str) -> tuple:
    """Sort key for CR numbers such as 601.2h, 107.5, 702.143a."""
    parts = re.findall(r"\d+|[a-z]+", rule)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


@dataclass(frozen=True)
class Reason:
    rule: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class ManaUse:
    """One mana ability activated while paying: which permanent, which ability, what it added."""

    source: str
    ability: Any
    mana: str
    sacrificed: str | None = None
    # 605.4a, 106.3: what the triggered mana abilities the activation triggered added, each the mana
    # of its own source (Wild Growth's {G} is not the Forest's): (source, ability, mana)
    triggered: tuple[tuple[str, Any, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"source": self.source, "ability": self.ability, "adds": self.mana}
        if self.sacrificed:
            out["sacrificing"] = self.sacrificed
        if self.triggered:
            out["triggered"] = [{"source": s, "ability": a, "adds": m} for s, a, m in self.triggered]
        return out

    def text(self) -> str:
        """`f1:{G} (+wg:{G})`: the source's own mana, then each triggered mana ability's."""
        return f"{self.source}:{self.mana}" + "".join(f" (+{s}:{m})" for s, _a, m in self.triggered)


def cost_has_mana(cost: str | None) -> bool:
    """Whether a total cost's text has a mana symbol to pay (not only {T}, {Q} or {E}): only then does
    a payment spend the mana pool's mana (106.4)."""
    return cost is not None and re.search(r"\{(?![TQE]\})[^}]+\}", cost) is not None


@dataclass(frozen=True)
class Plan:
    pool: str
    sources: tuple[ManaUse, ...] = ()
    sacrifices: tuple[str, ...] = ()
    x: int | None = None
    # 106.6: the restricted mana of the pool spent, "{R}{R} (entry 1)" (the state's restricted_mana)
    restricted: tuple[str, ...] = ()
    # 107.4f, 119.4: the life paid for Phyrexian mana symbols (2 for each one not paid with mana)
    life: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pool": self.pool, "mana_abilities": [s.to_json() for s in self.sources]}
        if self.restricted:
            out["restricted_mana"] = list(self.restricted)
        if self.sacrifices:
            out["sacrifice"] = list(self.sacrifices)
        if self.life:
            out["life"] = self.life
        if self.x is not None:
            out["x"] = self.x
        return out


@dataclass
class Verdict:
    """Everything the encodings said about one action."""

    action: Action
    term: Symbol
    legal: bool = False
    reasons: list[Reason] = field(default_factory=list)
    permits: list[str] = field(default_factory=list)
    cost: str | None = None
    x_max: int | None = None
    has_x: bool = False
    plan: Plan | None = None
    costed: bool = False
    ok: bool = False
    # (rule, message) of each reason given if no payment is found
    unpayable_atoms: list[tuple[Symbol, Symbol]] = field(default_factory=list)
    free: bool = False  # cast without paying its mana cost, which has X: X is 0 (107.3b)
    x_upper: int | None = None  # the most X that the available mana could pay (payment.lp)
    x_min: int = 0  # "X can't be 0" (costs.lp x_lower/2, 107.3a)
    # "Remove X ki counters" (Petalmane Baku, 107.3a): X is at most the counters the source has
    removes_x: bool = False  # "Remove X ki counters", "[−X]": X is the number of counters removed
    x_unstated: int | None = None  # ... and the X taken when the action names none (costs.lp)
    needs_target: bool = False  # the spell targets (601.2c): apply needs the action's targets
    cost_free: bool = False  # costed, but no mana, X or sacrifice to pay: no payment search
    unpayable: bool = False  # a face with no mana cost cast by paying it (118.6), or an alternative cost
    # it hasn't (118.9): cost stays None, and no payment plan is shown

    def to_json(self) -> dict[str, Any]:
        out = self.action.to_json()
        # every move carries "cost" (contracts.md section 2): null where there is none to pay (pass,
        # play_land, choose, decline, proceed; a face with no mana cost cast for it, 118.6)
        out["cost"] = self.cost if self.costed else None
        # (X of a mana cost, or of "Remove X counters")
        if self.costed and self.cost is not None and (self.has_x or self.x_max is not None):
            out["x"] = {"min": self.x_min, "max": self.x_max}
        out["rules"] = self.permits
        if self.plan is not None and not self.unpayable:   # (no cost to pay: no plan to show)
            out["payment"] = self.plan.to_json()
        return out

    def why_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action.to_json(), "legal": self.legal}
        if self.legal:
            out["rules"] = self.permits
        else:
            out["reasons"] = [r.to_json() for r in self.reasons]
        if self.costed and self.cost is not None:
            out["cost"] = self.cost
        if self.plan is not None and self.legal:
            out["payment"] = self.plan.to_json()
        return out


class Decoder:
    """Turns terms into Python values for one query (knows the id mapping and the cards)."""

    def __init__(self, ids: Ids, state: GameState, library: Any):
        self.ids = ids
        self.state = state
        self.library = library
        self.totals: dict[Symbol, dict[str, int]] = defaultdict(dict)
        self.chosen_x: dict[Symbol, int] = {}  # the X an action announced (its "x" field)
        self.x_reduced: dict[Symbol, int] = {}  # 601.2f: a cost reduction left for X (x_reduction/2)
        self.sacrifices: dict[Symbol, list[Symbol]] = defaultdict(list)
        self.sacrifice_counts: dict[Symbol, int] = {}

    # -- names --------------------------------------------------------------------------------
    def obj_id(self, sym: Symbol) -> str:
        return self.ids.object_names[sym.number]

    def trig_source(self, sym: Symbol) -> str:
        """The source of a triggered mana ability: an object's id, or, for the delayed triggered
        mana ability of a resolved spell (603.7: High Tide; mana.lp's le(E)), the path of its
        entry in the state's effects, ``effects[0]``."""
        if sym.type == SymbolType.Function and sym.name == "le":
            return f"effects[{sym.arguments[0].number - 1}]"
        return self.obj_id(sym)

    def obj_label(self, sym: Symbol) -> str:
        oid = self.obj_id(sym)
        o = self.state.obj(oid)
        if o is not None and o.card:
            return f"{o.card} ({oid})"
        return oid

    def card_of(self, sym: Symbol):
        o = self.state.obj(self.obj_id(sym))
        return self.library.get(o.card) if o is not None and o.card else None

    def face_name(self, osym: Symbol, fi: int) -> str:
        card = self.card_of(osym)
        if card is None or fi > len(card.faces):
            return self.obj_label(osym)
        return card.faces[fi - 1].name

    @staticmethod
    def _granted(card: Any, fi: int, j: int) -> Mapping[str, Any] | None:
        """The ability face ``fi``'s J-th granting ability grants (a(K,F,g(J)), Card.grants)."""
        return next((inner for f, jj, inner in card.grants() if (f, jj) == (fi, j) and inner), None)

    def ability_ref(self, a: Symbol) -> Any:
        """The JSON form of ability a(K,F,I): the index, or {"granted_by": card, "index": N}."""
        k, f, i = sym_args(a)
        if i.type == SymbolType.Number:
            return i.number
        name = self.ids.card_names.get(k.number, "?")
        if i.name == "intrinsic":   # 305.6: a(K,1,intrinsic), K the basic land card of the type
            return {"intrinsic": name}
        card = self.library.get(name) if name in self.library else None
        j = sym_args(i)[0].number
        return {"granted_by": name, "index": card.grant_number(f.number, j) if card else j}

    def ability_spec(self, a: Symbol) -> tuple[str, dict] | None:
        """(text, spec) of ability a(K,F,I), including abilities granted by a static ability (g(N))."""
        k, f, i = sym_args(a)
        name = self.ids.card_names.get(k.number)
        card = self.library.get(name) if name else None
        if card is None:
            return None
        face = card.faces[f.number - 1]
        if i.type == SymbolType.Function and i.name == "intrinsic":   # 305.6
            return face.abilities[0].text, dict(face.abilities[0].spec)
        if i.type == SymbolType.Number:
            for ab in face.abilities:
                if ab.index == i.number:
                    return ab.text, dict(ab.spec)
            return None
        inner = self._granted(card, f.number, sym_args(i)[0].number)
        return (inner.get("text", ""), dict(inner)) if inner is not None else None

    def cost_extras(self, term: Symbol) -> list[str]:
        """The non-mana parts of an action's cost, in Oracle order ({T}, {Q}, remove, sacrifice)."""
        extras: list[str] = []
        costs: list[dict] = []
        if term.name == "activate":
            found = self.ability_spec(sym_args(term)[1])
            cost = found[1].get("cost") if found else None
            # a keyword's cost is a mana cost text (plot granted by Fblthp): no non-mana parts
            costs.append(cost if isinstance(cost, dict) else {})
        elif term.name == "cast":
            costs.extend(self.cast_cost_parts(term))
        for cost in costs:
            loy = cost.get("loyalty")  # 606.4: a loyalty ability's cost puts or removes loyalty counters
            if isinstance(loy, int) and loy != 0:
                n = abs(loy)
                what = _counters(n, "loyalty")
                extras.append(f"put {what} on it" if loy > 0 else f"remove {what} from it")
            if loy == "-X":  # "[−X]": X loyalty counters, X announced (107.3a)
                extras.append("remove X loyalty counters from it")
            if cost.get("tap"):
                extras.append("{T}")
            if cost.get("untap"):
                extras.append("{Q}")
            for kind, n in (cost.get("put_counters") or {}).items():  # 118.3, 122.1: Wall of Roots
                extras.append(f"put {_counters(n, kind)} on it")
            if cost.get("return_to_hand") == "self":  # 118.3: "Return this land to its owner's hand"
                extras.append("return it to its owner's hand")
            for kind, n in (cost.get("remove_counters") or {}).items():
                extras.append(f"remove {_counters(n, kind)}")
            if cost.get("remove_any_counters"):
                # 107.3a: "Remove X ki counters" (Petalmane Baku) has an X the action's `x` chooses
                text = found[0] if term.name == "activate" and found else ""
                many = "X" if re.search(r"\bRemove X\b", text or "", re.IGNORECASE) else (
                    "one or more" if cost.get("remove_at_least") == 1 else "any number of")
                extras.append(f"remove {many} {cost['remove_any_counters']} counters")
            if cost.get("exile") == "self":
                extras.append("exile it")
            if cost.get("discard_hand"):
                extras.append("discard your hand")
            sac = cost.get("sacrifice")
            if sac == "self":
                extras.append("sacrifice it")
            elif self.sacrifices.get(term):
                pass  # "sacrifice a land": listed below from sacrifice_required/3
            elif isinstance(sac, dict) and sac.get("subtypes"):
                sub = sac["subtypes"][0] + (f" {sac['type'].lower()}" if "type" in sac else
                                            " token" if sac.get("token") else "")
                extras.append(f"sacrifice {'an' if sub[:1] in 'AEIOU' else 'a'} {sub}")
            elif isinstance(sac, dict) and "type" in sac and sac.get("other"):
                extras.append(f"sacrifice another {sac['type'].lower()}")
            elif isinstance(sac, dict) and "type" in sac:
                t = sac["type"].lower()
                extras.append(f"sacrifice {_ARTICLE.get(t, 'a ' + t)}")
            if isinstance(cost.get("crew"), int):   # 702.122a
                extras.append(f"tap any number of other untapped creatures you control with total power "
                              f"{cost['crew']} or greater")
            tu = cost.get("tap_untapped")
            if isinstance(tu, dict) and "type" not in tu:
                n = int(tu.get("count", 1))
                t = (" or ".join(x.lower() for x in tu["types"]) if tu.get("types") else
                     "token" if tu.get("token") else "permanent")
                if tu.get("supertypes"):
                    t = f"{tu['supertypes'][0].lower()} {t}"
                extras.append(f"tap an untapped {t} you control" if n == 1
                              else f"tap {n} untapped {t}s you control")
            if isinstance(tu, dict) and "type" in tu:
                n, t = int(tu.get("count", 1)), tu["type"].lower()
                if tu.get("subtypes"):
                    t = f"{tu['subtypes'][0]} {t}"
                if tu.get("supertypes"):
                    t = f"{tu['supertypes'][0].lower()} {t}"
                if tu.get("colors"):
                    t = f"{_COLOR_NAMES.get(tu['colors'][0], tu['colors'][0])} {t}"
                if tu.get("nontoken"):
                    t = f"nontoken {t}"
                extras.append(f"tap another untapped {t} you control" if tu.get("other") else
                              f"tap an untapped {t} you control" if n == 1
                              else f"tap {n} untapped {t}s you control")
            eg = cost.get("exile_from_graveyard")
            if isinstance(eg, dict):
                n = int(eg.get("count", 1))
                kind = f" {eg['type'].lower()}" if "type" in eg else ""
                extras.append(f"exile {'a' if n == 1 else n}{kind} card{'s' if n != 1 else ''} "
                              "from your graveyard")
            ep = cost.get("exile_permanent")
            if isinstance(ep, dict) and "type" in ep:
                t = ep["type"].lower()
                extras.append(f"exile {_ARTICLE.get(t, 'a ' + t)} you control")
            if isinstance(cost.get("exile_from_hand"), dict):
                n = int(cost["exile_from_hand"].get("count", 1))
                cols = cost["exile_from_hand"].get("colors") or []   # "a blue card" (Force of Will)
                kind = f"{_COLOR_NAMES.get(cols[0], cols[0])} " if cols else ""
                extras.append(f"exile {'a ' + kind + 'card' if n == 1 else f'{n} {kind}cards'} from your hand")
            if isinstance(cost.get("mill"), int):
                n = cost["mill"]
                extras.append(f"mill {'a card' if n == 1 else f'{n} cards'}")
            if cost.get("exert") is True:
                extras.append("exert it")
            dc = cost.get("discard")
            if dc == "self":  # 118.1, 602.2b: "Discard this card" (channel, cycling) is part of the cost
                extras.append("discard it")
            if isinstance(dc, dict):
                n = int(dc.get("count", 1))
                kind = f" {dc['type'].lower()}" if "type" in dc else ""
                extras.append(f"discard {'a' if n == 1 else n}{kind} card{'s' if n != 1 else ''}")
            if cost.get("life"):
                extras.append(f"pay {cost['life']} life")
            en = cost.get("energy")  # 107.14: "Pay {E}" (Aether Hub; found by probe23d: the total
            if isinstance(en, int) and en > 0:  # cost of its ability said only {T})
                extras.append("pay " + "{E}" * en)
            rv = cost.get("reveal")  # 118.8, 701.20a: "reveal a Dragon card from your hand" (found by
            if isinstance(rv, dict):  # probe20b: the total cost didn't say the card revealed)
                what = (rv["subtypes"][0] if rv.get("subtypes") else
                        ("colorless " if rv.get("colorless") else "") + str(rv.get("type", "")).lower()).strip()
                extras.append(f"reveal {'an' if what[:1] in 'aeiouAEIOU' else 'a'} {what} card from your hand")
            rp = cost.get("return_permanent")  # an alternative cost's "return ... to its owner's hand"
            if isinstance(rp, dict):
                n = int(rp.get("count", 1))
                what = " ".join([*(x.lower() for x in rp.get("supertypes", ())), *rp.get("subtypes", ()),
                                 *(() if rp.get("subtypes") else (t.lower() for t in rp.get("types", ())))]) or "permanent"
                extras.append(f"return {_ARTICLE.get(what, ('an ' if what[:1] in 'aeiouAEIOU' else 'a ') + what)} "
                              "you control to its owner's hand" if n == 1 else
                              f"return {_NUMBER_WORDS.get(n, str(n))} {what}s you control to their owner's hand")
        # 118.3: "Sacrifice two artifacts" (The Gold Saucer): as many as costs.lp's sacrifice_count/2
        n = self.sacrifice_counts.get(term, 1)
        for filt in self.sacrifices.get(term, []):
            what = self.render_arg(filt)
            if n > 1:  # "an artifact" -> "two artifacts"
                what = f"{_NUMBER_WORDS.get(n, str(n))} {what.split(' ', 1)[1] if what.startswith(('a ', 'an ')) else what}s"
            extras.append(f"sacrifice {what}")
        return extras

    def cast_cost_parts(self, term: Symbol) -> list[dict]:
        """The non-mana cost dicts a cast pays beside its mana (601.2f): the alternative cost of the
        method `alternative` (118.9) and the additional costs paid (118.8: the mandatory ones, and an
        optional one the action chose); their sacrifices are listed from sacrifice_required/3."""
        o, m, f, k = sym_args(term)
        card = self.card_of(o)
        if card is None or f.number > len(card.faces):
            return []
        chosen = "additional_cost" in self.additional(o, f.number, k.number)
        parts: list[dict] = []
        for ab in card.faces[f.number - 1].abilities:
            cost = ab.spec.get("cost")
            if not isinstance(cost, dict):
                continue
            if ab.kind == "alternative_cost" and m.name == "alternative":
                parts.append({key: v for key, v in cost.items() if key != "mana"})
            elif ab.kind == "additional_cost" and "or_pay" not in ab.spec and (not ab.spec.get("optional") or chosen):
                parts.append({key: v for key, v in cost.items() if key not in ("mana", "sacrifice")})
            elif ab.kind == "additional_cost" and "or_pay" in ab.spec and not chosen:
                # 118.8, 701.20a: "reveal a Merfolk card from your hand or pay {3}" cast revealing
                # (the action with "additional_cost" pays the mana instead, costs.lp's or_pay part)
                parts.append({key: v for key, v in cost.items() if key not in ("mana", "sacrifice")})
        return parts

    def ability_text(self, a: Symbol) -> str:
        k, f, i = sym_args(a)
        name = self.ids.card_names.get(k.number)
        card = self.library.get(name) if name else None
        if card is None:
            return "that ability"
        face = card.faces[f.number - 1]
        if i.type == SymbolType.Function and i.name == "intrinsic":   # 305.6, 305.7
            return f"the intrinsic mana ability of the land type {face.name} ({face.abilities[0].text.strip('()')})"
        if i.type == SymbolType.Number:
            for ab in face.abilities:
                if ab.index == i.number:
                    return f"{face.name}'s ability {i.number} ({ab.text})"
            return f"{face.name}'s ability {i.number}"
        inner = self._granted(card, f.number, sym_args(i)[0].number)
        if inner is not None:
            return f"the ability granted by {face.name} ({inner.get('text', '')})"
        return f"an ability granted by {face.name}"

    def x_reduced_by(self, action: Symbol) -> int:
        """601.2f, 107.3a: the reduction left over for the generic mana X stands for (x_reduction/2);
        once X is announced, the total cost is determined with it, so the reduction reduces no more
        than the mana X stands for: Blaze, {X}{R}, with {1} less and X = 0 costs {R} (not "{X}{R}
        reduced by {1}"). Without an announced X (a range in `moves`), all of it."""
        left = self.x_reduced.get(action, 0)
        x = self.chosen_x.get(action)
        t = self.totals.get(action, {})
        if x is not None and t.get("x", 0) > 0 and not any("/" in k for k in t):
            left = min(left, x * t["x"])
        return left

    def x_capped_cost(self, action: Symbol, cost: str, x: int) -> str:
        """The cost text of ``action`` answered with X = ``x`` (not announced by the action): its
        "reduced by {N}" says no more than the mana that X stands for (x_reduced_by)."""
        full = self.x_reduced.get(action, 0)
        if not full or action in self.chosen_x:
            return cost
        self.chosen_x[action] = x
        try:
            left = self.x_reduced_by(action)
        finally:
            del self.chosen_x[action]
        if left == full:
            return cost
        return cost.replace(f" reduced by {{{full}}}", f" reduced by {{{left}}}" if left else "", 1)

    def nm_ability_text(self, a: Symbol) -> str:
        """The not-modeled part of an ability (608.2c): "the part "Each player may shuffle ... draws
        seven cards." of Step Between Worlds's ability 1" when its not-modeled effects carry the
        words they stand for beside effects that are performed (exile_self, add_mana); otherwise
        the whole ability, as ability_text says it."""
        k, f, i = sym_args(a)
        name = self.ids.card_names.get(k.number)
        card = self.library.get(name) if name else None
        if card is not None and i.type == SymbolType.Number:
            face = card.faces[f.number - 1]
            for ab in face.abilities:
                if ab.index != i.number:
                    continue
                spec = ab.spec or {}
                effs = spec.get("effects") or ([spec["effect"]] if isinstance(spec.get("effect"), dict) else [])
                nm = [e for e in effs if isinstance(e, dict) and e.get("action") == "not_modeled"]
                if nm and len(nm) < len(effs) and all(isinstance(e.get("text"), str) for e in nm):
                    words = " ".join(str(e["text"]) for e in nm)
                    return f'the part "{words}" of {face.name}\'s ability {i.number}'
        return self.ability_text(a)

    def total_text(self, action: Symbol) -> str:
        t = self.totals.get(action)
        if not t:
            return "{0}"
        return render_cost(t.get("generic", 0), {m: t.get(m.lower(), 0) for m in (*MANA_TYPES, "S")}, t.get("x", 0),
                           {k: v for k, v in t.items() if "/" in k})

    def render_arg(self, arg: Symbol) -> str:
        if arg.type == SymbolType.Number:
            return str(arg.number)
        if arg.type == SymbolType.String:
            return arg.string
        name, args = arg.name, sym_args(arg)
        if name == "obj":
            return self.obj_label(args[0])
        if name == "player":
            return self.ids.player_names.get(args[0].number, "?")
        if name == "face_of":
            return self.face_name(args[0], args[1].number)
        if name == "zone":  # where an object is: "{0} is {1}"
            return _WHERE.get(args[0].name, f"in the {args[0].name}")
        if name == "zone_for":  # zone_for(Z, O, P): where O is, said to P: a hand, library or
            # graveyard of another player is named by its owner's name (400.1: each player has
            # their own), "in bob's hand", not "in the hand"
            zone = args[0].name
            o = self.state.obj(self.obj_id(args[1]))
            owner = o.owner if o is not None else None
            if zone in _WHERE or owner is None or owner == self.ids.player_names.get(args[2].number):
                return _WHERE.get(zone, f"in the {zone}")
            return f"in {owner}'s {zone}"
        if name == "method":
            return args[0].name
        if name == "step":
            return args[0].name.replace("_", " ")
        if name == "filter":
            return self.filter_text(args[0])
        if name == "ability":
            return self.ability_text(args[0])
        if name == "nm_ability":   # 608.2c: the part of a spell ability that isn't performed
            return self.nm_ability_text(args[0])
        if name == "total":  # with the value of X the action announced (107.3a): "{X}{R} with X = 3"
            text = self.total_text(args[0])
            x = self.chosen_x.get(args[0])
            if x is not None and self.totals.get(args[0], {}).get("x", 0) > 0:
                if self.x_reduced_by(args[0]):  # 601.2f: "{X}{X} reduced by {1} with X = 1"
                    text += f" reduced by {{{self.x_reduced_by(args[0])}}}"
                text += f" with X = {x}"
            return text
        if name == "whole_cost":  # the total cost with its parts besides mana ("{T}", "{2}, {Q}")
            mana, extras = self.total_text(args[0]), self.cost_extras(args[0])
            return ", ".join(extras) if mana == "{0}" and extras else ", ".join([mana, *extras])
        if name == "card":
            return self.ids.card_names.get(args[0].number, "?")
        if name == "rmana":  # rmana(P,I): entry I of P's restricted mana (106.6), its symbols
            return self.restricted_text(args[0], args[1].number)
        if name == "mana":  # mana(T,N): N mana of type T, as symbols ("{B}{B}{B}")
            return ("{" + args[0].name.upper() + "}") * args[1].number
        return str(arg)


    def filter_text(self, f: Any) -> str:
        """A cost filter term (118.3) as words: "a blue creature", "a Prism token"."""
        if f.name == "type":
            t = sym_args(f)[0].name
            return _ARTICLE.get(t, f"a {t}")
        if f.name == "sub" and len(sym_args(f)) == 2:  # a subtype: "a Forest"
            sub = sym_args(f)[1].string
            return f"an {sub}" if sub[:1] in "AEIOU" else f"a {sub}"
        if f.name == "sup" and len(f.arguments) == 2:  # "a legendary creature", "a legendary permanent"
            t = f.arguments[0].name
            return f"a {f.arguments[1].name} {'permanent' if t == 'any' else t}"
        if f.name == "either":  # "an artifact or creature"
            ts = [a.name for a in sym_args(f)]
            return _ARTICLE.get(ts[0], f"a {ts[0]}") + " or " + " or ".join(ts[1:])
        if f.name == "permanent":
            return "a permanent"
        if f.name == "colorless":  # "a colorless creature card"
            return f"a colorless {sym_args(f)[0].name}"
        if f.name == "non_type":  # "a nonland permanent"
            return f"a non{sym_args(f)[0].name} permanent"
        if f.name == "any":
            return "a card"
        if f.name == "token_perm":  # "Sacrifice a token" (111.1)
            return "a token"
        if f.name == "color" and len(f.arguments) == 1:  # "a blue card" (Force of Will's exiled card)
            return f"a {_COLOR_NAMES.get(f.arguments[0].name.upper(), f.arguments[0].name)} card"
        if f.name == "col" and len(f.arguments) == 2:  # "an untapped blue creature" (105.2)
            return f"a {_COLOR_NAMES.get(f.arguments[1].name.upper(), f.arguments[1].name)} {f.arguments[0].name}"
        if f.name == "nontoken":  # "an untapped nontoken artifact" (111.1)
            return f"a nontoken {sym_args(f)[0].name}"
        if f.name == "token_of":  # "Sacrifice a Prism token" (111.1)
            inner = self.filter_text(sym_args(f)[0]).split(" ", 1)[-1]  # (its article dropped)
            return f"a {inner} token"
        return str(f)

    def message(self, msg: Symbol) -> str:
        template, args = sym_args(msg)
        values = [self.render_arg(a) for a in sym_args(args)]
        try:
            return template.string.format(*values)
        except (IndexError, KeyError, ValueError):  # a broken template is a bug; show it raw
            return f"{template.string} {values}"

    # -- actions ------------------------------------------------------------------------------
    def action(self, term: Symbol) -> Action:
        name, args = term.name, sym_args(term)
        if name in ("pass", "decline", "proceed"):
            return Action(kind=name)
        oid = self.obj_id(args[0])
        if name == "cast":
            _o, m, f, k = args
            return Action(kind="cast", object=oid, method=m.name, face=self.face_name(args[0], f.number),
                          additional=self.additional(args[0], f.number, k.number))
        if name == "activate":
            return Action(kind="activate", object=oid, ability=self.ability_ref(args[1]))
        if name == "plot":
            a = args[1]
            granted = a.type == SymbolType.Function and a.name == "a" and sym_args(a)[2].type != SymbolType.Number
            return Action(kind="plot", object=oid, ability=self.ability_ref(a) if granted else None)
        return Action(kind=name, object=oid)

    def additional(self, obj: Symbol, face: int, k: int) -> tuple[str, ...]:
        """The optional additional costs paid K times (facts.action_term): "kicker" K times for a
        face with kicker or multikicker, and "additional_cost" for an optional additional cost."""
        if not k:
            return ()
        card = self.card_of(obj)
        if card is None or face > len(card.faces):
            return ("kicker",) * k
        fc = card.faces[face - 1]
        kicker = any(ab.kind == "keyword" and ab.spec.get("keyword") in ("kicker", "multikicker")
                     for ab in fc.abilities)
        # (or, with "or_pay", the mana paid instead of the reveal: "reveal an Elf card or pay {3}")
        optional = any(ab.kind == "additional_cost" and (ab.spec.get("optional") or "or_pay" in ab.spec)
                       for ab in fc.abilities)
        out = ("kicker",) * k if kicker or not optional else ()
        return out + (("additional_cost",) if optional else ())

    def mana_text(self, amounts: Iterable[tuple[str, int]]) -> str:
        out = ""
        for t, n in sorted(amounts, key=lambda p: MANA_TYPES.index(p[0])):
            out += ("{" + t + "}") * n
        return out

    def verdicts(self, by_name: Mapping[str, list[Symbol]]) -> dict[Symbol, Verdict]:
        """The verdicts decided by grounding, from the verdict atoms grouped by predicate name."""
        by_action: dict[Symbol, Verdict] = {}
        reasons: list[tuple[Symbol, Symbol, Symbol]] = []
        for a in by_name.get("action", ()):
            t = sym_args(a)[0]
            by_action[t] = Verdict(action=self.action(t), term=t)
        for a in by_name.get("total", ()):
            t, s, n = sym_args(a)
            h = hybrid_term_key(s.name, [x.name for x in sym_args(s)])
            self.totals[t][h or s.name] = n.number

        def each(name: str) -> Iterator[tuple[Verdict, list[Symbol]]]:
            for a in by_name.get(name, ()):
                args = sym_args(a)
                v = by_action.get(args[0])
                if v is not None:
                    yield v, args

        for v, args in each("reason"):
            reasons.append((args[0], args[1], args[2]))
        for v, args in each("permits"):
            permit = args[1].string
            if permit not in v.permits:
                v.permits.append(permit)
        for v, _args in each("costed"):
            v.costed = True
        priced: set[Symbol] = set()  # actions with something to pay: mana, X or a sacrifice
        for name in ("total", "sacrifice_required", "x_upper", "has_x_in_mana_cost"):
            for a in by_name.get(name, ()):
                priced.add(sym_args(a)[0])
        for v, _args in each("needs_target"):
            v.needs_target = True
        for v, args in each("x_upper"):
            v.x_upper = args[1].number
        for v, args in each("x_lower"):   # (the greatest of the lower bounds, payment.lp's x_range/2)
            v.x_min = max(v.x_min, args[1].number)
        for v, args in each("x_remove_upper"):   # "Remove X ki counters": X up to the counters (107.3a)
            v.x_max = args[1].number
            v.removes_x = True
        for v, args in each("x_unstated"):   # ... the X an action without `x` is answered with
            v.x_unstated = args[1].number
        x_reduced: dict[Symbol, int] = {}
        for _v, args in each("x_reduction"):  # 601.2f: a reduction left for X's generic mana
            x_reduced[args[0]] = args[1].number
        self.x_reduced.update(x_reduced)
        free_cast = set()
        for v, _args in each("free_cast"):
            free_cast.add(id(v))
        for v, _args in each("mana_cost_unpayable"):
            v.unpayable = True
        for v, _args in each("cost_unshown"):   # (an alternative cost the card hasn't, 118.9)
            v.unpayable = True
        for v, _args in each("has_x_in_mana_cost"):
            v.has_x = True
            # 107.3b: X is 0 when it is in the mana cost not paid (an X of a kicker cost still paid
            # is chosen: Verdeloth the Ancient from a hideaway land; found by probe19c)
            v.free = id(v) in free_cast
        for _v, args in each("sacrifice_required"):
            self.sacrifices[args[0]].append(Function("filter", [args[1]]))
        for _v, args in each("sacrifice_count"):
            self.sacrifice_counts[args[0]] = args[1].number
        for v, args in each("unpayable_reason"):
            v.unpayable_atoms.append((args[1], args[2]))
        for t, rule_sym, msg in reasons:
            by_action[t].reasons.append(Reason(rule_sym.string, self.message(msg)))
        for t, v in by_action.items():
            v.cost_free = v.costed and t not in priced
            v.ok = not v.reasons
            v.legal = v.ok and not v.costed
            v.permits.sort(key=rule_key)
            v.reasons.sort(key=lambda r: (rule_key(r.rule), r.message))
            if v.costed and not v.unpayable:
                mana = self.total_text(t)
                if self.x_reduced_by(t):   # (what is left for X's mana, 601.2f)
                    mana += f" reduced by {{{self.x_reduced_by(t)}}}"
                extras = self.cost_extras(t)
                if mana == "{0}" and extras:
                    v.cost = ", ".join(extras)
                else:
                    v.cost = ", ".join([mana, *extras])
                v.has_x = v.has_x or self.totals[t].get("x", 0) > 0
                if v.free and v.has_x:
                    v.x_max = 0  # 107.3b
        return by_action

    def restricted_text(self, psym: Symbol, i: int) -> str:
        pl = self.state.player(self.ids.player_names.get(psym.number, ""))
        entries = (pl.extra.get("restricted_mana") or []) if pl else []
        return entries[i - 1]["mana"] if 0 < i <= len(entries) else "?"

    def pool_text(self, player: str) -> str:
        pl = self.state.player(player)
        return self.mana_text(pl.mana_pool.items()) if pl else ""

    def plan(self, atoms: Iterable[Symbol], player: str) -> Plan:
        """The payment plan of a model: each activation (one per source, ability and choice; an
        ability that sacrifices lands may be activated once per land) and what it added."""
        produced: dict[tuple[Symbol, Symbol, Symbol], list[tuple[str, int]]] = defaultdict(list)
        # (605.4a, 106.3: an activation that triggered mana abilities: its own part, and theirs)
        own: dict[tuple[Symbol, Symbol, Symbol], list[tuple[str, int]]] = defaultdict(list)
        trig: dict[tuple[Symbol, Symbol, Symbol], dict[tuple[Symbol, Symbol], list[tuple[str, int]]]] = \
            defaultdict(lambda: defaultdict(list))
        sac_by_mana: dict[tuple[Symbol, Symbol, Symbol], str] = {}
        sacrifices: list[str] = []
        restricted: dict[int, str] = {}
        x = None
        life = 0
        for a in atoms:
            if a.name == "produced":
                o, ab, opt, t, n = sym_args(a)
                produced[(o, ab, opt)].append((t.name.upper(), n.number))
            elif a.name == "produced_own":
                o, ab, opt, t, n = sym_args(a)
                own[(o, ab, opt)].append((t.name.upper(), n.number))
            elif a.name == "produced_trig":
                o, ab, opt, src, ta, t, n = sym_args(a)
                trig[(o, ab, opt)][(src, ta)].append((t.name.upper(), n.number))
            elif a.name == "use":
                o, ab, opt = sym_args(a)
                produced.setdefault((o, ab, opt), [])
                inner = sym_args(opt)[0] if opt.type == SymbolType.Function and opt.name == "o" else opt
                if inner.type == SymbolType.Function and inner.name == "sac":
                    sac_by_mana[(o, ab, opt)] = self.obj_id(sym_args(inner)[0])
            elif a.name == "sacrifice":
                sacrifices.append(self.obj_id(sym_args(a)[1]))
            elif a.name == "xval":
                x = sym_args(a)[0].number
            elif a.name == "phy_life":  # 107.4f: life paid for Phyrexian symbols
                life = sym_args(a)[0].number
            elif a.name == "rpool_use":  # 106.6: restricted mana of the pool spent
                _p, i, t, n = sym_args(a)
                restricted[i.number] = restricted.get(i.number, "") + ("{" + t.name.upper() + "}") * n.number
        pool = self.pool_text(player)
        uses = tuple(sorted(
            (ManaUse(self.obj_id(o), self.ability_ref(ab),
                     self.mana_text(own[(o, ab, opt)] if (o, ab, opt) in trig else v),
                     sac_by_mana.get((o, ab, opt)),
                     tuple(sorted((self.trig_source(src), self.ability_ref(ta.arguments[0] if ta.name == "lt" else ta),
                                   self.mana_text(tv))
                                  for (src, ta), tv in trig.get((o, ab, opt), {}).items())))
             for (o, ab, opt), v in produced.items()),
            key=lambda u: (u.source, str(u.ability), u.sacrificed or "", u.mana)))
        return Plan(pool=pool, sources=uses, sacrifices=tuple(sorted(sacrifices)), x=x,
                    restricted=tuple(f"{restricted[i]} (entry {i})" for i in sorted(restricted)), life=life)
