"""Real cards through the Oracle importer: cost filters of the sixth session — "Tap an untapped
legendary permanent you control" (Honor-Worn Shaku), "Tap two untapped Foods you control" (The
Cabbage Merchant), "Tap another untapped artifact you control" (Network Terminal), "Sacrifice a Prism
token" (Diamond Kaleidoscope). CR 118.3, 602.2b, 111.1, 605.3a. The fixture
tests/fixtures/real_cards_cost_filters_and_mana_counts.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json; each test states the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_cost_filters_and_mana_counts.json"
results, checker = module_fixtures(FIXTURE)


def act(oid: str, ability: int) -> dict[str, Any]:
    return {"kind": "activate", "object": oid, "ability": ability}


def test_costs_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Honor-Worn Shaku")[1]["cost"] == {
        "tap_untapped": {"supertypes": ["Legendary"], "count": 1}}
    assert abilities(results, "The Cabbage Merchant")[2]["cost"] == {
        "tap_untapped": {"type": "Artifact", "subtypes": ["Food"], "count": 2}}
    assert abilities(results, "Network Terminal")[1]["cost"] == {
        "mana": "{1}", "tap": True, "tap_untapped": {"type": "Artifact", "count": 1, "other": True}}
    assert abilities(results, "Diamond Kaleidoscope")[1]["cost"] == {
        "sacrifice": {"subtypes": ["Prism"], "token": True}}


def test_honor_worn_shaku_taps_a_legendary_permanent(checker: Checker) -> None:
    shaku = {"id": "s", "card": "Honor-Worn Shaku", "tapped": True}
    v = why(checker, state([shaku, {"id": "i", "card": "Isamaru, Hound of Konda"}]), act("s", 2))
    assert v.legal
    after = applied(checker, state([shaku, {"id": "i", "card": "Isamaru, Hound of Konda"}]), act("s", 2))
    assert obj(after, "i").get("tapped") is True
    # a nonlegendary creature doesn't do, nor a tapped legendary one (118.3)
    v = why(checker, state([shaku, {"id": "g", "card": "Grizzly Bears"},
                            {"id": "i", "card": "Isamaru, Hound of Konda", "tapped": True}]), act("s", 2))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    # a legendary artifact is a legendary permanent too
    assert why(checker, state([shaku, {"id": "sp", "card": "Shadowspear"}]), act("s", 2)).legal


def test_network_terminal_taps_another_artifact(checker: Checker) -> None:
    nt = {"id": "n", "card": "Network Terminal"}
    forest = {"id": "f", "card": "Forest"}
    # alone: its own {T} is paid, and "another" never means itself
    v = why(checker, state([nt, forest]), act("n", 2))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    assert why(checker, state([nt, forest, {"id": "o", "card": "Ornithopter"}]), act("n", 2)).legal
    # Sol Ring is the only other artifact: it can pay {1} or be tapped for the cost, not both (107.5)
    v = why(checker, state([nt, {"id": "r", "card": "Sol Ring"}]), act("n", 2))
    assert not v.legal


def test_cabbage_merchant_taps_two_foods(checker: Checker) -> None:
    cm = {"id": "c", "card": "The Cabbage Merchant"}
    eggs = [{"id": f"e{i}", "card": "Golden Egg"} for i in range(2)]
    assert why(checker, state([cm, *eggs]), act("c", 3)).legal
    v = why(checker, state([cm, eggs[0]]), act("c", 3))
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    # the Foods pay for Grizzly Bears' {1}{G}: two Eggs tapped give one mana of any color, so
    # with a Forest the Bears can be cast
    doc = state([cm, *eggs, {"id": "f", "card": "Forest"}, {"id": "g", "card": "Grizzly Bears", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "g"}).legal


PRISM = {"name": "Prism Token", "layout": "normal", "faces": [{
    "name": "Prism Token", "mana_cost": None, "supertypes": [], "types": ["Artifact", "Creature"],
    "subtypes": ["Prism"], "power": 0, "toughness": 1, "oracle": "", "abilities": []}]}


def test_diamond_kaleidoscope_sacrifices_a_prism_token(results: dict[str, CardResult]) -> None:
    # the token its first ability creates (111.4: "Prism Token"), written by hand: the importer
    # keeps that ability's effect as not modeled
    cards = [r.card for r in results.values() if r.card is not None] + [PRISM]
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": cards}, source="test"))
    dk = {"id": "d", "card": "Diamond Kaleidoscope"}
    prism = {"id": "p", "card": "Prism Token", "token": True}
    doc = state([dk, prism, {"id": "g", "card": "Grizzly Bears", "zone": "hand"}, {"id": "f", "card": "Forest"}])
    v = why(checker, doc, {"kind": "cast", "object": "g"})
    assert v.legal and {u.sacrificed for u in v.plan.sources} >= {"p"}
    after = applied(checker, state([dk, prism]), act("d", 2), choose="U")
    assert "p" not in {o["id"] for o in after["objects"] if o.get("zone") == "battlefield"}
    assert after["players"][0]["mana_pool"] == "{U}"
    # a nontoken creature isn't a Prism token
    doc = state([dk, {"id": "o", "card": "Ornithopter"}, {"id": "g", "card": "Grizzly Bears", "zone": "hand"},
                 {"id": "f", "card": "Forest"}])
    assert not why(checker, doc, {"kind": "cast", "object": "g"}).legal


def test_rasputin_removes_one_or_more_dream_counters(results: dict[str, CardResult], checker: Checker) -> None:
    ab = abilities(results, "Rasputin, the Oneiromancer")[1]
    # "one or more": at least one (118.3; probe16c)
    assert ab["cost"] == {"tap": True, "remove_any_counters": "dream", "remove_at_least": 1}
    assert ab["mana"] == {"for_each": {"mana": "{C}", "counters_removed": "dream"}}
    ras = {"id": "r", "card": "Rasputin, the Oneiromancer", "counters": {"dream": 2}}
    # two dream counters: up to {C}{C}; Sol Ring ({1}) is paid removing one of them
    doc = state([ras, {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    v = why(checker, doc, {"kind": "cast", "object": "e"})
    assert v.legal and [u.source for u in v.plan.sources] == ["r"]
    after = applied(checker, doc, {"kind": "cast", "object": "e"})
    assert obj(after, "r")["counters"] == {"dream": 1} and obj(after, "r")["tapped"] is True
    # Golden Egg ({2}) takes both
    doc = state([ras, {"id": "e", "card": "Golden Egg", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "e"})
    assert not obj(after, "r").get("counters")
    # no dream counter: nothing to remove ("one or more"), so no mana
    doc = state([{**ras, "counters": {}}, {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    assert not why(checker, doc, {"kind": "cast", "object": "e"}).legal


def test_reveal_cards_from_hand_for_mana(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Metalworker")[0]["mana"] == {
        "for_each": {"mana": "{C}{C}", "in_hand": {"types": ["Artifact"]}}}
    assert abilities(results, "Sacellum Godspeaker")[0]["mana"] == {
        "for_each": {"mana": "{G}", "in_hand": {"types": ["Creature"], "min_power": 5}}}
    ros = abilities(results, "Rosheen, Roaring Prophet")[1]["mana"]
    assert ros["for_each"] == {"mana": "{C}{C}", "in_hand": {"x_in_cost": True}}
    assert ros["spend_only"] == [{"x": True}]
    mw = {"id": "mw", "card": "Metalworker"}
    hand = [{"id": "h1", "card": "Sol Ring", "zone": "hand"}, {"id": "h2", "card": "Golden Egg", "zone": "hand"},
            {"id": "h3", "card": "Grizzly Bears", "zone": "hand"}]
    # two artifact cards in hand: up to {C}{C}{C}{C}; Golden Egg ({2}) can be cast (the Egg itself
    # is on the stack then, 601.2a, but Sol Ring still gives {C}{C})
    v = why(checker, state([mw, *hand]), {"kind": "cast", "object": "h2"})
    assert v.legal and [u.source for u in v.plan.sources] == ["mw"]
    # Grizzly Bears needs {G}: Metalworker's colorless mana can't pay it
    assert not why(checker, state([mw, *hand]), {"kind": "cast", "object": "h3"}).legal
    # no artifact card in hand: nothing to reveal, no mana
    v = why(checker, state([mw, hand[2], {"id": "h4", "card": "Sol Ring", "zone": "graveyard"}]),
            {"kind": "cast", "object": "h3"})
    assert not v.legal
    # Sacellum Godspeaker: Craw Wurm (power 6) counts, Grizzly Bears (power 2) doesn't
    sg = {"id": "sg", "card": "Sacellum Godspeaker"}
    doc = state([sg, {"id": "w", "card": "Craw Wurm", "zone": "hand"}, {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "e"}).legal
    doc = state([sg, {"id": "b", "card": "Grizzly Bears", "zone": "hand"}, {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    assert not why(checker, doc, {"kind": "cast", "object": "e"}).legal
    # Rosheen: Blaze ({X}{R}) in hand is revealed (Walking Ballista, being cast, is on the stack
    # while its costs are paid, 601.2a); the mana pays only costs with {X}
    ro = {"id": "ro", "card": "Rosheen, Roaring Prophet"}
    doc = state([ro, {"id": "fb", "card": "Blaze", "zone": "hand"}, {"id": "wb", "card": "Walking Ballista", "zone": "hand"},
                 {"id": "e", "card": "Sol Ring", "zone": "hand"}])
    v = why(checker, doc, {"kind": "cast", "object": "wb", "x": 1})
    assert v.legal     # Walking Ballista {X}{X}, X=1: {C}{C} for the one revealed card
    assert not why(checker, doc, {"kind": "cast", "object": "wb", "x": 2}).legal
    assert not why(checker, doc, {"kind": "cast", "object": "e"}).legal   # Sol Ring's {1} has no {X}
    # activated as the action, Metalworker reveals both artifact cards (the most it can)
    after = applied(checker, state([mw, *hand]), {"kind": "activate", "object": "mw", "ability": 1})
    assert after["players"][0]["mana_pool"] == "{C}{C}{C}{C}"


def test_first_main_phase_trigger_adds_mana(results: dict[str, CardResult], checker: Checker) -> None:
    for name in ("Hulking Raptor", "Cosmic Crucible", "Foreboding Statue // Forsaken Thresher"):
        assert results[name].card is not None, results[name].refusal
    raptor = abilities(results, "Hulking Raptor")[1]
    assert raptor["trigger"] == {"event": "first_main_phase", "whose": "you"}
    assert raptor["effect"] == {"action": "add_mana", "produce": {"fixed": "{G}{G}"}}
    # on alice's turn: it triggers as her precombat main phase begins, and resolves for {G}{G}
    doc = state([{"id": "hr", "card": "Hulking Raptor"}], step="draw")
    for p in ("alice", "bob"):
        doc = applied(checker, doc, {"kind": "pass"}, who=p)
    assert doc["step"] == "precombat_main" and doc.get("stack")
    for p in ("alice", "bob"):
        doc = applied(checker, doc, {"kind": "pass"}, who=p)
    assert doc["players"][0]["mana_pool"] == "{G}{G}"
    # on bob's turn it doesn't trigger ("your first main phase")
    doc = state([{"id": "hr", "card": "Hulking Raptor"}], step="draw", active_player="bob", priority="bob")
    for p in ("bob", "alice"):
        doc = applied(checker, doc, {"kind": "pass"}, who=p)
    assert doc["step"] == "precombat_main" and not doc.get("stack")


def test_mana_of_the_exiled_cards_colors(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Chrome Mox")[1]["mana"] == {"exiled_colors": 1}
    assert abilities(results, "Pit of Offerings")[3]["mana"] == {"exiled_colors": 1}
    mox = {"id": "cm", "card": "Chrome Mox"}
    # nothing exiled with it: no type of mana can be defined, none is added (106.5)
    assert checker.mana(parse_state(state([mox]), checker.library), "cm") == []
    doc = state([mox, {"id": "lb", "card": "Lightning Bolt", "zone": "exile", "exiled_with": "cm"}])
    assert checker.mana(parse_state(doc, checker.library), "cm") == ["R"]
    # a gold card: either of its colors
    doc = state([mox, {"id": "el", "card": "Electrolyze", "zone": "exile", "exiled_with": "cm"}])
    assert checker.mana(parse_state(doc, checker.library), "cm") == ["U", "R"]
    # a card exiled with another permanent doesn't count
    doc = state([mox, {"id": "cm2", "card": "Chrome Mox"},
                 {"id": "lb", "card": "Lightning Bolt", "zone": "exile", "exiled_with": "cm2"}])
    assert checker.mana(parse_state(doc, checker.library), "cm") == []
    # Pit of Offerings: the colors of every card exiled with it
    pit = {"id": "p", "card": "Pit of Offerings"}
    doc = state([pit, {"id": "lb", "card": "Lightning Bolt", "zone": "exile", "exiled_with": "p"},
                 {"id": "el", "card": "Electrolyze", "zone": "exile", "exiled_with": "p"}])
    assert checker.mana(parse_state(doc, checker.library), "p") == ["U", "R", "C"]


def test_first_main_phase_mana_for_each_counter_on_the_source(results: dict[str, CardResult],
                                                               checker: Checker) -> None:
    bm = abilities(results, "Black Market")[1]
    assert bm["effect"] == {"action": "add_mana", "produce": {"for_each": {"mana": "{B}", "counters": "charge"}}}
    assert results["Altar of Shadows"].card is not None
    doc = state([{"id": "bm", "card": "Black Market", "counters": {"charge": 3}}], step="draw")
    for p in ("alice", "bob", "alice", "bob"):
        doc = applied(checker, doc, {"kind": "pass"}, who=p)
    assert doc["players"][0]["mana_pool"] == "{B}{B}{B}"
    # no charge counter: it triggers and adds nothing
    doc = state([{"id": "bm", "card": "Black Market"}], step="draw")
    for p in ("alice", "bob", "alice", "bob"):
        doc = applied(checker, doc, {"kind": "pass"}, who=p)
    assert not doc["players"][0].get("mana_pool")


def test_greatest_power_among_creatures_that_entered_this_turn(results: dict[str, CardResult],
                                                               checker: Checker) -> None:
    ab = abilities(results, "Alena, Kessig Trapper")[1]
    assert ab["mana"]["for_each"]["greatest"] == {
        "of": "power", "among": {"types": ["Creature"], "entered_this_turn": True}}
    alena = {"id": "a", "card": "Alena, Kessig Trapper", "controlled_since_turn": 1}
    wurm = {"id": "w", "card": "Craw Wurm"}   # 6/4
    st_old = parse_state(state([alena, wurm]), checker.library)
    assert checker.mana(st_old, "a") == []            # nothing entered this turn
    st_new = parse_state(state([alena, {**wurm, "entered_turn": 5, "controlled_since_turn": 5}]),
                         checker.library)
    assert checker.mana(st_new, "a") == ["R"]
    doc = state([alena, {**wurm, "entered_turn": 5, "controlled_since_turn": 5},
                 {"id": "h", "card": "Craw Wurm", "zone": "hand"}])   # {4}{G}{G}: not payable with R only
    after = applied(checker, doc, {"kind": "activate", "object": "a", "ability": 2})
    assert after["players"][0]["mana_pool"] == "{R}" * 6


def test_mana_geyser_counts_tapped_lands_of_opponents(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Mana Geyser")[0]["effect"]["produce"] == {"for_each": {
        "mana": "{R}", "on_battlefield": {"types": ["Land"], "tapped": True, "controller": "opponents"}}}
    mine = [{"id": f"m{i}", "card": "Mountain", "tapped": True} for i in range(5)]
    bobs = [{"id": f"b{i}", "card": "Forest", "owner": "bob", "tapped": i < 3} for i in range(4)]
    doc = state([*mine, {"id": "mg", "card": "Mana Geyser", "zone": "stack", "controller": "alice"}, *bobs],
                stack=["mg"], consecutive_passes=1, priority="bob")
    after = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert after["players"][0]["mana_pool"] == "{R}{R}{R}"   # bob's three tapped Forests


def test_empowered_autogenerator_counts_the_counter_it_puts(checker: Checker) -> None:
    # "{T}: Put a charge counter on this artifact. Add X mana of any one color, where X is the number
    # of charge counters on this artifact." (608.2c: in order; the new counter counts)
    ea = {"id": "ea", "card": "Empowered Autogenerator", "counters": {"charge": 2}}
    after = applied(checker, state([ea]), {"kind": "activate", "object": "ea", "ability": 2}, choose="G")
    assert after["players"][0]["mana_pool"] == "{G}{G}{G}"
    assert obj(after, "ea")["counters"] == {"charge": 3}
    # with no counter yet: one mana (Craw Wurm {4}{G}{G} can't be paid, a {1} can)
    doc = state([{**ea, "counters": {}}, {"id": "s", "card": "Sol Ring", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "s"}).legal


def test_citys_blessing(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Arch of Orazca")[2]["condition"] == {"citys_blessing": True}
    arch = {"id": "a", "card": "Arch of Orazca"}
    draw = {"kind": "activate", "object": "a", "ability": 3}
    lands = [{"id": f"f{i}", "card": "Forest"} for i in range(5)]
    v = why(checker, state([arch, *lands]), draw)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    doc = state([arch, *lands], players=[{"name": "alice", "citys_blessing": True}, {"name": "bob"}])
    assert why(checker, doc, draw).legal
    # 702.131b: ten permanents and Arch of Orazca's ascend: the blessing, even before apply writes it
    many = [{"id": f"x{i}", "card": "Forest"} for i in range(9)]
    doc = state([arch, *many])
    after = applied(checker, doc, {"kind": "activate", "object": "x0", "ability": 1})
    assert after["players"][0].get("citys_blessing") is True


def test_temur_elevator_life_unless_the_blessing(checker: Checker) -> None:
    te = {"id": "te", "card": "Temur Elevator"}
    tap = {"kind": "activate", "object": "te", "ability": 2}
    after = applied(checker, state([te]), tap, choose="G")
    assert after["players"][0]["life"] == 19 and after["players"][0]["mana_pool"] == "{G}"
    blessed = [{"name": "alice", "citys_blessing": True}, {"name": "bob"}]
    after = applied(checker, state([te], players=blessed), tap, choose="G")
    assert after["players"][0].get("life", 20) == 20


def test_last_riders_and_restricted_spell_mana(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Radha, Heir to Keld")[0]["effect"] == {
        "action": "add_mana", "produce": {"fixed": "{R}{R}"}}
    wm = abilities(results, "Foraging Wickermaw")[1]
    assert wm["not_performed"][0]["kind"] == "lasting_effect"
    assert abilities(results, "Opal Palace")[1]["not_performed"][0]["kind"] == "spend_effect"
    geo = abilities(results, "Geosurge")[0]["effect"]
    assert geo["produce"]["fixed"] == "{R}{R}{R}{R}{R}{R}{R}" and geo["produce"]["spend_only"]
    # Geosurge resolves: its seven {R} keep their restriction in the pool (106.6)
    doc = state([{"id": "g", "card": "Geosurge", "zone": "stack", "controller": "alice"}],
                stack=["g"], consecutive_passes=1, priority="bob")
    after = applied(checker, doc, {"kind": "pass"}, who="bob")
    alice = after["players"][0]
    assert alice.get("restricted_mana") and not alice.get("mana_pool")
    # that mana casts an artifact spell (Sol Ring), not an instant (Lightning Bolt)
    after["objects"].append({"id": "s", "card": "Sol Ring", "owner": "alice", "zone": "hand"})
    after["objects"].append({"id": "lb", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"})
    assert why(checker, after, {"kind": "cast", "object": "s"}).legal
    assert not why(checker, after, {"kind": "cast", "object": "lb", "targets": ["bob"]}).legal
    # Foraging Wickermaw: the color change is reported, not performed
    doc = state([{"id": "w", "card": "Foraging Wickermaw"}, {"id": "s", "card": "Sol Ring"}])
    from mtgasp.actions import parse_action
    from mtgasp.apply import apply_action
    st = parse_state(doc, checker.library)
    res = apply_action(checker, st, parse_action({"kind": "activate", "object": "w", "ability": 2}, st,
                                                 checker.library, "alice"), "alice", "U")
    assert res.legal and any("Not performed" in str(e) for e in res.events)


def test_station_threshold(results: dict[str, CardResult], checker: Checker) -> None:
    ab = abilities(results, "Evendo, Waking Haven")[3]
    assert ab["condition"] == {"counters_on_self": {"counter": "charge", "min": 12}}
    ev = {"id": "e", "card": "Evendo, Waking Haven", "counters": {"charge": 11}}
    act = {"kind": "activate", "object": "e", "ability": 4}
    doc = state([ev, {"id": "f", "card": "Forest"}, {"id": "g", "card": "Grizzly Bears"}])
    assert not why(checker, doc, act).legal
    doc = state([{**ev, "counters": {"charge": 12}}, {"id": "f", "card": "Forest"}, {"id": "g", "card": "Grizzly Bears"}])
    assert why(checker, doc, act).legal


def test_coalition_relic_removes_its_charge_counters_and_adds_that_much(results: dict[str, CardResult],
                                                                        checker: Checker) -> None:
    # 122.1, 608.2h: "At the beginning of your first main phase, remove all charge counters from this
    # artifact. Add one mana of any color for each charge counter removed this way." (found by
    # probe32a: refused)
    assert abilities(results, "Coalition Relic")[2]["effect"] == {
        "action": "add_mana", "produce": {"for_each": {"counters": "charge", "any_combination": True,
                                                       "types": ["W", "U", "B", "R", "G"]}},
        "remove_all_counters": "charge"}
    doc = state([{"id": "cr", "card": "Coalition Relic", "counters": {"charge": 3}}], step="draw")
    for p in ("alice", "bob", "alice", "bob"):
        doc = applied(checker, doc, {"kind": "pass"}, who=p)
    assert doc["players"][0]["mana_pool"] == "{W}{W}{W}"
    assert "counters" not in obj(doc, "cr")
