"""Actions: read and check the action JSON of contracts.md, section 2.

``parse_action`` takes inline JSON, ``@file`` (JSON, or YAML for ``.yaml``/``.yml``) or an already
decoded dict, checks it against a game state and returns an :class:`~mtgasp.model.Action`.
It checks only what the action says (fields, types, that the object exists and is the acting
player's, that a face or ability exists); whether the action is legal is for the encodings.

```json
{"kind": "cast", "object": "sic", "method": "foretell", "face": "Saw It Coming", "x": 0, "additional": ["kicker"]}
{"kind": "play_land", "object": "f2"}
{"kind": "activate", "object": "pool", "ability": 1}
{"kind": "foretell", "object": "doomskar"}
{"kind": "plot", "object": "fc"}
{"kind": "pass"}
```
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mtgasp.errors import Collector, InputError, Problem
from mtgasp.limits import MAX_KICKS
from mtgasp.model import ACTION_KINDS, METHODS, Action, Card, GameObject, GameState
from mtgasp.state import (
    CardLookup,
    _Fields,
    _quoted_list,
    _show,
    _sub,
    _type_name,
    did_you_mean,
    read_document,
    resolve_card,
)

__all__ = ["ADDITIONAL_COSTS", "acting_player", "parse_action"]

# Optional additional costs a cast action may choose to pay. Naming an alternative cost here too
# (a second one besides the method's: foretell, plot, free, or the card's own "alternative") is
# accepted as a question, and the encodings answer it with
# rule 118.9a (only one alternative cost per spell).
# "kicker" may be listed several times: the number of times a multikicker cost is paid (702.33c).
# "additional_cost": the card's optional "As an additional cost to cast this spell, you may ..."
# (an additional_cost ability with "optional": true) is paid.
ADDITIONAL_COSTS = ("kicker", "additional_cost", "foretell", "plot", "free", "alternative")

ACTION_FIELDS = ("kind", "object", "method", "face", "x", "additional", "ability", "targets", "sacrifice",
                 "phyrexian_life", "discard", "tap", "return", "exile", "trigger_order")
# 118.3: the other parts of a cost whose objects the player chooses as it is paid (an extension):
# the cards discarded, the untapped permanents tapped, the permanents returned to their owner's
# hand, the cards exiled from a graveyard
COST_CHOICE_FIELDS = ("discard", "tap", "return", "exile")
# What `moves --json` prints about a move besides the action: accepted and ignored, so that every
# move is accepted as printed (its "x" range {"min", "max"} stands for the largest X).
MOVE_INFO_FIELDS = ("cost", "rules", "payment")
# The fields each kind of action may carry besides "kind" (and whether "object" is required).
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    # phyrexian_life: how many Phyrexian mana symbols of the total cost are paid with 2 life (601.2b)
    "cast": ("object", "method", "face", "x", "additional", "targets", "sacrifice", "phyrexian_life",
             *COST_CHOICE_FIELDS),
    "play_land": ("object", "face"),
    # x: an {X} in the activation cost (107.3k); sacrifice: the permanents its cost sacrifices (118.3)
    "activate": ("object", "ability", "targets", "x", "sacrifice", "phyrexian_life", *COST_CHOICE_FIELDS),
    "foretell": ("object",),
    "plot": ("object", "ability", "x"),   # x: an {X} in the plot cost (107.3d: Fblthp's, the mana cost)
    "suspend": ("object",),   # 116.2f, 702.62a (an extension of the actions contract)
    "pass": (),
    "decline": (),
    # 500.3, 502.4, 514.3: nobody has priority and no choice is pending (the untap step, a cleanup
    # step with nothing to discard): the game proceeds without a player acting (an extension)
    "proceed": (),
    # targets: the targets chosen for a triggered ability as it is put on the stack (603.3d)
    "choose": ("object", "targets"),
}


def acting_player(state: GameState, player: str | None = None, library: CardLookup | None = None) -> str:
    """Who acts: ``player`` if given, else the player with priority, else the controller of the
    resolving object (who makes its choices), else the controller of a triggered ability whose
    targets are being chosen (603.3d), else (with ``library``) the player who must choose
    which of their legendary permanents with the same name to keep (704.5j: a choice while nobody
    has priority; found by probe17b: the active player was asked and had no move), else the active
    player."""
    if player is not None:
        return player
    if state.priority is not None:
        return state.priority
    if state.resolving is not None:
        obj = state.obj(state.resolving)
        if obj is not None and obj.controller is not None:
            return obj.controller
    for o in reversed(state.objects):  # 603.3d: a triggered ability's targets being chosen
        if o.zone == "stack" and o.extra.get("choosing_targets") and o.controller is not None:
            return o.controller
    if library is not None:
        chooser = _legend_chooser(state, library)
        if chooser is not None:
            return chooser
    return state.active_player


def _legend_chooser(state: GameState, library: CardLookup) -> str | None:
    """704.5j: the first player in turn order who controls two or more legendary permanents with
    the same name (the name of the face that is up, 712.8f; a face-down permanent has none, 708.2a)
    and hasn't chosen yet which to keep (`legend_kept`), counted from the active player (101.4:
    APNAP; found by probe27d: the first player listed was asked on another player's turn)."""
    seen: dict[tuple[str, str], int] = {}
    chosen: set[tuple[str, str]] = set()
    for o in state.objects:
        if o.zone != "battlefield" or o.card is None or o.face_down:
            continue
        card = library.find(o.card)   # (a validated state names known cards)
        if card is None:
            continue
        face = next((f for f in card.faces if f.name == o.face), card.faces[0])
        if "Legendary" in face.supertypes:
            key = (o.controller or o.owner, face.name)
            seen[key] = seen.get(key, 0) + 1
            if o.extra.get("legend_kept"):
                chosen.add(key)
    clash = {p for key, n in seen.items() if n > 1 and key not in chosen for p in (key[0],)}
    names = [p.name for p in state.players]
    start = names.index(state.active_player) if state.active_player in names else 0
    return next((n for n in names[start:] + names[:start] if n in clash), None)


def _read_action_file(path: Path) -> tuple[Any, str | None]:
    """An action file's document; its problems (no such file, not JSON) are at the path ``action``."""
    try:
        return read_document(path, what="action")
    except InputError as exc:
        raise InputError([Problem(p.path and f"action.{p.path}" or "action", p.message)
                          for p in exc.problems], exc.source) from None


def parse_action(text_or_dict: str | Path | Mapping[str, Any], state: GameState,
                 library: CardLookup, player: str | None = None) -> Action:
    """Read and check one action against ``state``; raises InputError listing every problem.

    ``text_or_dict``: inline JSON text, ``"@FILE"`` (JSON; YAML if FILE ends in .yaml/.yml), a
    Path, or a decoded dict. ``player``: who takes the action (default: see ``acting_player``).
    An object the acting player neither owns nor controls is a question for the rules, not bad
    input: the verdict says which rule forbids it (602.2 for activating an opponent's permanent,
    702.143a for casting another player's foretold card, 601.3 for a card in another's hand).
    Defaults filled in: ``method`` "normal" and ``face`` the front face for a cast.

    ``ability`` (activate, and optionally plot) is a 1-based ability index of the object's card
    (of its face up, if any), or ``{"granted_by": CARD, "index": N}`` for the N-th
    ability-granting static ability of CARD (e.g. Chromatic Lantern's lands' mana ability).
    """
    source: str | None = None
    doc: Any
    if isinstance(text_or_dict, Path):
        doc, source = _read_action_file(text_or_dict)
    elif isinstance(text_or_dict, str):
        text = text_or_dict.strip()
        if text.startswith("@"):
            doc, source = _read_action_file(Path(text[1:]))
        elif not text.startswith(("{", "[")):
            raise InputError(Problem(
                "action", f"expected a JSON object such as {{\"kind\": \"pass\"}} or @FILE, got {_show(text)}"
            ))
        else:
            try:
                doc, _ = read_document(text, source="action")
            except InputError as exc:  # say which input was malformed
                raise InputError([Problem("action", p.message) for p in exc.problems]) from None
    else:
        doc = text_or_dict

    c = Collector(source)
    f = _Fields(c)
    if not isinstance(doc, Mapping):
        raise InputError(Problem("action", f"expected an object such as {{\"kind\": \"pass\"}}, got "
                                           f"{_type_name(doc)}"), source)
    doc = {k: v for k, v in doc.items() if k not in MOVE_INFO_FIELDS}
    f.known("action", doc, ACTION_FIELDS)

    if player is not None and state.player(player) is None:
        f.add("player", f"{_show(player)} is not a player"
                        f"{did_you_mean(player, [p.name for p in state.players])}")

    kind = f.required("action", doc, "kind")
    if kind is not None:
        kind = f.choice("action.kind", kind, ACTION_KINDS, "an action kind")
    # (trigger_order: any kind, 603.3b)
    allowed = (*KIND_FIELDS.get(kind or "", ACTION_FIELDS[1:]), "trigger_order")
    if kind is not None:
        for key in ACTION_FIELDS[1:]:
            if key in doc and key not in allowed and doc[key] is not None:
                f.add(_sub("action", key), _not_for_kind(key, kind))

    # ---- the object
    obj: GameObject | None = None
    card: Card | None = None
    if "object" in allowed and (kind is not None or doc.get("object") is not None):
        raw = f.required("action", doc, "object")
        oid = f.string("action.object", raw) if raw is not None else None
        if oid is not None:
            obj = state.obj(oid)
            if obj is None:
                f.add("action.object", f"no object {_show(oid)} in the state"
                                       f"{did_you_mean(oid, [o.id for o in state.objects])}")
            elif obj.card is None and kind == "choose" and obj.extra.get("choosing_targets"):
                pass   # 603.3d: the choice of this triggered ability's targets (action.targets)
            elif obj.card is None:
                f.add("action.object", f"{_show(oid)} is an ability on the stack, not a card")
                obj = None
            else:
                card = library.find(obj.card)
                if card is None:
                    f.add("action.object", f"{_show(oid)} is a {obj.card}, which is not in the card library")

    # ---- cast / play_land: face; cast: method, x, additional
    face: str | None = None
    if "face" in allowed and doc.get("face") is not None:
        face = f.string("action.face", doc["face"])
        if face is not None and card is not None:
            canon = next((fc.name for fc in card.faces if fc.name == face), None) or next(
                (fc.name for fc in card.faces if fc.name.casefold() == face.casefold()), None)
            if canon is None:
                f.add("action.face", f"{_show(face)} is not a face of {card.name} "
                                     f"(one of {_quoted_list(fc.name for fc in card.faces)})")
                face = None
            else:
                face = canon
    if kind == "cast" and face is None and card is not None and "face" not in doc:
        face = card.faces[0].name

    method: str | None = None
    x: int | None = None
    additional: list[str] = []
    if kind in ("cast", "plot", "activate"):
        # 107.3a, 107.3d, 107.3k: the value of X in a spell's cost, a special action's cost or an
        # activation cost ({"min", "max"} as `moves` prints it: the largest)
        raw_x = doc.get("x")
        if isinstance(raw_x, dict) and set(raw_x) == {"min", "max"}:  # as moves prints it
            low = f.integer("action.x.min", raw_x["min"], minimum=0)
            raw_x = raw_x["max"]
            if f.integer("action.x.max", raw_x, minimum=0) is None:
                raw_x = None
            elif low is not None and low > raw_x:  # (not a range moves prints: min <= max)
                f.add("action.x", f"the range's min ({low}) is above its max ({raw_x})")
                raw_x = None
        if raw_x is not None:
            x = f.integer("action.x", raw_x, minimum=0)
    if kind == "cast":
        method = "normal"
        if doc.get("method") is not None:
            method = f.choice("action.method", doc["method"], METHODS, "a casting method")
        if doc.get("additional") is not None:
            items = f.listing("action.additional", doc["additional"])
            for i, item in enumerate(items or []):
                name = f.choice(f"action.additional[{i}]", item, ADDITIONAL_COSTS,
                                "an optional additional cost")
                if name is None:
                    continue
                if name in additional and name != "kicker":
                    f.add(f"action.additional[{i}]", f"{_show(name)} is listed twice")
                else:
                    additional.append(name)
            kicks = additional.count("kicker")
            if kicks > MAX_KICKS:
                # 702.33c: a multikicker cost paid that many times; each kick adds its cost to the
                # total (limits.py: with at most MAX_KICKS no sum of the encodings nears 2^31)
                f.add("action.additional", f'"kicker" is listed {kicks:,} times, more than {MAX_KICKS:,} '
                      "(the most kicks mtgasp accepts: its solver computes with 32-bit integers)")

    targets: list[str] = []
    if kind == "choose" and doc.get("targets") is not None and obj is not None and not obj.extra.get(
            "choosing_targets"):
        f.add("action.targets", f"{_show(obj.id)} is no triggered ability whose targets are being chosen "
                                "(choosing_targets): a choice of a card or permanent names no targets")
    if kind in ("cast", "activate", "choose") and doc.get("targets") is not None:
        items = f.listing("action.targets", doc["targets"])
        for i, item in enumerate(items or []):
            t = f.string(f"action.targets[{i}]", item)
            if t is not None and state.obj(t) is None and state.player(t) is None:
                f.add(f"action.targets[{i}]", f"no object or player {_show(t)} in the state")
            elif t is not None:
                targets.append(t)

    # 118.3, 701.21a: the permanents the player chooses to sacrifice for the cost
    sacrifice: list[str] = []
    if kind in ("cast", "activate") and doc.get("sacrifice") is not None:
        items = f.listing("action.sacrifice", doc["sacrifice"])
        for i, item in enumerate(items or []):
            t = f.string(f"action.sacrifice[{i}]", item)
            so = state.obj(t) if t is not None else None
            if t is not None and so is None:
                f.add(f"action.sacrifice[{i}]", f"no object {_show(t)} in the state")
            elif t is not None and t in sacrifice:
                f.add(f"action.sacrifice[{i}]", f"{_show(t)} is listed twice")
            elif t is not None:
                sacrifice.append(t)

    # 118.3: the objects chosen for the other parts of the cost (discard, tap, return, exile)
    cost_choices: list[tuple[str, tuple[str, ...]]] = []
    for key in COST_CHOICE_FIELDS:
        if kind in ("cast", "activate") and doc.get(key) is not None:
            chosen: list[str] = []
            items = f.listing(f"action.{key}", doc[key])
            for i, item in enumerate(items or []):
                t = f.string(f"action.{key}[{i}]", item)
                if t is not None and state.obj(t) is None:
                    f.add(f"action.{key}[{i}]", f"no object {_show(t)} in the state")
                elif t is not None and t in chosen:
                    f.add(f"action.{key}[{i}]", f"{_show(t)} is listed twice")
                elif t is not None:
                    chosen.append(t)
            cost_choices.append((key, tuple(chosen)))

    # 601.2b, 107.4f: how many Phyrexian mana symbols the player announces to pay with 2 life each
    phyrexian_life: int | None = None
    if kind in ("cast", "activate") and doc.get("phyrexian_life") is not None:
        phyrexian_life = f.integer("action.phyrexian_life", doc["phyrexian_life"], minimum=0)

    # 603.3b: the order in which the triggered abilities the action causes go on the stack, by source
    # (any kind of action: a pass may resolve a spell whose effects trigger abilities)
    trigger_order: list[str] = []
    if doc.get("trigger_order") is not None:
        for i, item in enumerate(f.listing("action.trigger_order", doc["trigger_order"]) or []):
            t = f.string(f"action.trigger_order[{i}]", item)
            if t is not None and state.obj(t) is None:
                f.add(f"action.trigger_order[{i}]", f"no object {_show(t)} in the state"
                                                    f"{did_you_mean(t, [o.id for o in state.objects])}")
            elif t is not None and t in trigger_order:
                f.add(f"action.trigger_order[{i}]", f"{_show(t)} is listed twice")
            elif t is not None:
                trigger_order.append(t)

    # ---- activate (and plot): ability
    ability: int | dict[str, Any] | None = None
    if kind == "activate" or (kind == "plot" and doc.get("ability") is not None):
        raw = f.required("action", doc, "ability")
        if raw is not None:
            ability = _parse_ability(f, raw, card, obj, library)

    c.raise_if_any()
    assert kind is not None
    return Action(
        kind=kind,
        object=obj.id if obj is not None else None,
        method=method,
        face=face,
        x=x,
        additional=tuple(additional),
        ability=ability,
        targets=tuple(targets),
        sacrifice=tuple(sacrifice),
        targets_given=kind in ("cast", "activate", "choose") and doc.get("targets") is not None,
        sacrifice_given=kind in ("cast", "activate") and doc.get("sacrifice") is not None,
        phyrexian_life=phyrexian_life,
        cost_choices=tuple(cost_choices),
        trigger_order=tuple(trigger_order),
    )


def _parse_ability(f: _Fields, raw: Any, card: Card | None, obj: GameObject | None,
                   library: CardLookup) -> int | dict[str, Any] | None:
    """An ability index of the object's card, or a granted ability ``{"granted_by", "index"}``."""
    if isinstance(raw, dict) and "intrinsic" in raw:
        # 305.6, 305.7: the intrinsic mana ability of a basic land type the land has from a land
        # type-changing effect ({"intrinsic": "Mountain"} for a nonbasic land under Blood Moon)
        from mtgasp.cards import BASIC_LAND_TYPES

        f.known("action.ability", raw, ("intrinsic",))
        t = f.string("action.ability.intrinsic", raw["intrinsic"])
        if t is None:
            return None
        if t not in BASIC_LAND_TYPES:
            f.add("action.ability.intrinsic", f"{_show(t)} is not a basic land type (one of "
                                              f"{', '.join(BASIC_LAND_TYPES)}, CR 305.6)")
            return None
        return {"intrinsic": t}
    if isinstance(raw, dict):
        f.known("action.ability", raw, ("granted_by", "index"))
        name = f.required("action.ability", raw, "granted_by")
        granter: Card | None = None
        if name is not None and f.string("action.ability.granted_by", name) is not None:
            granter, _, err = resolve_card(library, name)
            if granter is None:
                f.add("action.ability.granted_by", err)
        raw_index = f.required("action.ability", raw, "index")
        index = None
        if raw_index is not None:
            index = f.integer("action.ability.index", raw_index, minimum=1,
                              below="is below 1 (granting abilities are numbered from 1)")
        if granter is None or index is None:
            return None
        grants = len(granter.grants())
        if index > grants:
            has = f"it has {grants}" if grants else "it has none"
            f.add("action.ability.index", f"{granter.name} has no ability-granting ability {index} ({has})")
            return None
        return {"granted_by": granter.name, "index": index}
    index = f.integer("action.ability", raw, minimum=1,
                      below="is below 1 (abilities are numbered from 1, in Oracle order)")
    if index is not None and card is not None and obj is not None:
        fc = card.face_named(obj.face) if obj.face is not None else None
        fc = fc or card.faces[0]
        n = len(fc.abilities)
        if index > n:
            has = f"it has {n}" if n else "it has none"
            f.add("action.ability", f"{fc.name} has no ability {index} ({has})")
            return None
        ab = fc.abilities[index - 1]
        if (ab.kind == "keyword" and (ab.keyword or "").lower() in UNMODELED_ACTIVATED_KEYWORDS) or (
                ab.kind == "not_modeled" and _activated_shape(ab.text)
                and not {"Instant", "Sorcery"} & set(fc.types)):
            # 602.1: the keyword is an activated ability ("Crew N" means "Tap any number of other untapped
            # creatures you control with total power N or greater: ..."), kept as not modeled by the
            # importer: its cost and restrictions aren't known, so no rule can be cited for or
            # against it (saying "not an activated ability", 602.1c, would be wrong)
            f.add("action.ability", f"{fc.name}'s ability {index} ({ab.text}) is an activated ability "
                                    "(CR 602.1) that mtgasp doesn't model: its cost and its "
                                    "restrictions aren't known, so whether it may be activated can't "
                                    "be judged")
            return None
    return index


def _activated_shape(text: str | None) -> bool:
    """602.1: the line is written "[Cost]: [Effect.]" (after an ability word's "Boast — "): a colon
    before any quotation mark (a quoted ability granted to something else is not this one's), in
    a line that isn't a triggered ability (603.1: "When", "Whenever", "At")."""
    t = (text or "").strip()
    t = re.sub(r"^[A-Z][\w' -]{0,40} — ", "", t)
    if t.startswith(("When ", "Whenever ", "At ")):
        return False
    head = re.split(r"[\"“]", t, maxsplit=1)[0].split(":", 1)
    return len(head) == 2 and not re.search(r"\b(?:when|whenever|at the beginning of)\b", head[0],
                                            re.IGNORECASE)


# Keyword abilities that are activated abilities (602.1) which the importer may keep as not modeled
# (those it reads become "activated" abilities: cycling and equip with a mana cost, fortify).
UNMODELED_ACTIVATED_KEYWORDS = frozenset({
    "crew", "unearth", "ninjutsu", "commander ninjutsu", "station", "saddle", "equip", "fortify",
    "encore", "reconfigure", "boast", "craft", "embalm", "eternalize", "scavenge", "transmute",
    "bloodrush", "outlast", "forecast", "cycling", "typecycling", "landcycling", "basic landcycling",
    "plainscycling", "islandcycling", "swampcycling", "mountaincycling", "forestcycling",
    "wizardcycling", "slivercycling", "transfigure", "level up", "exhaust", "channel",
})


def _not_for_kind(key: str, kind: str) -> str:
    if kind in ("pass", "proceed"):
        return f"a {kind} action has no other fields"
    users = [k for k, fields in KIND_FIELDS.items() if key in fields]
    names = ", ".join(users[:-1]) + " and " + users[-1] if len(users) > 1 else "".join(users)
    article = "an" if kind[:1] in "aeiou" else "a"  # "an activate action"
    return f"{article} {kind} action has no {key} (only {names} actions do)"
