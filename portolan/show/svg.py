"""The drawing every game's picture shares: an svgwrite drawing in millimetres, the players'
colours, pieces as groups with stable ids, and the lines of the text alternative.

Every piece is one ``<g>`` whose ``id`` names it (``ship-Ana-a3-merchant-1``) and whose
``data-space`` names where it stands, so a test (or a person reading the source) finds it. Numbers
are written with two decimals at most and nothing depends on the clock or a dict's hash order, so
the same position gives the same bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import svgwrite

from portolan.errors import InputError, Problem, display_path
from portolan.model.loader import Game

FONT = "Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif"
INK = "#1b1b1b"
PAPER = "#f6efdf"
# Seat colours for the games whose players have none of their own: dark enough for a white
# initial, and told apart by the initial as well as the colour.
SEAT_COLOURS = ("#b8322a", "#2f5ea8", "#2e7d3a", "#8a5a00", "#6b3fa0", "#3b3b3b")
# The polygons of the pieces drawn as outlines: points in half-sizes from the piece's centre.
OUTLINES = {
    "ship": (
        ((-1, -0.15), (1, -0.15), (0.65, 0.8), (-0.65, 0.8)),  # the hull
        ((-0.1, -0.15), (-0.1, -1), (0.6, -0.25)),  # the sail
    ),
    "marker": (((0, -1.1), (1, 0.8), (-1, 0.8)),),
}


def printed(model: Game, ident: str, kind: type, has: str | None = None):
    """The spec of the printed component ``ident`` the picture is drawn on; an input error if
    the game's folder has none of that kind (a folder of one's own may leave it out)."""
    spec = next((c.spec for c in model.components if c.id == ident), None)
    if not isinstance(spec, kind) or (has is not None and not getattr(spec, has)):
        shape = kind.__name__.removesuffix("Spec").lower() + (f" with {has}" if has else "")
        raise InputError(
            Problem(
                f"{model.title} cannot be drawn: no printed '{ident}' ({shape}) in its components",
                file=display_path(model.dir / "game.yaml"),
                field="components",
                hint=f"list the printed {ident} under components, as the installed game does",
            )
        )
    return spec


def num(x: float) -> str:
    """A coordinate as written: at most two decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def slug(name: str) -> str:
    """A name as it may stand in an element id: letters (accented too), digits, - and _."""
    return re.sub(r"[^\w-]", "_", name) or "_"


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and the word, plural unless n is 1: "1 coin", "3 coins"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (#rrggbb)."""
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else "#ffffff"


@dataclass
class Seat:
    name: str
    colour: str
    initial: str


@dataclass
class Picture:
    """One picture being drawn: ``width`` x ``height`` mm, its title and its text lines."""

    width: float
    height: float
    title: str
    seats: dict[str, Seat] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._text: str | None = None
        self.d = svgwrite.Drawing(
            size=(f"{num(self.width)}mm", f"{num(self.height)}mm"),
            viewBox=f"0 0 {num(self.width)} {num(self.height)}",
            profile="full",
            debug=False,
        )
        self.d.attribs["font-family"] = FONT
        self.d.attribs["role"] = "img"
        self.d.add(self.d.rect((0, 0), (num(self.width), num(self.height)), fill=PAPER))

    # -- seats -------------------------------------------------------------------------------

    def add_seats(self, players: list[str], colours: list[str] | None = None) -> None:
        """The players in seat order, each with a colour (given, or one of SEAT_COLOURS) and an
        initial that tells pieces apart without colour (two letters when two names share one)."""
        firsts = [p[:1].upper() for p in players]
        for k, p in enumerate(players):
            initial = firsts[k] if firsts.count(firsts[k]) == 1 else p[:2].title()
            colour = colours[k] if colours else SEAT_COLOURS[k % len(SEAT_COLOURS)]
            self.seats[p] = Seat(p, colour, initial or "?")

    def colour(self, player: str) -> str:
        return self.seats[player].colour

    # -- plain drawing -----------------------------------------------------------------------

    def rect(self, x, y, w, h, fill="none", stroke=INK, width=0.3, radius=0.0, parent=None, **kw):
        r = self.d.rect(
            (num(x), num(y)),
            (num(w), num(h)),
            fill=fill,
            stroke=stroke,
            stroke_width=num(width),
            **({"rx": num(radius)} if radius else {}),
            **kw,
        )
        (parent or self.d).add(r)
        return r

    def line(self, x1, y1, x2, y2, stroke=INK, width=0.3, dash: str | None = None):
        extra = {"stroke_dasharray": dash} if dash else {}
        self.d.add(
            self.d.line(
                (num(x1), num(y1)),
                (num(x2), num(y2)),
                stroke=stroke,
                stroke_width=num(width),
                **extra,
            )
        )

    def text(self, x, y, words: str, size=3.0, fill=INK, anchor="start", bold=False, parent=None):
        """Text with its baseline at y; ``size`` in mm."""
        t = self.d.text(
            words,
            insert=(num(x), num(y)),
            font_size=num(size),
            fill=fill,
            text_anchor=anchor,
            **({"font_weight": "bold"} if bold else {}),
        )
        (parent or self.d).add(t)
        return t

    def fitted(self, x, y, words: str, width: float, size=3.0, **kw):
        """Text shortened with '…' so it stays within ``width`` mm (Vera is about 0.6 em)."""
        room = max(1, int(width / (size * 0.6)))
        shown = words if len(words) <= room else words[: max(1, room - 1)] + "…"
        return self.text(x, y, shown, size, **kw)

    # -- pieces ------------------------------------------------------------------------------

    def group(self, ident: str, kind: str, space: str, player: str | None = None, title=None):
        """A piece's ``<g>`` (not yet added): its id, class ``piece KIND``, ``data-space``, the
        owner's ``data-player`` and a title, when given."""
        g = self.d.g(id=ident, class_=f"piece {kind}")
        g.attribs["data-space"] = space
        if player:
            g.attribs["data-player"] = player
        if title is not None:
            g.set_desc(title=title)
        return g

    def piece(self, shape: str, ident: str, space: str, player: str | None, x, y, size, label=""):
        """One piece centred at (x, y): ``shape`` ship, cube, disc, marker or chit; its id and
        data-space as given; the owner's colour and initial (a neutral piece: ``player`` None,
        ``label`` printed on it)."""
        colour = self.colour(player) if player else "#e9dcc0"
        owner = f"{player}'s " if player else ""
        g = self.group(ident, shape, space, player, f"{owner}{shape} at {space}")
        h = size / 2
        if shape == "cube":
            corner, side = (num(x - h), num(y - h)), (num(size), num(size))
            g.add(self.d.rect(corner, side, fill=colour, stroke=INK, stroke_width="0.25"))
        elif shape in OUTLINES:
            for outline in OUTLINES[shape]:
                g.add(self._poly([(x + h * dx, y + h * dy) for dx, dy in outline], colour))
        else:  # disc, chit
            centre = (num(x), num(y))
            g.add(self.d.circle(centre, num(h), fill=colour, stroke=INK, stroke_width="0.25"))
        mark = self.seats[player].initial if player else label
        if mark:
            if shape == "ship":  # on the hull
                ty, font = y + h * 0.62, size * 0.44
            else:
                ty, font = y + size * 0.28, size * 0.62
            self.text(x, ty, mark, font, ink_on(colour), "middle", True, parent=g)
        self.d.add(g)
        return g

    def _poly(self, pts, colour):
        return self.d.polygon(
            [(num(a), num(b)) for a, b in pts], fill=colour, stroke=INK, stroke_width="0.25"
        )

    # -- the text alternative and the legend ----------------------------------------------

    def say(self, line: str) -> None:
        self.lines.append(line)

    def legend(self, x: float, y: float, notes: dict[str, str] | None = None) -> None:
        """The players in seat order: colour, initial, name (and a note each, e.g. VP)."""
        for k, seat in enumerate(self.seats.values()):
            cx = x + k * 46
            self.rect(cx, y - 3.2, 4.2, 4.2, fill=seat.colour, width=0.2)
            self.text(cx + 2.1, y, seat.initial, 2.8, ink_on(seat.colour), "middle", True)
            note = f" · {notes[seat.name]}" if notes and seat.name in notes else ""
            self.fitted(cx + 5.4, y, seat.name + note, 40, 3.2)

    def seat_lines(self, top: float, notes: dict[str, str], lines: list[str]) -> None:
        """The legend at ``top`` (with a note for each player), then ``lines``, a line of words
        a player, under it."""
        self.legend(6, top, notes)
        for k, line in enumerate(lines):
            self.fitted(6, top + 7 + 7 * k, line, self.width - 12, 3.2)
            self.say(line)

    def svg(self) -> str:
        """The picture as SVG text, its title and the text alternative first (made once: the
        drawing is finished when it is first asked for)."""
        if self._text is None:
            self.d.set_desc(title=self.title, desc="\n".join(self.lines))
            self._text = self.d.tostring() + "\n"
        return self._text


def spread(
    x: float, y: float, w: float, h: float, n: int, size: float
) -> list[tuple[float, float]]:
    """Centres of ``n`` pieces of ``size`` mm laid in rows inside the box (x, y, w, h); they
    overlap when the box is too small, and never leave it."""
    if n <= 0:
        return []
    per_row = max(1, int(w // (size * 1.15)))
    rows = -(-n // per_row)
    step_x = min(size * 1.15, (w - size) / max(1, min(n, per_row) - 1)) if n > 1 else 0
    step_y = min(size * 1.15, (h - size) / max(1, rows - 1)) if rows > 1 else 0
    used_w = step_x * (min(n, per_row) - 1) + size
    x0 = x + (w - used_w) / 2 + size / 2
    y0 = y + (h - (step_y * (rows - 1) + size)) / 2 + size / 2
    return [(x0 + (k % per_row) * step_x, y0 + (k // per_row) * step_y) for k in range(n)]
