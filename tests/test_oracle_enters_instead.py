"""Real cards through the Oracle importer: "If this land would enter, sacrifice two untapped lands
instead. If you do, put this land onto the battlefield. If you don't, put it into its owner's
graveyard." and Mox Diamond's "you may discard a land card instead" (CR 614.1c, 614.6, 701.21,
701.9). The fixture tests/fixtures/real_cards_enters_instead.json holds MTGJSON AtomicCards entries
copied from ../shared/data/AtomicCards.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgasp.api import Checker
from mtgasp.oracle import CardResult
from real_cards import abilities, applied, module_fixtures, state, why

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards_enters_instead.json"
results, checker = module_fixtures(FIXTURE)
PLAY = {"kind": "play_land", "object": "lv"}


def zones(doc: dict[str, Any]) -> dict[str, str]:
    return {o["id"]: o["zone"] for o in doc["objects"]}


def test_read(results: dict[str, CardResult]) -> None:
    assert abilities(results, "Lotus Vale")[0] == {
        "kind": "replacement", "enters_instead": {"sacrifice_untapped": {"type": "Land", "count": 2}}}
    assert abilities(results, "Balduvian Trading Post")[0]["enters_instead"] == {
        "sacrifice_untapped": {"type": "Land", "subtypes": ["Mountain"]}}
    assert abilities(results, "Heart of Yavimaya")[0]["enters_instead"] == {
        "sacrifice": {"type": "Land", "subtypes": ["Forest"]}}
    assert abilities(results, "Mox Diamond")[0]["enters_instead"] == {"discard": {"type": "Land"}}


def test_lotus_vale_sacrifices_two_untapped_lands(checker: Checker) -> None:
    lands = [{"id": "m1", "card": "Mountain"}, {"id": "m2", "card": "Mountain"},
             {"id": "f", "card": "Forest", "tapped": True}]
    doc = state([{"id": "lv", "card": "Lotus Vale", "zone": "hand"}, *lands])
    assert why(checker, doc, PLAY).legal   # playing it is legal either way (305.1)
    after = applied(checker, doc, PLAY)
    z = zones(after)
    assert z["lv"] == "battlefield" and z["m1"] == z["m2"] == "graveyard" and z["f"] == "battlefield"
    # one untapped land only (the tapped Forest doesn't count): Lotus Vale goes to the graveyard,
    # nothing is sacrificed, and the land play is used
    doc = state([{"id": "lv", "card": "Lotus Vale", "zone": "hand"}, lands[0], lands[2]])
    after = applied(checker, doc, PLAY)
    z = zones(after)
    assert z["lv"] == "graveyard" and z["m1"] == "battlefield"
    assert after["players"][0]["lands_played_this_turn"] == 1


def test_trading_post_and_heart_of_yavimaya(checker: Checker) -> None:
    bt = {"id": "lv", "card": "Balduvian Trading Post", "zone": "hand"}
    after = applied(checker, state([bt, {"id": "m", "card": "Mountain", "tapped": True}]), PLAY)
    assert zones(after)["lv"] == "graveyard"   # an untapped Mountain is needed
    after = applied(checker, state([bt, {"id": "m", "card": "Mountain"}, {"id": "f", "card": "Forest"}]), PLAY)
    assert zones(after) == {"lv": "battlefield", "m": "graveyard", "f": "battlefield"}
    # Heart of Yavimaya: a Forest, tapped or not
    hy = {"id": "lv", "card": "Heart of Yavimaya", "zone": "hand"}
    after = applied(checker, state([hy, {"id": "f", "card": "Forest", "tapped": True}]), PLAY)
    assert zones(after) == {"lv": "battlefield", "f": "graveyard"}


def test_mox_diamond_discards_a_land_card(checker: Checker) -> None:
    md = {"id": "md", "card": "Mox Diamond", "zone": "hand"}
    src = {"id": "s", "card": "Sol Ring"}
    doc = state([md, src, {"id": "h", "card": "Island", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "md"})
    for p in ("alice", "bob"):
        after = applied(checker, after, {"kind": "pass"}, who=p)
    z = zones(after)
    assert z["md"] == "battlefield" and z["h"] == "graveyard"
    # no land card in hand: it goes to the graveyard (a nonland card isn't discarded)
    doc = state([md, src, {"id": "g", "card": "Grizzly Bears", "zone": "hand"}])
    after = applied(checker, doc, {"kind": "cast", "object": "md"})
    for p in ("alice", "bob"):
        after = applied(checker, after, {"kind": "pass"}, who=p)
    z = zones(after)
    assert z["md"] == "graveyard" and z["g"] == "hand"


def test_gates_you_control_enter_untapped(results: dict[str, CardResult], checker: Checker) -> None:
    assert abilities(results, "Gond Gate")[0] == {
        "kind": "static", "enter_untapped": {"types": ["Land"], "subtypes": ["Gate"]}}
    gate = {"id": "lv", "card": "Azorius Guildgate", "zone": "hand"}
    after = applied(checker, state([gate]), PLAY)
    assert next(o for o in after["objects"] if o["id"] == "lv").get("tapped") is True
    after = applied(checker, state([gate, {"id": "gg", "card": "Gond Gate"}]), PLAY)
    assert not next(o for o in after["objects"] if o["id"] == "lv").get("tapped")
    # Gond Gate of another player doesn't help (it affects the Gates its controller controls)
    after = applied(checker, state([gate, {"id": "gg", "card": "Gond Gate", "owner": "bob"}]), PLAY)
    assert next(o for o in after["objects"] if o["id"] == "lv").get("tapped") is True
    # Spelunking: lands you control (a Temple is not a Gate)
    temple = {"id": "lv", "card": "Temple of Mystery", "zone": "hand"}
    after = applied(checker, state([temple, {"id": "sp", "card": "Spelunking"}]), PLAY)
    assert not next(o for o in after["objects"] if o["id"] == "lv").get("tapped")
    after = applied(checker, state([temple, {"id": "gg", "card": "Gond Gate"}]), PLAY)
    assert next(o for o in after["objects"] if o["id"] == "lv").get("tapped") is True


def test_enters_tapped_if_played_from_hand(results: dict[str, CardResult], checker: Checker) -> None:
    assert results["The Celestus"].card is not None
    assert abilities(results, "Fetching Garden")[1] == {
        "kind": "replacement", "enters_tapped": True, "condition": "played_from_hand"}
    after = applied(checker, state([{"id": "lv", "card": "Fetching Garden", "zone": "hand"}]), PLAY)
    assert next(o for o in after["objects"] if o["id"] == "lv").get("tapped") is True


def test_enters_tapped_if_you_were_the_starting_player(checker: Checker) -> None:
    rc = {"id": "lv", "card": "Rising Chicane", "zone": "hand"}
    after = applied(checker, state([rc], starting_player="alice"), PLAY)
    assert next(o for o in after["objects"] if o["id"] == "lv").get("tapped") is True
    after = applied(checker, state([rc], starting_player="bob"), PLAY)
    assert not next(o for o in after["objects"] if o["id"] == "lv").get("tapped")
    # not given: untapped, and said (an event)
    from mtgasp.actions import parse_action
    from mtgasp.apply import apply_action
    from mtgasp.state import parse_state
    st = parse_state(state([rc]), checker.library)
    res = apply_action(checker, st, parse_action(PLAY, st, checker.library, "alice"), "alice")
    assert any("starting player" in str(e) for e in res.events)
