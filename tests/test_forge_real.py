"""Forge puzzles read with a library compiled by `mtgasp cards import` (the lazily read imported
library of the per-user data folder), and what real puzzle files showed the importer lacked.

The fixtures are written for these tests: tests/fixtures/forge/invented_cards.json holds invented
cards in MTGJSON's shape, the .pzl files follow Forge's documented format; none is a copy of a
Forge puzzle or of a real card.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mtgasp.api import Checker
from mtgasp.cards import CardLibrary
from mtgasp.cli import main
from mtgasp.forge import UnknownCardsError, parse_pzl
from mtgasp.state import parse_state

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "forge"
INVENTED = FIXTURES / "invented_cards.json"


@pytest.fixture()
def lazy(tmp_path: Path, monkeypatch: Any) -> CardLibrary:
    """The built-in cards over the invented cards, imported into a per-user data folder."""
    from mtgasp.userlib import LazyCardLibrary, library_with_imported

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("MTGASP_NO_IMPORTED", raising=False)
    assert main(["cards", "import", str(INVENTED)]) == 0
    lib = library_with_imported()
    assert isinstance(lib, LazyCardLibrary)
    return lib


def _state(card: str) -> dict[str, Any]:
    return {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
            "players": [{"name": "alice"}, {"name": "bob"}],
            "objects": [{"id": "m1", "card": "Mountain", "owner": "alice", "zone": "battlefield"},
                        {"id": "m2", "card": "Mountain", "owner": "alice", "zone": "battlefield"},
                        {"id": "x", "card": card, "owner": "alice", "zone": "hand"}]}


# ---- the lazily read imported library: unknown names and token cards (was AttributeError) ----

def test_lazy_library_unknown_name_is_none_not_a_crash(lazy: CardLibrary) -> None:
    assert lazy.find("No Such Card Anywhere") is None
    assert "No Such Card Anywhere" not in lazy


def test_lazy_library_knows_the_tokens_of_imported_cards(lazy: CardLibrary) -> None:
    # 111.4: Muster Drummer's effect makes "Goblin Token", found on the first miss
    tok = lazy.find("Goblin Token")
    assert tok is not None and lazy.is_token("Goblin Token")
    assert (tok.faces[0].power, tok.faces[0].toughness, tok.faces[0].colors) == (1, 1, ("R",))
    assert isinstance(lazy.index("Goblin Token"), int)


def test_moves_of_a_state_naming_an_imported_token_maker(lazy: CardLibrary) -> None:
    st = parse_state(_state("Muster Drummer"), lazy)
    moves = [v.to_json() for v in Checker(lazy).moves(st)]
    assert any(m["kind"] == "cast" and m["object"] == "x" for m in moves), moves


def test_cli_unknown_card_with_an_imported_library_is_bad_input(tmp_path: Path, monkeypatch: Any,
                                                                capsys: Any) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("MTGASP_NO_IMPORTED", raising=False)
    assert main(["cards", "import", str(INVENTED)]) == 0
    capsys.readouterr()
    f = tmp_path / "s.json"
    f.write_text(json.dumps(_state("Muster Drumer")), encoding="utf-8")
    assert main(["moves", str(f)]) == 2
    err = capsys.readouterr().err
    assert 'unknown card "Muster Drumer"' in err and "Muster Drummer" in err
    pzl = tmp_path / "p.pzl"
    pzl.write_text("[state]\nhumanhand=Muster Drumer\n", encoding="utf-8")
    assert main(["import", "forge", str(pzl), "--out", str(tmp_path / "o.json")]) == 2
    assert "line 2" in capsys.readouterr().err


def test_forge_import_with_the_lazy_library(lazy: CardLibrary) -> None:
    r = parse_pzl("[state]\nhumanhand=Muster Drummer;Ember Scout\n"
                  "humanbattlefield=Mountain;Mountain\n", lazy)
    assert [o["card"] for o in r.document["objects"]][:2] == ["Muster Drummer", "Ember Scout"]
    with pytest.raises(UnknownCardsError) as e:
        parse_pzl("[state]\nhumanhand=Muster Drumer\n", lazy)
    assert e.value.names == ["Muster Drumer"]


# ---- counters on players: the state has poison (122.1f) and energy (107.14) ----------------

def test_player_counters_are_poison_and_energy() -> None:
    from mtgasp.forge import import_pzl

    lib = CardLibrary.builtin()
    r = import_pzl(FIXTURES / "poisoned.pzl", lib)
    p0, p1 = r.document["players"]
    assert (p0.get("poison"), p0.get("energy"), p1.get("energy")) == (7, 1, 3)
    assert "poison" not in p1
    (w,) = [w for w in r.warnings if w.kind == "player counters"]
    assert w.line == 11 and "EXPERIENCE=2" in w.message and "POISON" not in w.message


def test_player_counters_export_and_come_back() -> None:
    from mtgasp.forge import export_pzl, import_pzl

    lib = CardLibrary.builtin()
    st = parse_state(import_pzl(FIXTURES / "poisoned.pzl", lib).document, lib)
    out = export_pzl(st, lib)
    assert "humancounters=POISON=7,ENERGY=1" in out.text and "aicounters=ENERGY=3" in out.text
    assert not [w for w in out.warnings if w.kind == "player field"]
    back = parse_pzl(out.text, lib).document["players"]
    assert (back[0]["poison"], back[0]["energy"], back[1]["energy"]) == (7, 1, 3)


@pytest.mark.parametrize("value, words", [("POISON=x", "'POISON=x' is not KIND=NUMBER"),
                                          ("POISON=-1", "negative amount")])
def test_bad_player_counters_name_the_line(value: str, words: str) -> None:
    from mtgasp.errors import InputError

    with pytest.raises(InputError) as e:
        parse_pzl(f"[state]\nhumanlife=3\nhumancounters={value}\n", CardLibrary.builtin())
    text = e.value.render()
    assert "line 3" in text and words in text


# ---- tokens: Forge's token scripts (T:name) and a token's characteristics ------------------

def _tokens_pzl(items: str) -> str:
    return ("# Written for mtgasp's tests from Forge's documented puzzle format.\n[state]\n"
            f"turn=2\nactiveplayer=human\nactivephase=MAIN1\nhumanbattlefield=Mountain;{items}\n")


def test_token_script_resolves_to_the_library_token(lazy: CardLibrary) -> None:
    r = parse_pzl(_tokens_pzl("T:r_1_1_goblin|Tapped;T:w_2_2_knight_vigilance"), lazy)
    toks = [o for o in r.document["objects"] if o.get("token")]
    assert [(o["card"], o.get("tapped", False)) for o in toks] == [
        ("Goblin Token", True), ("Knight Token", False)]
    assert not [w for w in r.warnings if w.kind == "token"]


@pytest.mark.parametrize("item, words", [
    ("T:r_2_2_goblin", "differs (p/t 1/1, not 2/2)"),           # power and toughness
    ("T:rw_1_1_goblin", "differs (colors R, not R W)"),         # colors
    ("T:w_2_2_knight", "differs (keywords vigilance, not none)"),  # keywords
    ("T:c_a_clue_draw", "no token card of that name"),
    ("T:notascript", "not a token script name"),
    ("t:Goblin,P:1,T:1,Color:G,Types:Creature-Goblin", "differs (colors R, not G)"),
    ("t:Knight,P:2,T:2,Color:W,Types:Artifact-Creature-Knight,Keywords:Vigilance",
     "differs (types Creature, not Artifact Creature)"),
])
def test_a_token_unlike_the_library_token_is_a_warning(lazy: CardLibrary, item: str,
                                                       words: str) -> None:
    r = parse_pzl(_tokens_pzl(item + "|Id:4"), lazy)
    assert not [o for o in r.document["objects"] if o.get("token")]
    (w,) = [w for w in r.warnings if w.kind == "token"]
    assert w.line == 6 and words in w.message and "left out" in w.message, w.message


def test_described_token_with_the_same_characteristics_is_the_library_token(
        lazy: CardLibrary) -> None:
    r = parse_pzl(_tokens_pzl(
        "t:Knight,P:2,T:2,Cost:no cost,Color:W,Types:Creature-Knight,Keywords:Vigilance,"
        "Image:w_2_2_knight|Counters:P1P1=1"), lazy)
    (tok,) = [o for o in r.document["objects"] if o.get("token")]
    assert tok["card"] == "Knight Token" and tok["counters"] == {"+1/+1": 1}


def test_benchmark_reads_an_imported_library(tmp_path: Path, capsys: Any) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("forge_puzzles",
                                                  ROOT / "benchmarks" / "forge_puzzles.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    lib = tmp_path / "lib.json"
    assert main(["cards", "import", str(INVENTED), "--out", str(lib)]) == 0
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.pzl").write_text(_tokens_pzl("T:r_1_1_goblin") + "humanhand=Muster Drummer\n",
                                  encoding="utf-8")
    (folder / "b.pzl").write_text("[state]\nhumanhand=Muster Drumer\n", encoding="utf-8")
    capsys.readouterr()
    assert bench.main([str(folder), "--imported", str(lib), "--moves", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["converted"], report["need_cards"], report["moves_answered"]) == (1, 1, 1)
    assert report["missing_cards"] == {"Muster Drumer": 1} and report["moves_errors"] == {}
    assert bench.main([str(folder), "--imported", str(tmp_path / "nope.json")]) == 2


# ---- a target card in a graveyard with words the importer doesn't read (Unearth's shape) ----

def test_target_card_in_a_graveyard_is_read_past_words_not_read() -> None:
    from mtgasp.oracle import _targets_of

    text = "Return target creature card with mana value 2 or less from your graveyard to your hand."
    # (the mana value bound is read too since probe21b: 202.3, 601.2c)
    assert _targets_of(text) == [{"zone": "graveyard", "types": ["Creature"], "mana_value": {"at_most": 2},
                                  "controller": "you"}]
    assert _targets_of("Return target nonland permanent card from an opponent's graveyard.") == [
        {"zone": "graveyard", "types": ["Artifact", "Creature", "Enchantment", "Land",
                                        "Planeswalker", "Battle"], "controller": "opponents"}]
    # a card not read in a zone: no requirement, never a permanent on the battlefield
    assert _targets_of("Put target creature card exiled with this creature into a graveyard.") == []


def test_grave_lantern_needs_a_creature_card_in_your_graveyard(lazy: CardLibrary) -> None:
    from mtgasp.actions import parse_action

    doc = _state("Grave Lantern")
    doc["objects"][2]["id"] = "gl"
    doc["objects"][0]["card"] = "Swamp"
    doc["objects"].append({"id": "bears", "card": "Grizzly Bears", "owner": "alice",
                           "zone": "battlefield"})
    checker = Checker(lazy)
    st = parse_state(doc, lazy)
    v = checker.why(st, parse_action({"kind": "cast", "object": "gl"}, st, lazy, "alice"))
    assert not v.legal and any(r.rule == "601.2c" for r in v.reasons), v.why_json()
    doc["objects"][3]["zone"] = "graveyard"   # now a creature card in her graveyard
    st = parse_state(doc, lazy)
    v = checker.why(st, parse_action({"kind": "cast", "object": "gl"}, st, lazy, "alice"))
    assert v.legal, v.why_json()


def test_ward_with_a_cost_other_than_mana_is_imported_as_not_modeled(lazy: CardLibrary) -> None:
    # the card format's ward takes a mana cost (702.21a); "Ward—Discard a card" made the card
    # invalid, so the whole card was refused (Vein Ripper, 2 of 60 real puzzles)
    card = lazy.find("Thornback Warden")
    assert card is not None
    (ab,) = card.faces[0].abilities
    assert ab.kind == "not_modeled" and ab.text.startswith("Ward—Discard a card")


@pytest.mark.parametrize("item, words", [
    ("|Tapped", "humanbattlefield: '|Tapped': no card name before the modifiers"),
    ("Forest|Counters:=2", "Forest|Counters:=2: '=2' has no counter kind"),
    ("Forest|Attaching:", "Forest|Attaching:: Attaching needs the Id of a card of this file"),
])
def test_bad_card_items_name_the_line_and_the_item(item: str, words: str) -> None:
    from mtgasp.errors import InputError

    with pytest.raises(InputError) as e:
        parse_pzl(f"[state]\nhumanlife=3\nhumanbattlefield={item}\n", CardLibrary.builtin())
    text = e.value.render()
    assert f"line 3: {words}" in text and 'unknown card ""' not in text, text
