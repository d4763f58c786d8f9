"""The Oracle importer (mtgasp.oracle, `mtgasp cards import|show`): real cards' Oracle text compiled
through the template table, and the answers the rules give for the imported cards.

The fixture tests/fixtures/real_cards.json holds real MTGJSON AtomicCards entries (copied from
../shared/data/AtomicCards.json); tests that need the whole file skip when it is absent.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.cli import main
from mtgasp.oracle import TEMPLATES, CardResult, compile_card, read_cards
from mtgasp.state import parse_state
from real_cards import mana, module_fixtures, passed_until, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards.json"
REPO = Path(__file__).resolve().parents[1]
ATOMIC = next((p for p in (REPO.parent / "shared" / "data" / "AtomicCards.json",
                           REPO.parent.parent / "shared" / "data" / "AtomicCards.json")
               if p.exists()), None)


results, checker = module_fixtures(FIXTURE)


def abilities(results: dict[str, CardResult], name: str, face: int = 0) -> list[dict[str, Any]]:
    card = results[name].card
    assert card is not None, f"{name} refused: {results[name].refusal}"
    return card["faces"][face]["abilities"]


def rules(ab: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in ab.items() if k not in ("text", "template")}


# --- compiled abilities (templates) ----------------------------------------------------------


def test_temple_enters_tapped_scry_not_modeled_and_two_colors(results: dict[str, CardResult]) -> None:
    a = abilities(results, "Temple of Mystery")
    assert rules(a[0]) == {"kind": "replacement", "enters_tapped": True}
    assert a[1]["kind"] == "triggered" and a[1]["effect"] == {"action": "not_modeled"}
    assert rules(a[2]) == {"kind": "activated", "cost": {"tap": True},
                           "mana": {"choice": ["{G}", "{U}"]}}
    assert a[2]["template"] == "mana.choice" and a[2]["text"] == "{T}: Add {G} or {U}."


def test_lotus_field_three_mana_of_one_color(results: dict[str, CardResult]) -> None:
    a = abilities(results, "Lotus Field")
    assert rules(a[0]) == {"kind": "keyword", "keyword": "hexproof"}  # 702.11b: read for targets
    assert a[0]["template"] == "keyword.hexproof"
    assert rules(a[-1])["mana"] == {"any_color": 3}


def test_painland_rider_keeps_a_mana_ability(results: dict[str, CardResult]) -> None:
    a = abilities(results, "Adarkar Wastes")
    assert rules(a[0]) == {"kind": "activated", "cost": {"tap": True}, "mana": {"fixed": "{C}"}}
    assert a[1]["mana"] == {"choice": ["{W}", "{U}"]}
    assert a[1]["rider"] == {"damage_to_you": 1}
    t = abilities(results, "Talisman of Progress")
    assert t[1]["rider"] == {"damage_to_you": 1}
    assert abilities(results, "Ancient Tomb")[0]["mana"] == {"fixed": "{C}{C}"}
    assert abilities(results, "Ancient Tomb")[0]["rider"] == {"damage_to_you": 2}


def test_intrinsic_mana_of_basic_land_types(results: dict[str, CardResult]) -> None:
    # CR 305.6: a land with a basic land type has "{T}: Add [symbol]" for each
    # one ability for the reminder paragraph, as the card format numbers abilities
    a = abilities(results, "Scrubland")
    assert rules(a[0]) == {"kind": "activated", "cost": {"tap": True},
                           "mana": {"choice": ["{W}", "{B}"]}}
    assert len(a) == 1 and a[0]["template"] == "mana.intrinsic"
    assert a[0]["text"] == "({T}: Add {W} or {B}.)"
    z = abilities(results, "Zagoth Triome")
    # Zagoth Triome: Land — Swamp Forest Island
    assert z[0]["mana"] == {"choice": ["{B}", "{G}", "{U}"]}
    assert rules(z[1]) == {"kind": "replacement", "enters_tapped": True}
    # reminder text stripped: "Cycling {3} ({3}, Discard this card: Draw a card.)"; 702.29a: the
    # activated ability cycling means, from the hand (113.6k)
    assert z[2] == {"kind": "activated", "text": "Cycling {3}", "cost": {"mana": "{3}", "discard": "self"},
                    "zone": "hand", "effect": {"action": "draw", "n": 1}, "template": "keyword.cycling"}


def test_entering_templates(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Hallowed Fountain")[1]["unless"] == {"pay_life": 2}
    assert abilities(results, "Glacial Fortress")[0]["unless"] == {"you_control": {
        "types": ["Land"], "subtypes": ["Plains", "Island"], "other": True, "min": 1}}
    assert abilities(results, "Blooming Marsh")[0]["unless"] == {"you_control": {
        "types": ["Land"], "other": True, "max": 2}}
    assert abilities(results, "Deserted Beach")[0]["unless"] == {"you_control": {
        "types": ["Land"], "other": True, "min": 2}}
    assert rules(abilities(results, "Vivid Crag")[0]) == {
        "kind": "replacement", "enters_tapped": True,
        "enters_with_counters": {"counter": "charge", "amount": 2}}
    c = abilities(results, "Coldsteel Heart")
    assert rules(c[0]) == {"kind": "replacement", "enters_tapped": True}
    assert rules(c[1]) == {"kind": "replacement", "enters_choose": "color"}
    assert c[2]["mana"] == {"chosen_color": 1}


def test_mana_cost_parts(results: dict[str, CardResult]) -> None:
    assert rules(abilities(results, "Dimir Signet")[0]) == {
        "kind": "activated", "cost": {"mana": "{1}", "tap": True}, "mana": {"fixed": "{U}{B}"}}
    assert abilities(results, "Springleaf Drum")[0]["cost"] == {
        "tap": True, "tap_untapped": {"type": "Creature", "count": 1}}
    assert abilities(results, "Sunbaked Canyon")[0]["cost"] == {"tap": True, "life": 1}
    assert abilities(results, "Order of Whiteclay")[0]["cost"] == {"mana": "{1}{W}{W}",
                                                                    "untap": True}
    flooded = abilities(results, "Flooded Strand")[0]
    assert flooded["cost"] == {"tap": True, "life": 1, "sacrifice": "self"}
    assert flooded["effect"] == {"action": "not_modeled"}


def test_activation_restrictions(results: dict[str, CardResult]) -> None:
    # "Metalcraft —" is an ability word (CR 207.2c): no rules meaning
    assert abilities(results, "Mox Opal")[0]["condition"] == {
        "you_control": {"types": ["Artifact"], "min": 3}}
    assert abilities(results, "Temple of the False God")[0]["condition"] == {
        "you_control": {"types": ["Land"], "min": 5}}
    assert abilities(results, "Spire of Industry")[1]["condition"] == {
        "you_control": {"types": ["Artifact"], "min": 1}}
    assert abilities(results, "Castle Ardenvale")[2]["effect"]["action"] == "create_tokens"


def test_triggered_and_granted_mana_abilities(results: dict[str, CardResult]) -> None:
    f = abilities(results, "Fertile Ground")
    assert rules(f[0]) == {"kind": "keyword", "keyword": "enchant", "what": "land"}
    assert rules(f[1]) == {"kind": "triggered", "trigger": {"event": "tapped_for_mana",
                                                           "what": "enchanted"},
                           "mana": {"any_color": 1}}
    assert abilities(results, "Overgrowth")[1]["mana"] == {"fixed": "{G}{G}"}
    assert abilities(results, "Vernal Bloom")[0]["trigger"] == {
        "event": "tapped_for_mana", "what": {"type": "Land", "subtypes": ["Forest"]}, "by": "any"}
    assert abilities(results, "Mana Flare")[0]["mana"] == {"same_type_as_produced": 1}
    g = abilities(results, "Cryptolith Rite")[0]
    assert g["grant"]["to"] == "creatures_you_control"
    assert rules(g["grant"]["ability"]) == {"kind": "activated", "cost": {"tap": True},
                                            "mana": {"any_color": 1}}


def test_keywords_and_costs(results: dict[str, CardResult]) -> None:
    assert rules(abilities(results, "Burst Lightning")[0]) == {
        "kind": "keyword", "keyword": "kicker", "cost": "{4}"}
    assert rules(abilities(results, "Burst Lightning")[1])["effect"] == {
        "action": "damage", "amount": 2, "kicked_amount": 4, "target": "any"}
    assert rules(abilities(results, "Comet Storm")[0]) == {
        "kind": "keyword", "keyword": "multikicker", "cost": "{1}"}
    assert rules(abilities(results, "Bone Splinters")[0]) == {
        "kind": "additional_cost", "cost": {"sacrifice": {"type": "Creature"}}, "optional": False}
    assert rules(abilities(results, "Spectral Sailor")[0]) == {"kind": "keyword",
                                                              "keyword": "flash"}
    assert rules(abilities(results, "Saw It Coming")[1]) == {
        "kind": "keyword", "keyword": "foretell", "cost": "{1}{U}"}
    assert rules(abilities(results, "Freestrider Commando")[1]) == {
        "kind": "keyword", "keyword": "plot", "cost": "{3}{G}"}
    assert rules(abilities(results, "Mosswort Bridge")[0]) == {
        "kind": "keyword", "keyword": "hideaway", "n": 4}
    assert rules(abilities(results, "Sphere of Resistance")[0]) == {
        "kind": "static", "cost_increase": {"amount": "{1}", "spells_cast_by": "any"}}
    assert rules(abilities(results, "Dark Ritual")[0]) == {
        "kind": "spell", "effect": {"action": "add_mana", "produce": {"fixed": "{B}{B}{B}"}}}
    serra = abilities(results, "Serra Angel")
    assert [(a["keyword"], a["template"]) for a in serra] == [
        ("flying", "keyword.not_modeled"), ("vigilance", "keyword.not_modeled")]


def test_self_reference_by_name(results: dict[str, CardResult]) -> None:
    # "Lightning Bolt deals 3 damage" and "this creature" are the same self reference (~)
    assert abilities(results, "Lightning Bolt")[0]["effect"] == {
        "action": "damage", "amount": 3, "target": "any"}
    assert abilities(results, "Slickshot Show-Off")[2]["effect"]["action"] == "pump"


@pytest.mark.parametrize("name, line", [
    ("Transguild Courier", "Transguild Courier is all colors."),
    ("Animar, Soul of Elements",
     "Creature spells you cast cost {1} less to cast for each +1/+1 counter on Animar."),
    ("Throne of Eldraine",
     "{3}, {T}: Draw two cards. Spend only mana of the chosen color to activate this ability."),
    ("Fireball", "This spell costs {1} more to cast for each target beyond the first."),
    ("Tarnation Vista", None),
])
def test_refused_cards_name_the_line(results: dict[str, CardResult], name: str,
                                     line: str | None) -> None:
    r = results[name]
    assert r.card is None
    refused = [v for v in r.lines if v.verdict == "refused"]
    assert refused and all(v.reason for v in refused)
    if line is not None:
        assert line in [v.line for v in refused]


def test_grand_arbiter_reductions_and_increase(results: dict[str, CardResult]) -> None:
    # 601.2f: two reductions (white spells, blue spells: a white and blue spell gets both) and an
    # increase for the opponents' spells
    statics = [a for a in abilities(results, "Grand Arbiter Augustin IV") if a["kind"] == "static"]
    assert [a.get("spell_cost_reduction") or a.get("cost_increase") for a in statics] == [
        {"amount": 1, "spells_cast_by": "you", "spells": [{"colors": ["W"]}]},
        {"amount": 1, "spells_cast_by": "you", "spells": [{"colors": ["U"]}]},
        {"amount": "{1}", "spells_cast_by": "opponents"}]


def test_hybrid_and_phyrexian_costs_are_imported(results: dict[str, CardResult]) -> None:
    # CR 107.4e-f: hybrid, monocolored hybrid and Phyrexian symbols are in the card format
    card = results["Manamorphose"].card
    assert card is not None and card["faces"][0]["mana_cost"] == "{1}{R/G}"
    assert results["Gitaxian Probe"].card["faces"][0]["mana_cost"] == "{U/P}"
    assert results["Spectral Procession"].card["faces"][0]["mana_cost"] == "{2/W}{2/W}{2/W}"
    gate = abilities(results, "Mystic Gate")
    assert rules(gate[1]) == {"kind": "activated", "cost": {"mana": "{W/U}", "tap": True},
                              "mana": {"choice": ["{W}{W}", "{W}{U}", "{U}{U}"]}}
    assert abilities(results, "Azorius Locket")[1]["cost"] == {
        "mana": "{W/U}{W/U}{W/U}{W/U}", "tap": True, "sacrifice": "self"}


def test_snow_mana_is_imported(results: dict[str, CardResult]) -> None:
    # 107.4h: {S} is in the card format (tests/test_oracle_snow.py tests its payment)
    assert abilities(results, "Mouth of Ronom")[1]["cost"] == {
        "mana": "{4}{S}", "tap": True, "sacrifice": "self"}


def test_every_line_has_one_verdict(results: dict[str, CardResult]) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]
    for name, faces in data.items():
        r = results[name]
        sources = {v.source for v in r.lines}
        for f in faces:
            for para in (p.strip() for p in (f.get("text") or "").split("\n") if p.strip()):
                assert any(para == s or para in s for s in sources), (name, para)
        assert all(v.verdict in ("templated", "not_modeled", "refused") for v in r.lines)


def test_ability_text_is_the_oracle_line_and_has_a_template(results: dict[str, CardResult]) -> None:
    names = {t.name for t in TEMPLATES} | {"mana.intrinsic", "keyword.not_modeled", "not_modeled",
                                           "activated", "mana.triggered", "mana.ability",
                                           "effect.not_modeled", "trigger.not_modeled",
                                           "loyalty.not_modeled"}
    for r in results.values():
        if r.card is None:
            continue
        for face in r.card["faces"]:
            for a in face["abilities"]:
                assert a["text"] in face["oracle"], (r.name, a["text"])
                assert a["template"] in names, (r.name, a["template"])


# --- answers the rules give for imported cards ---------------------------------------------



@pytest.mark.parametrize("card, types", [
    ("Temple of Mystery", ["U", "G"]),
    ("Lotus Field", ["W", "U", "B", "R", "G"]),
    ("Adarkar Wastes", ["W", "U", "C"]),
    ("Talisman of Progress", ["W", "U", "C"]),
    ("Scrubland", ["W", "B"]),
    ("Zagoth Triome", ["U", "B", "G"]),
    ("Hallowed Fountain", ["W", "U"]),
    ("Glacial Fortress", ["W", "U"]),
    ("Ancient Tomb", ["C"]),
    ("Sol Ring", ["C"]),
    ("Dimir Signet", ["U", "B"]),
    ("Birds of Paradise", ["W", "U", "B", "R", "G"]),
    ("Llanowar Elves", ["G"]),
    ("Elvish Mystic", ["G"]),
    ("Sunbaked Canyon", ["R", "W"]),
    ("Castle Ardenvale", ["W"]),
    ("Mosswort Bridge", ["G"]),
])
def test_mana_types(checker: Checker, card: str, types: list[str]) -> None:
    got = mana(checker, state([{"id": "x", "card": card}]), "x")
    assert got == [t for t in ("W", "U", "B", "R", "G", "C") if t in types]


def cast_legal(checker: Checker, objects: list[dict[str, Any]], card: str, **kw: Any) -> bool:
    doc = state([*objects, {"id": "spell", "card": card, "zone": "hand"}], **kw)
    return why(checker, doc, {"kind": "cast", "object": "spell"}).legal


def lands(*names: str) -> list[dict[str, Any]]:
    return [{"id": f"l{i}", "card": n} for i, n in enumerate(names)]


def test_hybrid_symbol_is_paid_by_either_half(checker: Checker) -> None:
    # CR 107.4e, 601.2h: Kitchen Finks {1}{G/W}{G/W}: each {G/W} by {G} or {W}, never by {R}
    assert cast_legal(checker, lands("Forest", "Plains", "Mountain"), "Kitchen Finks")
    assert cast_legal(checker, lands("Forest", "Forest", "Mountain"), "Kitchen Finks")
    assert cast_legal(checker, lands("Plains", "Plains", "Island"), "Kitchen Finks")
    assert not cast_legal(checker, lands("Forest", "Mountain", "Mountain"), "Kitchen Finks")
    assert not cast_legal(checker, lands("Island", "Swamp", "Mountain"), "Kitchen Finks")


def test_mystic_gate_hybrid_cost_paid_by_island_or_plains_not_mountain(checker: Checker) -> None:
    # Mystic Gate's {W/U}, {T}: Add {W}{W}: its {W/U} is paid by an Island's {U} or a Plains'
    # {W} (107.4e), then {W}{W} and a third {W} cast Spectral Procession ({2/W} x3: each {W})
    assert cast_legal(checker, lands("Mystic Gate", "Island", "Plains"), "Spectral Procession")
    assert cast_legal(checker, lands("Mystic Gate", "Plains", "Plains"), "Spectral Procession")
    # a Mountain's {R} can't pay {W/U}: Gate + Mountain + Plains make {W}{W}{R} at most
    assert not cast_legal(checker, lands("Mystic Gate", "Mountain", "Plains"),
                          "Spectral Procession")
    assert not cast_legal(checker, lands("Mystic Gate", "Swamp", "Plains"), "Spectral Procession")


def test_monocolored_hybrid_paid_with_two_generic(checker: Checker) -> None:
    # CR 107.4e: {2/W} is paid by {W} or two generic mana: six Mountains cast the Procession,
    # five don't (202.3f: its mana value is 6)
    assert cast_legal(checker, lands(*["Mountain"] * 6), "Spectral Procession")
    assert not cast_legal(checker, lands(*["Mountain"] * 5), "Spectral Procession")
    assert cast_legal(checker, lands("Plains", "Mountain", "Mountain", "Mountain", "Mountain"),
                      "Spectral Procession")


def test_phyrexian_symbol_paid_with_two_life(checker: Checker) -> None:
    # CR 107.4f, 119.4: Gitaxian Probe {U/P} with no land: 2 life, only with 2 or more life
    assert cast_legal(checker, [], "Gitaxian Probe")
    assert cast_legal(checker, [], "Gitaxian Probe",
                      players=[{"name": "alice", "life": 2}, {"name": "bob"}])
    assert not cast_legal(checker, [], "Gitaxian Probe",
                          players=[{"name": "alice", "life": 1}, {"name": "bob"}])
    assert cast_legal(checker, lands("Island"), "Gitaxian Probe",
                      players=[{"name": "alice", "life": 1}, {"name": "bob"}])
    # Dismember {1}{B/P}{B/P}: one Mountain and 4 life ("Target creature gets -5/-5": a creature
    # to target, 601.2c)
    bears = {"id": "g", "card": "Grizzly Bears", "owner": "bob"}
    assert cast_legal(checker, [*lands("Mountain"), bears], "Dismember")
    assert not cast_legal(checker, [*lands("Mountain"), bears], "Dismember",
                          players=[{"name": "alice", "life": 3}, {"name": "bob"}])
    assert not cast_legal(checker, lands("Mountain"), "Dismember")


def test_coldsteel_heart_makes_the_chosen_color(checker: Checker) -> None:
    assert mana(checker, state([{"id": "h", "card": "Coldsteel Heart", "chosen_color": "U"}]),
                "h") == ["U"]


def test_activation_condition_mox_opal(checker: Checker) -> None:
    few = state([{"id": "mox", "card": "Mox Opal"}, {"id": "a1", "card": "Sol Ring"}])
    v = why(checker, few, {"kind": "activate", "object": "mox", "ability": 1})
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    many = state([{"id": "mox", "card": "Mox Opal"}, {"id": "a1", "card": "Sol Ring"},
                  {"id": "a2", "card": "Dimir Signet"}])
    assert why(checker, many, {"kind": "activate", "object": "mox", "ability": 1}).legal


def test_temple_of_the_false_god_needs_five_lands(checker: Checker) -> None:
    lands = [{"id": f"l{i}", "card": "Scrubland"} for i in range(3)]
    doc = state([{"id": "t", "card": "Temple of the False God"}, *lands])
    assert not why(checker, doc, {"kind": "activate", "object": "t", "ability": 1}).legal
    doc = state([{"id": "t", "card": "Temple of the False God"}, *lands,
                 {"id": "l9", "card": "Lotus Field"}])
    assert why(checker, doc, {"kind": "activate", "object": "t", "ability": 1}).legal


def test_springleaf_drum_taps_a_summoning_sick_creature(checker: Checker) -> None:
    doc = state([{"id": "drum", "card": "Springleaf Drum"},
                 {"id": "elf", "card": "Llanowar Elves", "controlled_since_turn": 5}])
    assert why(checker, doc, {"kind": "activate", "object": "drum", "ability": 1}).legal
    alone = state([{"id": "drum", "card": "Springleaf Drum"}])
    assert not why(checker, alone, {"kind": "activate", "object": "drum", "ability": 1}).legal


def test_painland_mana_ability_is_a_mana_ability(checker: Checker) -> None:
    # CR 605.1a: it adds mana and doesn't target; the damage rider doesn't change that, so it
    # doesn't use the stack: activating it is legal while a spell is on the stack (605.3a)
    doc = state([{"id": "w", "card": "Adarkar Wastes"}])
    v = why(checker, doc, {"kind": "activate", "object": "w", "ability": 2})
    assert v.legal and any(r.startswith("605") for r in v.why_json().get("rules", []))


def test_signet_pays_with_its_own_mana_cost(checker: Checker) -> None:
    # Scrubland ({W} or {B}) pays the Signet's {1}; the Signet adds {U}{B}: {U} for the Sailor
    doc = state([{"id": "sc", "card": "Scrubland"}, {"id": "s", "card": "Dimir Signet"},
                 {"id": "ss", "card": "Spectral Sailor", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "ss"}).legal
    alone = state([{"id": "sc", "card": "Scrubland"},
                   {"id": "ss", "card": "Spectral Sailor", "zone": "hand"}])
    assert not why(checker, alone, {"kind": "cast", "object": "ss"}).legal


def test_sphere_of_resistance_raises_the_cost(checker: Checker) -> None:
    doc = state([{"id": "sph", "card": "Sphere of Resistance"},
                 {"id": "m", "card": "Lotus Field"},
                 {"id": "bolt", "card": "Lightning Bolt", "zone": "hand"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}])
    v = why(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["gb"]})
    assert v.why_json().get("cost") == "{1}{R}"


def test_bone_splinters_needs_a_creature_to_sacrifice(checker: Checker) -> None:
    doc = state([{"id": "s", "card": "Scrubland"},
                 {"id": "bs", "card": "Bone Splinters", "zone": "hand"}])
    assert not why(checker, doc, {"kind": "cast", "object": "bs"}).legal


def test_flash_lets_spectral_sailor_be_cast_on_the_opponents_turn(checker: Checker) -> None:
    doc = state([{"id": "i", "card": "Hallowed Fountain"},
                 {"id": "ss", "card": "Spectral Sailor", "zone": "hand"},
                 {"id": "sa", "card": "Serra Angel", "zone": "hand"}],
                active_player="bob", priority="alice")
    assert why(checker, doc, {"kind": "cast", "object": "ss"}).legal
    assert not why(checker, doc, {"kind": "cast", "object": "sa"}).legal


def test_foretell_and_plot_are_moves(checker: Checker) -> None:
    doc = state([{"id": "l1", "card": "Hallowed Fountain"}, {"id": "l2", "card": "Lotus Field"},
                 {"id": "sic", "card": "Saw It Coming", "zone": "hand"},
                 {"id": "fc", "card": "Freestrider Commando", "zone": "hand"}])
    st = parse_state(doc, checker.library)
    kinds = {(m.action.kind, m.action.object) for m in checker.moves(st, "alice")}
    assert ("foretell", "sic") in kinds and ("plot", "fc") in kinds


# --- the command line --------------------------------------------------------------------


def test_cli_import_show_and_use_without_cards_flag(tmp_path: Path, monkeypatch: Any,
                                                    capsys: Any) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert main(["cards", "import", str(FIXTURE), "--report", str(tmp_path / "r.json")]) == 0
    out = tmp_path / "xdg" / "mtgasp" / "cards.json"
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert "Lotus Field" in {c["name"] for c in doc["cards"]}
    assert "Transguild Courier" not in {c["name"] for c in doc["cards"]}
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert rep["refused"] >= 7 and rep["lines"]["refused"] >= 8   # (Utopia Sprawl imported since probe24e)
    capsys.readouterr()
    assert main(["cards", "show", "Lotus Field"]) == 0
    shown = capsys.readouterr().out
    assert "[mana.any_one_color] {T}: Add three mana of any one color." in shown
    st = tmp_path / "s.json"
    st.write_text(json.dumps(state([{"id": "lf", "card": "Lotus Field"}])), encoding="utf-8")
    assert main(["mana", str(st), "lf", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["types"] == ["W", "U", "B", "R", "G"]


def test_cli_import_scryfall_mdfc_both_faces(tmp_path: Path, capsys: Any) -> None:
    card = {
        "object": "card", "name": "Emeria's Call // Emeria, Shattered Skyclave",
        "layout": "modal_dfc", "keywords": [],
        "card_faces": [
            {"name": "Emeria's Call", "mana_cost": "{4}{W}{W}{W}", "type_line": "Sorcery",
             "oracle_text": "Create two 4/4 white Angel Warrior creature tokens with flying. "
                            "Non-Angel creatures you control gain indestructible until your "
                            "next turn."},
            {"name": "Emeria, Shattered Skyclave", "mana_cost": "", "type_line": "Land",
             "oracle_text": "As Emeria, Shattered Skyclave enters, you may pay 3 life. If you "
                            "don't, it enters tapped.\n{T}: Add {W}."},
        ],
    }
    src = tmp_path / "scry.json"
    src.write_text(json.dumps([card]), encoding="utf-8")
    out = tmp_path / "lib.json"
    assert main(["cards", "import", str(src), "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["imported"] == 1
    lib = json.loads(out.read_text(encoding="utf-8"))
    c = lib["cards"][0]
    assert c["layout"] == "modal_dfc" and [f["name"] for f in c["faces"]] == [
        "Emeria's Call", "Emeria, Shattered Skyclave"]
    assert c["faces"][1]["abilities"][0]["unless"] == {"pay_life": 3}
    assert c["source"] == {"format": "scryfall"}


def test_single_mtgjson_card_object() -> None:
    face = {"name": "Sol Ring", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"],
            "text": "{T}: Add {C}{C}.", "layout": "normal"}
    [raw] = read_cards(face, "one card")
    assert compile_card(raw).card is not None


@pytest.mark.parametrize("content, words", [
    ('{"cards": []}', ["neither MTGJSON"]),
    ('{"data": {"X": [{"name": "X", "type": "Artifact"', ["invalid JSON", "line 1"]),
    # probe17d: an integer of 5,000 digits was an internal error (exit 3)
    ('{"data": {"X": [{"name": "X", "type": "Artifact", "manaValue": 1' + "0" * 5000 + "}]}}",
     ["invalid JSON", "4300 digits"]),
    ('{"data": {"X": [{"type": "Artifact", "text": ""}]}}', ['data["X"][0].name', "missing name"]),
    ('{"data": {"X": [{"name": "X", "text": "Flying"}]}}', ['data["X"][0].type', "type line"]),
    ('{"data": {"Hx": [{"name": "Hx", "type": "Artifact", "manaCost": "{2}{H}"}]}}',
     ['data["Hx"][0].manaCost', "{H}"]),
    ('[{"object": "card", "name": "Y", "type_line": "Instant", "oracle_text": "'
     + "Draw a card. " * 1000 + '"}]', ["[0].oracle_text", "characters long"]),
])
def test_bad_input_exit_2_nothing_written(tmp_path: Path, capsys: Any, content: str,
                                          words: list[str]) -> None:
    src = tmp_path / "in.json"
    src.write_text(content, encoding="utf-8")
    out = tmp_path / "lib.json"
    out.write_text("previous library", encoding="utf-8")
    assert main(["cards", "import", str(src), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for w in words:
        assert w in err
    assert out.read_text(encoding="utf-8") == "previous library"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".cards-")] == []


# --- the template table and its documentation --------------------------------------------


def test_docs_list_every_template() -> None:
    doc = (REPO / "docs" / "import-templates.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_.]+)` \|", doc, re.MULTILINE)
    assert sorted(rows) == sorted(t.name for t in TEMPLATES)
    assert len({t.name for t in TEMPLATES}) == len(TEMPLATES)
    for t in TEMPLATES:
        assert re.search(r"\d{3}\.\d", t.rules), t.name  # every row cites the CR


def test_builtin_cards_import_to_the_hand_written_abilities() -> None:
    import sys

    sys.path.insert(0, str(REPO / "tools"))
    try:
        from import_equivalence import builtin_document, compare  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    imported, diffs = compare(builtin_document())
    assert len(imported) == len(builtin_document()["cards"])
    assert diffs == []


# --- the whole of ../shared/data ----------------------------------------------------------


@pytest.mark.skipif(ATOMIC is None, reason="../shared/data/AtomicCards.json is not beside the "
                                           "repository (CI has it; the benchmark reports figures)")
def test_atomic_cards_sample_every_line_has_a_verdict() -> None:
    from mtgasp.oracle import load_file

    assert ATOMIC is not None
    raws = load_file(ATOMIC)
    assert len(raws) > 30000
    sample = raws[::10]  # the benchmark does them all
    imported = 0
    for raw in sample:
        res = compile_card(raw)
        imported += res.imported
        sources = {(v.face, v.source) for v in res.lines}
        for f in raw.faces:
            for para in (p.strip() for p in f.text.split("\n") if p.strip()):
                assert any(fc == f.name and (para == src or para in src) for fc, src in sources), \
                    (raw.name, para)
        if not res.imported:
            assert res.refusal
    assert imported > 0.6 * len(sample)


# --- the lazily read imported library ------------------------------------------------------


def test_lazy_library_ranks_and_lookups(tmp_path: Path, monkeypatch: Any) -> None:
    from mtgasp.userlib import LazyCardLibrary, library_with_imported

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["cards", "import", str(FIXTURE)]) == 0
    lib = library_with_imported()
    assert isinstance(lib, LazyCardLibrary)
    # only the names are read when the library is made
    assert lib._cards._built == {}  # type: ignore[attr-defined]
    assert lib.get("lotus field").name == "Lotus Field"  # case-insensitive
    assert len(lib._cards._built) == 1  # type: ignore[attr-defined]
    # a built-in card wins over an imported one of the same name (the hand-written card)
    assert lib.get("Birds of Paradise") is CardLibrary.builtin().get("Birds of Paradise")
    assert "template" not in lib.get("Birds of Paradise").faces[0].abilities[1].spec
    # a --cards file wins over both
    extra = tmp_path / "extra.json"
    lf = json.loads((tmp_path / "mtgasp" / "cards.json").read_text(encoding="utf-8"))
    mine = next(c for c in lf["cards"] if c["name"] == "Sol Ring")
    mine["faces"][0]["abilities"][0]["mana"] = {"fixed": "{C}"}
    extra.write_text(json.dumps({"format": 1, "cards": [mine]}), encoding="utf-8")
    lib2 = library_with_imported([extra])
    assert lib2.get("Sol Ring").faces[0].abilities[0].spec["mana"] == {"fixed": "{C}"}
    assert lib2.index("Sol Ring") == lib2.names().index("Sol Ring")
    monkeypatch.setenv("MTGASP_NO_IMPORTED", "1")
    assert "Lotus Field" not in library_with_imported()


def test_lazy_library_unknown_card_and_tokens(tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    """With an imported library, an unknown card name is bad input (exit 2, with suggestions),
    not an internal error, and the tokens of built-in cards' effects are still cards (111.4)."""
    from mtgasp.userlib import library_with_imported

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["cards", "import", str(FIXTURE)]) == 0
    lib = library_with_imported()
    assert lib.find("Lotus Feld") is None
    assert lib.is_token("Angel Warrior Token")  # Starnheim Unleashed's token
    assert lib.index("Angel Warrior Token") >= len(lib.names())
    capsys.readouterr()
    assert main(["cards", "show", "Lotus Feld"]) == 2
    assert "unknown card" in capsys.readouterr().err
    st = tmp_path / "s.json"
    st.write_text(json.dumps(state([{"id": "x", "card": "Lotus Feld"},
                                    {"id": "t", "card": "Angel Warrior Token", "token": True}])),
                  encoding="utf-8")
    assert main(["mana", str(st), "t"]) == 2
    err = capsys.readouterr().err
    assert "objects[0].card" in err and "Lotus Field" in err and "internal error" not in err


# --- playing imported cards forward (apply) ------------------------------------------------


def applied(checker: Checker, doc: dict[str, Any], action: dict[str, Any],
            choose: str | None = None) -> dict[str, Any]:
    from mtgasp.apply import apply_action

    st = parse_state(doc, checker.library)
    result = apply_action(checker, st, parse_action(action, st, checker.library, "alice"),
                          "alice", choose)
    assert result.legal, result.to_json()
    return result.state


def obj(doc: dict[str, Any], oid: str) -> dict[str, Any]:
    return next(o for o in doc["objects"] if o["id"] == oid)


def alice(doc: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == "alice")


def test_temple_enters_tapped_when_played(checker: Checker) -> None:
    after = applied(checker, state([{"id": "t", "card": "Temple of Mystery", "zone": "hand"}]),
                    {"kind": "play_land", "object": "t"})
    assert obj(after, "t")["zone"] == "battlefield" and obj(after, "t").get("tapped") is True


def test_check_land_enters_untapped_with_its_basic_type(checker: Checker) -> None:
    hand = {"id": "gf", "card": "Glacial Fortress", "zone": "hand"}
    with_island = applied(checker, state([hand, {"id": "h", "card": "Hallowed Fountain"}]),
                          {"kind": "play_land", "object": "gf"})
    assert not obj(with_island, "gf").get("tapped")
    without = applied(checker, state([hand, {"id": "s", "card": "Lotus Field"}]),
                      {"kind": "play_land", "object": "gf"})
    assert obj(without, "gf").get("tapped") is True


def test_shock_land_enters_tapped_unless_life_is_paid(checker: Checker) -> None:
    after = applied(checker, state([{"id": "hf", "card": "Hallowed Fountain", "zone": "hand"}]),
                    {"kind": "play_land", "object": "hf"})
    assert obj(after, "hf").get("tapped") is True and alice(after).get("life", 20) == 20


def test_lotus_field_adds_three_mana_of_the_chosen_color(checker: Checker) -> None:
    after = applied(checker, state([{"id": "lf", "card": "Lotus Field"}]),
                    {"kind": "activate", "object": "lf", "ability": 4}, choose="G")
    assert alice(after)["mana_pool"] == "{G}{G}{G}"


def test_painland_deals_damage_when_tapped_for_colored_mana(checker: Checker) -> None:
    after = applied(checker, state([{"id": "aw", "card": "Adarkar Wastes"}]),
                    {"kind": "activate", "object": "aw", "ability": 2}, choose="U")
    assert alice(after)["mana_pool"] == "{U}" and alice(after)["life"] == 19
    after = applied(checker, state([{"id": "aw", "card": "Adarkar Wastes"}]),
                    {"kind": "activate", "object": "aw", "ability": 1})
    assert alice(after)["mana_pool"] == "{C}" and alice(after).get("life", 20) == 20


def test_phyrexian_life_is_paid_when_cast(checker: Checker) -> None:
    after = applied(checker, state([{"id": "p", "card": "Gitaxian Probe", "zone": "hand"}]),
                    {"kind": "cast", "object": "p", "targets": ["bob"]})
    assert alice(after)["life"] == 18 and obj(after, "p")["zone"] == "stack"
    after = applied(checker, state([{"id": "i", "card": "Island"},
                                    {"id": "p", "card": "Gitaxian Probe", "zone": "hand"}]),
                    {"kind": "cast", "object": "p", "targets": ["bob"]})
    # (an untapped Island pays {U/P}: unannounced, mana pays where it can, 601.2b; found by probe21b)
    assert alice(after).get("life", 20) == 20 and obj(after, "i").get("tapped")


def test_mystic_gate_activated_with_an_islands_mana(checker: Checker) -> None:
    after = applied(checker, state([{"id": "g", "card": "Mystic Gate"}, {"id": "i", "card": "Island"}]),
                    {"kind": "activate", "object": "g", "ability": 2}, choose="W")
    assert obj(after, "i").get("tapped") is True and obj(after, "g").get("tapped") is True
    assert alice(after)["mana_pool"] in ("{W}{W}", "{W}{U}", "{U}{U}")


def test_vivid_crag_enters_tapped_with_two_charge_counters(checker: Checker) -> None:
    after = applied(checker, state([{"id": "vc", "card": "Vivid Crag", "zone": "hand"}]),
                    {"kind": "play_land", "object": "vc"})
    assert obj(after, "vc").get("tapped") is True
    assert obj(after, "vc").get("counters") == {"charge": 2}


@pytest.mark.parametrize("aura", ["Overgrowth", "Fertile Ground", "Vernal Bloom"])
def test_triggered_mana_abilities_pay_with_one_forest(checker: Checker, aura: str) -> None:
    # Zagoth Triome is a Forest (Swamp Forest Island): alone it pays one mana, not Cryptolith
    # Rite's {1}{G}; Overgrowth (enchanted land: {G}{G} more), Fertile Ground (one of any color)
    # and Vernal Bloom (a Forest is tapped: {G} more) make it two or three (CR 605.1b)
    rite = {"id": "cr", "card": "Cryptolith Rite", "zone": "hand"}
    alone = state([{"id": "z", "card": "Zagoth Triome"}, rite])
    assert not why(checker, alone, {"kind": "cast", "object": "cr"}).legal
    extra = {"id": "a", "card": aura}
    if aura != "Vernal Bloom":
        extra["attached_to"] = "z"
    doc = state([{"id": "z", "card": "Zagoth Triome"}, extra, rite])
    assert why(checker, doc, {"kind": "cast", "object": "cr"}).legal


def test_dark_ritual_adds_three_black(checker: Checker) -> None:
    doc = state([{"id": "s", "card": "Scrubland"},
                 {"id": "dr", "card": "Dark Ritual", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "dr"})
    after = applied(checker, after, {"kind": "pass"})
    # bob passes too (the default for a two-player pass): the ritual resolves
    if obj(after, "dr")["zone"] == "stack":
        from mtgasp.apply import apply_action

        st = parse_state(after, checker.library)
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library, "bob"),
                           "bob")
        after = res.state
    assert obj(after, "dr")["zone"] == "graveyard"
    assert alice(after)["mana_pool"] == "{B}{B}{B}"


def test_multikicker_each_kick_adds_its_cost(checker: Checker) -> None:
    doc = state([{"id": f"l{i}", "card": "Lotus Field"} for i in range(3)]
                + [{"id": "cs", "card": "Comet Storm", "zone": "hand"},
                   {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}])
    once = why(checker, doc, {"kind": "cast", "object": "cs", "x": 0, "additional": ["kicker"],
                              "targets": ["gb"]})
    twice = why(checker, doc, {"kind": "cast", "object": "cs", "x": 0,
                               "additional": ["kicker", "kicker"], "targets": ["gb"]})
    assert once.why_json().get("cost") == "{X}{1}{R}{R}"
    assert twice.why_json().get("cost") == "{X}{2}{R}{R}"


def test_bone_splinters_with_a_creature_to_sacrifice(checker: Checker) -> None:
    doc = state([{"id": "s", "card": "Scrubland"},
                 {"id": "elf", "card": "Elvish Mystic"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob"},
                 {"id": "bs", "card": "Bone Splinters", "zone": "hand"}])
    assert why(checker, doc, {"kind": "cast", "object": "bs", "targets": ["gb"]}).legal


def test_granted_to_enchanted_land_and_combinations(results: dict[str, CardResult],
                                                    checker: Checker) -> None:
    g = abilities(results, "Abundant Growth")[2]
    assert g["grant"]["to"] == "enchanted"
    assert g["grant"]["ability"]["mana"] == {"any_color": 1}
    assert abilities(results, "Gift of Paradise")[2]["grant"]["ability"]["mana"] == {
        "any_color": 2}
    assert abilities(results, "Terrarion")[1]["mana"] == {"any_combination": 2}
    assert abilities(results, "Cascading Cataracts")[2]["cost"] == {"mana": "{5}", "tap": True}
    assert abilities(results, "Naga Vitalist")[0]["mana"] == {
        "could_produce": {"of": "land_you_control", "colors_only": False}}
    assert rules(abilities(results, "God-Pharaoh's Statue")[0]) == {
        "kind": "static", "cost_increase": {"amount": "{2}", "spells_cast_by": "opponents"}}
    # a keyword whose reminder text is an additional cost: refused, not silently "not modeled"
    assert results["Heroic Teamwork"].card is None
    # Abundant Growth on a land that makes only {C}: the land could now produce any color
    doc = state([{"id": "c", "card": "Cascading Cataracts"},
                 {"id": "ag", "card": "Abundant Growth", "attached_to": "c"}])
    assert mana(checker, doc, "c") == ["W", "U", "B", "R", "G", "C"]


def test_opponents_spells_cost_more(checker: Checker) -> None:
    doc = state([{"id": "st", "card": "God-Pharaoh's Statue", "owner": "bob"},
                 {"id": "m", "card": "Lotus Field"},
                 {"id": "bolt", "card": "Lightning Bolt", "zone": "hand"},
                 {"id": "gb", "card": "Grizzly Bears", "owner": "bob"}])
    v = why(checker, doc, {"kind": "cast", "object": "bolt", "targets": ["gb"]})
    assert v.why_json().get("cost") == "{2}{R}"


# --- counted mana and more "enters tapped unless" conditions ---------------------------------


def test_for_each_templates(results: dict[str, CardResult]) -> None:
    assert rules(abilities(results, "Gaea's Cradle")[0]) == {
        "kind": "activated", "cost": {"tap": True},
        "mana": {"for_each": {"mana": "{G}", "you_control": {"types": ["Creature"]}}}}
    assert abilities(results, "Cabal Coffers")[0]["mana"] == {
        "for_each": {"mana": "{B}", "you_control": {"subtypes": ["Swamp"]}}}
    assert abilities(results, "Elvish Archdruid")[1]["mana"] == {
        "for_each": {"mana": "{G}", "you_control": {"subtypes": ["Elf"]}}}


def test_gaeas_cradle_counts_the_creatures_you_control(checker: Checker) -> None:
    # CR 106.1, 605.3b: one {G} per creature; none with no creature (so it could produce nothing)
    assert mana(checker, state([{"id": "c", "card": "Gaea's Cradle"}]), "c") == []
    bears = [{"id": "b1", "card": "Grizzly Bears"}, {"id": "b2", "card": "Llanowar Elves"}]
    assert mana(checker, state([{"id": "c", "card": "Gaea's Cradle"}, *bears]), "c") == ["G"]
    after = applied(checker, state([{"id": "c", "card": "Gaea's Cradle"}, *bears]),
                    {"kind": "activate", "object": "c", "ability": 1})
    assert alice(after)["mana_pool"] == "{G}{G}"
    # the opponent's creatures don't count
    theirs = [{**b, "owner": "bob"} for b in bears]
    after = applied(checker, state([{"id": "c", "card": "Gaea's Cradle"}, bears[0], theirs[1]]),
                    {"kind": "activate", "object": "c", "ability": 1})
    assert alice(after)["mana_pool"] == "{G}"
    # Grizzly Bears ({1}{G}) from the Cradle alone: two creatures yes, one no
    assert cast_legal(checker, [{"id": "c", "card": "Gaea's Cradle"}, *bears], "Grizzly Bears")
    assert not cast_legal(checker, [{"id": "c", "card": "Gaea's Cradle"}, bears[0]],
                          "Grizzly Bears")


def test_cabal_coffers_and_archdruid_count(checker: Checker) -> None:
    swamps = [{"id": f"s{i}", "card": "Swamp"} for i in range(3)]
    after = applied(checker, state([{"id": "c", "card": "Cabal Coffers"}, *swamps]),
                    {"kind": "activate", "object": "c", "ability": 1})
    # {2} paid by two Swamps, three {B} added (the Swamps count tapped or not)
    assert alice(after)["mana_pool"] == "{B}{B}{B}"
    after = applied(checker, state([{"id": "a", "card": "Elvish Archdruid"},
                                    {"id": "e", "card": "Llanowar Elves"}]),
                    {"kind": "activate", "object": "a", "ability": 2})
    assert alice(after)["mana_pool"] == "{G}{G}"  # the Archdruid is an Elf too


def play(checker: Checker, land: str, others: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    doc = state([{"id": "new", "card": land, "zone": "hand"}, *others], **kw)
    return obj(applied(checker, doc, {"kind": "play_land", "object": "new"}), "new")


def test_enters_tapped_unless_opponents_life_and_their_lands(checker: Checker) -> None:
    # two or more opponents (102.3): tapped in a two-player game, untapped with three players
    assert play(checker, "Bountiful Promenade", []).get("tapped") is True
    three = [{"name": "alice", "life": 20}, {"name": "bob"}, {"name": "carol"}]
    assert not play(checker, "Bountiful Promenade", [], players=three).get("tapped")
    # a player with 13 or less life: either player
    assert play(checker, "Abandoned Campground", []).get("tapped") is True
    low = [{"name": "alice", "life": 20}, {"name": "bob", "life": 13}]
    assert not play(checker, "Abandoned Campground", [], players=low).get("tapped")
    low_me = [{"name": "alice", "life": 5}, {"name": "bob"}]
    assert not play(checker, "Abandoned Campground", [], players=low_me).get("tapped")
    # your opponents control eight or more lands
    theirs = [{"id": f"f{i}", "card": "Forest", "owner": "bob"} for i in range(8)]
    assert not play(checker, "Turbulent Fen", theirs).get("tapped")
    assert play(checker, "Turbulent Fen", theirs[:7]).get("tapped") is True
    mine = [{"id": f"f{i}", "card": "Forest"} for i in range(8)]
    assert play(checker, "Turbulent Fen", mine).get("tapped") is True


def test_reveal_land_enters_untapped_only_with_the_card_in_hand(checker: Checker) -> None:
    # Choked Estuary: reveal an Island or Swamp card from your hand, or it enters tapped
    island = {"id": "i", "card": "Island", "zone": "hand"}
    assert not play(checker, "Choked Estuary", [island]).get("tapped")
    assert not play(checker, "Choked Estuary", [{**island, "card": "Swamp"}]).get("tapped")
    assert play(checker, "Choked Estuary", [{**island, "card": "Mountain"}]).get("tapped") is True
    # an Island on the battlefield or in the opponent's hand doesn't help
    assert play(checker, "Choked Estuary", [{**island, "zone": "battlefield"}]).get("tapped") is True
    assert play(checker, "Choked Estuary", [{**island, "owner": "bob"}]).get("tapped") is True


def test_country_roads_compiles_to_a_subtype_condition(results: dict[str, CardResult],
                                                       checker: Checker) -> None:
    assert abilities(results, "Country Roads")[0]["unless"] == {
        "you_control": {"subtypes": ["Mount", "Vehicle"], "min": 1}}
    assert play(checker, "Country Roads", [{"id": "b", "card": "Grizzly Bears"}]).get("tapped") is True


def test_thriving_land_adds_its_color_or_the_chosen_one(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    a = abilities(results, "Thriving Grove")
    assert rules(a[0]) == {"kind": "replacement", "enters_tapped": True, "enters_choose": "color",
                           "other_than": "G"}
    assert a[1]["mana"] == {"or_chosen_color": "{G}"}
    assert rules(abilities(results, "Manor Gate")[1]) == {
        "kind": "replacement", "enters_choose": "color", "other_than": "G"}
    assert mana(checker, state([{"id": "t", "card": "Thriving Grove"}]), "t") == ["G"]
    assert mana(checker, state([{"id": "t", "card": "Thriving Grove", "chosen_color": "U"}]),
                "t") == ["U", "G"]
    # 614.12: the color is chosen as it enters, never green; by default the first allowed one
    played = play(checker, "Thriving Grove", [])
    assert played.get("tapped") is True and played["chosen_color"] == "W"
    doc = state([{"id": "new", "card": "Thriving Grove", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "play_land", "object": "new"}, choose="B")
    assert obj(after, "new")["chosen_color"] == "B"
    # choosing the forbidden color is bad input (main's a015d49: refused, not replaced by white)
    from mtgasp.errors import InputError

    with pytest.raises(InputError):
        applied(checker, doc, {"kind": "play_land", "object": "new"}, choose="G")
    assert play(checker, "Thriving Heath", [])["chosen_color"] == "U"  # other than white


def test_mana_ability_riders_draw_and_gain_life(results: dict[str, CardResult],
                                                checker: Checker) -> None:
    # CR 605.1a: a mana ability that also draws or gains life is still a mana ability; the rider
    # happens as it resolves (605.3b)
    assert abilities(results, "Chromatic Sphere")[0]["rider"] == {"draw": 1}
    assert abilities(results, "Pristine Talisman")[0]["rider"] == {"gain_life": 1}
    doc = state([{"id": "c", "card": "Chromatic Sphere"}, {"id": "i", "card": "Island"},
                 {"id": "top", "card": "Grizzly Bears", "zone": "library"}])
    after = applied(checker, doc, {"kind": "activate", "object": "c", "ability": 1}, choose="G")
    assert obj(after, "c")["zone"] == "graveyard" and obj(after, "top")["zone"] == "hand"
    assert alice(after).get("life", 20) == 20 and len(alice(after)["mana_pool"]) == 3
    after = applied(checker, state([{"id": "t", "card": "Pristine Talisman"}]),
                    {"kind": "activate", "object": "t", "ability": 1})
    assert alice(after)["life"] == 21 and alice(after)["mana_pool"] == "{C}"
    # used while paying for a spell: Grizzly Bears from a Forest and the Talisman's {C}
    doc = state([{"id": "t", "card": "Pristine Talisman"}, {"id": "f", "card": "Forest"},
                 {"id": "b", "card": "Grizzly Bears", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "b"})
    assert alice(after)["life"] == 21


def test_enchanted_creature_gets_a_mana_ability(results: dict[str, CardResult],
                                                checker: Checker) -> None:
    grant = abilities(results, "Karametra's Favor")[2]["grant"]
    assert grant["to"] == "enchanted" and grant["ability"]["mana"] == {"any_color": 1}
    doc = state([{"id": "b", "card": "Grizzly Bears"},
                 {"id": "f", "card": "Karametra's Favor", "attached_to": "b"}])
    assert mana(checker, doc, "b") == ["W", "U", "B", "R", "G"]
    assert mana(checker, state([{"id": "b", "card": "Grizzly Bears"}]), "b") == []


def test_threshold_activation_needs_seven_cards_in_your_graveyard(results: dict[str, CardResult],
                                                                   checker: Checker) -> None:
    ring = abilities(results, "Barbarian Ring")
    assert ring[1]["condition"] == {"graveyard_at_least": 7}
    # CR 602.5b: "Activate only if there are seven or more cards in your graveyard"
    yard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard"} for i in range(7)]
    base = [{"id": "r", "card": "Barbarian Ring"}, {"id": "m", "card": "Mountain"}]
    act = {"kind": "activate", "object": "r", "ability": 2}
    v = why(checker, state(base + yard[:6]), act)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    assert "602.5b" not in {r.rule for r in why(checker, state(base + yard), act).reasons}
    # the opponent's graveyard doesn't count
    theirs = [{**g, "owner": "bob"} for g in yard]
    assert "602.5b" in {r.rule for r in why(checker, state(base + theirs), act).reasons}


def test_spend_restrictions_multicolored_colorless_and_subtype_abilities(
        results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Pillar of the Paruns")[0]["mana"]["spend_only"] == [
        {"spell": {"multicolored": True}}]
    assert abilities(results, "Smokebraider")[0]["mana"]["spend_only"] == [
        {"spell": {"subtypes": ["Elemental"]}}, {"ability": {"of_subtypes": ["Elemental"]}}]
    assert abilities(results, "Codsworth, Handy Helper")[1]["mana"]["spend_only"] == [
        {"spell": {"subtypes": ["Aura"]}}, {"spell": {"subtypes": ["Equipment"]}}]
    # CR 106.6, 105.2b: the Pillar's mana casts a multicolored spell only; a hybrid cost has both
    # colors (Boros Guildmage {R/W}{R/W}, Kitchen Finks {1}{G/W}{G/W})
    two = lands("Pillar of the Paruns", "Pillar of the Paruns", "Pillar of the Paruns")
    assert cast_legal(checker, two[:2], "Boros Guildmage")
    assert cast_legal(checker, two, "Kitchen Finks")
    assert not cast_legal(checker, two[:2], "Grizzly Bears")
    # 105.2c: the Sage's {C} casts a colorless spell (Sol Ring), not Grizzly Bears' generic part
    sage = [{"id": "s", "card": "Sage of the Unknowable"}]
    assert cast_legal(checker, sage, "Sol Ring")
    assert not cast_legal(checker, [*sage, *lands("Forest")], "Grizzly Bears")
    assert cast_legal(checker, lands("Island", "Forest"), "Grizzly Bears")
    # Smokebraider: Elemental spells, or abilities of Elementals
    smoke = [{"id": "sm", "card": "Smokebraider"}]
    assert cast_legal(checker, smoke, "Flamekin Brawler")
    assert not cast_legal(checker, smoke, "Grizzly Bears")
    brawler = state([*smoke, {"id": "fb", "card": "Flamekin Brawler"}])
    assert why(checker, brawler, {"kind": "activate", "object": "fb", "ability": 1}).legal
    bears = state([*smoke, {"id": "gb", "card": "Kitchen Finks"}])
    assert mana(checker, bears, "sm") == ["W", "U", "B", "R", "G"]


def test_cinder_marsh_skips_its_next_untap_step(results: dict[str, CardResult],
                                                checker: Checker) -> None:
    a = abilities(results, "Cinder Marsh")
    assert a[1]["mana"] == {"choice": ["{B}", "{R}"]} and a[1]["rider"] == {"skip_untap": 1}
    # CR 605.1a: still a mana ability; the {C} ability has no rider
    after = applied(checker, state([{"id": "cm", "card": "Cinder Marsh"}]),
                    {"kind": "activate", "object": "cm", "ability": 2}, choose="R")
    assert alice(after)["mana_pool"] == "{R}" and obj(after, "cm")["skip_untap"] is True
    plain = applied(checker, state([{"id": "cm", "card": "Cinder Marsh"}]),
                    {"kind": "activate", "object": "cm", "ability": 1})
    assert "skip_untap" not in obj(plain, "cm")
    # 502.3: alice's next untap step leaves it tapped and clears the field; without the field it
    # untaps
    def to_alices_upkeep(cm: dict[str, Any]) -> dict[str, Any]:
        doc = passed_until(checker, state([cm], step="end", active_player="bob", priority="bob"),
                           lambda st: st.active_player == "alice")
        return obj(doc, "cm")

    cm = {"id": "cm", "card": "Cinder Marsh", "tapped": True}
    kept = to_alices_upkeep({**cm, "skip_untap": True})
    assert kept.get("tapped") is True and "skip_untap" not in kept
    assert not to_alices_upkeep(cm).get("tapped")


def test_activate_only_once_each_turn(results: dict[str, CardResult], checker: Checker) -> None:
    a = abilities(results, "Mardu Devotee")[1]
    assert a["once_each_turn"] is True and a["mana"] == {"choice": ["{R}", "{W}", "{B}"]}
    dev = {"id": "d", "card": "Mardu Devotee"}
    act = {"kind": "activate", "object": "d", "ability": 2}
    assert why(checker, state([dev, *lands("Forest")]), act).legal
    v = why(checker, state([{**dev, "activated_this_turn": [2]}, *lands("Forest")]), act)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    after = applied(checker, state([dev, *lands("Forest")]), act, choose="W")
    # (the Forest's {G} or the {W} pays the {1}: the player chooses which mana stays)
    assert obj(after, "d")["activated_this_turn"] == [2]
    assert alice(after)["mana_pool"] in ("{W}", "{G}")
    # used while paying: Forest pays its {1}, it adds {W}; with the Mountain, Boros Guildmage
    assert cast_legal(checker, [dev, *lands("Forest", "Mountain")], "Boros Guildmage")
    assert not cast_legal(checker, [{**dev, "activated_this_turn": [2]},
                                    *lands("Forest", "Mountain")], "Boros Guildmage")
    doc = state([dev, *lands("Forest", "Mountain"),
                 {"id": "bg", "card": "Boros Guildmage", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "bg"})
    assert obj(after, "d")["activated_this_turn"] == [2]
    # the record ends with the turn
    doc = passed_until(checker, state([{**dev, "activated_this_turn": [2]}], step="end"), lambda st: st.turn == 6)
    assert "activated_this_turn" not in obj(doc, "d")


# --- counted amounts: on the battlefield, counters on the source, its power -----------------


def test_count_templates(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Priest of Titania")[0]["mana"] == {
        "for_each": {"mana": "{G}", "on_battlefield": {"subtypes": ["Elf"]}}}
    assert abilities(results, "Viridian Joiner")[0]["mana"] == {
        "for_each": {"mana": "{G}", "self": "power"}}
    assert abilities(results, "Lotus Blossom")[1]["mana"] == {
        "for_each": {"any_one_color": True, "counters": "petal"}}
    assert abilities(results, "Wirewood Channeler")[0]["mana"] == {
        "for_each": {"any_one_color": True, "on_battlefield": {"subtypes": ["Elf"]}}}
    assert abilities(results, "Elementalist's Palette")[2]["mana"] == {
        "for_each": {"mana": "{C}", "counters": "charge"}, "spend_only": [{"x": True}]}


def test_priest_of_titania_counts_every_elf_on_the_battlefield(checker: Checker) -> None:
    # CR 605.3b: counted as the ability resolves; "on the battlefield": anyone's Elves, itself too
    priest = {"id": "p", "card": "Priest of Titania"}
    after = applied(checker, state([priest]), {"kind": "activate", "object": "p", "ability": 1})
    assert alice(after)["mana_pool"] == "{G}"
    theirs = {"id": "e", "card": "Llanowar Elves", "owner": "bob"}
    after = applied(checker, state([priest, theirs, {"id": "b", "card": "Grizzly Bears"}]),
                    {"kind": "activate", "object": "p", "ability": 1})
    assert alice(after)["mana_pool"] == "{G}{G}"


def test_amount_equal_to_power_follows_counters(checker: Checker) -> None:
    # Viridian Joiner is 1/2: {G}; with two +1/+1 counters its power is 3 (613.4c): {G}{G}{G}
    vj = {"id": "v", "card": "Viridian Joiner"}
    act = {"kind": "activate", "object": "v", "ability": 1}
    assert alice(applied(checker, state([vj]), act))["mana_pool"] == "{G}"
    grown = {**vj, "counters": {"+1/+1": 2}}
    assert alice(applied(checker, state([grown]), act))["mana_pool"] == "{G}{G}{G}"
    # power 0 or less adds nothing (107.1b): could produce nothing
    shrunk = {**vj, "counters": {"-1/-1": 1}}
    assert mana(checker, state([shrunk]), "v") == []
    # the mana pays: {1}{G} from the grown Joiner alone
    assert cast_legal(checker, [grown], "Grizzly Bears")
    assert not cast_legal(checker, [vj], "Grizzly Bears")


def test_x_mana_of_one_color_from_counters(checker: Checker) -> None:
    # Lotus Blossom: "{T}, Sacrifice this artifact: Add X mana of any one color, where X is the
    # number of petal counters on this artifact" -- all of one color (106.1a)
    lb = {"id": "lb", "card": "Lotus Blossom", "counters": {"petal": 3}}
    assert mana(checker, state([{**lb, "counters": {}}]), "lb") == []
    assert mana(checker, state([lb]), "lb") == ["W", "U", "B", "R", "G"]
    after = applied(checker, state([lb]), {"kind": "activate", "object": "lb", "ability": 2},
                    choose="R")
    assert alice(after)["mana_pool"] == "{R}{R}{R}"
    assert not any(o["id"] == "lb" and o["zone"] == "battlefield" for o in after["objects"])
    # three of one color: {G}{G}{G}-costing... a {1}{G} spell is payable, {W}{G} is not
    assert cast_legal(checker, [lb], "Grizzly Bears")
    # Wirewood Channeler: X = the Elves on the battlefield (anyone's)
    wc = {"id": "w", "card": "Wirewood Channeler"}
    after = applied(checker, state([wc, {"id": "e", "card": "Llanowar Elves", "owner": "bob"}]),
                    {"kind": "activate", "object": "w", "ability": 1}, choose="U")
    assert alice(after)["mana_pool"] == "{U}{U}"


def test_counters_on_the_source_count(checker: Checker) -> None:
    # Elementalist's Palette: {C} per charge counter, only on costs with {X}
    pal = {"id": "pal", "card": "Elementalist's Palette", "counters": {"charge": 2}}
    after = applied(checker, state([pal]), {"kind": "activate", "object": "pal", "ability": 3})
    # the mana keeps its restriction in the pool (106.6): an entry of restricted_mana
    assert "mana_pool" not in alice(after)
    assert alice(after)["restricted_mana"] == [{"mana": "{C}{C}", "card": "Elementalist's Palette", "ability": 3}]
    assert mana(checker, state([{**pal, "counters": {}}]), "pal") == ["W", "U", "B", "R", "G"]


def test_tap_untapped_counts_and_supertypes(results: dict[str, CardResult],
                                            checker: Checker) -> None:
    assert abilities(results, "Heritage Druid")[0]["cost"] == {
        "tap_untapped": {"type": "Creature", "subtypes": ["Elf"], "count": 3}}
    assert abilities(results, "Relic of Legends")[1]["cost"] == {
        "tap_untapped": {"type": "Creature", "supertypes": ["Legendary"], "count": 1}}
    # Heritage Druid: three untapped Elves, itself among them (no {T}: summoning sickness doesn't
    # matter, 302.6); two are not enough (118.3)
    hd = {"id": "hd", "card": "Heritage Druid", "controlled_since_turn": 5}
    elves = [{"id": f"e{i}", "card": "Llanowar Elves"} for i in range(2)]
    act = {"kind": "activate", "object": "hd", "ability": 1}
    after = applied(checker, state([hd, *elves]), act)
    assert alice(after)["mana_pool"] == "{G}{G}{G}"
    assert all(obj(after, o)["tapped"] for o in ("hd", "e0", "e1"))
    v = why(checker, state([hd, elves[0]]), act)
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    v = why(checker, state([hd, elves[0], {**elves[1], "tapped": True}]), act)
    assert not v.legal
    # Relic of Legends: a legendary creature, not any creature
    relic = {"id": "r", "card": "Relic of Legends"}
    act = {"kind": "activate", "object": "r", "ability": 2}
    v = why(checker, state([relic, {"id": "b", "card": "Llanowar Elves"}]), act)
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    after = applied(checker, state([relic, {"id": "t", "card": "Rosheen Meanderer"}]),
                    act, choose="B")
    assert alice(after)["mana_pool"] == "{B}" and obj(after, "t")["tapped"]


# --- "Activate only ..." restrictions: conditions and timings (602.5b, 602.5d) ----------------


def test_activation_restriction_templates(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Bleachbone Verge")[1]["condition"] == {
        "you_control": {"subtypes": ["Plains", "Swamp"], "min": 1}}
    assert abilities(results, "Whisperer of the Wilds")[1]["condition"] == {
        "you_control": {"types": ["Creature"], "min_power": 4, "min": 1}}
    assert abilities(results, "Library of Alexandria")[1]["condition"] == {"hand_exactly": 7}
    assert abilities(results, "Atarka Pummeler")[0]["condition"] == {"total_power_at_least": 8}
    assert abilities(results, "Sanctum of Eternity")[1]["timing"] == "your_turn"


def test_verge_second_color_only_with_its_basic_types(checker: Checker) -> None:
    verge = {"id": "v", "card": "Bleachbone Verge"}
    act = {"kind": "activate", "object": "v", "ability": 2}
    v = why(checker, state([verge]), act)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    assert why(checker, state([verge, {"id": "p", "card": "Plains"}]), act).legal
    # the payment search respects it too (605.3a): Mardu Devotee's {W} from the Verge needs a
    # Plains or a Swamp
    assert not cast_legal(checker, [verge, {"id": "f", "card": "Forest"}], "Mardu Devotee")
    assert cast_legal(checker, [verge, {"id": "s", "card": "Swamp", "tapped": True}],
                      "Mardu Devotee")


def test_mox_opal_pays_only_with_metalcraft(checker: Checker) -> None:
    # a mana ability whose activation condition isn't met can't be activated while paying either
    # (602.5b, 605.3a): Mox Opal alone (one artifact) doesn't pay for Sol Ring
    assert not cast_legal(checker, [{"id": "m", "card": "Mox Opal"}], "Sol Ring")
    arts = [{"id": f"a{i}", "card": "Sol Ring"} for i in range(2)]
    tapped = [{**a, "tapped": True} for a in arts]
    assert cast_legal(checker, [{"id": "m", "card": "Mox Opal"}, *tapped], "Sol Ring")


def test_ferocious_mana_and_hand_size_conditions(checker: Checker) -> None:
    w = {"id": "w", "card": "Whisperer of the Wilds"}
    act = {"kind": "activate", "object": "w", "ability": 2}
    assert not why(checker, state([w]), act).legal
    big = {"id": "g", "card": "Viridian Joiner", "counters": {"+1/+1": 3}}  # power 4
    after = applied(checker, state([w, big]), act)
    assert alice(after)["mana_pool"] == "{G}{G}"
    small = {**big, "counters": {"+1/+1": 2}}
    assert not why(checker, state([w, small]), act).legal
    lib = {"id": "l", "card": "Library of Alexandria"}
    act = {"kind": "activate", "object": "l", "ability": 2}
    hand = [{"id": f"h{i}", "card": "Forest", "zone": "hand"} for i in range(7)]
    assert why(checker, state([lib, *hand]), act).legal
    v = why(checker, state([lib, *hand[:6]]), act)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}


def test_activate_only_during_your_turn(checker: Checker) -> None:
    s = {"id": "s", "card": "Sanctum of Eternity"}
    act = {"kind": "activate", "object": "s", "ability": 2}
    lands_ = [{"id": f"f{i}", "card": "Forest"} for i in range(2)]
    doc = state([s, *lands_], active_player="bob", priority="alice")
    v = why(checker, doc, act)
    assert not v.legal and "602.5b" in {r.rule for r in v.reasons}
    assert any("during its controller's turn" in r.message for r in v.reasons)


# --- abilities granted to groups of permanents (613.1f) ----------------------------------------


def test_grant_to_groups(results: dict[str, CardResult], checker: Checker) -> None:
    g = abilities(results, "Gemhide Sliver")[0]
    assert g["grant"]["to"] == {"subtypes": ["Sliver"], "controller": "any"}
    assert g["grant"]["ability"]["mana"] == {"any_color": 1}
    assert abilities(results, "Jaheira, Friend of the Forest")[0]["grant"]["to"] == {
        "token": True, "controller": "you"}
    # "All Slivers have ...": every Sliver on the battlefield, the opponent's too
    doc = state([{"id": "s", "card": "Gemhide Sliver", "controlled_since_turn": 5},
                 {"id": "t", "card": "Gemhide Sliver", "owner": "bob"},
                 {"id": "e", "card": "Llanowar Elves"}])
    assert mana(checker, doc, "t") == ["W", "U", "B", "R", "G"]
    assert mana(checker, doc, "e") == ["G"]
    # its own ability is a {T} ability of a creature: summoning sickness applies (302.6)
    v = why(checker, doc, {"kind": "activate", "object": "s",
                           "ability": {"granted_by": "Gemhide Sliver", "index": 1}})
    assert not v.legal and "302.6" in {r.rule for r in v.reasons}
    # "Tokens you control have ...": a token gets it, a card doesn't
    doc = state([{"id": "j", "card": "Jaheira, Friend of the Forest"},
                 {"id": "tok", "card": "Gemhide Sliver", "token": True},
                 {"id": "c", "card": "Viridian Joiner"}])
    assert mana(checker, doc, "c") == ["G"]
    assert mana(checker, doc, "tok") == ["W", "U", "B", "R", "G"]
    doc["objects"][1].pop("token")
    assert "G" in mana(checker, doc, "tok")


def test_level_up_and_class_levels_are_refused(results: dict[str, CardResult]) -> None:
    # "LEVEL 1-4 ... {T}: Add {G}{G}." applies only at that level (CR 711): not importable
    r = results["Joraga Treespeaker"]
    assert r.card is None and "LEVEL 1-4" in r.refusal


def test_depletion_land_sacrificed_with_its_last_counter(results: dict[str, CardResult],
                                                         checker: Checker) -> None:
    a = abilities(results, "Hickory Woodlot")
    assert a[1]["sacrifice_if_no_counters"] == "depletion"
    wl = {"id": "w", "card": "Hickory Woodlot", "counters": {"depletion": 2}}
    act = {"kind": "activate", "object": "w", "ability": 2}
    after = applied(checker, state([wl]), act)
    assert alice(after)["mana_pool"] == "{G}{G}"
    assert obj(after, "w")["zone"] == "battlefield" and obj(after, "w")["counters"] == {
        "depletion": 1}
    # the last counter: sacrificed as the mana ability resolves (605.3b)
    after = applied(checker, state([{**wl, "counters": {"depletion": 1}}]), act)
    assert alice(after)["mana_pool"] == "{G}{G}"
    assert obj(after, "w")["zone"] == "graveyard"
    # no counter: the cost can't be paid (118.3)
    v = why(checker, state([{**wl, "counters": {}}]), act)
    assert not v.legal and "118.3" in {r.rule for r in v.reasons}
    # used while paying for a spell, too
    doc = state([{**wl, "counters": {"depletion": 1}},
                 {"id": "b", "card": "Grizzly Bears", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "b"})
    assert obj(after, "w")["zone"] == "graveyard"


def test_storage_land_removes_any_number_of_counters(results: dict[str, CardResult],
                                                     checker: Checker) -> None:
    a = abilities(results, "Fountain of Cho")
    assert a[1]["effect"] == {"action": "add_counter", "counter": "storage", "n": 1}
    assert rules(a[2]) == {"kind": "activated",
                           "cost": {"tap": True, "remove_any_counters": "storage"},
                           "mana": {"for_each": {"mana": "{W}", "counters_removed": "storage"}}}
    fc = {"id": "f", "card": "Fountain of Cho", "counters": {"storage": 3}}
    # 106.7 ignores costs: with no storage counter, removing some could still add {W} (probe17c)
    assert mana(checker, state([{**fc, "counters": {}}]), "f") == ["W"]
    assert mana(checker, state([fc]), "f") == ["W"]
    # activated as the action: all three removed, {W}{W}{W} (122.8)
    after = applied(checker, state([fc]), {"kind": "activate", "object": "f", "ability": 3})
    assert alice(after)["mana_pool"] == "{W}{W}{W}"
    assert not obj(after, "f").get("counters")
    # while paying: as many as needed or more; Mardu Devotee ({W}) from it alone
    doc = state([fc, {"id": "d", "card": "Mardu Devotee", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "d"})
    left = obj(after, "f").get("counters", {}).get("storage", 0)
    assert obj(after, "f")["tapped"] and left + len(alice(after).get("mana_pool", "")) // 3 == 2
    # three {W} pay for Order of Whiteclay ({1}{W}{W}); two don't
    assert cast_legal(checker, [fc], "Order of Whiteclay")
    assert not cast_legal(checker, [{**fc, "counters": {"storage": 2}}], "Order of Whiteclay")
    # the storage ability: "{T}: Put a storage counter on this land" adds one as it resolves
    doc = state([{**fc, "counters": {}}])
    from mtgasp.apply import apply_action

    after = applied(checker, doc, {"kind": "activate", "object": "f", "ability": 2})
    st = parse_state(after, checker.library)
    for _ in range(2):
        res = apply_action(checker, st, parse_action({"kind": "pass"}, st, checker.library,
                                                     st.priority), st.priority, None)
        st = parse_state(res.state, checker.library)
        if not res.state.get("stack"):
            break
    assert obj(res.state, "f")["counters"] == {"storage": 1}


def test_reveal_a_creature_type_land(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Primal Beyond")[0]["unless"] == {
        "reveal": {"subtypes": ["Elemental"]}}
    pb = {"id": "pb", "card": "Primal Beyond", "zone": "hand"}
    act = {"kind": "play_land", "object": "pb"}
    # no Elemental card in hand: tapped (614.12)
    after = applied(checker, state([pb, {"id": "x", "card": "Forest", "zone": "hand"}]), act)
    assert obj(after, "pb").get("tapped") is True
    # an Elemental card: revealed, untapped (701.20a)
    after = applied(checker, state([pb, {"id": "x", "card": "Smokebraider", "zone": "hand"}]), act)
    assert not obj(after, "pb").get("tapped")
    # a changeling card is every creature type in every zone (702.73a)
    after = applied(checker, state([pb, {"id": "x", "card": "Universal Automaton",
                                         "zone": "hand"}]), act)
    assert not obj(after, "pb").get("tapped")


def test_sacrifice_a_creature_for_mana_sacrifices_it(checker: Checker) -> None:
    # Ashnod's Altar: "Sacrifice a creature: Add {C}{C}" -- the creature goes to the graveyard
    # (118.3, 701.21), as the action or while paying
    altar = {"id": "a", "card": "Ashnod's Altar"}
    elf = {"id": "e", "card": "Llanowar Elves", "tapped": True}
    after = applied(checker, state([altar, elf]), {"kind": "activate", "object": "a", "ability": 1})
    assert alice(after)["mana_pool"] == "{C}{C}" and obj(after, "e")["zone"] == "graveyard"
    after = applied(checker, state([altar, elf, {"id": "s", "card": "Sol Ring", "zone": "hand"}]),
                    {"kind": "cast", "object": "s"})
    assert obj(after, "e")["zone"] == "graveyard" and alice(after)["mana_pool"] == "{C}"
    # nothing to sacrifice: can't be activated, can't pay (118.3); it could still produce {C}
    # (106.7 ignores costs)
    assert not cast_legal(checker, [altar], "Sol Ring")
    assert mana(checker, state([altar]), "a") == ["C"]


def test_sacrifice_a_desert(results: dict[str, CardResult], checker: Checker) -> None:
    a = abilities(results, "Ipnu Rivulet")
    assert a[2]["cost"] == {"mana": "{1}{U}", "tap": True, "sacrifice": {"subtypes": ["Desert"]}}
    # the Rivulet is itself a Desert: it pays {T} and is sacrificed (118.3, 701.21)
    doc = state([{"id": "r", "card": "Ipnu Rivulet"}, *lands("Island", "Island")])
    act = {"kind": "activate", "object": "r", "ability": 3, "targets": ["bob"]}
    v = why(checker, doc, act)
    assert v.legal, v.why_json()
    assert "sacrifice a Desert" in v.why_json()["cost"]
    after = applied(checker, doc, act)
    assert obj(after, "r")["zone"] == "graveyard"
    assert all(obj(after, f"l{i}")["tapped"] for i in range(2))


def test_equipped_creature_has_a_mana_ability(results: dict[str, CardResult],
                                              checker: Checker) -> None:
    assert abilities(results, "Paradise Mantle")[0]["grant"]["to"] == "enchanted"
    elf = {"id": "e", "card": "Grizzly Bears"}
    mantle = {"id": "m", "card": "Paradise Mantle", "attached_to": "e"}
    assert mana(checker, state([elf, mantle]), "e") == ["W", "U", "B", "R", "G"]
    assert mana(checker, state([elf, {**mantle, "attached_to": None}]), "e") == []


def test_mana_battery_adds_one_more_than_the_counters_removed(checker: Checker) -> None:
    bat = {"id": "b", "card": "Black Mana Battery"}
    act = {"kind": "activate", "object": "b", "ability": 2}
    assert alice(applied(checker, state([bat]), act))["mana_pool"] == "{B}"
    after = applied(checker, state([{**bat, "counters": {"charge": 2}}]), act)
    assert alice(after)["mana_pool"] == "{B}{B}{B}" and not obj(after, "b").get("counters")
    assert mana(checker, state([bat]), "b") == ["B"]


def test_a_scryfall_list_object_is_read_as_its_cards() -> None:
    # found by probe28e: a Scryfall API page ({"object": "list", "data": [cards]}) was refused as
    # MTGJSON AtomicCards whose "data" isn't an object
    from mtgasp.errors import InputError
    card = {"object": "card", "name": "Test Card", "type_line": "Instant", "mana_cost": "{R}",
            "oracle_text": "Draw a card.", "layout": "normal"}
    cards = read_cards({"object": "list", "has_more": False, "data": [card]}, "page.json")
    assert [c.name for c in cards] == ["Test Card"]
    with pytest.raises(InputError) as e:
        read_cards({"object": "list", "data": [{**card, "type_line": 5}]}, "page.json")
    assert "data[0].type_line" in e.value.render()


def test_elvish_guidance_counts_elves_in_a_triggered_mana_ability() -> None:
    # 605.4a, 106.12a: "its controller adds an additional {G} for each Elf on the battlefield" is a
    # triggered mana ability counting permanents as it resolves (found by probe29a: refused)
    raw = read_cards({"data": {"Elvish Guidance": [{
        "name": "Elvish Guidance", "manaCost": "{2}{G}", "type": "Enchantment — Aura",
        "types": ["Enchantment"], "subtypes": ["Aura"], "supertypes": [],
        "text": "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
                "additional {G} for each Elf on the battlefield.", "layout": "normal"}]}}, "test")[0]
    res = compile_card(raw)
    assert res.card is not None, res.refusal
    trig = res.card["faces"][0]["abilities"][1]
    assert trig["mana"] == {"for_each": {"mana": "{G}", "on_battlefield": {"subtypes": ["Elf"]}}}
    assert trig["trigger"] == {"event": "tapped_for_mana", "what": "enchanted"}
