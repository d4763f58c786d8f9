"""Real cards through the Oracle importer, as probe15b found them: "You may play an additional
land this turn" (CR 305.2: Explore, Summer Bloom) and "Nonartifact spells cost {1} more to cast"
(601.2f: Lodestone Golem). The fixture tests/fixtures/real_cards_land_drops_and_cost_increases.json holds MTGJSON
AtomicCards entries copied from ../shared/data/AtomicCards.json.
"""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_land_drops_and_cost_increases.json"
results, checker = module_fixtures(FIXTURE)


def test_nonartifact_spells_is_a_card_type_filter(results: dict[str, CardResult]) -> None:
    # 205.4b, 601.2f: "Nonartifact" at the start of the sentence is not a subtype
    assert abilities(results, "Lodestone Golem")[0] == {
        "kind": "static", "cost_increase": {"amount": "{1}", "spells_cast_by": "any",
                                            "spells": [{"non_types": ["Artifact"]}]}}


def test_lodestone_golem_increases_nonartifact_spells_only(checker: Checker) -> None:
    doc = state([{"id": "m", "card": "Mountain"}, {"id": "f", "card": "Forest"},
                 {"id": "f2", "card": "Forest"}, {"id": "lg", "card": "Lodestone Golem", "owner": "bob"},
                 {"id": "gb", "card": "Grizzly Bears", "zone": "hand"},
                 {"id": "wb", "card": "Walking Ballista", "zone": "hand"}])
    v = why(checker, doc, {"kind": "cast", "object": "gb"})
    assert v.legal and v.cost == "{2}{G}"
    v = why(checker, doc, {"kind": "cast", "object": "wb", "x": 1})
    assert v.legal and v.cost == "{X}{X}"


def test_additional_land_this_turn_is_templated(results: dict[str, CardResult]) -> None:
    # 305.2: a continuous effect that increases the number of lands its controller may play
    assert abilities(results, "Explore")[0] == {"kind": "spell",
                                                "effect": {"action": "extra_land_drops", "n": 1}}
    assert abilities(results, "Summer Bloom")[0]["effect"] == {"action": "extra_land_drops", "n": 3}
    assert abilities(results, "Urban Evolution")[0]["effects"] == [
        {"action": "draw", "n": 3}, {"action": "extra_land_drops", "n": 1}]
    # the sentences not read beside it are not modeled one by one (608.2c)
    assert abilities(results, "Scale the Heights")[0]["effects"][-1] == {"action": "extra_land_drops", "n": 1}
    # wordings no template reads are refused, never kept as not modeled
    for name in ("Nahiri's Lithoforming", "Kiora, the Crashing Wave", "Hearthhull, the Worldseed",
                 "Journey of Discovery"):
        assert results[name].card is None, name
        assert "additional lands" in (results[name].refusal or "") or "305.2" in (results[name].refusal or ""), name


def test_explore_resolves_and_a_second_land_is_legal(checker: Checker) -> None:
    doc = state([{"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"},
                 {"id": "f3", "card": "Forest", "zone": "hand"},
                 {"id": "ex", "card": "Explore", "zone": "hand"},
                 {"id": "top", "card": "Mountain", "zone": "library"}])
    doc["players"][0]["lands_played_this_turn"] = 1
    assert not why(checker, doc, {"kind": "play_land", "object": "f3"}).legal   # 305.2b
    doc = applied(checker, doc, {"kind": "cast", "object": "ex"})
    doc = applied(checker, doc, {"kind": "pass"})
    doc = applied(checker, doc, {"kind": "pass"}, who="bob")
    assert doc["effects"] == [{"card": "Explore", "controller": "alice", "duration": "end_of_turn"}]
    assert obj(doc, "top")["zone"] == "hand"
    v = why(checker, doc, {"kind": "play_land", "object": "f3"})
    assert v.legal and "305.2a" in v.permits


def test_cost_changes_and_casting_prohibitions_in_effects_are_refused(results: dict[str, CardResult]) -> None:
    # 601.2f: a spell's own cost change in its text changes its total cost (Discontinuity costs
    # {U}{U}... less during your turn); 601.3, 305.2b: an effect that forbids casting spells or
    # playing lands, or changes what they cost, changes later answers: refused, not kept as not
    # modeled (the importer kept them as not modeled, and e.g. Discontinuity's cost stayed {3}{U}{U})
    for name in ("Discontinuity", "Hurkyl's Final Meditation", "Silence", "Orim's Chant",
                 "Turf Wound", "Kaervek's Torch", "Reflector Mage",
                 "Will Kenrith"):
        assert results[name].card is None, name
        assert "changes what spells cost" in (results[name].refusal or ""), (name, results[name].refusal)
