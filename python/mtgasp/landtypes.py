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
    needs and the state doesn't give (or gives equal to another's)."""
    index = {o.id: i for i, o in enumerate(state.objects)}
    sources: list[tuple[GameObject, str, str, tuple[str, ...], str]] = []  # (obj, lands, mode, types, card)
    lands: list[tuple[GameObject, Any]] = []
    for o in state.objects:
        if o.zone != "battlefield" or o.card is None or o.face_down or o.card not in library:
            continue
        card = library.get(o.card)
        face = _face(card, o)
        for ab in face.abilities:
            lt = ab.spec.get("land_type") if ab.kind == "static" else None
            if isinstance(lt, dict):
                mode = "set" if "set" in lt else "add"
                sources.append((o, str(lt.get("lands")), mode, tuple(lt.get(mode) or ()), face.name))
        if _is_land(face, o):
            lands.append((o, face))
    if not sources:
        return

    def applies(src: GameObject, lands_kind: str, land: GameObject, face: Any) -> bool:
        if lands_kind == "nonbasic":
            return "Basic" not in face.supertypes
        if lands_kind == "all":
            return True
        if lands_kind == "yours":
            return (src.controller or src.owner) == (land.controller or land.owner)
        return src.attached_to == land.id   # enchanted

    on: dict[str, list[tuple[GameObject, str, tuple[str, ...], str]]] = {}
    for land, face in lands:
        for src, kind, mode, types, name in sources:
            if applies(src, kind, land, face):
                on.setdefault(land.id, []).append((src, mode, types, name))
    set_lands = {lid for lid, effs in on.items() if any(m == "set" for _, m, _, _ in effs)}
    reported: set[str] = set()
    for land, face in lands:
        effs = on.get(land.id) or []
        sets = [e for e in effs if e[1] == "set"]
        # 613.8a: an effect of a land that a set effect makes lose its abilities doesn't apply
        adds = [e for e in effs if e[1] == "add" and e[0].id not in set_lands]
        if not sets or (not adds and len({frozenset(e[2]) for e in sets}) == 1):
            continue
        involved = sets + adds
        names = [f"{name} ({src.id})" for src, _, _, name in involved]
        who = ", ".join(names[:-1]) + " and " + names[-1]
        stamps: dict[int, str] = {}
        for src, _, _, name in involved:
            if src.id in reported:
                continue
            ts = src.extra.get("timestamp")
            path = f"objects[{index[src.id]}].timestamp"
            if not isinstance(ts, int):
                reported.add(src.id)
                yield path, (f"missing: {who} each change the land types of {face.name} ({land.id}) "
                             "in layer 4 (CR 613.1d, 305.7) with no dependency between them (613.8), so "
                             "they apply in timestamp order (613.7), which decides its land types and "
                             "mana abilities; give each a \"timestamp\" (a larger number is later: when "
                             "it entered the battlefield, or an Aura when it was attached, 613.7d, "
                             "613.7e)")
            elif ts in stamps and stamps[ts] != src.id:
                reported.add(src.id)
                yield path, (f"{ts}, the same as {stamps[ts]}'s: {who} change the land types of "
                             f"{face.name} ({land.id}) in timestamp order (CR 613.7), which must be "
                             "known; give them different timestamps")
            else:
                stamps[ts] = src.id
