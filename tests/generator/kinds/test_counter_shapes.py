"""Counter shapes as printed: cut outlines at their sizes, standees with their fold lines.

Sizes are read back from Discovery: The Era of Voyage's sheets with pdfplumber, to 0.1 mm.
"""

from __future__ import annotations

from collections import Counter as Tally

import pdfplumber
import pytest
from pydantic import ValidationError

from generator.build import BuildOptions, build_game
from generator.draw import Group
from generator.kinds.counters import fold_lines, standee
from generator.theme import Theme
from portolan.model import load_game
from portolan.model.counters import Counter
from portolan.paths import components_dir

MM = 25.4 / 72
CUT = (0.2, 0.2, 0.2)  # '#333333'


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("counters")
    game = load_game(components_dir(), "discovery-era-of-voyage")
    game.components = [game.component("tokens"), game.component("player-pieces")]
    build_game(game, out, BuildOptions(formats=("pdf",)))
    return out, game


def _cut_outlines(page) -> Tally:
    """Width x height (mm, to 0.1) of every cut outline on the page."""
    shapes = [
        *[o for o in page.curves if o["stroke"]],
        *[o for o in page.rects if o["stroke"]],
    ]
    out: Tally = Tally()
    for o in shapes:
        if tuple(round(v, 2) for v in o["stroking_color"] or ()) != CUT:
            continue
        if abs(o["linewidth"] * MM - 0.2) > 0.01:
            continue
        out[(round((o["x1"] - o["x0"]) * MM, 1), round((o["bottom"] - o["top"]) * MM, 1))] += 1
    return out


def test_token_outlines_have_their_sizes(sheets):
    out, game = sheets
    expected: Tally = Tally()
    for c in game.component("tokens").spec.counters:
        w, h = c.outline
        expected[(round(w, 1), round(h, 1))] += c.count.value
    with pdfplumber.open(out / "tokens.pdf") as pdf:
        got = _cut_outlines(pdf.pages[0])
    assert got == expected == {(20.0, 20.0): 20, (15.0, 15.0): 50, (14.0, 14.0): 35}


def test_markers_and_standees_have_their_sizes(sheets):
    out, game = sheets
    with pdfplumber.open(out / "player-pieces.pdf") as pdf:
        page = pdf.pages[0]
        got = _cut_outlines(page)
        folds = [
            (ln["x0"] * MM, ln["top"] * MM, (ln["x1"] - ln["x0"]) * MM)
            for ln in page.lines
            if ln["dash"][0] and ln["top"] == ln["bottom"]
        ]
        standees = [
            o for o in page.curves if o["stroke"] and abs((o["x1"] - o["x0"]) * MM - 26) < 0.1
        ]
    assert got == {(15.0, 15.0): 32, (26.0, 74.0): 4}  # 32 markers; 4 ships 26 x (32+10+32)
    ship = next(c for c in game.component("player-pieces").spec.counters if c.shape == "standee")
    assert fold_lines(ship) == [32.0, 42.0]
    assert len(standees) == 4
    for s in standees:
        x, top = s["x0"] * MM, s["top"] * MM
        mine = sorted(round(y - top, 1) for fx, y, w in folds if abs(fx - x) < 0.1)
        assert mine == [32.0, 42.0]  # fold lines across the piece, at the base strip's edges
        assert all(abs(w - 26) < 0.1 for fx, y, w in folds if abs(fx - x) < 0.1)


def test_standee_backs_are_turned_and_the_ship_mirrored(sheets):
    out, game = sheets
    with pdfplumber.open(out / "player-pieces.pdf") as pdf:
        chars = pdf.pages[0].chars
    turned = [ch for ch in chars if ch["matrix"][0] < 0 and ch["matrix"][3] < 0]
    assert "".join(ch["text"] for ch in turned) == "REDBLUEBLACKGREEN"
    # in the drawing: the back half is turned 180° and holds the mirrored ship
    component = game.component("player-pieces")
    piece = standee(game, component, component.spec.counters[0], 0, 2.0, Theme())
    (back,) = [g for g in piece.items if isinstance(g, Group) and g.rotate == 180]
    flipped = [g for g in back.items if isinstance(g, Group) and g.flip]
    assert len(flipped) == 1
    assert (back.dx, back.dy) == (26, 74)  # turned about the piece's bottom right corner


def _counter(**kw):
    base = {"name": "x", "count": 1, "size": 20, "colour": "red", "front": {"text": "A"}}
    return Counter.model_validate({**base, **kw})


def test_counter_shapes_are_checked():
    assert _counter(shape="square", height=30).outline == (20, 30)
    assert _counter(shape="standee", height=30, base=8, back={"text": "B"}).outline == (20, 68)
    assert fold_lines(_counter(shape="standee", back={"text": "B"})) == [20]
    with pytest.raises(ValidationError, match="no height"):
        _counter(shape="circle", height=30)
    with pytest.raises(ValidationError, match="only a standee has a base"):
        _counter(shape="square", base=5)
    with pytest.raises(ValidationError, match="needs a back"):
        _counter(shape="standee")
