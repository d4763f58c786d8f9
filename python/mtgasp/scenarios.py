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

from mtgasp.errors import Collector, InputError, Problem
from mtgasp.solver import EncodingError

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
        files = sorted(p for p in path.rglob("*.json") if not p.is_dir())
        if not files:  # "0 passed, 0 failed" would be a silent answer to a wrong folder
            raise InputError("no scenario files (*.json) in this folder", str(path))
        return [(str(p), _read_scenario_file(p)) for p in files]
    if not path.exists():
        raise InputError(f"{path}: no such scenario file or folder")
    return [(str(path), _read_scenario_file(path))]


def _read_scenario_file(path: Path) -> str:
    """A scenario file's text; unreadable or not UTF-8 is bad input naming the file (as for a
    state file, state.read_document), not an internal error."""
    try:
        # a byte order mark (Windows editors) is not part of the document (RFC 8259, 8.1)
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text: {exc.reason} at byte {exc.start}", str(path)) from None
    except OSError as exc:
        raise InputError(f"can't read {path}: {exc.strerror or exc}", str(path)) from None


# The expectations each kind of check understands (an unknown key is a typo, not a silent pass).
CHECK_EXPECT = {
    "why": {"legal", "reasons_include", "reasons_exclude", "reasons_exactly", "reasons_text_include",
            "reasons_count", "permits_include", "permits_exclude", "cost", "x_max", "error"},
    "moves": {"includes", "excludes", "count", "error"},
    "mana": {"types", "explain_include", "explain_exclude", "error"},
}
STEP_EXPECT = {"legal", "reasons_include", "reasons_text_include", "objects", "absent", "game", "players",
               "events_include", "events_exclude", "look", "error"}


def _known_keys(c: Collector, where: str, exp: dict[str, Any], known: set[str]) -> None:
    for key in sorted(set(exp) - known):
        c.add(f"{where}.{key}", f"unknown expectation (known: {', '.join(sorted(known))})")


def load_scenario(name: str, text: str) -> dict[str, Any]:
    from mtgasp.state import _BadConstant, _DuplicateKeys, _reject_constant

    # As strict as a state file (state._decode_json): a key given twice, NaN, Infinity, a 4,300+
    # digit integer, nesting deeper than Python's recursion limit are bad input, not a crash.
    hook = _DuplicateKeys()
    try:
        doc = json.loads(text, object_pairs_hook=hook, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise InputError(f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}", source=name) from None
    except _BadConstant as e:
        raise InputError(f"malformed JSON: {e}", source=name) from None
    except ValueError as e:
        raise InputError(f"malformed JSON: {str(e).split(':')[0]}", source=name) from None
    except RecursionError:
        raise InputError("malformed JSON: nested too deeply", source=name) from None
    if hook.duplicates:
        raise InputError([Problem("", f'the key "{k}" appears twice in one object (the second would '
                                      "silently replace the first)")
                          for k in dict.fromkeys(hook.duplicates)], source=name)
    c = Collector(name)
    if not isinstance(doc, dict):
        raise InputError("a scenario is a JSON object", source=name)
    for key in ("id", "state", "rules"):
        if key not in doc:
            c.add(key, "missing")
    if "cards" in doc and not isinstance(doc["cards"], list):
        c.add("cards", "a list of card definitions (docs/card-format.md)")
    if not isinstance(doc.get("checks", []), list) or not isinstance(doc.get("steps", []), list):
        c.add("checks", "checks and steps are lists")
    elif not doc.get("checks") and not doc.get("steps"):
        c.add("checks", "needs at least one check or step")
    for where, chk in [(f"checks[{i}]", chk) for i, chk in enumerate(doc.get("checks") or [])] + [
            (f"steps[{i}].checks[{j}]", chk) for i, st in enumerate(doc.get("steps") or [])
            if isinstance(st, dict) for j, chk in enumerate(st.get("checks") or [])]:
        if not isinstance(chk, dict) or chk.get("query") not in QUERIES:
            c.add(f"{where}.query", f"must be one of {', '.join(QUERIES)}")
        elif not isinstance(chk.get("expect"), dict):
            c.add(f"{where}.expect", "missing (an object of expectations)")
        else:
            _known_keys(c, f"{where}.expect", chk["expect"], CHECK_EXPECT[chk["query"]])
            if "all" in chk and (chk["query"] != "moves" or not isinstance(chk["all"], bool)):
                c.add(f"{where}.all", "true or false, and only for a moves check (mtgasp moves --all)")
    for i, st in enumerate(doc.get("steps") or []):
        if not isinstance(st, dict) or not isinstance(st.get("action"), dict):
            c.add(f"steps[{i}].action", "each step needs an action")
        elif isinstance(st.get("expect"), dict):
            _known_keys(c, f"steps[{i}].expect", st["expect"], STEP_EXPECT)
    c.raise_if_any()
    return doc


def _matches(pattern: dict[str, Any], action: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in pattern.items())


def _check_reason_texts(exp: dict[str, Any], reasons: Any, problems: list[str]) -> None:
    """reasons_text_include: each text must be part of some reason's sentence (its rule and words)."""
    for text in exp.get("reasons_text_include", []):
        if not any(text in r.message for r in reasons):
            problems.append(f"expected a reason saying {text!r}")


def run_check(checker: Any, state: Any, chk: dict[str, Any], name: str) -> CheckResult:
    from mtgasp.actions import acting_player, parse_action

    exp = chk["expect"]
    player = acting_player(state, chk.get("player"), checker.library)
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
        _check_reason_texts(exp, v.reasons, problems)
        if "reasons_exactly" in exp and sorted(rules) != sorted(exp["reasons_exactly"]):
            problems.append(f"expected reasons citing exactly {sorted(exp['reasons_exactly'])}")
        if "reasons_count" in exp and len(v.reasons) != exp["reasons_count"]:
            problems.append(f"expected {exp['reasons_count']} reasons, got {len(v.reasons)}")
        for rule in exp.get("permits_include", []):
            if rule not in v.permits:
                problems.append(f"expected {rule} among the permitting rules")
        for rule in exp.get("permits_exclude", []):
            if rule in v.permits:
                problems.append(f"expected {rule} not among the permitting rules")
        if "cost" in exp and v.cost != exp["cost"]:
            problems.append(f"expected total cost {exp['cost']}, got {v.cost}")
        if "x_max" in exp and v.x_max != exp["x_max"]:
            problems.append(f"expected largest X {exp['x_max']}, got {v.x_max}")
    elif chk["query"] == "moves":
        if chk.get("all"):  # every candidate action, legal or not (mtgasp moves --all)
            moves = [{**v.to_json(), "legal": v.legal} for v in checker.judge_all(state, player)]
            what = "candidate action"
        else:
            moves = [m.to_json() for m in checker.moves(state, player)]
            what = "legal move"
        actual = moves
        for pat in exp.get("includes", []):
            if not any(_matches(pat, m) for m in moves):
                problems.append(f"expected a {what} matching {json.dumps(pat)}")
        for pat in exp.get("excludes", []):
            if any(_matches(pat, m) for m in moves):
                problems.append(f"expected no {what} matching {json.dumps(pat)}")
        if "count" in exp and len(moves) != exp["count"]:
            problems.append(f"expected {exp['count']} {what}s, got {len(moves)}")
    else:
        types = checker.mana(state, chk["object"])
        actual = {"object": chk["object"], "types": types}
        if "types" in exp and types != exp["types"]:
            problems.append(f"expected types {exp['types']}, got {types}")
        if "explain_include" in exp or "explain_exclude" in exp:  # as `mtgasp mana --explain`
            lines = actual["explain"] = checker.explain_mana(state, chk["object"])
            for words in exp.get("explain_include", []):
                if not any(words in line for line in lines):
                    problems.append(f"expected an explanation mentioning {words!r}")
            for words in exp.get("explain_exclude", []):
                if any(words in line for line in lines):
                    problems.append(f"expected no explanation mentioning {words!r}")
    return CheckResult(name, not problems, exp, actual, problems)


def run_step(checker: Any, state: Any, step: dict[str, Any], name: str) -> tuple[CheckResult, Any]:
    """Apply one action (mtgasp apply) and compare the next state with the expectations."""
    from mtgasp.actions import acting_player, parse_action
    from mtgasp.apply import apply_action, event_cites_rule
    from mtgasp.state import parse_state

    exp = step.get("expect") or {}
    player = acting_player(state, step.get("player"), checker.library)
    if "error" in exp:  # the step must be refused as bad input naming this field; the state stays
        try:   # (the action itself may be the bad input: an action field)
            action = parse_action(step["action"], state, checker.library, player)
            apply_action(checker, state, action, player, step.get("choose"), step.get("seed", 0))
        except InputError as e:
            actual = {"error": [str(p) for p in e.problems]}
            ok = any(p.path.startswith(exp["error"]) for p in e.problems)
            return CheckResult(name, ok, exp, actual,
                               [] if ok else [f"expected bad input at {exp['error']}"]), state
        carried_out = f"expected bad input at {exp['error']}, but the action was carried out"
        return CheckResult(name, False, exp, None, [carried_out]), state
    action = parse_action(step["action"], state, checker.library, player)
    result = apply_action(checker, state, action, player, step.get("choose"), step.get("seed", 0))
    problems: list[str] = []
    want_legal = exp.get("legal", True)
    if result.legal != want_legal:
        problems.append(f"expected the action to be {'applied' if want_legal else 'refused'}")
    if not result.legal:
        rules = {r.rule for r in result.verdict.reasons}
        for rule in exp.get("reasons_include", []):
            if rule not in rules:
                problems.append(f"expected a reason citing {rule}")
        _check_reason_texts(exp, result.verdict.reasons, problems)
        return CheckResult(name, not problems, exp, result.to_json(), problems), state
    doc = result.state
    assert doc is not None  # an applied action always has a next state
    objs = {o["id"]: o for o in doc["objects"]}
    for oid, fields in (exp.get("objects") or {}).items():
        o = objs.get(oid)
        if o is None:
            problems.append(f"expected object {oid} to exist")
            continue
        for key, value in fields.items():
            if o.get(key) != value:
                problems.append(f"expected {oid}.{key} = {json.dumps(value)}, got {json.dumps(o.get(key))}")
    for oid in exp.get("absent", []):
        if oid in objs:
            problems.append(f"expected object {oid} to be gone")
    for key, value in (exp.get("game") or {}).items():
        if doc.get(key) != value:
            problems.append(f"expected {key} = {json.dumps(value)}, got {json.dumps(doc.get(key))}")
    players = {p["name"]: p for p in doc["players"]}
    for pname, fields in (exp.get("players") or {}).items():
        for key, value in fields.items():
            if players.get(pname, {}).get(key) != value:
                problems.append(f"expected {pname}.{key} = {json.dumps(value)}, "
                                f"got {json.dumps(players.get(pname, {}).get(key))}")
    # every event cites its rule (README, apply): a step whose events don't fails, whatever it expects
    for ev in result.events:
        if not event_cites_rule(ev):
            problems.append(f"event without a CR rule number: {ev!r}")
    for text in exp.get("events_include", []):
        if not any(text in e for e in result.events):
            problems.append(f"expected an event mentioning {text!r}")
    for text in exp.get("events_exclude", []):
        if any(text in e for e in result.events):
            problems.append(f"expected no event mentioning {text!r}")
    new_state = parse_state(doc, checker.library, source=f"{name}: next state")
    for pname, ids in (exp.get("look") or {}).items():
        seen = sorted(s["object"] for s in checker.visible(new_state, pname))
        if seen != sorted(ids):
            problems.append(f"expected {pname} may look at {sorted(ids)}, got {seen}")
    return CheckResult(name, not problems, exp, {"events": result.events, "state": doc}, problems), new_state


def run_scenario(checker: Any, name: str, doc: dict[str, Any]) -> ScenarioResult:
    from mtgasp.state import parse_state

    ruling = doc.get("ruling") or {}
    if doc.get("cards") is not None:
        # Cards the scenario defines (a card document, docs/card-format.md) on top of the library:
        # a generic rule can be exercised by a card that isn't in the built-in library.
        from mtgasp.api import Checker
        from mtgasp.cards import CardLibrary

        checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source=f"{name}: cards",
                                                base=checker.library))
    state = parse_state(doc["state"], checker.library, source=f"{name}: state")
    checks = []
    for i, chk in enumerate(doc.get("checks") or []):
        cname = chk.get("name") or f"check {i + 1}"
        try:
            checks.append(run_check(checker, state, chk, cname))
        except InputError as e:
            checks.append(CheckResult(cname, False, chk.get("expect"), None, [f"bad input: {e.render()}"]))
        except EncodingError:
            raise
        except Exception as e:  # noqa: BLE001 (a bug of mtgasp: this check fails, the run goes on)
            checks.append(CheckResult(cname, False, chk.get("expect"), None, [_internal(e)]))
    for i, step in enumerate(doc.get("steps") or []):
        sname = step.get("name") or f"step {i + 1}: {json.dumps(step['action'])}"
        try:
            result, state = run_step(checker, state, step, sname)
        except InputError as e:
            checks.append(CheckResult(sname, False, step.get("expect"), None, [f"bad input: {e.render()}"]))
            break
        except EncodingError:
            raise
        except Exception as e:  # noqa: BLE001 (a bug of mtgasp: this step fails, the run goes on)
            checks.append(CheckResult(sname, False, step.get("expect"), None, [_internal(e)]))
            break
        checks.append(result)
        for j, chk in enumerate(step.get("checks") or []):
            cname = f"{sname} / {chk.get('name') or f'check {j + 1}'}"
            try:
                checks.append(run_check(checker, state, chk, cname))
            except InputError as e:
                checks.append(CheckResult(cname, False, chk.get("expect"), None, [f"bad input: {e.render()}"]))
            except EncodingError:
                raise
            except Exception as e:  # noqa: BLE001
                checks.append(CheckResult(cname, False, chk.get("expect"), None, [_internal(e)]))
        if not result.passed:
            break
    return ScenarioResult(
        id=doc["id"], file=name, card=ruling.get("card"), date=ruling.get("date"),
        text=ruling.get("text", doc.get("description", "")), rules=list(doc["rules"]),
        kind=doc.get("kind", "ruling"), checks=checks)


def _internal(e: Exception) -> str:
    """A check that crashed: an internal error of mtgasp (a bug), said in one line."""
    return f"internal error (a bug in mtgasp): {type(e).__name__}: {e}"


def run_corpus(checker: Any, path: Path | None = None) -> Report:
    results = []
    for name, text in corpus_files(path):
        results.append(run_scenario(checker, name, load_scenario(name, text)))
    return Report(results)


def print_report(report: Report, out: Any = None) -> None:
    out = out or sys.stdout
    for r in report.results:
        first = " ".join(r.text.split()[:9])
        card = r.card or ("(shared notes)" if r.kind == "ruling" else "(rule)")
        print(f"{'pass' if r.passed else 'FAIL'}  {card:<26} {r.date or '-':<10}  "
              f"{first[:60]:<60}  {' '.join(r.rules)}", file=out)
        for c in r.checks:
            if not c.passed:
                for p in c.problems:
                    print(f"        {c.name}: {p}", file=out)
                print(f"        actual: {json.dumps(c.actual, ensure_ascii=False)[:600]}", file=out)
    failed = sum(not r.passed for r in report.results)
    print(f"{len(report.results) - failed} passed, {failed} failed", file=out)
