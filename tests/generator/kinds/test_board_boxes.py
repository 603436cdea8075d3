"""A board's labelled boxes as printed: the box's text stands clear below its title.

Age of Exploration's status boxes (17 mm tall: Damage, Lost this turn...) had their text set in
the box's lower 11 mm, which began above the title's baseline: the first line touched the title.
Read back from the expedition mat with pdfplumber, to 0.1 mm.
"""

from __future__ import annotations

import pdfplumber
import pytest

from portolan.model.board import Box
from tests.generator.helpers import built_alone

MM = 25.4 / 72
A4 = (210.0, 297.0)


@pytest.fixture(scope="module")
def mat(tmp_path_factory):
    out = tmp_path_factory.mktemp("mat")
    component, path = built_alone(out, "age-of-exploration", "expedition-mat")
    spec = component.spec
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname", "size"])
    return spec, words


def test_every_box_text_stands_below_its_title(mat):
    spec, words = mat
    ox, oy = (A4[0] - spec.size.width) / 2, (A4[1] - spec.size.height) / 2  # centred
    boxes = [el for el in spec.elements if isinstance(el, Box) and el.text]
    assert len(boxes) == 8
    for b in boxes:
        inside = [
            w
            for w in words
            if ox + b.x <= w["x0"] * MM
            and w["x1"] * MM <= ox + b.x + b.width
            and oy + b.y <= w["top"] * MM
            and w["bottom"] * MM <= oy + b.y + b.height
        ]
        first = min(w["top"] for w in inside)
        title = [w for w in inside if w["top"] - first < 0.3 / MM and "Bold" in w["fontname"]]
        text = [w for w in inside if w not in title]
        assert " ".join(w["text"] for w in title) == b.box.upper()
        assert text, b.box
        gap = (min(w["top"] for w in text) - max(w["bottom"] for w in title)) * MM
        assert gap >= 1.0, (b.box, round(gap, 2))
