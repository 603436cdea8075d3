"""Boards and mats: background, title band, tracks of numbered boxes, labelled areas, card slots
and rings of card slots (with arrows for the direction of travel)."""

from __future__ import annotations

import math

from portolan.errors import InputError, did_you_mean
from portolan.generator import symbols
from portolan.generator.colours import shade, tint
from portolan.generator.draw import Circle, Drawing, Group, Path, Rect, Text
from portolan.generator.fonts import PT, centred_text, fit_size
from portolan.generator.icons import icon
from portolan.generator.kinds import board_display, board_map
from portolan.generator.kinds.cardface import SAFE, Overflow, card_frame
from portolan.generator.kinds.deck import Rendered, check_colour, check_icon
from portolan.generator.layout.ring import SlotPlace, centre_place, ring_places, ring_radius
from portolan.generator.layout.sheet import Item
from portolan.generator.legibility import BODY, LABEL, TITLE
from portolan.generator.templating import fill_in
from portolan.generator.textbox import set_paragraphs
from portolan.generator.theme import WHITE, Theme, ink
from portolan.model.board import Box, Label, Ring, Slot, Track
from portolan.model.board_display import ActionBox, EraCubes, Spaces
from portolan.model.board_map import AgeTrack, Area, EdgeTrack
from portolan.model.deck import read_bundle
from portolan.model.loader import Component, Game


def render_board(game: Game, component: Component, bleed: float, theme: Theme) -> Rendered:
    spec = component.spec
    if not spec.colours:
        c = check_colour(game, component, spec.colour, ("colour",))
        d, overflows = _draw_board(game, component, bleed, theme, c, spec.title, spec.id)
        return Rendered([Item(d)] * spec.count, [d], overflows)
    items, designs, overflows = [], [], []
    for k, name in enumerate(spec.colours):
        c = check_colour(game, component, name, ("colours", k))
        title = f"{spec.title} · {name}" if spec.title else name
        shape = colour_shape(game, name) or spec.icon
        d, over = _draw_board(game, component, bleed, theme, c, title, f"{spec.id}-{name}", shape)
        items.append(Item(d))
        designs.append(d)
        overflows += over
    return Rendered(items, designs, overflows)


PLAYER_TERMS = ("player", "colour")  # the vocabularies that name the players' colours


def player_colours(game: Game) -> dict[str, str | None]:
    """The players' colours (palette names named by a word of a ``PLAYER_TERMS`` vocabulary)
    and the icon of each word: the shape that keeps that colour's pieces and display apart from
    the others in grey and ink-saving prints (None: the word has none)."""
    out: dict[str, str | None] = {}
    for vocabulary in PLAYER_TERMS:
        for term in game.spec.terms.get(vocabulary, []):
            for colour in game.spec.palette:
                if colour.lower() == term.name.lower():
                    out[colour] = term.icon
    return out


def colour_shape(game: Game, colour: str) -> str | None:
    """The shape of player colour ``colour`` (Ships' ``Red``, Age of Exploration's ``red``)."""
    return player_colours(game).get(colour)


def _draw_board(
    game: Game,
    component: Component,
    bleed: float,
    theme: Theme,
    c: str,
    title: str | None,
    face_id: str,
    band_icon: str | None = None,
) -> tuple[Drawing, list[Overflow]]:
    """One copy of the board, its frame and elements in colour ``c`` unless they have their own;
    ``band_icon`` (default the spec's icon) in its title band."""
    spec = component.spec
    w, h = spec.size.width, spec.size.height
    overflows: list[Overflow] = []
    d = Drawing(w, h, bleed=bleed, id=face_id, title=spec.name)
    card_frame(d, c, theme, radius=2.5)
    if title:
        _title_band(d, component, theme, c, title, band_icon or spec.icon)
    vocab = symbols.Vocabulary.of(game)
    for i, el in enumerate(spec.elements):
        colour = (
            check_colour(game, component, el.colour, ("elements", i, "colour"))
            if getattr(el, "colour", None)
            else c
        )
        if isinstance(el, (EdgeTrack, AgeTrack, Area, ActionBox, Spaces, EraCubes)):
            overflows += _data_element(game, component, d, i, el, colour, theme, vocab)
        elif isinstance(el, Track):
            _track(d, el, colour, theme)
        elif isinstance(el, Box):
            text = fill_in(game, component, el.text or "", ("elements", i, "text"))
            if not _box(d, el, colour, theme, text):
                overflows.append(Overflow(f"{spec.id} elements[{i}] ({el.box})", text))
        elif isinstance(el, Slot):
            if el.icon:
                check_icon(component, el.icon, ("elements", i, "icon"))
            place = SlotPlace(el.x, el.y, el.size.width, el.size.height, el.rotate)
            slot, fits = _slot(place, el.slot, el.icon, colour, theme)
            d.add(slot)
            if not fits:
                overflows.append(Overflow(f"{spec.id} elements[{i}] (slot)", el.slot))
        elif isinstance(el, Ring):
            for key in ("icon", "centre_icon"):
                if getattr(el, key):
                    check_icon(component, getattr(el, key), ("elements", i, key))
            for label in _ring(d, el, colour, theme):
                overflows.append(Overflow(f"{spec.id} elements[{i}] (ring)", label))
        elif isinstance(el, Label):
            overflows += _label(game, component, d, i, el, colour)
    return d, overflows


def _title_band(
    d: Drawing, component: Component, theme: Theme, c: str, title: str, band_icon: str | None
) -> None:
    """The board's title band at its top left: the icon, then the title in capitals."""
    band_fill, band_text = theme.band(c)
    d.add(Rect(SAFE, SAFE, 72, 10, fill=band_fill, radius=1.6))
    if band_icon:
        check_icon(component, band_icon, ("icon",))
        d.add(icon(band_icon, SAFE + 1.5, SAFE + 1.2, 7.6, band_text, band_fill))
    size = fit_size(title.upper(), "bold", 11, 58, TITLE)
    d.add(centred_text(SAFE + 11, SAFE + 5, title.upper(), size, "bold", band_text, "start"))


def _label(game, component, d: Drawing, i: int, el: Label, colour: str) -> list[Overflow]:
    """A text on the board: set in a box of its width, or on one line from its anchor."""
    text = fill_in(game, component, el.text, ("elements", i, "text"))
    face = "bold" if el.bold else "regular"
    fill = shade(ink(colour), 0.35)
    if not el.width:
        anchor = {"left": "start", "centre": "middle", "right": "end"}[el.align]
        d.add(Text(el.x, el.y, text, max(LABEL, el.size), face, fill, anchor))
        return []
    block = set_paragraphs(
        [text],
        el.x,
        el.y - el.size * PT * 0.76,
        el.width,
        el.size * PT * 6,
        max_size=max(BODY, el.size),
        min_size=BODY,
        face=face,
        fill=fill,
        align=el.align,
    )
    d.add(*block.items)
    return [] if block.fits else [Overflow(f"{component.spec.id} elements[{i}] (text)", text)]


def _data_element(game, component, d, i, el, colour, theme, vocab) -> list[Overflow]:
    """The elements that carry game data (board_map.py, board_display.py)."""
    if isinstance(el, EdgeTrack):
        board_map.edge_track(d, el, colour, theme)
        return []
    if isinstance(el, AgeTrack):
        return board_map.age_track(d, el, colour, theme, vocab)
    if isinstance(el, Area):
        return board_map.area(d, el, colour, theme, vocab)
    if isinstance(el, ActionBox):
        gold = vocab.colours.get("Gold") or colour
        return board_display.action_box(d, el, colour, theme, gold)
    if isinstance(el, Spaces):
        if el.holds:
            check_icon(component, el.holds, ("elements", i, "holds"))
        return board_display.spaces(d, el, colour, theme)
    rows = _era_rows(game, component, el, i)
    return board_display.era_cubes(d, el, rows, colour, theme, vocab)


def _era_rows(game: Game, component: Component, el: EraCubes, i: int) -> dict:
    """The rules constant an ``era_cubes`` element names: era -> bundle of cube words."""
    path = ("elements", i, "era_cubes")
    constant = game.rules.constants.get(el.era_cubes)
    problem = None
    if constant is None:
        problem = f"rules.yaml has no constant '{el.era_cubes}'"
        hint = did_you_mean(el.era_cubes, game.rules.constants)
    elif not isinstance(constant.value, dict):
        problem, hint = f"'{el.era_cubes}' must map each era to its cubes", None
    if problem is None:
        cube_words = game.spec.term_names("gain")
        rows = {}
        for era, text in constant.value.items():
            bundle, message, hint = read_bundle(text, cube_words, "gain")
            if message:
                problem = f"'{el.era_cubes}' {era}: {message}"
                break
            rows[str(era)] = bundle
        else:
            return rows
    raise InputError(component.problem(problem, path, hint))


def _track(d: Drawing, t: Track, c: str, theme: Theme) -> None:
    if t.label_width > 0:
        size = fit_size(t.track, "bold", 9, t.label_width - 1.5, LABEL)
        d.add(
            centred_text(t.x, t.y + t.box / 2, t.track, size, "bold", shade(ink(c), 0.2), "start")
        )
    for value, x, y in t.cells():
        fill = WHITE
        if t.marked(value):
            fill = tint(c, 0.55) if not theme.ink_saver else tint(c, 0.85)
        if value == 0 and t.warn_zero:
            fill = tint("#b23a0b", 0.7) if not theme.ink_saver else WHITE
        d.add(Rect(x, y, t.box, t.box, fill=fill, stroke=c, width=0.35, radius=0.8))
        label = t.value_label(value)
        vsize = fit_size(
            label, "bold", max(LABEL, min(10.0, t.box * 0.55 / PT)), t.box * 0.86, LABEL
        )
        d.add(centred_text(x + t.box / 2, y + t.box / 2, label, vsize, "bold", shade(ink(c), 0.3)))


def _box(d: Drawing, b: Box, c: str, theme: Theme, text: str) -> bool:
    """Draws the box; False if its text did not fit."""
    x, y, w, h = b.x, b.y, b.width, b.height
    d.add(
        Rect(
            x,
            y,
            w,
            h,
            fill=None if theme.ink_saver else tint(c, 0.93),
            stroke=c,
            width=0.4,
            radius=1.5,
            dash=(1.6, 1.0) if b.dashed else None,
        )
    )
    size = fit_size(b.box.upper(), "bold", 8, w - 4, LABEL)
    d.add(Text(x + w / 2, y + 5.5, b.box.upper(), size, "bold", shade(ink(c), 0.2), "middle"))
    if text:
        # the lower part of the box, but never above the title's baseline (5.5) and some air:
        # a short box (Age of Exploration's status boxes, 17 mm) had its text touch the title
        top = max(y + h - 14, y + 7.0)
        block = set_paragraphs(
            [text],
            x + 3,
            top,
            w - 6,
            y + h - 3 - top,
            max_size=6.5,
            min_size=BODY,
            fill=shade(ink(c), 0.3),
            align="centre",
            valign="middle",
        )
        d.add(*block.items)
        return block.fits
    return True


def _slot(
    p: SlotPlace, label: str, icon_name: str | None, c: str, theme: Theme
) -> tuple[Group, bool]:
    """A card outline (dashed, rounded), a faint icon and its label, turned with the slot;
    and whether the label fitted."""
    w, h = p.w, p.h
    items: list = [
        Rect(
            0,
            0,
            w,
            h,
            fill=None if theme.ink_saver else tint(c, 0.8),
            stroke=c,
            width=0.5,
            radius=3.0,
            dash=(2.5, 1.5),
        )
    ]
    if icon_name:
        isz = min(w, h) * 0.5
        items.append(icon(icon_name, (w - isz) / 2, h * 0.3 - isz / 2 + 4, isz, tint(c, 0.45)))
    fits = True
    if label:
        block = set_paragraphs(
            [label.upper()],
            4,
            h * 0.62,
            w - 8,
            h * 0.3,
            max_size=11,
            min_size=6,
            face="bold",
            fill=shade(ink(c), 0.25),
            align="centre",
            valign="middle",
        )
        fits = block.fits
        items += block.items
    x0, y0 = p.corners()[0]  # the top-left corner of the turned outline
    return Group(tuple(items), dx=x0, dy=y0, rotate=p.rotate), fits


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    sign = 0
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = 1 if cross > 0 else -1
    return True


def _ring(d: Drawing, ring: Ring, c: str, theme: Theme) -> list[str]:
    """Draws the ring; returns the labels that did not fit their slots."""
    radius = ring_radius(ring)
    places = ring_places(ring, radius)
    too_long: list[str] = []
    slots = [(centre_place(ring), ring.centre, ring.centre_icon, shade(c, 0.15))]
    if ring.centre is None:
        slots = []
    slots += [
        (p, ring.ring.replace("{n}", str(k)), ring.icon, c) for k, p in enumerate(places, start=1)
    ]
    for place, label, icon_name, colour in slots:
        drawn, fits = _slot(place, label or "", icon_name, colour, theme)
        d.add(drawn)
        if not fits:
            too_long.append(label or "")
    if ring.numbers:
        for k, p in enumerate(places, start=1):
            a = math.radians(ring.angle(k - 1))
            ux, uy = math.sin(a), -math.cos(a)
            reach = max((x - ring.cx) * ux + (y - ring.cy) * uy for x, y in p.corners())
            nx, ny = ring.cx + (reach + 6) * ux, ring.cy + (reach + 6) * uy
            d.add(Circle(nx, ny, 4.2, fill=None if theme.ink_saver else c, stroke=c, width=0.5))
            d.add(centred_text(nx, ny, str(k), 11, "bold", WHITE if not theme.ink_saver else c))
    if ring.arrows:
        _ring_arrows(d, ring, places, radius, c)
    return too_long


def _ring_arrows(d: Drawing, ring: Ring, places: list[SlotPlace], radius: float, c: str) -> None:
    """An arc arrow in each gap between neighbours, pointing in the ring's direction."""
    polys = [p.corners(2.0) for p in places]
    sign = 1 if ring.direction == "clockwise" else -1
    step = 360.0 / ring.count.value
    for k in range(ring.count.value):
        a0 = ring.angle(k)
        # free stretch of the arc between slot k and the next one, sampled every 0.25 degree
        free = []
        n = int(step * 4)
        for j in range(n + 1):
            a = a0 + sign * step * j / n
            t = math.radians(a)
            pt = (ring.cx + radius * math.sin(t), ring.cy - radius * math.cos(t))
            if not any(_inside(pt, poly) for poly in polys):
                free.append(a)
        if len(free) < 2:
            continue
        lo, hi = free[0], free[-1]
        mid = (lo + hi) / 2
        span = min(abs(hi - lo) * 0.75, math.degrees(34 / radius))
        if span * math.pi / 180 * radius < 8:
            continue
        start, end = mid - sign * span / 2, mid + sign * span / 2
        pts = []
        for j in range(13):
            t = math.radians(start + (end - start) * j / 12)
            pts.append((ring.cx + radius * math.sin(t), ring.cy - radius * math.cos(t)))
        te = math.radians(end)
        tx, ty = sign * math.cos(te), sign * math.sin(te)  # direction of travel at the tip
        tip = (pts[-1][0] + tx * 3.2, pts[-1][1] + ty * 3.2)
        nx, ny = -ty, tx
        cmds = [("M", *pts[0])] + [("L", *q) for q in pts[1:]]
        d.add(Path(tuple(cmds), stroke=c, width=1.1))
        d.add(
            Path(
                (
                    ("M", *tip),
                    ("L", pts[-1][0] + nx * 2.2, pts[-1][1] + ny * 2.2),
                    ("L", pts[-1][0] - nx * 2.2, pts[-1][1] - ny * 2.2),
                    ("Z",),
                ),
                fill=c,
            )
        )
        label = ring.arrow_label
        if label:
            tm = math.radians(mid)
            lx = ring.cx + (radius + 3.2) * math.sin(tm)
            ly = ring.cy - (radius + 3.2) * math.cos(tm)
            size = fit_size(label, "bold", 6.5, span * math.pi / 180 * radius, LABEL)
            d.add(Text(lx, ly, label, size, "bold", shade(ink(c), 0.2), "middle", rotate=-mid))
