"""Land type-changing effects whose order the state must give (CR 613.1d, 613.7, 613.8, 305.7).

The encodings (characteristics.lp) apply the effects of static abilities that set or add basic land
types ("Nonbasic lands are Mountains", "Each land is a Swamp in addition to its other land types")
in timestamp order (613.7) within layer 4 (613.1d), after applying the dependency of 613.8a: an
effect whose source is a land that another effect sets to basic land types loses the ability that
generates it (305.7), so it depends on that effect and never applies (Blood Moon and Urborg, Tomb of
Yawgmoth). Where two such effects apply to one land with no dependency between them and their order
decides its land types (Blood Moon and Prismatic Omen; Spreading Seas on a Forest and Urborg), the
answer depends on their timestamps, which only the state can say: each of their sources needs a
``timestamp`` (the object field). Without them the state is bad input, never a guessed order.
Which sources need one the encodings decide (characteristics.lp's lt_order_unknown/3); this module
grounds the state for that alone and words the answer, and gives `apply` and the Forge import the
timestamps a next state needs (stamp_missing).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mtgasp.model import GameState

# What the check reads from grounding (characteristics.lp decides it; only the rules it depends on
# are grounded).
ORDER_GOALS = frozenset({("lt_order_unknown", 3)})


def land_type_order_problems(state: GameState, library: Any) -> Iterator[tuple[str, str]]:
    """(path, message) for each source of a land type-changing effect whose timestamp the answer
    may need and the state doesn't give (or gives equal to another's): the encodings decide which
    (characteristics.lp's lt_order_unknown/3, 613.7, 613.8a); this only words the answer. A tie is
    reported at the later of the two objects in the document."""
    from mtgasp.facts import FactWriter, changes_land_types
    from mtgasp.solver import Grounded

    sources = [o for o in state.objects if o.zone == "battlefield" and o.card is not None and not o.face_down
               and (card := library.find(o.card)) is not None and changes_land_types(card)]
    if len(sources) < 2:   # an order is one between two sources
        return
    fw = FactWriter(library)
    fw.state(state)
    fw.finish()
    grounded = Grounded(fw.facts, patterns=frozenset(fw.patterns), goals=ORDER_GOALS)
    index = {o.id: i for i, o in enumerate(state.objects)}
    by_id = {o.id: o for o in state.objects}
    unknown: dict[str, dict[str, set[str]]] = {}
    for atom in grounded.facts(sorted(ORDER_GOALS)):
        s, s2, why = atom.arguments
        src, other = fw.ids.object_names[s.number], fw.ids.object_names[s2.number]
        unknown.setdefault(src, {}).setdefault(why.name, set()).add(other)

    def name(oid: str) -> str:
        card = library.find(by_id[oid].card)
        face = by_id[oid].face
        return face if face is not None else card.faces[0].name

    for oid in sorted(unknown, key=index.__getitem__):
        whys = unknown[oid]
        path = f"objects[{index[oid]}].timestamp"
        if "missing" in whys:
            other = min(whys["missing"], key=index.__getitem__)
            yield path, (f"missing: {name(oid)} ({oid}) and {name(other)} ({other}) change land types in "
                         "layer 4 (CR 613.1d, 305.7) and could both apply to one land with no dependency "
                         "between them (613.8a), so they apply in timestamp order (613.7), which decides "
                         "its land types and mana abilities; give each a \"timestamp\" (a larger number is "
                         "later: when it entered the battlefield, or an Aura when it was attached, 613.7d, "
                         "613.7e)")
            continue
        earlier = [o for o in whys.get("tie", ()) if index[o] < index[oid]]
        if earlier:
            other = min(earlier, key=index.__getitem__)
            yield path, (f"{by_id[oid].extra['timestamp']}, the same as {other}'s: {name(oid)} ({oid}) and "
                         f"{name(other)} ({other}) change land types in timestamp order (CR 613.7), which "
                         "must be known; give them different timestamps")


def stamp_missing(doc: dict[str, Any], library: Any, earlier: set[str]) -> list[tuple[dict[str, Any], int]]:
    """Give timestamps (613.7) to the sources of land type-changing effects of a state document that
    lacks ones its order needs (land_type_order_problems): first those in ``earlier`` (permanents
    whose order among themselves never mattered, in the document's order), then the others (they
    came later: 613.7d, 613.7e). Returns the objects stamped, with their timestamps; none when the
    document is refused for another reason or needs none."""
    from mtgasp.errors import InputError
    from mtgasp.facts import changes_land_types
    from mtgasp.state import parse_state

    try:
        nxt = parse_state(doc, library, source="timestamps")
    except InputError as e:
        if not any(p.path.endswith(".timestamp") for p in e.problems):
            return []
    else:
        if not any(True for _ in land_type_order_problems(nxt, library)):
            return []
    objs = [o for o in doc.get("objects") or [] if isinstance(o, dict) and o.get("zone") == "battlefield"
            and isinstance(o.get("card"), str) and not o.get("face_down")]
    objs = [o for o in objs if (c := library.find(o["card"])) is not None and changes_land_types(c)]
    top = max((o["timestamp"] for o in objs if isinstance(o.get("timestamp"), int)), default=0)
    out = []
    for later in (False, True):
        for o in objs:
            if (o.get("id") not in earlier) == later and not isinstance(o.get("timestamp"), int):
                top += 1
                o["timestamp"] = top
                out.append((o, top))
    return out
