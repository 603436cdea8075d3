"""Counter shapes as printed: cut outlines at their sizes, standees with their fold lines.

Sizes are read back from Discovery: The Era of Voyage's sheets with pdfplumber, to 0.1 mm.
"""

from __future__ import annotations

from collections import Counter as Tally

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pydantic import ValidationError

from portolan.generator.build import BuildOptions, build_game
from portolan.generator.colours import contrast
from portolan.generator.kinds.counters import cut_ink, fold_lines
from portolan.model import load_game
from portolan.model.counters import Counter
from portolan.paths import components_dir

MM = 25.4 / 72


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("counters")
    game = load_game(components_dir(), "discovery-era-of-voyage")
    game.components = [game.component("tokens"), game.component("player-pieces")]
    build_game(game, out, BuildOptions(formats=("pdf",)))
    return out, game


def _rgb(colour: str) -> tuple:
    return tuple(round(int(colour[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))


def _cut_inks() -> set:
    """The colours a cut outline may have: #333333, lightened on a dark counter."""
    game = load_game(components_dir(), "discovery-era-of-voyage")
    return {_rgb(cut_ink(game.colour(name))) for name in game.spec.palette}


def _cut_outlines(page) -> Tally:
    """Width x height (mm, to 0.1) of every cut outline on the page."""
    shapes = [
        *[o for o in page.curves if o["stroke"]],
        *[o for o in page.rects if o["stroke"]],
    ]
    inks = _cut_inks()
    out: Tally = Tally()
    for o in shapes:
        if tuple(round(v, 2) for v in o["stroking_color"] or ()) not in inks:
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


def _outline_contrasts(page, sizes: set) -> list[tuple[float, tuple]]:
    """(contrast, size) of every counter's cut outline against the art it lies on: outlines
    found by their width and size alone (not their colour), the art as the smallest filled
    shape round the outline."""
    shapes = page.curves + page.rects
    filled = [o for o in shapes if o["fill"]]
    out = []
    for o in shapes:
        size = (round((o["x1"] - o["x0"]) * MM, 1), round((o["bottom"] - o["top"]) * MM, 1))
        if not o["stroke"] or o["fill"] or size not in sizes:
            continue
        if abs(o["linewidth"] * MM - 0.2) > 0.01:
            continue
        around = [
            f
            for f in filled
            if f["x0"] < o["x0"] - 1
            and f["x1"] > o["x1"] + 1
            and f["top"] < o["top"] - 1
            and f["bottom"] > o["bottom"] + 1
        ]
        art = min(around, key=lambda f: (f["x1"] - f["x0"]) * (f["bottom"] - f["top"]))
        hexed = [
            "#" + "".join(f"{round(v * 255):02x}" for v in c[:3])
            for c in (o["stroking_color"], art["non_stroking_color"])
        ]
        out.append((contrast(*hexed), size))
    return out


def test_cut_outlines_show_on_every_colour(sheets):
    """A dark grey line on a black or navy counter cannot be seen to cut along (1.2:1 on
    Discovery's black markers): every outline keeps 3:1, WCAG's ratio for graphics."""
    out, _ = sheets
    sizes = {(20.0, 20.0), (15.0, 15.0), (14.0, 14.0), (26.0, 74.0)}
    for name, count in (("tokens.pdf", 105), ("player-pieces.pdf", 36)):
        with pdfplumber.open(out / name) as pdf:
            got = _outline_contrasts(pdf.pages[0], sizes)
        assert len(got) == count
        weak = [(round(c, 2), size) for c, size in got if c < 3.0]
        assert not weak, (name, weak)


DPI = 300


def _standee_halves(out, index: int):
    """The upper and lower face of the standee ``index`` as printed: two grey images of the
    same size (the lower one as it lies on the sheet), the page's characters in mm and the
    standee's box."""
    with pdfplumber.open(out / "player-pieces.pdf") as pdf:
        page = pdf.pages[0]
        boxes = sorted(
            (o["x0"] * MM, o["top"] * MM)
            for o in page.curves
            if o["stroke"] and abs((o["x1"] - o["x0"]) * MM - 26) < 0.1
        )
        chars = [
            (c["text"], c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM, c["matrix"])
            for c in page.chars
        ]
    doc = pdfium.PdfDocument(str(out / "player-pieces.pdf"))
    try:
        image = doc[0].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        doc.close()
    x, y = boxes[index]
    px = lambda v: round(v * DPI / 25.4)  # noqa: E731
    upper = image.crop((px(x + 1), px(y + 1), px(x + 25), px(y + 31)))
    lower = image.crop((px(x + 1), px(y + 74 - 31), px(x + 25), px(y + 74 - 1)))
    return upper, lower, chars, (x, y)


def _difference(a, b, mask) -> float:
    """The share of unmasked pixels that differ by more than a quarter of the grey range."""
    pa, pb, pm = a.load(), b.load(), mask.load()
    differ = total = 0
    for i in range(a.size[0]):
        for j in range(a.size[1]):
            if pm[i, j]:
                continue
            total += 1
            differ += abs(pa[i, j] - pb[i, j]) > 64
    return differ / total


@pytest.mark.parametrize("index", range(4))
def test_standee_lower_half_is_the_mirror_image_across_the_fold(sheets, index):
    """Read back from the printed sheet: below the fold, each ship standee shows its upper
    face reflected across the fold (so folded, both sides show the bow pointing the same way);
    its lettering is turned 180°, not mirrored, in the reflected place, so it reads from that
    side."""
    from PIL import Image, ImageDraw, ImageOps

    out, _ = sheets
    upper, lower, chars, (x, y) = _standee_halves(out, index)
    mirrored = ImageOps.flip(lower)  # reflected across the fold: top to bottom
    turned = lower.rotate(180)  # the old layout: turned, which points the bow the other way
    mask = Image.new("1", upper.size, 0)
    draw = ImageDraw.Draw(mask)
    inside = [c for c in chars if x <= c[1] and c[3] <= x + 26 and y <= c[2] and c[4] <= y + 74]
    top_text = [c for c in inside if c[4] <= y + 32]
    low_text = [c for c in inside if c[2] >= y + 42]
    assert top_text and low_text
    k = DPI / 25.4
    for _, x0, top, x1, bottom, _ in top_text:  # the lettering's place is masked in both
        draw.rectangle(
            ((x0 - x - 1.6) * k, (top - y - 1.6) * k, (x1 - x - 0.4) * k, (bottom - y - 0.4) * k),
            fill=1,
        )
    assert _difference(upper, mirrored, mask) < 0.01
    assert _difference(upper, turned, mask) > 0.05  # the check tells the two apart
    # the lettering: the same word, upright above, turned (not mirrored) below, in the mirror
    # place of the upper word
    word_top = "".join(c[0] for c in sorted(top_text, key=lambda c: c[1]))
    word_low = "".join(c[0] for c in sorted(low_text, key=lambda c: -c[1]))
    assert word_top == word_low
    for c in top_text:
        a, b = c[5][:2]
        assert a > 0 and abs(b) < 1e-6
    for c in low_text:
        a, b, _, d = c[5][:4]
        assert a < 0 and d < 0 and abs(b) < 1e-6  # turned 180°: determinant kept, not mirrored
    span = lambda cs: (min(c[1] for c in cs), max(c[3] for c in cs))  # noqa: E731
    assert span(top_text) == pytest.approx(span(low_text), abs=0.15)
    # its height band reflected across the middle of the base strip (y + 37)
    top_band = (min(c[2] for c in top_text), max(c[4] for c in top_text))
    low_band = (min(c[2] for c in low_text), max(c[4] for c in low_text))
    assert top_band[0] + low_band[1] == pytest.approx(2 * (y + 37), abs=0.6)


def test_a_standee_back_may_not_be_mirrored_again():
    with pytest.raises(ValidationError, match="remove 'mirror'"):
        _counter(shape="standee", back={"text": "B", "icon": "ship-side", "mirror": True})
    # its back defaults to the front
    assert _counter(shape="standee").back is None


def _counter(**kw):
    base = {"name": "x", "count": 1, "size": 20, "colour": "red", "front": {"text": "A"}}
    return Counter.model_validate({**base, **kw})


def test_counter_shapes_are_checked():
    assert _counter(shape="square", height=30).outline == (20, 30)
    assert _counter(shape="standee", height=30, base=8, back={"text": "B"}).outline == (20, 68)
    assert fold_lines(_counter(shape="standee")) == [20]
    with pytest.raises(ValidationError, match="no height"):
        _counter(shape="circle", height=30)
    with pytest.raises(ValidationError, match="only a standee has a base"):
        _counter(shape="square", base=5)
