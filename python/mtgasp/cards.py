"""The card library: load, validate and look up card data (docs/card-format.md).

``CardLibrary.builtin()`` is the package's own library (``mtgasp/data/cards.json``), read once
per process. ``CardLibrary.load(paths)`` adds user card files (``--cards FILE``) on top of it: a
user card replaces a built-in card of the same name. Validation collects every problem of a file,
each with the JSON path of its field, and raises one :class:`~mtgasp.errors.InputError`.

Nothing here imports clingo: the library is plain data that ``facts`` turns into atoms.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from mtgasp.errors import Collector, InputError, Problem, excerpt
from mtgasp.limits import MAX_ABILITIES, MAX_CARD_NUMBER, MAX_MULTIPLY
from mtgasp.model import (
    MANA_TYPES,
    ZONES,
    Ability,
    Card,
    Face,
    ManaCost,
    brief_text,
    parse_mana_cost,
)

__all__ = [
    "FORMAT_VERSION",
    "CardLibrary",
    "UnknownCardError",
    "parse_card_document",
]

FORMAT_VERSION = 1

# --- the vocabulary of docs/card-format.md --------------------------------------------------------

# layout -> (fewest, most) faces. Only modal_dfc cards are castable as either face (712.11); the
# other multi-face layouts (what real cards have) are stored, and only their front face is used.
LAYOUTS: dict[str, tuple[int, int]] = {
    "normal": (1, 1), "modal_dfc": (2, 2), "transform": (2, 2), "adventure": (2, 2),
    "split": (2, 5), "flip": (2, 2), "aftermath": (2, 2), "meld": (1, 2), "reversible_card": (2, 2),
    "leveler": (1, 1), "class": (1, 1), "case": (1, 1), "saga": (1, 1), "mutate": (1, 1),
    "prototype": (1, 1), "host": (1, 1), "augment": (1, 1),
}
SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite")
CARD_TYPES = (
    "Land", "Creature", "Artifact", "Enchantment", "Instant", "Sorcery", "Planeswalker", "Battle",
    "Kindred", "Tribal",
)
ABILITY_KINDS = (
    "keyword", "activated", "triggered", "static", "replacement", "spell", "additional_cost",
    "alternative_cost", "not_modeled",
)
COLOR_LETTERS = ("W", "U", "B", "R", "G")
# a power or toughness that is not a number: "*", "1+*", "*+1", "2-*", "X", "?"
_PT_TEXT = re.compile(r"^(\d+[+-])?(\*|X|\?)([+-]\d+)?$|^\*²$")
SOURCE_FORMATS = ("mtgjson", "scryfall", "manual")
# keyword -> the extra fields it takes (all of them required). Any other keyword name is accepted
# as a not-modeled keyword (trample, lifelink, ...): it produces no rules; it may carry an optional
# "cost" (a string) and "n" (an integer), which are stored and ignored.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "flash": (),
    "flying": (),
    "haste": (),
    "vigilance": (),
    "kicker": ("cost",),
    "multikicker": ("cost",),
    "foretell": ("cost",),
    "plot": ("cost",),
    "ward": ("cost",),
    "hideaway": ("n",),
    "suspend": ("n", "cost"),   # 702.62a: "Suspend N—[cost]"
    "split second": (),         # 702.61a
    "ascend": (),               # 702.131b (a permanent's)
    "indestructible": (),       # 702.12b: not destroyed by lethal damage (704.5g) or "destroy"
    "enchant": ("what",),
}
# 702.16a: the qualities a "protection from ..." keyword may name in the card format: a color, a
# card type, or "everything" (702.16j)
PROTECTION_FROM = (*COLOR_LETTERS, "Artifact", "Creature", "Enchantment", "Instant", "Sorcery",
                   "Land", "Planeswalker", "Battle", "everything", "multicolored")
ENCHANT_WHAT = ("land", "creature", "artifact", "enchantment", "permanent", "player", "planeswalker")
# 303.4a, 702.5a, 205.3i: "Enchant Forest": a land of that basic land type
ENCHANT_LAND_TYPES = {"plains": "Plains", "island": "Island", "swamp": "Swamp", "mountain": "Mountain",
                      "forest": "Forest"}


def enchant_parts(what: str) -> tuple[list[str], bool] | None:
    """ "creature", "artifact or creature", "creature you control" -> (the kinds, you control), or
    None if not an enchant restriction of the card format (702.5a, 303.4)."""
    if what in ENCHANT_LAND_TYPES:   # "Enchant Forest" (Utopia Sprawl): a land with that subtype
        return [what], False
    m = re.fullmatch(r"(\w+)(?: or (\w+))?( you control)?", what)
    if m is None:
        return None
    kinds = [k for k in (m.group(1), m.group(2)) if k]
    if not all(k in ENCHANT_WHAT and k != "player" for k in kinds) and kinds != ["player"]:
        return None
    if m.group(3) and "player" in kinds:
        return None
    return kinds, bool(m.group(3))
GRANT_TO = (
    "lands_you_control", "creatures_you_control", "artifacts_you_control", "enchanted", "self",
    "nonland_cards_in_your_hand_without_foretell", "top_of_your_library",
)
COULD_PRODUCE_OF = ("land_you_control", "land_opponent_controls", "sacrificed")
# "Activate only ..." (602.5b, 602.5d): timing restrictions, and conditions (one per ability)
ACTIVATION_TIMINGS = ("sorcery", "your_turn", "your_upkeep", "any_upkeep", "before_attackers",
                      "combat", "end_of_combat", "not_your_turn", "instant")
ACTIVATION_CONDITIONS = ("you_control", "graveyard_at_least", "total_power_at_least",
                         "hand_at_most", "hand_exactly", "an_opponent_lands_at_least",
                         "attacked_with_at_least", "source_is", "a_player_hand_at_most",
                         "entered_this_turn", "an_opponent_more_lands", "hand_at_least",
                         "counters_on_self", "an_opponent_poison_at_least",
                         "lands_same_name_at_least", "citys_blessing")
# a mana ability's riders that `apply` doesn't perform and reports (603.7, 603.12, 106.6)
NOT_PERFORMED_KINDS = ("delayed_trigger", "reflexive_trigger", "spend_effect", "untap_step_effect",
                       "die_roll", "lasting_effect", "effect")
# what a for_each counts (docs/card-format.md, PRODUCE)
FOR_EACH_COUNTS = ("you_control", "on_battlefield", "counters", "counters_removed", "self",
                   "all_counters", "greatest", "in_graveyard", "in_hand", "life", "devotion",
                   "domain", "sacrificed")
# the counts a resolving spell's add_mana may make (not the source's own counters or
# characteristics, nor a cost's)
SPELL_FOR_EACH_COUNTS = ("you_control", "on_battlefield", "greatest", "in_graveyard", "in_hand",
                         "life", "devotion", "domain")
PLAYERS = ("you", "any", "opponents")
TRIGGER_FILTERS: dict[str, tuple[str, ...]] = {  # event -> allowed filter fields
    "enters": ("if",),   # 603.4: "if" (kicked, cast, cast_from_hand): an intervening "if"
    "leaves": (),
    "attacks": (),
    "cast": ("by", "from", "spell_types", "noncreature"),
    "foretell": ("by",),
    # 106.12a: "tapped for mana of the chosen color" (Gauntlet of Power); "a land's ability causes
    # you to add ... mana" (Caged Sun): any mana ability of such a permanent, {T} or not
    "tapped_for_mana": ("what", "by", "of_chosen_color", "any_mana_ability"),
    "upkeep": ("whose",),
    "first_main_phase": ("whose",),   # 505.1a: "At the beginning of your first main phase"
    "creature_enters": ("other", "controller", "min_power"),
    "chapter": ("chapters",),  # 714.2b: a Saga's chapter ability, "chapters": [2] ("II — ...")
}
# 603.4: an enters trigger's intervening "if" about the spell the permanent was (702.33d, 601.2a)
TRIGGER_IFS = ("kicked", "cast", "cast_from_hand")
EFFECT_ACTIONS = (
    "damage", "counter_spell", "destroy_all", "draw", "scry_draw", "create_tokens", "extra_turn",
    "exile_self", "exile_target_spell_plotted", "add_counter", "ping", "pump", "look_at_top",
    "cast_from_exile_free", "play_exiled_free", "return_exiled_to_hand", "exile_with_dream_counter",
    "until_end_of_turn", "add_mana", "boost_self", "look_take", "sacrifice_self_unless",
    "opening_hand", "extra_land_drops", "flash_permission", "untap_self", "become_creature", "gain_control",
    "gain_haste",
    "not_modeled",
)
# effect parameters with a closed set of values: an unknown value would validate and then match no
# rule of effects.lp (a silent wrong answer); "look_take" reveals a legendary creature card (Kolvori).
# the effect parameters that are amounts or counts (a number; "X" only in X_AMOUNTS)
NUMERIC_EFFECT_PARAMS = ("amount", "kicked_amount", "n", "scry", "draw", "power", "toughness")
# the amounts an effect may give as "X" (effects.lp's fx_num/5: the X of what resolves)
X_AMOUNTS = {("damage", "amount"), ("damage", "kicked_amount"), ("ping", "amount"), ("draw", "n"),
             ("create_tokens", "n"), ("add_counter", "n")}
EFFECT_PARAM_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("look_take", "what"): ("legendary_creature",),
    # 702.8a: "You may cast [creature] spells this turn as though they had flash"
    ("flash_permission", "what"): ("spells", "creature", "noncreature", "artifact", "enchantment", "sorcery"),
}
# a --cards file holding real cards' Oracle text instead of the card format
_RAW_CARDS = ("this is %s, not a card file of the card format ({\"format\": 1, \"cards\": [...]}, "
              "docs/card-format.md): compile its Oracle text first with `mtgasp cards import FILE "
              "--out CARDS.json` and pass CARDS.json")
# hideaway conditions (play_exiled_free): name -> "int" (a threshold) or "true"
CONDITIONS = {
    "total_power_at_least": "int",
    "attacked_with_at_least": "int",
    "a_library_with_at_most": "int",
    "opponent_dealt_damage_at_least": "int",
    "each_player_hand_empty": "true",
    "legendary_creatures_you_control_at_least": "int",  # boost_self (Kolvori)
}
REPLACEMENT_CONDITIONS = ("not_cast_or_no_mana_spent", "played_from_hand", "starting_player", "kicked",
                          "per_kick")
# 702.33c-d: the conditions only "enters with counters" takes (its spell kicked; per time kicked)
KICK_CONDITIONS = ("kicked", "per_kick")
ENTERS_CHOOSE = ("creature_type", "color", "card_type")
STATIC_FIELDS = ("grant", "cost_increase", "spell_cost_reduction", "replace_mana", "plot_from_library", "effect",
                 "activate_as_though_haste", "cant_be_countered", "spend_as_any_color", "cast_only", "forbid_cast",
                 "flash_if_pay",
                 "doesnt_untap", "enter_untapped", "forbid_activation", "foretell_action", "land_type")
# 305.6, 305.7, 613.1d: which lands a land type-changing static ability affects, and the basic land types
LAND_TYPE_LANDS = ("nonbasic", "all", "yours", "enchanted")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
# 601.3: "Cast this spell only during combat", ...: when the card's own restriction lets it be cast
# (casting.lp's cast_only_ok/2)
CAST_ONLY = ("combat", "your_turn", "not_your_turn", "your_upkeep", "opponent_upkeep",
             "combat_before_blockers", "combat_after_blockers", "declare_attackers", "declare_blockers",
             "after_combat", "your_end_step", "your_combat", "opponent_combat", "your_declare_attackers",
             "opponent_declare_blockers", "opponent_before_attackers")
# 101.2, 601.3: "Your opponents can't cast spells during your turn" and the like: who can't cast
# and when (casting.lp's cast_forbidden/2)
FORBID_CAST_WHO = ("opponents", "players")
FORBID_CAST_WHEN = ("your_turn", "combat", "not_own_turn", "not_sorcery_timing")
REPLACEMENT_FIELDS = ("enters_tapped", "enters_with_counters", "enters_choose", "enters_instead")
PRODUCE_SHAPES = (
    "fixed", "choice", "any_color", "any_combination", "chosen_color", "could_produce",
    "if_counter", "same_type_as_produced", "for_each", "or_chosen_color", "if_you_control", "if_state",
    "commander_identity", "color_among", "self_colors", "exiled_colors", "color_among_graveyard",
)
# what a PRODUCE's if_state may ask: its controller played a land this turn (305.2), a card is
# exiled with the source (607.1, 406.6)
IF_STATES = ("land_played_this_turn", "card_exiled_with_it")
RIDERS = ("damage_to_you", "lose_life", "gain_life", "draw", "skip_untap", "each_player_loses_life",
          "each_opponent_gains_life", "poison")
# what only a triggered mana ability's rider says (605.4a): "and this enchantment deals 1 damage to
# the player" (Overabundance: the player who tapped the land for mana)
TRIGGER_RIDERS = ("damage_to_that_player", "skip_untap_that_permanent")
# what "enters tapped unless ..." may say (docs/card-format.md, replacement)
UNLESS_FIELDS = ("you_control", "pay_life", "opponents_at_least", "a_player_life_at_most",
                 "opponents_lands_at_least", "reveal")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
SPEND_ONLY_SPELL = ("types", "subtypes", "supertypes", "chosen_type", "colors", "multicolored", "kicked",
                    "colorless", "non_types", "from", "not_owned", "x_in_cost", "min_mana_value",
                    "keywords", "commander", "colored", "no_x_in_cost",
                    "not_from_hand", "no_abilities")
SPEND_FROM = ("your_graveyard", "graveyard", "exile")
# what a spend restriction (106.6) may name that no action in scope is: the alternative never
# matches, so that mana pays for nothing mtgasp models (docs/card-format.md, spend_only)
SPEND_UNMODELED = ("turn_face_up", "unlock_door", "cumulative_upkeep", "power_up", "disturb",
                   "face_down_spell", "morph_cost", "equip")

_CARD_FIELDS = ("name", "layout", "faces")
_CARD_OPTIONAL = ("source",)
_FACE_FIELDS = (
    "name", "mana_cost", "supertypes", "types", "subtypes", "power", "toughness", "oracle",
    "abilities", "colors", "loyalty",
)
_KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # kind -> (required, optional)
    "keyword": (("keyword",), ("cost", "n", "what", "from")),
    "activated": (("cost",), ("mana", "effect", "timing", "condition", "rider", "once_each_turn", "once",
                              "sacrifice_if_no_counters", "put_counters", "zone", "cost_reduction",
                              "remove_counters_rider",
                              "not_performed", "conditional_rider")),
    "triggered": (("trigger",), ("mana", "effect", "rider", "not_performed")),
    "static": ((), (*STATIC_FIELDS, "zone")),
    "replacement": ((), (*REPLACEMENT_FIELDS, "condition", "unless", "other_than")),
    "spell": ((), ("effect", "effects")),
    "additional_cost": (("cost", "optional"), ("or_pay",)),
    "alternative_cost": (("cost",), ("condition",)),
    "not_modeled": ((), ()),
}


# --- errors -----------------------------------------------------------------------------------


class UnknownCardError(InputError, KeyError):
    """A card name not in the library: an ``InputError``, and a ``KeyError`` for lookups. With
    ``refusal``: a card the importer refused (known, not supported), said with its reason."""

    def __init__(self, name: str, suggestions: list[str], refusal: str | None = None):
        self.name = name
        self.suggestions = suggestions
        self.refusal = refusal
        super().__init__(Problem("", refused_card_message(name, refusal) if refusal
                                 else unknown_card_message(name, suggestions)))

    def __str__(self) -> str:  # KeyError would quote the message
        return self.render()


def unknown_card_message(name: str, suggestions: Iterable[str] = ()) -> str:
    """``unknown card "Lightning Blot" (did you mean "Lightning Bolt"?)``."""
    msg = f"unknown card {excerpt(name, 80)}"
    sugg = [json.dumps(s, ensure_ascii=False) for s in suggestions]
    if sugg:
        msg += f" (did you mean {' or '.join(sugg)}?)"
    return msg


def refused_card_message(name: str, refusal: str) -> str:
    """A real card the Oracle importer knows but refused to compile (`mtgasp cards import`
    records it with its reason in the imported library): not an unknown card, one not supported."""
    return (f"card {excerpt(name, 80)} is known but not supported: `mtgasp cards import` refused to "
            f"compile it: {excerpt_text(refusal, 400)}")


def excerpt_text(text: str, n: int) -> str:
    """``text`` cut to ``n`` characters (with "...")."""
    return text if len(text) <= n else text[:n - 3] + "..."


# --- validation -------------------------------------------------------------------------------


def _q(value: Any) -> str:
    """A value as it appears in JSON, for messages (shortened, without serialising it all)."""
    return excerpt(value, 80)


def _key_path(path: str, key: str) -> str:
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{_q(key)}]"


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _hint(word: str, choices: Iterable[str]) -> str:
    if len(word) > 200:  # no name is that long; difflib would take a while to say so
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {_q(close[0])}?)" if close else ""


class _Validator:
    """Walks one card document and records every problem in a Collector."""

    def __init__(self, collector: Collector):
        self.c = collector

    def add(self, path: str, message: str) -> None:
        self.c.add(path, message)

    # generic helpers

    def obj(self, v: Any, path: str, what: str) -> dict[str, Any] | None:
        if not isinstance(v, dict):
            self.add(path, f"expected {what} (a JSON object), got {_q(v)}")
            return None
        return v

    def refused_list(self, v: Any) -> None:
        """``refused``: the cards `mtgasp cards import` refused, ``[{"refused": NAME, "reason":
        TEXT}]`` (an imported library's; a state naming one is told why, not "unknown card")."""
        if v is None:
            return
        if not isinstance(v, list):
            self.add("refused", f'expected a list of {{"refused": NAME, "reason": TEXT}}, got {_q(v)}')
            return
        for i, e in enumerate(v):
            p = f"refused[{i}]"
            if not isinstance(e, dict):
                self.add(p, f'expected {{"refused": NAME, "reason": TEXT}}, got {_q(e)}')
                continue
            self.fields(e, p, ("refused", "reason"))
            for k in ("refused", "reason"):
                if k in e and not isinstance(e[k], str):
                    self.add(f"{p}.{k}", f"expected a string, got {_q(e[k])}")

    def fields(
        self, d: Mapping[str, Any], path: str, required: Iterable[str], optional: Iterable[str] = ()
    ) -> None:
        required = tuple(required)
        allowed = required + tuple(optional)
        for k in required:
            if k not in d:
                self.add(_key_path(path, k), "missing required field")
        for k in d:
            if k not in allowed:
                self.add(_key_path(path, str(k)), f"unknown field{_hint(str(k), allowed)}")

    def choice(self, v: Any, path: str, choices: Iterable[str], what: str) -> str | None:
        """``v`` if it is one of ``choices``; else records a problem and returns None."""
        choices = tuple(choices)
        if not isinstance(v, str) or v not in choices:
            hint = _hint(v, choices) if isinstance(v, str) else ""
            self.add(path, f"{_q(v)} is not {what}{hint}; expected one of {', '.join(choices)}")
            return None
        return v

    def boolean(self, v: Any, path: str) -> None:
        if not isinstance(v, bool):
            self.add(path, f"expected true or false, got {_q(v)}")

    def integer(self, v: Any, path: str, minimum: int = 0, maximum: int = MAX_CARD_NUMBER) -> None:
        if not _is_int(v) or v < minimum:
            self.add(path, f"expected an integer >= {minimum}, got {_q(v)}")
        elif v > maximum:
            self.add(path, f"{_q(v)} is more than {maximum:,} (the largest number mtgasp accepts "
                           "here; its solver computes with 32-bit integers)")

    def string(self, v: Any, path: str) -> str | None:
        """``v`` if it is a non-empty string; else records a problem and returns None."""
        if not isinstance(v, str) or not v.strip():
            self.add(path, f"expected a non-empty string, got {_q(v)}")
            return None
        return v

    def mana(self, v: Any, path: str, *, produced: bool = False) -> ManaCost | None:
        """A mana cost string; ``produced``: mana that is added (W U B R G C only)."""
        if not isinstance(v, str):
            self.add(path, f"expected a mana cost string such as \"{{1}}{{G}}\", got {_q(v)}")
            return None
        try:
            cost = parse_mana_cost(v)
        except ValueError as e:
            msg = str(e)
            if msg.startswith(brief_text(v)):
                msg = msg[len(brief_text(v)):].lstrip(" :")
            msg = msg.removeprefix("is not a mana cost: ").removeprefix("is not a mana cost")
            self.add(path, f"{_q(v)} is not a mana cost: {msg or 'malformed'}")
            return None
        if produced and (cost.generic or cost.x or not cost.symbols or cost.hybrid or "S" in cost.symbols):
            self.add(path, f"{_q(v)}: mana that is added must be {{W}} {{U}} {{B}} {{R}} {{G}} or "
                           "{C} symbols (no generic mana, no {X}, no hybrid)")
            return None
        return cost

    def string_list(
        self, v: Any, path: str, choices: Iterable[str] | None = None, what: str = "",
        nonempty: bool = False,
    ) -> list[str]:
        if not isinstance(v, list):
            self.add(path, f"expected a list, got {_q(v)}")
            return []
        if nonempty and not v:
            self.add(path, "must not be empty")
        out = []
        for i, s in enumerate(v):
            p = f"{path}[{i}]"
            ok = self.choice(s, p, choices, what) if choices is not None else self.string(s, p)
            if ok is not None:
                out.append(ok)
        return out

    # the document

    def document(self, data: Any) -> None:
        if isinstance(data, list) and data and all(isinstance(c, dict) for c in data) and any(
                "oracle_text" in c or "type_line" in c or "card_faces" in c for c in data):
            self.add("", _RAW_CARDS % "a Scryfall card list")
            return
        doc = self.obj(data, "", 'a card file: {"format": 1, "cards": [...]}')
        if doc is None:
            return
        if "format" not in doc and "cards" not in doc:
            # real cards' Oracle text (MTGJSON AtomicCards, a Scryfall or MTGJSON card object):
            # one problem saying how to compile it, not a list of unknown fields
            if "data" in doc and ("meta" in doc or (
                    isinstance(doc["data"], dict) and doc["data"]
                    and all(isinstance(v, list) for v in doc["data"].values()))):
                # (an extract of AtomicCards without its "meta", as the docs suggest making one:
                # found by probe28e, it listed the card format's missing fields)
                self.add("", _RAW_CARDS % "an MTGJSON file")
                return
            if doc.get("object") == "list" and isinstance(doc.get("data"), list):
                self.add("", _RAW_CARDS % "a Scryfall list object")
                return
            if "oracle_text" in doc or "type_line" in doc or ("text" in doc and "type" in doc):
                self.add("", _RAW_CARDS % "a card object with Oracle text")
                return
        self.fields(doc, "", ("format", "cards"), ("refused",))
        self.refused_list(doc.get("refused"))
        if "format" in doc and doc["format"] != FORMAT_VERSION:
            self.add("format", f"unsupported format {_q(doc['format'])}; expected {FORMAT_VERSION}")
        cards = doc.get("cards")
        if "cards" in doc and not isinstance(cards, list):
            self.add("cards", f"expected a list of cards, got {_q(cards)}")
            return
        seen: dict[str, str] = {}  # name or face name -> path where it was defined
        for i, card in enumerate(cards or []):
            path = f"cards[{i}]"
            names = self.card(card, path)
            for n, p in names:
                if n in seen:
                    self.add(p, f"duplicate card name {_q(n)} (also at {seen[n]})")
                else:
                    seen[n] = p

    def card(self, v: Any, path: str) -> list[tuple[str, str]]:
        """Validates a card; returns (name, path) of the names it can be looked up by."""
        card = self.obj(v, path, "a card")
        if card is None:
            return []
        self.fields(card, path, _CARD_FIELDS, _CARD_OPTIONAL)
        if "source" in card:
            src = self.obj(card["source"], f"{path}.source",
                           'provenance such as {"format": "mtgjson"}')
            if src is not None:
                if "format" not in src:
                    self.add(f"{path}.source.format", "missing required field")
                else:
                    self.choice(src["format"], f"{path}.source.format", SOURCE_FORMATS,
                                "a source format")
        name = self.string(card["name"], f"{path}.name") if "name" in card else None
        layout = (self.choice(card["layout"], f"{path}.layout", LAYOUTS, "a layout")
                  if "layout" in card else None)
        names: list[tuple[str, str]] = [(name, f"{path}.name")] if name else []
        faces = card.get("faces")
        if "faces" not in card:
            return names
        if not isinstance(faces, list):
            self.add(f"{path}.faces", f"expected a list of faces, got {_q(faces)}")
            return names
        fewest, most = LAYOUTS[layout] if layout else (1, 5)
        if layout and not fewest <= len(faces) <= most:
            count = str(fewest) if fewest == most else f"{fewest} to {most}"
            self.add(f"{path}.faces", f"a {layout} card has {count} face(s), "
                                      f"not {len(faces)}")
        face_names = [self.face(f, f"{path}.faces[{j}]") for j, f in enumerate(faces)]
        if name and layout and all(face_names) and fewest <= len(faces) <= most:
            expected = " // ".join(n for n in face_names if n)
            if name != expected:
                self.add(f"{path}.name", f"{_q(name)} does not match its face names: expected "
                                         f"{_q(expected)}")
        if len(faces) > 1:
            names += [(n, f"{path}.faces[{j}].name") for j, n in enumerate(face_names)
                      if n and n != name]
        return names

    def face(self, v: Any, path: str) -> str | None:
        face = self.obj(v, path, "a face")
        if face is None:
            return None
        self.fields(face, path, ("name", "types", "oracle", "abilities"), _FACE_FIELDS)
        name = self.string(face["name"], f"{path}.name") if "name" in face else None
        if face.get("mana_cost") is not None:
            self.mana(face["mana_cost"], f"{path}.mana_cost")
        supertypes = self.string_list(face.get("supertypes", []), f"{path}.supertypes",
                                      SUPERTYPES, "a supertype")
        types = (self.string_list(face["types"], f"{path}.types", CARD_TYPES, "a card type",
                                  nonempty=True) if "types" in face else [])
        self.string_list(face.get("subtypes", []), f"{path}.subtypes")
        # 105.2, 202.2, 204 (color indicator), 604.3 (a characteristic-defining ability), 702.114a
        # (devoid): the face's colors when they are not its mana cost's; [] = colorless
        if "colors" in face:
            self.string_list(face["colors"], f"{path}.colors", COLOR_LETTERS, "a color")
        if "loyalty" in face:  # 306.5b: a planeswalker's printed loyalty
            self.integer(face["loyalty"], f"{path}.loyalty", 0)
            if "Planeswalker" not in (face.get("types") or []):
                self.add(f"{path}.loyalty", "only a planeswalker has a printed loyalty")
        creature = "Creature" in types
        for pt in ("power", "toughness"):
            if pt in face:
                if not creature:
                    self.add(f"{path}.{pt}", "only creatures have power and toughness")
                elif isinstance(face[pt], str):
                    if not _PT_TEXT.match(face[pt]):
                        self.add(f"{path}.{pt}", f"expected an integer or a text such as \"*\" or "
                                                 f"\"1+*\", got {_q(face[pt])}")
                elif not _is_int(face[pt]):
                    self.add(f"{path}.{pt}", f"expected an integer or a text such as \"*\" or "
                                             f"\"1+*\", got {_q(face[pt])}")
                else:
                    self.integer(face[pt], f"{path}.{pt}", -MAX_CARD_NUMBER)
            elif creature and "types" in face:
                self.add(f"{path}.{pt}", "missing required field (the face is a creature)")
        oracle = face.get("oracle", "")
        if "oracle" in face and not isinstance(oracle, str):
            self.add(f"{path}.oracle", f"expected a string, got {_q(oracle)}")
            oracle = ""
        abilities = face.get("abilities", [])
        if not isinstance(abilities, list):
            self.add(f"{path}.abilities", f"expected a list of abilities, got {_q(abilities)}")
            abilities = []
        basic = "Basic" in supertypes
        if len(abilities) > MAX_ABILITIES:
            self.add(f"{path}.abilities", f"{len(abilities):,} abilities: mtgasp reads at most "
                                          f"{MAX_ABILITIES} per face")
            abilities = []
        for i, ab in enumerate(abilities):
            self.ability(ab, f"{path}.abilities[{i}]", oracle, basic=basic)
        # 118.9a, 601.2b: the cast method "alternative" pays the face's one alternative cost, and
        # kicked (702.33a, 702.33c) its one kicker or multikicker cost: a second one the action
        # couldn't choose from was paid together with the first (found by probe31a). "Kicker [cost
        # 1] and/or [cost 2]" (702.33b) is not in the card format (the importer refuses it).
        one_alt = ("an alternative cost (118.9a: only one alternative cost is applied to a spell, "
                   "and the method \"alternative\" names no other)")
        one_kick = "a kicker or multikicker cost (702.33b, two kicker costs, is not in the card format)"
        for what, test in ((one_alt, lambda a: a.get("kind") == "alternative_cost"),
                           (one_kick, lambda a: a.get("kind") == "keyword"
                            and a.get("keyword") in ("kicker", "multikicker"))):
            extra = [i for i, a in enumerate(abilities) if isinstance(a, dict) and test(a)][1:]
            for i in extra:
                self.add(f"{path}.abilities[{i}]", f"a face has at most one ability giving {what}")
        return name

    # abilities

    def ability(self, v: Any, path: str, oracle: str, *, basic: bool = False,
                granted: bool = False) -> None:
        ab = self.obj(v, path, "an ability")
        if ab is None:
            return
        kind = None
        if "kind" not in ab:
            self.add(f"{path}.kind", "missing required field")
        else:
            kind = self.choice(ab["kind"], f"{path}.kind", ABILITY_KINDS, "an ability kind")
        if "template" in ab:
            self.string(ab["template"], f"{path}.template")
        text = None
        if "text" not in ab:
            self.add(f"{path}.text", "missing required field")
        else:
            text = self.string(ab["text"], f"{path}.text")
        if text is not None and not granted and text not in oracle:
            intrinsic = basic and text.startswith("(") and text.endswith(")")
            if not intrinsic:
                self.add(f"{path}.text", f"{_q(text)} is not part of the face's oracle text")
        if kind is None:
            return
        required, optional = _KIND_FIELDS[kind]
        # ("text" is checked above: a missing one is said once, not twice -- found by probe31a)
        self.fields(ab, path, ("kind", *required), ("text", *optional, "template"))
        getattr(self, f"_{kind}")(ab, path, granted)

    def _not_modeled(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        """A line that can't change any answer in scope: counted in the numbering, no facts."""

    def _keyword(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        if "keyword" not in ab:
            return
        kw = self.string(ab["keyword"], f"{path}.keyword")
        if kw is None:
            return
        if "from" in ab and kw != "protection":
            self.add(_key_path(path, "from"), f"{kw} takes no from (only protection)")
        elif "from" in ab:   # 702.16a, 702.16g: "protection from red and from blue": ["R", "U"]
            self.string_list(ab["from"], f"{path}.from", PROTECTION_FROM, "a protection quality",
                             nonempty=True)
        if kw not in KEYWORDS:  # a keyword the rules in scope don't read: stored, no rules
            if "cost" in ab and not isinstance(ab["cost"], str):
                self.add(f"{path}.cost", f"expected a string, got {_q(ab['cost'])}")
            if "n" in ab:
                self.integer(ab["n"], f"{path}.n")
            if "what" in ab:
                self.string(ab["what"], f"{path}.what")
            return
        takes = KEYWORDS[kw]
        for f in ("cost", "n", "what"):
            if f in takes and f not in ab:
                hint = (" (702.75b: a card printed with \"Hideaway\" and no number has received errata "
                        "to \"Hideaway 4\" and \"enters tapped\": n 4 and an enters_tapped replacement)"
                        if kw == "hideaway" and f == "n" else "")
                self.add(_key_path(path, f), f"missing required field (for {kw}){hint}")
            elif f in ab and f not in takes:
                self.add(_key_path(path, f), f"{kw} takes no {f}")
        if "cost" in ab and "cost" in takes:
            cost = ab["cost"]
            if granted and cost == "mana_cost":
                pass
            elif granted and isinstance(cost, dict):
                self.fields(cost, f"{path}.cost", ("mana_cost_reduced_by",))
                if "mana_cost_reduced_by" in cost:
                    self.mana(cost["mana_cost_reduced_by"], f"{path}.cost.mana_cost_reduced_by")
            else:
                self.mana(cost, f"{path}.cost")
        if "n" in ab and "n" in takes:
            self.integer(ab["n"], f"{path}.n", 1)
        if "what" in ab and "what" in takes and (
                not isinstance(ab["what"], str) or enchant_parts(ab["what"]) is None):
            self.add(f"{path}.what", f"expected one of {', '.join(ENCHANT_WHAT)}, two of them "
                     f'joined by " or ", optionally followed by " you control" (not a player), '
                     f"or a basic land type ({', '.join(ENCHANT_LAND_TYPES)}), got {_q(ab['what'])}")

    def _activated(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        cost_d: dict[str, Any] = ab["cost"] if isinstance(ab.get("cost"), dict) else {}
        if "reveal" in cost_d:
            self.add(f"{path}.cost.reveal", "only in an additional cost")
        if "zone" in ab:
            # 113.6k: an ability whose cost moves its card out of the hand ("Exile this card from
            # your hand", "Discard this card") functions only there
            if ab["zone"] not in ("hand", "graveyard"):
                self.add(f"{path}.zone", f'expected "hand" or "graveyard", got {_q(ab["zone"])}')
            elif ab["zone"] == "hand" and cost_d.get("exile") != "self" and cost_d.get("discard") != "self":
                self.add(f"{path}.zone", 'from a hand, only with a cost that exiles ("exile": "self") '
                                         'or discards ("discard": "self") the card')
            # (from a graveyard: a cost that exiles the card, or an effect that returns it,
            # "Return this card from your graveyard to the battlefield", 113.6k)
            if granted:
                self.add(f"{path}.zone", "not for a granted ability")
            for k in ("tap", "untap", "sacrifice", "remove_counters", "remove_any_counters",
                      "return_to_hand"):
                if k in cost_d:
                    self.add(f"{path}.cost.{k}", "not in the cost of an ability of a card in a hand")
        elif cost_d.get("discard") == "self":
            self.add(f"{path}.cost.discard", 'discarding the card itself needs "zone": "hand"')
        if "return_permanent" in cost_d:
            self.add(f"{path}.cost.return_permanent", "only in an alternative cost")
        if "loyalty" in cost_d and "mana" in ab:
            self.add(f"{path}.cost.loyalty", "a loyalty ability is not a mana ability (605.1a): "
                                             'use an "effect" add_mana')
        if "loyalty" in cost_d and granted:
            self.add(f"{path}.cost.loyalty", "not for a granted ability")
        if "cost_reduction" in ab:
            # "This ability costs {1} less to activate for each legendary creature you control"
            p = f"{path}.cost_reduction"
            cr = self.obj(ab["cost_reduction"], p, '{"generic": 1, "for_each": {"types": '
                                                   '["Creature"], "supertypes": ["Legendary"]}}')
            if cr is not None:
                self.fields(cr, p, ("generic", "for_each"), ())
                if "generic" in cr:
                    self.integer(cr["generic"], f"{p}.generic", 1)
                if "for_each" in cr:
                    self.you_control(cr["for_each"], f"{p}.for_each")
                    if isinstance(cr["for_each"], dict) and ("min" in cr["for_each"]
                                                             or "max" in cr["for_each"]):
                        self.add(f"{p}.for_each", "a count takes no min or max")
            if "mana" in ab:
                self.add(p, "not on a mana ability")
        if "cost" in ab:
            self.cost(ab["cost"], f"{path}.cost")
            eh = ab["cost"].get("exile_from_hand") if isinstance(ab["cost"], dict) else None
            if isinstance(eh, dict) and "colors" in eh:
                self.add(f"{path}.cost.exile_from_hand.colors", "only an alternative cost exiles a card "
                                                                "of a color from its caster's hand")
            mc = ab["cost"].get("mana") if isinstance(ab["cost"], dict) else None
            if "mana" in ab and isinstance(mc, str):
                # payment.lp orders mana abilities by the mana their costs take: only two-color
                # hybrid symbols (always one mana) are taken there
                try:
                    parsed = parse_mana_cost(mc)
                    hyb, snow = parsed.hybrid, parsed.symbols.get("S", 0)
                except ValueError:
                    hyb, snow = {}, 0
                bad = [h for h in hyb if h.startswith("2/") or h.endswith("/P")] + (["S"] if snow else [])
                if bad:
                    self.add(f"{path}.cost.mana", f"{{{bad[0]}}} in a mana ability's cost is not "
                                                  "supported (only two-color hybrid such as {W/U})")
        mc = ab["cost"].get("mana") if isinstance(ab.get("cost"), dict) else None
        rac = ab["cost"].get("remove_any_counters") if isinstance(ab.get("cost"), dict) else None
        # 107.3a, 107.3k: an effect may count the X announced as the ability was activated (an {X}
        # in its mana, or the X of "Remove X ki counters", the number removed)
        self.mana_or_effect(ab, path, x_ok=(isinstance(mc, str) and "{X}" in mc)
                            or (rac is not None and "mana" not in ab))
        if "timing" in ab:
            self.choice(ab["timing"], f"{path}.timing", ACTIVATION_TIMINGS, "a timing restriction")
        sac = ab["cost"].get("sacrifice") if isinstance(ab.get("cost"), dict) else None
        if "mana" in ab and isinstance(sac, dict) and ("count" in sac or ("token" in sac and "subtypes" not in sac)):
            # mana.lp's options name one permanent sacrificed by a mana ability (a type or subtype)
            self.add(f"{path}.cost.sacrifice", 'a mana ability\'s sacrifice takes no "count" or '
                                               '"token"')
        fe = ab["mana"].get("for_each") if isinstance(ab.get("mana"), dict) else None
        if isinstance(fe, dict) and "counters_removed" in fe and rac != fe["counters_removed"]:
            self.add(f"{path}.mana.for_each.counters_removed", "needs the cost "
                     "\"remove_any_counters\" of that kind")
        ep = ab["cost"].get("exile_permanent") if isinstance(ab.get("cost"), dict) else None
        if ep is not None and "mana" not in ab:
            self.add(f"{path}.cost.exile_permanent", "only in a mana ability's cost")
        if isinstance(fe, dict) and "sacrificed" in fe and not isinstance(sac, dict) and ep is None:
            self.add(f"{path}.mana.for_each.sacrificed", "needs a cost that sacrifices or exiles a "
                     "permanent other than the source (\"sacrifice\", \"exile_permanent\")")
        if rac is not None and "mana" in ab and not (isinstance(fe, dict) and "counters_removed" in fe):
            # (an ability that isn't a mana ability removes the X announced: 107.3a, outcomes.lp;
            # found by probe25b: Quillmane Baku's "{1}, {T}, Remove X ki counters from this
            # creature: Return target creature with mana value X or less ..." was refused)
            self.add(f"{path}.cost.remove_any_counters", "in a mana ability, only with a for_each "
                     "that counts the counters removed (counters_removed)")
        if "sacrifice_if_no_counters" in ab:
            p = f"{path}.sacrifice_if_no_counters"
            kind = self.string(ab["sacrifice_if_no_counters"], p)
            rc = (ab.get("cost") or {}).get("remove_counters") if isinstance(ab.get("cost"), dict) else None
            if kind is not None and (not isinstance(rc, dict) or kind not in rc):
                self.add(p, "needs a cost that removes counters of that kind (remove_counters)")
            if "mana" not in ab:
                self.add(p, "only on a mana ability")
        if "remove_counters_rider" in ab:  # "Remove a time counter from this land" (122.1)
            p = f"{path}.remove_counters_rider"
            rr = self.obj(ab["remove_counters_rider"], p, 'counters such as {"time": 1}')
            cst: dict[str, Any] = ab["cost"] if isinstance(ab.get("cost"), dict) else {}
            if rr is not None:
                if not rr:
                    self.add(p, "needs at least one kind of counter")
                for kind, n in rr.items():
                    self.integer(n, f"{p}.{kind}", 1)
                    if kind in (cst.get("remove_counters") or {}) or kind in (
                            cst.get("put_counters") or {}) or kind in (
                            ab.get("put_counters") or {}) or kind == cst.get("remove_any_counters"):
                        self.add(f"{p}.{kind}", "the ability puts or removes counters of that kind "
                                 "otherwise too: not in the card format")
            if "mana" not in ab:
                self.add(p, "only on a mana ability")
            if cst.get("tap") is not True:
                self.add(p, "only on an ability with {T} in its cost (activated once per payment)")
        if "put_counters" in ab:
            p = f"{path}.put_counters"
            pc = self.obj(ab["put_counters"], p, 'counters such as {"depletion": 1}')
            cost: dict[str, Any] = ab["cost"] if isinstance(ab.get("cost"), dict) else {}
            if pc is not None:
                if not pc:
                    self.add(p, "needs at least one kind of counter")
                for kind, n in pc.items():
                    self.integer(n, f"{p}.{kind}", 1)
                    if kind in (cost.get("remove_counters") or {}) or \
                            kind == cost.get("remove_any_counters"):
                        self.add(f"{p}.{kind}", "the cost removes counters of that kind: not in the "
                                 "card format")
            if "mana" not in ab:
                self.add(p, "only on a mana ability")
            if cost.get("tap") is not True:
                self.add(p, 'only on a mana ability whose cost has {T} ("tap": true)')
        for flag in ("once", "once_each_turn"):  # "Activate only once [each turn]" (602.5b)
            if flag in ab:
                if ab[flag] is not True:
                    self.add(f"{path}.{flag}", f"expected true, got {_q(ab[flag])}")
                if granted:
                    self.add(f"{path}.{flag}", "not for a granted ability (its activations are "
                                               "recorded by ability number)")
        if "condition" in ab:
            p = f"{path}.condition"
            cond = self.obj(ab["condition"], p, '{"you_control": {"types": ["Artifact"]}}')
            if cond is not None:
                # one condition; "entered_this_turn" may come with "you_control": either one
                if len(cond) != 1 and set(cond) != {"entered_this_turn", "you_control"}:
                    self.add(p, f"needs exactly one of {', '.join(ACTIVATION_CONDITIONS)} (or "
                                '"entered_this_turn" with "you_control")')
                if "citys_blessing" in cond and cond["citys_blessing"] is not True:
                    self.add(f"{p}.citys_blessing", f"expected true, got {_q(cond['citys_blessing'])}")
                if "entered_this_turn" in cond and cond["entered_this_turn"] is not True:
                    self.add(f"{p}.entered_this_turn", f"expected true, got {_q(cond['entered_this_turn'])}")
                self.fields(cond, p, (), ACTIVATION_CONDITIONS)
                if "you_control" in cond:
                    self.you_control(cond["you_control"], f"{p}.you_control")
                for f in ("graveyard_at_least", "total_power_at_least",
                          "an_opponent_lands_at_least", "attacked_with_at_least",
                          "an_opponent_more_lands", "hand_at_least",
                          "an_opponent_poison_at_least", "lands_same_name_at_least"):
                    if f in cond:
                        self.integer(cond[f], f"{p}.{f}", 1)
                if "counters_on_self" in cond:  # {"counter": "brick", "min": 3} | {..., "max": 0}
                    q = f"{p}.counters_on_self"
                    cs = self.obj(cond["counters_on_self"], q,
                                  '{"counter": "brick", "min": 3} or {"counter": "charge", "max": 0}')
                    if cs is not None:
                        self.fields(cs, q, ("counter",), ("min", "max"))
                        if "counter" in cs:
                            self.string(cs["counter"], f"{q}.counter")
                        if ("min" in cs) == ("max" in cs):
                            self.add(q, 'needs exactly one of "min" and "max"')
                        if "min" in cs:
                            self.integer(cs["min"], f"{q}.min", 1)
                        if "max" in cs:
                            self.integer(cs["max"], f"{q}.max", 0)
                for f in ("hand_at_most", "hand_exactly", "a_player_hand_at_most"):
                    if f in cond:
                        self.integer(cond[f], f"{p}.{f}", 0)
                if "source_is" in cond:
                    self.choice(cond["source_is"], f"{p}.source_is", CARD_TYPES, "a card type")

    def _triggered(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        fe = ab["mana"].get("for_each") if isinstance(ab.get("mana"), dict) else None
        # 605.4a: a triggered mana ability's mana may be counted over permanents (Elvish Guidance:
        # "an additional {G} for each Elf on the battlefield"), as it resolves; not over what a cost
        # removed, revealed or sacrificed, nor its own counters or power
        if fe is not None and (not isinstance(fe, dict) or "mana" not in fe
                               or not set(fe) - {"mana"} <= {"on_battlefield", "you_control"}
                               or len(set(fe) - {"mana"}) != 1):
            self.add(f"{path}.mana.for_each", "a triggered mana ability's mana may be counted "
                                              "(for_each) only over permanents: on_battlefield or "
                                              "you_control")
        if isinstance(ab.get("mana"), dict) and ab["mana"].get("chosen_color", 1) != 1:
            self.add(f"{path}.mana.chosen_color", "a triggered mana ability adds one mana of the "
                                                  "chosen color")
        if "trigger" in ab:
            self.trigger(ab["trigger"], f"{path}.trigger")
        # 107.3m: an enters-the-battlefield trigger may count the X of the spell its source was
        trig = ab.get("trigger")
        self.mana_or_effect(ab, path, x_ok=isinstance(trig, dict) and trig.get("event") == "enters")

    def mana_or_effect(self, ab: dict[str, Any], path: str, x_ok: bool = False) -> None:
        if ("mana" in ab) == ("effect" in ab):
            self.add(path, 'needs exactly one of "mana" (a mana ability) and "effect"')
        if "rider" in ab:
            eff = ab.get("effect")
            if "mana" not in ab and not (isinstance(eff, dict) and eff.get("action") == "add_mana"
                                         and isinstance(ab["rider"], dict)
                                         and set(ab["rider"]) <= {"gain_life"}):
                self.add(f"{path}.rider", "only a mana ability has a rider (an ability whose "
                                          "effect is add_mana: only gain_life)")
            self.rider(ab["rider"], f"{path}.rider", triggered=isinstance(ab.get("trigger"), dict))
        if "conditional_rider" in ab:  # {"if_you_control": YOU_CONTROL, "gain_life": N}
            q = f"{path}.conditional_rider"
            if "mana" not in ab:
                self.add(q, "only a mana ability has a rider")
            cr = self.obj(ab["conditional_rider"], q, '{"if_you_control": {...}, "gain_life": 1}')
            if cr is not None and "unless_citys_blessing" in cr:
                # "If you don't have the city's blessing, you lose 1 life" (Temur Elevator; 702.131c)
                self.fields(cr, q, ("unless_citys_blessing", "lose_life"))
                if cr["unless_citys_blessing"] is not True:
                    self.add(f"{q}.unless_citys_blessing", f"expected true, got {_q(cr['unless_citys_blessing'])}")
                if "lose_life" in cr:
                    self.integer(cr["lose_life"], f"{q}.lose_life", 1)
            elif cr is not None:
                self.fields(cr, q, ("if_you_control", "gain_life"))
                if "if_you_control" in cr:
                    self.you_control(cr["if_you_control"], f"{q}.if_you_control")
                if "gain_life" in cr:
                    self.integer(cr["gain_life"], f"{q}.gain_life", 1)
        if "not_performed" in ab:
            eff = ab.get("effect")
            if "mana" not in ab and not (isinstance(eff, dict) and eff.get("action") == "add_mana"):
                self.add(f"{path}.not_performed", "only an ability that adds mana (a mana ability, "
                                                  "or one whose effect is add_mana) has riders "
                                                  "not performed")
            self.not_performed(ab["not_performed"], f"{path}.not_performed")
        if "mana" in ab:
            self.produce(ab["mana"], f"{path}.mana")
        if "effect" in ab:
            self.effect(ab["effect"], f"{path}.effect", of_permanent=True, x_ok=x_ok)

    def _static(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        present = [f for f in STATIC_FIELDS if f in ab]
        if len(present) != 1:
            self.add(path, f"a static ability needs exactly one of {', '.join(STATIC_FIELDS)}")
        if "zone" in ab:  # "As long as this card is in your graveyard, ..." (113.6)
            if ab["zone"] != "graveyard":
                self.add(f"{path}.zone", f'expected "graveyard", got {_q(ab["zone"])}')
            elif "grant" not in ab or granted:
                self.add(f"{path}.zone", "only a printed static ability that grants an ability "
                                         "functions from the graveyard here")
        if "grant" in ab:
            self.grant(ab["grant"], f"{path}.grant")
        if "cost_increase" in ab:
            self.cost_increase(ab["cost_increase"], f"{path}.cost_increase")
        if "spell_cost_reduction" in ab:
            self.spell_cost_reduction(ab["spell_cost_reduction"], f"{path}.spell_cost_reduction")
        if "replace_mana" in ab:
            self.replace_mana(ab["replace_mana"], f"{path}.replace_mana")
        if "plot_from_library" in ab:
            pfl = self.obj(ab["plot_from_library"], f"{path}.plot_from_library",
                           'a filter such as {"nonland": true}')
            if pfl is not None:
                self.fields(pfl, f"{path}.plot_from_library", (), ("nonland",))
                if "nonland" in pfl:
                    self.boolean(pfl["nonland"], f"{path}.plot_from_library.nonland")
        if "effect" in ab:
            self.effect(ab["effect"], f"{path}.effect")
        if "foretell_action" in ab:
            # 116.2h, 702.143a: "Foretelling cards from your hand costs {1} less and can be done on any
            # player's turn." (Cosmos Charger)
            p = f"{path}.foretell_action"
            fa = self.obj(ab["foretell_action"], p, '{"reduction": 1, "any_turn": true}')
            if fa is not None:
                self.fields(fa, p, (), ("reduction", "any_turn"))
                if not fa:
                    self.add(p, 'expected "reduction" or "any_turn"')
                if "reduction" in fa:
                    self.integer(fa["reduction"], f"{p}.reduction", 1)
                if "any_turn" in fa and fa["any_turn"] is not True:
                    self.add(f"{p}.any_turn", f"expected true, got {_q(fa['any_turn'])}")
        if "enter_untapped" in ab:
            # "Gates you control enter untapped." (614.1c, 616.1): one card type, one subtype
            p = f"{path}.enter_untapped"
            eu = self.obj(ab["enter_untapped"], p, '{"types": ["Land"], "subtypes": ["Gate"]}')
            if eu is not None:
                self.fields(eu, p, ("types",), ("subtypes",))
                if "types" in eu:
                    self.string_list(eu["types"], f"{p}.types", CARD_TYPES, "a card type", nonempty=True)
                    if isinstance(eu["types"], list) and len(eu["types"]) != 1:
                        self.add(f"{p}.types", "one card type")
                if "subtypes" in eu:
                    self.string_list(eu["subtypes"], f"{p}.subtypes", nonempty=True)
                    if isinstance(eu["subtypes"], list) and len(eu["subtypes"]) != 1:
                        self.add(f"{p}.subtypes", "one subtype")
        if "spend_as_any_color" in ab:   # 609.4b: who may spend mana as though it were mana of any color
            self.choice(ab["spend_as_any_color"], f"{path}.spend_as_any_color", ("you", "each"),
                        'a player filter ("you": its controller; "each": every player)')
        if "cast_only" in ab and ab["cast_only"] not in CAST_ONLY:
            # 601.3: "Cast this spell only during combat" (Blaze of Glory): one of CAST_ONLY
            self.add(f"{path}.cast_only", f"{_q(ab['cast_only'])} is not one of {', '.join(CAST_ONLY)}")
        if "cant_be_countered" in ab and ab["cant_be_countered"] is not True:
            # 101.2, 701.6a: "This spell can't be countered" (Thrun, the Last Troll): true
            self.add(f"{path}.cant_be_countered", "expected true")
        if "activate_as_though_haste" in ab:
            # 302.6, 602.5a: "You may activate abilities of [other] creatures you control as though
            # those creatures had haste" (Thousand-Year Elixir): {"other": true} for "other"
            p = f"{path}.activate_as_though_haste"
            ath = self.obj(ab["activate_as_though_haste"], p, '{"other": true}')
            if ath is not None:
                self.fields(ath, p, (), ("other",))
                if "other" in ath:
                    self.boolean(ath["other"], f"{p}.other")
        if "flash_if_pay" in ab:
            # 601.3c: "You may cast this spell as though it had flash if you pay {2} more to cast it"
            amount = self.mana(ab["flash_if_pay"], f"{path}.flash_if_pay")
            if amount is not None and amount.x:
                self.add(f"{path}.flash_if_pay", f"{_q(ab['flash_if_pay'])}: no {{X}}")
        if "forbid_cast" in ab:
            # 101.2, 601.3: "Your opponents can't cast spells during your turn" ({"who": "opponents",
            # "when": "your_turn"}), "Players can cast spells only during their own turns" ({"who":
            # "players", "when": "not_own_turn"}), ...
            p = f"{path}.forbid_cast"
            fc = self.obj(ab["forbid_cast"], p, '{"who": "opponents", "when": "your_turn"}')
            if fc is not None:
                self.fields(fc, p, ("who", "when"), ())
                if "who" in fc and fc["who"] not in FORBID_CAST_WHO:
                    self.add(f"{p}.who", f"{_q(fc['who'])} is not one of {', '.join(FORBID_CAST_WHO)}")
                if "when" in fc and fc["when"] not in FORBID_CAST_WHEN:
                    self.add(f"{p}.when", f"{_q(fc['when'])} is not one of {', '.join(FORBID_CAST_WHEN)}")
        if "forbid_activation" in ab:
            # 602.5: "Activated abilities of artifacts can't be activated" (types, opponents: "...
            # your opponents control"), "Enchanted permanent's activated abilities can't be
            # activated" (attached); except_mana: "... unless they're mana abilities"
            p = f"{path}.forbid_activation"
            fa = self.obj(ab["forbid_activation"], p, '{"types": ["Artifact"]} or {"attached": true}')
            if fa is not None:
                self.fields(fa, p, (), ("types", "opponents", "attached", "except_mana"))
                if ("types" in fa) == ("attached" in fa):
                    self.add(p, "needs exactly one of types, attached")
                if "types" in fa:
                    self.string_list(fa["types"], f"{p}.types", CARD_TYPES, "a card type", nonempty=True)
                for flag in ("opponents", "attached", "except_mana"):
                    if flag in fa:
                        self.boolean(fa[flag], f"{p}.{flag}")
        if "land_type" in ab:
            # 305.7, 613.1d: "Nonbasic lands are Mountains" ({"lands": "nonbasic", "set":
            # ["Mountain"]}), "Each land is a Swamp in addition to its other land types" ({"lands":
            # "all", "add": ["Swamp"]}), "every basic land type" (the five)
            p = f"{path}.land_type"
            lt = self.obj(ab["land_type"], p, '{"lands": "nonbasic", "set": ["Mountain"]}')
            if lt is not None:
                self.fields(lt, p, ("lands",), ("set", "add"))
                if "lands" in lt:
                    self.choice(lt["lands"], f"{p}.lands", LAND_TYPE_LANDS, "which lands")
                if ("set" in lt) == ("add" in lt):
                    self.add(p, 'needs exactly one of "set", "add"')
                for mode in ("set", "add"):
                    if mode in lt:
                        self.string_list(lt[mode], f"{p}.{mode}", BASIC_LAND_TYPES, "a basic land type",
                                         nonempty=True)
                        if isinstance(lt[mode], list) and len(set(lt[mode])) != len(lt[mode]):
                            self.add(f"{p}.{mode}", "each basic land type once")
            if granted:
                self.add(p, "a granted ability can't change land types here")
        if "doesnt_untap" in ab:
            p = f"{path}.doesnt_untap"
            du = ab["doesnt_untap"]
            if du is not True:
                d = self.obj(du, p, 'true, or {"if_counter": "depletion"}')
                if d is not None:
                    self.fields(d, p, ("if_counter",))
                    if "if_counter" in d:
                        self.string(d["if_counter"], f"{p}.if_counter")

    def _replacement(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        if not any(f in ab for f in REPLACEMENT_FIELDS):
            self.add(path, f"a replacement needs at least one of {', '.join(REPLACEMENT_FIELDS)}")
        if "enters_tapped" in ab and ab["enters_tapped"] is not True:
            self.add(f"{path}.enters_tapped", f"expected true, got {_q(ab['enters_tapped'])}")
        if "enters_with_counters" in ab:
            p = f"{path}.enters_with_counters"
            ewc = self.obj(ab["enters_with_counters"], p, 'counters such as {"counter": "+1/+1", '
                                                          '"amount": "X"}')
            if ewc is not None:
                self.fields(ewc, p, ("counter", "amount"))
                if "counter" in ewc:
                    self.string(ewc["counter"], f"{p}.counter")
                if "amount" in ewc and ewc["amount"] != "X":
                    self.integer(ewc["amount"], f"{p}.amount", 1)
        if "enters_instead" in ab:
            # "If this land would enter, sacrifice two untapped lands instead. If you do, put this land
            # onto the battlefield. If you don't, put it into its owner's graveyard." (614.1c)
            p = f"{path}.enters_instead"
            ei = self.obj(ab["enters_instead"], p, '{"sacrifice_untapped": {"type": "Land", "count": 2}} or '
                                                   '{"discard": {"type": "Land"}}')
            if ei is not None:
                self.fields(ei, p, (), ("sacrifice_untapped", "sacrifice", "discard"))
                if len(ei) != 1:
                    self.add(p, 'needs exactly one of "sacrifice_untapped", "sacrifice", "discard"')
                for how, flt in ei.items():
                    fp = f"{p}.{how}"
                    eif = self.obj(flt, fp, '{"type": "Land", "subtypes": ["Mountain"], "count": 1}')
                    if eif is None:
                        continue
                    self.fields(eif, fp, ("type",), ("subtypes", "count"))
                    if "type" in eif:
                        self.choice(eif["type"], f"{fp}.type", CARD_TYPES, "a card type")
                    if "subtypes" in eif:
                        self.string_list(eif["subtypes"], f"{fp}.subtypes", nonempty=True)
                        if isinstance(eif["subtypes"], list) and len(eif["subtypes"]) > 1:
                            self.add(f"{fp}.subtypes", "one subtype")
                    if "count" in eif:
                        self.integer(eif["count"], f"{fp}.count", 1)
        if "enters_choose" in ab:
            self.choice(ab["enters_choose"], f"{path}.enters_choose", ENTERS_CHOOSE,
                        "something to choose")
        if "other_than" in ab:
            if ab.get("enters_choose") != "color":
                self.add(f"{path}.other_than", 'only "enters_choose": "color" takes "other_than"')
            self.choice(ab["other_than"], f"{path}.other_than", COLOR_LETTERS, "a color")
        if "condition" in ab:
            self.choice(ab["condition"], f"{path}.condition", REPLACEMENT_CONDITIONS,
                        "a replacement condition")
            if ab["condition"] in KICK_CONDITIONS and ("enters_with_counters" not in ab or "enters_tapped" in ab
                                                       or ab.get("enters_with_counters", {}).get("amount") == "X"):
                self.add(f"{path}.condition", f'"{ab["condition"]}" is a condition of "enters_with_counters" '
                                              "alone (a number of counters, not X), never of \"enters_tapped\"")
        if "unless" in ab:
            p = f"{path}.unless"
            if "enters_tapped" not in ab:
                self.add(p, "only \"enters_tapped\" takes an \"unless\" condition")
            un = self.obj(ab["unless"], p, '{"you_control": {...}} or {"pay_life": 2}')
            if un is not None:
                # "unless you revealed a Dragon card this way or you control a Dragon": either
                if len(un) != 1 and set(un) != {"reveal", "you_control"}:
                    self.add(p, f'needs exactly one of {", ".join(map(repr, UNLESS_FIELDS))} '
                                '(or "reveal" and "you_control" together: either one)')
                self.fields(un, p, (), UNLESS_FIELDS)
                if "you_control" in un:
                    self.you_control(un["you_control"], f"{p}.you_control")
                for f in ("pay_life", "opponents_at_least", "opponents_lands_at_least"):
                    if f in un:
                        self.integer(un[f], f"{p}.{f}", 1)
                if "a_player_life_at_most" in un:
                    self.integer(un["a_player_life_at_most"], f"{p}.a_player_life_at_most")
                if "reveal" in un:
                    rv = self.obj(un["reveal"], f"{p}.reveal", '{"subtypes": ["Plains", "Island"]}')
                    if rv is not None:
                        self.fields(rv, f"{p}.reveal", ("subtypes",))
                        if "subtypes" in rv:
                            self.string_list(rv["subtypes"], f"{p}.reveal.subtypes",
                                             nonempty=True)

    def _spell(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        if ("effect" in ab) == ("effects" in ab):
            self.add(path, 'a spell ability needs exactly one of "effect" and "effects"')
        if "effect" in ab:
            self.effect(ab["effect"], f"{path}.effect", of_spell=True)
        if "effects" in ab:
            effects = ab["effects"]
            if not isinstance(effects, list) or not effects:
                self.add(f"{path}.effects", f"expected a non-empty list of effects, got "
                                            f"{_q(effects)}")
            else:
                for i, e in enumerate(effects):
                    self.effect(e, f"{path}.effects[{i}]", of_spell=True)

    def _alternative_cost(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        """118.9: "You may pay {1} and return a basic land you control to its owner's hand rather
        than pay this spell's mana cost" (the cast method "alternative"): mana, life and
        returning permanents."""
        if "cost" in ab:
            self.cost(ab["cost"], f"{path}.cost")
            if isinstance(ab["cost"], dict):
                for k in ab["cost"]:
                    if k not in ("mana", "life", "return_permanent", "sacrifice", "exile_from_hand"):
                        self.add(f"{path}.cost.{k}", "an alternative cost takes mana, life, "
                                                     "return_permanent, sacrifice and exile_from_hand only")
                sac = ab["cost"].get("sacrifice")
                if sac is not None and not (isinstance(sac, dict) and ("type" in sac or "subtypes" in sac)
                                            and not sac.get("token")):
                    self.add(f"{path}.cost.sacrifice", 'an alternative cost sacrifices permanents of a '
                                                       '"type" or "subtypes" ("sacrifice two Mountains")')
        if "condition" in ab:  # "If you control a Swamp, you may pay 4 life rather than ..." (Snuff Out)
            p = f"{path}.condition"
            cond = self.obj(ab["condition"], p, '{"you_control": {"subtypes": ["Swamp"]}}')
            if cond is not None:
                self.fields(cond, p, ("you_control",), ())
                if "you_control" in cond:
                    self.you_control(cond["you_control"], f"{p}.you_control")
        if granted:
            self.add(path, "an alternative cost is not granted")

    def _additional_cost(self, ab: dict[str, Any], path: str, granted: bool) -> None:
        if "or_pay" in ab:  # "reveal an Elf card from your hand or pay {3}"
            self.mana(ab["or_pay"], f"{path}.or_pay")
            if ab.get("optional") is not False:
                self.add(f"{path}.or_pay", 'only with a mandatory additional cost ("optional": false)')
            if not (isinstance(ab.get("cost"), dict) and set(ab["cost"]) == {"reveal"}):
                self.add(f"{path}.or_pay", 'only beside a "reveal" cost')
        if isinstance(ab.get("cost"), dict) and "reveal" in ab["cost"] and set(ab["cost"]) != {"reveal"}:
            self.add(f"{path}.cost.reveal", "a reveal is an additional cost of its own")
        if "cost" in ab:
            self.cost(ab["cost"], f"{path}.cost")
            if isinstance(ab["cost"], dict) and "exile" in ab["cost"]:
                self.add(f"{path}.cost.exile", "only an activated ability's cost exiles its source")
            if isinstance(ab["cost"], dict) and ab["cost"].get("discard") == "self":
                self.add(f"{path}.cost.discard", "only an activated ability's cost discards its "
                                                 "card")
            if isinstance(ab["cost"], dict) and "return_to_hand" in ab["cost"]:
                self.add(f"{path}.cost.return_to_hand", "only an activated ability's cost returns "
                                                        "its source")
            if isinstance(ab["cost"], dict) and "return_permanent" in ab["cost"]:
                self.add(f"{path}.cost.return_permanent", "only in an alternative cost")
            if isinstance(ab["cost"], dict) and "loyalty" in ab["cost"]:
                self.add(f"{path}.cost.loyalty", "only in an activated ability's cost")
            if isinstance(ab["cost"], dict) and "energy" in ab["cost"]:
                self.add(f"{path}.cost.energy", "only in an activated ability's cost")
            if isinstance(ab["cost"], dict) and "discard_hand" in ab["cost"]:
                self.add(f"{path}.cost.discard_hand", "only in an activated ability's cost")
            if isinstance(ab["cost"], dict) and "put_counters" in ab["cost"]:
                self.add(f"{path}.cost.put_counters", "only an activated ability's cost puts "
                                                      "counters on its source")
            for k in ("mill", "exert", "exile_permanent", "exile_from_hand"):
                if isinstance(ab["cost"], dict) and k in ab["cost"]:
                    self.add(f"{path}.cost.{k}", "only in an activated ability's cost")
            sac = ab["cost"].get("sacrifice") if isinstance(ab["cost"], dict) else None
            if isinstance(sac, dict) and "other" in sac:
                self.add(f"{path}.cost.sacrifice.other", "only an activated ability's cost "
                                                         "sacrifices another permanent than its source")
            if isinstance(sac, dict) and "count" in sac:
                self.add(f"{path}.cost.sacrifice.count", "only an activated ability's cost "
                                                         "sacrifices several permanents")
        if "optional" in ab:
            self.boolean(ab["optional"], f"{path}.optional")

    # parts

    def cost(self, v: Any, path: str) -> None:
        cost = self.obj(v, path, 'a cost such as {"mana": "{2}", "tap": true}')
        if cost is None:
            return
        self.fields(cost, path, (), ("mana", "tap", "untap", "sacrifice", "remove_counters", "life",
                                     "tap_untapped", "discard", "remove_any_counters", "remove_at_least",
                                     "exile",
                                     "exile_from_graveyard", "return_to_hand", "put_counters",
                                     "discard_hand", "return_permanent", "energy", "loyalty",
                                     "mill", "exert", "exile_permanent", "exile_from_hand", "reveal",
                                     "crew"))
        if "crew" in cost:  # 702.122a: "Tap any number of other untapped creatures you control with total power N or greater"
            self.integer(cost["crew"], f"{path}.crew", 1)
        if "exile_from_hand" in cost:  # "Exile a card from your hand" (118.3, 406.1)
            eh = self.obj(cost["exile_from_hand"], f"{path}.exile_from_hand", '{"count": 1}')
            if eh is not None:
                self.fields(eh, f"{path}.exile_from_hand", (), ("count", "colors"))
                if "count" in eh:
                    self.integer(eh["count"], f"{path}.exile_from_hand.count", 1)
                if "colors" in eh:  # "exile a blue card from your hand" (an alternative cost's only)
                    self.string_list(eh["colors"], f"{path}.exile_from_hand.colors", COLOR_LETTERS,
                                     "a color letter")
            if "discard" in cost:
                self.add(f"{path}.exile_from_hand", 'not with "discard" in the same cost')
        if "exile_permanent" in cost:  # "Exile a creature you control" (118.3, 406.1)
            ep = self.obj(cost["exile_permanent"], f"{path}.exile_permanent", '{"type": "Creature"}')
            if ep is not None:
                self.fields(ep, f"{path}.exile_permanent", ("type",), ())
                if "type" in ep:
                    self.choice(ep["type"], f"{path}.exile_permanent.type", CARD_TYPES, "a card type")
            if "sacrifice" in cost and cost["sacrifice"] != "self" or "exile" in cost:
                self.add(f"{path}.exile_permanent", "with no other sacrifice or exile of the same cost")
        if "mill" in cost:  # "Mill a card" (701.17)
            self.integer(cost["mill"], f"{path}.mill", 1)
        if "exert" in cost and cost["exert"] is not True:  # "Exert this creature" (701.43)
            self.add(f"{path}.exert", f"expected true, got {_q(cost['exert'])}")
        if "reveal" in cost:  # 701.20a: "reveal a Dragon card from your hand" (an additional cost)
            p = f"{path}.reveal"
            rv = self.obj(cost["reveal"], p, '{"subtypes": ["Dragon"]} or {"type": "Creature"}')
            if rv is not None:
                self.fields(rv, p, (), ("type", "subtypes", "colorless"))
                if "type" in rv:
                    self.choice(rv["type"], f"{p}.type", CARD_TYPES, "a card type")
                if "subtypes" in rv:
                    self.string_list(rv["subtypes"], f"{p}.subtypes", nonempty=True)
                    if isinstance(rv["subtypes"], list) and len(rv["subtypes"]) != 1:
                        self.add(f"{p}.subtypes", "one subtype")
                if "type" in rv and "subtypes" in rv or not ("type" in rv or "subtypes" in rv):
                    self.add(p, 'needs "type" or "subtypes" (one of them)')
                if "colorless" in rv and (rv["colorless"] is not True or "type" not in rv):
                    self.add(f"{p}.colorless", 'true, with "type" ("a colorless creature card")')
        if "loyalty" in cost and cost["loyalty"] != "-X":  # "[+1]", "[−2]" (606.4): put or remove loyalty counters
            self.integer(cost["loyalty"], f"{path}.loyalty", -MAX_CARD_NUMBER)
        if "loyalty" in cost:  # ("[−X]": "-X", remove X loyalty counters, X announced, 107.3a)
            extra = [k for k in cost if k != "loyalty"]
            if extra:
                self.add(f"{path}.loyalty", f"a loyalty cost is the whole cost, not with {extra[0]}")
        if "energy" in cost:  # "Pay {E}" (107.14): that many of its controller's energy counters
            self.integer(cost["energy"], f"{path}.energy", 1)
        if "return_permanent" in cost:  # "return a basic land you control to its owner's hand"
            p = f"{path}.return_permanent"
            rp = self.obj(cost["return_permanent"], p, '{"types": ["Land"], "supertypes": '
                                                       '["Basic"], "count": 1}')
            if rp is not None:
                self.fields(rp, p, ("types",), ("subtypes", "supertypes", "count"))
                if "types" in rp:
                    self.string_list(rp["types"], f"{p}.types", CARD_TYPES, "a card type",
                                     nonempty=True)
                    if isinstance(rp["types"], list) and len(rp["types"]) != 1:
                        self.add(f"{p}.types", "one card type")
                if "subtypes" in rp:
                    self.string_list(rp["subtypes"], f"{p}.subtypes", nonempty=True)
                    if isinstance(rp["subtypes"], list) and len(rp["subtypes"]) != 1:
                        self.add(f"{p}.subtypes", "one subtype")
                if "supertypes" in rp:
                    self.string_list(rp["supertypes"], f"{p}.supertypes", SUPERTYPES,
                                     "a supertype", nonempty=True)
                    if isinstance(rp["supertypes"], list) and len(rp["supertypes"]) != 1:
                        self.add(f"{p}.supertypes", "one supertype")
                    if "subtypes" in rp:
                        self.add(p, 'takes "subtypes" or "supertypes", not both')
                if "count" in rp:
                    self.integer(rp["count"], f"{p}.count", 1)
        if "discard_hand" in cost and cost["discard_hand"] is not True:
            self.add(f"{path}.discard_hand", f"expected true, got {_q(cost['discard_hand'])}")
        if "put_counters" in cost:  # "Put a -0/-1 counter on this creature" (118.3, 122.1)
            p = f"{path}.put_counters"
            pc = self.obj(cost["put_counters"], p, 'counters such as {"-1/-1": 1}')
            if pc is not None:
                if not pc:
                    self.add(p, "must name at least one counter")
                for k, n in pc.items():
                    self.integer(n, _key_path(p, k), 1)
        if "return_to_hand" in cost:  # "Return this land to its owner's hand" (118.3)
            if cost["return_to_hand"] != "self":
                self.add(f"{path}.return_to_hand", f'expected "self" (return the source), got '
                                                   f'{_q(cost["return_to_hand"])}')
            if "sacrifice" in cost and cost["sacrifice"] == "self" or "exile" in cost:
                self.add(f"{path}.return_to_hand", "a cost moves its source to one zone only")
        if "exile" in cost:
            if cost["exile"] != "self":
                self.add(f"{path}.exile", f'expected "self" (exile the source), got {_q(cost["exile"])}')
            if "sacrifice" in cost:
                self.add(f"{path}.exile", 'a cost can\'t both sacrifice and exile ("exile": "self")')
        if "remove_any_counters" in cost:
            self.string(cost["remove_any_counters"], f"{path}.remove_any_counters")
        if "remove_at_least" in cost:  # "Remove one or more dream counters" (118.3): at least 1
            self.integer(cost["remove_at_least"], f"{path}.remove_at_least", 1)
            if "remove_any_counters" not in cost:
                self.add(f"{path}.remove_at_least", 'only with "remove_any_counters"')
        if "life" in cost:
            self.integer(cost["life"], f"{path}.life", 1)
        if "tap_untapped" in cost:
            p = f"{path}.tap_untapped"
            tu = self.obj(cost["tap_untapped"], p, '{"type": "Creature", "count": 1}')
            if tu is not None:
                self.fields(tu, p, (), ("type", "types", "token", "count", "subtypes",
                                        "supertypes", "colors", "nontoken", "other"))
                if "other" in tu and tu["other"] is not True:  # "another": never the source
                    self.add(f"{p}.other", f"expected true, got {_q(tu['other'])}")
                # "an untapped blue creature" (one color), "an untapped nontoken artifact": with
                # "type" only, and not with subtypes or supertypes
                if "colors" in tu:
                    self.string_list(tu["colors"], f"{p}.colors", COLOR_LETTERS, "a color",
                                     nonempty=True)
                    if isinstance(tu["colors"], list) and len(tu["colors"]) > 1:
                        self.add(f"{p}.colors", "one color")
                if "nontoken" in tu and tu["nontoken"] is not True:
                    self.add(f"{p}.nontoken", f"expected true, got {_q(tu['nontoken'])}")
                if ("colors" in tu or "nontoken" in tu) and (
                        "type" not in tu or "subtypes" in tu or "supertypes" in tu
                        or ("colors" in tu and "nontoken" in tu)):
                    self.add(p, '"colors" or "nontoken" only with "type" (no subtypes, supertypes, '
                                "nor both)")
                # no type: any permanent ("Tap an untapped permanent you control"); "types": two
                # card types, either ("an untapped artifact or creature"); "token": tokens only
                if "types" in tu:
                    self.string_list(tu["types"], f"{p}.types", CARD_TYPES, "a card type",
                                     nonempty=True)
                    if "type" in tu or "subtypes" in tu or "supertypes" in tu or "token" in tu:
                        self.add(f"{p}.types", 'takes no "type", "subtypes", "supertypes" or '
                                               '"token"')
                if "token" in tu:
                    self.boolean(tu["token"], f"{p}.token")
                    if "type" in tu or "subtypes" in tu or "supertypes" in tu:
                        self.add(f"{p}.token", 'takes no "type", "subtypes" or "supertypes"')
                if "subtypes" in tu and "type" not in tu:
                    self.add(f"{p}.type", 'required with "subtypes"')
                if "supertypes" in tu:
                    self.string_list(tu["supertypes"], f"{p}.supertypes", SUPERTYPES,
                                     "a supertype", nonempty=True)
                if "supertypes" in tu and "subtypes" in tu:
                    self.add(p, 'takes "subtypes" or "supertypes", not both')
                if "type" in tu:
                    self.choice(tu["type"], f"{p}.type", CARD_TYPES, "a card type")
                if "count" in tu:
                    self.integer(tu["count"], f"{p}.count", 1)
                if "subtypes" in tu:
                    self.string_list(tu["subtypes"], f"{p}.subtypes", nonempty=True)
        if "exile_from_graveyard" in cost:
            p = f"{path}.exile_from_graveyard"
            eg = self.obj(cost["exile_from_graveyard"], p, '{"count": 1} or {"count": 1, "type": '
                                                           '"Creature"}')
            if eg is not None:
                self.fields(eg, p, (), ("count", "type"))
                if "count" in eg:
                    self.integer(eg["count"], f"{p}.count", 1)
                if "type" in eg:
                    self.choice(eg["type"], f"{p}.type", CARD_TYPES, "a card type")
        if "discard" in cost and cost["discard"] == "self":
            pass  # "Discard this card" (channel): the ability needs "zone": "hand"
        elif "discard" in cost:
            p = f"{path}.discard"
            dc = self.obj(cost["discard"], p, '"self" or {"count": 1} or {"count": 1, "type": "Land"}')
            if dc is not None:
                self.fields(dc, p, (), ("count", "type"))
                if "count" in dc:
                    self.integer(dc["count"], f"{p}.count", 1)
                if "type" in dc:
                    self.choice(dc["type"], f"{p}.type", CARD_TYPES, "a card type")
        if "mana" in cost:
            self.mana(cost["mana"], f"{path}.mana")
        for f in ("tap", "untap"):
            if f in cost:
                self.boolean(cost[f], f"{path}.{f}")
        if "sacrifice" in cost and cost["sacrifice"] != "self":
            sac = self.obj(cost["sacrifice"], f"{path}.sacrifice",
                           '"self" or a filter such as {"type": "Land"}')
            if sac is not None:
                self.fields(sac, f"{path}.sacrifice", (), ("type", "subtypes", "other", "count",
                                                           "token", "types", "permanent",
                                                           "non_types"))
                if "other" in sac:
                    self.boolean(sac["other"], f"{path}.sacrifice.other")
                if "count" in sac:  # "Sacrifice two artifacts" (118.3)
                    self.integer(sac["count"], f"{path}.sacrifice.count", 1)
                if "token" in sac:  # "Sacrifice a token" (111.1): tokens only, any type, or
                    # of one subtype ("Sacrifice a Prism token")
                    if sac["token"] is not True:
                        self.add(f"{path}.sacrifice.token", f"expected true, got {_q(sac['token'])}")
                    if "type" in sac or any(k in sac for k in ("types", "permanent", "non_types")):
                        self.add(f"{path}.sacrifice.token", 'takes no "type" (only "subtypes")')
                elif not any(k in sac for k in ("type", "subtypes", "types", "permanent", "non_types")):
                    self.add(f"{path}.sacrifice", 'needs "type", "subtypes", "types", "permanent", '
                                                  '"non_types" or "token"')
                elif sum(k in sac for k in ("type", "types", "permanent", "non_types")) > 1 or (
                        "subtypes" in sac and any(k in sac for k in ("types", "permanent", "non_types"))):
                    self.add(f"{path}.sacrifice", 'one of "type" (with "subtypes"), "types", '
                                                  '"permanent", "non_types"')
                if "types" in sac:  # "an artifact or creature": either type
                    self.string_list(sac["types"], f"{path}.sacrifice.types", CARD_TYPES, "a card type",
                                     nonempty=True)
                    if isinstance(sac["types"], list) and len(sac["types"]) != 2:
                        self.add(f"{path}.sacrifice.types", "two card types (either one)")
                if "permanent" in sac and sac["permanent"] is not True:
                    self.add(f"{path}.sacrifice.permanent", f"expected true, got {_q(sac['permanent'])}")
                if "non_types" in sac:  # "a nonland permanent"
                    self.string_list(sac["non_types"], f"{path}.sacrifice.non_types", CARD_TYPES,
                                     "a card type", nonempty=True)
                    if isinstance(sac["non_types"], list) and len(sac["non_types"]) != 1:
                        self.add(f"{path}.sacrifice.non_types", "one card type")
                if "type" in sac:
                    self.choice(sac["type"], f"{path}.sacrifice.type", CARD_TYPES, "a card type")
                if "subtypes" in sac:
                    self.string_list(sac["subtypes"], f"{path}.sacrifice.subtypes", nonempty=True)
                    if isinstance(sac["subtypes"], list) and len(sac["subtypes"]) > 1:
                        self.add(f"{path}.sacrifice.subtypes", "one subtype")
        if "remove_counters" in cost:
            p = f"{path}.remove_counters"
            rc = self.obj(cost["remove_counters"], p, 'counters such as {"charge": 1}')
            if rc is not None:
                if not rc:
                    self.add(p, "must name at least one counter")
                for k, n in rc.items():
                    self.integer(n, _key_path(p, k), 1)

    def produce(self, v: Any, path: str) -> None:
        prod = self.obj(v, path, 'mana to add such as {"fixed": "{G}"} or {"any_color": 1}')
        if prod is None:
            return
        shapes = [s for s in PRODUCE_SHAPES if s in prod]
        if len(shapes) != 1:
            self.add(path, f"needs exactly one of {', '.join(PRODUCE_SHAPES)}")
        optional: tuple[str, ...] = ("spend_only", "rider", "no_generic")
        if "if_counter" in prod or "if_you_control" in prod or "if_state" in prod:
            optional += ("then", "else")
        if "any_combination" in prod:
            optional += ("types",)
        self.fields(prod, path, (), PRODUCE_SHAPES + optional)
        if "spend_only" in prod:
            self.spend_only(prod["spend_only"], f"{path}.spend_only")
        if "no_generic" in prod and prod["no_generic"] is not True:
            # "This mana can't be spent to pay generic mana costs" (106.6, 107.4)
            self.add(f"{path}.no_generic", f"expected true, got {_q(prod['no_generic'])}")
        if "rider" in prod:
            self.rider(prod["rider"], f"{path}.rider")
        if "fixed" in prod:
            self.mana(prod["fixed"], f"{path}.fixed", produced=True)
        if "choice" in prod:
            p = f"{path}.choice"
            opts = prod["choice"]
            if not isinstance(opts, list) or len(opts) < 2:
                self.add(p, f"expected a list of at least two mana options such as "
                            f"[\"{{R}}\", \"{{G}}\"], got {_q(opts)}")
            else:
                for i, o in enumerate(opts):
                    self.mana(o, f"{p}[{i}]", produced=True)
        for f in ("any_color", "any_combination", "same_type_as_produced"):
            if f in prod:
                self.integer(prod[f], f"{path}.{f}", 1)
        if "any_combination" in prod and _is_int(prod["any_combination"]) \
                and prod["any_combination"] > 12:
            self.add(f"{path}.any_combination", "at most 12 mana in any combination")
        if "types" in prod:
            self.string_list(prod["types"], f"{path}.types", COLOR_LETTERS, "a color",
                             nonempty=True)
        if "for_each" in prod:
            p = f"{path}.for_each"
            fe = self.obj(prod["for_each"], p, '{"mana": "{G}", "you_control": {"types": ["Creature"]}}')
            if fe is not None:
                self.fields(fe, p, (), ("mana", "any_one_color", "any_combination", "types",
                                        "plus") + FOR_EACH_COUNTS)
                if "plus" in fe:
                    self.integer(fe["plus"], f"{p}.plus", 1)
                    if "any_combination" in fe:
                        self.add(f"{p}.plus", 'only with "mana" or "any_one_color"')
                what = [k for k in ("mana", "any_one_color", "any_combination") if k in fe]
                if len(what) != 1:
                    self.add(p, 'needs exactly one of "mana", "any_one_color", "any_combination"')
                if "any_combination" in fe:
                    if fe["any_combination"] is not True:
                        self.add(f"{p}.any_combination", f"expected true, got "
                                                         f"{_q(fe['any_combination'])}")
                    if "counters_removed" not in fe and len(fe.get("types") or "WUBRG") not in (2, 5):
                        self.add(f"{p}.any_combination", 'only with "counters_removed" (X mana in '
                                 "any combination, X the counters removed), two \"types\" or all "
                                 "five colors")
                if "types" in fe:
                    if "any_combination" not in fe and "any_one_color" not in fe:
                        self.add(f"{p}.types", 'only with "any_combination" or "any_one_color"')
                    self.string_list(fe["types"], f"{p}.types", COLOR_LETTERS, "a color",
                                     nonempty=True)
                counts = [k for k in FOR_EACH_COUNTS if k in fe]
                if len(counts) != 1:
                    self.add(p, f"needs exactly one of {', '.join(FOR_EACH_COUNTS)}")
                if "mana" in fe:
                    self.mana(fe["mana"], f"{p}.mana", produced=True)
                if "any_one_color" in fe and fe["any_one_color"] is not True:
                    self.add(f"{p}.any_one_color", f"expected true, got {_q(fe['any_one_color'])}")
                for key in ("you_control", "on_battlefield"):
                    if key in fe:
                        self.you_control(fe[key], f"{p}.{key}")
                        if isinstance(fe[key], dict) and ("min" in fe[key] or "max" in fe[key]):
                            self.add(f"{p}.{key}", "a count takes no min or max")
                if "counters" in fe:
                    self.string(fe["counters"], f"{p}.counters")
                if "counters_removed" in fe:
                    self.string(fe["counters_removed"], f"{p}.counters_removed")
                if "self" in fe:
                    self.choice(fe["self"], f"{p}.self", ("power", "toughness"),
                                "a characteristic counted")
                for key in ("all_counters", "in_hand", "life", "domain"):
                    if key == "in_hand" and isinstance(fe.get(key), dict):
                        # the cards revealed from the hand: {"types": [...], "min_power": N,
                        # "x_in_cost": true} (Metalworker, Sacellum Godspeaker, Rosheen)
                        h = fe[key]
                        self.fields(h, f"{p}.in_hand", (), ("types", "min_power", "x_in_cost"))
                        if not h:
                            self.add(f"{p}.in_hand", "a filter names at least one property")
                        if "types" in h:
                            self.string_list(h["types"], f"{p}.in_hand.types", CARD_TYPES, "a card type",
                                             nonempty=True)
                        if "min_power" in h:
                            self.integer(h["min_power"], f"{p}.in_hand.min_power", 0)
                        if "x_in_cost" in h and h["x_in_cost"] is not True:
                            self.add(f"{p}.in_hand.x_in_cost", f"expected true, got {_q(h['x_in_cost'])}")
                    elif key in fe and fe[key] is not True:
                        self.add(f"{p}.{key}", f"expected true, got {_q(fe[key])}")
                if "greatest" in fe:
                    g = self.obj(fe["greatest"], f"{p}.greatest",
                                 '{"of": "power", "among": {"types": ["Creature"]}}')
                    if g is not None:
                        self.fields(g, f"{p}.greatest", ("of", "among"), ())
                        if "of" in g:
                            self.choice(g["of"], f"{p}.greatest.of", ("power", "toughness"),
                                        "a characteristic")
                        if "among" in g:
                            self.you_control(g["among"], f"{p}.greatest.among")
                            if isinstance(g["among"], dict) and ("min" in g["among"]
                                                                 or "max" in g["among"]):
                                self.add(f"{p}.greatest.among", "takes no min or max")
                if "in_graveyard" in fe:
                    gy = self.obj(fe["in_graveyard"], f"{p}.in_graveyard",
                                  '{"types": ["Creature"], "colors": ["B"]}')
                    if gy is not None:
                        self.fields(gy, f"{p}.in_graveyard", (), ("types", "colors", "named_self",
                                                                  "anyone"))
                        for k in ("named_self", "anyone"):
                            if k in gy and gy[k] is not True:
                                self.add(f"{p}.in_graveyard.{k}", f"expected true, got {_q(gy[k])}")
                        if "types" in gy:
                            self.string_list(gy["types"], f"{p}.in_graveyard.types", CARD_TYPES,
                                             "a card type", nonempty=True)
                        if "colors" in gy:
                            self.string_list(gy["colors"], f"{p}.in_graveyard.colors",
                                             COLOR_LETTERS, "a color", nonempty=True)
                if "devotion" in fe:
                    self.choice(fe["devotion"], f"{p}.devotion", COLOR_LETTERS + ("chosen",),
                                "a color or \"chosen\"")
                    if fe["devotion"] == "chosen" and "any_one_color" not in fe:
                        self.add(f"{p}.devotion", '"chosen" only with "any_one_color" (the color '
                                                  "of the mana it adds)")
                if "sacrificed" in fe:
                    self.choice(fe["sacrificed"], f"{p}.sacrificed", ("mana_value", "power"),
                                "a characteristic of the sacrificed permanent")
                    if "any_combination" in fe:
                        self.add(f"{p}.sacrificed", 'only with "mana" or "any_one_color"')
        if "or_chosen_color" in prod:
            self.mana(prod["or_chosen_color"], f"{path}.or_chosen_color", produced=True)
        if "color_among" in prod:  # "one mana of any color among legendary permanents you control"
            self.you_control(prod["color_among"], f"{path}.color_among")
            if isinstance(prod["color_among"], dict) and ("min" in prod["color_among"]
                                                         or "max" in prod["color_among"]):
                self.add(f"{path}.color_among", "takes no min or max")
        if "commander_identity" in prod and prod["commander_identity"] != 1:
            self.add(f"{path}.commander_identity", f"expected 1, got {_q(prod['commander_identity'])}")
        if "chosen_color" in prod:  # "Add two mana of the chosen color" (Sunken Citadel)
            self.integer(prod["chosen_color"], f"{path}.chosen_color", 1)
            if _is_int(prod["chosen_color"]) and prod["chosen_color"] > 12:
                self.add(f"{path}.chosen_color", "at most 12 mana of the chosen color")
        if "self_colors" in prod and prod["self_colors"] != 1:
            self.add(f"{path}.self_colors", f"expected 1, got {_q(prod['self_colors'])}")
        if "exiled_colors" in prod and prod["exiled_colors"] != 1:
            self.add(f"{path}.exiled_colors", f"expected 1, got {_q(prod['exiled_colors'])}")
        if "color_among_graveyard" in prod:  # "a color of a card in your graveyard" (105.2)
            q = f"{path}.color_among_graveyard"
            gy = self.obj(prod["color_among_graveyard"], q, '{"types": ["Creature"], '
                                                              '"supertypes": ["Legendary"]}')
            if gy is not None:
                self.fields(gy, q, (), ("types", "supertypes"))
                if "types" in gy:
                    self.string_list(gy["types"], f"{q}.types", CARD_TYPES, "a card type",
                                     nonempty=True)
                if "supertypes" in gy:
                    self.string_list(gy["supertypes"], f"{q}.supertypes", SUPERTYPES,
                                     "a supertype", nonempty=True)
        if "could_produce" in prod:
            p = f"{path}.could_produce"
            cp = self.obj(prod["could_produce"], p,
                          '{"of": "land_you_control", "colors_only": false}')
            if cp is not None:
                self.fields(cp, p, ("of", "colors_only"), ("subtypes", "supertypes", "amount"))
                if "amount" in cp:
                    # "add three mana of that type instead" (Incubation Druid): N of the one type
                    self.integer(cp["amount"], f"{p}.amount", 1, 12)
                if "of" in cp:
                    self.choice(cp["of"], f"{p}.of", COULD_PRODUCE_OF, "a could-produce source")
                if ("subtypes" in cp or "supertypes" in cp) and cp.get("of") != "land_you_control":
                    self.add(p, 'only "of": "land_you_control" takes "subtypes" or "supertypes"')
                if "subtypes" in cp:
                    self.string_list(cp["subtypes"], f"{p}.subtypes", nonempty=True)
                if "supertypes" in cp:
                    self.string_list(cp["supertypes"], f"{p}.supertypes", SUPERTYPES,
                                     "a supertype", nonempty=True)
                if "colors_only" in cp:
                    self.boolean(cp["colors_only"], f"{p}.colors_only")
        if "if_counter" in prod:
            self.string(prod["if_counter"], f"{path}.if_counter")
        if "if_you_control" in prod:
            p = f"{path}.if_you_control"
            conds = prod["if_you_control"]
            if not isinstance(conds, list) or not conds:
                self.add(p, 'expected a non-empty list of "you control" conditions, got '
                            f"{_q(conds)}")
            else:
                for i, yc in enumerate(conds):
                    self.you_control(yc, f"{p}[{i}]")
        if "if_state" in prod:
            self.choice(prod["if_state"], f"{path}.if_state", IF_STATES, "a condition")
        for key in ("if_counter", "if_you_control", "if_state"):
            if key in prod:
                for f in ("then", "else"):
                    if f not in prod:
                        self.add(f"{path}.{f}", f"missing required field (for {key})")
                    else:
                        self.produce(prod[f], f"{path}.{f}")
                        if isinstance(prod[f], dict) and any(
                                k in prod[f] for k in ("if_counter", "if_you_control", "if_state", "for_each",
                                                      "any_combination")):
                            self.add(f"{path}.{f}", "a conditional's branch is plain mana (no "
                                                    "condition, for_each or combination)")

    def spend_only(self, v: Any, path: str) -> None:
        """A list of alternatives (106.6): the mana may be spent if any of them matches."""
        if not isinstance(v, list) or not v:
            self.add(path, 'expected a non-empty list of alternatives such as [{"spell": '
                           '{"types": ["Creature"]}}, {"ability": {}}, {"x": true}], got '
                           f"{_q(v)}")
            return
        for i, alt in enumerate(v):
            p = f"{path}[{i}]"
            d = self.obj(alt, p, '{"spell": {...}}, {"ability": {...}} or {"x": true}')
            if d is None:
                continue
            if len(d) != 1:
                self.add(p, 'needs exactly one of "spell", "ability", "x", "not_spell", '
                            '"foretell", "cost_has_c", "unmodeled"')
            self.fields(d, p, (), ("spell", "ability", "x", "not_spell", "foretell", "cost_has_c",
                                   "unmodeled"))
            # "not_spell": anything but casting a spell; "foretell": the special action (116.2h);
            # "cost_has_c": any part of a cost with {C} in it
            for f in ("x", "not_spell", "foretell", "cost_has_c"):
                if f in d and d[f] is not True:
                    self.add(f"{p}.{f}", f"expected true, got {_q(d[f])}")
            if "unmodeled" in d:
                self.choice(d["unmodeled"], f"{p}.unmodeled", SPEND_UNMODELED,
                            "an action mtgasp doesn't model")
            if "ability" in d:
                ab = self.obj(d["ability"], f"{p}.ability", '{} or {"of_types": ["Artifact"]}')
                if ab is not None:
                    self.fields(ab, f"{p}.ability", (), ("of_types", "of_subtypes",
                                                         "of_colorless", "of_chosen_type"))
                    for f in ("of_colorless", "of_chosen_type"):
                        if f in ab and ab[f] is not True:
                            self.add(f"{p}.ability.{f}", f"expected true, got {_q(ab[f])}")
                    if "of_types" in ab:
                        self.string_list(ab["of_types"], f"{p}.ability.of_types", CARD_TYPES,
                                         "a card type", nonempty=True)
                    if "of_subtypes" in ab:
                        self.string_list(ab["of_subtypes"], f"{p}.ability.of_subtypes",
                                         nonempty=True)
            if "spell" in d:
                q = f"{p}.spell"
                sp = self.obj(d["spell"], q, '{"types": ["Creature"], "chosen_type": true}')
                if sp is None:
                    continue
                self.spell_filter(sp, q, v)

    def spell_filter(self, sp: dict[str, Any], q: str, alts: list[Any]) -> None:
        """The properties of a spell (a spend restriction's alternative, 106.6, or a cost
        reduction's, 601.2f); ``alts``: all the alternatives, which min_mana_value checks."""
        self.fields(sp, q, (), SPEND_ONLY_SPELL)
        if "types" in sp:
            self.string_list(sp["types"], f"{q}.types", CARD_TYPES, "a card type",
                             nonempty=True)
        if "supertypes" in sp:
            self.string_list(sp["supertypes"], f"{q}.supertypes", SUPERTYPES,
                             "a supertype", nonempty=True)
        if "subtypes" in sp:
            self.string_list(sp["subtypes"], f"{q}.subtypes", nonempty=True)
        if "colors" in sp:
            self.string_list(sp["colors"], f"{q}.colors", COLOR_LETTERS, "a color",
                             nonempty=True)
        for f in ("multicolored", "colorless", "kicked", "colored"):
            if f in sp:
                self.boolean(sp[f], f"{q}.{f}")
        if "non_types" in sp:
            self.string_list(sp["non_types"], f"{q}.non_types", CARD_TYPES, "a card type",
                             nonempty=True)
        if "chosen_type" in sp and sp["chosen_type"] is not True:
            self.add(f"{q}.chosen_type", f"expected true, got {_q(sp['chosen_type'])}")
        for f in ("not_owned", "x_in_cost", "commander", "no_x_in_cost", "not_from_hand",
                  "no_abilities"):
            if f in sp and sp[f] is not True:
                self.add(f"{q}.{f}", f"expected true, got {_q(sp[f])}")
        if "from" in sp and sp["from"] not in SPEND_FROM:
            self.add(f"{q}.from", f"expected one of {', '.join(SPEND_FROM)}, got {_q(sp['from'])}")
        if "keywords" in sp:
            self.string_list(sp["keywords"], f"{q}.keywords", nonempty=True)
        if "min_mana_value" in sp:
            self.integer(sp["min_mana_value"], f"{q}.min_mana_value", 1)
            # 202.3e: a spell's mana value counts X; the restriction is decided for spells
            # without {X}, so an alternative must take every spell with {X} of that kind.
            others: list[dict[str, Any]] = [a["spell"] for a in alts if isinstance(a, dict)
                                             and isinstance(a.get("spell"), dict)]
            if not any(o.get("x_in_cost") is True and all(sp.get(k) == w for k, w in o.items()
                                                           if k != "x_in_cost")
                       for o in others):
                self.add(f"{q}.min_mana_value", "needs another alternative with "
                         '"x_in_cost": true and no other property than this one\'s (a spell\'s '
                         "mana value counts its X, 202.3e)")

    def rider(self, v: Any, path: str, triggered: bool = False) -> None:
        rd = self.obj(v, path, '{"damage_to_you": 1} or {"lose_life": 1}')
        if rd is None:
            return
        if not rd:
            self.add(path, f"needs at least one of {', '.join(RIDERS)}")
        if triggered:
            # 605.4a: a triggered mana ability's rider is performed as it resolves; only
            # damage_to_that_player is (the others name what an activated one does)
            self.fields(rd, path, (), TRIGGER_RIDERS)
        else:
            self.fields(rd, path, (), RIDERS)
        for f in RIDERS + TRIGGER_RIDERS:
            if f in rd:
                self.integer(rd[f], f"{path}.{f}", 1)

    def not_performed(self, v: Any, path: str) -> None:
        """[{"kind": "delayed_trigger" | "reflexive_trigger" | "spend_effect" | "untap_step_effect" |
        "die_roll", "text": "..."}]: a mana ability's riders that `apply` reports as not performed
        (603.7, 603.12, 106.6, 502.3, 706.1)."""
        items = v if isinstance(v, list) else None
        if not items:
            self.add(path, "expected a non-empty list of objects such as "
                           f'{{"kind": "delayed_trigger", "text": "..."}}, got {_q(v)}')
            return
        for i, it in enumerate(items):
            q = f"{path}[{i}]"
            d = self.obj(it, q, '{"kind": "delayed_trigger", "text": "..."}')
            if d is None:
                continue
            self.fields(d, q, ("kind", "text"), ())
            if "kind" in d:
                self.choice(d["kind"], f"{q}.kind", NOT_PERFORMED_KINDS, "a kind of rider")
            if "text" in d:
                self.string(d["text"], f"{q}.text")

    def you_control(self, v: Any, path: str) -> None:
        """{"types": [...], "subtypes": [...], "other": bool, "min": N, "max": N}."""
        yc = self.obj(v, path, '{"types": ["Land"], "subtypes": ["Forest"], "min": 1}')
        if yc is None:
            return
        self.fields(yc, path, (), ("types", "subtypes", "supertypes", "other", "min", "max",
                                   "min_power", "min_toughness", "all_subtypes", "colors",
                                   "keywords", "named_self", "chosen_type", "entered_this_turn",
                                   "tapped", "controller", "any_types", "anyone"))
        if "any_types" in yc:  # "creatures and planeswalkers": one of them at least
            self.string_list(yc["any_types"], f"{path}.any_types", CARD_TYPES, "a card type",
                             nonempty=True)
        if "anyone" in yc and yc["anyone"] is not True:  # "a permanent a player controls"
            self.add(f"{path}.anyone", f"expected true, got {_q(yc['anyone'])}")
        if "keywords" in yc:
            self.string_list(yc["keywords"], f"{path}.keywords", nonempty=True)
        if "tapped" in yc and yc["tapped"] is not True:
            self.add(f"{path}.tapped", f"expected true, got {_q(yc['tapped'])}")
        if "controller" in yc:   # with on_battlefield: "your opponents control"
            self.choice(yc["controller"], f"{path}.controller", ("opponents",), "a controller")
        if "entered_this_turn" in yc and yc["entered_this_turn"] is not True:
            self.add(f"{path}.entered_this_turn", f"expected true, got {_q(yc['entered_this_turn'])}")
        if "named_self" in yc and yc["named_self"] is not True:
            self.add(f"{path}.named_self", f"expected true, got {_q(yc['named_self'])}")
        if "chosen_type" in yc and yc["chosen_type"] is not True:
            self.add(f"{path}.chosen_type", f"expected true, got {_q(yc['chosen_type'])}")
        if "all_subtypes" in yc:
            self.boolean(yc["all_subtypes"], f"{path}.all_subtypes")
        for f in ("min_power", "min_toughness"):
            if f in yc:
                self.integer(yc[f], f"{path}.{f}", 0)
        if "colors" in yc:
            self.string_list(yc["colors"], f"{path}.colors", COLOR_LETTERS, "a color",
                             nonempty=True)
        self.type_lists(yc, path)
        if "other" in yc:
            self.boolean(yc["other"], f"{path}.other")
        for f in ("min", "max"):
            if f in yc:
                self.integer(yc[f], f"{path}.{f}")
        # no filter at all: every permanent ("ten or more permanents", "a permanent you control")

    def trigger(self, v: Any, path: str) -> None:
        trig = self.obj(v, path, 'a trigger such as {"event": "enters"}')
        if trig is None:
            return
        if "event" not in trig:
            self.add(f"{path}.event", "missing required field")
            return
        event = self.choice(trig["event"], f"{path}.event", TRIGGER_FILTERS, "a trigger event")
        if event is None:
            return
        self.fields(trig, path, ("event",), TRIGGER_FILTERS[event])
        for f in ("by", "whose", "controller"):
            if f in trig:
                self.choice(trig[f], f"{path}.{f}", PLAYERS, "a player filter")
        if "from" in trig:
            self.choice(trig["from"], f"{path}.from", ZONES, "a zone")
        if "if" in trig:
            self.choice(trig["if"], f"{path}.if", TRIGGER_IFS, "an intervening-if condition")
        if "spell_types" in trig:
            self.string_list(trig["spell_types"], f"{path}.spell_types", CARD_TYPES, "a card type",
                             nonempty=True)
        for f in ("noncreature", "other", "of_chosen_color", "any_mana_ability"):
            if f in trig:
                self.boolean(trig[f], f"{path}.{f}")
        if "min_power" in trig:
            self.integer(trig["min_power"], f"{path}.min_power")
        if event == "chapter":
            ch = trig.get("chapters")
            if not isinstance(ch, list) or not ch or not all(_is_int(c) and 1 <= c <= 20 for c in ch):
                self.add(f"{path}.chapters", f"expected a non-empty list of chapter numbers 1..20 "
                                             f"such as [2], got {_q(ch)}")
        if "what" in trig and trig["what"] == "same_name_as_exiled" and event != "tapped_for_mana":
            self.add(f"{path}.what", '"same_name_as_exiled" only for tapped_for_mana')
        if "what" in trig and trig["what"] not in ("enchanted", "same_name_as_exiled"):
            # "same_name_as_exiled": "Whenever a land with the same name as the exiled card is
            # tapped for mana" (Extraplanar Lens; 607.2a, 201.2)
            self.permanent_filter(trig["what"], f"{path}.what")

    def permanent_filter(self, v: Any, path: str) -> None:
        flt = self.obj(v, path, 'a permanent filter such as {"type": "Land"} ({} = any permanent)')
        if flt is None:
            return
        self.fields(flt, path, (), ("type", "nonbasic", "basic", "subtypes", "non_types", "supertypes"))
        if "supertypes" in flt:   # "a snow land" (Winter's Night; 205.4a): one supertype, with a type
            st = flt["supertypes"]
            if not isinstance(st, list) or len(st) != 1:
                self.add(f"{path}.supertypes", f"expected a list of one supertype, got {_q(st)}")
            else:
                self.choice(st[0], f"{path}.supertypes[0]", SUPERTYPES, "a supertype")
            for other in ("nonbasic", "basic", "subtypes"):
                if other in flt:
                    self.add(f"{path}.supertypes", f"not allowed with {other}")
            if "type" not in flt:
                self.add(f"{path}.supertypes", "needs a type")
        if "type" in flt:
            self.choice(flt["type"], f"{path}.type", CARD_TYPES, "a card type")
        if "non_types" in flt:   # "a nonland permanent" (Kinnan, Bonder Prodigy): one card type it lacks
            nt = flt["non_types"]
            if not isinstance(nt, list) or len(nt) != 1:
                self.add(f"{path}.non_types", f"expected a list of one card type, got {_q(nt)}")
            else:
                self.choice(nt[0], f"{path}.non_types[0]", CARD_TYPES, "a card type")
            for other in ("type", "nonbasic", "basic", "subtypes"):
                if other in flt:
                    self.add(f"{path}.non_types", f"not allowed with {other}")
        if "subtypes" in flt:
            self.string_list(flt["subtypes"], f"{path}.subtypes", nonempty=True)
        if "nonbasic" in flt:
            self.boolean(flt["nonbasic"], f"{path}.nonbasic")
        if "basic" in flt:   # 205.4c: "a basic land" (Pulse of Llanowar)
            self.boolean(flt["basic"], f"{path}.basic")
            if flt.get("basic") is True and flt.get("nonbasic") is True:
                self.add(f"{path}.basic", "a permanent can't be both basic and nonbasic")

    def effect(self, v: Any, path: str, of_permanent: bool = False, of_spell: bool = False,
               x_ok: bool = False) -> None:
        eff = self.obj(v, path, 'an effect such as {"action": "draw", "n": 1}')
        if eff is None:
            return
        if "action" not in eff:
            self.add(f"{path}.action", 'missing required field (use "not_modeled" for effects the '
                                       "rules do not need)")
            return
        action = self.choice(eff["action"], f"{path}.action", EFFECT_ACTIONS,
                             "a known effect action")
        if action is None:
            return
        if action == "until_end_of_turn":
            if ("replace_mana" in eff) == ("triggered_mana" in eff):
                self.add(f"{path}.replace_mana", 'needs exactly one of "replace_mana" and "triggered_mana" '
                                                 "(for until_end_of_turn)")
            if "replace_mana" in eff:
                self.replace_mana(eff["replace_mana"], f"{path}.replace_mana")
            if "triggered_mana" in eff:
                self.triggered_mana(eff["triggered_mana"], f"{path}.triggered_mana")
        if "condition" in eff:
            self.condition(eff["condition"], f"{path}.condition")
        if action == "flash_permission" and "what" not in eff:
            # 702.8a: which spells may be cast as though they had flash
            self.add(f"{path}.what", "missing required field (for flash_permission)")
        if action == "extra_land_drops" and "n" not in eff:
            # 305.2: how many more lands its controller may play this turn
            self.add(f"{path}.n", "missing required field (for extra_land_drops)")
        if action == "boost_self":  # 611.3a: creatures.lp applies it under this condition only
            cond = eff.get("condition")
            if not isinstance(cond, dict) or set(cond) != {"legendary_creatures_you_control_at_least"}:
                self.add(f"{path}.condition", 'boost_self needs its condition, '
                                              '{"legendary_creatures_you_control_at_least": N} (a boost '
                                              'with no condition is the printed power and toughness)')
        for (act, param), allowed in EFFECT_PARAM_CHOICES.items():
            if action == act:
                if param not in eff:
                    self.add(_key_path(path, param), f"missing required field (for {act})")
                else:
                    self.choice(eff[param], _key_path(path, param), allowed, f"a {param} of {act}")
        # ("Creatures you control gain haste until end of turn": an optional group, from a closed set)
        # (601.2c, 115.1, 115.4: what every target of a not-modeled effect no TARGET reads must be)
        if action == "not_modeled" and "unread_targets" in eff:
            self.choice(eff["unread_targets"], _key_path(path, "unread_targets"),
                        ("player", "opponent", "player_or_planeswalker", "any_target", "object"),
                        "a kind of target")
        # (601.2c, 115.1: beside the TARGETs read, the kind of the targets none reads: Hungry Flames)
        if action == "not_modeled" and "unread_beside" in eff:
            self.choice(eff["unread_beside"], _key_path(path, "unread_beside"),
                        ("player", "opponent", "player_or_planeswalker", "any_target"), "a kind of target")
            if not eff.get("targets"):
                self.add(_key_path(path, "unread_beside"), "needs \"targets\" (the targets read beside it); "
                         "without them, unread_targets says what every target is")
        if action == "gain_haste" and "group" in eff:
            self.choice(eff["group"], _key_path(path, "group"), ("creatures_you_control",), "a group of gain_haste")
        if action == "add_mana":
            if "produce" not in eff:
                self.add(f"{path}.produce", "missing required field (for add_mana)")
            else:
                self.produce(eff["produce"], f"{path}.produce")
                fe = eff["produce"].get("for_each") if isinstance(eff["produce"], dict) else None
                # an activated or triggered ability may count the counters on its source (Black
                # Market's "add {B} for each charge counter on this enchantment", 608.2h)
                counts = SPELL_FOR_EACH_COUNTS + (("counters",) if of_permanent else ())
                if fe is not None and not (isinstance(fe, dict)
                                           and ("mana" in fe or (fe.get("any_combination") is True
                                                                 and "types" in fe))
                                           and all(k in counts for k in fe
                                                   if k in FOR_EACH_COUNTS)
                                           and fe.get("devotion") != "chosen"):
                    self.add(f"{path}.produce.for_each", "a spell's or effect's mana is counted "
                             f"only as symbols (\"mana\") for each of {', '.join(SPELL_FOR_EACH_COUNTS)}")
        if "remove_all_counters" in eff:
            # "remove all charge counters from this artifact. Add one mana of any color for each
            # charge counter removed this way" (Coalition Relic; 122.1, 608.2h): the kind its mana counts
            fe = eff.get("produce", {}).get("for_each") if isinstance(eff.get("produce"), dict) else None
            if action != "add_mana" or not of_permanent or not isinstance(fe, dict) \
                    or fe.get("counters") != eff["remove_all_counters"]:
                self.add(_key_path(path, "remove_all_counters"),
                         "only for add_mana of a permanent's ability whose produce counts that kind of "
                         "counter (for_each counters)")
        self.effect_params(eff, path, of_spell or x_ok)

    def effect_params(self, eff: Mapping[str, Any], path: str, x_ok: bool = False) -> None:
        """The parameters of an effect (amounts, counts, counter kinds, targets, the token it
        creates): numbers within the card bounds (facts.py writes them as solver integers), words,
        true/false, a token or a sacrifice object, a list of keywords. The amounts and counts
        (NUMERIC_EFFECT_PARAMS) are numbers; with ``x_ok`` (a spell, an activated ability with {X}
        in its cost, an enters-the-battlefield trigger) the amount of damage, the number of cards
        drawn, of tokens created or of counters put may be "X" (107.3a, 107.3k, 107.3m: the X of
        what resolves, effects.lp's fx_num/5)."""
        for k, val in eff.items():
            if k in ("action", "condition", "replace_mana", "produce", "triggered_mana"):
                continue
            p = _key_path(path, str(k))
            if k in NUMERIC_EFFECT_PARAMS and not _is_int(val):
                if not (val == "X" and x_ok and (eff.get("action"), k) in X_AMOUNTS):
                    self.add(p, f"expected a number, got {_q(val)} (\"X\" only as the amount of "
                                "damage, cards drawn, tokens created or counters put by a spell, an "
                                "activated ability with {X} in its cost or an enters-the-battlefield "
                                "trigger: 107.3a, 107.3k, 107.3m)")
                continue
            if isinstance(val, bool):
                continue
            if _is_int(val):
                self.integer(val, p, -MAX_CARD_NUMBER)
            elif isinstance(val, str):
                self.string(val, p)
            elif k == "token":
                self.token(val, p)
            elif k == "sacrifice":
                sac = self.obj(val, p, '{"type": "Creature"}')
                if sac is not None:
                    self.fields(sac, p, ("type",))
                    if "type" in sac:
                        self.choice(sac["type"], f"{p}.type", CARD_TYPES, "a card type")
            elif k == "keywords":
                self.string_list(val, p)
            elif k == "types" and eff.get("action") == "become_creature":
                # 205.1b: the card types it becomes (keeping its own): creature among them
                self.string_list(val, p, CARD_TYPES, "a card type", nonempty=True)
                if isinstance(val, list) and "Creature" not in val:
                    self.add(p, "a permanent that becomes a creature has the type Creature")
            elif k == "subtypes" and eff.get("action") == "become_creature":
                self.string_list(val, p, nonempty=True)
            elif k == "colors" and eff.get("action") == "become_creature":
                self.string_list(val, p, COLOR_LETTERS, "a color", nonempty=True)
            elif k == "targets" and eff.get("action") == "not_modeled":
                self.target_reqs(val, p)
            elif k == "target_filter" and eff.get("action") == "gain_haste" and eff.get("target") == "creature":
                # 601.2c: the qualifiers of its target creature ("Target creature you control")
                flt = self.obj(val, p, '{"controller": "you"}')
                if flt is not None:
                    self.fields(flt, p, (), ("controller", "colors", "colorless", "subtypes"))
                    if "controller" in flt:
                        self.choice(flt["controller"], f"{p}.controller", ("you", "opponents"), "a controller")
                    if "colors" in flt:
                        self.string_list(flt["colors"], f"{p}.colors", COLOR_LETTERS, "a color", nonempty=True)
                    if "colorless" in flt:
                        self.boolean(flt["colorless"], f"{p}.colorless")
                    if "subtypes" in flt:
                        self.string_list(flt["subtypes"], f"{p}.subtypes", nonempty=True)
            else:
                self.add(p, f"expected a number, a word or true/false, got {_q(val)}")

    def target_reqs(self, v: Any, path: str) -> None:
        """The targets a not-modeled effect requires (601.2c, 602.2b): a list of TARGET objects,
        {"zone": "battlefield"|"stack"|"graveyard", "types" (any one of them), "all_types" (each of
        them too: "target artifact creature"), "non_types", "colors", "non_colors", "supertypes", "non_supertypes" ("target nonlegendary creature"), "subtypes" (each of them), "tapped", "combat": "attacking"|"blocking"|"attacking_or_blocking"|"blocked"|"unblocked" ("target attacking creature": the state's `combat`; "target blocked creature": its `blocked`, 509.1h), "controller": "you"|"opponents", "other", "another" (its targets
        differ from those of every TARGET before it: "another target", 601.2c), "count" (N, or "X": as
        many as the X announced; 0 with "max": "up to two target creatures" requires none, but each
        target named fits it), "mana_value": "X" (its mana value is the X announced) or {"at_most": N}
        or {"at_least": N} ("with mana value 3 or less", 202.3), "abilities" (on the stack: true,
        "activated" or "triggered": an ability of that kind is a target too), "spells" (false: no
        spell is: "target activated or triggered ability"), "max" (N or
        "any": "one or two target creatures" names at least "count" and at most "max"),
        "multicolored", "colorless" (true: of two or more colors, of none, 105.2b-c), "source_types"
        (an ability whose source has one of these card types: "from an artifact source", 113.7), "kicked"
        (true: required only of a kicked spell, false: only of one cast without its kicker; the
        targets of "If this spell was kicked, ... instead", 702.33d)}."""
        if not isinstance(v, list) or not v:
            self.add(path, f"expected a non-empty list of targets, got {_q(v)}")
            return
        for i, t in enumerate(v):
            p = f"{path}[{i}]"
            req = self.obj(t, p, '{"zone": "battlefield", "types": ["Creature"]}')
            if req is None:
                continue
            self.fields(req, p, ("zone",), ("types", "all_types", "non_types", "colors", "non_colors", "supertypes",
                                           "non_supertypes", "subtypes", "tapped", "controller", "other", "another", "count",
                                           "mana_value", "max", "abilities", "spells", "kicked",
                                           "multicolored", "colorless", "source_types", "combat"))
            if "combat" in req:   # "target attacking creature" (506.4, 508.1, 509.1)
                self.choice(req["combat"], f"{p}.combat", ("attacking", "blocking", "attacking_or_blocking", "blocked", "unblocked"),
                            "a combat status")
                if req.get("zone") != "battlefield":
                    self.add(f"{p}.combat", "only a target on the battlefield (zone \"battlefield\") attacks or blocks")
            if "zone" in req:
                self.choice(req["zone"], f"{p}.zone", ("battlefield", "stack", "graveyard"), "a zone")
            for f in ("types", "all_types", "non_types"):
                if f in req:
                    self.string_list(req[f], f"{p}.{f}", CARD_TYPES, "a card type", nonempty=True)
            for f in ("colors", "non_colors"):
                if f in req:
                    self.string_list(req[f], f"{p}.{f}", COLOR_LETTERS, "a color", nonempty=True)
            for f in ("supertypes", "non_supertypes"):   # "target legendary/nonlegendary creature"
                if f in req:
                    self.string_list(req[f], f"{p}.{f}", SUPERTYPES, "a supertype", nonempty=True)
            if "subtypes" in req:   # "target Assembly-Worker creature": each of them (205.3)
                sub = req["subtypes"]
                if not isinstance(sub, list) or not sub or not all(isinstance(x, str) and x.strip() for x in sub):
                    self.add(f"{p}.subtypes", f'expected a non-empty list of subtypes such as ["Goblin"], got {_q(sub)}')
            for f in ("tapped", "other", "another", "kicked", "spells", "multicolored", "colorless"):
                if f in req:
                    self.boolean(req[f], f"{p}.{f}")
            if "source_types" in req:   # 113.7: "target activated ability from an artifact source"
                self.string_list(req["source_types"], f"{p}.source_types", CARD_TYPES, "a card type",
                                 nonempty=True)
                if not req.get("abilities") or req.get("spells") is not False:
                    self.add(f"{p}.source_types", "only a target that is an ability, not a spell "
                                                  "(\"abilities\", \"spells\": false), has a source to type")
            if "abilities" in req and req["abilities"] not in ("activated", "triggered"):
                # 601.2c: true (any activated or triggered ability on the stack), or one kind
                self.boolean(req["abilities"], f"{p}.abilities")
            for f in ("abilities", "spells"):
                if f in req and req.get("zone") != "stack":
                    self.add(f"{p}.{f}", "only a target on the stack (zone \"stack\") may be an ability "
                                         "or not a spell")
            if req.get("spells") is False and not req.get("abilities"):
                self.add(f"{p}.spells", "a target on the stack that is no spell is an ability: "
                                        "\"abilities\" must say which")
            if req.get("another") is True and i == 0:
                self.add(f"{p}.another", "the first target has no target before it to differ from")
            if "controller" in req:
                self.choice(req["controller"], f"{p}.controller", ("you", "opponents"), "a controller")
            if "mana_value" in req and req["mana_value"] != "X":   # "with mana value X" (107.3a)
                mv = req["mana_value"]
                # "with mana value 3 or less" / "4 or greater" (202.3, 601.2c)
                if isinstance(mv, dict) and len(mv) == 1 and next(iter(mv)) in ("at_most", "at_least"):
                    key = next(iter(mv))
                    if not (key == "at_most" and mv[key] == "X"):   # "X or less" (107.3a)
                        self.integer(mv[key], f"{p}.mana_value.{key}", 0)
                else:
                    self.add(f"{p}.mana_value", 'expected "X", {"at_most": N or "X"} or {"at_least": N}, '
                                                f"got {_q(mv)}")
            if "count" in req and req["count"] != "X":   # "X": "X target creatures" (601.2c, 107.3a)
                # (0 with "max": "up to two target creatures", none required, 601.2c)
                self.integer(req["count"], f"{p}.count", 0 if "max" in req else 1)
            if "max" in req and req["max"] != "any":   # "one or two target creatures": at most 2
                self.integer(req["max"], f"{p}.max", 1)

    def type_lists(self, obj: Mapping[str, Any], path: str) -> None:
        """A filter's optional "types", "supertypes" and "subtypes" (each a non-empty list)."""
        if "types" in obj:
            self.string_list(obj["types"], f"{path}.types", CARD_TYPES, "a card type", nonempty=True)
        if "supertypes" in obj:
            self.string_list(obj["supertypes"], f"{path}.supertypes", SUPERTYPES, "a supertype",
                             nonempty=True)
        if "subtypes" in obj:
            self.string_list(obj["subtypes"], f"{path}.subtypes", nonempty=True)

    def token(self, v: Any, path: str) -> None:
        """The token a create_tokens effect makes (111.1, 111.4)."""
        tok = self.obj(v, path, '{"types": ["Creature"], "subtypes": ["Angel"], "power": 4, ...}')
        if tok is None:
            return
        self.fields(tok, path, (), ("name", "types", "subtypes", "power", "toughness", "colors", "keywords"))
        if "name" in tok:
            self.string(tok["name"], f"{path}.name")
        if "types" in tok:
            self.string_list(tok["types"], f"{path}.types", CARD_TYPES, "a card type", nonempty=True)
        for field in ("subtypes", "keywords"):
            if field in tok:
                self.string_list(tok[field], f"{path}.{field}")
        if "colors" in tok:
            self.string_list(tok["colors"], f"{path}.colors", COLOR_LETTERS, "a color")
        for pt in ("power", "toughness"):
            if pt in tok:
                self.integer(tok[pt], f"{path}.{pt}", -MAX_CARD_NUMBER)

    def condition(self, v: Any, path: str) -> None:
        cond = self.obj(v, path, 'a condition such as {"total_power_at_least": 10}')
        if cond is None:
            return
        if len(cond) != 1:
            self.add(path, f"needs exactly one of {', '.join(CONDITIONS)}")
        for k, val in cond.items():
            if k not in CONDITIONS:
                self.add(_key_path(path, k), f"unknown condition{_hint(k, CONDITIONS)}")
            elif CONDITIONS[k] == "int":
                self.integer(val, _key_path(path, k))
            elif val is not True:
                self.add(_key_path(path, k), f"expected true, got {_q(val)}")

    def grant(self, v: Any, path: str) -> None:
        grant = self.obj(v, path, '{"to": FILTER, "ability": ABILITY}')
        if grant is None:
            return
        self.fields(grant, path, ("to", "ability"), ("condition", "also"))
        gcond: dict[str, Any] = grant["condition"] if isinstance(grant.get("condition"), dict) else {}
        if "enchanted_is" in gcond or "modified" in gcond:
            # "As long as enchanted permanent is a land, it has ..." (Nature's Embrace); "As long
            # as this creature is modified, it has ..." (Orochi Merge-Keeper, 700.9)
            q = f"{path}.condition"
            self.fields(gcond, q, (), ("enchanted_is", "modified"))
            if len(gcond) != 1:
                self.add(q, "exactly one of enchanted_is, modified")
            if "enchanted_is" in gcond:
                self.choice(gcond["enchanted_is"], f"{q}.enchanted_is", CARD_TYPES, "a card type")
                if grant.get("to") != "enchanted":
                    self.add(f"{q}.enchanted_is", 'only for a grant to "enchanted"')
            if "modified" in gcond:
                if gcond["modified"] is not True:
                    self.add(f"{q}.modified", "expected true")
                if grant.get("to") != "self":
                    self.add(f"{q}.modified", 'only for a grant to "self"')
        elif "condition" in grant:  # "As long as you control six or more lands, ..." (611.3a)
            gc = self.obj(grant["condition"], f"{path}.condition", '{"you_control": YOU_CONTROL}')
            if gc is not None:
                self.fields(gc, f"{path}.condition", ("you_control",))
                if "you_control" in gc:
                    q = f"{path}.condition.you_control"
                    yc = self.obj(gc["you_control"], q, '{"types": ["Land"], "min": 6}')
                    if yc is not None:  # one card type and a minimum
                        self.fields(yc, q, ("types", "min"))
                        if "types" in yc:
                            self.string_list(yc["types"], f"{q}.types", CARD_TYPES, "a card type",
                                             nonempty=True)
                            if isinstance(yc["types"], list) and len(yc["types"]) != 1:
                                self.add(f"{q}.types", "exactly one card type")
                        if "min" in yc:
                            self.integer(yc["min"], f"{q}.min", 1)
            if not (isinstance(grant.get("to"), dict) or grant.get("to") in (
                    "lands_you_control", "creatures_you_control", "artifacts_you_control")):
                self.add(f"{path}.condition", "only for a grant to permanents you control")
        if "to" in grant and isinstance(grant["to"], dict):
            g = grant["to"]
            p = f"{path}.to"
            self.fields(g, p, ("controller",), ("types", "subtypes", "supertypes", "token", "other",
                                                 "with_counter", "or_types"))
            if "or_types" in g:  # "Each land and Ally you control": also every land
                self.string_list(g["or_types"], f"{p}.or_types", CARD_TYPES, "a card type",
                                 nonempty=True)
            if "controller" in g:
                self.choice(g["controller"], f"{p}.controller", ("you", "any"), "a controller")
            self.type_lists(g, p)
            for f in ("token", "other"):
                if f in g:
                    self.boolean(g[f], f"{p}.{f}")
            # "with a counter on it" (true: any kind), "with a +1/+1 counter on it" (that kind)
            if "with_counter" in g and g["with_counter"] is not True:
                self.string(g["with_counter"], f"{p}.with_counter")
        elif "to" in grant:
            self.choice(grant["to"], f"{path}.to", GRANT_TO, "a grant filter")
        if "ability" in grant:
            self.ability(grant["ability"], f"{path}.ability", "", granted=True)
        if "also" in grant:   # more keywords the same ability grants ("has haste and shroud")
            if not isinstance(grant["also"], list) or not grant["also"]:
                self.add(f"{path}.also", f"expected a nonempty list of keyword abilities, got {_q(grant['also'])}")
            else:
                for i, more in enumerate(grant["also"]):
                    if not isinstance(more, dict) or more.get("kind") != "keyword":
                        self.add(f"{path}.also[{i}]", 'expected a keyword ability ({"kind": "keyword", ...})')
                    else:
                        self.ability(more, f"{path}.also[{i}]", "", granted=True)

    def cost_increase(self, v: Any, path: str) -> None:
        ci = self.obj(v, path, '{"amount": "{2}", "spells_cast_by": ..., "from_zones": [...]}')
        if ci is None:
            return
        self.fields(ci, path, ("amount",), ("spells_cast_by", "from_zones", "spell_types", "spells"))
        if "spell_types" in ci:
            self.string_list(ci["spell_types"], f"{path}.spell_types", CARD_TYPES, "a card type",
                             nonempty=True)
        if "spells" in ci:
            self.spell_filters(ci["spells"], f"{path}.spells")
        if "amount" in ci:
            amount = self.mana(ci["amount"], f"{path}.amount")
            if amount is not None and amount.x:
                self.add(f"{path}.amount", f"{_q(ci['amount'])}: a cost increase has no {{X}}")
        if "spells_cast_by" in ci:
            self.choice(ci["spells_cast_by"], f"{path}.spells_cast_by", PLAYERS, "a player filter")
        if "from_zones" in ci:
            self.string_list(ci["from_zones"], f"{path}.from_zones", ZONES, "a zone", nonempty=True)

    def spell_cost_reduction(self, v: Any, path: str) -> None:
        """601.2f, 118.7a: {"amount": 1, "spells_cast_by": "you", "spells": [SPELL, ...]}."""
        cr = self.obj(v, path, '{"amount": 1, "spells_cast_by": "you", "spells": [{"types": ["Artifact"]}]}')
        if cr is None:
            return
        self.fields(cr, path, ("amount",), ("spells_cast_by", "spells"))
        if "amount" in cr:
            self.integer(cr["amount"], f"{path}.amount", 1)
        if "spells_cast_by" in cr:
            self.choice(cr["spells_cast_by"], f"{path}.spells_cast_by", PLAYERS, "a player filter")
        if "spells" in cr:
            self.spell_filters(cr["spells"], f"{path}.spells")

    def spell_filters(self, spells: Any, path: str) -> None:
        """A cost increase's or reduction's spells (601.2f): a list of SPELL filters, any of which
        a spell may match (the properties of a spend restriction's spell, but the chosen type)."""
        if not isinstance(spells, list) or not spells:
            self.add(path, "expected a non-empty list of spell filters such as "
                           f'[{{"types": ["Artifact"]}}], got {_q(spells)}')
            return
        wrapped = [{"spell": sp} for sp in spells]
        for i, sp in enumerate(spells):
            q = f"{path}[{i}]"
            d = self.obj(sp, q, '{"types": ["Artifact"]}')
            if d is None:
                continue
            if "chosen_type" in d:
                self.add(f"{q}.chosen_type", "only a spend restriction reads the chosen type")
            self.spell_filter(d, q, wrapped)

    def triggered_mana(self, v: Any, path: str) -> None:
        """603.7, 605.1b: a delayed triggered mana ability a resolved spell creates for the turn
        ("Until end of turn, whenever a player taps an Island for mana, that player adds an
        additional {U}", High Tide): a "tapped for mana" trigger and the fixed mana it adds."""
        tm = self.obj(v, path, '{"trigger": {"event": "tapped_for_mana", ...}, "mana": {"fixed": "{U}"}}')
        if tm is None:
            return
        self.fields(tm, path, ("trigger", "mana"))
        if "trigger" in tm:
            self.trigger(tm["trigger"], f"{path}.trigger")
            if isinstance(tm["trigger"], dict) and tm["trigger"].get("event") != "tapped_for_mana":
                self.add(f"{path}.trigger.event", 'expected "tapped_for_mana"')
            if isinstance(tm["trigger"], dict) and tm["trigger"].get("what") in ("enchanted", "same_name_as_exiled"):
                self.add(f"{path}.trigger.what", "a lasting effect enchants and exiles nothing")
            for f in ("of_chosen_color", "any_mana_ability"):
                if isinstance(tm["trigger"], dict) and f in tm["trigger"]:
                    self.add(f"{path}.trigger.{f}", "not for a lasting effect (no color was chosen for it)")
        if "mana" in tm:
            mana = self.obj(tm["mana"], f"{path}.mana", '{"fixed": "{U}"}')
            if mana is not None:
                self.fields(mana, f"{path}.mana", ("fixed",))
                if "fixed" in mana:
                    self.mana(mana["fixed"], f"{path}.mana.fixed", produced=True)

    def replace_mana(self, v: Any, path: str) -> None:
        rm = self.obj(v, path, '{"when": {...}, "result": {...}}')
        if rm is None:
            return
        self.fields(rm, path, ("when", "result"))
        if "when" in rm:
            p = f"{path}.when"
            when = self.obj(rm["when"], p,
                            '{"tapped_for_mana": true, "what": ..., "controller": ...}')
            if when is not None:
                self.fields(when, p, ("tapped_for_mana",), ("what", "controller"))
                if "tapped_for_mana" in when and when["tapped_for_mana"] is not True:
                    self.add(f"{p}.tapped_for_mana", f"expected true, got "
                                                     f"{_q(when['tapped_for_mana'])}")
                if "what" in when:
                    self.permanent_filter(when["what"], f"{p}.what")
                if "controller" in when:
                    self.choice(when["controller"], f"{p}.controller", PLAYERS, "a player filter")
        if "result" in rm:
            p = f"{path}.result"
            res = self.obj(rm["result"], p, '{"fixed": "{B}"}, {"type": "C"}, {"any_color": true}, '
                                            '{"multiply": 2} or {"by_subtype": {"Plains": "R"}}')
            if res is not None:
                if len(res) != 1:
                    self.add(p, 'needs exactly one of "fixed", "type", "any_color", "multiply", "by_subtype"')
                self.fields(res, p, (), ("fixed", "type", "any_color", "multiply", "by_subtype"))
                if "by_subtype" in res:   # Naked Singularity: "Plains produce {R}, Islands produce {G}, ..."
                    bs = self.obj(res["by_subtype"], f"{p}.by_subtype", '{"Plains": "R", "Island": "G"}')
                    if bs is not None:
                        if not bs:
                            self.add(f"{p}.by_subtype", "needs at least one subtype")
                        for sub, t in bs.items():
                            if not sub.strip():
                                self.add(f"{p}.by_subtype", "a subtype can't be empty")
                            self.choice(t, f"{p}.by_subtype.{sub}", MANA_TYPES, "a mana type")
                if "any_color" in res and res["any_color"] is not True:
                    self.add(f"{p}.any_color", f"expected true, got {_q(res['any_color'])}")
                if "fixed" in res:
                    self.mana(res["fixed"], f"{p}.fixed", produced=True)
                if "type" in res:
                    self.choice(res["type"], f"{p}.type", MANA_TYPES, "a mana type")
                if "multiply" in res:
                    self.integer(res["multiply"], f"{p}.multiply", 2, MAX_MULTIPLY)


# --- building model values --------------------------------------------------------------------


def _build_card(d: Mapping[str, Any]) -> Card:
    faces = []
    for f in d["faces"]:
        abilities = tuple(
            Ability(index=i, kind=a["kind"], text=a["text"],
                    spec={k: copy.deepcopy(v) for k, v in a.items() if k not in ("kind", "text")})
            for i, a in enumerate(f.get("abilities", []), start=1)
        )
        cost = f.get("mana_cost")
        faces.append(Face(
            name=f["name"],
            mana_cost=parse_mana_cost(cost) if cost is not None else None,
            supertypes=tuple(f.get("supertypes", ())),
            types=tuple(f["types"]),
            subtypes=tuple(f.get("subtypes", ())),
            oracle=f["oracle"],
            abilities=abilities,
            power=f.get("power"),
            toughness=f.get("toughness"),
            colors=tuple(f["colors"]) if "colors" in f else None,
            loyalty=f.get("loyalty"),
        ))
    return Card(name=d["name"], layout=d["layout"], faces=tuple(faces))


def parse_card_document(data: Any, source: str | None = None) -> list[Card]:
    """Validate a decoded card file and build its cards; raises InputError with every problem."""
    collector = Collector(source)
    _Validator(collector).document(data)
    collector.raise_if_any()
    return [_build_card(c) for c in data["cards"]]


def _read_json(text: str, source: str) -> Any:
    from mtgasp.state import _BadConstant, _DuplicateKeys, _reject_constant

    # As strict as a state file (state._decode_json): a key given twice, NaN, Infinity.
    hook = _DuplicateKeys()
    try:
        value = json.loads(text, object_pairs_hook=hook, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise InputError(
            Problem("", f"invalid JSON at line {e.lineno}, column {e.colno}: {e.msg}"), source
        ) from None
    except _BadConstant as e:
        raise InputError(Problem("", f"invalid JSON: {e}"), source) from None
    except ValueError as e:  # an integer of more than 4,300 digits
        raise InputError(Problem("", f"invalid JSON: {str(e).split(':')[0]}"), source) from None
    except RecursionError:
        raise InputError(Problem("", "invalid JSON: nested too deeply"), source) from None
    if hook.duplicates:
        raise InputError([Problem("", f'the key "{k}" appears twice in one object (the second would '
                                      "silently replace the first)")
                          for k in dict.fromkeys(hook.duplicates)], source)
    return value


def refusals_of(data: Any) -> dict[str, str]:
    """The ``refused`` list of a validated card document (`mtgasp cards import` writes it): each
    refused card's reason by its name, its casefolded name and, for "A // B", each face's name."""
    out: dict[str, str] = {}
    for e in data.get("refused") or []:
        card, reason = e["refused"], e["reason"]
        for key in (card, *(card.split(" // ") if " // " in card else ())):
            out.setdefault(key, reason)
            out.setdefault(key.casefold(), reason)
    return out


def _read_file(path: Path, refused: dict[str, str] | None = None) -> list[Card]:
    """The cards of a card file (its refused cards' reasons added to ``refused``)."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")   # a byte order mark is not part of the JSON
    except OSError as e:
        raise InputError(Problem("", f"cannot read card file: {e.strerror or e}"), source) from None
    except UnicodeDecodeError as e:
        raise InputError(Problem("", f"card file is not UTF-8: {e}"), source) from None
    data = _read_json(text, source)
    cards = parse_card_document(data, source)
    if refused is not None:
        refused.update(refusals_of(data))
    return cards


# --- the library ------------------------------------------------------------------------------


class CardLibrary:
    """An immutable set of cards, looked up by name (or by a face name of a modal DFC)."""

    def __init__(self, cards: Iterable[Card] = (), refused: Mapping[str, str] | None = None):
        """``refused``: the reasons of cards `mtgasp cards import` refused (refusals_of), by name."""
        self._refused_reasons: dict[str, str] = dict(refused or {})
        self._cards: dict[str, Card] = {}
        for card in cards:  # later cards replace earlier ones of the same name
            self._cards[card.name] = card
        self._sorted: tuple[str, ...] = tuple(sorted(self._cards))
        self._index = {name: i for i, name in enumerate(self._sorted)}
        # 111.4: the tokens the cards' effects create, as cards of their own (not listed by
        # iteration or names(): they are never in a hand or library); ids after the cards'.
        self._tokens: dict[str, Card] = {}
        for name in self._sorted:
            for spec in token_specs(self._cards[name]):
                tok = token_card(spec)
                if tok.name not in self._cards and tok.name not in self._tokens:
                    self._tokens[tok.name] = tok
                    self._index[tok.name] = len(self._index)
        # lookup keys: full names first, then face names of multi-faced cards
        self._lookup: dict[str, str] = {}
        for card in self._cards.values():
            for face in card.faces:
                if len(card.faces) > 1:
                    self._lookup.setdefault(face.name, card.name)
        self._lookup.update({name: name for name in self._cards})
        self._folded: dict[str, str] = {}
        for key in sorted(self._lookup, key=lambda k: k not in self._cards):
            self._folded.setdefault(key.casefold(), key)

    # construction

    @classmethod
    def builtin(cls) -> CardLibrary:
        """The package's built-in library (read and validated once per process)."""
        return _builtin()

    @classmethod
    def from_data(cls, data: Any, source: str | None = None,
                  base: CardLibrary | None = None) -> CardLibrary:
        """A library from an already decoded card document, on top of ``base`` (default: the
        built-in library; pass ``CardLibrary()`` to start empty)."""
        cards = parse_card_document(data, source)
        return cls([*(base if base is not None else cls.builtin()), *cards])

    @classmethod
    def load(cls, paths: str | Path | Iterable[str | Path],
             base: CardLibrary | None = None) -> CardLibrary:
        """The library ``base`` (default: the built-in one; ``CardLibrary()`` for none) plus the
        cards of ``paths``, in order: a card replaces an earlier card (built-in or from an earlier
        file) of the same name. Every file is validated; all their problems are raised together."""
        if isinstance(paths, (str, Path)):
            paths = [paths]
        cards: list[Card] = list(base if base is not None else cls.builtin())
        refused: dict[str, str] = dict(getattr(base, "_refused_reasons", None) or {})
        errors: list[InputError] = []
        for p in paths:
            try:
                cards += _read_file(Path(p), refused)
            except InputError as e:
                errors.append(e)
        if len(errors) == 1:
            raise errors[0]
        if errors:
            problems = [Problem(f"{e.source}: {p.path}" if p.path else str(e.source), p.message)
                        for e in errors for p in e.problems]
            raise InputError(problems)
        return cls(cards, refused)

    # lookups

    def find(self, name: str) -> Card | None:
        """The card with this full name or face name (exact, else case-insensitive), or None."""
        key = self._lookup.get(name)
        if key is None:
            folded = self._folded.get(name.casefold()) if isinstance(name, str) else None
            key = self._lookup.get(folded) if folded is not None else None
        if key is None and isinstance(name, str) and " // " in name:
            # "A // B" of a card whose other faces the imported data lacks (the copy of
            # AtomicCards.json in ../shared has front faces only for modal DFCs, split, adventure
            # and flip cards): the importer keeps the front face alone, as the card "A" (never
            # a built-in card, whose faces are all known)
            front = self.find(name.split(" // ", 1)[0])
            if front is not None and len(front.faces) == 1 and front.name.casefold() == \
                    name.split(" // ", 1)[0].casefold() and front.name not in _builtin():
                return front
        if key is None:
            return self._tokens.get(name) if isinstance(name, str) else None
        return self._cards[key]

    def is_token(self, name: str) -> bool:
        """A token card derived from a create_tokens effect (111.4)."""
        return name in self._tokens and name not in self._cards

    def get(self, name: str) -> Card:
        """Like ``find`` but raises UnknownCardError (with suggestions, or the importer's reason for
        a card it refused) for a name that isn't a card of the library."""
        card = self.find(name)
        if card is None:
            raise UnknownCardError(name, self.suggest(name), self.refusal(name))
        return card

    def refusal(self, name: str) -> str | None:
        """Why `mtgasp cards import` refused the card of this name (an imported library records
        the cards it refused: a --cards file written by it), or None: the name is unknown, or a
        card of the library."""
        if not isinstance(name, str) or not self._refused_reasons or self.find(name) is not None:
            return None
        return self._refused_reasons.get(name) or self._refused_reasons.get(name.casefold())

    def suggest(self, name: str) -> list[str]:
        """Up to three known names (card or face names) closest to ``name``, case-insensitively."""
        if not isinstance(name, str) or len(name) > 200:
            return []
        close = difflib.get_close_matches(name.casefold(), list(self._folded), n=3, cutoff=0.6)
        return [self._folded[c] for c in close]

    def unknown_message(self, name: str) -> str:
        """``unknown card "X" (did you mean "Y"?)``: for validators reporting an unknown name (a
        card the importer refused: known, not supported, with its reason)."""
        refusal = self.refusal(name) if isinstance(name, str) else None
        if refusal:
            return refused_card_message(name, refusal)
        return unknown_card_message(name, self.suggest(name))

    def names(self) -> list[str]:
        """Every card's full name, sorted."""
        return list(self._sorted)

    def index(self, card_name: str) -> int:
        """A stable compact id: the card's position among the sorted names."""
        return self._index[self.get(card_name).name]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        """The cards, in sorted name order."""
        return (self._cards[n] for n in self._sorted)

    def __repr__(self) -> str:
        return f"<CardLibrary of {len(self)} cards>"


def token_specs(card: Card) -> Iterator[Mapping[str, Any]]:
    """The token definitions of a card's create_tokens effects."""
    for face in card.faces:
        for ab in face.abilities:
            specs: list[Mapping[str, Any]] = [ab.spec]
            grant = ab.spec.get("grant") if ab.kind == "static" else None
            if isinstance(grant, Mapping) and isinstance(grant.get("ability"), Mapping):
                # 113.2, 111.4: an ability the card grants creates its tokens too (Commander's
                # Authority: "Enchanted creature has 'At the beginning of your upkeep, create a 1/1
                # white Human creature token.'"; found by probe32d: apply refused its Human Token
                # as an unknown card)
                specs.append(grant["ability"])
            effects = [e for sp in specs for e in [sp.get("effect"), *(sp.get("effects") or [])]]
            for eff in effects:
                if isinstance(eff, Mapping) and eff.get("action") == "create_tokens" \
                        and isinstance(eff.get("token"), Mapping):
                    yield eff["token"]


def token_name(spec: Mapping[str, Any]) -> str:
    """111.4: a token whose effect names no name is named after its subtypes plus "Token"."""
    return str(spec.get("name") or " ".join([*spec.get("subtypes", []), "Token"]))


def token_card(spec: Mapping[str, Any]) -> Card:
    """The card-like definition of a token (111.1, 111.4): its types, subtypes, power,
    toughness and keyword abilities, as the effect that creates it says."""
    keywords = [str(k) for k in spec.get("keywords", [])]
    text = ", ".join(keywords).capitalize()
    abilities = tuple(Ability(i, "keyword", k, {"keyword": k}) for i, k in enumerate(keywords, start=1))
    face = Face(name=token_name(spec), mana_cost=None, supertypes=(),
                types=tuple(spec.get("types", ["Creature"])), subtypes=tuple(spec.get("subtypes", [])),
                oracle=text, abilities=abilities, power=spec.get("power"),
                toughness=spec.get("toughness"), colors=tuple(spec.get("colors", [])))
    return Card(name=face.name, layout="normal", faces=(face,))


@cache
def _builtin() -> CardLibrary:
    source = "mtgasp/data/cards.json"
    text = resources.files("mtgasp.data").joinpath("cards.json").read_text(encoding="utf-8")
    return CardLibrary(parse_card_document(_read_json(text, source), source))

