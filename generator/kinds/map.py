"""Maps: the board as a graph of spaces (``portolan.model.map``), drawn schematically.

Land regions are tinted areas under their spaces; each space is a labelled box with its printed
features (potential discoveries Ⓓ, the Ⓡ symbol, provisions Ⓟ, bases, modifiers, automatic
effects); progress borders are lines between boxes (with an arrowhead when one-way), status
changes are grey arrows. The VP chart, the VP track, the civilizations' Awe and Military
Strength tracks and a legend are drawn in the open sea. A board larger than the paper is tiled
by ``generator/layout/tiling.py`` like any other board.
"""

from __future__ import annotations

import math

from portolan.generator.colours import readable, shade, tint
from portolan.generator.draw import Drawing, Line, Path, Rect, Text
from portolan.generator.fonts import PT, fit_size, width_mm
from portolan.generator.glyphs import LETTER_ROOM, arrow, circled
from portolan.generator.instructions import check_title, plain_text
from portolan.generator.kinds.cardface import SAFE, Overflow
from portolan.generator.kinds.deck import Rendered, check_colour
from portolan.generator.kinds.map_panels import (
    BORDER,
    STATUS,
    TAG,
    civ_track,
    legend,
    notes,
    title,
    vp_chart,
    vp_track,
)
from portolan.generator.layout.sheet import Item
from portolan.generator.legibility import BODY, CONTRAST_AIM, LABEL
from portolan.generator.theme import WHITE, Theme
from portolan.model.instructions import Check, Progress
from portolan.model.loader import Component, Game
from portolan.model.map import MapSpec, Space

LAND_KINDS = ("land", "base", "river", "europe", "rumors", "contact", "capital")  # tinted areas
TRACK_TAGS = {"known-sea": "KS", "known-sea-south": "KS", "known-nwp": "NWP", "known-ssa": "SSA"}


def render_map(game: Game, component: Component, bleed: float, theme: Theme) -> Rendered:
    d, overflows = map_drawing(game, component, bleed, theme)
    return Rendered([Item(d)], [d], overflows)


def map_drawing(
    game: Game, component: Component, bleed: float, theme: Theme
) -> tuple[Drawing, list[Overflow]]:
    spec: MapSpec = component.spec
    w, h = spec.size.width, spec.size.height
    sea = check_colour(game, component, spec.colour, ("colour",))
    d = Drawing(w, h, bleed=bleed, id=spec.id, title=spec.name)
    d.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=theme.background(sea, 0.8)))
    colours = {
        rid: check_colour(game, component, r.colour, ("regions", rid, "colour"))
        for rid, r in spec.regions.items()
    }
    overflows: list[Overflow] = []
    _land(d, spec, colours, theme)
    _region_names(d, spec, colours)
    for b in spec.borders:
        _border(d, spec, b)
    for a in spec.arrows:
        _status_arrow(d, spec, a)
    tags = _track_tags(spec)
    tags = {
        sid: [t for t in ts if t.rstrip("*") != spec.space(sid).printed] for sid, ts in tags.items()
    }
    for space in spec.spaces:
        overflows += _space(d, spec, space, colours[space.region], theme, tags.get(space.id, []))
    for b in spec.borders:
        _border_note(d, spec, b)
    title(d, spec, sea, theme)
    if spec.legend:
        legend(d, spec, sea)
        notes(d, spec, sea)
    if spec.vp_chart:
        overflows += vp_chart(d, spec, sea)
    if spec.vp_track:
        vp_track(d, spec, sea)
    for t in spec.civ_tracks:
        colour = game.colour("incan" if t.civilization == "Incan" else "aztec")
        civ_track(d, spec, t, colour)
    d.add(Rect(0, 0, w, h, stroke=shade(sea, 0.4), width=0.5))
    return d, overflows


# -- geometry -----------------------------------------------------------------------------------


def _edge_point(box, tx: float, ty: float) -> tuple[float, float]:
    """Where the line from the box centre towards (tx, ty) leaves the box."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    dx, dy = tx - cx, ty - cy
    if dx == 0 and dy == 0:
        return cx, cy
    sx = (w / 2) / abs(dx) if dx else math.inf
    sy = (h / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy)
    return cx + dx * s, cy + dy * s


def _ends(spec: MapSpec, a: Space, b: Space, pad: float = 0.6):
    ba, bb = spec.box(a), spec.box(b)
    ca, cb = spec.centre(a), spec.centre(b)
    x1, y1 = _edge_point(ba, *cb)
    x2, y2 = _edge_point(bb, *ca)
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    return x1 + ux * pad, y1 + uy * pad, x2 - ux * pad, y2 - uy * pad


# -- layers -------------------------------------------------------------------------------------


def _land(d: Drawing, spec: MapSpec, colours: dict, theme: Theme) -> None:
    """Each land region as a tinted area: rounded blocks under its land spaces."""
    for space in spec.spaces:
        region = spec.regions[space.region]
        if not region.land or space.kind not in LAND_KINDS:
            continue
        x, y, w, h = spec.box(space)
        pad = 4.5
        fill = WHITE if theme.ink_saver else tint(colours[space.region], 0.72)
        d.add(Rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, fill=fill, radius=5))


REGION_NAME = 6.5  # pt


def region_names(spec: MapSpec) -> dict[str, tuple[float, float, str]]:
    """Each region's printed name and where: (x, baseline y, text), the middle of the baseline
    in mm. At its ``label_at``, else just above the middle of its spaces."""
    out = {}
    for rid, region in spec.regions.items():
        members = [s for s in spec.spaces if s.region == rid]
        if not members or rid in ("EU", "MAI"):
            continue
        label = f"{region.name.upper()} ({rid})"
        if region.label_at:
            out[rid] = (*spec.cell(region.label_at), label)
            continue
        xs = [spec.centre(s)[0] for s in members]
        ys = [spec.centre(s)[1] for s in members]
        out[rid] = (sum(xs) / len(xs), min(ys) - spec.grid.box[1] / 2 - 1.6, label)
    return out


def _region_names(d: Drawing, spec: MapSpec, colours: dict) -> None:
    """Each region's name in faint capitals near the middle of its spaces."""
    for rid, (x, y, label) in region_names(spec).items():
        d.add(Text(x, y, label, REGION_NAME, "bold", shade(colours[rid], 0.25), "middle"))


def _border(d: Drawing, spec: MapSpec, b) -> None:
    a, c = spec.space(b.a), spec.space(b.b)
    if b.wrap:
        _wrap(d, spec, a, c)
        _wrap(d, spec, c, a)
        return
    x1, y1, x2, y2 = _ends(spec, a, c)
    d.add(Line(x1, y1, x2, y2, stroke=WHITE, width=1.8))
    d.add(Line(x1, y1, x2, y2, stroke=BORDER, width=0.8))
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if b.one_way:
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        d.add(*arrow(mx - ux * 1.6, my - uy * 1.6, mx + ux * 1.6, my + uy * 1.6, BORDER, 0.8, 2.2))


def _border_note(d: Drawing, spec: MapSpec, b) -> None:
    """What a border needs ("needs Gulf of St. Lawrence"), on a white tag drawn over the map
    after the spaces: between two spaces one above the other it sits on the border in the gap
    between their rows; between spaces side by side (too narrow a gap) it sits under them."""
    if not (b.requires or b.condition) or b.wrap:
        return
    a, c = spec.space(b.a), spec.space(b.b)
    x1, y1, x2, y2 = _ends(spec, a, c)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if abs(x2 - x1) > abs(y2 - y1):
        boxes = [spec.box(a), spec.box(c)]
        my = max(by + bh for _, by, _, bh in boxes) + 2.3
    note = f"needs {b.requires}" if b.requires else f"needs {b.condition}"
    size = LABEL
    tw = width_mm(note, "bold", size)
    d.add(
        Rect(
            mx - tw / 2 - 0.8,
            my - 1.9,
            tw + 1.6,
            3.0,
            fill=WHITE,
            stroke=BORDER,
            width=0.2,
            radius=0.6,
        )
    )
    d.add(Text(mx, my + 0.6, note, size, "bold", BORDER, "middle"))


def wrap_label(spec: MapSpec, a: Space, other: Space) -> tuple[float, float, str]:
    """Where the tab from ``a`` to the nearest side edge names the space the route continues at:
    (x, baseline y, text), the middle of the baseline in mm. Above the tab when it is long
    enough; else (a space near the edge) under the space, ending at the edge."""
    x, y, w, h = spec.box(a)
    left = x + w / 2 < spec.size.width / 2
    edge = SAFE + 0.5 if left else spec.size.width - SAFE - 0.5
    start = x if left else x + w
    label = f"to {other.name} ({'right' if left else 'left'} edge)"
    half = width_mm(label, "bold", LABEL) / 2
    if 2 * half + 1.0 <= abs(edge - start):
        tx, ty = (start + edge) / 2, y + h / 2 - 1.4
    else:
        tx, ty = (edge + half if left else edge - half), y + h + 2.6
    tx = min(max(tx, SAFE + half), spec.size.width - SAFE - half)  # on the board
    return tx, ty, label


def _wrap(d: Drawing, spec: MapSpec, a: Space, other: Space) -> None:
    """A tab from a space to the nearest side edge, naming where the route continues."""
    x, y, w, h = spec.box(a)
    cy = y + h / 2
    left = x + w / 2 < spec.size.width / 2
    edge = SAFE + 0.5 if left else spec.size.width - SAFE - 0.5
    start = x if left else x + w
    d.add(*arrow(start - (0.6 if left else -0.6), cy, edge, cy, BORDER, 0.8, 2.2, both=True))
    tx, ty, label = wrap_label(spec, a, other)
    d.add(Text(tx, ty, label, LABEL, "bold", BORDER, "middle", rotate=0))


def _status_arrow(d: Drawing, spec: MapSpec, a) -> None:
    sa, sb = spec.space(a.a), spec.space(a.b)
    x1, y1, x2, y2 = _ends(spec, sa, sb, pad=0.9)
    d.add(*arrow(x1, y1, x2, y2, STATUS, 1.1, 2.4, both=not a.one_way))
    if a.sighting:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        d.add(*circled("D", mx - 1.9, my, 3.8, STATUS, filled=True))


def _track_tags(spec: MapSpec) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {}
    for t in spec.progress_tracks:
        tag = TRACK_TAGS.get(t.id, t.id[:3].upper())
        for k, sid in enumerate(t.spaces):
            label = f"{tag}{k}" + ("*" if sid == t.start and not t.placed_when else "")
            if label.rstrip("*") not in [x.rstrip("*") for x in tags.get(sid, [])]:
                tags.setdefault(sid, []).append(label)
    return tags


KIND_FILL = {
    "sea": 0.55,
    "coastal": 0.78,
    "river": 0.5,
    "island": 0.7,
    "europe": 0.55,
    "land": 0.45,
    "base": 0.45,
    "rumors": 0.5,
    "contact": 0.5,
    "capital": 0.35,
}


def _space(d: Drawing, spec: MapSpec, s: Space, colour: str, theme: Theme, tags: list[str]):
    x, y, w, h = spec.box(s)
    over: list[Overflow] = []
    if s.kind == "island":
        colour = "#b39a5a"
    fill = WHITE if theme.ink_saver else tint(colour, KIND_FILL[s.kind])
    stroke = shade(colour, 0.35)
    dash = (1.2, 0.7) if s.kind == "coastal" else None
    width = 0.45
    if s.base:
        stroke, width = "#4d4d4d", 1.1
    d.add(Rect(x, y, w, h, fill=fill, stroke=stroke, width=width, radius=1.4, dash=dash))
    ink = readable(shade(colour, 0.6), fill, CONTRAST_AIM)
    # top line: label, then symbols at the right (Ⓡ, Ⓟ, B)
    label = s.printed
    lsize = 7.0 if len(label) <= 5 else LABEL
    baseline = y + 1.0 + lsize * PT * 0.76
    d.add(Text(x + 1.2, baseline, label, lsize, "bold", ink))
    rx = x + w - 1.0
    sym = 3.4
    if s.base:
        rx -= sym
        d.add(Rect(rx, y + 0.9, sym, sym, fill="#6b6b6b", radius=0.5))
        d.add(
            Text(rx + sym / 2, y + 0.9 + sym * 0.78, "B", sym * 0.7 / PT, "bold", WHITE, "middle")
        )
        rx -= 0.5
    if s.provision:
        rx -= sym
        d.add(*circled("P", rx, y + 0.9 + sym / 2, sym, "#2e6b2e", filled=s.provision == "always"))
        rx -= 0.5
    if s.rumor:
        rx -= sym
        d.add(*circled("R", rx, y + 0.9 + sym / 2, sym, "#8a6a00", filled=True))
        rx -= 0.5
    label_w = width_mm(label, "bold", lsize)
    # the name, beside the label if it fits, else below
    lines: list[tuple[str, str]] = []  # (symbol, text)
    name = s.name or ""
    top = y + 1.0 + lsize * PT * 1.05
    if name and name != label:
        nx = x + 1.2 + label_w + 1.0
        nsize = fit_size(name, "regular", BODY, rx - nx, BODY)
        if width_mm(name, "regular", nsize) <= rx - nx:
            d.add(Text(nx, baseline, name, nsize, "regular", ink))
        else:
            lines.append(("", name))
    for disc in s.discoveries:
        lines.append(("d" if disc.auto else "D", disc.label))
    for m in s.modifiers:
        lines.append(("", f"{m.check.replace('-', ' ').title()} {m.n:+d}".replace("-", "−")))
    if s.draws == "none" and s.kind == "coastal":
        lines.append(("", "No card: Navigation check"))
    if s.enter_check:
        lines.append(("", "To enter: " + enter_text(s.enter_check)))
    if s.on_enter:
        lines.append(("w", plain_text(s.on_enter)))
    if s.provision == "discovered" and not any(t == "D" for t, _ in lines):
        lines.append(("", "(P) once discovered"))
    if tags:
        lines.append(("t", " ".join(tags)))
    # the first line runs level with the symbols at the top right: it stops short of them
    first = rx - (x + 1.0) - 0.3 if rx < x + w - 1.0 else None
    fits = _feature_lines(d, lines, x + 1.0, top, w - 2.0, y + h - 0.6 - top, ink, fill, first)
    if not fits:
        over.append(Overflow(f"{spec.id} space {s.id}", " / ".join(t for _, t in lines)))
    return over


def enter_text(steps: list) -> str:
    """A check needed to move in, shortly: 'Navigation −1 check' (a failure means no move)."""
    if len(steps) == 1 and isinstance(steps[0], Check):
        failure = steps[0].failure
        if all(isinstance(f, Progress) and f.n == 0 for f in failure):
            return check_title(steps[0])
    return plain_text(steps)


def _feature_lines(
    d: Drawing,
    lines,
    x: float,
    top: float,
    width: float,
    height: float,
    ink: str,
    fill: str,
    first_width: float | None = None,
):
    """The space's feature lines, one per feature, at the body floor; a feature too wide for
    the box goes on as many lines as it needs (its symbol on the first). The very first line
    is at most ``first_width`` wide (it is level with the space's symbols). Track tags are in
    ``TAG`` made dark enough to read on the space's ``fill``. Returns whether all fit in
    ``height``."""
    if not lines:
        return True
    size = BODY
    step = size * PT * 1.12
    g = size * PT * 1.0
    set_lines: list[tuple[str, str, bool]] = []  # (symbol, text, first line of its feature)
    for n, (sym, text) in enumerate(lines):
        indent = max(g, LETTER_ROOM) + 0.5 if sym in ("D", "d") else 0.0
        head = None if n or first_width is None else first_width - indent
        for k, part in enumerate(_wrap_words(text, size, width - indent, sym == "w", head)):
            set_lines.append((sym, part, k == 0))
    widest = 0.0
    baseline = top + size * PT * 0.82
    for sym, text, first in set_lines:
        tx = x
        if sym in ("D", "d"):
            if first:
                d.add(
                    *circled("D", x, baseline - size * PT * 0.32, g, "#7a1f1f", filled=sym == "D")
                )
            tx += max(g, LETTER_ROOM) + 0.5
        face = "bold" if sym in ("w", "t") else "regular"
        tw = width_mm(text, face, size)
        widest = max(widest, tx - x + tw)
        if sym == "w":  # an automatic effect, printed in white on a dark strip
            d.add(
                Rect(
                    x - 0.3,
                    baseline - size * PT * 0.8,
                    tw + 0.6,
                    size * PT * 1.05,
                    fill="#5a3a1a",
                    radius=0.4,
                )
            )
            d.add(Text(tx, baseline, text, size, "bold", WHITE))
        elif sym == "t":
            d.add(Text(tx, baseline, text, size, "bold", readable(TAG, fill, CONTRAST_AIM)))
        else:
            d.add(Text(tx, baseline, text, size, "regular", ink))
        baseline += step
    return step * len(set_lines) <= height + 0.3 and widest <= width + 0.3


def _wrap_words(
    text: str, size: float, width: float, bold: bool, first: float | None = None
) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` (the first line no
    wider than ``first`` when given; a word wider than that stands on a line of its own)."""
    face = "bold" if bold else "regular"
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        room = first if first is not None and not out else width
        if line and width_mm(trial, face, size) > room:
            out.append(line)
            line = word
        else:
            line = trial
    return [*out, line] if line else out or [""]


__all__ = ["Path", "map_drawing", "render_map"]
