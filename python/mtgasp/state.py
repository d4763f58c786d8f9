"""Game state documents: read, validate and write them (contracts.md, section 1).

``load_state`` reads a JSON (or YAML) document, ``parse_state`` validates an already decoded one
and builds a :class:`~mtgasp.model.GameState`, ``dump_state`` writes a state back as a document
that ``load_state`` accepts, leaving out every field that has its default value.

Validation reports every problem at once (one :class:`~mtgasp.errors.InputError`), each with the
path of the offending field, e.g. ``objects[3].zone: "hnad" is not a zone (one of library, ...)``.
Besides wrong types, unknown fields and dangling references it reports states that cannot happen
in a game, such as a tapped card in a hand or a card in a graveyard controlled by someone other
than its owner.

Extensions beyond contracts.md version 1 (all documented in ``data/state.schema.json``):

- game: ``$schema`` and ``description`` (free text), kept in ``GameState.document``;
- player: ``attackers_this_turn`` (how many creatures that player attacked with this turn,
  Windbrisk Heights) and ``damage_taken_this_turn`` (damage dealt to that player this turn,
  Spinerock Knoll), kept in ``Player.extra``;
- object: ``chosen_type`` (the creature type chosen as it entered, The Ringhart Crest) and
  ``chosen_color`` (the color chosen as it entered: one of W U B R G), kept in ``GameObject.extra``;
  ``entered_turn`` (the turn the permanent entered the battlefield, Mirrex); ``combat``
  (``attacking`` or ``blocking``: a creature in combat, 506.4; "target attacking creature");
- player: ``commanders`` (the names of the player's commander cards, 903.3; Command Tower) and
  ``energy`` (the player's energy counters, 107.14, 122.1: "Pay {E}"), ``poison`` (the player's
  poison counters, 122.1f: Glistening Sphere's condition, Noxious Bayou's rider; ten or more lose
  the game, 704.5c).
"""

from __future__ import annotations

import copy
import difflib
import importlib
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from mtgasp.errors import Collector, InputError, Problem, excerpt
from mtgasp.keywords import unknown_keyword
from mtgasp.limits import (
    MAX_NUMBER,
    MAX_OBJECTS,
    MAX_POOL,
    MAX_TOTAL_COUNTERS,
    mana_budget,
    out_of_range,
    total_counters,
)
from mtgasp.model import (
    MANA_TYPES,
    METHODS,
    STEPS,
    TARGET_WORD,
    ZONES,
    Ability,
    AbilityRef,
    Card,
    Effect,
    Face,
    GameObject,
    GameState,
    Player,
    parse_mana_cost,
)

__all__ = [
    "DURATIONS",
    "CardLookup",
    "dump_state",
    "load_state",
    "parse_mana_pool",
    "parse_state",
    "read_document",
    "render_mana_pool",
]

FORMAT = 1
DURATIONS = ("end_of_turn", "permanent")

# Documented extension fields (not in contracts.md version 1).
GAME_EXTENSIONS = ("$schema", "description")
GAME_COUNT_EXTENSIONS = ("consecutive_passes",)
# The game's result (104.2a, 104.3, 104.4a) and the extra turns to come (500.7), first to be taken
# first: lists of player names.
GAME_PLAYER_LISTS = ("losers", "extra_turns")
GAME_RESULT = ("winner",) + GAME_PLAYER_LISTS
# the player who took the first turn of the game (103.1: "If you were the starting player", Rising
# Chicane); absent: not given
# priority_after: the player who receives priority once a choice a state-based action asks for is
# made (704.3: "the player who would have received priority"; 704.5j: the legend rule); written by
# apply while nobody has priority; absent: the active player
# next_in_turn_order: the player whose turn comes next in turn order once the extra turns are taken
# (500.7: extra turns are added directly after the turn that gives them; written by apply as an
# extra turn begins where that player isn't the one after the extra turn's player; a player who has
# left the game: the next one in turn order still in it); absent: the player after the active player
GAME_PLAYER_FIELDS = ("starting_player", "priority_after", "next_in_turn_order")
# pending_triggers: triggered abilities that have triggered but wait to be put on the stack (603.3:
# "the next time a player would receive priority"; 117.5, 704.3: state-based actions first) while the
# legend rule's choice is made (704.5j) with nobody having priority; written by apply, each in the
# shape of an ability on the stack without its zone (id, ability, controller, refers_to, x)
GAME_PENDING = ("pending_triggers",)
PENDING_FIELDS = ("id", "ability", "controller", "refers_to", "x")
PLAYER_EXTENSIONS = ("attackers_this_turn", "damage_taken_this_turn", "library_size", "hand_size",
                     "energy", "poison")
# 704.5b: until the next check of state-based actions; 702.131c: the city's blessing, for the rest of
# the game
PLAYER_FLAGS = ("drew_from_empty_library", "citys_blessing")
PLAYER_LISTS = ("commanders",)  # 903.3: the player's commander cards, by name
# 903.8: how many times the player has cast each of their commanders from the command zone this
# game (an object: commander card name -> count); each previous time adds {2} to the next one
PLAYER_COUNTS = ("commander_casts",)
# 106.6: mana in the pool that keeps its spend restriction (entries naming the restricting ability)
PLAYER_RESTRICTED = ("restricted_mana",)
# 107.4h: the part of the mana pool that snow sources produced (mana symbols, a part of mana_pool;
# only such mana pays {S})
PLAYER_POOLS = ("mana_pool_snow",)
# combat: "attacking" or "blocking" (506.4; from the declare attackers, the declare blockers step
# until the end of combat step ends, 508.1, 509.1, 511.3): what "target attacking creature" reads
COMBAT_STATUSES = ("attacking", "blocking")
COMBAT_STEPS = {"attacking": ("declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"),
                "blocking": ("declare_blockers", "combat_damage", "end_of_combat")}
OBJECT_EXTENSIONS = ("combat", "blocked", "chosen_type", "chosen_color", "dream_exile", "refers_to", "targets", "seen_by", "damage",
                     "pump", "animated", "gained_keywords", "control_returns_to", "token", "looking_at",
                     "skip_untap", "activated_this_turn", "activated_ever", "entered_turn", "lost_targets",
                     "times_kicked", "choosing_targets", "foretell_reduction", "legend_kept", "timestamp")

GAME_FIELDS = (
    "format", "turn", "active_player", "step", "priority", "players", "objects", "stack",
    "resolving", "effects",
) + GAME_EXTENSIONS + GAME_COUNT_EXTENSIONS + GAME_RESULT + GAME_PLAYER_FIELDS + GAME_PENDING
PLAYER_FIELDS = ("name", "life", "lands_played_this_turn", "mana_pool", "last_turn") + PLAYER_EXTENSIONS \
    + PLAYER_FLAGS + PLAYER_LISTS + PLAYER_COUNTS + PLAYER_RESTRICTED + PLAYER_POOLS
OBJECT_FIELDS = (
    "id", "card", "owner", "zone", "controller", "face", "tapped", "face_down", "counters",
    "controlled_since_turn", "attached_to", "foretold_turn", "foretell_cost", "plotted_turn",
    "exiled_with", "cast_from", "method", "x", "mana_spent", "kicked", "ability",
) + OBJECT_EXTENSIONS
ABILITY_REF_FIELDS = ("source", "index", "card")
EFFECT_FIELDS = ("card", "controller", "duration")

# Fields an ability on the stack may have; every other object field belongs to cards only.
ABILITY_OBJECT_FIELDS = ("id", "zone", "ability", "controller", "owner", "x", "refers_to", "targets",
                         "looking_at", "lost_targets", "choosing_targets")
# ("refers_to": the spell a triggered ability refers to, e.g. Goliath Daydreamer's first ability.)
# Spell fields: meaningful on the stack, and remembered by the permanent a spell becomes.
SPELL_FIELDS = ("cast_from", "method", "x", "mana_spent", "kicked")
CAST_FROM_ZONES = tuple(z for z in ZONES if z not in ("stack", "battlefield"))
# Zones where "face_down" may be true (cards in a library are face down anyway).
FACE_DOWN_ZONES = ("library", "battlefield", "stack", "exile")
# Zones whose objects always have their owner as controller (CR 108.4a).
OWNER_CONTROLLED_ZONES = ("library", "hand", "graveyard", "exile", "command")
# Zones whose cards lose their counters on arrival (CR 122.2); counters there can't exist.
NO_COUNTER_ZONES = ("library", "hand", "graveyard")
# Keyword abilities that are triggered abilities and so can be on the stack.
TRIGGERED_KEYWORDS = ("hideaway", "ward", "suspend")

IN_ZONE = {
    "library": "in a library",
    "hand": "in a hand",
    "battlefield": "on the battlefield",
    "graveyard": "in a graveyard",
    "stack": "on the stack",
    "exile": "in exile",
    "command": "in the command zone",
}

_MANA_SYMBOL = re.compile(r"\{([^{}]*)\}")

_PlayerCheck = Callable[[str, Any], str | None]

# 110.4: the card types of permanents
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


class CardLookup(Protocol):
    """What validation needs from a card library (``mtgasp.cards.CardLibrary`` provides it)."""

    def find(self, name: str) -> Card | None: ...

    def suggest(self, name: str) -> list[str]: ...


# --------------------------------------------------------------------------------------------
# Reading documents


def read_document(path_or_text: str | Path, *, source: str | None = None,
                  what: str = "document") -> tuple[Any, str | None]:
    """Decode a JSON or YAML document; returns ``(value, source)``.

    ``path_or_text`` is a :class:`~pathlib.Path`, a file name, ``"-"`` (standard input) or the
    document's text itself (a string whose first non-blank character is ``{`` or ``[``, or any
    string containing a line break). Files whose names end in ``.yaml``/``.yml`` are read as YAML
    (this needs PyYAML); text is read as YAML if ``source`` ends that way. ``source`` names the
    input in error messages (default: the file name). Raises InputError, never anything else.
    """
    text: str
    format_hint = source  # the name whose suffix picks YAML or JSON
    if isinstance(path_or_text, Path) or not _looks_like_text(path_or_text):
        name = str(path_or_text)
        format_hint = name
        if name == "-":
            source = source or "<stdin>"
            try:
                raw = getattr(sys.stdin, "buffer", None)
                if raw is not None:  # the bytes, so that non-UTF-8 input is said to be (the text
                    # layer's surrogate escapes made it "not valid JSON: Expecting value")
                    text = raw.read().decode("utf-8-sig")
                else:
                    text = sys.stdin.read().removeprefix("\ufeff")
            except UnicodeDecodeError as exc:
                raise InputError(f"not UTF-8 text: {exc.reason} at byte {exc.start}", source) from None
            except OSError as exc:
                raise InputError(f"can't read standard input: {exc}", source) from None
        else:
            source = source or name
            path = Path(name)
            if not path.exists():
                raise InputError(f"no such file: {name}", source)
            if path.is_dir():
                raise InputError(f"{name} is a directory, not {_article(what)} {what} file", source)
            try:
                # a byte order mark (Windows editors, PowerShell) is not part of the document
                # (RFC 8259, 8.1: a parser may ignore it)
                text = path.read_text(encoding="utf-8-sig")
            except UnicodeDecodeError as exc:
                raise InputError(f"not UTF-8 text: {exc.reason} at byte {exc.start}", source) from None
            except OSError as exc:
                raise InputError(f"can't read {name}: {exc.strerror or exc}", source) from None
    else:
        text = path_or_text
    if format_hint is not None and format_hint.lower().endswith((".yaml", ".yml")):
        return _decode_yaml(text, source), source
    return _decode_json(text, source), source


def _article(noun: str) -> str:
    return "an" if noun[:1] in "aeiou" else "a"


def _looks_like_text(s: str) -> bool:
    stripped = s.lstrip()
    return stripped.startswith(("{", "[")) or "\n" in s or stripped == ""


class _DuplicateKeys:
    """object_pairs_hook that builds dicts and remembers repeated keys (JSON allows them)."""

    def __init__(self) -> None:
        self.duplicates: list[str] = []

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                self.duplicates.append(key)
            out[key] = value
        return out


class _BadConstant(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise _BadConstant(f"{name} is not a JSON number")


def _decode_json(text: str, source: str | None) -> Any:
    hook = _DuplicateKeys()
    try:
        value = json.loads(text, object_pairs_hook=hook, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})", source
        ) from None
    except _BadConstant as exc:
        raise InputError(f"not valid JSON: {exc}", source) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise InputError(f"not valid JSON: {str(exc).split(':')[0]}", source) from None
    except RecursionError:
        raise InputError("not valid JSON: nested too deeply", source) from None
    if hook.duplicates:
        raise InputError(
            [Problem("", f'the key "{k}" appears twice in one object (the second would silently '
                         "replace the first)") for k in dict.fromkeys(hook.duplicates)],
            source,
        )
    return value


def _decode_yaml(text: str, source: str | None) -> Any:
    try:
        yaml: Any = importlib.import_module("yaml")
    except ImportError:
        raise InputError(
            "reading YAML needs PyYAML, which is not installed "
            "(pip install 'mtgasp[yaml]' or pip install PyYAML; or use JSON)",
            source,
        ) from None

    duplicates: list[str] = []

    def compose_node(loader: Any, parent: Any, index: Any) -> Any:
        # An alias repeats a node without copying it; nested aliases (an "alias bomb") make a
        # small file stand for an enormous document. mtgasp documents don't need them.
        if loader.check_event(yaml.events.AliasEvent):
            mark = loader.peek_event().start_mark
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not accepted: write the value out", mark)
        return yaml.SafeLoader.compose_node(loader, parent, index)

    loader_class: Any = type("DuplicateCheckingLoader", (yaml.SafeLoader,),
                             {"compose_node": compose_node})

    def construct_mapping(loader: Any, node: Any, deep: bool = False) -> dict[Any, Any]:
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, "a mapping key must be a plain value", key_node.start_mark
                ) from None
            if key in out:
                mark = key_node.start_mark
                duplicates.append(f"{key} (line {mark.line + 1}, column {mark.column + 1})")
            out[key] = loader.construct_object(value_node, deep=True)
        return out

    loader_class.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    try:
        value = yaml.load(text, Loader=loader_class)  # a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        raise InputError(f"not valid YAML: {problem}{where}", source) from None
    except RecursionError:
        raise InputError("not valid YAML: nested too deeply", source) from None
    if duplicates:
        raise InputError(
            [Problem("", f"the key {d} appears twice in one mapping") for d in duplicates], source
        )
    return value


def load_state(path_or_text: str | Path | Mapping[str, Any], library: CardLookup, *,
               source: str | None = None) -> GameState:
    """Read and validate a game state document (a file name, ``"-"`` for stdin, the text, or the
    decoded document itself, as parse_state takes it).

    JSON always; YAML for files ending in ``.yaml``/``.yml`` when PyYAML is installed.
    Raises InputError listing every problem found.
    """
    if isinstance(path_or_text, Mapping):
        return parse_state(path_or_text, library, source=source)
    if not isinstance(path_or_text, (str, Path)):
        raise InputError(Problem("", f"expected a file name, the document's text or the decoded document, "
                                     f"got {type(path_or_text).__name__}"), source)
    doc, source = read_document(path_or_text, source=source, what="state")
    return parse_state(doc, library, source=source)


# --------------------------------------------------------------------------------------------
# Small helpers


def _show(value: Any) -> str:
    """A value as the user wrote it, in JSON notation, shortened (without serialising it all)."""
    return excerpt(value, 60)


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _got(value: Any) -> str:
    """What the user wrote, for "expected ..., got ...": ``null``, ``a string "six"``."""
    return "null" if value is None else f"{_type_name(value)} {_show(value)}"


def _sub(path: str, key: str) -> str:
    """The path of a field of an object: ``a.b``, or ``a["+1/+1"]`` for other keys."""
    if key.isascii() and key.isidentifier():  # [A-Za-z_][A-Za-z0-9_]*
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _quoted_list(names: Iterable[str], conj: str = "or") -> str:
    items = [f'"{n}"' for n in names]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean "x"?)`` for the closest candidate, or ``""``."""
    cands = list(candidates)
    if len(word) > 200:  # no name is that long; difflib would take a while to say so
        return ""
    close = difflib.get_close_matches(word, cands, n=1, cutoff=0.6)
    if not close:
        lowered = {c.casefold(): c for c in cands}
        if word.casefold() in lowered:
            close = [lowered[word.casefold()]]
    return f' (did you mean "{close[0]}"?)' if close else ""


def parse_mana_pool(text: str) -> dict[str, int]:
    """``"{G}{G}{U}"`` -> ``{"G": 2, "U": 1}``; raises ValueError with a message for the user."""
    if len(text) > 3 * MAX_POOL + 1000:  # cheaper than counting: surely more than MAX_POOL
        raise ValueError(f"{len(text):,} characters: a mana pool holds at most {MAX_POOL:,} mana "
                         "here (mtgasp's limit)")
    rest = _MANA_SYMBOL.sub("", text)
    if rest.strip():
        raise ValueError(f"{_show(text)} is not a list of mana symbols: unexpected {_show(rest.strip())}")
    pool: dict[str, int] = {}
    for raw in _MANA_SYMBOL.findall(text):
        sym = raw.strip().upper()
        if sym in MANA_TYPES:
            pool[sym] = pool.get(sym, 0) + 1
        elif sym.isascii() and sym.isdigit():
            raise ValueError(
                f"{{{raw[:20]}}} is generic mana, but mana in a pool always has a type: "
                f"write colorless mana as {{C}} (e.g. {'{C}' * min(int(sym[:2]), 3) or '{C}'})"
            )
        else:
            raise ValueError(f"{{{raw[:20] + ('...' if len(raw) > 20 else '')}}} is not a type of mana "
                             "(one of {W} {U} {B} {R} {G} {C})")
    if sum(pool.values()) > MAX_POOL:
        raise ValueError(f"{sum(pool.values()):,} mana: a mana pool holds at most {MAX_POOL:,} "
                         "mana here (mtgasp's limit)")
    return {t: pool[t] for t in MANA_TYPES if pool.get(t)}


def render_mana_pool(pool: Mapping[str, int]) -> str:
    """``{"G": 2, "U": 1}`` -> ``"{U}{G}{G}"`` (W U B R G C order)."""
    return "".join(f"{{{t}}}" * pool.get(t, 0) for t in MANA_TYPES)


def _card_face(card: Card, face: str | None) -> Face:
    """The face with that name, else the front face."""
    if face is not None:
        found = card.face_named(face)
        if found is not None:
            return found
    return card.faces[0]


def _face_names(card: Card) -> list[str]:
    return [f.name for f in card.faces]


def _match_face(card: Card, name: str) -> str | None:
    """The canonical name of the face called ``name`` (case-insensitively), or None."""
    for f in card.faces:
        if f.name == name:
            return f.name
    for f in card.faces:
        if f.name.casefold() == name.casefold():
            return f.name
    return None


def _library_name(f: _Fields, key: str, name: str, library: CardLookup | None) -> str | None:
    """The library's name of the card a player field names (a commander), or None with the
    problem added at `key`; the name as given when there is no library to check it against."""
    if library is None:
        return name
    card, _face, err = resolve_card(library, name)
    if card is None:
        f.add(key, err)
        return None
    return card.name


def resolve_card(library: CardLookup, name: str) -> tuple[Card | None, str | None, str]:
    """Look a card up: ``(card, face named, "")`` or ``(None, None, error message)``.

    ``face named`` is the face's name when ``name`` names one face of a multi-faced card.
    """
    card = library.find(name)
    if card is None:
        refusal = getattr(library, "refusal", None)
        reason = refusal(name) if refusal is not None and isinstance(name, str) else None
        if reason:   # a real card the importer refused: known, not supported (and why)
            from mtgasp.cards import refused_card_message

            return None, None, refused_card_message(name, reason)
        suggestions = list(library.suggest(name))[:3]
        hint = f" (did you mean {_quoted_list(suggestions)}?)" if suggestions else ""
        return None, None, f"unknown card {_show(name)}{hint}"
    named_face: str | None = None
    if len(card.faces) > 1 and name.casefold() != card.name.casefold():
        named_face = _match_face(card, name)
    return card, named_face, ""


class _Fields:
    """Typed field access that records a problem (and returns None) when a value is wrong."""

    def __init__(self, c: Collector):
        self.c = c

    def add(self, path: str, message: str) -> None:
        self.c.add(path, message)

    def mapping(self, path: str, value: Any, what: str = "an object") -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.add(path, f"expected {what}, got {_got(value)}"
                     if value is not None else f"expected {what}, got null")
            return None
        return value

    def known(self, path: str, value: dict[Any, Any], fields: Sequence[str]) -> None:
        """Report every key that is not one of ``fields`` (typos must not pass unnoticed)."""
        for key in value:
            if not isinstance(key, str):
                self.add(path, f"field names are strings, got {_show(key)}")
            elif key not in fields:
                hint = did_you_mean(key, fields) or f" (known fields: {', '.join(fields)})"
                self.add(_sub(path, key), f"unknown field{hint}")

    def required(self, path: str, d: dict[str, Any], key: str) -> Any:
        if key not in d or d[key] is None:
            self.add(_sub(path, key), "required field is missing" if key not in d
                     else "required, got null")
            return None
        return d[key]

    def string(self, path: str, value: Any) -> str | None:
        if not isinstance(value, str):
            self.add(path, f"expected a string, got {_got(value)}")
            return None
        if not value.strip():
            self.add(path, "must not be empty")
            return None
        return value

    def boolean(self, path: str, value: Any) -> bool | None:
        if not isinstance(value, bool):
            self.add(path, f"expected true or false, got {_got(value)}")
            return None
        return value

    def integer(self, path: str, value: Any, *, minimum: int | None = None,
                below: str | None = None, maximum: int = MAX_NUMBER) -> int | None:
        # bool is a subclass of int in Python: true/false are not numbers here.
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                self.add(path, f"expected an integer, got {_show(value)} (write it without a decimal point)")
            else:
                self.add(path, f"expected an integer, got {_got(value)}")
            return None
        if minimum is not None and value < minimum:
            if below is None:
                below = "is below zero" if minimum == 0 else f"is below {minimum}"
            self.add(path, f"{value} {below}")
            return None
        problem = out_of_range(value, -maximum, maximum)
        if problem is not None:
            self.add(path, problem)
            return None
        return value

    def choice(self, path: str, value: Any, options: Sequence[str], what: str) -> str | None:
        if not isinstance(value, str):
            self.add(path, f"expected a string, got {_got(value)}")
            return None
        if value not in options:
            hint = did_you_mean(value, options)
            self.add(path, f"{_show(value)} is not {what} (one of {', '.join(options)}){hint}")
            return None
        return value

    def listing(self, path: str, value: Any) -> list[Any] | None:
        if not isinstance(value, list):
            self.add(path, f"expected a list, got {_got(value)}")
            return None
        return value


# The abilities whose cost is a cost of the spell itself (601.2b, 601.2f, 118.8, 118.9), by kind:
# {X} in one of them is announced as the spell is cast (107.3a). Not an activated, triggered or static
# ability's (107.3k: an activation cost's X is its own); a line kept as not modeled may be such a
# cost no template reads, and counts.
_SPELL_COST_KEYWORDS = {"kicker": "kicker", "multikicker": "kicker", "foretell": "foretell", "plot": "plot"}


def _spell_x_costs(card: Any) -> set[str]:
    """The kinds of the card's spell costs with {X}: mana, kicker, foretell, plot, additional,
    alternative, not_modeled."""
    out: set[str] = set()
    for fc in card.faces:
        if fc.mana_cost is not None and fc.mana_cost.x:
            out.add("mana")
        for ab in fc.abilities:
            if "{X}" not in json.dumps(ab.spec):
                continue
            if ab.kind == "keyword" and ab.spec.get("keyword") in _SPELL_COST_KEYWORDS:
                out.add(_SPELL_COST_KEYWORDS[ab.spec["keyword"]])
            elif ab.kind in ("additional_cost", "alternative_cost", "not_modeled"):
                out.add(ab.kind.replace("_cost", ""))
    return out


def _has_keyword(card: Any, keyword: str) -> bool:
    """Some face of the card has the keyword ability (kicker, multikicker)."""
    return any(ab.kind == "keyword" and ab.spec.get("keyword") == keyword
               for fc in card.faces for ab in fc.abilities)


def _opt(d: Mapping[str, Any], key: str) -> Any:
    """An optional field's value; null counts as absent."""
    return d.get(key)


# --------------------------------------------------------------------------------------------
# Validation


class _ObjDraft:
    """What the first pass over ``objects`` learnt about one object."""

    def __init__(self, index: int, raw: dict[str, Any]):
        self.index = index
        self.raw = raw
        self.path = f"objects[{index}]"
        self.values: dict[str, Any] = {}
        self.id: str | None = None
        self.zone: str | None = None
        self.card: Card | None = None
        self.is_ability = False
        self.ability_source: str | None = None
        self.ability_index: int | None = None
        self.ability_card: Card | None = None
        self.ability_granter: Card | None = None   # the card granting the ability (113.2), if granted
        self.extra: dict[str, Any] = {}


def parse_state(doc: Any, library: CardLookup, source: str | None = None) -> GameState:
    """Validate a decoded state document and build the GameState.

    Raises InputError with every problem found (each with the path of its field).
    """
    c = Collector(source)
    f = _Fields(c)
    if not isinstance(doc, dict):
        raise InputError(
            f"a state document is an object with the fields {', '.join(GAME_FIELDS[:6])}, ...; "
            f"got {_type_name(doc)}",
            source,
        )
    f.known("", doc, GAME_FIELDS)

    # ---- format, turn, step
    fmt = _opt(doc, "format")
    if fmt is not None:
        n = f.integer("format", fmt)
        if n is not None and n != FORMAT:
            f.add("format", f"{n} is not supported (this version reads format {FORMAT})")
    turn = f.required("", doc, "turn")
    if turn is not None:
        turn = f.integer("turn", turn, minimum=1, below="is below 1 (the first turn is turn 1)")
    step = f.required("", doc, "step")
    if step is not None:
        step = f.choice("step", step, STEPS, "a step")
    for key in GAME_EXTENSIONS:
        if key in doc:
            f.string(key, doc[key])
    for key in GAME_COUNT_EXTENSIONS:
        if doc.get(key) is not None:
            f.integer(key, doc[key], minimum=0)

    # ---- players
    players: list[Player] = []
    names: set[str] = set()
    players_known = False  # True when player references can be checked
    raw_players = f.required("", doc, "players")
    if raw_players is not None:
        plist = f.listing("players", raw_players)
        if plist is not None:
            players_known = True
            if not plist:
                f.add("players", "a game needs at least one player")
            for i, rp in enumerate(plist):
                before = len(c.problems)
                p = _parse_player(f, i, rp, turn, names, library)
                if p is not None:
                    players.append(p)
                elif any(pr.path in (f"players[{i}]", f"players[{i}].name")
                         for pr in c.problems[before:]):
                    # a player without a usable name: references to it would all be noise
                    players_known = False

    def check_player(path: str, value: Any) -> str | None:
        name = f.string(path, value)
        if name is None:
            return None
        if players_known and name not in names:
            f.add(path, f"{_show(name)} is not a player{did_you_mean(name, names)}")
            return None
        return name

    active = f.required("", doc, "active_player")
    if active is not None:
        active = check_player("active_player", active)
    if active is not None and turn is not None:
        for p in players:
            if p.last_turn is None:
                continue
            idx = next(i for i, rp in enumerate(doc["players"])
                       if isinstance(rp, dict) and rp.get("name") == p.name)
            if p.name == active and p.last_turn != turn:
                f.add(f"players[{idx}].last_turn",
                      f"{p.last_turn} is not this turn ({turn}), but {active} is the active player")
            elif p.name != active and p.last_turn == turn:
                f.add(f"players[{idx}].last_turn",
                      f"{p.last_turn} is this turn, but this is {active}'s turn")
    # 506.2: only the active player attacks, so a nonactive player attacked with no creature this turn
    # (Windbrisk Heights' "if you attacked with three or more creatures this turn" on another
    # player's turn); 505.1a: no combat has happened before the first (precombat) main phase ends.
    if active is not None:
        for p in players:
            n = p.extra.get("attackers_this_turn")
            if not n:
                continue
            idx = next(i for i, rp in enumerate(doc["players"])
                       if isinstance(rp, dict) and rp.get("name") == p.name)
            if p.name != active:
                f.add(f"players[{idx}].attackers_this_turn",
                      f"{n}, but this is {active}'s turn: only the active player attacks (CR 506.2)")
            elif step in ("untap", "upkeep", "draw", "precombat_main"):
                f.add(f"players[{idx}].attackers_this_turn",
                      f"{n}, but no combat has happened yet this turn: the step is {step}, before "
                      "the first combat phase (CR 505.1a)")

    # ---- objects (first pass: each object by itself)
    drafts: list[_ObjDraft] = []
    raw_objects = _opt(doc, "objects")
    if raw_objects is not None:
        olist = f.listing("objects", raw_objects)
        if olist is not None and len(olist) > MAX_OBJECTS:
            f.add("objects", f"{len(olist):,} objects: mtgasp reads at most {MAX_OBJECTS:,}")
            olist = None
        for i, ro in enumerate(olist or []):
            d = _parse_object(f, i, ro, library, check_player, turn)
            if d is not None:
                drafts.append(d)
    by_id: dict[str, _ObjDraft] = {}
    for d in drafts:
        if d.id is None:
            continue
        if d.id in by_id:
            f.add(_sub(d.path, "id"), f"duplicate id {_show(d.id)} (also objects[{by_id[d.id].index}])")
        else:
            by_id[d.id] = d
        if d.id in names:  # 115.1: a target is an object or a player, named alike in actions
            f.add(_sub(d.path, "id"), f"{_show(d.id)} is also a player's name; an action's targets "
                                      "name objects and players alike, so an object's id must differ "
                                      "from every player's name")

    # ---- objects (second pass: references between objects)
    for d in drafts:
        _check_references(f, d, by_id, names)
    _check_pending(f, doc, library, check_player, turn, by_id, names)
    # library_size and hand_size give a zone's size when the state doesn't list every card in it: the
    # cards it does list are among them, so a size below their number is an impossible state.
    raw_player_list: list[Any] = doc["players"] if isinstance(doc.get("players"), list) else []
    for i, pl in enumerate(players):
        index = next((j for j, rp in enumerate(raw_player_list) if isinstance(rp, dict) and rp.get("name") == pl.name), i)
        for key, zone in (("library_size", "library"), ("hand_size", "hand")):
            size = pl.extra.get(key)
            listed = sum(1 for d in drafts if d.zone == zone and d.values.get("owner") == pl.name)
            if size is not None and listed > size:
                f.add(f"players[{index}].{key}", f"{size}, but the state lists {listed} card(s) in "
                                                 f"{pl.name}'s {zone}; the size counts them too")

    # ---- stack
    stack: list[str] = []
    raw_stack = _opt(doc, "stack")
    stack_ok = True
    if raw_stack is not None:
        slist = f.listing("stack", raw_stack)
        if slist is None:
            stack_ok = False
        for i, sid in enumerate(slist or []):
            path = f"stack[{i}]"
            sid = f.string(path, sid)
            if sid is None:
                stack_ok = False
                continue
            if sid in stack:
                f.add(path, f"{_show(sid)} is on the stack list twice (also stack[{stack.index(sid)}])")
                continue
            stack.append(sid)
            target = by_id.get(sid)
            if target is None:
                f.add(path, f'{_show(sid)} is not an object in zone "stack" (no object has this id)'
                      + did_you_mean(sid, by_id))
            elif target.zone is not None and target.zone != "stack":
                f.add(path, f'{_show(sid)} is not an object in zone "stack" (it is in zone {target.zone})')
    if stack_ok:
        for d in drafts:
            if d.zone == "stack" and d.id is not None and d.id not in stack:
                f.add(d.path, f"{_show(d.id)} is in zone stack but not in the stack list")

    # ---- resolving, priority
    resolving = _opt(doc, "resolving")
    if resolving is not None:
        resolving = f.string("resolving", resolving)
        # Not necessarily the top: a spell cast while an ability resolves (Goliath Daydreamer)
        # goes on the stack above it.
        if resolving is not None and stack_ok and resolving not in stack:
            f.add("resolving", f"{_show(resolving)} is not an id on the stack")
    if step == "untap" and stack_ok and stack:
        # 500.2, 502.4: a step ends only with an empty stack, no player gets priority during the
        # untap step (so nothing is cast or resolves in it), and what triggers waits for the upkeep.
        f.add("stack", "must be empty during the untap step: no player gets priority in it and "
                       "nothing resolves in it (CR 502.4, 500.2)")
    priority: str | None
    if "priority" in doc:
        priority = doc["priority"]
        if priority is not None:
            priority = check_player("priority", priority)
            if priority is not None and step == "untap":
                f.add("priority", "no player gets priority during the untap step (CR 502.4); use null")
            if priority is not None and resolving is not None:
                f.add("priority", f"nobody has priority while {_show(resolving)} resolves; use null")
    else:
        priority = default_priority(step or "", active or "", resolving) if active else None

    if _opt(doc, "priority_after") is not None:
        after = check_player("priority_after", doc["priority_after"])
        if after is not None and priority is not None:
            f.add("priority_after", f"{priority} has priority now; priority_after names who receives it "
                                    "once a pending choice is made while nobody has it (CR 704.3); "
                                    "leave it out")
        if after is not None and isinstance(doc.get("losers"), list) and after in doc["losers"]:
            f.add("priority_after", f"{_show(after)} has lost the game (losers) and so has left it; a "
                                    "player who left the game never receives priority (CR 800.4a)")

    for d in drafts:
        cst = d.extra.get("combat")
        if cst is not None and step is not None and active is not None:
            # 508.1, 509.1, 511.3: creatures attack from the declare attackers step, block from the
            # declare blockers step, and are removed from combat as the end of combat step ends;
            # 506.2, 508.1a, 509.1a: the active player attacks, the other players block
            ctl = d.values.get("controller") or d.values.get("owner")
            if step not in COMBAT_STEPS[cst]:
                f.add(_sub(d.path, "combat"), f"{cst}, but the step is {step}: a creature is "
                      + ("attacking from the declare attackers step (508.1)" if cst == "attacking" else
                         "blocking from the declare blockers step (509.1)")
                      + " until the end of combat step ends (511.3)")
            elif cst == "attacking" and ctl is not None and ctl != active:
                f.add(_sub(d.path, "combat"), f"attacking, but it is controlled by {ctl} and this is "
                      f"{active}'s turn: only the active player attacks (506.2, 508.1a)")
            elif d.extra.get("blocked") and step not in COMBAT_STEPS["blocking"]:
                f.add(_sub(d.path, "blocked"), f"true, but the step is {step}: an attacking creature "
                      "becomes blocked in the declare blockers step (509.1h)")
            elif cst == "blocking" and ctl is not None and ctl == active:
                f.add(_sub(d.path, "combat"), f"blocking, but it is controlled by {active}, the active "
                      "player, who attacks: only the other players block (506.2, 509.1a)")
        if d.extra.get("legend_kept") and (priority is not None or resolving is not None):
            # 704.3, 101.4: recorded while the legend rule's other choices are made, as nobody has
            # priority; performed with the rest of the check before anyone receives it
            f.add(_sub(d.path, "legend_kept"), "a legend rule choice waits for the other players' "
                  "choices while nobody has priority and nothing resolves (CR 704.3, 704.5j, 101.4); "
                  "use \"priority\": null, or leave legend_kept out")
        if d.extra.get("choosing_targets") and (priority is not None or resolving is not None):
            # 603.3d, 117.5: targets are chosen as the ability is put on the stack, before any
            # player receives priority
            f.add(_sub(d.path, "choosing_targets"), "its controller is choosing its targets, so nobody "
                  "has priority and nothing resolves meanwhile (CR 603.3d, 117.5); use \"priority\": null")

    if _opt(doc, "pending_triggers") and (priority is not None or resolving is not None):
        # 603.3, 117.5, 704.3: triggered abilities wait to be put on the stack only while a choice of
        # the state-based actions (the legend rule, 704.5j) is made, before anyone receives priority
        f.add("pending_triggers", "triggered abilities wait to be put on the stack only while nobody "
                                  "has priority and nothing resolves, as the legend rule's choice is "
                                  "made (CR 603.3, 117.5, 704.3); put them on the stack, or use "
                                  "\"priority\": null")

    # ---- the game's result and the extra turns (extensions)
    if _opt(doc, "winner") is not None:
        check_player("winner", doc["winner"])
    if _opt(doc, "next_in_turn_order") is not None:
        check_player("next_in_turn_order", doc["next_in_turn_order"])
    if _opt(doc, "starting_player") is not None:
        starter = check_player("starting_player", doc["starting_player"])
        # 103.8: the starting player takes the game's first turn (turn 1)
        if starter is not None and turn == 1 and active is not None and starter != active:
            f.add("starting_player", f"{_show(starter)} took the game's first turn, but turn 1 is "
                                     f"{active}'s (CR 103.8)")
    for key in GAME_PLAYER_LISTS:
        if _opt(doc, key) is not None:
            seen: dict[str, int] = {}
            for i, name in enumerate(f.listing(key, doc[key]) or []):
                name = check_player(f"{key}[{i}]", name)
                if key == "losers" and name is not None and name in seen:   # 104.3: one loss each
                    f.add(f"{key}[{i}]", f"{_show(name)} is listed twice (also losers[{seen[name]}])")
                elif name is not None:
                    seen.setdefault(name, i)
    losers = {n for n in (doc.get("losers") or []) if isinstance(n, str)} \
        if isinstance(doc.get("losers"), list) else set()
    # 800.4a: a player who has lost has left the game and never receives priority again.
    if priority is not None and priority in losers:
        f.add("priority", f"{_show(priority)} has lost the game (losers) and so has left it; a player "
                          "who left the game never receives priority (CR 800.4a)")
    # 117.4: when all players still in the game have passed in succession, the top of the stack
    # resolves or the step ends; so fewer of them than that have passed when someone has priority.
    passes = doc.get("consecutive_passes")
    in_game = [p.name for p in players if p.name not in losers]
    if players_known and priority is not None and isinstance(passes, int) and not isinstance(passes, bool) \
            and 0 < len(in_game) <= passes <= MAX_NUMBER:
        f.add("consecutive_passes", f"{passes} players passed in succession, but only {len(in_game)} "
                                    f"{'is' if len(in_game) == 1 else 'are'} in the game: once all of them "
                                    "have passed, the top of the stack resolves or the step ends (CR "
                                    f"117.4), so at most {len(in_game) - 1}")
    if doc.get("winner") is not None and doc.get("winner") in (doc.get("losers") or []):
        f.add("winner", f"{_show(doc['winner'])} is also among the losers")

    # ---- effects
    effects: list[Effect] = []
    raw_effects = _opt(doc, "effects")
    if raw_effects is not None:
        elist = f.listing("effects", raw_effects)
        for i, re_ in enumerate(elist or []):
            e = _parse_effect(f, i, re_, library, check_player)
            if e is not None:
                effects.append(e)

    c.raise_if_any()
    assert turn is not None and active is not None and step is not None
    objects = tuple(_build_object(d) for d in drafts)
    state = GameState(
        turn=turn,
        active_player=active,
        step=step,
        priority=priority,
        players=tuple(players),
        objects=objects,
        stack=tuple(stack),
        resolving=resolving,
        effects=tuple(effects),
        format=FORMAT,
        document=copy.deepcopy(doc),
    )
    # Sums over the whole state (limits.py): they must not overflow the solver's integers.
    counted = total_counters(state)
    if counted > MAX_TOTAL_COUNTERS:
        f.add("objects", f"{counted:,} counters in all: mtgasp reads at most "
                         f"{MAX_TOTAL_COUNTERS:,} (their sums must fit its solver's integers)")
    for path, message in mana_budget(state, library):
        f.add(path, message)
    # 613.7, 613.8: the order of land type-changing effects, where it decides the answer (the
    # encodings decide where: the state is grounded, so only a state valid otherwise is asked)
    c.raise_if_any()
    from mtgasp.landtypes import land_type_order_problems

    for path, message in land_type_order_problems(state, library):
        f.add(path, message)
    c.raise_if_any()
    return state


def _mana_field(f: _Fields, key: str, text: Any) -> dict[str, int] | None:
    """A field holding mana symbols ("{G}{G}"): the mana by type, or None after reporting the
    problem at ``key`` (mana_pool, mana_pool_snow, a restricted_mana entry's mana)."""
    if not isinstance(text, str):
        f.add(key, f'expected a string of mana symbols such as "{{G}}{{G}}", got {_got(text)}')
        return None
    try:
        return parse_mana_pool(text)
    except ValueError as exc:
        f.add(key, str(exc))
        return None


def _parse_player(f: _Fields, i: int, raw: Any, turn: int | None, names: set[str],
                  library: CardLookup | None = None) -> Player | None:
    path = f"players[{i}]"
    rp = f.mapping(path, raw)
    if rp is None:
        return None
    f.known(path, rp, PLAYER_FIELDS)
    ok = True
    name = f.required(path, rp, "name")
    if name is not None:
        name = f.string(_sub(path, "name"), name)
    if name is None:
        ok = False
    elif name in names:
        f.add(_sub(path, "name"), f"duplicate player name {_show(name)}")
        ok = False
    else:
        names.add(name)
    life = 20
    if _opt(rp, "life") is not None:
        v = f.integer(_sub(path, "life"), rp["life"], minimum=-MAX_NUMBER)
        ok = ok and v is not None
        life = v if v is not None else 20
    lands = 0
    if _opt(rp, "lands_played_this_turn") is not None:
        v = f.integer(_sub(path, "lands_played_this_turn"), rp["lands_played_this_turn"], minimum=0)
        ok = ok and v is not None
        lands = v or 0
    pool: dict[str, int] = {}
    if _opt(rp, "mana_pool") is not None:
        parsed = _mana_field(f, _sub(path, "mana_pool"), rp["mana_pool"])
        ok = ok and parsed is not None
        pool = parsed or {}
    last_turn: int | None = None
    if _opt(rp, "last_turn") is not None:
        last_turn = f.integer(_sub(path, "last_turn"), rp["last_turn"], minimum=0,
                              below="is below zero (0 = no turn yet)")
        if last_turn is None:
            ok = False
        elif turn is not None and last_turn > turn:
            f.add(_sub(path, "last_turn"), f"{last_turn} is after the current turn ({turn})")
            ok = False
    extra: dict[str, Any] = {}
    for key in PLAYER_EXTENSIONS:
        if _opt(rp, key) is not None:
            v = f.integer(_sub(path, key), rp[key], minimum=0)
            if v is None:
                ok = False
            else:
                extra[key] = v
    # 903.3: the player's commander(s), by card name (a Commander game; absent: no commander, and
    # "your commander's color identity" is undefined, 903.4f)
    if _opt(rp, "commanders") is not None:
        items = f.listing(_sub(path, "commanders"), rp["commanders"])
        if items is None:
            ok = False
        else:
            found: list[str] = []
            for j, item in enumerate(items):
                key = f"{_sub(path, 'commanders')}[{j}]"
                cname = f.string(key, item)
                if cname is not None:
                    cname = _library_name(f, key, cname, library)
                if cname is None:
                    ok = False
                    continue
                if cname not in found:
                    found.append(cname)
            if ok:
                extra["commanders"] = found
    # 903.8: the times the player has cast each of their commanders from the command zone
    if _opt(rp, "commander_casts") is not None:
        key = _sub(path, "commander_casts")
        casts = f.mapping(key, rp["commander_casts"])
        if casts is None:
            ok = False
        else:
            counted: dict[str, int] = {}
            for cname, n in casts.items():
                sub = f"{key}.{cname}"
                v = f.integer(sub, n, minimum=0)
                resolved = _library_name(f, sub, cname, library) if v is not None else None
                if v is None or resolved is None:
                    ok = False
                    continue
                cname = resolved
                if cname not in (extra.get("commanders") or ()):
                    f.add(sub, f"{cname} is not one of {rp.get('name')}'s commanders (903.3: the "
                               "player's `commanders`); only a commander is cast from the command "
                               "zone with the commander tax (903.8)")
                    ok = False
                    continue
                if v:
                    counted[cname] = v
            if ok and counted:
                extra["commander_casts"] = counted
    if _opt(rp, "restricted_mana") is not None:
        entries = _parse_restricted_mana(f, _sub(path, "restricted_mana"), rp["restricted_mana"],
                                         library, sum(pool.values()))
        if entries is None:
            ok = False
        elif entries:
            extra["restricted_mana"] = entries
    if _opt(rp, "mana_pool_snow") is not None:
        key = _sub(path, "mana_pool_snow")
        snow = _mana_field(f, key, rp["mana_pool_snow"])
        over = [t for t, n in (snow or {}).items() if n > pool.get(t, 0)]
        if snow is None:
            ok = False
        elif over:
            f.add(key, f"{rp['mana_pool_snow']} is not a part of the mana pool ({render_mana_pool(pool) or 'empty'}): "
                       f"more {{{over[0]}}} than the pool holds (107.4h: it is the pool's mana that "
                       "snow sources produced)")
            ok = False
        elif snow:
            extra["mana_pool_snow"] = render_mana_pool(snow)
    for key in PLAYER_FLAGS:
        if _opt(rp, key) is not None:
            flag = f.boolean(_sub(path, key), rp[key])
            if flag:
                extra[key] = True
    if not ok or name is None:
        return None
    return Player(name=name, life=life, lands_played_this_turn=lands, mana_pool=pool,
                  last_turn=last_turn, extra=extra)


def granted_ability(card: Card, n: int) -> tuple[Face, Mapping[str, Any]] | None:
    """The face holding ``card``'s N-th ability-granting ability and the ability it grants (the
    numbering of actions' ``{"granted_by", "index"}``, Card.grants), or None."""
    grants = card.grants()
    if not 1 <= n <= len(grants):
        return None
    fi, _j, inner = grants[n - 1]
    return (card.faces[fi - 1], inner) if inner else None


def granted_ability_object(card: Card, n: int) -> Ability | None:
    """The N-th ability ``card`` grants (113.2), as an Ability numbered N; None if none."""
    got = granted_ability(card, n)
    if got is None:
        return None
    inner = got[1]
    return Ability(index=n, kind=str(inner.get("kind", "")), text=str(inner.get("text", "")), spec=inner)


def stack_ability_def(library: CardLookup, state: Any, ref: Any) -> Ability | None:
    """The ability an ability object on the stack is (its AbilityRef ``ref``): the source's own
    ability ``index`` of the face it has, or the ability another card grants it (113.2); None if
    unknown."""
    if ref is None or ref.index is None:
        return None
    if ref.granted_by is not None:
        granter = library.find(ref.granted_by)
        return granted_ability_object(granter, ref.index) if granter is not None else None
    src = state.obj(ref.source)
    name = src.card if src is not None and src.card is not None else ref.card   # (113.7a: a gone source)
    card = library.find(name) if name is not None else None
    if card is None:
        return None
    face = (card.face_named(src.face) if src is not None and src.face else None) or card.faces[0]
    if not 0 < ref.index <= len(face.abilities):
        return None
    return face.abilities[ref.index - 1]


def _parse_granted_ref(f: _Fields, path: str, raw: dict[str, Any], library: CardLookup, d: Any) -> None:
    """An ability object's ``{"granted_by": CARD, "index": N}`` (113.2): the N-th ability CARD's
    static abilities grant (Card.grants), which must be an activated or triggered ability."""
    f.known(path, raw, ("granted_by", "index"))
    gname, gindex = (f.required(path, raw, k) for k in ("granted_by", "index"))
    n = f.integer(_sub(path, "index"), gindex, minimum=1) if gindex is not None else None
    name = f.string(_sub(path, "granted_by"), gname) if gname is not None else None
    if name is None or n is None:
        return
    granter, _, err = resolve_card(library, name)
    if granter is None:
        f.add(_sub(path, "granted_by"), err)
        return
    ab = granted_ability_object(granter, n)
    if ab is None:
        has = len(granter.grants())
        f.add(_sub(path, "index"), f"{granter.name} has no ability-granting ability {n} "
                                   f"({f'it has {has}' if has else 'it has none'})")
        return
    d.ability_granter = granter
    d.ability_index = n


def _spec_spend_only(spec: Mapping[str, Any]) -> Any:
    prod = spec.get("mana") if isinstance(spec.get("mana"), Mapping) else (
        (spec.get("effect") or {}).get("produce") if isinstance(spec.get("effect"), Mapping) else None)
    return prod.get("spend_only") if isinstance(prod, Mapping) else None


def _spend_only(face: Face, index: int | Mapping[str, Any], card: Card | None = None) -> Any:
    """The spend restriction (106.6) of the mana ability ``index`` of ``face`` adds ("Spend this
    mana only ...") or of the mana its effect adds (Jaya Ballard's loyalty ability); for
    ``{"granted_by", "index"}``, of the ability ``card`` grants; None if none."""
    if isinstance(index, Mapping):
        granted = granted_ability(card, int(index["index"])) if card is not None else None
        return _spec_spend_only(granted[1]) if granted is not None else None
    ab = next((a for a in face.abilities if a.index == index), None)
    return _spec_spend_only(ab.spec) if ab is not None else None


def restricting_ability(card: Card, face: Face, index: int | Mapping[str, Any]) -> bool:
    """Whether ability ``index`` of ``face`` (or the ability ``card`` grants) adds mana with a
    spend restriction (106.6)."""
    return bool(_spend_only(face, index, card))


def restriction_of_chosen_type(card: Card, face: Face, index: int | Mapping[str, Any]) -> bool:
    """Whether the spend restriction of ability ``index`` refers to the creature type chosen for
    its source ("a creature spell of the chosen type": Cavern of Souls; "an ability of a creature
    source of the chosen type": Secluded Courtyard; 106.6, 205.3m)."""
    alts = _spend_only(face, index, card)
    return isinstance(alts, list) and any(
        isinstance(alt, Mapping) and ((isinstance(alt.get("spell"), Mapping) and alt["spell"].get("chosen_type"))
                                      or (isinstance(alt.get("ability"), Mapping)
                                          and alt["ability"].get("of_chosen_type")))
        for alt in alts)


def restricting_source(entry: Mapping[str, Any]) -> str:
    """The ability an entry of restricted mana names, as events say it: "Jaya Ballard's ability 1",
    or "the ability Nexos grants (1)" for a granted ability."""
    ab = entry.get("ability", "?")
    if isinstance(ab, Mapping):
        return f"the ability {ab.get('granted_by', '?')} grants ({ab.get('index', '?')})"
    return f"{entry.get('card', '?')}'s ability {ab}"


def _parse_restricted_mana(f: _Fields, path: str, raw: Any, library: CardLookup | None,
                           free: int) -> list[dict[str, Any]] | None:
    """106.6: the restricted mana in a player's pool, entries {"mana": "{R}{R}{R}", "card": "Jaya
    Ballard", "ability": 1} (optional "face": the face's name): mana that may be spent only as
    that ability's spend restriction allows. None when an entry is wrong (the problems recorded)."""
    items = f.listing(path, raw)
    if items is None:
        return None
    out: list[dict[str, Any]] = []
    ok = True
    total = free
    for j, item in enumerate(items):
        q = f"{path}[{j}]"
        d = f.mapping(q, item)
        if d is None:
            ok = False
            continue
        f.known(q, d, ("mana", "card", "ability", "face", "chosen_type"))
        mana, cname, index = (f.required(q, d, k) for k in ("mana", "card", "ability"))
        pool: dict[str, int] | None = None
        if mana is not None:
            pool = _mana_field(f, _sub(q, "mana"), mana)
            if pool is not None and not pool:
                f.add(_sub(q, "mana"), "an entry of restricted mana holds some mana")
                pool = None
        idx: int | dict[str, Any] | None = None
        if isinstance(index, dict):
            # a granted ability, named as actions name it (the ability the card grants, 113.2)
            qa = _sub(q, "ability")
            f.known(qa, index, ("granted_by", "index"))
            gname, gindex = (f.required(qa, index, k) for k in ("granted_by", "index"))
            n = f.integer(_sub(qa, "index"), gindex, minimum=1) if gindex is not None else None
            if gname is not None and n is not None and f.string(_sub(qa, "granted_by"), gname) is not None:
                idx = {"granted_by": gname, "index": n}
        elif index is not None:
            idx = f.integer(_sub(q, "ability"), index, minimum=1)
        name = f.string(_sub(q, "card"), cname) if cname is not None else None
        entry: dict[str, Any] = {}
        if name is not None and library is not None:
            card, named, err = resolve_card(library, name)
            if card is None:
                f.add(_sub(q, "card"), err)
                name = None
            else:
                fname = d.get("face", named)
                if fname is not None and (not isinstance(fname, str) or card.face_named(fname) is None):
                    f.add(_sub(q, "face"), f"{_show(fname)} is not a face of {card.name} (one of "
                                           f"{_quoted_list([x.name for x in card.faces])})")
                    name = None
                else:
                    face = card.face_named(fname) if fname is not None else card.faces[0]
                    assert face is not None
                    name = card.name
                    what = f"ability {idx} of {face.name}"
                    if isinstance(idx, dict):
                        granter, _, _ = resolve_card(library, idx["granted_by"])
                        granted = granted_ability(card, idx["index"])
                        what = f"the ability {card.name} grants"
                        if granter is None or granter.name != card.name:
                            f.add(_sub(_sub(q, "ability"), "granted_by"),
                                  f"{_show(idx['granted_by'])} is not the entry's card {card.name}: an "
                                  "entry of restricted mana names the card whose text holds the ability "
                                  "(for a granted ability, the granting card)")
                            idx = None
                        elif granted is None:
                            f.add(_sub(_sub(q, "ability"), "index"),
                                  f"{card.name} has no ability-granting ability {idx['index']}")
                            idx = None
                        else:
                            idx["granted_by"] = card.name
                            face = granted[0]
                    if len(card.faces) > 1:
                        entry["face"] = face.name
                    if idx is not None and not restricting_ability(card, face, idx):
                        f.add(_sub(q, "ability"), f"{what} doesn't add mana "
                                                  "with a spend restriction (106.6): restricted "
                                                  "mana names the ability whose \"Spend this mana "
                                                  "only ...\" restricts it")
                        idx = None
                    elif idx is not None and restriction_of_chosen_type(card, face, idx):
                        # 106.6, 205.3m: "of the chosen type": the type chosen for the permanent
                        # that added the mana
                        ctype = d.get("chosen_type")
                        if not isinstance(ctype, str) or not ctype.strip():
                            f.add(_sub(q, "chosen_type"), f"{what} restricts its mana "
                                  "to the creature type chosen for its source (106.6): name that type, "
                                  "e.g. \"chosen_type\": \"Elf\"")
                            idx = None
                        else:
                            entry["chosen_type"] = ctype
                    elif "chosen_type" in d:
                        f.add(_sub(q, "chosen_type"), f"{what} doesn't restrict its "
                              "mana to a chosen creature type; leave chosen_type out")
                        idx = None
        if pool is None or idx is None or name is None:
            ok = False
            continue
        total += sum(pool.values())
        if total > MAX_POOL:
            f.add(_sub(q, "mana"), f"{total:,} mana: a mana pool holds at most {MAX_POOL:,} mana here "
                                   "(mtgasp's limit), its restricted mana included")
            ok = False
            continue
        chosen = entry.pop("chosen_type", None)
        out.append({"mana": render_mana_pool(pool), "card": name, **entry, "ability": idx,
                    **({"chosen_type": chosen} if chosen is not None else {})})
    return out if ok else None


def _parse_object(f: _Fields, i: int, raw: Any, library: CardLookup,
                  check_player: _PlayerCheck, turn: int | None, path: str | None = None) -> _ObjDraft | None:
    path = path if path is not None else f"objects[{i}]"
    ro = f.mapping(path, raw)
    if ro is None:
        return None
    d = _ObjDraft(i, ro)
    d.path = path
    v = d.values
    f.known(path, ro, OBJECT_FIELDS)

    def p(key: str) -> str:
        return _sub(path, key)

    oid = f.required(path, ro, "id")
    if oid is not None:
        d.id = f.string(p("id"), oid)
    zone = f.required(path, ro, "zone")
    if zone is not None:
        zone = f.choice(p("zone"), zone, ZONES, "a zone")
        d.zone = zone
    zphrase = IN_ZONE.get(zone or "", "")

    # ---- what the object is: a card, or an ability on the stack
    d.is_ability = _opt(ro, "ability") is not None
    if d.is_ability:
        ref = f.mapping(p("ability"), ro["ability"],
                        'an object such as {"source": "goliath", "index": 2}')
        if ref is not None:
            f.known(p("ability"), ref, ABILITY_REF_FIELDS)
            src = f.required(p("ability"), ref, "source")
            if src is not None:
                d.ability_source = f.string(_sub(p("ability"), "source"), src)
            idx = f.required(p("ability"), ref, "index")
            if isinstance(idx, dict):
                # 113.2: an ability granted by another card, named as actions name it
                # ({"granted_by": "Umbral Mantle", "index": 1}: that card's first granting ability)
                _parse_granted_ref(f, _sub(p("ability"), "index"), idx, library, d)
            elif idx is not None:
                d.ability_index = f.integer(_sub(p("ability"), "index"), idx, minimum=1,
                                            below="is below 1 (abilities are numbered from 1)")
            # 113.7a: the card of a source that has ceased to exist (a token, 704.5d)
            if _opt(ref, "card") is not None:
                cname = f.string(_sub(p("ability"), "card"), ref["card"])
                if cname is not None:
                    d.ability_card, _face, err = resolve_card(library, cname)
                    if d.ability_card is None:
                        f.add(_sub(p("ability"), "card"), err)
        if zone is not None and zone != "stack":
            f.add(p("zone"), f"an ability is an object only on the stack, not {zphrase}")
        for key in ro:
            if (isinstance(key, str) and key in OBJECT_FIELDS and key not in ABILITY_OBJECT_FIELDS
                    and ro[key] is not None):
                if key == "card":
                    f.add(p(key), "an ability on the stack has no card (its source is named by "
                                  "ability.source)")
                else:
                    f.add(p(key), f"an ability on the stack has no {key}")
        ctl = _opt(ro, "controller")
        if ctl is None:
            f.add(p("controller"), "an ability on the stack needs a controller (the player who "
                                   "activated it, or who controlled its source when it triggered)")
        v["controller"] = check_player(p("controller"), ctl) if ctl is not None else None
        v["owner"] = (check_player(p("owner"), ro["owner"]) if _opt(ro, "owner") is not None
                      else v["controller"])
        if _opt(ro, "x") is not None:
            v["x"] = f.integer(p("x"), ro["x"], minimum=0)
        if _opt(ro, "refers_to") is not None:
            ref_to = f.string(p("refers_to"), ro["refers_to"])
            if ref_to is not None:
                d.extra["refers_to"] = ref_to
        # 602.2b, 603.3d: an ability's targets; what a resolving ability looks at (Kolvori)
        _string_list(f, ro, d, p, "targets", "stack", "", "stack")
        _string_list(f, ro, d, p, "lost_targets", "stack", "", "stack")
        _string_list(f, ro, d, p, "looking_at", "stack", "", "stack")
        # 603.3d: a triggered ability just put on the stack whose controller is choosing its targets
        # (written by apply; nobody has priority meanwhile)
        if _opt(ro, "choosing_targets") is not None and f.boolean(p("choosing_targets"), ro["choosing_targets"]):
            if _opt(ro, "targets") is not None:
                f.add(p("choosing_targets"), "its targets are being chosen, so it has none yet; leave "
                                             "targets out (CR 603.3d)")
            else:
                d.extra["choosing_targets"] = True
        return d

    name = f.required(path, ro, "card")
    named_face: str | None = None
    if name is not None:
        name = f.string(p("card"), name)
        if name is not None:
            d.card, named_face, err = resolve_card(library, name)
            if d.card is None:
                f.add(p("card"), err)
    owner = f.required(path, ro, "owner")
    v["owner"] = check_player(p("owner"), owner) if owner is not None else None
    if _opt(ro, "controller") is not None:
        v["controller"] = check_player(p("controller"), ro["controller"])
        if (v["controller"] is not None and v["owner"] is not None and v["controller"] != v["owner"]
                and zone in OWNER_CONTROLLED_ZONES):
            f.add(p("controller"), f"a card {zphrase} is controlled by its owner ({v['owner']}), "
                                   f"not {v['controller']}")
    else:
        v["controller"] = v["owner"]

    # ---- simple flags
    for key in ("tapped", "face_down", "kicked"):
        if _opt(ro, key) is not None:
            v[key] = f.boolean(p(key), ro[key])
    if v.get("tapped") and zone is not None and zone != "battlefield":
        f.add(p("tapped"), f"a card {zphrase} can't be tapped (only permanents on the battlefield)")
    if v.get("face_down") and zone is not None and zone not in FACE_DOWN_ZONES:
        f.add(p("face_down"), f"a card {zphrase} can't be face down")

    # ---- face
    if _opt(ro, "face") is not None:
        face = f.string(p("face"), ro["face"])
        if face is not None and d.card is not None:
            canon = _match_face(d.card, face)
            if canon is None:
                f.add(p("face"), f"{_show(face)} is not a face of {d.card.name} "
                                 f"(one of {_quoted_list(_face_names(d.card))})")
            elif named_face is not None and canon != named_face:
                f.add(p("face"), f"{_show(canon)} contradicts card {_show(named_face)}, which names "
                                 "the other face")
            elif zone is not None and zone not in ("stack", "battlefield"):
                f.add(p("face"), f"a card {zphrase} has no face up: face applies only on the stack "
                                 "or the battlefield")
            elif v.get("face_down"):
                f.add(p("face"), "a face-down card has no face up")
            else:
                v["face"] = canon
    elif named_face is not None and zone in ("stack", "battlefield") and not v.get("face_down"):
        v["face"] = named_face
    if zone == "stack" and d.card is not None and not v.get("face_down"):
        face_name = v.get("face") or d.card.faces[0].name
        on_stack = next((fc for fc in d.card.faces if fc.name == face_name), d.card.faces[0])
        if "Land" in on_stack.types:
            f.add(p("zone"), f"{_show(face_name)} is a land: a land is played, never cast, so it "
                             "can't be on the stack (CR 305.1, 305.9)")
    if zone == "battlefield" and d.card is not None and not v.get("face_down"):
        # 304.4, 307.4: an instant or sorcery can't enter the battlefield (a modal double-faced
        # card's instant or sorcery face is never up there, 712.8f, 712.14b)
        face_name = v.get("face") or d.card.faces[0].name
        up = next((fc for fc in d.card.faces if fc.name == face_name), d.card.faces[0])
        spell_type = next((t for t in ("Instant", "Sorcery") if t in up.types), None)
        if spell_type is not None:
            article = "an" if spell_type == "Instant" else "a"
            f.add(p("face") if v.get("face") else p("zone"),
                  f"{_show(face_name)} is {article} {spell_type.lower()}: an instant or sorcery never enters "
                  "the battlefield, so it can't be there (CR 304.4, 307.4)")

    # ---- counters
    if _opt(ro, "counters") is not None:
        counters = f.mapping(p("counters"), ro["counters"], 'an object such as {"+1/+1": 2}')
        if counters is not None:
            good: dict[str, int] = {}
            for kind, n in counters.items():
                cpath = _sub(p("counters"), str(kind))
                if not isinstance(kind, str) or not kind.strip():
                    f.add(p("counters"), f"a counter kind is a non-empty string, got {_show(kind)}")
                    continue
                amount = f.integer(cpath, n, minimum=0)
                if amount is not None:
                    good[kind] = amount
            v["counters"] = good
            if zone in NO_COUNTER_ZONES and any(good.values()):
                f.add(p("counters"), f"a card {zphrase} can't have counters (counters don't "
                                     "follow a card to a new zone, CR 122.2)")

    # ---- turns
    def turn_field(key: str, minimum: int) -> int | None:
        if _opt(ro, key) is None:
            return None
        n = f.integer(p(key), ro[key], minimum=minimum,
                      below=None if minimum == 0 else "is below 1 (the first turn is turn 1)")
        if n is not None and turn is not None and n > turn:
            f.add(p(key), f"{n} is after the current turn ({turn})")
            return None
        return n

    v["controlled_since_turn"] = turn_field("controlled_since_turn", 0)
    v["foretold_turn"] = turn_field("foretold_turn", 1)
    v["plotted_turn"] = turn_field("plotted_turn", 1)
    for key in ("foretold_turn", "plotted_turn", "foretell_cost", "exiled_with"):
        if _opt(ro, key) is not None and zone is not None and zone != "exile":
            f.add(p(key), f"only a card in exile has {key}; this one is {zphrase}")
    if v["foretold_turn"] is not None and zone == "exile" and v.get("face_down") is not True:
        f.add(p("face_down"), "a foretold card is exiled face down (CR 702.143a): "
                              "add \"face_down\": true")
    if v["plotted_turn"] is not None and v.get("face_down"):
        f.add(p("face_down"), "a plotted card is exiled face up (CR 702.170a)")

    # ---- foretell cost
    if _opt(ro, "foretell_cost") is not None:
        v["foretell_cost"] = _parse_foretell_cost(f, p("foretell_cost"), ro["foretell_cost"], d.card)
        # 702.143a, 702.143d: only a foretold card is cast for a foretell cost; the cost an effect
        # gave it means nothing on an exiled card that isn't foretold (found by probe23c: it was
        # accepted and silently ignored).
        if zone == "exile" and _opt(ro, "foretold_turn") is None:
            f.add(p("foretell_cost"), "only a foretold card has a foretell cost an effect gave it "
                                      "(CR 702.143d): add foretold_turn, or remove foretell_cost")

    # 601.2f, 107.3 (Dream Devourer ruling 2021-02-05): generic mana the given foretell cost is still
    # reduced by once X is chosen: a mana cost with {X} and less generic mana than the reduction
    # (Walking Ballista's {X}{X} reduced by {2}); an integer, or {face name: integer}
    if _opt(ro, "foretell_reduction") is not None:
        red = _parse_foretell_reduction(f, p("foretell_reduction"), ro["foretell_reduction"], d.card)
        if red is not None:
            if _opt(ro, "foretell_cost") is None:
                f.add(p("foretell_reduction"), "it reduces the foretell cost an effect gave the card "
                                               "(Dream Devourer): add foretell_cost, or remove foretell_reduction")
            else:
                d.extra["foretell_reduction"] = red

    # ---- references (checked in the second pass)
    for key in ("attached_to", "exiled_with"):
        if _opt(ro, key) is not None:
            v[key] = f.string(p(key), ro[key])
            if v[key] is not None and v[key] == d.id:
                f.add(p(key), f"{_show(v[key])} is this object itself")
                v[key] = None
    if v.get("attached_to") is not None and zone is not None and zone != "battlefield":
        f.add(p("attached_to"), f"a card {zphrase} can't be attached to anything "
                                "(only permanents on the battlefield are)")

    # ---- spell fields
    if _opt(ro, "cast_from") is not None:
        v["cast_from"] = f.choice(p("cast_from"), ro["cast_from"], CAST_FROM_ZONES,
                                  "a zone a spell can be cast from")
    if _opt(ro, "method") is not None:
        v["method"] = f.choice(p("method"), ro["method"], METHODS, "a casting method")
        if v["method"] in ("foretell", "plot") and v.get("cast_from") not in (None, "exile"):
            f.add(p("method"), f"a spell cast by {v['method']} is cast from exile, not from "
                               f"{v['cast_from']}")
    if _opt(ro, "x") is not None:
        v["x"] = f.integer(p("x"), ro["x"], minimum=0)
    if _opt(ro, "mana_spent") is not None:
        v["mana_spent"] = f.integer(p("mana_spent"), ro["mana_spent"], minimum=0)
    # 107.3b: a spell cast without paying its mana cost (method free or plot, 702.170d) has X = 0,
    # unless another of its costs has an {X} (Verdeloth the Ancient's kicker {X}); a state saying
    # otherwise can't happen (found by probe21b: a free-cast Walking Ballista with x 3 was accepted
    # and entered with three counters)
    x_costs = _spell_x_costs(d.card) if d.card is not None else set()
    # the costs with X its method pays besides the mana cost (118.9a: one alternative cost at most)
    paid_x = x_costs & {"additional", "not_modeled"}
    if v.get("kicked"):
        paid_x |= x_costs & {"kicker"}
    if v.get("method") == "alternative":
        paid_x |= x_costs & {"alternative"}
    if (v.get("x") and v.get("method") in ("free", "plot", "alternative") and d.card is not None
            and x_costs and not paid_x):
        how = ("without paying its mana cost" if v["method"] != "alternative"
               else "for an alternative cost without X")
        f.add(p("x"), f"{v['x']}, but {d.card.name} was cast {how} (method "
                      f"{_show(v['method'])}) and no other cost of it that was paid has X, so X is 0 (107.3b)")
    # 107.3, 601.2b: X is announced only for a cost with {X}; a spell none of whose costs has one (its
    # mana cost, an alternative, additional or kicker cost) has no X (noticed by probe21b: Lightning
    # Bolt with x 3 was accepted). 107.3k: an {X} in an activated ability's cost is that ability's
    # own, not the spell's (found by probe23b: Ballista Squad with x 2 was accepted)
    elif v.get("x") and d.card is not None and not x_costs:
        f.add(p("x"), f"{v['x']}, but no cost of {d.card.name} has {{X}} (its mana cost, an alternative, "
                      "additional or kicker cost), so it has no X to announce (107.3, 601.2b)")
    # 107.3a, 601.2b: an {X} in a kicker cost alone is announced only when that cost is paid (found
    # by probe23b: an unkicked Kangee, Aerie Keeper, kicker {X}{2}, with x 2 was accepted)
    elif v.get("x") and d.card is not None and x_costs == {"kicker"} and not v.get("kicked"):
        f.add(p("x"), f"{v['x']}, but the only X of {d.card.name} is in its kicker cost and it wasn't kicked "
                      "(no \"kicked\": true), so no X was announced (107.3a, 601.2b)")
    # 702.33a, 702.33d: only a spell with kicker (or multikicker) can be kicked (found by probe22a:
    # a kicked Lightning Bolt was accepted)
    if (v.get("kicked") and d.card is not None and not _has_keyword(d.card, "kicker")
            and not _has_keyword(d.card, "multikicker")):
        f.add(p("kicked"), f"{d.card.name} has no kicker cost, so it can't have been kicked (702.33a, 702.33d)")
    # 118.9, 601.2b: the method "alternative" is paying the card's own alternative cost ("You may
    # pay ... rather than pay this spell's mana cost"); a spell whose card has none can't have been
    # cast so (found by probe28b: a Grizzly Bears spell cast by the alternative method was accepted,
    # as a kicked one without kicker was before, 702.33a)
    if (v.get("method") == "alternative" and d.card is not None
            and not any(ab.kind == "alternative_cost" for fc in d.card.faces for ab in fc.abilities)):
        f.add(p("method"), f"\"alternative\", but {d.card.name} has no alternative cost (a cost its text "
                           "lets its caster pay rather than its mana cost), so it can't have been cast by "
                           "the alternative method (118.9, 601.2b)")
    if zone is not None and zone not in ("stack", "battlefield"):
        for key in SPELL_FIELDS:
            if _opt(ro, key) is not None:
                f.add(p(key), f"{key} describes a spell (or the permanent it became); "
                              f"this card is {zphrase}")

    # ---- extensions
    if _opt(ro, "chosen_type") is not None:
        ct = f.string(p("chosen_type"), ro["chosen_type"])
        if ct is not None:
            if zone is not None and zone != "battlefield":
                f.add(p("chosen_type"), f"a card {zphrase} has no chosen type (a choice made as a "
                                        "permanent enters lasts while it is on the battlefield)")
            else:
                d.extra["chosen_type"] = ct
    if _opt(ro, "chosen_color") is not None:
        cc = f.string(p("chosen_color"), ro["chosen_color"])
        if cc is not None:
            if cc not in ("W", "U", "B", "R", "G"):
                f.add(p("chosen_color"), f"{cc!r} is not a color; expected one of W, U, B, R, G")
            elif zone is not None and zone != "battlefield":
                f.add(p("chosen_color"), f"a card {zphrase} has no chosen color (a choice made as "
                                         "a permanent enters lasts while it is on the battlefield)")
            elif d.card is not None and not v.get("face_down") and cc in _colors_forbidden(d.card):
                # 614.12: "As it enters, choose a color other than red" (Thriving Bluff) never
                # chooses red; apply refuses --choose R, and a state saying so can't happen
                f.add(p("chosen_color"), f"{cc!r} can't have been chosen: {d.card.name} says to choose "
                                         "a color other than that one as it enters (614.12)")
            else:
                d.extra["chosen_color"] = cc
    for key, only_in, only_what in (
            ("dream_exile", "stack", "only a spell on the stack can be marked to be exiled with a dream counter"),
            ("legend_kept", "battlefield", ("only a permanent on the battlefield can be the one its "
                                            "controller chose to keep by the legend rule (CR 704.5j)"))):
        # a flag true only of an object in one zone (false: as if left out)
        if _opt(ro, key) is not None and f.boolean(p(key), ro[key]):
            if zone is not None and zone != only_in:
                f.add(p(key), f"{only_what}; this card is {zphrase}")
            else:
                d.extra[key] = True
    if _opt(ro, "refers_to") is not None:
        f.add(p("refers_to"), "only a triggered ability on the stack refers to a spell "
                              "(refers_to); a card has none")
    _string_list(f, ro, d, p, "targets", "stack", f"only a spell on the stack has targets; this card is {zphrase}", zone)
    # 608.2b, 704.5d, 800.4a: the ids of targets that have ceased to exist (a token, the objects of
    # a player who left the game): illegal targets as the spell or ability resolves
    _string_list(f, ro, d, p, "lost_targets", "stack", "only a spell on the stack has targets (lost_targets); "
                 f"this card is {zphrase}", zone)
    _string_list(f, ro, d, p, "looking_at", "stack", "looking_at lists the cards a resolving spell "
                 f"or ability looks at; this object is {zphrase}", zone)
    # 120.3e, 120.6: damage marked on a permanent; 611.2a/613.4c: a modification until end of turn.
    if _opt(ro, "damage") is not None:
        dmg = f.integer(p("damage"), ro["damage"], minimum=0)
        if dmg and zone is not None and zone != "battlefield":
            f.add(p("damage"), f"only a permanent has damage marked on it; this card is {zphrase}")
        elif dmg:
            d.extra["damage"] = dmg
    if _opt(ro, "pump") is not None:
        pump = f.mapping(p("pump"), ro["pump"], 'an object such as {"power": 2, "toughness": 0}')
        if pump is not None:
            f.known(p("pump"), pump, ("power", "toughness"))
            pt = {k: f.integer(_sub(p("pump"), k), pump.get(k, 0)) for k in ("power", "toughness")}
            if zone is not None and zone != "battlefield":
                f.add(p("pump"), f"only a permanent gets +N/+N until end of turn; this card is {zphrase}")
            elif all(x is not None for x in pt.values()):
                d.extra["pump"] = pt
    if _opt(ro, "animated") is not None:
        _parse_animated(f, ro["animated"], d, p("animated"), zone, zphrase)
    # 611.2a: keywords a resolved spell or ability gave the permanent until end of turn (Act of
    # Treason's "It gains haste until end of turn"); removed in the cleanup step (514.2)
    _string_list(f, ro, d, p, "gained_keywords", "battlefield", "only a permanent gains keywords until end of "
                 f"turn; this card is {zphrase}", zone)
    if d.extra.get("gained_keywords"):
        # 702: only a keyword ability mtgasp knows; any other word ("hasted") would be read as a
        # keyword no rule reads, silently (found by probe28: "hasted" left a creature summoning sick)
        bad = [(n, why) for n, k in enumerate(d.extra["gained_keywords"]) if (why := unknown_keyword(k))]
        for n, why in bad:
            f.add(f"{p('gained_keywords')}[{n}]", why)
        if bad:
            del d.extra["gained_keywords"]
        else:
            d.extra["gained_keywords"] = [k.lower() for k in d.extra["gained_keywords"]]
    # 613.1b, 611.2a: "Gain control of target creature until end of turn": the player who gets it back
    # as the effect ends in the cleanup step (514.2)
    if _opt(ro, "control_returns_to") is not None:
        back = check_player(p("control_returns_to"), ro["control_returns_to"])
        if zone is not None and zone != "battlefield":
            f.add(p("control_returns_to"), f"only a permanent's control changes until end of turn; this card is {zphrase}")
        elif back is not None and back == (v.get("controller") or v.get("owner")):
            f.add(p("control_returns_to"), f"{back} controls it now: control can't return to the player who has it "
                                           "(give the player who controlled it before the effect)")
        elif back is not None:
            d.extra["control_returns_to"] = back
    if _opt(ro, "token") is not None and f.boolean(p("token"), ro["token"]):
        d.extra["token"] = True
    # "This land doesn't untap during your next untap step" (a mana ability's rider): the next
    # untap step of its controller leaves it tapped (502.3) and clears the field
    # the abilities (their numbers) of a permanent activated this turn, for "Activate only once
    # each turn" (602.5b): written by apply, cleared when the turn ends; and those with "Activate
    # only once" it has activated (602.5b): never cleared while it stays on the battlefield (a new
    # object has none, 400.7)
    if _opt(ro, "choosing_targets") is not None and f.boolean(p("choosing_targets"), ro["choosing_targets"]):
        # 603.3d: only a triggered ability has its targets chosen as it is put on the stack; a
        # spell's are chosen as it is cast (601.2c). (Found by probe28e: a card with
        # "choosing_targets": true was read, the field ignored.)
        f.add(p("choosing_targets"), "only a triggered ability on the stack has its targets chosen as "
                                     "it is put on the stack (CR 603.3d); a spell's targets are chosen "
                                     "as it is cast (601.2c)")
    for field_name in ("activated_this_turn", "activated_ever"):
        if _opt(ro, field_name) is None:
            continue
        key = p(field_name)
        items = f.listing(key, ro[field_name])
        if items is not None:
            nums = [f.integer(f"{key}[{i}]", v, minimum=1) for i, v in enumerate(items)]
            if zone is not None and zone != "battlefield":
                f.add(key, f"only a permanent's abilities are activated; this card is {zphrase}")
            elif all(n is not None for n in nums):
                d.extra[field_name] = sorted({n for n in nums if n is not None})
    # the turn the permanent entered the battlefield ("Activate only if this land entered this
    # turn", Mirrex, 602.5b): written by apply as it enters; absent = not this turn
    entered = turn_field("entered_turn", 1)
    if entered is not None:
        if zone is not None and zone != "battlefield":
            f.add(p("entered_turn"), f"only a permanent has entered the battlefield; this card is {zphrase}")
        else:
            d.extra["entered_turn"] = entered
            # 302.6: its controller gained control of it no earlier than it entered (a permanent
            # that entered this turn is "summoning sick" whatever controlled_since_turn says)
            since = v.get("controlled_since_turn") or 0
            if since < entered and _opt(ro, "controlled_since_turn") is not None:
                f.add(p("controlled_since_turn"), f"{since}, but the permanent entered the battlefield "
                      f"on turn {entered} (entered_turn): its controller can't have controlled it "
                      "since before it entered (CR 302.6)")
            elif since < entered:
                f.add(p("controlled_since_turn"), f"missing (0: before the game's first turn), but the "
                      f"permanent entered the battlefield on turn {entered} (entered_turn): add "
                      f"\"controlled_since_turn\": {entered} or later (CR 302.6)")
    # 613.7a, 613.7d, 613.7e: the permanent's timestamp (when it entered the battlefield; an Aura's or
    # Equipment's, when it was last attached), which orders the continuous effects of its static
    # abilities within a layer: a larger number is later. Only read where the order of two
    # land type-changing effects decides the answer (613.1d, 305.7); absent: not known
    if _opt(ro, "timestamp") is not None:
        ts = f.integer(p("timestamp"), ro["timestamp"], minimum=1)
        if ts is not None:
            if zone is not None and zone != "battlefield":
                f.add(p("timestamp"), f"only a permanent's timestamp orders its effects here; this card is {zphrase}")
            else:
                d.extra["timestamp"] = ts
    # 702.33c: how many times a multikicker cost was paid (written by apply as the spell is cast;
    # absent: once, if kicked): a spell's, or the permanent's it became; only of a kicked one
    if _opt(ro, "times_kicked") is not None:
        from mtgasp.limits import MAX_KICKS

        n = f.integer(p("times_kicked"), ro["times_kicked"], minimum=1, maximum=MAX_KICKS)
        if n is not None:
            if zone is not None and zone not in ("stack", "battlefield"):
                f.add(p("times_kicked"), f"times_kicked describes a spell (or the permanent it became); "
                                         f"this card is {zphrase}")
            elif not v.get("kicked"):
                f.add(p("times_kicked"), f"{n}, but the object isn't kicked: add \"kicked\": true "
                                         "(702.33c: a spell kicked that many times is kicked)")
            elif n > 1 and d.card is not None and not _has_keyword(d.card, "multikicker"):
                # 702.33c: only multikicker is paid more than once (found by probe22a: Burst
                # Lightning kicked twice was accepted)
                f.add(p("times_kicked"), f"{n}, but {d.card.name} has no multikicker: a kicker cost is "
                                         "paid at most once (702.33a, 702.33c)")
            else:
                d.extra["times_kicked"] = n
    if _opt(ro, "combat") is not None:   # 506.4, 508.1, 509.1: an attacking or blocking creature
        c = f.choice(p("combat"), ro["combat"], COMBAT_STATUSES, "a combat status")
        if c is not None:
            if zone is not None and zone != "battlefield":
                f.add(p("combat"), f"only a permanent attacks or blocks (506.4); this card is {zphrase}")
            else:
                d.extra["combat"] = c
    if _opt(ro, "blocked") is not None and f.boolean(p("blocked"), ro["blocked"]):
        # 509.1h: an attacking creature blocked by one or more creatures stays blocked until it
        # is removed from combat ("target blocked creature", Smite)
        if d.extra.get("combat") != "attacking":
            f.add(p("blocked"), "only an attacking creature (\"combat\": \"attacking\") is blocked (509.1h)")
        else:
            d.extra["blocked"] = True
    if _opt(ro, "skip_untap") is not None and f.boolean(p("skip_untap"), ro["skip_untap"]):
        if zone is not None and zone != "battlefield":
            f.add(p("skip_untap"), f"only a permanent skips an untap step; this card is {zphrase}")
        else:
            d.extra["skip_untap"] = True
    _string_list(f, ro, d, p, "seen_by", "exile",
                 f"seen_by records who may look at a card in exile; this card is {zphrase}", zone)
    return d


def _targeting(abilities: Iterable[Any]) -> Iterator[tuple[Any, dict[str, Any], Any]]:
    """(ability, its spec, effect) for each effect of the spell abilities or the activated/triggered
    ability given, and (ability, spec, None) for an Aura's enchant keyword (303.4a): where the
    word "target" of a card's text is found (required_targets, most_targets)."""
    for ab in abilities:
        spec = getattr(ab, "spec", {}) or {}
        kind = getattr(ab, "kind", None)
        if kind == "keyword" and spec.get("keyword") == "enchant":
            yield ab, spec, None
        elif kind in ("spell", "activated", "triggered"):
            for e in spec.get("effects") or ([spec["effect"]] if isinstance(spec.get("effect"), dict) else []):
                yield ab, spec, e


def required_targets(abilities: Iterable[Any]) -> int:
    """How many targets the spell abilities or the activated/triggered ability given require at
    least (601.2c, 602.2b): one for a modeled effect's "target" ("any target", "target spell"),
    each `count` of a not-modeled effect's `targets` ("up to N" targets require none), or its
    `min_targets` where more."""
    n = 0
    for _ab, spec, e in _targeting(abilities):
        if e is None:   # 303.4a: an Aura spell requires a target, defined by its enchant ability
            n += str(spec.get("what", "")).lower() != "player"
        elif isinstance(e, dict):
            n += e.get("target") is not None
            reads = 0
            for t in e.get("targets") or [] if e.get("action") == "not_modeled" else []:
                reads += int(t.get("count", 1)) if isinstance(t, dict) else 0
            # 601.2c: a not-modeled effect's `min_targets` counts the targets no TARGET reads too
            # ("Target player reveals their hand", Thoughtseize: one; found by probe32c: it was
            # accepted on the stack with "targets": [])
            least = e.get("min_targets") if e.get("action") == "not_modeled" else None
            n += max(reads, least) if isinstance(least, int) and not isinstance(least, bool) else reads
    return n


def most_targets(abilities: Iterable[Any]) -> int | None:
    """How many targets the spell abilities or the activated/triggered ability given have at most
    (115.1, 601.2c: one for each instance of the word "target" in a modeled effect, one for an Aura
    spell's enchant ability, 303.4a; a not-modeled effect's `max_targets`), or None where the card
    format doesn't fix it ("X target creatures", kicker's extra targets, a not-modeled effect that
    says "target" without a `max_targets`)."""
    n = 0
    for ab, _spec, e in _targeting(abilities):
        if e is None:   # 303.4a: an Aura spell has one target (or a player, for "Enchant player")
            n += 1
            continue
        if not isinstance(e, dict):
            return None
        if any(k in e for k in ("kick_targets", "kicked_max_targets", "x_min_targets")):
            return None
        if e.get("action") == "not_modeled":
            most = e.get("max_targets")
            if isinstance(most, int) and not isinstance(most, bool):
                n += most
            elif most is not None or e.get("targets") or e.get("min_targets") or TARGET_WORD.search(
                    getattr(ab, "text", "") or ""):
                return None
        elif e.get("target") is not None:
            n += 1
    return n


def _too_many_targets(f: _Fields, d: _ObjDraft, p: Callable[[str], str], abilities: Iterable[Any],
                      what: str) -> None:
    """A spell or ability on the stack naming more targets than its text has (115.1, 601.2c: one
    for each instance of the word "target"; found by probe28e: a Lightning Bolt on the stack
    targeting two objects was read, and dealt 3 damage to each as it resolved)."""
    most = most_targets(abilities)
    named = len(d.extra.get("targets") or [])
    if most is not None and named > most:
        aura = any(getattr(ab, "kind", None) == "keyword" and (getattr(ab, "spec", {}) or {}).get("keyword")
                   == "enchant" for ab in abilities)
        why = ("an Aura spell targets what its enchant ability allows, CR 303.4a" if aura else
               "one for each instance of the word \"target\", CR 115.1, 601.2c")
        f.add(p("targets"), f"{what} has {most} target(s) ({why}), and targets names {named}")


def _no_targets(f: _Fields, d: _ObjDraft, p: Callable[[str], str], abilities: Iterable[Any], what: str) -> None:
    """``"targets": []`` states that the spell or ability targets nothing (115.1): impossible for one
    whose text requires a target (601.2c, 602.2b: it couldn't have been put on the stack without
    one), unless its targets have ceased to exist (``lost_targets``, 608.2b)."""
    need = required_targets(abilities)
    if need and not d.extra.get("lost_targets"):
        f.add(p("targets"), f"{what} requires {need} target(s), and \"targets\": [] says it has none "
                            "(CR 601.2c, 602.2b: it can't be on the stack without them); name its "
                            "targets, list those that have ceased to exist in lost_targets (608.2b), "
                            "or leave targets out if they aren't known")


def _string_list(f: _Fields, ro: dict[str, Any], d: _ObjDraft, p: Callable[[str], str], key: str,
                 zone_ok: str, wrong_zone: str, zone: str | None) -> None:
    """An extension field holding a list of strings, meaningful in one zone only."""
    if _opt(ro, key) is None:
        return
    items = f.listing(p(key), ro[key])
    if items is None:
        return
    values = [f.string(f"{p(key)}[{i}]", v) for i, v in enumerate(items)]
    if zone is not None and zone != zone_ok:
        f.add(p(key), wrong_zone)
    elif all(v is not None for v in values):
        d.extra[key] = values


def _colors_forbidden(card: Any) -> set[str]:
    """The colors a card's "As it enters, choose a color other than ..." can't choose (614.12)."""
    return {str(ab.spec["other_than"]).upper() for fc in card.faces for ab in fc.abilities
            if ab.spec.get("enters_choose") == "color" and ab.spec.get("other_than")}


def _per_face(f: _Fields, path: str, value: Any, card: Card | None, what: str,
              one: Callable[[str, Any], Any]) -> Any:
    """A value for every face, or ``{face name: value}`` (foretell_cost, foretell_reduction): each
    value read by ``one(path, value)``, each face name matched against the card's faces."""
    if not isinstance(value, dict):
        return one(path, value)
    if not value:
        f.add(path, f"an empty object: give {what}, or {what} for each face")
        return None
    out: dict[str, Any] = {}
    for face, item in value.items():
        fpath = _sub(path, str(face))
        canon: str | None = str(face)
        if card is not None:
            canon = _match_face(card, str(face))
            if canon is None:
                f.add(fpath, f"{_show(face)} is not a face of {card.name} "
                             f"(one of {_quoted_list(_face_names(card))})")
        parsed = one(fpath, item)
        if canon is not None and parsed is not None:
            out[canon] = parsed
    return out or None


def _parse_foretell_cost(f: _Fields, path: str, value: Any, card: Card | None) -> Any:
    def cost(p: str, text: Any) -> str | None:
        if not isinstance(text, str):
            f.add(p, f'expected a mana cost such as "{{1}}{{U}}", got {_got(text)}')
            return None
        try:
            parse_mana_cost(text)
        except ValueError as exc:
            f.add(p, str(exc))
            return None
        return text

    return _per_face(f, path, value, card, "a cost", cost)


def _parse_foretell_reduction(f: _Fields, path: str, value: Any, card: Card | None) -> Any:
    return _per_face(f, path, value, card, "an amount",
                     lambda p, n: f.integer(p, n, minimum=1))


def _check_pending(f: _Fields, doc: Mapping[str, Any], library: CardLookup, check_player: _PlayerCheck,
                   turn: int | None, by_id: Mapping[str, _ObjDraft], names: Iterable[str]) -> None:
    """pending_triggers (603.3, 117.5): each a triggered ability that has triggered and waits to be
    put on the stack, in the shape of an ability on the stack without its zone; its id is the one it
    gets on the stack, so it differs from every object's."""
    raw = _opt(doc, "pending_triggers")
    if raw is None:
        return
    seen: dict[str, int] = {}
    for i, entry in enumerate(f.listing("pending_triggers", raw) or []):
        path = f"pending_triggers[{i}]"
        ro = f.mapping(path, entry)
        if ro is None:
            continue
        f.known(path, ro, PENDING_FIELDS)
        if _opt(ro, "ability") is None:
            f.add(_sub(path, "ability"), "required field is missing (the triggered ability: "
                                         '{"source": "id", "index": N})')
            continue
        d = _parse_object(f, i, {k: v for k, v in ro.items() if k in PENDING_FIELDS} | {"zone": "stack"},
                          library, check_player, turn, path=path)
        if d is None or d.id is None:
            continue
        if d.id in by_id or d.id in seen:
            f.add(_sub(path, "id"), f"duplicate id {_show(d.id)}: it is the id the ability gets on the "
                                    "stack, so it differs from every object's and pending ability's")
            continue
        seen[d.id] = i
        known = len(f.c.problems)
        _check_references(f, d, by_id, names)
        src = by_id.get(d.ability_source or "")
        card = src.card if src is not None else d.ability_card
        if card is None or d.ability_index is None or len(f.c.problems) > known:
            continue
        face = _card_face(card, src.values.get("face") if src is not None else None)
        granted = (granted_ability_object(d.ability_granter, d.ability_index)
                   if d.ability_granter is not None else None)
        if granted is not None or d.ability_index <= len(face.abilities):
            ab = granted if granted is not None else face.abilities[d.ability_index - 1]
            kind = getattr(ab, "kind", None)
            if kind != "triggered" and not (kind == "keyword" and (getattr(ab, "spec", {}) or {}).get("keyword")
                                            in TRIGGERED_KEYWORDS):
                f.add(_sub(_sub(path, "ability"), "index"),
                      f"ability {d.ability_index} of {face.name} is no triggered ability: only triggered "
                      "abilities wait to be put on the stack (CR 603.3, 117.5)")


def _check_references(f: _Fields, d: _ObjDraft, by_id: Mapping[str, _ObjDraft],
                      players: Iterable[str] = ()) -> None:
    def p(key: str) -> str:
        return _sub(d.path, key)

    for key in ("attached_to", "exiled_with"):
        ref = d.values.get(key)
        if ref is None:
            continue
        target = by_id.get(ref)
        if target is None:
            f.add(p(key), f"no object has the id {_show(ref)}{did_you_mean(ref, by_id)}")
            d.values[key] = None
        elif key == "attached_to" and target.zone is not None and target.zone != "battlefield":
            f.add(p(key), f"{_show(ref)} is not on the battlefield (it is in zone {target.zone})")
    refs = [("refers_to", d.extra.get("refers_to"))] + [
        (f"looking_at[{i}]", t) for i, t in enumerate(d.extra.get("looking_at") or [])]
    for key, ref in refs:
        if ref is not None and ref not in by_id:
            f.add(p(key), f"no object has the id {_show(ref)}{did_you_mean(ref, by_id)}")
        elif ref is not None and ref == d.id:
            f.add(p(key), f"{_show(ref)} is this object itself")
        elif ref is not None and by_id[ref].is_ability and key == "refers_to":
            f.add(p(key), f"{_show(ref)} is an ability on the stack; refers_to names a spell (a card)")
    for i, t in enumerate(d.extra.get("targets") or []):  # an object, or a player (115.1)
        if t not in by_id and t not in players:
            f.add(f"{p('targets')}[{i}]", f"no object or player is named {_show(t)}"
                                      f"{did_you_mean(t, [*by_id, *players])}")
        elif t == d.id:
            f.add(f"{p('targets')}[{i}]", f"{_show(t)} is this object itself")
    if not d.is_ability and d.card is not None and (d.extra.get("activated_this_turn")
                                                     or d.extra.get("activated_ever")):
        # 602.5b: the numbers of the permanent's activated abilities (found by probe28e: a Forest
        # with "activated_this_turn": [5] was read, the number naming no ability)
        face = _card_face(d.card, d.values.get("face"))
        n_abs = len(face.abilities)
        for key in ("activated_this_turn", "activated_ever"):
            for n in d.extra.get(key) or []:
                kind = getattr(face.abilities[n - 1], "kind", None) if n <= n_abs else None
                if n > n_abs:
                    has = f"it has {n_abs}" if n_abs else "it has none"
                    f.add(p(key), f"{face.name} has no ability {n} ({has})")
                elif kind in ("static", "spell", "triggered", "replacement", "additional_cost",
                              "alternative_cost"):
                    f.add(p(key), f"ability {n} of {face.name} is a {kind.replace('_', ' ')} ability; "
                                  "only an activated ability is activated (CR 602.1)")
    for i, who in enumerate(d.extra.get("seen_by") or []):  # players (406.3)
        if players and who not in players:
            f.add(f"{p('seen_by')}[{i}]", f"{_show(who)} is not a player{did_you_mean(who, players)}")
    if not d.is_ability and d.card is not None and d.extra.get("targets") == []:
        # (a spell's own targets: its spell abilities' and an Aura's enchant; not those of the
        # abilities its permanent would have, 115.1)
        _no_targets(f, d, p, [ab for ab in _card_face(d.card, d.values.get("face")).abilities
                              if getattr(ab, "kind", None) in ("spell", "keyword")], d.card.name)
    if not d.is_ability and d.card is not None and d.extra.get("targets"):
        face = _card_face(d.card, d.values.get("face"))
        texts = [face.oracle, *(getattr(ab, "text", "") or "" for ab in face.abilities)]
        permanent = any(t.lower() in PERMANENT_TYPES for t in face.types)
        if "Aura" not in face.subtypes and permanent:
            # 115.1, 303.4a: of permanent spells only an Aura spell targets (the targets in a
            # permanent's abilities' text are chosen when those abilities are activated or trigger)
            f.add(p("targets"), f"{face.name} has no targets: it is a permanent spell and no Aura "
                                "spell; the targets its abilities' text names are chosen when those "
                                "abilities are activated or trigger (CR 115.1, 303.4a)")
        elif "Aura" not in face.subtypes and not any(TARGET_WORD.search(t or "") for t in texts):
            # 115.1: a spell has targets only if its text says "target" (or it is an Aura, 303.4a)
            f.add(p("targets"), f"{face.name} has no targets: its text doesn't say \"target\" and it "
                                "is no Aura spell (CR 115.1, 303.4a)")
        else:
            _too_many_targets(f, d, p, [ab for ab in face.abilities
                                        if getattr(ab, "kind", None) in ("spell", "keyword")], face.name)
    if not d.is_ability or d.ability_source is None:
        return
    spath = _sub(p("ability"), "source")
    source = by_id.get(d.ability_source)
    if source is None and d.ability_card is None:
        f.add(spath, f"no object has the id {_show(d.ability_source)}"
                     f"{did_you_mean(d.ability_source, by_id)} (an ability whose source has ceased to "
                     "exist names the source's card in ability.card, CR 113.7a)")
        return
    if source is not None and source.is_ability:
        f.add(spath, f"{_show(d.ability_source)} is itself an ability, not a card")
        return
    if source is not None and d.ability_card is not None and source.card is not None and (
            source.card.name != d.ability_card.name):
        f.add(_sub(p("ability"), "card"), f"the source {_show(d.ability_source)} is {source.card.name}, "
                                          f"not {d.ability_card.name}")
        return
    card = source.card if source is not None else d.ability_card
    if card is None or d.ability_index is None:
        return
    face = _card_face(card, source.values.get("face") if source is not None else None)
    n = len(face.abilities)
    ipath = _sub(p("ability"), "index")
    granted = (granted_ability_object(d.ability_granter, d.ability_index)
               if d.ability_granter is not None else None)
    if granted is None and d.ability_index > n:
        has = f"it has {n}" if n else "it has none"
        f.add(ipath, f"{face.name} has no ability {d.ability_index} ({has})")
        return
    ab = granted if granted is not None else face.abilities[d.ability_index - 1]
    if granted is not None:
        # (the messages below name the ability as "ability N of <the granting card>")
        face = _card_face(d.ability_granter, None) if d.ability_granter is not None else face
    kind = getattr(ab, "kind", None)
    spec = getattr(ab, "spec", {}) or {}
    if d.extra.get("targets") == [] and kind in ("activated", "triggered"):
        _no_targets(f, d, p, [ab], f"ability {d.ability_index} of {face.name}")
    if kind in ("static", "spell", "replacement", "additional_cost") or (
            kind == "keyword" and spec.get("keyword") not in TRIGGERED_KEYWORDS):
        what = f"keyword ability {spec.get('keyword')}" if kind == "keyword" else f"a {kind} ability"
        f.add(ipath, f"ability {d.ability_index} of {face.name} is {what}; only activated and "
                     "triggered abilities go on the stack")
    elif kind in ("activated", "triggered") and spec.get("mana") is not None:
        # 605.3b: an activated mana ability doesn't go on the stack; 605.4a: nor does a triggered one
        rule = "605.4a" if kind == "triggered" else "605.3b"
        f.add(ipath, f"ability {d.ability_index} of {face.name} is a mana ability; mana abilities "
                     f"don't use the stack (CR {rule})")
    elif d.extra.get("choosing_targets") and (kind != "triggered" or not getattr(ab, "says_target", False)):
        f.add(p("choosing_targets"), f"ability {d.ability_index} of {face.name} is no triggered ability "
                                     "whose text says \"target\": only such an ability has its targets "
                                     "chosen as it is put on the stack (CR 603.3d)")
    elif d.extra.get("targets") and not getattr(ab, "says_target", False):
        # 115.1, 602.2b, 603.3d: only an ability whose text says "target" has targets
        f.add(p("targets"), f"ability {d.ability_index} of {face.name} has no targets: its text doesn't "
                            "say \"target\" (CR 115.1)")
    elif d.extra.get("targets") and kind in ("activated", "triggered"):
        _too_many_targets(f, d, p, [ab], f"ability {d.ability_index} of {face.name}")
    cost_text = json.dumps(spec.get("cost") or {})
    if (kind == "activated" and d.values.get("x") and "X" not in cost_text
            and "remove_any_counters" not in cost_text):
        # 107.3a, 107.3k, 602.2b: an activated ability's X is the one announced for its activation
        # cost ({X}, "[-X]", "Remove X ... counters"); one whose cost has none has no X (as a spell
        # none of whose costs has {X}; found by probe32c: Grim Lavamancer's ability on the stack was
        # accepted with "x": 3)
        f.add(p("x"), f"{d.values['x']}, but the cost of ability {d.ability_index} of {face.name} has no X "
                      "to announce (CR 107.3a, 107.3k, 602.2b)")


ANIMATED_FIELDS = ("power", "toughness", "types", "subtypes", "all_creature_types", "colors", "keywords")
ANIMATED_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")


def _parse_animated(f: _Fields, raw: Any, d: _ObjDraft, path: str, zone: str | None, zphrase: str) -> None:
    """``animated``: the permanent has become a creature until end of turn (a manland's "This land
    becomes a 2/2 creature ... until end of turn. It's still a land.", Llanowar Loamspeaker's
    target land): 205.1b, it keeps its types and gains those listed (Creature among them); 613.4b,
    its base power and toughness are set; 613.1d, the colors listed replace its colors (none: its
    own); it has the keywords listed (haste: 702.10, 302.6). Ends in the cleanup step (514.2)."""
    a = f.mapping(path, raw, 'an object such as {"power": 2, "toughness": 2, "subtypes": ["Elemental"]}')
    if a is None:
        return
    f.known(path, a, ANIMATED_FIELDS)
    out: dict[str, Any] = {}
    ok = True
    for k in ("power", "toughness"):
        if k not in a:
            f.add(_sub(path, k), "required: the power and toughness the permanent has as a creature (613.4b)")
            ok = False
            continue
        v = f.integer(_sub(path, k), a[k])
        if v is None:
            ok = False
        else:
            out[k] = v
    types = a.get("types", ["Creature"])
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
        f.add(_sub(path, "types"), f"expected a list of card types, got {json.dumps(types)[:80]}")
        ok = False
    else:
        bad = [t for t in types if t not in ANIMATED_TYPES]
        if bad:
            f.add(_sub(path, "types"), f"{json.dumps(bad[0])} is not a permanent card type (one of "
                                       f"{', '.join(ANIMATED_TYPES)})")
            ok = False
        elif "Creature" not in types:
            f.add(_sub(path, "types"), "a permanent that has become a creature has the type Creature (205.1b)")
            ok = False
        else:
            out["types"] = sorted(set(types), key=ANIMATED_TYPES.index)
    for k in ("subtypes", "keywords", "colors"):
        if k not in a:
            continue
        v = a[k]
        if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
            f.add(_sub(path, k), f"expected a list of words, got {json.dumps(v)[:80]}")
            ok = False
            continue
        if k == "colors":
            bad = [c for c in v if c not in ("W", "U", "B", "R", "G")]
            if bad:
                f.add(_sub(path, k), f"{json.dumps(bad[0])} is not a color (W, U, B, R or G)")
                ok = False
                continue
        if k == "keywords":   # 702: a keyword ability mtgasp knows, as gained_keywords
            bad_kw = [(i, why) for i, x in enumerate(v) if (why := unknown_keyword(x))]
            for i, why in bad_kw:
                f.add(f"{_sub(path, k)}[{i}]", why)
            if bad_kw:
                ok = False
                continue
        out[k] = [x.lower() for x in v] if k == "keywords" else v
    if "all_creature_types" in a:
        b = f.boolean(_sub(path, "all_creature_types"), a["all_creature_types"])
        if b:
            out["all_creature_types"] = True
    if zone is not None and zone != "battlefield":
        f.add(path, f"only a permanent becomes a creature until end of turn; this card is {zphrase}")
    elif ok:
        d.extra["animated"] = out


def _becomes_creature(card: Any) -> bool:
    """Whether an ability of the card makes its source a creature until end of turn (become_creature)."""
    for face in card.faces:
        for ab in face.abilities:
            effects = [ab.spec.get("effect"), *(ab.spec.get("effects") or [])]
            if any(isinstance(e, Mapping) and e.get("action") == "become_creature" for e in effects):
                return True
    return False


def _has_lasting_effect(card: Any) -> bool:
    """Whether an ability of the card creates a continuous effect that lasts after it resolves
    (611.2a): an effect "until_end_of_turn" (Pale Moon), or more land drops this turn (305.2:
    Explore's "You may play an additional land this turn", until the turn ends, 514.2), or a
    permission to cast spells this turn as though they had flash (702.8a: Alchemist's Refuge)."""
    for face in card.faces:
        for ab in face.abilities:
            effects = [ab.spec.get("effect"), *(ab.spec.get("effects") or [])]
            if any(isinstance(e, Mapping) and e.get("action") in ("until_end_of_turn", "extra_land_drops",
                                                                   "flash_permission")
                   for e in effects):
                return True
    return False


# 611.2a: words of an effect that lasts after its spell or ability resolves ("Until end of turn, you
# may play those cards", "You may play that card this turn", "until the end of your next turn").
_LASTING_WORDS = re.compile(r"\buntil (?:the )?end of\b|\bmay (?:cast|play)\b[^.]*\bthis turn\b|"
                            r"\buntil your next\b|\bfor as long as\b", re.IGNORECASE)


def _unmodeled_lasting_sentence(card: Any) -> str | None:
    """The first sentence of a spell's or a non-static ability's line kept as not modeled that says
    its effect lasts after it resolves (611.2a), of a card with no modeled lasting effect; else None."""
    if _has_lasting_effect(card):
        return None
    for face in card.faces:
        for ab in face.abilities:
            if ab.kind == "static":
                continue
            parts = [ab.spec.get("effect"), *(ab.spec.get("effects") or [])]
            if ab.kind != "not_modeled" and not any(
                    isinstance(e, Mapping) and e.get("action") == "not_modeled" for e in parts):
                continue
            for sentence in re.split(r"(?<=\.)\s+", str(ab.text or "")):
                if _LASTING_WORDS.search(sentence):
                    return sentence
    return None


def _parse_effect(f: _Fields, i: int, raw: Any, library: CardLookup, check_player: _PlayerCheck) -> Effect | None:
    path = f"effects[{i}]"
    re_ = f.mapping(path, raw, 'an object such as {"card": "Pale Moon", "controller": "bob", '
                               '"duration": "end_of_turn"}')
    if re_ is None:
        return None
    f.known(path, re_, EFFECT_FIELDS)
    card_name: str | None = None
    name = f.required(path, re_, "card")
    if name is not None:
        name = f.string(_sub(path, "card"), name)
        if name is not None:
            card, _, err = resolve_card(library, name)
            if card is None:
                f.add(_sub(path, "card"), err)
            elif _becomes_creature(card):
                # 611.2a, 205.1b: "This land becomes a 2/2 creature ... until end of turn" changes one
                # object: the state says so on that object (its `animated` field), not in this list
                f.add(_sub(path, "card"), f"{card.name}'s effect makes one permanent a creature until end of "
                                          "turn: give that permanent an `animated` field (e.g. {\"power\": 2, "
                                          "\"toughness\": 2}) instead of an entry of effects")
            elif (unmodeled := _unmodeled_lasting_sentence(card)) is not None:
                # 611.2a: the card has such an effect, one no template reads (Act on Impulse's "Until
                # end of turn, you may play those cards."): it can't be listed, and saying the card
                # has none would be false (found by probe24c)
                f.add(_sub(path, "card"), f"{card.name}'s effect that lasts after it resolves (\"{unmodeled}\") "
                                          "is not modeled (its line is kept as not modeled, "
                                          "docs/import-templates.md), so it can't be listed as a lasting "
                                          "effect; those modeled are such as Pale Moon's \"Until end of "
                                          "turn, ...\"")
            elif not _has_lasting_effect(card):
                # 611.2a: a resolved spell's or ability's continuous effect (Pale Moon's "Until end of
                # turn, ..."); a card without one leaves no effect, and a permanent's static ability
                # (Contamination) works from the battlefield, not from this list
                f.add(_sub(path, "card"), f"{card.name} has no effect that lasts after it resolves (such as "
                                          "Pale Moon's \"Until end of turn, ...\"); a permanent's static "
                                          "ability applies while the permanent is on the battlefield")
            else:
                card_name = card.name
    ctl = f.required(path, re_, "controller")
    controller = check_player(_sub(path, "controller"), ctl) if ctl is not None else None
    dur = f.required(path, re_, "duration")
    duration = f.choice(_sub(path, "duration"), dur, DURATIONS, "a duration") if dur is not None else None
    if card_name is None or controller is None or duration is None:
        return None
    return Effect(card=card_name, controller=controller, duration=duration)


def _build_object(d: _ObjDraft) -> GameObject:
    v = d.values
    assert d.id is not None and d.zone is not None and v.get("owner") is not None
    ability = None
    if d.is_ability:
        assert d.ability_source is not None and d.ability_index is not None
        ability = AbilityRef(source=d.ability_source, index=d.ability_index,
                             card=d.ability_card.name if d.ability_card is not None else None,
                             granted_by=d.ability_granter.name if d.ability_granter is not None else None)
    return GameObject(
        id=d.id,
        owner=v["owner"],
        zone=d.zone,
        card=d.card.name if d.card is not None else None,
        controller=v.get("controller") or v["owner"],
        face=v.get("face"),
        tapped=bool(v.get("tapped")),
        face_down=bool(v.get("face_down")),
        counters=dict(v.get("counters") or {}),
        controlled_since_turn=v.get("controlled_since_turn") or 0,
        attached_to=v.get("attached_to"),
        foretold_turn=v.get("foretold_turn"),
        foretell_cost=v.get("foretell_cost"),
        plotted_turn=v.get("plotted_turn"),
        exiled_with=v.get("exiled_with"),
        cast_from=v.get("cast_from"),
        method=v.get("method"),
        x=v.get("x"),
        mana_spent=v.get("mana_spent"),
        kicked=bool(v.get("kicked")),
        ability=ability,
        extra=dict(d.extra),
    )


# --------------------------------------------------------------------------------------------
# Writing documents


def default_priority(step: str, active_player: str, resolving: str | None) -> str | None:
    """Who has priority when a document leaves ``priority`` out."""
    if step in ("untap", "cleanup") or resolving is not None:
        return None
    return active_player


def dump_state(state: GameState) -> dict[str, Any]:
    """The document for a state: ``load_state`` reads it back to an equal state.

    Fields with their default values are left out (``priority`` and ``format`` are always
    written). ``$schema`` and ``description`` are carried over from ``state.document``. The
    document shares no list or dict with the state: ``apply`` edits it in place (appending to an
    object's ``activated_ever``), and the state it was given must stay as it was.
    """
    doc: dict[str, Any] = {}
    for key in GAME_EXTENSIONS:
        if isinstance(state.document.get(key), str):
            doc[key] = state.document[key]
    for key in GAME_COUNT_EXTENSIONS:
        if state.document.get(key):
            doc[key] = state.document[key]
    doc.update({
        "format": FORMAT,
        "turn": state.turn,
        "active_player": state.active_player,
        "step": state.step,
        "priority": state.priority,
        "players": [_dump_player(p) for p in state.players],
        "objects": [_dump_object(o) for o in state.objects],
    })
    if state.stack:
        doc["stack"] = list(state.stack)
    if state.resolving is not None:
        doc["resolving"] = state.resolving
    if state.effects:
        doc["effects"] = [_dump_effect(e) for e in state.effects]
    for key in GAME_RESULT + GAME_PLAYER_FIELDS + GAME_PENDING:
        if state.document.get(key):
            doc[key] = copy.deepcopy(state.document[key])
    return doc


def _dump_player(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"name": p.name}
    if p.life != 20:
        out["life"] = p.life
    if p.lands_played_this_turn:
        out["lands_played_this_turn"] = p.lands_played_this_turn
    pool = render_mana_pool(p.mana_pool)
    if pool:
        out["mana_pool"] = pool
    if p.last_turn is not None:
        out["last_turn"] = p.last_turn
    for key, value in p.extra.items():
        out[key] = copy.deepcopy(value)
    return out


def _dump_object(o: GameObject) -> dict[str, Any]:
    out: dict[str, Any] = {"id": o.id}
    controller = o.controller or o.owner
    if o.ability is not None:
        out["zone"] = o.zone
        out["ability"] = {"source": o.ability.source,
                          "index": ({"granted_by": o.ability.granted_by, "index": o.ability.index}
                                    if o.ability.granted_by is not None else o.ability.index)}
        if o.ability.card is not None:
            out["ability"]["card"] = o.ability.card
        out["controller"] = controller
        if o.owner != controller:
            out["owner"] = o.owner
        if o.x is not None:
            out["x"] = o.x
        out.update(copy.deepcopy(o.extra))
        return out
    out["card"] = o.card
    out["owner"] = o.owner
    out["zone"] = o.zone
    if controller != o.owner:
        out["controller"] = controller
    if o.face is not None:
        out["face"] = o.face
    if o.tapped:
        out["tapped"] = True
    if o.face_down:
        out["face_down"] = True
    if o.counters:
        out["counters"] = dict(o.counters)
    if o.controlled_since_turn:
        out["controlled_since_turn"] = o.controlled_since_turn
    optional: dict[str, Any] = {
        "attached_to": o.attached_to,
        "foretold_turn": o.foretold_turn,
        "foretell_cost": dict(o.foretell_cost) if isinstance(o.foretell_cost, Mapping) else o.foretell_cost,
        "plotted_turn": o.plotted_turn,
        "exiled_with": o.exiled_with,
        "cast_from": o.cast_from,
        "method": o.method,
        "x": o.x,
        "mana_spent": o.mana_spent,
    }
    out.update({k: v for k, v in optional.items() if v is not None})
    if o.kicked:
        out["kicked"] = True
    for key, value in o.extra.items():
        out[key] = copy.deepcopy(value)
    return out


def _dump_effect(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"card": e.card, "controller": e.controller}
    if e.duration is not None:
        out["duration"] = e.duration
    out.update(copy.deepcopy(e.extra))
    return out
