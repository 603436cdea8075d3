"""The registration test: one sheet printed on both sides to measure how far a printer puts the
backs from where they belong, and the numbers to pass to ``--back-offset``.

Both sides carry a cross through the page's centre, long enough to cross the other side's
rulers (and broken where its own rulers are), and small crosses near the corners. The back's
rulers sit just off its cross: held to the light with the back facing the reader, the front's
lines show through and cross the back's rulers at the offset to correct, already in the sign
``--back-offset`` wants (X to the right, Y down, as seen on the backs page). The front's own
rulers sit further out, where the back's rulers cannot fall under either flip, so the two
never overlap.

The backs page is shifted by the build's ``--back-offset`` like every other backs page: after
a correction the test printed again should read 0, 0.
"""

from __future__ import annotations

from portolan.generator.draw import Drawing, Line, Rect, Text
from portolan.generator.fonts import centred_text
from portolan.generator.layout.sheet import SheetOptions, assemble
from portolan.generator.legibility import BODY, LABEL
from portolan.generator.textbox import set_paragraphs

INK = "#000000"
ARM = 70.0  # half the length of the central cross's lines
RULER = 10.0  # each ruler reads -10 .. +10 mm
BACK_AT = 22.0  # from the centre to the back's rulers
FRONT_AT = 40.0  # from the centre to the front's rulers
NOTE_BELOW = 6.0  # from the back's X ruler to the baseline of the note under it
CORNER = 18.0  # from the page's edge to the corner crosses


def _ruler(cx: float, cy: float, across: bool, label: str) -> list:
    """Ticks every 0.5 mm from -10 to +10 about (cx, cy), numbered every 5 mm: along x with
    ticks hanging down when ``across``, else along y with ticks to the right."""
    items: list = []
    for k in range(-20, 21):
        v = k / 2
        length = 4.0 if k % 10 == 0 else 2.6 if k % 2 == 0 else 1.6
        width = 0.18 if k % 2 == 0 else 0.1
        if across:
            items.append(Line(cx + v, cy, cx + v, cy + length, INK, width))
        else:
            items.append(Line(cx, cy + v, cx + length, cy + v, INK, width))
        if k % 10 == 0:
            text = f"{v:+.0f}" if v else "0"
            if across:
                items.append(Text(cx + v, cy + 4.0 + 2.6, text, LABEL, "regular", INK, "middle"))
            else:
                items.append(centred_text(cx + 5.0, cy + v, text, LABEL, "regular", INK, "start"))
    if across:
        items.append(Line(cx - RULER, cy, cx + RULER, cy, INK, 0.18))
        items.append(Text(cx - RULER - 1.5, cy + 2.6, label, LABEL + 1, "bold", INK, "end"))
    else:
        items.append(Line(cx, cy - RULER, cx, cy + RULER, INK, 0.18))
        items.append(Text(cx + 1.0, cy - RULER - 2.0, label, LABEL + 1, "bold", INK))
    return items


def _cross(
    cx: float,
    cy: float,
    arm: float,
    width: float,
    gap_at: float | None = None,
    gap_down: float = 8.0,
) -> list:
    """A cross; with ``gap_at``, its right and lower arms broken where this side's own rulers
    are, so that only the other side's lines cross them (the lower arm for ``gap_down`` below
    its ruler: on the back, past the note under the ruler too)."""
    if gap_at is None:
        return [
            Line(cx - arm, cy, cx + arm, cy, INK, width),
            Line(cx, cy - arm, cx, cy + arm, INK, width),
        ]
    lo, hi = gap_at - 1.5, gap_at + 8.0
    return [
        Line(cx - arm, cy, cx + lo, cy, INK, width),
        Line(cx + hi, cy, cx + arm, cy, INK, width),
        Line(cx, cy - arm, cx, cy + lo, INK, width),
        Line(cx, cy + gap_at + gap_down, cx, cy + arm, INK, width),
    ]


def steps(opts: SheetOptions) -> list[str]:
    dx, dy = opts.back_offset
    flip = {
        "long": "double-sided, flipping on the long edge",
        "short": "double-sided, flipping on the short edge",
        "none": "the front, then the back on the same sheet fed back in",
    }.get(opts.duplex, "double-sided")
    return [
        f"**1. Print** this sheet {flip}, at 100 %, on the paper you will use for the cards.",
        "**2. Hold it to the light** (a window, a lamp) with the side that says **BACK** "
        "towards you. The front's long lines show through.",
        "**3. Read X** on the back's ruler across: where the front's upright line crosses it "
        "(right of 0 is +). **Read Y** on the back's ruler down: where the front's level line "
        "crosses it (below 0 is +). Half a tick is 0.25 mm.",
        f"**4. Rebuild** with **--back-offset X,Y**. This sheet was built with --back-offset "
        f"{dx:g},{dy:g}: add your reading to those numbers. Printed again, the test reads 0, 0.",
        "**5. The corner crosses** should show through their twins on the other side too; if "
        "the centre agrees but the corners do not, the sheet went through skewed: feed it "
        "straighter rather than change the offset.",
    ]


def registration_pages(opts: SheetOptions, game: str) -> list[Drawing]:
    """The test's pages, ordered and shifted for ``opts`` like any backs pages."""
    W, H = opts.paper
    cx, cy = W / 2, H / 2
    sides = []
    for side in ("front", "back"):
        page = Drawing(W, H, id=f"registration-{side}")
        at = BACK_AT if side == "back" else FRONT_AT
        down = RULER + NOTE_BELOW + 2.5 if side == "back" else 8.0  # the back's note: no line
        page.add(*_cross(cx, cy, ARM, 0.2, at, down))
        for x in (CORNER, W - CORNER):
            for y in (CORNER + 6, H - CORNER - 6):
                page.add(*_cross(x, y, 4.0, 0.2))
        page.add(*_ruler(cx, cy + at, True, "X" if side == "back" else "front"))
        page.add(*_ruler(cx + at, cy, False, "Y" if side == "back" else "front"))
        word = side.upper()
        page.add(Text(cx - 8, cy - 8, word, 14, "bold", INK, "end"))
        top = CORNER + 16
        if side == "front":
            block = set_paragraphs(
                steps(opts),
                CORNER,
                top,
                W - 2 * CORNER,
                cy - ARM - top - 6,
                max_size=9,
                min_size=BODY,
                gap=0.6,
            )
            page.add(*block.items)
        else:
            page.add(
                Text(
                    cx,
                    cy + BACK_AT + RULER + NOTE_BELOW,
                    "read X here: where the front's upright line crosses",
                    LABEL + 0.5,
                    "regular",
                    INK,
                    "middle",
                )
            )
        page.add(Rect(cx - 0.6, cy - 0.6, 1.2, 1.2, fill=INK))
        edge = opts.margin + 8
        page.frame = ((edge, edge, W - edge, H - edge), [])
        sides.append(page)
    front, back = sides
    return assemble([front], [back], opts, (game, "Registration test"), "")
