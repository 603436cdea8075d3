"""Track options: wrapping rows, highlighted multiples, an open end, no warning at 0."""

from __future__ import annotations

from portolan.generator.draw import Drawing, Rect, Text
from portolan.generator.kinds.board import _track
from portolan.generator.theme import Theme
from portolan.model.board import Track


def track(**kw) -> Track:
    return Track.model_validate({"track": "VP", "x": 10, "y": 20, "end": 24, **kw})


def test_a_plain_track_is_one_row_after_its_label():
    cells = track(end=3, box=9).cells()
    assert cells == [(0, 28, 20), (1, 37, 20), (2, 46, 20), (3, 55, 20)]


def test_per_row_wraps_into_rows_with_a_gap():
    cells = track(box=10, per_row=10, row_gap=2, label_width=0).cells()
    assert len(cells) == 25
    assert cells[9] == (9, 100, 20)
    assert cells[10] == (10, 10, 32)
    assert cells[24] == (24, 50, 44)


def test_a_downward_track_wraps_into_columns():
    cells = track(box=10, per_row=5, direction="down", label_width=0).cells()
    assert cells[4] == (4, 10, 60) and cells[5] == (5, 20, 20)


def test_marks_open_end_and_zero():
    t = track(end=8, mark=[0], mark_every=5, open_end=True, warn_zero=False)
    assert [v for v in range(9) if t.marked(v)] == [0, 5]
    assert t.value_label(8) == "8+" and t.value_label(7) == "7"


def test_drawing_uses_the_cells_and_hides_a_zero_width_label():
    t = track(box=10, per_row=10, label_width=0, warn_zero=False)
    d = Drawing(200, 100)
    _track(d, t, "#1f4e79", Theme())
    rects = [i for i in d.items if isinstance(i, Rect)]
    assert [(r.x, r.y) for r in rects] == [(x, y) for _, x, y in t.cells()]
    assert "VP" not in [i.text for i in d.items if isinstance(i, Text)]
    assert rects[0].fill == "#ffffff"  # no warning tint on 0


def test_the_zero_warning_is_still_the_default():
    d = Drawing(200, 100)
    _track(d, track(end=2), "#1f4e79", Theme())
    rects = [i for i in d.items if isinstance(i, Rect)]
    assert rects[0].fill != "#ffffff" and rects[1].fill == "#ffffff"
    assert "VP" in [i.text for i in d.items if isinstance(i, Text)]
