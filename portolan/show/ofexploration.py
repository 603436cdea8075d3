"""Age of Exploration: the map as printed (every space in its place, coloured by region, the
progress borders between them) with each expedition's Leader and ships, the discoveries each
found, the New World bases and the Rumor chits, and every player's VP and gold underneath."""

from __future__ import annotations

from portolan.checker.games.age_of_exploration.state import State
from portolan.generator.colours import tint
from portolan.model.loader import Game
from portolan.model.map import MapSpec, Space
from portolan.show.svg import INK, Picture, counted, printed, slug

PIECE = 7.5


def draw(model: Game, state: State, caption: str) -> Picture:
    board: MapSpec = printed(model, "board", MapSpec)
    w, h = board.size.width, board.size.height
    rows = 12 + 7 * len(state.players)
    pic = Picture(w, h + rows, f"{model.title}: the table {caption}")
    pic.add_seats(state.players)
    pic.rect(0.5, 0.5, w - 1, h - 1, width=0.6)
    spaces = {s.id: s for s in board.spaces}
    for b in board.borders:
        if b.wrap or b.a not in spaces or b.b not in spaces:
            continue
        (x1, y1), (x2, y2) = board.centre(spaces[b.a]), board.centre(spaces[b.b])
        pic.line(x1, y1, x2, y2, stroke="#9a9080", width=0.35)
    for s in board.spaces:
        _space(pic, board, model, s)
    taken: dict[str, int] = {}
    for p in state.players:
        _expedition(pic, board, spaces, state, p, taken)
    _chits(pic, board, spaces, state, taken)
    _progress(pic, board, spaces, state, taken)
    _tracks(pic, board, state)
    _players(pic, state, h + 6)
    return pic


def _space(pic: Picture, board: MapSpec, model: Game, s: Space) -> None:
    x, y, w, h = board.box(s)
    region = board.regions.get(s.region)
    colour = model.colour(region.colour) if region else "#6b6b6b"
    fill = tint(colour, 0.55 if region and region.land else 0.8)
    pic.rect(x, y, w, h, fill=fill, stroke=colour, width=0.35, radius=1.2)
    pic.fitted(x + 1, y + 3.2, s.printed, w - 2, 2.6, fill=INK, bold=True)
    if s.name and s.name != s.printed:
        pic.fitted(x + 1, y + h - 1.2, s.name, w - 2, 2.2, fill=INK)


def _spot(board: MapSpec, space: Space, taken: dict[str, int]) -> tuple[float, float]:
    """The next free place for a piece in the space's box (left to right, then a row lower)."""
    x, y, w, h = board.box(space)
    k = taken.get(space.id, 0)
    taken[space.id] = k + 1
    per_row = max(1, int((w - 1) // (PIECE * 0.95)))
    row, col = divmod(k, per_row)
    return x + 0.5 + PIECE / 2 + col * PIECE * 0.95, min(
        y + h - PIECE / 2, y + 4 + PIECE / 2 + row * PIECE * 0.9
    )


def _expedition(pic, board: MapSpec, spaces, state: State, p: str, taken) -> None:
    e = state.exp[p]
    if not e.leader:
        return
    here = spaces.get(e.space)
    if here is not None:
        x, y = _spot(board, here, taken)
        pic.piece("marker", f"expedition-{slug(p)}", here.id, p, x, y, PIECE)
        mode = {"ship": "with the ships", "land": "on foot", "raft": "on rafts"}.get(e.mode, e.mode)
        status = "launched" if e.launched else "in port"
        pic.say(
            f"{p}'s expedition ({e.leader}, {status}) at {here.printed} {here.name or ''}, {mode}"
        )
    ships_at = spaces.get(e.ship_space or e.space)
    if e.ships > 0 and ships_at is not None:
        x, y = _spot(board, ships_at, taken)
        pic.piece("ship", f"ships-{slug(p)}", ships_at.id, p, x, y, PIECE)
        pic.say(f"{p}'s {e.ships} {e.ship_type}{'s' if e.ships > 1 else ''} at {ships_at.printed}")
    for k, (space_id, _potential) in enumerate(e.found, start=1):
        at = spaces.get(space_id)
        if at is not None:
            x, y = _spot(board, at, taken)
            pic.piece("chit", f"found-{slug(p)}-{k}", at.id, p, x, y, PIECE * 0.8)
            pic.say(f"{p}'s discovery at {at.printed}")


def _chits(pic, board: MapSpec, spaces, state: State, taken) -> None:
    for space_id in sorted(state.founded):
        at = spaces.get(space_id)
        if at is not None:
            x, y = _spot(board, at, taken)
            pic.piece("chit", f"base-{slug(space_id)}", at.id, None, x, y, PIECE, label="B")
            pic.say(f"New World base at {at.printed}")
    for p in state.players:  # each player's Rumors of Gold chit
        placed = state.rumors.get(p)
        at = spaces.get(placed[0]) if placed else None
        if at is not None:
            x, y = _spot(board, at, taken)
            pic.piece("chit", f"rumor-{slug(p)}", at.id, p, x, y, PIECE * 0.8)
            side = "face up" if placed[1] else "face down"
            pic.say(f"{p}'s Rumors of Gold chit at {at.printed}, {side}")


def _progress(pic, board: MapSpec, spaces, state: State, taken) -> None:
    """The Known Progress markers, on the space each track has reached."""
    for track in board.progress_tracks:
        index = state.markers.get(track.id)
        at = spaces.get(track.spaces[index]) if index is not None else None
        if at is not None:
            x, y = _spot(board, at, taken)
            pic.piece(
                "chit", f"progress-{slug(track.id)}", at.id, None, x, y, PIECE * 0.8, label="K"
            )
            pic.say(f"{track.name} marker at {at.printed}")


def _tracks(pic: Picture, board: MapSpec, state: State) -> None:
    """The VP track with each player's marker, and each civilization's Awe and Military
    Strength tracks with their markers."""
    t = board.vp_track
    if t is not None:
        x0, y0 = board.cell(t.at)
        values = list(range(t.start, t.end.value + 1))
        for k, v in enumerate(values):
            row, col = divmod(k, t.per_row)
            pic.rect(x0 + col * t.box, y0 + row * t.box, t.box, t.box, fill="#ffffff", width=0.3)
            pic.text(x0 + col * t.box + 1, y0 + row * t.box + 3, str(v), 2.6, "#555555")
        here: dict[int, int] = {}
        for p in state.players:
            k = values.index(max(t.start, min(state.total(p), t.end.value)))
            n = here.get(k, 0)
            here[k] = n + 1
            row, col = divmod(k, t.per_row)
            cx = x0 + col * t.box + t.box * (0.35 + 0.3 * (n % 2))
            cy = y0 + row * t.box + t.box * (0.4 + 0.3 * (n // 2 % 2))
            pic.piece(
                "disc", f"vp-{slug(p)}", f"Victory points {values[k]}", p, cx, cy, t.box * 0.45
            )
    for c in board.civ_tracks:
        values = state.awe if c.id.endswith("awe") else state.strength
        value = values.get(c.civilization)
        x0, y0 = board.cell(c.at)
        pic.text(x0, y0 - 0.8, c.name.upper(), 2.6, INK, bold=True)
        for k, v in enumerate(range(c.low, c.high + 1)):
            pic.rect(x0 + k * c.box, y0, c.box, c.box, fill="#ffffff", width=0.3)
            pic.text(x0 + k * c.box + c.box / 2, y0 + c.box - 1.2, str(v), 2.4, "#555555", "middle")
            if v == value:
                space = f"{c.name} {v}"
                cx, cy = x0 + k * c.box + c.box / 2, y0 + c.box / 2 - 0.8
                pic.piece("chit", f"civ-{slug(c.id)}", space, None, cx, cy, c.box * 0.6, label="●")
                pic.say(space)


def _players(pic: Picture, state: State, top: float) -> None:
    lines = []
    for p in state.players:
        e = state.exp[p]
        carried = ", ".join(f"{n} {item}" for item, n in sorted(e.items.items()) if n) or "nothing"
        lines.append(
            f"{p}: {state.total(p)} VP, {state.gold.get(p, 0)} gold, "
            f"{counted(len(state.hands.get(p, [])), 'Outfitting card')} in hand; "
            f"Leader {e.leader or 'none'}, carrying {carried}"
        )
    pic.seat_lines(top, {p: f"{state.total(p)} VP" for p in state.players}, lines)
