"""Convert a folder of Forge puzzle files and count what converts (mtgasp import forge, in bulk).

    python benchmarks/forge_puzzles.py DIR [--cards FILE]... [--imported FILE] [--moves] [--json]
                                           [--top N]

For every ``*.pzl`` file under DIR (recursively): does it import into a valid state document,
does it need cards the card library lacks (and which), or is it bad input for another reason.
Prints the counts, the warnings by kind (what the state format can't say), and the cards most
often missing. ``--moves`` also asks ``moves`` of every converted state and counts the answers
(a check that imported states are usable, and the time it takes).

``--imported FILE`` adds a library compiled from real cards' Oracle text by ``mtgasp cards import``
(``mtgasp cards import AtomicCards.json --out FILE``; by default the command writes
``$XDG_DATA_HOME/mtgasp/cards.json``), read lazily under the built-in cards and the ``--cards``
files, as the command line reads it. Without it the per-user library is not read: the figures
don't depend on what the user has imported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.forge import UnknownCardsError, import_pzl, pending_sba_warnings


def run(folder: Path, library: CardLibrary, moves: bool = False) -> dict[str, Any]:
    files = sorted(folder.rglob("*.pzl"))
    converted: list[str] = []
    need_cards: dict[str, list[str]] = {}
    bad: dict[str, str] = {}
    kinds: Counter[str] = Counter()
    files_with_kind: Counter[str] = Counter()
    missing: Counter[str] = Counter()
    answered = 0
    moves_time = 0.0
    moves_errors: dict[str, str] = {}
    checker = None
    if moves:
        from mtgasp.api import Checker

        checker = Checker(library)
    for f in files:
        name = str(f.relative_to(folder))
        try:
            result = import_pzl(f, library)
        except UnknownCardsError as e:
            need_cards[name] = e.names
            missing.update(e.names)
            kinds.update(w.kind for w in e.warnings)
            files_with_kind.update({w.kind for w in e.warnings})
            continue
        except InputError as e:
            bad[name] = e.render()
            continue
        converted.append(name)
        warnings = result.warnings + (pending_sba_warnings(result.document, library) if moves else [])
        kinds.update(w.kind for w in warnings)
        files_with_kind.update({w.kind for w in warnings})
        if checker is not None:
            from mtgasp.state import parse_state

            t0 = time.perf_counter()
            try:
                state = parse_state(result.document, library, source=name)
                checker.moves(state)
            except InputError as e:
                moves_errors[name] = e.render()
                continue
            finally:
                moves_time += time.perf_counter() - t0
            answered += 1
    return {
        "files": len(files), "converted": len(converted), "need_cards": len(need_cards),
        "bad_input": len(bad), "warnings_by_kind": dict(kinds.most_common()),
        "files_with_warning_kind": dict(files_with_kind.most_common()),
        "missing_cards": dict(missing.most_common()), "converted_files": converted,
        "bad_files": bad, **({"moves_answered": answered, "moves_seconds": round(moves_time, 3),
                              "moves_errors": moves_errors} if moves else {}),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path, help="a folder of Forge puzzle files (*.pzl)")
    ap.add_argument("--cards", action="append", default=[], metavar="FILE",
                    help="extra card files for the library (repeatable)")
    ap.add_argument("--imported", type=Path, metavar="FILE",
                    help="a library written by `mtgasp cards import` (read lazily, under the "
                         "built-in cards and --cards files)")
    ap.add_argument("--moves", action="store_true", help="also run moves on each converted state")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--top", type=int, default=15, help="how many missing cards to list (15)")
    args = ap.parse_args(argv)
    if not args.dir.is_dir():
        print(f"forge_puzzles: {args.dir} is not a folder", file=sys.stderr)
        return 2
    try:
        library = CardLibrary.load(args.cards) if args.cards else CardLibrary.builtin()
        if args.imported is not None:
            from mtgasp.userlib import LazyCardLibrary

            if not args.imported.is_file():
                print(f"forge_puzzles: {args.imported} is not a file", file=sys.stderr)
                return 2
            library = LazyCardLibrary(list(library), args.imported)
    except InputError as e:
        print(f"forge_puzzles: bad card file: {e.render()}", file=sys.stderr)
        return 2
    report = run(args.dir, library, args.moves)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    n = report["files"]
    print(f"{n} puzzle files in {args.dir} (library: {len(library)} cards)")
    print(f"  converted:              {report['converted']}")
    print(f"  need cards the library lacks: {report['need_cards']} "
          f"({len(report['missing_cards'])} distinct cards)")
    print(f"  other bad input:        {report['bad_input']}")
    if args.moves:
        print(f"  moves answered:         {report['moves_answered']} "
              f"in {report['moves_seconds']} s")
        for name, msg in report["moves_errors"].items():
            print(f"  moves refused {name}: {msg.splitlines()[0]}")
    if report["warnings_by_kind"]:
        print("warnings by kind, over the files that convert or only lack cards (warnings, files):")
        for kind, count in report["warnings_by_kind"].items():
            print(f"  {kind:28} {count:6} {report['files_with_warning_kind'][kind]:6}")
    if report["missing_cards"]:
        print("most often missing cards (files): " + ", ".join(
            f"{c} ({k})" for c, k in list(report["missing_cards"].items())[: args.top]))
    for name, msg in list(report["bad_files"].items())[:10]:
        print(f"bad input: {msg.splitlines()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
