"""The command line: ``mtgasp moves|why|mana|verify|check|facts`` (contracts.md, section 3).

Exit codes: 0 success, 1 a check failed (``verify``, ``check``) or an action was refused
(``apply``), 2 bad input, 3 an internal error (a bug of mtgasp). Nothing ever shows a traceback:
bad input is printed with the path of each problem's field, an internal error as one line saying
what failed and how to report it (``MTGASP_DEBUG=1`` shows the traceback). With ``--json``,
standard output carries only JSON (errors included); text output escapes control characters, so
names from the input can't forge lines.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mtgasp import __version__
from mtgasp.errors import InputError, Problem, bounded_repr, clean_text
from mtgasp.model import ability_words

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
REPORT = ("this is a bug in mtgasp, not a problem with your input; please report it with the "
          "command line and its input files (set MTGASP_DEBUG=1 to see the traceback)")


class _UsageError(Exception):
    """A command line argparse refuses (a missing argument, a value of the wrong type): bad input."""

    def __init__(self, parser: argparse.ArgumentParser, message: str):
        super().__init__(message)
        self.parser, self.message = parser, message


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors raised so that ``main`` reports them like any bad input
    (exit 2; with ``--json`` as a JSON error on standard output, which then carries only JSON)."""

    def error(self, message: str) -> Any:   # (argparse's own prints the usage and exits)
        raise _UsageError(self, message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mtgasp", description="Magic: The Gathering rules checker (ASP/clingo).")
    p.add_argument("--version", action="version", version=f"mtgasp {__version__}")
    # `mtgasp --json moves STATE` as well as `mtgasp moves STATE --json` (its own dest: a
    # subcommand's default would overwrite a shared one)
    p.add_argument("--json", action="store_true", dest="json_before_command",
                   help="print JSON (as the command's own --json)")
    # `mtgasp --cards FILE moves STATE` as well as after the command (found by probe32b: before the
    # command, the card file was taken for the command's name)
    p.add_argument("--cards", action="append", default=[], metavar="FILE", dest="cards_before_command",
                   help="an extra card file (as the command's own --cards); repeatable")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--json", action="store_true", help="print JSON")
        sp.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="an extra card file (same format as the built-in library); repeatable")

    sp = sub.add_parser("moves", help="every legal action of a player, with costs, payment and rules")
    sp.add_argument("state", nargs="+", help="state document(s) (JSON or YAML); several are answered in a batch")
    sp.add_argument("--player", help="whose moves (default: who has priority, or who chooses while something resolves)")
    sp.add_argument("--all", action="store_true", help="also list the candidate actions that are not legal, with reasons")
    sp.add_argument("--format", choices=["text", "dot", "svg"], default="text", dest="picture",
                    help="dot/svg: draw the payment plan of each move (svg needs Graphviz's dot)")
    common(sp)

    sp = sub.add_parser("why", help="is this action legal? every failed requirement with its rule")
    sp.add_argument("state")
    sp.add_argument("action", help="the action as JSON, or @FILE")
    sp.add_argument("--player", help="who takes the action (default: as for moves)")
    common(sp)

    sp = sub.add_parser("mana", help="the types of mana an object could produce (CR 106.7)")
    sp.add_argument("state")
    sp.add_argument("object", help="the object's id")
    sp.add_argument("--explain", action="store_true", help="show which sources make each type possible")
    sp.add_argument("--format", choices=["text", "dot", "svg"], default="text", dest="picture",
                    help="with --explain, dot/svg: draw the could-produce graph (svg needs Graphviz's dot)")
    common(sp)

    sp = sub.add_parser("batch", help="answer one question per line of a JSON Lines file, one answer per line")
    sp.add_argument("input", help="JSON Lines: one {\"state\", \"action\", \"object\", \"player\"} per line; - for stdin")
    sp.add_argument("--out", metavar="FILE", help="write the answers there (default: stdout)")
    sp.add_argument("--query", choices=("moves", "why", "mana"), default="moves",
                    help="the question of every line that names none (default: moves)")
    sp.add_argument("--workers", type=int, default=1, metavar="N",
                    help="worker processes, each keeping its checker warm (default 1: this process)")
    sp.add_argument("--dask", metavar="ADDRESS",
                    help="run on a Dask distributed cluster (scheduler address; needs the distributed package)")
    sp.add_argument("--group", type=int, default=1, metavar="N",
                    help="ground N states in one call (faster; the same verdicts, but a payment plan "
                         "may be another valid payment than moves/why give; default 1: each alone)")
    sp.add_argument("--quiet", action="store_true", help="no progress on stderr")
    common(sp)

    sp = sub.add_parser("apply", help="the next state after a legal action (illegal ones are refused with the reasons)")
    sp.add_argument("state")
    sp.add_argument("action", help="the action as JSON, or @FILE")
    sp.add_argument("--player", help="who takes the action (default: as for moves)")
    sp.add_argument("--choose", metavar="TYPE", help="the type of mana to take when a mana ability offers a choice (W U B R G C; several letters such as RG: the colors of N mana in any combination as a spell or ability resolves), the color "
                         "chosen as a permanent enters, or pay_life: pay the life a land asks for as it "
                         "enters (else it enters tapped). A choice of another kind ignores it; one of the "
                         "same kind that can't honour it (C where a color is chosen), or an action that makes no "
                         "choice at all, makes it bad input")
    sp.add_argument("--seed", type=int, default=0, help="seed for the random orders the rules call for (default 0)")
    sp.add_argument("--out", metavar="FILE", help="also write the next state to FILE")
    common(sp)

    sp = sub.add_parser("look", help="the hidden cards a player may look at (406.3, 702.75a, 702.143a, 708.5; 401.2, 701.22a: library cards)")
    sp.add_argument("state")
    sp.add_argument("player")
    common(sp)

    sp = sub.add_parser("verify", help="run the rulings scenarios (built-in corpus by default)")
    sp.add_argument("path", nargs="?", help="a scenario file or a folder of them")
    sp.add_argument("--coverage", action="store_true",
                    help="also report, per CR rule cited in the encodings, the scenarios that exercise it, "
                         "and the reference's rulings that have no scenario (docs/verification.md)")
    common(sp)

    sp = sub.add_parser("check", help="bounded verification: properties of the rules over every small state")
    sp.add_argument("--bound", type=int, default=None, metavar="N",
                    help="at most N objects per state (default: 3, and 2 for the properties that search payments)")
    sp.add_argument("--payment-bound", type=int, default=None, metavar="N",
                    help="the bound of the properties that search payments (default: min(bound, 2)); "
                         "given explicitly, it also lifts the smaller bound properties.lp gives a property")
    sp.add_argument("--turns", type=int, default=3, metavar="T", help="turns 1..T (default 3)")
    sp.add_argument("--property", action="append", default=[], metavar="NAME",
                    help="check only this property (repeatable); --list shows them")
    sp.add_argument("--list", action="store_true", help="list the properties and exit")
    sp.add_argument("--time-limit", type=float, default=None, metavar="S",
                    help="seconds of CPU time per property before giving up (reported unknown; default 300)")
    sp.add_argument("--save", metavar="DIR", help="write each counterexample state (and its action) to DIR")
    common(sp)

    sp = sub.add_parser("import", help="a state document from another program's file (forge: a Forge puzzle .pzl)")
    sp.add_argument("source_format", choices=["forge"], metavar="forge", help="the file's format: forge")
    sp.add_argument("file", help="the file to read (a Forge puzzle or game state file)")
    sp.add_argument("--out", metavar="FILE", help="write the state document to FILE (default: print it)")
    common(sp)

    sp = sub.add_parser("export", help="a state document as another program's file (forge: a Forge puzzle .pzl)")
    sp.add_argument("target_format", choices=["forge"], metavar="forge", help="the file's format: forge")
    sp.add_argument("state", help="the state document to write out")
    sp.add_argument("--out", metavar="FILE", help="write the puzzle to FILE (default: print it)")
    common(sp)

    from mtgasp import cardscli

    cardscli.add_parser(sub)  # `mtgasp cards import|show` (issue 11)

    sp = sub.add_parser("facts", help="print the ASP facts a state is exported as (for reading and debugging)")
    sp.add_argument("state")
    sp.add_argument("--player", help="the acting player (default: as for moves)")
    common(sp)
    return p


def _library(paths: Sequence[str], imported: bool = True) -> Any:
    from mtgasp.cards import CardLibrary
    from mtgasp.userlib import library_with_imported  # built-in + imported (lazy) + --cards

    if not imported:  # verify and check are about the built-in library (and --cards)
        return CardLibrary.load([Path(p) for p in paths]) if paths else CardLibrary.builtin()
    return library_with_imported([Path(p) for p in paths])


def _print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _say(text: str = "", file: Any = None) -> None:
    """Print one line of text output, control characters escaped (an id holding a newline or a
    terminal escape can't forge lines or colors)."""
    print(clean_text(text), file=file)


def _error_lines(text: str) -> str:
    return "\n".join(clean_text(line) for line in text.split("\n"))


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    try:
        args = parser.parse_args(words)
    except _UsageError as e:
        return _usage_error(e, "--json" in words)
    if getattr(args, "json_before_command", False):
        args.json = True
    if args.cards_before_command:
        if not hasattr(args, "cards"):
            return _usage_error(_UsageError(parser, f"mtgasp {args.command} takes no --cards"),
                                bool(getattr(args, "json", False)))
        args.cards = args.cards_before_command + args.cards
    # `--out -` is standard output, as a STATE `-` is standard input (it wrote a file named "-"),
    # where standard output is where the command prints anyway (not `cards import`: its default is
    # the user's card library)
    if args.command in ("apply", "batch", "import", "export") and getattr(args, "out", None) == "-":
        args.out = None
    try:
        return _run(args)
    except InputError as e:
        if getattr(args, "json", False):
            try:
                _print_json(e.to_json())
            except BrokenPipeError:  # `mtgasp ... --json | head`: the error still goes to stderr
                _quiet_stdout()
        print(f"mtgasp: bad input: {_error_lines(e.render())}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. `mtgasp moves ... | head`
        _quiet_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        print("mtgasp: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001 (the last resort: one line, never a traceback)
        return _internal_error(args, e)


def _usage_error(e: _UsageError, as_json: bool) -> int:
    """A command line argparse refuses: its usage and message on standard error as argparse prints
    them, exit 2, and with ``--json`` the JSON error on standard output."""
    if as_json:
        try:
            _print_json({"error": "bad input", "source": None,
                         "problems": [{"path": "arguments", "message": e.message}]})
        except BrokenPipeError:
            _quiet_stdout()
    e.parser.print_usage(sys.stderr)
    print(f"{e.parser.prog}: error: {clean_text(e.message)}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _internal_error(args: argparse.Namespace, e: BaseException) -> int:
    if os.environ.get("MTGASP_DEBUG"):
        import traceback

        traceback.print_exc()
    what = f"{type(e).__name__}: {bounded_repr(str(e), 200)}" if str(e) else type(e).__name__
    if isinstance(e, MemoryError):
        what = "out of memory"
    line = f"mtgasp: internal error in '{getattr(args, 'command', '?')}': {what}; {REPORT}"
    try:
        if getattr(args, "json", False):
            _print_json({"error": "internal error", "command": getattr(args, "command", None),
                         "message": what, "report": REPORT})
        print(clean_text(line), file=sys.stderr)
    except OSError:
        pass
    return EXIT_INTERNAL


def _quiet_stdout() -> None:
    """After a closed pipe, send what Python flushes at exit nowhere (no 'Exception ignored')."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _run(args: argparse.Namespace) -> int:
    from mtgasp.actions import acting_player, parse_action
    from mtgasp.api import Checker, _check_object
    from mtgasp.state import load_state

    if args.command == "cards":
        from mtgasp import cardscli

        return cardscli.run(args)
    if args.command == "batch":
        return _batch(args)
    _stdin_once(args)
    if getattr(args, "picture", "text") != "text" and getattr(args, "json", False):
        # a picture is DOT or SVG on standard output, which --json keeps for JSON only
        raise InputError(Problem("--format", f"--format {args.picture} draws a picture and --json "
                                             "prints JSON; choose one of them"))
    library = _library(args.cards, imported=args.command not in ("verify", "check"))
    checker = Checker(library)
    if args.command == "moves":
        if args.picture != "text":  # one picture of the payment plans of every state's moves
            from mtgasp.pictures import moves_dot, render

            results = [(path, *_moves_of(checker, library, path, args)) for path in args.state]
            sys.stdout.write(render(moves_dot(results), args.picture))
            return EXIT_OK
        if len(args.state) == 1:  # one state: its error is the run's error
            path = args.state[0]
            state, player, verdicts = _moves_of(checker, library, path, args)
            because = _none_because(checker, state, player, verdicts, args.all)
            if args.json:
                _print_json(_moves_json(path, player, verdicts, args.all, because))
            else:
                _print_moves(path, state, player, verdicts, args.all, because)
            return EXIT_OK
        # Several states: each is answered or its error reported, and the run goes on; exit 2 at
        # the end if any failed. With --json, a list with one entry per state, in order.
        failed = 0
        docs: list[Any] = []
        for path in args.state:
            try:
                state, player, verdicts = _moves_of(checker, library, path, args)
            except InputError as e:
                failed += 1
                print(f"mtgasp: bad input: {_error_lines(e.render())}", file=sys.stderr)
                if args.json:
                    docs.append({"state": path, **e.to_json()})
                continue
            because = _none_because(checker, state, player, verdicts, args.all)
            if args.json:
                docs.append(_moves_json(path, player, verdicts, args.all, because))
            else:
                _print_moves(path, state, player, verdicts, args.all, because)
                sys.stdout.flush()
        if args.json:
            _print_json(docs)
        if failed:
            print(f"mtgasp: {failed} of {len(args.state)} states had bad input", file=sys.stderr)
        return EXIT_BAD_INPUT if failed else EXIT_OK
    if args.command == "why":
        state = load_state(Path(args.state), library)
        if args.player is not None and state.player(args.player) is None:
            raise InputError(Problem("--player", f'"{args.player}" is not a player of {args.state}'))
        player = acting_player(state, args.player, library)
        text = args.action
        action = parse_action(Path(text[1:]) if text.startswith("@") else text, state, library, player)
        v = checker.why(state, action, player)
        if args.json:
            _print_json(v.why_json())
        else:
            _print_why(player, v)
        return EXIT_OK
    if args.command == "mana":
        state = load_state(Path(args.state), library)
        try:
            _check_object(state, args.object)
        except InputError as e:
            raise InputError(e.problems, args.state) from None
        obj = state.obj(args.object)
        if args.picture != "text":
            from mtgasp.pictures import mana_dot, render

            if not args.explain:
                raise InputError(Problem("--format", f"--format {args.picture} draws the explanation: "
                                                     "add --explain"))
            sys.stdout.write(render(mana_dot(checker, state, args.object), args.picture))
            return EXIT_OK
        types = checker.mana(state, args.object)
        out: dict[str, Any] = {"object": args.object, "types": types}
        if args.explain:
            out["explain"] = checker.explain_mana(state, args.object)
        if args.json:
            _print_json(out)
        else:
            shown = " ".join("{" + t + "}" for t in types) or "none"
            label = obj.card if obj and obj.card else (
                f"an ability of {obj.ability.source} on the stack" if obj and obj.ability else "")
            _say(f"{label} ({args.object}) could produce: {shown}")
            for line in out.get("explain", []):
                _say(f"  {line}")
        return EXIT_OK
    if args.command == "apply":
        from mtgasp.apply import apply_action

        state = load_state(Path(args.state), library)
        if args.player is not None and state.player(args.player) is None:
            raise InputError(Problem("--player", f'"{args.player}" is not a player of {args.state}'))
        if args.choose is not None and args.choose.upper() not in ("W", "U", "B", "R", "G", "C",
                                                                   "PAY_LIFE") and not (
                2 <= len(args.choose) <= 100 and set(args.choose.upper()) <= set("WUBRG")):
            raise InputError(Problem("--choose", f'"{args.choose}" is not a type of mana (W U B R G C), '
                                                 'the colors of mana in any combination (one letter '
                                                 'per mana, e.g. RG), nor pay_life'))
        player = acting_player(state, args.player, library)
        text = args.action
        action = parse_action(Path(text[1:]) if text.startswith("@") else text, state, library, player)
        out_path = Path(args.out) if args.out else None
        if out_path is not None and out_path.is_dir():
            raise InputError(Problem("--out", f"{args.out} is a folder; --out names the file to "
                                              "write the next state to"))
        if out_path is not None and not out_path.parent.is_dir():
            raise InputError(Problem("--out", f"the folder {out_path.parent} does not exist"))
        if args.choose is not None and len(args.choose) > 1 and args.choose.upper() != "PAY_LIFE" \
                and action.kind not in ("pass", "activate"):
            raise InputError(Problem("--choose", f'"{args.choose}": several colors are the choice of '
                                                 '"N mana in any combination of colors" as a spell or '
                                                 'ability resolves (passing priority) or as a mana '
                                                 'ability activated as the action adds its mana'))
        # (a type the activation can't add, by its own ability or a triggered mana ability such as
        # Fertile Ground's, is refused by apply_action, naming the types the source could produce)
        result = apply_action(checker, state, action, player, args.choose, args.seed)
        if result.legal and out_path is not None:
            text = json.dumps(result.state, indent=2, ensure_ascii=False) + "\n"
            try:
                out_path.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise InputError(Problem("--out", f"can't write {args.out}: "
                                                  f"{exc.strerror or exc}")) from None
        if args.json:
            _print_json(result.to_json())
        elif not result.legal:
            _print_why(player, result.verdict)
        else:
            # The next state alone on stdout (it loads back as a state); the events on stderr.
            for event in result.events:
                _say(f"- {event}", file=sys.stderr)
            _print_json(result.state)
        return EXIT_OK if result.legal else EXIT_FAILED
    if args.command == "look":
        state = load_state(Path(args.state), library)
        if state.player(args.player) is None:
            raise InputError(Problem("player", f'"{args.player}" is not a player of {args.state}'))
        seen = checker.visible(state, args.player)
        if args.json:
            _print_json({"player": args.player, "may_look_at": seen})
        else:
            _say(f"{args.player} may look at: " + (", ".join(f"{s['card']} ({s['object']}) [{' '.join(s['rules'])}]" for s in seen) or "no hidden card"))
        return EXIT_OK
    if args.command == "verify":
        from mtgasp.scenarios import print_report, run_corpus

        report = run_corpus(checker, Path(args.path) if args.path else None)
        cov = None
        if args.coverage:
            from mtgasp.coverage import coverage, print_coverage

            cov = coverage(report)
        if args.json:
            _print_json({**report.to_json(), "coverage": cov.to_json()} if cov is not None else report.to_json())
        else:
            print_report(report)
            if cov is not None:
                print_coverage(cov)
        return EXIT_OK if report.passed else EXIT_FAILED
    if args.command == "check":
        from mtgasp.check import run_cli

        return run_cli(args, library)
    if args.command in ("import", "export"):
        from mtgasp.forge import run_cli as forge_cli

        return forge_cli(args, library)
    if args.command == "facts":
        from mtgasp.facts import FactWriter

        state = load_state(Path(args.state), library)
        if args.player is not None and state.player(args.player) is None:
            raise InputError(Problem("--player", f'"{args.player}" is not a player of {args.state}'))
        fw = FactWriter(library)
        fw.state(state)
        fw.add("acting", fw.ids.player(acting_player(state, args.player, library)))
        fw.add("listing", fw.ids.player(acting_player(state, args.player, library)))  # the question of moves
        if args.json:
            _print_json({"facts": [str(f) for f in fw.facts], "players": fw.ids.player_names,
                         "objects": fw.ids.object_names, "cards": fw.ids.card_names})
        else:
            for f in fw.facts:
                _say(f"{f}.")
        return EXIT_OK
    raise AssertionError(args.command)


# --workers: processes on this machine (a larger cluster is --dask's)
MAX_WORKERS = 256


def _batch(args: argparse.Namespace) -> int:
    """mtgasp batch: exit 0 when every line was answered, 2 if some line was bad input (its
    answer line says why), 3 if an internal error was met on some line."""
    from mtgasp.batch import Progress, card_texts, run_batch

    if not 1 <= args.workers <= MAX_WORKERS:
        raise InputError(Problem("--workers", f"{args.workers} is not a number of workers (1 to {MAX_WORKERS}: "
                                              "each is a process of this machine)"))
    if not 1 <= args.group <= 64:
        raise InputError(Problem("--group", f"{args.group} is not a group size (1 to 64)"))
    cards = card_texts(args.cards)
    if args.dask is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise InputError(Problem("--dask", "needs the distributed package (pip install distributed)")) from None
    try:
        # Bytes that aren't UTF-8 are kept (as surrogates) so that their line alone is bad input.
        stdin = getattr(sys.stdin, "buffer", None)  # (a test's StringIO has no bytes)
        source = ((sys.stdin if stdin is None else
                   io.TextIOWrapper(stdin, encoding="utf-8-sig", errors="surrogateescape"))
                  if args.input == "-"
                  else open(args.input, encoding="utf-8-sig", errors="surrogateescape"))  # noqa: SIM115
    except OSError as e:
        raise InputError(Problem("input", f"cannot read {args.input}: {e.strerror or e}")) from None
    try:
        out = sys.stdout if args.out is None else open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    except OSError as e:
        raise InputError(Problem("--out", f"cannot write {args.out}: {e.strerror or e}")) from None
    progress = None if args.quiet else Progress()
    worst = EXIT_OK
    try:
        with source:
            for ans in run_batch(source, args.query, cards, args.workers, args.dask, progress=progress,
                                 group=args.group):
                if "error" in ans:
                    worst = max(worst, EXIT_BAD_INPUT if ans["error"] == "bad input" else EXIT_INTERNAL)
                out.write(json.dumps(ans, ensure_ascii=False) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
        if progress is not None:
            progress.finish()
    return worst


def _stdin_once(args: argparse.Namespace) -> None:
    """Standard input holds one document: naming it twice (``why - @-``, ``moves - -``) read the
    second as empty and said "not valid JSON" of ``<stdin>`` without saying which input."""
    states = args.state if isinstance(getattr(args, "state", None), list) else [getattr(args, "state", None)]
    uses = [("state", s) for s in states if s == "-"]
    if getattr(args, "action", None) is not None and str(args.action).strip() == "@-":
        uses.append(("action", "@-"))
    if len(uses) > 1:
        raise InputError(Problem(uses[1][0], f"{uses[1][1]} reads standard input, which the state "
                                             "already reads (-): standard input holds one document; "
                                             "give the other one as a file or inline"))


def _moves_of(checker: Any, library: Any, path: str, args: argparse.Namespace) -> tuple[Any, str, list]:
    from mtgasp.actions import acting_player
    from mtgasp.state import load_state

    state = load_state(Path(path), library)
    if args.player is not None and state.player(args.player) is None:
        raise InputError(Problem("--player", f'"{args.player}" is not a player of {path}'))
    player = acting_player(state, args.player, library)
    verdicts = checker.judge_all(state, player) if args.all else checker.moves(state, player)
    return state, player, verdicts


def _none_because(checker: Any, state: Any, player: str, verdicts: list, all_: bool) -> list | None:
    """Why a player has no legal move (an empty `moves` list): batch.none_because."""
    if all_ or verdicts:
        return None
    from mtgasp.batch import none_because

    return none_because(checker, state, player)


def _moves_json(path: str, player: str, verdicts: list, all_: bool,
                none_because: list | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"state": path, "player": player}
    if all_:
        out["actions"] = [{**v.to_json(), "legal": v.legal,
                           **({"reasons": [r.to_json() for r in v.reasons]} if not v.legal else {})}
                          for v in verdicts]
    else:
        out["moves"] = [v.to_json() for v in verdicts]
        if none_because is not None:   # no legal move: why not (the candidates' reasons)
            out["none_because"] = [r.to_json() for r in none_because]
    return out


def _describe(action: Any, state: Any) -> str:
    a = action.to_json()
    o = state.obj(a.get("object", "")) if a.get("object") else None
    what = f"{o.card} ({o.id})" if o is not None and o.card else ""
    if a["kind"] == "cast":
        extra = f" as {a['face']}" if o is not None and o.card and a.get("face") != o.card else ""
        method = "" if a["method"] == "normal" else f" [{a['method']}]"
        adds = list(a.get("additional") or [])
        n_kick = adds.count("kicker")
        # (118.8: not every additional cost is a kicker: "additional_cost" is named as in the action)
        kick = (" kicked" if n_kick == 1 else f" kicked {n_kick} times" if n_kick else "") + "".join(
            f" with {c}" for c in adds if c != "kicker")
        aim = f" targeting {', '.join(a['targets'])}" if a.get("targets") else ""
        return f"cast {what}{extra}{method}{kick}{aim}"
    if a["kind"] == "activate":
        ab = a["ability"]
        ab_text = ability_words(ab)
        aim = f" targeting {', '.join(a['targets'])}" if a.get("targets") else ""
        return f"activate {what} {ab_text}{aim}"
    if a["kind"] == "pass":
        return "pass priority"
    if a["kind"] == "play_land" and a.get("face"):  # 712.12: the land face played
        return f"play land {what} as {a['face']}"
    if a["kind"] == "choose" and o is not None and not o.card:   # 603.3d: a trigger's target
        return f"choose {', '.join(a.get('targets') or [])} as the target of {o.id}"
    return f"{a['kind'].replace('_', ' ')} {what}".rstrip()


def _print_moves(path: str, state: Any, player: str, verdicts: list, all_: bool,
                 none_because: list | None = None) -> None:
    _say(f"{path}: {'actions' if all_ else 'legal moves'} of {player} "
          f"(turn {state.turn}, {state.step.replace('_', ' ')}, priority: {state.priority or 'nobody'})")
    for v in verdicts:
        mark = ("yes " if v.legal else "no  ") if all_ else ""
        line = f"  {mark}{_describe(v.action, state)}"
        if v.costed and v.cost is not None:
            line += f"  cost {v.cost}"
            if (v.has_x or v.x_max is not None) and v.legal:   # (and "Remove X ki counters", 107.3a)
                low = f"from {v.x_min} " if v.x_min else ""
                line += f" (X {low}up to {v.x_max})"
        shown = v.plan if not v.unpayable else None   # (no cost to pay: no plan, as in --json)
        spent = _pool_spent(shown, v.cost) if shown is not None else []
        if shown is not None and (v.plan.sources or v.plan.sacrifices or v.plan.life or spent):
            pay = ", ".join(spent + [u.text() for u in v.plan.sources])
            if v.plan.sacrifices:
                pay += (", " if pay else "") + "sacrifice " + ", ".join(v.plan.sacrifices)
            if v.plan.life:   # 107.4f: Phyrexian symbols paid with life
                pay += (", " if pay else "") + f"{v.plan.life} life"
            line += f"  pay: {pay}"
        line += f"  [{' '.join(v.permits)}]"
        _say(line)
        if all_ and not v.legal:
            for r in v.reasons:
                _say(f"      {r.rule}: {r.message}")
    if none_because is not None:
        _say(f"  no legal move: {player} can take none of the candidate actions (--all lists them):"
             if none_because else f"  no legal move: {player} has no candidate action")
        for r in none_because:
            _say(f"      {r.rule}: {r.message}")
    _say()


def _pool_spent(plan: Any, cost: str | None) -> list[str]:
    """The mana of the player's mana pool a payment plan draws on (106.4: mana stays there until
    spent; 106.6: restricted mana named by its restricted_mana entry), said apart from the mana
    abilities; the unrestricted pool only when the cost has mana to pay (not "{T}" alone)."""
    from mtgasp.answers import cost_has_mana
    out = [f"mana pool {plan.pool}"] if plan.pool and cost_has_mana(cost) else []
    out += [f"restricted mana {r}" for r in plan.restricted]
    return out


def _print_why(player: str, v: Any) -> None:
    if v.legal:
        _say(f"legal: {player} may do this. Permitted by: {', '.join(v.permits)}")
        if v.costed:
            x = v.plan.x if v.plan is not None and (v.has_x or v.removes_x) else None   # (107.3a)
            if x is not None and not v.has_x and "remove X " not in (v.cost or ""):
                # "Remove any number of storage counters": a number chosen as it's paid, no X (118.3)
                _say(f"  total cost: {v.cost}, removing {x}")
            else:
                _say(f"  total cost: {v.cost}" + (f" with X = {x}" if x is not None else ""))
        shown = v.plan if not v.unpayable else None   # (no cost to pay: no plan, as in --json)
        spent = _pool_spent(shown, v.cost) if shown is not None else []
        if shown is not None and (v.plan.sources or spent):
            _say("  payment: " + ", ".join(spent + [
                f"{u.source} ({ability_words(u.ability)}) adds {u.mana}" + "".join(
                    f", then the triggered mana {ability_words(a)} of {s} adds {m} (605.4a)" for s, a, m in u.triggered)
                for u in v.plan.sources]))
        if v.plan is not None and v.plan.sacrifices:  # 118.3, 701.21a: what the cost sacrifices
            _say("  sacrifice: " + ", ".join(v.plan.sacrifices))
        if v.plan is not None and v.plan.life:  # 107.4f, 119.4: Phyrexian symbols paid with life
            _say(f"  life: {v.plan.life} (for Phyrexian mana symbols, 107.4f)")
    else:
        _say(f"not legal for {player}:")
        for r in v.reasons:
            _say(f"  {r.rule}: {r.message}")


if __name__ == "__main__":
    sys.exit(main())
