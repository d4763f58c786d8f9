"""Batch checking: one question per line of a JSON Lines file, one answer per line, in input order.

A line is a JSON object: ``{"state": {...}, "action": {...}, "object": "id", "player": "name",
"query": "moves"}``. ``state`` is a state document (contracts.md, section 1); ``action`` is needed by
``why``, ``object`` by ``mana``; ``player`` and ``query`` are optional (the query defaults to the
batch's). The answer line carries ``line`` (1-based) and ``query`` and then:

- moves: ``player`` and ``moves`` (as ``mtgasp moves --json``);
- why:   the verdict (as ``mtgasp why --json``);
- mana:  ``object`` and ``types`` (as ``mtgasp mana --json``);
- a line that can't be answered: ``error`` ("bad input" with ``problems``, each with the path of
  its field, as the other commands print; or "internal error" with ``message``: a bug), and the
  batch goes on.

Backends (the answers are the same whatever the backend; tests/test_batch.py):
- in process (``workers=1``);
- a pool of worker processes (``workers=N``), each keeping its Checker (card library, parsed
  encodings) warm for every line it answers;
- a Dask distributed cluster (``dask=ADDRESS``, or a ``distributed.Client``): chunks of lines are
  tasks; each worker process builds its Checker once (per card library) and keeps it.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from mtgasp.errors import InputError, Problem, bounded_repr

QUERIES = ("moves", "why", "mana")
LINE_FIELDS = ("state", "action", "object", "player", "query")

# The card files of a batch travel as (name, text) so that remote workers need no shared disk.
CardTexts = tuple[tuple[str, str], ...]

_CHECKERS: dict[str, Any] = {}  # per worker process: card library key -> warm Checker
_LOCK = threading.Lock()


def card_texts(paths: Sequence[str]) -> CardTexts:
    """Read the card files (validating them once here, so that a bad file is one input error)."""
    from pathlib import Path

    from mtgasp.cards import CardLibrary

    if paths:
        CardLibrary.load([Path(p) for p in paths])  # raises InputError naming the file and field
    return tuple((p, Path(p).read_text(encoding="utf-8")) for p in paths)


def checker_for(cards: CardTexts) -> Any:
    """The warm Checker of this process for these card files (built on first use)."""
    key = hashlib.sha256(json.dumps(cards).encode()).hexdigest()
    with _LOCK:
        found = _CHECKERS.get(key)
        if found is None:
            from mtgasp.api import Checker
            from mtgasp.cards import CardLibrary
            from mtgasp.state import read_document

            library = CardLibrary.builtin()
            for name, text in cards:
                doc, source = read_document(text, source=name, what="card file")
                library = CardLibrary.from_data(doc, source=source, base=library)
            found = _CHECKERS[key] = Checker(library)
        return found


def answer(checker: Any, text: str, number: int, query: str = "moves") -> dict[str, Any]:
    """The answer to one line (never raises: a bad line gives an error object)."""
    out: dict[str, Any] = {"line": number}
    try:
        out.update(_answer(checker, text, number, query))
    except InputError as e:
        out.update(e.to_json())
    except RecursionError:
        out.update(InputError(Problem("", "the line is nested too deeply"), f"line {number}").to_json())
    except Exception as e:  # noqa: BLE001  (a bug: say so on this line, go on with the batch)
        what = f"{type(e).__name__}: {bounded_repr(str(e), 200)}" if str(e) else type(e).__name__
        out.update({"error": "internal error", "message": f"{what} (a bug in mtgasp)"})
    return out


def _answer(checker: Any, text: str, number: int, query: str) -> dict[str, Any]:
    from mtgasp.actions import acting_player, parse_action
    from mtgasp.state import parse_state

    source = f"line {number}"
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(Problem("", f"not JSON: {e.msg} (column {e.colno})"), source) from None
    except RecursionError:
        raise InputError(Problem("", "the line is nested too deeply"), source) from None
    if not isinstance(doc, dict):
        raise InputError(Problem("", "a line must be a JSON object with a \"state\""), source)
    problems = [Problem(k, f'unknown field (one of {", ".join(LINE_FIELDS)})') for k in doc if k not in LINE_FIELDS]
    query = doc.get("query", query)
    if query not in QUERIES:
        problems.append(Problem("query", f"{json.dumps(query)[:60]} is not a query (one of {', '.join(QUERIES)})"))
    if "state" not in doc:
        problems.append(Problem("state", "missing"))
    if query == "why" and "action" not in doc:
        problems.append(Problem("action", "missing (the query is why)"))
    if query == "mana" and not isinstance(doc.get("object"), str):
        problems.append(Problem("object", "missing or not a string (the query is mana)"))
    player = doc.get("player")
    if player is not None and not isinstance(player, str):
        problems.append(Problem("player", "not a string"))
    if problems:
        raise InputError(problems, source)
    state = parse_state(doc["state"], checker.library, source=f"{source}: state")
    if player is not None and state.player(player) is None:
        raise InputError(Problem("player", f'"{player}" is not a player of the state'), source)
    out: dict[str, Any] = {"query": query}
    if query == "mana":
        oid = doc["object"]
        if state.obj(oid) is None:
            raise InputError(Problem("object", f'no object "{oid[:60]}" in the state'), source)
        out.update({"object": oid, "types": checker.mana(state, oid)})
        return out
    who = acting_player(state, player)
    if query == "why":
        action = parse_action(json.dumps(doc["action"]), state, checker.library, who)
        out.update(checker.why(state, action, who).why_json())
        return out
    out.update({"player": who, "moves": [v.to_json() for v in checker.moves(state, who)]})
    return out


# ---- backends -----------------------------------------------------------------------------------

def _chunk(cards: CardTexts, query: str, items: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """Answer a chunk of (line number, text) with this process's warm Checker."""
    checker = checker_for(cards)
    return [answer(checker, text, n, query) for n, text in items]


_POOL_CARDS: CardTexts = ()
_POOL_QUERY = "moves"


def _pool_init(cards: CardTexts, query: str) -> None:
    global _POOL_CARDS, _POOL_QUERY
    _POOL_CARDS, _POOL_QUERY = cards, query
    checker_for(cards)  # warm: the library and the parsed encodings are ready before any line


def _pool_chunk(items: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return _chunk(_POOL_CARDS, _POOL_QUERY, items)


def _chunks(lines: Iterable[str], size: int) -> Iterator[list[tuple[int, str]]]:
    chunk: list[tuple[int, str]] = []
    for n, text in enumerate(lines, start=1):
        if not text.strip():
            continue  # blank lines carry no question (their numbers still count)
        chunk.append((n, text))
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_batch(lines: Iterable[str], query: str = "moves", cards: CardTexts = (), workers: int = 1,
              dask: Any = None, chunk_size: int = 8,
              progress: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]:
    """The answers to the lines, in input order. ``dask`` is a scheduler address or a
    distributed.Client; else ``workers`` processes (1: this process)."""
    chunks = _chunks(lines, chunk_size)
    done = 0
    if dask is not None:
        results: Iterable[list[dict[str, Any]]] = _dask_results(dask, chunks, cards, query)
    elif workers > 1:
        ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
        pool = ctx.Pool(workers, initializer=_pool_init, initargs=(cards, query))
        try:
            for res in pool.imap(_pool_chunk, chunks):
                done += len(res)
                if progress:
                    progress(done)
                yield from res
        finally:
            pool.terminate()
        return
    else:
        results = (_chunk(cards, query, c) for c in chunks)
    for res in results:
        done += len(res)
        if progress:
            progress(done)
        yield from res


def _dask_results(dask: Any, chunks: Iterator[list[tuple[int, str]]], cards: CardTexts,
                  query: str) -> Iterator[list[dict[str, Any]]]:
    """Submit the chunks to a Dask cluster (at most a few per worker in flight), yield in order."""
    from distributed import Client  # optional: pip install distributed

    client = dask if isinstance(dask, Client) else Client(dask)
    try:
        window = max(4, 4 * len(client.scheduler_info().get("workers", {})))
        pending: list[Any] = []
        for c in chunks:
            pending.append(client.submit(_chunk, cards, query, c, pure=False))
            if len(pending) >= window:
                yield pending.pop(0).result()
        while pending:
            yield pending.pop(0).result()
    finally:
        if client is not dask:
            client.close()


class Progress:
    """Progress on stderr for long runs: at most one line a second, and a last one."""

    def __init__(self, stream: Any = None, every: float = 1.0):
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self.start = time.monotonic()
        self.last = self.start
        self.done = 0

    def __call__(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            self._print(now)

    def finish(self) -> None:
        self._print(time.monotonic())

    def _print(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        print(f"batch: {self.done} lines answered ({rate:.0f}/s)", file=self.stream, flush=True)
