"""Discovery: The Era of Voyage: the table mat as printed (the ring of island slots round the
Central Island) with the islands laid out, every ship and pirate ship with its bow, every
investment marker, and each player's coins, resources and VP underneath."""

from __future__ import annotations

import math

from portolan.checker.games.discovery_era_of_voyage.state import CENTRE, State
from portolan.generator.colours import tint
from portolan.generator.layout.ring import SlotPlace, centre_place, ring_places, ring_radius
from portolan.model.board import BoardSpec, Ring
from portolan.model.loader import Game
from portolan.show.svg import INK, Picture, counted, num, printed, slug, spread

PIECE = 10.0


def draw(model: Game, state: State, caption: str) -> Picture:
    mat = printed(model, "table-mat", BoardSpec, "rings")
    ring = mat.rings[0]
    players = state.order or state.players
    w, h = mat.size.width, mat.size.height
    pic = Picture(w, h + 12 + 7 * len(players), f"{model.title}: the table {caption}")
    pic.add_seats(state.players)
    pic.rect(0.5, 0.5, w - 1, h - 1, width=0.6)
    places = ring_places(ring, ring_radius(ring))
    _slot(pic, model, state, centre_place(ring), CENTRE, ring)
    for slot, place in enumerate(places):
        _slot(pic, model, state, place, slot, ring)
        if ring.numbers:
            _number(pic, ring, place, slot)
    for slot in sorted({s for s in state.at.values()} | {p[0] for p in state.pirates}):
        where = centre_place(ring) if slot == CENTRE else places[slot]
        _ships(pic, state, where, slot, ring)
    _players(pic, state, players, h + 6)
    return pic


def _local(place: SlotPlace, dx: float, dy: float) -> tuple[float, float]:
    """The point (dx, dy) from the slot's centre, in the slot's own turned frame."""
    cos, sin = math.cos(math.radians(place.rotate)), math.sin(math.radians(place.rotate))
    return place.cx + dx * cos - dy * sin, place.cy + dx * sin + dy * cos


def _slot(pic: Picture, model: Game, state: State, place: SlotPlace, slot: int, ring: Ring) -> None:
    name = state.island_at(slot) if slot == CENTRE or slot < len(state.ring) else None
    island = state.book.island(name) if name else None
    colour = model.colour(island.type) if island else "#8b8b8b"
    g = pic.d.g(transform=f"rotate({num(place.rotate)} {num(place.cx)} {num(place.cy)})")
    x, y = place.cx - place.w / 2, place.cy - place.h / 2
    pic.rect(
        x, y, place.w, place.h, fill=tint(colour, 0.8), stroke=colour, width=0.6, radius=3, parent=g
    )
    label = name or (ring.ring.replace("{n}", str(slot + 1)) + " (empty)")
    kind = f"{island.label} island" if island else ""
    pic.fitted(place.cx, y + 8, label, place.w - 4, 4.0, anchor="middle", bold=True, parent=g)
    pic.text(place.cx, y + 13, kind, 3.0, INK, "middle", parent=g)
    pic.d.add(g)
    if slot == CENTRE or slot >= len(state.markers):
        return
    owners = [(p, k) for p in state.players for k in range(1, state.markers[slot].get(p, 0) + 1)]
    spots = spread(-place.w / 2 + 3, place.h / 2 - 26, place.w - 6, 22, len(owners), 7.0)
    for (p, k), (dx, dy) in zip(owners, spots, strict=True):
        cx, cy = _local(place, dx, dy)
        pic.piece(
            "cube", f"marker-{slug(p)}-{slug(name or str(slot))}-{k}", name or "", p, cx, cy, 7.0
        )
    if owners:
        counts = ", ".join(
            f"{p} {state.markers[slot][p]}" for p in state.players if state.markers[slot].get(p)
        )
        pic.say(f"{name}: investment markers {counts}")


def _number(pic: Picture, ring: Ring, place: SlotPlace, slot: int) -> None:
    """The slot's number outside it, as the printed mat has it."""
    a = math.radians(ring.angle(slot))
    ux, uy = math.sin(a), -math.cos(a)
    reach = max((x - ring.cx) * ux + (y - ring.cy) * uy for x, y in place.corners())
    nx, ny = ring.cx + (reach + 6) * ux, ring.cy + (reach + 6) * uy
    pic.d.add(pic.d.circle((num(nx), num(ny)), "4.2", fill="#15707f"))
    pic.text(nx, ny + 1.4, str(slot + 1), 4.0, "#ffffff", "middle", True)


def _ships(pic: Picture, state: State, place: SlotPlace, slot: int, ring: Ring) -> None:
    name = state.island_at(slot)
    ships = [(p, state.bow.get(p, 0)) for p in state.ships_at(slot)]
    pirates = [(k, bow) for k, (s, bow) in enumerate(state.pirates) if s == slot]
    n = len(ships) + len(pirates)
    spots = spread(-place.w / 2 + 3, -place.h / 2 + 15, place.w - 6, 30, n, PIECE)
    for (p, bow), (dx, dy) in zip(ships, spots, strict=False):
        cx, cy = _local(place, dx, dy)
        pic.piece("ship", f"ship-{slug(p)}", name, p, cx, cy, PIECE)
        _bow(pic, cx, cy, bow, ring, place)
        pic.say(f"{name}: {p}'s ship" + _bow_words(bow))
    for (k, bow), (dx, dy) in zip(pirates, spots[len(ships) :], strict=True):
        cx, cy = _local(place, dx, dy)
        pic.piece("ship", f"pirate-{k + 1}", name, None, cx, cy, PIECE, label="P")
        _bow(pic, cx, cy, bow, ring, place)
        pic.say(f"{name}: pirate ship {k + 1}" + _bow_words(bow))


def _bow_words(bow: int) -> str:
    return {1: ", bow clockwise", -1: ", bow counter-clockwise"}.get(bow, "")


def _bow(pic: Picture, cx: float, cy: float, bow: int, ring: Ring, place: SlotPlace) -> None:
    """An arrow beside the ship, along the ring: the way its bow points (clockwise is the way
    the slots' angles grow on the page)."""
    if not bow:
        return
    a = math.radians(place.rotate)
    ux, uy = math.cos(a) * bow, math.sin(a) * bow  # the clockwise tangent, turned by the bow
    nx, ny = math.sin(a), -math.cos(a)  # outward
    bx, by = cx - nx * PIECE * 0.85, cy - ny * PIECE * 0.85
    pic.line(bx - ux * 3.5, by - uy * 3.5, bx + ux * 3.5, by + uy * 3.5, width=0.6)
    tip = (bx + ux * 4.5, by + uy * 4.5)
    wing = [(bx + ux * 2.4 + s * nx * 1.3, by + uy * 2.4 + s * ny * 1.3) for s in (1, -1)]
    pic.d.add(pic.d.polygon([(num(x), num(y)) for x, y in (tip, *wing)], fill=INK))


def _players(pic: Picture, state: State, players: list[str], top: float) -> None:
    lines = []
    for p in players:
        res = ", ".join(f"{n} {r}" for r, n in state.res.get(p, {}).items() if n) or "no resources"
        lines.append(
            f"{p}: {state.vp.get(p, 0)} VP, {counted(state.coins.get(p, 0), 'coin')}, {res}; "
            f"{counted(state.left.get(p, 0), 'investment marker')} not placed"
        )
    pic.seat_lines(top, {p: f"{state.vp.get(p, 0)} VP" for p in state.players}, lines)
