"""Ships: the game board as printed (the Ship Age track, areas 2-7 with their trade boxes and
city spaces, the Spice Box) with every ship, merchant cube and city disc where it stands, the
present age and area outlined, and each player's display summed up underneath."""

from __future__ import annotations

import math

from portolan.checker.games.ships.state import State
from portolan.generator.colours import tint
from portolan.model.board import BoardSpec, Box
from portolan.model.board_map import AgeTrack, Area, EdgeTrack, Location
from portolan.model.loader import Game
from portolan.show.svg import INK, Picture, counted, printed, slug, spread

AGE_HEAD, AGE_PAD = 7.0, 1.6
AREA_HEAD, AREA_PAD = 8.0, 2.2
NAME_ROOM = 2.0 + 7.0 * 0.3528 + 1.4  # a location's name above its boxes
PIECE = 7.0
SHIP = 10.0  # ships on the track: a box holds nine side by side
BOXES = ("merchant", "warship")


def draw(model: Game, state: State, caption: str) -> Picture:
    board = printed(model, "board", BoardSpec)
    rows = 12 + 7 * len(state.players)
    w, h = board.size.width, board.size.height
    pic = Picture(w, h + rows, f"{model.title}: the table {caption}")
    colours = [model.colour(s.colour.lower()) for s in state.seats]
    pic.add_seats(state.players, colours)
    pic.rect(0.5, 0.5, w - 1, h - 1, width=0.6)
    for el in board.elements:
        if isinstance(el, EdgeTrack):
            _vp_track(pic, el, state, w, h)
    track = board.age_track
    if track is not None:
        _ages(pic, track, state)
    for i, area in enumerate(sorted(board.areas, key=lambda a: a.area)):
        _area(pic, area, i, state, model)
    for el in board.elements:
        if isinstance(el, Box) and el.box == "Spice Box":
            _spice(pic, el, state)
    _displays(pic, state, h + 6)
    return pic


def _vp_track(pic: Picture, track: EdgeTrack, state: State, w: float, h: float) -> None:
    """The victory point track round the edge, each player's city disc on their score (past the
    last box it goes round again)."""
    cells = track.cells(w, h)
    for value, x, y, cw, ch in cells:
        marked = bool(track.mark_every and value and value % track.mark_every == 0)
        pic.rect(x, y, cw, ch, fill="#efe3c4" if marked else "#ffffff", width=0.2)
        if marked or value == track.start:
            pic.text(x + cw / 2, y + ch - 1.2, str(value), 2.4, "#555555", "middle")
    here: dict[int, int] = {}
    for seat in state.seats:
        k = (seat.vp - track.start) % len(cells)
        value, x, y, cw, ch = cells[k]
        n = here.get(k, 0)
        here[k] = n + 1
        size = min(cw, ch) * 0.62
        cx, cy = x + cw / 2 + (n - 1) * size * 0.35, y + ch / 2 - 1 + (n % 2) * size * 0.3
        pic.piece(
            "disc", f"vp-{slug(seat.name)}", f"Victory points {value}", seat.name, cx, cy, size
        )


def _ages(pic: Picture, track: AgeTrack, state: State) -> None:
    ages = iter(track.ages)
    for seg in track.layout.segments:
        vertical = seg.direction in ("down", "up")
        for x, y, w, h in seg.cells():
            age = next(ages)
            present = age.age == state.highest
            pic.rect(x, y, w, h, fill="#f3ead2", width=1.2 if present else 0.4, radius=1.5)
            label = f"AGE {age.age} · {age.era}" + (" · present age" if present else "")
            pic.fitted(x + 2, y + 4.8, label, w - 3, 3.2, bold=True)
            bx, by, bw, bh = x + AGE_PAD, y + AGE_HEAD, w - 2 * AGE_PAD, h - AGE_HEAD - AGE_PAD
            if vertical:
                half = (bh - AGE_PAD) / 2
                boxes = [(bx, by, bw, half), (bx, by + half + AGE_PAD, bw, half)]
            else:
                half = (bw - AGE_PAD) / 2
                boxes = [(bx, by, half, bh), (bx + half + AGE_PAD, by, half, bh)]
            for kind, (sx, sy, sw, sh) in zip(BOXES, boxes, strict=True):
                _age_box(pic, state, age.age, kind, (sx, sy, sw, sh))


def _age_box(pic: Picture, state: State, age: int, kind: str, cell) -> None:
    sx, sy, sw, sh = cell
    pic.rect(sx, sy, sw, sh, fill="#ffffff", width=0.3, radius=1.0)
    pic.text(sx + 1.2, sy + 3.4, kind.upper(), 2.4, "#555555", bold=True)
    counts = state.ships_at[age - 1][BOXES.index(kind)]
    place = (sx, sy + 4, sw, sh - 4)
    _heap(pic, state, counts, ("ship", "ship"), f"a{age}-{kind}", f"Age {age} {kind} box", place)


def _heap(pic, state: State, counts, piece: tuple[str, str], key: str, space: str, box) -> None:
    """Each player's ``counts`` (in seat order) of a piece (shape and name) spread over ``box``
    (x, y, w, h), ids ``SHAPE-PLAYER-KEY-N``, and said in one line."""
    shape, noun = piece
    size = SHIP if shape == "ship" else PIECE
    seated = list(zip(state.players, counts, strict=False))
    owners = [(p, k) for p, n in seated for k in range(1, n + 1)]
    for (p, k), (cx, cy) in zip(owners, spread(*box, len(owners), size), strict=True):
        pic.piece(shape, f"{shape}-{slug(p)}-{key}-{k}", space, p, cx, cy, size)
    if owners:
        said = ", ".join(f"{p} {n} {noun}{'s' if n > 1 else ''}" for p, n in seated if n)
        pic.say(f"{space}: {said}")


def _amount(n: int, what: str) -> str:
    return f"{n} {what}" if n > 1 else what


def _area(pic: Picture, area: Area, index: int, state: State, model: Game) -> None:
    lay = area.layout
    colour = model.colour(area.colour) if area.colour else "#5d6670"
    present = index == state.area and state.highest > 0
    pic.rect(
        lay.x,
        lay.y,
        lay.width,
        lay.height,
        fill=tint(colour, 0.82),
        stroke=colour,
        width=1.4 if present else 0.6,
        radius=2.5,
    )
    pic.rect(lay.x, lay.y, lay.width, AREA_HEAD, fill=colour, stroke=colour, radius=2.5)
    title = f"AREA {area.area} · {area.name}" + (" · present area" if present else "")
    pic.fitted(lay.x + 2.5, lay.y + 5.6, title, lay.width - 4, 3.6, fill="#ffffff", bold=True)
    items = list(area.locations) + list(area.boxes)
    cols = max(1, min(lay.columns, len(items)))
    rows = math.ceil(len(items) / cols)
    cw = (lay.width - AREA_PAD * (cols + 1)) / cols
    ch = (lay.height - AREA_HEAD - AREA_PAD * (rows + 1)) / rows
    trade_ids = iter(state.book.areas[index].trade)
    city_ids = iter(state.book.areas[index].cities)
    for k, item in enumerate(items):
        r, c = divmod(k, cols)
        cell = (
            lay.x + AREA_PAD + c * (cw + AREA_PAD),
            lay.y + AREA_HEAD + AREA_PAD + r * (ch + AREA_PAD),
            cw,
            ch,
        )
        if isinstance(item, Location):
            _location(pic, item, cell, state, trade_ids, city_ids, colour)
        else:
            _open_box(pic, item.box, area.area, index, cell, state, colour)


def _location(pic, loc: Location, cell, state: State, trade_ids, city_ids, colour) -> None:
    x, y, w, h = cell
    pic.rect(x, y, w, h, fill="#ffffff", stroke=tint(colour, 0.35), width=0.3, radius=1.6)
    pic.fitted(x + 1.6, y + 4.0, loc.name, w - 3, 3.0, fill=INK, bold=True)
    top = y + NAME_ROOM
    gap, n_t, n_c = 1.6, len(loc.trade), len(loc.cities)
    room_h = y + h - 1.4 - top
    size = min(15.0, room_h, (w - 4 - gap * (n_t + n_c - 1) - 2.0) / (n_t + n_c))
    sx = x + (w - (size * (n_t + n_c) + gap * (n_t + n_c - 1) + 2.0)) / 2
    sy = top + (room_h - size) / 2
    for k in range(1, n_t + 1):
        box = state.book.trade[next(trade_ids)]
        pic.rect(sx, sy, size, size, fill=tint(colour, 0.9), stroke=colour, width=0.3, radius=0.8)
        pic.text(
            sx + size / 2,
            sy + size - 1.0,
            f"{box.amount} {box.good}" if box.amount > 1 else box.good,
            2.0,
            "#555555",
            "middle",
        )
        space = f"{loc.name} trade box {k} ({_amount(box.amount, box.good)})"
        at = (sx + size / 2, sy + size / 2 - 1)
        key = f"{slug(loc.name)}-trade-{k}"
        _owned(pic, state, state.trade[box.id], ("cube", "merchant cube"), key, space, at)
        sx += size + gap
    sx += 2.0
    for k in range(1, n_c + 1):
        city = state.book.cities[next(city_ids)]
        pic.d.add(
            pic.d.circle(
                (f"{sx + size / 2:.2f}", f"{sy + size / 2:.2f}"),
                f"{size / 2:.2f}",
                fill="#ffffff",
                stroke=colour,
                stroke_width="0.4",
            )
        )
        pic.text(sx + size / 2, sy + size - 1.2, city.benefit[:8], 1.8, "#555555", "middle")
        space = f"{loc.name} city space {k} ({city.amount} {city.benefit})"
        at = (sx + size / 2, sy + size / 2 - 1)
        key = f"{slug(loc.name)}-city-{k}"
        _owned(pic, state, state.cities[city.id], ("disc", "city disc"), key, space, at)
        sx += size + gap


def _owned(pic, state: State, owner: int, piece: tuple[str, str], key: str, space: str, at):
    """The owner's piece (shape and name) on a trade box or city space, drawn and said; nothing
    for a space nobody holds (-1)."""
    if owner < 0:
        return
    p = state.players[owner]
    shape, noun = piece
    pic.piece(shape, f"{shape}-{slug(p)}-{key}", space, p, *at, PIECE)
    pic.say(f"{space}: {p}'s {noun}")


def _open_box(pic, box: str, number: int, index: int, cell, state: State, colour) -> None:
    x, y, w, h = cell
    pic.rect(x, y, w, h, fill="#ffffff", stroke=tint(colour, 0.35), width=0.3, radius=1.6)
    pic.text(x + 1.6, y + 4.0, f"{box} box", 3.0, INK, bold=True)
    merchant = box.lower().startswith("merchant")
    counts = (state.open_cubes if merchant else state.open_discs).get(index, [])
    piece = ("cube", "merchant cube") if merchant else ("disc", "city disc")
    key, space = f"area{number}-{slug(box.lower())}", f"Area {number} {box} box"
    _heap(pic, state, counts, piece, key, space, (x + 1, y + 5, w - 2, h - 6))


def _spice(pic: Picture, el: Box, state: State) -> None:
    pic.rect(el.x, el.y, el.width, el.height, fill="#f4d9c9", width=0.4, radius=1.5)
    pic.text(el.x + el.width / 2, el.y + 4.5, "SPICE", 2.8, INK, "middle", True)
    counts = [s.spice for s in state.seats]
    place = (el.x + 1, el.y + 6, el.width - 2, el.height - 7)
    _heap(pic, state, counts, ("cube", "merchant cube"), "spice", "Spice Box", place)


def _displays(pic: Picture, state: State, top: float) -> None:
    """Each player's display and stock, in words (they sit in front of the player, not on the
    board)."""
    lines = []
    for s in state.seats:
        goods = ", ".join(f"{n} {g}" for g, n in s.goods.items() if n) or "no goods"
        stock = f"{counted(s.stock, 'merchant cube')} and {counted(s.free, 'free action cube')}"
        lines.append(
            f"{s.name} ({s.colour}): {s.vp} VP; {counted(sum(s.ships), 'ship')} in the stack; "
            f"{stock} in stock; {goods}; {s.gold} gold, {s.nav} navigation, {s.industry} "
            f"industry; {counted(len(s.kept), 'card')} kept"
        )
    pic.seat_lines(top, {s.name: f"{s.vp} VP" for s in state.seats}, lines)
