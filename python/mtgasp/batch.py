"""Batch checking: one question per line of a JSON Lines file, one answer per line, in input order.

A line is a JSON object: ``{"state": {...}, "action": {...}, "object": "id", "player": "name",
"query": "moves"}``. ``state`` is a state document (contracts.md, section 1); ``action`` is needed by
``why``, ``object`` by ``mana``; ``player`` (``moves``, ``why``) and ``query`` are optional (the query
defaults to the batch's). A field the line's query doesn't read is bad input. The answer line carries ``line`` (1-based) and ``query`` and then:

- moves: ``player`` and ``moves`` (as ``mtgasp moves --json``: with no legal move, ``none_because``);
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

import contextlib
import hashlib
import itertools
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
            from mtgasp.userlib import library_with_imported

            library = library_with_imported()  # built-in + the imported cards (mtgasp cards import)
            for name, text in cards:
                doc, source = read_document(text, source=name, what="card file")
                library = CardLibrary.from_data(doc, source=source, base=library)
            found = _CHECKERS[key] = Checker(library)
        return found


def answer(checker: Any, text: str, number: int, query: str = "moves") -> dict[str, Any]:
    """The answer to one line (never raises: a bad line gives an error object)."""
    out: dict[str, Any] = {"line": number}
    with _line_errors(out, number):
        head, ask = _ask(checker, text, number, query)
        out.update(head)
        out.update(_render(checker, ask, _solve(checker, ask)))
    return out


def answer_grouped(checker: Any, items: Sequence[tuple[int, str]], query: str = "moves",
                   group: int = 16) -> list[dict[str, Any]]:
    """The answers to the lines, their states grounded ``group`` at a time (Checker.many): the same
    verdicts as answer() gives, with clingo's cost per rule paid once per group; a payment plan
    may be another valid payment than answer()'s (the search runs on another ground program)."""
    outs: list[dict[str, Any]] = []
    pending: list[tuple[dict[str, Any], Any]] = []
    for number, text in items:
        out: dict[str, Any] = {"line": number}
        outs.append(out)
        with _line_errors(out, number):
            head, ask = _ask(checker, text, number, query)
            out.update(head)
            pending.append((out, ask))
    for i in range(0, len(pending), max(1, group)):
        part = pending[i:i + max(1, group)]
        try:
            results = checker.many([ask for _, ask in part])
        except Exception:  # noqa: BLE001  (answer each line alone: its own error, if any, on its line)
            results = None
        for j, (out, ask) in enumerate(part):
            with _line_errors(out, out["line"]):
                out.update(_render(checker, ask, results[j] if results is not None else _solve(checker, ask)))
    return outs


@contextlib.contextmanager
def _line_errors(out: dict[str, Any], number: int) -> Iterator[None]:
    """What answering a line raises becomes the line's error object (see the module doc)."""
    try:
        yield
    except Exception as e:  # noqa: BLE001  (a bad line, or a bug: said on its line; the batch goes on)
        for key in [k for k in out if k != "line"]:
            del out[key]
        if isinstance(e, InputError):
            out.update(e.to_json())
        elif isinstance(e, RecursionError):
            out.update(InputError(Problem("", "the line is nested too deeply"), f"line {number}").to_json())
        else:
            what = f"{type(e).__name__}: {bounded_repr(str(e), 200)}" if str(e) else type(e).__name__
            out.update({"error": "internal error", "message": f"{what} (a bug in mtgasp)"})


def _ask(checker: Any, text: str, number: int, query: str) -> tuple[dict[str, Any], Any]:
    """The line's question (api.Ask) and the fields its answer starts with; InputError if bad."""
    from mtgasp.actions import acting_player, parse_action
    from mtgasp.api import Ask, _check_object
    from mtgasp.state import _BadConstant, _DuplicateKeys, _reject_constant, parse_state

    source = f"line {number}"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # bytes that aren't UTF-8, read as surrogates (cli._batch)
        raise InputError(Problem("", "not UTF-8 text"), source) from None
    # As strict as a state file (state._decode_json): NaN and Infinity aren't JSON, a key given
    # twice in one object is refused, an integer of more than 4,300 digits is bad input.
    hook = _DuplicateKeys()
    try:
        doc = json.loads(text, object_pairs_hook=hook, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise InputError(Problem("", f"not JSON: {e.msg} (column {e.colno})"), source) from None
    except _BadConstant as e:
        raise InputError(Problem("", f"not JSON: {e}"), source) from None
    except ValueError as e:  # an integer of more than 4,300 digits
        raise InputError(Problem("", f"not JSON: {str(e).split(':')[0]}"), source) from None
    except RecursionError:
        raise InputError(Problem("", "the line is nested too deeply"), source) from None
    if hook.duplicates:
        raise InputError([Problem("", f'the key "{k}" appears twice in one object (the second would '
                                      "silently replace the first)")
                          for k in dict.fromkeys(hook.duplicates)], source)
    if not isinstance(doc, dict):
        raise InputError(Problem("", "a line must be a JSON object with a \"state\""), source)
    problems = [Problem(k, f'unknown field (one of {", ".join(LINE_FIELDS)})') for k in doc if k not in LINE_FIELDS]
    query = doc.get("query", query)
    if query not in QUERIES:
        problems.append(Problem("query", f"{json.dumps(query)[:60]} is not a query (one of {', '.join(QUERIES)})"))
    if "state" not in doc:
        problems.append(Problem("state", "missing"))
    if query == "why" and not isinstance(doc.get("action"), dict):
        problems.append(Problem("action", "missing or not an object such as {\"kind\": \"pass\"} (the query is why)"))
    if query == "mana" and not isinstance(doc.get("object"), str):
        problems.append(Problem("object", "missing or not a string (the query is mana)"))
    # a field the query doesn't read would be silently ignored (found by probe23e: an action on a
    # moves line): `mtgasp moves` takes no action, `why` no object, `mana` neither a player nor an action
    for key, uses in (("action", ("why",)), ("object", ("mana",)), ("player", ("moves", "why"))):
        if key in doc and query in QUERIES and query not in uses:
            problems.append(Problem(key, f"the query is {query}, which takes no {key} "
                                         f"({key} is read by {' and '.join(uses)})"))
    player = doc.get("player")
    if player is not None and not isinstance(player, str):
        problems.append(Problem("player", "not a string"))
    if problems:
        raise InputError(problems, source)
    state = parse_state(doc["state"], checker.library, source=f"{source}: state")
    if player is not None and state.player(player) is None:
        raise InputError(Problem("player", f'"{player}" is not a player of the state'), source)
    if query == "mana":
        oid = doc["object"]
        try:
            _check_object(state, oid)
        except InputError as e:
            raise InputError(e.problems, source) from None
        return {"query": query, "object": oid}, Ask("mana", state, object=oid)
    who = acting_player(state, player, checker.library)
    if query == "why":
        action = parse_action(doc["action"], state, checker.library, who)
        return {"query": query}, Ask("why", state, who, action)
    return {"query": query, "player": who}, Ask("moves", state, who)


def _solve(checker: Any, ask: Any) -> Any:
    """What Checker.many would answer for this one question, asked alone."""
    if ask.query == "mana":
        return checker.mana(ask.state, ask.object)
    if ask.query == "why":
        return checker.why(ask.state, ask.action, ask.player)
    return checker.moves(ask.state, ask.player)


def _render(checker: Any, ask: Any, result: Any) -> dict[str, Any]:
    if ask.query == "mana":
        return {"types": result}
    if ask.query == "why":
        return dict(result.why_json())
    out: dict[str, Any] = {"moves": [v.to_json() for v in result]}
    if not result:   # as `mtgasp moves --json`: a player with no legal move is told why (117.1)
        out["none_because"] = [r.to_json() for r in none_because(checker, ask.state, ask.player)]
    return out


def none_because(checker: Any, state: Any, player: str) -> list[Any]:
    """Why a player has no legal move: the distinct reasons of the candidate actions `--all` judges,
    each once (117.1: a player without priority; found by probe22e: `moves --player` of a player
    without priority printed an empty list with no reason; by probe29e: a batch's moves line too)."""
    seen: dict[tuple[str, str], Any] = {}
    for v in checker.judge_all(state, player):
        for r in v.reasons:
            seen.setdefault((r.rule, r.message), r)
    return list(seen.values())


# ---- backends -----------------------------------------------------------------------------------

def _chunk(cards: CardTexts, query: str, items: list[tuple[int, str]], group: int = 1) -> list[dict[str, Any]]:
    """Answer a chunk of (line number, text) with this process's warm Checker (with ``group`` > 1,
    that many states are grounded together: answer_grouped)."""
    checker = checker_for(cards)
    if group > 1:
        return answer_grouped(checker, items, query, group)
    return [answer(checker, text, n, query) for n, text in items]


_POOL_CARDS: CardTexts = ()
_POOL_QUERY = "moves"
_POOL_GROUP = 1


def warm(cards: CardTexts) -> None:
    """Build this process's Checker for the cards and analyse the encodings once (about a second:
    solver.program_statements), so that no question pays for it."""
    from mtgasp.solver import parsed_parts, program_statements

    checker_for(cards)
    program_statements(parsed_parts(), ("base",))


def _pool_init(cards: CardTexts, query: str, group: int = 1) -> None:
    global _POOL_CARDS, _POOL_QUERY, _POOL_GROUP
    _POOL_CARDS, _POOL_QUERY, _POOL_GROUP = cards, query, group
    warm(cards)  # the library and the analysed encodings are ready before any line


def _pool_chunk(items: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return _chunk(_POOL_CARDS, _POOL_QUERY, items, _POOL_GROUP)


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
              progress: Callable[[int], None] | None = None, group: int = 1) -> Iterator[dict[str, Any]]:
    """The answers to the lines, in input order. ``dask`` is a scheduler address or a
    distributed.Client; else ``workers`` processes (1: this process). ``group`` > 1: that many
    states grounded together (answer_grouped; chunks are made at least that large)."""
    chunks: Iterator[list[tuple[int, str]]] = _chunks(lines, max(chunk_size, group))
    done = 0
    if dask is None and workers > 1:
        # no more processes than there are chunks to answer (found by probe29e: `--workers
        # 1000000` on a file of a dozen lines started forking a million processes); one chunk is
        # answered in this process
        first = list(itertools.islice(chunks, workers))
        workers = len(first)
        chunks = itertools.chain(first, chunks)
    if dask is not None:
        results: Iterable[list[dict[str, Any]]] = _dask_results(dask, chunks, cards, query, group)
    elif workers > 1:
        ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
        if ctx.get_start_method() == "fork":
            warm(cards)  # forked workers inherit the warm Checker and the analysed encodings
        pool = ctx.Pool(workers, initializer=_pool_init, initargs=(cards, query, group))
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
        results = (_chunk(cards, query, c, group) for c in chunks)
    for res in results:
        done += len(res)
        if progress:
            progress(done)
        yield from res


def _dask_results(dask: Any, chunks: Iterator[list[tuple[int, str]]], cards: CardTexts,
                  query: str, group: int = 1) -> Iterator[list[dict[str, Any]]]:
    """Submit the chunks to a Dask cluster (at most a few per worker in flight), yield in order."""
    from distributed import Client  # optional: pip install distributed

    if isinstance(dask, Client):
        client = dask
    else:
        try:
            client = Client(dask)
        except (OSError, ValueError, TypeError) as e:  # no scheduler there, or no address at all:
            # the user's cluster or command line, not a bug of mtgasp (exit 3 said it was)
            raise InputError(Problem("--dask", f"can't connect to a Dask scheduler at "
                                               f"{str(dask)[:200]!r}: {str(e)[:300]}")) from None
    try:
        window = max(4, 4 * len(client.scheduler_info().get("workers", {})))
        pending: list[Any] = []
        for c in chunks:
            pending.append(client.submit(_chunk, cards, query, c, group, pure=False))
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
