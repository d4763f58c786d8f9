"""Forge puzzle files (``.pzl``) in and out: ``mtgasp import forge`` and ``mtgasp export forge``.

Forge (github.com/Card-Forge/forge) describes a game state in a small text format, read by
``forge-ai/src/main/java/forge/ai/GameState.java`` (the ``[state]`` section) and by the puzzle
loader (``[metadata]``: ``Name``, ``URL``, ``Goal``, ``Turns``, ``Difficulty``, ``Description``,
``Targets``, ``TargetCount``). This module is written from that format; it copies no Forge code.

``[state]`` lines are ``key=value`` (keys case-insensitive, ``#`` starts a comment):
``turn``, ``activeplayer`` (``human``/``ai``, or ``p0``/``p1``), ``activephase`` (``MAIN1``,
``COMBAT_DECLARE_ATTACKERS``, ... or the script names ``Main1``, ``Declare Attackers``, ...), and per
player (prefix ``human``/``ai``, or ``p0``/``p1``): ``life``, ``landsplayed``, ``manapool``
(``R R G``), ``hand``, ``library`` (top card first), ``graveyard``, ``exile``, ``battlefield``
(or ``play``), ``command``. A zone is a ``;``-separated list of cards, each ``Name|Modifier|...``
with modifiers such as ``Tapped``, ``SummonSick``, ``Counters:P1P1=2,CHARGE=1``, ``Id:7``,
``AttachedTo:7``, ``FaceDown``, ``Foretold``, ``ForetoldThisTurn``, ``ExiledWith:7``,
``ChosenColor:white``, ``ChosenType:Wurm``, ``Damage:2``, ``Owner:AI``, ``Transformed``; per
player ``counters`` (``POISON=7,ENERGY=1``: the poison and energy counters), ``putonstack``
(``Lightning Bolt->ai``: spells on the stack, each with its target).

Everything a state document can't say is a :class:`ForgeWarning` naming its line; nothing is
dropped silently. Cards resolve through the card library; unknown cards are one error listing
them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from mtgasp import state as state_module
from mtgasp.errors import InputError, Problem, clean_text
from mtgasp.model import MANA_TYPES, GameObject, GameState
from mtgasp.state import default_priority, parse_state, render_mana_pool

__all__ = [
    "ExportResult",
    "ForgeWarning",
    "ImportResult",
    "UnknownCardsError",
    "attacking_for_forge",
    "export_pzl",
    "import_pzl",
    "parse_pzl",
    "pending_sba_warnings",
    "run_cli",
    "sick_for_forge",
    "stack_for_forge",
]

HUMAN, AI = "human", "ai"
SIDES = {"human": 0, "p0": 0, "ai": 1, "p1": 1}
SIDE_NAMES = (HUMAN, AI)

# Forge's PhaseType (enum names and script names) -> the state's steps.
_PHASES = {
    "UNTAP": "untap", "UPKEEP": "upkeep", "DRAW": "draw",
    "MAIN1": "precombat_main",
    "COMBATBEGIN": "beginning_of_combat", "BEGINCOMBAT": "beginning_of_combat",
    "COMBATDECLAREATTACKERS": "declare_attackers", "DECLAREATTACKERS": "declare_attackers",
    "COMBATDECLAREBLOCKERS": "declare_blockers", "DECLAREBLOCKERS": "declare_blockers",
    "COMBATFIRSTSTRIKEDAMAGE": "combat_damage", "FIRSTSTRIKEDAMAGE": "combat_damage",
    "COMBATDAMAGE": "combat_damage",
    "COMBATEND": "end_of_combat", "ENDCOMBAT": "end_of_combat",
    "MAIN2": "postcombat_main",
    "ENDOFTURN": "end", "END": "end",
    "CLEANUP": "cleanup",
}
_STEP_TO_PHASE = {
    "untap": "UNTAP", "upkeep": "UPKEEP", "draw": "DRAW", "precombat_main": "MAIN1",
    "beginning_of_combat": "COMBAT_BEGIN", "declare_attackers": "COMBAT_DECLARE_ATTACKERS",
    "declare_blockers": "COMBAT_DECLARE_BLOCKERS", "combat_damage": "COMBAT_DAMAGE",
    "end_of_combat": "COMBAT_END", "postcombat_main": "MAIN2", "end": "END_OF_TURN",
    "cleanup": "CLEANUP",
}
# Player zone keys -> state zones (None: a zone outside the game).
_ZONES = {
    "battlefield": "battlefield", "play": "battlefield", "hand": "hand", "graveyard": "graveyard",
    "library": "library", "exile": "exile", "command": "command", "sideboard": None,
}
_EXPORT_ZONES = ("hand", "library", "graveyard", "exile", "battlefield", "command")
# Game fields the export writes (or warns about by name); any other is a "game field" warning.
_GAME_KEYS_HELD = ("format", "turn", "active_player", "step", "priority", "players", "objects",
                   "stack", "resolving", "effects", "$schema", "description", "consecutive_passes")
_CORE_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
               "Planeswalker", "Sorcery", "Tribal")
_COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_WORDS = {v: k for k, v in _COLOR_NAMES.items()}

# Modifiers Forge knows and the state format has no field for (each becomes a warning).
_UNSAID_MODIFIERS = {
    "Renowned": "renown", "Monstrous": "monstrosity",
    "NamedCard": "a named card", "NamedCard2": "a named card",
    "ChosenType2": "a second chosen type", "ChosenCards": "chosen cards",
    "RememberedCards": "remembered cards", "Imprinting": "imprinted cards",
    "MergedCards": "merged (mutated) cards", "ExecuteScript": "Forge scripts",
    "Ability": "Forge script abilities",
    "NoETBTrigs": "suppressed enters triggers", "OnAdventure": "cards on an adventure",
    "EnchantingPlayer": "Auras attached to players",
    "Suspected": "suspected creatures (701.60)", "Saddled": "saddled creatures (702.171)",
    "Solved": "solved Cases (719)", "ClassLevel": "Class levels (716)",
    "UnlockedRoom": "unlocked Room doors (709.5)", "IsRingBearer": "Ring-bearers (701.54)",
}
# Player keys of Forge's current format with no state field (each becomes a warning).
_UNSAID_PLAYER_KEYS = {"numringtemptedyou": "count of the times the Ring tempted a player (701.54)",
                       "speed": "player's speed (Start your engines!)"}
_PRINTING_MODIFIERS = ("Set", "Art")
# The type letter of a Forge token script name with no power and toughness (c_a_treasure_sac).
_SCRIPT_TYPES = {"a": "Artifact", "e": "Enchantment", "l": "Land"}
# Forge's counters on players (CounterType names) -> the state's player fields.
_PLAYER_COUNTERS = {"POISON": "poison", "ENERGY": "energy"}


# State fields -> the [state] keys that give them (to name the line of a problem).
_PLAYER_FIELD_KEYS = {"life": "life", "lands_played_this_turn": "landsplayed", "poison": "counters",
                      "energy": "counters", "mana_pool": "manapool"}
_GAME_FIELD_KEYS = {"turn": "turn", "active_player": "activeplayer", "step": "activephase"}


class UnknownCardsError(InputError):
    """The file names cards the library lacks (``names``: each once, sorted); ``warnings`` are
    what the rest of the file would have given."""

    def __init__(self, problems: list[Problem], source: str | None, names: list[str],
                 warnings: list[ForgeWarning] | None = None):
        super().__init__(problems, source)
        self.names = names
        self.warnings = list(warnings or [])


@dataclass(frozen=True)
class ForgeWarning:
    """Something a state (import) or a Forge file (export) can't hold, with where it was."""

    kind: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "kind": self.kind, "message": self.message}


@dataclass
class ImportResult:
    document: dict[str, Any]
    warnings: list[ForgeWarning] = field(default_factory=list)


@dataclass
class ExportResult:
    text: str
    warnings: list[ForgeWarning] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Import


@dataclass
class _Entry:
    """One card of a zone line, before ids are given."""

    line: int
    key: str
    side: int
    zone: str
    name: str
    mods: list[tuple[str, str | None]]
    card: Any = None
    oid: str = ""
    token: bool = False
    target: str | None = None  # a spell put on the stack (putonstack): its target, as Forge says it


def _slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")
    return s or "card"


def _split_mod(text: str) -> tuple[str, str | None]:
    if ":" in text:
        k, v = text.split(":", 1)
        return k.strip(), v.strip()
    return text.strip(), None


def import_pzl(path: str | Path, library: Any) -> ImportResult:
    """Read a Forge puzzle (or game state) file; see :func:`parse_pzl`."""
    p = Path(path)
    source = str(path)
    if not p.exists():
        raise InputError(f"no such file: {path}", source)
    if p.is_dir():
        raise InputError(f"{path} is a directory, not a Forge puzzle file", source)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text: {exc.reason} at byte {exc.start}", source) from None
    except OSError as exc:
        raise InputError(f"can't read {path}: {exc.strerror or exc}", source) from None
    return parse_pzl(text, library, source=source)


def parse_pzl(text: str, library: Any, source: str | None = None) -> ImportResult:
    """A Forge puzzle file's text -> a validated state document and the warnings.

    Raises InputError (unknown cards, all at once; numbers that aren't numbers; references to a
    missing ``Id``; a state the format can't hold), never anything else.
    """
    return _Importer(library, source).run(text)


class _Importer:
    def __init__(self, library: Any, source: str | None):
        self.library = library
        self.source = source
        self.warnings: list[ForgeWarning] = []
        self.problems: list[Problem] = []
        self.meta: dict[str, tuple[int, str]] = {}
        self.values: dict[str, tuple[int, str]] = {}  # state key -> (line, value)
        self._entries: list[_Entry] = []
        self._token_ids: set[str] = set()  # Forge ids of the tokens left out
        self._phased_ids: set[str] = set()  # Forge ids of the phased-out permanents left out
        self._step = "precombat_main"  # the state's step (Attacking counts only in the declare steps)
        self._attackers = 0  # the active player's Attacking creatures
        self._commanders: list[tuple[int, str]] = []  # (side, card name) of IsCommander cards
        self._folded_names: dict[str, str] | None = None  # names without diacritics -> names

    def warn(self, kind: str, message: str, line: int | None = None) -> None:
        self.warnings.append(ForgeWarning(kind, message, line))

    def error(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(f"line {line}" if line else "", message))

    # ---- reading lines
    def run(self, text: str) -> ImportResult:
        section = "state"  # a plain game state file has no sections
        for n, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip().lower()
                if section not in ("metadata", "state"):
                    self.warn("section", f"section [{section}] is not part of a Forge puzzle; its "
                                         "lines are ignored", n)
                continue
            if section == "metadata":
                self._meta_line(n, line)
            elif section == "state":
                if "=" not in line:
                    self.warn("syntax", f"{_short(line)!r} is not a key=value line (Forge ignores "
                                        "it)", n)
                    continue
                key, value = line.split("=", 1)
                key = key.strip().lower()
                if key in self.values:
                    self.warn("repeated key", f"{key} repeats line {self.values[key][0]}; this "
                                              "later line counts (as in Forge)", n)
                self.values[key] = (n, value.strip())
        if not self.values:
            # an empty file, a puzzle without its [state] section, or a file of another kind: no
            # game state to import, not the default one (found by probe28e: an empty file was
            # imported as an empty game with two warnings about defaults, exit 0)
            self.problems.append(Problem("[state]", "no game state in the file: no key=value line "
                                         "(turn=..., humanbattlefield=...) in a [state] section or "
                                         "in a plain game state file"))
            raise InputError(self.problems, self.source)
        doc = self._build()
        if self.problems:
            raise InputError(self.problems, self.source)
        # 613.7: a Forge file has no timestamps; where the order of land type-changing effects may
        # decide a land's types (mtgasp.landtypes), their sources get timestamps in the order the
        # file lists them (the human's battlefield first), and a warning says so
        from mtgasp.landtypes import stamp_missing

        stamped = stamp_missing(doc, self.library, {str(o["id"]) for o in doc.get("objects") or []
                                                    if isinstance(o, dict) and o.get("id") is not None})
        if stamped:
            self.warn("timestamp", "a Forge file has no timestamps, and the order of the land type-changing "
                                   "effects of " + ", ".join(f"{o['card']} ({o['id']})" for o, _ in stamped)
                      + " may decide lands' types (CR 613.7): they are given timestamps in the order "
                        "the file lists them; set `timestamp` in the state if that isn't the order "
                        "they entered the battlefield")
        # The state format's own validation, with paths turned back into lines of the file.
        try:
            parse_state(doc, self.library, source=self.source)
        except InputError as e:
            raise InputError([self._locate(p, doc) for p in e.problems], self.source) from None
        self.warnings.sort(key=lambda w: w.line or 0)
        return ImportResult(doc, self.warnings)

    def _locate(self, p: Problem, doc: dict[str, Any]) -> Problem:
        m = re.match(r"objects\[(\d+)\]", p.path)
        if m and int(m.group(1)) < len(self._entries):
            e = self._entries[int(m.group(1))]
            return Problem(f"line {e.line} ({e.key}, {e.name}){p.path[m.end():]}", p.message)
        # A player's field or a game field: the line of the file that gave it.
        m = re.fullmatch(r"players\[(\d+)\]\.(\w+)", p.path)
        if m and m.group(2) in _PLAYER_FIELD_KEYS:
            side, rest = int(m.group(1)), _PLAYER_FIELD_KEYS[m.group(2)]
            for key, (n, _v) in self.values.items():
                if self._side_key(key) == (side, rest):
                    return Problem(f"line {n} ({key})", p.message)
        if p.path in _GAME_FIELD_KEYS and _GAME_FIELD_KEYS[p.path] in self.values:
            key = _GAME_FIELD_KEYS[p.path]
            return Problem(f"line {self.values[key][0]} ({key})", p.message)
        return p

    def _meta_line(self, n: int, line: str) -> None:
        if ":" not in line:
            self.warn("metadata", f"{_short(line)!r} is not a Key:Value metadata line", n)
            return
        key, value = line.split(":", 1)
        k = key.strip().lower()
        self.meta[k] = (n, value.strip())
        if k in ("goal", "turns", "targets", "targetcount"):
            self.warn("goal", f"puzzle goal {key.strip()}:{value.strip()} is not part of a game "
                              "state (kept in the description only)", n)
        elif k not in ("name", "url", "difficulty", "description"):
            self.warn("metadata", f"metadata {key.strip()} is not part of a game state (kept in "
                                  "the description)", n)

    # ---- scalar values
    def _int(self, key: str, minimum: int | None = None) -> int | None:
        if key not in self.values:
            return None
        n, text = self.values[key]
        try:
            v = int(text)
        except ValueError:
            self.error(n, f"{key}={text}: expected a whole number")
            return None
        if minimum is not None and v < minimum:
            self.error(n, f"{key}={text}: must be at least {minimum}")
            return None
        return v

    def _side_key(self, key: str) -> tuple[int, str] | None:
        for prefix, side in SIDES.items():
            if key.startswith(prefix):
                return side, key[len(prefix):]
        return None

    # ---- building the document
    def _build(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        doc["description"] = self._description()
        doc["format"] = 1
        explicit_turn = "turn" in self.values
        turn = self._int("turn", minimum=1) or 1
        forge_turn = turn  # Forge's turn counter starts here (the state's turn may move, below)
        active = 0
        # GameState.java: "none" (its default) leaves the player and the phase as they are, as if
        # there were no line; a state has to say them, so the defaults below apply.
        for k in ("activeplayer", "activephase"):
            if k in self.values and self.values[k][1].strip().lower() == "none":
                self.warn("default", f"{k}=none: Forge leaves it unchanged; read as no {k} line",
                          self.values.pop(k)[0])
        if "activeplayer" in self.values:
            n, v = self.values["activeplayer"]
            if v.lower() in SIDES:
                active = SIDES[v.lower()]
            else:
                self.error(n, f"activeplayer={v}: expected human or ai (or p0, p1)")
        else:
            self.warn("default", "no activeplayer line: the human player is the active player")
        step = "precombat_main"
        if "activephase" in self.values:
            n, v = self.values["activephase"]
            norm = re.sub(r"[\s_]+", "", v).upper()
            if norm in _PHASES:
                step = _PHASES[norm]
                if norm in ("COMBATFIRSTSTRIKEDAMAGE", "FIRSTSTRIKEDAMAGE"):
                    self.warn("phase", "the first-strike combat damage step is the combat damage "
                                       "step in the state format", n)
            else:
                self.error(n, f"activephase={v}: not a Forge phase (UNTAP, UPKEEP, DRAW, MAIN1, "
                              "COMBAT_BEGIN, COMBAT_DECLARE_ATTACKERS, COMBAT_DECLARE_BLOCKERS, "
                              "COMBAT_DAMAGE, COMBAT_END, MAIN2, END_OF_TURN, CLEANUP)")
        else:
            self.warn("default", "no activephase line: the step is the precombat main phase")
        self._step = step
        remove_sickness = False
        players: list[dict[str, Any]] = [{"name": HUMAN}, {"name": AI}]
        zone_lines: list[tuple[int, str, int, str]] = []
        stack_lines: list[tuple[int, int, str, str]] = []  # (side, line, key, value) of putonstack
        for key, (n, value) in self.values.items():
            if key in ("turn", "activeplayer", "activephase"):
                continue
            if key == "activephaseadvance":
                self.warn("phase advance", f"activephaseadvance={value}: advancing to a later "
                                           "phase (with its triggers) is not a state", n)
                continue
            if key == "removesummoningsickness":
                remove_sickness = value.strip().lower() == "true"
                continue
            if key.startswith("ability"):
                self.warn("script ability", f"{key}: a Forge script ability can't be said in a "
                                            "state", n)
                continue
            sk = self._side_key(key)
            if sk is None:
                m = re.match(r"p(\d)", key)
                if m and int(m.group(1)) >= 2:
                    # GameState.java: pN is the seat N (a game of more than two players)
                    self.warn("unknown key", f"{key}: seat p{m.group(1)} of a game of more than two "
                                             "players; the import reads two (human or p0, ai or "
                                             "p1); ignored", n)
                    continue
                self.warn("unknown key", f"{key}: not a key of Forge's game state format; ignored", n)
                continue
            side, rest = sk
            pl = players[side]
            if rest == "life":
                # GameState.java sets a life of 0 or less after its load-time check of state-based
                # actions ("important for some puzzles that rely on pre-setting negative life"):
                # the player is at that life (a life total can be less than 0, 107.1b; with 0 or
                # less they lose at the next check unless an effect says they can't, 704.5a)
                num = self._int(key)
                if num is not None:
                    pl["life"] = num
            elif rest == "landsplayed":
                num = self._int(key, minimum=0)
                if num:
                    pl["lands_played_this_turn"] = num
            elif rest == "landsplayedlastturn":
                num = self._int(key, minimum=0)
                if num:
                    self.warn("lands played last turn", f"{key}={num}: the state has no count of "
                                                        "lands played last turn", n)
            elif rest == "counters":
                self._player_counters(n, key, value, pl)
            elif rest in _UNSAID_PLAYER_KEYS:
                if value.strip() not in ("", "0"):
                    self.warn("player field", f"{key}={value}: the state has no "
                                              f"{_UNSAID_PLAYER_KEYS[rest]}; ignored", n)
            elif rest == "manapool":
                pool = self._mana_pool(n, key, value)
                if pool:
                    pl["mana_pool"] = pool
            elif rest == "persistentmana":
                if value:
                    self.warn("persistent mana", f"{key}={value}: mana that doesn't empty from the "
                                                 "pool can't be said in a state", n)
            elif rest == "putonstack":
                if value.strip():
                    stack_lines.append((side, n, key, value))
            elif rest == "precast":
                if value:
                    self.warn(rest, f"{key}={value}: spells cast and resolved as the game is set up "
                                    "can't be said in a state (what they did isn't in the file)", n)
            elif rest in _ZONES or (rest.startswith("cardsin") and rest[7:] in _ZONES):
                # Forge's documented Setup Game State keys (HumanCardsInPlay, AICardsInHand, ...)
                # name the same zones: GameState.java matches the key's ending.
                zone = _ZONES[rest.removeprefix("cardsin")]
                if zone is None:
                    if value:
                        self.warn("sideboard", f"{key}: the sideboard is outside the game", n)
                    continue
                # Forge keeps one card list per player and zone: a later line for the same zone
                # (humanplay after humanbattlefield, p0hand after humanhand) replaces it.
                earlier = next((z for z in zone_lines if z[2] == side and z[3] == zone), None)
                if earlier is not None:
                    first, later = sorted((earlier, (n, key, side, zone)))
                    self.warn("repeated key", f"{later[1]} names the same zone as {first[1]} "
                                              f"(line {first[0]}); this later line counts (as in "
                                              "Forge)", later[0])
                    zone_lines.remove(earlier)
                    zone_lines.append(later)
                    continue
                zone_lines.append((n, key, side, zone))
            else:
                self.warn("unknown key", f"{key}: not a key of Forge's game state format; ignored", n)
        for pl in players:
            if "life" not in pl:
                pl["life"] = 20
        doc["turn"] = turn
        doc["active_player"] = SIDE_NAMES[active]
        doc["step"] = step
        doc["players"] = players
        entries = self._entries_of(sorted(zone_lines)) + self._stack_entries(sorted(stack_lines))
        self._entries = entries
        unknown: list[tuple[_Entry, str]] = []
        for e in entries:
            if e.token:
                continue
            card = self.library.find(e.name) or self._forge_spelling(e)
            if card is None:
                refusal = getattr(self.library, "refusal", lambda _n: None)(e.name)
                if refusal:   # a real card the importer refused: known, not supported (and why)
                    from mtgasp.cards import refused_card_message

                    unknown.append((e, refused_card_message(e.name, refusal)))
                    e.card = card
                    continue
                sugg = list(self.library.suggest(e.name))[:3]
                hint = (" (did you mean " + ", ".join(f'"{s}"' for s in sugg) + "?)") if sugg else ""
                unknown.append((e, f'unknown card "{e.name}"{hint}'))
            e.card = card
        if unknown:
            # Read the rest anyway, with stand-ins for the unknown cards, so that the error
            # carries every warning too (benchmarks/forge_puzzles.py counts them).
            for e, _ in unknown:
                e.card = SimpleNamespace(name=e.name, faces=(SimpleNamespace(name=e.name),),
                                         layout="normal")
            self._objects(entries, turn, SIDE_NAMES[active], remove_sickness)
            self.warnings.sort(key=lambda w: w.line or 0)
            names = sorted({e.name for e, _ in unknown})
            # the summary names the cards the library doesn't have apart from those it knows and
            # refused (found by probe29e: a refused card was said to be both "known but not
            # supported" and "not in the card library ... add them with --cards FILE")
            refused = sorted({e.name for e, msg in unknown if not msg.startswith("unknown card")})
            missing = [n for n in names if n not in refused]
            summary = ([Problem("", f"{len(missing)} card(s) not in the card library: "
                                    + "; ".join(missing) + " (add them with --cards FILE)")] if missing else [])
            if refused:
                summary.append(Problem("", f"{len(refused)} card(s) known but not supported (the importer "
                                           "refused them, see above): " + "; ".join(refused)))
            raise UnknownCardsError(
                self.problems + [Problem(f"line {e.line} ({e.key})", msg) for e, msg in unknown] + summary,
                self.source, names, self.warnings)
        # Foretold on an earlier turn needs a turn before this one.
        needs_earlier = any(
            e.zone == "exile" and any(m == "Foretold" for m, _ in e.mods)
            and not any(m == "ForetoldThisTurn" for m, _ in e.mods) for e in entries)
        # A Forge card is not summoning sick unless it says SummonSick (GameState.java clears the
        # flag as it creates each card); under 302.6 a permanent is, unless its controller has
        # controlled it continuously since their most recent turn began: the player who isn't
        # active has had a turn only from turn 2 on (two players).
        other = 1 - active
        unsick = [e for e in entries if e.zone == "battlefield" and e.side == other and (
            remove_sickness or not any(m == "SummonSick" for m, _ in e.mods))]
        if turn == 1 and not explicit_turn and (needs_earlier or unsick):
            turn = doc["turn"] = 2
            because: list[str] = []
            if needs_earlier:
                because.append("a card foretold on an earlier turn can have been foretold on turn 1")
            if unsick:
                because.append(f"{SIDE_NAMES[other]}, who isn't the active player, has had a turn "
                           "and the permanents they control without SummonSick aren't summoning "
                           "sick (302.6), as Forge has them")
            self.warn("default", "no turn line: turn 2, so that " + "; and ".join(because))
        elif turn == 1 and unsick:
            sick_now = [e for e in unsick if _is_creature(e.card, e.mods)]
            if sick_now:
                sick_names = ", ".join(dict.fromkeys(e.name for e in sick_now))
                self.warn("summoning sickness",
                          f"{sick_names}: Forge has them not summoning sick, but on turn 1 "
                          f"{SIDE_NAMES[other]} hasn't had a turn yet, so they haven't controlled "
                          "them continuously since their most recent turn began and these "
                          "creatures are summoning sick (302.6); write turn=2 or later for a "
                          "state where they aren't", sick_now[0].line)
        self._attackers = 0
        doc["objects"] = self._objects(entries, turn, SIDE_NAMES[active], remove_sickness)
        if any(e.zone == "stack" for e in entries):
            doc["stack"] = [e.oid for e in entries if e.zone == "stack"]  # (bottom first)
        # the goal's turn in this state's count (the file's turn, or Forge's 1, may have moved)
        doc["description"] = self._description(turn, forge_turn)
        for side, cname in self._commanders:
            names = players[side].setdefault("commanders", [])
            if cname not in names:
                names.append(cname)
        if not self._attackers and step in ("declare_blockers", "combat_damage"):
            # 508.8: with no attacking creature the game skips these steps; Forge's combat here
            # has none (it declares the Attacking creatures in the declare blockers step, and has
            # no combat in a combat damage step)
            self.warn("phase", f"activephase={self.values['activephase'][1]}: no creature is attacking "
                               "(no Attacking creature of the active player"
                               + (" is declared" if step == "declare_blockers" else
                                  ": Forge declares none in this step") + "); with no attackers, "
                               "the declare blockers and combat damage steps are skipped (508.8), "
                               "so the game wouldn't be in this step",
                      self.values["activephase"][0])
        if self._attackers:
            # GameState.java declares the Attacking creatures as attackers of the active player in
            # the declare attackers and declare blockers steps: the player attacked with them this
            # turn (508.1), which the state says as a number.
            players[active]["attackers_this_turn"] = self._attackers
            self._combat_on_load(entries, doc["objects"], SIDE_NAMES[active])
        return doc

    def _combat_on_load(self, entries: list[_Entry], objs: list[dict[str, Any]], active: str) -> None:
        """What Forge's declaration of the ``Attacking`` creatures does as it loads the file that
        the state can't say: abilities that trigger on attacking trigger as the attackers are
        declared (508.3a; GameState.java's handleCombat runs the attack triggers and puts them on
        the stack, 603.3), and in the declare blockers step Forge then lets the defending player
        declare blockers, while a state in that step is one where blockers have been declared
        (509.1): with no ``blocked``/``"combat": "blocking"`` in the file, none blocks (509.1h)."""
        line = self.values["activephase"][0] if "activephase" in self.values else None
        attacking = {e.oid for e, o in zip(entries, objs) if o.get("combat") == "attacking"}
        by_oid = {e.oid: (e, o) for e, o in zip(entries, objs)}
        triggers: list[str] = []
        for e, o in zip(entries, objs):
            if o["zone"] != "battlefield" or o.get("face_down"):
                continue
            faces = tuple(getattr(e.card, "faces", ()))
            if not faces:
                continue
            face = next((f for f in faces if f.name == o.get("face")), faces[0])
            for ab in getattr(face, "abilities", ()):
                cond = _attack_trigger_condition(ab.text)
                if cond is None:
                    continue
                # "Whenever this creature attacks" (or its name): only when it is attacking;
                # "Whenever equipped/enchanted creature attacks": when the one it is attached to is
                names = {n.casefold() for n in (face.name, face.name.split(",")[0])}
                if re.search(r"\bthis (?:creature|vehicle|permanent)\b", cond) or any(
                        re.search(rf"\b{re.escape(n)} attacks\b", cond) for n in names):
                    if o["id"] not in attacking:
                        continue
                elif (re.search(r"\b(?:equipped|enchanted) creature attacks\b", cond)
                      and o.get("attached_to") not in attacking):
                    continue
                # "Whenever a creature you control attacks", "Whenever you attack": the attacking
                # player's; "Whenever a creature attacks you": the defending player's
                controller = o.get("controller") or o["owner"]
                if (re.search(r"\byou control attacks?\b|\byou attack\b", cond) and controller != active) or (
                        re.search(r"\battacks? you\b", cond) and controller == active):
                    continue
                triggers.append(f"{face.name}'s ability {ab.index} ({_short(ab.text, 70)}), of {o['id']}")
        if triggers:
            self.warn("attack triggers", "Forge declares the Attacking creatures as it loads the file, "
                                         "and abilities that trigger on attacking trigger then (508.3a) and "
                                         "go on the stack (603.3): " + "; ".join(triggers) + "; the state "
                                         "has none of them on the stack (add them to `stack` where the "
                                         "puzzle needs them)"
                      + (", and Forge stays in the declare attackers step while they are there"
                         if self._step == "declare_blockers" else ""), line)
        if self._step == "declare_blockers":
            defender = next(p for p in SIDE_NAMES if p != active)
            blockers = [o["id"] for o in objs if o["zone"] == "battlefield"
                        and (o.get("controller") or o["owner"]) == defender and not o.get("tapped")
                        and _is_creature(by_oid[o["id"]][0].card, by_oid[o["id"]][0].mods)]
            self.warn("blockers", "activephase: in the declare blockers step blockers have been declared "
                                  f"(509.1): the state says none of {defender}'s creatures blocks, so every "
                                  "attacking creature is unblocked (509.1h)"
                      + (f" (untapped creatures of {defender}: {', '.join(blockers)})" if blockers else "")
                      + f"; Forge lets {defender} declare blockers as it loads the file (a puzzle "
                        "file can't say blocks)", line)

    def _forge_spelling(self, e: _Entry) -> Any:
        """The library's card a name in Forge's spelling names: Forge's card scripts write names
        without diacritics ("Jotun Grunt", "Seance", "Lim-Dul's Vault" for Jötun Grunt, Séance,
        Lim-Dûl's Vault); compared without them (and with Æ as Ae), said in a warning."""
        key = _fold(e.name)
        if self._folded_names is None:
            self._folded_names = {}
            for full in self.library.names():
                for n in (full, *full.split(" // ")):
                    self._folded_names.setdefault(_fold(n), n)
        name = self._folded_names.get(key)
        card = self.library.find(name) if name else None
        if card is not None:
            self.warn("card name", f"{e.key}: {e.name} is read as {name} (Forge's spelling of "
                                   "the name, without diacritics)", e.line)
        return card

    def _description(self, state_turn: int = 1, forge_turn: int = 1) -> str:
        def get(k: str) -> str | None:
            return self.meta[k][1] if k in self.meta else None

        parts: list[str] = []
        name = get("name")
        if name:
            parts.append(f"Forge puzzle: {name}.")
        if get("url"):
            parts.append(f"Source: {get('url')}.")
        goal = get("goal")
        if goal:
            turns = get("turns")
            g = f"Goal: {goal}"
            if turns and _is_int(turns):
                g += self._goal_turn(goal, int(turns), state_turn, forge_turn)
            elif turns:
                g += f" (Turns:{turns})"
            if get("targets"):
                g += f" (targets: {get('targets')}"
                g += f", count {get('targetcount')})" if get("targetcount") else ")"
            parts.append(g + ".")
        if get("difficulty"):
            parts.append(f"Difficulty: {get('difficulty')}.")
        if get("description"):
            parts.append((get("description") or "").replace("\\n", "\n"))
        for k, (_, v) in self.meta.items():
            if k not in ("name", "url", "goal", "turns", "targets", "targetcount", "difficulty",
                         "description"):
                parts.append(f"{k}: {v}.")
        return " ".join(parts) if parts else "Imported from a Forge game state file."

    def _goal_turn(self, goal: str, turns: int, state_turn: int, forge_turn: int) -> str:
        """When Forge's puzzle goal ends the game (Puzzle.java's goal card): ``Turns`` is a game
        turn number (its trigger's TurnCount is compared with the turn counter, which starts at
        the file's ``turn``, else 1), one more when the puzzle starts in the cleanup step; the
        human wins as that turn's next turn's upkeep begins (Survive), else loses as that turn's
        cleanup step begins. Said in this state's count of turns."""
        last = turns + (1 if self._step == "cleanup" else 0)
        shift = state_turn - forge_turn
        if goal.strip().lower() == "survive":
            n, what = last + 1, "wins as the upkeep of turn {} begins"
        else:
            n, what = last, "loses as the cleanup step of turn {} begins"
        text = f" (Forge's puzzle: the human {what.format(n + shift)}"
        if shift:
            text += f", turn {n} in the file's count of turns, which starts at {forge_turn}"
        if n + shift < state_turn:
            text += f" — before this turn ({state_turn}), so that never happens"
        return text + f"; Turns:{turns})"

    def _player_counters(self, n: int, key: str, value: str, pl: dict[str, Any]) -> None:
        """``humancounters=POISON=7,ENERGY=1`` (GameState.java's player counters): poison
        (122.1f) and energy (107.14) counters are the player's ``poison`` and ``energy``; any
        other kind is a warning."""
        unsaid: list[str] = []
        for pair, kind, amount in self._kind_amounts(n, f"{key}={value}", value, kind_required=False):
            name = _PLAYER_COUNTERS.get(kind.upper())
            if name is not None and name in state_module.PLAYER_FIELDS:
                if amount:
                    pl[name] = pl.get(name, 0) + amount
            else:
                unsaid.append(pair)
        if unsaid:
            self.warn("player counters", f"{key}: {', '.join(unsaid)}: the state holds a player's "
                                         "poison and energy counters only; left out", n)

    def _mana_pool(self, n: int, key: str, value: str) -> str:
        out: dict[str, int] = {}
        bad: list[str] = []
        for tok in value.replace(",", " ").split():
            t = tok.strip().upper()
            if t in MANA_TYPES:
                out[t] = out.get(t, 0) + 1
            else:
                bad.append(tok)
        if bad:
            self.warn("mana pool", f"{key}: {' '.join(bad)} is not a type of mana the state can "
                                   "hold (W U B R G C); left out", n)
        return render_mana_pool(out)

    def _entries_of(self, zone_lines: Iterable[tuple[int, str, int, str]]) -> list[_Entry]:
        entries: list[_Entry] = []
        for n, key, side, zone in zone_lines:
            value = self.values[key][1]
            for item in value.split(";"):
                item = item.strip()
                if not item:
                    continue
                parts = [p.strip() for p in item.split("|")]
                name, mods = parts[0], [_split_mod(p) for p in parts[1:] if p.strip()]
                if name[:2] in ("t:", "T:"):
                    # t:Name,P:1,T:1,...: a token described in place; T:script: a token of
                    # Forge's token scripts (res/tokenscripts), named colors_power_toughness_words
                    spec = name[2:]
                    if name.startswith("T:"):
                        tname = spec
                        card, why = self._token_script_card(spec)
                    else:
                        tname = spec.split(",", 1)[0].strip() or "a token"
                        card, why = self._token_card(spec)
                    if card is None:
                        self._token_ids.update(_id_key(v) for m, v in mods if m == "Id" and v)
                        if "token" not in state_module.OBJECT_FIELDS:
                            why = ("this version's state has no tokens (an object is a card of "
                                   "the library)")
                        what = "Forge token script" if name.startswith("T:") else "token"
                        self.warn("token", f"{key}: {what} {tname!r} ({_short(spec)}): {why}; "
                                           "left out", n)
                        continue
                    if name.startswith("t:") and not re.search(r",\s*Color:", spec):
                        face = card.faces[0]
                        have = sorted(face.colors) if face.colors is not None else _colors(
                            face.mana_cost.text.replace("/P", "") if face.mana_cost else "")
                        if have:
                            self.warn("token", f"{key}: token {tname!r}: with no Color, Forge makes "
                                               "the token colorless (TokenInfo.java: the colors "
                                               "of its Cost); read as the library's "
                                               f"{card.name}, which is {''.join(have)}", n)
                    entry = _Entry(n, key, side, zone, card.name, mods, card)
                    entry.token = True
                    entries.append(entry)
                    continue
                if not name:
                    self.error(n, f"{key}: {_short(item)!r}: no card name before the modifiers "
                                  "(Name|Modifier|...)")
                    continue
                entries.append(_Entry(n, key, side, zone, name, mods))
        return self._phased_in(entries)

    def _stack_entries(self, lines: Iterable[tuple[int, int, str, str]]) -> list[_Entry]:
        """``humanputonstack=Lightning Bolt->ai;...``: GameState.java creates each card anew for the
        player and puts its first spell ability on the stack (the human's, then the AI's, each on
        top), with the target after ``->`` (``human``, ``ai`` or a card's ``Id``). Each is a spell
        on the stack controlled by that player (601.2a, 405.2), with no cast history; what Forge
        runs from a card's script (``Name:SVar``) or a card of the file (``Id``) is a warning."""
        out: list[_Entry] = []
        for side, n, key, value in lines:
            for item in value.split(";"):
                item = item.strip()
                if not item:
                    continue
                if ":" in item:
                    self.warn("putonstack", f"{key}: {_short(item)}: an ability run from a Forge card "
                                            "script can't be said in a state; left out", n)
                    continue
                name, _, target = (p.strip() for p in item.partition("->"))
                if not name or name.isdigit():
                    self.warn("putonstack", f"{key}: {_short(item)}: "
                                            + ("no card name" if not name else f"the first ability "
                                               f"of the card with Id {name}")
                                            + " can't be put on the stack in a state; left out", n)
                    continue
                out.append(_Entry(n, key, side, "stack", name, [], target=target or None))
        return out

    def _phased_in(self, entries: list[_Entry]) -> list[_Entry]:
        """Leave out the phased-out permanents (``PhasedOut``): a phased-out permanent is treated
        as though it doesn't exist (702.26b), and so are the Auras and Equipment attached to it,
        which phased out indirectly with it (702.26g)."""
        def ids(e: _Entry) -> set[str]:
            return {_id_key(v) for m, v in e.mods if m == "Id" and v}

        def attached(e: _Entry) -> set[str]:
            return {_id_key(v) for m, v in e.mods if m in ("AttachedTo", "Attaching") and v}

        out: list[_Entry] = []
        gone: set[str] = set()
        for e in entries:
            if e.zone == "battlefield" and any(m == "PhasedOut" for m, _ in e.mods):
                gone |= ids(e)
                self.warn("modifier PhasedOut", f"{e.key}: {e.name}|PhasedOut: a phased-out "
                                                "permanent is treated as though it doesn't exist "
                                                "(702.26b); left out (the state has no phasing)",
                          e.line)
            else:
                out.append(e)
        changed = bool(gone)
        while changed:
            changed = False
            for e in list(out):
                if e.zone == "battlefield" and attached(e) & gone:
                    out.remove(e)
                    gone |= ids(e)
                    changed = True
                    self.warn("modifier PhasedOut", f"{e.key}: {e.name}: attached to a phased-out "
                                                    "permanent, it phased out with it (702.26g); "
                                                    "left out", e.line)
        self._phased_ids = gone
        return out

    def _token_card(self, spec: str) -> tuple[Any, str]:
        """The library's card for a Forge token spec (``Name,P:1,T:1,Types:Creature-Bird,...``):
        the name itself, else ``Name Token``, else the subtypes plus ``Token`` (111.4), when its
        characteristics are the spec's (power and toughness, the colors, card types and keywords
        the spec gives); else None and why."""
        if "token" not in state_module.OBJECT_FIELDS:
            return None, ""
        parts = [p.strip() for p in spec.split(",")]
        name = parts[0]
        field = {p.split(":", 1)[0]: p.split(":", 1)[1] for p in parts[1:] if ":" in p}
        types = field.get("Types", "").split("-") if "Types" in field else []
        subtypes = [t for t in types if t and t not in _CORE_TYPES and t != "Legendary"]
        want: dict[str, Any] = {}
        if _is_int(field.get("P")) and _is_int(field.get("T")) and (
                "Types" not in field or "Creature" in types):
            # (a noncreature token has no power and toughness: Forge's P:0,T:0 says nothing, 208.1)
            want["p/t"] = f"{int(field['P'])}/{int(field['T'])}"
        if "Color" in field:
            want["colors"] = _colors(field["Color"])
        if "Types" in field:
            want["types"] = sorted(t for t in types if t in _CORE_TYPES)
        if "Keywords" in field:
            # TokenInfo.java splits Keywords on "-" (Keywords:Flying-Vigilance)
            want["keywords"] = sorted(k.strip().lower() for k in re.split(r"[-&]", field["Keywords"])
                                      if k.strip())
        return self._matching_token([name, f"{name} Token", " ".join([*subtypes, "Token"])], want)

    def _token_script_card(self, script: str) -> tuple[Any, str]:
        """The library's card for a token of Forge's token scripts: ``g_3_3_dinosaur`` (green
        3/3 Dinosaur), ``wb_1_1_spirit_flying`` (white and black 1/1 Spirit with flying),
        ``c_a_treasure_sac`` (colorless artifact Treasure with an ability): the longest run of
        the words after the colors and the power and toughness (or a type letter) that names a
        token card (``Dinosaur Token``), the rest its keywords."""
        if "token" not in state_module.OBJECT_FIELDS:
            return None, ""
        words = script.lower().split("_")
        if len(words) < 2 or not re.fullmatch(r"[wubrgc]+", words[0]):
            return None, "not a token script name of the form colors_power_toughness_name"
        want: dict[str, Any] = {"colors": _colors(words[0])}
        rest = words[1:]
        if len(rest) >= 2 and rest[0].isdigit() and rest[1].isdigit():
            want["p/t"] = f"{int(rest[0])}/{int(rest[1])}"
            rest = rest[2:]
        elif rest and rest[0] in _SCRIPT_TYPES:
            want["has types"] = [_SCRIPT_TYPES[rest[0]]]
            rest = rest[1:]
        why = "no token card of that name in the card library"
        for k in range(len(rest), 0, -1):
            cand = " ".join(w.capitalize() for w in rest[:k])
            card, why_k = self._matching_token(
                [f"{cand} Token"], {**want, "keywords": sorted(rest[k:])})
            if card is not None:
                return card, ""
            if not why_k.startswith("no token card"):
                why = why_k
        return None, why

    def _matching_token(self, names: list[str], want: Mapping[str, Any]) -> tuple[Any, str]:
        found = None
        for cand in names:
            card = self.library.find(cand) if cand.strip() else None
            if card is not None:
                found = card
                break
        if found is None:
            return None, "no token card of that name in the card library"
        f = found.faces[0]
        have: dict[str, Any] = {
            # 105.2, 202.2: the colors given (a color indicator), else those of the mana cost
            "p/t": f"{f.power}/{f.toughness}",
            "colors": sorted(f.colors) if f.colors is not None else _colors(
                f.mana_cost.text.replace("/P", "") if f.mana_cost is not None else ""),
            "types": sorted(f.types),
            "keywords": sorted(str(a.spec.get("keyword", a.text)).lower() for a in f.abilities
                               if a.kind == "keyword"),
        }
        diffs = []
        for k, v in want.items():
            if k == "has types":
                if not set(v) <= set(f.types):
                    diffs.append(f"types {' '.join(f.types)}, not {' '.join(v)}")
            elif have[k] != v:
                shown = (lambda x: " ".join(x) if isinstance(x, list) else str(x))
                diffs.append(f"{k} {shown(have[k]) or 'none'}, not {shown(v) or 'none'}")
        if diffs:
            return None, f"the library's {found.name} differs ({'; '.join(diffs)})"
        return found, ""

    def _objects(self, entries: list[_Entry], turn: int, active: str,
                 remove_sickness: bool) -> list[dict[str, Any]]:
        used: set[str] = set()
        forge_ids: dict[str, _Entry] = {}
        for e in entries:
            base = _slug(e.card.faces[0].name)
            if e.side == 1:
                base = "ai_" + base
            oid, k = base, 1
            while oid in used or oid in (HUMAN, AI):  # (an id is never a player's name)
                k += 1
                oid = f"{base}_{k}"
            used.add(oid)
            e.oid = oid
            for m, v in e.mods:
                if m == "Id":
                    if v is None or not v.strip().lstrip("-").isdigit():
                        self.error(e.line, f"{e.name}|Id:{v}: an Id is a number")
                    elif _id_key(v) in forge_ids:
                        other = forge_ids[_id_key(v)]
                        self.error(e.line, f"{e.name}|Id:{v}: Id {v} is also given to "
                                           f"{other.name} (line {other.line})")
                    else:
                        forge_ids[_id_key(v)] = e
        fields = state_module.OBJECT_FIELDS
        objs: list[dict[str, Any]] = []
        self._printing: dict[tuple[int, str, str], list[str]] = {}
        for e in entries:
            objs.append(self._object(e, turn, active, remove_sickness, forge_ids, fields))
        for (line, key, m), vals in self._printing.items():  # one warning per line and modifier
            shown = ", ".join(sorted(set(vals)))
            self.warn("printing", f"{key}: {m}:{shown} on {len(vals)} card(s): the printing of a "
                                  "card is not game state; ignored", line)
        return objs

    def _object(self, e: _Entry, turn: int, active: str, remove_sickness: bool,
                forge_ids: Mapping[str, _Entry], fields: Iterable[str]) -> dict[str, Any]:
        player = SIDE_NAMES[e.side]
        o: dict[str, Any] = {"id": e.oid, "card": e.card.name, "owner": player, "zone": e.zone}
        if e.zone == "stack":
            self._spell_on_stack(e, o, forge_ids)
            return o
        if e.token:
            o["token"] = True
        where = f"{e.key}: {e.name}"
        on_bf, in_exile = e.zone == "battlefield", e.zone == "exile"
        fields = set(fields)

        def ref(m: str, v: str | None) -> str | None:
            if not v:
                self.error(e.line, f"{e.name}|{m}:{v or ''}: {m} needs the Id of a card of this "
                                   f"file ({m}:7)")
                return None
            v = _id_key(v)
            if v in self._phased_ids:
                self.warn(f"modifier {m}", f"{where}|{m}:{v}: Id {v} is phased out, which the "
                                           "state can't hold; left out", e.line)
                return None
            if v in self._token_ids:
                self.warn(f"modifier {m}", f"{where}|{m}:{v}: Id {v} is a token, which the state "
                                           "can't hold; left out", e.line)
                return None
            if v is None or v not in forge_ids:
                self.error(e.line, f"{e.name}|{m}:{v}: no card of this file has Id:{v}")
                return None
            return forge_ids[v].oid

        def only(zones: tuple[str, ...], m: str) -> bool:
            if e.zone in zones:
                return True
            self.warn(f"modifier {m}", f"{where}|{m}: only means something on a card "
                                       f"{' or '.join('in ' + z for z in zones)}; ignored here", e.line)
            return False

        sick = False
        commander = False
        foretold = foretold_this_turn = False
        printing: dict[str, list[str]] = {}
        for m, v in e.mods:
            if m in _PRINTING_MODIFIERS:
                printing.setdefault(m, []).append(v or "")
            elif m == "Tapped":
                if only(("battlefield",), m):
                    o["tapped"] = True
            elif m == "SummonSick":
                if only(("battlefield",), m):
                    sick = True
            elif m == "Counters":
                counters = self._counters(e, v or "")
                if counters and only(("battlefield", "exile"), m):
                    o["counters"] = counters
            elif m == "Id":
                pass
            elif m in ("AttachedTo", "Attaching"):
                target = ref(m, v)
                if target is not None and only(("battlefield",), m):
                    o["attached_to"] = target
            elif m == "FaceDown":
                if only(("battlefield", "exile"), m):
                    o["face_down"] = True
                    if v:
                        self.warn("modifier FaceDown", f"{where}|FaceDown:{v}: the state can say "
                                                       f"face down, not {v.lower()}", e.line)
            elif m == "Foretold":
                if only(("exile",), m):
                    foretold = True
            elif m == "ForetoldThisTurn":
                if only(("exile",), m):
                    foretold_this_turn = True
            elif m == "ExiledWith":
                target = ref(m, v)
                if target is not None and only(("exile",), m):
                    o["exiled_with"] = target
            elif m == "ChosenType":
                if v and only(("battlefield",), m):
                    o["chosen_type"] = v
            elif m == "ChosenColor":
                self._chosen_color(e, o, v or "", fields, where)
            elif m == "Damage":
                self._damage(e, o, v or "", fields, where)
            elif m == "Owner":
                owner = (v or "").lower()
                if owner not in SIDES:
                    self.error(e.line, f"{e.name}|Owner:{v}: expected Human or AI")
                elif SIDE_NAMES[SIDES[owner]] != player and only(("battlefield",), m):
                    o["controller"] = player
                    o["owner"] = SIDE_NAMES[SIDES[owner]]
            elif m in ("Transformed", "Flipped", "Meld", "Modal"):
                self._face(e, o, m, where)
            elif m == "Attacking":
                self._attacking(e, o, v, player, active, where)
            elif m == "PhasedOut":
                only(("battlefield",), m)  # (a phased-out permanent is left out: _phased_in)
            elif m == "IsCommander":
                # GameState.java: player.addCommander(card), in any zone: the card is a commander
                # of the player whose zone lists it (903.3; the state's player commanders)
                if "commanders" in state_module.PLAYER_LISTS:
                    commander = True
                else:
                    self.warn("modifier IsCommander", f"{where}|IsCommander: this version's state "
                                                      "has no commanders", e.line)
            elif m == "IsToken":
                # GameState.java: the card is made a token (a token copy of the card, 111.1, 707.2)
                if "token" in fields:
                    o["token"] = True
                else:
                    self.warn("modifier IsToken", f"{where}|IsToken: this version's state has no "
                                                  "tokens", e.line)
            elif m in _UNSAID_MODIFIERS:
                val = f":{v}" if v is not None else ""
                self.warn(f"modifier {m}", f"{where}|{m}{val}: the state has no "
                                           f"{_UNSAID_MODIFIERS[m]}", e.line)
            else:
                val = f":{v}" if v is not None else ""
                self.warn("unknown modifier", f"{where}|{m}{val}: not a modifier of Forge's "
                                              "format; ignored", e.line)
        for m, vals in printing.items():
            self._printing.setdefault((e.line, e.key, m), []).extend(vals)
        if commander:
            # 903.3: a commander is its owner's (a card listed by its controller with |Owner: is
            # the owner's commander; GameState.java gives it to the player listing it)
            self._commanders.append((SIDES[o["owner"]], e.card.name))
            if o["owner"] != player:
                self.warn("modifier IsCommander", f"{where}|IsCommander: a commander is its owner's "
                                                  f"(903.3): {o['owner']}'s commander, controlled by "
                                                  f"{player} (Forge makes it {player}'s)", e.line)
        faces: tuple[Any, ...] = tuple(getattr(e.card, "faces", ()))
        if (on_bf and "face" not in o and len(faces) > 1 and not o.get("face_down")
                and e.name.casefold() in {f.name.casefold() for f in faces[1:]}):
            # A Forge card is created front face up; only its Transformed/Modal modifiers show
            # the other face. Said, as the file named the other face.
            self.warn("face", f"{where}: {e.name} is a back face of {e.card.name}; the card is "
                              f"front face up ({faces[0].name}), as a Forge card is unless "
                              "|Modal or |Transformed shows its other face", e.line)
        if on_bf and sick and not remove_sickness:
            o["controlled_since_turn"] = turn  # came under its controller's control this turn
            if o.get("combat") == "attacking" and not o.get("face_down") and not _has_haste(e.card, o):
                # 302.6, 508.1a: a creature its controller hasn't controlled continuously since their
                # most recent turn began can't be declared as an attacker; Forge declares it anyway
                # (one put onto the battlefield attacking, 508.4, was never declared: no Attacking)
                self.warn("modifier Attacking", f"{where}|SummonSick|Attacking: it is summoning sick and "
                                                "has no haste of its own, so it couldn't have been "
                                                "declared as an attacker (302.6, 508.1a) unless an "
                                                "effect gave it haste; Forge declares it anyway", e.line)
        if foretold_this_turn and not foretold and in_exile:
            # GameState.java: "Foretold" makes the card foretold and turns it face down;
            # "ForetoldThisTurn" only sets the this-turn flag of a foretold card (Forge's export
            # writes both). Alone, the card Forge loads is not foretold and stays face up.
            self.warn("modifier ForetoldThisTurn", f"{where}|ForetoldThisTurn without |Foretold: "
                                                   "Forge loads the card face up and not foretold; "
                                                   "so does the state (write Foretold|"
                                                   "ForetoldThisTurn for a card foretold this turn)",
                      e.line)
            foretold_this_turn = False
        if (foretold or foretold_this_turn) and in_exile:
            o["face_down"] = True
            o["foretold_turn"] = turn if foretold_this_turn or turn == 1 else turn - 1
            if foretold and not foretold_this_turn and turn == 1:
                self.warn("modifier Foretold", f"{where}: foretold before turn 1 can't be said; "
                                               "recorded as foretold this turn", e.line)
        return o

    def _spell_on_stack(self, e: _Entry, o: dict[str, Any], forge_ids: Mapping[str, _Entry]) -> None:
        """A ``putonstack`` spell: its target (``human``, ``ai``, or the ``Id`` of a card of the
        file, 115.1) becomes its ``targets``; a warning says how it was read."""
        said = ""
        if e.target is not None:
            t = e.target.lower()
            if t in (HUMAN, AI):
                o["targets"] = [t]
            elif _id_key(e.target) in forge_ids:
                o["targets"] = [forge_ids[_id_key(e.target)].oid]
            else:
                self.error(e.line, f"{e.key}: {e.name}->{e.target}: the target is human, ai or the "
                                   "Id of a card of this file")
                return
            said = f", targeting {o['targets'][0]}"
        self.warn("putonstack", f"{e.key}: {e.name} is a spell on the stack ({e.oid}) controlled by "
                                f"{o['owner']}{said}, as Forge puts it there; it has no cast history "
                                "(where it was cast from, X, mana spent), and Forge also runs the "
                                "abilities that trigger on casting it, which the state doesn't have",
                  e.line)

    def _counters(self, e: _Entry, text: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for _pair, kind, amount in self._kind_amounts(e.line, f"{e.name}|Counters:{text}", text):
            name = counter_from_forge(kind)
            out[name] = out.get(name, 0) + amount
        return out

    def _kind_amounts(self, line: int, where: str, text: str,
                      kind_required: bool = True) -> list[tuple[str, str, int]]:
        """The KIND=NUMBER pairs of a comma-separated counter list (Forge's ``Counters:`` of a card
        and ``humancounters=`` of a player), each as (pair, kind, amount); a malformed pair or a
        negative amount is an error naming the line, and is left out."""
        out: list[tuple[str, str, int]] = []
        for pair in text.split(","):
            pair = pair.strip()
            if not pair:
                continue
            kind, _, num = pair.partition("=")
            try:
                amount = int(num)
            except ValueError:
                self.error(line, f"{where}: {pair!r} is not KIND=NUMBER (e.g. P1P1=2, POISON=3)")
                continue
            if kind_required and not kind.strip():
                self.error(line, f"{where}: {pair!r} has no counter kind (KIND=NUMBER)")
                continue
            if amount < 0:
                self.error(line, f"{where}: {pair!r} is a negative amount")
                continue
            out.append((pair, kind.strip(), amount))
        return out

    def _chosen_color(self, e: _Entry, o: dict[str, Any], text: str, fields: set[str],
                      where: str) -> None:
        colors = [c.strip().lower() for c in text.split(",") if c.strip()]
        letters = [_COLOR_NAMES.get(c, c.upper() if c.upper() in _COLOR_WORDS else "") for c in colors]
        if "chosen_color" not in fields:
            self.warn("modifier ChosenColor", f"{where}|ChosenColor:{text}: this version's state "
                                              "has no chosen color", e.line)
            return
        if e.zone != "battlefield":
            self.warn("modifier ChosenColor", f"{where}|ChosenColor:{text}: only a permanent has a "
                                              "chosen color; ignored", e.line)
            return
        if not letters or not letters[0]:
            self.error(e.line, f"{e.name}|ChosenColor:{text}: not a color (white, blue, black, "
                               "red, green)")
            return
        o["chosen_color"] = letters[0]
        if len(letters) > 1:
            self.warn("modifier ChosenColor", f"{where}|ChosenColor:{text}: the state holds one "
                                              f"chosen color; kept {colors[0]}", e.line)

    def _damage(self, e: _Entry, o: dict[str, Any], text: str, fields: set[str], where: str) -> None:
        try:
            n = int(text)
        except ValueError:
            self.error(e.line, f"{e.name}|Damage:{text}: expected a whole number")
            return
        if "damage" not in fields:
            self.warn("modifier Damage", f"{where}|Damage:{n}: this version's state has no damage "
                                         "marked on permanents", e.line)
        elif e.zone != "battlefield":
            self.warn("modifier Damage", f"{where}|Damage:{n}: only a permanent has damage marked "
                                         "on it; ignored", e.line)
        elif n:
            o["damage"] = n

    def _attacking(self, e: _Entry, o: dict[str, Any], v: str | None, player: str, active: str,
                   where: str) -> None:
        """``Attacking`` (``Attacking:N``: attacking the planeswalker or battle with Id N): Forge
        declares the creature an attacker of the active player, and only when the phase is the
        declare attackers or declare blockers step (GameState.java's handleCombat). The state
        says it is attacking (``"combat": "attacking"``, 506.4: "target attacking creature") and
        counts it among the creatures the player attacked with this turn (``attackers_this_turn``:
        Windbrisk Heights, 508.8); what it attacks is not kept: a warning."""
        val = f":{v}" if v is not None else ""
        if self._step not in ("declare_attackers", "declare_blockers"):
            self.warn("modifier Attacking", f"{where}|Attacking{val}: Forge declares attackers only "
                                            "when the phase is the declare attackers or declare "
                                            "blockers step; ignored here", e.line)
            return
        if e.zone != "battlefield" or player != active or not _is_creature(e.card, e.mods):
            self.warn("modifier Attacking", f"{where}|Attacking{val}: only a creature the active "
                                            f"player ({active}) controls attacks (506.2, 508.1); "
                                            "ignored", e.line)
            return
        self._attackers += 1
        o["combat"] = "attacking"
        self.warn("modifier Attacking", f"{where}|Attacking{val}: it is attacking (\"combat\": "
                                        f"\"attacking\") and counts in {active}'s attackers_this_turn "
                                        "(the creatures they attacked with this turn); what it attacks "
                                        "is not kept", e.line)

    def _face(self, e: _Entry, o: dict[str, Any], m: str, where: str) -> None:
        faces = e.card.faces
        if e.zone != "battlefield" or len(faces) < 2:
            self.warn(f"modifier {m}", f"{where}|{m}: the library's {e.card.name} has no other face "
                                       "to show here; ignored", e.line)
            return
        o["face"] = faces[1].name


def pending_sba_warnings(document: Mapping[str, Any], library: Any) -> list[ForgeWarning]:
    """The state-based actions that apply in an imported state, said in a warning.

    Forge checks state-based actions as it loads a game state (GameState.java ends with
    ``checkStateEffects``), so the game Forge starts is the one after them; the imported document
    is the state as the file says it, before them: whoever has priority in it would act before a
    check that 704.3 performs first (``apply`` performs it as the next player would receive
    priority). What applies (a creature with toughness 0 or less, 704.5f; an Aura attached to
    nothing, 704.5m; +1/+1 and -1/-1 counters on one permanent, 704.5q; a player at 0 life,
    704.5a; the legend rule, 704.5j; ...) is said as ``apply`` says it, in one warning. It solves
    the rules (encodings/sba.lp), so ``mtgasp import forge`` calls it after :func:`parse_pzl`;
    a state that isn't valid, or in which nobody has priority, gives none."""
    import random

    from mtgasp.api import Checker
    from mtgasp.apply import state_based_actions

    try:
        state = parse_state(dict(document), library, source="import forge")
    except InputError:
        return []
    if state.priority is None:
        return []
    from mtgasp.facts import not_modeled_trigger_events

    events: list[str] = []
    try:
        state_based_actions(Checker(library), state, random.Random(0), events)
    except InputError:
        return []
    if not events:
        return []
    # As apply says with every other action: a line of a real card kept as not modeled ("You
    # can't lose the game", 104.3) may change what these actions do; none is performed.
    unmodeled = []
    for o in state.objects:
        card = library.find(o.card) if o.zone == "battlefield" and o.card else None
        if card is None or o.face_down:
            continue
        face = next((f for f in card.faces if f.name == o.face), card.faces[0])
        for ab in face.abilities:
            if ab.kind == "not_modeled" and not not_modeled_trigger_events(ab.text, face.name):
                unmodeled.append(f"{face.name}'s ability {ab.index} ({ab.text}), of {o.id}")
    note = ("" if not unmodeled else " Not modeled, so not taken into account here (where one "
            "would change these actions, 613, 614, the game's outcome differs): "
            + "; ".join(unmodeled) + ".")
    return [ForgeWarning("state-based actions",
                         "Forge performs state-based actions as it loads a game state, so the game it "
                         "starts is the one after them; the state written here is as the file says, "
                         f"before them, and {state.priority} would act before the check that 704.3 "
                         "performs first (apply performs it): " + " ".join(events) + note)]


def counter_from_forge(kind: str) -> str:
    """Forge's counter names -> the state's: ``P1P1`` -> ``+1/+1``, ``M0M1`` -> ``-0/-1``,
    ``CHARGE`` -> ``charge``."""
    m = re.fullmatch(r"([PM])(\d+)([PM])(\d+)", kind.upper())
    if m:
        sign = {"P": "+", "M": "-"}
        return f"{sign[m.group(1)]}{m.group(2)}/{sign[m.group(3)]}{m.group(4)}"
    return kind.lower()


def counter_to_forge(kind: str) -> str | None:
    """The reverse of :func:`counter_from_forge`; None for a kind Forge can't name."""
    m = re.fullmatch(r"([+-])(\d+)/([+-])(\d+)", kind)
    if m:
        sign = {"+": "P", "-": "M"}
        return f"{sign[m.group(1)]}{m.group(2)}{sign[m.group(3)]}{m.group(4)}"
    if re.fullmatch(r"[a-z][a-z0-9_]*", kind):
        return kind.upper()
    return None


def _id_key(text: str) -> str:
    """A Forge Id as GameState.java reads it (Integer.parseInt: Id:05 is Id:5)."""
    t = text.strip()
    return str(int(t)) if re.fullmatch(r"[+-]?\d+", t) else t


def _is_creature(card: Any, mods: list[tuple[str, str | None]]) -> bool:
    """Whether the card is a creature as the file puts it on the battlefield: face down, a 2/2
    creature (708.2a); with ``Transformed``/``Modal``/..., its other face; else its front face."""
    names = {m for m, _ in mods}
    if "FaceDown" in names:
        return True
    faces = tuple(getattr(card, "faces", ()))
    if not faces:
        return False
    face = faces[1] if len(faces) > 1 and names & {"Transformed", "Flipped", "Meld", "Modal"} \
        else faces[0]
    return "Creature" in tuple(getattr(face, "types", ()))


def _has_haste(card: Any, o: Mapping[str, Any]) -> bool:
    """Whether the face the object shows has haste (702.10), or a haste counter (122.1b)."""
    faces = tuple(getattr(card, "faces", ()))
    face = next((f for f in faces if f.name == o.get("face")), faces[0] if faces else None)
    return "haste" in (o.get("counters") or {}) or any(
        a.kind == "keyword" and str(a.spec.get("keyword", "")).lower() == "haste"
        for a in getattr(face, "abilities", ()))


def _attack_trigger_condition(text: str | None) -> str | None:
    """The trigger condition of a triggered ability that triggers on attacking (508.3a: "Whenever
    this creature attacks", "Whenever a creature you control attacks", "Whenever you attack"),
    lowercased up to its first comma (603.1); None for any other line."""
    t = re.sub(r"^[A-Z][\w' -]{0,40} — ", "", (text or "").strip())
    if not t.startswith(("When ", "Whenever ")):
        return None
    cond = t.split(",", 1)[0].lower()
    return cond if re.search(r"\battacks?\b", cond) else None


def _fold(name: str) -> str:
    """A name compared as Forge spells it: case-insensitive, without diacritics, Æ as Ae."""
    import unicodedata

    text = name.replace("Æ", "Ae").replace("æ", "ae")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return text.casefold()


def _is_int(text: str | None) -> bool:
    return text is not None and text.strip().lstrip("-").isdigit()


def _colors(text: str) -> list[str]:
    """Color letters (``WB``, ``G``; ``C`` is colorless) -> the sorted color letters."""
    return sorted({c for c in text.upper() if c in "WUBRG"})


def _short(text: str, n: int = 50) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


# --------------------------------------------------------------------------------------------
# Export


def sick_for_forge(state: GameState, o: GameObject) -> bool:
    """Whether Forge should mark the permanent ``SummonSick``: its controller hasn't controlled it
    continuously since their most recent turn began (the rule of turn_structure.lp, 302.6, for
    two players without extra turns unless ``last_turn`` says otherwise)."""
    controller = o.controller or o.owner
    p = state.player(controller)
    if p is not None and p.last_turn is not None:
        recent = p.last_turn
    elif controller == state.active_player:
        recent = state.turn
    else:
        recent = max(state.turn - 1, 0)
    return o.controlled_since_turn >= recent


def export_pzl(state: GameState, library: Any, name: str | None = None) -> ExportResult:
    """A Forge puzzle file for the state, and warnings for what Forge can't hold.

    The first player becomes ``human``, the second ``ai``. Forge needs a goal to load a puzzle:
    ``Goal:Win``/``Turns:`` the state's turn are written as placeholders (a comment says so): Turns is
    a game turn number in Forge (Puzzle.java's TurnCount), so the goal is "win this turn".
    """
    warnings: list[ForgeWarning] = []

    def warn(kind: str, message: str) -> None:
        warnings.append(ForgeWarning(kind, message))

    if len(state.players) != 2:
        raise InputError(Problem("players", f"a Forge puzzle has two players (human and ai); this "
                                            f"state has {len(state.players)}"))
    side = {state.players[0].name: HUMAN, state.players[1].name: AI}
    if list(side) != [HUMAN, AI]:
        warn("players", f"players: {state.players[0].name} is Forge's human, "
                        f"{state.players[1].name} is Forge's ai")
    lines: list[str] = ["[metadata]"]
    title = name or "mtgasp state"
    lines.append(f"Name:{_one_line(title)}")
    lines.append("# mtgasp: Forge needs a goal to load a puzzle; Goal and Turns are placeholders")
    lines.append("Goal:Win")
    lines.append(f"Turns:{state.turn}")  # a game turn number: "win this turn"
    lines.append("Difficulty:Easy")
    desc = state.document.get("description")
    if isinstance(desc, str) and desc.strip():
        lines.append("Description:" + desc.replace("\r", "").replace("\n", "\\n"))
    lines.append("[state]")
    lines.append(f"turn={state.turn}")
    lines.append(f"activeplayer={side[state.active_player]}")
    lines.append(f"activephase={_STEP_TO_PHASE[state.step]}")
    if state.priority != default_priority(state.step, state.active_player, state.resolving):
        warn("priority", f"priority: {state.priority or 'nobody'} has priority; Forge gives it to "
                         "the active player when a puzzle starts")
    for key, value in state.document.items():
        if key not in _GAME_KEYS_HELD and value not in (None, [], {}, False, 0):
            warn("game field", f"{key}: Forge puzzles have no such field")
    if state.document.get("consecutive_passes"):
        warn("priority", "consecutive_passes: Forge can't say that players have already passed")
    on_stack, why_not = stack_for_forge(state)
    if why_not:
        ids = ", ".join(state.stack)
        warn("stack", f"stack: {ids}: {why_not}: the stack can't be held by a Forge puzzle (its "
                      "putonstack puts a new card's spell for each player, the human's first); left out")
    for o in on_stack:
        if spell := _cast_history(o):
            warn("cast history", f"{o.id} ({o.card}): {', '.join(spell)}: how a spell was cast can't "
                                 "be held by a Forge puzzle (putonstack)")
    for e in state.effects:
        warn("effects", f"effects: the lasting effect of {e.card} ({e.controller}) can't be held by "
                        "a Forge puzzle; left out")
    for p in state.players:
        s = side[p.name]
        lines.append(f"{s}life={p.life}")
        if p.lands_played_this_turn:
            lines.append(f"{s}landsplayed={p.lands_played_this_turn}")
        pool = " ".join(t for t in MANA_TYPES for _ in range(p.mana_pool.get(t, 0)))
        if pool:
            lines.append(f"{s}manapool={pool}")
        if p.last_turn is not None:
            warn("last turn", f"{p.name}.last_turn={p.last_turn}: Forge counts turns itself")
        counters = [f"{forge}={p.extra[name]}" for forge, name in _PLAYER_COUNTERS.items()
                    if isinstance(p.extra.get(name), int) and p.extra[name] > 0]
        if counters:
            lines.append(f"{s}counters={','.join(counters)}")
        for key, value in p.extra.items():
            if key in _PLAYER_COUNTERS.values() and isinstance(value, int) and value >= 0:
                continue
            if key == "commanders" and isinstance(value, list):
                # 903.3: Forge marks the commander cards themselves (|IsCommander, below)
                held = {o.card for o in state.objects if o.zone != "stack" and o.ability is None
                        and not o.extra.get("token")
                        and ((o.controller or o.owner) if o.zone == "battlefield" else o.owner)
                        == p.name}
                for cname in value:
                    if cname not in held:
                        warn("commanders", f"{p.name}.commanders: {cname} is no card of theirs in "
                                           "the state; Forge marks a commander on its card "
                                           "(|IsCommander); left out")
                continue
            if key == "attackers_this_turn" and p.name == state.active_player and value == sum(
                    1 for o in state.objects if attacking_for_forge(state, o)):
                continue  # (the import counts the |Attacking creatures written below, 508.1)
            warn("player field", f"{p.name}.{key}={value}: Forge puzzles have no such field")

    # Forge ids for the objects others refer to.
    written = {o.id for o in state.objects if o.zone != "stack" and o.ability is None}
    referenced: list[str] = []
    for o in state.objects:
        aimed = list(o.extra.get("targets") or ())[:1] if o.id in {x.id for x in on_stack} else []
        for r in (o.attached_to, o.exiled_with, *aimed):
            if r is not None and r in written and r not in referenced:
                referenced.append(r)
    forge_id = {oid: i + 1 for i, oid in enumerate(referenced)}
    zones: dict[tuple[str, str], list[str]] = {}
    for o in state.objects:
        if o.zone == "stack" or o.ability is not None:
            continue
        entry = _export_object(state, o, library, forge_id, warn)
        if entry is None:
            continue
        who = (o.controller or o.owner) if o.zone == "battlefield" else o.owner
        holder = state.player(who)
        if (holder is not None and not o.extra.get("token")
                and o.card in (holder.extra.get("commanders") or ())):
            entry += "|IsCommander"  # GameState.java: a commander of the player listing it (903.3)
        zones.setdefault((side[who], o.zone), []).append(entry)
    for s in (HUMAN, AI):
        for z in _EXPORT_ZONES:
            cards = zones.get((s, z), [])
            if cards or z != "command":
                lines.append(f"{s}{z}=" + ";".join(cards))
        spells = []
        for o in on_stack:
            if side[o.controller or o.owner] == s:
                t = (o.extra.get("targets") or [None])[0]
                spells.append(str(o.card) + ("" if t is None else "->" + (
                    side[t] if t in side else str(forge_id[t]))))
        if spells:
            lines.append(f"{s}putonstack=" + ";".join(spells))
    return ExportResult("\n".join(lines) + "\n", warnings)


def _cast_history(o: GameObject) -> list[str]:
    """The fields that say how a spell or permanent was cast (601.2), which no Forge puzzle holds."""
    spell = [k for k in ("cast_from", "method", "x", "mana_spent") if getattr(o, k) is not None]
    if o.kicked:
        spell.append("kicked")
    return spell


def stack_for_forge(state: GameState) -> tuple[list[GameObject], str]:
    """The spells on the stack as Forge's ``putonstack`` can hold them (GameState.java creates each
    card anew for its player and puts its spell on the stack, the human's first, then the AI's,
    each on top, with at most one target: a player or a card of the file), bottom first; or no
    spell and why the stack can't be held."""
    if state.resolving is not None:
        return [], f"{state.resolving} is resolving"
    objs = {o.id: o for o in state.objects}
    out: list[GameObject] = []
    first = state.players[0].name if state.players else None
    for oid in state.stack:
        o = objs.get(oid)
        if o is None or o.ability is not None or o.card is None:
            return [], f"{oid} is an ability"
        if (o.controller or o.owner) != o.owner:
            return [], f"{oid} is controlled by another player than its owner"
        if o.face is not None or o.extra.get("token"):
            return [], f"{oid} is a face other than the card's first, or a token"
        if len(o.extra.get("targets") or ()) > 1 or any(k in o.extra for k in ("lost_targets", "choosing_targets",
                                                                   "refers_to", "dream_exile")):
            return [], f"{oid} has more than one target, or what its targets were"
        t = (o.extra.get("targets") or [None])[0]
        if t is not None and t not in {p.name for p in state.players} and (
                t not in objs or objs[t].zone == "stack" or objs[t].ability is not None):
            return [], f"{oid} targets something on the stack"
        if out and (o.controller or o.owner) == first and (out[-1].controller or out[-1].owner) != first:
            return [], "a spell of the first player is above one of the second"
        out.append(o)
    return out, ""


def _token_spec(name: str, library: Any) -> str | None:
    """Forge's token spec for a token card: name, power, toughness, types, keywords."""
    if "," in name:
        return None
    card = library.find(name)
    face = card.faces[0] if card is not None else None
    out = [name]
    if face is not None:
        # TokenInfo.java: a token without Color takes the colors of its Cost ("no cost":
        # colorless); its colors are the color indicator's, else its mana cost's (105.2, 202.2)
        colors = "".join(sorted(face.colors)) if face.colors is not None else "".join(_colors(
            face.mana_cost.text.replace("/P", "") if face.mana_cost is not None else ""))
        out += [f"P:{face.power or 0}", f"T:{face.toughness or 0}", "Cost:no cost",
                *([f"Color:{colors}"] if colors else []),
                "Types:" + "-".join([*face.types, *face.subtypes]),
                "Keywords:" + "-".join(str(a.spec.get("keyword", "")).capitalize()
                                       for a in face.abilities if a.kind == "keyword")]
    return ",".join(out)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _export_object(state: GameState, o: GameObject, library: Any, forge_id: Mapping[str, int],
                   warn: Any) -> str | None:
    assert o.card is not None
    where = f"{o.id} ({o.card})"
    if any(ch in o.card for ch in ";|\n") or o.card != o.card.strip():
        warn("card name", f"{where}: the card name can't be written in a Forge zone list; left out")
        return None
    parts = [o.card]
    if o.extra.get("token"):
        spec = _token_spec(o.card, library)
        if spec is None:
            warn("token", f"{where}: a token whose name holds a comma can't be written; left out")
            return None
        parts = ["t:" + spec]
    if o.id in forge_id:
        parts.append(f"Id:{forge_id[o.id]}")
    controller = o.controller or o.owner
    if o.zone == "battlefield":
        if o.owner != controller:
            parts.append("Owner:" + ("Human" if o.owner == state.players[0].name else "AI"))
        if o.face is not None:
            card = library.find(o.card)
            faces = list(card.faces) if card is not None else []
            if card is not None and len(faces) > 1 and o.face == faces[1].name:
                parts.append("Modal" if card.layout == "modal_dfc" else "Transformed")
            elif not faces or o.face != faces[0].name:
                warn("face", f"{where}.face={o.face}: Forge can't show that face; left out")
        if o.tapped:
            parts.append("Tapped")
        if sick_for_forge(state, o):
            parts.append("SummonSick")
        if o.attached_to is not None:
            parts.append(f"AttachedTo:{forge_id[o.attached_to]}")
        if o.face_down:
            parts.append("FaceDown")
        ct = o.extra.get("chosen_type")
        if ct is not None:
            parts.append(f"ChosenType:{ct}")
        cc = o.extra.get("chosen_color", getattr(o, "chosen_color", None))
        if cc is not None:
            parts.append(f"ChosenColor:{_COLOR_WORDS.get(str(cc), str(cc).lower())}")
        dmg = o.extra.get("damage", getattr(o, "damage", None))
        if dmg:
            parts.append(f"Damage:{dmg}")
    elif o.zone == "exile":
        if o.exiled_with is not None:
            if o.exiled_with in forge_id:
                parts.append(f"ExiledWith:{forge_id[o.exiled_with]}")
            else:
                warn("exiled with", f"{where}.exiled_with={o.exiled_with}: that object is on the "
                                    "stack, which the puzzle can't hold; left out")
        if o.face_down:
            parts.append("FaceDown")
        if o.foretold_turn is not None:
            parts.append("Foretold")
            if o.foretold_turn == state.turn:
                parts.append("ForetoldThisTurn")
        if o.plotted_turn is not None:
            warn("plotted", f"{where}: a plotted card (turn {o.plotted_turn}) can't be held by a "
                            "Forge puzzle; it stays in exile, face up, not plotted")
        if o.foretell_cost is not None:
            warn("foretell cost", f"{where}.foretell_cost: Forge takes a card's foretell cost from "
                                  "its script")
    elif o.face_down and o.zone == "library":
        pass  # every card in a library is face down (the state says the same thing twice)
    if o.counters and o.zone in ("battlefield", "exile"):
        kinds = []
        for kind, n in o.counters.items():
            fk = counter_to_forge(kind)
            if fk is None:
                warn("counters", f"{where}: a {kind!r} counter has no Forge name; left out")
            elif n:  # zero counters of a kind are no counters (nothing to write)
                kinds.append(f"{fk}={n}")
        if kinds:
            parts.append("Counters:" + ",".join(kinds))
    if spell := _cast_history(o):
        warn("cast history", f"{where}: {', '.join(spell)}: how a permanent was cast can't be held "
                             "by a Forge puzzle")
    if attacking_for_forge(state, o):
        # GameState.java writes and reads |Attacking (an attacker of the active player), declared
        # as the file loads in the declare attackers and declare blockers steps (506.4, 508.1)
        parts.append("Attacking")
    elif o.extra.get("combat") == "attacking":
        warn("combat", f"{where}: attacking in the {state.step.replace('_', ' ')} step: Forge declares "
                       "|Attacking creatures only in the declare attackers and declare blockers "
                       "steps; left out")
    elif o.extra.get("combat") == "blocking":
        warn("combat", f"{where}: a blocking creature (509.1) can't be held by a Forge puzzle; left out")
    if o.extra.get("blocked"):
        warn("combat", f"{where}.blocked: that an attacking creature was blocked (509.1h) can't be "
                       "held by a Forge puzzle; left out")
    for key in o.extra:
        if key not in ("chosen_type", "chosen_color", "damage", "token", "combat", "blocked"):
            warn("object field", f"{where}.{key}: Forge puzzles have no such field")
    return "|".join(parts)


def attacking_for_forge(state: GameState, o: GameObject) -> bool:
    """Whether the export writes ``|Attacking`` on the object: an attacking creature of the active
    player in the declare attackers or declare blockers step, where Forge declares it."""
    return (o.zone == "battlefield" and o.extra.get("combat") == "attacking"
            and (o.controller or o.owner) == state.active_player
            and state.step in ("declare_attackers", "declare_blockers"))


# --------------------------------------------------------------------------------------------
# Command line (cli.py dispatches ``import forge`` and ``export forge`` here)


def run_cli(args: Any, library: Any) -> int:
    """``mtgasp import forge FILE [--out STATE]`` / ``mtgasp export forge STATE [--out FILE]``:
    the document (or ``--out``), warnings on standard error; ``--json``: both as one object."""
    import json
    import sys

    from mtgasp.state import load_state

    result: ImportResult | None = None
    if args.command == "import":
        result = import_pzl(args.file, library)
        text = json.dumps(result.document, indent=2, ensure_ascii=False) + "\n"
        warnings = result.warnings + pending_sba_warnings(result.document, library)
    else:
        state = load_state(Path(args.state), library)
        exported = export_pzl(state, library, name=Path(args.state).stem)
        text, warnings = exported.text, exported.warnings
    if args.out:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(Problem("--out", f"can't write {args.out}: {exc.strerror or exc}")) from None
    if args.json:
        body: Any = result.document if result is not None else text
        json.dump({"state" if result is not None else "puzzle": body,
                   "warnings": [w.to_json() for w in warnings]}, sys.stdout, indent=2,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        if not args.out:
            sys.stdout.write(text)
        else:
            print(clean_text(f"wrote {args.out} ({len(warnings)} warning(s))"))
        for w in warnings:  # names from the file can't forge lines (control characters escaped)
            print(clean_text(f"warning: {w}"), file=sys.stderr)
    return 0
