"""The rulings corpus: one scenario file per official ruling (or per rule), run by ``mtgasp verify``
and by pytest. The format is documented in docs/scenario-format.md.

A scenario holds the ruling (text, date, card, source), the CR rules it rests on, a state
document, and checks: questions (``why``, ``moves``, ``mana``) with the expected answers.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from mtgasp.errors import Collector, InputError

QUERIES = ("why", "moves", "mana")


@dataclass
class CheckResult:
    name: str
    passed: bool
    expected: Any
    actual: Any
    problems: list[str] = field(default_factory=list)


@dataclass
class ScenarioResult:
    id: str
    file: str
    card: str | None
    date: str | None
    text: str
    rules: list[str]
    kind: str
    checks: list[CheckResult]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "file": self.file, "passed": self.passed, "kind": self.kind, "card": self.card,
            "date": self.date, "ruling": self.text, "rules": self.rules,
            "checks": [{"name": c.name, "passed": c.passed,
                        **({} if c.passed else {"problems": c.problems, "expected": c.expected, "actual": c.actual})}
                       for c in self.checks],
        }


@dataclass
class Report:
    results: list[ScenarioResult]

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "total": len(self.results),
                "failed": sum(not r.passed for r in self.results),
                "scenarios": [r.to_json() for r in self.results]}


def corpus_files(path: Path | None = None) -> list[tuple[str, str]]:
    """(name, text) of every scenario file: the built-in corpus, or the .json files under path."""
    if path is None:
        root = resources.files("mtgasp.corpus")
        return sorted((e.name, e.read_text(encoding="utf-8")) for e in root.iterdir() if e.name.endswith(".json"))
    if path.is_dir():
        return sorted((str(p), p.read_text(encoding="utf-8")) for p in path.rglob("*.json"))
    if not path.exists():
        raise InputError(f"{path}: no such scenario file or folder")
    return [(str(path), path.read_text(encoding="utf-8"))]


def load_scenario(name: str, text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}", source=name) from None
    c = Collector(name)
    if not isinstance(doc, dict):
        raise InputError("a scenario is a JSON object", source=name)
    for key in ("id", "state", "checks", "rules"):
        if key not in doc:
            c.add(key, "missing")
    if not isinstance(doc.get("checks", []), list) or not doc.get("checks"):
        c.add("checks", "needs at least one check")
    for i, chk in enumerate(doc.get("checks") or []):
        if not isinstance(chk, dict) or chk.get("query") not in QUERIES:
            c.add(f"checks[{i}].query", f"must be one of {', '.join(QUERIES)}")
        elif "expect" not in chk:
            c.add(f"checks[{i}].expect", "missing")
    c.raise_if_any()
    return doc


def _matches(pattern: dict[str, Any], action: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in pattern.items())


def run_check(checker: Any, state: Any, chk: dict[str, Any], name: str) -> CheckResult:
    from mtgasp.actions import acting_player, parse_action

    exp = chk["expect"]
    player = acting_player(state, chk.get("player"))
    problems: list[str] = []
    actual: Any
    if "error" in exp:  # the question itself must be refused as bad input, naming this field
        try:
            if chk["query"] == "why":
                parse_action(chk["action"], state, checker.library, player)
            actual = None
        except InputError as e:
            actual = {"error": [str(p) for p in e.problems]}
            if not any(p.path.startswith(exp["error"]) for p in e.problems):
                problems.append(f"expected a bad-input error at {exp['error']}")
        else:
            problems.append(f"expected a bad-input error at {exp['error']}, but the question was accepted")
        return CheckResult(name, not problems, exp, actual, problems)
    if chk["query"] == "why":
        action = parse_action(chk["action"], state, checker.library, player)
        v = checker.why(state, action, player)
        actual = v.why_json()
        if "legal" in exp and v.legal != exp["legal"]:
            problems.append(f"expected legal={exp['legal']}, got legal={v.legal}")
        rules = {r.rule for r in v.reasons}
        for rule in exp.get("reasons_include", []):
            if rule not in rules:
                problems.append(f"expected a reason citing {rule}")
        for rule in exp.get("reasons_exclude", []):
            if rule in rules:
                problems.append(f"expected no reason citing {rule}")
        if "reasons_exactly" in exp and sorted(rules) != sorted(exp["reasons_exactly"]):
            problems.append(f"expected reasons citing exactly {sorted(exp['reasons_exactly'])}")
        for rule in exp.get("permits_include", []):
            if rule not in v.permits:
                problems.append(f"expected {rule} among the permitting rules")
        if "cost" in exp and v.cost != exp["cost"]:
            problems.append(f"expected total cost {exp['cost']}, got {v.cost}")
        if "x_max" in exp and v.x_max != exp["x_max"]:
            problems.append(f"expected largest X {exp['x_max']}, got {v.x_max}")
    elif chk["query"] == "moves":
        moves = [m.to_json() for m in checker.moves(state, player)]
        actual = moves
        for pat in exp.get("includes", []):
            if not any(_matches(pat, m) for m in moves):
                problems.append(f"expected a legal move matching {json.dumps(pat)}")
        for pat in exp.get("excludes", []):
            if any(_matches(pat, m) for m in moves):
                problems.append(f"expected no legal move matching {json.dumps(pat)}")
        if "count" in exp and len(moves) != exp["count"]:
            problems.append(f"expected {exp['count']} legal moves, got {len(moves)}")
    else:
        types = checker.mana(state, chk["object"])
        actual = {"object": chk["object"], "types": types}
        if types != exp["types"]:
            problems.append(f"expected types {exp['types']}, got {types}")
    return CheckResult(name, not problems, exp, actual, problems)


def run_scenario(checker: Any, name: str, doc: dict[str, Any]) -> ScenarioResult:
    from mtgasp.state import parse_state

    ruling = doc.get("ruling") or {}
    state = parse_state(doc["state"], checker.library, source=f"{name}: state")
    checks = []
    for i, chk in enumerate(doc["checks"]):
        cname = chk.get("name") or f"check {i + 1}"
        try:
            checks.append(run_check(checker, state, chk, cname))
        except InputError as e:
            checks.append(CheckResult(cname, False, chk.get("expect"), None, [f"bad input: {e.render()}"]))
    return ScenarioResult(
        id=doc["id"], file=name, card=ruling.get("card"), date=ruling.get("date"),
        text=ruling.get("text", doc.get("description", "")), rules=list(doc["rules"]),
        kind=doc.get("kind", "ruling"), checks=checks)


def run_corpus(checker: Any, path: Path | None = None) -> Report:
    results = []
    for name, text in corpus_files(path):
        results.append(run_scenario(checker, name, load_scenario(name, text)))
    return Report(results)


def print_report(report: Report, out: Any = None) -> None:
    out = out or sys.stdout
    for r in report.results:
        first = " ".join(r.text.split()[:9])
        print(f"{'pass' if r.passed else 'FAIL'}  {r.card or '(rule)':<26} {r.date or '-':<10}  "
              f"{first[:60]:<60}  {' '.join(r.rules)}", file=out)
        for c in r.checks:
            if not c.passed:
                for p in c.problems:
                    print(f"        {c.name}: {p}", file=out)
                print(f"        actual: {json.dumps(c.actual, ensure_ascii=False)[:600]}", file=out)
    failed = sum(not r.passed for r in report.results)
    print(f"{len(report.results) - failed} passed, {failed} failed", file=out)
