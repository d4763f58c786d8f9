"""Real cards through the Oracle importer: the snow mana symbol {S} (CR 107.4h: one generic mana
that must be paid with mana a snow source produced). The fixture tests/fixtures/real_cards_snow.json
holds MTGJSON AtomicCards entries copied from ../shared/data/AtomicCards.json; each test states the
answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.errors import InputError
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_snow.json"
results, checker = module_fixtures(FIXTURE)

SHADE_PUMP = {"kind": "activate", "object": "cs", "ability": 2}


def pools(**players: Any) -> list[dict[str, Any]]:
    return [{"name": n, **p} for n, p in players.items()] + (
        [{"name": "bob"}] if "bob" not in players else [])


def test_snow_costs_read(results: dict[str, CardResult]) -> None:
    for name in ("Thermopod", "Scrying Sheets", "Mouth of Ronom", "Faceless Haven", "Frostwalk Bastion",
                 "Arcum's Astrolabe", "Chilling Shade"):
        assert results[name].card is not None, results[name].refusal
    assert abilities(results, "Faceless Haven")[1]["cost"] == {"mana": "{S}{S}{S}"}
    assert results["Arcum's Astrolabe"].card["faces"][0]["mana_cost"] == "{S}"


def test_only_snow_mana_pays_s(checker: Checker) -> None:
    base = [{"id": "cs", "card": "Chilling Shade"}, {"id": "f", "card": "Forest"}]
    v = why(checker, state(base + [{"id": "sf", "card": "Snow-Covered Forest", "tapped": True}]), SHADE_PUMP)
    assert not v.legal and v.cost == "{S}"
    assert "107.4h" in {r.rule for r in v.reasons}
    v = why(checker, state(base + [{"id": "sf", "card": "Snow-Covered Forest"}]), SHADE_PUMP)
    assert v.legal
    assert [u.source for u in v.plan.sources] == ["sf"]


def test_snow_and_generic_together(checker: Checker) -> None:
    # Frostwalk Bastion "{1}{S}: ... becomes a 2/3 Construct": the Bastion (a snow land) taps for {C}
    # for its own {S} (the cost has no {T}); a Forest pays the {1}
    doc = state([{"id": "t", "card": "Frostwalk Bastion"}, {"id": "f", "card": "Forest"}])
    v = why(checker, doc, {"kind": "activate", "object": "t", "ability": 2})
    assert v.legal and v.cost == "{1}{S}"
    # Faceless Haven {S}{S}{S}: two snow lands and itself; a Forest can't stand in for a third snow source
    haven = {"kind": "activate", "object": "t", "ability": 2}
    snow = [{"id": "t", "card": "Faceless Haven"}, {"id": "f", "card": "Snow-Covered Forest"},
            {"id": "g", "card": "Snow-Covered Island"}]
    assert why(checker, state(snow), haven).legal
    doc = state([snow[0], snow[1], {"id": "h", "card": "Forest"}, {"id": "i", "card": "Island"}])
    assert not why(checker, doc, haven).legal


def test_cast_a_spell_with_s_in_its_mana_cost(checker: Checker) -> None:
    cast = {"kind": "cast", "object": "a"}
    doc = state([{"id": "a", "card": "Arcum's Astrolabe", "zone": "hand"}, {"id": "f", "card": "Forest"}])
    assert not why(checker, doc, cast).legal
    doc = state([{"id": "a", "card": "Arcum's Astrolabe", "zone": "hand"}, {"id": "b", "card": "Boreal Druid"}])
    v = why(checker, doc, cast)  # Boreal Druid is a snow creature: its {C} is snow mana
    assert v.legal and v.cost == "{S}"


def test_pool_snow_mana(checker: Checker) -> None:
    shade = [{"id": "cs", "card": "Chilling Shade"}]
    doc = state(shade, players=pools(alice={"mana_pool": "{G}{B}", "mana_pool_snow": "{B}"}))
    assert why(checker, doc, SHADE_PUMP).legal
    after = applied(checker, doc, SHADE_PUMP)
    alice = after["players"][0]
    assert alice.get("mana_pool") == "{G}" and "mana_pool_snow" not in alice   # the snow {B} paid {S}
    doc = state(shade, players=pools(alice={"mana_pool": "{G}{B}"}))
    assert not why(checker, doc, SHADE_PUMP).legal


def test_apply_keeps_track_of_snow_mana(checker: Checker) -> None:
    tap = {"kind": "activate", "object": "sf", "ability": 1}
    after = applied(checker, state([{"id": "sf", "card": "Snow-Covered Forest"}]), tap)
    assert after["players"][0]["mana_pool"] == "{G}" and after["players"][0]["mana_pool_snow"] == "{G}"
    assert obj(after, "sf")["tapped"] is True
    after = applied(checker, state([{"id": "f", "card": "Forest"}]), {"kind": "activate", "object": "f",
                                                                      "ability": 1})
    assert "mana_pool_snow" not in after["players"][0]


def test_pool_snow_must_be_part_of_the_pool(checker: Checker) -> None:
    doc = state([], players=pools(alice={"mana_pool": "{G}", "mana_pool_snow": "{B}"}))
    with pytest.raises(InputError, match=r"players\[0\]\.mana_pool_snow"):
        parse_state(doc, checker.library)


def test_s_is_not_in_a_mana_abilitys_own_cost() -> None:
    card = {"name": "Snow Filter", "layout": "normal", "faces": [{
        "name": "Snow Filter", "mana_cost": "{2}", "supertypes": ["Snow"], "types": ["Artifact"],
        "subtypes": [], "oracle": "{S}, {T}: Add {U}.",
        "abilities": [{"kind": "activated", "cost": {"mana": "{S}", "tap": True}, "mana": {"fixed": "{U}"}}]}]}
    with pytest.raises(InputError, match=r"cost\.mana"):
        CardLibrary.from_data({"format": 1, "cards": [card]}, source="test")


def test_a_line_making_permanents_snow_is_refused(results: dict[str, CardResult]) -> None:
    # 107.4h, 205.4g: "Enchanted land is snow" (Glittering Frost) and "Permanents with ice counters
    # on them are snow" (Rimefeather Owl) make the mana those permanents produce snow mana, which
    # pays {S}; kept as not modeled, Glittering Frost's Forest paid no {S} (probe21). A condition
    # ("If that card is snow", Scrying Sheets) changes nothing: still imported.
    for name in ("Glittering Frost", "Rimefeather Owl"):
        r = results[name]
        assert r.card is None and "107.4h" in (r.refusal or ""), (name, r.refusal)
    assert results["Scrying Sheets"].card is not None


def test_triggered_mana_on_a_snow_land_is_not_snow_mana(checker: Checker) -> None:
    # 106.3: "If mana is produced by an ability, the source of that mana is the source of that
    # ability": Heartbeat of Spring's additional mana is Heartbeat's, a nonsnow source, so it pays
    # no {S} (107.4h). Faceless Haven's {S}{S}{S} with the Haven and a Snow-Covered Forest under
    # Heartbeat: two snow mana and two others, not enough (probe21: all four counted as snow).
    haven = {"kind": "activate", "object": "t", "ability": 2}
    doc = state([{"id": "t", "card": "Faceless Haven"}, {"id": "f", "card": "Snow-Covered Forest"},
                 {"id": "h", "card": "Heartbeat of Spring", "owner": "bob"}])
    v = why(checker, doc, haven)
    assert not v.legal and {r.rule for r in v.reasons} == {"107.4h", "602.2b"}
    after = applied(checker, doc, {"kind": "activate", "object": "f", "ability": 1})
    alice = after["players"][0]
    assert alice.get("mana_pool") == "{G}{G}" and alice.get("mana_pool_snow") == "{G}"
