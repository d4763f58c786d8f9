"""Real cards through the Oracle importer (probe28c, 2026-12-05): an instant or sorcery whose text
says "Exile ~." among sentences no template reads exiles itself as it resolves (608.2c, 608.2n): the
importer keeps that sentence as `exile_self` beside the not-modeled ones, so `apply` puts the card
into exile, not its owner's graveyard (a plotted Step Between Worlds went to the graveyard). The
fixture holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_exile_self.json"
results, checker = module_fixtures(FIXTURE)


def test_exile_self_is_kept_beside_sentences_not_modeled(results: dict[str, CardResult]) -> None:
    # (the not-modeled part keeps its words, which apply says are not performed, 608.2c: probe29c)
    assert abilities(results, "Step Between Worlds")[0]["effects"] == [
        {"action": "not_modeled", "text": "Each player may shuffle their hand and graveyard into their "
                                          "library. Each player who does draws seven cards."},
        {"action": "exile_self"}]
    # ("Exile ~." in the middle: Praetor's Counsel; a target read from the other sentences is kept)
    assert abilities(results, "Praetor's Counsel")[0]["effects"][-1] == {"action": "exile_self"}
    assert abilities(results, "Flood of Recollection")[0]["effects"] == [
        {"action": "not_modeled", "targets": [{"zone": "graveyard", "types": ["Instant", "Sorcery"],
                                               "controller": "you"}],
         "text": "Return target instant or sorcery card from your graveyard to your hand."},
        {"action": "exile_self"}]
    # (every sentence read, as before: Alrund's Epiphany)
    assert [e["action"] for e in abilities(results, "Alrund's Epiphany")[0]["effects"]] == [
        "create_tokens", "extra_turn", "exile_self"]


def test_a_plotted_step_between_worlds_exiles_itself(checker: Checker) -> None:
    doc = state([{"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"},
                 {"id": "s", "card": "Step Between Worlds", "zone": "exile", "plotted_turn": 3}])
    doc = applied(checker, doc, {"kind": "cast", "object": "s", "method": "plot"})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(doc, "s")["zone"] == "exile" and "plotted_turn" not in obj(doc, "s")
