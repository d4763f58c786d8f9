"""The domain: typed, frozen values shared by every module.

Cards (``ManaCost``, ``Ability``, ``Face``, ``Card``), game states (``Player``, ``GameObject``,
``Effect``, ``GameState``) and actions (``Action``). Parsing and validation live in ``cards``,
``state`` and ``actions``; these classes only hold checked values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mtgasp.limits import MAX_CARD_NUMBER, MAX_COST_SYMBOLS, MAX_X_SYMBOLS

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = ("W", "U", "B", "R", "G", "C")  # CR 106.1b, in the order answers list them
# 115.1: a spell or ability has targets only if its text says "target"
TARGET_WORD = re.compile(r"\btargets?\b", re.IGNORECASE)
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
STEPS = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
)
METHODS = ("normal", "foretell", "plot", "free", "alternative")
ACTION_KINDS = ("cast", "play_land", "activate", "foretell", "plot", "suspend", "pass", "decline", "choose", "proceed")

_SYMBOL = re.compile(r"\{([^{}]*)\}")
# CR 107.4e: hybrid ({W/U}: two different colors, WUBRG order as printed) and monocolored hybrid
# ({2/W}); 107.4f: Phyrexian ({W/P})
_HYBRID = re.compile(r"^(?:W/U|W/B|U/B|U/R|B/R|B/G|R/G|R/W|G/W|G/U|2/[WUBRG]|[WUBRG]/P)$")
HYBRID_ORDER = ("W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U",
                "2/W", "2/U", "2/B", "2/R", "2/G", "W/P", "U/P", "B/P", "R/P", "G/P")


def brief_text(text: str) -> str:
    """A string for an error message: its repr, shortened (the text may be huge)."""
    return repr(text) if len(text) <= 60 else repr(text[:50]) + f"... ({len(text):,} characters)"


@dataclass(frozen=True)
class ManaCost:
    """A mana cost such as ``{X}{X}{W}``: generic amount, colored/colorless symbols, number of X."""

    text: str
    generic: int = 0
    # W U B R G C -> count; "S": the snow symbol {S}, one generic mana that must be paid with mana a
    # snow source produced (CR 107.4h), colorless, 1 in the mana value (202.3)
    symbols: Mapping[str, int] = field(default_factory=dict)
    x: int = 0  # how many {X} symbols
    # hybrid symbols (CR 107.4e-f), by kind -> count: "W/U" (hybrid: either color), "2/W"
    # (monocolored hybrid: {2} or the color), "W/P" (Phyrexian: the color or 2 life)
    hybrid: Mapping[str, int] = field(default_factory=dict)

    @property
    def mana_value(self) -> int:  # CR 202.3 (X counts as 0 off the stack, 202.3e)
        # 202.3f: a hybrid symbol counts as the largest of its halves ({2/W}: 2); Phyrexian: 1
        return self.generic + sum(self.symbols.values()) + sum(
            n * (2 if k.startswith("2/") else 1) for k, n in self.hybrid.items())

    def render(self) -> str:
        return self.text


def parse_mana_cost(text: str) -> ManaCost:
    """Parse ``{2}{U}{U}``; raises ValueError naming the bad symbol."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a mana cost string")  # noqa: TRY004 (callers report ValueError)
    rest = _SYMBOL.sub("", text)
    if rest.strip():
        raise ValueError(f"{brief_text(text)} is not a mana cost: unexpected {brief_text(rest.strip())}")
    generic, x = 0, 0
    symbols: dict[str, int] = {}
    hybrid: dict[str, int] = {}
    for sym in _SYMBOL.findall(text):
        s = sym.upper()
        if _HYBRID.match(s):
            hybrid[s] = hybrid.get(s, 0) + 1
        elif s.isascii() and s.isdigit():
            if len(s) > 7 or generic + int(s) > MAX_CARD_NUMBER:
                raise ValueError(f"{brief_text(text)}: more than {MAX_CARD_NUMBER:,} generic mana "
                                 "(the most mtgasp accepts in one cost)")
            generic += int(s)
        elif s == "X":
            x += 1
        elif s in MANA_TYPES or s == "S":  # 107.4h: {S}, snow
            symbols[s] = symbols.get(s, 0) + 1
        else:
            raise ValueError(f"{brief_text(text)}: mana symbol {{{sym[:20]}}} is not supported "
                             "(use W U B R G C, numbers, X, S, hybrid W/U, 2/W, Phyrexian W/P)")
    if not _SYMBOL.findall(text):
        raise ValueError(f"{brief_text(text)} is not a mana cost: no mana symbols")
    if x > MAX_X_SYMBOLS:
        raise ValueError(f"{brief_text(text)}: more than {MAX_X_SYMBOLS} {{X}} in one cost")
    if sum(symbols.values()) + sum(hybrid.values()) > MAX_COST_SYMBOLS:
        raise ValueError(f"{brief_text(text)}: more than {MAX_COST_SYMBOLS} mana symbols in one cost "
                         "(besides the generic amount)")
    return ManaCost(text=text, generic=generic, symbols=symbols, x=x, hybrid=hybrid)


def render_cost(generic: int, symbols: Mapping[str, int], x: int = 0,
                hybrid: Mapping[str, int] | None = None) -> str:
    """Canonical text of a cost: {X}s, generic, then W U B R G C, then hybrid symbols (empty cost
    is ``{0}``)."""
    hybrid = hybrid or {}
    out = "{X}" * x
    if generic or (not any(symbols.values()) and not x and not any(hybrid.values())):
        out += f"{{{generic}}}"
    for t in MANA_TYPES:
        out += f"{{{t}}}" * symbols.get(t, 0)
    out += "{S}" * symbols.get("S", 0)
    for h in HYBRID_ORDER:
        out += f"{{{h}}}" * hybrid.get(h, 0)
    return out


def hybrid_term_key(name: str, args: list[str]) -> str | None:
    """The symbol ("W/U", "2/W", "W/P") of a cost kind term of the facts (hybrid(w,u),
    twobrid(w), phyrexian(w)); None for any other kind."""
    if name == "hybrid" and len(args) == 2:
        return f"{args[0].upper()}/{args[1].upper()}"
    if name == "twobrid" and len(args) == 1:
        return f"2/{args[0].upper()}"
    if name == "phyrexian" and len(args) == 1:
        return f"{args[0].upper()}/P"
    return None


@dataclass(frozen=True)
class Ability:
    """One ability of a face, numbered in Oracle order (1-based). ``spec`` holds the kind-specific
    fields of docs/card-format.md exactly as validated from the card file."""

    index: int
    kind: str
    text: str
    spec: Mapping[str, Any] = field(default_factory=dict)

    @property
    def keyword(self) -> str | None:
        return self.spec.get("keyword") if self.kind == "keyword" else None

    @property
    def says_target(self) -> bool:
        """115.1: the ability has targets -- its text says "target", or it is a keyword ability
        whose meaning does (equip, 702.6a: "Attach this permanent to target creature you
        control"), read with the targets of its effect."""
        eff = self.spec.get("effect")
        return bool(TARGET_WORD.search(self.text or "")) or (
            isinstance(eff, Mapping) and bool(eff.get("targets")))


@dataclass(frozen=True)
class Face:
    name: str
    mana_cost: ManaCost | None
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle: str
    abilities: tuple[Ability, ...]
    power: int | str | None = None  # "*" and the like: a string (facts.pt_number)
    toughness: int | str | None = None
    # 105.2, 204, 604.3: the face's colors when given (a color indicator, "is all colors", devoid);
    # None: the colors of its mana cost (202.2)
    colors: tuple[str, ...] | None = None
    loyalty: int | None = None  # 306.5b: a planeswalker's printed loyalty


@dataclass(frozen=True)
class Card:
    name: str
    layout: str  # "normal" | "modal_dfc"
    faces: tuple[Face, ...]

    def face_named(self, name: str) -> Face | None:
        for f in self.faces:
            if f.name == name:
                return f
        return None

    def grants(self) -> list[tuple[int, int, Mapping[str, Any]]]:
        """The card's ability-granting abilities in order (113.2: an action's
        ``{"granted_by": card, "index": N}`` counts them over all faces, from 1): (face index, its
        number on that face — the g(J) of the ability's term a(K,F,g(J)) —, the ability it grants)."""
        out: list[tuple[int, int, Mapping[str, Any]]] = []
        for fi, face in enumerate(self.faces, start=1):
            j = 0
            for ab in face.abilities:
                grant = ab.spec.get("grant") if ab.kind == "static" else None
                if grant:
                    j += 1
                    inner = grant.get("ability")
                    out.append((fi, j, inner if isinstance(inner, Mapping) else {}))
        return out

    def grant_number(self, fi: int, j: int) -> int:
        """The number over all faces (an action's "index") of face ``fi``'s J-th granting ability."""
        return next((n for n, (f, jj, _) in enumerate(self.grants(), start=1) if (f, jj) == (fi, j)), j)


@dataclass(frozen=True)
class Player:
    name: str
    life: int = 20
    lands_played_this_turn: int = 0
    mana_pool: Mapping[str, int] = field(default_factory=dict)  # W U B R G C -> amount
    last_turn: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)  # documented extension fields


@dataclass(frozen=True)
class AbilityRef:
    """An ability on the stack names its source object and the ability's index."""

    source: str
    index: int
    # the source's card, when the source has ceased to exist (113.7a: a token sacrificed to pay
    # the ability's cost, 704.5d); None while the source is in the state
    card: str | None = None
    # 113.2, 613.1f: an ability the source has from another card (Umbral Mantle's "Equipped creature
    # has '{3}, {Q}: ...'"): that card's name, ``index`` then numbering its ability-granting
    # abilities as actions' ``{"granted_by", "index"}`` do (Card.grants); None: the source's own
    granted_by: str | None = None


@dataclass(frozen=True)
class GameObject:
    id: str
    owner: str
    zone: str
    card: str | None = None  # canonical card name (None for an ability on the stack)
    controller: str | None = None  # resolved: defaults to owner
    face: str | None = None
    tapped: bool = False
    face_down: bool = False
    counters: Mapping[str, int] = field(default_factory=dict)
    controlled_since_turn: int = 0
    attached_to: str | None = None
    foretold_turn: int | None = None
    foretell_cost: str | Mapping[str, str] | None = None
    plotted_turn: int | None = None
    exiled_with: str | None = None
    cast_from: str | None = None
    method: str | None = None
    x: int | None = None
    mana_spent: int | None = None
    kicked: bool = False
    ability: AbilityRef | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Effect:
    card: str
    controller: str
    duration: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameState:
    turn: int
    active_player: str
    step: str
    priority: str | None
    players: tuple[Player, ...]
    objects: tuple[GameObject, ...]
    stack: tuple[str, ...] = ()
    resolving: str | None = None
    effects: tuple[Effect, ...] = ()
    format: int = 1
    document: Mapping[str, Any] = field(default_factory=dict)  # the validated input, for apply

    def player(self, name: str) -> Player | None:
        for p in self.players:
            if p.name == name:
                return p
        return None

    def obj(self, oid: str) -> GameObject | None:
        for o in self.objects:
            if o.id == oid:
                return o
        return None


def ability_words(ab: Any) -> str:
    """How text output names an action's ability: "ability 2", "ability 1 granted by Chromatic
    Lantern", "intrinsic Swamp ability" (305.6). The one naming of CLI text, pictures and apply."""
    if isinstance(ab, dict) and "intrinsic" in ab:
        return f"intrinsic {ab['intrinsic']} ability"
    if isinstance(ab, dict) and ab.get("index") is not None:
        return f"ability {ab['index']} granted by {ab.get('granted_by')}"
    if isinstance(ab, dict):
        return f"ability granted by {ab.get('granted_by')}"
    return f"ability {ab}"


@dataclass(frozen=True)
class Action:
    """A move. ``ability`` is the 1-based index of an ability of ``object``'s card, or for an
    ability granted by another card ``{"granted_by": card name, "index": N}`` (the N-th
    granting static ability of that card), or ``{"intrinsic": "Swamp"}``: the intrinsic mana
    ability of a basic land type the land has from a land type-changing effect (305.6, 305.7)."""

    kind: str
    object: str | None = None
    method: str | None = None
    face: str | None = None
    x: int | None = None
    additional: tuple[str, ...] = ()
    ability: int | Mapping[str, Any] | None = None
    targets: tuple[str, ...] = ()
    # the permanents the action sacrifices to pay its cost (118.3, 701.21a: the player chooses them;
    # an extension of the actions contract): Ashnod's Altar's creature, Shrapnel Blast's artifact
    sacrifice: tuple[str, ...] = ()
    # the action has a "targets" list, perhaps empty ("targets": [] chooses no target, 601.2c);
    # without one, the targets are not stated
    targets_given: bool = field(default=False, compare=False)
    # the action has a "sacrifice" list, perhaps empty ("sacrifice": [] sacrifices no permanent of
    # the player's choice, 118.3); without one, the payment search chooses
    sacrifice_given: bool = field(default=False, compare=False)
    # how many of the Phyrexian mana symbols of the total cost are paid with 2 life each (601.2b:
    # the player announces it; 107.4f; an extension of the actions contract); None: the payment
    # search chooses, paying with mana where it can
    phyrexian_life: int | None = None
    # the objects the player chooses for the other parts of the cost (118.3: the player chooses
    # them as the cost is paid; an extension of the actions contract, found by probe22a): the cards
    # discarded ("discard"), the untapped permanents tapped ("tap"), the permanents returned to
    # their owner's hand ("return") and the cards exiled from a graveyard ("exile"), each as
    # (kind, ids); a kind absent: the payment search chooses
    cost_choices: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # 603.3b: the order in which the controllers of the triggered abilities this action causes put
    # them on the stack, as the ids of their sources, the first listed put on the stack first (an
    # extension of the actions contract); a source not listed: the default order (apply.py)
    trigger_order: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.object is not None:
            out["object"] = self.object
        if self.kind == "cast":
            out["method"] = self.method or "normal"
            if self.face is not None:
                out["face"] = self.face
            if self.x is not None:
                out["x"] = self.x
            out["additional"] = list(self.additional)
            if self.targets or self.targets_given:
                out["targets"] = list(self.targets)
        if self.kind == "play_land" and self.face is not None:  # 712.12: the land face played
            out["face"] = self.face
        if self.ability is not None:
            out["ability"] = self.ability
        if self.kind in ("activate", "choose") and (self.targets or self.targets_given):
            out["targets"] = list(self.targets)
        if self.kind != "cast" and self.x is not None:
            # the X announced for an activation or a plot/suspend cost (107.3a, 107.3d), echoed as
            # asked (found by probe16a: `why`/`apply` of {"kind": "activate", ..., "x": 3} dropped it)
            out["x"] = self.x
        if self.sacrifice or self.sacrifice_given:
            out["sacrifice"] = list(self.sacrifice)
        if self.phyrexian_life is not None:
            out["phyrexian_life"] = self.phyrexian_life
        for key, ids in self.cost_choices:
            out[key] = list(ids)
        if self.trigger_order:
            out["trigger_order"] = list(self.trigger_order)
        return out
