"""The panels of a map drawn in the open sea (``map.py``): its title, the legend and notes, the
VP chart, the VP track and the civilizations' Awe and Military Strength tracks."""

from __future__ import annotations

import math

from portolan.generator.colours import readable, shade, tint
from portolan.generator.draw import Drawing, Line, Rect, Text
from portolan.generator.fonts import centred_text, fit_size, width_mm
from portolan.generator.glyphs import LETTER_INK, arrow, circled
from portolan.generator.kinds.cardface import Overflow
from portolan.generator.legibility import BODY, CONTRAST_AIM, LABEL
from portolan.generator.textbox import set_paragraphs
from portolan.generator.theme import INK, WHITE, Theme
from portolan.model.map import MapSpec

STATUS = "#6e6e6e"  # the grey of status-change arrows
BORDER = "#24496b"
TAG = "#8a2b1a"  # Known Progress track tags ("KS1")


def title(d: Drawing, spec: MapSpec, sea: str, theme: Theme) -> None:
    if not spec.title or not spec.legend:
        return
    x, y = spec.cell(spec.legend.at)
    w, h = spec.legend.width, 13.0
    y -= h + 2.0
    d.add(Rect(x, y, w, h, fill=WHITE if theme.ink_saver else shade(sea, 0.35), radius=2))
    size = fit_size(spec.title, "bold", 13, w - 6, 8)
    fill = shade(sea, 0.35) if theme.ink_saver else WHITE
    d.add(Text(x + w / 2, y + 6.8, spec.title, size, "bold", fill, "middle"))
    d.add(
        Text(x + w / 2, y + 11.0, "print-and-play map · schematic", BODY, "regular", fill, "middle")
    )


def legend(d: Drawing, spec: MapSpec, sea: str) -> None:
    assert spec.legend is not None
    x, y = spec.cell(spec.legend.at)
    w = spec.legend.width
    rows = [
        ("base", "New World base (grey B box)"),
        ("D", "potential discovery: made by a (D) card drawn here"),
        ("d", "automatic discovery (white): made on entering"),
        ("R", "Rumors of Gold symbol; the space number orders them"),
        ("P", "provision space (open circle: once discovered)"),
        ("border", "progress border"),
        ("oneway", "one-way progress border"),
        ("status", "status change arrow"),
        ("sight", "westward only once Land Sighted"),
        ("tag", "KS/NWP/SSA n: Known Progress track, * start"),
    ]
    lh = 4.2
    h = 6.5 + lh * len(rows) + 1.5
    d.add(Rect(x, y, w, h, fill=WHITE, stroke=shade(sea, 0.3), width=0.4, radius=1.6))
    d.add(Text(x + 2, y + 4.6, "LEGEND", 6.5, "bold", shade(sea, 0.4)))
    cy = y + 6.5 + lh / 2
    for key, text in rows:
        sx = x + 2.5
        if key == "base":
            d.add(Rect(sx, cy - 1.7, 3.4, 3.4, fill="#6b6b6b", radius=0.5))
            d.add(Text(sx + 1.7, cy + 0.9, "B", 7, "bold", WHITE, "middle"))
        elif key in ("D", "d", "R", "P"):
            d.add(*circled(key.upper(), sx, cy, 3.4, LETTER_INK[key.upper()], filled=key != "d"))
        elif key == "border":
            d.add(Line(sx - 1, cy, sx + 8, cy, stroke=BORDER, width=0.8))
        elif key == "oneway":
            d.add(Line(sx - 1, cy, sx + 8, cy, stroke=BORDER, width=0.8))
            d.add(*arrow(sx + 2, cy, sx + 6, cy, BORDER, 0.8, 2.2))
        elif key == "status":
            d.add(*arrow(sx - 1, cy, sx + 8, cy, STATUS, 1.1, 2.4, both=True))
        elif key == "sight":
            d.add(*arrow(sx - 1, cy, sx + 8, cy, STATUS, 1.1, 2.4, both=True))
            d.add(*circled("D", sx + 1.6, cy, 3.4, STATUS, filled=True))
        elif key == "tag":
            d.add(Text(sx, cy + 0.8, "KS1", LABEL, "bold", TAG))
        size = fit_size(text, "regular", BODY, w - 15, BODY)
        d.add(centred_text(x + 13, cy, text, size, "regular", INK, "start"))
        cy += lh


def notes(d: Drawing, spec: MapSpec, sea: str) -> None:
    """The map's printed reminders, under the legend."""
    if not spec.notes or not spec.legend:
        return
    x, y = spec.cell(spec.legend.at)
    w = spec.legend.width
    top = y + 6.5 + 4.2 * 10 + 1.5 + 2.0  # under the legend's ten rows
    block = set_paragraphs(
        [str(n.value) for n in spec.notes],
        x + 1,
        top,
        w - 2,
        30,
        max_size=BODY,
        min_size=BODY,
        fill=shade(sea, 0.55),
        gap=0.3,
    )
    d.add(*block.items)


def vp_chart(d: Drawing, spec: MapSpec, sea: str) -> list[Overflow]:
    """The VP chart: every award with its VP and a box per claim, then the Major Expeditions."""
    assert spec.vp_chart is not None
    x, y = spec.cell(spec.vp_chart.at)
    w = spec.vp_chart.width
    ink = shade(sea, 0.45)
    rows = [(a.name, a.vp, a.count, a.cards) for a in spec.awards]
    lh = 3.55
    col_w = (w - 3) / 2
    vsize = LABEL
    per_col = math.ceil(len(rows) / 2)
    majors = spec.majors
    h = 5.5 + lh * per_col + 4.5 + lh * math.ceil(len(majors) / 2) + 1.5
    d.add(Rect(x, y, w, h, fill=WHITE, stroke=ink, width=0.4, radius=1.6))
    d.add(
        Text(
            x + 2,
            y + 4.2,
            "VP CHART — first to publish claims; a box per claim for its (D) chit",
            max(LABEL, 5.6),
            "bold",
            ink,
        )
    )
    over: list[Overflow] = []
    for k, (name, vp, count, cards) in enumerate(rows):
        col, row = divmod(k, per_col)
        cx = x + 1.5 + col * col_w
        cy = y + 5.5 + row * lh
        boxes = min(count, 8)
        bw = 2.6
        for b in range(boxes):
            d.add(Rect(cx + b * (bw + 0.3), cy + 0.3, bw, bw, fill=WHITE, stroke=ink, width=0.2))
        tx = cx + boxes * (bw + 0.3) + 0.8
        value = f"{vp} VP" if vp else (f"{cards} cards" if cards else "0 VP")
        d.add(Text(cx + col_w - 2, cy + 2.5, value, vsize, "bold", ink, "end"))
        room = cx + col_w - 2 - width_mm(value, "bold", vsize) - 1 - tx
        size = fit_size(name, "regular", BODY, room, BODY)
        if width_mm(name, "regular", size) > room + 0.2:
            over.append(Overflow(f"{spec.id} VP chart", name))
        d.add(Text(tx, cy + 2.5, name, size, "regular", INK))
    my = y + 5.5 + lh * per_col + 0.5
    d.add(Line(x + 1.5, my, x + w - 1.5, my, stroke=ink, width=0.25))
    d.add(
        Text(
            x + 2,
            my + 3.4,
            "MAJOR EXPEDITIONS (instead of normal scoring; once each)",
            LABEL,
            "bold",
            ink,
        )
    )
    per = math.ceil(len(majors) / 2)
    for k, m in enumerate(majors):
        col, row = divmod(k, per)
        cx = x + 1.5 + col * col_w
        cy = my + 4.5 + row * lh
        d.add(Rect(cx, cy + 0.3, 2.6, 2.6, fill=WHITE, stroke=ink, width=0.2))
        value = f"{m.vp} VP" + (f" ({m.variant_vp})" if m.variant_vp else "")
        value += f" +{m.gold} Gold" if m.gold else ""
        d.add(Text(cx + col_w - 2, cy + 2.5, value, vsize, "bold", ink, "end"))
        room = col_w - 2 - width_mm(value, "bold", vsize) - 5
        size = fit_size(m.name, "regular", BODY, room, BODY)
        if width_mm(m.name, "regular", size) > room + 0.2:
            over.append(Overflow(f"{spec.id} VP chart", m.name))
        d.add(Text(cx + 3.6, cy + 2.5, m.name, size, "regular", INK))
    return over


def vp_track(d: Drawing, spec: MapSpec, sea: str) -> None:
    t = spec.vp_track
    assert t is not None
    x0, y0 = spec.cell(t.at)
    ink = shade(sea, 0.45)
    d.add(Text(x0, y0 - 1.2, "VICTORY POINTS", max(LABEL, 5.6), "bold", ink))
    for k, v in enumerate(range(t.start, t.end.value + 1)):
        row, col = divmod(k, t.per_row)
        bx, by = x0 + col * t.box, y0 + row * t.box
        fill = tint("#b08d1a", 0.55) if v in (4, 6, 15) else WHITE
        d.add(Rect(bx, by, t.box, t.box, fill=fill, stroke=ink, width=0.3))
        d.add(Text(bx + t.box / 2, by + t.box / 2 + 1.3, str(v), 7, "bold", ink, "middle"))


def civ_track(d: Drawing, spec: MapSpec, t, colour: str) -> None:
    x0, y0 = spec.cell(t.at)
    box = t.box
    ink = shade(colour, 0.4)
    name = t.name.upper()
    d.add(Text(x0, y0 - 0.8, name, LABEL, "bold", ink))
    for k, v in enumerate(range(t.low, t.high + 1)):
        bx = x0 + k * box
        fill = tint(colour, 0.45) if v == t.start else WHITE
        d.add(Rect(bx, y0, box, box, fill=fill, stroke=ink, width=0.3))
        label = f"{v:+d}".replace("-", "−") if t.low < 0 else str(v)
        text = readable(ink, fill, CONTRAST_AIM)  # the start box's tint is darker than white
        d.add(Text(bx + box / 2, y0 + box / 2 + 1.0, label, LABEL, "bold", text, "middle"))
