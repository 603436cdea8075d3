"""Exploration in the Age of Sail: each player's expeditions on their printed mats (explorer, ship
and crew, a marker on each stat track, the Ocean stack) and victory pile, with the decks and
hands counted."""

from __future__ import annotations

from portolan.checker.games.exploration_age_of_sail.state import Expedition, State
from portolan.generator.colours import tint
from portolan.model.board import BoardSpec, Box, Track
from portolan.model.loader import Game
from portolan.show.svg import INK, Picture, counted, printed, slug, spread

GAP = 6.0
PILE_W = 96.0
HEAD = 10.0


def draw(model: Game, state: State, caption: str) -> Picture:
    mat = printed(model, "expedition-mat", BoardSpec)
    mw, mh = mat.size.width, mat.size.height
    most = max([2] + [len(state.expeditions[p]) for p in state.players])
    w = GAP + most * (mw + GAP) + PILE_W + GAP
    row = HEAD + mh + GAP
    pic = Picture(w, 14 + row * len(state.players) + 8, f"{model.title}: the table {caption}")
    pic.add_seats(state.players)
    colour = model.colour(mat.colour) if mat.colour else "#1f4e79"
    _decks(pic, state, 8)
    for k, p in enumerate(state.players):
        top = 14 + k * row
        pic.rect(
            GAP / 2,
            top,
            w - GAP,
            row - 2,
            fill=tint(pic.colour(p), 0.9),
            stroke=pic.colour(p),
            radius=2,
        )
        held = state.hand_size(p)
        vp = len(state.victory[p])
        pic.text(
            GAP,
            top + 7,
            f"{p} · {counted(held, 'card')} in hand · {counted(vp, 'discovery', 'discoveries')}",
            4.2,
            INK,
            bold=True,
        )
        pic.say(f"{p}: {counted(held, 'card')} in hand")
        for j, e in enumerate(state.expeditions[p]):
            _mat(pic, mat, p, e, GAP + j * (mw + GAP), top + HEAD, colour)
        if not state.expeditions[p]:
            pic.text(GAP + 4, top + HEAD + mh / 2, "no expedition out", 4, "#555555")
        _victory(pic, state, p, GAP + most * (mw + GAP), top + HEAD, mh)
    return pic


def _decks(pic: Picture, state: State, y: float) -> None:
    exp = sum(state.expedition_deck.values())
    expl = sum(state.exploration_deck.values())
    disc = sum(state.expedition_discard.values()) + sum(state.exploration_discard.values())
    line = f"Expedition deck {exp} · Exploration deck {expl} · discards {disc}"
    pic.text(GAP, y, line, 4, INK)
    pic.say(line)


def _mat(pic: Picture, mat, p: str, e: Expedition, x0: float, y0: float, colour: str) -> None:
    pic.rect(
        x0, y0, mat.size.width, mat.size.height, fill="#ffffff", stroke=colour, width=0.6, radius=2
    )
    name = slug(e.explorer)
    title = f"{p}'s expedition of {e.explorer}: {e.ship}, {e.crew}"
    card = pic.group(f"expedition-{slug(p)}-{name}", "expedition", f"{p}'s expeditions", p, title)
    pic.fitted(x0 + 6, y0 + 9, e.explorer, 70, 4.6, bold=True, parent=card)
    pic.fitted(x0 + 6, y0 + 16, f"{e.ship} · {e.crew}", 70, 3.4, parent=card)
    pic.d.add(card)
    stats = []
    for el in mat.elements:
        if isinstance(el, Track):
            stats.append(_track(pic, el, p, e, x0, y0, colour))
        elif isinstance(el, Box):
            _oceans(pic, el, p, e, x0, y0, colour)
    pic.say(
        f"{p}'s expedition of {e.explorer} ({e.ship}, {e.crew}): "
        + ", ".join(stats)
        + f"; {counted(e.oceans, 'Ocean card')}"
    )


def _track(pic: Picture, t: Track, p: str, e: Expedition, x0: float, y0: float, colour: str) -> str:
    pic.text(x0 + t.x, y0 + t.y + t.box * 0.65, t.track, 3.2, INK, bold=True)
    value = e.stats.get(t.track, 0)
    for v, x, y in t.cells():
        fill = tint(colour, 0.6) if v in t.mark else "#ffffff"
        pic.rect(x0 + x, y0 + y, t.box, t.box, fill=fill, stroke=colour, width=0.3)
        pic.text(x0 + x + 1, y0 + y + 2.8, str(v), 2.4, "#555555")
        if v == min(value, t.end.value):
            space = f"{e.explorer} {t.track} {value}"
            pic.piece(
                "disc",
                f"stat-{slug(p)}-{slug(e.explorer)}-{t.track.lower()}",
                space,
                p,
                x0 + x + t.box / 2,
                y0 + y + t.box / 2 + 0.6,
                t.box * 0.62,
            )
    return f"{t.track} {value}"


def _oceans(pic: Picture, b: Box, p: str, e: Expedition, x0: float, y0: float, colour: str) -> None:
    x, y = x0 + b.x, y0 + b.y
    pic.rect(x, y, b.width, b.height, fill=tint(colour, 0.85), stroke=colour, width=0.4, radius=1.5)
    pic.text(x + b.width / 2, y + 5, b.box, 3.0, INK, "middle", True)
    space = f"{e.explorer}'s Ocean stack"
    step = min(6.0, (b.height - 24) / max(1, e.oceans - 1))
    for k in range(1, e.oceans + 1):  # fanned down the box, the newest lowest
        cy = y + 9 + (k - 1) * step
        g = pic.group(f"ocean-{slug(p)}-{slug(e.explorer)}-{k}", "card", space, p)
        pic.rect(
            x + 3,
            cy,
            b.width - 6,
            12,
            fill="#2f6f9f",
            stroke="#ffffff",
            width=0.4,
            radius=1,
            parent=g,
        )
        pic.text(x + b.width / 2, cy + 5, f"Ocean {k}", 3.2, "#ffffff", "middle", True, parent=g)
        pic.d.add(g)


def _victory(pic: Picture, state: State, p: str, x: float, y: float, h: float) -> None:
    pic.rect(x, y, PILE_W, h, fill="#ffffff", stroke=pic.colour(p), width=0.4, radius=2)
    pic.text(x + 3, y + 6, "Victory pile", 3.4, INK, bold=True)
    pile = state.victory[p]
    spots = spread(x + 2, y + 9, PILE_W - 4, h - 11, len(pile), 11)
    for k, ((found, explorer), (cx, cy)) in enumerate(zip(pile, spots, strict=True), start=1):
        title = f"{found}, found by {explorer}"
        g = pic.group(f"discovery-{slug(p)}-{k}", "card", f"{p}'s victory pile", p, title)
        pic.rect(cx - 5, cy - 5, 10, 10, fill="#95600f", stroke=INK, width=0.25, radius=1, parent=g)
        pic.text(cx, cy + 1.2, found[:4], 2.6, "#ffffff", "middle", True, parent=g)
        pic.d.add(g)
    if pile:
        pic.say(f"{p}'s victory pile: " + ", ".join(f"{d} ({e})" for d, e in pile))
