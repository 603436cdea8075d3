"""generator/backends/pdf.py: embedded fonts only, accented text, invariant output."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Drawing, Group, Rect, Text
from tests.conftest import FIXTURE_GAME
from tests.helpers import cards_on, pdfs, region_text, title_box


def _fonts(obj, seen: set | None = None):
    """Every font dictionary reachable from a page's resources (form XObjects included)."""
    seen = set() if seen is None else seen
    resources = obj.get("/Resources")
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if id(font) not in seen:
            seen.add(id(font))
            yield font
    for xobj in (resources.get("/XObject") or {}).values():
        xobj = xobj.get_object()
        if xobj.get("/Subtype") == "/Form":
            yield from _fonts(xobj, seen)


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    if font.get("/Subtype") == "/Type3":
        return True  # drawn with PDF operators, nothing to embed
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _all_pdfs(a4, fixture_set) -> list[Path]:
    paths = pdfs(a4.game()) + pdfs(fixture_set.game(FIXTURE_GAME))
    assert len(paths) >= 8
    return paths


def test_every_font_is_embedded_and_none_is_helvetica(a4, fixture_set):
    for path in _all_pdfs(a4, fixture_set):
        reader = pypdf.PdfReader(path)
        names = set()
        for page in reader.pages:
            for font in _fonts(page):
                name = str(font.get("/BaseFont"))
                names.add(name)
                assert _embedded(font), f"{path.name}: {name} is not embedded"
                assert "helvetica" not in name.lower(), f"{path.name} names {name}"
        assert names, f"{path.name} uses no font at all?"


def test_accented_name_reads_back_from_the_pdf(fixture_set, open_pdf):
    doc = open_pdf(fixture_set.pdf("conquerors", FIXTURE_GAME))
    titles = [region_text(doc.pages[0], title_box(c.trim)) for c in cards_on(doc.pages[0])]
    assert titles.count("Hernán Cortés") == 2
    assert "Juan Ponce de León" in titles


def _write(tmp_path, drawing, **kw) -> bytes:
    path = tmp_path / "out.pdf"
    writer = PdfWriter(path, (drawing.width, drawing.height), title="T", **kw)
    writer.page(drawing)
    writer.save()
    return path.read_bytes()


def test_writer_is_invariant(tmp_path):
    d = Drawing(100, 50, [Rect(10, 10, 20, 20, fill="#ff0000"), Text(5, 40, "Añil", 10)])
    first = _write(tmp_path, d)
    second = _write(tmp_path, d)
    assert first == second
    # Invariant mode: a fixed date instead of the time of the run (so builds can be compared).
    assert b"D:20000101" in first


def test_writer_units_are_millimetres_from_the_top_left(tmp_path):
    import pdfplumber

    d = Drawing(100, 50, [Group((Rect(10, 5, 20, 8, fill="#000000"),), dx=3, dy=2)])
    _write(tmp_path, d)
    with pdfplumber.open(tmp_path / "out.pdf") as doc:
        page = doc.pages[0]
        assert page.width == pytest.approx(100 * 72 / 25.4, abs=0.01)
        (r,) = page.rects
        assert r["x0"] * 25.4 / 72 == pytest.approx(13, abs=0.001)
        assert r["top"] * 25.4 / 72 == pytest.approx(7, abs=0.001)
        assert r["width"] * 25.4 / 72 == pytest.approx(20, abs=0.001)
        assert r["height"] * 25.4 / 72 == pytest.approx(8, abs=0.001)


def test_writer_applies_the_colour_filter(tmp_path):
    import pdfplumber

    d = Drawing(50, 50, [Rect(0, 0, 10, 10, fill="#ff0000")])
    _write(tmp_path, d, colour_filter=lambda c: "#00ff00")
    with pdfplumber.open(tmp_path / "out.pdf") as doc:
        assert tuple(doc.pages[0].rects[0]["non_stroking_color"]) == (0, 1, 0)


def test_rotated_text_turns_counter_clockwise_about_its_anchor(tmp_path):
    import pdfplumber

    d = Drawing(100, 100, [Text(50, 60, "ABC", 20, rotate=90, anchor="middle")])
    _write(tmp_path, d)
    with pdfplumber.open(tmp_path / "out.pdf") as doc:
        chars = doc.pages[0].chars
    assert [c["text"] for c in chars] == ["A", "B", "C"]
    mm_ = 25.4 / 72
    # Reading upwards: each letter above the one before, all on one vertical line near x = 50.
    tops = [c["top"] * mm_ for c in chars]
    assert tops[0] > tops[1] > tops[2]
    assert all(not c["upright"] for c in chars)
    # The baseline is the vertical x = 50: glyphs rise to its left, descenders reach past it.
    for c in chars:
        assert c["x0"] * mm_ < 50 - 4 and 50 < c["x1"] * mm_ < 50 + 2.5
    # Centred on the anchor along the text's direction.
    span = (min(c["top"] for c in chars) + max(c["bottom"] for c in chars)) / 2 * mm_
    assert span == pytest.approx(60, abs=0.3)


def _through_reportlab(writer: PdfWriter, t: Text) -> None:
    """What the backend wrote before it set text itself: reportlab's text object."""
    import math

    from reportlab.pdfbase import pdfmetrics

    from portolan.generator import fonts

    c = writer.canvas
    writer._paint(t.fill, None, 0)
    name, size = fonts.font_name(t.face), t.size * fonts.PT
    a = math.radians(t.rotate)
    cos, sin = (math.cos(a), math.sin(a)) if t.rotate else (1.0, 0.0)
    shift = 0.0
    if t.anchor != "start":
        width = pdfmetrics.stringWidth(t.text, name, size)
        shift = width / 2 if t.anchor == "middle" else width
    text = c.beginText()
    text.setTextTransform(cos, -sin, -sin, -cos, t.x - shift * cos, t.y + shift * sin)
    text.setFont(name, size)
    text.textOut(t.text)
    c.drawText(text)


def test_text_is_written_as_reportlab_text_objects_write_it(tmp_path):
    many = "".join(chr(c) for c in range(0x100, 0x17F))  # past one subset's 256 glyphs
    texts = [
        Text(1, 2, "Hernán Cortés (1485) \\ back", 3.0),
        Text(5.5, 7.25, "Ⓓ Ⓡ Ⓟ · — “quoted”", 2.2, face="bold", anchor="middle", rotate=90),
        Text(0, 0, many + "ASCII after " + many, 1.7, face="italic", anchor="end", rotate=-33.3),
        Text(3, 3, "", 4.0, face="bolditalic", fill="#123456"),
    ]
    ours = PdfWriter(tmp_path / "a.pdf", (50, 50), title="t")
    theirs = PdfWriter(tmp_path / "b.pdf", (50, 50), title="t")
    for t in texts * 2:  # the second time, every subset is already known
        ours._text(t)
        _through_reportlab(theirs, t)
    assert ours.canvas._code == theirs.canvas._code
