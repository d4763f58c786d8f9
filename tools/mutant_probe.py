#!/usr/bin/env python3
"""Run chosen scenario files under one mutant of tools/mutate.py: does this scenario kill it?

    python tools/mutant_probe.py --kinds drop,negate,constant --id 1234 python/mtgasp/corpus/x.json ...
    python tools/mutant_probe.py --kinds drop,negate,constant --id 3142 --tests choose
    python tools/mutant_probe.py --kinds drop,negate,constant --id 8565 --tests restricted --test-file test_apply.py

Prints, per scenario, "kills" (the scenario fails under the mutant), "misses" (it passes) or
"stillborn" (the mutated program doesn't ground). The scenario must pass under the real encodings
(`mtgasp verify FILE`) for "kills" to mean anything. Ids are those of `tools/mutate.py --list`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mutate
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.scenarios import load_scenario, run_scenario
from mtgasp.solver import EncodingError, encoding_files, program_override


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kinds", default="delete,flip,drop,negate,constant")
    p.add_argument("--id", type=int, required=True, action="append", help="mutant id (repeatable)")
    p.add_argument("--tests", metavar="EXPR",
                   help="also run the tests of tests/test_encodings.py selected by pytest -k EXPR")
    p.add_argument("--test-file", default="test_encodings.py",
                   help="the file of tests/ that --tests selects from (default test_encodings.py)")
    p.add_argument("scenarios", nargs="*", type=Path)
    a = p.parse_args()
    base = list(encoding_files())
    ms = {m.id: m for m in mutate.mutants(base, [k.strip() for k in a.kinds.split(",")])}
    checker = Checker(CardLibrary.builtin())
    for i in a.id:
        m = ms[i]
        print(f"mutant {i} {m.file}:{m.line} {m.kind} {m.description}")
        files = [(n, m.text if n == m.file else t) for n, t in base]
        with program_override(files):
            for path in a.scenarios:
                try:
                    r = run_scenario(checker, path.name, load_scenario(path.name, path.read_text()))
                    verdict = "misses" if r.passed else "kills"
                except EncodingError:
                    verdict = "stillborn"
                except Exception as e:  # noqa: BLE001
                    verdict = f"kills ({type(e).__name__})"
                print(f"  {verdict:10s} {path.name}")
            if a.tests:
                import pytest

                rc = pytest.main(["-q", "-o", "addopts=", "-p", "no:cacheprovider", "-k", a.tests,
                                  str(Path(mutate.ROOT) / "tests" / a.test_file)])
                print(f"  {'kills' if rc == 1 else 'misses' if rc == 0 else f'pytest exit {rc}':10s} "
                      f"tests/{a.test_file} -k {a.tests}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
