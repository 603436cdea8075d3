"""The card face's rows of boxes, colour marks and filled badges (generator/kinds/cardface.py)."""

from __future__ import annotations

from portolan.generator.colours import contrast, tint
from portolan.generator.draw import Path, Rect, Text
from portolan.generator.faces import BoxRow
from portolan.generator.kinds.cardface import FaceContent, Mark, card_front
from portolan.generator.kinds.cardparts import BOX_H, CAPTION_H, box_grid
from portolan.generator.theme import Theme, ink

W, H = 63.0, 88.0


def face(**kw) -> FaceContent:
    return FaceContent(title="Test", colour="#2f5ea8", icon="scroll", **kw)


def texts(d) -> list[Text]:
    return [i for i in d.items if isinstance(i, Text)]


def test_box_grid_centres_the_block_and_caps_the_cell_width():
    rows = [BoxRow(("5", "7", "9"), icon="coin")]
    cells_x, cell_w, lab = box_grid(rows, W, 1.0)
    assert cell_w == 11.0 and lab == 7.5
    assert abs((cells_x - lab) + (cells_x + 3 * cell_w) - W) < 1e-9  # centred
    wide = [BoxRow(tuple(str(k) for k in range(9)), icon="star")]
    _, cell_w, _ = box_grid(wide, W, 1.0)
    assert abs(cell_w - (W - 6 - 4 - 7.5) / 9) < 1e-9


def test_rows_are_drawn_on_one_grid_with_an_arrow():
    rows = [
        BoxRow(("top", "other"), style="captions"),
        BoxRow(("4", "3"), icon="hourglass-half", accent=(0,)),
        BoxRow(("1", "2"), arrow="left"),
    ]
    d, over = card_front(face(boxes=rows), W, H, 3.0, Theme(), "t")
    assert over == []
    cells_x, cell_w, _ = box_grid(rows, W, 1.0)
    boxes = [i for i in d.items if isinstance(i, Rect) and abs(i.h - BOX_H) < 1e-9]
    assert len(boxes) == 4
    assert sorted({round(b.x, 6) for b in boxes}) == [round(cells_x, 6), round(cells_x + cell_w, 6)]
    first, second = sorted({b.y for b in boxes})
    assert abs(second - first - (BOX_H + 1.0)) < 1e-9
    accent = [b for b in boxes if b.width == 0.5]
    assert len(accent) == 1 and accent[0].x == cells_x and accent[0].y == first
    # captions are text without boxes, above the first row of boxes
    caption = next(t for t in texts(d) if t.text == "other")
    assert first - 1.0 - CAPTION_H < caption.y < first - 1.0
    arrows = [i for i in d.items if isinstance(i, Path) and len(i.commands) == 4]
    assert arrows and min(c[1] for c in arrows[-1].commands[:3]) < cells_x  # points off the left


def test_too_many_rows_are_reported():
    rows = [BoxRow(("1", "2"))] * 8
    _, over = card_front(face(boxes=rows), W, H, 3.0, Theme(), "t")
    assert any(o.where == "t boxes" for o in over)


def test_a_cell_too_wide_is_reported():
    rows = [BoxRow(tuple("1234567890" for _ in range(9)))]
    _, over = card_front(face(boxes=rows), W, H, 3.0, Theme(), "t")
    assert [o.where for o in over].count("t box") == 9


def test_marks_flank_the_art_in_their_own_colours():
    marks = [Mark("triangle", "RED", "#b8322a"), Mark("disc", "YELLOW", "#e8b923")]
    d, _ = card_front(face(marks=marks), W, H, 3.0, Theme(), "t")
    red = next(t for t in texts(d) if t.text == "RED")
    yellow = next(t for t in texts(d) if t.text == "YELLOW")
    assert red.x < W / 2 < yellow.x and abs(red.x + yellow.x - W) < 1e-9
    # each in its own colour, darkened only as far as it takes to read on the card (4.5:1)
    for mark, text in ((marks[0], red), (marks[1], yellow)):
        assert text.fill == ink(mark.colour)
        assert contrast(text.fill, tint(mark.colour, 0.86)) >= 4.5
    assert yellow.fill != "#e8b923"  # too pale to read on a white card: darkened
    assert contrast(red.fill, "#b8322a") < 1.2  # red barely changes


def test_a_filled_badge_reads_on_its_fill():
    d, _ = card_front(face(badge_right="4", badge_right_fill="#d4a72c"), W, H, 3.0, Theme(), "t")
    four = next(t for t in texts(d) if t.text == "4")
    assert four.fill != "#ffffff" and four.fill != "#2f5ea8"
