"""Hostile strings are data, never ASP: ids, card names, player names and counter kinds containing
quotes, backslashes, dots, newlines, ``%``, ``#script (python) ... #end``, ``").\\n#show.`` and
unicode go through ``moves``/``why``/``mana``/``facts`` untouched and execute nothing.

The in-process runs enable clingo's Python scripting first, so a ``#script (python)`` block that
reached a clingo program as text would really run (the positive control below shows it does) and
create its marker file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import clingo
import clingo.script
import pytest
from mtgasp.cli import main
from mtgasp.errors import clean_text


def _script(marker: Path) -> str:
    return f"#script (python)\nimport pathlib\npathlib.Path({str(marker)!r}).write_text('pwned')\n#end."


def _hostile(marker: Path) -> dict[str, str]:
    script = _script(marker)
    return {
        "quote": 'O\'Brien "the" Bear',
        "backslash": "Back\\slash \\\\ bear\\",
        "dots": "bear.x. y.",
        "newline": "new\nline\r\nbear",
        "percent": "100% bear %d %s %% comment",
        "script": script,
        "show": '").\n#show.\n',
        "unicode": "Ünïcødé ☃ 熊 𝔅 \u200b",
    }


def _creature(name: str) -> dict[str, Any]:
    """Grizzly Bears under another name."""
    return {"name": name, "layout": "normal", "faces": [{
        "name": name, "mana_cost": "{1}{G}", "supertypes": [], "types": ["Creature"], "subtypes": ["Bear"],
        "power": 2, "toughness": 2, "oracle": "", "abilities": []}]}


def _land(name: str, counter: str) -> dict[str, Any]:
    """Gemstone Caverns' mana ability under another name, keyed on a hostile counter kind."""
    text = f"{{T}}: Add {{C}}. If this land has a {counter} counter on it, instead add one mana of any color."
    return {"name": name, "layout": "normal", "faces": [{
        "name": name, "mana_cost": None, "supertypes": [], "types": ["Land"], "subtypes": [],
        "oracle": text,
        "abilities": [{"kind": "activated", "text": text, "cost": {"tap": True},
                       "mana": {"if_counter": counter, "then": {"any_color": 1}, "else": {"fixed": "{C}"}}}]}]}


def _forest(name: str) -> dict[str, Any]:
    """Forest's mana ability on a nonbasic land with another name."""
    return {"name": name, "layout": "normal", "faces": [{
        "name": name, "mana_cost": None, "supertypes": [], "types": ["Land"], "subtypes": [],
        "oracle": "{T}: Add {G}.",
        "abilities": [{"kind": "activated", "text": "{T}: Add {G}.", "cost": {"tap": True},
                       "mana": {"fixed": "{G}"}}]}]}


class World:
    """A card file and a state file full of hostile strings."""

    def __init__(self, tmp: Path):
        self.marker = tmp / "pwned"
        h = _hostile(self.marker)
        self.h = h
        self.alice = "alice " + h["script"] + h["quote"]
        self.bob = h["show"] + "bob" + h["backslash"]
        self.counter = 'lu"ck' + h["show"] + h["percent"]
        self.land_name = "Land " + h["dots"] + h["unicode"] + h["quote"]
        self.forest_name = "Forest " + h["script"]
        self.creatures = {k: f"{v} Bear {k}" for k, v in h.items()}
        cards = [_creature(n) for n in self.creatures.values()]
        cards += [_land(self.land_name, self.counter), _forest(self.forest_name)]
        self.cards = tmp / "cards.json"
        self.cards.write_text(json.dumps({"format": 1, "cards": cards}, ensure_ascii=False), encoding="utf-8")

        # object ids: each hostile string; the lands' ids too
        self.land_id = h["script"] + " land"
        self.land2_id = 'land2").\n#show.\n% id'
        self.forest_ids = [f"{h['backslash']} forest {i}" for i in range(2)]
        self.hand_ids = {k: f"{v}#{k}" for k, v in h.items()}
        objects: list[dict[str, Any]] = [
            {"id": self.land_id, "card": self.land_name, "owner": self.alice, "zone": "battlefield",
             "counters": {self.counter: 1}},
            {"id": self.land2_id, "card": self.land_name, "owner": self.alice, "zone": "battlefield",
             "counters": {self.counter: 0}},
        ]
        objects += [{"id": i, "card": self.forest_name, "owner": self.alice, "zone": "battlefield"}
                    for i in self.forest_ids]
        objects += [{"id": self.hand_ids[k], "card": self.creatures[k], "owner": self.alice, "zone": "hand"}
                    for k in h]
        objects += [{"id": h["unicode"] + h["newline"], "card": "Forest", "owner": self.bob, "zone": "battlefield"}]
        self.state_doc = {
            "format": 1, "turn": 5, "active_player": self.alice, "step": "precombat_main",
            "priority": self.alice, "players": [{"name": self.alice}, {"name": self.bob}],
            "objects": objects,
        }
        self.state = tmp / "state.json"
        self.state.write_text(json.dumps(self.state_doc, ensure_ascii=False), encoding="utf-8")

    def strings(self) -> list[str]:
        """Every hostile string the documents contain (names, ids)."""
        return [self.alice, self.bob, self.land_name, self.forest_name, *self.creatures.values(),
                self.land_id, self.land2_id, *self.forest_ids, *self.hand_ids.values(),
                self.h["unicode"] + self.h["newline"]]


@pytest.fixture(autouse=True)
def _python_scripting() -> None:
    clingo.script.enable_python()


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


def _main_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    rc = main(list(args) + ["--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    return json.loads(out)


def test_positive_control_script_payload_runs_when_injected(tmp_path: Path) -> None:
    """The payload is live: pasted into a program as text, it creates the marker file."""
    marker = tmp_path / "control"
    ctl = clingo.Control(logger=lambda c, m: None)
    ctl.add("base", [], _script(marker))
    ctl.ground([("base", [])])
    assert marker.read_text() == "pwned"


def test_moves_round_trip(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _main_json(capsys, "moves", str(world.state), "--cards", str(world.cards))
    assert doc["player"] == world.alice
    moves = doc["moves"]
    casts = {m["object"]: m for m in moves if m["kind"] == "cast"}
    assert set(casts) == set(world.hand_ids.values())
    for k, oid in world.hand_ids.items():
        assert casts[oid]["face"] == world.creatures[k]
        assert casts[oid]["cost"] == "{1}{G}"
        for use in casts[oid]["payment"]["mana_abilities"]:
            assert use["source"] in {world.land_id, world.land2_id, *world.forest_ids}
    activated = {m["object"] for m in moves if m["kind"] == "activate"}
    assert activated == {world.land_id, world.land2_id, *world.forest_ids}
    assert not world.marker.exists()


def test_moves_text_output(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["moves", str(world.state), "--cards", str(world.cards)])
    out, err = capsys.readouterr()
    assert rc == 0, err
    for k, oid in world.hand_ids.items():
        # text output escapes control characters (a name can't forge lines); the text is intact
        assert clean_text(f"cast {world.creatures[k]} ({oid})") in out
    assert not world.marker.exists()


def test_why_round_trip(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    oid = world.hand_ids["script"]
    action = json.dumps({"kind": "cast", "object": oid}, ensure_ascii=False)
    doc = _main_json(capsys, "why", str(world.state), action, "--cards", str(world.cards))
    assert doc["legal"] is True
    assert doc["action"]["object"] == oid and doc["action"]["face"] == world.creatures["script"]
    # an illegal one: bob doesn't have priority; the reason names him exactly
    doc = _main_json(capsys, "why", str(world.state), '{"kind": "pass"}', "--player", world.bob,
                     "--cards", str(world.cards))
    assert doc["legal"] is False
    assert doc["reasons"][0]["rule"] == "117.3d"
    assert doc["reasons"][0]["message"].startswith(world.bob + " doesn't have priority")
    assert not world.marker.exists()


def test_hostile_counter_kind_is_matched_exactly(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    """The land with one hostile counter makes any color; the one with zero such counters makes {C}."""
    one = _main_json(capsys, "mana", str(world.state), world.land_id, "--cards", str(world.cards))
    assert one == {"object": world.land_id, "types": ["W", "U", "B", "R", "G"]}
    zero = _main_json(capsys, "mana", str(world.state), world.land2_id, "--cards", str(world.cards))
    assert zero == {"object": world.land2_id, "types": ["C"]}
    assert not world.marker.exists()


def test_facts_quote_or_omit_hostile_strings(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _main_json(capsys, "facts", str(world.state), "--cards", str(world.cards))
    assert set(doc["players"].values()) == {world.alice, world.bob}
    assert set(doc["objects"].values()) == {o["id"] for o in world.state_doc["objects"]}
    assert {world.land_name, world.forest_name, *world.creatures.values()} <= set(doc["cards"].values())
    facts = doc["facts"]
    text = "\n".join(facts)
    # ids and names are numbers in the facts: none of the hostile strings appears in them
    for s in world.strings():
        assert s not in text, s
    # the counter kind appears only as a clingo string, escaped, and reads back exactly
    quoted = str(clingo.String(world.counter))
    assert quoted != world.counter
    land = next(k for k, v in doc["objects"].items() if v == world.land_id)
    assert f"counters({land},{quoted},1)" in facts
    for f in facts:  # every fact is one well-formed term that prints back the same
        sym = clingo.parse_term(f)
        assert str(sym) == f
    kinds = [clingo.parse_term(f).arguments[1].string for f in facts if f.startswith("counters(")]
    assert kinds and set(kinds) == {world.counter}
    assert not world.marker.exists()


def test_facts_text_output(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["facts", str(world.state), "--cards", str(world.cards)])
    out, err = capsys.readouterr()
    assert rc == 0, err
    lines = out.splitlines()
    assert all(line.endswith(".") for line in lines)
    # the text is a fact base clingo reads back: as many facts as lines, nothing else
    ctl = clingo.Control(logger=lambda c, m: None)
    ctl.add("base", [], out)
    ctl.ground([("base", [])])
    assert sum(1 for a in ctl.symbolic_atoms if a.is_fact) == len(set(lines))
    assert not world.marker.exists()


def test_subprocess_round_trip(world: World) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    p = subprocess.run([sys.executable, "-m", "mtgasp.cli", "moves", str(world.state), "--cards",
                        str(world.cards), "--json"], check=False, capture_output=True, text=True,
                       encoding="utf-8",
                       env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["player"] == world.alice
    assert {m["object"] for m in doc["moves"] if m["kind"] == "cast"} == set(world.hand_ids.values())
    assert not world.marker.exists()


def test_hostile_names_in_error_messages_are_data(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown hostile player or object is reported as bad input, quoted, without running it."""
    action = json.dumps({"kind": "cast", "object": world.h["script"]})
    rc = main(["why", str(world.state), action, "--cards", str(world.cards), "--json"])
    out, err = capsys.readouterr()
    assert rc == 2 and "Traceback" not in err
    problems = json.loads(out)["problems"]
    assert problems[0]["path"] == "action.object"
    # quoted as JSON (and shortened): the newline is shown as \n
    assert problems[0]["message"].startswith('no object "#script (python)\\nimport pathlib')
    assert not world.marker.exists()
