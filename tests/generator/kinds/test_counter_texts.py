"""Counter texts stay inside their printed frame: Ships' yellow pieces, whose colour's name is the
longest of the four at the 6 pt floor (9.8 mm), are read from the drawings themselves.

A ship counter is 20 x 12 mm with its icon at the left. A city disc is 10 mm across (it fits
the VP track's boxes) and carries its colour's initial under its colour's shape; the ring's
give-way for a long word is tried on a 12 mm disc named in full.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from portolan.generator.build import BuildOptions
from portolan.generator.draw import Circle, Group, Text
from portolan.generator.fonts import width_mm
from portolan.generator.kinds.counters import BEARINGS, CLEAR, counter_face, render_counters
from portolan.model import load_game
from portolan.paths import components_dir

OPTS = BuildOptions(formats=("pdf",))


@pytest.fixture(scope="module")
def ships():
    return load_game(components_dir(), "ships")


def face_of(game, name: str, **update):
    component = game.component("player-pieces")
    i, counter = next((i, c) for i, c in enumerate(component.spec.counters) if c.name == name)
    counter = _named_in_full(counter, **update) if update else counter
    return counter, counter_face(game, component, counter, counter.front, i, "front", 0, OPTS.theme)


def _named_in_full(counter, size: float, text: str):
    front = counter.front.model_copy(update={"text": text})
    return counter.model_copy(update={"size": size, "front": front, "back": front})


def extent(t: Text) -> tuple[float, float]:
    half = (width_mm(t.text, t.face, t.size) - BEARINGS) / 2
    return t.x - half, t.x + half


@pytest.mark.parametrize("sheet", ["player-pieces", "pool"])
def test_no_ships_counter_text_crosses_its_frame(ships, sheet):
    over = []
    render_counters(ships, ships.component(sheet), 3.0, OPTS.theme, OPTS, [], over)
    assert [(o.where, o.text) for o in over] == []


@pytest.mark.parametrize("era", ["galley", "sailing ship", "steamship"])
def test_a_long_colour_name_on_a_ship_counter_clears_its_icon_and_frame(ships, era):
    """The icon gives way to YELLOW (it would reach 0.55 mm into the icon and past the frame);
    RED keeps the full-size icon. The colour's shape in the top right corner stays above the
    text's capitals."""
    counter, d = face_of(ships, f"Yellow {era}")
    icon, mark = sorted((g for g in d.items if isinstance(g, Group)), key=lambda g: -g.scale)
    (text,) = [t for t in d.items if isinstance(t, Text)]
    left, right = extent(text)
    frame = counter.size - counter.face_height * 0.08  # the frame is inset 8 % of the height
    assert left >= icon.dx + icon.scale and right <= frame
    assert icon.scale >= counter.face_height * 0.5
    cap_top = text.y - text.size * 25.4 / 72 * 0.73
    assert mark.dy + mark.scale + CLEAR <= cap_top + 1e-9
    assert mark.dx + mark.scale <= frame
    _, red = face_of(ships, f"Red {era}")
    red_icon = max((g for g in red.items if isinstance(g, Group)), key=lambda g: g.scale)
    assert red_icon.scale == pytest.approx(counter.face_height * 0.74)
    assert icon.scale < red_icon.scale


def test_a_long_colour_name_on_a_city_disc_keeps_clear_of_its_ring(ships):
    counter, d = face_of(ships, "Yellow city disc", size=12, text="YELLOW")
    r = counter.size / 2
    ring = next(c for c in d.items if isinstance(c, Circle) and c.stroke and c.r < r)
    (text,) = [t for t in d.items if isinstance(t, Text)]
    left, right = extent(text)
    cap_top = text.y - text.size * 25.4 / 72 * 0.73
    far = max(abs(text.y - r), abs(cap_top - r))  # the line's farthest point from the centre
    chord = math.sqrt(ring.r**2 - far**2)
    assert r - left <= chord - CLEAR + 1e-9 and right - r <= chord - CLEAR + 1e-9
    # the other colours' discs keep the designed ring
    _, red = face_of(ships, "Red city disc", size=12, text="RED")
    red_ring = next(c for c in red.items if isinstance(c, Circle) and c.stroke and c.r < r)
    assert red_ring.r == pytest.approx(r * 0.84) and ring.r <= r * 0.9


def test_a_disc_too_small_for_its_name_is_reported(ships):
    component = ships.component("player-pieces")
    counters = [
        _named_in_full(c, size=10, text="YELLOW") if c.name == "Yellow city disc" else c
        for c in component.spec.counters
    ]
    small = replace(component, spec=component.spec.model_copy(update={"counters": counters}))
    over = []
    render_counters(ships, small, 3.0, OPTS.theme, OPTS, [], over)
    assert [(o.where, o.text) for o in over] == [
        ("player-pieces: counter 'Yellow city disc'", "YELLOW"),
        ("player-pieces: counter 'Yellow city disc' (back)", "YELLOW"),
    ]


def test_age_of_exploration_square_counter_texts_keep_clear_of_their_frame(a4, open_pdf):
    """Read back from the counter sheet: every letter on a square counter keeps 0.15 mm of air
    inside its printed frame's line (the glyph's own box, from pdfium). CANNONS, SOLDIERS and
    STRENGTH touched or crossed it (by up to 0.03 mm) before their frames moved out to
    ``FRAME_OUT``."""
    import pypdfium2 as pdfium

    from tests.contrast import _chars
    from tests.helpers import MM

    path = a4.pdf("counters", "age-of-exploration")
    doc = pdfium.PdfDocument(str(path))
    near, seen = [], 0
    try:
        for index, page in enumerate(open_pdf(path).pages):
            frames = [r for r in page.rects if r["stroke"] and 5 * MM < r["width"] < 20 * MM]
            for text, _, (left, right, bottom, top), _ in _chars(doc[index]):
                x, y = (left + right) / 2, page.height - (bottom + top) / 2
                around = [f for f in frames if f["x0"] < x < f["x1"] and f["top"] < y < f["bottom"]]
                if not around:
                    continue
                frame = min(around, key=lambda f: f["width"])  # inside the cut outline
                half = frame["linewidth"] / 2
                air = min(left - frame["x0"] - half, frame["x1"] - half - right) / MM
                seen += 1
                if air < 0.15:
                    near.append((index + 1, text, round(air, 3)))
    finally:
        doc.close()
    assert seen > 1500
    assert not near, near[:12]
