"""Found by probe24e (session 24): the order in which mana abilities with mana costs are activated
while a cost is paid (602.2b, 605.3b) and how apply says them (601.2g). Found by probe17c (mana,
second pass): what `apply` says about a mana ability and the triggered mana abilities it triggers
comes in the order it happens (605.3b, then 605.4a)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.actions import parse_action
from mtgasp.api import Checker
from mtgasp.apply import apply_action
from mtgasp.cards import CardLibrary
from mtgasp.cli import main
from mtgasp.state import parse_state

CORPUS = Path(__file__).resolve().parents[1] / "python" / "mtgasp" / "corpus"


def test_a_signets_one_activation_is_said_once_with_both_its_mana() -> None:
    """Forest, Boros Signet and Graven Cairns pay Ash Zealot's {R}{R}: the Forest's {G} pays the
    Signet's {1}, the Signet's {R} the Cairns' {B/R}. apply says the Signet's one activation once,
    with both its mana (found by probe24e: its {W} and {R} were said in two events). (The order of
    the Signet and the Cairns in the events is not yet the order they are activated in.)"""
    doc = json.loads((CORPUS / "rule-605.3b-a-signets-mana-pays-a-filter-lands-cost-and-is-said-once.json")
                     .read_text(encoding="utf-8"))
    checker = Checker(CardLibrary.from_data({"format": 1, "cards": doc["cards"]}, source="test",
                                            base=CardLibrary.builtin()))
    state = parse_state(doc["state"], checker.library)
    action = parse_action({"kind": "cast", "object": "az"}, state, checker.library, "alice")
    out = apply_action(checker, state, action, "alice")
    paid = [e for e in out.events if e.startswith("While the cost is paid, ")]
    assert paid[0].startswith("While the cost is paid, Forest (f)")
    assert sum("Boros Signet (zz)'s mana ability is activated and adds {W}{R} to" in e for e in paid) == 1
    assert sum("Graven Cairns (aa)'s mana ability is activated and adds {R}{R} to" in e for e in paid) == 1


INCUBATION_DRUID = {
    "name": "Incubation Druid", "manaCost": "{1}{G}", "type": "Creature — Elf Druid", "types": ["Creature"],
    "subtypes": ["Elf", "Druid"], "supertypes": [], "layout": "normal", "power": "0", "toughness": "2",
    "colors": ["G"], "colorIdentity": ["G"], "manaValue": 2.0,
    "text": "{T}: Add one mana of any type that a land you control could produce. If this creature has a "
            "+1/+1 counter on it, add three mana of that type instead.\n{3}{G}{G}: Adapt 3. (If this "
            "creature has no +1/+1 counters on it, put three +1/+1 counters on it.)"}


def test_incubation_druid_is_imported(tmp_path: Path) -> None:
    """106.7: Incubation Druid's mana ability is read (found by probe24e: "no mana_rider template
    matches 'If ~ has a +1/+1 counter on it, add three mana of that type instead'"): one mana of a
    type a land its controller controls could produce, three with a +1/+1 counter on it."""
    from mtgasp.oracle import import_files

    f = tmp_path / "druid.json"
    f.write_text(json.dumps({"data": {"Incubation Druid": [INCUBATION_DRUID]}}), encoding="utf-8")
    (res,) = import_files([f]).results
    assert res.card is not None, res
    mana = res.card["faces"][0]["abilities"][0]["mana"]
    cp = {"of": "land_you_control", "colors_only": False}
    assert mana == {"if_counter": "+1/+1", "then": {"could_produce": {**cp, "amount": 3}},
                    "else": {"could_produce": cp}}


def _import_one(tmp_path: Path, name: str, text: str, types: list[str]) -> dict:
    from mtgasp.oracle import import_files

    card = {"name": name, "manaCost": "{6}", "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "layout": "normal", "colors": [], "colorIdentity": [], "manaValue": 6.0,
            "text": text}
    f = tmp_path / "card.json"
    f.write_text(json.dumps({"data": {name: [card]}}), encoding="utf-8")
    (res,) = import_files([f]).results
    assert res.card is not None, res
    return res.card["faces"][0]["abilities"][-1]


def test_triggers_on_mana_of_the_chosen_color_are_imported(tmp_path: Path) -> None:
    """106.12a: Gauntlet of Power and Caged Sun were refused ("a trigger adding mana ... that no
    template reads", found by probe24e); their triggers want mana of the chosen color."""
    g = _import_one(tmp_path, "Gauntlet of Power",
                    "As this artifact enters, choose a color.\nCreatures of the chosen color get +1/+1.\n"
                    "Whenever a basic land is tapped for mana of the chosen color, its controller adds an "
                    "additional one mana of that color.", ["Artifact"])
    assert g["trigger"] == {"event": "tapped_for_mana", "what": {"type": "Land", "basic": True}, "by": "any",
                            "of_chosen_color": True}
    assert g["mana"] == {"chosen_color": 1}
    c = _import_one(tmp_path, "Caged Sun",
                    "As this artifact enters, choose a color.\nCreatures you control of the chosen color "
                    "get +1/+1.\nWhenever a land's ability causes you to add one or more mana of the chosen "
                    "color, add an additional one mana of that color.", ["Artifact"])
    assert c["trigger"] == {"event": "tapped_for_mana", "what": {"type": "Land"}, "by": "you",
                            "of_chosen_color": True, "any_mana_ability": True}
    assert c["mana"] == {"chosen_color": 1}


def test_utopia_sprawl_is_imported(tmp_path: Path) -> None:
    """303.4a, 205.3i: "Enchant Forest" and "Whenever enchanted Forest is tapped for mana" were read
    by no template, so Utopia Sprawl was refused (found by probe24e)."""
    from mtgasp.oracle import import_files

    card = {"name": "Utopia Sprawl", "manaCost": "{G}", "type": "Enchantment — Aura", "types": ["Enchantment"],
            "subtypes": ["Aura"], "supertypes": [], "layout": "normal", "colors": ["G"], "colorIdentity": ["G"],
            "manaValue": 1.0,
            "text": "Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted Forest is tapped "
                    "for mana, its controller adds an additional one mana of the chosen color."}
    f = tmp_path / "card.json"
    f.write_text(json.dumps({"data": {"Utopia Sprawl": [card]}}), encoding="utf-8")
    (res,) = import_files([f]).results
    assert res.card is not None, res
    abilities = res.card["faces"][0]["abilities"]
    assert abilities[0]["what"] == "forest"
    assert abilities[2]["trigger"] == {"event": "tapped_for_mana", "what": "enchanted"}
    assert abilities[2]["mana"] == {"chosen_color": 1}


def test_hideaway_says_the_exile_before_the_bottom() -> None:
    """702.75a: "Exile one of them face down and put the rest on the bottom of your library": apply
    says the exile first, then the cards put on the bottom (found by probe24e: the bottom came first)."""
    checker = Checker()
    objs = [{"id": "ws", "card": "Windbrisk Heights", "owner": "alice", "zone": "battlefield", "tapped": True,
             "controlled_since_turn": 5}]
    objs += [{"id": f"l{i}", "card": "Forest", "owner": "alice", "zone": "library"} for i in range(1, 7)]
    objs.append({"id": "trig", "zone": "stack", "ability": {"source": "ws", "index": 1}, "controller": "alice"})
    doc = {"format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": None,
           "players": [{"name": "alice"}, {"name": "bob"}], "objects": objs, "stack": ["trig"],
           "resolving": "trig"}
    state = parse_state(doc, checker.library)
    action = parse_action({"kind": "choose", "object": "l3"}, state, checker.library, "alice")
    out = apply_action(checker, state, action, "alice")
    exiled = next(i for i, e in enumerate(out.events) if "hideaway ability (702.75a)" in e)
    bottom = next(i for i, e in enumerate(out.events) if "go to the bottom of the library" in e)
    assert exiled < bottom and out.events[bottom].startswith("3 card(s)")


def test_triggered_mana_event_follows_the_mana_ability(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """A Forest enchanted by Wild Growth: the Forest's {G} (605.3b) is said before Wild Growth's
    additional {G}, which resolves right after it (605.4a) and names the Forest."""
    state = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
             "players": [{"name": "alice"}, {"name": "bob"}],
             "objects": [{"id": "f", "card": "Forest", "owner": "alice", "zone": "battlefield"},
                         {"id": "wg", "card": "Wild Growth", "owner": "alice", "zone": "battlefield",
                          "attached_to": "f"}]}
    path = tmp_path / "forest.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    rc = main(["apply", str(path), json.dumps({"kind": "activate", "object": "f", "ability": 1}), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["state"]["players"][0]["mana_pool"] == "{G}{G}"
    events = out["events"]
    own = [i for i, e in enumerate(events) if "(605.3b" in e]
    trig = [i for i, e in enumerate(events) if "(605.4a)" in e]
    assert len(own) == 1 and len(trig) == 1 and own[0] < trig[0]
    assert "right after Forest (f)'s mana ability resolves" in events[trig[0]]
