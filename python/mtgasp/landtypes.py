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
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mtgasp.model import GameObject, GameState


def _face(card: Any, o: GameObject) -> Any:
    if o.face is not None:
        for fc in card.faces:
            if fc.name == o.face:
                return fc
    return card.faces[0]


def _is_land(face: Any, o: GameObject) -> bool:
    anim = o.extra.get("animated") or {}
    return "Land" in face.types or "Land" in (anim.get("types") or [])


def land_type_order_problems(state: GameState, library: Any) -> Iterator[tuple[str, str]]:
    """(path, message) for each source of a land type-changing effect whose timestamp the answer
    may need and the state doesn't give (or gives equal to another's).

    Two effects need an order when they could both apply to one land without a dependency between
    them (613.7, 613.8a): a "set" effect and an "in addition" effect, or two "set" effects of
    different types, whose sets of lands overlap -- now or for a land that enters later (a
    nonbasic land alice plays under Blood Moon and Prismatic Omen), so that `apply` never writes a
    state whose order is unknown. An "in addition" effect of a land that a "set" effect reaches now
    never applies (613.8a: Urborg under Blood Moon) and needs none."""
    index = {o.id: i for i, o in enumerate(state.objects)}
    sources: list[tuple[GameObject, str, str, frozenset[str], str]] = []  # (obj, lands, mode, types, name)
    lands: dict[str, tuple[GameObject, Any]] = {}
    for o in state.objects:
        card = library.find(o.card) if o.zone == "battlefield" and o.card is not None and not o.face_down else None
        if card is None:
            continue
        face = _face(card, o)
        for ab in face.abilities:
            lt = ab.spec.get("land_type") if ab.kind == "static" else None
            if isinstance(lt, dict):
                mode = "set" if "set" in lt else "add"
                sources.append((o, str(lt.get("lands")), mode, frozenset(lt.get(mode) or ()), face.name))
        if _is_land(face, o):
            lands[o.id] = (o, face)
    if not sources:
        return

    def who(o: GameObject) -> str:
        return o.controller or o.owner

    def reaches(src: GameObject, kind: str, land: GameObject, face: Any) -> bool:
        if kind == "nonbasic":
            return "Basic" not in face.supertypes
        if kind == "all":
            return True
        if kind == "yours":
            return who(src) == who(land)
        return src.attached_to == land.id   # enchanted

    def overlap(a: tuple, b: tuple) -> bool:
        (sa, ka, *_), (sb, kb, *_) = a, b
        for s1, k1, s2, k2 in ((sa, ka, sb, kb), (sb, kb, sa, ka)):
            if k1 == "enchanted":
                found = lands.get(s1.attached_to or "")
                return found is not None and reaches(s2, k2, *found)
        if ka == "yours" and kb == "yours":
            return who(sa) == who(sb)
        return True   # nonbasic, all, yours: some land (one that enters later) is reached by both

    sets = [e for e in sources if e[2] == "set"]
    set_reached = {lid for lid, (land, face) in lands.items() for e in sets if reaches(e[0], e[1], land, face)}
    live = [e for e in sources if e[2] == "set" or e[0].id not in set_reached]
    pairs = [(a, b) for i, a in enumerate(live) for b in live[i + 1:]
             if a[0].id != b[0].id and "set" in (a[2], b[2]) and (a[2] != b[2] or a[3] != b[3])
             and overlap(a, b)]
    reported: set[str] = set()
    stamps: dict[int, str] = {}
    for a, b in pairs:
        for src, other in ((a, b), (b, a)):
            o = src[0]
            if o.id in reported:
                continue
            ts = o.extra.get("timestamp")
            path = f"objects[{index[o.id]}].timestamp"
            pair = f"{src[4]} ({o.id}) and {other[4]} ({other[0].id})"
            if not isinstance(ts, int):
                reported.add(o.id)
                yield path, (f"missing: {pair} change land types in layer 4 (CR 613.1d, 305.7) and could "
                             "both apply to one land with no dependency between them (613.8a), so they "
                             "apply in timestamp order (613.7), which decides its land types and mana "
                             "abilities; give each a \"timestamp\" (a larger number is later: when it "
                             "entered the battlefield, or an Aura when it was attached, 613.7d, 613.7e)")
            elif stamps.get(ts, o.id) != o.id:
                reported.add(o.id)
                yield path, (f"{ts}, the same as {stamps[ts]}'s: {pair} change land types in timestamp "
                             "order (CR 613.7), which must be known; give them different timestamps")
            else:
                stamps[ts] = o.id


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
