"""The registration test read back from its PDF (generator/layout/registration.py).

What makes it work: on the backs page, the rulers' zero ticks sit exactly behind the front's
cross lines, so a back that lands off by (ex, ey) shows the front's lines at -ex, -ey on the
back's rulers, which is the --back-offset that corrects it; a build with that offset moves the
back's rulers (and everything else on the backs page) by exactly that much; and each side's
cross is broken where its own rulers are, so the only line crossing a ruler is the other side's.
"""

from __future__ import annotations

import itertools

import pytest

from tests.helpers import PAPERS, header_side, mm

SCALE = 0.5  # mm between ticks


def _lines(page):
    return [(mm(ln["x0"]), mm(ln["top"]), mm(ln["x1"]), mm(ln["bottom"])) for ln in page.lines]


def _ruler(page, across: bool):
    """The ticks of the ruler across (or down) on a page nearest its centre: (positions along
    the ruler, the ruler's base line position, the tick lengths)."""
    _w, _h = mm(page.width), mm(page.height)
    ticks = []
    for x0, y0, x1, y1 in _lines(page):
        if across and abs(x0 - x1) < 1e-6 and 1.0 < y1 - y0 < 4.5:
            ticks.append((x0, y0, y1 - y0))
        if not across and abs(y0 - y1) < 1e-6 and 1.0 < x1 - x0 < 4.5:
            ticks.append((y0, x0, x1 - x0))
    # the ruler is the group of 41 ticks sharing a base line
    bases: dict[float, list] = {}
    for along, base, length in ticks:
        bases.setdefault(round(base, 2), []).append((along, length))
    rulers = [(b, sorted(t)) for b, t in bases.items() if len(t) == 41]
    return rulers


def _cross(page):
    """The central cross's vertical line x and horizontal line y (its longest lines)."""
    lines = _lines(page)
    vertical = max((ln for ln in lines if abs(ln[0] - ln[2]) < 1e-6), key=lambda ln: ln[3] - ln[1])
    level = max((ln for ln in lines if abs(ln[1] - ln[3]) < 1e-6), key=lambda ln: ln[2] - ln[0])
    return vertical[0], level[1]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_back_rulers_read_zero_behind_the_front_cross(exploration, open_pdf, duplex):
    doc = open_pdf(exploration(duplex=duplex).pdf("registration-test"))
    assert [header_side(p) for p in doc.pages] == ["fronts", "backs"]
    front, back = doc.pages
    w, h = PAPERS["a4"]
    fx, fy = _cross(front)
    assert (fx, fy) == pytest.approx((w / 2, h / 2), abs=0.01)
    # where the front's lines are seen from the back, in the backs page's coordinates
    seen_x = w - fx if duplex == "long" else fx
    seen_y = fy if duplex == "long" else h - fy
    (across,) = [r for r in _ruler(back, True) if r[0] > h / 2]
    (down,) = [r for r in _ruler(back, False) if r[0] > w / 2]
    for (_base, ticks), seen in ((across, seen_x), (down, seen_y)):
        positions = [p for p, _ in ticks]
        steps = [b - a for a, b in itertools.pairwise(positions)]
        assert steps == pytest.approx([SCALE] * 40, abs=0.005)
        zero = positions[20]
        assert zero == pytest.approx(seen, abs=0.01)
        # the whole millimetres and the fives stand out
        lengths = [length for _, length in ticks]
        assert lengths[20] > lengths[18] > lengths[19]
    # the front's lines cross the back's rulers (long enough), and no line of the back's own
    # does: only the front shows through there
    for x0, y0, x1, y1 in _lines(back):
        if abs(x0 - x1) < 1e-6 and y1 - y0 > 10:  # a long upright line of the back
            assert not (y0 < across[0] < y1 and abs(x0 - seen_x) < 10.5)
        if abs(y0 - y1) < 1e-6 and x1 - x0 > 10:
            assert not (x0 < down[0] < x1 and abs(y0 - seen_y) < 10.5)
    fv = [ln for ln in _lines(front) if abs(ln[0] - fx) < 1e-6 and ln[3] - ln[1] > 10]
    front_reach = (min(ln[1] for ln in fv), max(ln[3] for ln in fv))
    back_ruler_on_front = across[0] if duplex == "long" else h - across[0]
    assert front_reach[0] < back_ruler_on_front < front_reach[1]


def test_the_offset_moves_the_back_rulers_by_exactly_itself(exploration, open_pdf):
    """A back printed 1.5 mm too far left and 2 mm too high shows the front's lines at +1.5 on
    the ruler across and +2 on the ruler down: the offset to pass. Built with it, the back's
    rulers move right and down by exactly that, back under the front's lines."""
    plain = open_pdf(exploration().pdf("registration-test")).pages[1]
    moved = open_pdf(exploration(back_offset=(1.5, 2.0)).pdf("registration-test")).pages[1]
    h = PAPERS["a4"][1]
    w = PAPERS["a4"][0]
    zero = lambda page, across, side: next(  # noqa: E731
        r for r in _ruler(page, across) if (r[0] > (h if across else w) / 2) == side
    )[1][20][0]
    assert zero(moved, True, True) - zero(plain, True, True) == pytest.approx(1.5, abs=0.01)
    assert zero(moved, False, True) - zero(plain, False, True) == pytest.approx(2.0, abs=0.01)
    # and it says so, and tells how to read it
    text = " ".join(
        open_pdf(exploration().pdf("registration-test")).pages[0].extract_text().split()
    )
    for phrase in ("Hold it to the light", "BACK", "Read X", "Read Y", "--back-offset X,Y"):
        assert phrase in text


def test_the_front_rulers_never_fall_under_the_back_rulers(exploration, open_pdf):
    """The front's own rulers sit further out than the back's, so under either flip the two
    never overlap (they would be unreadable held to the light)."""
    for duplex in ("long", "short"):
        front, back = open_pdf(exploration(duplex=duplex).pdf("registration-test")).pages
        w, h = PAPERS["a4"]
        for across in (True, False):
            page_len = h if across else w
            ((f_base, _),) = [r for r in _ruler(front, across)]
            ((b_base, _),) = [r for r in _ruler(back, across)]
            flipped = f_base if (duplex == "long") == across else page_len - f_base
            assert abs(flipped - b_base) > 10


def test_no_line_of_the_back_crosses_its_note(exploration, open_pdf):
    """The note under the back's X ruler reads without the back's own upright line through it
    (the line was drawn across 'front's' until the cross's lower arm broke past it)."""
    back = open_pdf(exploration().pdf("registration-test")).pages[1]
    note = [w for w in back.extract_words() if w["text"] in ("read", "crosses")]
    assert len(note) == 2
    left, right = mm(note[0]["x0"]), mm(note[1]["x1"])
    top, bottom = mm(note[0]["top"]), mm(note[0]["bottom"])
    for x0, y0, x1, y1 in _lines(back):
        if abs(x0 - x1) < 1e-6 and left < x0 < right:
            assert y1 < top or y0 > bottom, (x0, y0, y1)
