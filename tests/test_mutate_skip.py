"""tools/mutate.py leaves out, per mutant, the scenarios whose queries can't ground the mutated rule
(Profile). The skip must be exact: the same verdict (killed, survived, stillborn) as running every
scenario, on a few mutants of each literal-level kind and of delete/flip, over a part of the corpus."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import mutate
from mtgasp.scenarios import corpus_files
from mtgasp.solver import encoding_files

KILLER = "rule-105.2-corrupted-grafstone-a-color-of-a-card-in-your-graveyard.json"


def _fresh(m: mutate.Mutant) -> mutate.Mutant:
    return mutate.Mutant(m.id, m.file, m.line, m.kind, m.description, m.statement, m.text)


# The default run: the two mutants named below over 9 scenarios; the slow tier: 5 random ones
# more, over 25.
@pytest.mark.parametrize(("others", "sampled"), [(8, 0), pytest.param(24, 5, marks=pytest.mark.slow)])
def test_skip_gives_the_same_verdicts_as_running_every_scenario(others: int, sampled: int) -> None:
    files = corpus_files()
    scenarios = [f for f in files if f[0] == KILLER] + [f for f in files if f[0] != KILLER][:others]
    # the sample is drawn from every mutant; the two named ones need only their files' mutants (all
    # 19,931 mutants, each with its file's text, take 2.6 GB of memory)
    ms = mutate.mutants([f for f in encoding_files() if sampled or f[0] in ("mana.lp", "payment.lp")], mutate.KINDS)
    chosen = random.Random(7).sample(ms, sampled)
    # a mutant the Corrupted Grafstone scenario kills (mana.lp, "a color among cards in your
    # graveyard": the owner of the card is dropped) and one no scenario notices (a bit of the
    # mana types' numbering, 32 -> 33: tools/mutate.py --sample 12 --seed 7)
    chosen += [m for m in ms if m.kind == "drop" and m.statement.startswith("raw_base0(")
               and "color_among_graveyard" in m.statement and m.description.endswith("owner(S,P)")][:1]
    chosen += [m for m in ms if m.kind == "constant" and m.statement == "type_bit(c,32)."][:1]
    fast = mutate.Runner(run_tests=False, skip=True, scenarios=scenarios)
    slow = mutate.Runner(run_tests=False, skip=False, scenarios=scenarios)
    verdicts = []
    for m in chosen:
        a, b = fast.run(_fresh(m)), slow.run(_fresh(m))
        assert a.status == b.status, (m.file, m.line, m.kind, m.description, a.status, b.status)
        verdicts.append(a.status)
    assert "killed" in verdicts and "survived" in verdicts, verdicts
    assert fast.skipped > 0 and slow.skipped == 0
