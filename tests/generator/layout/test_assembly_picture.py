"""The assembly map's reduced board is a picture: drawn without its lettering, which at the
reduction (a 559 mm map on a page) would print as live text of 2 to 3 points."""

from __future__ import annotations

import pdfplumber

from portolan.generator.build import BuildOptions, build_games
from portolan.generator.draw import Group, Rect, Text
from portolan.generator.layout.assembly import without_text
from portolan.model import load_game
from portolan.paths import components_dir
from tests.helpers import char_size


def test_text_is_left_out_at_every_depth():
    inner = Group((Text(0, 0, "NA1", 7), Rect(0, 0, 1, 1)), dx=2)
    kept = without_text((Text(0, 0, "MAP", 9), inner, Rect(1, 1, 2, 2)))
    assert len(kept) == 2
    assert kept[0].dx == 2 and kept[0].items == (Rect(0, 0, 1, 1),)


def test_the_assembly_page_has_no_text_under_six_points(tmp_path):
    game = load_game(components_dir(), "age-of-exploration")
    build_games([game], tmp_path, BuildOptions(formats=("pdf",)))
    with pdfplumber.open(tmp_path / "age-of-exploration" / "board.pdf") as pdf:
        first = pdf.pages[0]
        assert "assembly" in first.extract_text().lower() or "tile" in first.extract_text()
        sizes = [s for c in first.chars if (s := char_size(c)) is not None]
        assert sizes and min(sizes) >= 6 - 0.01
