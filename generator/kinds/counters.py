"""Counter sheets: tokens packed in rows, each with its cut outline; backs mirrored for duplex.

Counters of different kinds share pages (shelf packing: row after row, left to right). There are
no crop marks: every counter carries its own thin cut outline (dark grey, or a light grey on a
dark counter, where dark would not show), and its art bleeds half the gap between neighbours (at
most 2 mm) so a slightly wide cut shows no white edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from portolan.generator.colours import readable, tint
from portolan.generator.draw import Circle, Drawing, Group, Line, Rect, Text
from portolan.generator.fonts import PT, centred_text, fit_size, width_mm
from portolan.generator.icons import ICONS, icon
from portolan.generator.kinds.cardface import Overflow
from portolan.generator.kinds.deck import check_colour, check_icon
from portolan.generator.layout.sheet import FOLD_INK, Placed, assemble, mirror_box, mirrored, place
from portolan.generator.legibility import LABEL
from portolan.generator.theme import WHITE, Theme, ink, on
from portolan.model.counters import Counter, CounterFace
from portolan.model.loader import Component, Game
from portolan.sizes import fold_gap

CUT = "#333333"
CUT_CONTRAST = 3.0  # WCAG 2's ratio for graphics (SC 1.4.11): a cut line is there to be followed
BAND = 7.0  # height of the header and scale-bar bands
LABEL_H = 6.5  # a line naming a kind of counter and its count (``labels: true``)
BAR_ROOM = 2.5  # left of the counters' art, for the scale bar down the page
CAP = 0.73  # a capital's height, in ems: counter texts are capitals
BEARINGS = 0.2  # mm: the blank sides of a text's first and last letters at 6 pt
RING = 0.84  # a circle's printed ring, in radii (pushed out to RING_OUT when its text needs it)
RING_OUT = 0.88
CLEAR = 0.25  # mm kept between a text and its frame or ring (half the line's stroke, and air)
FRAME = 0.08  # a square's printed frame, inset by this share of its side (FRAME_OUT when its
FRAME_OUT = 0.05  # text needs the room: Age of Exploration's STRENGTH touched it)
MARK = 0.3  # a corner mark's size, in the counter's shorter side


def counter_bleed(bleed: float, layout: str = "packed") -> float:
    """Counters' art bleeds half the gap between them: at most 2 mm when packed, the full
    bleed with ``--layout gutters``."""
    return bleed if layout == "gutters" else min(bleed, 2.0)


@dataclass
class _Face:
    """One counter face being drawn: what each of its parts needs."""

    d: Drawing
    component: Component
    counter: Counter
    face: CounterFace
    index: int
    side: str
    fg: str
    bg: str
    inset: float  # the printed frame (a circle's: its ring)
    ring: float
    lift: float  # how far a circle's long text moves up, under a smaller icon
    full: bool  # icon, text and subtext stacked
    overflows: list[Overflow] | None

    @property
    def w(self) -> float:
        return self.d.width

    @property
    def h(self) -> float:
        return self.d.height

    @property
    def d_(self) -> float:
        """The scale of icon and text: the shorter side."""
        return min(self.w, self.h)

    def check(self, text: str, face_: str, size: float, x0: float, x1: float, baseline: float):
        """Report ``text`` if it reaches past [x0, x1] (a circle: past its ring)."""
        if self.overflows is None:
            return
        tw = width_mm(text, face_, size) - BEARINGS
        if self.counter.shape == "circle":
            cx, cy, ring = self.w / 2, self.h / 2, self.ring
            far = max(abs(baseline - cy), abs(baseline - size * PT * CAP - cy))
            half = math.sqrt(ring * ring - far * far) if far < ring else 0.0
            x0, x1 = cx - half + CLEAR, cx + half - CLEAR
        else:
            x0, x1 = x0 + CLEAR, x1 - CLEAR
        if tw > x1 - x0 + 1e-9:
            side_ = "" if self.side == "front" else f" ({self.side})"
            where = f"{self.component.id}: counter '{self.counter.name}'{side_}"
            self.overflows.append(Overflow(where, text))

    def icon_at(self, x: float, y: float, size: float) -> None:
        """The face's icon in the box (x, y, size), mirrored when the face says so."""
        face = self.face
        if face.mirror:
            items = tuple(ICONS[face.icon](self.fg, self.bg))
            self.d.add(Group(items, dx=x + size, dy=y, scale=size, flip=True))
        else:
            self.d.add(icon(face.icon, x, y, size, self.fg, self.bg))

    def mark(self) -> float:
        """Draw the face's corner mark (``MARK`` of the shorter side, inside the frame's top
        right corner); return how far down it reaches, plus ``CLEAR``."""
        check_icon(self.component, self.face.mark, ("counters", self.index, self.side, "mark"))
        size = self.d_ * MARK
        top = self.d_ * FRAME + CLEAR
        self.d.add(icon(self.face.mark, self.w - top - size, top, size, self.fg, self.bg))
        return top + size + CLEAR


def counter_face(
    game: Game,
    component: Component,
    counter: Counter,
    face: CounterFace,
    index: int,
    side: str,
    bleed: float,
    theme: Theme,
    outline: bool = True,
    overflows: list[Overflow] | None = None,
) -> Drawing:
    """One face of a counter, ``counter.size`` wide and ``counter.face_height`` tall (a circle's
    diameter), with its cut outline unless ``outline`` is off (a standee's halves). A text that
    at its floor (``LABEL``) still crosses the printed frame is added to ``overflows``."""
    w = counter.size
    h = w if counter.shape == "circle" else counter.face_height
    base = check_colour(
        game,
        component,
        face.colour or counter.colour,
        ("counters", index, side, "colour") if face.colour else ("counters", index, "colour"),
    )
    fg = ink(base) if theme.ink_saver else on(base)  # dark marks on a pale colour (yellow)
    bg = WHITE if theme.ink_saver else base
    d = Drawing(w, h, bleed=bleed, id=f"{component.id}-{index + 1}-{side}", title=counter.name)
    d_ = min(w, h)
    full = bool(face.icon and face.text and face.subtext)
    ring, lift = d_ / 2 * RING, 0.0
    if counter.shape == "circle" and face.icon and face.text and not full:
        ring, lift = _disc_text(face.text, _text_size(face, counter, d_, full), d_ / 2)
    tall = h >= 1.15 * w and face.icon and face.text  # room for a large icon above the text
    # a wide piece (a ship counter): a large icon at the left, the text beside it
    wide = w >= 1.4 * h and counter.shape != "circle" and face.icon and face.text
    inset = _frame_inset(face, counter, d_, full, bool(tall or wide))
    f = _Face(d, component, counter, face, index, side, fg, bg, inset, ring, lift, full, overflows)
    rounded = d_ * 0.12 if counter.shape in ("rounded", "standee") else 0.0
    _ground(f, bleed, rounded)
    if wide and not face.subtext:
        _wide(f)
    else:
        text_top = _icon_above(f, bool(tall)) if face.icon else h / 2
        if face.text:
            _texts(f, bool(tall), text_top)
        if face.mark:
            f.mark()
    if not outline:
        return d
    r = d_ / 2
    if counter.shape == "circle":
        d.add(Circle(r, r, r, stroke=cut_ink(bg), width=0.2))
    else:
        d.add(Rect(0, 0, w, h, stroke=cut_ink(bg), width=0.2, radius=rounded))
    return d


def _ground(f: _Face, bleed: float, rounded: float) -> None:
    """The face's colour into the bleed and its printed frame (a circle's: its ring)."""
    d, w, h, inset = f.d, f.w, f.h, f.inset
    width = max(0.2, f.d_ * 0.012)
    if f.counter.shape == "circle":
        r = f.d_ / 2
        d.add(Circle(r, r, r + bleed, fill=f.bg))
        d.add(Circle(r, r, f.ring, stroke=f.fg, width=width))
    else:
        d.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=f.bg))
        inner_w, inner_h = w - 2 * inset, h - 2 * inset
        d.add(Rect(inset, inset, inner_w, inner_h, stroke=f.fg, width=width, radius=rounded))


def _wide(f: _Face) -> None:
    """A wide piece with one text: a large icon at the left, the text beside it."""
    face, w, h = f.face, f.w, f.h
    check_icon(f.component, face.icon, ("counters", f.index, f.side, "icon"))
    isz, ix = h * 0.74, w * 0.08
    short = width_mm(face.text, "bold", LABEL) - (w * 0.93 - ix - isz - w * 0.03)
    if short > 0:  # too long even at the floor size: the icon gives way, to half the height
        isz = max(h * 0.5, isz - short)
    f.icon_at(ix, (h - isz) / 2, isz)
    left = ix + isz + w * 0.03
    room = w * 0.93 - left
    size = fit_size(face.text, "bold", max(LABEL, h * 0.34 / PT), room, LABEL)
    baseline = h / 2 + size * PT * 0.36
    if face.mark:  # the text's capitals stay clear below the corner mark
        below = f.mark()
        baseline = max(baseline, below + size * PT * CAP)
    f.d.add(Text(left + room / 2, baseline, face.text, size, "bold", f.fg, "middle"))
    f.check(face.text, "bold", size, left, w - f.inset, baseline)


def _icon_above(f: _Face, tall: bool) -> float:
    """The face's icon above its text (or alone); returns where the text may start."""
    face, w, h, d_ = f.face, f.w, f.h, f.d_
    cy = h / 2
    check_icon(f.component, face.icon, ("counters", f.index, f.side, "icon"))
    if tall:
        isz = w * (0.62 if face.mark else 0.74)  # room for a corner mark above its right
        iy = h * 0.44 - isz / 2 + (w * 0.06 if face.mark else 0.0)
    elif f.full:
        isz = d_ * 0.3
        iy = cy - d_ * 0.34
    else:
        isz = d_ * (0.42 if face.text else 0.6)
        iy = cy - isz * (0.95 if face.text else 0.5)
        isz -= f.lift  # a circle's long text moves up, under a smaller icon
    ix = w / 2 - isz / 2 - (w * 0.06 if tall and face.mark else 0.0)
    f.icon_at(ix, iy, isz)
    return iy + isz


def _texts(f: _Face, tall: bool, text_top: float) -> None:
    """The face's text in capitals, its subtext under it."""
    face, counter, w, h, d_, full = f.face, f.counter, f.w, f.h, f.d_, f.full
    cx, cy = w / 2, h / 2
    avail = (d_ * 0.62) if counter.shape == "circle" else (w - d_ * 0.26)
    if tall:
        max_pt = min(w * 0.22, (h - text_top) * 0.5) / PT
        size = fit_size(face.text, "bold", max(LABEL, max_pt), avail, LABEL)
        baseline = text_top + (h * 0.92 - text_top) / 2 + size * PT * 0.36
    else:
        size = _text_size(face, counter, d_, full)
        if face.icon:
            baseline = text_top + size * PT * (0.78 if full else 0.85)
        elif face.subtext:
            baseline = cy + size * PT * 0.2
        else:
            baseline = cy + size * PT * 0.36
    f.d.add(Text(cx, baseline, face.text, size, "bold", f.fg, "middle"))
    f.check(face.text, "bold", size, f.inset, w - f.inset, baseline)
    if face.subtext:
        ssize = _subtext_size(face, counter, d_, full)
        sub = baseline + ssize * PT * (1.15 if full else 1.3)
        f.d.add(Text(cx, sub, face.subtext, ssize, "regular", f.fg, "middle"))
        f.check(face.subtext, "regular", ssize, f.inset, w - f.inset, sub)


def cut_ink(background: str) -> str:
    """The colour of a cut outline on ``background``: ``CUT``, lightened on a dark colour (a
    black, wine or navy counter) where a dark grey line would not be seen to cut along."""
    return readable(CUT, background, CUT_CONTRAST)


def _frame_inset(
    face: CounterFace, counter: Counter, d_: float, full: bool, tall_or_wide: bool
) -> float:
    """How far a square's printed frame lies inside its cut line: ``FRAME`` of the side, or
    ``FRAME_OUT`` when a text centred on the face would come nearer it than ``CLEAR``, counted
    from the text's full advance (what still crosses the frame is reported by the check). A
    tall or wide piece keeps its frame."""
    if counter.shape == "circle" or not face.text or tall_or_wide:
        return d_ * FRAME
    widest = width_mm(face.text, "bold", _text_size(face, counter, d_, full))
    if face.subtext:
        ssize = _subtext_size(face, counter, d_, full)
        widest = max(widest, width_mm(face.subtext, "regular", ssize))
    w = counter.size
    if (w - widest) / 2 - CLEAR >= d_ * FRAME:  # the advance: a T or A has no side bearing
        return d_ * FRAME
    return d_ * FRAME_OUT


def _text_size(face: CounterFace, counter: Counter, d_: float, full: bool) -> float:
    """The size of a face's text (but a tall piece's): as large as its share of the counter
    allows, squeezed to fit the width, never under the floor (``LABEL``)."""
    w = counter.size
    avail = (d_ * 0.62) if counter.shape == "circle" else (w - d_ * 0.26)
    max_pt = d_ * (0.27 if full else 0.3 if face.icon or face.subtext else 0.46) / PT
    return fit_size(face.text, "bold", max(LABEL, max_pt), avail, LABEL)


def _subtext_size(face: CounterFace, counter: Counter, d_: float, full: bool) -> float:
    """The size of a face's second line (but a tall piece's), squeezed like its text."""
    avail = (d_ * 0.62) if counter.shape == "circle" else (counter.size - d_ * 0.26)
    size = max(LABEL, d_ * (0.12 if full else 0.14) / PT)
    return fit_size(face.subtext or "", "regular", size, avail, LABEL)


def _disc_text(text: str, size: float, r: float) -> tuple[float, float]:
    """(the ring's radius, how much the icon shrinks) on a circle of radius ``r`` with ``text``
    under its icon (a city disc's colour). As designed, the ring is at ``RING`` r and the text
    just under an icon of 0.42 of the diameter; when the text would come nearer the ring than
    ``CLEAR``, the icon gives way (keeping its top, at most 0.3 of it) so that the text moves up
    to where the circle is wider, and if that is not enough the ring moves out to ``RING_OUT`` r.
    """
    half = (width_mm(text, "bold", size) - BEARINGS) / 2 + CLEAR
    isz = 0.84 * r
    below = isz * 0.05 + size * PT * 0.85  # the baseline below the centre, as designed
    for ring in (r * RING, r * RING_OUT):
        if half < ring:
            lift = max(0.0, below - math.sqrt(ring * ring - half * half))
            if lift <= isz * 0.3 and below - lift >= size * PT * CAP / 2:
                return ring, lift
    return r * RING, 0.0  # past helping: the check reports it


def standee(
    game: Game,
    component: Component,
    counter: Counter,
    index: int,
    bleed: float,
    theme: Theme,
    overflows: list[Overflow] | None = None,
) -> Drawing:
    """A fold-over standee: the front upright on top and, below the fold (and the base strip
    between them, if any), its mirror image across the fold: folded, the piece shows the same
    figure from both sides, its bow pointing the same way. The lettering of the lower half is
    not mirrored but turned 180°, so it reads from that side. Dashed fold lines, one cut
    outline round it all."""
    w, fh, b = counter.size, counter.face_height, counter.base
    H = 2 * fh + b

    def face_of(face, side: str):
        return counter_face(game, component, counter, face, index, side, 0, theme, False, overflows)

    front = face_of(counter.front, "front")
    back = face_of(counter.back or counter.front, "back")
    colour = check_colour(game, component, counter.colour, ("counters", index, "colour"))
    bg = WHITE if theme.ink_saver else colour
    d = Drawing(w, H, bleed=bleed, id=f"{component.id}-{index + 1}-standee", title=counter.name)
    d.add(Rect(-bleed, -bleed, w + 2 * bleed, H + 2 * bleed, fill=bg))
    d.add(Group(tuple(front.items), clip=Rect(0, 0, w, fh)))
    if b:
        strip = WHITE if theme.ink_saver else tint(colour, 0.75)
        d.add(Rect(0, fh, w, b, fill=strip))
        label = "BASE · fold up"
        size = fit_size(label, "regular", max(LABEL, min(6.5, b * 0.45 / PT)), w - 2, LABEL)
        d.add(centred_text(w / 2, fh + b / 2, label, size, "regular", CUT))
    art = tuple(it for it in back.items if not isinstance(it, Text))
    # Mirrored left to right, then turned 180°: the reflection across the fold, v -> H - v.
    d.add(Group(art, dy=H, rotate=180, flip=True, clip=Rect(0, 0, w, fh)))
    d.add(*(_turned(t, w, H) for t in back.items if isinstance(t, Text)))
    for y in fold_lines(counter):
        d.add(Line(0, y, w, y, stroke=CUT, width=0.2, dash=(1.2, 0.8)))
    d.add(Rect(0, 0, w, H, stroke=cut_ink(bg), width=0.2, radius=min(w, fh) * 0.08))
    return d


def _turned(t: Text, w: float, H: float) -> Text:
    """Text of the upper face's coordinates put where the reflection across the fold puts it,
    turned 180° so that it reads from the other side (never mirrored)."""
    tw = width_mm(t.text, t.face, t.size)
    lo = {"start": t.x, "middle": t.x - tw / 2, "end": t.x - tw}[t.anchor]
    # the reflection keeps the text's span across and moves its baseline to H - y; turned
    # 180° about its anchor, a text runs leftwards from it
    x = {"start": lo + tw, "middle": lo + tw / 2, "end": lo}[t.anchor]
    return replace(t, x=x, y=H - t.y, rotate=180.0)


def fold_lines(counter: Counter) -> list[float]:
    """Where a standee folds, in mm from its top edge."""
    fh = counter.face_height
    return [fh, fh + counter.base] if counter.base else [fh]


def has_backs(spec) -> bool:
    """Whether any counter prints a back on the other side of the paper (a standee's is not)."""
    return any(c.back is not None and c.shape != "standee" for c in spec.counters)


def _folded(spec, sheet) -> bool:
    return sheet.duplex == "fold" and has_backs(spec)


def counter_area(spec, sheet, b: float) -> tuple[float, float, float, float]:
    """Where counters (their cut outlines) may stand on a page: (left, top, right, bottom) mm,
    inside the printer margin and the header and scale-bar bands (the left half of the page
    when ``--duplex fold`` puts the backs on the right)."""
    W, H = sheet.paper
    m = sheet.margin
    # a backs page moves by the back offset: keep room for it
    sx, sy = sheet.shift_room if has_backs(spec) else (0.0, 0.0)
    # room on the left for the scale bar down the page
    left = m + b + BAR_ROOM + sx
    right = W / 2 - fold_gap() - b if _folded(spec, sheet) else W - m - 1.0 - b - sx
    return left, m + BAND + b + sy, right, H - m - BAND - b - sy


def _pack(
    game: Game,
    component: Component,
    b: float,
    theme: Theme,
    overflows: list[Overflow] | None,
    gap: float,
    area: tuple[float, float, float, float],
    flip: str,
    paper: tuple[float, float],
) -> tuple[list[Drawing], list[Drawing], list[Drawing]]:
    """The counters packed row after row into ``area`` (shelf packing), page after page, each
    back at its mirror place: (front pages, back pages, one design per counter face)."""
    spec = component.spec
    left, top, right, bottom = area
    W, H = paper
    designs: list[Drawing] = []
    fronts: list[Drawing] = []
    backs: list[Drawing] = []

    def new_page() -> tuple[float, float, float]:
        """A fresh page of fronts and its backs; where the packing starts: x, y, row height."""
        n = len(fronts) + 1
        fronts.append(Drawing(W, H, id=f"page-{n}"))
        backs.append(Drawing(W, H, id=f"back-{n}"))
        return left, top, 0.0

    x, y, row_h = new_page()
    for i, counter in enumerate(spec.counters):
        if counter.shape == "standee":
            front = standee(game, component, counter, i, b, theme, overflows)
            back = None  # both faces are on the front of the paper
            designs.append(front)
        else:
            front = counter_face(
                game, component, counter, counter.front, i, "front", b, theme, True, overflows
            )
            back = None
            if counter.back:
                back = counter_face(
                    game, component, counter, counter.back, i, "back", b, theme, True, overflows
                )
            designs += [front] + ([back] if back else [])
        pw, ph = counter.outline
        if spec.labels:  # each kind on fresh rows under a line naming it and its count
            if x > left:
                x, y, row_h = left, y + row_h + gap, 0.0
            if y + LABEL_H + ph > bottom + 1e-9:
                x, y, row_h = new_page()
            label = f"{counter.count.value} × {counter.name}"
            fronts[-1].add(Text(left, y + 2.9, label, 7, "bold", CUT))
            y += LABEL_H
        for k in range(counter.count.value):
            if x + pw > right + 1e-9:
                x, y, row_h = left, y + row_h + gap, 0.0
            if y + ph > bottom + 1e-9:
                x, y, row_h = new_page()
                if spec.labels:  # the rest of a kind on the next page says what it is
                    n = counter.count.value
                    rest = f"{n} × {counter.name}, continued: {n - k} here"
                    fronts[-1].add(Text(left, y + 2.9, rest, 7, "bold", CUT))
                    y += LABEL_H
            p = Placed(x, y, pw, ph, b, b, b, b)
            fronts[-1].add(place(front, p))
            if back is not None:
                backs[-1].add(place(back, mirrored(p, (W, H), flip)))
            x += pw + gap
            row_h = max(row_h, ph)
    return fronts, backs, designs


def render_counters(
    game: Game,
    component: Component,
    bleed: float,
    theme: Theme,
    opts,
    notes: list | None = None,
    overflows: list[Overflow] | None = None,
) -> tuple[list[Drawing], list[Drawing]]:
    """Pages of counters, and one SVG design per counter face. With ``--duplex fold`` the
    counters fill the left half and their backs the mirror places in the right half. Texts
    that cross their counter's frame even at the floor size are added to ``overflows``."""
    spec = component.spec
    sheet = opts.sheet()
    W, H = sheet.paper
    m = sheet.margin
    b = counter_bleed(bleed, sheet.layout)
    if b < bleed and notes is not None:
        notes.append(
            f"bleed {bleed:g} mm asked; counters get {b:g} mm (half the gap between them); "
            "--layout gutters gives them the full bleed"
        )
    gap = max(2 * b, 1.0)
    folded = _folded(spec, sheet)
    area = counter_area(spec, sheet, b)
    flip = "long" if folded else sheet.duplex
    fronts, backs, designs = _pack(game, component, b, theme, overflows, gap, area, flip, (W, H))
    left, top, right, bottom = area
    box = (left - b, top - b, right + b, bottom + b)
    for f, bk in zip(fronts, backs, strict=True):
        f.frame = (box, [])
        bk.frame = (mirror_box(box, (W, H), flip), [])
    titles = (game.title, component.name)
    if not folded:
        backs = backs if has_backs(spec) else []
        return assemble(fronts, backs, sheet, titles, "cut along each outline"), designs
    fold = Line(W / 2, m, W / 2, H - m, FOLD_INK, 0.3, dash=(3.0, 1.5))
    for f, bk in zip(fronts, backs, strict=True):
        f.items += bk.items
        f.add(fold)
        f.frame = ((box[0], box[1], W - box[0], box[3]), [fold])
    note = "fold on the dashed line, glue, then cut along each outline"
    return assemble(fronts, [], sheet, titles, note, folded=True), designs
