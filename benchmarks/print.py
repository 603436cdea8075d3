"""How much the print pipeline costs over drawing the same things straight onto a canvas.

    .venv/bin/python benchmarks/print.py [N] [--svg]

Builds the full Exploration in the Age of Sail set N times (default 3) with ``build_game`` into
a temporary folder (PDF only unless ``--svg``), then draws the same set N times with a naive
renderer: plain reportlab canvas calls in points, no neutral drawing layer, the same card texts
(from the same face templates), the same pages (3 x 3 cards, crop marks, header, scale bar) and
a similar number of shapes and strings per card. Prints both mean times and their ratio; the
target is a ratio of at most 1.5. Both sides get one untimed warm-up run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.lib.utils import simpleSplit  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from generator import fonts  # noqa: E402
from generator.build import BuildOptions, build_game  # noqa: E402
from generator.colours import shade, tint  # noqa: E402
from generator.faces import FaceEvaluator  # noqa: E402
from generator.layout.grid import solve_grid  # noqa: E402
from generator.markup import Bullets, Heading, Note, Para, Table, parse  # noqa: E402
from generator.templating import render  # noqa: E402
from generator.textbox import plain  # noqa: E402
from portolan.model import load_game  # noqa: E402
from portolan.paths import components_dir  # noqa: E402
from portolan.sizes import papers, printer_limits  # noqa: E402

GAME = "exploration-age-of-sail"
TARGET = 1.5

# -- the naive renderer ----------------------------------------------------------------------


class Sheet:
    """A canvas in points with y up; helpers take millimetres from the top-left."""

    def __init__(self, path: Path, page: tuple[float, float]):
        fonts.register()
        self.W, self.H = page
        self.c = Canvas(
            str(path),
            pagesize=(self.W * mm, self.H * mm),
            invariant=1,
            initialFontName="Vera",
            pageCompression=1,
        )

    def X(self, x):
        return x * mm

    def Y(self, y):
        return (self.H - y) * mm

    def rect(self, x, y, w, h, fill=None, stroke=None, r=0.0, width=0.3):
        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * mm)
        args = (x * mm, (self.H - y - h) * mm, w * mm, h * mm)
        if r:
            c.roundRect(*args, r * mm, stroke=1 if stroke else 0, fill=1 if fill else 0)
        else:
            c.rect(*args, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * mm)
        c.circle(cx * mm, self.Y(cy), r * mm, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def line(self, x1, y1, x2, y2, colour="#000000", width=0.25):
        self.c.setStrokeColor(HexColor(colour))
        self.c.setLineWidth(width * mm)
        self.c.line(x1 * mm, self.Y(y1), x2 * mm, self.Y(y2))

    def star(self, cx, cy, r, colour):
        """An icon stand-in: a star, a curved band, a stroke and a ring (our icons: 3-8 shapes)."""
        p = self.c.beginPath()
        for k in range(10):
            rr = r if k % 2 == 0 else r * 0.42
            a = -math.pi / 2 + k * math.pi / 5
            x, y = (cx + rr * math.cos(a)) * mm, self.Y(cy + rr * math.sin(a))
            p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
        p.close()
        self.c.setFillColor(HexColor(colour))
        self.c.drawPath(p, stroke=0, fill=1)
        band = self.c.beginPath()
        band.moveTo((cx - r) * mm, self.Y(cy + r * 0.6))
        band.curveTo(
            (cx - r / 2) * mm,
            self.Y(cy + r),
            (cx + r / 2) * mm,
            self.Y(cy + r * 0.2),
            (cx + r) * mm,
            self.Y(cy + r * 0.6),
        )
        band.curveTo(
            (cx + r / 2) * mm,
            self.Y(cy + r * 0.4),
            (cx - r / 2) * mm,
            self.Y(cy + r * 1.1),
            (cx - r) * mm,
            self.Y(cy + r * 0.7),
        )
        band.close()
        self.c.drawPath(band, stroke=0, fill=1)
        self.line(cx - r, cy + r * 0.8, cx + r, cy + r * 0.8, colour, r * 0.12)
        self.circle(cx, cy, r * 0.2, stroke=colour, width=r * 0.08)

    def text(self, x, y, s, size, face="regular", colour="#000000", anchor="start"):
        c = self.c
        c.setFillColor(HexColor(colour))
        c.setFont(fonts.font_name(face), size)
        if anchor == "middle":
            c.drawCentredString(x * mm, self.Y(y), s)
        elif anchor == "end":
            c.drawRightString(x * mm, self.Y(y), s)
        else:
            c.drawString(x * mm, self.Y(y), s)

    def fit(self, s, face, size, width_mm, low):
        w = fonts.width_mm(s, face, size)
        return size if w <= width_mm else max(low, size * width_mm / w)

    def paragraph(self, text, x, y, w, size, face="regular", colour="#222222", centre=True):
        lines = simpleSplit(text, fonts.font_name(face), size, w * mm)
        step = size * 1.22 * 25.4 / 72
        for ln in lines:
            self.text(
                x + w / 2 if centre else x,
                y,
                ln,
                size,
                face,
                colour,
                "middle" if centre else "start",
            )
            y += step
        return y

    def page_furniture(self, grid, header: str):
        """Crop marks on every cut line, a header and a 50 mm scale bar."""
        unprintable, _ = printer_limits()
        cols, rows = grid.columns, grid.rows
        for x in cols.trim_lines():
            self.line(x, unprintable, x, rows.start - rows.outer_bleed)
            self.line(x, rows.end + rows.outer_bleed, x, self.H - unprintable)
        for y in rows.trim_lines():
            self.line(unprintable, y, cols.start - cols.outer_bleed, y)
            self.line(cols.end + cols.outer_bleed, y, self.W - unprintable, y)
        self.text(12, 6.5, header, 6.2, "bold", "#333333")
        self.text(self.W / 2, 6.5, "fronts", 6.2, "regular", "#333333", "middle")
        self.text(self.W - 12, 6.5, "page", 6.2, "regular", "#333333", "end")
        by = self.H - 6.4
        self.rect(80, by, 50, 1.2, stroke="#000000", width=0.15)
        for k in range(0, 5, 2):
            self.rect(80 + k * 10, by, 10, 1.2, fill="#000000")
        self.text(
            78,
            by + 1,
            "Print at 100 % (no scaling): this bar is 50 mm",
            6,
            "regular",
            "#333333",
            "end",
        )
        self.text(132, by + 1, "duplex: flip on the long edge", 6, "regular", "#333333")

    def clip(self, x, y, w, h):
        self.c.saveState()
        p = self.c.beginPath()
        p.rect(x * mm, (self.H - y - h) * mm, w * mm, h * mm)
        self.c.clipPath(p, stroke=0, fill=0)

    def unclip(self):
        self.c.restoreState()

    def show(self):
        self.c.showPage()

    def save(self):
        self.c.save()


def _front(s: Sheet, x, y, w, h, b, card):
    title, subtitle, colour, chips, text, footer, count = card
    s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
    s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=tint(colour, 0.9))
    s.rect(
        x + 2.4, y + 2.4, w - 4.8, h - 4.8, fill=tint(colour, 0.95), stroke=colour, r=2.2, width=0.5
    )
    s.rect(x + 3, y + 3, w - 6, 11.5, fill=colour, r=1.6)
    s.circle(x + 8.8, y + 8.75, 4.6, fill="#ffffff", stroke=shade(colour, 0.1), width=0.45)
    s.star(x + 8.8, y + 8.75, 2.9, colour)
    size = s.fit(title, "bold", 11, 43, 7)
    s.text(x + 36.6, y + 10.1, title, size, "bold", "#ffffff", "middle")
    if subtitle:
        size = s.fit(subtitle.upper(), "bold", 6.5, w - 10, 4.5)
        s.text(x + w / 2, y + 18.7, subtitle.upper(), size, "bold", shade(colour, 0.15), "middle")
    s.circle(x + w / 2, y + 32, 11.5, fill=tint(colour, 0.72), stroke=colour, width=0.4)
    s.star(x + w / 2, y + 32, 8.3, colour)
    cy = y + 46
    widths = [fonts.width_mm(chip, "bold", 6.6) + 3.2 for chip in chips]
    cx = x + (w - sum(widths) - 1.4 * max(0, len(chips) - 1)) / 2
    for chip, cw in zip(chips, widths, strict=True):
        s.rect(cx, cy, cw, 5.2, fill=colour, r=2.6)
        s.text(cx + cw / 2, cy + 3.6, chip, 6.6, "bold", "#ffffff", "middle")
        cx += cw + 1.4
    ty = cy + 10
    for para in text:
        ty = s.paragraph(plain(para), x + 5, ty, w - 10, 7.2) + 0.8
    s.text(x + 4.6, y + h - 4.3, footer, 5.2, "regular", "#6b6b6b")
    if count > 1:
        s.text(x + w - 4.6, y + h - 4.3, f"×{count}", 5.2, "bold", "#6b6b6b", "end")
    s.unclip()


def _back(s: Sheet, x, y, w, h, b, title, subtitle, colour):
    s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
    s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=colour)
    s.rect(x + 3.5, y + 3.5, w - 7, h - 7, stroke="#ffffff", r=2.5, width=0.6)
    s.rect(x + 5, y + 5, w - 10, h - 10, stroke="#ffffff", r=2, width=0.25)
    s.circle(x + w / 2, y + h * 0.42, 17, fill=shade(colour, 0.25), stroke="#ffffff", width=0.5)
    s.star(x + w / 2, y + h * 0.42, 12, "#ffffff")
    s.text(x + w / 2, y + h * 0.72, title.upper(), 13, "bold", "#ffffff", "middle")
    s.text(x + w / 2, y + h * 0.72 + 6, subtitle, 6.5, "regular", "#ffffff", "middle")
    s.unclip()


def naive_deck(game, component, folder: Path, page, bleed=3.0):
    deck = component.deck
    spec = deck.spec
    w, h = spec.dims
    unprintable, mark = printer_limits()
    grid = solve_grid(*page, w, h, bleed, unprintable, mark)
    evaluator = FaceEvaluator(game, component)
    cards = []
    for card in deck.cards:
        slots = evaluator.slots(card)
        colour = game.colour(slots["colour"] or spec.types[card.type].colour)
        entry = (
            slots["title"],
            slots["subtitle"],
            colour,
            slots["chips"],
            slots["text"],
            spec.name,
            card.count,
        )
        cards += [entry] * card.count
    back_colour = game.colour(spec.back.colour)
    per = grid.per_page
    places = [
        (grid.columns.position(c), grid.rows.position(r))
        for r in range(grid.rows.count)
        for c in range(grid.columns.count)
    ]
    s = Sheet(folder / f"{component.id}.pdf", page)
    for k in range(0, len(cards), per):
        chunk = cards[k : k + per]
        s.page_furniture(grid, game.title)
        for card, (x, y) in zip(chunk, places, strict=False):
            _front(s, x, y, w, h, bleed, card)
        s.show()
        s.page_furniture(grid, game.title)
        for _, (x, y) in zip(chunk, places, strict=False):
            _back(
                s,
                page[0] - x - w,
                y,
                w,
                h,
                bleed,
                spec.back.title,
                spec.back.subtitle or "",
                back_colour,
            )
        s.show()
    s.save()


def naive_board(game, component, folder: Path, page, bleed=3.0):
    spec = component.spec
    w, h = spec.size.width, spec.size.height
    unprintable, mark = printer_limits()
    grid = solve_grid(*page, w, h, bleed, unprintable, mark)
    colour = game.colour(spec.colour)
    places = [
        (grid.columns.position(c), grid.rows.position(r))
        for r in range(grid.rows.count)
        for c in range(grid.columns.count)
    ]
    s = Sheet(folder / f"{spec.id}.pdf", page)
    for k in range(0, spec.count, grid.per_page):
        s.page_furniture(grid, game.title)
        for _, (x, y) in zip(range(k, spec.count), places, strict=False):
            s.clip(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
            s.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, fill=tint(colour, 0.9))
            s.rect(x + 2.4, y + 2.4, w - 4.8, h - 4.8, stroke=colour, r=2.5, width=0.5)
            s.rect(x + 3, y + 3, 72, 10, fill=colour, r=1.6)
            s.star(x + 7.5, y + 8, 3.5, "#ffffff")
            s.text(x + 14, y + 9.5, (spec.title or "").upper(), 11, "bold", "#ffffff")
            for el in spec.elements:
                if hasattr(el, "track"):
                    s.text(x + el.x, y + el.y + 6, el.track, 9, "bold", shade(colour, 0.2))
                    bx = x + el.x + el.label_width
                    for v in range(el.start, el.end.value + 1):
                        s.rect(
                            bx,
                            y + el.y,
                            el.box,
                            el.box,
                            fill="#ffffff",
                            stroke=colour,
                            r=0.8,
                            width=0.35,
                        )
                        s.text(
                            bx + el.box / 2,
                            y + el.y + 6,
                            str(v),
                            10,
                            "bold",
                            shade(colour, 0.3),
                            "middle",
                        )
                        bx += el.box
                elif hasattr(el, "box"):
                    s.rect(
                        x + el.x,
                        y + el.y,
                        el.width,
                        el.height,
                        fill=tint(colour, 0.93),
                        stroke=colour,
                        r=1.5,
                    )
                    s.text(
                        x + el.x + el.width / 2,
                        y + el.y + 5.5,
                        el.box.upper(),
                        8,
                        "bold",
                        colour,
                        "middle",
                    )
                    s.paragraph(
                        el.text or "", x + el.x + 3, y + el.y + el.height - 12, el.width - 6, 6.5
                    )
                else:
                    s.paragraph(el.text, x + el.x, y + el.y, el.width or 100, el.size, centre=False)
            s.unclip()
        s.show()
    s.save()


def _aid_lines(game, component, template):
    out = []
    for b in parse(render(game, component, template, "front")):
        if isinstance(b, Heading | Para | Note):
            out.append(("bold" if isinstance(b, Heading) else "regular", plain(b.text)))
        elif isinstance(b, Bullets):
            out += [("regular", "• " + plain(i)) for i in b.items]
        elif isinstance(b, Table):
            out += [("regular", "  ".join(plain(c) for c in row)) for row in b.rows]
    return out


def naive_aid(game, component, folder: Path, page, bleed=3.0):
    spec = component.spec
    w, h = spec.dims
    unprintable, mark = printer_limits()
    grid = solve_grid(*page, w, h, bleed, unprintable, mark)
    colour = game.colour(spec.colour)
    sides = [_aid_lines(game, component, spec.front)]
    if spec.back:
        sides.append(_aid_lines(game, component, spec.back))
    places = [
        (grid.columns.position(c), grid.rows.position(r))
        for r in range(grid.rows.count)
        for c in range(grid.columns.count)
    ]
    s = Sheet(folder / f"{spec.id}.pdf", page)
    for k in range(0, spec.count, grid.per_page):
        for side, lines in enumerate(sides):
            s.page_furniture(grid, game.title)
            for _, (x, y) in zip(range(k, spec.count), places, strict=False):
                if side:
                    x = page[0] - x - w
                s.clip(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
                s.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, fill=tint(colour, 0.93))
                s.rect(x + 2.4, y + 2.4, w - 4.8, h - 4.8, fill="#ffffff", stroke=colour, r=2)
                s.rect(x + 3, y + 3, w - 6, 7.5, fill=colour, r=1.4)
                s.star(x + 6.8, y + 6.8, 2.8, "#ffffff")
                s.text(x + 11, y + 8, spec.name, 9, "bold", "#ffffff")
                ty = y + 14
                for face, text in lines:
                    ty = s.paragraph(text, x + 4.6, ty, w - 9.2, 5.2, face, centre=False) + 0.4
                s.unclip()
            s.show()
    s.save()


def naive_scorepad(game, component, folder: Path, page):
    spec = component.spec
    colour = game.colour(spec.colour)
    s = Sheet(folder / f"{spec.id}.pdf", page)
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
    s.show()
    s.save()


def naive_reference(game, component, folder: Path, page):
    spec = component.spec
    colour = game.colour(spec.colour)
    s = Sheet(folder / f"{spec.id}.pdf", page)
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
    s.show()
    s.save()


NAIVE = {
    "deck": naive_deck,
    "board": naive_board,
    "aid": naive_aid,
    "scorepad": naive_scorepad,
    "reference": naive_reference,
}


def naive_set(game, folder: Path, paper: str = "a4") -> None:
    size = papers()[paper]
    page = (size.width, size.height)
    for component in game.components:
        NAIVE[component.kind](game, component, folder, page)


# -- the benchmark ---------------------------------------------------------------------------


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _pages(folder: Path) -> dict[str, int]:
    import pypdfium2 as pdfium

    out = {}
    for pdf in sorted(folder.glob("*.pdf")):
        doc = pdfium.PdfDocument(str(pdf))
        out[pdf.stem] = len(doc)
        doc.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=3, help="builds to time (default 3)")
    parser.add_argument("--svg", action="store_true", help="also write the SVGs in the build")
    args = parser.parse_args(argv)
    game = load_game(components_dir(), GAME)
    opts = BuildOptions(formats=("pdf", "svg") if args.svg else ("pdf",))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        counter = iter(range(10**6))

        def build_once():
            target = root / f"build-{next(counter)}"
            target.mkdir()
            build_game(game, target, opts)

        def naive_once():
            target = root / f"naive-{next(counter)}"
            target.mkdir()
            naive_set(game, target)

        build_once()  # warm-up: imports, font registration, template caches
        naive_once()
        built = _pages(root / "build-0")
        drawn = _pages(root / "naive-1")
        # Interleaved, so a change in machine load hits both sides alike.
        build_times, naive_times = [], []
        for _ in range(args.n):
            build_times.append(_timed(build_once))
            naive_times.append(_timed(naive_once))
    build_t, naive_t = statistics.mean(build_times), statistics.mean(naive_times)
    ratio = build_t / naive_t
    best = min(build_times) / min(naive_times)
    print(f"{GAME}, {args.n} runs each, formats: {','.join(opts.formats)}")
    print("pages (build / naive): " + ", ".join(f"{k} {built[k]}/{drawn.get(k, 0)}" for k in built))
    print(f"build_game     {build_t * 1000:8.1f} ms per set (min {min(build_times) * 1000:.1f})")
    print(f"naive canvas   {naive_t * 1000:8.1f} ms per set (min {min(naive_times) * 1000:.1f})")
    verdict = "ok" if ratio <= TARGET else f"above the {TARGET} target"
    print(f"ratio          {ratio:8.2f}  ({verdict}; of the fastest runs: {best:.2f})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
