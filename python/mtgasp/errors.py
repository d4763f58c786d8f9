"""The one error type for bad input: every problem found, each with the path of its field."""

from __future__ import annotations

from dataclasses import dataclass


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
        lines += [f"  {p}" for p in self.problems]
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
