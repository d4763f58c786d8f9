"""Real cards through the Oracle importer (issue 11, mana producers): loyalty abilities that add
mana in the ways `apply` performs as they resolve (606, 608.2, 106.6), each template tested on a
real card's Oracle text (the fixture tests/fixtures/real_cards_loyalty_saga_and_granted_mana.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json) with the answer the rules give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.errors import InputError
from mtgasp.oracle import CardResult
from mtgasp.state import parse_state
from real_cards import abilities, import_fixture, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_loyalty_saga_and_granted_mana.json"

# (probe24d: the importer refuses a card whose effect lets a player play or cast cards until a
# later time, 601.3; the templates of its other lines are tested on the card without that line)
VARIANTS = {"Chandra, Legacy of Fire": "[0]:", "Chandra, Hope's Beacon": "[+1]: Exile",
            "Chandra, Heart of Fire": "[+1]: Discard",
            # (its emblem's "You may cast instant and sorcery spells from your graveyard" is a lasting
            # permission the importer refuses, 601.3: the mana of its [+1] is tested without it)
            "Jaya Ballard": "[−8]:"}
results, checker = module_fixtures(FIXTURE, VARIANTS)


def step(checker: Checker, doc: dict[str, Any], action: dict[str, Any], who: str = "alice",
         choose: str | None = None) -> tuple[dict[str, Any], list[str]]:
    st = parse_state(doc, checker.library)
    result = apply_action(checker, st, parse_action(action, st, checker.library, who), who, choose)
    assert result.legal, result.to_json()
    assert result.state is not None
    return result.state, result.events


def resolve_loyalty(checker: Checker, objects: list[dict[str, Any]], pw: str, ability: int,
                    choose: str | None = None) -> tuple[dict[str, Any], list[str]]:
    """Activate a loyalty ability (606.3: main phase, empty stack), both players pass, it resolves."""
    doc, _ = step(checker, state(objects), {"kind": "activate", "object": pw, "ability": ability})
    doc, _ = step(checker, doc, {"kind": "pass"})
    return step(checker, doc, {"kind": "pass"}, "bob", choose)


def walker(oid: str, card: str, loyalty: int) -> dict[str, Any]:
    return {"id": oid, "card": card, "counters": {"loyalty": loyalty}}


def alice(doc: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == "alice")


MOUNTAINS = [{"id": f"m{i}", "card": "Mountain"} for i in range(3)]


def test_all_imported() -> None:
    refused = {n for n, r in import_fixture(FIXTURE).items() if r.card is None}
    # The Flux: "II, III, IV, V — Exile the top card of your library. You may play that card this
    # turn." (a permission to play, in scope, that no template reads); so are the loyalty abilities
    # of VARIANTS ("[+1]: ... Until the end of your next turn, you may cast an instant or sorcery
    # spell from among those exiled cards", Chandra, Hope's Beacon: 601.3; probe24d)
    assert refused == {"Chandra, Bold Pyromancer", "Saga of Krark Losing His Thumb", "The Bloodsky Massacre",
                       "The Flux", *VARIANTS}


# --- symbols for each permanent you control, counted as the ability resolves (608.2h) -------------

def test_koth_adds_r_for_each_mountain(results: dict[str, CardResult], checker: Checker) -> None:
    # Koth of the Hammer: "[−2]: Add {R} for each Mountain you control." A loyalty ability: not a
    # mana ability (605.1a), it uses the stack; it counts the Mountains as it resolves.
    a = abilities(results, "Koth of the Hammer")[1]
    assert a["cost"] == {"loyalty": -2}
    assert a["effect"]["produce"] == {"for_each": {"mana": "{R}", "you_control": {"subtypes": ["Mountain"]}}}
    doc, events = resolve_loyalty(checker, [walker("koth", "Koth of the Hammer", 3), *MOUNTAINS], "koth", 2)
    assert alice(doc)["mana_pool"] == "{R}{R}{R}"
    assert next(o for o in doc["objects"] if o["id"] == "koth")["counters"] == {"loyalty": 1}
    assert any("adds {R}{R}{R}" in e for e in events)


def test_chandra_legacy_counts_planeswalkers_then(checker: Checker) -> None:
    # Chandra, Legacy of Fire: "[+1]: Add {R} for each planeswalker you control." (herself included)
    doc, _ = resolve_loyalty(checker, [walker("c", "Chandra, Legacy of Fire", 3),
                                       walker("k", "Koth of the Hammer", 3)], "c", 2)
    assert alice(doc)["mana_pool"] == "{R}{R}"


# --- choices made as the ability resolves (106.1a, 608.2) -----------------------------------------

def test_domri_choice_and_not_performed_rider(results: dict[str, CardResult], checker: Checker) -> None:
    # Domri, Anarch of Bolas: "[+1]: Add {R} or {G}. Creature spells you cast this turn can't be
    # countered." The mana is chosen as it resolves (--choose G); the lasting effect (611.2a) is
    # not modeled and apply says so.
    a = abilities(results, "Domri, Anarch of Bolas")[1]
    assert a["effect"]["produce"] == {"choice": ["{R}", "{G}"]}
    assert a["not_performed"] == [{"kind": "lasting_effect",
                                   "text": "Creature spells you cast this turn can't be countered."}]
    domri = walker("d", "Domri, Anarch of Bolas", 3)
    doc, events = resolve_loyalty(checker, [domri], "d", 2, "G")
    assert alice(doc)["mana_pool"] == "{G}"
    assert any(e.startswith("Not performed: Domri, Anarch of Bolas (d)'s ability also says "
                            "\"Creature spells you cast this turn can't be countered.\"") for e in events)
    doc, _ = resolve_loyalty(checker, [domri], "d", 2)  # no choice given: the first, {R}
    assert alice(doc)["mana_pool"] == "{R}"
    with pytest.raises(InputError):  # neither option adds {U}
        resolve_loyalty(checker, [domri], "d", 2, "U")
    # --choose pay_life decides only a land's "you may pay 2 life" as it enters; the choice of mana
    # made as Domri's ability resolves is of another kind and ignores it (apply --choose's contract),
    # so the refusal says the action makes no choice of paying life, not that the ability can't add
    # some type (the thirtieth mutation sample's entering.lp:254, without `mana_type(T)`, made the
    # mana choice fail on pay_life)
    with pytest.raises(InputError, match="makes no choice of whether to pay life"):
        resolve_loyalty(checker, [domri], "d", 2, "pay_life")


def test_domri_chaos_bringer_spend_effect_reported(results: dict[str, CardResult], checker: Checker) -> None:
    # "If that mana is spent on a creature spell, it gains riot." (106.6: an effect on the spell)
    a = abilities(results, "Domri, Chaos Bringer")[0]
    assert a["not_performed"][0]["kind"] == "spend_effect"
    doc, events = resolve_loyalty(checker, [walker("d", "Domri, Chaos Bringer", 5)], "d", 1, "G")
    assert alice(doc)["mana_pool"] == "{G}"
    assert any("gains riot" in e and e.startswith("Not performed") for e in events)


def test_hopes_beacon_two_mana_in_any_combination(results: dict[str, CardResult], checker: Checker) -> None:
    # Chandra, Hope's Beacon: "[+2]: Add two mana in any combination of colors." --choose UB: one
    # {U} and one {B}; --choose B: both {B}.
    assert abilities(results, "Chandra, Hope's Beacon")[1]["effect"]["produce"] == {"any_combination": 2}
    beacon = walker("c", "Chandra, Hope's Beacon", 5)
    doc, _ = resolve_loyalty(checker, [beacon], "c", 2, "UB")
    assert alice(doc)["mana_pool"] == "{U}{B}"
    doc, _ = resolve_loyalty(checker, [beacon], "c", 2, "B")
    assert alice(doc)["mana_pool"] == "{B}{B}"
    with pytest.raises(InputError):  # three colors for two mana
        resolve_loyalty(checker, [beacon], "c", 2, "UBR")


def test_xenagos_x_in_any_combination_of_r_and_g(results: dict[str, CardResult], checker: Checker) -> None:
    # Xenagos, the Reveler: "[+1]: Add X mana in any combination of {R} and/or {G}, where X is the
    # number of creatures you control." X counted as it resolves; only {R} and {G}.
    bears = [{"id": f"b{i}", "card": "Grizzly Bears"} for i in range(3)]
    x = walker("x", "Xenagos, the Reveler", 3)
    doc, _ = resolve_loyalty(checker, [x, *bears], "x", 1, "GRG")
    assert alice(doc)["mana_pool"] == "{R}{G}{G}"
    with pytest.raises(InputError):  # {U} is not among the colors it may add
        resolve_loyalty(checker, [x, *bears], "x", 1, "UGG")
    doc, _ = resolve_loyalty(checker, [x], "x", 1)  # no creature: X is 0
    assert "mana_pool" not in alice(doc)


# --- 106.6: the mana keeps its spend restriction in the pool ---------------------------------------

def test_jaya_restricted_mana_stays_restricted(results: dict[str, CardResult], checker: Checker) -> None:
    # Jaya Ballard: "[+1]: Add {R}{R}{R}. Spend this mana only to cast instant or sorcery spells."
    a = abilities(results, "Jaya Ballard")[0]
    assert a["effect"]["produce"]["spend_only"] == [{"spell": {"types": ["Instant"]}},
                                                    {"spell": {"types": ["Sorcery"]}}]
    hand = [{"id": "bolt", "card": "Lightning Bolt", "zone": "hand"},
            {"id": "bears", "card": "Grizzly Bears", "zone": "hand"}]
    doc, _ = resolve_loyalty(checker, [walker("j", "Jaya Ballard", 5), *hand], "j", 1)
    assert "mana_pool" not in alice(doc)
    assert alice(doc)["restricted_mana"] == [{"mana": "{R}{R}{R}", "card": "Jaya Ballard", "ability": 1}]
    # an instant may be paid with it; a creature spell may not (106.6)
    v = why(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["bob"]})
    assert v.legal and v.plan.to_json()["restricted_mana"] == ["{R} (entry 1)"]
    v = why(checker, doc, {"kind": "cast", "object": "bears"})
    assert not v.legal and "106.6" in [r.rule for r in v.reasons]
    after, _ = step(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["bob"]})
    assert alice(after)["restricted_mana"] == [{"mana": "{R}{R}", "card": "Jaya Ballard", "ability": 1}]
    # 106.4: it empties with the pool as the step ends
    after, _ = step(checker, after, {"kind": "pass"})
    after, _ = step(checker, after, {"kind": "pass"}, "bob")  # Lightning Bolt resolves
    after, _ = step(checker, after, {"kind": "pass"})
    after, _ = step(checker, after, {"kind": "pass"}, "bob")
    assert after["step"] == "beginning_of_combat" and "restricted_mana" not in alice(after)


def test_restricted_mana_pays_only_the_action_not_a_mana_ability_cost(checker: Checker) -> None:
    # Chandra, Chill of Compliance: "[+1]: Add {U}. Spend this mana only to cast a noncreature
    # spell." That {U} may pay Opt ({U}); it may not pay Izzet Signet's {1} ("{1}, {T}: Add {U}{R}"),
    # an activation cost (106.6, 605.3a), so Lightning Bolt ({R}) can't be cast from it and the
    # Signet alone, though the amounts would add up.
    entry = {"mana": "{U}", "card": "Chandra, Chill of Compliance", "ability": 2}
    hand = [{"id": "bolt", "card": "Lightning Bolt", "zone": "hand"},
            {"id": "opt", "card": "Opt", "zone": "hand"}]
    doc = state([*hand, {"id": "sig", "card": "Izzet Signet"}],
                players=[{"name": "alice", "restricted_mana": [entry]}, {"name": "bob"}])
    assert why(checker, doc, {"kind": "cast", "object": "opt"}).legal
    assert not why(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["bob"]}).legal
    # with an unrestricted {C} in the pool for the Signet, Bolt is paid by the Signet's {R}
    doc["players"][0]["mana_pool"] = "{C}"
    assert why(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["bob"]}).legal


def test_sarkhan_combination_restricted_to_dragons(checker: Checker) -> None:
    # Sarkhan, Fireblood: "[+1]: Add two mana in any combination of colors. Spend this mana only to
    # cast Dragon spells." Shivan Dragon ({4}{R}{R}) with {R}{G} of it and four Mountains.
    mountains = [{"id": f"m{i}", "card": "Mountain"} for i in range(4)]
    hand = [{"id": "sd", "card": "Shivan Dragon", "zone": "hand"},
            {"id": "bears", "card": "Grizzly Bears", "zone": "hand"}]
    doc, _ = resolve_loyalty(checker, [walker("s", "Sarkhan, Fireblood", 3), *mountains, *hand], "s", 2, "RG")
    assert alice(doc)["restricted_mana"] == [{"mana": "{R}{G}", "card": "Sarkhan, Fireblood", "ability": 2}]
    assert why(checker, doc, {"kind": "cast", "object": "sd"}).legal
    assert not why(checker, doc, {"kind": "cast", "object": "bears"}).legal  # {1}{G}: not a Dragon


def test_restricted_mana_entry_is_validated(checker: Checker) -> None:
    from mtgasp.errors import InputError as Bad

    doc = state([], players=[{"name": "alice", "restricted_mana": [
        {"mana": "{R}", "card": "Koth of the Hammer", "ability": 2}]}, {"name": "bob"}])
    with pytest.raises(Bad) as exc:
        parse_state(doc, checker.library)
    assert "players[0].restricted_mana[0].ability" in str(exc.value.to_json() if hasattr(exc.value, "to_json") else exc.value)


# --- granted mana abilities with a condition or from the graveyard (611.3a, 613.1f, 113.6) --------

def test_natures_embrace_grants_only_while_enchanted_permanent_is_a_land(
        results: dict[str, CardResult], checker: Checker) -> None:
    # Nature's Embrace: "As long as enchanted permanent is a land, it has "{T}: Add two mana of any
    # one color."" On a Forest: any color; on Grizzly Bears: nothing (the grant doesn't apply).
    from real_cards import mana

    a = abilities(results, "Nature's Embrace")[2]
    assert a["grant"]["to"] == "enchanted" and a["grant"]["condition"] == {"enchanted_is": "Land"}
    assert a["grant"]["ability"]["mana"] == {"any_color": 2}
    on_land = state([{"id": "f", "card": "Forest"}, {"id": "ne", "card": "Nature's Embrace", "attached_to": "f"}])
    assert mana(checker, on_land, "f") == ["W", "U", "B", "R", "G"]
    on_bears = state([{"id": "b", "card": "Grizzly Bears"},
                      {"id": "ne", "card": "Nature's Embrace", "attached_to": "b"}])
    assert mana(checker, on_bears, "b") == []


def test_riftstone_portal_grants_from_the_graveyard_only(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    # Riftstone Portal: "As long as this card is in your graveyard, lands you control have "{T}:
    # Add {G} or {W}."" It functions from its owner's graveyard (113.6), for its owner's lands;
    # on the battlefield it doesn't.
    from real_cards import mana

    a = abilities(results, "Riftstone Portal")[1]
    assert a["zone"] == "graveyard" and a["grant"]["to"] == "lands_you_control"
    forest = {"id": "f", "card": "Forest"}
    assert mana(checker, state([forest, {"id": "rp", "card": "Riftstone Portal", "zone": "graveyard"}]), "f") == ["W", "G"]
    assert mana(checker, state([forest, {"id": "rp", "card": "Riftstone Portal"}]), "f") == ["G"]
    theirs = {"id": "rp", "card": "Riftstone Portal", "zone": "graveyard", "owner": "bob"}
    assert mana(checker, state([forest, theirs]), "f") == ["G"]


def test_orochi_merge_keeper_has_gg_only_while_modified(results: dict[str, CardResult],
                                                        checker: Checker) -> None:
    # Orochi Merge-Keeper: "{T}: Add {G}." and "As long as this creature is modified, it has "{T}:
    # Add {G}{G}."" (700.9: a counter, an Equipment, or an Aura its controller controls.)
    a = abilities(results, "Orochi Merge-Keeper")[1]
    assert a["grant"]["to"] == "self" and a["grant"]["condition"] == {"modified": True}
    assert a["grant"]["ability"]["mana"] == {"fixed": "{G}{G}"}
    orochi = {"id": "o", "card": "Orochi Merge-Keeper"}
    bears = {"id": "h", "card": "Grizzly Bears", "zone": "hand"}
    cast = {"kind": "cast", "object": "h"}
    assert not why(checker, state([orochi, bears]), cast).legal  # {1}{G} from one {G}
    assert why(checker, state([{**orochi, "counters": {"+1/+1": 1}}, bears]), cast).legal
    assert why(checker, state([orochi, bears, {"id": "c", "card": "Bonesplitter", "attached_to": "o"}]), cast).legal
    mine = {"id": "p", "card": "Pacifism", "attached_to": "o"}
    assert why(checker, state([orochi, bears, mine]), cast).legal
    assert not why(checker, state([orochi, bears, {**mine, "owner": "bob"}]), cast).legal


# --- the other instructions of a loyalty ability that adds mana (608.2c) -------------------------

def test_narset_gains_life_and_adds_restricted_chosen_mana(results: dict[str, CardResult],
                                                            checker: Checker) -> None:
    # Narset of the Ancient Way: "[+1]: You gain 2 life. Add {U}, {R}, or {W}. Spend this mana only
    # to cast a noncreature spell." The life is gained (119.10), the {W} chosen goes to the pool
    # restricted (106.6).
    a = abilities(results, "Narset of the Ancient Way")[0]
    assert a["rider"] == {"gain_life": 2} and a["effect"]["produce"]["choice"] == ["{U}", "{R}", "{W}"]
    doc, events = resolve_loyalty(checker, [walker("n", "Narset of the Ancient Way", 4)], "n", 1, "W")
    assert alice(doc)["life"] == 22
    assert alice(doc)["restricted_mana"] == [{"mana": "{W}", "card": "Narset of the Ancient Way", "ability": 1}]
    assert "alice gains 2 life (119.10)." in events


def test_tibalt_and_chandra_instructions_reported_not_performed(results: dict[str, CardResult],
                                                                 checker: Checker) -> None:
    # Tibalt, Wicked Tormentor: "[+1]: Add {R}{R}. Draft a card from Tibalt, Wicked Tormentor's
    # spellbook, then exile it. Until end of turn, you may cast that card." The mana is added; each
    # other instruction is reported as not performed (608.2c), never silently dropped.
    a = abilities(results, "Tibalt, Wicked Tormentor")[0]
    assert [n["kind"] for n in a["not_performed"]] == ["effect", "effect"]
    doc, events = resolve_loyalty(checker, [walker("t", "Tibalt, Wicked Tormentor", 3)], "t", 1)
    assert alice(doc)["mana_pool"] == "{R}{R}"
    assert sum(e.startswith("Not performed: Tibalt") for e in events) == 2
    # Chandra, Flameshaper's "[+2]: Add {R}{R}{R}. Exile the top three cards of your library. ..."
    flame = abilities(results, "Chandra, Flameshaper")[0]
    assert flame["effect"]["produce"] == {"fixed": "{R}{R}{R}"} and len(flame["not_performed"]) == 3
    # Chandra, Heart of Fire's "[−9]: Search ... You may cast them this turn. Add six {R}." (its
    # second ability without the first, VARIANTS)
    heart = abilities(results, "Chandra, Heart of Fire")[1]
    assert heart["cost"] == {"loyalty": -9} and heart["effect"]["produce"] == {"fixed": "{R}" * 6}


def test_loyalty_mana_with_a_targeted_instruction_is_refused(results: dict[str, CardResult]) -> None:
    # Chandra, Bold Pyromancer: "[+1]: Add {R}{R}. Chandra deals 2 damage to target player." The
    # target (602.2b) is not in the card format: the card stays refused.
    assert results["Chandra, Bold Pyromancer"].card is None
    assert "target" in results["Chandra, Bold Pyromancer"].refusal


# --- Sagas (714): lore counters, chapter abilities, the sacrifice --------------------------------

def test_first_eruption_chapters(results: dict[str, CardResult], checker: Checker) -> None:
    # The First Eruption: "I — This Saga deals 1 damage to each creature without flying. II — Add
    # {R}{R}. III — Sacrifice a Mountain. If you do, this Saga deals 3 damage to each creature."
    ab = abilities(results, "The First Eruption")
    assert [a["trigger"] for a in ab] == [{"event": "chapter", "chapters": [n]} for n in (1, 2, 3)]
    assert ab[1]["effect"] == {"action": "add_mana", "produce": {"fixed": "{R}{R}"}}
    assert ab[0]["effect"] == {"action": "not_modeled"}
    # 714.3a: it enters with a lore counter; chapter I triggers (714.2b), its effect reported
    doc, _ = step(checker, state([{"id": "s", "card": "The First Eruption", "zone": "hand"}, *MOUNTAINS]),
                  {"kind": "cast", "object": "s"})
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, events = step(checker, doc, {"kind": "pass"}, "bob")
    saga = next(o for o in doc["objects"] if o["id"] == "s")
    assert saga["zone"] == "battlefield" and saga["counters"] == {"lore": 1} and doc["stack"] == ["s-ability1"]
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, events = step(checker, doc, {"kind": "pass"}, "bob")
    assert any(e.startswith("Effect not modeled: s-ability1") for e in events)
    # 714.3b: after the draw step, a second lore counter; chapter II adds {R}{R} as it resolves
    doc = state([{"id": "s", "card": "The First Eruption", "counters": {"lore": 1}}], step="draw")
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, events = step(checker, doc, {"kind": "pass"}, "bob")
    assert "alice puts a lore counter on The First Eruption (s) (714.3b)." in events
    assert doc["step"] == "precombat_main" and doc["stack"] == ["s-ability2"]
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, _ = step(checker, doc, {"kind": "pass"}, "bob")
    assert alice(doc)["mana_pool"] == "{R}{R}"
    # 714.4: with three, chapter III triggers; the Saga stays while it is on the stack, then is
    # sacrificed (704.5s)
    doc = state([{"id": "s", "card": "The First Eruption", "counters": {"lore": 2}}], step="draw")
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, _ = step(checker, doc, {"kind": "pass"}, "bob")
    assert next(o for o in doc["objects"] if o["id"] == "s")["zone"] == "battlefield"
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, events = step(checker, doc, {"kind": "pass"}, "bob")
    assert next(o for o in doc["objects"] if o["id"] == "s")["zone"] == "graveyard"
    assert any("704.5s" in e for e in events)


def test_gf_ifrit_two_chapters_share_an_ability(results: dict[str, CardResult]) -> None:
    # Summon: G.F. Ifrit: "III, IV — Add {R}." one ability, chapters 3 and 4
    ab = abilities(results, "Summon: G.F. Ifrit")
    assert ab[-1]["trigger"] == {"event": "chapter", "chapters": [3, 4]}
    assert ab[-1]["effect"]["produce"] == {"fixed": "{R}"}


def test_saga_with_flip_ahead_stays_refused(results: dict[str, CardResult]) -> None:
    # Saga of Krark Losing His Thumb: "Flip Ahead (If you would put a lore counter on this saga,
    # instead flip a coin ...)": lore counters not added as 714.3b says; not imported.
    assert results["Saga of Krark Losing His Thumb"].card is None


def test_arni_chapter_ii_adds_r_and_reports_the_counters(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    # Arni Slays the Troll: "I — Target creature you control fights up to one target creature you
    # don't control. II — Add {R}. Put two +1/+1 counters on up to one target creature you control."
    ab = abilities(results, "Arni Slays the Troll")
    assert ab[1]["effect"]["produce"] == {"fixed": "{R}"}
    assert ab[1]["not_performed"] == [{"kind": "effect", "text": "Put two +1/+1 counters on up to "
                                       "one target creature you control."}]
    doc = state([{"id": "s", "card": "Arni Slays the Troll", "counters": {"lore": 1}}], step="draw")
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, events = step(checker, doc, {"kind": "pass"}, "bob")
    assert any("names a target" in e and "603.3d" in e for e in events)  # said, not silent
    doc, _ = step(checker, doc, {"kind": "pass"})
    doc, events = step(checker, doc, {"kind": "pass"}, "bob")
    assert alice(doc)["mana_pool"] == "{R}"
    assert any(e.startswith("Not performed") and "+1/+1 counters" in e for e in events)


def test_sagas_refused_for_mana_they_keep_or_restrictions_not_read(results: dict[str, CardResult]) -> None:
    # The Bloodsky Massacre: "III — Add {R} for each Berserker you control. Until end of turn, you
    # don't lose this mana as steps and phases end." (apply would empty the pool, 106.4)
    assert results["The Bloodsky Massacre"].card is None
    # The Bath Song: "III — Shuffle any number of target cards from your graveyard into your
    # library. Add {U}{U}." imported: the shuffle reported as not performed
    bath = abilities(results, "The Bath Song")[-1]
    assert bath["effect"]["produce"] == {"fixed": "{U}{U}"} and bath["not_performed"][0]["kind"] == "effect"


def test_discreet_retreat_outlaw_mana(results: dict[str, CardResult], checker: Checker) -> None:
    # Discreet Retreat: "Enchanted land has "{T}: Add two mana of any one color. Spend this mana
    # only to cast outlaw spells or activate abilities of outlaw sources."" (Assassins,
    # Mercenaries, Pirates, Rogues, and Warlocks are outlaws.) The land pays Nightveil Sprite (a
    # Faerie Rogue, {1}{U}), not Grizzly Bears (106.6).
    grant = abilities(results, "Discreet Retreat")[1]["grant"]
    alts = grant["ability"]["mana"]["spend_only"]
    assert {"spell": {"subtypes": ["Rogue"]}} in alts and {"ability": {"of_subtypes": ["Pirate"]}} in alts
    objs = [{"id": "f", "card": "Forest"}, {"id": "dr", "card": "Discreet Retreat", "attached_to": "f"},
            {"id": "ns", "card": "Nightveil Sprite", "zone": "hand"},
            {"id": "gb", "card": "Grizzly Bears", "zone": "hand"}]
    assert why(checker, state(objs), {"kind": "cast", "object": "ns"}).legal
    bears = why(checker, state(objs), {"kind": "cast", "object": "gb"})
    assert not bears.legal and "106.6" in [r.rule for r in bears.reasons]
