"""``mtgasp cards import|show``: compile real cards' Oracle text into the card library, and show how
a card was read (issue 11; the importer is ``mtgasp.oracle``, the library the CLI reads is
``mtgasp.userlib``)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from mtgasp.errors import InputError, Problem

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_parser(sub: Any) -> None:
    """The ``cards`` command group (called from cli._parser)."""
    sp = sub.add_parser("cards", help="import real cards' Oracle text into the library; show a card")
    csub = sp.add_subparsers(dest="cards_command", required=True, metavar="SUBCOMMAND")
    ip = csub.add_parser(
        "import", help="compile MTGJSON AtomicCards / Scryfall card files into the card library")
    ip.add_argument("files", nargs="+", metavar="FILE",
                    help="MTGJSON AtomicCards.json, a Scryfall bulk file, or one card object")
    ip.add_argument("--out", metavar="FILE",
                    help="where to write the compiled library (default: the per-user data folder, "
                         "$XDG_DATA_HOME/mtgasp/cards.json, which moves/why/mana read by default)")
    ip.add_argument("--report", metavar="FILE",
                    help="write the full report (every line of every card with its verdict); "
                         "JSON if FILE ends in .json, text otherwise")
    ip.add_argument("--json", action="store_true", help="print the summary as JSON")
    shp = csub.add_parser("show", help="a compiled card: each ability with its template and Oracle line")
    shp.add_argument("name")
    shp.add_argument("--json", action="store_true", help="print the card as JSON")
    shp.add_argument("--cards", action="append", default=[], metavar="FILE",
                     help="an extra card file; repeatable")


def run(args: argparse.Namespace) -> int:
    if args.cards_command == "import":
        return _import(args)
    return _show(args)


def _import(args: argparse.Namespace) -> int:
    from mtgasp.oracle import (
        default_library_path,
        import_files,
        library_document,
        validate_results,
        write_atomic,
    )

    t0 = time.perf_counter()
    report = import_files(args.files)  # InputError: nothing written
    validate_results(report)
    report.seconds = time.perf_counter() - t0
    out = Path(args.out) if args.out else default_library_path()
    if out.exists() and out.is_dir():
        raise InputError(Problem("--out", f"{out} is a folder"))
    report_text = None
    if args.report:
        rp = Path(args.report)
        report_text = (json.dumps(report.to_json(), indent=1, ensure_ascii=False) + "\n"
                       if rp.suffix == ".json" else report.render(full=True) + "\n")
    try:
        write_atomic(out, library_document(report))
        if args.report and report_text is not None:
            write_atomic(Path(args.report), report_text)
    except OSError as e:
        raise InputError(Problem("--out", f"cannot write {e.filename or out}: {e.strerror or e}")) \
            from None
    if args.json:
        json.dump({**report.to_json(full=False), "out": str(out)}, sys.stdout, indent=2,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(report.render())
        print(f"wrote {len(report.imported)} cards to {out}")
    return EXIT_OK


def card_json(card: Any) -> dict[str, Any]:
    """A library card (model.Card) back as card-format JSON."""
    faces = []
    for f in card.faces:
        face: dict[str, Any] = {
            "name": f.name, "mana_cost": f.mana_cost.text if f.mana_cost is not None else None,
            "supertypes": list(f.supertypes), "types": list(f.types), "subtypes": list(f.subtypes),
        }
        if f.power is not None:
            face["power"] = f.power
            face["toughness"] = f.toughness
        face["oracle"] = f.oracle
        face["abilities"] = [{"kind": a.kind, "text": a.text, **dict(a.spec)} for a in f.abilities]
        faces.append(face)
    return {"name": card.name, "layout": card.layout, "faces": faces}


def _show(args: argparse.Namespace) -> int:
    from mtgasp.userlib import library_with_imported

    library = library_with_imported(args.cards)
    card = library.get(args.name)
    doc = card_json(card)
    if args.json:
        json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_OK
    print(f"{doc['name']} ({doc['layout']})")
    for f in doc["faces"]:
        cost = f["mana_cost"] or "no mana cost"
        pt = f" {f['power']}/{f['toughness']}" if "power" in f else ""
        types = " ".join([*f["supertypes"], *f["types"]])
        subs = (" — " + " ".join(f["subtypes"])) if f["subtypes"] else ""
        print(f"  {f['name']}  {cost}  {types}{subs}{pt}")
        for i, a in enumerate(f["abilities"], start=1):
            rest = {k: v for k, v in a.items() if k not in ("kind", "text", "template")}
            template = a.get("template", "(hand-written)")
            print(f"  {i}. [{template}] {a['text']}")
            print(f"       {a['kind']}: {json.dumps(rest, ensure_ascii=False)}")
    return EXIT_OK
