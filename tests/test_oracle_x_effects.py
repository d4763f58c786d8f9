"""Real cards through the Oracle importer: an effect's amount "X" (107.3a, 107.3m), and an ability's
"Untap this creature" (701.26b). The X of an
enters-the-battlefield trigger is the X of the spell its source was (the seed ruling: "an exception
to rule 107.3i"); an X the text defines ("where X is the number of ...") is not announced and stays
not modeled. The fixture holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_x_effects.json"
results, checker = module_fixtures(FIXTURE)


def test_an_enters_trigger_counts_the_x_of_the_spell(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Gadwick, the Wizened")[0]["effect"] == {"action": "draw", "n": "X"}
    tokens = abilities(results, "Champions from Beyond")[0]["effect"]
    assert tokens["action"] == "create_tokens" and tokens["n"] == "X"
    assert abilities(results, "Blaze")[0]["effect"] == {"action": "damage", "amount": "X", "target": "any"}


def test_an_x_the_text_defines_is_not_read_as_announced(results: dict[str, CardResult]) -> None:
    # 107.3c-like: "draw X cards, where X is the number of creatures that died ..." (no {X} in the
    # mana cost: nothing announces an X; reading it as 0 would draw nothing)
    for name in ("Liliana's Standard Bearer", "Dockside Extortionist"):
        trig = next(a for a in abilities(results, name) if a["kind"] != "keyword")
        assert trig.get("effect", {}).get("action", "not_modeled") == "not_modeled", (name, trig)


def test_x_zero_enters_trigger_draws_nothing(checker: Checker) -> None:
    # 107.3m: X = 0 chosen for the spell, so the trigger's X is 0: no card is drawn (121.1)
    doc = state([{"id": "g", "card": "Gadwick, the Wizened", "zone": "hand"},
                 *({"id": f"i{i}", "card": "Island"} for i in range(3)),
                 {"id": "top", "card": "Grizzly Bears", "zone": "library"}])
    doc = applied(checker, doc, {"kind": "cast", "object": "g", "x": 0})
    assert obj(doc, "g")["x"] == 0
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(doc, "g-ability1")["x"] == 0
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert obj(doc, "top")["zone"] == "library"
    assert all(o["id"] != "g-ability1" for o in doc["objects"])


def test_an_ability_untaps_its_source(results: dict[str, CardResult], checker: Checker) -> None:
    # 701.26b: Devoted Druid's "Put a -1/-1 counter on this creature: Untap this creature."
    assert abilities(results, "Devoted Druid")[1]["effect"] == {"action": "untap_self"}
    doc = state([{"id": "d", "card": "Devoted Druid", "tapped": True}])
    doc = applied(checker, doc, {"kind": "activate", "object": "d", "ability": 2})
    assert obj(doc, "d")["tapped"] is True and obj(doc, "d")["counters"] == {"-1/-1": 1}
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert "tapped" not in obj(doc, "d") or obj(doc, "d")["tapped"] in (None, False)
