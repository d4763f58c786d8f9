"""probe32e: what Forge's declaration of the Attacking creatures does as it loads a puzzle file.

GameState.java's handleCombat declares the ``Attacking`` creatures in the declare attackers and
declare blockers steps: their attack triggers trigger then (508.3a) and go on the stack, and in the
declare blockers step Forge lets the defending player declare blockers. A state has neither: the
import says so. The puzzle texts are written for these tests in Forge's format; none is a copy.
"""

from __future__ import annotations

from mtgasp.cards import CardLibrary
from mtgasp.forge import parse_pzl

LIB = CardLibrary.builtin()

ATTACK = """[state]
turn=3
activeplayer=human
activephase=COMBAT_DECLARE_ATTACKERS
humanbattlefield=Goliath Daydreamer|Attacking|Tapped;Grizzly Bears|Attacking|Tapped;Forest
aibattlefield=Llanowar Elves;Birds of Paradise|Tapped;Forest
"""


def _warnings(text: str, kind: str) -> list:
    return [w for w in parse_pzl(text, LIB).warnings if w.kind == kind]


def test_an_attack_trigger_of_an_attacking_creature_is_said() -> None:
    """Goliath Daydreamer attacks: "Whenever this creature attacks, ..." triggers as Forge declares
    it (508.3a); the state has no ability on the stack, so the import names the trigger."""
    (w,) = _warnings(ATTACK, "attack triggers")
    assert w.line == 4
    assert "508.3a" in w.message and "Goliath Daydreamer's ability 2" in w.message
    assert "goliath_daydreamer" in w.message and "Grizzly Bears" not in w.message


def test_a_creature_that_isnt_attacking_has_no_attack_trigger() -> None:
    """Its "this creature attacks" trigger is about itself: not attacking, nothing triggers."""
    text = ATTACK.replace("Goliath Daydreamer|Attacking|Tapped", "Goliath Daydreamer")
    assert _warnings(text, "attack triggers") == []


def test_declare_blockers_says_no_creature_blocks() -> None:
    """In the declare blockers step blockers have been declared (509.1): the file can't say blocks,
    so none blocks and the attackers are unblocked (509.1h); Forge instead lets the defending player
    declare them as it loads. The untapped creature of the AI is named; the tapped one isn't
    (509.1a)."""
    text = ATTACK.replace("COMBAT_DECLARE_ATTACKERS", "COMBAT_DECLARE_BLOCKERS")
    (w,) = _warnings(text, "blockers")
    assert w.line == 4 and "509.1h" in w.message
    assert "ai_llanowar_elves" in w.message and "birds" not in w.message
    (t,) = _warnings(text, "attack triggers")
    assert "declare attackers step" in t.message  # Forge stays there while a trigger is on the stack
    assert _warnings(ATTACK, "blockers") == []


def test_a_summoning_sick_attacker_without_haste_is_said() -> None:
    """Forge declares any Attacking creature; one that is SummonSick and has no haste couldn't
    have been declared (302.6, 508.1a): a warning. One with haste (Slickshot Show-Off) could."""
    text = ("[state]\nturn=3\nactiveplayer=human\nactivephase=COMBAT_DECLARE_ATTACKERS\n"
            "humanbattlefield=Llanowar Elves|SummonSick|Attacking;"
            "Slickshot Show-Off|Attacking|SummonSick|Tapped\n")
    sick = [w for w in _warnings(text, "modifier Attacking") if "302.6" in w.message]
    assert len(sick) == 1 and "Llanowar Elves" in sick[0].message and sick[0].line == 5
    doc = parse_pzl(text, LIB).document
    assert [o.get("combat") for o in doc["objects"]] == ["attacking", "attacking"]


def test_export_writes_attacking_and_the_import_reads_it_back() -> None:
    """GameState.java writes and reads |Attacking; the export said "Forge puzzles have no such
    field" for `combat` and dropped it (and the attackers_this_turn it gives)."""
    from mtgasp.forge import export_pzl
    from mtgasp.state import parse_state

    doc = parse_pzl(ATTACK, LIB).document
    out = export_pzl(parse_state(doc, LIB), LIB)
    assert "humanbattlefield=Goliath Daydreamer|Tapped|Attacking;Grizzly Bears|Tapped|Attacking;" in out.text
    assert not [w for w in out.warnings if "combat" in w.message or "attackers_this_turn" in w.message]
    back = parse_pzl(out.text, LIB).document
    assert [o["id"] for o in back["objects"] if o.get("combat") == "attacking"] == [
        "goliath_daydreamer", "grizzly_bears"]
    assert back["players"][0]["attackers_this_turn"] == 2
    # in the combat damage step Forge declares no attackers: a warning, left out
    doc["step"] = "combat_damage"
    out = export_pzl(parse_state(doc, LIB), LIB)
    assert "Attacking" not in out.text
    assert sum(w.kind == "combat" for w in out.warnings) == 2


def test_attack_triggers_of_the_attacking_and_the_defending_player() -> None:
    """Real cards (fixture copied from AtomicCards.json): Hellrider's "Whenever a creature you
    control attacks" triggers for the attacking player's permanent only, Hissing Miasma's and
    Riddlekeeper's "Whenever a creature attacks you" for the defending player's only (508.3a)."""
    from pathlib import Path

    from mtgasp.oracle import import_files

    fixture = Path(__file__).parent / "fixtures" / "real_cards_forge_attack_triggers.json"
    cards = [r.card for r in import_files([fixture]).results if r.card is not None]
    lib = CardLibrary.from_data({"format": 1, "cards": cards}, source="imported")
    text = ("[state]\nturn=3\nactiveplayer=human\nactivephase=COMBAT_DECLARE_ATTACKERS\n"
            "humanbattlefield=Hellrider|Attacking|Tapped;Hissing Miasma\n"
            "aibattlefield=Hellrider;Riddlekeeper\n")
    (w,) = [w for w in parse_pzl(text, lib).warnings if w.kind == "attack triggers"]
    assert "of hellrider" in w.message and "of ai_riddlekeeper" in w.message
    assert "hissing_miasma" not in w.message and "ai_hellrider" not in w.message
