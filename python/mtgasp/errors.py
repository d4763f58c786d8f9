"""The one error type for bad input: every problem found, each with the path of its field."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_SHOWN = 100  # problems listed in a text message (JSON lists them all)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, at a field path such as ``objects[3].zone``."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InputError(Exception):
    """Bad input (state document, card file, action, scenario): carries every problem found."""

    def __init__(self, problems: list[Problem] | Problem | str, source: str | None = None):
        if isinstance(problems, str):
            problems = [Problem("", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        self.source = source
        super().__init__(self.render())

    def render(self) -> str:
        head = f"{self.source}: " if self.source else ""
        if len(self.problems) == 1:
            return head + str(self.problems[0])
        lines = [f"{head}{len(self.problems)} problems:"]
        lines += [f"  {p}" for p in self.problems[:MAX_SHOWN]]
        if len(self.problems) > MAX_SHOWN:
            lines.append(f"  ... and {len(self.problems) - MAX_SHOWN} more")
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "error": "bad input",
            "source": self.source,
            "problems": [{"path": p.path, "message": p.message} for p in self.problems],
        }


class Collector:
    """Collects problems while validating; raise_if_any() raises one InputError with all of them."""

    def __init__(self, source: str | None = None):
        self.problems: list[Problem] = []
        self.source = source

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(self.problems, self.source)


def excerpt(value: Any, limit: int = 60) -> str:
    """A value in JSON notation, cut to about ``limit`` characters with "...".

    Computed piece by piece without serialising the whole value, so a huge or deeply nested value
    (a 1 MB string, a YAML alias bomb) costs no more than the excerpt itself.
    """
    out: list[str] = []
    budget = [limit + 1]  # characters still wanted; stop once the excerpt is long enough

    def emit(text: str) -> bool:
        out.append(text[: budget[0]])
        budget[0] -= len(text)
        return budget[0] > 0

    def walk(v: Any, depth: int) -> bool:
        if depth > 50:
            return emit("...")
        if isinstance(v, str):
            return emit(json.dumps(v[: budget[0] + 2], ensure_ascii=False)[:-1]
                        + ('"' if len(v) <= budget[0] + 2 else ""))
        if v is None or isinstance(v, (bool, int, float)):
            if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 200:
                return emit(f"an integer of about {int(v.bit_length() * 0.30103) + 1} digits")
            try:
                return emit(json.dumps(v))
            except ValueError:
                return emit(repr(v))
        if isinstance(v, dict):
            if not emit("{"):
                return False
            for i, (k, item) in enumerate(v.items()):
                if (i and not emit(", ")) or not walk(str(k), depth + 1) or not emit(": "):
                    return False
                if not walk(item, depth + 1):
                    return False
            return emit("}")
        if isinstance(v, (list, tuple)):
            if not emit("["):
                return False
            for i, item in enumerate(v):
                if (i and not emit(", ")) or not walk(item, depth + 1):
                    return False
            return emit("]")
        return emit(bounded_repr(v, budget[0]))

    walk(value, 0)
    text = "".join(out)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def bounded_repr(value: Any, limit: int = 60) -> str:
    """repr() of a value that is not JSON, shortened."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 (a message must never fail)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def clean_text(text: str) -> str:
    """Text for a terminal: control characters (newline, escape, ...) shown as escapes, so that a
    name from the input can't forge lines or colors in text output."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else
                   json.dumps(ch)[1:-1] if ord(ch) < 0x10000 and json.dumps(ch) != f'"{ch}"'
                   else f"\\u{ord(ch):04x}" for ch in text)
