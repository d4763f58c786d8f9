"""``mtgasp verify --coverage``: which CR rules the scenarios exercise, and which rulings have none.

Definitions (docs/verification.md):

- A rule is *cited in the encodings* when its number (``NNN.N`` with an optional letter, e.g.
  ``601.2h``) appears in a top-level ``encodings/*.lp`` file, either as a string (the rule of a
  ``reason``/``permits``/... atom: what answers cite) or in a ``%`` comment (what the rules that
  implement it say they implement). Ranges in comments (``601.2a-e``, ``107.3a-b``) stand for each
  letter. Section numbers without a dot (``CR 117``) are not rules.
- A scenario *exercises* a rule when the scenario lists it in ``rules``, or when one of its checks
  got an answer citing it (a reason's rule, or a rule permitting a legal action, in a ``why`` or
  ``moves`` answer, or any ``rule``/``rules`` field of another answer). A scenario that exercises
  a subrule (``601.2h``) exercises the rule it belongs to (``601.2``), not the other way round.
- A ruling of the reference (``../shared/reference/rulings.md`` and the seed pages, if that folder
  exists) *has a scenario* when a scenario's ``ruling.text`` is the same text, or contains it, or is
  contained in it, after normalizing quotes, dashes, spaces and case.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgasp.answers import rule_key

RULE = r"\d{3}\.\d+[a-z]?"
_STRING_RULE = re.compile(r'"(' + RULE + r')"')
# In comments: a number, optionally a range to a letter ("601.2a-e") or to a full number.
_COMMENT_RULE = re.compile(
    r"(?<![\d.])(\d{3}\.\d+)([a-z]?)(?![a-z])(?:-(?:(\d{3}\.\d+)([a-z]?)|([a-z]))(?![a-z\d]))?(?!\d)")


@dataclass
class RuleCoverage:
    rule: str
    where: list[str] = field(default_factory=list)  # "file:line"
    cited_by_answers: bool = False  # appears as a string in the encodings (reasons, permits, ...)
    scenarios: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "where": self.where, "in_answers": self.cited_by_answers,
                "scenarios": self.scenarios}


@dataclass
class Ruling:
    text: str
    sources: list[str]
    scenarios: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "sources": self.sources, "scenarios": self.scenarios}


@dataclass
class Coverage:
    rules: dict[str, RuleCoverage]
    scenario_rules: dict[str, set[str]]  # scenario id -> rules it exercises
    reference: str | None
    rulings: list[Ruling]

    @property
    def unexercised(self) -> list[RuleCoverage]:
        return [r for r in self.rules.values() if not r.scenarios]

    @property
    def rulings_without_scenario(self) -> list[Ruling]:
        return [r for r in self.rulings if not r.scenarios]

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": [r.to_json() for r in self.rules.values()],
            "unexercised": [r.rule for r in self.unexercised],
            "reference": self.reference,
            "rulings": len(self.rulings),
            "rulings_without_scenario": [r.to_json() for r in self.rulings_without_scenario],
        }


# ------------------------------------------------------------------------------------------------
# Rules in the encodings


def _expand(base: str, letter: str, to_full: str | None, to_letter_full: str, to_letter: str | None) -> list[str]:
    first = base + letter
    if to_letter and letter and to_letter > letter:  # 601.2a-e
        return [base + chr(c) for c in range(ord(letter), ord(to_letter) + 1)]
    if to_full:  # 601.2g-601.2h, 106.6-106.12
        last = to_full + to_letter_full
        if to_full == base and letter and to_letter_full and to_letter_full > letter:
            return [base + chr(c) for c in range(ord(letter), ord(to_letter_full) + 1)]
        return [first, last]
    return [first]


def encoding_rules(files: Iterable[tuple[str, str]]) -> dict[str, RuleCoverage]:
    """Every rule number cited in the encodings, with where (file:line), sorted by number."""
    found: dict[str, RuleCoverage] = {}

    def add(rule: str, where: str, answer: bool) -> None:
        rc = found.setdefault(rule, RuleCoverage(rule))
        if where not in rc.where:
            rc.where.append(where)
        rc.cited_by_answers = rc.cited_by_answers or answer

    for name, text in files:
        in_block = False
        for lineno, line in enumerate(text.splitlines(), start=1):
            where = f"{name}:{lineno}"
            code, comment = line, ""
            if in_block:
                code, comment = "", line
                if "*%" in line:
                    in_block = False
            elif "%*" in line:
                i = line.index("%*")
                code, comment = line[:i], line[i:]
                in_block = "*%" not in line[i + 2:]
            elif "%" in line:
                # a % inside a string (message templates have none) would be misread; strings first
                strings_end = _last_string_end(line)
                i = line.find("%", strings_end)
                if i >= 0:
                    code, comment = line[:i], line[i:]
            for m in _STRING_RULE.finditer(code):
                add(m.group(1), where, True)
            for m in _COMMENT_RULE.finditer(comment):
                for rule in _expand(m.group(1), m.group(2), m.group(3), m.group(4) or "", m.group(5)):
                    add(rule, where, False)
    return dict(sorted(found.items(), key=lambda kv: rule_key(kv[0])))


def _last_string_end(line: str) -> int:
    """The index after the last closing quote of a string literal on the line (0 if none)."""
    end, inside, i = 0, False, 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and inside:
            i += 2
            continue
        if ch == '"':
            inside = not inside
            if not inside:
                end = i + 1
        elif ch == "%" and not inside:
            break
        i += 1
    return end


# ------------------------------------------------------------------------------------------------
# Rules the scenarios exercise


def answer_rules(answer: Any) -> set[str]:
    """The rule numbers an answer cites: ``rule`` and ``rules`` fields anywhere in it."""
    out: set[str] = set()
    if isinstance(answer, Mapping):
        for key, value in answer.items():
            if key == "rule" and isinstance(value, str):
                out.add(value)
            elif key == "rules" and isinstance(value, list):
                out.update(v for v in value if isinstance(v, str))
            else:
                out |= answer_rules(value)
    elif isinstance(answer, list):
        for item in answer:
            out |= answer_rules(item)
    return out


def parents(rule: str) -> list[str]:
    """601.2h -> [601.2]; 702.143a -> [702.143]; 601.2 -> []."""
    m = re.fullmatch(r"(\d{3}\.\d+)([a-z]?)", rule)
    return [m.group(1)] if m and m.group(2) else []


def scenario_rules(report: Any) -> dict[str, set[str]]:
    """Scenario id -> the rules it exercises (listed, or cited by an answer, with their parents)."""
    out: dict[str, set[str]] = {}
    for r in report.results:
        rules = set(r.rules)
        for c in r.checks:
            rules |= answer_rules(c.actual)
        rules |= {p for rule in list(rules) for p in parents(rule)}
        out[r.id] = {x for x in rules if re.fullmatch(RULE, x)}
    return out


# ------------------------------------------------------------------------------------------------
# Rulings of the reference


def find_reference(start: Iterable[Path] = ()) -> Path | None:
    """The shared reference folder (``../shared/reference`` of the repository), if it exists."""
    here = Path(__file__).resolve()
    candidates = [*start, Path.cwd(), *Path.cwd().parents, *here.parents]
    for base in candidates:
        for ref in (base / "shared" / "reference", base.parent / "shared" / "reference"):
            if (ref / "rulings.md").is_file():
                return ref
    return None


def normalize(text: str) -> str:
    t = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    t = t.replace("\u2014", "-").replace("\u2013", "-").replace("\u2212", "-")
    return " ".join(t.split()).casefold()


def reference_rulings(ref: Path) -> list[Ruling]:
    """The rulings of rulings.md (one per bullet) and of the seed pages (one per paragraph)."""
    by_text: dict[str, Ruling] = {}

    def add(text: str, source: str) -> None:
        text = " ".join(text.split())
        if not text:
            return
        key = normalize(text)
        r = by_text.setdefault(key, Ruling(text, []))
        if source not in r.sources:
            r.sources.append(source)

    section = ""
    for line in (ref / "rulings.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif line.startswith("- ") and section:
            add(line[2:], f"rulings.md ({section})")
    seeds = ref / "seeds"
    if seeds.is_dir():
        for page in sorted(seeds.glob("*.txt")):
            for para in re.split(r"\n\s*\n", page.read_text(encoding="utf-8")):
                para = para.strip()
                if len(para.split()) < 6:  # "Search" and other page furniture
                    continue
                add(para, f"seeds/{page.name}")
    return list(by_text.values())


def match_rulings(rulings: Sequence[Ruling], report: Any) -> None:
    texts = [(r.id, normalize(r.text)) for r in report.results if r.kind == "ruling" and r.text]
    for ruling in rulings:
        key = normalize(ruling.text)
        ruling.scenarios = [sid for sid, t in texts if t == key or key in t or (len(t) > 40 and t in key)]


# ------------------------------------------------------------------------------------------------


def coverage(report: Any, files: Iterable[tuple[str, str]] | None = None,
             reference: Path | None | bool = None) -> Coverage:
    """The coverage of a corpus run (scenarios.Report). ``reference``: a folder, None to look for
    ../shared/reference, False for none."""
    if files is None:
        from mtgasp.solver import encoding_files

        files = encoding_files()
    rules = encoding_rules(files)
    per_scenario = scenario_rules(report)
    by_rule: dict[str, list[str]] = defaultdict(list)
    for sid, rs in per_scenario.items():
        for rule in rs:
            by_rule[rule].append(sid)
    for rule, rc in rules.items():
        rc.scenarios = sorted(by_rule.get(rule, []))
    ref: Path | None
    if reference is None:
        ref = find_reference()
    elif isinstance(reference, Path):
        ref = reference
    else:
        ref = None
    rulings: list[Ruling] = []
    if ref is not None:
        rulings = reference_rulings(ref)
        match_rulings(rulings, report)
    return Coverage(rules, per_scenario, str(ref) if ref is not None else None, rulings)


def print_coverage(cov: Coverage, out: Any = None) -> None:
    out = out or sys.stdout
    total = len(cov.rules)
    hit = total - len(cov.unexercised)
    print(f"\ncoverage: {total} rules cited in the encodings, {hit} exercised by scenarios, "
          f"{total - hit} by none", file=out)
    for rc in cov.rules.values():
        shown = ", ".join(rc.scenarios[:4]) + (f", ... ({len(rc.scenarios)} in all)" if len(rc.scenarios) > 4 else "")
        mark = "answers" if rc.cited_by_answers else "comment"
        print(f"  {rc.rule:<10} {mark:<8} {len(rc.scenarios):>3}  {shown or '-'}", file=out)
    if cov.unexercised:
        print("rules no scenario exercises:", file=out)
        for rc in cov.unexercised:
            print(f"  {rc.rule:<10} {', '.join(rc.where[:3])}{' ...' if len(rc.where) > 3 else ''}", file=out)
    if cov.reference is None:
        print("rulings: no reference folder (../shared/reference) found; the built-in corpus stands alone",
              file=out)
        return
    missing = cov.rulings_without_scenario
    print(f"rulings: {len(cov.rulings)} in the reference ({cov.reference}), "
          f"{len(cov.rulings) - len(missing)} with a scenario, {len(missing)} without", file=out)
    for r in missing:
        print(f"  [{'; '.join(r.sources)}] {r.text[:110]}{'...' if len(r.text) > 110 else ''}", file=out)
