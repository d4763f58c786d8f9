"""More real cards through the Oracle importer (issue 11, coverage): each template added for the
lands and mana producers still refused, tested on a real card's Oracle text (the fixture
tests/fixtures/real_cards_mana_producer_templates.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json) with the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import (
    abilities,
    activate,
    applied,
    module_fixtures,
    obj,
    passed_until,
    pool,
    restricted,
    state,
    why,
)

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_mana_producer_templates.json"


results, checker = module_fixtures(FIXTURE)


# --- self reference, counts, amounts ----------------------------------------------------------


def test_alchemy_card_names_itself_by_its_original_name(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    # CR 201.5: "Bretagard Stronghold" in A-Bretagard Stronghold's text is the card itself
    a = abilities(results, "A-Bretagard Stronghold")
    assert a[0] == {"kind": "replacement", "enters_tapped": True}
    assert a[2]["cost"] == {"mana": "{G}{W}{W}", "tap": True, "sacrifice": "self"}
    after = applied(checker, state([{"id": "b", "card": "A-Bretagard Stronghold", "zone": "hand"}]),
                    {"kind": "play_land", "object": "b"})
    assert obj(after, "b").get("tapped") is True


def test_mana_for_each_plus_one_counter_and_time_counters(results: dict[str, CardResult],
                                                          checker: Checker) -> None:
    # Gyre Sage: {G} for each +1/+1 counter on it (106.1, 122.1); Rotating Fireplace: {C} for
    # each time counter
    assert abilities(results, "Gyre Sage")[1]["mana"] == {
        "for_each": {"mana": "{G}", "counters": "+1/+1"}}
    gs = {"id": "gs", "card": "Gyre Sage", "counters": {"+1/+1": 3}}
    assert pool(applied(checker, state([gs]), activate("gs", 2))) == "{G}{G}{G}"
    assert abilities(results, "Rotating Fireplace")[1]["mana"] == {
        "for_each": {"mana": "{C}", "counters": "time"}}
    rf = {"id": "rf", "card": "Rotating Fireplace", "counters": {"time": 2}}
    assert pool(applied(checker, state([rf]), activate("rf", 2))) == "{C}{C}"


def test_leafkin_avenger_counts_creatures_with_power_four(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    assert abilities(results, "Leafkin Avenger")[0]["mana"] == {
        "for_each": {"mana": "{G}", "you_control": {"types": ["Creature"], "min_power": 4}}}
    # Leafkin Avenger is 4/3 itself; Grizzly Bears (2/2) doesn't count, a +2/+2-countered one does
    doc = state([{"id": "la", "card": "Leafkin Avenger"}, {"id": "gb", "card": "Grizzly Bears"},
                 {"id": "gb2", "card": "Grizzly Bears", "counters": {"+1/+1": 2}}])
    assert pool(applied(checker, doc, activate("la", 1))) == "{G}{G}"


def test_relic_of_sauron_and_castle_garenbrig(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    assert abilities(results, "Relic of Sauron")[0]["mana"] == {"any_combination": 2,
                                                                "types": ["U", "B", "R"]}
    assert checker.mana(parse_state(state([{"id": "r", "card": "Relic of Sauron"}]),
                                    checker.library), "r") == ["U", "B", "R"]
    cg = abilities(results, "Castle Garenbrig")[2]
    assert cg["mana"]["fixed"] == "{G}" * 6
    assert cg["cost"] == {"mana": "{2}{G}{G}", "tap": True}


def test_rivendell_needs_a_legendary_creature(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    a = abilities(results, "Rivendell")[2]
    assert a["condition"] == {"you_control": {"types": ["Creature"], "supertypes": ["Legendary"],
                                              "min": 1}}
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(2)]
    doc = state([{"id": "r", "card": "Rivendell"}, *forests,
                 {"id": "e", "card": "Llanowar Elves"}])
    v = why(checker, doc, activate("r", 3))
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}


def test_spend_trigger_is_not_modeled_and_the_mana_is_unrestricted(
        results: dict[str, CardResult], checker: Checker) -> None:
    # Lapis Orb: "When you spend this mana to cast a Dragon creature spell, scry 2": a trigger
    # (603.7) no rule in scope produces; the mana pays for anything (106.6: no restriction), and
    # `apply` reports the trigger as not performed (never silently)
    assert abilities(results, "Lapis Orb of Dragonkind") == [
        {"kind": "activated", "cost": {"tap": True}, "mana": {"fixed": "{U}"},
         "not_performed": [{"kind": "delayed_trigger", "text": "When you spend this mana to cast "
                            "a Dragon creature spell, scry 2."}]}]
    assert abilities(results, "Scaled Nurturer")[0]["mana"] == {"fixed": "{G}"}
    doc = state([{"id": "o", "card": "Lapis Orb of Dragonkind"}, {"id": "f", "card": "Forest"},
                 {"id": "b", "card": "Grizzly Bears", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "b"}).legal
    # a trigger that changes the spell ("it enters with an additional +1/+1 counter") changes no
    # answer in the state where the mana is made: imported, reported as not performed too
    assert abilities(results, "Jade Orb of Dragonkind")[0]["not_performed"][0]["kind"] == \
        "delayed_trigger"


# --- staying tapped (502.3) and counters put by a mana ability (605.3b, 122.1) -----------------


def to_alices_untap(checker: Checker, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Pass from bob's end step until alice's turn begins (her untap step, 502.3)."""
    return passed_until(checker, state(objects, step="end", active_player="bob", priority="bob"),
                        lambda st: st.active_player == "alice")


def test_basalt_monolith_doesnt_untap(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Basalt Monolith")[0] == {"kind": "static", "doesnt_untap": True}
    doc = to_alices_untap(checker, [{"id": "bm", "card": "Basalt Monolith", "tapped": True},
                                    {"id": "f", "card": "Forest", "tapped": True}])
    assert obj(doc, "bm").get("tapped") is True and not obj(doc, "f").get("tapped")
    # CR 605.1a: its {T} ability is still a mana ability that adds {C}{C}{C}
    assert pool(applied(checker, state([{"id": "bm", "card": "Basalt Monolith"}]),
                        activate("bm", 2))) == "{C}{C}{C}"


def test_land_cap_depletion_counter(results: dict[str, CardResult], checker: Checker) -> None:
    a = abilities(results, "Land Cap")
    assert a[0] == {"kind": "static", "doesnt_untap": {"if_counter": "depletion"}}
    assert a[2]["put_counters"] == {"depletion": 1} and a[2]["mana"] == {"choice": ["{W}", "{U}"]}
    after = applied(checker, state([{"id": "lc", "card": "Land Cap"}]), activate("lc", 3),
                    choose="U")
    assert pool(after) == "{U}" and obj(after, "lc")["counters"] == {"depletion": 1}
    again = applied(checker, state([{"id": "lc", "card": "Land Cap", "counters": {"depletion": 1}}]),
                    activate("lc", 3), choose="W")
    assert obj(again, "lc")["counters"] == {"depletion": 2}
    # 502.3: with a depletion counter it stays tapped in alice's untap step; without, it untaps
    kept = to_alices_untap(checker, [{"id": "lc", "card": "Land Cap", "tapped": True,
                                      "counters": {"depletion": 1}}])
    assert obj(kept, "lc").get("tapped") is True
    freed = to_alices_untap(checker, [{"id": "lc", "card": "Land Cap", "tapped": True}])
    assert not obj(freed, "lc").get("tapped")


def test_counter_put_while_paying_and_counted_later(results: dict[str, CardResult],
                                                    checker: Checker) -> None:
    # Vulshok Factory's {R} pays for Grizzly Bears' {1}: a charge counter goes on it (605.3b)
    doc = state([{"id": "vf", "card": "Vulshok Factory"}, {"id": "f", "card": "Forest"},
                 {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "gb"})
    assert obj(after, "vf")["counters"] == {"charge": 1} and obj(after, "vf")["tapped"] is True
    # Glittering Stockpile: a stash counter each time; the sacrifice ability adds that many
    gs = applied(checker, state([{"id": "gs", "card": "Glittering Stockpile",
                                  "counters": {"stash": 2}}]), activate("gs", 1))
    assert obj(gs, "gs")["counters"] == {"stash": 3} and pool(gs) == "{R}"
    sac = applied(checker, state([{"id": "gs", "card": "Glittering Stockpile",
                                   "counters": {"stash": 3}}]), activate("gs", 2), choose="B")
    assert pool(sac) == "{B}{B}{B}"
    # "This ability costs {1} less to activate for each pressure counter" changes the cost the
    # moves offer: Exploding Barrel is refused
    assert results["Exploding Barrel"].card is None
    assert "This ability costs {1} less to activate" in results["Exploding Barrel"].refusal


def test_exile_the_source_as_a_cost(results: dict[str, CardResult], checker: Checker) -> None:
    # Mirrored Lotus: "{T}, Exile Mirrored Lotus: Add three mana of any one color." (118.3)
    assert abilities(results, "Mirrored Lotus")[1] == {
        "kind": "activated", "cost": {"tap": True, "exile": "self"}, "mana": {"any_color": 3}}
    after = applied(checker, state([{"id": "ml", "card": "Mirrored Lotus"}]), activate("ml", 2),
                    choose="G")
    assert pool(after) == "{G}{G}{G}" and obj(after, "ml")["zone"] == "exile"
    assert "tapped" not in obj(after, "ml")  # 400.7: a new object in exile
    # used while paying for Grizzly Bears: exiled too
    doc = state([{"id": "ml", "card": "Mirrored Lotus"},
                 {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}])
    assert obj(applied(checker, doc, {"kind": "cast", "object": "gb"}), "ml")["zone"] == "exile"
    # Tomb Fortress: "{2}{B}{B}{B}, {T}, Exile this land: ... Activate only as a sorcery."
    tf = abilities(results, "Tomb Fortress")[2]
    assert tf["cost"] == {"mana": "{2}{B}{B}{B}", "tap": True, "exile": "self"}
    swamps = [{"id": f"s{i}", "card": "Swamp"} for i in range(5)]
    after = applied(checker, state([{"id": "t", "card": "Tomb Fortress"}, *swamps]),
                    activate("t", 3))
    assert obj(after, "t")["zone"] == "exile"
    v = why(checker, state([{"id": "t", "card": "Tomb Fortress"}, *swamps[:4]]), activate("t", 3))
    assert not v.legal  # five mana and the land's own {T}: four Swamps can't pay {2}{B}{B}{B}


# --- "If you control ..., add ... instead" (605.3b) ------------------------------------------


def test_urzas_tower_adds_three_with_mine_and_power_plant(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    a = abilities(results, "Urza's Tower")[0]
    assert a["mana"]["if_you_control"] == [
        {"subtypes": ["Urza's", "Mine"], "all_subtypes": True},
        {"subtypes": ["Urza's", "Power-Plant"], "all_subtypes": True}]
    assert results["Urza's Tower"].card["faces"][0]["abilities"][0]["template"] == \
        "mana.if_you_control_instead"
    tower = {"id": "t", "card": "Urza's Tower"}
    mine = {"id": "m", "card": "Urza's Mine"}
    plant = {"id": "p", "card": "Urza's Power Plant"}
    assert pool(applied(checker, state([tower, mine, plant]), activate("t", 1))) == "{C}{C}{C}"
    assert pool(applied(checker, state([tower, mine]), activate("t", 1))) == "{C}"
    # Processing Plant is an Ulamog's Power-Plant, not an Urza's one (205.3i)
    ulamog = {"id": "u", "card": "Processing Plant"}
    assert pool(applied(checker, state([tower, mine, ulamog]), activate("t", 1))) == "{C}"
    # the Power Plant itself adds {C}{C} with a Mine and a Tower; the opponent's don't count
    theirs = [{**mine, "owner": "bob"}, tower]
    assert pool(applied(checker, state([plant, *theirs]), activate("p", 1))) == "{C}"
    assert pool(applied(checker, state([plant, mine, tower]), activate("p", 1))) == "{C}{C}"


def test_leafkin_druid_and_ilysian_caryatid(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    druid = {"id": "d", "card": "Leafkin Druid"}
    bears = [{"id": f"b{i}", "card": "Grizzly Bears"} for i in range(3)]
    assert pool(applied(checker, state([druid, *bears[:2]]), activate("d", 1))) == "{G}"
    assert pool(applied(checker, state([druid, *bears]), activate("d", 1))) == "{G}{G}"
    # Ilysian Caryatid: one mana of any color, or two of any one color with a power-4 creature
    ic = {"id": "c", "card": "Ilysian Caryatid"}
    assert pool(applied(checker, state([ic]), activate("c", 1), choose="R")) == "{R}"
    big = {"id": "la", "card": "Leafkin Avenger"}
    assert pool(applied(checker, state([ic, big]), activate("c", 1), choose="R")) == "{R}{R}"
    assert checker.mana(parse_state(state([ic, big]), checker.library), "c") == [
        "W", "U", "B", "R", "G"]


# --- "Remove X storage counters: Add X mana ..." (107.3, 122.8) --------------------------------


def test_molten_slagheap_x_mana_in_a_combination(results: dict[str, CardResult],
                                                 checker: Checker) -> None:
    a = abilities(results, "Molten Slagheap")[2]
    assert a["cost"] == {"mana": "{1}", "remove_any_counters": "storage"}
    assert a["mana"] == {"for_each": {"any_combination": True, "counters_removed": "storage",
                                      "types": ["B", "R"]}}
    slag = {"id": "ms", "card": "Molten Slagheap", "counters": {"storage": 3}}
    forest = {"id": "f", "card": "Forest"}
    raiders = {"id": "gd", "card": "Goblin Deathraiders", "zone": "hand"}  # {B}{R}
    # the Forest pays the ability's {1}; two counters removed give {B}{R}
    doc = state([slag, forest, raiders])
    assert why(checker, doc, {"kind": "cast", "object": "gd"}).legal
    after = applied(checker, doc, {"kind": "cast", "object": "gd"})
    # (two or three removed: the payment plan may leave one mana in the pool)
    assert obj(after, "ms").get("counters", {}).get("storage", 0) <= 1
    assert obj(after, "gd")["zone"] == "stack"
    # one counter can't make {B}{R}; the Slagheap's own {T}: Add {C} may pay the {1} (605.3b,
    # its X ability has no {T}), but not when it is tapped and nothing else pays
    assert not why(checker, state([{**slag, "counters": {"storage": 1}}, forest, raiders]),
                   {"kind": "cast", "object": "gd"}).legal
    assert why(checker, state([slag, raiders]), {"kind": "cast", "object": "gd"}).legal
    assert not why(checker, state([{**slag, "tapped": True}, raiders]),
                   {"kind": "cast", "object": "gd"}).legal
    st = parse_state(state([slag, forest]), checker.library)
    assert checker.mana(st, "ms") == ["B", "R", "C"]
    # activated as the action, it removes them all (a smaller X isn't steerable yet)
    act = applied(checker, state([slag, forest]), activate("ms", 3), choose="R")
    assert "counters" not in obj(act, "ms") and len(pool(act)) == 9 and "{R}" in pool(act)


def test_petalmane_baku_x_mana_of_one_color(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    assert abilities(results, "Petalmane Baku")[1]["mana"] == {
        "for_each": {"any_one_color": True, "counters_removed": "ki"}}
    baku = {"id": "pb", "card": "Petalmane Baku", "counters": {"ki": 2}}
    act = applied(checker, state([baku, {"id": "f", "card": "Forest"}]), activate("pb", 2),
                  choose="U")
    # two blue added, and the Forest's {G} paid the {1}: the player chooses which mana stays
    assert pool(act) in ("{U}{U}", "{U}{G}") and "counters" not in obj(act, "pb")


# --- two mana of different colors; a spell that adds mana among other sentences ----------------


def test_firemind_vessel_two_different_colors(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    produce = abilities(results, "Firemind Vessel")[1]["mana"]
    assert len(produce["choice"]) == 10 and "{U}{R}" in produce["choice"]
    assert all(o[1] != o[4] for o in produce["choice"])  # never twice the same color (106.1a)
    fv = {"id": "fv", "card": "Firemind Vessel"}
    assert checker.mana(parse_state(state([fv]), checker.library), "fv") == [
        "W", "U", "B", "R", "G"]
    # {B}{R}: one activation pays both; {G}{G} can't be paid by it
    assert why(checker, state([fv, {"id": "gd", "card": "Goblin Deathraiders", "zone": "hand"}]),
               {"kind": "cast", "object": "gd"}).legal
    assert not why(checker, state([fv, {"id": "c", "card": "Castle Garenbrig", "zone": "hand"},
                                   {"id": "s", "card": "Leafkin Avenger", "zone": "hand"}]),
                   {"kind": "cast", "object": "s"}).legal  # {2}{G}{G}: two mana only


def test_deconstruct_adds_its_mana_and_reports_the_rest(results: dict[str, CardResult],
                                                        checker: Checker) -> None:
    from mtgasp.apply import apply_action

    card = results["Deconstruct"].card
    assert card is not None
    assert card["faces"][0]["abilities"][0]["effects"] == [
        {"action": "not_modeled", "targets": [{"zone": "battlefield", "types": ["Artifact"]}],
         "text": "Destroy target artifact."},
        {"action": "add_mana", "produce": {"fixed": "{G}{G}{G}"}}]
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(3)]
    doc = state([*forests, {"id": "d", "card": "Deconstruct", "zone": "hand"},
                 {"id": "bm", "card": "Basalt Monolith", "owner": "bob"}])
    doc = applied(checker, doc, {"kind": "cast", "object": "d", "targets": ["bm"]})
    events: list[str] = []
    for _ in range(2):  # alice passes, bob passes: it resolves (608.2)
        st = parse_state(doc, checker.library)
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library,
                                                     st.priority), st.priority, None)
        assert res.legal
        doc, events = res.state, events + [str(e) for e in res.events]
    assert pool(doc) == "{G}{G}{G}" and obj(doc, "d")["zone"] == "graveyard"
    assert any("not modeled" in e.lower() for e in events)
    # 608.2c: the part not performed is said, not the mana it adds (found by probe29c: the event
    # quoted the whole ability, "Add {G}{G}{G}." included)
    nm = [e for e in events if e.startswith("Effect not modeled")]
    assert nm and all('the part "Destroy target artifact." of Deconstruct' in e and "Add {G}" not in e
                      for e in nm), nm
    # 608.2b: its target left the battlefield: it doesn't resolve, and adds no mana
    gone = state([{"id": "d", "card": "Deconstruct", "zone": "stack", "targets": ["bm"]},
                  {"id": "bm", "card": "Basalt Monolith", "owner": "bob", "zone": "graveyard"}],
                 consecutive_passes=1, stack=["d"])
    st = parse_state(gone, checker.library)
    res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library,
                                                 st.priority), st.priority, None)
    assert res.legal and pool(res.state) == "" and obj(res.state, "d")["zone"] == "graveyard"
    assert any("608.2b" in str(e) for e in res.events)


def test_granted_with_a_keyword_no_rule_reads(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    # Inga and Esika: 'Creatures you control have vigilance and "{T}: Add one mana of any color.
    # Spend this mana only to cast a creature spell."' (vigilance: combat only, not in scope)
    grant = abilities(results, "Inga and Esika")[0]["grant"]
    assert grant["to"] == {"controller": "you", "types": ["Creature"]}
    assert grant["ability"]["mana"] == {"any_color": 1,
                                        "spend_only": [{"spell": {"types": ["Creature"]}}]}
    doc = state([{"id": "ie", "card": "Inga and Esika"}, {"id": "gb", "card": "Grizzly Bears"}])
    assert checker.mana(parse_state(doc, checker.library), "gb") == ["W", "U", "B", "R", "G"]
    # Forgotten Monument: "Other Caves you control have ..." (Caves: a plural now known)
    fm = abilities(results, "Forgotten Monument")[1]["grant"]
    assert fm["to"] == {"controller": "you", "subtypes": ["Cave"], "other": True}
    assert fm["ability"]["cost"] == {"tap": True, "life": 1}


def test_activate_only_once(results: dict[str, CardResult], checker: Checker) -> None:
    # Gate of the Black Dragon: "{3}{B}, {T}: Seek a nonland card. Activate only once." (602.5b)
    a = abilities(results, "Gate of the Black Dragon")
    assert a[2]["once"] is True and a[2]["cost"] == {"mana": "{3}{B}", "tap": True}
    swamps = [{"id": f"s{i}", "card": "Swamp"} for i in range(4)]
    gate = {"id": "g", "card": "Gate of the Black Dragon"}
    after = applied(checker, state([gate, *swamps]), activate("g", 3))
    assert obj(after, "g")["activated_ever"] == [3]
    # untapped again later: still not again
    v = why(checker, state([{**gate, "activated_ever": [3]}, *swamps]), activate("g", 3))
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    assert why(checker, state([gate, *swamps]), activate("g", 3)).legal
    # the record stays over turns (unlike activated_this_turn)
    from mtgasp.apply import apply_action

    doc = state([{**gate, "activated_ever": [3]}], step="end")
    st = parse_state(doc, checker.library)
    for _ in range(6):
        if st.turn == 6:
            break
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library,
                                                     st.priority), st.priority, None)
        doc = res.state
        st = parse_state(doc, checker.library)
    assert st.turn == 6 and obj(doc, "g")["activated_ever"] == [3]


def test_tectonic_edge_needs_an_opponent_with_four_lands(results: dict[str, CardResult],
                                                        checker: Checker) -> None:
    a = abilities(results, "Tectonic Edge")[1]
    assert a["condition"] == {"an_opponent_lands_at_least": 4}
    assert a["cost"] == {"mana": "{1}", "tap": True, "sacrifice": "self"}
    mine = [{"id": "te", "card": "Tectonic Edge"}, {"id": "f", "card": "Forest"}]
    theirs = [{"id": f"b{i}", "card": "Molten Slagheap", "owner": "bob"} for i in range(4)]
    act = {**activate("te", 2), "targets": ["b0"]}
    assert why(checker, state([*mine, *theirs]), act).legal
    v = why(checker, state([*mine, *theirs[:3]]), act)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}


def test_temple_of_the_dragon_queen_reveal_or_control(results: dict[str, CardResult],
                                                      checker: Checker) -> None:
    a = abilities(results, "Temple of the Dragon Queen")[0]
    assert a["unless"] == {"reveal": {"subtypes": ["Dragon"]},
                           "you_control": {"subtypes": ["Dragon"], "other": True}}
    temple = {"id": "t", "card": "Temple of the Dragon Queen", "zone": "hand"}
    play = {"kind": "play_land", "object": "t"}
    # 614.1c: tapped with no Dragon to reveal or control
    assert obj(applied(checker, state([temple]), play), "t").get("tapped") is True
    in_hand = {"id": "d", "card": "Shivan Dragon", "zone": "hand"}
    assert not obj(applied(checker, state([temple, in_hand]), play), "t").get("tapped")
    on_field = {"id": "d", "card": "Shivan Dragon"}
    assert not obj(applied(checker, state([temple, on_field]), play), "t").get("tapped")
    theirs = {"id": "d", "card": "Shivan Dragon", "owner": "bob"}
    assert obj(applied(checker, state([temple, theirs]), play), "t").get("tapped") is True


def test_could_produce_of_a_gate_or_a_basic_land(results: dict[str, CardResult],
                                                 checker: Checker) -> None:
    # Plaza of Harmony: "{T}: Add one mana of any type that a Gate you control could produce." (106.7)
    assert abilities(results, "Plaza of Harmony")[2]["mana"] == {
        "could_produce": {"of": "land_you_control", "colors_only": False, "subtypes": ["Gate"]}}
    plaza = {"id": "p", "card": "Plaza of Harmony"}
    gate = {"id": "g", "card": "Azorius Guildgate"}
    forest = {"id": "f", "card": "Forest"}
    assert checker.mana(parse_state(state([plaza, gate, forest]), checker.library), "p") == [
        "W", "U", "C"]
    assert checker.mana(parse_state(state([plaza, forest]), checker.library), "p") == ["C"]
    # an opponent's Gate doesn't count
    assert checker.mana(parse_state(state([plaza, {**gate, "owner": "bob"}]), checker.library),
                        "p") == ["C"]
    # Star Compass: "... any color that a basic land you control could produce": the Forest, not
    # Castle Garenbrig (a nonbasic land that adds {G})
    compass = {"id": "sc", "card": "Star Compass"}
    castle = {"id": "c", "card": "Castle Garenbrig"}
    assert checker.mana(parse_state(state([compass, forest]), checker.library), "sc") == ["G"]
    assert checker.mana(parse_state(state([compass, castle]), checker.library), "sc") == []
    # Gond Gate's "Gates you control enter untapped" is read (614.1c; test_oracle_enters_instead.py)
    assert results["Gond Gate"].card is not None
    # the explanation names the Gate the mana is reflected from
    expl = checker.explain_mana(parse_state(state([plaza, gate]), checker.library), "p")
    assert "Azorius Guildgate" in str(expl)


def test_minas_tirith_after_attacking_with_two(results: dict[str, CardResult],
                                               checker: Checker) -> None:
    a = abilities(results, "Minas Tirith")[2]
    assert a["condition"] == {"attacked_with_at_least": 2} and a["effect"] == {"action": "draw",
                                                                               "n": 1}
    objs = [{"id": "mt", "card": "Minas Tirith"}, {"id": "p1", "card": "Plains"},
            {"id": "p2", "card": "Plains"}]
    def with_attackers(n: int) -> dict[str, Any]:
        doc = state(objs, step="postcombat_main")
        doc["players"][0]["attackers_this_turn"] = n
        return doc
    assert why(checker, with_attackers(2), activate("mt", 3)).legal
    v = why(checker, with_attackers(1), activate("mt", 3))
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}


def test_sacrifice_another_creature_never_the_source(results: dict[str, CardResult],
                                                     checker: Checker) -> None:
    # Cartel Aristocrat: "Sacrifice another creature: ..." (118.3: another = not the source)
    a = abilities(results, "Cartel Aristocrat")[0]
    assert a["cost"] == {"sacrifice": {"type": "Creature", "other": True}}
    ca = {"id": "ca", "card": "Cartel Aristocrat"}
    v = why(checker, state([ca]), activate("ca", 1))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    after = applied(checker, state([ca, {"id": "gb", "card": "Grizzly Bears"}]), activate("ca", 1))
    assert obj(after, "gb")["zone"] == "graveyard" and obj(after, "ca")["zone"] == "battlefield"
    # Master of Dark Rites: "{T}, Sacrifice another creature: Add {B}{B}{B}. Spend this mana only
    # to cast Vampire, Cleric, and/or Demon spells."
    md = {"id": "md", "card": "Master of Dark Rites"}
    m = abilities(results, "Master of Dark Rites")[0]
    assert m["mana"]["spend_only"] == [{"spell": {"subtypes": [s]}}
                                       for s in ("Vampire", "Cleric", "Demon")]
    assert not why(checker, state([md]), activate("md", 1)).legal
    after = applied(checker, state([md, {"id": "gb", "card": "Grizzly Bears"}]),
                    activate("md", 1))
    assert obj(after, "gb")["zone"] == "graveyard" and obj(after, "md")["zone"] == "battlefield"
    assert restricted(after) == "{B}{B}{B}"  # (106.6: kept restricted in the pool)


def test_dehydration_keeps_the_enchanted_creature_tapped(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    a = abilities(results, "Dehydration")[1]
    assert a["grant"]["to"] == "enchanted" and a["grant"]["ability"]["doesnt_untap"] is True
    bears = {"id": "gb", "card": "Grizzly Bears", "tapped": True}
    other = {"id": "gb2", "card": "Grizzly Bears", "tapped": True}
    aura = {"id": "dh", "card": "Dehydration", "owner": "bob", "attached_to": "gb"}
    doc = to_alices_untap(checker, [bears, other, aura])
    assert obj(doc, "gb").get("tapped") is True and not obj(doc, "gb2").get("tapped")


def test_enchant_creature_you_control_and_artifact_or_creature(results: dict[str, CardResult],
                                                               checker: Checker) -> None:
    from mtgasp.apply import apply_action

    assert abilities(results, "Cartouche of Solidarity")[0] == {
        "kind": "keyword", "keyword": "enchant", "what": "creature you control"}
    assert abilities(results, "Ice Over")[0]["what"] == "artifact or creature"

    def after_pass(objects: list[dict[str, Any]]) -> dict[str, Any]:
        st = parse_state(state(objects), checker.library)
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library,
                                                     "alice"), "alice", None)
        assert res.legal
        return res.state

    # 704.5m, 303.4: an Aura whose enchant restriction the permanent no longer meets goes to the
    # graveyard; "you control" is the Aura's controller
    mine = {"id": "gb", "card": "Grizzly Bears"}
    theirs = {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}
    cart = {"id": "c", "card": "Cartouche of Solidarity", "attached_to": "gb"}
    assert obj(after_pass([mine, cart]), "c")["zone"] == "battlefield"
    assert obj(after_pass([theirs, cart]), "c")["zone"] == "graveyard"
    # Ice Over: an artifact (Basalt Monolith) or a creature, whoever controls it; not a land
    ice = {"id": "i", "card": "Ice Over", "attached_to": "x"}
    assert obj(after_pass([{"id": "x", "card": "Basalt Monolith", "owner": "bob"}, ice]),
               "i")["zone"] == "battlefield"
    assert obj(after_pass([{"id": "x", "card": "Grizzly Bears", "owner": "bob"}, ice]),
               "i")["zone"] == "battlefield"
    assert obj(after_pass([{"id": "x", "card": "Forest"}, ice]), "i")["zone"] == "graveyard"


def test_mana_only_for_kicked_spells(results: dict[str, CardResult], checker: Checker) -> None:
    # Elfhame Druid: "{T}: Add {G}{G}. Spend this mana only to cast kicked spells." (106.6, 702.33d)
    assert abilities(results, "Elfhame Druid")[1]["mana"]["spend_only"] == [
        {"spell": {"kicked": True}}]
    druid = {"id": "ed", "card": "Elfhame Druid"}
    base = [druid, {"id": "m", "card": "Mountain"}, {"id": "f1", "card": "Forest"},
            {"id": "f2", "card": "Forest"}, {"id": "bl", "card": "Burst Lightning", "zone": "hand"}]
    kicked = {"kind": "cast", "object": "bl", "additional": ["kicker"], "targets": ["bob"]}
    # {4}{R} kicked: the Mountain, the Druid's {G}{G} and two Forests
    assert why(checker, state(base), kicked).legal
    # without its second ability's mana there are only four mana: not enough
    assert not why(checker, state([{**druid, "tapped": True}, *base[1:]]), kicked).legal
    # unkicked, its {G}{G} can't pay Grizzly Bears' {1}{G}
    assert not why(checker, state([druid, {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}]),
                   {"kind": "cast", "object": "gb"}).legal


def test_riders_for_each_player_or_opponent(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    def life(doc: dict[str, Any], name: str) -> int:
        return next(p for p in doc["players"] if p["name"] == name).get("life", 20)

    # Grove of the Burnwillows: "{T}: Add {R} or {G}. Each opponent gains 1 life." (605.1a: still a
    # mana ability; 119.3)
    assert abilities(results, "Grove of the Burnwillows")[1]["rider"] == {
        "each_opponent_gains_life": 1}
    after = applied(checker, state([{"id": "g", "card": "Grove of the Burnwillows"}]),
                    activate("g", 2), choose="G")
    assert pool(after) == "{G}" and life(after, "bob") == 21 and life(after, "alice") == 20
    # Cryptolith Fragment: "{T}: Add one mana of any color. Each player loses 1 life."
    cf = {"id": "cf", "card": "Cryptolith Fragment // Aurora of Emrakul"}
    after = applied(checker, state([cf]), activate("cf", 2), choose="U")
    assert pool(after) == "{U}" and life(after, "bob") == 19 and life(after, "alice") == 19


def test_river_of_tears_and_ugins_labyrinth(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    assert abilities(results, "River of Tears")[0]["mana"] == {
        "if_state": "land_played_this_turn", "then": {"fixed": "{B}"}, "else": {"fixed": "{U}"}}
    river = {"id": "r", "card": "River of Tears"}
    assert pool(applied(checker, state([river]), activate("r", 1))) == "{U}"
    played = state([river])
    played["players"][0]["lands_played_this_turn"] = 1
    assert pool(applied(checker, played, activate("r", 1))) == "{B}"
    assert checker.mana(parse_state(played, checker.library), "r") == ["B"]
    # Ugin's Labyrinth: {C}{C} while a card is exiled with it (607.1)
    lab = {"id": "ul", "card": "Ugin's Labyrinth"}
    assert pool(applied(checker, state([lab]), activate("ul", 2))) == "{C}"
    imprinted = {"id": "e", "card": "Basalt Monolith", "zone": "exile", "exiled_with": "ul"}
    assert pool(applied(checker, state([lab, imprinted]), activate("ul", 2))) == "{C}{C}"


def test_cost_text_names_exile_and_another(checker: Checker) -> None:
    from mtgasp.actions import parse_action as pa

    swamps = [{"id": f"s{i}", "card": "Swamp"} for i in range(5)]
    st = parse_state(state([{"id": "t", "card": "Tomb Fortress"}, *swamps]), checker.library)
    v = checker.why(st, pa(activate("t", 3), st, checker.library, "alice"), "alice")
    assert v.legal and "exile it" in str(v.to_json().get("cost"))


def test_exile_cards_from_your_graveyard_as_a_cost(results: dict[str, CardResult],
                                                   checker: Checker) -> None:
    # Molt Tender: "{T}, Exile a card from your graveyard: Add one mana of any color." (118.3)
    assert abilities(results, "Molt Tender")[1]["cost"] == {
        "tap": True, "exile_from_graveyard": {"count": 1}}
    mt = {"id": "mt", "card": "Molt Tender"}
    gone = {"id": "gy", "card": "Grizzly Bears", "zone": "graveyard"}
    v = why(checker, state([mt]), activate("mt", 2))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    after = applied(checker, state([mt, gone]), activate("mt", 2), choose="R")
    assert pool(after) == "{R}" and obj(after, "gy")["zone"] == "exile"
    # Moorland Haunt: "... Exile a creature card from your graveyard": a land there doesn't do
    mh = abilities(results, "Moorland Haunt")[1]
    assert mh["cost"]["exile_from_graveyard"] == {"count": 1, "type": "Creature"}
    lands_ = [{"id": "p", "card": "Plains"}, {"id": "i", "card": "Island"}]
    haunt = {"id": "h", "card": "Moorland Haunt"}
    land_card = {"id": "gy", "card": "Forest", "zone": "graveyard"}
    assert not why(checker, state([haunt, *lands_, land_card]), activate("h", 2)).legal
    assert why(checker, state([haunt, *lands_, gone]), activate("h", 2)).legal


def test_activate_only_if_this_permanent_is_a_creature(results: dict[str, CardResult],
                                                       checker: Checker) -> None:
    # Flywheel Racer (a Vehicle, not a creature until crewed): its mana ability can't be
    # activated, and doesn't pay (602.5b, 605.3a)
    assert abilities(results, "Flywheel Racer")[1]["condition"] == {"source_is": "Creature"}
    fr = {"id": "fr", "card": "Flywheel Racer"}
    v = why(checker, state([fr]), activate("fr", 2))
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    assert not why(checker, state([fr, {"id": "gb", "card": "Grizzly Bears", "zone": "hand"},
                                   {"id": "f", "card": "Forest"}]),
                   {"kind": "cast", "object": "gb"}).legal


def test_tap_an_untapped_artifact_or_creature_or_token(results: dict[str, CardResult],
                                                       checker: Checker) -> None:
    # Citanul Stalwart: "{T}, Tap an untapped artifact or creature you control: Add one mana of
    # any color." (118.3; the Stalwart's own {T} can't pay it too, 107.5)
    assert abilities(results, "Citanul Stalwart")[0]["cost"] == {
        "tap": True, "tap_untapped": {"types": ["Artifact", "Creature"], "count": 1}}
    cs = {"id": "cs", "card": "Citanul Stalwart"}
    assert not why(checker, state([cs]), activate("cs", 1)).legal
    assert not why(checker, state([cs, {"id": "f", "card": "Forest"}]), activate("cs", 1)).legal
    after = applied(checker, state([cs, {"id": "bm", "card": "Basalt Monolith"}]),
                    activate("cs", 1), choose="W")
    assert pool(after) == "{W}" and obj(after, "bm")["tapped"] is True
    # Baylen: "Tap two untapped tokens you control: Add one mana of any color."
    assert abilities(results, "Baylen, the Haymaker")[0]["cost"] == {
        "tap_untapped": {"token": True, "count": 2}}
    by = {"id": "by", "card": "Baylen, the Haymaker"}
    tok = [{"id": f"t{i}", "card": "Grizzly Bears", "token": True} for i in range(2)]
    real = {"id": "gb", "card": "Grizzly Bears"}
    assert why(checker, state([by, *tok]), activate("by", 1)).legal
    assert not why(checker, state([by, tok[0], real]), activate("by", 1)).legal
    # Gene Pollinator: "{T}, Tap an untapped permanent you control": a land will do
    gp = {"id": "gp", "card": "Gene Pollinator"}
    assert why(checker, state([gp, {"id": "f", "card": "Forest"}]), activate("gp", 1)).legal
    assert not why(checker, state([gp]), activate("gp", 1)).legal


def test_an_additional_cost_of_a_sorcery_is_read_as_a_cost(results: dict[str, CardResult]) -> None:
    # Cathartic Reunion: "As an additional cost to cast this spell, discard two cards." (601.2b,
    # 118.8): the line was once kept as a not-modeled spell effect, which let it be cast with an
    # empty hand, then refused (no template read "two cards"); since probe31a cost.discard reads
    # it: an additional cost discarding two cards
    assert abilities(results, "Cathartic Reunion")[0] == {
        "kind": "additional_cost", "cost": {"discard": {"count": 2}}, "optional": False}
