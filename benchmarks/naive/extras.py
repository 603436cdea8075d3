"""The other naive print items: counter sheets, score pads, the rules reference and the
registration test."""

from __future__ import annotations

from pathlib import Path

from portolan.generator.colours import tint
from portolan.generator.markup import Bullets, Heading, Table, parse
from portolan.generator.templating import render
from portolan.generator.textbox import plain

from .sheet import EDGE, MARGIN, Sheet


def naive_counters(game, component, folder: Path, page):
    """Counters packed in rows, each a shape with its symbol and text; backs mirrored."""
    spec = component.spec
    s = Sheet.of(component, folder, page)
    left, top = EDGE + 2, MARGIN + 8
    right, bottom = page[0] - MARGIN - 3, page[1] - MARGIN - 8
    placed: list[list] = [[]]
    x, y, row = left, top, 0.0
    for counter in spec.counters:
        w, h = counter.outline
        for _ in range(counter.count.value):
            if x + w > right:
                x, y, row = left, y + row + 4, 0.0
            if y + h > bottom:
                placed.append([])
                x, y, row = left, top, 0.0
            placed[-1].append((counter, x, y, w, h))
            x += w + 4
            row = max(row, h)
    backs = any(c.back is not None and c.shape != "standee" for c in spec.counters)
    for chunk in placed:
        for side in ("front", "back") if backs else ("front",):
            s.furniture(game.title)
            for counter, x, y, w, h in chunk:
                face = counter.front if side == "front" else counter.back
                if face is None:
                    continue
                if side == "back":
                    x = page[0] - x - w
                colour = game.colour(face.colour or counter.colour)
                if counter.shape == "circle":
                    s.circle(x + w / 2, y + h / 2, w / 2 + 2, fill=colour)
                    s.circle(x + w / 2, y + h / 2, w / 2 * 0.84, stroke="#ffffff", width=0.2)
                    s.circle(x + w / 2, y + h / 2, w / 2, stroke="#333333", width=0.2)
                else:
                    s.rect(x - 2, y - 2, w + 4, h + 4, fill=colour)
                    s.rect(x + 1, y + 1, w - 2, h - 2, stroke="#ffffff", r=1.5, width=0.2)
                    s.rect(x, y, w, h, stroke="#333333", r=1.5, width=0.2)
                s.star(x + w / 2, y + h * 0.35, min(w, h) * 0.2, "#ffffff")
                if face.text:
                    s.text(x + w / 2, y + h * 0.75, face.text, 7, "bold", "#ffffff", "middle")
            s.show()
    s.save()


def naive_registration(game, folder: Path, page):
    s = Sheet(folder / "registration-test.pdf", page)
    cx, cy = page[0] / 2, page[1] / 2
    for side in ("front", "back"):
        s.furniture(game.title)
        s.line(cx - 70, cy, cx + 70, cy, width=0.2)
        s.line(cx, cy - 70, cx, cy + 70, width=0.2)
        at = 22 if side == "back" else 40
        for k in range(-20, 21):
            s.line(cx + k / 2, cy + at, cx + k / 2, cy + at + (4 if k % 10 == 0 else 2), width=0.1)
            s.line(cx + at, cy + k / 2, cx + at + (4 if k % 10 == 0 else 2), cy + k / 2, width=0.1)
        for k in range(-2, 3):
            s.text(cx + 5 * k, cy + at + 6.6, str(5 * k), 6, "regular", "#000000", "middle")
            s.text(cx + at + 5, cy + 5 * k, str(5 * k), 6, "regular", "#000000")
        if side == "front":
            s.paragraph(
                "Print, hold to the light, read X and Y, rebuild. " * 6,
                18,
                34,
                page[0] - 36,
                9,
                centre=False,
            )
        s.show()
    s.save()


def naive_scorepad(game, component, folder: Path, page):
    spec = component.spec
    colour = game.colour(spec.colour)
    s = Sheet.of(component, folder, page)
    rows = ["Player", *[c.label for c in game.rules.scoring], *spec.extra_rows, "Total", "Rank"]
    for k in range(spec.games_per_page):
        top = 10 + k * 140
        s.rect(10, top, page[0] - 20, 9, fill=colour, r=1.2)
        s.text(13, top + 6, game.title, 11, "bold", "#ffffff")
        s.text(page[0] - 13, top + 6, "Date ______________", 8, "regular", "#ffffff", "end")
        for i, label in enumerate(rows):
            ry = top + 11 + i * 10
            if i % 2 == 0:
                s.rect(10, ry, page[0] - 20, 10, fill=tint(colour, 0.93))
            s.text(
                12,
                ry + 6,
                label,
                9,
                "bold" if label in ("Player", "Total") else "regular",
                "#1b1b1b",
            )
            s.line(10, ry, page[0] - 10, ry, "#777777", 0.2)
        for j in range(spec.players + 1):
            cx = 68 + j * (page[0] - 78) / spec.players
            s.line(cx, top + 11, cx, top + 11 + len(rows) * 10, "#777777", 0.2)
    s.finish()


def naive_reference(game, component, folder: Path, page):
    spec = component.spec
    colour = game.colour(spec.colour)
    s = Sheet.of(component, folder, page)
    y = 20.0
    for b in parse(render(game, component, spec.template, "template")):
        if isinstance(b, Heading):
            items = [("bold", 15 - 2.5 * b.level, plain(b.text))]
        elif isinstance(b, Bullets):
            items = [("regular", 9.5, "• " + plain(i)) for i in b.items]
        elif isinstance(b, Table):
            items = [("regular", 8.5, " | ".join(plain(c) for c in r)) for r in b.rows]
        else:
            items = [("regular", 9.5, plain(b.text))]
        for face, size, text in items:
            if y > page[1] - 30:
                s.text(20, page[1] - 10, "page", 8, "regular", "#555555")
                s.show()
                y = 20.0
            c = colour if face == "bold" else "#1b1b1b"
            y = (
                s.paragraph(text, 20, y + size * 0.35, page[0] - 40, size, face, c, centre=False)
                + 1.5
            )
    s.finish()
