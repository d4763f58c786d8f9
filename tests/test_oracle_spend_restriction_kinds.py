"""Real cards through the Oracle importer (issue 11, sixth session): spend restrictions on mana
(CR 106.6) that name what the spell is, where it is cast from, the special action of foretelling,
a cost's {C}, the source of an ability, an action mtgasp doesn't model, or generic mana costs. The
fixture tests/fixtures/real_cards_spend_restriction_kinds.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json; each test asks the checker and states the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, applied, mana, module_fixtures, obj, pool, rules, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_spend_restriction_kinds.json"


# (Ojer Pakpatiq's "Whenever you cast an instant spell from your hand, it gains rebound." is refused,
# 601.3: its back face's mana ability is tested without that paragraph)
results, checker = module_fixtures(FIXTURE, {
    "Ojer Pakpatiq, Deepest Epoch // Temple of Cyclical Time": "Whenever you cast an instant spell"})


def cast(oid: str, method: str = "normal", **kw: Any) -> dict[str, Any]:
    return {"kind": "cast", "object": oid, "method": method, **kw}


def lands(card: str, n: int, prefix: str = "l") -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i}", "card": card} for i in range(n)]


def hand(oid: str, card: str) -> dict[str, Any]:
    return {"id": oid, "card": card, "zone": "hand"}


def refused_106_6(checker: Checker, doc: dict[str, Any], action: dict[str, Any]) -> bool:
    v = why(checker, doc, action)
    return not v.legal and "106.6" in rules(v)


def events_of(checker: Checker, doc: dict[str, Any], action: dict[str, Any],
              choose: str | None = None) -> list[str]:
    from mtgasp.actions import parse_action
    from mtgasp.apply import apply_action

    st = parse_state(doc, checker.library)
    result = apply_action(checker, st, parse_action(action, st, checker.library, "alice"), "alice",
                          choose)
    assert result.legal, result.to_json()
    return list(result.to_json()["events"])


BEARS = hand("g", "Grizzly Bears")


def test_uncounterable_rider(results: dict[str, CardResult], checker: Checker) -> None:
    # Cavern of Souls: "{T}: Add one mana of any color. Spend this mana only to cast a creature
    # spell of the chosen type, and that spell can't be countered." The restriction is enforced
    # (106.6); the effect on the spell is reported as not performed when the mana is made.
    a = abilities(results, "Cavern of Souls")[2]
    assert a["mana"] == {"any_color": 1, "spend_only": [{"spell": {"types": ["Creature"],
                                                                   "chosen_type": True}}]}
    assert [n["kind"] for n in a["not_performed"]] == ["spend_effect"]
    cavern = {"id": "c", "card": "Cavern of Souls", "chosen_type": "Bear"}
    # Grizzly Bears {1}{G}: its {G} can come only from the restricted ability
    assert why(checker, state([cavern, *lands("Mountain", 1), BEARS]), cast("g")).legal
    goblin = {**cavern, "chosen_type": "Goblin"}
    assert refused_106_6(checker, state([goblin, *lands("Mountain", 1), BEARS]), cast("g"))
    ev = events_of(checker, state([cavern]), {"kind": "activate", "object": "c", "ability": 3},
                   choose="G")
    assert any("106.6" in e and "can't be countered" in e for e in ev)
    # activated on its own, its mana keeps its restriction in the pool: an entry of restricted_mana
    # that records the creature type chosen for the Cavern (205.3m)
    assert not any(e.startswith("Not kept:") for e in ev)
    assert any("keeps its restriction (106.6)" in e and "(Bear)" in e for e in ev)
    # Delighted Halfling: "... Spend this mana only to cast a legendary spell, and that spell
    # can't be countered." Isamaru, Hound of Konda {W} is legendary; Grizzly Bears isn't.
    halfling = {"id": "h", "card": "Delighted Halfling"}
    assert why(checker, state([halfling, hand("i", "Isamaru, Hound of Konda")]), cast("i")).legal
    assert refused_106_6(checker, state([halfling, *lands("Mountain", 1), BEARS]), cast("g"))


def test_mana_activated_on_its_own_keeps_its_restriction(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    # 106.6: "Some effects ... restrict how that mana can be spent": mana made by Delighted
    # Halfling's ability activated on its own stays restricted in the pool (the player's
    # restricted_mana): {W} pays for Isamaru, Hound of Konda (legendary), {G} not for Llanowar
    # Elves; nothing goes to the unrestricted pool.
    halfling = {"id": "h", "card": "Delighted Halfling"}
    board = state([halfling, hand("i", "Isamaru, Hound of Konda"), hand("e", "Llanowar Elves")])
    tap = {"kind": "activate", "object": "h", "ability": 2}
    for color, spell, legal in (("W", "i", True), ("G", "e", False)):
        after = applied(checker, board, tap, choose=color)
        alice = next(p for p in after["players"] if p["name"] == "alice")
        assert not alice.get("mana_pool")
        assert alice["restricted_mana"] == [{"mana": "{" + color + "}", "card": "Delighted Halfling", "ability": 2}]
        assert why(checker, after, cast(spell)).legal is legal
        if not legal:
            assert refused_106_6(checker, after, cast(spell))
    ev = events_of(checker, board, tap, choose="W")
    assert not any(e.startswith("Not kept:") for e in ev)
    assert any("keeps its restriction (106.6)" in e for e in ev)


def test_ability_of_a_creature_source_of_the_chosen_type(results: dict[str, CardResult],
                                                          checker: Checker) -> None:
    # Secluded Courtyard: "... Spend this mana only to cast a creature spell of the chosen type or
    # activate an ability of a creature source of the chosen type." Shivan Dragon's "{R}: This
    # creature gets +1/+0 until end of turn": the Courtyard's {C} ability can't pay {R}.
    assert abilities(results, "Secluded Courtyard")[2]["mana"]["spend_only"] == [
        {"spell": {"types": ["Creature"], "chosen_type": True}},
        {"ability": {"of_types": ["Creature"], "of_chosen_type": True}}]
    dragon = {"id": "d", "card": "Shivan Dragon"}
    pump = {"kind": "activate", "object": "d", "ability": 2}
    court = {"id": "c", "card": "Secluded Courtyard", "chosen_type": "Dragon"}
    assert why(checker, state([court, dragon]), pump).legal
    assert refused_106_6(checker, state([{**court, "chosen_type": "Goblin"}, dragon]), pump)


def test_two_word_creature_type(results: dict[str, CardResult], checker: Checker) -> None:
    # Gallifrey Council Chamber: "... Spend this mana only to cast a Time Lord or Alien spell or
    # activate an ability of a Time Lord or Alien." Time Lord is one creature type (205.3m).
    assert abilities(results, "Gallifrey Council Chamber")[2]["mana"]["spend_only"] == [
        {"spell": {"subtypes": ["Time Lord"]}}, {"spell": {"subtypes": ["Alien"]}},
        {"ability": {"of_subtypes": ["Time Lord"]}}, {"ability": {"of_subtypes": ["Alien"]}}]
    chamber = {"id": "c", "card": "Gallifrey Council Chamber"}
    # The Ninth Doctor {1}{U}{R}: its {R} comes from the Chamber
    doctor = hand("n", "The Ninth Doctor")
    assert why(checker, state([chamber, *lands("Island", 2), doctor]), cast("n")).legal
    assert refused_106_6(checker, state([chamber, *lands("Island", 1), BEARS]), cast("g"))


def test_not_from_your_hand(results: dict[str, CardResult], checker: Checker) -> None:
    # Archaeomancer's Spade: "{T}: Add {R}{W}. This mana can't be spent to cast spells from your
    # hand." A foretold Behold the Multiverse is cast from exile ({1}{U}, 702.143a); an ability's
    # cost (Mind Stone's {1}) isn't a spell; Grizzly Bears from the hand can't use it.
    assert abilities(results, "Archaeomancer's Spade")[1]["mana"]["spend_only"] == [
        {"not_spell": True}, {"spell": {"not_from_hand": True}}]
    spade = {"id": "s", "card": "Archaeomancer's Spade"}
    exiled = {"id": "e", "card": "Behold the Multiverse", "zone": "exile", "face_down": True,
              "foretold_turn": 3}
    assert why(checker, state([spade, *lands("Island", 1), exiled]), cast("e", "foretell")).legal
    stone = {"id": "m", "card": "Mind Stone"}
    assert why(checker, state([spade, stone]), {"kind": "activate", "object": "m", "ability": 2}).legal
    assert refused_106_6(checker, state([spade, *lands("Forest", 1), BEARS]), cast("g"))
    # Vhal, Candlekeep Researcher (1/4): "{T}: Add an amount of {C} equal to Vhal's toughness. This
    # mana can't be spent to cast spells from your hand."
    vhal = {"id": "v", "card": "Vhal, Candlekeep Researcher"}
    assert refused_106_6(checker, state([vhal, *lands("Forest", 1), BEARS]), cast("g"))
    assert why(checker, state([vhal, *lands("Island", 1), exiled]), cast("e", "foretell")).legal


def test_creature_spells_with_no_abilities(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    # Jasmine Boreal of the Seven: "{T}: Add {G}{W}. Spend this mana only to cast creature spells
    # with no abilities." Grizzly Bears has none; Llanowar Elves has "{T}: Add {G}".
    assert abilities(results, "Jasmine Boreal of the Seven")[0]["mana"]["spend_only"] == [
        {"spell": {"types": ["Creature"], "no_abilities": True}}]
    jasmine = {"id": "j", "card": "Jasmine Boreal of the Seven"}
    assert why(checker, state([jasmine, BEARS]), cast("g")).legal
    assert refused_106_6(checker, state([jasmine, hand("e", "Llanowar Elves")]), cast("e"))


def test_colorless_or_a_cost_with_c(results: dict[str, CardResult], checker: Checker) -> None:
    # Cultivator Drone: "{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an
    # ability of a colorless permanent, or pay a cost that contains {C}."
    assert abilities(results, "Cultivator Drone")[1]["mana"]["spend_only"] == [
        {"spell": {"colorless": True}}, {"ability": {"of_colorless": True}}, {"cost_has_c": True}]
    drone = {"id": "d", "card": "Cultivator Drone"}
    # Mind Stone is a colorless permanent: its "{1}, {T}, Sacrifice this artifact: Draw a card"
    stone = {"id": "m", "card": "Mind Stone"}
    assert why(checker, state([drone, stone]), {"kind": "activate", "object": "m", "ability": 2}).legal
    # Slivdrazi Monstrosity {C}{W}{U}{B}{R}{G} is a five-color spell whose cost contains {C}
    basics = [{"id": f"b{t}", "card": t} for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    sliv = hand("s", "Slivdrazi Monstrosity")
    assert why(checker, state([drone, *basics, sliv]), cast("s")).legal
    assert refused_106_6(checker, state([drone, *lands("Forest", 1), BEARS]), cast("g"))


def test_one_or_more_colors_without_x(results: dict[str, CardResult], checker: Checker) -> None:
    # Titans' Nest: "Exile a card from your graveyard: Add {C}. Spend this mana only to cast a
    # spell that's one or more colors without {X} in its mana cost."
    assert abilities(results, "Titans' Nest")[1]["mana"]["spend_only"] == [
        {"spell": {"colored": True, "no_x_in_cost": True}}]
    nest = {"id": "n", "card": "Titans' Nest"}
    gy = [{"id": f"y{i}", "card": "Mountain", "zone": "graveyard"} for i in range(2)]
    assert why(checker, state([nest, *gy, *lands("Forest", 1), BEARS]), cast("g")).legal
    # Walking Ballista {X}{X} is colorless and has {X}; Kozilek's Channeler {5} is colorless
    assert refused_106_6(checker, state([nest, *gy, hand("b", "Walking Ballista")]), cast("b", x=1))


def test_foretell_special_action(results: dict[str, CardResult], checker: Checker) -> None:
    # Karfell Harbinger: "{T}: Add {U}. Spend this mana only to foretell a card from your hand or
    # cast an instant or sorcery spell." Foretelling is a special action that costs {2} (116.2h,
    # 702.143a); Behold the Multiverse {3}{U} is an instant.
    assert abilities(results, "Karfell Harbinger")[0]["mana"]["spend_only"] == [
        {"foretell": True}, {"spell": {"types": ["Instant"]}}, {"spell": {"types": ["Sorcery"]}}]
    karfell = {"id": "k", "card": "Karfell Harbinger"}
    behold = hand("h", "Behold the Multiverse")
    assert why(checker, state([karfell, *lands("Island", 1), behold]),
               {"kind": "foretell", "object": "h"}).legal
    assert why(checker, state([karfell, *lands("Island", 3), behold]), cast("h")).legal
    assert refused_106_6(checker, state([karfell, *lands("Forest", 1), BEARS]), cast("g"))
    # Unblinking Observer: "... Spend this mana only to pay a disturb cost or cast an instant or
    # sorcery spell." (disturb is not modeled: a card with it is refused, so only the spells)
    assert abilities(results, "Unblinking Observer")[0]["mana"]["spend_only"] == [
        {"unmodeled": "disturb"}, {"spell": {"types": ["Instant"]}}, {"spell": {"types": ["Sorcery"]}}]
    observer = {"id": "o", "card": "Unblinking Observer"}
    assert why(checker, state([observer, *lands("Island", 3), behold]), cast("h")).legal
    assert refused_106_6(checker, state([observer, *lands("Forest", 1), BEARS]), cast("g"))


def test_actions_not_modeled(results: dict[str, CardResult], checker: Checker) -> None:
    # A restriction to actions mtgasp doesn't model (turning a permanent face up, a face-down
    # spell, a morph cost, cumulative upkeep, power-up, equip, unlocking a door): that
    # alternative never matches, so the mana pays only for the others, here none or one.
    expect = {
        "Overgrown Zealot": (1, [{"unmodeled": "turn_face_up"}]),
        "Qarsi Deceiver": (0, [{"unmodeled": "face_down_spell"}, {"unmodeled": "turn_face_up"},
                               {"unmodeled": "morph_cost"}]),
        "Tin Street Gossip": (1, [{"unmodeled": "face_down_spell"}, {"unmodeled": "turn_face_up"}]),
        "Adarkar Unicorn": (0, [{"unmodeled": "cumulative_upkeep"}]),
        "Quinjet Technician": (1, [{"unmodeled": "power_up"}]),
        "Creeping Peeper": (0, [{"spell": {"types": ["Enchantment"]}}, {"unmodeled": "unlock_door"},
                                {"unmodeled": "turn_face_up"}]),
        "Freya Crescent": (1, [{"spell": {"subtypes": ["Equipment"]}}, {"unmodeled": "equip"}]),
    }
    for name, (i, alts) in expect.items():
        assert abilities(results, name)[i]["mana"]["spend_only"] == alts, name
        # Grizzly Bears {1}{G} with a Forest: the other mana must come from the restricted ability
        # (Overgrown Zealot's and Quinjet Technician's unrestricted one adds only one mana, and
        # the creature taps once)
        src = {"id": "s", "card": name}
        doc = state([src, BEARS] if name in ("Overgrown Zealot", "Quinjet Technician")
                    else [src, *lands("Forest", 1), BEARS])
        assert refused_106_6(checker, doc, cast("g")), name
    # Creeping Peeper's {U} pays for Glorious Anthem {1}{W}{W}; Freya Crescent's {R} for
    # Bonesplitter {1}, an Equipment spell
    peeper = {"id": "p", "card": "Creeping Peeper"}
    assert why(checker, state([peeper, *lands("Plains", 2), hand("a", "Glorious Anthem")]),
               cast("a")).legal
    freya = {"id": "f", "card": "Freya Crescent"}
    assert why(checker, state([freya, hand("b", "Bonesplitter")]), cast("b")).legal


def test_flashback_from_a_graveyard(results: dict[str, CardResult], checker: Checker) -> None:
    # Altar of the Lost: "... Spend this mana only to cast spells with flashback from a graveyard."
    # (flashback is not modeled: a card with it is refused, so nothing in scope takes this mana)
    assert abilities(results, "Altar of the Lost")[1]["mana"]["spend_only"] == [
        {"spell": {"keywords": ["flashback"], "from": "graveyard"}}]
    altar = {"id": "a", "card": "Altar of the Lost"}
    assert refused_106_6(checker, state([altar, BEARS]), cast("g"))


def test_no_generic_mana(results: dict[str, CardResult], checker: Checker) -> None:
    # The Rebellious Intelligence: "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay
    # generic mana costs." (106.6, 107.4: it pays colored symbols, never generic mana or {X})
    ri = {"id": "r", "card": "The Rebellious Intelligence"}
    assert abilities(results, "The Rebellious Intelligence")[1]["mana"] == {
        "fixed": "{W}{U}{B}{R}{G}", "no_generic": True}
    assert why(checker, state([ri, hand("i", "Isamaru, Hound of Konda")]), cast("i")).legal
    # Grizzly Bears {1}{G}: the {G} from it, the {1} from a Mountain
    assert refused_106_6(checker, state([ri, BEARS]), cast("g"))
    assert why(checker, state([ri, *lands("Mountain", 1), BEARS]), cast("g")).legal
    # Mind Stone's "{1}, {T}, Sacrifice this artifact: Draw a card": generic only
    stone = {"id": "m", "card": "Mind Stone"}
    assert refused_106_6(checker, state([ri, stone]), {"kind": "activate", "object": "m", "ability": 2})
    # Walking Ballista {X}{X}: X is paid as generic mana; two Mountains pay X = 1, not more
    v = why(checker, state([ri, *lands("Mountain", 2), hand("b", "Walking Ballista")]), cast("b"))
    assert v.legal and v.x_max == 1


def test_spend_only_on_an_ability_cost_is_refused(results: dict[str, CardResult]) -> None:
    # Crypt Rats: "{X}: This creature deals X damage to each creature and each player. Spend only
    # black mana on X." The card format can't restrict the mana of an ability's cost: refused
    # (it was imported without the restriction, so any mana paid X).
    r = results["Crypt Rats"]
    assert r.card is None and "Spend only black mana on X" in r.refusal


# --- riders `apply` doesn't perform, reported (603.7, 502.3, 706.1) ------------------------------

def test_riders_reported_not_performed(results: dict[str, CardResult], checker: Checker) -> None:
    # None has a target, so each ability stays a mana ability (605.1a): it is activated while
    # paying, and `apply` reports the rider as not performed when the mana is made.
    cases = {
        # "An opponent gains control of this land at the beginning of the next end step": a
        # delayed triggered ability (603.7)
        "Rainbow Vale": (0, "delayed_trigger", "603.7", "gains control of Rainbow Vale"),
        # "If this ability has been activated four or more times this turn, sacrifice this
        # creature at the beginning of the next end step"
        "Initiates of the Ebon Hand": (0, "delayed_trigger", "603.7", "sacrifice Initiates"),
        "Farrelite Priest": (0, "delayed_trigger", "603.7", "sacrifice Farrelite Priest"),
        # "During your next untap step, as you untap your permanents, return this land to its
        # owner's hand" (502.3)
        "Undiscovered Paradise": (0, "untap_step_effect", "502.3", "return Undiscovered Paradise"),
        # "Roll a d20." (706.1)
        "Vexing Puzzlebox": (1, "die_roll", "706.1", "Roll a d20"),
    }
    for name, (i, kind, rule, words) in cases.items():
        a = abilities(results, name)[i]
        assert [n["kind"] for n in a["not_performed"]] == [kind], name
        src = {"id": "s", "card": name}
        objs = [src, *lands("Swamp", 1), *lands("Plains", 1, "p")]
        ev = events_of(checker, state(objs), {"kind": "activate", "object": "s", "ability": i + 1},
                       choose=None if "cost" in a and "mana" in a["cost"] else "B")
        assert any(rule in e and words in e for e in ev), (name, ev)
    # Initiates of the Ebon Hand's "{1}: Add {B}" is activated while paying: a Swamp pays its {1},
    # its {B} the generic {1} of Grizzly Bears, a Forest the {G}
    ini = {"id": "i", "card": "Initiates of the Ebon Hand"}
    assert why(checker, state([ini, *lands("Swamp", 1), *lands("Forest", 1, "f"), BEARS]), cast("g")).legal


def test_one_mana_written_as_a_digit(results: dict[str, CardResult], checker: Checker) -> None:
    # Unknown Event Shores: "{1}, {T}: Add 1 mana of any color." is "one mana of any color"
    a = abilities(results, "Unknown Event Shores")[2]
    assert a["cost"] == {"mana": "{1}", "tap": True} and a["mana"] == {"any_color": 1}


# --- colors of cards in a graveyard and of permanents (105.2, 106.5) ------------------------------

def test_colors_of_cards_in_your_graveyard(results: dict[str, CardResult], checker: Checker) -> None:
    # Corrupted Grafstone: "{T}: Choose a color of a card in your graveyard. Add one mana of that
    # color." Only its controller's graveyard (404.1); a land card is colorless.
    stone = {"id": "s", "card": "Corrupted Grafstone"}
    mine = [{"id": "g1", "card": "Lightning Bolt", "zone": "graveyard"},
            {"id": "g2", "card": "Mountain", "zone": "graveyard"}]
    theirs = {"id": "g3", "card": "Grizzly Bears", "zone": "graveyard", "owner": "bob"}
    assert mana(checker, state([stone, *mine, theirs]), "s") == ["R"]
    assert mana(checker, state([stone, theirs]), "s") == []
    # The Grey Havens: "{T}: Add one mana of any color among legendary creature cards in your
    # graveyard." (and "{T}: Add {C}"): Isamaru, Hound of Konda is one, Grizzly Bears isn't.
    assert abilities(results, "The Grey Havens")[2]["mana"] == {
        "color_among_graveyard": {"supertypes": ["Legendary"], "types": ["Creature"]}}
    havens = {"id": "h", "card": "The Grey Havens"}
    gy = [{"id": "g1", "card": "Isamaru, Hound of Konda", "zone": "graveyard"},
          {"id": "g2", "card": "Grizzly Bears", "zone": "graveyard"}]
    assert mana(checker, state([havens, *gy]), "h") == ["W", "C"]
    assert mana(checker, state([havens, gy[1]]), "h") == ["C"]


def test_colors_among_permanents(results: dict[str, CardResult], checker: Checker) -> None:
    # Mox Amber: "{T}: Add one mana of any color among legendary creatures and planeswalkers you
    # control." Isamaru, Hound of Konda (a legendary creature) and Ajani Goldmane (a planeswalker)
    # count; Boros Charm isn't a permanent, Grizzly Bears isn't legendary, Jasmine Boreal is an
    # opponent's.
    assert abilities(results, "Mox Amber")[0]["mana"] == {
        "color_among": {"supertypes": ["Legendary"], "any_types": ["Creature", "Planeswalker"]}}
    mox = {"id": "x", "card": "Mox Amber"}
    bears = {"id": "g", "card": "Grizzly Bears"}
    assert mana(checker, state([mox, bears]), "x") == []
    ajani = {"id": "a", "card": "Ajani Goldmane", "counters": {"loyalty": 4}}
    assert mana(checker, state([mox, bears, ajani]), "x") == ["W"]
    jasmine = {"id": "j", "card": "Jasmine Boreal of the Seven", "owner": "bob", "controller": "bob"}
    isamaru = {"id": "i", "card": "Isamaru, Hound of Konda"}
    assert mana(checker, state([mox, jasmine, isamaru]), "x") == ["W"]
    # Reflective Gate: "{T}: Add one mana of any color that shares a color with a permanent a
    # player controls." (and "{T}: Add {C}"): any player's permanents count
    gate = {"id": "r", "card": "Reflective Gate"}
    assert mana(checker, state([gate, jasmine, isamaru]), "r") == ["W", "G", "C"]
    assert mana(checker, state([gate]), "r") == ["C"]


def test_counter_put_then_counted(results: dict[str, CardResult], checker: Checker) -> None:
    # Empowered Autogenerator: "{T}: Put a charge counter on this artifact. Add X mana of any one
    # color, where X is the number of charge counters on this artifact." The counter is put first
    # (608.2c), so X counts it: with five counters, six mana pays Shivan Dragon {4}{R}{R}.
    a = abilities(results, "Empowered Autogenerator")[1]
    assert a["mana"] == {"for_each": {"any_one_color": True, "counters": "charge", "plus": 1}}
    assert a["put_counters"] == {"charge": 1}
    dragon = hand("d", "Shivan Dragon")
    gen = {"id": "a", "card": "Empowered Autogenerator", "counters": {"charge": 5}}
    assert why(checker, state([gen, dragon]), cast("d")).legal
    v = why(checker, state([{**gen, "counters": {"charge": 4}}, dragon]), cast("d"))
    assert not v.legal
    # apply: one counter becomes two, and two mana are added
    after = applied(checker, state([{**gen, "counters": {"charge": 1}}]),
                    {"kind": "activate", "object": "a", "ability": 2}, choose="R")
    assert obj(after, "a")["counters"] == {"charge": 2} and pool(after) == "{R}{R}"


def test_counter_removed_as_it_resolves(results: dict[str, CardResult], checker: Checker) -> None:
    # Temple of Cyclical Time (the back face of Ojer Pakpatiq, Deepest Epoch): "{T}: Add {U}.
    # Remove a time counter from this land." The counter is removed as the mana ability resolves
    # (605.3b), not as a cost: with none left, it still adds {U}.
    ojer = "Ojer Pakpatiq, Deepest Epoch // Temple of Cyclical Time"
    a = abilities(results, ojer, face=1)[0]
    assert a["cost"] == {"tap": True} and a["remove_counters_rider"] == {"time": 1}
    temple = {"id": "t", "card": ojer, "face": "Temple of Cyclical Time", "counters": {"time": 2}}
    assert mana(checker, state([temple]), "t") == ["U"]
    after = applied(checker, state([temple]), {"kind": "activate", "object": "t", "ability": 1})
    assert obj(after, "t")["counters"].get("time") == 1 and pool(after) == "{U}"
    empty = {**temple, "counters": {}}
    after = applied(checker, state([empty]), {"kind": "activate", "object": "t", "ability": 1})
    assert not obj(after, "t").get("counters", {}).get("time") and pool(after) == "{U}"
    # paying for Grizzly Bears' {1} with it removes one too
    forest = {"id": "f", "card": "Forest"}
    after = applied(checker, state([temple, forest, BEARS]), cast("g"))
    assert obj(after, "t")["counters"].get("time") == 1
