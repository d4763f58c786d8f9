"""Real cards through the Oracle importer, session 19 (probe19c, 2026-12-03): costs and casting
(118, 601.2b-c, 601.2f, 107.3, 702.33). The fixture holds MTGJSON AtomicCards entries copied from
../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, obj, refusal, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_kicker_and_additional_costs.json"
results, checker = module_fixtures(FIXTURE)

BF = "battlefield"


def lands(card: str, n: int, **kw: str) -> list[dict[str, str]]:
    return [{"id": f"{card[:2].lower()}{i}", "card": card, **kw} for i in range(n)]


def rules(v: object) -> list[str]:
    return sorted(r.rule for r in v.reasons)  # type: ignore[attr-defined]


def test_a_target_only_a_kicked_spell_requires(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c: "A spell may require some targets only if an additional cost (such as a kicker
    # cost) ... was chosen for it": Orim's Thunder kicked requires a target creature too, Jilt
    # kicked "another target creature" (two different creatures)
    assert abilities(results, "Orim's Thunder")[1]["effect"]["targets"] == [
        {"zone": BF, "types": ["Artifact", "Enchantment"]},
        {"zone": BF, "types": ["Creature"], "kicked": True}]
    hand = {"id": "o", "card": "Orim's Thunder", "zone": "hand"}
    doc = state([hand, *lands("Plains", 3), *lands("Mountain", 1),
                 {"id": "r", "card": "Fellwar Stone", "owner": "bob"}])
    assert why(checker, doc, {"kind": "cast", "object": "o"}).legal
    v = why(checker, doc, {"kind": "cast", "object": "o", "additional": ["kicker"]})
    assert not v.legal and rules(v) == ["601.2c"] and "kicked" in v.reasons[0].message
    doc["objects"].append({"id": "g", "card": "Grizzly Bears", "owner": "bob", "zone": BF})
    assert why(checker, doc, {"kind": "cast", "object": "o", "additional": ["kicker"]}).legal
    # Jilt: one creature: unkicked yes, kicked no; two: kicked naming both, not one twice
    jilt = {"id": "j", "card": "Jilt", "zone": "hand"}
    one = state([jilt, *lands("Island", 2), *lands("Mountain", 2),
                 {"id": "g", "card": "Grizzly Bears", "owner": "bob"}])
    assert why(checker, one, {"kind": "cast", "object": "j"}).legal
    v = why(checker, one, {"kind": "cast", "object": "j", "additional": ["kicker"]})
    assert not v.legal and rules(v) == ["601.2c"]
    two = state([jilt, *lands("Island", 2), *lands("Mountain", 2),
                 {"id": "g", "card": "Grizzly Bears", "owner": "bob"}, {"id": "h", "card": "Grizzly Bears"}])
    kicked = {"kind": "cast", "object": "j", "additional": ["kicker"]}
    assert why(checker, two, {**kicked, "targets": ["g", "h"]}).legal
    for named in (["g", "g"], ["h"]):
        v = why(checker, two, {**kicked, "targets": named})
        assert not v.legal and rules(v) == ["601.2c"], named


def test_targets_listed_with_and_or(results: dict[str, CardResult], checker: Checker) -> None:
    # 601.2c: "two target artifacts, creatures, and/or lands you control" (Ghostly Flicker): each of
    # the three types, of the caster's (the lands and "you control" were not read: two lands were
    # no legal targets)
    assert abilities(results, "Ghostly Flicker")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Artifact", "Creature", "Land"], "controller": "you", "count": 2}]
    assert abilities(results, "Malicious Advice")[0]["effect"]["targets"] == [
        {"zone": BF, "types": ["Artifact", "Creature", "Land"], "count": "X"}]
    hand = {"id": "f", "card": "Ghostly Flicker", "zone": "hand"}
    doc = state([hand, *lands("Island", 3)])
    assert why(checker, doc, {"kind": "cast", "object": "f"}).legal
    # bob's creatures are not the caster's
    theirs = state([hand, *lands("Island", 3, zone="hand"), *lands("Mountain", 3, owner="bob")],
                   players=[{"name": "alice", "life": 20, "mana_pool": "{U}{U}{U}"}, {"name": "bob"}])
    v = why(checker, theirs, {"kind": "cast", "object": "f"})
    assert not v.legal and rules(v) == ["601.2c"]


def test_an_additional_cost_that_taps_untapped_creatures(results: dict[str, CardResult],
                                                        checker: Checker) -> None:
    # 118.3, 118.8: "As an additional cost to cast this spell, tap an untapped creature you
    # control" (Swallow Whole) needs an untapped creature of the caster's, not one tapped for its
    # mana too (107.5); the cost was ignored
    assert abilities(results, "Swallow Whole")[0]["cost"] == {"tap_untapped": {"type": "Creature", "count": 1}}
    hand = {"id": "v", "card": "Swallow Whole", "zone": "hand"}
    prey = {"id": "b", "card": "Grizzly Bears", "owner": "bob", "tapped": True}
    doc = state([hand, prey, {"id": "p", "card": "Plains"}, {"id": "g", "card": "Grizzly Bears", "tapped": True}])
    v = why(checker, doc, {"kind": "cast", "object": "v"})
    assert not v.legal and rules(v) == ["118.3"] and "tapping 1" in v.reasons[0].message
    # the Pilgrim can pay {W} or be tapped for the cost, not both
    pilgrim = state([hand, prey, {"id": "a", "card": "Avacyn's Pilgrim"}])
    v = why(checker, pilgrim, {"kind": "cast", "object": "v"})
    assert not v.legal and rules(v) == ["601.2h"]
    pilgrim["objects"].append({"id": "g", "card": "Grizzly Bears", "owner": "alice", "zone": BF,
                               "controlled_since_turn": 5})   # (summoning sickness doesn't matter)
    v = why(checker, pilgrim, {"kind": "cast", "object": "v"})
    assert v.legal and "118.8" in v.permits
    out = applied(checker, pilgrim, {"kind": "cast", "object": "v", "targets": ["b"]})
    assert obj(out, "g").get("tapped") and obj(out, "a").get("tapped")
    # "tap four untapped creatures you control" (Shared Discovery): three untapped are too few
    sd = state([{"id": "s", "card": "Shared Discovery", "zone": "hand"}, {"id": "i", "card": "Island"},
                *[{"id": f"g{i}", "card": "Grizzly Bears"} for i in range(3)],
                {"id": "t", "card": "Grizzly Bears", "tapped": True}])
    v = why(checker, sd, {"kind": "cast", "object": "s"})
    assert not v.legal and rules(v) == ["118.3"] and "there are 3" in v.reasons[0].message
    sd["objects"][-1]["tapped"] = False
    assert why(checker, sd, {"kind": "cast", "object": "s"}).legal


def test_split_second_only_if_kicked_is_refused(results: dict[str, CardResult]) -> None:
    # 702.61a: "If this spell was kicked, it has split second." (Molten Disaster) was kept as not
    # modeled, so spells could be cast and abilities activated over the kicked spell
    assert "split second (702.61a)" in refusal(results, "Molten Disaster")


def test_a_casting_keyword_line_no_template_reads_is_refused(results: dict[str, CardResult]) -> None:
    # 601.2b, 118.8, 702.33a: "Kicker {X}. X can't be 0." (Thieving Skydiver), "Casualty X. ..."
    # (Ob Nixilis, the Adversary), "Flashback {3}{B}, Pay 3 life." (Incubob, a spell's paragraph)
    # were kept as not modeled: kicking them, or casting them from a graveyard, was refused
    for name, kw in (("Thieving Skydiver", "Kicker"), ("Ob Nixilis, the Adversary", "Casualty"),
                     ("Incubob", "Flashback")):
        assert f'keyword "{kw}"' in refusal(results, name), name
    # a keyword a template reads, and a card named like a keyword, are not refused
    assert abilities(results, "Verdeloth the Ancient")[0] == {"kind": "keyword", "keyword": "kicker",
                                                            "cost": "{X}"}
    assert results["Blitz of the Thunder-Raptor"].card is not None
