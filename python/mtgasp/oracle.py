"""Compile real cards' Oracle text (MTGJSON AtomicCards, Scryfall card objects) into the card format.

``import_files(paths)`` reads the files, ``compile_card(raw)`` reads one card: the Oracle text is
stripped of reminder text, the card's own name and "this creature/land/..." become one self
reference (``~``), the text is cut into lines, and every line gets ONE verdict:

- ``templated``: a row of ``TEMPLATES`` (below, and docs/import-templates.md) matched it and built
  the card-format ability;
- ``not_modeled``: the line cannot change any answer in scope (moves, mana, why: mana, costs,
  timing, casting permissions, entering the battlefield), e.g. "Flying" or "When this creature
  enters, draw a card"; it becomes a ``not_modeled`` ability (or a not-modeled keyword) so the
  ability numbering is kept;
- ``refused``: the line touches the rules in scope but no template matches it. A card with a
  refused line is not imported; the report says which line and why.

No line is dropped: every line of every face is in the report with its verdict. The table of
templates is closed: a wording that isn't in it is never guessed at.

Bad input (a file that is neither format, malformed JSON, a card without a name or type, an unknown
mana symbol in a mana cost, an absurdly long text) raises one ``InputError`` naming the card and the
field; nothing is written.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgasp.errors import InputError, Problem
from mtgasp.keywords import KEYWORD_NAMES, NEEDS_PARAMETER

__all__ = [
    "TEMPLATES",
    "CardResult",
    "ImportReport",
    "RawCard",
    "RawFace",
    "compile_card",
    "default_library_path",
    "import_files",
    "read_cards",
    "write_library",
]

MAX_TEXT = 5000  # characters of Oracle text per face: the longest real card has about 1,500
MAX_NAME = 200
MAX_FILE_CARDS = 1_000_000

Ability = dict[str, Any]

# --- symbols ----------------------------------------------------------------------------------

_SYM = re.compile(r"\{([^{}]*)\}")
# every mana symbol of real mana costs (CR 107.4): generic, colored, colorless, X/Y/Z, hybrid,
# monocolored hybrid, colorless hybrid, Phyrexian, snow, half mana, infinity, and the symbols of
# Un- and digital-only cards ({D}, {L}, {A}, {TK})
_COST_SYMBOL = re.compile(
    r"^(\d+|[WUBRGCXYZSDLA]|[WUBRGC2]/[WUBRGP]|[WUBRG]/[WUBRG]/P|H[WUBRG]|½|∞|TK)$"
)
# symbols the card format's costs take (docs/card-format.md): {N}, {W}{U}{B}{R}{G}, {C}, {X}, and
# hybrid ({W/U}), monocolored hybrid ({2/W}) and Phyrexian ({W/P}) symbols (CR 107.4e-f), snow
# {S} (107.4h; not in a mana ability's own cost); not half mana, {W/U/P}, {C/W}
_HYBRID_SYMBOL = r"W/U|W/B|U/B|U/R|B/R|B/G|R/G|R/W|G/W|G/U|2/[WUBRG]|[WUBRG]/P"
_FORMAT_SYMBOL = re.compile(rf"^(\d+|[WUBRGCXS]|{_HYBRID_SYMBOL})$")
# a run of cost symbols a template reads (_mana() then refuses any the card format doesn't take)
MANA = r"(?:\{(?:\d+|[WUBRGCXS]|[WUBRGC2]/[WUBRGP]|[WUBRG]/[WUBRG]/P)\})"
COLORED = r"(?:\{[WUBRGC]\})"
WORD_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "twenty": 20,
}
NUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|\d+)"
COLOR_ORDER = ("W", "U", "B", "R", "G")
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_LIST = (r"(?P<cs>(?:white|blue|black|red|green)(?:(?:, |,? or )(?:white|blue|black|red|green))*)")


def _color_letters(words: str) -> list[str]:
    found = set(re.findall(r"white|blue|black|red|green", words))
    return [c for w, c in COLOR_WORDS.items() if w in found]


BASIC_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
CARD_TYPES = (
    "Land", "Creature", "Artifact", "Enchantment", "Instant", "Sorcery", "Planeswalker", "Battle",
    "Kindred", "Tribal",
)
SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite")
# card types of other game variants: such a card is refused (not a card of a Magic game in scope)
OTHER_GAME_TYPES = ("Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon", "Hero",
                    "Stickers", "Emblem")


def _num(word: str) -> int:
    w = word.lower()
    return WORD_NUMBERS[w] if w in WORD_NUMBERS else int(w)


def _symbols(text: str) -> list[str]:
    return _SYM.findall(text)


# --- raw cards (read from either format) ------------------------------------------------------


@dataclass
class RawFace:
    name: str
    type_line: str
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]
    mana_cost: str | None
    text: str
    power: str | None = None
    toughness: str | None = None
    keywords: list[str] = field(default_factory=list)
    path: str = ""  # where the face is in its file, for errors
    colors: list[str] | None = None  # the file's colors of the face (W U B R G), if it gives them
    identity: list[str] | None = None  # the card's color identity (903.4), if the file gives it
    loyalty: str | None = None  # a planeswalker's printed loyalty (306.5b)


@dataclass
class RawCard:
    name: str
    layout: str
    faces: list[RawFace]
    source: dict[str, Any]
    path: str = ""


def _bad(source: str, path: str, message: str) -> InputError:
    return InputError(Problem(path, message), source)


def _str_field(v: Any, source: str, path: str, what: str, required: bool = True,
               limit: int = MAX_TEXT) -> str | None:
    if v is None:
        if required:
            raise _bad(source, path, f"missing {what}")
        return None
    if not isinstance(v, str):
        raise _bad(source, path, f"{what} must be a string, not {type(v).__name__}")
    if required and not v.strip():
        raise _bad(source, path, f"empty {what}")
    if len(v) > limit:
        raise _bad(source, path, f"{what} is {len(v)} characters long (more than {limit}): "
                                 "not a card's Oracle text")
    return v


def _check_cost_symbols(cost: str, source: str, path: str) -> None:
    rest = _SYM.sub("", cost)
    if rest.strip():
        raise _bad(source, path, f'"{cost}" is not a mana cost: unexpected "{rest.strip()}"')
    for s in _symbols(cost):
        if not _COST_SYMBOL.match(s):
            raise _bad(source, path, f'"{cost}": unknown mana symbol {{{s}}}')


def _split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    left, _, right = type_line.partition("—")
    words = left.split()
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supers, types, right.split()


def _face_from_mtgjson(f: Any, source: str, path: str) -> RawFace:
    if not isinstance(f, dict):
        raise _bad(source, path, "a card face must be an object")
    name = _str_field(f.get("faceName", f.get("name")), source, f"{path}.name", "name",
                      limit=MAX_NAME)
    assert name is not None
    type_line = _str_field(f.get("type"), source, f"{path}.type", "type line", limit=MAX_NAME)
    assert type_line is not None
    text = _str_field(f.get("text"), source, f"{path}.text", "Oracle text", required=False) or ""
    cost = _str_field(f.get("manaCost"), source, f"{path}.manaCost", "mana cost", required=False,
                      limit=MAX_NAME)
    if cost:
        _check_cost_symbols(cost, source, f"{path}.manaCost")
    supers, types, subs = _split_type_line(type_line)
    for key, dflt in (("supertypes", supers), ("types", types), ("subtypes", subs)):
        v = f.get(key)
        if v is not None and (not isinstance(v, list) or not all(isinstance(x, str) for x in v)):
            raise _bad(source, f"{path}.{key}", f"{key} must be a list of strings")
    kws = f.get("keywords") or []
    if not isinstance(kws, list) or not all(isinstance(x, str) for x in kws):
        raise _bad(source, f"{path}.keywords", "keywords must be a list of strings")
    return RawFace(
        name=name, type_line=type_line,
        supertypes=list(f.get("supertypes") or supers), types=list(f.get("types") or types),
        subtypes=list(f.get("subtypes") or subs), mana_cost=cost or None, text=text,
        power=_pt(f.get("power")), toughness=_pt(f.get("toughness")), keywords=list(kws),
        path=path, colors=_colors(f.get("colors"), source, f"{path}.colors"),
        identity=_colors(f.get("colorIdentity"), source, f"{path}.colorIdentity"),
        loyalty=_pt(f.get("loyalty")),
    )


def _colors(v: Any, source: str, path: str) -> list[str] | None:
    """A face's colors as the file gives them (MTGJSON/Scryfall ``colors``), or None."""
    if v is None:
        return None
    if not isinstance(v, list) or not all(isinstance(x, str) and x in COLOR_ORDER for x in v):
        raise _bad(source, path, "colors must be a list of the letters W U B R G")
    return [c for c in COLOR_ORDER if c in v]


def _pt(v: Any) -> str | None:
    return None if v is None else str(v)


def _face_from_scryfall(f: Any, source: str, path: str, card: dict[str, Any]) -> RawFace:
    if not isinstance(f, dict):
        raise _bad(source, path, "a card face must be an object")
    name = _str_field(f.get("name"), source, f"{path}.name", "name", limit=MAX_NAME)
    assert name is not None
    type_line = _str_field(f.get("type_line"), source, f"{path}.type_line", "type line",
                           limit=MAX_NAME)
    assert type_line is not None
    text = _str_field(f.get("oracle_text"), source, f"{path}.oracle_text", "Oracle text",
                      required=False) or ""
    cost = _str_field(f.get("mana_cost"), source, f"{path}.mana_cost", "mana cost",
                      required=False, limit=MAX_NAME)
    if cost:
        _check_cost_symbols(cost, source, f"{path}.mana_cost")
    supers, types, subs = _split_type_line(type_line)
    kws = card.get("keywords") or []
    if not isinstance(kws, list) or not all(isinstance(x, str) for x in kws):
        raise _bad(source, f"{path}.keywords", "keywords must be a list of strings")
    colors = f.get("colors")  # a face's own (a single-faced card: the card's)
    return RawFace(name=name, type_line=type_line, supertypes=supers, types=types, subtypes=subs,
                   mana_cost=cost or None, text=text, power=_pt(f.get("power")),
                   toughness=_pt(f.get("toughness")), keywords=list(kws), path=path,
                   colors=_colors(colors, source, f"{path}.colors"),
                   identity=_colors(card.get("color_identity"), source, "color_identity"),
                   loyalty=_pt(f.get("loyalty")))


def _card_from_mtgjson(key: str, faces: Any, source: str, path: str) -> RawCard:
    if isinstance(faces, dict):
        faces = [faces]
    if not isinstance(faces, list) or not faces:
        raise _bad(source, path, f'card "{key}": expected a list of faces')
    raws = [_face_from_mtgjson(f, source, f"{path}[{i}]") for i, f in enumerate(faces)]
    first = faces[0]
    layout = first.get("layout") or "normal"
    if not isinstance(layout, str):
        raise _bad(source, f"{path}[0].layout", "layout must be a string")
    name = key or raws[0].name
    return RawCard(name=name, layout=layout, faces=raws, source={"format": "mtgjson"}, path=path)


def _card_from_scryfall(c: Any, source: str, path: str) -> RawCard:
    if not isinstance(c, dict):
        raise _bad(source, path, "a card must be an object")
    name = _str_field(c.get("name"), source, f"{path}.name", "name", limit=MAX_NAME)
    assert name is not None
    layout = c.get("layout") or "normal"
    if not isinstance(layout, str):
        raise _bad(source, f"{path}.layout", "layout must be a string")
    cf = c.get("card_faces")
    if cf is not None:
        if not isinstance(cf, list) or not cf:
            raise _bad(source, f"{path}.card_faces", "card_faces must be a non-empty list")
        faces = [_face_from_scryfall(f, source, f"{path}.card_faces[{i}]", c)
                 for i, f in enumerate(cf)]
    else:
        faces = [_face_from_scryfall(c, source, path, c)]
    src: dict[str, Any] = {"format": "scryfall"}
    if isinstance(c.get("oracle_id"), str):
        src["oracle_id"] = c["oracle_id"]
    return RawCard(name=name, layout=layout, faces=faces, source=src, path=path)


def _is_scryfall_card(v: Any) -> bool:
    return isinstance(v, dict) and (v.get("object") == "card" or "type_line" in v
                                    or "card_faces" in v or "oracle_text" in v)


def _is_mtgjson_face(v: Any) -> bool:
    return isinstance(v, dict) and "name" in v and ("type" in v or "types" in v) \
        and "type_line" not in v


def _every_card(source: str, makers: Iterable[Callable[[], RawCard]]) -> list[RawCard]:
    """Every card of a file read, and the bad input of all of them reported at once (one problem
    per bad card, with its path; found by probe29e: only the first bad card was named)."""
    out: list[RawCard] = []
    problems: list[Problem] = []
    for make in makers:
        try:
            out.append(make())
        except InputError as e:
            problems.extend(e.problems)
    if problems:
        raise InputError(problems, source)
    return out


def read_cards(data: Any, source: str) -> list[RawCard]:
    """The cards of one decoded file: MTGJSON AtomicCards (``data`` -> name -> faces), a Scryfall
    array of card objects or list object (``{"object": "list", "data": [...]}``), a single Scryfall
    card object, or a single MTGJSON card (a face object
    or a list of face objects)."""
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        cards = data["data"]
        if len(cards) > MAX_FILE_CARDS:
            raise _bad(source, "data", f"{len(cards)} cards: too many")
        return _every_card(source, (functools.partial(_card_from_mtgjson, key, faces, source, f"data[{json.dumps(key)}]")
                                    for key, faces in cards.items()))
    if isinstance(data, list) and data and all(_is_scryfall_card(c) for c in data):
        return _every_card(source, (functools.partial(_card_from_scryfall, c, source, f"[{i}]")
                                    for i, c in enumerate(data)))
    if (isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list)
            and data["data"] and all(_is_scryfall_card(c) for c in data["data"])):
        # a Scryfall API list object (a search's page: {"object": "list", "data": [cards]}); found
        # by probe28e: refused as MTGJSON AtomicCards whose "data" isn't an object
        if len(data["data"]) > MAX_FILE_CARDS:
            raise _bad(source, "data", f"{len(data['data'])} cards: too many")
        return _every_card(source, (functools.partial(_card_from_scryfall, c, source, f"data[{i}]")
                                    for i, c in enumerate(data["data"])))
    if isinstance(data, list) and data and all(_is_mtgjson_face(c) for c in data):
        return [_card_from_mtgjson("", data, source, "")]
    if _is_scryfall_card(data):
        return [_card_from_scryfall(data, source, "")]
    if _is_mtgjson_face(data):
        return [_card_from_mtgjson("", [data], source, "")]
    if isinstance(data, dict) and "data" in data:
        raise _bad(source, "data", "MTGJSON AtomicCards needs \"data\": an object of card name -> "
                                   "list of faces")
    if isinstance(data, list):
        bad = next((i for i, c in enumerate(data) if not _is_scryfall_card(c)), 0)
        raise _bad(source, f"[{bad}]", "not a Scryfall card object (needs name, type_line and "
                                       "oracle_text or card_faces)" if data else "empty list")
    raise _bad(source, "", "neither MTGJSON AtomicCards ({\"data\": {name: [faces]}}) nor "
                           "Scryfall card objects (a card or a list of cards with type_line)")


def load_file(path: Path) -> list[RawCard]:
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise _bad(source, "", f"cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise _bad(source, "", f"not UTF-8: {e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _bad(source, "", f"invalid JSON at line {e.lineno}, column {e.colno}: {e.msg}") \
            from None
    except RecursionError:
        raise _bad(source, "", "invalid JSON: nested too deeply") from None
    except ValueError as e:  # an integer of more than 4,300 digits
        raise _bad(source, "", f"invalid JSON: {str(e).split(':')[0]}") from None
    return read_cards(data, source)


# --- text preparation -------------------------------------------------------------------------

_REMINDER = re.compile(r"\s*\([^()]*\)")
SELF_NOUNS = (
    "creature", "land", "artifact", "enchantment", "spell", "card", "permanent", "Aura",
    "Equipment", "Vehicle", "planeswalker", "battle", "Saga", "Class", "Case", "token", "Room",
    "Siege", "Fortification", "Mount", "Spacecraft", "Attraction", "Contraption", "Background",
)
_THIS = re.compile(r"\b[Tt]his (?:" + "|".join(SELF_NOUNS) + r")\b")


def strip_reminder(text: str) -> str:
    return _REMINDER.sub("", text).strip()


def self_names(face: RawFace, card: RawCard) -> list[str]:
    names = {face.name, card.name}
    for n in sorted(names):
        # an Alchemy rebalanced card ("A-Bretagard Stronghold") keeps its original name in its
        # text ("Bretagard Stronghold enters tapped."): that name is the card itself too
        if re.match(r"A-[A-Z]", n):
            names.add(n[2:])
    for n in sorted(names):  # a copy: names grows
        if "," in n:
            names.add(n.split(",")[0])
        if " of " in n and "Legendary" in face.supertypes:
            names.add(n.split(" of ")[0])
        if " the " in n and "Legendary" in face.supertypes:
            names.add(n.split(" the ")[0])
    return sorted((n for n in names if n.strip()), key=len, reverse=True)


def normalize(line: str, names: list[str]) -> str:
    """The line with its self references as ``~`` (CR 201.5: a card's name in its text means
    that object)."""
    out = line
    for n in names:
        out = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", out)
    return _THIS.sub("~", out)


# --- the template table -----------------------------------------------------------------------


@dataclass(frozen=True)
class Template:
    """One row of the closed table: a name, the Oracle wording it matches, what it builds, and
    the CR rules the output is read by. ``kind`` says where it applies: ``keyword`` (a keyword
    line), ``line`` (a whole line), ``cost`` (one part of a cost, before the colon), ``mana``
    (the "Add ..." sentence of a mana ability), ``mana_rider`` (a sentence after it),
    ``trigger`` (a trigger condition), ``effect`` (an effect sentence)."""

    name: str
    kind: str
    wording: str  # regex over the normalized line (self reference = ~)
    output: str   # the card-format output, as documented
    rules: str
    build: Callable[[re.Match[str], Ctx], Any]
    example: str = ""

    @property
    def regex(self) -> re.Pattern[str]:
        # Oracle capitalization matters ("Dragon spells" vs "multicolored spells"); keywords
        # after the first of a line are lowercase ("Flying, haste")
        return _compiled(self.wording, self.kind == "keyword")


_RE_CACHE: dict[str, re.Pattern[str]] = {}


def _compiled(w: str, ignore_case: bool = False) -> re.Pattern[str]:
    key = ("i:" if ignore_case else "c:") + w
    r = _RE_CACHE.get(key)
    if r is None:
        # the whole wording is anchored, each alternative of a top-level "|" too ("^A|B$" would
        # let A match a prefix: Interplanar Beacon's "Add two mana of different colors. Spend
        # this mana only to cast planeswalker spells" lost its spend restriction, CR 106.6)
        r = _RE_CACHE[key] = re.compile("^(?:" + w + ")$", re.IGNORECASE if ignore_case else 0)
    return r


class Refused(Exception):
    """A line (or part) that touches the rules in scope and matches no template."""


@dataclass
class Ctx:
    face: RawFace
    card: RawCard
    used: list[str] = field(default_factory=list)  # the template names used for the line
    cost_text: str = ""  # the cost of the activated ability being read (its "X", if any)
    of_permanent: bool = False  # reading a triggered ability's effect (its source is a permanent)
    # reading an effect whose "X" is the X of what resolves (107.3a: a spell with {X} in its mana
    # cost; 107.3k: an activated ability with {X} in its cost; 107.3m: an enters-the-battlefield
    # trigger of a card with {X} in its mana cost): an amount "X" is read (cards.py X_AMOUNTS)
    x_from: bool = False

    def use(self, name: str) -> None:
        self.used.append(name)


TEMPLATES: list[Template] = []


def template(name: str, kind: str, wording: str, output: str, rules: str, example: str = ""
             ) -> Callable[[Callable[[re.Match[str], Ctx], Any]], Callable[[re.Match[str], Ctx], Any]]:
    def deco(fn: Callable[[re.Match[str], Ctx], Any]) -> Callable[[re.Match[str], Ctx], Any]:
        TEMPLATES.append(Template(name, kind, wording, output, rules, fn, example))
        return fn
    return deco


def _match(kind: str, text: str, ctx: Ctx) -> Any:
    """The output of the first template of ``kind`` whose wording matches ``text`` (or raise
    ``Refused``)."""
    for t in TEMPLATES:
        if t.kind != kind:
            continue
        m = t.regex.match(text)
        if m:
            out = t.build(m, ctx)
            ctx.use(t.name)
            return out
    raise Refused(f'no {kind} template matches "{text}"')


def _x_amount(word: str, ctx: Ctx) -> int | str:
    """A number word, or "X" where the X is that of what resolves (Ctx.x_from); an X defined some
    other way ("X is the number of ...") is refused, so the line is not modeled."""
    if word == "X":
        if not ctx.x_from:
            raise Refused("an X that is not announced for what resolves")
        return "X"
    return _num(word)


def _try(kind: str, text: str, ctx: Ctx) -> Any | None:
    n = len(ctx.used)
    try:
        return _match(kind, text, ctx)
    except Refused:
        del ctx.used[n:]
        return None


def _mana(sym_text: str) -> str:
    """A run of mana symbols in the card format (refuses hybrid, Phyrexian, snow ...)."""
    for s in _symbols(sym_text):
        if not _FORMAT_SYMBOL.match(s):
            raise Refused(f"mana symbol {{{s}}} is not in the card format")
    return sym_text


def _no_hybrid_but_two_color(cost: dict[str, Any]) -> None:
    """The card format takes only two-color hybrid symbols in a mana ability's own mana cost
    (docs/card-format.md): refuse {2/W} and Phyrexian symbols there."""
    for s in _symbols(cost.get("mana", "")):
        if ("/" in s and ("2" in s or "P" in s)) or s == "S":
            raise Refused(f"mana symbol {{{s}}} in a mana ability's cost is not in the card format")


# ---- costs (the part before the colon of an activated ability; CR 602.1a, 118) --------------

@template("cost.tap", "cost", r"\{T\}", '"tap": true', "CR 107.5, 602.5a, 302.6", "{T}")
def _c_tap(m: re.Match[str], ctx: Ctx) -> Any:
    return {"tap": True}


@template("cost.untap", "cost", r"\{Q\}", '"untap": true', "CR 107.6, 602.5a", "{2}, {Q}")
def _c_untap(m: re.Match[str], ctx: Ctx) -> Any:
    return {"untap": True}


@template("cost.mana", "cost", rf"(?P<m>{MANA}+)", '"mana": "{1}{G}"', "CR 118.1, 601.2f-h",
          "{1}, {T}")
def _c_mana(m: re.Match[str], ctx: Ctx) -> Any:
    return {"mana": _mana(m["m"])}


@template("cost.pay_mana", "cost", rf"Pay (?P<m>{MANA}+)", '"mana": "{2}{R}"',
          "CR 118.1, 601.2f-h", "As an additional cost to cast this spell, you may pay {2}{R}.")
def _c_pay_mana(m: re.Match[str], ctx: Ctx) -> Any:
    return {"mana": _mana(m["m"])}


@template("cost.pay_life", "cost", rf"Pay (?P<n>{NUM}) life", '"life": N', "CR 119.4, 118.3",
          "Pay 1 life")
def _c_life(m: re.Match[str], ctx: Ctx) -> Any:
    return {"life": _num(m["n"])}


@template("cost.sacrifice_self", "cost", r"Sacrifice ~", '"sacrifice": "self"', "CR 701.21, 602.5a",
          "{T}, Sacrifice this artifact")
def _c_sac_self(m: re.Match[str], ctx: Ctx) -> Any:
    return {"sacrifice": "self"}


@template("cost.exile_self", "cost", r"Exile ~", '"exile": "self"', "CR 118.3, 406.1, 602.5a",
          "Tomb Fortress: {4}{B}, {T}, Exile this land; Mirrored Lotus: {T}, Exile Mirrored Lotus")
def _c_exile_self(m: re.Match[str], ctx: Ctx) -> Any:
    return {"exile": "self"}


@template("cost.sacrifice_a", "cost",
          r"Sacrifice an? (?:(?P<t>land|artifact|creature|enchantment)|(?P<sub>[A-Z][a-z]+)"
          r"(?: (?P<t2>creature|artifact|land)| (?P<tok>token))?)",
          '"sacrifice": {"type": "Land"} | {"subtypes": ["Desert"]} | {"type": "Creature", '
          '"subtypes": ["Cleric"]} | {"subtypes": ["Prism"], "token": true}', "CR 701.21, 118.3, 111.1",
          "Sacrifice a land; Sacrifice a Desert; Sacrifice a Cleric creature; Diamond Kaleidoscope: "
          "Sacrifice a Prism token")
def _c_sac(m: re.Match[str], ctx: Ctx) -> Any:
    if m["t"]:
        return {"sacrifice": {"type": m["t"].capitalize()}}
    out: dict[str, Any] = {"subtypes": [m["sub"]]}
    if m["t2"]:
        out["type"] = m["t2"].capitalize()
    if m["tok"]:
        out["token"] = True
    return {"sacrifice": out}


_PLURAL_SAC = {"lands": "Land", "artifacts": "Artifact", "creatures": "Creature",
               "enchantments": "Enchantment"}


_PLURAL_BASIC = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
                 "Forests": "Forest"}


@template("cost.sacrifice_n", "cost",
          rf"Sacrifice (?:(?P<n>{NUM}) (?:(?P<t>lands|artifacts|creatures|enchantments|tokens)|"
          r"(?P<bt>Plains|Islands|Swamps|Mountains|Forests))|(?P<one>an? token))",
          '"sacrifice": {"type": "Artifact", "count": 2} | {"subtypes": ["Mountain"], "count": 2} | '
          '{"token": true} (tokens only, 111.1; the payment search picks which; a count only '
          "outside mana abilities)",
          "CR 701.21, 118.3, 602.2b, 305.6",
          "The Gold Saucer: Sacrifice two artifacts; Fountainport: Sacrifice a token; Fireblast: "
          "You may sacrifice two Mountains rather than pay this spell's mana cost.")
def _c_sac_n(m: re.Match[str], ctx: Ctx) -> Any:
    if m["one"]:
        return {"sacrifice": {"token": True}}
    n = _num(m["n"])
    sac: dict[str, Any] = ({"subtypes": [_PLURAL_BASIC[m["bt"]]]} if m["bt"] else
                           {"token": True} if m["t"] == "tokens" else {"type": _PLURAL_SAC[m["t"]]})
    if n > 1:
        sac["count"] = n
    return {"sacrifice": sac}


@template("cost.from_hand", "cost",
          r"(?P<what>Exile|Discard) ~(?: from your (?P<zone>hand|graveyard))?",
          '"exile": "self" | "discard": "self", and "zone": "hand" | "graveyard" on the ability (it '
          "is activated from its owner's hand or graveyard; only a cost with no {T}, {Q}, "
          "sacrifice or counters)", "CR 113.6k, 602.2, 118.3, 701.9, 605.1a",
          "Simian Spirit Guide: Exile this card from your hand: Add {R}; Boseiju, Who Endures: "
          "Channel — {1}{G}, Discard this card: ...; Jack-o'-Lantern: {1}, Exile this card from "
          "your graveyard: Add one mana of any color.")
def _c_from_hand(m: re.Match[str], ctx: Ctx) -> Any:
    if m["what"] == "Exile" and not m["zone"]:
        raise Refused("exiling the source from the battlefield is cost.exile_self")
    if m["what"] == "Discard" and m["zone"] == "graveyard":
        raise Refused("discarding from a graveyard")
    return {m["what"].lower(): "self", "_zone": m["zone"] or "hand"}


@template("cost.put_counter_self", "cost",
          rf"Put (?P<n>{NUM}) (?P<c>-1/-1|-0/-1|\+1/\+1|[a-z]+) counters? on ~",
          '"put_counters": {"-0/-1": N} (put on the source as the cost is paid; always payable)',
          "CR 118.3, 122.1, 602.2b", "Wall of Roots: Put a -0/-1 counter on this creature: Add {G}. "
          "Activate only once each turn; Devoted Druid: Put a -1/-1 counter on this creature: ...")
def _c_put_counter(m: re.Match[str], ctx: Ctx) -> Any:
    return {"put_counters": {m["c"]: _num(m["n"])}}


@template("cost.pay_energy", "cost", r"Pay (?P<e>(?:\{E\})+)",
          '"energy": N (N energy counters of its controller: the player\'s `energy` state field)',
          "CR 107.14, 118.3, 122.1", "Aether Hub: {T}, Pay {E}: Add one mana of any color.")
def _c_energy(m: re.Match[str], ctx: Ctx) -> Any:
    return {"energy": m["e"].count("{E}")}


@template("cost.discard_hand", "cost", r"Discard your hand",
          '"discard_hand": true (every card in its controller\'s hand; payable with an empty hand)',
          "CR 118.3, 701.9, 602.2b", "Lion's Eye Diamond: Discard your hand, Sacrifice this "
          "artifact: Add three mana of any one color. Activate only as an instant.")
def _c_discard_hand(m: re.Match[str], ctx: Ctx) -> Any:
    return {"discard_hand": True}


@template("cost.return_self", "cost", r"Return ~ to its owner's hand",
          '"return_to_hand": "self" (the source goes to its owner\'s hand; `apply` moves it)',
          "CR 118.3, 602.2b", "Maze's End: {3}, {T}, Return this land to its owner's hand; Magosi: "
          "Remove an eon counter from this land and return it to its owner's hand")
def _c_return_self(m: re.Match[str], ctx: Ctx) -> Any:
    return {"return_to_hand": "self"}


@template("cost.return_permanent", "cost",
          rf"Return (?P<n>{NUM}) (?P<basic>basic )?(?P<t>lands?|creatures?|artifacts?|"
          r"Plains|Islands?|Swamps?|Mountains?|Forests?) you control to (?:its|their) owner's hand",
          '"return_permanent": {"types": ["Land"], "supertypes": ["Basic"], "count": N} (in an '
          "alternative cost: the payment search picks which; `apply` returns them)",
          "CR 118.3, 118.9", "Wildfield Borderpost: You may pay {1} and return a basic land you "
          "control to its owner's hand rather than pay this spell's mana cost.")
def _c_return_permanent(m: re.Match[str], ctx: Ctx) -> Any:
    t = m["t"]
    rp: dict[str, Any]
    if t.rstrip("s").lower() in ("land", "creature", "artifact"):
        rp = {"types": [t.rstrip("s").capitalize()]}
    else:
        rp = {"types": ["Land"], "subtypes": [t if t == "Plains" else t.rstrip("s")]}
    if m["basic"]:
        if "subtypes" in rp:
            raise Refused("a basic land of a basic land type: not one filter")
        rp["supertypes"] = ["Basic"]
    n = _num(m["n"])
    if n > 1:
        rp["count"] = n
    return {"return_permanent": rp}


@template("cost.sacrifice_either", "cost",
          r"Sacrifice (?P<other>another|an?) (?P<a>land|artifact|creature|enchantment|planeswalker) or "
          r"(?P<b>land|artifact|creature|enchantment|planeswalker)",
          '"sacrifice": {"types": ["Artifact", "Creature"]} (a permanent of either type; "another": '
          'with "other": true when the source is of one of them)', "CR 701.21, 118.3",
          "Sacrifice an artifact or creature (Deadly Dispute's additional cost; Carrion Feeder)")
def _c_sac_either(m: re.Match[str], ctx: Ctx) -> Any:
    ts = [m["a"].capitalize(), m["b"].capitalize()]
    sac: dict[str, Any] = {"types": ts}
    if m["other"] == "another" and any(t in ctx.face.types for t in ts):
        sac["other"] = True
    return {"sacrifice": sac}


@template("cost.sacrifice_permanent", "cost", r"Sacrifice a (?P<non>nonland )?permanent",
          '"sacrifice": {"permanent": true} | {"non_types": ["Land"]}', "CR 701.21, 118.3, 110.1",
          "As an additional cost to cast this spell, sacrifice a nonland permanent.")
def _c_sac_permanent(m: re.Match[str], ctx: Ctx) -> Any:
    return {"sacrifice": {"non_types": ["Land"]} if m["non"] else {"permanent": True}}


@template("cost.sacrifice_another", "cost",
          r"Sacrifice another (?P<t>land|artifact|creature|enchantment)",
          '"sacrifice": {"type": "Creature"} (the source not of that type: "another" adds nothing), '
          'or {"type": "Creature", "other": true} (not the source)', "CR 701.21, 118.3",
          "Sacrifice another creature (Master of Dark Rites)")
def _c_sac_another(m: re.Match[str], ctx: Ctx) -> Any:
    t = m["t"].capitalize()
    if t in ctx.face.types:  # the source is of that type: "another" excludes it
        return {"sacrifice": {"type": t, "other": True}}
    return {"sacrifice": {"type": t}}


@template("cost.remove_counters", "cost",
          rf"Remove (?P<n>{NUM}) (?P<c>[\w+/-]+) counters? from ~",
          '"remove_counters": {"charge": N}', "CR 122.8, 602.5a",
          "Remove a charge counter from this artifact")
def _c_counters(m: re.Match[str], ctx: Ctx) -> Any:
    return {"remove_counters": {m["c"].lower(): _num(m["n"])}}


_TAP_CREATURE_SUBTYPES = ("Elf", "Merfolk", "Human", "Ally", "Cleric", "Druid", "Wizard", "Goblin",
                          "Sliver", "Spirit", "Soldier", "Knight", "Shaman", "Warrior", "Dwarf",
                          "Faerie", "Kithkin", "Zombie", "Vampire", "Dragon", "Myr", "Squirrel",
                          "Rat", "Beast", "Saproling", "Fungus", "Dinosaur", "Pirate", "Rogue")
_TAP_LAND_SUBTYPES = ("Gate", "Desert", "Cave", "Forest", "Island", "Mountain", "Plains", "Swamp")
_TAP_ARTIFACT_SUBTYPES = ("Food", "Treasure", "Clue", "Blood", "Powerstone", "Equipment", "Vehicle")
_TAP_SINGULAR = {"creatures": "creature", "artifacts": "artifact", "lands": "land",
                 "Elves": "Elf", "Allies": "Ally", "Dwarves": "Dwarf", "Faeries": "Faerie",
                 "Fungi": "Fungus", "Plains": "Plains"}


@template("cost.remove_any_counters", "cost",
          r"Remove (?:any number of|X|(?P<one>one or more)) (?P<c>[a-z+][\w+/-]*) counters from ~",
          '"remove_any_counters": "storage" (with PRODUCE {"for_each": {"mana": "{B}", '
          '"counters_removed": "storage"}}: the player chooses how many; "one or more": also '
          '"remove_at_least": 1)', "CR 122.8, 602.5a, 107.1, 118.3",
          "Fountain of Cho: {T}, Remove any number of storage counters from this land: Add {W} for "
          "each storage counter removed this way; Rasputin, the Oneiromancer: Remove one or more "
          "dream counters (at least one: the choices start at 1)")
def _c_counters_any(m: re.Match[str], ctx: Ctx) -> Any:
    # 118.3: "one or more" can't be paid by removing none (found by probe16c: Rasputin's ability
    # was legal with no dream counter on it)
    return {"remove_any_counters": m["c"], **({"remove_at_least": 1} if m["one"] else {})}


@template("cost.tap_untapped", "cost",
          rf"Tap (?:(?P<n>{NUM})|(?P<another>another)) untapped (?P<sup>legendary )?"
          r"(?P<col>white |blue |black |red |green )?"
          r"(?P<nt>nontoken )?(?P<t>(?!tokens?\b|permanents?\b)[A-Za-z]+) you control",
          '"tap_untapped": {"type": "Creature", "subtypes": ["Elf"], "supertypes": ["Legendary"], '
          '"count": N} (a creature, artifact or land; a creature subtype of a closed list, a Gate '
          'or a basic land type; or one color, "colors": ["U"], or "nontoken": true)',
          "CR 602.5a, 302.6 (not the source's own {T}: summoning sickness does not apply), 105.2, "
          "111.1", "Tap an untapped creature you "
          "control; Tap two untapped Elves you control; Tap an untapped legendary creature you "
          "control; Grand Architect: Tap an untapped blue creature you control; The Cabbage Merchant: "
          'Tap two untapped Foods you control; Network Terminal: Tap another untapped artifact you '
          'control ("other": true, never the source)')
def _c_tap_untapped(m: re.Match[str], ctx: Ctx) -> Any:
    n = _num(m["n"]) if m["n"] else 1
    w = m["t"]
    if n > 1:
        if w in _TAP_SINGULAR:
            w = _TAP_SINGULAR[w]
        elif w.endswith("s") and not w.endswith(("ies", "ves", "ses")):
            w = w[:-1]
        else:
            raise Refused(f'tapping untapped "{m["t"]}": a plural the importer does not know')
    out: dict[str, Any]
    if w in ("creature", "artifact", "land"):
        out = {"type": w.capitalize()}
    elif w in _TAP_CREATURE_SUBTYPES:
        out = {"type": "Creature", "subtypes": [w]}
    elif w in _TAP_LAND_SUBTYPES:
        out = {"type": "Land", "subtypes": [w]}
    elif w in _TAP_ARTIFACT_SUBTYPES:
        out = {"type": "Artifact", "subtypes": [w]}
    else:
        raise Refused(f'tapping an untapped "{m["t"]}" is not in the card format')
    if m["sup"]:
        if "subtypes" in out:
            raise Refused("a legendary permanent of a subtype is not in the card format")
        out["supertypes"] = ["Legendary"]
    if m["col"] or m["nt"]:
        if "subtypes" in out or "supertypes" in out or (m["col"] and m["nt"]):
            raise Refused("a color or nontoken with a subtype, a supertype or each other: not in "
                          "the card format")
        if m["col"]:
            out["colors"] = [COLOR_WORDS[m["col"].strip()]]  # 105.2
        else:
            out["nontoken"] = True  # 111.1
    out["count"] = n
    if m["another"]:
        out["other"] = True
    return {"tap_untapped": out}


@template("cost.tap_untapped_any", "cost",
          rf"Tap (?P<n>{NUM}) untapped (?:(?P<a>artifact|creature|land) or (?P<b>artifact|creature|land)"
          r"|(?P<tok>tokens?)|(?P<sup>legendary )?(?P<perm>permanents?)) you control",
          '"tap_untapped": {"types": ["Artifact", "Creature"], "count": N} (either type) | {"token": '
          'true, "count": N} | {"count": N} (any permanent)', "CR 602.5a, 118.3, 302.6",
          "Citanul Stalwart: {T}, Tap an untapped artifact or creature you control; Baylen: Tap two "
          "untapped tokens you control; Honor-Worn Shaku: Tap an untapped legendary permanent you control")
def _c_tap_untapped_any(m: re.Match[str], ctx: Ctx) -> Any:
    n = _num(m["n"])
    plural = (m["tok"] or m["perm"] or "").endswith("s")
    if m["tok"] or m["perm"]:
        if plural != (n > 1):
            raise Refused("a count and a noun that disagree")
        out: dict[str, Any] = {"token": True} if m["tok"] else {}
        if m["sup"]:
            out["supertypes"] = ["Legendary"]   # Honor-Worn Shaku: "a legendary permanent"
    else:
        if n > 1 or m["a"] == m["b"]:
            raise Refused("several untapped permanents of either type: not in the card format")
        out = {"types": [m["a"].capitalize(), m["b"].capitalize()]}
    out["count"] = n
    return {"tap_untapped": out}


@template("cost.exile_from_graveyard", "cost",
          rf"Exile (?P<n>{NUM}) (?P<t>creature |land |artifact |instant |sorcery )?cards? from your "
          r"graveyard",
          '"exile_from_graveyard": {"count": N, "type": "Creature"}', "CR 118.3, 406.1",
          "Moorland Haunt: {W}{U}, {T}, Exile a creature card from your graveyard")
def _c_exile_gy(m: re.Match[str], ctx: Ctx) -> Any:
    d: dict[str, Any] = {"count": _num(m["n"])}
    if m["t"]:
        d["type"] = m["t"].strip().capitalize()
    return {"exile_from_graveyard": d}


@template("cost.exile_permanent", "cost",
          r"Exile an? (?P<t>creature|artifact|land|enchantment) you control",
          '"exile_permanent": {"type": "Creature"} (only in a mana ability: one choice per such '
          "permanent its controller controls, as a sacrifice's; `apply` exiles it)",
          "CR 118.3, 406.1", "Food Chain: Exile a creature you control: Add X mana of any one "
          "color, where X is 1 plus the exiled creature's mana value.")
def _c_exile_permanent(m: re.Match[str], ctx: Ctx) -> Any:
    return {"exile_permanent": {"type": m["t"].capitalize()}}


@template("cost.exile_from_hand", "cost",
          rf"Exile (?P<n>{NUM}) (?:(?P<col>white|blue|black|red|green) )?cards? from your hand",
          '"exile_from_hand": {"count": 1} | {"count": 2, "colors": ["U"]} (chosen as discarded '
          "cards are, that many different ones; `apply` exiles them; a color only in an alternative "
          "cost: Force of Will's \"exile a blue card from your hand\", Commandeer's \"exile two blue "
          'cards\", cards other than the spell, 601.2a)',
          "CR 118.3, 406.1", "Cadaverous Bloom: Exile a card from your hand: Add {B}{B} or {G}{G}.; "
          "Force of Will: You may pay 1 life and exile a blue card from your hand rather than pay "
          "this spell's mana cost.; Soul Spike: You may exile two black cards from your hand rather "
          "than pay this spell's mana cost.")
def _c_exile_from_hand(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe31a: "exile two blue cards", Commandeer, Soul Spike, Sunscour, was refused)
    n = _num(m["n"])
    if m["col"]:
        return {"exile_from_hand": {"count": n, "colors": [COLOR_WORDS[m["col"]]]}}
    return {"exile_from_hand": {"count": n}}


@template("cost.mill", "cost", rf"Mill (?P<n>{NUM}) cards?",
          '"mill": N (the top N cards of its controller\'s library go to their graveyard; not '
          "payable with fewer cards in it)", "CR 701.17, 118.3",
          "Deranged Assistant: {T}, Mill a card: Add {C}.")
def _c_mill(m: re.Match[str], ctx: Ctx) -> Any:
    return {"mill": _num(m["n"])}


@template("cost.exert", "cost", r"Exert ~",
          '"exert": true (the source won\'t untap during its controller\'s next untap step: its '
          "`skip_untap` state field; always payable)", "CR 701.43, 118.3",
          "Oasis Ritualist: {T}, Exert this creature: Add two mana of any one color.")
def _c_exert(m: re.Match[str], ctx: Ctx) -> Any:
    return {"exert": True}


@template("cost.discard", "cost", rf"Discard (?P<n>{NUM}) (?P<t>land )?cards?",
          '"discard": {"count": 1} (N different cards: "discard two cards", Cathartic Reunion\'s '
          "additional cost)", "CR 701.9, 602.5a, 118.3", "Discard a card; Cathartic Reunion: As an "
          "additional cost to cast this spell, discard two cards.")
def _c_discard(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe31a: "discard two cards", Cathartic Reunion, was refused)
    d: dict[str, Any] = {"count": _num(m["n"])}
    if m["t"]:
        d["type"] = "Land"
    return {"discard": d}


def ability_zone(cost: dict[str, Any]) -> dict[str, Any]:
    """Move a cost template's ``_zone`` marker ("Exile this card from your hand") to the
    ability: {"zone": "hand"} (CR 113.6k), refusing costs that need the card on the battlefield."""
    zone = cost.pop("_zone", None)
    if zone is None:
        return {}
    bad = [k for k in ("tap", "untap", "sacrifice", "remove_counters", "remove_any_counters",
                       "return_to_hand", "tap_untapped") if k in cost]
    if bad:
        raise Refused(f"a cost paid from the hand with {bad[0]}: not in the card format")
    return {"zone": zone}


def parse_cost(text: str, ctx: Ctx) -> dict[str, Any]:
    """A cost "{1}, {T}, Pay 1 life" -> COST; raises Refused for a part no template matches."""
    cost: dict[str, Any] = {}
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", text.strip())
    prev = ""
    for part in parts:
        p = part.strip()
        # "Remove two pressure counters from this land and sacrifice it": "it" is the object the
        # part before named (~), only then
        if p in ("sacrifice it", "return it to its owner's hand") and "~" in prev:
            p = p.replace(" it", " ~", 1).capitalize().replace("~", "~")
        prev = p
        p = p[:1].upper() + p[1:]  # "pay {1} and return ...": each part reads as a sentence
        # "{1}{T}" written without a comma is not Oracle style, but mana then {T}: split it
        mt = re.fullmatch(rf"({MANA}+)(\{{[TQ]\}})", p)
        pieces = [mt.group(1), mt.group(2)] if mt else [p]
        for piece in pieces:
            out = _match("cost", piece, ctx)
            for k, v in out.items():
                if k in cost:
                    raise Refused(f'cost part "{piece}" repeats {k}')
                cost[k] = v
    return cost


# ---- what a mana ability adds (CR 106, 605) -------------------------------------------------

def _produce_symbols(m: str) -> str:
    s = _mana(m)
    for x in _symbols(s):
        if x not in ("W", "U", "B", "R", "G", "C"):
            raise Refused(f"a mana ability adding {{{x}}} is not in the card format")
    return s


@template("mana.fixed", "mana", rf"Add (?P<m>{COLORED}+)", '{"fixed": "{U}{R}"} (every symbol)',
          "CR 106.1, 605.1a", "{T}: Add {C}{C}.")
def _m_fixed(m: re.Match[str], ctx: Ctx) -> Any:
    return {"fixed": _produce_symbols(m["m"])}


@template("mana.fixed_n", "mana", rf"Add (?P<n>{NUM}) (?P<m>{COLORED})",
          '{"fixed": "{G}{G}{G}{G}{G}{G}"} (the symbol N times)', "CR 106.1, 605.1a",
          "Castle Garenbrig: {2}{G}{G}, {T}: Add six {G}.")
def _m_fixed_n(m: re.Match[str], ctx: Ctx) -> Any:
    n = _num(m["n"])
    if not 1 <= n <= 20:
        raise Refused(f"{n} mana symbols")
    return {"fixed": _produce_symbols(m["m"]) * n}


@template("mana.choice", "mana",
          rf"Add (?P<opts>{COLORED}+(?:, {COLORED}+)*,? or {COLORED}+)",
          '{"choice": ["{R}", "{G}"]} (one option; an option may be several symbols)',
          "CR 106.1, 605.1a", "{T}: Add {R} or {G}.")
def _m_choice(m: re.Match[str], ctx: Ctx) -> Any:
    opts = re.split(r",? or |, ", m["opts"])
    return {"choice": [_produce_symbols(o.strip()) for o in opts if o.strip()]}


@template("mana.any_color", "mana", r"Add (?:one|1) mana of any color",
          '{"any_color": 1}', "CR 106.1a, 605.1a", "{T}: Add one mana of any color; Unknown Event "
          "Shores: {1}, {T}: Add 1 mana of any color.")
def _m_any(m: re.Match[str], ctx: Ctx) -> Any:
    return {"any_color": 1}


@template("mana.any_one_color", "mana", rf"Add (?P<n>{NUM}) mana of any one color",
          '{"any_color": N} (N mana, all of one color)', "CR 106.1a, 605.1a",
          "{T}: Add three mana of any one color.")
def _m_any_one(m: re.Match[str], ctx: Ctx) -> Any:
    return {"any_color": _num(m["n"])}


@template("mana.two_different_colors", "mana",
          r"Add two mana of different colors|Choose two colors\. Add a mana of each of the chosen colors",
          '{"choice": ["{W}{U}", "{W}{B}", ...]} (the ten pairs of two different colors)',
          "CR 106.1a, 605.1a", "Firemind Vessel: {T}: Add two mana of different colors.")
def _m_two_different(m: re.Match[str], ctx: Ctx) -> Any:
    cs = "WUBRG"
    return {"choice": [f"{{{a}}}{{{b}}}" for i, a in enumerate(cs) for b in cs[i + 1:]]}


@template("mana.any_combination", "mana",
          rf"Add (?P<n>{NUM}) mana in any combination of colors",
          '{"any_combination": N}', "CR 106.1a, 605.1a",
          "{T}: Add two mana in any combination of colors.")
def _m_any_comb(m: re.Match[str], ctx: Ctx) -> Any:
    return {"any_combination": _num(m["n"])}


@template("mana.any_combination_of", "mana",
          rf"Add (?P<n>{NUM}) mana in any combination of (?P<ts>{COLORED}(?:, {COLORED})*,? "
          rf"and/or {COLORED})",
          '{"any_combination": N, "types": ["R", "G"]}', "CR 106.1a, 605.1a",
          "{T}: Add two mana in any combination of {R} and/or {G}; Relic of Sauron: Add two mana "
          "in any combination of {U}, {B}, and/or {R}.")
def _m_any_comb_of(m: re.Match[str], ctx: Ctx) -> Any:
    types = [t for t in re.findall(r"\{([WUBRGC])\}", m["ts"])]
    if "C" in types or len(set(types)) != len(types):
        raise Refused("a combination naming colorless or a color twice")
    return {"any_combination": _num(m["n"]), "types": types}


_COUNT_TYPES = {"creature": "Creature", "artifact": "Artifact", "land": "Land",
                "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


@template("mana.for_each", "mana",
          rf"Add (?P<m>{COLORED}+) for each (?P<basic>basic )?(?P<sub>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)?"
          r" ?(?P<t>creature|artifact|land|enchantment|planeswalker)? you control",
          '{"for_each": {"mana": "{G}", "you_control": {"types": ["Creature"], "subtypes": [...], '
          '"supertypes": ["Basic"]}}} (the symbols once per permanent you control that matches)',
          "CR 106.1, 605.1a, 605.3b", "Gaea's Cradle: {T}: Add {G} for each creature you control.")
def _m_for_each(m: re.Match[str], ctx: Ctx) -> Any:
    if not (m["sub"] or m["t"]):
        raise Refused("a count of nothing")
    yc: dict[str, Any] = {}
    if m["t"]:
        yc["types"] = [_COUNT_TYPES[m["t"]]]
    if m["sub"]:
        if " " in m["sub"] and not m["t"]:
            raise Refused(f'"{m["sub"]}": not one subtype')
        yc["subtypes"] = [m["sub"]]
    if m["basic"]:
        yc["supertypes"] = ["Basic"]
    return {"for_each": {"mana": _produce_symbols(m["m"]), "you_control": yc}}


@template("mana.for_each_power", "mana",
          rf"Add (?P<m>{COLORED}+) for each creature (?:you control )?with power (?P<n>{NUM}) or "
          r"greater(?: you control)?",
          '{"for_each": {"mana": "{G}", "you_control": {"types": ["Creature"], "min_power": N}}} '
          "(once per creature you control whose power now is N or more)",
          "CR 106.1, 605.1a, 605.3b, 208.3, 613.4",
          "Leafkin Avenger: {T}: Add {G} for each creature with power 4 or greater you control.")
def _m_for_each_power(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]),
                         "you_control": {"types": ["Creature"], "min_power": _num(m["n"])}}}


# plural nouns of "the number of ... you control" / "for each ... on the battlefield" (only these:
# a plural that isn't listed is refused, never guessed)
_PLURAL_TYPES = {"creatures": "Creature", "artifacts": "Artifact", "lands": "Land",
                 "enchantments": "Enchantment", "planeswalkers": "Planeswalker"}
_PLURAL_SUBTYPES = {"Elves": "Elf", "Allies": "Ally", "Dwarves": "Dwarf", "Wolves": "Wolf",
                    "Plains": "Plains", "Fungi": "Fungus", "Faeries": "Faerie"}


def _count_filter(words: str, plural: bool) -> dict[str, Any]:
    """ "other Gates", "basic Forest", "Elf creature", "artifact" -> a YOU_CONTROL filter (no
    min/max); Refused for anything else."""
    w = words.strip()
    yc: dict[str, Any] = {}
    if w.startswith("other "):
        yc["other"] = True
        w = w[len("other "):]
    if w.startswith("basic "):
        yc["supertypes"] = ["Basic"]
        w = w[len("basic "):]
    parts = w.split()
    if not parts or len(parts) > 2:
        raise Refused(f'"{words}": not a count the card format can say')
    last = parts[-1]
    types_sing = {k[:-1]: v for k, v in _PLURAL_TYPES.items()}
    if plural:
        t = _PLURAL_TYPES.get(last)
    else:
        t = types_sing.get(last)
    sub_word = parts[0] if t is not None and len(parts) == 2 else (last if t is None else None)
    if t is None and len(parts) == 2:
        raise Refused(f'"{words}": not one subtype')
    if t is not None:
        yc["types"] = [t]
    if sub_word is not None:
        if not re.fullmatch(r"[A-Z][a-z]+", sub_word):
            raise Refused(f'"{words}": not a subtype')
        if plural and t is None:
            if sub_word in _PLURAL_SUBTYPES:
                sub_word = _PLURAL_SUBTYPES[sub_word]
            elif re.fullmatch(r"[A-Z][a-z]*[^s]s", sub_word) and not sub_word.endswith(
                    ("ses", "xes", "ies", "ves")):
                sub_word = sub_word[:-1]
            else:
                raise Refused(f'"{words}": a plural the importer does not know')
        yc["subtypes"] = [sub_word]
    return yc


def _count(phrase: str, plural: bool, ctx: Ctx) -> dict[str, Any]:
    """A count: "[the number of] creatures you control", "Elf on the battlefield", "charge counter
    on ~", "~'s power" -> the COUNT fields of a for_each (docs/card-format.md)."""
    ph = phrase.strip()
    m = re.fullmatch(r"~'s (power|toughness)", ph)
    if m:
        pt = ctx.face.power if m.group(1) == "power" else ctx.face.toughness
        if "Creature" not in ctx.face.types or pt is None or not re.fullmatch(r"\d+", pt):
            raise Refused(f"{m.group(1)} of a non-creature or a characteristic-defining "
                          f"{m.group(1)}: not in the card format")
        return {"self": m.group(1)}
    m = re.fullmatch(r"(?:the number of )?(?P<k>[a-z+][\w+/-]*) counters? on ~", ph)
    if m:
        return {"counters": m["k"]}
    if re.fullmatch(r"(?:the number of )?counters? on ~", ph):
        return {"all_counters": True}  # every kind (122.1)
    m = re.fullmatch(r"(?:the number of )?(?P<c>(?:white|blue|black|red|green) )?(?P<t>(?:creature|"
                     r"artifact|land|enchantment|instant|sorcery|planeswalker) )?cards? in your "
                     r"graveyard", ph)
    if m:
        gy: dict[str, Any] = {}
        if m["t"]:
            gy["types"] = [m["t"].strip().capitalize()]
        if m["c"]:
            gy["colors"] = [COLOR_WORDS[m["c"].strip()]]
        return {"in_graveyard": gy}
    m = re.fullmatch(r"(?:the number of )?cards? named ~ in (?P<w>your graveyard|each graveyard|all "
                     r"graveyards)", ph)
    if m:
        gy2: dict[str, Any] = {"named_self": True}
        if m["w"] != "your graveyard":
            gy2["anyone"] = True
        return {"in_graveyard": gy2}
    if re.fullmatch(r"(?:the number of )?cards? in your hand", ph):
        return {"in_hand": True}
    if re.fullmatch(r"(?:the number of )?basic land types among lands you control", ph):
        return {"domain": True}  # 305.6 (domain)
    m = re.fullmatch(r"(?P<w>.+?) you control (?:with (?P<kw>defender|flying|reach|vigilance|"
                     r"trample|haste|deathtouch|lifelink|menace)|(?P<named>named ~)|(?P<ct>of the "
                     r"chosen type))", ph)
    if m:
        yc = _count_filter(m["w"], plural)
        if m["kw"]:
            yc["keywords"] = [m["kw"]]
        elif m["named"]:
            yc["named_self"] = True
        else:
            yc["chosen_type"] = True  # the creature type chosen as the source entered (614.12)
        return {"you_control": yc}
    m = re.fullmatch(r"(?P<tapped>tapped )?(?P<w>.+?) (?P<where>you control|on the battlefield|your "
                     r"opponents control)", ph)
    if m:
        yc = _count_filter(m["w"], plural)
        if m["tapped"]:
            yc["tapped"] = True   # Mana Geyser: "for each tapped land your opponents control"
        if m["where"] == "your opponents control":
            yc["controller"] = "opponents"
            return {"on_battlefield": yc}
        key = "you_control" if m["where"] == "you control" else "on_battlefield"
        return {key: yc}
    raise Refused(f'count "{phrase}" is not in the card format')


@template("mana.for_each_count", "mana",
          rf"Add (?P<m>{COLORED}+) for each (?P<what>(?:[a-z+][\w+/-]* counters? on ~)|"
          r"(?:.+ on the battlefield)|(?:.+ your opponents control))",
          '{"for_each": {"mana": "{G}", "on_battlefield": FILTER}} or {"for_each": {"mana": "{C}", '
          '"counters": "charge"}} (the symbols once per permanent on the battlefield, any '
          "controller, that matches; once per counter of that kind on the source)",
          "CR 106.1, 605.1a, 605.3b, 122.1",
          "Priest of Titania: {T}: Add {G} for each Elf on the battlefield.")
def _m_for_each_count(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]), **_count(m["what"], False, ctx)}}


@template("mana.for_each_removed", "mana",
          rf"Add (?P<m>{COLORED}+) for each (?P<k>[a-z]+) counter removed this way",
          '{"for_each": {"mana": "{B}", "counters_removed": "storage"}} (once per counter the cost '
          "removed: the cost's remove_any_counters)", "CR 106.1, 605.1a, 122.8",
          "Fountain of Cho: Add {W} for each storage counter removed this way.")
def _m_for_each_removed(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]), "counters_removed": m["k"]}}


@template("mana.that_much", "mana", rf"Add that much (?P<m>{COLORED})",
          '{"for_each": {"mana": "{C}", "counters_removed": "dream"}} (once per counter the cost\'s '
          '"Remove one or more ... counters" removed)', "CR 106.1, 605.1a, 122.8",
          "Rasputin, the Oneiromancer: {T}, Remove one or more dream counters from Rasputin: Add "
          "that much {C}.")
def _m_that_much(m: re.Match[str], ctx: Ctx) -> Any:
    c = re.search(r"(?:^|, )Remove (?:one or more|any number of|X) (?P<c>[a-z+][\w+/-]*) counters from ~"
                  r"(?:,|$)", ctx.cost_text)
    if c is None:
        raise Refused('"that much" mana without a cost that removes a chosen number of counters')
    return {"for_each": {"mana": _produce_symbols(m["m"]), "counters_removed": c["c"]}}


@template("mana.reveal_from_hand", "mana",
          rf"Reveal any number of (?P<what>[^.]+?) (?:in|from) your hand\. Add (?P<m>{COLORED}+) for "
          r"each card revealed this way",
          '{"for_each": {"mana": "{C}{C}", "in_hand": {"types": ["Artifact"]} | {"types": ["Creature"], '
          '"min_power": 5} | {"x_in_cost": true}}} (revealing costs nothing: the most there are, the '
          "cards the state lists in the hand)", "CR 701.20a, 106.1, 605.1a",
          "Metalworker: {T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card "
          "revealed this way.")
def _m_reveal_from_hand(m: re.Match[str], ctx: Ctx) -> Any:
    w = m["what"]
    f = re.fullmatch(r"(?P<t>artifact|creature|land|instant|sorcery|enchantment) cards(?: with power "
                     r"(?P<p>\d+) or greater)?|cards with \{X\} in their mana costs?", w)
    if f is None:
        raise Refused(f'revealing "{w}" is not in the card format')
    flt: dict[str, Any] = {}
    if f["t"]:
        flt["types"] = [f["t"].capitalize()]
        if f["p"]:
            flt["min_power"] = int(f["p"])
    else:
        flt["x_in_cost"] = True
    return {"for_each": {"mana": _produce_symbols(m["m"]), "in_hand": flt}}


@template("mana.battery", "mana",
          rf"Add (?P<m>{COLORED}), then add an additional (?P<m2>{COLORED}) for each (?P<k>[a-z]+) "
          r"counter removed this way",
          '{"for_each": {"mana": "{B}", "counters_removed": "charge", "plus": 1}} (once, and once more '
          "per counter removed)", "CR 106.1, 605.1a, 122.8",
          "Black Mana Battery: Add {B}, then add an additional {B} for each charge counter removed "
          "this way.")
def _m_battery(m: re.Match[str], ctx: Ctx) -> Any:
    if m["m"] != m["m2"]:
        raise Refused("two different symbols")
    return {"for_each": {"mana": _produce_symbols(m["m"]), "counters_removed": m["k"], "plus": 1}}


@template("mana.amount_equal_to", "mana",
          rf"Add an amount of (?P<m>{COLORED}) equal to (?P<what>~'s (?:power|toughness)|"
          r"the number of [a-z+][\w+/-]* counters on ~)",
          '{"for_each": {"mana": "{G}", "self": "power"|"toughness"}} (that many; none when it is 0 '
          'or less) or {"for_each": {"mana": "{C}", "counters": "time"}} (one per counter of that '
          "kind on the source)", "CR 106.1, 605.1a, 107.1b, 208.3, 122.1",
          "Viridian Joiner: {T}: Add an amount of {G} equal to this creature's power; Rotating "
          "Fireplace: Add an amount of {C} equal to the number of time counters on this artifact.")
def _m_amount(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]), **_count(m["what"], False, ctx)}}


@template("mana.x_any_one_color", "mana",
          r"Add X mana of any one color, where X is (?:the number of (?P<n>.+)|(?P<pt>~'s "
          r"(?:power|toughness)))",
          '{"for_each": {"any_one_color": true, COUNT}} (X mana, all of one color; COUNT as in '
          "for_each: you_control, on_battlefield, counters, self)", "CR 106.1a, 605.1a, 107.3",
          "Wirewood Channeler: {T}: Add X mana of any one color, where X is the number of Elves "
          "on the battlefield.")
def _m_x_one_color(m: re.Match[str], ctx: Ctx) -> Any:
    count = _count(m["n"], True, ctx) if m["n"] else _count(m["pt"], False, ctx)
    return {"for_each": {"any_one_color": True, **count}}


@template("mana.x_combination_of", "mana",
          rf"Add X mana in any combination of (?P<ts>{COLORED},? and/or {COLORED}), where X is "
          r"(?:the number of (?P<n>.+)|(?P<pt>~'s (?:power|toughness)))",
          '{"for_each": {"any_combination": true, "types": ["G", "W"], COUNT}} (X mana in any '
          "combination of the two colors: one option per split; COUNT as in for_each)",
          "CR 106.1a, 605.1a, 107.3", "Vivi Ornitier: {0}: Add X mana in any combination of {U} "
          "and/or {R}, where X is Vivi Ornitier's power.")
def _m_x_combination_of(m: re.Match[str], ctx: Ctx) -> Any:
    count = _count(m["n"], True, ctx) if m["n"] else _count(m["pt"], False, ctx)
    types = [re.sub(r"[{}]", "", t) for t in re.findall(COLORED, m["ts"])]
    if "C" in types or len(set(types)) != 2:
        raise Refused("a combination of other than two colors")
    return {"for_each": {"any_combination": True, "types": types, **count}}


_DEVOTION = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _amount(phrase: str, ctx: Ctx) -> dict[str, Any]:
    """An amount computed from the state: "the greatest power among other creatures you control",
    "your life total", "your devotion to green", "the number of ...", "~'s power" -> the COUNT
    fields of a for_each (docs/card-format.md); Refused for anything else."""
    ph = phrase.strip()
    m = re.fullmatch(r"the greatest (?P<pt>power|toughness) among (?P<other>other )?creatures you "
                     r"control(?P<ent> that entered this turn)?", ph)
    if m:
        among: dict[str, Any] = {"types": ["Creature"]}
        if m["other"]:
            among["other"] = True
        if m["ent"]:
            among["entered_this_turn"] = True   # the object's entered_turn (Alena, Kessig Trapper)
        return {"greatest": {"of": m["pt"], "among": among}}
    if ph == "your life total":
        return {"life": True}
    m = re.fullmatch(r"your devotion to (?P<c>white|blue|black|red|green)", ph)
    if m:
        return {"devotion": _DEVOTION[m["c"]]}
    if ph.startswith("the number of "):
        return _count(ph[len("the number of "):], True, ctx)
    if ph.startswith("~'s "):
        return _count(ph, False, ctx)
    raise Refused(f'amount "{phrase}" is not in the card format')


@template("mana.sacrificed_amount", "mana",
          rf"Add an amount of (?P<m>{COLORED}) equal to the (?P<how>sacrificed|exiled) (?:creature|artifact|"
          r"permanent)'s (?P<k>mana value|power)|Add X mana of any one color, where X is (?P<plus>1 "
          r"plus )?the (?P<how2>sacrificed|exiled) (?:creature|artifact|permanent)'s (?P<k2>mana "
          r"value|power)",
          '{"for_each": {"mana": "{B}", "sacrificed": "mana_value"|"power"}} or {"for_each": '
          '{"any_one_color": true, "sacrificed": "mana_value", "plus": 1}} (with a cost that '
          "sacrifices a permanent: one option per permanent it may sacrifice, the amount from it; "
          "none when 0; \"the exiled creature's\" with an exile_permanent cost)",
          "CR 118.3, 202.3, 208.3, 608.2h, 106.1a, 605.1a, 406.1",
          "Priest of Yawgmoth: {T}, Sacrifice an artifact: Add an amount of {B} equal to the "
          "sacrificed artifact's mana value.")
def _m_sacrificed(m: re.Match[str], ctx: Ctx) -> Any:
    if (m["how"] or m["how2"]) == "sacrificed":
        if not re.search(r"(?:^|, )Sacrifice (?:a|an|another) ", ctx.cost_text):
            raise Refused("an amount of the sacrificed permanent without a cost that sacrifices one")
    elif not re.search(r"(?:^|, )Exile an? (?:creature|artifact|land|enchantment) you control(?:,|$)",
                       ctx.cost_text):
        raise Refused("an amount of the exiled permanent without a cost that exiles one")
    kind = (m["k"] or m["k2"]).replace(" ", "_")
    if m["m"]:
        return {"for_each": {"mana": _produce_symbols(m["m"]), "sacrificed": kind}}
    fe: dict[str, Any] = {"any_one_color": True, "sacrificed": kind}
    if m["plus"]:
        fe["plus"] = 1
    return {"for_each": fe}


@template("mana.x_removed_plus", "mana",
          rf"Add an amount of (?P<m>{COLORED}) equal to X plus (?P<n>{NUM})",
          '{"for_each": {"mana": "{C}", "counters_removed": "charge", "plus": N} (X the counters '
          "the cost's \"Remove X ... counters\" removes, and N more)", "CR 106.1, 605.1a, 107.3, 122.8",
          "Kyren Toy: {T}, Remove X charge counters from this artifact: Add an amount of {C} "
          "equal to X plus one.")
def _m_x_removed_plus(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]), "counters_removed": _x_removed(ctx),
                         "plus": _num(m["n"])}}


@template("mana.x_one_color_amount", "mana",
          r"Add X mana of any one color, where X is (?P<what>.+)",
          '{"for_each": {"any_one_color": true, COUNT}} (COUNT: "greatest": {"of": "power", '
          '"among": YOU_CONTROL}, "life": true, "devotion": "G", "in_graveyard": {...}, '
          '"in_hand": true, "domain": true, or one of for_each\'s)',
          "CR 106.1a, 605.1a, 107.3, 208.3, 119.1, 700.5",
          "The Legend of Kyoshi: {T}: Add X mana of any one color, where X is the greatest power "
          "among creatures you control; Azor's Gateway: ... where X is your life total.")
def _m_x_one_color_amount(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"any_one_color": True, **_amount(m["what"], ctx)}}


@template("mana.amount_of", "mana",
          rf"Add an amount of (?P<m>{COLORED}) equal to (?P<what>.+)",
          '{"for_each": {"mana": "{G}", COUNT}} (COUNT as in mana.x_one_color_amount)',
          "CR 106.1, 605.1a, 107.1b, 208.3, 700.5",
          "Bighorner Rancher: {T}: Add an amount of {G} equal to the greatest power among "
          "creatures you control; Karametra's Acolyte: ... equal to your devotion to green.")
def _m_amount_of(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]), **_amount(m["what"], ctx)}}


@template("mana.x_combination_amount", "mana",
          r"Add X mana in any combination of colors, where X is (?P<what>.+)",
          '{"for_each": {"any_combination": true, COUNT}} (X mana in any combination of the five '
          "colors: one option per split; COUNT as in mana.x_one_color_amount)",
          "CR 106.1a, 605.1a, 107.3, 208.3, 305.6",
          "Selvala, Heart of the Wilds: {G}, {T}: Add X mana in any combination of colors, where X "
          "is the greatest power among creatures you control.")
def _m_x_combination_amount(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"any_combination": True, **_amount(m["what"], ctx)}}


@template("mana.x_or_x", "mana",
          rf"Add X (?P<a>{COLORED}) or X (?P<b>{COLORED}), where X is (?P<what>.+)",
          '{"for_each": {"any_one_color": true, "types": ["G", "W"], COUNT}} (X mana, all of one '
          "of the two colors)", "CR 106.1a, 605.1a, 107.3",
          "Brigid, Clachan's Heart: {T}: Add X {G} or X {W}, where X is the number of other "
          "creatures you control.")
def _m_x_or_x(m: re.Match[str], ctx: Ctx) -> Any:
    a, b = (re.sub(r"[{}]", "", t) for t in (m["a"], m["b"]))
    if "C" in (a, b) or a == b:
        raise Refused("X of colorless or of one color twice")
    return {"for_each": {"any_one_color": True, "types": [a, b], **_amount(m["what"], ctx)}}


@template("mana.choose_color_amount", "mana",
          r"Choose a color\. Add (?:an amount of mana of that color equal to (?P<what>.+)|one mana "
          r"of that color for each (?P<each>.+))",
          '{"for_each": {"any_one_color": true, COUNT}} ("your devotion to that color": '
          '"devotion": "chosen", the devotion to the color of the mana added)',
          "CR 106.1a, 605.1a, 700.5",
          "Nykthos, Shrine to Nyx: {2}, {T}: Choose a color. Add an amount of mana of that color "
          "equal to your devotion to that color; Astral Cornucopia: Choose a color. Add one mana "
          "of that color for each charge counter on this artifact.")
def _m_choose_color_amount(m: re.Match[str], ctx: Ctx) -> Any:
    if m["what"] == "your devotion to that color":
        return {"for_each": {"any_one_color": True, "devotion": "chosen"}}
    count = _amount(m["what"], ctx) if m["what"] else _count(m["each"], False, ctx)
    return {"for_each": {"any_one_color": True, **count}}


@template("mana.then_add_for_each", "mana",
          rf"Add (?P<m>{COLORED}+), then add (?P<m2>{COLORED}) for each (?P<what>.+)",
          '{"for_each": {"mana": "{R}", COUNT, "plus": 2}} (the first symbols, then the symbol once '
          "per thing counted; the first symbols must repeat it)", "CR 106.1, 608.2h, 201.2",
          "Rite of Flame: Add {R}{R}, then add {R} for each card named Rite of Flame in each "
          "graveyard.")
def _m_then_add_for_each(m: re.Match[str], ctx: Ctx) -> Any:
    first = _symbols(m["m"])
    sym = m["m2"][1:-1]
    if any(x != sym for x in first):
        raise Refused("different symbols added first")
    return {"for_each": {"mana": _produce_symbols(m["m2"]), **_count(m["what"], False, ctx),
                         "plus": len(first)}}


@template("mana.plus_for_each", "mana",
          rf"Add (?P<m>{COLORED}), plus an additional (?P<m2>{COLORED}) for each (?P<what>.+)",
          '{"for_each": {"mana": "{C}", COUNT, "plus": 1}} (once, and once more per thing counted)',
          "CR 106.1, 605.1a, 122.1", "Famous Museum: {T}: Add {C}, plus an additional {C} for each "
          "art counter on Famous Museum.")
def _m_plus_for_each(m: re.Match[str], ctx: Ctx) -> Any:
    if m["m"] != m["m2"]:
        raise Refused("two different symbols")
    return {"for_each": {"mana": _produce_symbols(m["m"]), **_count(m["what"], False, ctx),
                         "plus": 1}}


@template("mana.for_each_any", "mana", rf"Add (?P<m>{COLORED}+) for each (?P<what>.+)",
          '{"for_each": {"mana": "{B}", COUNT}} (COUNT: "in_graveyard": {"types": ["Creature"], '
          '"colors": ["B"]}, "in_hand": true, "all_counters": true, "you_control": {..., '
          '"keywords": ["defender"]} or {..., "named_self": true})', "CR 106.1, 605.1a, 122.1, "
          "404.2, 402.1, 702.3, 201.2",
          "Overgrown Battlement: {T}: Add {G} for each creature you control with defender; Crypt "
          "of Agadeem: {2}, {T}: Add {B} for each black creature card in your graveyard.")
def _m_for_each_any(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"mana": _produce_symbols(m["m"]), **_count(m["what"], False, ctx)}}


def _x_removed(ctx: Ctx) -> str:
    """The kind of counters a "Remove X storage counters from ~" cost removes (the X of "Add X
    mana ..."); Refused when the cost doesn't define X that way."""
    m = re.search(r"(?:^|, )Remove X (?P<c>[a-z+][\w+/-]*) counters from ~(?:,|$)", ctx.cost_text)
    if m is None:
        raise Refused("X mana, with an X its cost doesn't define by removing counters")
    return m["c"]


@template("mana.x_removed_combination", "mana",
          rf"Add X mana in any combination of (?:colors|(?P<ts>{COLORED}(?:, {COLORED})*,? "
          rf"and/or {COLORED}))",
          '{"for_each": {"any_combination": true, "types": ["B", "R"], "counters_removed": '
          '"storage"}} (X the counters the cost removes: one option per X and per split among the '
          "colors)", "CR 106.1a, 605.1a, 107.3, 122.8",
          "Molten Slagheap: {1}, Remove X storage counters from this land: Add X mana in any "
          "combination of {B} and/or {R}.")
def _m_x_removed_comb(m: re.Match[str], ctx: Ctx) -> Any:
    fe: dict[str, Any] = {"any_combination": True, "counters_removed": _x_removed(ctx)}
    if m["ts"]:
        types = re.findall(r"\{([WUBRGC])\}", m["ts"])
        if "C" in types or len(set(types)) != len(types):
            raise Refused("a combination naming colorless or a color twice")
        fe["types"] = types
    return {"for_each": fe}


@template("mana.x_removed_one_color", "mana", r"Add X mana of any one color",
          '{"for_each": {"any_one_color": true, "counters_removed": "ki"}} (X the counters the cost '
          "removes, all of one color)", "CR 106.1a, 605.1a, 107.3, 122.8",
          "Petalmane Baku: {1}, Remove X ki counters from this creature: Add X mana of any one color.")
def _m_x_removed_one(m: re.Match[str], ctx: Ctx) -> Any:
    return {"for_each": {"any_one_color": True, "counters_removed": _x_removed(ctx)}}


@template("mana.or_chosen_color", "mana", rf"Add (?P<m>{COLORED}) or one mana of the chosen color",
          '{"or_chosen_color": "{G}"} (two options; with a replacement "enters_choose": "color")',
          "CR 106.1a, 605.1a, 614.12", "Thriving Grove: {T}: Add {G} or one mana of the chosen "
          "color.")
def _m_or_chosen(m: re.Match[str], ctx: Ctx) -> Any:
    return {"or_chosen_color": _produce_symbols(m["m"])}


@template("mana.chosen_color", "mana", rf"Add (?P<n>{NUM}) mana of the chosen color",
          '{"chosen_color": N} (N mana of that color; with a replacement "enters_choose": "color")',
          "CR 106.1a, 605.1a, 614.12", "{T}: Add one mana of the chosen color; Sunken Citadel: "
          "{T}: Add two mana of the chosen color.")
def _m_chosen(m: re.Match[str], ctx: Ctx) -> Any:
    return {"chosen_color": _num(m["n"])}


@template("mana.exiled_colors", "mana", r"Add one mana of any of the exiled cards?'s? colors",
          '{"exiled_colors": 1} (a color of a card exiled with the source: the state\'s `exiled_with`; none '
          "without one, 106.5)", "CR 106.1, 607.1, 607.2a, 106.5",
          "Chrome Mox: {T}: Add one mana of any of the exiled card's colors.")
def _m_exiled_colors(m: re.Match[str], ctx: Ctx) -> Any:
    return {"exiled_colors": 1}


@template("mana.self_colors", "mana", r"Add one mana of any of ~'s colors",
          '{"self_colors": 1} (one mana of a color of the object that has the ability, now: its '
          "mana cost's or given colors; none when it is colorless)", "CR 105.2, 106.5, 605.1a",
          "Katilda, Dawnhart Prime: Human creatures you control have \"{T}: Add one mana of any "
          "of this creature's colors.\"")
def _m_self_colors(m: re.Match[str], ctx: Ctx) -> Any:
    return {"self_colors": 1}


@template("mana.commander_identity", "mana",
          r"Add one mana of any color in your commander's color identity",
          '{"commander_identity": 1} (one mana of a color of the identity of its controller\'s '
          "commanders, the player's `commanders` state field; none without a commander)",
          "CR 903.4, 903.4f, 106.5, 605.1a",
          "Command Tower: {T}: Add one mana of any color in your commander's color identity.")
def _m_commander(m: re.Match[str], ctx: Ctx) -> Any:
    return {"commander_identity": 1}


@template("mana.color_among", "mana",
          r"Add one mana of any color among (?P<what>[\w ]+?) you control",
          '{"color_among": YOU_CONTROL} (one mana of a color of such a permanent: its mana cost\'s '
          'or given colors; none without one; "creatures and planeswalkers": "any_types")',
          "CR 105.2, 106.5, 605.1a",
          "Plaza of Heroes: {T}: Add one mana of any color among legendary permanents you control; "
          "Mox Amber: ... among legendary creatures and planeswalkers you control.")
def _m_color_among(m: re.Match[str], ctx: Ctx) -> Any:
    what = m["what"]
    yc: dict[str, Any] = {}
    if what.startswith("legendary "):
        yc["supertypes"] = ["Legendary"]
        what = what[len("legendary "):]
    two = re.fullmatch(r"(?P<a>[a-z]+s) and (?P<b>[a-z]+s)", what)
    if two and two["a"] in _PLURAL_TYPES and two["b"] in _PLURAL_TYPES:
        # "legendary creatures and planeswalkers" (Mox Amber): a permanent with either type and
        # the supertype ("legendary" read for both; the planeswalker cards printed since
        # planeswalkers became legendary all are)
        yc["any_types"] = [_PLURAL_TYPES[two["a"]], _PLURAL_TYPES[two["b"]]]
        return {"color_among": yc}
    if what != "permanents":
        yc.update(_count_filter(what, True))
    return {"color_among": yc}


@template("mana.color_among_graveyard", "mana",
          r"(?:Choose a color of a card in your graveyard\. Add one mana of that color|"
          r"Add one mana of any color among (?P<what>[a-z ]+?) cards in your graveyard)",
          '{"color_among_graveyard": {"types": [...], "supertypes": [...]}} (one mana of a color '
          "of a card in its controller's graveyard with every listed type and supertype; none "
          "without one)", "CR 105.2, 106.5, 404.1, 605.1a",
          "Corrupted Grafstone: {T}: Choose a color of a card in your graveyard. Add one mana of "
          "that color; The Grey Havens: ... any color among legendary creature cards in your "
          "graveyard.")
def _m_color_among_graveyard(m: re.Match[str], ctx: Ctx) -> Any:
    gy: dict[str, Any] = {}
    for w in (m["what"] or "").split():
        if w == "legendary":
            gy.setdefault("supertypes", []).append("Legendary")
        elif w in _SPELL_TYPE_WORDS:
            gy.setdefault("types", []).append(_SPELL_TYPE_WORDS[w])
        else:
            raise Refused(f'"{m["what"]} cards": not a kind of card the card format can say')
    return {"color_among_graveyard": gy}


@template("mana.color_of_any_permanent", "mana",
          r"Add one mana of any color that shares a color with a permanent a player controls",
          '{"color_among": {"anyone": true}} (one mana of a color of a permanent any player '
          "controls; none without a colored one)", "CR 105.2, 106.5, 605.1a",
          "Reflective Gate: {T}: Add one mana of any color that shares a color with a permanent a "
          "player controls.")
def _m_color_any_permanent(m: re.Match[str], ctx: Ctx) -> Any:
    return {"color_among": {"anyone": True}}


@template("mana.color_of_a_permanent", "mana",
          r"Choose a color of a permanent you control\. Add one mana of that color",
          '{"color_among": {}} (a color of some permanent its controller controls)',
          "CR 105.2, 106.5, 605.1a",
          "Meteor Crater: {T}: Choose a color of a permanent you control. Add one mana of that color.")
def _m_color_of_permanent(m: re.Match[str], ctx: Ctx) -> Any:
    return {"color_among": {}}


@template("mana.could_produce", "mana",
          r"Add one mana of any (?P<what>type|color) that (?P<whose>a land you control|"
          r"a land an opponent controls|lands you control|lands an opponent controls) could produce",
          '{"could_produce": {"of": "land_you_control"|"land_opponent_controls", '
          '"colors_only": BOOL}}', "CR 106.7", "{T}: Add one mana of any color that a land an "
          "opponent controls could produce.")
def _m_could(m: re.Match[str], ctx: Ctx) -> Any:
    of = "land_opponent_controls" if "opponent" in m["whose"] else "land_you_control"
    return {"could_produce": {"of": of, "colors_only": m["what"].lower() == "color"}}


@template("mana.could_produce_counter_instead", "mana",
          r"Add one mana of any (?P<what>type|color) that a land (?P<whose>you control|an opponent "
          rf"controls) could produce\. If ~ has an? (?P<k>[a-z+][\w+/-]*) counter on it, add (?P<n>{NUM}) "
          r"mana of that (?:type|color) instead",
          '{"if_counter": "+1/+1", "then": {"could_produce": {"of": ..., "colors_only": BOOL, '
          '"amount": N}}, "else": {"could_produce": {"of": ..., "colors_only": BOOL}}} (N mana of '
          "the one type chosen while the source has such a counter as the ability resolves)",
          "CR 106.7, 605.3b, 122.1",
          "Incubation Druid: {T}: Add one mana of any type that a land you control could produce. If "
          "this creature has a +1/+1 counter on it, add three mana of that type instead.")
def _m_could_counter(m: re.Match[str], ctx: Ctx) -> Any:
    of = "land_opponent_controls" if "opponent" in m["whose"] else "land_you_control"
    cp = {"of": of, "colors_only": m["what"] == "color"}
    n = _num(m["n"])
    return {"if_counter": m["k"], "then": {"could_produce": {**cp, "amount": n} if n > 1 else cp},
            "else": {"could_produce": cp}}


@template("mana.could_produce_filtered", "mana",
          r"Add one mana of any (?P<what>type|color) that an? (?P<basic>basic )?(?:land|(?P<sub>[A-Z][a-z]+))"
          r" you control could produce",
          '{"could_produce": {"of": "land_you_control", "subtypes": ["Gate"], "supertypes": '
          '["Basic"], "colors_only": BOOL}}', "CR 106.7",
          "Plaza of Harmony: {T}: Add one mana of any type that a Gate you control could produce.")
def _m_could_filtered(m: re.Match[str], ctx: Ctx) -> Any:
    cp: dict[str, Any] = {"of": "land_you_control", "colors_only": m["what"] == "color"}
    if not (m["basic"] or m["sub"]):
        raise Refused("no filter (mana.could_produce reads this)")
    if m["sub"]:
        cp["subtypes"] = [m["sub"]]
    if m["basic"]:
        cp["supertypes"] = ["Basic"]
    return {"could_produce": cp}


@template("mana.could_produce_sacrificed", "mana",
          r"Add one mana of any (?P<what>type|color) the sacrificed land could produce",
          '{"could_produce": {"of": "sacrificed", "colors_only": BOOL}}', "CR 106.7",
          "Sacrifice a land: Add one mana of any type the sacrificed land could produce.")
def _m_could_sac(m: re.Match[str], ctx: Ctx) -> Any:
    return {"could_produce": {"of": "sacrificed", "colors_only": m["what"].lower() == "color"}}


@template("mana.luck_counter", "mana",
          r"Add \{C\}\. If ~ has a luck counter on it, instead add one mana of any color",
          '{"if_counter": "luck", "then": {"any_color": 1}, "else": {"fixed": "{C}"}}',
          "CR 106.1, 605.1a", "Gemstone Caverns")
def _m_luck(m: re.Match[str], ctx: Ctx) -> Any:
    return {"if_counter": "luck", "then": {"any_color": 1}, "else": {"fixed": "{C}"}}


def _control_condition(part: str) -> dict[str, Any]:
    """ "an Urza's Tower", "four or more creatures", "a creature with power 4 or greater", "an
    artifact", "a Forest" -> a YOU_CONTROL condition; Refused for anything else."""
    m = re.fullmatch(r"an? Urza's (?P<s>[A-Z][\w-]+)", part)
    if m:  # 205.3i: "Urza's" and the other word are both subtypes of the land
        return {"subtypes": ["Urza's", m["s"]], "all_subtypes": True}
    m = re.fullmatch(rf"(?P<n>{NUM}) or more (?P<t>creatures|artifacts|lands|enchantments)", part)
    if m:
        return {"types": [_PLURAL_TYPES[m["t"]]], "min": _num(m["n"])}
    m = re.fullmatch(rf"an? creature with power (?P<n>{NUM}) or greater", part)
    if m:
        return {"types": ["Creature"], "min_power": _num(m["n"])}
    m = re.fullmatch(r"an? (?P<t>artifact|creature|land|enchantment|planeswalker)", part)
    if m:
        return {"types": [_COUNT_TYPES[m["t"]]]}
    m = re.fullmatch(r"an? (?P<s>[A-Z][a-z]+)", part)
    if m:
        return {"subtypes": [m["s"]]}
    raise Refused(f'"if you control {part}" is not in the card format')


def _plain(branch: dict[str, Any]) -> dict[str, Any]:
    if any(k in branch for k in ("if_counter", "if_you_control", "if_state", "for_each",
                                 "any_combination", "chosen_color", "or_chosen_color",
                                 "could_produce")):
        raise Refused("a conditional whose mana is not plain mana")
    return branch


@template("mana.if_you_control_instead", "mana",
          r"Add (?P<a>[^.]+)\. If (?:you control (?P<cond>[^,]+)|(?P<state>you played a land this "
          r"turn|a card is exiled with ~)), add (?P<b>[^.]+) instead",
          '{"if_you_control": [YOU_CONTROL, ...], "then": PRODUCE, "else": PRODUCE} (the second '
          "mana when its controller controls what every condition asks for, as it resolves); "
          '{"if_state": "land_played_this_turn" | "card_exiled_with_it", "then", "else"}',
          "CR 106.1, 605.1a, 605.3b, 205.3i, 305.2, 607.1",
          "Urza's Mine: {T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add "
          "{C}{C} instead; Leafkin Druid: If you control four or more creatures, add {G}{G} instead; "
          "River of Tears: {T}: Add {U}. If you played a land this turn, add {B} instead.")
def _m_if_control(m: re.Match[str], ctx: Ctx) -> Any:
    if m["state"]:
        st = {"you played a land this turn": "land_played_this_turn",
              "a card is exiled with ~": "card_exiled_with_it"}[m["state"]]
        return {"if_state": st, "then": _plain(_match("mana", "Add " + m["b"], ctx)),
                "else": _plain(_match("mana", "Add " + m["a"], ctx))}
    parts = re.split(r" and (?=an? )", m["cond"])
    conds = [_control_condition(p) for p in parts]
    then = _plain(_match("mana", "Add " + m["b"], ctx))
    other = _plain(_match("mana", "Add " + m["a"], ctx))
    return {"if_you_control": conds, "then": then, "else": other}


# ---- sentences after the mana (spend restrictions, riders, activation restrictions) --------

SPELL_TYPE_WORDS = {
    "creature": "Creature", "artifact": "Artifact", "instant": "Instant", "sorcery": "Sorcery",
    "enchantment": "Enchantment", "planeswalker": "Planeswalker", "noncreature": None,
}


_SPELL_TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "instant": "Instant",
                     "sorcery": "Sorcery", "enchantment": "Enchantment",
                     "planeswalker": "Planeswalker", "battle": "Battle", "land": "Land"}
_SOURCE_WORDS = {"artifact": "Artifact", "artifacts": "Artifact", "creature": "Creature",
                 "creatures": "Creature", "land": "Land", "lands": "Land",
                 "enchantment": "Enchantment", "enchantments": "Enchantment",
                 "planeswalker": "Planeswalker", "planeswalkers": "Planeswalker"}


# 205.3m: creature types of more than one word
MULTIWORD_SUBTYPES = ("Time Lord",)


def _spell_alternative(desc: str, ctx: Ctx | None = None) -> dict[str, Any]:
    """ "a legendary creature spell", "Dragon spells", "creature spell of the chosen type" ->
    {"spell": {...}} (all the properties together, CR 106.6)."""
    d = re.sub(r"^(?:a|an) ", "", desc.strip())
    if d == "your commander":  # 903.3: a commander of the player casting it
        return {"spell": {"commander": True}}
    if d == "spell that's one or more colors without {X} in its mana cost":  # Titans' Nest
        return {"spell": {"colored": True, "no_x_in_cost": True}}  # 105.2, 107.3, 202.1
    chosen = d.endswith(" of the chosen type")
    if chosen:
        d = d[: -len(" of the chosen type")]
    spell: dict[str, Any] = {}
    if d.endswith(" with no abilities"):  # Jasmine Boreal of the Seven (113.1)
        d = d[: -len(" with no abilities")]
        spell["no_abilities"] = True
    if d.endswith(" from a graveyard"):  # any graveyard (601.2a)
        d = d[: -len(" from a graveyard")]
        spell["from"] = "graveyard"
    d = d.replace("Time Lord", "Time_Lord")  # 205.3m: a creature type of two words
    q = re.fullmatch(r"(?P<d>.*?spells?) (?:(?P<gy>from your graveyard)|(?P<ex>from exile)|"
                     r"(?P<own>you don't own)|(?P<x>with \{X\} in (?:their|its) mana costs?)|"
                     rf"with mana value (?P<mv>{NUM}) or greater|(?:with|that has) (?P<kw>[a-z]+))", d)
    if q is not None:
        d = q["d"]
        if q["gy"] or q["ex"]:  # 601.2a: the zone it was cast from (400.3: its owner's graveyard)
            spell["from"] = "your_graveyard" if q["gy"] else "exile"
        elif q["own"]:  # 108.3
            spell["not_owned"] = True
        elif q["x"]:  # 107.3, 202.1
            spell["x_in_cost"] = True
        elif q["mv"]:  # 202.3 (paired with x_in_cost: _spell_alternatives)
            spell["min_mana_value"] = _num(q["mv"])
        else:
            if q["kw"] not in KEYWORD_NAMES:
                raise Refused(f'spend restriction "{desc}": "{q["kw"]}" is not a keyword')
            spell["keywords"] = [q["kw"]]  # 702: it has that keyword ability
    m = re.fullmatch(r"(?P<words>.*?) ?spells?", d)
    if m is None:
        raise Refused(f'"{desc}": not a kind of spell the card format can restrict to')
    for w in m["words"].split():
        if w == "legendary":
            spell.setdefault("supertypes", []).append("Legendary")
        elif w in ("multicolored", "colorless"):
            spell[w] = True  # 105.2: its colors (from its mana cost; devoid: none, 702.114a)
        elif w == "kicked":
            spell["kicked"] = True  # 702.33d: its kicker cost paid
        elif w.startswith("non") and w[3:] in _SPELL_TYPE_WORDS:
            # 205.4b: "noncreature", "nonartifact" (Lodestone Golem's "Nonartifact spells cost
            # {1} more to cast"): a spell without that card type
            spell.setdefault("non_types", []).append(_SPELL_TYPE_WORDS[w[3:]])
        elif w in COLOR_WORDS:  # 105.2: "white spells", "black creature spells"
            spell.setdefault("colors", []).append(COLOR_WORDS[w])
        elif w in _SPELL_TYPE_WORDS:
            spell.setdefault("types", []).append(_SPELL_TYPE_WORDS[w])
        elif re.fullmatch(r"[A-Z][a-z]+", w) and w not in ("Spell",):
            spell.setdefault("subtypes", []).append(w)
        elif w == "Time_Lord":
            spell.setdefault("subtypes", []).append("Time Lord")
        else:
            raise Refused(f'spend restriction "{desc}": "{w}" is not in the card format')
    if chosen:
        spell["chosen_type"] = True
    return {"spell": spell}


# "outlaw" (the batch of creature types the term names: "Assassins, Mercenaries, Pirates, Rogues,
# and Warlocks are outlaws", the reminder text of Outlaws of Thunder Junction): one alternative per subtype
OUTLAW_SUBTYPES = ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")


def _spell_alternatives(cast: str, ctx: Ctx | None = None) -> list[dict[str, Any]]:
    """ "instant or sorcery spell" -> two alternatives; "a creature spell of the chosen type or a
    legendary creature spell" -> two; "outlaw spells" -> one per outlaw subtype."""
    cast = re.sub(r"\boutlaw (spells?)\b", lambda m: " or ".join(OUTLAW_SUBTYPES) + " " + m[1], cast)
    # "mana value 5 or greater or ...", "a spell that's one or more colors"
    held = cast.replace(" or greater", " OR_GREATER").replace("one or more", "one OR_MORE")
    parts = [p.replace(" OR_GREATER", " or greater").replace("one OR_MORE", "one or more")
             for p in re.split(r",? and/or |,? or |, (?:and )?| and ", held) if p]
    suffix = re.search(r" (spells?(?: of the chosen type)?)$", parts[-1])
    out = []
    for p in parts:
        if suffix is not None and not re.search(r"spells?\b", p):
            p = f"{p} {suffix.group(1)}"
        out.append(_spell_alternative(p, ctx))
    # 202.3e: a spell's mana value counts its X, so "mana value N or greater" is read only beside
    # an alternative that every spell with {X} of that kind meets ("... or spells with {X} in
    # their mana costs"), and min_mana_value is then decided for spells without {X}.
    for a in out:
        sp = a["spell"]
        if "min_mana_value" in sp and not any(
                "x_in_cost" in b["spell"] and all(sp.get(k) == v for k, v in b["spell"].items()
                                                  if k != "x_in_cost") for b in out):
            raise Refused(f'"{cast}": a mana value restriction without the spells with {{X}} '
                          "beside it (their mana value depends on X, 202.3e)")
    return out


def _ability_alternatives(act: str, spell_subtypes: set[str]) -> list[dict[str, Any]]:
    """ "activate abilities of artifacts" -> [{"ability": {"of_types": ["Artifact"]}}];
    "activate an ability of a Cleric, Rogue, Warrior, or Wizard" -> one alternative per subtype
    (a plural such as "Elementals" only when the spell part names the singular)."""
    m = re.fullmatch(r"activate (?:abilities|an ability)(?: of (?P<art>an? )?(?P<t>[\w, ]+?)"
                     r"(?P<src> sources?)?)?", act)
    if m is None:
        raise Refused(f'spend restriction "{act}" is not in the card format')
    if m["t"] is None:
        return [{"ability": {}}]
    if m["t"] == "outlaw" and m["src"]:  # "abilities of outlaw sources": one per outlaw subtype
        return [{"ability": {"of_subtypes": [w]}} for w in OUTLAW_SUBTYPES]
    mc = re.fullmatch(r"colorless (?P<w>[A-Z][a-z]+)", m["t"])
    if mc and mc["w"] in spell_subtypes:
        # "cast colorless Eldrazi spells or activate abilities of colorless Eldrazi" (Eldrazi
        # Temple): a colorless source (105.2c) with that subtype
        return [{"ability": {"of_subtypes": [mc["w"]], "of_colorless": True}}]
    t = _SOURCE_WORDS.get(m["t"])
    if t is not None:
        return [{"ability": {"of_types": [t]}}]
    words = [w for w in re.split(r",? or |, ", m["t"]) if w]
    out = []
    for w in words:
        if w in MULTIWORD_SUBTYPES and w in spell_subtypes:
            out.append({"ability": {"of_subtypes": [w]}})
            continue
        if not re.fullmatch(r"[A-Z][a-z]+", w):
            raise Refused(f'spend restriction "{act}": abilities of "{m["t"]}" are not in the card '
                          "format")
        if not (m["art"] or m["src"] or w in spell_subtypes):
            if w.endswith("s") and w[:-1] in spell_subtypes:
                w = w[:-1]  # "Elemental spells or activate abilities of Elementals"
            else:
                raise Refused(f'spend restriction "{act}": "{w}" may be a plural')
        out.append({"ability": {"of_subtypes": [w]}})
    return out


# "Spend this mana only to ..." clauses that aren't casting a spell (106.6): what each one is in
# the card format. The ones naming an action mtgasp doesn't model become {"unmodeled": KIND}, an
# alternative that never matches (the mana pays for nothing else through it).
_SPEND_CLAUSES: list[tuple[str, dict[str, Any]]] = [
    (r"activate an ability of a colorless permanent", {"ability": {"of_colorless": True}}),
    (r"activate an ability of a creature source of the chosen type",
     {"ability": {"of_types": ["Creature"], "of_chosen_type": True}}),
    (r"activate an equip ability|activate equip abilities", {"unmodeled": "equip"}),
    (r"activate power-up abilities|activate a power-up ability", {"unmodeled": "power_up"}),
    (r"pay a cost that contains \{C\}", {"cost_has_c": True}),
    (r"pay a disturb cost", {"unmodeled": "disturb"}),
    (r"pay a morph cost", {"unmodeled": "morph_cost"}),
    (r"pay cumulative upkeep costs", {"unmodeled": "cumulative_upkeep"}),
    ((r"(?:pay a mana cost to )?turn (?:a permanent|permanents|creatures|a manifested creature) "
      r"face up"), {"unmodeled": "turn_face_up"}),
    (r"unlock a door", {"unmodeled": "unlock_door"}),
    (r"foretell a card from your hand", {"foretell": True}),
    (r"cast (?:a )?face-down (?:creature )?spells?", {"unmodeled": "face_down_spell"}),
]
_SPEND_CLAUSE_WORDS = (r"face up|face-down|morph cost|disturb cost|cumulative upkeep|power-up|"
                       r"equip abilit|unlock a door|foretell a card|cost that contains \{C\}|"
                       r"ability of a colorless permanent|creature source of the chosen type|"
                       r"Time Lord")


@template("spend.clauses", "mana_rider",
          rf"Spend this mana only to (?=.*(?:{_SPEND_CLAUSE_WORDS}))(?P<alts>.+)",
          '"spend_only": [...] one alternative per clause: "cast ..." as spend.restriction (also '
          '"a Time Lord spell", 205.3m); {"ability": {"of_colorless": true}} ("activate an ability '
          'of a colorless permanent"), {"ability": {"of_types": ["Creature"], "of_chosen_type": '
          'true}} ("... of a creature source of the chosen type"), {"cost_has_c": true} ("pay a '
          'cost that contains {C}"), {"foretell": true} ("foretell a card from your hand", the '
          'special action), {"unmodeled": KIND} for an action mtgasp doesn\'t model (turning a '
          "permanent face up, a face-down spell, a morph, disturb or cumulative upkeep cost, an "
          "equip or power-up ability, unlocking a door): it never matches, so the mana pays for "
          "the other alternatives only (none: for nothing in scope)",
          "CR 106.6, 116.2h, 205.3m, 702.143a",
          "Cultivator Drone: {T}: Add {C}. Spend this mana only to cast a colorless spell, activate "
          "an ability of a colorless permanent, or pay a cost that contains {C}; Overgrown Zealot: "
          "... Spend this mana only to turn permanents face up.")
def _s_clauses(m: re.Match[str], ctx: Ctx) -> Any:
    # a clause begins with its verb after a comma or "or" ("pay a mana cost to turn ..." is one)
    clauses = re.split(r"(?:,(?: or| and)?|,? or| and) (?:to )?"
                       r"(?=(?:cast|activate|pay|unlock|turn|foretell)\b)", m["alts"])
    alts: list[dict[str, Any]] = []
    spell_subtypes: set[str] = set()
    for c in (c.strip().rstrip(",") for c in clauses):
        if not c:
            continue
        known = next((out for rx, out in _SPEND_CLAUSES if re.fullmatch(rx, c)), None)
        if known is not None:
            alts.append(copy.deepcopy(known))
        elif c.startswith("cast "):
            got = _spell_alternatives(c[len("cast "):], ctx)
            spell_subtypes |= {s for a in got for s in a["spell"].get("subtypes", [])}
            alts += got
        elif c.startswith("activate "):
            alts += _ability_alternatives(c, spell_subtypes)
        else:
            raise Refused(f'spend restriction "{c}" is not in the card format')
    return {"spend_only": alts}


@template("spend.uncounterable", "mana_rider",
          r"Spend this mana only to cast (?P<cast>.+?), and that spell can't be countered",
          '"spend_only" as spend.restriction, and "not_performed": [{"kind": "spend_effect", '
          '"text": SENTENCE}] on the ability (still a mana ability: the effect on the spell the '
          "mana is spent on, 106.6, is not modeled: `apply` reports it as not performed when the "
          "mana is made)", "CR 106.6, 605.1a",
          "Cavern of Souls: {T}: Add one mana of any color. Spend this mana only to cast a creature "
          "spell of the chosen type, and that spell can't be countered.")
def _s_uncounterable(m: re.Match[str], ctx: Ctx) -> Any:
    return {"spend_only": _spell_alternatives(m["cast"], ctx),
            **_not_performed("spend_effect", "That spell can't be countered",
                             "that spell can't be countered", ctx)}


@template("spend.not_from_hand", "mana_rider",
          r"This mana can't be spent to cast spells from your hand",
          '"spend_only": [{"not_spell": true}, {"spell": {"not_from_hand": true}}] (anything but '
          "casting a spell, or a spell cast from anywhere but its caster's hand)",
          "CR 106.6, 601.2a",
          "Archaeomancer's Spade: {T}: Add {R}{W}. This mana can't be spent to cast spells from "
          "your hand.")
def _s_not_from_hand(m: re.Match[str], ctx: Ctx) -> Any:
    return {"spend_only": [{"not_spell": True}, {"spell": {"not_from_hand": True}}]}


@template("spend.no_generic", "mana_rider",
          r"This mana can't be spent to pay generic mana costs",
          '"no_generic": true on the PRODUCE (the mana pays only the colored and colorless symbols '
          "of a cost, never its generic mana, {X} or the generic half of {2/W})",
          "CR 106.6, 107.4, 107.4e",
          "The Rebellious Intelligence: {T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay "
          "generic mana costs.")
def _s_no_generic(m: re.Match[str], ctx: Ctx) -> Any:
    return {"no_generic": True}


@template("spend.ability_or_spell", "mana_rider",
          r"Spend this mana only to (?P<act>activate (?:an ability|abilities)) or (?:to )?"
          r"(?P<cast>cast .+)",
          '"spend_only": [{"ability": {}}, {"spell": {...}}] (as spend.restriction, the ability '
          "named first)", "CR 106.6",
          "Automated Artificer: {T}: Add {C}. Spend this mana only to activate an ability or cast "
          "an artifact spell.")
def _s_ability_or_spell(m: re.Match[str], ctx: Ctx) -> Any:
    return {"spend_only": _ability_alternatives(m["act"], set())
            + _spell_alternatives(m["cast"][len("cast "):])}


@template("spend.restriction", "mana_rider",
          r"Spend this mana only to (?:(?P<cast>cast .+?)(?:,? or (?:to )?(?P<act>activate .+))?|"
          r"(?P<act2>activate .+))",
          '"spend_only": [{"spell": {"types": [...], "subtypes": [...], "supertypes": '
          '["Legendary"], "chosen_type": true}}, {"ability": {"of_types": ["Artifact"]}}] (one '
          'alternative per "or"; a spell must have every property of one alternative; also '
          '"from": "your_graveyard" | "exile", "not_owned", "commander" ("cast your commander"), '
          '"keywords" ("a spell with devoid"), "x_in_cost" and "min_mana_value" (only beside an '
          '{X} alternative that takes every spell with {X} of the kind, 202.3e); "outlaw spells", '
          '"abilities of outlaw sources": one alternative per outlaw subtype, Assassin, Mercenary, '
          'Pirate, Rogue, Warlock)',
          "CR 106.6, 202.3, 601.2a, 903.3", "Spend this mana only to cast artifact spells or "
          "activate abilities of artifacts; Troyan, Gutsy Explorer: ... spells with mana value 5 or "
          "greater or spells with {X} in their mana costs; Jeweled Lotus: ... to cast your commander.")
def _s_restriction(m: re.Match[str], ctx: Ctx) -> Any:
    alts: list[dict[str, Any]] = []
    if m["cast"]:
        alts += _spell_alternatives(m["cast"][len("cast "):], ctx)
    act = m["act"] or m["act2"]
    if act:
        subs = {s for a in alts for s in a.get("spell", {}).get("subtypes", [])}
        alts += _ability_alternatives(act, subs)
    return {"spend_only": alts}


@template("spend.not_nonartifact", "mana_rider",
          r"This mana can't be spent to cast (?:a )?nonartifact spells?",
          '"spend_only": [{"spell": {"types": ["Artifact"]}}, {"not_spell": true}] (an artifact '
          "spell, or anything that isn't casting a spell: an ability's cost ...)", "CR 106.6",
          "The Mightstone and Weakstone: {T}: Add {C}{C}. This mana can't be spent to cast "
          "nonartifact spells.")
def _s_not_nonartifact(m: re.Match[str], ctx: Ctx) -> Any:
    return {"spend_only": [{"spell": {"types": ["Artifact"]}}, {"not_spell": True}]}


@template("spend.x", "mana_rider", r"Spend this mana only on costs that (?:include|contain) \{X\}",
          '"spend_only": [{"x": true}]', "CR 106.6, 107.3", "Rosheen Meanderer")
def _s_x(m: re.Match[str], ctx: Ctx) -> Any:
    return {"spend_only": [{"x": True}]}


def _not_performed(kind: str, text: str, eff: str, ctx: Ctx) -> dict[str, Any]:
    """A rider of a mana ability that `apply` doesn't perform: a delayed or reflexive triggered
    ability, or an effect on the spell the mana is spent on. Refused when its effect targets (a
    rider with a target: 605.1a, 605.5a, the reading would be unsure) or adds mana (605.1b: a
    triggered mana ability, never left unperformed)."""
    # the copy's new targets (707.10c), not the rider's own
    own = re.sub(r"(?:\. You|,? and you) may choose new targets for the copy$", "", eff)
    if re.search(r"\btargets?\b", own):
        raise Refused(f'a rider with a target ("{eff}"): 605.1a, 605.5a')
    if _ADDS.search(_unquoted(eff)):
        raise Refused(f'a rider that adds mana ("{eff}"): 605.1b')
    # the sentence as printed, with the face's name for the self reference (201.5)
    return {"not_performed": [{"kind": kind, "text": text.replace("~", ctx.face.name) + "."}]}


@template("spend.trigger_not_modeled", "mana_rider",
          r"(?:When|Whenever) (?:you spend this mana|(?:that|this) mana is spent) to cast "
          r"(?P<what>[^,]+), (?P<eff>.+)",
          '"not_performed": [{"kind": "delayed_trigger", "text": SENTENCE}] on the ability (still a '
          "mana ability: the delayed trigger on spending the mana, an event no rule in scope "
          "produces, is not modeled: `apply` reports it as not performed when the mana is made; "
          "refused when its effect targets or adds mana)",
          "CR 603.7, 603.2, 106.6 (the mana itself is unrestricted), 605.1a",
          "Lapis Orb of Dragonkind: {T}: Add {U}. When you spend this mana to cast a Dragon "
          "creature spell, scry 2.")
def _s_spend_trigger(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("delayed_trigger", m.group(0), m["eff"], ctx)


@template("rider.damage_to_you", "mana_rider", rf"~ deals (?P<n>{NUM}) damage to you",
          '"rider": {"damage_to_you": N} on the ability (still a mana ability)',
          "CR 605.1a, 605.3, 120.3",
          "{T}: Add {W} or {U}. This land deals 1 damage to you.")
def _r_damage(m: re.Match[str], ctx: Ctx) -> Any:
    return {"rider": {"damage_to_you": _num(m["n"])}}


@template("rider.lose_life", "mana_rider", rf"You lose (?P<n>{NUM}) life",
          '"rider": {"lose_life": N} on the ability (still a mana ability)', "CR 605.1a, 119.3",
          "{T}: Add {B}. You lose 1 life.")
def _r_life(m: re.Match[str], ctx: Ctx) -> Any:
    return {"rider": {"lose_life": _num(m["n"])}}


@template("rider.gain_life", "mana_rider", rf"You gain (?P<n>{NUM}) life",
          '"rider": {"gain_life": N} on the ability (still a mana ability)', "CR 605.1a, 119.10",
          "Pristine Talisman: {T}: Add {C}. You gain 1 life.")
def _r_gain(m: re.Match[str], ctx: Ctx) -> Any:
    return {"rider": {"gain_life": _num(m["n"])}}


@template("rider.each_player", "mana_rider",
          rf"Each (?P<who>player|opponent) (?P<what>loses|gains) (?P<n>{NUM}) life",
          '"rider": {"each_player_loses_life": N} | {"each_opponent_gains_life": N} on the ability '
          "(still a mana ability)", "CR 605.1a, 605.3b, 119.3, 102.3",
          "Grove of the Burnwillows: {T}: Add {R} or {G}. Each opponent gains 1 life.")
def _r_each(m: re.Match[str], ctx: Ctx) -> Any:
    key = {("player", "loses"): "each_player_loses_life",
           ("opponent", "gains"): "each_opponent_gains_life"}.get((m["who"], m["what"]))
    if key is None:
        raise Refused(f'"each {m["who"]} {m["what"]} life" is not in the card format')
    return {"rider": {key: _num(m["n"])}}


@template("rider.skip_untap", "mana_rider", r"~ doesn't untap during your next untap step",
          '"rider": {"skip_untap": 1} on the ability (still a mana ability; the object\'s '
          '`skip_untap` state field keeps it tapped in its controller\'s next untap step)',
          "CR 605.1a, 502.3", "Cinder Marsh: {T}: Add {B} or {R}. This land doesn't untap during "
          "your next untap step.")
def _r_skip_untap(m: re.Match[str], ctx: Ctx) -> Any:
    return {"rider": {"skip_untap": 1}}


@template("rider.draw", "mana_rider", rf"Draw (?P<n>{NUM}) cards?",
          '"rider": {"draw": N} on the ability (still a mana ability: 605.1a; drawn as it resolves, '
          '605.3b)', "CR 605.1a, 605.3b, 121.1",
          "Chromatic Sphere: {1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a "
          "card.")
def _r_draw(m: re.Match[str], ctx: Ctx) -> Any:
    return {"rider": {"draw": _num(m["n"])}}


@template("rider.poison", "mana_rider", rf"You get (?P<n>{NUM}) poison counters?",
          '"rider": {"poison": N} on the ability (still a mana ability; `apply` adds N to its '
          "controller's `poison` state field as it resolves)", "CR 605.1a, 605.3b, 122.1f",
          "Noxious Bayou: {T}: Add {B} or {G}. You get a poison counter.")
def _r_poison(m: re.Match[str], ctx: Ctx) -> Any:
    return {"rider": {"poison": _num(m["n"])}}


@template("rider.unless_blessing_lose_life", "mana_rider",
          rf"If you don't have the city's blessing, you lose (?P<n>{NUM}) life",
          '"conditional_rider": {"unless_citys_blessing": true, "lose_life": N} on the ability (still a '
          "mana ability; `apply` takes the life as it resolves unless its controller has the city's "
          "blessing then)", "CR 605.1a, 605.3b, 702.131c", "Temur Elevator: {T}: Add {G}, {U}, or {R}. If "
          "you don't have the city's blessing, you lose 1 life.")
def _r_unless_blessing(m: re.Match[str], ctx: Ctx) -> Any:
    return {"conditional_rider": {"unless_citys_blessing": True, "lose_life": _num(m["n"])}}


@template("rider.if_you_control_gain_life", "mana_rider",
          rf"If you control (?P<other>another )?(?:an? )?(?P<sub>[A-Z][a-z]+)(?: (?P<t>creature|"
          rf"planeswalker|artifact|land|enchantment))?, you gain (?P<n>{NUM}) life",
          '"conditional_rider": {"if_you_control": {"subtypes": ["Nissa"], "types": '
          '["Planeswalker"], "other": true, "min": 1}, "gain_life": N} on the ability (still a mana '
          "ability; `apply` gains the life as it resolves when its controller controls such a "
          "permanent then)", "CR 605.1a, 605.3b, 119.10, 205.3",
          "Avid Reclaimer: {T}: Add {G} or {U}. If you control a Nissa planeswalker, you gain 2 "
          "life; Black Tom Cassidy: ... If you control another Mutant, you gain 1 life.")
def _r_if_control_gain(m: re.Match[str], ctx: Ctx) -> Any:
    yc: dict[str, Any] = {"subtypes": [m["sub"]], "min": 1}
    if m["t"]:
        yc["types"] = [TYPE_WORDS[m["t"]]]
    if m["other"]:
        yc["other"] = True
    return {"conditional_rider": {"if_you_control": yc, "gain_life": _num(m["n"])}}


@template("rider.sacrifice_if_no_counters", "mana_rider",
          r"If there are no (?P<k>[a-z]+) counters on ~, sacrifice it",
          '"sacrifice_if_no_counters": "depletion" on the ability (still a mana ability: `apply` '
          "sacrifices the source as the ability resolves when its cost removed the last such "
          "counter)", "CR 605.1a, 605.3b, 701.21",
          "Hickory Woodlot: {T}, Remove a depletion counter from this land: Add {G}{G}. If there "
          "are no depletion counters on this land, sacrifice it.")
def _r_sac_if_none(m: re.Match[str], ctx: Ctx) -> Any:
    return {"sacrifice_if_no_counters": m["k"]}


@template("rider.put_counters", "mana_rider", rf"Put (?P<n>{NUM}) (?P<k>[a-z+][\w+/-]*) counters? on ~",
          '"put_counters": {"depletion": N} on the ability (still a mana ability; `apply` puts the '
          "counters on the source as it resolves; only with {T} in its cost and no cost removing "
          "that kind)", "CR 605.1a, 605.3b, 122.1",
          "Vulshok Factory: {T}: Add {R}. Put a charge counter on this artifact.")
def _r_put_counters(m: re.Match[str], ctx: Ctx) -> Any:
    return {"put_counters": {m["k"]: _num(m["n"])}}


@template("rider.delayed_draw", "mana_rider",
          rf"Draw (?P<n>{NUM}) cards? at the beginning of the next turn's upkeep",
          '"not_performed": [{"kind": "delayed_trigger", "text": SENTENCE}] on the ability (still a '
          "mana ability: no target, 605.1a; the delayed triggered ability it creates, 603.7, is "
          "not modeled: `apply` reports it as not performed)", "CR 605.1a, 603.7, 603.7c",
          "Barbed Sextant: {1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a "
          "card at the beginning of the next turn's upkeep.")
def _r_delayed_draw(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("delayed_trigger", m.group(0), m.group(0), ctx)


@template("rider.remove_counters", "mana_rider",
          rf"Remove (?P<n>{NUM}) (?P<k>[a-z+][\w+/-]*) counters? from ~",
          '"remove_counters_rider": {"time": N} on the ability (still a mana ability; `apply` removes '
          "up to N such counters from the source as it resolves, as many as it has; only with {T} "
          "in its cost and no cost putting or removing that kind)", "CR 605.1a, 605.3b, 122.1",
          "Temple of Cyclical Time: {T}: Add {U}. Remove a time counter from this land.")
def _r_remove_counters(m: re.Match[str], ctx: Ctx) -> Any:
    return {"remove_counters_rider": {m["k"]: _num(m["n"])}}


@template("rider.next_cast_trigger", "mana_rider",
          r"When you next cast (?P<what>[^,]+?) this turn, (?P<eff>.+)",
          '"not_performed": [{"kind": "delayed_trigger", "text": SENTENCE}] on the ability (still a '
          "mana ability; the delayed triggered ability, 603.7, waits for a cast no state in scope "
          "records: `apply` reports it as not performed; refused when its effect targets or adds "
          "mana)", "CR 605.1a, 603.7, 603.7c, 601.2i",
          "Chocobo Camp: {T}: Add {G}. When you next cast a Bird creature spell this turn, it "
          "enters with an additional +1/+1 counter on it.")
def _r_next_cast(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("delayed_trigger", m.group(0), m["eff"], ctx)


@template("rider.cant_be_countered_this_turn", "mana_rider",
          r"(?P<what>Creature) spells you cast this turn can't be countered",
          '"not_performed": [{"kind": "lasting_effect", "text": SENTENCE}] on the ability (the '
          "continuous effect the ability creates as it resolves, 611.2a, on spells cast later is "
          "not modeled: `apply` reports it as not performed, and a spell that counters such a "
          "spell later still counters it in the states `apply` computes)",
          "CR 611.2a, 611.2c, 101.2",
          "Domri, Anarch of Bolas: [+1]: Add {R} or {G}. Creature spells you cast this turn can't "
          "be countered.")
def _r_cant_be_countered(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("lasting_effect", m.group(0), m.group(0), ctx)


@template("rider.reflexive_trigger", "mana_rider", r"When you do, (?P<eff>.+)",
          '"not_performed": [{"kind": "reflexive_trigger", "text": SENTENCE}] on the ability '
          "(still a mana ability: the reflexive triggered ability, 603.12, is not a mana ability, "
          "605.1b, and goes on the stack later, 603.3; `apply` reports it as not performed; "
          "refused when its effect targets or adds mana)", "CR 605.1a, 603.12, 605.1b, 603.3",
          "Shaun & Rebecca, Agents: {T}: Add {C}. When you do, mill two cards.")
def _r_reflexive(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("reflexive_trigger", m.group(0), m["eff"], ctx)


@template("rider.next_end_step", "mana_rider",
          rf"(?:If this ability has been activated {NUM} or more times this turn, )?"
          r"(?P<eff>[Ss]acrifice (?:~|this creature)|An opponent gains control of ~) at the "
          r"beginning of the next end step",
          '"not_performed": [{"kind": "delayed_trigger", "text": SENTENCE}] on the ability (still a '
          "mana ability: no target, 605.1a; the delayed triggered ability it creates, 603.7, "
          "triggers at the next end step: `apply` reports it as not performed)",
          "CR 605.1a, 603.7, 603.7b",
          "Rainbow Vale: {T}: Add one mana of any color. An opponent gains control of this land at "
          "the beginning of the next end step; Initiates of the Ebon Hand: {1}: Add {B}. If this "
          "ability has been activated four or more times this turn, sacrifice this creature at "
          "the beginning of the next end step.")
def _r_next_end_step(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("delayed_trigger", m.group(0), m["eff"], ctx)


@template("rider.next_untap_step", "mana_rider",
          r"During your next untap step, as you untap your permanents, return ~ to its owner's hand",
          '"not_performed": [{"kind": "untap_step_effect", "text": SENTENCE}] on the ability (still '
          "a mana ability: no target, 605.1a; the effect waits for its controller's next untap "
          "step, 502.3: `apply` reports it as not performed)", "CR 605.1a, 502.3",
          "Undiscovered Paradise: {T}: Add one mana of any color. During your next untap step, as "
          "you untap your permanents, return this land to its owner's hand.")
def _r_next_untap(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("untap_step_effect", m.group(0), m.group(0), ctx)


@template("rider.roll_die", "mana_rider", r"Roll a d(?P<n>\d+)",
          '"not_performed": [{"kind": "die_roll", "text": SENTENCE}] on the ability (still a mana '
          "ability: no target, 605.1a; rolling the die, 706.1, and what triggers on it are not "
          "modeled: `apply` reports it as not performed)", "CR 605.1a, 706.1",
          "Vexing Puzzlebox: {T}: Add one mana of any color. Roll a d20.")
def _r_roll(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("die_roll", m.group(0), m.group(0), ctx)


@template("rider.becomes_that_color", "mana_rider", r"~ becomes that color until end of turn",
          '"not_performed": [{"kind": "lasting_effect", "text": SENTENCE}] on the ability (still a mana '
          "ability; its color change until end of turn, 611.2a, 105.3, is not modeled: `apply` reports it)",
          "CR 605.1a, 611.2a, 105.3", "Foraging Wickermaw: {1}: Add one mana of any color. This creature "
          "becomes that color until end of turn. Activate only once each turn.")
def _r_becomes_color(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("lasting_effect", m.group(0), m.group(0), ctx)


@template("rider.if_spent", "mana_rider",
          r"If (?:(?:that|this) mana is spent (?:on|to cast)|you spend this mana to cast) (?P<what>[^,]+), "
          r"(?P<eff>.+)",
          '"not_performed": [{"kind": "spend_effect", "text": SENTENCE}] on the ability (still a '
          "mana ability; the effect on the spell that mana is spent on, 106.6, is not modeled: "
          "`apply` reports it as not performed when the mana is made; the mana itself is "
          "unrestricted; refused when its effect targets or adds mana)", "CR 605.1a, 106.6",
          "Hall of the Bandit Lord: {T}, Pay 3 life: Add {C}. If that mana is spent on a creature "
          "spell, it gains haste.")
def _r_if_spent(m: re.Match[str], ctx: Ctx) -> Any:
    return _not_performed("spend_effect", m.group(0), m["eff"], ctx)


@template("activate.if_graveyard", "mana_rider",
          rf"Activate only if there are (?P<n>{NUM}) or more cards in your graveyard",
          '"condition": {"graveyard_at_least": N}', "CR 602.5b, 404.2",
          "Barbarian Ring: Activate only if there are seven or more cards in your graveyard.")
def _a_graveyard(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"graveyard_at_least": _num(m["n"])}}


@template("activate.once_each_turn", "mana_rider", r"Activate only once each turn",
          '"once_each_turn": true (the object\'s `activated_this_turn` state field records it)',
          "CR 602.5b", "Mardu Devotee: {1}: Add {R}, {W}, or {B}. Activate only once each turn.")
def _a_once(m: re.Match[str], ctx: Ctx) -> Any:
    return {"once_each_turn": True}


@template("activate.once", "mana_rider", r"Activate only once",
          '"once": true (the object\'s `activated_ever` state field records it)', "CR 602.5b",
          "Gate of the Black Dragon: {3}{B}, {T}: Seek a nonland card. Activate only once.")
def _a_once_ever(m: re.Match[str], ctx: Ctx) -> Any:
    return {"once": True}


@template("activate.sorcery", "mana_rider", r"Activate only as a sorcery", '"timing": "sorcery"',
          "CR 602.5d, 307.1", "Activate only as a sorcery.")
def _a_sorcery(m: re.Match[str], ctx: Ctx) -> Any:
    return {"timing": "sorcery"}


@template("activate.as_instant", "mana_rider", r"Activate only as an instant",
          '"timing": "instant" (any time its controller has priority, 602.5e, 117.1b: so a mana '
          "ability with it isn't activated while a spell is being cast or an ability resolves, "
          "605.3a; it is activated beforehand, its costs paid with the spell still in hand)",
          "CR 602.5e, 117.1b, 605.3a", "Lion's Eye Diamond: ... Activate only as an instant.")
def _a_instant(m: re.Match[str], ctx: Ctx) -> Any:
    return {"timing": "instant"}


_TIMINGS = {"during your turn": "your_turn", "during your upkeep": "your_upkeep",
            "during any upkeep step": "any_upkeep", "during an upkeep step": "any_upkeep",
            "during your turn, before attackers are declared": "before_attackers",
            "during combat": "combat", "during the end of combat step": "end_of_combat",
            "if it's not your turn": "not_your_turn", "during an opponent's turn": "not_your_turn"}


@template("activate.during", "mana_rider",
          r"Activate only (?P<when>during your turn(?:, before attackers are declared)?|"
          r"during your upkeep|during any upkeep step|during an upkeep step|during combat|"
          r"during the end of combat step|if it's not your turn|during an opponent's turn)",
          '"timing": "your_turn"|"your_upkeep"|"any_upkeep"|"before_attackers"|"combat"|'
          '"end_of_combat"|"not_your_turn"',
          "CR 602.5b, 505.1, 506.1, 508.1, 511.1, 102.3", "Activate only during your turn; "
          "Desert: Activate only during the end of combat step; Ghost Town: Activate only if "
          "it's not your turn.")
def _a_during(m: re.Match[str], ctx: Ctx) -> Any:
    return {"timing": _TIMINGS[m["when"]]}


@template("activate.and_only", "mana_rider", r"Activate only (?P<a>.+?) and only (?P<b>.+)",
          "both restrictions (each by its own template; two timings are refused)",
          "CR 602.5b, 602.5d", "Activate only as a sorcery and only once each turn.")
def _a_and_only(m: re.Match[str], ctx: Ctx) -> Any:
    a = _match("mana_rider", "Activate only " + m["a"], ctx)
    b = _match("mana_rider", "Activate only " + m["b"], ctx)
    if set(a) & set(b):
        raise Refused(f'two restrictions of the same kind ("{m["a"]}", "{m["b"]}")')
    return {**a, **b}


@template("activate.if_total_power", "mana_rider",
          rf"Activate only if creatures you control have total power (?P<n>{NUM}) or greater",
          '"condition": {"total_power_at_least": N}', "CR 602.5b, 208.3",
          "Activate only if creatures you control have total power 8 or greater.")
def _a_total_power(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"total_power_at_least": _num(m["n"])}}


@template("activate.if_opponent_lands", "mana_rider",
          rf"Activate only if an opponent controls (?P<n>{NUM}) or more lands",
          '"condition": {"an_opponent_lands_at_least": N}', "CR 602.5b, 102.3",
          "Tectonic Edge: Activate only if an opponent controls four or more lands.")
def _a_opp_lands(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"an_opponent_lands_at_least": _num(m["n"])}}


@template("activate.if_attacked_with", "mana_rider",
          rf"Activate only if you attacked with (?P<n>{NUM}) or more creatures this turn",
          '"condition": {"attacked_with_at_least": N} (the player\'s `attackers_this_turn` state '
          "field)", "CR 602.5b, 508.1",
          "Minas Tirith: Activate only if you attacked with two or more creatures this turn.")
def _a_attacked(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"attacked_with_at_least": _num(m["n"])}}


@template("activate.if_source_is", "mana_rider",
          r"Activate only if ~ is an? (?P<t>creature|artifact|land|enchantment)",
          '"condition": {"source_is": "Creature"}', "CR 602.5b",
          "Flywheel Racer: {T}: Add one mana of any color. Activate only if this permanent is a "
          "creature.")
def _a_source_is(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"source_is": m["t"].capitalize()}}


@template("activate.if_hand", "mana_rider",
          rf"Activate only if you have (?:(?P<none>no) cards|exactly (?P<n>{NUM}) cards?) in hand",
          '"condition": {"hand_at_most": 0} | {"hand_exactly": N}', "CR 602.5b, 402.1",
          "Activate only if you have no cards in hand.")
def _a_hand(m: re.Match[str], ctx: Ctx) -> Any:
    if m["none"]:
        return {"condition": {"hand_at_most": 0}}
    return {"condition": {"hand_exactly": _num(m["n"])}}


@template("activate.if_hand_at_least", "mana_rider",
          rf"Activate only if you have (?P<n>{NUM}) or more cards in (?:your )?hand",
          '"condition": {"hand_at_least": N}', "CR 602.5b, 402.1",
          "Resonating Lute: {T}: Draw a card. Activate only if you have seven or more cards in "
          "your hand.")
def _a_hand_at_least(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"hand_at_least": _num(m["n"])}}


@template("activate.if_counters_on_self", "mana_rider",
          rf"Activate only if (?:there (?:are|is) (?:(?P<none>no)|(?P<n>{NUM}) or more) "
          rf"(?P<k>[a-z+][\w+/-]*) counters? on ~|(?:~|it) has (?:(?P<none2>no)|(?P<n2>{NUM}) or "
          r"more) (?P<k2>[a-z+][\w+/-]*) counters? on it)",
          '"condition": {"counters_on_self": {"counter": "brick", "min": N}} | {"counter": '
          '"charge", "max": 0} (the counters of that kind on the source now)', "CR 602.5b, 122.1",
          "Pyramid of the Pantheon: {T}: Add three mana of any one color. Activate only if there "
          "are three or more brick counters on this artifact; Tablet of Compleation: ... if this "
          "artifact has two or more oil counters on it.")
def _a_counters_on_self(m: re.Match[str], ctx: Ctx) -> Any:
    kind = m["k"] or m["k2"]
    if m["none"] or m["none2"]:
        return {"condition": {"counters_on_self": {"counter": kind, "max": 0}}}
    return {"condition": {"counters_on_self": {"counter": kind, "min": _num(m["n"] or m["n2"])}}}


@template("activate.if_opponent_poison", "mana_rider",
          rf"Activate only if an opponent has (?P<n>{NUM}) or more poison counters",
          '"condition": {"an_opponent_poison_at_least": N} (the player\'s `poison` state field)',
          "CR 602.5b, 122.1f, 102.3",
          "Glistening Sphere: Corrupted — {T}: Add three mana of any one color. Activate only if "
          "an opponent has three or more poison counters.")
def _a_opp_poison(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"an_opponent_poison_at_least": _num(m["n"])}}


@template("activate.if_citys_blessing", "mana_rider", r"Activate only if you have the city's blessing",
          '"condition": {"citys_blessing": true} (the player\'s `citys_blessing` state field, or ten or '
          "more permanents with one that has ascend)", "CR 602.5b, 702.131b-c",
          "Arch of Orazca: {5}, {T}: Draw a card. Activate only if you have the city's blessing.")
def _a_blessing(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"citys_blessing": True}}


@template("activate.if_lands_same_name", "mana_rider",
          rf"Activate only if you control (?P<n>{NUM}) or more lands with the same name",
          '"condition": {"lands_same_name_at_least": N} (N lands its controller controls have one '
          "name)", "CR 602.5b, 201.2",
          "Sceptre of Eternal Glory: {T}: Add three mana of any one color. Activate only if you "
          "control three or more lands with the same name.")
def _a_same_name(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"lands_same_name_at_least": _num(m["n"])}}


@template("activate.cost_reduction", "mana_rider",
          r"This ability costs \{(?P<n>\d+)\} less to activate for each (?P<leg>legendary )?"
          r"(?P<what>[\w' ]+?) you control",
          '"cost_reduction": {"generic": N, "for_each": YOU_CONTROL} (not on a mana ability: the '
          "generic mana of its cost, at most to zero)", "CR 601.2f, 602.2b",
          "Boseiju, Who Endures: This ability costs {1} less to activate for each legendary "
          "creature you control; Voldaren Estate: ... for each Vampire you control.")
def _a_cost_reduction(m: re.Match[str], ctx: Ctx) -> Any:
    yc = _count_filter(m["what"], False)
    if m["leg"]:
        yc["supertypes"] = ["Legendary"]
    return {"cost_reduction": {"generic": int(m["n"]), "for_each": yc}}


@template("activate.if_opponent_more_lands", "mana_rider",
          rf"Activate only if an opponent controls at least (?P<n>{NUM}) more lands than you",
          '"condition": {"an_opponent_more_lands": N} (some one opponent controls at least N more '
          "lands than its controller)", "CR 602.5b, 102.3",
          "Isolated Watchtower: Activate only if an opponent controls at least two more lands than "
          "you.")
def _a_opp_more_lands(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"an_opponent_more_lands": _num(m["n"])}}


@template("activate.if_a_player_hand", "mana_rider",
          rf"Activate only if a player has (?P<n>{NUM}) or fewer cards in hand",
          '"condition": {"a_player_hand_at_most": N} (any player, its controller included)',
          "CR 602.5b, 402.1", "Aclazotz, Deepest Betrayal: Activate only if a player has one or "
          "fewer cards in hand and only as a sorcery.")
def _a_player_hand(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"a_player_hand_at_most": _num(m["n"])}}


@template("activate.if_entered_this_turn", "mana_rider",
          r"Activate only if ~ entered(?: the battlefield)? this turn(?P<basic> or if you control a "
          r"basic land)?",
          '"condition": {"entered_this_turn": true} (the object\'s `entered_turn` state field), with '
          '"you_control": {"types": ["Land"], "supertypes": ["Basic"]} for "or if you control a '
          'basic land" (either one)', "CR 602.5b, 305.1, 205.4",
          "Mirrex: {T}: Add one mana of any color. Activate only if this land entered this turn; "
          "Gleaming Bastion: ... or if you control a basic land.")
def _a_entered(m: re.Match[str], ctx: Ctx) -> Any:
    cond: dict[str, Any] = {"entered_this_turn": True}
    if m["basic"]:
        cond["you_control"] = {"types": ["Land"], "supertypes": ["Basic"], "min": 1}
    return {"condition": cond}


@template("activate.if_you_control_power", "mana_rider",
          rf"Activate only if you control a creature with (?P<pt>power|toughness) (?P<n>{NUM}) or "
          r"greater",
          '"condition": {"you_control": {"types": ["Creature"], "min_power"|"min_toughness": N, '
          '"min": 1}}', "CR 602.5b, 208.3, 613.4", "Ferocious: Activate only if you control a "
          "creature with power 4 or greater; Baxter Building: ... with toughness 4 or greater.")
def _a_control_power(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"you_control": {"types": ["Creature"], f"min_{m['pt']}": _num(m["n"]),
                                          "min": 1}}}


@template("activate.if_you_control_colored", "mana_rider",
          rf"Activate only if you control (?:(?P<n>{NUM}) or more |an? )" + _COLOR_LIST
          + r" permanents?",
          '"condition": {"you_control": {"colors": ["G"], "min": N}} (permanents of any listed '
          "color: their mana cost's or given colors)", "CR 602.5b, 105.2, 202.2",
          "Sapseep Forest: Activate only if you control two or more green permanents.")
def _a_control_colored(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"you_control": {"colors": _color_letters(m["cs"]),
                                          "min": _num(m["n"]) if m["n"] else 1}}}


@template("activate.if_you_control_either", "mana_rider",
          r"Activate only if you control an? (?P<a>[A-Z][a-z]+) or an? (?P<b>[A-Z][a-z]+)",
          '"condition": {"you_control": {"subtypes": ["Plains", "Swamp"], "min": 1}}', "CR 602.5b",
          "Activate only if you control a Plains or a Swamp.")
def _a_control_either(m: re.Match[str], ctx: Ctx) -> Any:
    return {"condition": {"you_control": {"subtypes": [m["a"], m["b"]], "min": 1}}}


TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "land": "Land",
              "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


@template("activate.if_you_control", "mana_rider",
          rf"Activate only if you control (?:(?P<n>{NUM}) or more |an? )(?P<sup>legendary )?"
          r"(?P<t>artifact|creature|land|enchantment|planeswalker|permanent|[A-Z][a-z]+)s?",
          '"condition": {"you_control": {"types": ["Artifact"], "supertypes": ["Legendary"], '
          '"min": N}}', "CR 602.5b, 205.4",
          "Activate only if you control an artifact; Rivendell: Activate only if you control a "
          "legendary creature; Temple of Cultivation: ... ten or more permanents.")
def _a_control(m: re.Match[str], ctx: Ctx) -> Any:
    n = _num(m["n"]) if m["n"] else 1
    t = m["t"]
    yc: dict[str, Any]
    if t == "permanent":  # "ten or more permanents" (Temple of Cultivation): any permanent
        yc = {"min": n}
    elif t.lower() in TYPE_WORDS:
        yc = {"types": [TYPE_WORDS[t.lower()]], "min": n}
    else:
        if m["n"] and m[0].endswith("s") and t != "Plains":
            # 205.3: "five or more Vampires" (Bloodline Keeper) names the subtype Vampire; the
            # plural was kept as the subtype "Vampires", which nothing has (found by probe16c: the
            # ability was never activatable)
            if t + "s" != m[0].rsplit(" ", 1)[-1]:  # "Vampires" matched whole by [A-Z][a-z]+
                t = _PLURAL_SUBTYPES.get(t) or (
                    t[:-1] if re.fullmatch(r"[A-Z][a-z]*[^s]s", t)
                    and not t.endswith(("ses", "xes", "ies", "ves")) else "")
            if not t:
                raise Refused(f'"{m[0]}": a plural the importer does not know')
        yc = {"subtypes": [t], "min": n}
    if m["sup"]:
        yc["supertypes"] = ["Legendary"]
    return {"condition": {"you_control": yc}}


# ---- triggers (CR 603) -----------------------------------------------------------------------

@template("trigger.enters", "trigger", r"When(?:ever)? ~ enters(?: the battlefield)?",
          '{"event": "enters"}; "if": "kicked" | "cast" | "cast_from_hand" for an intervening "if it '
          'was kicked" / "if you cast it [from your hand]" (603.4)', "CR 603.6a, 603.4, 702.33d",
          "When this creature enters")
def _t_enters(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "enters"}


@template("trigger.leaves", "trigger", r"When(?:ever)? ~ leaves the battlefield",
          '{"event": "leaves"}', "CR 603.6c, 603.10a", "When this creature leaves the battlefield")
def _t_leaves(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "leaves"}


@template("trigger.attacks", "trigger", r"Whenever ~ attacks", '{"event": "attacks"}',
          "CR 508.1m, 603.2", "Whenever this creature attacks")
def _t_attacks(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "attacks"}


@template("trigger.upkeep", "trigger", r"At the beginning of your upkeep",
          '{"event": "upkeep", "whose": "you"}', "CR 503.1a, 603.2", "At the beginning of your upkeep")
def _t_upkeep(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "upkeep", "whose": "you"}


@template("trigger.first_main_phase", "trigger",
          r"At the beginning of (?:your (?:first|precombat) main phase|the first main phase of your turn)",
          '{"event": "first_main_phase", "whose": "you"} (505.1a: the precombat main phase of its '
          "controller's turn)", "CR 505.1a, 603.2",
          "Hulking Raptor: At the beginning of your first main phase, add {G}{G}.")
def _t_first_main(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "first_main_phase", "whose": "you"}


@template("trigger.cast_noncreature", "trigger", r"Whenever you cast a noncreature spell",
          '{"event": "cast", "by": "you", "noncreature": true}', "CR 601.2i, 603.2",
          "Whenever you cast a noncreature spell")
def _t_cast_nc(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "cast", "by": "you", "noncreature": True}


@template("trigger.cast_instant_sorcery", "trigger",
          r"Whenever you cast an instant or sorcery spell(?P<h> from your hand)?",
          '{"event": "cast", "by": "you", "spell_types": ["Instant", "Sorcery"], "from": "hand"}',
          "CR 601.2i, 603.2", "Whenever you cast an instant or sorcery spell from your hand")
def _t_cast_is(m: re.Match[str], ctx: Ctx) -> Any:
    t: dict[str, Any] = {"event": "cast", "by": "you", "spell_types": ["Instant", "Sorcery"]}
    if m["h"]:
        t["from"] = "hand"
    return t


@template("trigger.foretell", "trigger", r"Whenever you foretell a card",
          '{"event": "foretell", "by": "you"}', "CR 702.143, 603.2", "Whenever you foretell a card")
def _t_foretell(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "foretell", "by": "you"}


@template("trigger.creature_enters", "trigger",
          rf"Whenever another creature you control(?: with power (?P<p>{NUM}) or greater)? enters"
          r"(?: the battlefield)?",
          '{"event": "creature_enters", "other": true, "controller": "you", "min_power": N}',
          "CR 603.6a", "Whenever another creature you control with power 4 or greater enters")
def _t_creature_enters(m: re.Match[str], ctx: Ctx) -> Any:
    t: dict[str, Any] = {"event": "creature_enters", "other": True, "controller": "you"}
    if m["p"]:
        t["min_power"] = _num(m["p"])
    return t


@template("trigger.enchanted_tapped_for_mana", "trigger",
          r"Whenever enchanted (?:land|Plains|Island|Swamp|Mountain|Forest) is tapped for mana",
          '{"event": "tapped_for_mana", "what": "enchanted"}', "CR 605.1b, 603.2",
          "Whenever enchanted land is tapped for mana")
def _t_ench_tap(m: re.Match[str], ctx: Ctx) -> Any:
    return {"event": "tapped_for_mana", "what": "enchanted"}


@template("trigger.land_is_tapped_for_mana", "trigger",
          r"Whenever an? (?P<t>land|Plains|Island|Swamp|Mountain|Forest) is tapped for mana",
          '{"event": "tapped_for_mana", "what": {"type": "Land", "subtypes": ["Forest"]}, '
          '"by": "any"}', "CR 605.1b, 603.2", "Whenever a Forest is tapped for mana")
def _t_land_is_tapped(m: re.Match[str], ctx: Ctx) -> Any:
    what: dict[str, Any] = {"type": "Land"}
    if m["t"] != "land":
        what["subtypes"] = [m["t"]]
    return {"event": "tapped_for_mana", "what": what, "by": "any"}


@template("trigger.same_name_as_exiled_tapped_for_mana", "trigger",
          r"Whenever a land with the same name as the exiled card is tapped for mana",
          '{"event": "tapped_for_mana", "what": "same_name_as_exiled", "by": "any"} (a land whose card is the '
          "card exiled with the source: the state's exiled_with)", "CR 605.1b, 603.2, 607.2a, 201.2",
          "Extraplanar Lens: Whenever a land with the same name as the exiled card is tapped for mana")
def _t_same_name_exiled(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe32a: the card was refused)
    return {"event": "tapped_for_mana", "what": "same_name_as_exiled", "by": "any"}


@template("trigger.mana_of_the_chosen_color", "trigger",
          r"Whenever (?:an? (?P<basic>basic )?land is tapped for mana|a land's ability causes you to add one "
          r"or more mana) of the chosen color",
          '{"event": "tapped_for_mana", "what": {"type": "Land", "basic": true}, "by": "any", '
          '"of_chosen_color": true} (Gauntlet of Power); {"event": "tapped_for_mana", "what": {"type": '
          '"Land"}, "by": "you", "of_chosen_color": true, "any_mana_ability": true} (Caged Sun): it '
          "triggers only when the mana produced includes the color chosen as its source entered",
          "CR 106.12a, 605.1b, 603.2",
          "Gauntlet of Power: Whenever a basic land is tapped for mana of the chosen color; Caged Sun: "
          "Whenever a land's ability causes you to add one or more mana of the chosen color")
def _t_chosen_color_mana(m: re.Match[str], ctx: Ctx) -> Any:
    if "causes you" in m.group(0):
        return {"event": "tapped_for_mana", "what": {"type": "Land"}, "by": "you",
                "of_chosen_color": True, "any_mana_ability": True}
    what: dict[str, Any] = {"type": "Land"}
    if m["basic"]:
        what["basic"] = True
    return {"event": "tapped_for_mana", "what": what, "by": "any", "of_chosen_color": True}


_BASIC_TYPE = r"(?:Plains|Island|Swamp|Mountain|Forest)"


@template("trigger.land_tapped_for_mana", "trigger",
          rf"Whenever (?P<who>a player|you) taps? an? (?P<t>land|basic land|snow land|nonland permanent|creature|{_BASIC_TYPE}"
          rf"(?:(?:, {_BASIC_TYPE})*,? or {_BASIC_TYPE})?) for mana",
          '{"event": "tapped_for_mana", "what": {"type": "Land", "subtypes": ["Forest"]} | '
          '{"type": "Land", "basic": true} | {"type": "Land", "supertypes": ["Snow"]} | {"non_types": ["Land"]} | '
          '{"type": "Creature"}, "by": '
          '"you"|"any"}', "CR 605.1b, 603.2, 106.12a, 205.4c",
          "Whenever you tap a Forest for mana; Keeper of Progenitus: a Mountain, Forest, or Plains; "
          "Lavaleaper: a basic land; Winter's Night: a snow land; Kinnan, Bonder Prodigy: a nonland "
          "permanent; Leyline of Abundance: a creature")
def _t_land_tap(m: re.Match[str], ctx: Ctx) -> Any:
    what: dict[str, Any] = {"type": "Land"}
    if m["t"].lower() == "creature":
        what = {"type": "Creature"}
    elif m["t"].lower() == "basic land":   # 205.4c: Lavaleaper's "a basic land" (found by probe27a: refused)
        what["basic"] = True
    elif m["t"].lower() == "snow land":   # 205.4a: Winter's Night's "a snow land" (found by probe32a: refused)
        what["supertypes"] = ["Snow"]
    elif m["t"].lower() == "nonland permanent":   # Kinnan, Bonder Prodigy (found by probe27a: refused)
        what = {"non_types": ["Land"]}
    elif m["t"].lower() != "land":   # one basic land type or several ("a Mountain, Forest, or Plains")
        what["subtypes"] = re.findall(_BASIC_TYPE, m["t"])
    return {"event": "tapped_for_mana", "what": what,
            "by": "you" if m["who"].lower() == "you" else "any"}


# ---- effects (after a cost's colon, a trigger's comma, or a spell's paragraph) --------------

@template("effect.add_mana_triggered", "mana_trigger_effect",
          rf"(?:(?:its controller|that player|you) adds?|add) (?:an additional )?(?P<m>{COLORED}+)",
          'triggered mana ability: "mana": {"fixed": "{G}"}', "CR 605.1b, 106.12a",
          "Wild Growth; Groundchuck & Dirtbag: Whenever you tap a land for mana, add {G}")
def _e_add_fixed(m: re.Match[str], ctx: Ctx) -> Any:
    # (without "an additional": Groundchuck & Dirtbag, found by probe28a: refused)
    return {"fixed": _produce_symbols(m["m"])}


@template("effect.add_mana_for_each_triggered", "mana_trigger_effect",
          rf"(?:its controller|that player|you) adds? an additional (?P<m>{COLORED}+) for each "
          r"(?P<what>.+ on the battlefield|.+ you control)",
          'triggered mana ability: "mana": {"for_each": {"mana": "{G}", "on_battlefield": FILTER}} (the '
          "symbols once per permanent that matches, counted as it resolves)",
          "CR 605.1b, 106.12a, 605.4a",
          "Elvish Guidance: its controller adds an additional {G} for each Elf on the battlefield")
def _e_add_for_each(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe29a: refused)
    count = _count(m["what"], False, ctx)
    if not set(count) <= {"on_battlefield", "you_control"}:
        raise Refused(f'"{m["what"]}": a triggered mana ability counts only permanents')
    return {"for_each": {"mana": _produce_symbols(m["m"]), **count}}


@template("effect.add_mana_any_color_triggered", "mana_trigger_effect",
          r"(?:its controller|that player|you) adds? an additional one mana of any color",
          'triggered mana ability: "mana": {"any_color": 1}', "CR 605.1b, 106.12a",
          "Fertile Ground")
def _e_add_any(m: re.Match[str], ctx: Ctx) -> Any:
    return {"any_color": 1}


@template("effect.add_mana_any_combination_triggered", "mana_trigger_effect",
          rf"(?:its controller|that player|you) adds? an additional (?P<n>{NUM}) mana in any combination of colors",
          'triggered mana ability: "mana": {"any_combination": N}', "CR 605.1b, 106.12a, 106.1a",
          "Market Festival: its controller adds an additional two mana in any combination of colors")
def _e_add_any_combination(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe28a: refused; the encodings added N mana of one color for a combination)
    n = _num(m["n"])
    if not 1 <= n <= 12:
        raise Refused("more than 12 mana in any combination: not in the card format")
    return {"any_combination": n}


@template("effect.add_mana_chosen_color_triggered", "mana_trigger_effect",
          r"(?:(?:its controller|that player|you) adds?|add) an additional one mana of (?:that|the chosen) "
          r"color",
          'triggered mana ability: "mana": {"chosen_color": 1} (the color chosen as its source entered)',
          "CR 605.1b, 106.12a, 614.12",
          "Gauntlet of Power: its controller adds an additional one mana of that color")
def _e_add_chosen(m: re.Match[str], ctx: Ctx) -> Any:
    return {"chosen_color": 1}


@template("effect.add_mana_same_type", "mana_trigger_effect",
          r"(?:(?:that player|its controller) adds|add) one (?:additional )?mana of any type that "
          r"(?:land|permanent) produced",
          'triggered mana ability: "mana": {"same_type_as_produced": 1}', "CR 605.1b, 106.12a",
          "Heartbeat of Spring")
def _e_add_same(m: re.Match[str], ctx: Ctx) -> Any:
    return {"same_type_as_produced": 1}


@template("rider.trigger_damage_to_that_player", "mana_trigger_rider",
          rf"~ deals (?P<n>{NUM}) damage to (?:the|that) player",
          '"rider": {"damage_to_that_player": N} on the triggered mana ability (still a mana ability: '
          "the player who tapped the permanent for mana is dealt the damage as it resolves)",
          "CR 605.1b, 605.4a, 120.3a",
          "Overabundance: Whenever a player taps a land for mana, that player adds one mana of any type "
          "that land produced, and this enchantment deals 1 damage to the player.")
def _r_trigger_damage(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe32a: the card was refused)
    return {"damage_to_that_player": _num(m["n"])}


@template("rider.trigger_skip_untap_that_permanent", "mana_trigger_rider",
          r"That (?:land|permanent) doesn't untap during its controller's next untap step",
          '"rider": {"skip_untap_that_permanent": 1} on the triggered mana ability (the permanent tapped '
          "for mana stays tapped in its controller's next untap step)", "CR 605.4a, 502.3",
          "Winter's Night: Whenever a player taps a snow land for mana, that player adds one mana of any "
          "type that land produced. That land doesn't untap during its controller's next untap step.")
def _r_trigger_skip_untap(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe32a: the card was refused)
    return {"skip_untap_that_permanent": 1}


@template("effect.damage", "effect",
          r"~ deals (?P<n>\d+|X) damage to any target(?:\. If ~ was kicked, it deals (?P<k>\d+) "
          r"damage instead)?",
          '{"action": "damage", "amount": N | "X", "target": "any", "kicked_amount": M}',
          "CR 120.3, 702.33, 107.3a", "Lightning Bolt; Blaze: ~ deals X damage to any target")
def _e_damage(m: re.Match[str], ctx: Ctx) -> Any:
    e: dict[str, Any] = {"action": "damage", "amount": _x_amount(m["n"], ctx), "target": "any"}
    if m["k"]:
        e["kicked_amount"] = int(m["k"])
    return e


@template("effect.ping", "effect", r"It deals (?P<n>\d+|X) damage to any target",
          '{"action": "ping", "amount": N | "X", "target": "any"}', "CR 120.3, 107.3a, 107.3m",
          "Walking Ballista; Cinder Elemental: {X}{R}, {T}, Sacrifice this creature: It deals X damage "
          "to any target")
def _e_ping(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "ping", "amount": _x_amount(m["n"], ctx), "target": "any"}


@template("effect.gain_control_until_end_of_turn", "effect",
          r"(?:Gain control of target creature until end of turn\. Untap that creature\. It gains haste until "
          r"end of turn|Untap target creature and gain control of it until end of turn\. That creature gains "
          r"haste until end of turn)",
          '{"action": "gain_control", "target": "creature", "untap": true, "haste": true, "duration": '
          '"end_of_turn"} (`apply`: its controller controls the target creature from now on — the object\'s '
          "`controller`, `controlled_since_turn` and `control_returns_to` — untapped and with haste "
          "(`gained_keywords`), until the cleanup step, when control returns, 514.2)",
          "CR 613.1b, 611.2a, 302.6, 702.10, 514.2",
          "Act of Treason: Gain control of target creature until end of turn. Untap that creature. It gains "
          "haste until end of turn; Threaten: Untap target creature and gain control of it until end of "
          "turn. That creature gains haste until end of turn.")
def _e_gain_control(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "gain_control", "target": "creature", "untap": True, "haste": True,
            "duration": "end_of_turn"}


_ANIMATE_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_ANIMATE_KW = (r"(?:flying|first strike|double strike|vigilance|trample|reach|deathtouch|lifelink|hexproof|"
               r"haste|menace|indestructible|infect|all creature types)")
_ANIMATE_COLOR = r"(?:white|blue|black|red|green)"


@template("effect.become_creature_self", "effect",
          r"(?P<pre>Until end of turn, )?~ becomes an? (?P<p>\d+)/(?P<t>\d+) "
          rf"(?:(?P<colors>{_ANIMATE_COLOR}(?:(?:,| and|, and) {_ANIMATE_COLOR})*) )?"
          r"(?P<subs>(?:[A-Z][\w'-]* )*)(?P<art>artifact )?creature"
          rf"(?: with (?P<kws>{_ANIMATE_KW}(?:(?:,| and|, and) {_ANIMATE_KW})*))?"
          r"(?(pre)| until end of turn)(?:\. It's still an? (?:land|artifact))?",
          '{"action": "become_creature", "power": P, "toughness": T, "types": ["Artifact", "Creature"], '
          '"subtypes": [...], "all_creature_types": true, "colors": ["W", "U"], "keywords": [...], '
          '"duration": "end_of_turn"} (its source, if still on the battlefield as it resolves, becomes a '
          "creature until end of turn, keeping its other types: the object's `animated` field; 302.6: its "
          "{T} and {Q} abilities then need continuous control since its controller's most recent turn "
          "began, unless it has haste)",
          "CR 205.1b, 613.1d, 613.4b, 611.2a, 302.6",
          "Mutavault: {1}: This land becomes a 2/2 creature with all creature types until end of turn. It's "
          "still a land; Celestial Colonnade: Until end of turn, this land becomes a 4/4 white and blue "
          "Elemental creature with flying and vigilance. It's still a land.")
def _e_become_creature(m: re.Match[str], ctx: Ctx) -> Any:
    # 205.1b: "It's still a land" (or "artifact creature" on an artifact): the object keeps its
    # types and gains creature; 613.4b: its base power and toughness become P/T; 613.1d: the colors
    # named replace its colors (none named: unchanged); the keywords are gained until end of turn.
    out: dict[str, Any] = {"action": "become_creature", "power": int(m["p"]), "toughness": int(m["t"]),
                           "types": (["Artifact"] if m["art"] else []) + ["Creature"]}
    subs = m["subs"].split()
    if subs:
        out["subtypes"] = subs
    if m["colors"]:
        out["colors"] = [_ANIMATE_COLORS[c] for c in re.findall(_ANIMATE_COLOR, m["colors"])]
    kws = re.findall(_ANIMATE_KW, m["kws"] or "")
    if "all creature types" in kws:
        out["all_creature_types"] = True
    if any(k != "all creature types" for k in kws):
        out["keywords"] = [k for k in kws if k != "all creature types"]
    out["duration"] = "end_of_turn"
    return out


@template("effect.untap_self", "effect", r"Untap ~",
          '{"action": "untap_self"}', "CR 701.26b, 608.2",
          "Devoted Druid: Put a -1/-1 counter on this creature: Untap this creature.")
def _e_untap_self(m: re.Match[str], ctx: Ctx) -> Any:
    # an ability's "Untap this creature" untaps its source as it resolves (outcomes.lp)
    return {"action": "untap_self"}


@template("effect.counter_spell", "effect", r"Counter target spell",
          '{"action": "counter_spell", "target": "spell"}', "CR 701.6", "Counter target spell.")
def _e_counter(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "counter_spell", "target": "spell"}


@template("effect.destroy_all_creatures", "effect", r"Destroy all creatures",
          '{"action": "destroy_all", "what": "creatures"}', "CR 701.8", "Destroy all creatures.")
def _e_destroy_all(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "destroy_all", "what": "creatures"}


def _flash_what(words: str) -> str:
    """702.8a: "spells", or the card type the spells have ("creature spells": "creature";
    "noncreature spells": "noncreature", the spells without that type, 205.2a)."""
    return "spells" if words == "spells" else words.split()[0]


@template("effect.flash_permission", "effect",
          r"You may cast (?P<what>spells|(?:creature|noncreature|artifact|enchantment|sorcery) spells) this "
          r"turn as though they had flash",
          '{"action": "flash_permission", "what": "spells" | "creature" | "noncreature" | "artifact" | '
          '"enchantment" | "sorcery"}', "CR 702.8a, 307.1, 611.2a",
          "Alchemist's Refuge, Borne Upon a Wind: You may cast spells this turn as though they had flash; "
          "Winding Canyons: You may cast creature spells this turn as though they had flash.")
def _e_flash_permission(m: re.Match[str], ctx: Ctx) -> Any:
    # 702.8a, 611.2a: until the turn ends its controller may cast those spells any time they could
    # cast an instant (the state's `effects`, ended in the cleanup step, 514.2)
    return {"action": "flash_permission", "what": _flash_what(m["what"])}


def _land_mana_type(mana: str, whose: str) -> dict[str, Any]:
    """106.12b, 614.1a: "if ... tap(ped) a land ... for mana, it produces {B} (colorless mana) instead
    of any other type": the type changes, the amount stays."""
    return {"when": {"tapped_for_mana": True, "what": {"type": "Land"}, "controller": whose},
            "result": {"type": "C" if mana == "colorless mana" else mana[1]}}


@template("effect.until_end_of_turn_replace_mana", "effect",
          r"Until end of turn, if you tap a land you control for mana, it produces "
          r"(?P<m>\{[WUBRG]\}|colorless mana) instead of any other type",
          '{"action": "until_end_of_turn", "replace_mana": {"when": {"tapped_for_mana": true, "what": '
          '{"type": "Land"}, "controller": "you"}, "result": {"type": "U"}}}', "CR 106.12b, 614.1a, 611.2a",
          "Deep Water: {U}: Until end of turn, if you tap a land you control for mana, it produces {U} "
          "instead of any other type.")
def _e_until_eot_replace_mana(m: re.Match[str], ctx: Ctx) -> Any:
    # 611.2a: a continuous effect of the resolved ability (the state's `effects`, as Pale Moon's);
    # kept as not modeled, a Forest tapped after it still added {G} (found by probe23d)
    return {"action": "until_end_of_turn", "replace_mana": _land_mana_type(m["m"], "you")}


@template("effect.extra_land_drops", "effect",
          rf"You may play (?:up to )?(?P<n>{NUM}) additional lands? this turn",
          '{"action": "extra_land_drops", "n": N}', "CR 305.2, 305.2a, 611.2a",
          "Explore: You may play an additional land this turn; Summer Bloom: You may play up to "
          "three additional lands this turn.")
def _e_extra_land_drops(m: re.Match[str], ctx: Ctx) -> Any:
    # 305.2: a continuous effect increases the number of lands its controller may play this turn
    # (the resolved spell's effect lasts until the turn ends, 611.2a, 514.2: the state's `effects`)
    return {"action": "extra_land_drops", "n": _num(m["n"])}


@template("effect.draw", "effect", rf"Draw (?P<n>{NUM}|X) cards?",
          '{"action": "draw", "n": N | "X"}', "CR 121.1, 107.3a, 107.3m",
          "Draw a card; Gadwick, the Wizened: When ~ enters, draw X cards.")
def _e_draw(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "draw", "n": _x_amount(m["n"], ctx)}


@template("effect.scry_draw", "effect", rf"Scry (?P<s>\d+), then draw (?P<n>{NUM}) cards?",
          '{"action": "scry_draw", "scry": N, "draw": M}', "CR 701.22, 121.1",
          "Scry 2, then draw two cards.")
def _e_scry_draw(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "scry_draw", "scry": int(m["s"]), "draw": _num(m["n"])}


@template("effect.add_counter_self", "effect", r"Put (?P<n>a|an|one|two|three|X) (?P<c>[+\-\d/]+|[a-z]+) "
          r"counters? on ~", '{"action": "add_counter", "counter": "+1/+1", "n": N}', "CR 122.1",
          "{4}: Put a +1/+1 counter on this creature; {T}: Put a storage counter on this land.")
def _e_add_counter(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "add_counter", "counter": m["c"], "n": _x_amount(m["n"], ctx)}


@template("effect.pump_self", "effect",
          r"~ gets \+(?P<p>\d+)/\+(?P<t>\d+) until end of turn",
          '{"action": "pump", "power": P, "toughness": T, "duration": "end_of_turn"}', "CR 611.2",
          "this creature gets +2/+0 until end of turn")
def _e_pump(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "pump", "power": int(m["p"]), "toughness": int(m["t"]),
            "duration": "end_of_turn"}


@template("effect.pump_target_creature", "effect",
          r"[Tt]arget creature gets \+(?P<p>\d+)/\+(?P<t>\d+) until end of turn",
          '{"action": "pump", "power": P, "toughness": T, "duration": "end_of_turn", "target": "creature"}',
          "CR 611.2a, 601.2c, 608.2b, 514.2",
          "Giant Growth: Target creature gets +3/+3 until end of turn.")
def _e_pump_target(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "pump", "power": int(m["p"]), "toughness": int(m["t"]),
            "duration": "end_of_turn", "target": "creature"}


# 601.2c, 115.1: the qualifiers of "Target ... gains haste" read in full (gain_haste's
# target_filter): "creature you control" (Crimson Mage), "black or green creature" (Rage Weaver),
# "red creature", "colorless creature" (Forerunner of Slaughter), a creature type ("Target Dinosaur",
# Otepec Huntmaster). Any other word ("with power 5 or greater") refuses the effect, which then stays
# a not-modeled effect with its target requirement, as before.
_HASTE_FILTER = re.compile(
    r"(?:(?P<colorless>colorless) |(?P<c1>white|blue|black|red|green)"
    r"(?:(?:, (?P<c2>white|blue|black|red|green))?,? or (?P<c3>white|blue|black|red|green))? )?"
    r"(?:creature|(?P<sub>" + "|".join(_TAP_CREATURE_SUBTYPES) + r"))"
    r"(?: (?P<ctl>you control|an opponent controls|you don't control))?")


def _haste_target_filter(words: str) -> dict[str, Any]:
    m = _HASTE_FILTER.fullmatch(words)
    if m is None:
        raise Refused(f'"target {words}": qualifiers of a target no template reads')
    out: dict[str, Any] = {}
    colors = [COLOR_WORDS[c] for c in (m["c1"], m["c2"], m["c3"]) if c]
    if colors:
        out["colors"] = colors
    if m["colorless"]:
        out["colorless"] = True
    if m["sub"]:
        out["subtypes"] = [m["sub"]]
    if m["ctl"]:
        out["controller"] = "you" if m["ctl"] == "you control" else "opponents"
    return out


@template("effect.gain_haste", "effect",
          r"(?P<who>~|[Tt]arget (?P<filt>(?:(?! gets? )[^.])+?)|Creatures you control) gains? haste until end of turn",
          '{"action": "gain_haste", "duration": "end_of_turn"} (its source) | {..., "target": "creature"} | '
          '{..., "group": "creatures_you_control"} (each creature its controller controls as it resolves, 611.2c) '
          '| {..., "target": "creature", "target_filter": {"controller": "you"|"opponents", "colors": [...], '
          '"colorless": true, "subtypes": [...]}} (a target with qualifiers, 601.2c: Crimson Mage) '
          "(`apply`: the creature, if still on the battlefield — the target, if still legal, 608.2b — has "
          "haste until the cleanup step, the object's `gained_keywords`: its {T} and {Q} abilities may be "
          "activated at once, 302.6)",
          "CR 611.2a, 702.10, 302.6, 601.2c, 608.2b, 514.2",
          "Flinthoof Boar: {R}: This creature gains haste until end of turn.; Goblin Motivator: {T}: Target "
          "creature gains haste until end of turn.; Crashing Drawbridge: {T}: Creatures you control gain "
          "haste until end of turn.; Crimson Mage: {R}: Target creature you control gains haste until end of "
          "turn.")
def _e_gain_haste(m: re.Match[str], ctx: Ctx) -> Any:
    return _haste_effect(m)


def _haste_effect(m: re.Match[str]) -> dict[str, Any]:
    """A gain_haste effect until end of turn for the match's `who` (its source "~", "Creatures you
    control", or "target <filt>": a target creature with the filter read)."""
    out: dict[str, Any] = {"action": "gain_haste", "duration": "end_of_turn"}
    if m["who"].lower() == "creatures you control":
        out["group"] = "creatures_you_control"
    elif m["who"] != "~":
        out["target"] = "creature"
        flt = _haste_target_filter(m["filt"])
        if flt:
            out["target_filter"] = flt
    return out


@template("effect.pump_and_gain_haste", "effect",
          r"(?P<who>~|[Tt]arget (?P<filt>[^.]+?)|[Cc]reatures you control) gets? \+(?P<p>\d+)/\+(?P<t>\d+) and "
          r"gains? haste until end of turn",
          '{"action": "gain_haste", "duration": "end_of_turn", "power": P, "toughness": T} with the '
          '`target`, `target_filter` or `group` of effect.gain_haste (one effect, 608.2c: each creature '
          "it affects gets +P/+T, the object's `pump`, and haste, its `gained_keywords`, until the "
          "cleanup step, 611.2a, 611.2c)",
          "CR 611.2a, 611.2c, 702.10, 302.6, 601.2c, 608.2b, 514.2",
          "Goblin Bushwhacker: creatures you control get +1/+0 and gain haste until end of turn; "
          "Uncanny Speed: Target creature gets +3/+0 and gains haste until end of turn.")
def _e_pump_and_gain_haste(m: re.Match[str], ctx: Ctx) -> Any:
    out = _haste_effect(m)
    out["power"], out["toughness"] = int(m["p"]), int(m["t"])
    return out


@template("effect.add_mana_restricted", "effect",
          r"(?P<add>Add [^.]+)\. (?P<spend>Spend this mana only [^.]+)",
          '{"action": "add_mana", "produce": {..., "spend_only": [...]}} (the restriction stays with the '
          "mana in the pool: the player's restricted_mana)", "CR 106.6, 608.2",
          "Geosurge: Add {R}{R}{R}{R}{R}{R}{R}. Spend this mana only to cast artifact or creature spells.")
def _e_add_mana_restricted(m: re.Match[str], ctx: Ctx) -> Any:
    eff = _e_add_mana(re.match(r"Add (?P<rest>.+)", m["add"]), ctx)  # type: ignore[arg-type]
    extra = _match("mana_rider", m["spend"], ctx)
    if set(extra) != {"spend_only"}:
        raise Refused(f'"{m["spend"]}": not a spend restriction the card format can say')
    eff["produce"] = {**eff["produce"], "spend_only": list(extra["spend_only"])}
    return eff


@template("effect.you_may_add_mana", "effect", r"You may add (?P<rest>[^.]+)",
          '{"action": "add_mana", "produce": PRODUCE} ("you may": `apply` adds it)', "CR 608.2, 106.3",
          "Radha, Heir to Keld: Whenever Radha attacks, you may add {R}{R}.")
def _e_you_may_add(m: re.Match[str], ctx: Ctx) -> Any:
    return _e_add_mana(m, ctx)


@template("effect.remove_all_counters_add_mana", "effect",
          r"Remove all (?P<c>[a-z][\w+/-]*) counters from ~\. Add one mana of any color for each (?P=c) "
          r"counter removed this way",
          '{"action": "add_mana", "produce": {"for_each": {"counters": "charge", "any_combination": true, '
          '"types": ["W", "U", "B", "R", "G"]}}, "remove_all_counters": "charge"} (a triggered ability of a permanent: the counters on it as it '
          "resolves are removed, and that much mana added, each of any color)",
          "CR 122.1, 608.2c, 608.2h, 106.1a, 605.5a",
          "Coalition Relic: At the beginning of your first main phase, remove all charge counters from "
          "this artifact. Add one mana of any color for each charge counter removed this way.")
def _e_remove_all_counters_add_mana(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe32a: the card was refused)
    if not ctx.of_permanent:
        raise Refused("counters removed from a spell")
    return {"action": "add_mana", "produce": {"for_each": {"counters": m["c"], "any_combination": True,
                                                           "types": list("WUBRG")}},
            "remove_all_counters": m["c"]}


@template("effect.add_mana", "effect", r"Add (?P<rest>.+)",
          '{"action": "add_mana", "produce": PRODUCE} (not a mana ability: a spell, or a trigger '
          'that is not from a mana ability)', "CR 605.1b, 605.5, 106.3", "Dark Ritual: Add {B}{B}{B}.")
def _e_add_mana(m: re.Match[str], ctx: Ctx) -> Any:
    produce = _match("mana", "Add " + m["rest"], ctx)
    if "commander_identity" in produce:
        raise Refused("a spell or effect adding mana of a commander's color identity is not in "
                      "the card format")
    fe = produce.get("for_each")
    own = ("counters_removed", "self", "all_counters", "sacrificed") + (() if ctx.of_permanent else ("counters",))
    if fe is not None and ("mana" not in fe or any(k in fe for k in own)
            or fe.get("devotion") == "chosen"):
        # only symbols counted from the state as it resolves (608.2h), not its source's own
        raise Refused("a spell or effect adding mana this way is not in the card format")
    return {"action": "add_mana", "produce": produce}


_TOKEN_COLORS = "|".join(COLOR_WORDS)


@template("effect.create_tokens", "effect",
          rf"Create (?P<n>{NUM}|X) (?P<p>\d+)/(?P<t>\d+) (?P<c>(?:(?:{_TOKEN_COLORS}|colorless)"
          r"(?: and )?)+) (?P<sub>(?:[A-Z][a-z]+ )+)creature tokens?(?: with (?P<kw>[a-z ,]+?))?"
          r"(?P<fore>\. If ~ was foretold, create X of those tokens instead)?",
          '{"action": "create_tokens", "n": N, "token": {...}} (each word after "with" a keyword '
          'ability without a parameter, else the line is not modeled: "with flying for each ...", '
          '"with flying if ...", "with lifelink that are tapped and attacking")', "CR 111.1, 111.4, 702.143",
          "Create two 1/1 blue Bird creature tokens with flying.")
def _e_tokens(m: re.Match[str], ctx: Ctx) -> Any:
    colors = [COLOR_WORDS[w] for w in re.split(r" and ", m["c"]) if w in COLOR_WORDS]
    kws = [k.strip() for k in re.split(r",? and |, ", m["kw"])] if m["kw"] else []
    for k in kws:
        # 111.4: the token has the keyword abilities the effect names, nothing else; the words
        # after "with" that name no keyword are another part of the effect the card format can't
        # say — a condition ("... with flying if there are four or more card types among cards in
        # your graveyard", Descend upon the Sinful), a count ("... for each basic land type among
        # lands you control", Ordered Migration), a delayed creation ("... at the beginning of the
        # next end step", Transluminant, 603.7), "that are tapped and attacking" (Leonin Warleader,
        # 508.3a), "then populate" (701.36), or a keyword's quality ("protection from red", 702.16a,
        # which a token's keyword list can't give): the line is not modeled rather than creating a
        # wrong number of tokens, or tokens the effect doesn't create
        if k not in KEYWORD_NAMES or k in NEEDS_PARAMETER:
            raise Refused(f'"{k}": not a keyword ability a token\'s keyword list can give (111.4)')
    e: dict[str, Any] = {
        "action": "create_tokens", "n": _x_amount(m["n"], ctx),
        "token": {"power": int(m["p"]), "toughness": int(m["t"]), "colors": colors,
                  "types": ["Creature"], "subtypes": m["sub"].split(), "keywords": kws},
    }
    if m["fore"]:
        e["foretold_n"] = "X"
    return e


@template("effect.sacrifice_self_unless", "effect",
          r"Sacrifice ~ unless you sacrifice a (?P<t>creature)",
          '{"action": "sacrifice_self_unless", "sacrifice": {"type": "Creature"}} (a creature only: '
          'effects.lp offers creatures)', "CR 118.12, 701.21a",
          "Contamination: sacrifice this enchantment unless you sacrifice a creature.")
def _e_sac_unless(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "sacrifice_self_unless", "sacrifice": {"type": m["t"].capitalize()}}


@template("effect.look_take_legendary", "effect",
          rf"Look at the top (?P<n>{NUM}) cards of your library\. You may reveal a legendary creature "
          r"card from among them and put it into your hand\. Put the rest on the bottom of your "
          r"library in a random order",
          '{"action": "look_take", "n": N, "what": "legendary_creature"}', "CR 401.4, 608.2d",
          "Kolvori, God of Kinship")
def _e_look_take(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "look_take", "n": _num(m["n"]), "what": "legendary_creature"}


@template("effect.extra_turn", "effect", r"Take an extra turn after this one",
          '{"action": "extra_turn"}', "CR 500.7", "Take an extra turn after this one.")
def _e_extra(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "extra_turn"}


@template("effect.exile_self", "effect", r"Exile ~", '{"action": "exile_self"}', "CR 608.2n",
          "Exile Alrund's Epiphany. (Also beside sentences no template reads: "
          "Step Between Worlds's effects are not_modeled, then exile_self, 608.2c)")
def _e_exile_self(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "exile_self"}


@template("effect.exile_spell_plotted", "effect", r"Exile target spell\. It becomes plotted",
          '{"action": "exile_target_spell_plotted", "target": "spell"}', "CR 702.170",
          "Aven Interrupter")
def _e_plotted(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "exile_target_spell_plotted", "target": "spell"}


@template("effect.return_exiled_to_hand", "effect",
          r"Put the exiled card into its owner's hand",
          '{"action": "return_exiled_to_hand"}', "CR 607.2a, 702.75", "Watcher for Tomorrow")
def _e_return(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "return_exiled_to_hand"}


@template("effect.exile_with_dream_counter", "effect",
          r"Exile that card with a dream counter on it instead of putting it into your graveyard as "
          r"it resolves", '{"action": "exile_with_dream_counter"}', "CR 608.2n, 614.1a",
          "Goliath Daydreamer")
def _e_dream(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "exile_with_dream_counter"}


@template("effect.cast_from_exile_free", "effect",
          r"You may cast a spell from among cards you own in exile with dream counters on them "
          r"without paying its mana cost",
          '{"action": "cast_from_exile_free", "counter": "dream", "owner": "you"}', "CR 118.9",
          "Goliath Daydreamer")
def _e_cast_free(m: re.Match[str], ctx: Ctx) -> Any:
    return {"action": "cast_from_exile_free", "counter": "dream", "owner": "you"}


HIDEAWAY_CONDITIONS: list[tuple[str, Callable[[re.Match[str]], dict[str, Any]]]] = [
    (rf"creatures you control have total power (?P<n>{NUM}) or greater",
     lambda m: {"total_power_at_least": _num(m["n"])}),
    (rf"you attacked with (?P<n>{NUM}) or more creatures this turn",
     lambda m: {"attacked_with_at_least": _num(m["n"])}),
    (rf"a library has (?P<n>{NUM}) or fewer cards in it",
     lambda m: {"a_library_with_at_most": _num(m["n"])}),
    (rf"an opponent was dealt (?P<n>{NUM}) or more damage this turn",
     lambda m: {"opponent_dealt_damage_at_least": _num(m["n"])}),
    (r"each player has no cards in hand", lambda m: {"each_player_hand_empty": True}),
    (rf"you control (?P<n>{NUM}) or more legendary creatures",
     lambda m: {"legendary_creatures_you_control_at_least": _num(m["n"])}),   # Clive's Hideaway
]


@template("effect.play_exiled_free", "effect",
          r"You may play the exiled card without paying its mana cost if (?P<cond>.+)",
          '{"action": "play_exiled_free", "condition": {...}} (the six hideaway conditions of '
          'docs/card-format.md)', "CR 702.75, 118.9", "Mosswort Bridge")
def _e_hideaway(m: re.Match[str], ctx: Ctx) -> Any:
    for rx, build in HIDEAWAY_CONDITIONS:
        mm = re.fullmatch(rx, m["cond"], re.IGNORECASE)
        if mm:
            return {"action": "play_exiled_free", "condition": build(mm)}
    raise Refused(f'hideaway condition "{m["cond"]}" is not in the card format')


# ---- whole lines -----------------------------------------------------------------------------

@template("enters.tapped", "line", r"~ enters?(?: the battlefield)? tapped",
          '{"kind": "replacement", "enters_tapped": true}', "CR 614.1c, 614.12",
          "This land enters tapped.")
def _l_tapped(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True}


@template("enters.instead", "line",
          rf"If ~ would enter, (?P<may>you may )?(?:(?P<sac>sacrifice) (?P<n>{NUM}) (?P<untapped>untapped )?"
          r"(?P<what>lands?|Plains|Islands?|Swamps?|Mountains?|Forests?)|(?P<dis>discard) an? "
          r"(?P<card>land|creature|artifact) card) instead\. If you do, put ~ onto the battlefield\. If "
          r"you don't, put it into its owner's graveyard",
          '{"kind": "replacement", "enters_instead": {"sacrifice_untapped": {"type": "Land", "count": 2}}'
          ' | {"sacrifice_untapped": {"type": "Land", "subtypes": ["Mountain"]}} | {"sacrifice": {"type": '
          '"Land", "subtypes": ["Forest"]}} (tapped or not) | {"discard": {"type": "Land"}}} (apply sacrifices or discards whenever it can, choosing which; otherwise the card '
          "goes to its owner's graveyard)", "CR 614.1c, 614.6, 701.21, 701.9",
          "Lotus Vale: If this land would enter, sacrifice two untapped lands instead. If you do, put "
          "this land onto the battlefield. If you don't, put it into its owner's graveyard.; Mox "
          "Diamond: If this artifact would enter, you may discard a land card instead. ...")
def _l_enters_instead(m: re.Match[str], ctx: Ctx) -> Any:
    if m["sac"]:
        w = m["what"]
        n = _num(m["n"])
        if (n > 1) != w.endswith("s") and w != "Plains":
            raise Refused("a count and a noun that disagree")
        flt: dict[str, Any] = {"type": "Land"}
        if not w.startswith("land"):
            flt["subtypes"] = [w if w == "Plains" else w.rstrip("s")]
        if n > 1:
            flt["count"] = n
        how = "sacrifice_untapped" if m["untapped"] else "sacrifice"
        return {"kind": "replacement", "enters_instead": {how: flt}}
    return {"kind": "replacement", "enters_instead": {"discard": {"type": m["card"].capitalize()}}}


@template("static.enter_untapped", "line",
          r"(?P<what>Lands|Gates|Artifacts|Creatures) you control enter untapped",
          '{"kind": "static", "enter_untapped": {"types": ["Land"], "subtypes": ["Gate"]}} (their own '
          '"enters tapped" doesn\'t apply: the untapped effect applies last, 616.1)', "CR 614.1c, 616.1",
          "Gond Gate: Gates you control enter untapped.")
def _l_enter_untapped(m: re.Match[str], ctx: Ctx) -> Any:
    w = m["what"]
    eu: dict[str, Any] = ({"types": ["Land"], "subtypes": ["Gate"]} if w == "Gates"
                          else {"types": [w[:-1]]})
    return {"kind": "static", "enter_untapped": eu}


@template("enters.day_as_it_enters", "line", r"If it's neither day nor night, it becomes day as ~ enters",
          '{"kind": "not_modeled"} (day and night, 726, change nothing mtgasp answers: no mana, cost, timing, '
          "permission or way of entering depends on them)", "CR 726.2, 614.1c",
          "The Celestus: If it's neither day nor night, it becomes day as The Celestus enters.")
def _l_day(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "not_modeled"}


@template("enters.tapped_if_starting_player", "line", r"If you were the starting player, ~ enters tapped",
          '{"kind": "replacement", "enters_tapped": true, "condition": "starting_player"} (the game\'s '
          "`starting_player`; not given: it enters untapped and `apply` says so)", "CR 614.1c, 103.1",
          "Rising Chicane: If you were the starting player, this land enters tapped.")
def _l_tapped_if_starting(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True, "condition": "starting_player"}


@template("enters.tapped_if_played_from_hand", "line",
          r"~ enters(?: the battlefield)? tapped if it was played from your hand",
          '{"kind": "replacement", "enters_tapped": true, "condition": "played_from_hand"} (only when its '
          "controller played it from their hand, 305.1)", "CR 614.1c, 305.1",
          "Fetching Garden: Fetching Garden enters the battlefield tapped if it was played from your hand.")
def _l_tapped_if_played(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True, "condition": "played_from_hand"}


@template("enters.tapped_choose_color", "line",
          r"~ enters(?: the battlefield)? tapped\. As it enters, choose a color(?: other than "
          r"(?P<not>white|blue|black|red|green))?",
          '{"kind": "replacement", "enters_tapped": true, "enters_choose": "color", "other_than": '
          '"G"}', "CR 614.1c, 614.12",
          "This land enters tapped. As it enters, choose a color other than green.")
def _l_tapped_color(m: re.Match[str], ctx: Ctx) -> Any:
    out = {"kind": "replacement", "enters_tapped": True, "enters_choose": "color"}
    if m["not"]:
        out["other_than"] = COLOR_WORDS[m["not"]]
    return out


@template("enters.tapped_unless_lands", "line",
          rf"~ enters(?: the battlefield)? tapped unless you control (?P<n>{NUM}) or "
          r"(?P<dir>fewer|more) other lands",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"types": '
          '["Land"], "other": true, "max"|"min": N}}}', "CR 614.1c, 614.12",
          "This land enters tapped unless you control two or fewer other lands.")
def _l_tapped_unless_lands(m: re.Match[str], ctx: Ctx) -> Any:
    key = "max" if m["dir"].lower() == "fewer" else "min"
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"you_control": {"types": ["Land"], "other": True, key: _num(m["n"])}}}


@template("enters.tapped_unless_basic_type", "line",
          r"~ enters(?: the battlefield)? tapped unless you control an? (?P<a>Plains|Island|Swamp|"
          r"Mountain|Forest)(?: or an? (?P<b>Plains|Island|Swamp|Mountain|Forest))?",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"types": '
          '["Land"], "subtypes": ["Forest", "Plains"], "other": true, "min": 1}}}',
          "CR 614.1c, 614.12, 305.6", "This land enters tapped unless you control a Forest or a Plains.")
def _l_check(m: re.Match[str], ctx: Ctx) -> Any:
    subs = [m["a"].capitalize()] + ([m["b"].capitalize()] if m["b"] else [])
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"you_control": {"types": ["Land"], "subtypes": subs, "other": True,
                                       "min": 1}}}


@template("enters.tapped_unless_colored", "line",
          r"~ enters(?: the battlefield)? tapped unless you control an? (?P<sup>legendary )?"
          + _COLOR_LIST + r" (?P<t>creature|permanent)",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"colors": '
          '["W", "U", "B"], "types": ["Creature"], "supertypes": ["Legendary"], "other": true, '
          '"min": 1}}} (a permanent of any listed color: its mana cost\'s or given colors)',
          "CR 614.1c, 614.12, 105.2, 202.2",
          "Taiga Stadium: enters tapped unless you control a white, blue, or black permanent; "
          "Argoth, Sanctum of Nature: ... unless you control a legendary green creature.")
def _l_tapped_unless_colored(m: re.Match[str], ctx: Ctx) -> Any:
    yc: dict[str, Any] = {"colors": _color_letters(m["cs"])}
    if m["t"] == "creature":
        yc["types"] = ["Creature"]
    if m["sup"]:
        yc["supertypes"] = ["Legendary"]
    yc.update({"other": True, "min": 1})
    return {"kind": "replacement", "enters_tapped": True, "unless": {"you_control": yc}}


@template("enters.tapped_unless_supertype", "line",
          rf"~ enters(?: the battlefield)? tapped unless you control (?:(?P<n>{NUM}) or more|an?) "
          r"(?P<sup>basic|legendary) (?P<t>land|creature)s?",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"types": '
          '["Land"], "supertypes": ["Basic"], "min": N}}}', "CR 614.1c, 614.12, 205.4",
          "This land enters tapped unless you control two or more basic lands.")
def _l_tapped_unless_super(m: re.Match[str], ctx: Ctx) -> Any:
    n = _num(m["n"]) if m["n"] else 1
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"you_control": {"types": [m["t"].capitalize()],
                                       "supertypes": [m["sup"].capitalize()], "min": n}}}


@template("enters.tapped_if_lands", "line",
          rf"If you control (?P<n>{NUM}) or more other lands, ~ enters(?: the battlefield)? tapped",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"types": '
          '["Land"], "other": true, "max": N-1}}}', "CR 614.1c, 614.12",
          "If you control two or more other lands, this land enters tapped.")
def _l_tapped_if_lands(m: re.Match[str], ctx: Ctx) -> Any:
    n = _num(m["n"])
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"you_control": {"types": ["Land"], "other": True, "max": n - 1}}}


@template("enters.tapped_unless_n_basic_type", "line",
          rf"~ enters(?: the battlefield)? tapped unless you control (?P<n>{NUM}) or more other "
          r"(?P<t>Plains|Islands|Swamps|Mountains|Forests)",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"types": '
          '["Land"], "subtypes": ["Forest"], "other": true, "min": N}}}', "CR 614.1c, 614.12, 305.6",
          "This land enters tapped unless you control three or more other Forests.")
def _l_tapped_unless_n_type(m: re.Match[str], ctx: Ctx) -> Any:
    sub = m["t"] if m["t"] == "Plains" else m["t"][:-1]
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"you_control": {"types": ["Land"], "subtypes": [sub], "other": True,
                                       "min": _num(m["n"])}}}


@template("enters.tapped_unless_opponents", "line",
          rf"~ enters(?: the battlefield)? tapped unless you have (?P<n>{NUM}) or more opponents",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"opponents_at_least": N}}',
          "CR 614.1c, 614.12, 102.2, 102.3",
          "This land enters tapped unless you have two or more opponents.")
def _l_tapped_unless_opps(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"opponents_at_least": _num(m["n"])}}


@template("enters.tapped_unless_low_life", "line",
          rf"~ enters(?: the battlefield)? tapped unless a player has (?P<n>{NUM}) or less life",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"a_player_life_at_most": N}}',
          "CR 614.1c, 614.12, 119.1",
          "This land enters tapped unless a player has 13 or less life.")
def _l_tapped_unless_life(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"a_player_life_at_most": _num(m["n"])}}


@template("enters.tapped_unless_opponents_lands", "line",
          rf"~ enters(?: the battlefield)? tapped unless your opponents control (?P<n>{NUM}) or more "
          r"lands",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"opponents_lands_at_least": N}}',
          "CR 614.1c, 614.12",
          "This land enters tapped unless your opponents control eight or more lands.")
def _l_tapped_unless_opp_lands(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"opponents_lands_at_least": _num(m["n"])}}


@template("enters.tapped_unless_subtypes", "line",
          r"~ enters(?: the battlefield)? tapped unless you control an? (?P<a>Mount|Vehicle|Desert|"
          r"Gate|Cave|Town|Sphere|Locus|Lair) or (?:an? )?(?P<b>Mount|Vehicle|Desert|Gate|Cave|Town|Sphere|"
          r"Locus|Lair)",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"you_control": {"subtypes": '
          '["Mount", "Vehicle"], "min": 1}}}', "CR 614.1c, 614.12, 205.3",
          "This land enters tapped unless you control a Mount or Vehicle.")
def _l_tapped_unless_subs(m: re.Match[str], ctx: Ctx) -> Any:
    subs = [m["a"], m["b"]]
    if ctx.face.subtypes and any(x in ctx.face.subtypes for x in subs):
        raise Refused("the land may count itself: not in the card format")
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"you_control": {"subtypes": subs, "min": 1}}}


@template("enters.tapped_unless_reveal", "line",
          r"As ~ enters(?: the battlefield)?, you may reveal an? (?P<a>Plains|Island|Swamp|Mountain|"
          r"Forest) or (?P<b>Plains|Island|Swamp|Mountain|Forest) card from your hand\. If you "
          r"don't, ~ enters(?: the battlefield)? tapped",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"reveal": {"subtypes": '
          '["Island", "Swamp"]}}} (apply reveals when the hand holds such a card)',
          "CR 614.1c, 614.12, 701.20a",
          "As this land enters, you may reveal an Island or Swamp card from your hand. If you "
          "don't, this land enters tapped.")
def _l_tapped_unless_reveal(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"reveal": {"subtypes": [m["a"], m["b"]]}}}


@template("enters.tapped_unless_reveal_type", "line",
          r"As ~ enters(?: the battlefield)?, you may reveal an? (?P<a>[A-Z][a-z]+) card from your "
          r"hand\. If you don't, ~ enters(?: the battlefield)? tapped",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"reveal": {"subtypes": '
          '["Elemental"]}}} (apply reveals when the hand holds such a card)',
          "CR 614.1c, 614.12, 701.20a",
          "Ancient Amphitheater: As this land enters, you may reveal a Giant "
          "card from your hand. If you don't, this land enters tapped.")
def _l_tapped_unless_reveal_type(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"reveal": {"subtypes": [m["a"]]}}}


@template("enters.tapped_unless_reveal_or_control", "line",
          r"As ~ enters(?: the battlefield)?, you may reveal an? (?P<a>[A-Z][a-z]+) card from your "
          r"hand\. ~ enters(?: the battlefield)? tapped unless you revealed an? (?P<b>[A-Z][a-z]+) card "
          r"this way or you control an? (?P<c>[A-Z][a-z]+)",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"reveal": {"subtypes": '
          '["Dragon"]}, "you_control": {"subtypes": ["Dragon"], "other": true}}} (either one)',
          "CR 614.1c, 614.12, 701.20a", "Temple of the Dragon Queen: As this land enters, you may "
          "reveal a Dragon card from your hand. This land enters tapped unless you revealed a "
          "Dragon card this way or you control a Dragon.")
def _l_reveal_or_control(m: re.Match[str], ctx: Ctx) -> Any:
    if not m["a"] == m["b"] == m["c"]:
        raise Refused("a reveal and a control condition of different types")
    return {"kind": "replacement", "enters_tapped": True,
            "unless": {"reveal": {"subtypes": [m["a"]]},
                       "you_control": {"subtypes": [m["a"]], "other": True}}}


@template("enters.tapped_unless_pay_life", "line",
          rf"As ~ enters(?: the battlefield)?, you may pay (?P<n>{NUM}) life\. If you don't, it "
          r"enters(?: the battlefield)? tapped",
          '{"kind": "replacement", "enters_tapped": true, "unless": {"pay_life": N}}',
          "CR 614.1c, 614.12, 119.4", "As this land enters, you may pay 2 life. If you don't, it "
          "enters tapped.")
def _l_shock(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "replacement", "enters_tapped": True, "unless": {"pay_life": _num(m["n"])}}


@template("enters.with_counters", "line",
          rf"~ enters(?: the battlefield)?(?P<tapped> tapped(?: and)?)? with (?P<n>{NUM}|X) "
          r"(?P<c>[\w+/-]+) counters? on it",
          '{"kind": "replacement", "enters_with_counters": {"counter": "charge", "amount": N|"X"}}',
          "CR 614.1c, 122.6, 107.3m", "This land enters tapped with two charge counters on it; "
          "this artifact enters tapped and with three charge counters on it.")
def _l_counters(m: re.Match[str], ctx: Ctx) -> Any:
    amount: Any = "X" if m["n"].upper() == "X" else _num(m["n"])
    out: dict[str, Any] = {"kind": "replacement",
                           "enters_with_counters": {"counter": m["c"].lower(), "amount": amount}}
    if m["tapped"]:
        out = {"kind": "replacement", "enters_tapped": True, **{k: v for k, v in out.items()
                                                                 if k != "kind"}}
    return out


def _counters_if(m: re.Match[str], condition: str) -> dict[str, Any]:
    """An "enters with N counters" replacement that applies only under ``condition`` (614.1c)."""
    return {"kind": "replacement",
            "enters_with_counters": {"counter": m["c"].lower(), "amount": _num(m["n"])},
            "condition": condition}


@template("enters.with_counters_if_not_cast", "line",
          rf"~ enters(?: the battlefield)? with (?P<n>{NUM}) (?P<c>[\w+/-]+) counters? on it if it "
          r"wasn't cast or no mana was spent to cast it",
          '{"kind": "replacement", "enters_with_counters": {...}, "condition": '
          '"not_cast_or_no_mana_spent"}', "CR 614.1c, 122.6", "Freestrider Commando")
def _l_counters_cond(m: re.Match[str], ctx: Ctx) -> Any:
    return _counters_if(m, "not_cast_or_no_mana_spent")


@template("enters.with_counters_if_kicked", "line",
          rf"If ~ was kicked, it enters(?: the battlefield)? with (?P<n>{NUM}) (?P<c>[\w+/-]+) counters? "
          r"on it",
          '{"kind": "replacement", "enters_with_counters": {...}, "condition": "kicked"}',
          "CR 614.1c, 122.6, 702.33d", "Untamed Kavu: If this creature was kicked, it enters with three "
          "+1/+1 counters on it.")
def _l_counters_kicked(m: re.Match[str], ctx: Ctx) -> Any:
    # 702.33d: the permanent whose spell was kicked (found by probe20b: refused, kicker 68%)
    return _counters_if(m, "kicked")


@template("enters.with_counters_per_kick", "line",
          rf"~ enters(?: the battlefield)? with (?P<n>{NUM}) (?P<c>[\w+/-]+) counters? on it for each "
          r"time it was kicked",
          '{"kind": "replacement", "enters_with_counters": {...}, "condition": "per_kick"}',
          "CR 614.1c, 122.6, 702.33c", "Joraga Warcaller: This creature enters with a +1/+1 counter "
          "on it for each time it was kicked.")
def _l_counters_per_kick(m: re.Match[str], ctx: Ctx) -> Any:
    # 702.33c: N counters per time its multikicker (or kicker, once) cost was paid
    return _counters_if(m, "per_kick")


@template("enters.choose", "line",
          r"As ~ enters(?: the battlefield)?, choose a (?P<what>color|creature type|card type)"
          r"(?: other than (?P<not>white|blue|black|red|green))?",
          '{"kind": "replacement", "enters_choose": "color"|"creature_type"|"card_type", '
          '"other_than": "B" (a color only)}',
          "CR 614.12, 614.1c", "As this artifact enters, choose a color.")
def _l_choose(m: re.Match[str], ctx: Ctx) -> Any:
    out = {"kind": "replacement", "enters_choose": m["what"].lower().replace(" ", "_")}
    if m["not"]:
        if out["enters_choose"] != "color":
            raise Refused("a type other than another is not in the card format")
        out["other_than"] = COLOR_WORDS[m["not"]]
    return out


@template("cost.additional", "line",
          r"As an additional cost to cast ~, (?P<opt>you may )?(?P<cost>.+)",
          '{"kind": "additional_cost", "cost": COST, "optional": BOOL}; "reveal ... or pay {3}": '
          '"or_pay": "{3}" (mandatory: the reveal, or the mana instead)', "CR 601.2b, 601.2f-h, 118.8",
          "As an additional cost to cast this spell, sacrifice an artifact; Silvergill Adept: ... "
          "reveal a Merfolk card from your hand or pay {3}.")
def _l_additional(m: re.Match[str], ctx: Ctx) -> Any:
    text = m["cost"]
    text = text[0].upper() + text[1:]
    or_pay = re.fullmatch(rf"(?P<c>Reveal .+?) or pay (?P<m>{MANA}+)", text)
    if or_pay and not m["opt"]:
        return {"kind": "additional_cost", "cost": parse_cost(or_pay["c"], ctx), "optional": False,
                "or_pay": _mana(or_pay["m"])}
    cost = parse_cost(text, ctx)
    if "_zone" in cost:
        raise Refused("an additional cost that exiles or discards the spell itself")
    for k in ("exile_permanent", "mill", "exert", "exile_from_hand"):  # only in an activated ability's
        if k in cost:
            raise Refused(f"an additional cost to {k.replace('_', ' ')}: not in the card format")
    return {"kind": "additional_cost", "cost": cost, "optional": bool(m["opt"])}


@template("cost.reveal", "cost",
          r"Reveal an? (?:(?P<cl>colorless )?(?P<t>creature|artifact|land|instant|sorcery|enchantment)|"
          r"(?P<sub>[A-Z][a-z]+)) card from your hand",
          '"reveal": {"type": "Creature"} | {"subtypes": ["Dragon"]} | {"type": "Creature", '
          '"colorless": true} (only as an additional cost: a card of the caster\'s hand other than '
          "the spell; changeling counts as every creature type, 702.73a)", "CR 701.20a, 118.3, 601.2a",
          "Orator of Ojutai: As an additional cost to cast this spell, you may reveal a Dragon card "
          "from your hand.")
def _c_reveal(m: re.Match[str], ctx: Ctx) -> Any:
    if m["sub"]:
        return {"reveal": {"subtypes": [m["sub"]]}}
    out: dict[str, Any] = {"type": m["t"].capitalize()}
    if m["cl"]:
        out["colorless"] = True
    return {"reveal": out}


@template("cost.alternative", "line",
          r"You may (?P<cost>.+?) rather than pay ~'s mana cost",
          '{"kind": "alternative_cost", "cost": COST} (the cast method "alternative": mana, life, '
          "return_permanent, sacrifice of permanents of a type or subtype; the mana cost isn't "
          "paid, additional costs and increases are)",
          "CR 118.9, 601.2b, 601.2f-h", "Wildfield Borderpost: You may pay {1} and return a basic "
          "land you control to its owner's hand rather than pay this spell's mana cost; Fireblast: "
          "You may sacrifice two Mountains rather than pay this spell's mana cost.")
def _l_alternative(m: re.Match[str], ctx: Ctx) -> Any:
    if ctx.face.mana_cost and "{X}" in ctx.face.mana_cost:
        raise Refused("an alternative cost of a spell with {X}: not in the card format")
    cost = parse_cost(m["cost"], ctx)
    bad = [k for k in cost if k not in ("mana", "life", "return_permanent", "sacrifice", "exile_from_hand")]
    if cost.get("sacrifice") == "self" or (isinstance(cost.get("sacrifice"), dict)
                                           and "subtypes" not in cost["sacrifice"]
                                           and "type" not in cost["sacrifice"]):
        bad = ["sacrifice"]   # (only "a Mountain", "two Mountains", "an artifact", "two lands")
    if bad:
        raise Refused(f"an alternative cost with {bad[0]}: not in the card format")
    return {"kind": "alternative_cost", "cost": cost}


_LT_WHO = {"nonbasic lands": "nonbasic", "each land": "all", "all lands": "all", "lands you control": "yours",
           "enchanted land": "enchanted"}
_LT_TYPE = r"(?:an? )?(?:Plains|Islands?|Swamps?|Mountains?|Forests?)"
_LT_TYPES = _LT_TYPE + r"(?:(?:,|,? and) " + _LT_TYPE + r")*"


def _lt_types(text: str) -> list[str]:
    """ "a Mountain, Forest, and Plains" -> ["Mountain", "Forest", "Plains"]; "every basic land type":
    the five (305.6)."""
    if text == "every basic land type":
        return ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    out: list[str] = []
    for w in re.findall(r"Plains|Islands?|Swamps?|Mountains?|Forests?", text):
        t = w if w == "Plains" else w.rstrip("s")
        if t not in out:
            out.append(t)
    return out


@template("static.land_type_set", "line",
          r"(?P<who>Nonbasic lands|Lands you control|Enchanted land) (?:is|are) (?P<types>" + _LT_TYPES + r")",
          '{"kind": "static", "land_type": {"lands": "nonbasic" | "yours" | "enchanted", "set": ["Mountain"]}} '
          "(the lands it affects have only those land types, lose every ability of their rules text and "
          "have the intrinsic mana ability of each type; applied in timestamp order with the other land "
          "type-changing effects, after those whose source's abilities they remove are gone)",
          "CR 305.6, 305.7, 613.1d, 613.7, 613.8a",
          "Blood Moon: Nonbasic lands are Mountains.; Spreading Seas: Enchanted land is an Island.; Lush "
          "Growth: Enchanted land is a Mountain, Forest, and Plains.; Celestial Dawn: Lands you control "
          "are Plains.")
def _l_land_type_set(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "land_type": {"lands": _LT_WHO[m["who"].lower()], "set": _lt_types(m["types"])}}


@template("static.land_type_add", "line",
          r"(?P<who>Each land|All lands|Lands you control|Enchanted land) (?:is|are) "
          r"(?P<types>every basic land type|" + _LT_TYPES + r") in addition to (?:its|their) other (?:land )?types",
          '{"kind": "static", "land_type": {"lands": "all" | "yours" | "enchanted", "add": ["Swamp"]}} '
          '("every basic land type": the five; the lands it affects keep their land types and abilities '
          "and gain the intrinsic mana ability of each type they didn't have; an effect of a land that a "
          "\"set\" effect reaches doesn't apply, 613.8a)",
          "CR 305.6, 305.7, 613.1d, 613.7, 613.8a",
          "Urborg, Tomb of Yawgmoth: Each land is a Swamp in addition to its other land types.; Prismatic "
          "Omen: Lands you control are every basic land type in addition to their other types.; Khod, "
          "Etlan Shiis Envoy: All lands are Islands in addition to their other types.")
def _l_land_type_add(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "land_type": {"lands": _LT_WHO[m["who"].lower()], "add": _lt_types(m["types"])}}


@template("static.cant_be_countered", "line", r"~ can't be countered",
          '{"kind": "static", "cant_be_countered": true} (a spell\'s own static ability, which functions '
          "on the stack: an effect that would counter it does nothing to it)", "CR 101.2, 701.6a, 113.6",
          "Thrun, the Last Troll: This spell can't be countered.; Abrupt Decay: This spell can't be "
          "countered.")
def _l_cant_be_countered(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "cant_be_countered": True}


_CAST_ONLY = {"during combat": "combat", "during your turn": "your_turn",
              "during an opponent's turn": "not_your_turn", "during your upkeep": "your_upkeep",
              "during an opponent's upkeep": "opponent_upkeep",
              "during combat before blockers are declared": "combat_before_blockers",
              "during combat after blockers are declared": "combat_after_blockers",
              "during the declare attackers step": "declare_attackers",
              "during the declare blockers step": "declare_blockers", "after combat": "after_combat",
              "during your end step": "your_end_step", "during combat on your turn": "your_combat",
              "during combat on an opponent's turn": "opponent_combat",
              "during your declare attackers step": "your_declare_attackers",
              "during the declare blockers step on an opponent's turn": "opponent_declare_blockers",
              "during an opponent's turn, before attackers are declared": "opponent_before_attackers"}


@template("static.cast_only", "line",
          r"Cast ~ only (?P<when>during combat(?: before blockers are declared| after blockers are "
          r"declared| on your turn| on an opponent's turn)?|during your turn|during an opponent's "
          r"turn|during your upkeep|during an opponent's upkeep|during the declare attackers step|"
          r"during the declare blockers step(?: on an opponent's turn)?|after combat|during your end step|"
          r"during your declare attackers step|during an opponent's turn, before attackers are declared)",
          '{"kind": "static", "cast_only": "combat" | "your_turn" | "not_your_turn" | "your_upkeep" | '
          '"opponent_upkeep" | "combat_before_blockers" | "combat_after_blockers" | "declare_attackers" | '
          '"declare_blockers" | "after_combat" | "your_end_step" | "your_combat" | "opponent_combat" | '
          '"your_declare_attackers" | "opponent_declare_blockers" | "opponent_before_attackers"} (the '
          "card's own restriction on when it may be cast, from any zone and by any method: a permission "
          "that waives the timing of the card's type — flash, a free cast while an ability resolves — "
          'doesn\'t waive it; "before the combat damage step", "before attackers are declared" and a '
          "restriction with a condition are refused)",
          "CR 601.3, 506.1, 508.1, 509.1, 102.3",
          "Blaze of Glory: Cast this spell only during combat before blockers are declared.; Festival: "
          "Cast this spell only during an opponent's upkeep.; Jabari's Influence: Cast this spell only "
          "after combat.")
def _l_cast_only(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "cast_only": _CAST_ONLY[m["when"]]}


@template("static.flash_if_pay", "line",
          r"You may cast ~ as though it had flash if you pay (?P<cost>(?:\{\d+\})+) more to cast it",
          '{"kind": "static", "flash_if_pay": "{2}"} (its caster may cast it any time they could cast an '
          "instant, paying that much more when they do so at a time they couldn't cast a sorcery and no "
          "other permission lets them)",
          "CR 601.3c, 118.8, 601.2f",
          "Rout: You may cast this spell as though it had flash if you pay {2} more to cast it.")
def _l_flash_if_pay(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "flash_if_pay": m["cost"]}


_FORBID_CAST = {"Your opponents can't cast spells during your turn": ("opponents", "your_turn"),
                "Your opponents can't cast spells during combat": ("opponents", "combat"),
                "Players can't cast spells during combat": ("players", "combat"),
                "Players can cast spells only during their own turns": ("players", "not_own_turn"),
                "Each opponent can cast spells only any time they could cast a sorcery":
                    ("opponents", "not_sorcery_timing")}


@template("static.forbid_cast", "line",
          r"(?P<all>Your opponents can't cast spells during (?:your turn|combat)|Players can't cast spells "
          r"during combat|Players can cast spells only during their own turns|Each opponent can cast "
          r"spells only any time they could cast a sorcery)",
          '{"kind": "static", "forbid_cast": {"who": "opponents" | "players", "when": "your_turn" | '
          '"combat" | "not_own_turn" | "not_sorcery_timing"}} (while the permanent is on the battlefield, '
          "those players can't cast spells then, whatever permission they have: flash, a foretell or plot "
          "cost, a free cast while an ability resolves; nor suspend a card, 116.2f)",
          "CR 101.2, 601.3, 116.2f, 117.1a, 307.1",
          "Dragonlord Dromoka: Your opponents can't cast spells during your turn.; Basandra, Battle "
          "Seraph: Players can't cast spells during combat.; Dosan the Falling Leaf: Players can cast "
          "spells only during their own turns.; Teferi, Mage of Zhalfir: Each opponent can cast spells "
          "only any time they could cast a sorcery.")
def _l_forbid_cast(m: re.Match[str], ctx: Ctx) -> Any:
    who, when = _FORBID_CAST[m["all"]]
    return {"kind": "static", "forbid_cast": {"who": who, "when": when}}


@template("static.activate_as_though_haste", "line",
          r"You may activate abilities of (?P<other>other )?creatures you control as though those "
          r"creatures had haste",
          '{"kind": "static", "activate_as_though_haste": {"other": true}} (302.6 doesn\'t stop the {T} '
          "and {Q} abilities of the creatures its controller controls (other than itself with \"other\"); "
          "they don't have haste)", "CR 302.6, 602.5a, 702.10",
          "Thousand-Year Elixir: You may activate abilities of creatures you control as though those "
          "creatures had haste; Dynaheir, Invoker Adept: ... of other creatures you control ...")
def _l_activate_as_though_haste(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "activate_as_though_haste": {"other": True} if m["other"] else {}}


@template("cost.alternative_if_you_control", "line",
          r"If you control a (?P<sub>[A-Z][a-z]+), you may (?P<cost>.+?) rather than pay ~'s mana cost",
          '{"kind": "alternative_cost", "cost": COST, "condition": {"you_control": {"subtypes": '
          '["Swamp"]}}} (as cost.alternative, the cast method "alternative" only while its caster '
          "controls a permanent of that subtype)",
          "CR 118.9, 601.2b, 601.2f-h", "Snuff Out: If you control a Swamp, you may pay 4 life rather "
          "than pay this spell's mana cost.")
def _l_alternative_if(m: re.Match[str], ctx: Ctx) -> Any:
    out = _l_alternative(m, ctx)
    out["condition"] = {"you_control": {"subtypes": [m["sub"]]}}
    return out


@template("static.doesnt_untap", "line",
          r"~ doesn't untap during your untap step(?: if it has an? (?P<k>[a-z]+) counters? on it)?",
          '{"kind": "static", "doesnt_untap": true | {"if_counter": "depletion"}} (`apply`: it stays '
          "tapped in its controller's untap step, always or while it has such a counter)",
          "CR 502.3, 613.1", "Basalt Monolith: This artifact doesn't untap during your untap step; "
          "Land Cap: This land doesn't untap during your untap step if it has a depletion counter "
          "on it.")
def _l_doesnt_untap(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "doesnt_untap": {"if_counter": m["k"]} if m["k"] else True}


@template("static.enchanted_doesnt_untap", "line",
          r"Enchanted (?P<what>creature|land|artifact|permanent) doesn't untap during its "
          r"controller's untap step",
          '{"kind": "static", "grant": {"to": "enchanted", "ability": {"kind": "static", '
          '"doesnt_untap": true}}} (`apply`: the permanent it is attached to stays tapped in its '
          "controller's untap step)", "CR 502.3, 613.1f, 303.4",
          "Claustrophobia: Enchanted creature doesn't untap during its controller's untap step.")
def _l_enchanted_doesnt_untap(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "grant": {"to": "enchanted", "ability": {
        "kind": "static", "text": "doesn't untap during its controller's untap step",
        "doesnt_untap": True}}}


_SPELL_WORDS = {*_SPELL_TYPE_WORDS, *COLOR_WORDS, "noncreature", "legendary", "multicolored",
                "colorless", "historic", "kicked"}


def _spell_filters(what: str) -> list[dict[str, Any]]:
    """ "Artifact spells", "Instant and sorcery spells", "Red spells", "Noncreature spells",
    "Historic spells", "Spells" -> the SPELL filters of a cost increase or reduction (one per
    "and"/"or"; none: every spell); Refused for the chosen type or a mana value."""
    first = what.split()[0].rstrip(",")
    if first.lower() in _SPELL_WORDS or (first.lower().startswith("non")
                                         and first.lower()[3:] in _SPELL_TYPE_WORDS):
        # the sentence's capital: "Artifact spells", "Red spells", "Nonartifact spells" (not a
        # subtype "Nonartifact": found by probe15b, Lodestone Golem increased nothing)
        what = what[0].lower() + what[1:]
    if re.fullmatch(r"[Ss]pells?", what):
        return []
    if what == "historic spells":  # 700.6: artifacts, legendaries and Sagas are historic
        return [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]
    spells = [a["spell"] for a in _spell_alternatives(what)]
    if any(k in sp for sp in spells for k in ("chosen_type", "min_mana_value")):
        raise Refused(f'"{what}": a cost change by the chosen type or mana value is not in the card '
                      "format")
    return spells


def _cast_by(who: str | None) -> str:
    who = (who or "").strip()
    return "opponents" if "opponents" in who else ("you" if who == "you cast" else "any")


@template("static.cost_increase", "line",
          rf"(?P<what>(?:[A-Za-z, ]+? )?[Ss]pells?)(?P<who> your opponents cast| you cast)? cost "
          rf"(?P<m>{MANA}+) more to cast",
          '{"kind": "static", "cost_increase": {"amount": "{1}", "spells_cast_by": '
          '"opponents"|"you"|"any", "spells": [SPELL, ...]}} (SPELL: as in spell_cost_reduction)',
          "CR 601.2f, 613.1", "Thalia, Guardian of Thraben: Noncreature spells cost {1} more to "
          "cast; Spells your opponents cast cost {1} more to cast.")
def _l_cost_inc(m: re.Match[str], ctx: Ctx) -> Any:
    spells = _spell_filters(m["what"])
    out: dict[str, Any] = {"amount": _mana(m["m"]), "spells_cast_by": _cast_by(m["who"])}
    if spells:
        out["spells"] = spells
    return {"kind": "static", "cost_increase": out}


@template("static.spell_cost_reduction", "line",
          r"(?P<what>(?:[A-Za-z, ]+? )?[Ss]pells?)(?P<who> you cast| your opponents cast)? cost "
          r"\{(?P<n>\d+)\} less to cast",
          '{"kind": "static", "spell_cost_reduction": {"amount": N, "spells_cast_by": "you" | "any" '
          '| "opponents", "spells": [SPELL, ...]}} (generic mana only; one SPELL filter per "and"/'
          '"or", a spend restriction\'s vocabulary: types, subtypes, colors, noncreature ...; '
          '"historic": artifact, legendary or Saga, 700.6; none: every spell)',
          "CR 601.2f, 118.7, 118.7a, 613.1", "Foundry Inspector: Artifact spells you cast cost {1} "
          "less to cast; Ruby Medallion: Red spells you cast cost {1} less to cast; Arcane Melee: "
          "Instant and sorcery spells cost {2} less to cast.")
def _l_cost_red(m: re.Match[str], ctx: Ctx) -> Any:
    spells = _spell_filters(m["what"])
    out: dict[str, Any] = {"amount": int(m["n"]), "spells_cast_by": _cast_by(m["who"])}
    if spells:
        out["spells"] = spells
    return {"kind": "static", "spell_cost_reduction": out}


@template("static.cost_increase_from_zones", "line",
          rf"Spells your opponents cast from graveyards or from exile cost (?P<m>{MANA}+) more to cast",
          '{"kind": "static", "cost_increase": {"amount": "{2}", "spells_cast_by": "opponents", '
          '"from_zones": ["graveyard", "exile"]}}', "CR 601.2f", "Aven Interrupter")
def _l_cost_inc_zones(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "cost_increase": {"amount": _mana(m["m"]),
                                                "spells_cast_by": "opponents",
                                                "from_zones": ["graveyard", "exile"]}}


GRANT_TO_WORDS = {
    "enchanted land": "enchanted", "enchanted creature": "enchanted",
    # an Equipment's "equipped creature" is the permanent it is attached to, as an Aura's (301.5)
    "equipped creature": "enchanted",
    "lands you control": "lands_you_control",
    "creatures you control": "creatures_you_control",
    "artifacts you control": "artifacts_you_control",
}


@template("static.grant_ability", "line",
          r"(?P<to>Enchanted land|Enchanted creature|Equipped creature|Lands you control|Creatures you control|"
          r"Artifacts you control) "
          r"(?:has|have) \"(?P<ab>[^\"]+)\"",
          '{"kind": "static", "grant": {"to": "enchanted"|"lands_you_control"|..., "ability": '
          'ABILITY}} (the quoted ability compiled by the same table)', "CR 613.1f, 605.1a, 303.4",
          "Lands you control have \"{T}: Add one mana of any color.\"")
def _l_grant(m: re.Match[str], ctx: Ctx) -> Any:
    inner = compile_line(m["ab"], m["ab"], ctx, granted=True)
    if inner is None:
        raise Refused(f'granted ability "{m["ab"]}" matches no template')
    return {"kind": "static", "grant": {"to": GRANT_TO_WORDS[m["to"].lower()], "ability": inner}}


_GRANT_SINGULAR_SUBTYPES = {"Elves": "Elf", "Allies": "Ally", "Dwarves": "Dwarf", "Eldrazi": "Eldrazi",
                            "Fungi": "Fungus", "Faeries": "Faerie", "Wolves": "Wolf", "Caves": "Cave",
                            "Werewolves": "Werewolf"}


# words before a plural noun that are no subtype: "Multicolored creatures", "Tapped creatures",
# "Equipped creatures", "White creatures" (found by probe16c: each was kept as a subtype, which
# nothing has, so the grant applied to nothing)
_GRANT_NOT_SUBTYPE = {"multicolored", "monocolored", "colorless", "colored", "tapped", "untapped",
                      "equipped", "enchanted", "modified", "attacking", "blocking", "nontoken", "token",
                      "other", "you", "face-down", "outlaw", "historic", *COLOR_WORDS}


def _grant_subtype(word: str, plural: bool, words: str) -> str:
    """A subtype word of a grant's group, singular (205.3: "Wolves" names the subtype Wolf)."""
    if word.lower() in _GRANT_NOT_SUBTYPE or word.lower().startswith("non"):
        raise Refused(f'granting to "{words}": "{word}" is not a subtype the card format can filter')
    if not plural:
        return word
    if word in _GRANT_SINGULAR_SUBTYPES:
        return _GRANT_SINGULAR_SUBTYPES[word]
    if re.fullmatch(r"[A-Z][a-z]*[^s]s", word) and not word.endswith(("ses", "xes", "ies", "ves")):
        return word[:-1]
    raise Refused(f'granting to "{words}": a plural the importer does not know')


def _grant_group(words: str, plural: bool = True) -> dict[str, Any]:
    """ "Elves", "Creature tokens", "Sliver creatures", "basic lands", "Treasures", "permanents",
    "Wolves and Werewolves", "Fungus and Saproling" (after "Each": singular) -> a grant filter
    {"types", "subtypes", "supertypes", "token"}; Refused for anything else."""
    g: dict[str, Any] = {}
    m = re.fullmatch(r"(?P<a>[A-Z][a-z]+) and (?P<b>[A-Z][a-z]+)", words)
    if m:  # "Each Fungus and Saproling you control has"; "Wolves and Werewolves you control have"
        return {"subtypes": [_grant_subtype(m["a"], plural, words),
                             _grant_subtype(m["b"], plural, words)]}
    ws = words.split()
    if ws and ws[-1].lower() == "tokens":
        g["token"] = True
        ws = ws[:-1]
        if not ws:
            return g
        if ws[-1].lower() in ("creature", "artifact"):
            g["types"] = [ws[-1].capitalize()]
            ws = ws[:-1]
        if ws:
            raise Refused(f'granting to "{words}" is not in the card format')
        return g
    if not ws:
        raise Refused("granting to nothing")
    last = ws[-1]
    if last in ("Commanders", "commanders"):   # a designation (903.3), not a subtype
        raise Refused(f'granting to "{words}": commanders are not a filter of the card format')
    if last.lower() in _PLURAL_TYPES:
        g["types"] = [_PLURAL_TYPES[last.lower()]]
    elif last.lower() == "battles":  # a card type (310), not a subtype
        g["types"] = ["Battle"]
    elif last.lower() == "permanents":
        pass
    else:
        g["subtypes"] = [_grant_subtype(last, True, words)]
    for w in ws[:-1]:
        if w.lower() in ("basic", "legendary", "snow"):
            g.setdefault("supertypes", []).append(w.capitalize())
        elif re.fullmatch(r"[A-Z][a-z]+", w) and "subtypes" not in g and w.lower() not in (
                "basic", "legendary", "snow") and w.lower() + "s" not in _PLURAL_TYPES:
            g["subtypes"] = [_grant_subtype(w, False, words)]
        else:
            raise Refused(f'granting to "{words}" is not in the card format')
    if not g:
        return g
    return g


def _granted_keywords_not_modeled(kws: str | None) -> None:
    """ "have vigilance and "{T}: Add ..."": the keywords granted with the ability are dropped from
    the grant only when no rule in scope reads them (not flash, haste, ...); else Refused."""
    for k in re.split(r",? and |, ", kws or ""):
        k = k.strip()
        if not k:
            continue
        if k not in KEYWORD_NAMES or k in CASTING_KEYWORDS or k in _RULE_KEYWORDS:
            raise Refused(f'granting "{k}" with an ability is not in the card format')


# keywords some rule in scope reads (docs/card-format.md: keyword; no encoding reads flying or
# vigilance, which only combat uses): never dropped from a grant
_RULE_KEYWORDS = {"flash", "haste", "kicker", "multikicker", "foretell", "plot", "hideaway", "ward",
                  "enchant", "suspend", "split second", "ascend"}


@template("static.grant_ability_group", "line",
          r"(?:(?P<all>All) (?P<grp_all>[A-Za-z ]+?)|Each (?P<grp_each>[A-Za-z ]+?) you control"
          r"(?: with an? (?:(?P<ck>\+1/\+1|[a-z]+) )?counter on it)?|"
          r"(?P<other>Other )?(?P<grp>[A-Za-z ]+?) you control) (?:has|have) "
          r"(?:(?P<kws>[a-z]+(?:, [a-z]+)*,?) and )?\"(?P<ab>[^\"]+)\"",
          '{"kind": "static", "grant": {"to": {"controller": "you"|"any", "types": [...], '
          '"subtypes": [...], "supertypes": [...], "token": true, "other": true, "with_counter": '
          'true|"+1/+1", "or_types": ["Land"]}, "ability": ABILITY}} (keywords granted with it, "have vigilance and '
          '\"...\"", are dropped when no rule in scope reads them; "with a counter on it": only '
          "those with a counter, of that kind if named, 122.1)",
          "CR 613.1f, 605.1a, 111.1, 122.1",
          "Elves you control have \"{T}: Add {B}.\"; All Slivers have \"{T}: Add one mana of any "
          "color.\"; Creature tokens you control have \"{T}: Add one mana of any color.\"; "
          "Brightcap Badger: Each Fungus and Saproling you control has \"{T}: Add {G}.\"; "
          "Rishkar, Peema Renegade: Each creature you control with a counter on it has \"{T}: Add "
          "{G}.\"; Great Divide Guide: Each land and Ally you control has ...")
def _l_grant_group(m: re.Match[str], ctx: Ctx) -> Any:
    words = m["grp_all"] or m["grp"] or m["grp_each"]
    _granted_keywords_not_modeled(m["kws"])
    if m["grp_each"] and words.lower() in TYPE_WORDS:  # "Each creature you control" (singular)
        to: dict[str, Any] = {"types": [TYPE_WORDS[words.lower()]]}
    elif m["grp_each"] and re.fullmatch(r"[A-Z][a-z]+", words):  # "Each Elf you control"
        to = {"subtypes": [words]}
    elif m["grp_each"] and (mt := re.fullmatch(r"(?P<t>[a-z]+) and (?P<s>[A-Z][a-z]+)", words)) \
            and mt["t"] in TYPE_WORDS:  # "Each land and Ally you control": either one
        to = {"subtypes": [mt["s"]], "or_types": [TYPE_WORDS[mt["t"]]]}
    else:
        to = _grant_group(words, plural=not m["grp_each"])
    to["controller"] = "any" if m["all"] else "you"
    if m["other"]:
        to["other"] = True
    if m["grp_each"] and re.search(r" with an? ", m.group(0).split('"')[0]):
        to["with_counter"] = m["ck"] or True
    inner = compile_line(m["ab"], m["ab"], ctx, granted=True)
    if inner is None:
        raise Refused(f'granted ability "{m["ab"]}" matches no template')
    return {"kind": "static", "grant": {"to": to, "ability": inner}}


@template("static.grant_as_long_as", "line",
          rf"As long as you control (?P<n>{NUM}) or more (?P<t>lands|artifacts|creatures), "
          r"(?P<rest>(?:lands|artifacts|creatures) you control have \"[^\"]+\")",
          '{"kind": "static", "grant": {"to": ..., "ability": ABILITY, "condition": {"you_control": '
          '{"types": ["Land"], "min": N}}}} (the grant applies only while its controller controls '
          "that many)", "CR 611.3a, 613.1f, 605.1a",
          "The World Tree: As long as you control six or more lands, lands you control have \"{T}: "
          "Add one mana of any color.\"")
def _l_grant_as_long_as(m: re.Match[str], ctx: Ctx) -> Any:
    rest = m["rest"][:1].upper() + m["rest"][1:]
    out = _match("line", rest, ctx)
    if out.get("kind") != "static" or "grant" not in out:
        raise Refused(f'"{rest}" is not a grant')
    out["grant"]["condition"] = {"you_control": {"types": [_PLURAL_TYPES[m["t"]]],
                                                 "min": _num(m["n"])}}
    return out


@template("static.grant_if_enchanted_is", "line",
          r"As long as enchanted permanent is an? (?P<t>land|creature|artifact), it has "
          r"\"(?P<ab>[^\"]+)\"",
          '{"kind": "static", "grant": {"to": "enchanted", "ability": ABILITY, "condition": '
          '{"enchanted_is": "Land"}}} (the grant applies only while the permanent the Aura '
          "enchants has that card type)", "CR 611.3a, 613.1f, 303.4, 605.1a",
          "Nature's Embrace: As long as enchanted permanent is a land, it has \"{T}: Add two mana "
          "of any one color.\"")
def _l_grant_if_enchanted_is(m: re.Match[str], ctx: Ctx) -> Any:
    inner = compile_line(m["ab"], m["ab"], ctx, granted=True)
    if inner is None:
        raise Refused(f'granted ability "{m["ab"]}" matches no template')
    return {"kind": "static", "grant": {"to": "enchanted", "ability": inner,
                                        "condition": {"enchanted_is": TYPE_WORDS[m["t"]]}}}


@template("static.grant_if_modified", "line",
          r"As long as ~ is modified, it has \"(?P<ab>[^\"]+)\"",
          '{"kind": "static", "grant": {"to": "self", "ability": ABILITY, "condition": {"modified": '
          "true}}} (only while the permanent has a counter on it, is equipped, or is enchanted by "
          "an Aura its controller controls)", "CR 700.9, 611.3a, 613.1f, 605.1a",
          "Orochi Merge-Keeper: As long as this creature is modified, it has \"{T}: Add {G}{G}.\"")
def _l_grant_if_modified(m: re.Match[str], ctx: Ctx) -> Any:
    inner = compile_line(m["ab"], m["ab"], ctx, granted=True)
    if inner is None:
        raise Refused(f'granted ability "{m["ab"]}" matches no template')
    return {"kind": "static", "grant": {"to": "self", "ability": inner,
                                        "condition": {"modified": True}}}


@template("static.in_graveyard", "line",
          r"As long as ~ is in your graveyard, (?P<rest>(?:lands|creatures|artifacts) you control "
          r"have \"[^\"]+\")",
          '{"kind": "static", "zone": "graveyard", "grant": ...} (the static ability functions only '
          "while the card is in its owner's graveyard, not on the battlefield; \"you\" is its "
          "owner)", "CR 113.6, 109.5, 611.3a, 613.1f, 605.1a",
          "Riftstone Portal: As long as this card is in your graveyard, lands you control have "
          "\"{T}: Add {G} or {W}.\"")
def _l_in_graveyard(m: re.Match[str], ctx: Ctx) -> Any:
    rest = m["rest"][:1].upper() + m["rest"][1:]
    out = _match("line", rest, ctx)
    if out.get("kind") != "static" or "grant" not in out:
        raise Refused(f'"{rest}" is not a grant')
    return {**out, "zone": "graveyard"}


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


@template("saga.chapter", "line",
          r"(?P<ch>(?:I|II|III|IV|V|VI|VII|VIII|IX|X)(?:, (?:I|II|III|IV|V|VI|VII|VIII|IX|X))*) — "
          r"(?P<eff>(?![A-Z][\w' ]* — ).+)",
          '{"kind": "triggered", "trigger": {"event": "chapter", "chapters": [N, ...]}, "effect": '
          "EFFECT} (a Saga's chapter ability, 714.2: it triggers as lore counters bring the Saga to "
          "that chapter; not a mana ability though it may add mana, 605.1b; EFFECT: add_mana as it "
          "resolves, with a spend restriction kept in the pool, or the effect table's reading, "
          "\"not modeled\" reported as it resolves)", "CR 714.2a-c, 714.3a-b, 714.4, 605.1b, 608.2",
          "The First Eruption: II — Add {R}{R}.")
def _l_chapter(m: re.Match[str], ctx: Ctx) -> Any:
    if "Saga" not in ctx.face.subtypes:
        raise Refused("chapter abilities (714.2) only on a Saga")
    # lore counters added otherwise than by 714.3a-b (read ahead, 714.3c; "Flip Ahead"; an ability
    # counting or changing them) are not modeled: the chapters would trigger wrongly
    own = re.sub(r"\(As this Saga enters and after your draw step, add a lore counter\.(?: Sacrifice "
                 r"after [IVX]+\.)?\)", "", ctx.face.text)
    if re.search(r"lore counter|\bRead ahead\b|\bFlip Ahead\b", own, re.IGNORECASE):
        raise Refused("a Saga whose lore counters change otherwise than by 714.3a-b (read ahead, "
                      "a replacement, an ability that counts them): not modeled")
    chapters = [_ROMAN[c] for c in m["ch"].split(", ")]
    eff = m["eff"]
    if not _ADDS.search(_unquoted(eff)):
        effect = _single(_effect(eff, ctx), ctx)
        # (a delayed triggered ability the chapter creates, "When you next cast ...", 603.7, is
        # not modeled as the line was before: no rule in scope makes it trigger)
        hit = None if re.match(r"(?:When|Whenever)\b", eff) else _SCOPE.search(eff)
        if effect.get("action") == "not_modeled" and hit:
            # an effect no template reads that touches the rules in scope (a granted mana ability,
            # "This Saga gains \"{T}: Add {C}.\"", a permission to play a card): not dropped
            raise Refused(f'a chapter ability that touches the rules in scope ("{hit.group(0)}") '
                          "and that no template reads")
        if re.search(r"\btargets?\b|\bfor each\b", _unquoted(eff)) and effect.get("action") != "not_modeled":
            # a chapter ability is put on the stack without targets here (603.3d: their choice is
            # not modeled), and a count the effect table may not read: reported, not performed
            ctx.use("effect.not_modeled")
            effect = {"action": "not_modeled"}
        return {"kind": "triggered", "trigger": {"event": "chapter", "chapters": chapters},
                "effect": effect}
    sents = _sentences(eff)
    adding = [i for i, s2 in enumerate(sents) if _ADDS.search(_unquoted(s2))]
    if len(adding) != 1 or not sents[adding[0]].startswith("Add "):
        raise Refused("a chapter ability that adds mana in a way `apply` doesn't perform (one "
                      "sentence \"Add ...\")")
    produce = _try("mana", sents[adding[0]].rstrip("."), ctx)
    fe = (produce or {}).get("for_each")
    if produce is None or len(set(produce) & set(_LOYALTY_PRODUCE)) != 1 or set(produce) - set(
            _LOYALTY_PRODUCE) or (fe is not None and not (
                isinstance(fe, dict) and "mana" in fe and "you_control" in fe and len(fe) == 2)):
        raise Refused("a chapter ability that adds mana in a way `apply` doesn't perform")
    fields: dict[str, Any] = {}
    for i, s2 in enumerate(sents):
        if i == adding[0]:
            continue
        extra = _try("mana_rider", s2, ctx) if i > adding[0] else None
        if extra is not None and set(extra) == {"spend_only"}:
            produce.setdefault("spend_only", []).extend(extra["spend_only"])
            continue
        if extra is not None or re.match(r"Spend\b|This mana\b", s2) or re.search(
                r"\blose this mana\b", s2):  # 106.4's exception: apply would empty it
            raise Refused(f'a chapter ability adding mana that also says "{s2}": not in the card '
                          "format")
        # another instruction (608.2c), reported as not performed as the ability resolves
        ctx.use("loyalty.effect_not_performed")
        fields.setdefault("not_performed", []).append(
            {"kind": "effect", "text": s2.replace("~", ctx.face.name) + "."})
    return {"kind": "triggered", "trigger": {"event": "chapter", "chapters": chapters},
            "effect": {"action": "add_mana", "produce": produce}, **fields}


@template("static.grant_haste", "line", r"Creatures you control have haste",
          '{"kind": "static", "grant": {"to": "creatures_you_control", "ability": haste}}',
          "CR 613.1f, 702.10", "Fervor")
def _l_grant_haste(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "grant": {"to": "creatures_you_control", "ability": {
        "kind": "keyword", "text": "haste", "keyword": "haste"}}}


# a keyword a grant line may name: "protection from red and from blue" is one (702.16g)
_GRANT_KW = (r"(?:protection from (?:white|blue|black|red|green|artifacts|creatures|enchantments|instants|"
             r"sorceries|lands|planeswalkers|battles|everything|all colors|each color)"
             r"(?:,? and from (?:white|blue|black|red|green|artifacts|creatures|enchantments|instants|"
             r"sorceries|lands|planeswalkers|battles|everything))*|[a-z]+(?: strike)?)")
# the granted keywords some rule in scope reads: haste (302.6), hexproof (702.11b), shroud
# (702.18a), protection (702.16b-c)
_GRANTED_READ = ("haste", "hexproof", "shroud", "protection")


@template("static.grant_haste_group", "line",
          r"(?:(?P<att>Enchanted creature|Equipped creature|Enchanted permanent|Enchanted land) has|"
          r"All (?P<grp_all>[A-Za-z ]+?) have|"
          rf"(?P<other>Other )?(?P<grp>[A-Za-z ]+?) you control have) (?P<kws>(?:{_GRANT_KW}, )*"
          rf"{_GRANT_KW},? and {_GRANT_KW}|{_GRANT_KW})",
          '{"kind": "static", "grant": {"to": "enchanted"|{"controller": "you"|"any", "types": [...], '
          '"subtypes": [...], "token": true, "other": true}, "ability": KEYWORD, "also": [KEYWORD, ...]}} '
          "(a line that grants haste, 302.6: the creatures' {T} abilities; hexproof, 702.11b; shroud, "
          "702.18a; or protection from a color, a card type or everything, 702.16b-c: their targets; "
          "the other keywords it grants are not modeled, no rule in scope reading them)",
          "CR 613.1f, 702.10, 302.6, 702.11b, 702.18a, 702.16b-c",
          "Lightning Greaves: Equipped creature has haste and shroud; Concordant Crossroads: All "
          "creatures have haste; Samut, Voice of Dissent: Other creatures you control have haste; "
          "Archetype of Endurance: Creatures you control have hexproof; Robe of Mirrors: Enchanted "
          "creature has shroud")
def _l_grant_haste_group(m: re.Match[str], ctx: Ctx) -> Any:
    kws = [k.strip() for k in re.split(r",? and (?!from )|, (?!from )", m["kws"]) if k.strip()]
    read = [k for k in kws if k.split()[0] in _GRANTED_READ]
    if not read:   # a grant of keywords no rule in scope reads: not modeled (no template)
        raise Refused("a grant of keywords none of which a rule in scope reads")
    _granted_keywords_not_modeled(", ".join(k for k in kws if k not in read))
    granted: list[dict[str, Any]] = []
    for k in read:
        if k.startswith("protection"):
            out = _try("keyword", k, ctx)
            if out is None:
                raise Refused(f'granted "{k}": a quality the card format has no place for')
            granted.append({"kind": "keyword", "text": k, **out})
        elif k in ("haste", "hexproof", "shroud"):
            granted.append({"kind": "keyword", "text": k, "keyword": k})
        else:
            raise Refused(f'granted "{k}" is not in the card format')
    to: Any
    if m["att"]:
        to = "enchanted"
    else:
        to = _grant_group(m["grp_all"] or m["grp"])
        to["controller"] = "any" if m["grp_all"] else "you"
        if m["other"]:
            to["other"] = True
    grant: dict[str, Any] = {"to": to, "ability": granted[0]}
    if granted[1:]:
        grant["also"] = granted[1:]
    return {"kind": "static", "grant": grant}


_FORBID_TYPES = {"artifacts": ["Artifact"], "creatures": ["Creature"], "lands": ["Land"],
                 "planeswalkers": ["Planeswalker"], "artifacts and creatures": ["Artifact", "Creature"],
                 "artifacts, creatures, and planeswalkers": ["Artifact", "Creature", "Planeswalker"]}


@template("static.forbid_activation", "line",
          r"Activated abilities of (?P<types>artifacts, creatures, and planeswalkers|artifacts and "
          r"creatures|artifacts|creatures|lands|planeswalkers)(?P<opp> your opponents control)? can't be "
          r"activated(?P<exc> unless they're mana abilities)?",
          '{"kind": "static", "forbid_activation": {"types": ["Artifact"], "opponents": true, '
          '"except_mana": true}} (no activated ability of such a permanent, mana abilities included '
          "unless excepted, can be activated: reason 602.5; nor can such a mana ability help pay)",
          "CR 602.5, 605.3a", "Null Rod: Activated abilities of artifacts can't be activated.")
def _l_forbid_activation(m: re.Match[str], ctx: Ctx) -> Any:
    fa: dict[str, Any] = {"types": list(_FORBID_TYPES[m["types"]])}
    if m["opp"]:
        fa["opponents"] = True
    if m["exc"]:
        fa["except_mana"] = True
    return {"kind": "static", "forbid_activation": fa}


@template("static.forbid_activation_attached", "line",
          r"(?:Enchanted|Equipped) (?:creature|permanent|artifact|land)(?:'s| can't (?:attack or block|"
          r"block|attack, block, or transform|attack, block, or crew Vehicles), and its) activated "
          r"abilities can't be activated(?P<exc> unless they're mana abilities)?",
          '{"kind": "static", "forbid_activation": {"attached": true, "except_mana": true}} (the '
          "permanent the Aura or Equipment is attached to: its activated abilities can't be "
          "activated, reason 602.5; what it can't attack or block isn't modeled: no rule in scope)",
          "CR 602.5, 605.3a, 303.4", "Arachnus Web: Enchanted creature can't attack or block, and its "
          "activated abilities can't be activated.")
def _l_forbid_activation_attached(m: re.Match[str], ctx: Ctx) -> Any:
    fa: dict[str, Any] = {"attached": True}
    if m["exc"]:
        fa["except_mana"] = True
    return {"kind": "static", "forbid_activation": fa}


@template("static.grant_foretell", "line",
          rf"Each nonland card in your hand without foretell has foretell\. Its foretell cost is "
          rf"equal to its mana cost reduced by (?P<m>{MANA}+)",
          '{"kind": "static", "grant": {"to": "nonland_cards_in_your_hand_without_foretell", ...}}',
          "CR 702.143, 613.1f", "Dream Devourer")
def _l_grant_foretell(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "grant": {
        "to": "nonland_cards_in_your_hand_without_foretell",
        "ability": {"kind": "keyword", "text": "foretell", "keyword": "foretell",
                    "cost": {"mana_cost_reduced_by": _mana(m["m"])}}}}


@template("static.top_of_library_plot", "line",
          r"The top card of your library has plot\. The plot cost is equal to its mana cost",
          '{"kind": "static", "grant": {"to": "top_of_your_library", "ability": plot (mana_cost)}}',
          "CR 702.170, 613.1f", "Fblthp, Lost on the Range")
def _l_top_plot(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "grant": {"to": "top_of_your_library", "ability": {
        "kind": "keyword", "text": "plot", "keyword": "plot", "cost": "mana_cost"}}}


@template("static.foretell_action", "line",
          r"Foretelling cards from your hand costs \{(?P<n>\d+)\} less(?P<any> and can be done on any "
          r"player's turn)?",
          '{"kind": "static", "foretell_action": {"reduction": N, "any_turn": true}} (the special '
          'action of foretelling: {2} less N generic mana, at least {0}; and during any player\'s turn '
          'the player has priority)', "CR 116.2h, 702.143a, 601.2f", "Cosmos Charger")
def _l_foretell_action(m: re.Match[str], ctx: Ctx) -> Any:
    out: dict[str, Any] = {"reduction": int(m["n"])}
    if m["any"]:
        out["any_turn"] = True
    return {"kind": "static", "foretell_action": out}


@template("static.plot_from_library", "line", r"You may plot nonland cards from the top of your library",
          '{"kind": "static", "plot_from_library": {"nonland": true}}', "CR 702.170",
          "Fblthp, Lost on the Range")
def _l_plot_lib(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "plot_from_library": {"nonland": True}}


@template("static.boost_self_legendary", "line",
          rf"As long as you control (?P<n>{NUM}) or more legendary creatures, ~ gets "
          r"\+(?P<p>\d+)/\+(?P<t>\d+)(?: and has (?P<kw>[a-z]+))?",
          '{"kind": "static", "effect": {"action": "boost_self", "power": P, "toughness": T, '
          '"keywords": [...], "condition": {"legendary_creatures_you_control_at_least": N}}}',
          "CR 611.3a, 613.4c", "Kolvori, God of Kinship")
def _l_boost_legendary(m: re.Match[str], ctx: Ctx) -> Any:
    eff: dict[str, Any] = {"action": "boost_self", "power": int(m["p"]), "toughness": int(m["t"])}
    if m["kw"]:
        eff["keywords"] = [m["kw"]]
    eff["condition"] = {"legendary_creatures_you_control_at_least": _num(m["n"])}
    return {"kind": "static", "effect": eff}


@template("static.opening_hand_luck", "line",
          r"If ~ is in your opening hand and you're not the starting player, you may begin the game "
          r"with ~ on the battlefield with a luck counter on it\. If you do, exile a card from your hand",
          '{"kind": "static", "effect": {"action": "opening_hand"}} (before the game: no state in scope '
          "is changed by it)", "CR 103.6", "Gemstone Caverns")
def _l_opening_hand(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "effect": {"action": "opening_hand"}}


@template("static.flash_permission", "line",
          r"You may cast (?P<what>spells|(?:creature|noncreature|artifact|enchantment|sorcery) spells) as "
          r"though they had flash",
          '{"kind": "static", "effect": {"action": "flash_permission", "what": "spells" | "creature" | '
          '"noncreature" | "artifact" | "enchantment" | "sorcery"}} (the spells of that card type, or '
          "without the creature type, 205.2a)",
          "CR 702.8a, 117.1a, 604.1, 205.2a",
          "Vedalken Orrery, Leyline of Anticipation: You may cast spells as though they had flash; "
          "Vivien, Champion of the Wilds: You may cast creature spells as though they had flash; "
          "Shimmer Myr: You may cast artifact spells as though they had flash; Wizards of Thay: You may "
          "cast sorcery spells as though they had flash.")
def _l_flash_permission(m: re.Match[str], ctx: Ctx) -> Any:
    # 702.8a: while the permanent is on the battlefield its controller may cast those spells any
    # time they could cast an instant (as "this turn" does until the turn ends: effect.flash_permission)
    return {"kind": "static", "effect": {"action": "flash_permission", "what": _flash_what(m["what"])}}


@template("static.look_at_top", "line", r"You may look at the top card of your library any time",
          '{"kind": "static", "effect": {"action": "look_at_top"}}', "CR 401.2", "Fblthp")
def _l_look(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "effect": {"action": "look_at_top"}}


@template("static.spend_as_any_color", "line",
          r"You may spend mana as though it were mana of any color",
          '{"kind": "static", "spend_as_any_color": "you"} (its controller pays colored mana symbols with '
          'mana of any type; {C} still with colorless mana; "each" in a card file: every player)',
          "CR 609.4b, 106.1b",
          "Chromatic Orrery: You may spend mana as though it were mana of any color.")
def _l_spend_as_any_color(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe32a: the card was refused; "... to cast creature spells" and the like,
    # restricted to some spells or abilities, still are, and so is Mycosynth Lattice's "Players may
    # ...": its "All permanents are artifacts in addition to their other types" would be kept as not
    # modeled, though it changes what "sacrifice an artifact" may sacrifice)
    return {"kind": "static", "spend_as_any_color": "you"}


@template("static.replace_mana_black", "line",
          r"If a land is tapped for mana, it produces \{B\} instead of any other type and amount",
          '{"kind": "static", "replace_mana": {... "result": {"fixed": "{B}"}}}', "CR 106.12b, 614.1a",
          "Contamination")
def _l_contamination(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "static", "replace_mana": {
        "when": {"tapped_for_mana": True, "what": {"type": "Land"}, "controller": "any"},
        "result": {"fixed": "{B}"}}}


@template("static.replace_mana_double", "line",
          r"If you tap an? (?P<what>permanent|basic land|land) for mana, it produces (?P<k>twice|three times) "
          r"as much of that mana instead",
          '{"kind": "static", "replace_mana": {"when": {"tapped_for_mana": true, "what": {} | {"type": "Land", '
          '"basic": true} | {"type": "Land"}, "controller": "you"}, "result": {"multiply": 2 | 3}}}',
          "CR 106.12b, 614.1a, 205.4c",
          "Mana Reflection; Nyxbloom Ancient: three times; Virtue of Strength: If you tap a basic land for mana")
def _l_reflection(m: re.Match[str], ctx: Ctx) -> Any:
    # 205.4c: "a basic land" (Virtue of Strength; found by probe28a: the card was refused)
    what = {"permanent": {}, "basic land": {"type": "Land", "basic": True}, "land": {"type": "Land"}}[m["what"]]
    return {"kind": "static", "replace_mana": {
        "when": {"tapped_for_mana": True, "what": what, "controller": "you"},
        "result": {"multiply": 2 if m["k"] == "twice" else 3}}}


@template("static.replace_mana_type", "line",
          r"If a land is tapped for mana, it produces (?P<m>\{[WUBRG]\}|colorless mana) instead of any "
          r"other type",
          '{"kind": "static", "replace_mana": {"when": {"tapped_for_mana": true, "what": {"type": "Land"}, '
          '"controller": "any"}, "result": {"type": "B" | "C"}}}', "CR 106.12b, 614.1a",
          "Infernal Darkness: it produces {B}; Ritual of Subdual: it produces colorless mana")
def _l_replace_mana_type(m: re.Match[str], ctx: Ctx) -> Any:
    # 106.12b: the type changes and the amount stays (unlike Contamination's "type and amount";
    # found by probe23d: both cards were refused)
    return {"kind": "static", "replace_mana": _land_mana_type(m["m"], "any")}


_PLURAL_LAND_TYPES = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
                      "Forests": "Forest"}
_PRODUCE_PART = r"(?:Plains|Islands|Swamps|Mountains|Forests) produce \{[WUBRGC]\}"


@template("static.replace_mana_by_land_type", "line",
          rf"If tapped for mana, (?P<parts>{_PRODUCE_PART}(?:, {_PRODUCE_PART})*,? and {_PRODUCE_PART}) "
          r"instead of any other type",
          '{"kind": "static", "replace_mana": {"when": {"tapped_for_mana": true, "what": {"type": "Land"}, '
          '"controller": "any"}, "result": {"by_subtype": {"Plains": "R", "Island": "G", ...}}}}',
          "CR 106.12b, 614.1a, 305.6, 616.1",
          "Naked Singularity: If tapped for mana, Plains produce {R}, Islands produce {G}, Swamps produce "
          "{W}, Mountains produce {U}, and Forests produce {B} instead of any other type; Reality Twist")
def _l_replace_mana_by_land_type(m: re.Match[str], ctx: Ctx) -> Any:
    # 106.12b: each land with a listed basic land type (305.6: the subtype, not the name) produces
    # the listed type, in the amount it would have (found by probe32a: both cards were refused)
    parts = re.findall(r"(Plains|Islands|Swamps|Mountains|Forests) produce \{([WUBRGC])\}", m["parts"])
    by_subtype = {_PLURAL_LAND_TYPES[w]: t for w, t in parts}
    if len(by_subtype) != len(parts):
        raise Refused("a land type listed twice")
    return {"kind": "static", "replace_mana": {
        "when": {"tapped_for_mana": True, "what": {"type": "Land"}, "controller": "any"},
        "result": {"by_subtype": by_subtype}}}


@template("static.replace_mana_color_of_choice", "line",
          r"If a basic land you control is tapped for mana, it produces mana of a color of your choice "
          r"instead of any other type",
          '{"kind": "static", "replace_mana": {"when": {"tapped_for_mana": true, "what": {"type": "Land", '
          '"basic": true}, "controller": "you"}, "result": {"any_color": true}}}', "CR 106.12b, 614.1a, 106.1a",
          "Pulse of Llanowar")
def _l_replace_mana_color_of_choice(m: re.Match[str], ctx: Ctx) -> Any:
    # 106.12b: the amount stays, of one color its controller chooses (found by probe23d: refused)
    return {"kind": "static", "replace_mana": {
        "when": {"tapped_for_mana": True, "what": {"type": "Land", "basic": True}, "controller": "you"},
        "result": {"any_color": True}}}


@template("spell.until_end_of_turn_triggered_mana", "line",
          r"Until end of turn, (?P<trig>whenever .+? for mana), (?P<eff>.+)",
          '{"kind": "spell", "effect": {"action": "until_end_of_turn", "triggered_mana": {"trigger": TRIGGER, '
          '"mana": {"fixed": "{U}"}}}} (an instant or sorcery: a delayed triggered mana ability for the turn, '
          "the state's `effects` once it resolved)", "CR 603.7, 603.7b, 603.7d, 605.1b, 611.2a",
          "High Tide: Until end of turn, whenever a player taps an Island for mana, that player adds an "
          "additional {U}.; Bubbling Muck: a Swamp, {B}")
def _l_eot_triggered_mana(m: re.Match[str], ctx: Ctx) -> Any:
    # (found by probe32a: High Tide and Bubbling Muck were refused)
    if not {"Instant", "Sorcery"} & set(ctx.face.types):
        raise Refused("a delayed triggered mana ability of a permanent's ability")
    trig = _match("trigger", "W" + m["trig"][1:], ctx)
    if trig.get("event") != "tapped_for_mana" or trig.get("what") == "enchanted" \
            or trig.get("of_chosen_color") or trig.get("any_mana_ability"):
        raise Refused(f'"{m["trig"]}": a delayed trigger no template reads')
    produce = _match("mana_trigger_effect", m["eff"].rstrip("."), ctx)
    if set(produce) != {"fixed"}:
        raise Refused("a delayed triggered mana ability adding other than fixed mana")
    return {"kind": "spell", "effect": {"action": "until_end_of_turn",
                                        "triggered_mana": {"trigger": trig, "mana": produce}}}


@template("spell.pale_moon", "line",
          r"Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana "
          r"instead of any other type",
          '{"kind": "spell", "effect": {"action": "until_end_of_turn", "replace_mana": {...}}}',
          "CR 106.12b, 614.1a, 611.2a", "Pale Moon")
def _l_pale_moon(m: re.Match[str], ctx: Ctx) -> Any:
    return {"kind": "spell", "effect": {"action": "until_end_of_turn", "replace_mana": {
        "when": {"tapped_for_mana": True, "what": {"type": "Land", "nonbasic": True},
                 "controller": "any"}, "result": {"type": "C"}}}}


# keywords the rules in scope read (docs/card-format.md); every other keyword is not modeled
KEYWORD_COST = rf"(?P<cost>{MANA}+)"


@template("keyword.flash", "keyword", r"Flash", '{"kind": "keyword", "keyword": "flash"}',
          "CR 702.8", "Flash")
def _k_flash(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "flash"}


@template("keyword.split_second", "keyword", r"Split second",
          '{"kind": "keyword", "keyword": "split second"} (while the spell is on the stack, no other '
          "spell can be cast and no ability that isn't a mana ability activated)", "CR 702.61a-b",
          "Sudden Shock: Split second")
def _k_split_second(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "split second"}


@template("keyword.ascend", "keyword", r"Ascend",
          '{"kind": "keyword", "keyword": "ascend"} (a permanent\'s: its controller, with ten or more '
          "permanents, has the city's blessing)", "CR 702.131b-c", "Arch of Orazca: Ascend")
def _k_ascend(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "ascend"}


@template("keyword.haste", "keyword", r"Haste", '{"kind": "keyword", "keyword": "haste"}',
          "CR 702.10, 302.6", "Haste")
def _k_haste(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "haste"}


@template("keyword.hexproof", "keyword", r"Hexproof", '{"kind": "keyword", "keyword": "hexproof"}',
          "CR 702.11b, 601.2c, 608.2b (its opponents' spells and abilities can't target it)", "Gladecover Scout: Hexproof")
def _k_hexproof(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "hexproof"}


@template("keyword.shroud", "keyword", r"Shroud", '{"kind": "keyword", "keyword": "shroud"}',
          "CR 702.18a, 601.2c, 608.2b (no spell or ability can target it)", "Argothian Enchantress: Shroud")
def _k_shroud(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "shroud"}


@template("keyword.indestructible", "keyword", r"Indestructible",
          '{"kind": "keyword", "keyword": "indestructible"}',
          "CR 702.12b, 704.5g (lethal damage and \"destroy\" don't destroy it; toughness 0 or less still puts it into the graveyard, 704.5f)",
          "Darksteel Myr: Indestructible")
def _k_indestructible(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "indestructible"}


@template("keyword.kicker", "keyword", rf"Kicker {KEYWORD_COST}",
          '{"kind": "keyword", "keyword": "kicker", "cost": "{2}"}', "CR 702.33", "Kicker {4}")
def _k_kicker(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "kicker", "cost": _mana(m["cost"])}


@template("keyword.multikicker", "keyword", rf"Multikicker {KEYWORD_COST}",
          '{"kind": "keyword", "keyword": "multikicker", "cost": "{1}{G}"}', "CR 702.33c",
          "Multikicker {1}{G}")
def _k_multikicker(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "multikicker", "cost": _mana(m["cost"])}


@template("keyword.foretell", "keyword", rf"Foretell {KEYWORD_COST}",
          '{"kind": "keyword", "keyword": "foretell", "cost": "{1}{U}"}', "CR 702.143",
          "Foretell {1}{U}")
def _k_foretell(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "foretell", "cost": _mana(m["cost"])}


@template("keyword.plot", "keyword", rf"Plot {KEYWORD_COST}",
          '{"kind": "keyword", "keyword": "plot", "cost": "{3}{G}"}', "CR 702.170", "Plot {3}{G}")
def _k_plot(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "plot", "cost": _mana(m["cost"])}


@template("keyword.hideaway", "keyword", r"Hideaway (?P<n>\d+)",
          '{"kind": "keyword", "keyword": "hideaway", "n": 4}', "CR 702.75", "Hideaway 4")
def _k_hideaway(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "hideaway", "n": int(m["n"])}


# 702.75b: "Cards printed before this rules change had the printed text 'Hideaway' with no numeral
# after the word. Those older cards have received errata in the Oracle card reference to have
# 'Hideaway 4' and the additional ability '[This permanent] enters tapped.'" A card given with its
# printed text reads as its Oracle text: hideaway 4, and (unless the text already has that line) an
# "enters tapped" replacement right after it, numbered as in the Oracle text (_compile_paragraph).
@template("keyword.hideaway_printed", "keyword", r"Hideaway",
          '{"kind": "keyword", "keyword": "hideaway", "n": 4} and {"kind": "replacement", '
          '"enters_tapped": true} (the errata of 702.75b)', "CR 702.75b",
          "Hideaway (printed before the rules change: Windbrisk Heights' Lorwyn text)")
def _k_hideaway_printed(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "hideaway", "n": 4}


# Keywords that are activated abilities (702.6a equip, 702.67a fortify, 702.29a cycling): read as
# the activated ability the keyword means, with its cost, timing and zone (so that `why` answers
# with their rules: 602.5d "Activate only as a sorcery", 113.6k an ability of a card in hand),
# one ability as the keyword is; what they do (attach, draw) is read as those words are.
def _activated_keyword(meaning: str, part: str, ctx: Ctx) -> dict[str, Any]:
    ab = compile_line(part, meaning, ctx)
    if ab is None or ab.get("kind") != "activated":
        raise Refused(f'keyword "{part}": the activated ability it means ("{meaning}") is not read')
    return {k: v for k, v in ab.items() if k != "text"}


@template("keyword.equip", "keyword", rf"Equip {KEYWORD_COST}",
          '{"kind": "activated", "cost": {"mana": C}, "timing": "sorcery", "effect": {"action": '
          '"not_modeled", "targets": [a creature you control]}} (702.6a: "[Cost]: Attach this '
          'permanent to target creature you control. Activate only as a sorcery.")', "CR 702.6a, 602.5d",
          "Bonesplitter: Equip {1}")
def _k_equip(m: re.Match[str], ctx: Ctx) -> Any:
    return _activated_keyword(f"{m['cost']}: Attach ~ to target creature you control. Activate only as a "
                              "sorcery.", m.group(0), ctx)


@template("keyword.fortify", "keyword", rf"Fortify {KEYWORD_COST}",
          '{"kind": "activated", "cost": {"mana": C}, "timing": "sorcery", "effect": {"action": '
          '"not_modeled", "targets": [a land you control]}} (702.67a)', "CR 702.67a, 602.5d",
          "Darksteel Garrison: Fortify {3}")
def _k_fortify(m: re.Match[str], ctx: Ctx) -> Any:
    return _activated_keyword(f"{m['cost']}: Attach ~ to target land you control. Activate only as a "
                              "sorcery.", m.group(0), ctx)


@template("keyword.cycling", "keyword", rf"Cycling {KEYWORD_COST}",
          '{"kind": "activated", "cost": {"mana": C, "discard": "self"}, "zone": "hand", "effect": '
          '{"action": "draw", "n": 1}} (702.29a: "[Cost], Discard this card: Draw a card.")',
          "CR 702.29a, 113.6k", "Cycling {2}")
def _k_cycling(m: re.Match[str], ctx: Ctx) -> Any:
    return _activated_keyword(f"{m['cost']}, Discard ~: Draw a card.", m.group(0), ctx)


@template("keyword.cycling_life", "keyword", r"Cycling—Pay (?P<n>\d+) life\.?",
          '{"kind": "activated", "cost": {"life": N, "discard": "self"}, "zone": "hand", "effect": '
          '{"action": "draw", "n": 1}} (702.29a: "[Cost], Discard this card: Draw a card.", the cost '
          'paying life, 119.4)', "CR 702.29a, 113.6k, 119.4", "Street Wraith: Cycling—Pay 2 life.")
def _k_cycling_life(m: re.Match[str], ctx: Ctx) -> Any:
    return _activated_keyword(f"Pay {m['n']} life, Discard ~: Draw a card.", m.group(0), ctx)


@template("keyword.crew", "keyword", r"Crew (?P<n>\d+)",
          '{"kind": "activated", "cost": {"crew": N}, "effect": {"action": "become_creature", "power": P, '
          '"toughness": T, "types": ["Artifact", "Creature"], "duration": "end_of_turn"}} (702.122a: "Tap '
          'any number of other untapped creatures you control with total power N or greater: This permanent '
          'becomes an artifact creature until end of turn."; P/T: the Vehicle\'s printed power and '
          'toughness, 208.1; any other untapped creature may be tapped, a summoning-sick one too, 302.6, never the Vehicle itself)',
          "CR 702.122a, 118.3, 302.6, 613.4b", "Smuggler's Copter: Crew 1")
def _k_crew(m: re.Match[str], ctx: Ctx) -> Any:
    # 702.122a: the keyword means that activated ability; the permanent it makes a creature has its
    # printed power and toughness (208.1: a Vehicle's, printed though it isn't a creature).
    # (Found by probe25b: crew was kept as not modeled.)
    p, t = ctx.face.power, ctx.face.toughness
    if p is None or t is None or not re.fullmatch(r"\d+", p) or not re.fullmatch(r"\d+", t):
        raise Refused(f'keyword "{m.group(0)}": the permanent it makes a creature has no printed '
                      f"power and toughness the importer reads ({p}/{t})")
    n = int(m["n"])
    if n < 1:
        raise Refused(f'keyword "{m.group(0)}": crew 0 is not in the card format')
    return {"kind": "activated", "cost": {"crew": n},
            "effect": {"action": "become_creature", "power": int(p), "toughness": int(t),
                       "types": ["Artifact", "Creature"], "duration": "end_of_turn"}}


@template("keyword.typecycling", "keyword", rf"(?P<what>Basic land|[A-Z][a-z]+)cycling {KEYWORD_COST}",
          '{"kind": "activated", "cost": {"mana": C, "discard": "self"}, "zone": "hand", "effect": '
          '{"action": "not_modeled"}} (702.29e: "[Cost], Discard this card: Search your library for a '
          '[type] card, reveal it, put it into your hand, then shuffle.")', "CR 702.29e, 113.6k",
          "Islandcycling {1}")
def _k_typecycling(m: re.Match[str], ctx: Ctx) -> Any:
    what = m["what"].lower() if m["what"] == "Basic land" else m["what"]
    return _activated_keyword(f"{m['cost']}, Discard ~: Search your library for a {what} card, reveal "
                              "it, put it into your hand, then shuffle.", m.group(0), ctx)


@template("keyword.suspend", "keyword", rf"Suspend (?P<n>\d+)—{KEYWORD_COST}",
          '{"kind": "keyword", "keyword": "suspend", "n": 3, "cost": "{0}"} (the special action '
          "`suspend` exiles the card from hand with N time counters; `apply` reports the time-counter "
          "triggers, which it doesn't perform)", "CR 116.2f, 702.62a-b", "Lotus Bloom: Suspend 3—{0}")
def _k_suspend(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "suspend", "n": int(m["n"]), "cost": _mana(m["cost"])}


@template("keyword.ward", "keyword", rf"Ward {KEYWORD_COST}",
          '{"kind": "keyword", "keyword": "ward", "cost": "{2}"}', "CR 702.21", "Ward {2}")
def _k_ward(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "ward", "cost": _mana(m["cost"])}


@template("keyword.enchant", "keyword",
          r"Enchant (?P<what>(?:land|creature|artifact|enchantment|permanent|planeswalker)"
          r"(?: or (?:land|creature|artifact|enchantment|planeswalker))?(?: you control)?|player|"
          r"Plains|Island|Swamp|Mountain|Forest)",
          '{"kind": "keyword", "keyword": "enchant", "what": "land"} ("forest": a land with that basic '
          "land type)", "CR 702.5, 303.4a, 205.3i",
          "Enchant land; Utopia Sprawl: Enchant Forest")
def _k_enchant(m: re.Match[str], ctx: Ctx) -> Any:
    return {"keyword": "enchant", "what": m["what"].lower()}


# 702.16a: the qualities "protection from ..." names that the card format holds (a color, a card
# type, everything); 702.16h: "all colors" is protection from each color
_PROT_QUALITY = {**COLOR_WORDS, "artifacts": "Artifact", "creatures": "Creature",
                 "enchantments": "Enchantment", "instants": "Instant", "sorceries": "Sorcery",
                 "lands": "Land", "planeswalkers": "Planeswalker", "battles": "Battle",
                 "everything": "everything", "multicolored": "multicolored"}
_PROT_WORD = r"(?:white|blue|black|red|green|artifacts|creatures|enchantments|instants|sorceries|" \
             r"lands|planeswalkers|battles|everything|all colors|each color|multicolored)"


@template("keyword.protection", "keyword",
          rf"Protection from (?P<qs>{_PROT_WORD}(?:,? and from {_PROT_WORD}|, from {_PROT_WORD})*)",
          '{"kind": "keyword", "keyword": "protection", "from": ["W", "U"]} (a color, a card type, '
          '"multicolored" (two or more colors, 105.2b) or "everything"; "all colors" is the five '
          "colors; any other quality is a not-modeled keyword: its targets, Auras and damage are not "
          "checked)",
          "CR 702.16a-c, 702.16g-h, 702.16j",
          "Progenitus: Protection from everything; Sword of Body and Mind's \"protection from green "
          "and from blue\"; Stonecoil Serpent's \"protection from multicolored\"")
def _k_protection(m: re.Match[str], ctx: Ctx) -> Any:
    qs: list[str] = []
    for w in re.split(r",? and from |, from ", m["qs"].lower()):
        for q in (list(COLOR_WORDS.values()) if w in ("all colors", "each color") else [_PROT_QUALITY[w]]):
            if q not in qs:
                qs.append(q)
    return {"keyword": "protection", "from": qs}


# keywords that change how or from where a spell is cast or what it costs (CR 601.2b, 118.9,
# 702): with no template, a card having one is refused (its moves would be wrong)
CASTING_KEYWORDS = {
    "affinity", "aftermath", "assist", "awaken", "bargain", "bestow", "blitz", "buyback",
    "casualty", "cleave", "convoke", "dash", "delve", "disguise", "disturb", "emerge", "entwine",
    "escape", "escalate", "evoke", "flashback", "freerunning", "fuse", "harmonize", "impending",
    "improvise", "jump-start", "kicker", "madness", "mayhem", "megamorph", "miracle", "morph",
    "multikicker", "mutate", "offspring", "overload",
    "prototype", "prowl", "rebound", "replicate", "retrace", "spectacle", "splice", "squad",
    "sneak", "surge", "suspend", "undaunted", "warp", "web-slinging", "gift", "spree", "cipher",
    "foretell", "plot", "hideaway", "enchant", "companion", "more than meets the eye",
    "tiered", "plainscycling", "teamwork", "split second", "sunburst", "conspire",
    "firebending", "power-up", "paradigm",
}
CASTING_KEYWORDS.discard("plainscycling")
# a line that starts with such a keyword and its cost or number but isn't a keyword line ("Kicker
# {X}. X can't be 0.", Thieving Skydiver; "Casualty X. The copy isn't legendary ...", Ob Nixilis,
# the Adversary; "Flashback {3}{B}, Pay 3 life.", Incubob): refused like the keyword (found by
# probe19c: kept as not modeled, kicking or casting them that way was refused)
_CASTING_KEYWORD_START = re.compile(
    r"^(?:" + "|".join(re.escape(k) for k in sorted(CASTING_KEYWORDS, key=len, reverse=True))
    + r")(?=\s*[{—\d]|\s+X\b)", re.IGNORECASE)


# --- compiling one line -----------------------------------------------------------------------

# a line that does none of these can't change an answer in scope (moves, mana, why)
_SCOPE = re.compile(
    r"\badds?\b[^.]*(?:\{[WUBRGCX\d]\}|\bmana\b)|\bmana\b|\bcosts?\b|\bcast\b|\bflash\b|\bspend\b|"
    r"\benters?\b[^.]*\b(?:tapped|untapped|with)\b|\bAs ~ enters\b|\bAs [^,]* enters\b|\bplay\b|"
    r"\bactivate\b|\bwithout paying\b|\{T\}|\{Q\}|\benter the battlefield tapped\b|"
    # 602.5: a prohibition on activating abilities (Null Rod's and the Auras' are templated)
    r"\bcan't be activated\b|"
    r"\bhas flash\b|\bas though\b|^~ is (?:all colors|colorless)\b|"
    # 614.1c: "If ~ would enter, ... instead": where and whether it enters
    r"\bIf ~ would enter\b|"
    # 502.3: what the untap step untaps (apply plays it); "you may choose not to untap" is a choice
    # whose untapping branch is the one apply plays
    r"\b(?:doesn't|don't) untap during\b",
    re.IGNORECASE,
)
# 305.7, 106.7: a static ability that sets or adds basic land types ("Nonbasic lands are
# Mountains", "Each land is a Swamp in addition to its other land types", "Lands you control are
# every basic land type ...", "Enchanted land is an Island") gives those lands the intrinsic mana
# abilities of those types (or takes theirs away): it changes what they could produce, so a line
# that static.land_type_set and static.land_type_add don't read ("the chosen type", "As long as
# ...", "until end of turn") is refused, not kept as not modeled (found by probe18: Urborg and
# Reflecting Pool, now read). A condition ("If that land is a Mountain", "unless there is a
# Mountain") is no change.
_BASIC_TYPES_PL = r"(?:Plains|Islands?|Swamps?|Mountains?|Forests?)"
_LAND_TYPE_CHANGE = re.compile(
    r"(?<!if that land )(?<!if it )(?<!there )\b(?:is|are|becomes?)(?: an?)?(?: the)?"
    r"(?: (?:colorless|white|blue|black|red|green))? "
    r"(?:every basic land type|basic land type of your choice|"
    + _BASIC_TYPES_PL + r"(?:,? (?:and |or )?" + _BASIC_TYPES_PL + r")*)\b(?! card)|"
    r"\blands?\b[^.]*\bbecomes? that type\b|\blose all land types\b|"
    # (probe16c: Song of the Dryads' "Enchanted permanent is a colorless Forest land" and
    # Phantasmal Terrain's "Enchanted land is the chosen type" were kept as not modeled)
    r"\blands?\b[^.]*\b(?:is|are) the chosen (?:basic land )?type\b",
    re.IGNORECASE,
)
# 107.4h, 205.4g: a static ability that makes permanents snow ("Enchanted land is snow", Glittering
# Frost; "Permanents with ice counters on them are snow", Rimefeather Owl) makes the mana they
# produce snow mana, which pays {S}: the card format has no place for it, so a line no template reads
# is refused, not kept as not modeled (found by probe21: Glittering Frost's Forest was not snow). A
# condition ("If that card is snow") is no change.
_SNOW_CHANGE = re.compile(r"^(?![^.]*\bif\b)[^.]*\b(?:is|are|becomes?) snow\b|\bsnow in addition to\b",
                          re.IGNORECASE)
# 302.6, 702.10: a static line that gives creatures haste lets their {T} and {Q} abilities be
# activated (mana abilities included) the turn they come under their controller's control. One no
# template reads all of ("Equipped creature gets +1/+0 and has haste", "This creature has haste as
# long as you control a red creature", "Artifact creatures you control have haste") is refused, not
# kept as not modeled (found by probe21: an Elf equipped with Hidden Footblade couldn't tap for
# mana). A triggered line, a mode or a spell's "gains haste until end of turn" is an effect `apply`
# reports as not modeled; a prohibition ("can't have or gain haste") takes haste away, so it is
# refused too.
_GRANTS_HASTE = re.compile(r"^(?!(?:When|Whenever|At)\b)(?![^\"]*\buntil end of turn\b)[^\"]*?(?:\b(?:has|have|gains?)\b"
                           r"[^.\"]*?\bhaste\b|"
                           # "As long as a creature card with flying is in a graveyard, this creature
                           # has flying. The same is true for ..., haste, ..." (Cairn Wanderer;
                           # found by probe18a)
                           r"\bThe same is true for\b[^.\"]*\bhaste\b)", re.IGNORECASE)
# 302.6, 205.2a: a static line that makes permanents creatures ("Lands you control are 2/2
# creatures", Natural Emergence; "Enchanted land is a 4/4 Elemental creature", the Zendikons;
# "Enchanted artifact is a creature with base power and toughness 5/5", Ensoul Artifact; "During
# turns other than yours, this Vehicle is an artifact creature") makes them summoning sick: their
# {T} and {Q} abilities, mana abilities included, can't be activated the turn they come under their
# controller's control. Kept as not modeled, a Forest played this turn under Natural Emergence
# could tap for mana (found by probe18a); one no template reads is refused. A condition ("As long
# as enchanted permanent is a creature, it gets +2/+2") is no change.
_MAKES_CREATURES = re.compile(
    r"^(?!(?:When|Whenever|At)\b)(?![^\"]*\buntil\b)(?![^.\"]*\bisn't on the battlefield\b)[^\"]*?"
    r"(?:\b(?:is|are)|, it's)(?: an?)?(?: \d+/\d+)?(?: (?:[A-Z][a-z]+|white|blue|black|red|green|"
    r"colorless|artifact|and))* creatures?\b(?! (?:card|spell))(?!,)")
# 702.11b, 702.18a, 702.16b, 601.2c, 608.2b: a static line that gives permanents or players hexproof,
# shroud or protection decides which spells and abilities may target them. One no template reads
# ("Equipped creature gets +2/+2 and has protection from red and from white", "You have hexproof",
# "This creature has hexproof as long as it's untapped") is refused, not kept as not modeled:
# `why` would otherwise let a spell target what it can't (probe21). As for haste, a triggered line,
# a mode or an effect "until end of turn" is an effect `apply` reports as not modeled.
_GRANTS_TARGET_SHIELD = re.compile(
    r"^(?!(?:When|Whenever|At)\b)(?![^\"]*\buntil end of turn\b)[^\"]*?\b(?:has|have|gains?)\b"
    r"[^.\"]*?\b(?:hexproof|shroud|protection from)\b", re.IGNORECASE)
# 613.1f: a static line that takes abilities away ("All creatures lose all abilities", Humility;
# "Enchanted creature loses all abilities and is a blue Frog ...", Frogify) takes away the
# permanents' mana abilities (605.1a) and the others in scope (costs, haste, enters tapped): one no
# template reads is refused, not kept as not modeled (found by probe16c: with Humility on the
# battlefield, Llanowar Elves still could produce {G}). A trigger's or an effect's "loses all
# abilities until end of turn" is an effect `apply` reports as not modeled.
_REMOVES_ABILITIES = re.compile(
    r"^(?!(?:When|Whenever|At)\b)(?![^\"]*\buntil\b)[^\"]*?\b(?:loses?|lose) all (?:other )?"
    r"abilities\b", re.IGNORECASE)
# 702.5a, 303.4a, 115.1b: an Aura's "Enchant [object or player]" decides what the Aura spell targets
# and what the Aura may be attached to; words no template reads ("Enchant artifact, creature, or
# planeswalker", "Enchant nonland permanent." with a period) are refused, not kept as not modeled
# (found by probe16c: Planar Disruption's spell targeted nothing)
_ENCHANT_UNREAD = re.compile(r"^Enchant\b")
# 702.48a: "[Quality] offering" ("Fox offering", "Artifact offering") lets the card be cast any time
# its owner could cast an instant by sacrificing a permanent of that quality, the total cost reduced
# by its mana cost: it changes when the spell may be cast and what it costs (117.1a, 601.2f). Kept
# as not modeled, casting Patron of the Kitsune on an opponent's turn with a Fox to sacrifice was
# refused (307.1; found by probe20a); no template reads it.
_OFFERING = re.compile(r"^[A-Za-z-]+ offering$", re.IGNORECASE)
# 605.1a, 106.7, 602.1: a static line that gives a permanent the activated abilities of other
# objects ("it has all activated abilities of all creature cards in all graveyards", Necrotic Ooze;
# "has all activated abilities of all cards exiled with it", Myr Welder; "has all loyalty abilities
# of all other planeswalkers", Nicol Bolas, Dragon-God) gives it their mana abilities too, and so
# what it could produce and what it may activate; kept as not modeled, Necrotic Ooze could produce
# nothing with Llanowar Elves in a graveyard (found by probe24d).
_SHARES_ABILITIES = re.compile(
    r"^(?!(?:When|Whenever|At)\b)(?![^\"]*\buntil\b)[^\"]*?\b(?:has|have)\b(?: all)?(?: the)?"
    r"(?: activated| loyalty| mana)? abilities of\b", re.IGNORECASE)
# 601.2c, 602.2b, 608.2b: a static line that says what can't target a permanent, a player or a card
# ("This creature can't be the target of blue or black spells", Karplusan Strider; "Creatures can't
# be the targets of spells", Dense Foliage) decides, as hexproof does, what spells and abilities may
# target; kept as not modeled, a blue spell was cast targeting Karplusan Strider (probe24d).
_TARGET_BAN = re.compile(
    r"^(?!(?:When|Whenever|At)\b)(?![^\"]*\buntil end of turn\b)[^\"]*?\bcan't be the targets? of\b",
    re.IGNORECASE)
# 110.2, 614.1c: "This enchantment enters under the control of an opponent of your choice" (Captive
# Audience, Pendant of Prosperity): `apply` put it onto the battlefield under its caster's control
# (probe24d). 603.2, 603.6a: "Creatures entering don't cause abilities to trigger" (Torpor Orb,
# Hushbringer): `apply` put the enters triggers it stops on the stack. 122.1, 614.1c: "Counters
# can't be put on artifacts, creatures, enchantments, or lands" (Solemnity): a permanent entering
# "with N counters" got them.
_ENTERING_CHANGES = re.compile(
    r"^(?!(?:When|Whenever|At)\b)[^\"]*?(?:\benters? under the control of\b|"
    r"\bdon't cause abilities to trigger\b|\bcounters can't be put on\b)", re.IGNORECASE)
# 613.1b, 303.4e: "You control enchanted creature." (Control Magic, Mind Control, Confiscate's "You
# control enchanted permanent."): a static control-changing effect. Kept as not modeled, `apply`
# resolved Control Magic onto bob's Llanowar Elves with the Elves still bob's, saying nothing, and
# bob could still tap it (found by probe28b): who controls a permanent decides who may activate its
# abilities (602.2) and since when (302.6).
# (a sentence that says so, not a condition: Mishra's Domination's "As long as you control enchanted
# creature, it gets +2/+2" changes no control)
_CONTROL_CHANGE = re.compile(
    r"^(?!(?:When|Whenever|At)\b)(?:[^\"]*?\.\s+)?You control (?:enchanted|equipped|fortified)\b")
# A line no template reads that changes what the rules in scope read is refused, never kept as not
# modeled: (pattern, whether it looks inside quoted abilities too, the reason with %s for the words).
_UNREAD_CHANGES: tuple[tuple[re.Pattern[str], bool, str], ...] = (
    (_LAND_TYPE_CHANGE, False,
     ('changes the land types of lands ("%s"), and with them their intrinsic mana abilities and the '
     "types of mana they could produce (305.7, 106.7); no template reads it")),
    (_GRANTS_HASTE, True,
     ('gives haste ("%s") in words no template reads: haste lets a creature\'s {T} and {Q} abilities '
     "be activated (302.6, 702.10)")),
    (_GRANTS_TARGET_SHIELD, True,
     ('gives hexproof, shroud or protection ("%s") in words no template reads: they decide what '
     "spells and abilities may target (702.11b, 702.18a, 702.16b; 601.2c, 608.2b)")),
    (_SNOW_CHANGE, False,
     ('makes permanents snow ("%s"), and the mana they produce snow mana, which pays {S} (107.4h, '
     "205.4g); no template reads it")),
    (_REMOVES_ABILITIES, False,
     ('takes abilities away ("%s"), mana abilities included (613.1f, 605.1a); no template reads '
      "it")),
    (_ENCHANT_UNREAD, False,
     ('an enchant keyword ("%s ...") in words no template reads: it decides what the Aura spell '
      "targets and what the Aura may enchant (702.5a, 303.4a, 115.1b)")),
    (_SHARES_ABILITIES, False,
     ('gives a permanent the abilities of other objects ("%s"), mana abilities among them (605.1a, '
      "106.7, 602.1); no template reads it")),
    (_TARGET_BAN, False,
     ('says what can\'t target an object or a player ("%s") in words no template reads: it decides '
      "what spells and abilities may target (601.2c, 602.2b, 608.2b)")),
    (_ENTERING_CHANGES, False,
     ('changes how permanents enter or what their entering does ("%s": under whose control, 110.2; '
      "the abilities it triggers, 603.2; the counters put on them, 122.1, 614.1c); no template "
      "reads it")),
    (_OFFERING, False,
     ('"%s" (702.48a): the card may be cast any time its owner could cast an instant by sacrificing '
      "a permanent of that quality, for less (117.1a, 601.2f); no template reads it")),
    (_CONTROL_CHANGE, False,
     ('changes who controls a permanent ("%s") in words no template reads: its controller is who may '
      "activate its abilities (602.2) and since when (302.6); a control-changing effect, 613.1b")),
    # (after the others: Frogify's line takes abilities away too, 613.1f, and is refused so)
    (_MAKES_CREATURES, False,
     ('makes permanents creatures ("%s") in words no template reads: a creature\'s {T} and {Q} '
      "abilities can't be activated the turn it comes under its controller's control (302.6)")),
)
_SPELL_STATIC = re.compile(
    r"^(?:~|This spell) costs\b|^As an additional cost to cast\b|"
    r"\b(?:may|can't|can|cannot) cast ~|\b~ can't be cast|\brather than pay|\bas though ~ had "
    r"flash|\bSpend only\b|\bmana (?:cost|value) of ~ |^~ can be cast\b|"
    # 601.3, 117.1a, 307.1: "Cast this spell only during combat" (Blaze of Glory, Seedtime,
    # Festival): a restriction on when the spell may be cast, no effect of it (found by probe18e:
    # read as an effect not modeled, so `why` let such an instant be cast at any time); the common
    # timings are read first by `static.cast_only` (probe32b), the rest is refused here
    r"^Cast (?:~|this spell) only\b|"
    # "If this spell is the first spell you've cast this game, you may cast it without paying its
    # mana cost." (Once Upon a Time): an alternative cost of the spell itself (118.9), not its
    # effect (found by probe18b: kept as a not-modeled effect, the free cast was refused)
    r"^If (?:~|this spell) [^,]*, you may cast it\b",
)
# (a trigger may list basic land types: "Whenever a player taps a Mountain, Forest, or Plains for mana")
_TRIGGER = re.compile(r"^(?P<trig>(?:When|Whenever|At)\b[^,]*?"
                      r"(?:, (?:or )?(?:Plains|Island|Swamp|Mountain|Forest)\b[^,]*)*), (?P<eff>.+)$")
_ACTIVATED = re.compile(r"^(?P<cost>[^:\"]+?): (?P<eff>.+)$")
# 603.4: the intervening "if" of an enters trigger about the spell the permanent was (its kicker
# paid, 702.33d; cast at all; cast from its owner's hand, 601.2a), and the condition it becomes
_ENTERS_IF = re.compile(r"^if (?P<cond>(?:it|~) was kicked|you cast it from your hand|you cast it|"
                        r"(?:it|~) was cast), (?P<eff>.+)$")
_ENTERS_IF_KINDS = {"it was kicked": "kicked", "~ was kicked": "kicked", "you cast it": "cast",
                    "it was cast": "cast", "~ was cast": "cast",
                    "you cast it from your hand": "cast_from_hand"}
_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][\w' ,!.-]*?) — (?P<rest>.+)$")
_LOYALTY = re.compile(r"^\[?[+−-]?(?:\d+|X)\]?: ")


# (also "Spend only black mana on X" / "Spend only mana of the chosen color to activate this
# ability": a restriction on the mana that pays the cost, 106.6, which the card format can't say)
# 107.3c: a sentence that defines X ("X is the number of pin counters on this artifact"), not one
# that tests it ("If X is 5 or more, ...")
_X_DEFINED = re.compile(r"X is\b")
# (also "For each mana in this ability's activation cost, you may tap an untapped creature you
# control rather than pay that mana" (Heirloom Epic: an alternative way to pay the cost, 601.2h) and
# "Only this creature's owner may activate this ability" (Personal Incarnation: who may activate
# it, 602.2): read as effects not modeled, `why` refused an activation the creatures could pay
# and allowed one by a controller who isn't the owner; found by probe22d)
_ACTIVATION_RULE = re.compile(r"^(?:Activate|Any player may activate)\b|\bThis ability costs\b|"
                              r"\bcosts? .*\b(?:less|more) to activate\b|^Spend only\b|"
                              r"\bmay activate (?:this|that|it)\b|\brather than pay\b")
# (Doubling Cube's "Double the amount of each type of unspent mana you have" adds mana too: it is a
# mana ability, 605.1a, which doesn't go on the stack, 605.3b; found by probe15a: kept as a not
# modeled activated ability, apply put it on the stack.)
_ADDS = re.compile(r"\badds?\b[^.]*(?:\{[WUBRGC]\}|\bmana\b)|\bdouble the amount of [^.]*\bmana\b", re.IGNORECASE)


def _grants_mana(text: str) -> bool:
    """A quoted ability that adds mana, given to an object that isn't a token being created."""
    return (any(_ADDS.search(q) for q in re.findall(r'"[^"]*"', text))
            and not re.search(r"\bcreates?\b|\btokens?\b", _unquoted(text), re.IGNORECASE))


def _unquoted(text: str) -> str:
    """The text without quoted abilities (those are abilities of another object)."""
    return re.sub(r'"[^"]*"', '""', text)


def _sentences(text: str) -> list[str]:
    """The sentences of an effect: split at '. ' outside quotes; no trailing period."""
    out, depth, cur = [], False, ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            depth = not depth
        if ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(cur.strip())
            cur = ""
            i += 1
            continue
        cur += ch
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return [s for s in out if s]


def _mana_ability_body(eff: str, ctx: Ctx) -> dict[str, Any] | None:
    """"Add ...[. rider][. Spend this mana only ...][. Activate only ...]" -> fields of an
    activated mana ability, or None if ``eff`` doesn't start by adding mana."""
    if not re.match(r"Add\b|Put \w+ [\w+/-]+ counters? on ~\. Add\b|Choose a color(?: of a permanent "
                    r"you control| of a card in your graveyard)?\. Add\b|Reveal any number of "
                    r"[^.]* (?:in|from) your hand\. Add\b", eff):
        return None
    whole = eff.rstrip(".")
    out = _try("mana", whole, ctx)  # a wording with a sentence of its own (Gemstone Caverns)
    if out is not None:
        return {"mana": out}
    sents = _sentences(eff)
    # "... copy that spell. You may choose new targets for the copy." (707.10c): the second
    # sentence belongs to the delayed trigger's effect (Ether), read with it
    for i in range(len(sents) - 1, 1, -1):
        if sents[i] == "You may choose new targets for the copy":
            sents[i - 1:i + 1] = [f"{sents[i - 1]}. {sents[i]}"]
    # "Put a charge counter on this artifact. Add X mana of any one color, where X is the number of
    # charge counters on this artifact." (Empowered Autogenerator; 608.2c, in order): the counter is
    # put first, so the count includes it
    pre = re.fullmatch(rf"Put (?P<n>{NUM}) (?P<k>[a-z+][\w+/-]*) counters? on ~", sents[0])
    if pre is not None and len(sents) > 1 and sents[1].startswith("Add"):
        rest = _mana_ability_body(". ".join(sents[1:]) + ".", ctx)
        if rest is None:
            return None
        n = _num(pre["n"])
        fe = rest["mana"].get("for_each") if isinstance(rest["mana"], dict) else None
        if not (isinstance(fe, dict) and fe.get("counters") == pre["k"] and "plus" not in fe):
            raise Refused("counters put before the mana that the amount doesn't count: not in the card format")
        fe["plus"] = n
        rest.setdefault("put_counters", {})[pre["k"]] = n
        return rest
    if sents[0].startswith("Reveal any number of") and len(sents) > 1:  # reveal, then add: one
        sents[0:2] = [f"{sents[0]}. {sents[1]}"]
    produce = _match("mana", sents[0], ctx)
    fields: dict[str, Any] = {"mana": produce}
    for s in sents[1:]:
        extra = _match("mana_rider", s, ctx)
        for k, v in extra.items():
            if k == "spend_only":
                produce.setdefault("spend_only", []).extend(v)
            elif k == "no_generic":  # a restriction on the mana, as spend_only (106.6)
                produce["no_generic"] = v
            elif k == "not_performed":
                fields.setdefault("not_performed", []).extend(v)
            elif k == "rider":
                # on the ability: it stays a mana ability (605.1a)
                fields.setdefault("rider", {}).update(v)
            elif k == "conditional_rider" and k in fields:
                raise Refused("two conditional riders: not in the card format")
            else:
                fields[k] = v
    return fields


def _effect(eff: str, ctx: Ctx, spell: bool = False) -> dict[str, Any]:
    """A non-mana effect: a templated action, or ``not_modeled`` when the effect cannot change an
    answer in scope; refused when it adds mana or grants casting permissions with no template."""
    eff = eff[:1].upper() + eff[1:]  # "..., draw a card." reads as the sentence "Draw a card."
    text = eff.rstrip(".")
    out = _try("effect", text, ctx)
    if out is not None:
        return dict(out)
    sents = _sentences(eff)
    if len(sents) > 1:
        n = len(ctx.used)
        outs = [_try("effect", s, ctx) for s in sents]
        if all(o is not None for o in outs):
            return {"effects": outs}
        # a spell whose sentences that add mana are read ("Destroy target artifact. Add
        # {G}{G}{G}.", Deconstruct): the others are not modeled, one by one, in order (608.2c),
        # when they neither add mana nor touch the rules in scope
        # (and likewise one whose "You may play an additional land this turn" is read, 305.2:
        # Scale the Heights)
        if spell and any(o is not None and o.get("action") in ("add_mana", "extra_land_drops")
                         for o in outs) and all(
                o is not None or not (_ADDS.search(_unquoted(st)) or _SCOPE.search(st))
                for o, st in zip(outs, sents, strict=True)):
            if any(o is None for o in outs):
                ctx.use("effect.not_modeled")
            return {"effects": [o if o is not None else _part_not_modeled(st, ctx)
                                for o, st in zip(outs, sents, strict=True)]}
        del ctx.used[n:]  # only some sentences read: the effect as a whole is not modeled
        if spell and any(o == {"action": "exile_self"} for o in outs) and \
                not all(o == {"action": "exile_self"} for o in outs):
            # 608.2c, 608.2n: "Exile ~." among sentences not read ("Each player may shuffle ...
            # Exile Step Between Worlds."; Praetor's Counsel, All Suns' Dawn): the others are read
            # on their own (not modeled, or refused as they would be alone), and the spell still
            # exiles itself as it resolves rather than going to the graveyard (found by probe28c:
            # a plotted Step Between Worlds resolved into its owner's graveyard)
            rest = " ".join(st for o, st in zip(outs, sents, strict=True)
                            if o != {"action": "exile_self"})
            head = _effect(rest, ctx, spell=True)
            if head.get("action") == "not_modeled":
                head = {**head, "text": _as_sentences(outs, sents)}   # (608.2c: said as the part not performed)
            ctx.use("effect.exile_self")
            return {"effects": [*head.get("effects", [head]),
                                {"action": "exile_self"}]}
    if _ADDS.search(_unquoted(eff)):
        raise Refused("adds mana in a way no template reads")
    if _EXTRA_LANDS.search(_unquoted(eff)):
        # 305.2: an effect that lets a player play more lands this turn changes whether playing a
        # land is legal; one no template reads ("X additional lands") is not kept as not modeled
        raise Refused("lets a player play additional lands (305.2) in a way no template reads")
    hit = _CAST_CHANGES.search(_unquoted(eff))
    if hit:
        # 601.2f, 601.3, 305.2b: a spell's own cost change ("During your turn, this spell costs
        # {2}{U}{U} less to cast", Discontinuity), or an effect that changes what spells cost or
        # forbids casting them or playing lands (Silence, Orim's Chant, Turf Wound, Kaervek's
        # Torch) changes the answers in scope: refused, not kept as not modeled (found by probe15b)
        raise Refused(f'changes what spells cost or whether they can be cast or lands played '
                      f'("{hit.group(0)}") in a way no template reads')
    hit = _EXILE_PERMISSION.search(_unquoted(eff))
    if hit:
        # 601.3, 406.3a: a lasting permission to cast or play the cards an effect exiles ("You may
        # cast that card for as long as it remains exiled", Gonti, Lord of Luxury; Hostage Taker;
        # Praetor's Grasp): kept as not modeled, `why` refused casting the card a state says was
        # exiled with it (exiled_with), 601.3 (found by probe19b)
        raise Refused(f'lets a player cast or play the cards it exiles ("{hit.group(0)}"): a '
                      "permission to cast from exile (601.3, 406.3a) no template reads")
    _no_timed_permission(eff, "an effect")
    ctx.use("effect.not_modeled")
    return _not_modeled(eff, ctx)


_EXTRA_LANDS = re.compile(r"\bplay\b[^.]*\badditional lands?\b", re.IGNORECASE)
# 601.3, 406.3a: "You may cast that card for as long as it remains exiled", "You may look at and
# play those cards for as long as they remain exiled", "its owner may play it for as long as it
# remains exiled"; not a card's own "You may cast this card for as long as it remains exiled" after
# its own exiling cost (Glamorous Outlaw: refused for the mana ability it grants, 605.1a)
_EXILE_PERMISSION = re.compile(
    r"\bmay (?:look at and )?(?:cast|play)\b(?! ~)[^.]*?\bas long as (?:it|that card|those cards|they|"
    r"the card|the exiled cards?|each of them) remains? exiled\b|"
    # "For as long as that card remains exiled, its owner may play it" (Elite Spellbinder)
    r"\bas long as (?:it|that card|those cards|they|the card|each of them) remains? exiled, "
    r"[^.]*?\bmay (?:look at [^.]*?)?(?:cast|play)\b", re.IGNORECASE)
# 601.3, 305.1, 406.3a: a permission to play or cast cards that lasts until a later time, "Until end
# of turn, you may play that card" (Abbot of Keral Keep, Act on Impulse), "Until the end of your
# next turn, you may play those cards" (Reckless Impulse), "You may play it this turn" (Chandra,
# Pyromaster), "Until end of turn, you may play lands and cast spells from your graveyard"
# (Yawgmoth's Will), "You may cast target creature card in a graveyard this turn" (Havengul Lich):
# once the ability has resolved, the cards may be played or cast from exile or a graveyard, which
# no `effects` entry or object field can say (kept as not modeled, `why` refused casting a card a
# state says was exiled with its source, 601.3; found by probe24d). Not a permission that lasts
# only while the ability resolves ("You may cast that card without paying its mana cost").
_TIMED = (r"(?:this turn|until (?:the )?end of (?:this |the )?turn|until (?:the )?end of your next turn|"
          r"until your next turn|until the end of (?:that player's|their) next turn|during your next turn|"
          # (found by probe27c: these wordings were kept as not modeled) "until your next end step"
          # (Dragonhawk, Fate's Tempest; Haste Magic), "until you exile another card with this
          # enchantment" (Furious Rise; Unstable Amulet), "for as long as you control Lightning"
          # (Lightning, Security Sergeant; Victor Mancha; Taster of Wares), "for as long as Intet
          # remains on the battlefield", "for as long as it's in your graveyard"
          r"until your next end step|until you exile another card with (?:this [\w'-]+|~)|"
          r"for as long as you control\b[^.]*|for as long as [^.]*?\bremains? on the battlefield|"
          r"for as long as (?:it's|it is|they're|they are) in (?:your|a|their) graveyard)")
# (the duration of the permission, not of a condition: "You may cast that card without paying its
# mana cost if the spell's mana value is less than or equal to the amount of life you gained this
# turn", Bre of Clan Stoutarm; "At the beginning of your end step, if a permanent left the
# battlefield under your control this turn, you may cast ...", Krang & Shredder)
_TIMED_PERMISSION = re.compile(
    rf"\bmay (?:play|cast)\b(?:(?!\bif\b)[^.])*?\b{_TIMED}(?!\w)|"
    # ("Until end of turn, for as long as that card remains on top of your library, ... you may play
    # that card without paying its mana cost", Temporal Aperture)
    rf"(?:^|(?<=[.;:—] )|(?<=\bdo, )|(?<=\bthen ))\b{_TIMED}, (?:(?!\bif\b)[^.])*?"
    r"\b(?:you|that player|its owner|its controller|each player|they) may (?:play|cast)\b",
    re.IGNORECASE)


# 601.3, 305.1, 113.1a: an ability given in quotes whose text is a permission to play or cast cards
# ("You get an emblem with \"You may cast spells from your hand without paying their mana
# costs.\"", Tamiyo, Field Researcher; Jaya Ballard's "You may cast instant and sorcery spells from
# your graveyard"; Lukka, Coppercoat Outcast's cards that gain "You may cast this card from exile as
# long as you control a Lukka planeswalker."): it lasts after the effect has resolved (found by
# probe27c: kept as not modeled)
_QUOTED_PERMISSION = re.compile(r"\"You may (?:play|cast)\b[^\"]*\"")


def _no_timed_permission(text: str, what: str) -> None:
    """Refuse a lasting permission to play or cast cards (_TIMED_PERMISSION) in an effect no
    template reads: `what` names the ability ("a trigger", "a loyalty ability", ...)."""
    if (hit := _TIMED_PERMISSION.search(_unquoted(text))) is not None \
            or (hit := _QUOTED_PERMISSION.search(text)) is not None:
        raise Refused(f'{what} that lets a player play or cast cards until a later time '
                      f'("{hit.group(0)}"): a permission that outlasts its resolution (601.3, '
                      "305.1) no template reads")


_CAST_CHANGES = re.compile(r"\bcosts? (?:\{[^}]+\})+ (?:more|less) to cast\b|\bcan't (?:cast|play)\b|"
                           r"\bcan't be cast\b|"
                           # 702.8a, 307.1: a permission to cast spells at instant speed no template
                           # reads ("The next sorcery spell you cast this turn can be cast as though it
                           # had flash", Quicken; found by probe18e)
                           r"\bas though (?:it|they) had flash\b", re.IGNORECASE)


_T_TYPES = r"(?:creature|artifact|enchantment|land|planeswalker|battle|permanent)"
_T_QUAL = (r"(?:non(?:creature|artifact|enchantment|land|planeswalker)|non(?:white|blue|black|red|green)|"
           r"white|blue|black|red|green|legendary|nonlegendary|basic|nonbasic|tapped|untapped|"
           # (combat words: "attacking", "blocking" and "attacking or blocking" are read as the
           # requirement's "combat" below, and so are "blocked" and "unblocked", 509.1h)
           r"attacking or blocking|attacking|blocking|unblocked|blocked|"
           # (other words not read: "target snow land", "target nontoken creature", "target
           # face-down creature", "target non-Human creature" are at least a land, a creature)
           r"snow|nonsnow|nontoken|face-down|face-up|multicolored|monocolored|colorless|non-[A-Z][\w'-]*|"
           # (a subtype: "target Beast creature you control" is a Beast creature you control,
           # Contested Cliffs; found by probe24d: the phrase was not read at all; read as the
           # requirement's "subtypes" since probe27b, Mishra's Factory's "target Assembly-Worker creature")
           r"(?-i:[A-Z][a-z][\w'-]*)(?= (?:[A-Z][a-z][\w'-]* )*(?:creature|artifact|enchantment|land|planeswalker|permanent)s?\b)|"
           # ("target artifact creature": a card type before another is one more the target must have)
           r"(?:artifact|enchantment|land|creature|planeswalker|battle)(?= (?:artifact|enchantment|land|creature|planeswalker|battle)s?\b))")
_T_BATTLEFIELD = re.compile(
    # (a later type may have qualifiers of its own: "target artifact, enchantment, or nonbasic land",
    # Boseiju, Who Endures; "target creature or nonland permanent")
    rf"(?P<quals>(?:{_T_QUAL}(?:,? or |, | ))*)(?P<types>{_T_TYPES}s?(?:(?:, or |, and/or |, | or | and/or )(?:{_T_QUAL} )*{_T_TYPES}s?)*)"
    r"(?: (?P<ctl>you control|an opponent controls|you don't control|your opponents control))?\b")
# "[qualifiers] [types] card(s) [words not read] from/in WHOSE graveyard": the qualifiers and the
# words between ("with mana value 3 or less", Unearth) are left out (the filter admits more)
_T_GRAVEYARD = re.compile(
    rf"(?:{_T_QUAL} )*(?P<types>(?:{_T_TYPES}|instant|sorcery)(?: or (?:{_T_TYPES}|instant|sorcery))? )?"
    r"cards?(?: (?:(?! and | target )[^.;])*?)? (?:from|in) (?P<whose>a|your|an opponent's) "
    r"graveyard\b")
# a target card not read in a graveyard (a hand, a library, exile, a phrase not read): no
# requirement, never one on the battlefield
_T_CARD = re.compile(r"(?:[\w'-]+,? ){0,4}cards?\b")
# ("target artifact or enchantment spell", Annul; "target creature or sorcery spell", Mystic Denial:
# alternatives before "spell"; found by probe28e, read as a permanent on the battlefield)
_T_SPELL = re.compile(rf"(?:(?:{_T_QUAL}|instant|sorcery|{_T_TYPES})(?:,? or |,? and/or |, | ))*spell\b")


_SPELL_TYPE_NAMES = ("instant", "sorcery", "creature", "artifact", "enchantment", "planeswalker", "battle")


def _spell_target_quals(phrase: str) -> dict[str, Any]:
    """601.2c: what "target noncreature spell" (Negate), "target instant or sorcery spell" (Essence
    Scatter's kin), "target creature spell", "target red spell" require of the spell, in a TARGET's
    keys (types: alternatives; all_types, non_types, colors, non_colors; multicolored, colorless,
    105.2b-c: "target multicolored spell", Neutralizing Blast; "target colorless spell", Ceremonious
    Rejection; supertypes: "target legendary spell", found by probe29c: they were read as "target
    spell"). A word not read here ("target monocolored spell") requires nothing more: the candidates
    may be more than the card allows, never fewer (found by probe28e: every qualifier of a target
    spell was dropped, so Negate could target a creature spell)."""
    words = phrase.lower().removesuffix("spell").strip()
    if not words:
        return {}
    if re.search(r"\bor\b", words):
        alts = [w for w in re.split(r"[ ,]+", words) if w and w not in ("or", "and/or")]
        if alts and all(a in _SPELL_TYPE_NAMES for a in alts):
            return {"types": [a.capitalize() for a in dict.fromkeys(alts)]}
        if alts and all(a in COLOR_WORDS for a in alts):
            return {"colors": [COLOR_WORDS[a] for a in dict.fromkeys(alts)]}
        return {}
    out: dict[str, Any] = {}
    for w in (w for w in re.split(r"[ ,]+", words) if w):
        if w in ("multicolored", "colorless"):   # 105.2b, 105.2c
            out[w] = True
        elif w == "legendary":   # 205.4a, 601.2c
            out.setdefault("supertypes", []).append("Legendary")
        elif w == "permanent":   # 110.4: "target permanent spell" (Lithoform Engine); never a land, 305.9
            out["types"] = ["Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"]
        elif w in _SPELL_TYPE_NAMES:
            out.setdefault("all_types", []).append(w.capitalize())
        elif w.startswith("non") and w[3:] in _SPELL_TYPE_NAMES:
            out.setdefault("non_types", []).append(w[3:].capitalize())
        elif w in COLOR_WORDS:
            out.setdefault("colors", []).append(COLOR_WORDS[w])
        elif w.startswith("non") and w[3:] in COLOR_WORDS:
            out.setdefault("non_colors", []).append(COLOR_WORDS[w[3:]])
    return out
# 601.2c, 113.1: "target activated or triggered ability" (Stifle, Trickbind), "target activated
# ability" (Squelch), "target triggered ability" (Strionic Resonator), "target activated ability,
# triggered ability, or legendary spell" (Tale's End): an ability on the stack of that kind (a spell
# only with "or ... spell")
_SRC_TYPE = r"(?:artifact|enchantment|creature|land|planeswalker|battle)"
_T_ABILITY = re.compile(r"(?P<kind>activated or triggered|activated|triggered) ability"
                        r"(?P<more>,? (?:triggered ability, )?or (?:[\w-]+ )*spell)?\b"
                        # 113.7: "from an artifact source" (Rust), "from an artifact or enchantment
                        # source" (Green Slime): the ability's source has one of these card types
                        rf"(?: from an? (?P<src>{_SRC_TYPE}(?:,? or (?:an? )?{_SRC_TYPE})*) source\b)?"
                        r"(?: (?P<ctl>you control|you don't control)\b)?")
# every "target" of the text, "Target" at a sentence's start too; each phrase ends before the next
# one ("target artifact, target creature, ...": 601.2c, one target for each instance of the word)
# ("one or two target ...", "one, two, or three target ...": at least one, 601.2c)
# ("up to one other target creature", Relic Crush, Air-Cult Elemental: optional like "up to one target",
# 601.2c; found by probe29c: read as a required target, so Relic Crush needed two)
_T_PRE = (r"\b(?:up to (?:one|two|three|four|five|X|\w+)(?: other)?|any number of(?: other)?|another|a third|"
          r"one or (?:two|more)|one, two, or three|(?:one|two|three|four|X))")
# (a phrase's rest stops before the next phrase's words too: "... to up to one target creature"
# (Chandra, Pyromaster), "... fights another target creature", "each of X target creatures")
_T_PHRASE = re.compile(rf"(?P<pre>(?:{_T_PRE})? ?)\btarget(?: |(?=[.;,]))(?P<rest>(?:(?!\btarget\b|{_T_PRE} target\b)[^.;])*)",
                       re.IGNORECASE)


# 202.3, 601.2c: "with mana value 3 or less" / "with mana value 4 or greater" in a target phrase
# ("X or less" with the X announced as the spell is cast or the ability activated, 107.3a: Stir the
# Grave, Dominate; not an X the text defines, "where X is ...", 107.3c)
_MV_BOUND = re.compile(r"\s*\bwith mana value (?P<n>\d+|X) or (?P<way>less|greater)\b")


def _mv_bound(m: re.Match[str], text: str) -> dict[str, int | str] | None:
    """{"at_most": N} or {"at_least": N}: a target's mana value bound (202.3, 601.2c); {"at_most":
    "X"} for "X or less" where X is announced (107.3a); None for a bound not read."""
    if m["n"] == "X":
        if m["way"] != "less" or re.search(r"\bwhere X is\b|\bX is (?:the|equal)\b", text):
            return None
        return {"at_most": "X"}
    return {"at_most" if m["way"] == "less" else "at_least": int(m["n"])}


_KICKED_IF = re.compile(r"If (?:this spell|it|~) was (?:kicked|bargained)\b")
_KICKED_EACH = re.compile(r"\bfor each time (?:this spell|it|~) was kicked\b")
# 601.2d: "N damage divided as you choose among any number of targets" (Violent Eruption; kicked,
# Fight with Fire's "instead"), "... among any number of target creatures" (Pyrokinesis): the N are
# divided among the targets, each getting at least one, so a fixed N > 0 needs at least one target
# and at most N (the official ruling of Fire Covenant, 2007-09-16: "If X is greater than 0, the
# number of targets must be at least 1 and at most X")
_DIVIDED = re.compile(r"\bdeals (?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten) damage divided "
                      r"as you choose among (?P<any>any number of|one or two|one, two, or three) "
                      r"(?P<what>targets\b|target\b)")
# ("among one or two targets", Forked Bolt; "one, two, or three targets", Arc Lightning: at most
# that many too, 601.2c; found by probe30a: Forked Bolt was cast with three targets)
_DIVIDED_MOST = {"one or two": 2, "one, two, or three": 3}


def _divided(plain: str) -> list[tuple[re.Match[str], int, str]]:
    """The divided-damage phrases of a text (_DIVIDED), each with its N > 0 and its sentence."""
    out = []
    for dm in _DIVIDED.finditer(plain):
        n = int(dm["n"]) if dm["n"].isdigit() else _T_NUM[dm["n"]]
        n = min(n, _DIVIDED_MOST.get(dm["any"], n))
        sent = plain[plain.rfind(".", 0, dm.start()) + 1:].lstrip()
        if n > 0:
            out.append((dm, n, sent))
    return out


# 601.2d, 107.3a: "X damage divided as you choose among any number of targets" (Rolling Thunder,
# Hail of Arrows' "... among any number of target attacking creatures"): when the X announced is
# greater than 0, at least one target and at most X (Fire Covenant's ruling above)
_DIVIDED_X = re.compile(r"\bdeals X damage divided as you choose among (?P<any>any number of) "
                        r"(?P<what>targets\b|target\b)")


def _divided_x(text: str) -> bool:
    """Whether a text's only targets are those among which one "X damage divided as you choose
    among any number of targets" is divided (601.2d: 1 to X of them when X > 0): then an action
    naming more than X, or none with X > 0, is no way to cast it (found by probe26a: Rolling
    Thunder was cast with X = 2 and three targets, and with none)."""
    plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
    hits = list(_DIVIDED_X.finditer(plain))
    if "•" in text or len(hits) != 1 or re.search(r"\bwhere X is\b", plain):
        return False   # (not an X defined by the text, Volcanic Wind's "where X is ...": not announced, 107.3a)
    dm = hits[0]
    sent = plain[plain.rfind(".", 0, dm.start()) + 1:].lstrip()
    rest = plain[:dm.start("any")] + "among them" + plain[dm.end("what"):]
    return not _KICKED_IF.match(sent) and re.search(r"\btargets?\b", rest, re.IGNORECASE) is None


def _kicked_max_targets(text: str) -> int | None:
    """The most targets a kicked spell whose "instead" divides N damage among any number of targets
    has (601.2c: the targets of "instead" are chosen in place of the others; 601.2d: each gets at
    least one, so at most N): "If this spell was kicked, it deals 10 damage divided as you choose
    among any number of targets instead" (Fight with Fire): 10 (found by probe26a: kicked, it was
    cast with eleven targets). None when the text has another shape."""
    plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
    if "•" in text:
        return None
    hits = _divided(plain)
    if len(hits) != 1:
        return None
    dm, n, sent = hits[0]
    sent = sent[:sent.find(".")] if "." in sent else sent
    if not (_KICKED_IF.match(sent) and re.match(r"If (?:this spell|~) was kicked\b", sent)
            and re.search(r"\binstead\b", sent) and dm["what"] == "targets"):
        return None
    if dm[0] not in sent or re.search(r"\btargets?\b", sent.replace(dm[0], "")):
        return None   # (another target in the same sentence: not read)
    return n


def _kicked_unread(text: str) -> int:
    """How many targets a kicked spell's "instead" requires that no requirement reads: "If this
    spell was kicked, it deals 10 damage divided as you choose among any number of targets instead"
    (Fight with Fire): at least one (601.2c, 601.2d)."""
    plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
    if "•" in text:
        return 0
    return sum(1 for dm, _, sent in _divided(plain)
               if dm["what"] == "targets" and _KICKED_IF.match(sent) and re.search(r"\binstead\b", sent))


def _targets_of(text: str) -> list[dict[str, Any]]:
    """The target requirements of a not-modeled effect (_targets_and_unread's first half)."""
    return _targets_and_unread(text)[0]


def _targets_and_unread(text: str) -> tuple[list[dict[str, Any]], int]:
    """The targets a not-modeled effect requires (601.2c, 602.2b), read only as far as a necessary
    condition: the kind of object and the qualifiers that are read (types, colors, supertypes,
    tapped, who controls it, which graveyard); other words ("with flying", "with power 4 or
    greater") are left out, so the filter may admit more objects than the card does, never fewer.
    "up to N" and "any number of" targets require none; players always exist (not listed). The
    second half: how many required targets no requirement reads (a player, "any target", ...)."""
    out: list[dict[str, Any]] = []
    if "•" in text or re.match(r"\s*(?:\{P\})+\s*—", text):
        # a modal spell or ability (700.2): only the chosen modes' targets are chosen, and a mode
        # may have none; no requirement is a necessary condition ("{P}{P} — Exile target nonland
        # permanent", Season of the Burrow: a mode of "Choose up to five {P} worth of modes", 700.2;
        # found by probe21b: it couldn't be cast with no nonland permanent on the battlefield)
        return out, 0
    prev: dict[str, Any] | None = None   # the requirement of the phrase before (None: not read)
    unread = 0   # the targets it requires that no requirement reads (a player, "any target", ...)
    alts: list[dict[str, Any]] = []      # the requirements of a kicked spell's "instead" (below)
    extra: list[dict[str, Any]] = []     # the requirements only a kicked spell adds (below)
    plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
    for i, m in enumerate(_T_PHRASE.finditer(plain)):
        pre, rest, first = m["pre"].strip().lower(), m["rest"], i == 0
        before, prev = prev, None
        # 601.2c: "A spell may require some targets only if an additional cost (such as a kicker
        # cost) ... was chosen for it": a target required only if the spell was kicked ("If this
        # spell was kicked, it deals 2 damage to another target creature", Jilt) is required of a
        # kicked spell only ("kicked": true; found by probe19c: kicked Jilt was legal with one
        # creature); "... for each time this spell was kicked" (Strength of the Tajuru) is no
        # requirement; one that replaces the others then ("If this spell was kicked, instead ...",
        # Blood Beckoning; "... exile target nonland permanent instead", Tear Asunder) leaves none
        # that is necessary
        head = plain.rfind(".", 0, m.start()) + 1
        head += len(plain[head:]) - len(plain[head:].lstrip())
        sent = plain[head:]
        sent = sent[:sent.find(".")] if "." in sent else sent
        alt = kick_only = False
        delayed = re.match(r"(?:Until end of turn, |This turn, )(?:when(?:ever)?|at the beginning of)\b[^,]*, |"
                           r"(?:When(?:ever)?|At the beginning of)\b[^,]*\b(?:this turn|this way|next)\b[^,]*, ", sent)
        if re.match(r"When (?:you|they) do\b", sent) or (
                delayed is not None and m.end("pre") >= head + delayed.end()):
            # 603.12, 603.3d: "... When you do, return another target permanent card from your
            # graveyard to your hand" (Eden, Seat of the Sanctum): a reflexive triggered ability's
            # target, chosen as it is put on the stack, not as the spell is cast or the ability
            # activated: no requirement (found by probe23a: Eden's ability was refused with no
            # permanent card in its controller's graveyard); likewise a delayed triggered
            # ability's (603.7: "Whenever an Elf you control attacks this turn, target creature an
            # opponent controls gets -1/-1", Harald Unites the Elves's chapter III; "At the
            # beginning of the next end step, return target ..."): chosen as it triggers later, so
            # the spell or ability that creates it requires none (found by probe29d: that chapter
            # was removed from the stack with no opposing creature, 603.3d) -- but a target in its
            # trigger condition is the creating ability's own ("{T}: When target creature other than
            # this creature dies this turn, ...", Adarkar Valkyrie)
            continue
        if _KICKED_EACH.search(rest):
            continue
        if _KICKED_IF.match(sent):
            if re.search(r"\binstead\b", sent):
                alt = True
            elif re.match(r"If (?:this spell|~) was kicked\b", sent):
                kick_only = True
            else:
                continue   # (bargained: not modeled, no requirement)
        divided = next((n for dm, n, _ in _divided(plain) if dm.start("any") == m.start()), None)
        # 601.2c, 115.1: "up to two target creatures" (Sleep Paralysis), "any number of target
        # attacking creatures" (Hail of Arrows' division of X damage): none is required, but each
        # target named must still be what the text says (count 0, with "max"; found by the lead in
        # session 31: no requirement was read, so a land or a creature out of combat was a legal
        # target)
        optional = pre.startswith(("up to", "any number")) and divided is None
        if re.search(r"\b(?:up to (?:one|two|three|four|five|X|\w+)|any number of) (?:other|additional) $",
                     plain[:m.end("pre")], re.IGNORECASE):
            # 601.2c: "a +1/+1 counter on up to one other target attacking creature" (Trygon Prime):
            # "up to one" before "other" requires none either (found by probe29d: read as one
            # required target)
            continue
        # 601.2c, 107.3a: "Tap X target creatures" (Icy Blast), "Untap X target lands" (Candelabra
        # of Tawnos): as many different targets as the X announced (count "X"; none for X = 0)
        count: int | str = "X" if pre == "x" else {"two": 2, "three": 3, "four": 4}.get(pre, 1)
        # "one or two target creatures" (Hearts on Fire), "one, two, or three target creatures"
        # (Forked Lightning), "one or more": at least one, and more may be named (601.2c)
        most = {"one or two": 2, "one, two, or three": 3, "one or more": 0}.get(pre)
        if optional:
            count, most = 0, _T_NUM.get(pre.removeprefix("up to "), 0)   # ("any number of", "up to X": any)
        if divided is not None:
            most = divided   # 601.2d: "N damage divided ... among any number of target creatures": 1 to N
        req: dict[str, Any]
        if (g := _T_GRAVEYARD.match(rest)) is not None:
            req = {"zone": "graveyard"}
            if g["types"] and not re.search(r"\bcards?,? (?:and/)?or\b", g[0]):
                # (not "target Dragon creature card or Ugin planeswalker card", Haven of the Spirit
                # Dragon: a card of another kind may be the target, so no type is required)
                ts = re.split(r" or ", g["types"].strip())
                if "permanent" in ts:   # a permanent card (110.4b): any permanent type
                    ts = [t for t in ts if t != "permanent"] + [
                        "artifact", "creature", "enchantment", "land", "planeswalker", "battle"]
                req["types"] = list(dict.fromkeys(t.capitalize() for t in ts))
            # 107.3a, 601.2c: "target creature card with mana value X" (Postmortem Lunge): X is
            # announced before the targets are chosen, so the card's mana value must be that X
            # (not "X or less", below: found by probe21b, Stir the Grave's "with mana value X or
            # less" was read as exactly X)
            if re.search(r"\bwith mana value X\b(?! or (?:less|greater)\b)", g[0]):
                req["mana_value"] = "X"
            # 601.2c, 202.3: "target creature card with mana value 3 or less from your graveyard"
            # (Unearth): a card of a greater mana value is no legal target (found by probe21b:
            # Unearth was castable with only a mana value 4 creature card in the graveyard)
            elif (mv := _MV_BOUND.search(g[0])) is not None and _mv_bound(mv, plain) is not None:
                req["mana_value"] = _mv_bound(mv, plain)
            if g["whose"] == "your":
                req["controller"] = "you"
            elif g["whose"] == "an opponent's":
                req["controller"] = "opponents"
        elif _T_CARD.match(rest):
            unread += not (alt or kick_only)
            continue
        elif (sp := _T_SPELL.match(rest)) is not None:
            # (a controller phrase may come first: "target instant or sorcery spell you control with
            # mana value X", League Guildmage; "target spell or ability an opponent controls that
            # targets a land you control", Teferi's Response: found by the lead in session 31, read
            # as any spell or ability of that controller)
            ctl_first = r"(?:,?\s*(?:or ability )?(?:you control|an opponent controls|your opponents control))?"
            if re.match(ctl_first + r"\s*with mana value\b", rest[sp.end():]):
                # 601.2c, 202.3e: "target spell with mana value X" (Spell Blast) needs the mana value
                # of a spell on the stack, X included, which no target requirement holds (read as
                # "target spell", any spell would do)
                raise Refused("a target spell with a given mana value (601.2c, 202.3e): no target "
                              "requirement reads it")
            if re.match(ctl_first + r",?\s*(?:or ability )?that targets\b", rest[sp.end():]):
                # 601.2c: "target spell that targets you" (Cerulean Drake), "target spell or ability
                # that targets a creature you control" (Siren Stormtamer, Keep Safe) needs the targets
                # of a spell or ability on the stack, which no target requirement reads (read as
                # "target spell", any spell would do: found by mut31)
                raise Refused("a target spell or ability that targets something given (601.2c): no target "
                              "requirement reads what it targets")
            if re.match(r",?\s*(?:or ability )?with a single\b", rest[sp.end():]):
                # (the phrase ends before its last word, "target", read as the next phrase)
                # 601.2c, 115.7: "target spell with a single target" (Misdirection, Deflection, Bolt
                # Bend's "spell or ability with a single target") needs the number of targets of a
                # spell or ability on the stack, which no target requirement holds (found by probe28b:
                # Misdirection was cast at a Grizzly Bears spell, which has no target)
                raise Refused("a target spell or ability with a single target (601.2c, 115.7): no target "
                              "requirement reads it")
            if re.match(rf",? (?:or|and/or) {_T_TYPES}\b", rest[sp.end():]):
                # "target spell or creature" (Unsubstantiate): a permanent may be the target too,
                # which no requirement reads: one target is still chosen (601.2c)
                unread += not (alt or kick_only)
                continue
            req = {"zone": "stack"}
            after = rest[sp.end():]
            if (ab := re.match(r",? (?:activated ability, )?or (?:triggered )?ability\b", after)) is not None:
                req["abilities"] = True   # "target spell or ability" (Disallow, Spellskite): 601.2c
                after = after[ab.end():]
            else:
                req.update(_spell_target_quals(sp[0]))
            # 601.2c, 110.2: "target instant or sorcery spell you control" (Nivix Guildmage's copy),
            # "target spell you don't control" / "an opponent controls": who controls the spell
            # (its caster, 110.2), read as for a permanent (found by mut31: the words were dropped,
            # so Nivix Guildmage could copy an opponent's spell)
            if (ctl := re.match(r" (you control|you don't control|an opponent controls|your opponents control)\b",
                                after)) is not None:
                req["controller"] = "you" if ctl[1] == "you control" else "opponents"
        elif (ta := _T_ABILITY.match(rest)) is not None:
            # 601.2c: an activated or triggered ability on the stack is the target (found by
            # probe28c: Trickbind was refused targeting a hideaway trigger, "it can't target
            # abilities", and cast with nothing on the stack or targeting a player); who controls
            # it is read ("you control", "you don't control"), and the types of its source ("from
            # an artifact source", 113.7); its other qualifiers ("with a single target") are not
            both = ta["kind"] == "activated or triggered" or "triggered ability" in (ta["more"] or "")
            req = {"zone": "stack", "abilities": True if both else ta["kind"]}
            if ta["more"]:
                # "target activated ability, triggered ability, or legendary spell" (Tale's End):
                # the spell's qualifiers, which hold of a spell only (tzone/4 is a spell's; found
                # by probe29c: any spell was a legal target)
                req.update(_spell_target_quals(re.sub(r"^,? (?:triggered ability, )?or ", "", ta["more"])))
            else:
                req["spells"] = False
                if ta["src"]:   # 113.7, 601.2c: its source is of one of these types (probe29c)
                    req["source_types"] = [t.capitalize() for t in re.findall(_SRC_TYPE, ta["src"])]
                if ta["ctl"]:   # "target triggered ability you control" (Strionic Resonator)
                    req["controller"] = "you" if ta["ctl"] == "you control" else "opponents"
        elif (b := _T_BATTLEFIELD.match(rest)) is not None:
            req = {"zone": "battlefield"}
            if re.match(r"(?:,? or |, |,? and/or )(?:player|opponent)\b", rest[b.end():]):
                unread += not (alt or kick_only)
                continue   # "target creature or player": a player may be chosen too (601.2c)
            # ("two target artifacts, creatures, and/or lands you control", Ghostly Flicker: each
            # of the three; found by probe19c: the lands and "you control" were not read)
            alts_b = re.split(r", or |, and/or |, | or | and/or ", b["types"])
            words = [t.split()[-1].removesuffix("s") for t in alts_b]
            types = [t.capitalize() for t in words if t != "permanent"]
            # 601.2c: "target creature or Vehicle" (Captain America's Motorcycle; "target creature
            # or Vehicle you control", Tales of Master Seshiro): an alternative no type reads may be
            # the target too (a noncreature Vehicle), so neither the types nor the qualifiers read
            # before it are required (found by probe29d: read as "target creature")
            unread_alt = re.match(r",? (?:or|and/or) (?!player\b|opponent\b)\w", rest[b.end():]) is not None
            if unread_alt and re.match(r",? (?:or|and/or) [\w -]*?\bspells?\b", rest[b.end():]):
                # "Counter target creature or Aura spell" (Nullify): a spell on the stack, whose
                # kind no requirement reads here: one target is still chosen (601.2c)
                unread += not (alt or kick_only)
                continue
            if types and len(types) == len(words) and not unread_alt:
                req["types"] = list(dict.fromkeys(types))
            # ("nonartifact, nonblack creature": each; "black or green creature": either, 601.2c)
            # ("attacking or blocking" is one qualifier, 506.4: either; read before the words)
            raw_quals = re.sub(r"\battacking or blocking\b", "attacking_or_blocking", b["quals"])
            quals = [w for w in re.split(r"[ ,]+", raw_quals) if w and w != "or"]
            if re.search(r"\bor\b", raw_quals) and not all(q in COLOR_WORDS for q in quals):
                quals = []   # "target attacking, blocking, or tapped creature": any one of them
            if any(" " in t for t in alts_b) or unread_alt:
                # 601.2c: "target artifact, enchantment, or nonbasic land" (Boseiju, Who Endures),
                # "target artifact or tapped creature": a type with qualifiers of its own after
                # another is one more the target may have (its qualifiers not read), and the
                # qualifiers before the first type may be that type's only (found by probe24d:
                # Boseiju's channel ability was refused with only a nonbasic land to target)
                quals = []
            for q in quals:
                if q.startswith("non") and q[3:] in COLOR_WORDS:
                    req.setdefault("non_colors", []).append(COLOR_WORDS[q[3:]])
                elif q in COLOR_WORDS:
                    req.setdefault("colors", []).append(COLOR_WORDS[q])
                elif q in ("nonlegendary", "nonbasic"):
                    # 205.4a, 601.2c: "target nonlegendary creature" (Kiki-Jiki, Mirror Breaker),
                    # "target nonbasic land" (Wasteland): a target without that supertype (found by
                    # probe30a: the word was dropped, and Kiki-Jiki could target itself)
                    req.setdefault("non_supertypes", []).append(q[3:].capitalize())
                elif q.startswith("non") and q[3:] in ("creature", "artifact", "enchantment", "land",
                                                       "planeswalker"):
                    req.setdefault("non_types", []).append(q[3:].capitalize())
                elif q in ("legendary", "basic"):
                    req.setdefault("supertypes", []).append(q.capitalize())
                elif q in ("multicolored", "colorless"):
                    # 105.2b, 105.2c: "target multicolored permanent", "target colorless creature"
                    # (found by probe29c: read as any permanent)
                    req[q] = True
                elif q[:1].isupper() and q[1:2].islower():
                    # 205.3, 601.2c: "target Assembly-Worker creature" (Mishra's Factory), "target
                    # Goblin creature you control": a permanent with that subtype (found by probe27b:
                    # read as any creature)
                    req.setdefault("subtypes", []).append(q)
                elif q in ("artifact", "enchantment", "land", "creature", "planeswalker", "battle"):
                    req.setdefault("all_types", []).append(q.capitalize())   # 601.2c: each of them
                elif q in ("tapped", "untapped"):
                    req["tapped"] = q == "tapped"
                elif q in ("attacking", "blocking", "attacking_or_blocking", "blocked", "unblocked"):
                    # 506.4, 508.1, 509.1, 601.2c: "target attacking creature" (Kill Shot), "target
                    # blocking creature", "target attacking or blocking creature" (Ballista Squad): a
                    # creature in combat as such (the state's `combat`; found by probe30a: read as
                    # any creature, so Kill Shot was castable in a main phase); 509.1h: "target
                    # blocked creature" (Smite), "target unblocked creature" (Mirror Strike): an
                    # attacking creature the state says was blocked, or not (found by the lead in
                    # session 31: read as any creature)
                    req["combat"] = q
            if b["ctl"] == "you control":
                req["controller"] = "you"
            elif b["ctl"]:
                req["controller"] = "opponents"
            if pre == "another" and first:
                # (after an earlier target, "another" is another than that one, not the source)
                req["other"] = True
            if re.match(r"\s*with mana value X\b(?! or (?:less|greater)\b)", rest[b.end():]):   # 107.3a, 601.2c (as above)
                req["mana_value"] = "X"
            elif (mv := _MV_BOUND.match(rest[b.end():])) is not None and _mv_bound(mv, plain) is not None:
                req["mana_value"] = _mv_bound(mv, plain)   # 601.2c, 202.3 (as above)
        else:
            # a player, "target opponent", "any target", or a phrase not read: no requirement of
            # what it is, but one target is still chosen (601.2c; _not_modeled's min_targets) -- not
            # in "The next time you would draw a card this turn, ~ deals 2 damage to any target
            # instead" (Words of War), a replacement effect whose target may be chosen as it applies
            unread += not (alt or kick_only or re.match(r"The next time you would\b", sent))
            continue
        if count == "X" or (isinstance(count, int) and count != 1):
            req["count"] = count
        if most is not None:
            req["max"] = most or "any"
        if (pre in ("another", "a third") and before is not None
                and {k: v for k, v in before.items() if k != "count"} == req
                and isinstance(before.get("count", 1), int)):
            # 601.2c: "Target creature fights another target creature" (Blood Feud), "... on target
            # creature, ... on another target creature, and ... on a third target creature"
            # (Incremental Blight): different objects of the same kind, as "two target creatures"
            if kick_only:
                # 601.2c: "Return target creature ... If this spell was kicked, it deals 2 damage
                # to another target creature" (Jilt): unkicked one creature, kicked two different
                before["kicked"] = False
                extra.append({**{k: v for k, v in before.items() if k != "kicked"},
                              "count": before.get("count", 1) + 1})
                continue
            before["count"] = before.get("count", 1) + 1
            prev = before
            continue
        if pre in ("another", "a third") and not first and (out or alts or extra):
            # 601.2c: "Target creature you control fights another target creature" (Pit Fight):
            # a different object than the targets before it, of another kind (found by the lead,
            # session 20: the same creature named twice, or one creature alone, was legal)
            req["another"] = True
        if kick_only:
            extra.append(req)
            continue
        if alt:
            alts.append(req)
            continue
        out.append(req)
        prev = req
    # 601.2c: "a spell may require alternative targets only if an alternative or additional cost
    # was chosen for it": a kicked spell's "instead" whose targets no requirement reads ("instead
    # any number of target creatures you control", Divine Resilience; "... divided as you choose
    # among any number of targets instead", Fight with Fire) still replaces the others, which are
    # then required of a spell cast without its kicker only (found by probe24d: kicked, both were
    # refused with no creature to target)
    # 601.2c, 601.2d: "2 damage divided as you choose among one or two targets" (Electrolyze, Fire
    # // Ice), "... among one, two, or three targets" (Arc Lightning), "to each of two targets"
    # (Pinnacle of Rage): at least one target is chosen, of a kind no requirement reads (a player
    # may be one); not "up to two targets", "any number of targets", "X targets", or a qualifier
    # ("target spell with one or more targets") (found by probe24d: Electrolyze was cast with none)
    div_spans = [(dm.start(), dm.end()) for dm in _DIVIDED.finditer(plain)]
    for pm in re.finditer(r"(?<!\bup to )(?<!\bwith )\b(?:one or two|one, two, or three|one or more|two|"
                          r"three|four) (?:other )?targets\b", plain):
        if any(a <= pm.start() < b for a, b in div_spans):
            continue   # (divided damage's targets: counted once, below)
        psent = plain[plain.rfind(".", 0, pm.start()) + 1:].lstrip()
        if not _KICKED_IF.match(psent):
            unread += 1
    for dm, _, dsent in _divided(plain):
        # 601.2d: "4 damage divided as you choose among any number of targets" (Violent Eruption):
        # at least one target, of a kind no requirement reads (a kicked spell's: _kicked_unread)
        if dm["what"] == "targets" and not _KICKED_IF.match(dsent):
            unread += 1
    alt_unread = any(_KICKED_IF.match(s) and re.search(r"\binstead\b", s)
                     and re.search(r"\btargets?\b", s)
                     for s in (t.lstrip() for t in re.split(r"(?<=\.)\s", plain)))
    if alts or (alt_unread and out):
        # 601.2c, 702.33d: kicked, the targets of "instead" are chosen in place of the others: the
        # others are required only of a spell cast without its kicker ("kicked": false), those of
        # "instead" only of a kicked one ("kicked": true). Tear Asunder unkicked needs an artifact
        # or enchantment, kicked a nonland permanent; Blood Beckoning kicked needs two creature
        # cards (found by probe18d: both were legal without them)
        out = [{**r, "kicked": False} for r in out] + [{**a, "kicked": True} for a in alts]
    reqs = out + [{**e, "kicked": True} for e in extra]
    if unread and _unread_kind_beside(text, unread) is None:
        # (an optional target beside a target no requirement reads whose kind isn't known: an object
        # named may be the unread one's, so no requirement says what each named object must be;
        # with "target player or planeswalker and ... up to one target creature", Chandra,
        # Pyromaster, the effect's unread_beside says what the unread one may be)
        reqs = [r for r in reqs if r.get("count") != 0]
    if any(r.get("another") for r in reqs) and len(reqs) > 2:
        # (effects.lp checks "another target" pairwise: exact for two requirements)
        raise Refused('"another target" among more than two targets: not in the card format')
    return reqs, unread


_T_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10}
# every instance of the word "target" (115.1, 601.2c), with the words before it that say how many
_T_WORD = re.compile(rf"(?P<pre>(?:{_T_PRE})? ?)\btarget\b", re.IGNORECASE)


def _max_targets(text: str) -> int | None:
    """The most targets an effect's text lets a spell or ability have (115.1, 601.2c: one for each
    instance of the word "target", two for "two target creatures", N for "up to N target ..."), or
    None when it isn't fixed by the text or can't be told from it: "X target", "any number of", "one
    or more", "for each time this spell was kicked", a modal spell's modes (700.2), a target chosen
    later ("The next time ...", a reflexive trigger's "When you do", 603.12), and any other use of the word ("targets", "the target of", "new
    target"). A spell or ability is cast or activated with no more targets than that (601.2c)."""
    plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
    total = 0
    if "•" not in text:
        # 601.2d: "N damage divided as you choose among any number of targets": at most N targets
        # (each gets at least one); not a kicked spell's "instead" (Fight with Fire: 1 unkicked)
        for dm, n, dsent in reversed(_divided(plain)):
            if _KICKED_IF.match(dsent):
                return None
            total += n
            plain = plain[:dm.start("any")] + "among them" + plain[dm.end("what"):]
    if ("•" in text or re.match(r"\s*(?:\{P\})+\s*—", text) or _KICKED_EACH.search(plain)
            or re.search(r"\btargets\b|\b(?:the|that|its|new|a|same|each) target\b|\bThe next time\b|"
                         r"\bWhen (?:you|they) do\b",
                         plain, re.IGNORECASE)):
        return None
    for m in _T_WORD.finditer(plain):
        pre = m["pre"].strip().lower()
        k: int | None
        if pre.startswith("up to "):
            k = _T_NUM.get(pre[6:].removesuffix(" other"))   # ("up to one other target", Relic Crush)
        elif pre in ("", "another", "a third"):
            k = 1
        elif pre == "one or two":
            k = 2
        elif pre == "one, two, or three":
            k = 3
        else:
            k = _T_NUM.get(pre)   # ("X", "any number of", "one or more": None)
        if k is None:
            return None
        total += k
    return total


# 700.2, 700.2a: a modal spell's header ("Choose two —"), then its modes, one a line ("• ...")
_MODAL = re.compile(r"\s*Choose (?P<k>one|two|three|one or both|one or more) —\n(?P<modes>(?:• [^\n]*(?:\n|$))+)\s*$")


def _modal_target_bounds(text: str) -> tuple[int, int | None] | None:
    """The fewest and the most targets a modal spell's text lets it have, whichever of its modes
    are chosen (700.2, 601.2b-c: the modes are chosen as it is cast, then each chosen mode's
    targets): Prismari Command's "Choose two —" of four modes that each target one: exactly two
    (the most None where some mode's number of targets isn't fixed); None for a text of another
    shape (Fiery Confluence's "Choose three. You may choose the same mode more than once.")."""
    m = _MODAL.match(text)
    if m is None:
        return None
    lows: list[int] = []
    highs: list[int | None] = []
    for line in m["modes"].strip().split("\n"):
        mode = line.lstrip("• ").strip()
        reqs, unread = _targets_and_unread(mode)
        lows.append(unread + sum(r["count"] if isinstance(r.get("count"), int) else
                                 (0 if r.get("count") == "X" else 1)
                                 for r in reqs if r.get("kicked") is not True))
        highs.append(_max_targets(mode))
    n = {"one": 1, "two": 2, "three": 3}.get(m["k"])
    if n is None:   # "one or both", "one or more": at least one mode, at most all of them
        lo, chosen = min(lows), len(lows)
    else:
        lo, chosen = sum(sorted(lows)[:n]), n
    fixed = [h for h in highs if h is not None]
    hi = sum(sorted(fixed)[-chosen:]) if len(fixed) == len(highs) else None
    return lo, hi


def _part_not_modeled(text: str, ctx: Ctx) -> dict[str, Any]:
    """A not-modeled sentence beside others that are read ("Destroy target artifact." before
    "Add {G}{G}{G}.", Deconstruct): with its own text, which `apply` quotes as the part of the
    ability it doesn't perform (608.2c), not the whole ability (found by probe29c: a plotted Step
    Between Worlds exiled itself and was said not to, "... Exile Step Between Worlds.")."""
    return {**_not_modeled(text, ctx), "text": text if text.endswith((".", "!", "?")) else text + "."}


def _as_sentences(outs: list[Any], sents: list[str]) -> str:
    """The sentences of an effect besides its "Exile ~." as the card says them, each with its period."""
    return " ".join(st if st.endswith((".", "!", "?")) else st + "."
                    for o, st in zip(outs, sents, strict=True) if o != {"action": "exile_self"})


_UNREAD_T = re.compile(r"\s+(?P<who>players?|opponents?)(?:'s?)?\b(?P<pw>\s+or\s+planeswalkers?\b)?"
                       r"(?!\s+(?:and/)?or\b)(?!,)", re.IGNORECASE)
# what each target no TARGET reads must at least be, from the narrowest to the widest (601.2c)
_UNREAD_KINDS = ("opponent", "player", "player_or_planeswalker", "any_target")


def _target_word_kinds(text: str) -> list[str] | None:
    """The kind of each instance of the word "target" in the text (reminder text and quoted
    abilities aside): "player", "opponent", "player_or_planeswalker", "any_target" or "object"
    (as _unread_target_kind says them); None where one is of no such kind ("target creature or
    player", "targets")."""
    plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
    words = list(re.finditer(r"\btargets?\b", plain, re.IGNORECASE))
    kinds = []
    for w in words:
        if w[0].lower() != "target":
            return None
        if (pm := _UNREAD_T.match(plain, w.end())) is not None:
            kinds.append("player_or_planeswalker" if pm["pw"] else
                         "opponent" if pm["who"].lower().startswith("opponent") else "player")
        elif re.search(r"\bany $", plain[:w.start()], re.IGNORECASE) and re.match(r"(?:\s+and\b|[\s.,;]|$)", plain[w.end():]):
            kinds.append("any_target")
        elif re.match(r"\s+(?:players?|opponents?)\b|(?:\s+[\w'-]+){0,3}?,?\s+(?:and/)?or\s+(?:players?|opponents?)\b",
                      plain[w.end():], re.IGNORECASE):
            return None   # ("target creature or player": an object or a player)
        elif re.match(r"\s+[\w'-]", plain[w.end():]):
            kinds.append("object")
        else:
            return None
    return kinds


def _unread_kind_beside(text: str, unread: int) -> str | None:
    """Beside targets a requirement reads, the kind the text's other targets are, when each of the
    `unread` targets no requirement reads is "target player", "target opponent", "target player or
    planeswalker" or "any target" (the widest of them): "deals 3 damage to target creature and 2
    damage to target player or planeswalker" (Hungry Flames): "player_or_planeswalker". None when
    one of them may be an object of some other kind, or the words can't be told apart."""
    kinds = _target_word_kinds(text) if unread and "\u2022" not in text else None
    if not kinds:
        return None
    others = [k for k in kinds if k != "object"]
    if len(others) != unread:
        return None
    return max(others, key=_UNREAD_KINDS.index)


def _unread_target_kind(text: str) -> str | None:
    """What every target of the text (reminder text and quoted abilities aside) must at least be,
    when each instance of the word "target" is "target player" / "target opponent" ("player",
    "opponent" when each is one), "target player or planeswalker" ("player_or_planeswalker") or
    "any target" ("any_target": a creature, player, planeswalker or battle, 115.4) -- the widest of
    them where they differ --, or each names an object ("object": "target creature", "target
    spell", "target card ...", "target creature an opponent controls": no player); else None ("target
    creature or player", or objects and players mixed). Every mode of a modal text too (700.2: each
    target of the modes chosen is one of them)."""
    kinds = _target_word_kinds(text)
    if not kinds:
        return None
    if "object" in kinds:
        return "object" if all(k == "object" for k in kinds) else None
    return max(kinds, key=_UNREAD_KINDS.index)


def _not_modeled(text: str, ctx: Ctx) -> dict[str, Any]:
    """A not-modeled effect; with the targets it requires. A triggered ability of a permanent has
    them too (`targets`), but no bounds (`min_targets`, `max_targets`, ...): it isn't cast or
    activated, and its targets are chosen as it is put on the stack, where it is removed when it has
    none (603.3d; `apply` asks for one required target, apply.py's asks_one_target)."""
    out: dict[str, Any] = {"action": "not_modeled"}
    if (hit := re.search(r"\bX can't be (?!0\b)[^.]*", text)) is not None:
        # 107.3a, 601.2b: "X can't be greater than the number of players in the game" (Open the Way)
        # bounds the X announced, which the card format can't say: X's bounds would be wrong
        # (found by probe20b: moves offered X up to what the lands could pay)
        raise Refused(f'"{hit.group(0)}" restricts the value announced for X (107.3a, 601.2b): '
                      "no template reads it")
    if re.search(r"\bX can't be 0\b", text):
        # 107.3a, 601.2b: "X can't be 0" (Mind Grind, Helm of Obedience) restricts the X announced
        out["x_min"] = 1
    if ctx.of_permanent:
        # 603.3d: a triggered ability's targets are chosen as it is put on the stack, and with no
        # legal target it is removed from it: what each target must be is read as for a spell
        # (Green Slime's "counter target activated or triggered ability from an artifact or
        # enchantment source"; found by probe29c: it went on the stack with no target, and the
        # choice offered nothing). One the requirements don't fix ("X target creatures", one no
        # requirement reads) leaves the ability without them, going on the stack as before; so does
        # a target whose own targets are asked ("target spell or ability that targets only a single
        # permanent or player", Radiant Performer): read as any spell, the one candidate would be
        # chosen for it where the card has none (603.3d).
        try:
            targets, _unread = _targets_and_unread(text)
        except Refused:
            targets = []
        if re.search(r"\bthat targets\b|\bwith a single target\b", text):
            targets = []
        if targets and all(isinstance(t.get("count", 1), int) and not ({"max", "kicked"} & t.keys())
                           for t in targets):
            out["targets"] = targets
    else:
        targets, unread = _targets_and_unread(text)
        if targets:
            out["targets"] = targets
        # 601.2c, 602.2b: "Char deals 4 damage to any target", "Target player draws two cards": a
        # target no requirement reads (players always exist) is still chosen, so an action naming
        # none ("targets": []) is no way to cast or activate it (found by probe22d: Char was cast
        # with no target). Where the text fixes its targets (_max_targets), every one it requires
        # is counted, read or not: "Magma Opus deals 4 damage divided as you choose among any
        # number of targets. Tap two target permanents.": at least three; Fiery Justice's divided
        # damage and "Target opponent gains 5 life.": two (the same player may be named for both,
        # 115.3); found by probe26a: both were cast with the read ones only. Not where the count
        # of unread phrases is no count of targets ("Change the target of target spell with a
        # single target", Shunt; "choose a new target for that copy", Chain Lightning: no fixed
        # bound) or the targets are alternatives ("target creature's power, target player's life
        # total, or target die roll's result", Scooch)
        if (unread or "\u2022" in text) and not targets and (kind := _unread_target_kind(text)) is not None:
            # 601.2c, 115.1, 115.4: what each target its text names must be when no TARGET reads it:
            # a player ("Target player reveals their hand", Thoughtseize), an opponent ("Target
            # opponent reveals their hand", Duress: not the caster or activating player, 102.2), a
            # player or planeswalker (Lava Spike), "any target" (Char: a creature, player,
            # planeswalker or battle): an object of another kind named as its target is no legal
            # target (found by probe32c: Thoughtseize was cast targeting a Grizzly Bears, Char a
            # Mountain and a card in a hand, Abrade a player). Only where some target is read by no
            # requirement, or the text is modal: a delayed or reflexive triggered ability's target
            # (603.7, 603.12: Eden's "When you do, ...") is not this ability's.
            out["unread_targets"] = kind
        elif targets and (beside := _unread_kind_beside(text, unread)) is not None:
            # 601.2c, 115.1: beside the targets a requirement reads, the kind of the others: an
            # object named is a legal target when it fits a requirement or is of that kind ("target
            # creature and ... target player or planeswalker", Hungry Flames: a planeswalker named
            # for the second was refused as no creature; found by the lead in session 31)
            out["unread_beside"] = beside
        least = unread + sum(t["count"] if isinstance(t.get("count"), int) else (0 if t.get("count") == "X" else 1)
                             for t in targets if "kicked" not in t)
        bound = _max_targets(text) if unread else None
        plain_nm = _unquoted(re.sub(r"\([^)]*\)", "", text))
        if (unread and bound is not None and least <= bound
                and not re.search(r"\bor target\b", plain_nm, re.IGNORECASE)):
            if least > 1 or not targets or all(t.get("count") == 0 for t in targets):
                # (the TARGETs read may all be optional, count 0: "target player or planeswalker
                # and ... up to one target creature", Chandra, Pyromaster: one required still)
                out["min_targets"] = least
        elif unread and not targets:
            out["min_targets"] = 1
        if (modal := _modal_target_bounds(text)) is not None:
            if modal[0] or modal[1] is not None:
                out["targets_by"] = "modes"   # (the reasons cite 700.2)
            # 700.2, 601.2c: a modal spell has the targets of the modes chosen for it: "Choose
            # two —" of modes that each target something requires two targets whichever are
            # chosen, and has no more than the modes with the most (found by probe25c: Prismari
            # Command was cast with "targets": [] and with five targets)
            if modal[0]:
                out["min_targets"] = modal[0]
            if modal[1] is not None:
                out["max_targets"] = modal[1]
        if (kicked := _kicked_unread(text)):
            # 601.2c, 601.2d: a kicked spell's "instead" requires a target no requirement reads
            # ("it deals 10 damage divided as you choose among any number of targets instead",
            # Fight with Fire): kicked, an action naming none is no way to cast it (found by
            # probe25c: kicked Fight with Fire was cast with "targets": [])
            out["kicked_min_targets"] = kicked
            if (kmost := _kicked_max_targets(text)) is not None:
                # 601.2c, 601.2d: kicked, the N damage of "instead" is divided among 1 to N targets
                # chosen in place of the others (Fight with Fire: at most 10)
                out["kicked_max_targets"] = kmost
                # 115.1, 601.2c: cast without its kicker, the targets are those of the other
                # sentences ("deals 5 damage to target creature": one; found by probe26a: unkicked
                # Fight with Fire was cast with two creatures)
                base = re.sub(r"If (?:this spell|~) was kicked\b[^.]*\binstead\.", "", text)
                if (base_most := _max_targets(base)) is not None:
                    out["max_targets"] = base_most
        if re.search(r"\bthen choose another target(?: \w+)? for each time (?:this spell|~) was kicked\b",
                     text, re.IGNORECASE):
            # 601.2c, 702.33c: "Choose any target, then choose another target for each time this
            # spell was kicked" (Comet Storm, Strength of the Tajuru): one different target more for
            # each kick (effects.lp's kick_tgt/3; found by probe27b: kicked twice, one target or two
            # players were enough)
            out["kick_targets"] = 1
        if _divided_x(text):
            # 601.2d, 107.3a: "X damage divided as you choose among any number of targets": 1 to X
            # targets when the X announced is greater than 0, none for X = 0 (Rolling Thunder)
            out["max_targets"] = "X"
            out["x_min_targets"] = 1
            out["targets_by"] = "division"
        # ("up to one other target ...", optional, 601.2c: no requirement reads it, but the text
        # still fixes the most targets, Relic Crush's two; found by probe29c)
        optional = any(t["pre"].strip().lower().startswith("up to ") for t in _T_WORD.finditer(plain_nm))
        if (unread or optional or _DIVIDED.search(text)) and (most := _max_targets(text)) is not None:
            # (only where some target is read by no requirement: otherwise target_req_exact,
            # facts.py, already bounds them)
            # 115.1, 601.2c: the targets are fixed by the text: an action naming more ("Char deals
            # 4 damage to any target" with two targets) is no way to cast or activate it (found in
            # earlier sessions: such a not-modeled spell was cast with two targets)
            out["max_targets"] = most
        plain = _unquoted(re.sub(r"\([^)]*\)", "", text))
        if (("min_targets" in out or "max_targets" in out) and "targets_by" not in out
                and any(not _KICKED_IF.match(ds) for _, _, ds in _divided(plain))):
            # what bounds the targets, for the reasons' words: damage divided among them (601.2d;
            # not a kicked spell's "instead", whose targets replace the others); a modal spell's
            # modes above (700.2); without "targets_by", the instances of the word "target" (115.1)
            out["targets_by"] = "division"
        if (out.get("targets_by") == "division" and "x_min_targets" not in out   # (X: already its only one)
                and not out.get("targets")   # (a requirement read: named_twice/1 judges it)
                and len(re.findall(r"\btargets?\b", plain, re.IGNORECASE)) == 1):
            # 601.2c, 115.3: damage divided among the text's only instance of the word "target"
            # ("among one or two targets", Forked Bolt): each target is chosen once, not the same
            # one twice (Fiery Justice's "Target opponent" is a second instance: found by probe30a)
            out["distinct_targets"] = 1
    return out


def _single(effect: dict[str, Any], ctx: Ctx) -> dict[str, Any]:
    """An ability's one EFFECT: several templated sentences in a triggered or activated ability
    are not modeled together (only a spell takes a list of effects)."""
    if "effects" in effect:
        if any(e.get("action") == "extra_land_drops" for e in effect["effects"]):
            # 305.2: the extra land drop would be lost with the others (Hearthhull's "Draw two
            # cards. You may play an additional land this turn."): not kept as not modeled
            raise Refused("an ability that lets a player play additional lands (305.2) among other "
                          "effects: not in the card format")
        ctx.use("effect.not_modeled")
        return {"action": "not_modeled"}
    return effect


@template("loyalty.add_mana", "loyalty", r"\[(?P<sign>[+−-]?)(?P<n>\d+)\]: (?P<eff>(?:.*\. )?Add .+)",
          '{"kind": "activated", "cost": {"loyalty": N}, "effect": {"action": "add_mana", '
          '"produce": {"fixed": ...} | {"any_color": N}}} (not a mana ability: it uses the stack; '
          "only as a sorcery, one loyalty ability of a permanent each turn, a negative cost needs "
          "that many loyalty counters); the planeswalker's printed loyalty is its face's "
          "`loyalty`", "CR 605.1a, 606.3, 606.4, 606.6, 306.5b",
          "Chandra, Torch of Defiance: [+1]: Add {R}{R}.")
def _loyalty_row(m: re.Match[str], ctx: Ctx) -> Any:  # read by _loyalty_mana, not by _match
    raise AssertionError("loyalty lines are read by _loyalty_mana")


# the shapes of mana `apply` adds as a resolving ability (encodings/entering.lp: resolving_adds)
_LOYALTY_PRODUCE = ("fixed", "any_color", "any_combination", "choice", "for_each")
# the sentences after the mana a resolving loyalty ability may say: a spend restriction (106.6;
# the mana keeps it in the pool, the state's `restricted_mana`) or a rider `apply` reports as not
# performed (never silently)
_LOYALTY_RIDERS = ("spend_only", "not_performed", "rider")


def _loyalty_mana(line: str, norm: str, ctx: Ctx) -> dict[str, Any]:
    """A loyalty ability that adds mana: "[+1]: Add {R}{R}." -> an activated ability with the cost
    {"loyalty": 1} and the effect add_mana (not a mana ability, CR 605.1a; 606.3-606.6). Its mana is
    added as it resolves (608.2): fixed symbols, "for each" counts (608.2h), one mana of any color,
    a choice among symbols or "N mana in any combination of colors" (the choice is made then,
    `apply --choose`); a spend restriction stays with the mana in the pool (106.6); "You gain N
    life" is performed as it resolves; any other sentence without a target and that adds no mana
    is a not_performed event (608.2c: an instruction `apply` doesn't carry out, never silently)."""
    m = re.match(r"\[(?P<sign>[+−-]?)(?P<n>\d+)\]: (?P<eff>.+)", norm.rstrip("."))
    if m is None:
        raise Refused("a loyalty ability with an X loyalty cost: not in the card format")
    if ctx.face.loyalty is None or not re.fullmatch(r"\d+", ctx.face.loyalty):
        raise Refused("a loyalty ability of a planeswalker without a printed loyalty number")
    sents = _sentences(m["eff"])
    adding = [i for i, s in enumerate(sents) if _ADDS.search(_unquoted(s))]
    if len(adding) != 1 or not sents[adding[0]].startswith("Add "):
        raise Refused("a loyalty ability that adds mana in a way `apply` doesn't perform (one "
                      "sentence \"Add ...\")")
    produce = _try("mana", sents[adding[0]].rstrip("."), ctx)
    fe = (produce or {}).get("for_each")
    if produce is None or len(set(produce) & set(_LOYALTY_PRODUCE)) != 1 or set(produce) - set(
            _LOYALTY_PRODUCE) or (fe is not None and not (isinstance(fe, dict) and (
                "mana" in fe or (fe.get("any_combination") and "types" in fe))
                and "you_control" in fe and len(fe) <= 3)):
        raise Refused("a loyalty ability that adds mana in a way `apply` doesn't perform (fixed "
                      "mana, one mana of any color, a choice of symbols, N in any combination of "
                      "colors, or symbols for each permanent you control)")
    fields: dict[str, Any] = {}
    for i, s in enumerate(sents):
        if i == adding[0]:
            continue
        extra = _try("mana_rider", s, ctx)
        if extra is None:
            # an instruction of the ability apply doesn't carry out (608.2c): reported as not
            # performed; refused when it targets (the activation would choose targets, 602.2b)
            if re.search(r"\btargets?\b", s):
                raise Refused(f'a loyalty ability adding mana that also says "{s}": a target '
                              "(602.2b) the card format doesn't have")
            ctx.use("loyalty.effect_not_performed")
            fields.setdefault("not_performed", []).append(
                {"kind": "effect", "text": s.replace("~", ctx.face.name) + "."})
            continue
        if set(extra) - set(_LOYALTY_RIDERS) or set(extra.get("rider") or {}) - {"gain_life"}:
            raise Refused(f'a loyalty ability adding mana that also says "{s}" in a way `apply` '
                          "doesn't perform and can't report as not performed")
        if "spend_only" in extra:
            produce.setdefault("spend_only", []).extend(extra["spend_only"])
        if "not_performed" in extra:
            fields.setdefault("not_performed", []).extend(extra["not_performed"])
        if "rider" in extra:
            fields.setdefault("rider", {}).update(extra["rider"])
    n = int(m["n"]) * (-1 if m["sign"] in ("−", "-") else 1)
    ctx.use("loyalty.add_mana")
    return {"kind": "activated", "text": line, "cost": {"loyalty": n},
            "effect": {"action": "add_mana", "produce": produce}, **fields}


@template("loyalty.effect_not_performed", "loyalty",
          r"\[(?P<sign>[+−-]?)(?P<n>\d+)\]: .*\bAdd\b.*",
          '"not_performed": [{"kind": "effect", "text": SENTENCE}] on a loyalty ability that adds '
          "mana: each other instruction with no target that adds no mana (not a spend restriction "
          'nor "You gain N life", which apply performs); on a Saga\'s chapter ability that adds mana, '
          "each other instruction; `apply` reports it as not performed each time the ability "
          "resolves", "CR 608.2c, 606.3, 605.1a, 714.2",
          "Tibalt, Wicked Tormentor: [+1]: Add {R}{R}. Draft a card from Tibalt, Wicked "
          "Tormentor's spellbook, then exile it. Until end of turn, you may cast that card.")
def _loyalty_np_row(m: re.Match[str], ctx: Ctx) -> Any:  # read by _loyalty_mana, not by _match
    raise AssertionError("loyalty lines are read by _loyalty_mana")


@template("station.threshold", "station", r"(?P<n>\d+)\+ \| (?P<rest>.+)",
          'the activated ability of REST with "condition": {"counters_on_self": {"counter": "charge", '
          '"min": N}} (the ability exists only at N or more charge counters; any other kind of ability '
          "is refused)", "CR 602.1, 602.5b, 122.1",
          "Evendo, Waking Haven: 12+ | {G}, {T}: Add {G} for each creature you control.")
def _station_row(m: re.Match[str], ctx: Ctx) -> Any:  # read by compile_line, not by _match
    raise AssertionError("station thresholds are read by compile_line")


def compile_line(line: str, norm: str, ctx: Ctx, *, granted: bool = False,
                 spell: bool = False) -> Ability | None:
    """One line (original text, normalized text) -> an ability, or None when no template and
    no generic reading applies (the caller decides not modeled vs refused). Raises Refused for a
    line that matches a shape but a part of it is not in the card format."""
    text = norm.strip().rstrip(".").strip()
    # a station threshold, "12+ | {G}, {T}: Add {G} for each creature you control." (Evendo, Waking
    # Haven): the ability exists only while the permanent has N or more charge counters; for an
    # activated ability that is the same as "Activate only if it has N or more charge counters" (an
    # ability it doesn't have can't be activated, 602.1): read so, any other kind is refused
    st = re.fullmatch(r"(?P<n>\d+)\+ \| (?P<rest>.+)", norm.strip(), re.DOTALL)
    if st is not None:
        inner = compile_line(line, st["rest"], ctx, granted=granted, spell=spell)
        if inner is None:
            return None   # the caller decides: not modeled, or refused when it touches the rules in scope
        if inner.get("kind") == "not_modeled" or (inner.get("kind") == "keyword"
                                                   and inner.get("keyword") not in _RULE_KEYWORDS):
            return {"kind": "not_modeled", "text": line}   # "8+ | Flying": no rule in scope reads it
        if inner.get("kind") != "activated" or "condition" in inner:
            raise Refused("a station threshold on anything but an activated ability without a condition")
        ctx.use("station.threshold")
        return {**inner, "condition": {"counters_on_self": {"counter": "charge", "min": int(st["n"])}},
                "text": line}
    out = _try("line", text, ctx)
    if out is not None:
        return {**out, "text": line}
    # loyalty abilities (CR 606): not mana abilities (605.1a). One that adds mana is read by
    # _loyalty_mana; any other with a number for its loyalty cost is an activated ability whose
    # effect is not modeled (its cost, 606.4-606.6, its timing and once-each-turn limit, 606.3,
    # and the targets it requires, 602.2b, are: "Jace's [0] may be activated in her main phase",
    # "Liliana's [+1] can't be activated on an opponent's turn"), "[−X]" too; a face
    # without a printed loyalty, is kept as not modeled
    if _LOYALTY.match(norm.strip()):
        if _ADDS.search(_unquoted(norm)):
            return _loyalty_mana(line, norm.strip(), ctx)
        ctx.use("loyalty.not_modeled")
        lm = re.match(r"\[(?P<sign>[+−-]?)(?P<n>\d+)\]: (?P<eff>.+)", norm.strip())
        if _EXTRA_LANDS.search(_unquoted(norm)):
            # 305.2: more land drops this turn (Kiora, the Crashing Wave's [-1]) change whether
            # playing a land is legal: not kept as not modeled
            raise Refused("a loyalty ability that lets a player play additional lands (305.2): "
                          "not in the card format")
        if (hit := _CAST_CHANGES.search(_unquoted(norm))) is not None:
            # 601.2f, 601.3: "[+1]: Until your next turn, instant and sorcery spells you cast cost
            # {1} less to cast" (Ral, Monsoon Mage) changes what spells cost once it resolves
            raise Refused(f'a loyalty ability that changes what spells cost or whether they can be '
                          f'cast ("{hit.group(0)}"): not in the card format')
        if (hit := _EXILE_PERMISSION.search(_unquoted(norm))) is not None:
            # 601.3, 406.3a: as in _effect
            raise Refused(f'a loyalty ability that lets a player cast or play the cards it exiles '
                          f'("{hit.group(0)}"): not in the card format')
        _no_timed_permission(norm, "a loyalty ability")   # 601.3, 305.1: as in _effect
        if lm is not None and ctx.face.loyalty is not None and re.fullmatch(r"\d+", ctx.face.loyalty):
            n = int(lm["n"]) * (-1 if lm["sign"] in ("−", "-") else 1)
            return {"kind": "activated", "text": line, "cost": {"loyalty": n},
                    "effect": _not_modeled(lm["eff"], ctx)}
        # 606.4, 107.3a: "[−X]: ..." (Ugin, the Spirit Dragon; Chandra Nalaar): X is announced as
        # it is activated, and its cost removes X loyalty counters (606.6: no more than it has).
        # Kept as not modeled, `moves` left it out and `why` called it bad input (found by
        # probe20a).
        xm = re.match(r"\[[−-]X\]: (?P<eff>.+)", norm.strip())
        if xm is not None and ctx.face.loyalty is not None and re.fullmatch(r"\d+", ctx.face.loyalty):
            return {"kind": "activated", "text": line, "cost": {"loyalty": "-X"},
                    "effect": _not_modeled(xm["eff"], ctx)}
        return {"kind": "not_modeled", "text": line}
    # triggered abilities (CR 603.1): "When/Whenever/At <trigger>, <effect>"
    m = _TRIGGER.match(norm.strip())
    if m:
        trig = _try("trigger", m["trig"], ctx)
        eff = m["eff"]
        if trig is None:
            # a trigger event no rule in scope produces: the ability never triggers in the
            # model, which is exactly "not modeled" -- unless it adds mana (CR 605.1b)
            if _ADDS.search(_unquoted(eff)):
                raise Refused(f'a trigger adding mana ("{m["trig"]}") that no template reads')
            if (hit := _EXILE_PERMISSION.search(_unquoted(eff))) is not None:
                # 601.3, 406.3a: as in _effect (Thief of Sanity's, Valakut Exploration's cards)
                raise Refused(f'lets a player cast or play the cards it exiles ("{hit.group(0)}"): '
                              "a permission to cast from exile (601.3, 406.3a) no template reads")
            if (hit := _CAST_CHANGES.search(_unquoted(eff))) is not None:
                # 601.2f, 601.3, 702.8a: as in _effect, whether or not the trigger is read: once it
                # has resolved, "the next spell you cast this turn costs {1} less to cast" (Peerless
                # Samurai), "spells they cast this turn cost {2} more to cast" (Academy Loremaster),
                # "you can't cast spells until your next turn" (Innocuous Researcher), "you may cast
                # Dinosaur spells this turn as though they had flash" (Cherished Hatchling) change
                # what spells cost or whether they can be cast, and no `effects` entry can say so
                # (found by probe24d: kept as not modeled)
                raise Refused(f'a trigger whose effect changes what spells cost or whether they can '
                              f'be cast ("{hit.group(0)}") in a way no template reads')
            if _EXTRA_LANDS.search(_unquoted(eff)):
                # 305.2: as in _effect (more land drops once it has resolved)
                raise Refused("a trigger whose effect lets a player play additional lands (305.2) "
                              "in a way no template reads")
            _no_timed_permission(eff, "a trigger")   # 601.3, 305.1: as in _effect
            ctx.use("trigger.not_modeled")
            return {"kind": "not_modeled", "text": line}
        if trig.get("event") == "tapped_for_mana" and not _ADDS.search(_unquoted(eff)):
            # 605.1b: a "tapped for mana" trigger whose effect adds no mana is no mana ability; it
            # would use the stack (603.3) and its effect is no rule in scope: not modeled, as is
            # Burning Earth's on a nonbasic land, which no trigger template reads (found by
            # probe28a: Manabarbs' "this enchantment deals 1 damage to that player" was refused)
            ctx.use("trigger.not_modeled")
            return {"kind": "not_modeled", "text": line}
        if trig.get("event") == "tapped_for_mana":
            body = eff.rstrip(".")
            rider: dict[str, Any] = {}
            # "..., and this enchantment deals 1 damage to the player" (Overabundance; 605.4a)
            # "... that player adds one mana of any type that land produced. That land doesn't untap
            # during its controller's next untap step." (Winter's Night)
            if (rm := re.match(r"(?P<mana>.+)(?:, and |\. )(?P<rider>(?:~ deals|That (?:land|permanent) doesn't) .+)$",
                               body)) is not None:
                rider = _match("mana_trigger_rider", rm["rider"], ctx)
                body = rm["mana"]
            produce = _match("mana_trigger_effect", body, ctx)
            out = {"kind": "triggered", "text": line, "trigger": trig, "mana": produce}
            if rider:
                out["rider"] = rider
            return out
        if trig.get("event") == "enters" and (ci := _ENTERS_IF.match(eff)) is not None \
                and not _ADDS.search(_unquoted(ci["eff"])):
            # 603.4, 702.33d: an intervening "if" about how the permanent's spell was cast ("When
            # this creature enters, if it was kicked, ...", Gatekeeper of Malakir; "if you cast it
            # [from your hand]"): the ability triggers only if the condition holds (found by
            # probe20b: an unkicked Gatekeeper's trigger went on the stack)
            trig = {**trig, "if": _ENTERS_IF_KINDS[ci["cond"]]}
            eff = ci["eff"]
        ctx.of_permanent = True   # its source's counters may be counted (608.2h)
        # 107.3m: an enters trigger's X is the X of the spell its source was
        ctx.x_from = trig.get("event") == "enters" and "{X}" in (ctx.face.mana_cost or "")
        try:
            effect = _single(_effect(eff, ctx), ctx)
        finally:
            ctx.of_permanent = False
            ctx.x_from = False
        return {"kind": "triggered", "text": line, "trigger": trig, "effect": effect}
    # activated abilities (CR 602.1): "<cost>: <effect>"
    m = _ACTIVATED.match(norm.strip())
    if m and not _LOYALTY.match(norm.strip()):
        ctx.cost_text = m["cost"]
        try:
            cost = parse_cost(m["cost"], ctx)
        except Refused:
            if re.search(r"\{[^}]+\}|\b(?:Sacrifice|Pay|Tap|Remove|Discard|Exile|Return|Put)\b",
                         m["cost"]):
                raise
            return None
        zone = ability_zone(cost)
        body = _mana_ability_body(m["eff"], ctx)
        if body is not None:
            _no_hybrid_but_two_color(cost)
            fe = body["mana"].get("for_each") if isinstance(body["mana"], dict) else None
            if isinstance(fe, dict) and "counters_removed" in fe and \
                    cost.get("remove_any_counters") != fe["counters_removed"]:
                raise Refused("mana for each counter removed, with a cost that doesn't remove any "
                              "number of them")
            if "remove_any_counters" in cost and not (isinstance(fe, dict)
                                                      and "counters_removed" in fe):
                raise Refused("removing any number of counters for mana that doesn't count them")
            pc = body.get("put_counters")
            if pc is not None and (not cost.get("tap") or set(pc) & (
                    set(cost.get("remove_counters") or {}) | {cost.get("remove_any_counters")})):
                raise Refused("putting counters on the source with a cost without {T} or removing "
                              "that kind: not in the card format")
            rr = body.get("remove_counters_rider")
            if rr is not None and (not cost.get("tap") or set(rr) & (
                    set(cost.get("remove_counters") or {}) | {cost.get("remove_any_counters")}
                    | set(cost.get("put_counters") or {}) | set(body.get("put_counters") or {}))):
                raise Refused("removing counters from the source with a cost without {T} or "
                              "putting or removing that kind: not in the card format")
            kind = body.get("sacrifice_if_no_counters")
            if kind is not None and kind not in (cost.get("remove_counters") or {}):
                raise Refused(f'"sacrifice it" when there are no {kind} counters, with a cost that '
                              "doesn't remove them: not in the card format")
            ctx.used.insert(0, "mana.ability")
            return {"kind": "activated", "text": line, "cost": cost, **zone, **body}
        if "exile_permanent" in cost:
            raise Refused("exiling a permanent you control for an ability that isn't a mana "
                          "ability: not in the card format")
        sents = _sentences(m["eff"])
        # 602.5b, 602.5d: a restriction after a sentence that ends in a quoted ability ('... with
        # "This token can't be blocked." Activate only as a sorcery.') is a sentence of its own;
        # _sentences splits only at a period outside quotes, so the restriction was read as part
        # of the effect and dropped (found by probe18a: Country Roads' Pilot ability was offered at
        # instant speed, Loch Larent's on an opponent's turn)
        if sents:
            q = re.fullmatch(r'(.*[.!?]")\s+((?:Activate only|This ability costs)\b[^"]*)', sents[-1])
            if q:
                sents[-1:] = [q[1], q[2]]
        timing: dict[str, Any] = {}
        while sents and re.match(r"Activate only|This ability costs \{\d+\} less to activate "
                                 r"for each", sents[-1]):
            timing.update(_match("mana_rider", sents[-1], ctx))
            sents.pop()
        # a sentence about activating this ability itself (its cost, who or when) is no effect:
        # "This ability costs {1} less to activate for each pressure counter on this artifact"
        # (Exploding Barrel) changes the cost the moves offer (602.2b, 601.2f)
        for sent in sents:
            if _ACTIVATION_RULE.search(sent):
                raise Refused(f'"{sent}" changes how the ability is activated: no template')
            if _X_DEFINED.match(sent) and "{X}" in json.dumps(cost):
                # 107.3c: X defined by the text (Soul Foundry: "X is the mana value of that card")
                # isn't chosen; read as a chosen X, `moves` offered any X the mana allows (found
                # by probe16a)
                raise Refused(f'"{sent}" defines the X of the activation cost (107.3c): no template')
        eff = ". ".join(sents) + "."
        if not zone and re.search(r"\b(?:Return|Put) ~ from your graveyard\b", eff):
            # 113.6k: an ability whose effect moves its card out of a zone functions only there
            # (Reassembling Skeleton: "Return this card from your graveyard to the battlefield")
            zone = ability_zone({**cost, "_zone": "graveyard"})
        ctx.x_from = "{X}" in str(cost.get("mana", ""))   # 107.3k: the X announced as it was activated
        try:
            effect = _single(_effect(eff, ctx), ctx)
        finally:
            ctx.x_from = False
        if effect == {"action": "not_modeled"}:
            effect = _not_modeled(eff, ctx)   # several sentences not modeled together
        return {"kind": "activated", "text": line, "cost": cost, **zone, **timing, "effect": effect}
    if spell:
        if re.match(r"Add\b", text):
            out = _effect(text, ctx)
            return {"kind": "spell", "text": line, "effect": out}
        # an instant's or sorcery's paragraph is its effect (CR 608.2): not modeled unless it
        # adds mana; a paragraph about casting the spell itself (its cost, when or how it may be
        # cast) is a static ability of the spell (CR 601.2f, 113.6) and stays in scope
        if ctx.face.mana_cost and "{X}" in ctx.face.mana_cost and \
                any(_X_DEFINED.match(x) for x in _sentences(norm)):
            # 107.3c: the spell's text defines its X (Spoils of War: "X is the number of artifact
            # and/or creature cards in an opponent's graveyard as you cast this spell"): not chosen
            raise Refused("the text defines the X of the spell's mana cost (107.3c): no template")
        if not _SPELL_STATIC.search(norm):
            ctx.x_from = "{X}" in (ctx.face.mana_cost or "")   # 107.3a: the X announced as it was cast
            try:
                eff = _effect(norm, ctx, spell=True)
            finally:
                ctx.x_from = False
            if "effects" in eff:
                return {"kind": "spell", "text": line, "effects": eff["effects"]}
            return {"kind": "spell", "text": line, "effect": eff}
    return None


# --- keyword lines ----------------------------------------------------------------------------

# every keyword ability of CR 702 that a line can consist of (lowercase); any other word list is
# not a keyword line
# (the set lives in mtgasp.keywords, read by the state's validation too)


def _keyword_parts(line: str) -> list[str] | None:
    """The keywords of a keyword line ("Flying, haste", "Kicker {4}", "Protection from red"), or
    None if the line is not only keywords."""
    if not line or line.endswith(".") and "—" not in line:
        return None
    names = sorted(KEYWORD_NAMES, key=len, reverse=True)
    low = line.lower()
    if any(low.startswith((n + "—", n + " —")) for n in names):
        # a keyword with a cost after an em dash is the whole line, commas and all: "Flashback—{1}{U},
        # Pay 3 life." (Deep Analysis), "Escape—{3}{B}, Exile five other cards from your graveyard."
        # (found by probe17a: split at the comma it was no keyword line, and the card was imported
        # with its flashback or escape not modeled, so casting it from a graveyard was refused, 601.3)
        return [line]
    parts = [p.strip() for p in re.split(r"[,;] (?![^{]*\})", line)]
    for p in parts:
        low = p.lower()
        if not any(low == n or low.startswith((n + " ", n + "—", n + " —")) for n in names):
            return None
        if " — " in p and not _keyword_head(low.split(" — ", 1)[0]):
            # 207.2c: "Fear Gas — Wraith can't be blocked.", "Echo of the Lost — During your turn,
            # you may play cards from your graveyard." (Hades, Sorcerer of Eld): a flavor word that
            # starts with a keyword's name is an ability word, not that keyword; read as "fear" or
            # "echo", the ability after its dash was dropped (found by probe30c)
            return None
    return parts


def _keyword_head(head: str) -> bool:
    """Whether the words before a spaced em dash are a keyword and its number or cost ("suspend 17",
    "max speed"), not an ability word that starts with a keyword's name ("echo of the lost")."""
    name = _keyword_name(head)
    return name in KEYWORD_NAMES and re.fullmatch(r"(?: \d+| x|(?: ?\{[^{}]+\})+)?", head[len(name):]) is not None


def _keyword_name(part: str) -> str:
    low = part.lower()
    for n in sorted(KEYWORD_NAMES, key=len, reverse=True):
        if low == n or low.startswith((n + " ", n + "—", n + " —")):
            return n
    return low.split()[0]


# a line of a face's own text that makes it enter tapped ("This land enters tapped.")
_ENTERS_TAPPED_LINE = re.compile(r"^(?:This \w+|~|\S.*?) enters?(?: the battlefield)? tapped\.?$",
                                 re.IGNORECASE | re.MULTILINE)

# what a keyword's reminder text says when the keyword changes costs, casting, mana or entering
_REMINDER_SCOPE = re.compile(
    r"additional cost|rather than pay|less to cast|more to cast|as you cast|reduce the cost|"
    r"\bspend\b|\badd \{|\badd (?:one|two|three|X) mana|enters? (?:tapped|with)",
    re.IGNORECASE)


# a line that is one word (or a word and lowercase words) and a cost or a number, as a keyword
# with its parameter is written ("Flashforward {4}{R}", "Multicleave {1}", "Land casualty 2")
_UNKNOWN_KEYWORD_LINE = re.compile(r"^[A-Z][\w'-]*(?: [a-z][\w'-]*)*(?:(?: ?\{[^{}]+\})+| \d+| X)$")
# reminder text that lets the card be cast, or cast another way ("You may cast this card from exile
# for its flashforward cost", "you may reveal it and cast it by paying {0}", "You may cast this card
# face down as a 2/2 creature for {3}")
_REMINDER_CASTS = re.compile(r"\bcast (?:this card|it|this spell)\b", re.IGNORECASE)


def compile_keyword(part: str, ctx: Ctx, reminder: str = "") -> Ability:
    """One keyword of a keyword line -> a keyword ability. Keywords the rules in scope read must
    match their template (else Refused); keywords that change how a spell is cast or what it
    costs are refused; every other keyword is a not-modeled keyword (CR 702: it can't change an
    answer in scope)."""
    out = _try("keyword", part, ctx)
    if out is not None:
        return {"kind": "keyword", "text": part, **out}
    name = _keyword_name(part)
    if name in CASTING_KEYWORDS:
        raise Refused(f'keyword "{part}" changes how the spell is cast or what it costs and no '
                      "template reads it")
    hit = _REMINDER_SCOPE.search(reminder)
    if hit:
        raise Refused(f'keyword "{part}": its reminder text ("{hit.group(0)}") touches the rules '
                      "in scope and no template reads it")
    body = re.split(r"\s?—\s?", part, maxsplit=1)[1] if "—" in part else ""
    hit = _SCOPE.search(re.sub(r"\bmana values?\b", "", body))
    if hit:
        # "Max speed — {T}: Add {R}{R}.", "Void — This spell costs {2} less to cast if ...",
        # "Exhaust — {G}, {T}: Add three mana of any one color.": the words after the em dash are an
        # ability (its condition or limit unread: 207.2c, 702.177a, 702.179a) that touches the
        # rules in scope; kept as a not-modeled keyword, that ability was lost (found by probe18b:
        # Temporal Intervention cost {2} more than its Oracle says)
        if _ADDS.search(_unquoted(part)):  # 605.1a: a mana ability (found by probe18c)
            raise Refused(f'keyword "{name}": the ability after its em dash adds mana (605.1a) '
                          f'("{part}") and no template reads it')
        raise Refused(f'keyword "{name}": the ability after its em dash touches the rules in scope '
                      f'("{hit.group(0)}") and no template reads it')
    if _ADDS.search(_unquoted(part)):
        # 605.1a: "Max speed — {T}: Add {R}{R}." (702.179), "Exhaust — {G}, {T}: Add three mana of
        # any one color." (702.177), "Cumulative upkeep—Add {R}." (702.24): a keyword ability that
        # adds mana; kept as not modeled, the card was imported without it, and `mana` and the
        # payment search never used it (found by probe18c)
        raise Refused(f'"{part}" adds mana (605.1a) and no template reads it')
    ctx.use("keyword.not_modeled")
    kw: Ability = {"kind": "keyword", "text": part, "keyword": name}
    rest = part[len(name):].strip()
    if re.fullmatch(r"(?:\{[^{}]+\})+", rest):
        kw["cost"] = rest  # stored for the reader, no rules ("Cycling {3}")
    elif re.fullmatch(r"\d+", rest):
        kw["n"] = int(rest)  # "Bushido 2"
    from mtgasp.cards import KEYWORDS

    if any(f not in kw for f in KEYWORDS.get(name, ())):
        # a keyword the card format reads, with a cost it can't hold ("Ward—Discard a card": the
        # format's ward cost is a mana cost, 702.21a): the line is kept as not modeled
        return {"kind": "not_modeled", "text": part}
    return kw


# --- compiling a card -------------------------------------------------------------------------


@dataclass
class LineVerdict:
    face: str
    line: str
    verdict: str  # templated | not_modeled | refused
    templates: list[str] = field(default_factory=list)
    reason: str = ""
    source: str = ""  # the Oracle paragraph the line is (part of)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"face": self.face, "line": self.line, "verdict": self.verdict}
        if self.templates:
            d["templates"] = self.templates
        if self.reason:
            d["reason"] = self.reason
        return d


@dataclass
class CardResult:
    name: str
    card: dict[str, Any] | None  # the compiled card, None when refused
    lines: list[LineVerdict]
    refusal: str = ""  # a card-level reason (mana cost symbols, card type, layout)

    @property
    def imported(self) -> bool:
        return self.card is not None


# what the card format takes as a power or toughness that isn't a number (cards.py)
_PT_TEXT = re.compile(r"^(\d+[+-])?(\*|X|\?)([+-]\d+)?$|^\*²$")
_INTRINSIC = re.compile(r"^\(\{T\}: Add (?:\{[WUBRG]\}(?:, | or |, or )?)+\.\)$")


def _face_out(face: RawFace, card: RawCard, lines_out: list[LineVerdict]) -> tuple[dict[str, Any], list[str]]:
    """Compile one face; returns the card-format face and the refusal reasons."""
    refusals: list[str] = []
    names = self_names(face, card)
    abilities: list[Ability] = []
    oracle_lines: list[str] = []
    basic_subtypes = [s for s in face.subtypes if s in BASIC_TYPES]
    paragraphs = [p.strip() for p in face.text.split("\n") if p.strip()]
    # intrinsic mana abilities of lands with basic land types (CR 305.6, 305.7)
    intrinsic_text = next((p for p in paragraphs if _INTRINSIC.match(p)), None)
    if basic_subtypes and "Land" in face.types:
        text = intrinsic_text
        if text is None:
            # the Oracle reminder of the intrinsic abilities, when this copy of the text lacks it
            # (basic lands, and a few nonbasic ones): "({T}: Add {W} or {R}.)"
            syms = ["{" + BASIC_TYPES[t] + "}" for t in basic_subtypes]
            text = "({T}: Add " + (syms[0] if len(syms) == 1 else
                                   ", ".join(syms[:-1]) + ("," if len(syms) > 2 else "")
                                   + " or " + syms[-1]) + ".)"
        if text:
            # one ability for the reminder paragraph (the card format numbers abilities by
            # paragraph): "{T}: Add {W} or {B}." is the two intrinsic abilities of 305.6 as one
            # choice -- the same mana, the same {T} cost
            oracle_lines.append(text)
            symbols = ["{" + BASIC_TYPES[s] + "}" for s in basic_subtypes]
            produce: dict[str, Any] = ({"fixed": symbols[0]} if len(symbols) == 1
                                       else {"choice": symbols})
            abilities.append({"kind": "activated", "text": text, "cost": {"tap": True},
                              "mana": produce, "template": "mana.intrinsic"})
            lines_out.append(LineVerdict(face.name, text, "templated", ["mana.intrinsic"],
                                         source=text))
    spell = any(t in face.types for t in ("Instant", "Sorcery"))
    # join modal bullets to their "Choose ..." line (one ability, CR 700.2)
    joined: list[str] = []
    for p in paragraphs:
        if p.startswith("•") and joined:
            joined[-1] += "\n" + p
        else:
            joined.append(p)
    for para in joined:
        if para == intrinsic_text and basic_subtypes:
            continue
        line = strip_reminder(para)
        if not line:
            lines_out.append(LineVerdict(face.name, para, "not_modeled",
                                         reason="reminder text only", source=para))
            continue
        oracle_lines.append(line)
        verdicts = _compile_paragraph(line, names, face, card, spell, abilities,
                                      " ".join(re.findall(r"\(([^()]*)\)", para)))
        for v in verdicts:
            v.source = para
            lines_out.append(v)
            if v.verdict == "refused":
                refusals.append(f'"{v.line}": {v.reason}')
    out: dict[str, Any] = {"name": face.name, "mana_cost": face.mana_cost,
                           "supertypes": [s for s in face.supertypes if s in
                                          ("Basic", "Legendary", "Snow", "World")],
                           "types": ["Kindred" if t == "Tribal" else t for t in face.types],
                           "subtypes": face.subtypes}
    # power/toughness: creatures only (a Vehicle's printed P/T applies once it is a creature,
    # which the card format doesn't model, CR 301.7b)
    if "Creature" in face.types:
        for key, pt in (("power", face.power), ("toughness", face.toughness)):
            if pt is None:
                continue
            if re.fullmatch(r"\d+", pt):
                out[key] = int(pt)
            elif _PT_TEXT.match(pt):
                out[key] = pt
            else:
                reason = f'{key} "{pt}" is not in the card format'
                refusals.append(reason)
                lines_out.append(LineVerdict(face.name, f"({key} {pt})", "refused", reason=reason))
    # 105.2, 202.2: a face's colors are its mana cost's, unless a color indicator (204), a
    # characteristic-defining ability (604.3) or devoid (702.114a) says otherwise: the file's
    # colors are written when they differ (Dryad Arbor's green, a devoid spell's none)
    # 306.5b: a planeswalker enters with its printed loyalty in loyalty counters
    if "Planeswalker" in face.types and face.loyalty is not None and re.fullmatch(r"\d+",
                                                                                  face.loyalty):
        out["loyalty"] = int(face.loyalty)
    colors = _face_colors(face, names)
    if colors is not None:
        cost_colors = [c for c in COLOR_ORDER
                       if any(c in s for s in _symbols(face.mana_cost or ""))]
        if colors != cost_colors:
            out["colors"] = colors
    out["oracle"] = "\n".join(oracle_lines)
    out["abilities"] = abilities
    return out, refusals


_CDA_COLOR = re.compile(r"^~ is (?P<c>all colors|colorless|(?:white|blue|black|red|green)"
                        r"(?:(?:, |,? and )(?:white|blue|black|red|green))*)\.?$")


def _face_colors(face: RawFace, names: list[str]) -> list[str] | None:
    """The face's colors when the file says or the text defines them (105.2, 202.2): the file's
    ``colors`` (Scryfall, full MTGJSON); a characteristic-defining ability ("~ is all colors",
    604.3); else, for a face without a mana cost that isn't a noncreature land, its card's color
    identity (903.4; such a face has a color only from a color indicator, 204, and a color
    indicator's colors are in the identity: an approximation when the file has no ``colors``,
    wrong only for a face whose card has other colored mana symbols than its indicator's).
    None: the mana cost's colors."""
    if face.colors is not None:
        return face.colors
    for para in face.text.split("\n"):
        m = _CDA_COLOR.match(normalize(strip_reminder(para).strip(), names))
        if m:
            if m["c"] == "all colors":
                return list(COLOR_ORDER)
            return [] if m["c"] == "colorless" else _color_letters(m["c"])
    if (face.mana_cost is None and face.identity is not None
            and ("Land" not in face.types or "Creature" in face.types)):
        return face.identity
    return None


_CHAPTER_LINE = re.compile(r"(?:I|II|III|IV|V|VI|VII|VIII|IX|X)(?:, (?:I|II|III|IV|V|VI|VII|VIII|IX|X))* — ")


def _compile_paragraph(line: str, names: list[str], face: RawFace, card: RawCard, spell: bool,
                       abilities: list[Ability], reminder: str = "") -> list[LineVerdict]:
    ctx = Ctx(face, card)
    norm = normalize(line, names)
    # level up (CR 711) and Class levels (CR 716): the abilities after "LEVEL 1-4" or "{1}{R}: Level
    # 2" apply only at that level, which the card format can't say
    if re.match(r"LEVEL \d", line) or re.fullmatch(r"(?:\{[^{}]+\}(?:, )?)+: Level \d+\.?", line):
        return [LineVerdict(face.name, line, "refused",
                            reason="abilities that apply only at a level (CR 711, 716) are not in "
                                   "the card format")]
    # a keyword line: each keyword is its own ability
    parts = _keyword_parts(line)
    if parts is not None:
        out = []
        for p in parts:
            ctx.used = []
            # 302.6, 702.10: "Max speed — [ability]" and a Case's "Solved — [ability]" are
            # abilities that exist as long as a condition holds (max speed, solved); one that gives haste
            # (or changes another thing _UNREAD_CHANGES lists) in words no template reads is
            # refused, not kept as not modeled with its keyword: "Max speed — This creature has
            # deathtouch and haste." (Gastal Thrillseeker: at max speed its {T} ability could be
            # activated the turn it entered; found by probe18a)
            kb = _ABILITY_WORD.match(p)
            refusal = None
            if kb is not None and kb["word"].lower() in ("max speed", "solved") and \
                    not _ACTIVATED.match(kb["rest"]):
                for pat, quoted_too, why in _UNREAD_CHANGES:
                    c = pat.search(kb["rest"] if quoted_too else _unquoted(kb["rest"]))
                    if c:
                        refusal = why % c.group(0)
                        break
            if refusal is not None:
                out.append(LineVerdict(face.name, p, "refused", reason=refusal))
                continue
            try:
                ab = compile_keyword(p, ctx, reminder if len(parts) == 1 else "")
            except Refused as e:
                out.append(LineVerdict(face.name, p, "refused", reason=str(e)))
                continue
            verdict = "not_modeled" if ctx.used == ["keyword.not_modeled"] else "templated"
            ab["template"] = next((u for u in ctx.used if u.startswith("keyword.")), ctx.used[0])
            abilities.append(ab)
            if ab["template"] == "keyword.hideaway_printed" and not _ENTERS_TAPPED_LINE.search(
                    "\n".join(strip_reminder(q) for q in face.text.split("\n"))):
                # 702.75b: the errata's "[This permanent] enters tapped." (the old reminder text
                # says so too: "This land enters the battlefield tapped.")
                abilities.append({"kind": "replacement", "text": p, "enters_tapped": True,
                                  "template": "keyword.hideaway_printed"})
            out.append(LineVerdict(face.name, p, verdict, list(ctx.used)))
        return [v for v in out]
    # a keyword no template knows, with its cost or number ("Flashforward {4}{R}", "Scrycast {0}",
    # "Negamorph {1}{G}", "Multicleave {1}"), whose reminder text says it lets the card be cast from
    # another zone, another way or for another cost: an alternative or additional cost and a
    # permission to cast (601.3, 601.2b, 118.8, 118.9) that no template reads; kept as a
    # not-modeled line, `why` refused casting Boltfire from exile for its flashforward cost (601.3)
    # and never offered the cost (found by probe30c)
    if _UNKNOWN_KEYWORD_LINE.match(line) and not _ABILITY_WORD.match(line) and (
            hit := _REMINDER_CASTS.search(reminder) or _REMINDER_SCOPE.search(reminder)):
        return [LineVerdict(face.name, line, "refused",
                            reason=f'"{line}" is a keyword no template reads, and its reminder '
                                   f'text ("{hit.group(0)}") touches the rules in scope: how or '
                                   "from where the card is cast or what it costs (601.3, 601.2b, "
                                   "118.9), the mana it adds or how it enters")]
    # an ability word ("Landfall — ...") has no rules meaning (CR 207.2c)
    body_norm = norm
    m = _ABILITY_WORD.match(norm)
    chapter = m is not None and "Saga" in face.subtypes and re.fullmatch(
        r"(?:I|II|III|IV|V|VI|VII|VIII|IX|X)(?:, (?:I|II|III|IV|V|VI|VII|VIII|IX|X))*", m["word"])
    if m and not chapter and "\n" not in m["word"] and not m["word"].lower().startswith(
            ("choose", "+", "−")):
        kw = _keyword_name(m["word"])
        # (the whole word is the keyword: "Echo of the Lost —", "Scavenge the Dead —", "Protection
        # Fighting Style —" are ability words, 207.2c, whose ability is the rest of the line; read
        # as echo, scavenge or protection, that ability was dropped: found by probe30c)
        if _keyword_head(m["word"].lower()):
            # a keyword with a non-mana cost ("Kicker—Sacrifice a land", "Ward—Pay 3 life")
            try:
                kab = compile_keyword(m["word"], ctx) if kw not in CASTING_KEYWORDS else None
            except Refused as e:
                return [LineVerdict(face.name, line, "refused", reason=str(e))]
            if kab is None:
                return [LineVerdict(face.name, line, "refused",
                                    reason=f'keyword "{kw}" with a non-mana cost: no template')]
            kab["text"] = line
            kab["template"] = "keyword.not_modeled"
            abilities.append(kab)
            return [LineVerdict(face.name, line, "not_modeled", ["keyword.not_modeled"])]
        body_norm = m["rest"]
    try:
        lab = compile_line(line, body_norm, ctx, spell=spell)
    except Refused as e:
        return [LineVerdict(face.name, line, "refused", reason=str(e))]
    if (chapter or (m is None and "Saga" in face.subtypes and _CHAPTER_LINE.match(norm))) and (
            lab is None or (lab.get("trigger") or {}).get("event") != "chapter"):
        # 714.2-714.4, 704.5s: a Saga's chapter abilities say when it is sacrificed and `apply`
        # puts lore counters on it (714.3a-b): one no template reads (read ahead, 714.3c;
        # "Bedtime story" takes the lore counter off its entering; an ability word after the
        # chapter number) isn't kept as not modeled (found by probe18d: Night of the Flying
        # Merfolk entered with a lore counter and its chapters never triggered)
        return [LineVerdict(face.name, line, "refused",
                            reason="a Saga's chapter ability (714.2) that no template reads: its "
                                   "lore counters and its sacrifice (714.3, 704.5s) would be wrong")]
    kw_start = _CASTING_KEYWORD_START.match(body_norm)
    if kw_start is not None and (lab is None or all(u.endswith("not_modeled") for u in ctx.used)):
        return [LineVerdict(face.name, line, "refused",
                            reason=f'keyword "{kw_start.group(0)}" with words no template reads: it '
                                   "changes how the spell is cast or what it costs (601.2b, 118.8, 118.9)")]
    if lab is not None:
        names_used = list(ctx.used) or ["effect.not_modeled"]
        if any(u.endswith("not_modeled") for u in names_used) and _grants_mana(body_norm):
            # 605.1a, 106.7: an effect that gives an existing object a mana ability ('lands you
            # control gain "Sacrifice this land: Add {B}."', Rain of Filth; a target land, an
            # emblem, a permanent that becomes a Treasure) changes what it could produce and what
            # pays a cost; kept as not modeled, the ability was missing from every later answer
            # (found by probe18c)
            return [LineVerdict(face.name, line, "refused",
                                reason="gives an object a mana ability (605.1a) in a way no "
                                       "template reads")]
        if any(u.endswith("not_modeled") for u in names_used) and (
                grant := _GRANTS_CASTING_KEYWORD.search(body_norm)) is not None:
            # 601.3, 702.34a: an effect or a static line that gives a card a keyword letting it be
            # cast from another zone or another way ("target instant or sorcery card in your
            # graveyard gains flashback until end of turn", Snapcaster Mage; "As long as ..., it has
            # flashback {2}{G}", Viral Spawning): once it applies, the card may be cast from the
            # graveyard, which no object field or `effects` entry can say; kept as not modeled,
            # `why` refused casting it, 601.3 (found by probe27c; the printed keyword is refused too);
            # quoted text too: an emblem's "Instant and sorcery cards in your graveyard have
            # retrace." (Wrenn and Six) lasts the rest of the game
            return [LineVerdict(face.name, line, "refused",
                                reason=f'gives a card a casting keyword ("{grant.group(0)}"): a '
                                       "permission to cast it from another zone or another way "
                                       "(601.3, 601.2b) no template reads")]
        if any(u.endswith("not_modeled") for u in names_used) and _REPLACES_MANA.search(body_norm):
            # 106.12b, 614.1a, 106.7: an effect that replaces the mana a permanent produces ("Until
            # end of turn, if you tap a land for mana, it produces one mana of a color of your choice
            # instead", Harvest Mage; Quarum Trench Gnomes) changes what it could produce and what
            # pays a cost, and the state's `effects` can't hold it; kept as not modeled, every later
            # answer was the unreplaced mana (found by probe23d)
            return [LineVerdict(face.name, line, "refused",
                                reason="replaces the mana a permanent produces (106.12b, 614.1a) in a "
                                       "way no template reads")]
        if any(u.endswith("not_modeled") for u in names_used) and re.search(
                r"\bsplit second\b", body_norm, re.IGNORECASE):
            # 702.61a: "If this spell was kicked, it has split second." (Molten Disaster): while
            # the kicked spell is on the stack no other spell can be cast nor ability activated;
            # kept as not modeled, both were legal (found by probe19c)
            return [LineVerdict(face.name, line, "refused",
                                reason="gives split second (702.61a) in a way no template reads")]
        lab["template"] = _main_template(lab, names_used)
        abilities.append(lab)
        # templated when a template read something the rules use (a trigger, a cost, a mana
        # ability, an effect); not modeled when only "not modeled" readings apply
        nothing = all(u.endswith("not_modeled") for u in names_used)
        verdict = "not_modeled" if nothing or lab["kind"] == "not_modeled" else "templated"
        return [LineVerdict(face.name, line, verdict, names_used)]
    # no template: not modeled, or refused if the line touches the rules in scope
    if not _SCOPE.search(body_norm):
        for pattern, quoted_too, why in _UNREAD_CHANGES:
            change = pattern.search(body_norm if quoted_too else _unquoted(body_norm))
            if change:
                return [LineVerdict(face.name, line, "refused", reason=why % change.group(0))]
    hit = _SCOPE.search(body_norm) or _GRANTS_CASTING_KEYWORD.search(body_norm)
    if hit:
        return [LineVerdict(face.name, line, "refused",
                            reason=f'touches the rules in scope ("{hit.group(0)}") and matches no '
                                   "template")]
    abilities.append({"kind": "not_modeled", "text": line, "template": "not_modeled"})
    return [LineVerdict(face.name, line, "not_modeled", ["not_modeled"])]


# 601.3, 601.2b: a grant of a keyword that lets a card be cast from a graveyard or exile, or for
# another cost ("gains flashback", "has flashback {2}{G}", "have escape"); not a condition on a
# spell that has one ("spells you cast that have flashback", "a spell with flashback", "If it
# doesn't have suspend")
_GRANTED_KEYWORDS = ("flashback", "jump-start", "retrace", "escape", "harmonize", "disturb",
                     "aftermath", "mayhem", "madness", "miracle", "foretell", "plot", "suspend",
                     "warp", "dash", "evoke", "blitz", "sneak", "convoke", "delve", "improvise",
                     "affinity", "kicker", "multikicker", "buyback", "bestow", "emerge",
                     "spectacle", "surge", "overload", "rebound")
_GRANTS_CASTING_KEYWORD = re.compile(
    r"(?<!\bthat )(?<!\bwhich )(?<!\bif it )(?<!\bdoesn't )(?<!\bdon't )\b(?:gains?|has|have)\s+(?:"
    + "|".join(sorted(_GRANTED_KEYWORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


# 106.12b: a replacement effect on the mana a permanent tapped for mana produces
_REPLACES_MANA = re.compile(r"\bfor mana\b[^.]*\bproduces?\b[^.]*\binstead\b", re.IGNORECASE)


def _main_template(ab: Ability, used: list[str]) -> str:
    if ab["kind"] == "activated" and "mana" in ab:
        # the last one: a template reading others (mana.if_you_control_instead) uses them first
        return next((u for u in reversed(used) if u.startswith("mana.") and u != "mana.ability"),
                    "mana.ability")
    if ab["kind"] == "triggered":
        if "mana" in ab:
            return "mana.triggered"
        return next((u for u in used if u.startswith("trigger.")), used[0])
    if ab["kind"] == "activated" and "loyalty" in (ab.get("cost") or {}):
        return "loyalty.not_modeled" if used == ["loyalty.not_modeled"] else "loyalty.add_mana"
    if ab["kind"] == "activated":
        return "activated"
    if ab["kind"] == "spell" and "spell.until_end_of_turn_triggered_mana" in used:
        return "spell.until_end_of_turn_triggered_mana"   # the line's, not its trigger's (High Tide)
    if ab["kind"] == "alternative_cost":  # the line's template, not a cost part's
        return "cost.alternative_if_you_control" if "condition" in ab else "cost.alternative"
    return used[0]


LAYOUT_FACES = {"modal_dfc": 2, "transform": 2, "split": 2, "adventure": 2, "flip": 2,
                "aftermath": 2, "meld": 2, "prepare": 2}


_PLAYABLE_FACES = ("modal_dfc", "split")


def compile_card(raw: RawCard) -> CardResult:
    """Compile one card: every line gets a verdict; the card is imported if no line is refused."""
    lines: list[LineVerdict] = []
    faces_out: list[dict[str, Any]] = []
    refusals: list[str] = []
    card_reason = ""
    for face in raw.faces:
        other = [t for t in face.types if t in OTHER_GAME_TYPES or t not in CARD_TYPES]
        if other or not face.types:
            card_reason = (f'type line "{face.type_line}": not a card type in scope '
                           f"({', '.join(other) or 'no card type'})")
        if face.mana_cost:
            bad = [s for s in _symbols(face.mana_cost) if not _FORMAT_SYMBOL.match(s)]
            if bad:
                card_reason = (f"mana cost {face.mana_cost}: symbol {{{bad[0]}}} is not in the "
                               "card format (half mana, hybrid Phyrexian, Y/Z, ...)")
        f_out, refs = _face_out(face, raw, lines)
        faces_out.append(f_out)
        refusals += refs
    layout = raw.layout
    name = raw.name
    if layout in _PLAYABLE_FACES and len(faces_out) < LAYOUT_FACES[layout]:
        # 712.11b, 712.12, 709.3: the missing face of a modal DFC may be cast or played as a land
        # from the zones its front face is cast from, and either half of a split card may be cast;
        # the front face alone answered "not a land card" for Emeria's Call // Emeria, Shattered
        # Skyclave played as a land (a hideaway land's "play the exiled card" too), and had no
        # Ice for Fire // Ice (found by probe19b): refused, not answered wrongly
        missing = raw.name.split(" // ")[len(faces_out):] if " // " in raw.name else []
        card_reason = card_reason or (
            f"the card file lacks its {'back face' if layout == 'modal_dfc' else 'other half'}"
            + (f" ({', '.join(missing)})" if missing else "") + ": "
            + ("a modal double-faced card may be cast or played as either face (712.11b, 712.12)"
               if layout == "modal_dfc" else "either half of a split card may be cast (709.3)"))
    if layout in LAYOUT_FACES and len(faces_out) < LAYOUT_FACES[layout]:
        # this copy of the data lacks the back face: import the front face alone (a judge sees
        # it in the report); only for layouts whose other face is never cast or played from the
        # zone the card is in (an adventure's creature, a flip card's top half, a meld card)
        faces_out = faces_out[:1]
        name = faces_out[0]["name"]
        layout = "normal"
    elif layout not in LAYOUT_FACES:
        if len(faces_out) > 1:
            card_reason = card_reason or f"layout {layout} with {len(faces_out)} faces"
        layout = "normal"
        name = faces_out[0]["name"]
    if layout != "normal" and len(faces_out) > 1:
        name = " // ".join(f["name"] for f in faces_out)
    if card_reason:
        return CardResult(raw.name, None, lines, card_reason)
    if refusals:
        return CardResult(raw.name, None, lines, refusals[0])
    card = {"name": name, "layout": layout, "faces": faces_out, "source": raw.source}
    return CardResult(raw.name, card, lines)


# --- the report -------------------------------------------------------------------------------


@dataclass
class ImportReport:
    results: list[CardResult]
    seconds: float = 0.0

    @property
    def imported(self) -> list[CardResult]:
        return [r for r in self.results if r.imported]

    @property
    def refused(self) -> list[CardResult]:
        return [r for r in self.results if not r.imported]

    def template_counts(self) -> Counter[str]:
        c: Counter[str] = Counter()
        for r in self.imported:
            for v in r.lines:
                for t in v.templates:
                    c[t] += 1
        return c

    def refused_shapes(self, n: int = 20) -> list[tuple[str, int]]:
        c: Counter[str] = Counter()
        for r in self.refused:
            shapes = {_shape(v.line) for v in r.lines if v.verdict == "refused"}
            if not shapes and r.refusal:
                shapes = {_shape(r.refusal)}
            for s in shapes:
                c[s] += 1
        return c.most_common(n)

    def verdict_counts(self) -> Counter[str]:
        return Counter(v.verdict for r in self.results for v in r.lines)

    def to_json(self, full: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "cards": len(self.results), "imported": len(self.imported),
            "refused": len(self.refused), "lines": dict(self.verdict_counts()),
            "templates": dict(self.template_counts().most_common()),
            "top_refused_shapes": [{"shape": s, "cards": n} for s, n in self.refused_shapes()],
            "seconds": round(self.seconds, 2),
        }
        if full:
            d["results"] = [{
                "card": r.name, "imported": r.imported,
                **({"reason": r.refusal} if r.refusal else {}),
                "lines": [v.to_json() for v in r.lines]} for r in self.results]
        return d

    def render(self, full: bool = False) -> str:
        out = [(f"cards: {len(self.results)}, imported: {len(self.imported)}, "
                f"refused: {len(self.refused)} ({self.seconds:.1f} s)")]
        vc = self.verdict_counts()
        out.append(f"lines: {vc['templated']} templated, {vc['not_modeled']} not modeled, "
                   f"{vc['refused']} refused")
        out.append("templates used (imported cards):")
        out += [f"  {n:6d}  {t}" for t, n in self.template_counts().most_common()]
        if self.refused:
            out.append("most frequent refused line shapes (cards):")
            out += [f"  {n:6d}  {s}" for s, n in self.refused_shapes()]
        if full:
            for r in self.results:
                out.append(f"{r.name}: {'imported' if r.imported else 'REFUSED'}"
                           + (f" ({r.refusal})" if r.refusal and not r.imported else ""))
                for v in r.lines:
                    t = f" [{', '.join(v.templates)}]" if v.templates else ""
                    why = f" -- {v.reason}" if v.reason else ""
                    out.append(f"  {v.verdict:11s} {v.line!r}{t}{why}")
        return "\n".join(out)


def _shape(line: str) -> str:
    s = re.sub(r"\{[^}]+\}", "{_}", line)
    s = re.sub(r"\b\d+\b", "N", s)
    return s[:90]


# --- files ------------------------------------------------------------------------------------


def import_files(paths: Iterable[Path | str]) -> ImportReport:
    """Read and compile every card of ``paths`` (raises InputError for bad input, before any
    card is compiled)."""
    import time

    t0 = time.perf_counter()
    raws: list[RawCard] = []
    for p in paths:
        raws += load_file(Path(p))
    report = compile_all(raws)
    report.seconds = time.perf_counter() - t0
    return report


def compile_all(raws: list[RawCard]) -> ImportReport:
    """Compile every card (results in the order of ``raws``); of two cards of one name the later
    one wins, except a front face standing for a card whose other faces are missing."""
    results = [compile_card(r) for r in raws]
    seen: dict[str, int] = {}
    for i, r in enumerate(results):
        if r.card is None:
            continue
        key = r.card["name"]
        if key in seen:
            earlier = results[seen[key]]
            if key != r.name:
                # the front face of a card whose other faces this file lacks ("A // A" reversible
                # cards, split cards): the card already of that name stays
                results[i] = CardResult(r.name, None, r.lines,
                                        f'a duplicate of the card "{key}" (its front face)')
                continue
            # otherwise a later card replaces an earlier one of the same name
            results[seen[key]] = CardResult(earlier.name, None, earlier.lines,
                                            "replaced by a later card of the same name")
        seen[key] = i
    return ImportReport(results)


def validate_results(report: ImportReport) -> None:
    """Check every imported card against the card format (mtgasp.cards' validation): a card the
    format rejects is refused with the validator's message (so the written library always
    loads). Cards are checked one by one: the error names the card."""
    from mtgasp.cards import parse_card_document

    for i, r in enumerate(report.results):
        if r.card is None:
            continue
        try:
            parse_card_document({"format": 1, "cards": [r.card]})
        except InputError as e:
            report.results[i] = CardResult(r.name, None, _refuse_rejected_lines(r, e.problems),
                                           "the card format rejects the compiled card: "
                                           + "; ".join(str(p) for p in e.problems[:3]))


_ABILITY_PATH = re.compile(r"cards\[0\]\.faces\[(\d+)\]\.abilities\[(\d+)\]")


def _refuse_rejected_lines(r: CardResult, problems: Iterable[Any]) -> list[LineVerdict]:
    """The card's line verdicts once the card format has rejected the compiled card: the line an
    ability the validator rejects was compiled from is refused with the validator's message (a
    refused card's faulty line is no templated line: the report's verdicts agree with what is
    imported; found in earlier sessions, 43 real cards were listed with only templated lines).
    A problem of the card itself (its mana cost) leaves the lines as they are: the card's reason."""
    lines = [LineVerdict(**{**v.__dict__, "templates": list(v.templates)}) for v in r.lines]
    faces = (r.card or {}).get("faces") or []
    for p in problems:
        m = _ABILITY_PATH.match(getattr(p, "path", "") or "")
        if m is None:
            continue
        fi, ai = int(m[1]), int(m[2])
        if fi >= len(faces) or ai >= len(faces[fi].get("abilities") or []):
            continue
        face, text = faces[fi]["name"], (faces[fi]["abilities"][ai].get("text") or "")
        hits = ([v for v in lines if v.face == face and v.line == text]
                or [v for v in lines if v.face == face and text and (text in v.line or v.line in text)])
        for v in hits[:1]:
            if v.verdict != "refused":
                v.verdict, v.templates = "refused", []
                v.reason = f"the card format rejects what it compiles to: {p.path}: {p.message}"
    return lines


def default_library_path() -> Path:
    """Where ``mtgasp cards import`` writes by default and the CLI reads imported cards from:
    ``$XDG_DATA_HOME/mtgasp/cards.json`` (``~/.local/share/mtgasp/cards.json``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mtgasp" / "cards.json"


def library_document(report: ImportReport) -> str:
    """The compiled library as card-format JSON, one card per line (so it can be read lazily)."""
    cards = [r.card for r in report.imported]
    body = ",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cards)
    # the cards refused, with the reason, one a line: a state naming one is told it is known but
    # not supported, and why (userlib.LazyCardLibrary.refusal), not "unknown card"
    refused = ",\n".join(json.dumps({"refused": r.name, "reason": r.refusal or "refused"},
                                    ensure_ascii=False, separators=(",", ":")) for r in report.refused)
    tail = ', "refused": [\n' + refused + "\n]" if refused else ""
    return '{"format": 1, "cards": [\n' + body + "\n]" + tail + "}\n"


def write_library(report: ImportReport, out: Path) -> None:
    """Write atomically: a temporary file in the same folder, then replace."""
    write_atomic(out, library_document(report))


def write_atomic(out: Path, text: str) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a library is an ordinary file
        os.replace(tmp, out)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def iter_templates() -> Iterator[Template]:
    return iter(TEMPLATES)


KIND_TITLES = {
    "keyword": "Keyword lines (each keyword of a line is one ability)",
    "line": "Whole lines",
    "cost": "Cost parts (before the colon of an activated ability; also additional costs)",
    "mana": "What a mana ability adds (the \"Add ...\" sentence)",
    "mana_rider": "Sentences after the mana: spend restrictions, riders, activation restrictions",
    "trigger": "Trigger conditions (\"When/Whenever/At ..., \")",
    "mana_trigger_effect": "What a triggered mana ability adds (CR 605.1b)",
    "mana_trigger_rider": "What a triggered mana ability does besides adding mana (\", and ...\"; CR 605.4a)",
    "effect": "Effects (a spell's paragraph, or after a cost's colon / a trigger's comma)",
    "loyalty": "Loyalty abilities (\"[+1]: ...\", CR 606; the others are kept as not modeled)",
    "station": "Station thresholds (\"12+ | ...\": an ability that exists only at N or more charge counters)",
}


def templates_markdown() -> str:
    """The table of docs/import-templates.md, one row per template (generated from TEMPLATES)."""
    out = []
    for kind, title in KIND_TITLES.items():
        out.append(f"\n### {title}\n")
        out.append("| template | Oracle wording (regex; `~` = the card itself) | card-format output "
                   "| CR | example |")
        out.append("|---|---|---|---|---|")
        for t in TEMPLATES:
            if t.kind != kind:
                continue
            cells = [f"`{t.name}`", "`" + t.wording.replace("|", "\\|") + "`",
                     t.output.replace("|", "\\|"), t.rules, t.example.replace("|", "\\|")]
            out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"
