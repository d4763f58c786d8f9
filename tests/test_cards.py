"""The card library: built-in data, lookups, user card files and their validation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from mtgasp.cards import CardLibrary, UnknownCardError, parse_card_document
from mtgasp.errors import InputError

# Every card of shared/reference/cards.md (hard-coded: CI may not have shared/ beside the repo).
CARDS_MD_NAMES = [
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
    "Reflecting Pool", "Exotic Orchard", "Vivid Crag", "Gemstone Caverns",
    "Fellwar Stone", "Chromatic Lantern", "Pili-Pala", "Llanowar Elves", "Birds of Paradise",
    "Squandered Resources", "Contamination", "Pale Moon", "Heartbeat of Spring", "Wild Growth",
    "Mana Reflection", "Fervor",
    "Lightning Bolt", "Grizzly Bears", "Spectral Sailor", "Burst Lightning", "Shrapnel Blast",
    "Endless One", "Walking Ballista",
    "Saw It Coming", "Doomskar", "Behold the Multiverse", "Starnheim Unleashed",
    "Alrund's Epiphany", "Dream Devourer", "Kolvori, God of Kinship // The Ringhart Crest",
    "Freestrider Commando", "Slickshot Show-Off", "Outcaster Trailblazer", "Aven Interrupter",
    "Fblthp, Lost on the Range",
    "Goliath Daydreamer", "Watcher for Tomorrow", "Mosswort Bridge", "Windbrisk Heights",
    "Shelldock Isle", "Spinerock Knoll", "Howltooth Hollow",
]

CARDS_MD = Path(__file__).resolve().parents[2] / "shared" / "reference" / "cards.md"


@pytest.fixture(scope="module")
def lib() -> CardLibrary:
    return CardLibrary.builtin()


def ability(lib: CardLibrary, card: str, index: int, face: int = 0) -> Any:
    ab = lib.get(card).faces[face].abilities[index - 1]
    assert ab.index == index
    return ab


# --- the built-in library -------------------------------------------------------------------


@pytest.mark.parametrize("name", CARDS_MD_NAMES)
def test_every_reference_card_is_built_in(lib: CardLibrary, name: str) -> None:
    assert name in lib
    assert lib.get(name).name == name


def test_builtin_has_exactly_the_reference_cards(lib: CardLibrary) -> None:
    assert sorted(lib.names()) == sorted(CARDS_MD_NAMES)


@pytest.mark.skipif(not CARDS_MD.exists(), reason="shared/reference/cards.md not beside the repo")
def test_cards_md_names_match_hard_coded_list() -> None:
    names = []
    for line in CARDS_MD.read_text(encoding="utf-8").splitlines():
        m = re.match(r"- (.+?) — ", line)
        if not m:
            continue
        head = m.group(1)
        names += [n.strip() for n in head.split(" / ")] if head.startswith("Plains") else [head]
    names = [n.removesuffix(" — modal double-faced card.") for n in names]
    assert sorted(names) == sorted(CARDS_MD_NAMES)


def test_builtin_is_cached(lib: CardLibrary) -> None:
    assert CardLibrary.builtin() is lib


def test_ability_texts_are_oracle_substrings(lib: CardLibrary) -> None:
    for card in lib:
        for face in card.faces:
            for ab in face.abilities:
                assert ab.text in face.oracle, (card.name, ab.index)


def test_basic_lands(lib: CardLibrary) -> None:
    for name, color in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                        ("Forest", "G")):
        face = lib.get(name).faces[0]
        assert face.supertypes == ("Basic",) and face.types == ("Land",)
        assert face.subtypes == (name,)
        assert face.mana_cost is None
        ab = face.abilities[0]
        assert ab.index == 1 and ab.kind == "activated"
        assert ab.text == f"({{T}}: Add {{{color}}}.)"
        assert ab.spec == {"cost": {"tap": True}, "mana": {"fixed": f"{{{color}}}"}}
    wastes = lib.get("Wastes").faces[0]
    assert wastes.subtypes == () and wastes.supertypes == ("Basic",)
    assert wastes.abilities[0].spec["mana"] == {"fixed": "{C}"}


def test_could_produce_lands(lib: CardLibrary) -> None:
    pool = ability(lib, "Reflecting Pool", 1)
    assert pool.spec["cost"] == {"tap": True}
    assert pool.spec["mana"] == {"could_produce": {"of": "land_you_control", "colors_only": False}}
    for name in ("Exotic Orchard", "Fellwar Stone"):
        assert ability(lib, name, 1).spec["mana"] == {
            "could_produce": {"of": "land_opponent_controls", "colors_only": True}}
    sq = ability(lib, "Squandered Resources", 1)
    assert sq.spec["cost"] == {"sacrifice": {"type": "Land"}}
    assert sq.spec["mana"]["could_produce"] == {"of": "sacrificed", "colors_only": False}


def test_vivid_crag_and_gemstone_caverns(lib: CardLibrary) -> None:
    enters = ability(lib, "Vivid Crag", 1)
    assert enters.kind == "replacement"
    assert enters.spec["enters_tapped"] is True
    assert enters.spec["enters_with_counters"] == {"counter": "charge", "amount": 2}
    assert ability(lib, "Vivid Crag", 3).spec["cost"] == {"tap": True,
                                                          "remove_counters": {"charge": 1}}
    caverns = lib.get("Gemstone Caverns").faces[0]
    assert caverns.supertypes == ("Legendary",)
    assert caverns.abilities[1].spec["mana"] == {
        "if_counter": "luck", "then": {"any_color": 1}, "else": {"fixed": "{C}"}}


def test_granted_abilities(lib: CardLibrary) -> None:
    lantern = ability(lib, "Chromatic Lantern", 1)
    assert lantern.kind == "static"
    assert lantern.spec["grant"]["to"] == "lands_you_control"
    assert lantern.spec["grant"]["ability"]["mana"] == {"any_color": 1}
    fervor = ability(lib, "Fervor", 1).spec["grant"]
    assert fervor["to"] == "creatures_you_control"
    assert fervor["ability"]["keyword"] == "haste"
    dd = ability(lib, "Dream Devourer", 1).spec["grant"]
    assert dd["to"] == "nonland_cards_in_your_hand_without_foretell"
    assert dd["ability"]["cost"] == {"mana_cost_reduced_by": "{2}"}
    assert ability(lib, "Dream Devourer", 2).spec["trigger"]["event"] == "foretell"


def test_pili_pala_untap_cost(lib: CardLibrary) -> None:
    ab = ability(lib, "Pili-Pala", 2)
    assert ab.spec["cost"] == {"mana": "{2}", "untap": True}
    assert ab.spec["mana"] == {"any_color": 1}


def test_mana_replacement_effects(lib: CardLibrary) -> None:
    cont = ability(lib, "Contamination", 2).spec["replace_mana"]
    assert cont["result"] == {"fixed": "{B}"}
    moon = ability(lib, "Pale Moon", 1)
    assert moon.kind == "spell"
    assert moon.spec["effect"]["action"] == "until_end_of_turn"
    assert moon.spec["effect"]["replace_mana"]["when"]["what"] == {"type": "Land", "nonbasic": True}
    assert moon.spec["effect"]["replace_mana"]["result"] == {"type": "C"}
    assert ability(lib, "Mana Reflection", 1).spec["replace_mana"]["result"] == {"multiply": 2}
    assert ability(lib, "Heartbeat of Spring", 1).spec["mana"] == {"same_type_as_produced": 1}
    assert ability(lib, "Wild Growth", 1).spec == {"keyword": "enchant", "what": "land"}
    assert ability(lib, "Wild Growth", 2).spec["trigger"]["what"] == "enchanted"


def test_spells_and_costs(lib: CardLibrary) -> None:
    sailor = lib.get("Spectral Sailor").faces[0]
    assert [a.keyword for a in sailor.abilities[:2]] == ["flash", "flying"]
    draw = ability(lib, "Spectral Sailor", 3)
    assert draw.kind == "activated" and draw.spec["cost"] == {"mana": "{3}{U}"}
    assert draw.spec["effect"] == {"action": "draw", "n": 1}
    blast = ability(lib, "Shrapnel Blast", 1)
    assert blast.kind == "additional_cost"
    assert blast.spec == {"cost": {"sacrifice": {"type": "Artifact"}}, "optional": False}
    kicker = ability(lib, "Burst Lightning", 1)
    assert kicker.keyword == "kicker" and kicker.spec["cost"] == "{4}"
    assert ability(lib, "Burst Lightning", 2).spec["effect"]["kicked_amount"] == 4
    for name in ("Endless One", "Walking Ballista"):
        assert ability(lib, name, 1).spec["enters_with_counters"] == {"counter": "+1/+1",
                                                                      "amount": "X"}
    ballista = lib.get("Walking Ballista").faces[0]
    assert ballista.mana_cost is not None and ballista.mana_cost.x == 2
    assert ballista.abilities[2].spec["cost"] == {"remove_counters": {"+1/+1": 1}}
    bears = lib.get("Grizzly Bears").faces[0]
    assert bears.abilities == () and (bears.power, bears.toughness) == (2, 2)


def test_foretell(lib: CardLibrary) -> None:
    star = ability(lib, "Starnheim Unleashed", 2)
    assert star.keyword == "foretell" and star.spec["cost"] == "{X}{X}{W}"
    from mtgasp.model import parse_mana_cost

    cost = parse_mana_cost(star.spec["cost"])
    assert cost.x == 2 and cost.symbols == {"W": 1}
    assert ability(lib, "Saw It Coming", 2).spec["cost"] == "{1}{U}"
    epiphany = ability(lib, "Alrund's Epiphany", 1)
    assert [e["action"] for e in epiphany.spec["effects"]] == [
        "create_tokens", "extra_turn", "exile_self"]


def test_kolvori_modal_dfc(lib: CardLibrary) -> None:
    card = lib.get("Kolvori, God of Kinship // The Ringhart Crest")
    assert card.layout == "modal_dfc"
    front, back = card.faces
    assert front.name == "Kolvori, God of Kinship" and back.name == "The Ringhart Crest"
    assert front.mana_cost is not None and front.mana_cost.text == "{2}{G}{G}"
    assert front.mana_cost.mana_value == 4
    assert back.mana_cost is not None and back.mana_cost.text == "{1}{G}"
    assert front.types == ("Creature",) and back.types == ("Artifact",)
    assert front.supertypes == back.supertypes == ("Legendary",)
    assert (front.power, front.toughness) == (2, 4)
    crest_mana = back.abilities[1].spec["mana"]
    assert crest_mana["fixed"] == "{G}"
    assert crest_mana["spend_only"] == [
        {"spell": {"types": ["Creature"], "chosen_type": True}},
        {"spell": {"types": ["Creature"], "supertypes": ["Legendary"]}}]
    # lookup by either face name, or case-insensitively
    assert lib.get("The Ringhart Crest") is card
    assert lib.get("Kolvori, God of Kinship") is card
    assert lib.find("the ringhart crest") is card
    assert card.face_named("The Ringhart Crest") is back
    assert lib.index("The Ringhart Crest") == lib.index(card.name)


def test_plot_cards(lib: CardLibrary) -> None:
    commando = ability(lib, "Freestrider Commando", 1)
    assert commando.spec["condition"] == "not_cast_or_no_mana_spent"
    assert commando.spec["enters_with_counters"] == {"counter": "+1/+1", "amount": 2}
    assert ability(lib, "Freestrider Commando", 2).spec == {"keyword": "plot", "cost": "{3}{G}"}
    show_off = lib.get("Slickshot Show-Off").faces[0]
    assert [a.keyword for a in show_off.abilities] == ["flying", "haste", None, "plot"]
    aven = lib.get("Aven Interrupter").faces[0]
    assert aven.abilities[2].spec["effect"]["action"] == "exile_target_spell_plotted"
    assert aven.abilities[3].spec["cost_increase"] == {
        "amount": "{2}", "spells_cast_by": "opponents", "from_zones": ["graveyard", "exile"]}
    fblthp = lib.get("Fblthp, Lost on the Range").faces[0]
    assert fblthp.abilities[0].spec == {"keyword": "ward", "cost": "{2}"}
    assert fblthp.abilities[1].spec["effect"] == {"action": "look_at_top"}
    assert fblthp.abilities[2].spec["grant"]["ability"]["cost"] == "mana_cost"
    assert fblthp.abilities[3].spec["plot_from_library"] == {"nonland": True}


def test_goliath_and_hideaway(lib: CardLibrary) -> None:
    cast = ability(lib, "Goliath Daydreamer", 1)
    assert cast.spec["trigger"] == {"event": "cast", "by": "you", "from": "hand",
                                    "spell_types": ["Instant", "Sorcery"]}
    attack = ability(lib, "Goliath Daydreamer", 2)
    assert attack.spec["trigger"]["event"] == "attacks"
    assert attack.spec["effect"]["action"] == "cast_from_exile_free"
    watcher = lib.get("Watcher for Tomorrow").faces[0]
    assert watcher.abilities[0].spec == {"keyword": "hideaway", "n": 4}
    assert watcher.abilities[1].spec == {"enters_tapped": True}
    assert watcher.abilities[2].spec["effect"]["action"] == "return_exiled_to_hand"
    conditions = {
        "Mosswort Bridge": ("{G}", {"total_power_at_least": 10}),
        "Windbrisk Heights": ("{W}", {"attacked_with_at_least": 3}),
        "Shelldock Isle": ("{U}", {"a_library_with_at_most": 20}),
        "Spinerock Knoll": ("{R}", {"opponent_dealt_damage_at_least": 7}),
        "Howltooth Hollow": ("{B}", {"each_player_hand_empty": True}),
    }
    for name, (mana, cond) in conditions.items():
        abilities = lib.get(name).faces[0].abilities
        assert [a.kind for a in abilities] == ["keyword", "replacement", "activated", "activated"]
        assert abilities[2].spec["mana"] == {"fixed": mana}
        assert abilities[3].spec["cost"] == {"mana": mana, "tap": True}
        assert abilities[3].spec["effect"] == {"action": "play_exiled_free", "condition": cond}


# --- lookups --------------------------------------------------------------------------------


def test_unknown_card_suggestions(lib: CardLibrary) -> None:
    assert lib.find("Lightning Blot") is None
    assert "Lightning Blot" not in lib
    assert lib.suggest("Lightning Blot")[0] == "Lightning Bolt"
    assert len(lib.suggest("Lightning Blot")) <= 3
    assert "Reflecting Pool" in lib.suggest("reflecting poool")
    assert lib.suggest("zzzzzzzz") == []
    with pytest.raises(UnknownCardError) as info:
        lib.get("Lightning Blot")
    assert isinstance(info.value, InputError) and isinstance(info.value, KeyError)
    assert 'did you mean "Lightning Bolt"' in str(info.value)


def test_names_index_len(lib: CardLibrary) -> None:
    names = lib.names()
    assert names == sorted(names) and len(names) == len(lib) == len(CARDS_MD_NAMES)
    assert [lib.index(n) for n in names] == list(range(len(names)))
    assert [c.name for c in lib] == names
    with pytest.raises(UnknownCardError):
        lib.index("No Such Card")


# --- user card files ------------------------------------------------------------------------


def grizzly(name: str = "Grizzly Bears", power: int = 2) -> dict[str, Any]:
    return {"name": name, "layout": "normal", "faces": [{
        "name": name, "mana_cost": "{1}{G}", "supertypes": [], "types": ["Creature"],
        "subtypes": ["Bear"], "power": power, "toughness": 2, "oracle": "", "abilities": []}]}


def write(tmp_path: Path, name: str, doc: Any) -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def test_user_file_overrides_and_adds(tmp_path: Path, lib: CardLibrary) -> None:
    bolt = {"name": "Lightning Jolt", "layout": "normal", "faces": [{
        "name": "Lightning Jolt", "mana_cost": "{R}", "types": ["Instant"],
        "oracle": "Lightning Jolt deals 1 damage to any target.",
        "abilities": [{"kind": "spell", "text": "Lightning Jolt deals 1 damage to any target.",
                       "effect": {"action": "damage", "amount": 1}}]}]}
    path = write(tmp_path, "mine.json", {"format": 1, "cards": [grizzly(power=5), bolt]})
    user = CardLibrary.load(path)
    assert len(user) == len(lib) + 1
    assert user.get("Grizzly Bears").faces[0].power == 5
    assert lib.get("Grizzly Bears").faces[0].power == 2  # the built-in library is unchanged
    assert user.get("Lightning Jolt").faces[0].abilities[0].spec["effect"]["amount"] == 1
    assert user.get("Forest") is lib.get("Forest")
    # several files: the later one wins; an explicit empty base
    later = write(tmp_path, "later.json", {"format": 1, "cards": [grizzly(power=7)]})
    assert CardLibrary.load([path, later]).get("Grizzly Bears").faces[0].power == 7
    alone = CardLibrary.load(later, base=CardLibrary())
    assert alone.names() == ["Grizzly Bears"]


def test_bad_card_file_reports_every_problem(tmp_path: Path) -> None:
    bad_bear = grizzly()
    bad_bear["faces"][0]["types"] = ["Creature", "Artifcat"]
    bad_bear["faces"][0].pop("power")
    elf = {"name": "Bad Elf", "layout": "normal", "faces": [{
        "name": "Bad Elf", "mana_cost": "{G", "types": ["Creature"], "power": 1, "toughness": 1,
        "oracle": "Flying\n{Q}{2}: Add {G}.",
        "abilities": [
            {"kind": "keyword", "text": "Flying", "keyword": ""},
            {"kind": "activated", "text": "{Q}{2}: Add {G}.", "cost": {"mana": "{Q}{2"},
             "mana": {"fixed": "{2}"}},
            {"kind": "activated", "text": "Not in the oracle.", "cost": {"tap": "yes"},
             "mana": {"any_colour": 1}},
            {"kind": "sorcery", "text": "Flying"},
        ]}]}
    path = write(tmp_path, "bad.json", {"format": 1, "cards": [bad_bear, elf, grizzly()]})
    with pytest.raises(InputError) as info:
        CardLibrary.load(path)
    err = info.value
    assert err.source == str(path)
    found = {p.path: p.message for p in err.problems}
    assert "Artifact" in found["cards[0].faces[0].types[1]"]
    assert "cards[0].faces[0].power" in found
    assert "cards[1].faces[0].mana_cost" in found
    assert "non-empty string" in found["cards[1].faces[0].abilities[0].keyword"]
    assert found["cards[1].faces[0].abilities[1].cost.mana"].startswith(
        '"{Q}{2" is not a mana cost')
    assert "cards[1].faces[0].abilities[1].mana.fixed" in found
    assert "oracle" in found["cards[1].faces[0].abilities[2].text"]
    assert "cards[1].faces[0].abilities[2].cost.tap" in found
    assert "cards[1].faces[0].abilities[2].mana.any_colour" in found
    assert "cards[1].faces[0].abilities[3].kind" in found
    assert "duplicate" in found["cards[2].name"]
    assert len(err.problems) >= 11
    assert "problems:" in str(err)
    assert err.to_json()["problems"][0]["path"].startswith("cards[")


def test_effect_amounts_are_numbers_x_only_where_an_x_is_announced() -> None:
    """107.3a, 107.3k, 107.3m: an amount "X" (damage, cards drawn, tokens created, counters put) is
    the X of what resolves: a spell's, an activated ability's with {X} in its cost, an
    enters-the-battlefield trigger's (the X of the spell its source was). Anywhere else no X is
    announced, so an "X" (or any word) is bad input, not a silent 0."""
    def card(name: str, kind: str, effect: dict[str, Any], cost: str = "", event: str = "enters"
             ) -> dict[str, Any]:
        ab: dict[str, Any] = {"kind": kind, "text": "Text.", "effect": effect}
        if kind == "activated":
            ab["cost"] = {"tap": True, **({"mana": cost} if cost else {})}
        if kind == "triggered":
            ab["trigger"] = {"event": event}
        return {"name": name, "layout": "normal", "faces": [{
            "name": name, "mana_cost": "{X}{R}", "types": ["Sorcery" if kind == "spell" else "Artifact"],
            "oracle": "Text.", "abilities": [ab]}]}
    ok = parse_card_document({"format": 1, "cards": [
        card("X Blast", "spell", {"action": "damage", "amount": "X", "target": "any"}),
        card("X Draw", "spell", {"action": "draw", "n": "X"}),
        card("X Rod", "activated", {"action": "damage", "amount": "X", "target": "any"}, "{X}"),
        card("X Enters", "triggered", {"action": "create_tokens", "n": "X", "token": {
            "power": 1, "toughness": 1, "colors": [], "types": ["Creature"], "subtypes": ["Hero"]}}),
        card("X Counters", "triggered", {"action": "add_counter", "counter": "+1/+1", "n": "X"})]})
    assert ok
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [
            card("X Rod", "activated", {"action": "damage", "amount": "X", "target": "any"}),
            card("X Attacks", "triggered", {"action": "draw", "n": "X"}, event="attacks"),
            card("X Pump", "spell", {"action": "pump", "power": "X", "toughness": 0}),
            card("Two Blast", "spell", {"action": "damage", "amount": "two", "target": "any"})]})
    found = {p.path: p.message for p in info.value.problems}
    assert set(found) == {"cards[0].faces[0].abilities[0].effect.amount",
                          "cards[1].faces[0].abilities[0].effect.n",
                          "cards[2].faces[0].abilities[0].effect.power",
                          "cards[3].faces[0].abilities[0].effect.amount"}
    assert all("expected a number" in m and "107.3a" in m for m in found.values())


def test_bad_document_shape() -> None:
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 2, "cards": "none", "extra": 1}, "x.json")
    paths = {p.path for p in info.value.problems}
    assert {"format", "cards", "extra"} <= paths
    with pytest.raises(InputError):
        parse_card_document([], "x.json")


def test_modal_dfc_validation() -> None:
    card = grizzly()
    card["layout"] = "modal_dfc"
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [card]})
    assert any(p.path == "cards[0].faces" for p in info.value.problems)


def test_granted_keyword_cost_forms_only_when_granted() -> None:
    card = grizzly()
    card["faces"][0]["oracle"] = "Plot"
    card["faces"][0]["abilities"] = [
        {"kind": "keyword", "text": "Plot", "keyword": "plot", "cost": "mana_cost"}]
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [card]})
    assert info.value.problems[0].path == "cards[0].faces[0].abilities[0].cost"


def test_malformed_json(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.json", '{"format": 1,\n "cards": [\n}')
    with pytest.raises(InputError) as info:
        CardLibrary.load(path)
    assert len(info.value.problems) == 1
    assert "line 3" in str(info.value) and "column" in str(info.value)
    assert info.value.source == str(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        CardLibrary.load(tmp_path / "nope.json")
    assert "cannot read" in str(info.value)


def test_cards_module_does_not_import_clingo() -> None:
    import subprocess
    import sys

    code = ("import sys, mtgasp.cards as c; c.CardLibrary.builtin(); "
            "sys.exit(1 if 'clingo' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_full_name_of_an_imported_front_face(lib: CardLibrary) -> None:
    """The shared AtomicCards.json lacks the back faces of multi-face cards: the importer keeps the
    front face alone of an adventurer or a flip card (it refuses a modal DFC or split card missing a
    face) as a card named by it, and "Front // Back" still finds it — never a built-in card."""
    front = {"name": "Agadeem's Awakening", "layout": "normal", "faces": [
        {"name": "Agadeem's Awakening", "mana_cost": "{X}{B}{B}{B}", "types": ["Sorcery"],
         "oracle": "Draw a card.", "abilities": [{"kind": "not_modeled", "text": "Draw a card."}]}]}
    user = CardLibrary.from_data({"format": 1, "cards": [front]}, base=lib)
    card = user.find("Agadeem's Awakening // Agadeem, the Undercrypt")
    assert card is not None and card.name == "Agadeem's Awakening"
    assert user.find("agadeem's awakening // anything") is card
    assert user.find("Lightning Bolt // Nothing") is None
    assert user.find("Kolvori, God of Kinship // Nothing") is None


@pytest.mark.parametrize("doc, what", [
    ({"meta": {}, "data": {"Forest": [{"name": "Forest", "type": "Basic Land — Forest", "text": ""}]}},
     "an MTGJSON file"),
    ({"name": "Old Bridge", "type": "Land", "text": "Hideaway\n{T}: Add {G}."},
     "a card object with Oracle text"),
    ([{"name": "Forest", "type_line": "Basic Land — Forest", "oracle_text": ""}], "a Scryfall card list"),
])
def test_real_card_text_given_as_a_card_file_says_how_to_import_it(doc: Any, what: str) -> None:
    # one problem naming the document and the command that compiles it, not a list of unknown fields
    with pytest.raises(InputError) as e:
        parse_card_document(doc, "x.json")
    assert len(e.value.problems) == 1
    assert what in e.value.problems[0].message and "mtgasp cards import" in e.value.problems[0].message


def test_another_target_differs_from_a_target_before_it() -> None:
    """601.2c: "another": true on a TARGET after the first (Pit Fight); on the first there is no
    target before it to differ from: bad input naming the field."""
    def card(targets: list[dict[str, Any]]) -> dict[str, Any]:
        return {"name": "Fight", "layout": "normal", "faces": [{
            "name": "Fight", "mana_cost": "{R}", "types": ["Sorcery"], "oracle": "Text.",
            "abilities": [{"kind": "spell", "text": "Text.",
                           "effect": {"action": "not_modeled", "targets": targets}}]}]}
    creature = {"zone": "battlefield", "types": ["Creature"]}
    assert parse_card_document({"format": 1, "cards": [card([creature, {**creature, "another": True}])]})
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [card([{**creature, "another": True}, creature])]})
    assert [p.path for p in info.value.problems] == [
        "cards[0].faces[0].abilities[0].effect.targets[0].another"]




@pytest.mark.parametrize("doc, what", [
    ({"data": {"Murder": [{"name": "Murder", "type": "Instant", "text": "Destroy target creature."}]}},
     "an MTGJSON file"),
    ({"object": "list", "data": [{"object": "card", "name": "Murder", "type_line": "Instant"}]},
     "a Scryfall list object"),
])
def test_an_extract_of_atomiccards_or_a_scryfall_page_as_a_card_file_says_how_to_import_it(
        doc: Any, what: str) -> None:
    # found by probe28e: `--cards extract.json` ({"data": ...} without "meta", as
    # docs/scenario-format.md suggests extracting a card) listed "format", "cards" missing and
    # "data: unknown field" instead of the one problem saying how to compile it
    with pytest.raises(InputError) as e:
        parse_card_document(doc, "x.json")
    assert len(e.value.problems) == 1
    assert what in e.value.problems[0].message and "mtgasp cards import" in e.value.problems[0].message


def test_triggered_mana_for_each_counts_only_permanents() -> None:
    # 605.4a: a triggered mana ability may add mana once per permanent (Elvish Guidance), counted
    # as it resolves; not once per counter its cost removed or per card in a hand
    def aura(name: str, fe: dict[str, Any]) -> dict[str, Any]:
        return {"name": name, "layout": "normal", "faces": [{
            "name": name, "mana_cost": "{2}{G}", "types": ["Enchantment"], "subtypes": ["Aura"],
            "oracle": "Enchant land\nText.", "abilities": [
                {"kind": "keyword", "text": "Enchant land", "keyword": "enchant", "what": "land"},
                {"kind": "triggered", "text": "Text.", "trigger": {"event": "tapped_for_mana", "what": "enchanted"},
                 "mana": {"for_each": {"mana": "{G}", **fe}}}]}]}
    assert parse_card_document({"format": 1, "cards": [
        aura("Elf Guide", {"on_battlefield": {"subtypes": ["Elf"]}}),
        aura("Own Guide", {"you_control": {"types": ["Creature"]}})]})
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [aura("Hand Guide", {"in_hand": True}),
                                                     aura("Counter Guide", {"counters_removed": "charge"})]})
    found = {p.path for p in info.value.problems}
    assert {"cards[0].faces[0].abilities[1].mana.for_each",
            "cards[1].faces[0].abilities[1].mana.for_each"} <= found


def test_an_abilitys_missing_text_is_said_once() -> None:
    """A card file's ability without "text" is one problem, not the same problem twice (found by
    probe31a: "abilities[0].text: missing required field" was listed twice)."""
    face = {"name": "Test", "mana_cost": "{1}{R}", "types": ["Instant"], "oracle": "t",
            "abilities": [{"kind": "additional_cost", "cost": {"life": 1}, "optional": False}]}
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [{"name": "Test", "layout": "normal", "faces": [face]}]})
    paths = [p.path for p in info.value.problems]
    assert paths.count("cards[0].faces[0].abilities[0].text") == 1, paths


@pytest.mark.parametrize("abilities", [
    [{"kind": "alternative_cost", "text": "a", "cost": {"life": 1}},
     {"kind": "alternative_cost", "text": "b", "cost": {"life": 2}}],
    [{"kind": "keyword", "text": "a", "keyword": "kicker", "cost": "{1}"},
     {"kind": "keyword", "text": "b", "keyword": "kicker", "cost": "{2}"}],
    [{"kind": "keyword", "text": "a", "keyword": "kicker", "cost": "{1}"},
     {"kind": "keyword", "text": "b", "keyword": "multikicker", "cost": "{2}"}],
])
def test_a_face_has_one_alternative_cost_and_one_kicker(abilities: list[dict[str, Any]]) -> None:
    """118.9a, 702.33b: the method "alternative" and "kicker" name the face's one alternative or
    kicker cost; a second one was paid with the first ("cost pay 1 life, pay 2 life"), so a card
    file that gives a face two is bad input at the second (found by probe31a)."""
    face = {"name": "Test", "mana_cost": "{1}{R}", "types": ["Instant"], "oracle": "a\nb",
            "abilities": abilities}
    with pytest.raises(InputError) as info:
        parse_card_document({"format": 1, "cards": [{"name": "Test", "layout": "normal", "faces": [face]}]})
    assert [p.path for p in info.value.problems] == ["cards[0].faces[0].abilities[1]"]
    assert "at most one" in info.value.problems[0].message
