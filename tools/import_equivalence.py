"""Do the built-in cards, imported from their Oracle text, give the same answers as the hand-written
ones? (issue 11, "Done when")

    .venv/bin/python tools/import_equivalence.py [--verify] [--json]

1. Every card of python/mtgasp/data/cards.json is turned into an MTGJSON AtomicCards entry (its
   name, mana cost, type line, power/toughness and its Oracle text -- nothing of the hand-written
   abilities) and compiled by the importer (mtgasp.oracle).
2. The compiled abilities are compared with the hand-written ones (kind and every rules field;
   the ability text and the importer's template name are not compared).
3. With --verify, the whole rulings corpus is run (as `mtgasp verify`) with the imported library
   in place of the built-in one, and the result is compared with the hand-written library's run.

Exit 0 when every card is imported with the same abilities (and, with --verify, the corpus gives the
same verdict for every scenario).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from mtgasp.oracle import compile_card, read_cards

IGNORED = ("text", "template")


def builtin_document() -> dict[str, Any]:
    text = resources.files("mtgasp.data").joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


def as_mtgjson(doc: dict[str, Any]) -> dict[str, Any]:
    """The built-in cards as an MTGJSON AtomicCards document (Oracle text only)."""
    data: dict[str, list[dict[str, Any]]] = {}
    for card in doc["cards"]:
        faces = []
        for i, f in enumerate(card["faces"]):
            type_line = " ".join([*f.get("supertypes", []), *f["types"]])
            if f.get("subtypes"):
                type_line += " — " + " ".join(f["subtypes"])
            face: dict[str, Any] = {
                "name": card["name"], "type": type_line, "types": f["types"],
                "subtypes": f.get("subtypes", []), "supertypes": f.get("supertypes", []),
                "text": f["oracle"], "layout": card["layout"],
            }
            if len(card["faces"]) > 1:
                face["faceName"] = f["name"]
                face["side"] = "ab"[i]
            if f.get("mana_cost"):
                face["manaCost"] = f["mana_cost"]
            if "power" in f:
                face["power"], face["toughness"] = str(f["power"]), str(f["toughness"])
            faces.append(face)
        data[card["name"]] = faces
    return {"meta": {"source": "mtgasp built-in cards' Oracle text"}, "data": data}


NOT_MODELED_STATIC = {"kind": "static", "effect": {"action": "not_modeled"}}


def _rules_fields(v: Any) -> Any:
    if isinstance(v, dict):
        if v.get("kind") == "static" and v.get("effect") == {"action": "not_modeled"} \
                and len([k for k in v if k not in IGNORED]) == 2:
            # the hand-written library's way to say "not modeled" for a static line (it predates
            # the "not_modeled" kind): neither gives any fact
            return {"kind": "not_modeled"}
        return {k: _rules_fields(x) for k, x in v.items() if k not in IGNORED}
    if isinstance(v, list):
        return [_rules_fields(x) for x in v]
    return v


def compare(doc: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """(the imported cards, one line per difference)."""
    raws = read_cards(as_mtgjson(doc), "built-in cards")
    hand = {c["name"]: c for c in doc["cards"]}
    imported, diffs = [], []
    for raw in raws:
        res = compile_card(raw)
        if res.card is None:
            diffs.append(f"{raw.name}: refused ({res.refusal})")
            continue
        imported.append(res.card)
        want = hand[raw.name]
        if res.card["name"] != want["name"] or res.card["layout"] != want["layout"]:
            diffs.append(f"{raw.name}: imported as {res.card['name']} ({res.card['layout']})")
            continue
        for fw, fg in zip(want["faces"], res.card["faces"], strict=True):
            aw = [_rules_fields(a) for a in fw["abilities"]]
            ag = [_rules_fields(a) for a in fg["abilities"]]
            if aw != ag:
                for i in range(max(len(aw), len(ag))):
                    a = aw[i] if i < len(aw) else None
                    b = ag[i] if i < len(ag) else None
                    if a != b:
                        diffs.append(f"{fw['name']} ability {i + 1}: hand-written {json.dumps(a)}"
                                     f"\n    imported {json.dumps(b)}")
    return imported, diffs


def verify(imported: list[dict[str, Any]]) -> tuple[dict[str, bool], dict[str, bool]]:
    from mtgasp.api import Checker
    from mtgasp.cards import CardLibrary
    from mtgasp.scenarios import run_corpus

    lib = CardLibrary.from_data({"format": 1, "cards": imported}, source="imported built-ins",
                                base=CardLibrary())
    hand = run_corpus(Checker(CardLibrary.builtin()))
    mine = run_corpus(Checker(lib))
    return ({s.id: s.passed for s in hand.results}, {s.id: s.passed for s in mine.results})


def corpus_real_cards(atomic: Path) -> tuple[list[str], dict[str, tuple[bool, bool]]]:
    """The real cards the rulings corpus defines by hand (a scenario's "cards"), imported from
    AtomicCards.json instead: (one line per card: same / different abilities / refused / absent,
    scenario id -> (passes with the hand-written cards, passes with the imported ones))."""
    from mtgasp.api import Checker
    from mtgasp.cards import CardLibrary
    from mtgasp.scenarios import corpus_files, load_scenario, run_scenario

    data = json.loads(atomic.read_text(encoding="utf-8"))["data"]
    lines: list[str] = []
    compiled: dict[str, dict[str, Any] | None] = {}
    verdicts: dict[str, tuple[bool, bool]] = {}
    checker = Checker(CardLibrary.builtin())
    for name, text in corpus_files():
        doc = load_scenario(name, text)
        if not doc.get("cards"):
            continue
        swapped = []
        for card in doc["cards"]:
            n = card["name"]
            if n not in compiled:
                if n not in data:
                    compiled[n] = None
                    lines.append(f"{n}: not in AtomicCards.json")
                else:
                    [raw] = read_cards({"data": {n: data[n]}}, "AtomicCards.json")
                    res = compile_card(raw)
                    compiled[n] = res.card
                    if res.card is None:
                        lines.append(f"{n}: refused ({res.refusal})")
                    else:
                        same = all(
                            [_rules_fields(a) for a in fw["abilities"]]
                            == [_rules_fields(a) for a in fg["abilities"]]
                            for fw, fg in zip(card["faces"], res.card["faces"], strict=False))
                        lines.append(f"{n}: imported, {'the same' if same else 'different'} "
                                     "abilities (vs the scenario's hand-written card)")
            swapped.append(compiled[n] or card)
        if swapped == doc["cards"]:
            continue
        before = run_scenario(checker, name, doc).passed
        after = run_scenario(checker, name, {**doc, "cards": swapped}).passed
        verdicts[doc.get("id", name)] = (before, after)
    return lines, verdicts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--verify", action="store_true", help="also run the rulings corpus with both")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--corpus-cards", metavar="ATOMIC_CARDS_JSON",
                    help="also import the real cards the corpus scenarios define by hand from this "
                         "file and run those scenarios with the imported cards")
    args = ap.parse_args(argv)
    doc = builtin_document()
    imported, diffs = compare(doc)
    out: dict[str, Any] = {"cards": len(doc["cards"]), "imported": len(imported),
                           "differences": diffs}
    ok = not diffs
    if args.verify:
        hand, mine = verify(imported)
        differ = sorted(n for n in hand if hand[n] != mine.get(n))
        out["corpus"] = {"scenarios": len(hand), "passed_hand_written": sum(hand.values()),
                         "passed_imported": sum(mine.values()), "different": differ}
        ok = ok and not differ
    if args.corpus_cards:
        lines, verdicts = corpus_real_cards(Path(args.corpus_cards))
        out["corpus_cards"] = {"cards": lines, "scenarios": {
            k: {"hand_written": a, "imported": b} for k, (a, b) in verdicts.items()}}
        ok = ok and all(a == b for a, b in verdicts.values())
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"built-in cards: {out['cards']}, imported from Oracle text: {out['imported']}")
        print(f"abilities different from the hand-written ones: {len(diffs)}")
        for d in diffs:
            print(f"  {d}")
        if "corpus" in out:
            c = out["corpus"]
            print(f"rulings corpus: {c['scenarios']} scenarios; pass with the hand-written cards: "
                  f"{c['passed_hand_written']}, with the imported cards: {c['passed_imported']}; "
                  f"different verdicts: {len(c['different'])}")
            for n in c["different"]:
                print(f"  {n}")
        if "corpus_cards" in out:
            cc = out["corpus_cards"]
            print("real cards the corpus scenarios define by hand, imported from Oracle text:")
            for line in cc["cards"]:
                print(f"  {line}")
            sc = cc["scenarios"]
            same = sum(v["hand_written"] == v["imported"] for v in sc.values())
            print(f"scenarios run with the imported cards: {len(sc)}, same verdict: {same}")
            for k, v in sc.items():
                if v["hand_written"] != v["imported"]:
                    print(f"  different: {k} (hand-written {v['hand_written']}, imported "
                          f"{v['imported']})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
