"""The library the command line reads: built-in cards, imported cards, ``--cards`` files.

``mtgasp cards import`` writes the compiled library to the per-user data folder
(``$XDG_DATA_HOME/mtgasp/cards.json``, see ``oracle.default_library_path``), one card per line.
``library_with_imported`` puts that file under the built-in cards and the ``--cards`` files:

- a built-in card wins over an imported card of the same name (the hand-written card is the
  reference), a ``--cards`` file's card wins over both (docs/card-format.md);
- the imported file is read lazily: only the names are indexed when the library is made; a card
  is decoded and validated when a state, an action or ``cards show`` names it, so a state naming
  20 imported cards costs the same as one naming 20 built-in cards (only the cards a state names
  become facts). A card that fails validation is reported then, naming the file and the card.
- the tokens the cards' effects create (111.4, ``CardLibrary``'s token cards): those of the
  built-in and ``--cards`` cards are known at once; those of the imported cards are found the
  first time a name is not a card (an imported card's token effect, a Forge puzzle's token, an
  unknown name), by decoding the imported cards whose line has a ``create_tokens`` effect (a
  few hundred of the ~29,000), once per library.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from mtgasp.cards import CardLibrary, parse_card_document, token_card, token_specs
from mtgasp.errors import InputError, Problem
from mtgasp.model import Card

__all__ = ["LazyCardLibrary", "imported_library_path", "library_with_imported"]

# each card of a library written by `mtgasp cards import` is one line starting {"name":"...
_LINE_NAME = re.compile(rb'\n\{"name":"((?:[^"\\]|\\.)*)"')
# ... and each card it refused one line {"refused":"...","reason":"..."} after them
_REFUSED_LINE = re.compile(rb'\n\{"refused":"((?:[^"\\]|\\.)*)","reason":"((?:[^"\\]|\\.)*)"\}')
_REFUSED_START = b'\n], "refused": [\n'


def imported_library_path() -> Path | None:
    """The per-user imported library if it exists (``MTGASP_NO_IMPORTED=1`` ignores it)."""
    from mtgasp.oracle import default_library_path

    if os.environ.get("MTGASP_NO_IMPORTED"):
        return None
    p = default_library_path()
    return p if p.is_file() else None


class _LazyCards(Mapping[str, Card]):
    """name -> Card, decoding and validating a card the first time it is asked for."""

    def __init__(self, eager: dict[str, Card], data: bytes, offsets: dict[str, int], source: str):
        self._eager = eager
        self._data = data
        self._offsets = offsets
        self._source = source
        self._built: dict[str, Card] = {}
        self._names = set(eager) | set(offsets)

    def __getitem__(self, name: str) -> Card:
        card = self._eager.get(name) or self._built.get(name)
        if card is not None:
            return card
        start = self._offsets[name]
        end = self._data.find(b"\n", start)
        line = self._data[start:end if end >= 0 else len(self._data)].rstrip().rstrip(b",")
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(Problem(f"cards[{json.dumps(name)}]", f"invalid JSON: {e.msg}"),
                             self._source) from None
        cards = parse_card_document({"format": 1, "cards": [doc]},
                                    f"{self._source}: {json.dumps(name)}")
        self._built[name] = cards[0]
        return cards[0]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names


class LazyCardLibrary(CardLibrary):
    """A ``CardLibrary`` whose imported cards are decoded on demand (see the module doc)."""

    def __init__(self, eager: Iterable[Card], path: Path, refused: dict[str, str] | None = None):
        """``refused``: the refusals of the --cards files (CardLibrary.load), consulted first."""
        self._refused_reasons = dict(refused or {})
        eager_cards: dict[str, Card] = {}
        for card in eager:
            eager_cards[card.name] = card
        source = str(path)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise InputError(Problem("", f"cannot read the imported library: {e.strerror or e}"),
                             source) from None
        offsets: dict[str, int] = {}
        if not data.startswith(b'{"format": 1, "cards": [\n'):
            # not written by `mtgasp cards import`: read it whole, like a --cards file
            cards = CardLibrary.load([path], base=CardLibrary()).__iter__()
            lazy_eager = {c.name: c for c in cards}
            for n, c in eager_cards.items():
                lazy_eager[n] = c
            eager_cards = lazy_eager
        else:
            for m in _LINE_NAME.finditer(data):
                raw = m.group(1)
                name = raw.decode("utf-8") if b"\\" not in raw else json.loads(b'"' + raw + b'"')
                if name not in eager_cards:
                    offsets[name] = m.start() + 1
        self._cards = _LazyCards(eager_cards, data, offsets, source)  # type: ignore[assignment]
        self._sorted = tuple(sorted(set(eager_cards) | set(offsets)))
        self._index = {name: i for i, name in enumerate(self._sorted)}
        self._lookup = {}
        for name in self._sorted:
            if " // " in name:  # a multi-faced card: "Front // Back" (docs/card-format.md)
                for face in name.split(" // "):
                    self._lookup.setdefault(face, name)
        self._lookup.update({name: name for name in self._sorted})
        self._folded = {}
        for key in sorted(self._lookup, key=lambda k: k not in self._index):
            self._folded.setdefault(key.casefold(), key)
        # 111.4: the tokens of the eager cards now, those of the imported cards on the first miss
        self._tokens = {}
        for name in sorted(eager_cards):
            self._add_tokens(eager_cards[name])
        self._tokens_scanned = False
        # the cards the importer refused (indexed on the first name that is no card, refusal())
        self._refused_at = data.rfind(_REFUSED_START) if offsets else -1
        self._refused: dict[str, str] | None = None

    def refusal(self, name: str) -> str | None:
        """Why `mtgasp cards import` refused the card of this name (the imported library's
        ``refused`` list; a face name of a refused multi-faced card too), or None."""
        if not isinstance(name, str) or self.find(name) is not None:
            return None
        given = self._refused_reasons.get(name) or self._refused_reasons.get(name.casefold())
        if given is not None or self._refused_at < 0:
            return given
        if self._refused is None:
            self._refused = {}
            data = self._cards._data  # type: ignore[attr-defined]
            for m in _REFUSED_LINE.finditer(data, self._refused_at):
                try:
                    card, reason = (json.loads(b'"' + g + b'"') for g in m.groups())
                except json.JSONDecodeError:
                    continue
                self._refused[card] = reason
                self._refused.setdefault(card.casefold(), reason)
                if " // " in card:
                    for face in card.split(" // "):
                        self._refused.setdefault(face, reason)
                        self._refused.setdefault(face.casefold(), reason)
        return self._refused.get(name) or self._refused.get(name.casefold())

    def _add_tokens(self, card: Card) -> None:
        for spec in token_specs(card):
            tok = token_card(spec)
            if tok.name not in self._cards and tok.name not in self._tokens:
                self._tokens[tok.name] = tok
                self._index[tok.name] = len(self._index)

    def _scan_tokens(self) -> None:
        """Decode the imported cards with a ``create_tokens`` effect and add their tokens."""
        self._tokens_scanned = True
        lazy = self._cards
        assert isinstance(lazy, _LazyCards)
        data = lazy._data
        by_start = {start: name for name, start in lazy._offsets.items()}
        seen: set[int] = set()
        for m in re.finditer(rb'"create_tokens"', data):
            start = data.rfind(b"\n", 0, m.start()) + 1
            name = by_start.get(start)
            if name is None or start in seen:
                continue
            seen.add(start)
            try:
                card = lazy[name]
            except InputError:
                continue  # reported when a state names the card
            self._add_tokens(card)

    def find(self, name: str) -> Card | None:
        card = super().find(name)
        if card is None and not self._tokens_scanned and isinstance(name, str):
            self._scan_tokens()
            card = super().find(name)
        return card

    def is_token(self, name: str) -> bool:
        self.find(name)
        return super().is_token(name)

    def __repr__(self) -> str:
        return f"<LazyCardLibrary of {len(self)} cards>"


def library_with_imported(paths: Iterable[str | Path] = ()) -> CardLibrary:
    """The built-in cards, the imported cards of the per-user data folder (if any) under them,
    and the ``--cards`` files on top (each file validated whole)."""
    paths = [Path(p) for p in paths]
    imported = imported_library_path()
    if imported is None:
        return CardLibrary.builtin() if not paths else CardLibrary.load(paths)
    given = CardLibrary.builtin() if not paths else CardLibrary.load(paths)
    return LazyCardLibrary(list(given), imported, given._refused_reasons)
