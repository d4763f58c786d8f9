"""Found by probe16a (session 16): the action a `why` or `apply` answer echoes is the one asked,
with the X announced for an activation (107.3a)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.cli import main

CANDELABRA = {
    "name": "Candelabra of Tawnos", "layout": "normal",
    "faces": [{"name": "Candelabra of Tawnos", "mana_cost": "{1}", "supertypes": [], "types": ["Artifact"],
               "subtypes": [], "oracle": "{X}, {T}: Untap X target lands.",
               "abilities": [{"kind": "activated", "text": "{X}, {T}: Untap X target lands.",
                              "cost": {"mana": "{X}", "tap": True},
                              "effect": {"action": "not_modeled",
                                         "targets": [{"zone": "battlefield", "types": ["Land"],
                                                      "count": "X"}]}}]}]}
STATE = {
    "format": 1, "turn": 5, "active_player": "alice", "step": "precombat_main", "priority": "alice",
    "players": [{"name": "alice"}, {"name": "bob"}],
    "objects": [
        {"id": "f1", "card": "Forest", "owner": "alice", "zone": "battlefield"},
        {"id": "f2", "card": "Forest", "owner": "alice", "zone": "battlefield"},
        {"id": "can", "card": "Candelabra of Tawnos", "owner": "alice", "zone": "battlefield"},
    ],
}


@pytest.mark.parametrize("command", ["why", "apply"])
def test_an_activations_x_is_echoed(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"format": 1, "cards": [CANDELABRA]}))
    state = tmp_path / "s.json"
    state.write_text(json.dumps(STATE))
    action = {"kind": "activate", "object": "can", "ability": 1, "x": 1, "targets": ["f1"]}
    assert main([command, str(state), json.dumps(action), "--json", "--cards", str(cards)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["action"]["x"] == 1
    assert out["legal"] is True


NAMES = ("Icy Blast", "Candelabra of Tawnos", "Soul Foundry", "Voodoo Doll", "Spoils of War", "Martial Coup")


def _entry(name: str) -> list[dict[str, object]]:
    """The MTGJSON AtomicCards entry of a real card (the Oracle texts the tests rest on)."""
    texts = {
        "Icy Blast": ("{X}{U}", "Instant", ("Tap X target creatures.\nFerocious — If you control a creature "
                      "with power 4 or greater, those creatures don't untap during their controllers' "
                      "next untap steps.")),
        "Candelabra of Tawnos": ("{1}", "Artifact", "{X}, {T}: Untap X target lands."),
        "Soul Foundry": ("{4}", "Artifact", ("Imprint — When this artifact enters, you may exile a creature "
                         "card from your hand.\n{X}, {T}: Create a token that's a copy of the exiled card. "
                         "X is the mana value of that card.")),
        "Voodoo Doll": ("{6}", "Artifact", ("At the beginning of your upkeep, put a pin counter on this "
                        "artifact.\nAt the beginning of your end step, if this artifact is untapped, destroy "
                        "this artifact and it deals damage to you equal to the number of pin counters on it."
                        "\n{X}{X}, {T}: This artifact deals damage equal to the number of pin counters on it "
                        "to any target. X is the number of pin counters on this artifact.")),
        "Spoils of War": ("{X}{B}", "Sorcery", ("X is the number of artifact and/or creature cards in an "
                          "opponent's graveyard as you cast this spell.\nDistribute X +1/+1 counters among "
                          "any number of target creatures.")),
        "Martial Coup": ("{X}{W}{W}", "Sorcery", ("Create X 1/1 white Soldier creature tokens. If X is 5 or "
                         "more, destroy all other creatures.")),
    }
    cost, typ, text = texts[name]
    return [{"name": name, "manaCost": cost, "type": typ, "types": [typ], "subtypes": [], "supertypes": [],
             "text": text, "layout": "normal"}]


def test_x_target_and_x_defined_by_the_text(tmp_path: Path) -> None:
    from mtgasp.oracle import import_files
    f = tmp_path / "cards.json"
    f.write_text(json.dumps({"data": {n: _entry(n) for n in NAMES}}))
    res = {r.name: r for r in import_files([f]).results}
    # 601.2c, 107.3a: "X target creatures" needs X different targets
    icy = res["Icy Blast"].card
    assert icy is not None
    assert icy["faces"][0]["abilities"][0]["effect"]["targets"][0]["count"] == "X"
    can = res["Candelabra of Tawnos"].card
    assert can is not None
    assert can["faces"][0]["abilities"][0]["effect"]["targets"][0]["count"] == "X"
    # 107.3c: an X the text defines isn't chosen: no template reads it as chosen
    for name in ("Soul Foundry", "Voodoo Doll", "Spoils of War"):
        assert res[name].card is None, name
    # "If X is 5 or more" tests the chosen X; it doesn't define it
    assert res["Martial Coup"].card is not None
