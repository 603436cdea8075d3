"""Nothing moves inside the printer margin, whatever the back offset: Ships and Age of
Exploration built with ``--back-offset`` of 3 mm each way on A4 and Letter print no ink within
5 mm of the paper's edge on any page (read from the rendered pages), and every backs page keeps
its header."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from portolan.generator.build import BuildOptions, build_games
from portolan.model import load_game
from portolan.paths import components_dir
from tests.helpers import PRINTER_MARGIN

DPI = 60
SLACK = 0.5  # mm of the strip left unread: a pixel's worth of anti-aliasing at the margin
INK = 235  # darker than this (of 255) is ink


def inked_edges(pdf) -> list[tuple[int, str]]:
    """(page, edge) of every page with ink within the printer margin of that edge."""
    doc = pdfium.PdfDocument(str(pdf))
    found = []
    try:
        for k in range(len(doc)):
            image = doc[k].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            w, h = image.size
            px = int((PRINTER_MARGIN - SLACK) * DPI / 25.4)
            strips = {
                "left": (0, 0, px, h),
                "right": (w - px, 0, w, h),
                "top": (0, 0, w, px),
                "bottom": (0, h - px, w, h),
            }
            for edge, box in strips.items():
                if image.crop(box).getextrema()[0] < INK:
                    found.append((k + 1, edge))
    finally:
        doc.close()
    return found


def page_texts(pdf) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[k].get_textpage().get_text_range() for k in range(len(doc))]
    finally:
        doc.close()


@pytest.mark.parametrize(
    ("page", "offset"),
    [("a4", (-3.0, 3.0)), ("a4", (3.0, -3.0)), ("letter", (3.0, -3.0)), ("letter", (-3.0, 3.0))],
)
def test_no_ink_inside_the_printer_margin_after_a_back_offset(tmp_path, page, offset):
    games = [load_game(components_dir(), g) for g in ("ships", "age-of-exploration")]
    build_games(games, tmp_path, BuildOptions(formats=("pdf",), page=page, back_offset=offset))
    inked = {}
    for pdf in sorted(tmp_path.glob("*/*.pdf")):
        if pdf.stem.endswith("-large"):  # the print shop's sheet: not on this paper
            continue
        if found := inked_edges(pdf):
            inked[f"{pdf.parent.name}/{pdf.name}"] = found[:4]
        for k, text in enumerate(page_texts(pdf), start=1):
            if "— backs" in text:  # the header: game, component, side, bleed, page number
                assert re.search(r"page \d+/\d+", text), (pdf.name, k)
    assert not inked, inked
    aids = page_texts(tmp_path / "ships" / "player-aid.pdf")
    assert sum("— backs" in t for t in aids) >= 1
