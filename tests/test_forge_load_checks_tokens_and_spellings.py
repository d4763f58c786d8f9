"""probe27e: Forge puzzle files read as Forge means them.

The puzzle texts here are written for these tests from Forge's format (GameState.java's [state]
keys and card modifiers); none is a copy of a Forge puzzle.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.cards import CardLibrary
from mtgasp.cli import main
from mtgasp.forge import parse_pzl, pending_sba_warnings

ROOT = Path(__file__).resolve().parents[1]
LIB = CardLibrary.builtin()

# ---- state-based actions: Forge performs them as it loads a state (704.3) ------------------------

PENDING = """[metadata]
Name:probe27e - state-based actions pending
Goal:Win
Turns:1
[state]
turn=3
activeplayer=human
activephase=MAIN1
humanlife=0
humanbattlefield=Forest;Grizzly Bears|Counters:P1P1=1,M1M1=1;Wild Growth;Llanowar Elves|Counters:M1M1=1
"""


def test_pending_state_based_actions_are_a_warning() -> None:
    """GameState.java ends with checkStateEffects: the game Forge starts is the one after the
    state-based actions. The imported state is as the file says; each action that applies is
    said (704.5a a player at 0 life, 704.5f toughness 0, 704.5m an Aura attached to nothing,
    704.5q +1/+1 and -1/-1 counters), never left unsaid."""
    r = parse_pzl(PENDING, LIB)
    # the document keeps the file's state
    bears = next(o for o in r.document["objects"] if o["card"] == "Grizzly Bears")
    assert bears["counters"] == {"+1/+1": 1, "-1/-1": 1}
    [w] = pending_sba_warnings(r.document, LIB)
    assert w.kind == "state-based actions"
    for rule in ("704.5a", "704.5f", "704.5m", "704.5q", "704.3"):
        assert rule in w.message, (rule, w.message)
    assert "Llanowar Elves (llanowar_elves)" in w.message
    assert "Wild Growth (wild_growth)" in w.message


def test_no_warning_where_no_state_based_action_applies() -> None:
    r = parse_pzl("[state]\nturn=3\nhumanbattlefield=Forest;Grizzly Bears|Counters:P1P1=1\n", LIB)
    assert pending_sba_warnings(r.document, LIB) == []


def test_cli_import_says_the_pending_state_based_actions(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    pzl = tmp_path / "p.pzl"
    pzl.write_text(PENDING, encoding="utf-8")
    assert main(["import", "forge", str(pzl), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    kinds = [w["kind"] for w in out["warnings"]]
    assert kinds.count("state-based actions") == 1
    assert out["state"]["players"][0]["life"] == 0


# ---- a life total of 0 or less (107.1b): Forge sets it after its load-time check ----------------

def test_negative_life_is_kept_and_the_check_is_said() -> None:
    """GameState.java sets a life of 0 or less after checkStateEffects ("important for some
    puzzles that rely on pre-setting negative life"): Forge's MTGP_09 puzzle has the opponent at
    -1 life. The state keeps -1 (was: 20, with a warning that Forge reads it as unchanged)."""
    text = ("[state]\nturn=3\nactiveplayer=p0\nactivephase=MAIN1\np0life=3\np1life=-1\n"
            "p1battlefield=Grizzly Bears\n")
    r = parse_pzl(text, LIB)
    assert [p["life"] for p in r.document["players"]] == [3, -1]
    assert not [w for w in r.warnings if "life" in w.kind]
    [w] = pending_sba_warnings(r.document, LIB)
    assert "ai loses the game (704.5a" in w.message and "Not modeled" not in w.message


def test_not_modeled_abilities_are_named_with_the_pending_actions(tmp_path: Path) -> None:
    """An invented Angel whose "can't lose" line is kept as not modeled: the state-based action
    the warning says (704.5a) would not happen by the rules (104.3); the warning names the line,
    as apply names it, instead of stating the loss alone."""
    angel = {"name": "Probe Warden Angel", "layout": "normal", "faces": [{
        "name": "Probe Warden Angel", "mana_cost": "{4}{W}", "types": ["Creature"],
        "subtypes": ["Angel"], "power": 3, "toughness": 3,
        "oracle": "You can't lose the game and your opponents can't win the game.",
        "abilities": [{"kind": "not_modeled",
                       "text": "You can't lose the game and your opponents can't win the game."}]}]}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"format": 1, "cards": [angel]}), encoding="utf-8")
    lib = CardLibrary.load([path])
    r = parse_pzl("[state]\nturn=3\np0life=3\np1life=-1\np1battlefield=Probe Warden Angel\n", lib)
    [w] = pending_sba_warnings(r.document, lib)
    assert "ai loses the game (704.5a" in w.message
    assert "Not modeled" in w.message and "Probe Warden Angel's ability 1" in w.message
    assert "ai_probe_warden_angel" in w.message


# ---- IsCommander: player.addCommander(card), the state's player commanders (903.3) -------------

def _command_tower_library(tmp_path: Path) -> CardLibrary:
    doc = json.loads((ROOT / "python" / "mtgasp" / "corpus"
                      / "rule-903.4-command-tower-hybrid-commander-both-colors.json").read_text())
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"format": 1, "cards": doc["cards"]}), encoding="utf-8")
    return CardLibrary.load([path])


def test_is_commander_makes_the_card_the_players_commander(tmp_path: Path) -> None:
    """Forge's |IsCommander (any zone) makes the card a commander of the player whose zone lists
    it; the state has players' commanders (903.3): Command Tower then adds a color of its
    identity (903.4), here green. It was a warning, 'the state has no commanders'."""
    lib = _command_tower_library(tmp_path)
    r = parse_pzl("[state]\nturn=3\nhumancommand=Kolvori, God of Kinship|IsCommander\n"
                  "humanbattlefield=Command Tower\n", lib)
    human = r.document["players"][0]
    assert human["commanders"] == ["Kolvori, God of Kinship // The Ringhart Crest"]
    assert not [w for w in r.warnings if "IsCommander" in w.kind]
    from mtgasp.api import Checker
    from mtgasp.state import parse_state
    st = parse_state(r.document, lib)
    assert Checker(lib).mana(st, "command_tower") == ["G"]
    # and back: the export marks the card, not a 'player field' warning
    from mtgasp.forge import export_pzl
    out = export_pzl(st, lib)
    assert "humancommand=Kolvori, God of Kinship // The Ringhart Crest|IsCommander" in out.text
    assert not [w for w in out.warnings if w.kind == "player field"]


# ---- keys and modifiers of Forge's current format are named as such ----------------------------

def test_current_forge_keys_and_modifiers_are_not_called_unknown() -> None:
    """GameState.java reads p0speed, p0numringtemptedyou, seats p2.., and the modifiers Suspected,
    Saddled, Solved, ClassLevel, UnlockedRoom, IsRingBearer: each is a warning saying what the
    state lacks, never 'not a key/modifier of Forge's format'."""
    text = ("[state]\nturn=3\np0speed=2\np0numringtemptedyou=1\np2life=20\n"
            "p0battlefield=Grizzly Bears|Suspected|Saddled|IsRingBearer;Forest|Solved|ClassLevel:2|"
            "UnlockedRoom:LeftSplit\n")
    r = parse_pzl(text, LIB)
    msgs = [w.message for w in r.warnings]
    assert not [m for m in msgs if "not a key" in m or "not a modifier" in m], msgs
    for word in ("speed", "Ring tempted", "seat p2", "701.60", "702.171", "Ring-bearers",
                 "Cases", "Class levels", "Room doors"):
        assert any(word in m for m in msgs), word


# ---- the goal's turn: Puzzle.java's TurnCount is a game turn number ------------------------------

def test_the_goal_turn_is_said_in_the_states_count_of_turns() -> None:
    """Turns:N is compared with the game's turn counter (which starts at the file's turn, else
    1): Win loses as the cleanup step of turn N begins, Survive wins as the upkeep of turn N+1
    begins. Without a turn line the import's state is turn 2 (302.6), so Forge's turn 3 is the
    state's turn 4 ('survive until your next turn'); 'within 2 turn(s)' said neither."""
    survive = ("[metadata]\nGoal:Survive\nTurns:2\n[state]\nActivePlayer=Human\nActivePhase=Main1\n"
               "humanbattlefield=Forest\naibattlefield=Grizzly Bears\n")
    doc = parse_pzl(survive, LIB).document
    assert doc["turn"] == 2
    assert ("Goal: Survive (Forge's puzzle: the human wins as the upkeep of turn 4 begins, turn 3 "
            "in the file's count of turns, which starts at 1; Turns:2)") in doc["description"]
    win = "[metadata]\nGoal:Win\nTurns:3\n[state]\nturn=3\nactivephase=CLEANUP\n"
    doc = parse_pzl(win, LIB).document
    # one turn more when the puzzle starts in the cleanup step (Puzzle.java's turnCorr)
    assert "the human loses as the cleanup step of turn 4 begins; Turns:3)" in doc["description"]


def test_export_goal_placeholder_is_this_turn() -> None:
    """Turns is a game turn number in Forge: the placeholder Turns:1 on a turn-6 state named a
    turn long gone (the puzzle's limit never came); Turns: the state's turn is 'win this turn'."""
    from mtgasp.forge import export_pzl
    from mtgasp.state import load_state
    st = load_state(ROOT / "examples" / "midgame.json", LIB)
    lines = export_pzl(st, LIB).text.splitlines()
    assert "Turns:6" in lines and "turn=6" in lines


def test_a_bad_turn_line_is_one_error() -> None:
    from mtgasp.errors import InputError
    with pytest.raises(InputError) as e:
        parse_pzl("[metadata]\nGoal:Win\nTurns:1\n[state]\nturn=abc\n", LIB)
    assert e.value.render().count("turn=abc") == 1


def test_a_blockers_step_without_attackers_is_said() -> None:
    """508.8: with no attacking creature the declare blockers and combat damage steps are
    skipped; a file in those steps with no Attacking creature is such a step (was: silent)."""
    r = parse_pzl("[state]\nturn=3\nactivephase=COMBAT_DECLARE_BLOCKERS\n"
                  "humanbattlefield=Grizzly Bears\n", LIB)
    [w] = [w for w in r.warnings if "508.8" in w.message]
    assert w.line == 3
    r = parse_pzl("[state]\nturn=3\nactivephase=COMBAT_DECLARE_BLOCKERS\n"
                  "humanbattlefield=Grizzly Bears|Attacking\n", LIB)
    assert not [w for w in r.warnings if "508.8" in w.message]


def test_forge_spelling_without_diacritics_names_the_card(tmp_path: Path) -> None:
    """Forge's card scripts spell names without diacritics (Name:Jotun Grunt for Jötun Grunt), so
    its puzzles and game states do: such a name is the card (a warning says so), not one unknown
    card among the errors."""
    card = {"name": "Jötun Probëtroll", "layout": "normal", "faces": [{
        "name": "Jötun Probëtroll", "mana_cost": "{1}{W}", "types": ["Creature"],
        "subtypes": ["Giant"], "power": 4, "toughness": 4, "oracle": "", "abilities": []}]}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"format": 1, "cards": [card]}), encoding="utf-8")
    lib = CardLibrary.load([path])
    r = parse_pzl("[state]\nturn=3\nhumanbattlefield=Jotun Probetroll;Forest\n", lib)
    assert [o["card"] for o in r.document["objects"]] == ["Jötun Probëtroll", "Forest"]
    [w] = [w for w in r.warnings if w.kind == "card name"]
    assert w.line == 3 and "Jotun Probetroll is read as Jötun Probëtroll" in w.message


# ---- tokens as TokenInfo.java reads them: Keywords split on "-", Color from the Cost else ----------

def test_a_token_with_two_keywords_and_its_color_round_trip() -> None:
    """TokenInfo.java splits Keywords on '-' (the export writes Keywords:Flying-Vigilance), and a
    token without Color takes the colors of its Cost ('no cost': colorless). The export wrote no
    Color (Forge loaded a colorless Angel Warrior), and the import read 'flying-vigilance' as one
    keyword, so the token was left out."""
    from mtgasp.forge import export_pzl
    from mtgasp.state import parse_state
    doc = {"format": 1, "turn": 3, "active_player": "alice", "step": "precombat_main",
           "players": [{"name": "alice"}, {"name": "bob"}],
           "objects": [{"id": "t", "card": "Angel Warrior Token", "owner": "alice",
                        "zone": "battlefield", "token": True}]}
    text = export_pzl(parse_state(doc, LIB), LIB).text
    spec = next(line for line in text.splitlines() if line.startswith("humanbattlefield="))
    assert "Color:W," in spec and "Keywords:Flying-Vigilance" in spec
    back = parse_pzl(text, LIB)
    assert [(o["card"], o.get("token")) for o in back.document["objects"]] == \
        [("Angel Warrior Token", True)]
    assert not [w for w in back.warnings if w.kind == "token"]
