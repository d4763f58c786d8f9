"""Triggered mana abilities on "tapped for mana" that the importer refused (found by probe27a):
Lavaleaper's "Whenever a player taps a basic land for mana" (205.4c) and Kinnan, Bonder Prodigy's
"Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced"
(106.12a, 605.1b, 605.4a); Virtue of Strength's "If you tap a basic land for mana", Groundchuck &
Dirtbag's "add {G}" without "an additional", Market Festival's "two mana in any combination of
colors", and Manabarbs' "tapped for mana" trigger that adds no mana (found by probe28a). The fixture
tests/fixtures/real_cards_tapped_for_mana_triggers.json holds MTGJSON AtomicCards entries copied
from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, activate, applied, module_fixtures, pool, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_tapped_for_mana_triggers.json"


results, checker = module_fixtures(FIXTURE)


def test_lavaleaper_adds_mana_for_a_basic_land_only(results: dict[str, CardResult],
                                                     checker: Checker) -> None:
    # 106.12a, 205.4c: bob's Lavaleaper adds a mana of the type alice's basic Forest produced, not
    # for her nonbasic Reflecting Pool
    assert abilities(results, "Lavaleaper")[1] == {
        "kind": "triggered",
        "trigger": {"event": "tapped_for_mana", "what": {"type": "Land", "basic": True}, "by": "any"},
        "mana": {"same_type_as_produced": 1}}
    lava = {"id": "lv", "card": "Lavaleaper", "owner": "bob"}
    doc = state([lava, {"id": "f", "card": "Forest"}, {"id": "rp", "card": "Reflecting Pool"}])
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}{G}"
    assert pool(applied(checker, doc, activate("rp", 1), "G")) == "{G}"
    # the Forest pays two of Pili-Pala's {2} only with the trigger; the Pool alone can't
    pp = {"id": "pp", "card": "Pili-Pala", "zone": "hand"}
    assert why(checker, state([lava, {"id": "f", "card": "Forest"}, pp]),
               {"kind": "cast", "object": "pp"}).legal
    v = why(checker, state([lava, {"id": "f", "card": "Forest", "tapped": True},
                            {"id": "rp", "card": "Reflecting Pool"}, pp]),
            {"kind": "cast", "object": "pp"})
    assert not v.legal and rules(v) == {"601.2h"}


def test_kinnan_adds_mana_for_a_nonland_permanent_its_controller_taps(
        results: dict[str, CardResult], checker: Checker) -> None:
    # 106.12a, 605.1b: "a nonland permanent" you tap for mana: Sol Ring, Birds of Paradise, not a
    # Forest, and not bob's Sol Ring (603.2: "you")
    assert abilities(results, "Kinnan, Bonder Prodigy")[0] == {
        "kind": "triggered",
        "trigger": {"event": "tapped_for_mana", "what": {"non_types": ["Land"]}, "by": "you"},
        "mana": {"same_type_as_produced": 1}}
    kin = {"id": "k", "card": "Kinnan, Bonder Prodigy"}
    doc = state([kin, {"id": "sr", "card": "Sol Ring"}, {"id": "f", "card": "Forest"},
                 {"id": "bop", "card": "Birds of Paradise"},
                 {"id": "bsr", "card": "Sol Ring", "owner": "bob"}])
    assert pool(applied(checker, doc, activate("sr", 1))) == "{C}{C}{C}"
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}"
    assert pool(applied(checker, doc, activate("bop", 2), "U")) == "{U}{U}"
    after = applied(checker, {**doc, "priority": "bob"}, activate("bsr", 1), who="bob")
    assert next(p for p in after["players"] if p["name"] == "bob")["mana_pool"] == "{C}{C}"
    # Llanowar Elves alone pays Grizzly Bears' {1}{G} with Kinnan's trigger
    v = why(checker, state([kin, {"id": "le", "card": "Llanowar Elves"},
                            {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}]),
            {"kind": "cast", "object": "gb"})
    assert v.legal and v.cost == "{1}{G}"


def test_manabarbs_tapped_for_mana_trigger_without_mana_is_no_mana_ability(
        results: dict[str, CardResult], checker: Checker) -> None:
    # 605.1b: "Whenever a player taps a land for mana, this enchantment deals 1 damage to that
    # player" adds no mana, so it is no mana ability: it would use the stack (603.3), its effect no
    # rule in scope, so the line is not modeled, as Burning Earth's is (found by probe28a: the whole
    # card was refused, "no mana_trigger_effect template matches")
    assert results["Manabarbs"].imported
    assert abilities(results, "Manabarbs") == [{"kind": "not_modeled"}]
    doc = state([{"id": "mb", "card": "Manabarbs", "owner": "bob"}, {"id": "f", "card": "Forest"}])
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}"


def test_virtue_of_strength_triples_only_basic_lands_you_tap(results: dict[str, CardResult],
                                                             checker: Checker) -> None:
    # 106.12b, 205.4c: "If you tap a basic land for mana, it produces three times as much of that
    # mana instead": alice's Forest, not her Overgrown Tomb, her Llanowar Elves or bob's Forest
    # (found by probe28a: the card was refused, the template read only "a permanent")
    assert abilities(results, "Virtue of Strength // Garenbrig Growth")[0] == {
        "kind": "static", "replace_mana": {
            "when": {"tapped_for_mana": True, "what": {"type": "Land", "basic": True}, "controller": "you"},
            "result": {"multiply": 3}}}
    doc = state([{"id": "v", "card": "Virtue of Strength"}, {"id": "f", "card": "Forest"},
                 {"id": "t", "card": "Overgrown Tomb"}, {"id": "e", "card": "Llanowar Elves"},
                 {"id": "bf", "card": "Forest", "owner": "bob"}])
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}{G}{G}"
    assert pool(applied(checker, doc, activate("t", 1), "G")) == "{G}"
    assert pool(applied(checker, doc, activate("e", 1))) == "{G}"
    after = applied(checker, {**doc, "priority": "bob"}, activate("bf", 1), who="bob")
    assert next(p for p in after["players"] if p["name"] == "bob")["mana_pool"] == "{G}"


def test_groundchuck_adds_green_without_the_word_additional(results: dict[str, CardResult],
                                                            checker: Checker) -> None:
    # 605.1b, 106.12a: "Whenever you tap a land for mana, add {G}." is a triggered mana ability
    # as Wild Growth's "adds an additional {G}" is (found by probe28a: refused)
    assert abilities(results, "Groundchuck & Dirtbag")[1] == {
        "kind": "triggered",
        "trigger": {"event": "tapped_for_mana", "what": {"type": "Land"}, "by": "you"},
        "mana": {"fixed": "{G}"}}
    doc = state([{"id": "g", "card": "Groundchuck & Dirtbag"}, {"id": "i", "card": "Island"}])
    assert pool(applied(checker, doc, activate("i", 1))) == "{U}{G}"


def test_market_festival_adds_two_mana_in_any_combination(results: dict[str, CardResult],
                                                          checker: Checker) -> None:
    # 106.1a, 605.1b: "its controller adds an additional two mana in any combination of colors":
    # {U}{R} as well as {U}{U} (found by probe28a: refused)
    assert abilities(results, "Market Festival")[1] == {
        "kind": "triggered", "trigger": {"event": "tapped_for_mana", "what": "enchanted"},
        "mana": {"any_combination": 2}}
    doc = state([{"id": "f", "card": "Forest"},
                 {"id": "mf", "card": "Market Festival", "attached_to": "f"}])
    assert pool(applied(checker, doc, activate("f", 1), "UR")) == "{U}{R}{G}"
    assert pool(applied(checker, doc, activate("f", 1), "UU")) == "{U}{U}{G}"


def test_overabundance_deals_damage_to_the_player_who_tapped(results: dict[str, CardResult],
                                                             checker: Checker) -> None:
    # 605.4a, 120.3a: "that player adds one mana of any type that land produced, and this
    # enchantment deals 1 damage to the player": a triggered mana ability with a rider on the
    # player who tapped the land, whoever controls Overabundance (found by probe32a: refused)
    assert abilities(results, "Overabundance")[0] == {
        "kind": "triggered", "trigger": {"event": "tapped_for_mana", "what": {"type": "Land"}, "by": "any"},
        "mana": {"same_type_as_produced": 1}, "rider": {"damage_to_that_player": 1}}
    doc = state([{"id": "ov", "card": "Overabundance", "owner": "bob"}, {"id": "f", "card": "Forest"},
                 {"id": "e", "card": "Llanowar Elves"}])
    after = applied(checker, doc, activate("f", 1))
    alice = next(p for p in after["players"] if p["name"] == "alice")
    assert (alice["mana_pool"], alice["life"], alice["damage_taken_this_turn"]) == ("{G}{G}", 19, 1)
    assert pool(applied(checker, doc, activate("e", 1))) == "{G}"   # not a land: no trigger


def test_winters_night_snow_land_adds_and_stays_tapped(results: dict[str, CardResult],
                                                       checker: Checker) -> None:
    # 205.4a, 605.4a, 502.3: "Whenever a player taps a snow land for mana, that player adds one mana
    # of any type that land produced. That land doesn't untap during its controller's next untap
    # step." (found by probe32a: refused)
    assert abilities(results, "Winter's Night")[0] == {
        "kind": "triggered",
        "trigger": {"event": "tapped_for_mana", "what": {"type": "Land", "supertypes": ["Snow"]}, "by": "any"},
        "mana": {"same_type_as_produced": 1}, "rider": {"skip_untap_that_permanent": 1}}
    doc = state([{"id": "wn", "card": "Winter's Night", "owner": "bob"},
                 {"id": "sf", "card": "Snow-Covered Forest"}, {"id": "f", "card": "Forest"}])
    after = applied(checker, doc, activate("sf", 1))
    assert pool(after) == "{G}{G}"
    assert next(o for o in after["objects"] if o["id"] == "sf").get("skip_untap") is True
    after = applied(checker, doc, activate("f", 1))   # not snow: no trigger
    assert pool(after) == "{G}"
    assert "skip_untap" not in next(o for o in after["objects"] if o["id"] == "f")


def test_high_tide_creates_a_delayed_triggered_mana_ability(results: dict[str, CardResult],
                                                            checker: Checker) -> None:
    # 603.7, 603.7b, 605.1b: "Until end of turn, whenever a player taps an Island for mana, that
    # player adds an additional {U}." (found by probe32a: High Tide and Bubbling Muck were refused)
    island = {"type": "Land", "subtypes": ["Island"]}
    assert abilities(results, "High Tide")[0] == {
        "kind": "spell", "effect": {"action": "until_end_of_turn", "triggered_mana": {
            "trigger": {"event": "tapped_for_mana", "what": island, "by": "any"}, "mana": {"fixed": "{U}"}}}}
    assert abilities(results, "Bubbling Muck")[0]["effect"]["triggered_mana"]["mana"] == {"fixed": "{B}"}
    effects = [{"card": "High Tide", "controller": "alice", "duration": "end_of_turn"}]
    doc = state([{"id": "i", "card": "Island"}, {"id": "f", "card": "Forest"}], effects=effects)
    assert pool(applied(checker, doc, activate("i", 1))) == "{U}{U}"
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}"
    # two resolved High Tides: two delayed triggered abilities (603.7), each adds its {U}
    assert pool(applied(checker, {**doc, "effects": effects * 2}, activate("i", 1))) == "{U}{U}{U}"


def test_extraplanar_lens_triggers_on_lands_named_as_the_exiled_card(results: dict[str, CardResult],
                                                                      checker: Checker) -> None:
    # 607.2a, 201.2: "Whenever a land with the same name as the exiled card is tapped for mana, its
    # controller adds one mana of any type that land produced." (found by probe32a: refused)
    assert abilities(results, "Extraplanar Lens")[1] == {
        "kind": "triggered", "trigger": {"event": "tapped_for_mana", "what": "same_name_as_exiled", "by": "any"},
        "mana": {"same_type_as_produced": 1}}
    doc = state([{"id": "el", "card": "Extraplanar Lens"},
                 {"id": "x", "card": "Forest", "zone": "exile", "exiled_with": "el"},
                 {"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"}])
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}{G}"
    assert pool(applied(checker, doc, activate("i", 1))) == "{U}"
    # nothing exiled with it: no land has that name
    doc["objects"] = [o for o in doc["objects"] if o["id"] != "x"]
    assert pool(applied(checker, doc, activate("f", 1))) == "{G}"
