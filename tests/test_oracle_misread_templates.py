"""Real cards through the Oracle importer (session 16, probe16c): lines a template read but misread.
The fixture tests/fixtures/real_cards_misread_templates.json holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import TEMPLATES, CardResult
from real_cards import abilities, module_fixtures, refusal, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_misread_templates.json"
results, checker = module_fixtures(FIXTURE)

_PAIRS = ["{W}{U}", "{W}{B}", "{W}{R}", "{W}{G}", "{U}{B}", "{U}{R}", "{U}{G}", "{B}{R}", "{B}{G}",
          "{R}{G}"]


def test_every_alternative_of_a_wording_is_anchored_at_both_ends() -> None:
    # "^A|B$" lets A match a prefix of the line: the rest (a spend restriction, 106.6) was dropped
    for t in TEMPLATES:
        assert t.regex.pattern.startswith("^(?:") and t.regex.pattern.endswith(")$"), t.name


def test_interplanar_beacon_keeps_its_spend_restriction(results: dict[str, CardResult]) -> None:
    # "{1}, {T}: Add two mana of different colors. Spend this mana only to cast planeswalker
    # spells." (106.6): the second sentence was dropped
    assert abilities(results, "Interplanar Beacon")[2] == {
        "kind": "activated", "cost": {"mana": "{1}", "tap": True},
        "mana": {"choice": _PAIRS, "spend_only": [{"spell": {"types": ["Planeswalker"]}}]}}
    assert abilities(results, "Firemind Vessel")[1]["mana"] == {"choice": _PAIRS}


def test_slobad_keeps_its_spend_restriction(results: dict[str, CardResult]) -> None:
    # "{T}, Sacrifice an artifact: Add an amount of {R} equal to the sacrificed artifact's mana
    # value. Spend this mana only to cast artifact spells or activate abilities of artifacts."
    assert abilities(results, "Slobad, Iron Goblin")[0] == {
        "kind": "activated", "cost": {"tap": True, "sacrifice": {"type": "Artifact"}},
        "mana": {"for_each": {"mana": "{R}", "sacrificed": "mana_value"},
                 "spend_only": [{"spell": {"types": ["Artifact"]}},
                                {"ability": {"of_types": ["Artifact"]}}]}}


def test_beacon_mana_doesnt_pay_lightning_bolt(checker: Checker) -> None:
    doc = state([{"id": "ib", "card": "Interplanar Beacon"}, {"id": "i1", "card": "Island"},
                 {"id": "bolt", "card": "Lightning Bolt", "zone": "hand"}])
    v = why(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["bob"]})
    assert not v.legal and {r.rule for r in v.reasons} == {"106.6", "601.2h"}, v.to_json()



def test_a_static_line_taking_abilities_away_is_refused(results: dict[str, CardResult]) -> None:
    # 613.1f: "All creatures lose all abilities" takes Llanowar Elves' {T}: Add {G} away (605.1a);
    # kept as not modeled, `mana` still gave {G} with Humility on the battlefield
    assert "613.1f" in refusal(results, "Humility")
    assert "613.1f" in refusal(results, "Frogify")
    assert "613.1f" in refusal(results, "Ray of Frost")  # "As long as ... it loses all abilities"
    # an effect "until end of turn" is a not-modeled effect, as before
    assert results["Turn to Frog"].card is not None


def test_an_enchant_keyword_no_template_reads_is_refused(results: dict[str, CardResult]) -> None:
    # 702.5a, 303.4a: "Enchant artifact, creature, or planeswalker" was kept as not modeled: the
    # Aura spell targeted nothing
    assert "303.4a" in refusal(results, "Planar Disruption")
    assert "303.4a" in refusal(results, "Ensoul Ring")  # "Enchant nonland permanent."


def test_a_line_setting_land_types_in_other_words_is_refused(results: dict[str, CardResult]) -> None:
    # 305.7: "Enchanted permanent is a colorless Forest land" (its only mana is {G}) and
    # "Enchanted land is the chosen type"
    assert "305.7" in refusal(results, "Song of the Dryads")
    assert "305.7" in refusal(results, "Phantasmal Terrain")


def test_rasputin_removes_at_least_one_counter(results: dict[str, CardResult], checker: Checker) -> None:
    # "{T}, Remove one or more dream counters from Rasputin: Add that much {C}." (118.3): read as
    # "any number of", the activation was legal with no dream counter
    assert abilities(results, "Rasputin, the Oneiromancer")[1]["cost"] == {
        "tap": True, "remove_any_counters": "dream", "remove_at_least": 1}
    ras = {"id": "r", "card": "Rasputin, the Oneiromancer"}
    act = {"kind": "activate", "object": "r", "ability": 2}
    v = why(checker, state([ras]), act)
    assert not v.legal and [r.rule for r in v.reasons] == ["118.3"], v.to_json()
    doc = state([{**ras, "counters": {"dream": 2}}])
    assert not why(checker, doc, {**act, "x": 0}).legal
    v = why(checker, doc, {**act, "x": 2})
    assert v.legal and v.cost == "{T}, remove one or more dream counters", v.to_json()


def test_bloodline_keeper_counts_vampires(results: dict[str, CardResult]) -> None:
    # "Activate only if you control five or more Vampires." (205.3m, 602.5b): the plural was kept as
    # the subtype "Vampires", which nothing has
    assert abilities(results, "Bloodline Keeper // Lord of Lineage")[2]["condition"] == {
        "you_control": {"subtypes": ["Vampire"], "min": 5}}


def test_a_grant_to_plural_subtypes_names_them_singular(results: dict[str, CardResult]) -> None:
    # 205.3m: "Cats and Dogs you control have haste" names the subtypes Cat and Dog (the plurals
    # were kept as subtypes, which nothing has)
    grant = abilities(results, "Rin and Seri, Inseparabler")[2]["grant"]
    assert grant["to"] == {"subtypes": ["Cat", "Dog"], "controller": "you"}
    assert abilities(results, "Kolodin, Triumph Caster")[0]["grant"]["to"] == {
        "subtypes": ["Mount", "Vehicle"], "controller": "you"}


def test_a_grant_to_an_adjective_is_refused(results: dict[str, CardResult]) -> None:
    # "Multicolored creatures", "White creatures", "You and Humans": an adjective or a player was
    # kept as a subtype, so the haste, protection or hexproof applied to nothing
    assert "302.6" in refusal(results, "Maze Rusher")
    assert "702.16b" in refusal(results, "Righteous War")
    assert "702.11b" in refusal(results, "Sigarda, Heron's Grace")
