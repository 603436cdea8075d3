"""The print set's PDF fixes: subset tags renumbered without moving a byte, and the no-scaling
viewer preference added as an incremental update that PDF readers accept."""

from __future__ import annotations

import io

import pypdf
import pytest

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Drawing, Text
from portolan.generator.exports.pdf_merge import (
    ask_no_scaling,
    retag_subsets,
    tag,
    without_save_time,
)


def small_pdf(path) -> bytes:
    writer = PdfWriter(path, (100, 100), title="t")
    d = Drawing(100, 100)
    d.add(Text(10, 20, "Bold", 9, "bold"))
    d.add(Text(10, 40, "Roman", 9))
    writer.page(d)
    writer.save()
    return path.read_bytes()


def test_tags_count_in_six_capitals():
    assert (tag(0), tag(1), tag(26), tag(27)) == (b"AAAAAA", b"AAAAAB", b"AAAABA", b"AAAABB")
    with pytest.raises(ValueError):
        tag(26**6)


def test_retagging_keeps_every_byte_in_place(tmp_path):
    data = small_pdf(tmp_path / "a.pdf")
    out, following = retag_subsets(data, 5)
    assert len(out) == len(data) and following == 6
    assert b"/BaseFont /AAAAAF+BitstreamVeraSans-Bold" in out
    assert b"/FontName /AAAAAF+BitstreamVeraSans-Roman" in out
    assert b"AAAAAA+" not in out
    reader = pypdf.PdfReader(io.BytesIO(out))
    assert "Roman" in reader.pages[0].extract_text()


def merged(tmp_path) -> bytes:
    """A PDF as pypdfium2 merges one: without our viewer preferences."""
    import pypdfium2 as pdfium

    small_pdf(tmp_path / "a.pdf")
    doc, src = pdfium.PdfDocument.new(), pdfium.PdfDocument(str(tmp_path / "a.pdf"))
    doc.import_pages(src)
    src.close()
    doc.save(str(tmp_path / "m.pdf"))
    doc.close()
    return (tmp_path / "m.pdf").read_bytes()


def test_no_scaling_is_an_update_readers_follow(tmp_path):
    data = merged(tmp_path)
    assert b"PrintScaling" not in data
    out = ask_no_scaling(data)
    assert out.startswith(data.rstrip(b"\n")) and b"/Prev " in out[len(data) :]
    reader = pypdf.PdfReader(io.BytesIO(out), strict=True)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert "Bold" in reader.pages[0].extract_text()
    assert ask_no_scaling(out) == out  # asked once


def test_the_save_time_is_fixed_and_the_id_follows_the_pages(tmp_path):
    data = merged(tmp_path)
    assert b"/CreationDate(D:2000" not in data  # pdfium stamps the time it saved
    out = without_save_time(data)
    assert len(out) == len(data) and b"/CreationDate(D:20000101000000+00'00')" in out
    later = data.replace(
        data[data.index(b"/CreationDate(") :][:38], b"/CreationDate(D:20991231235959+01'00')"
    )
    assert without_save_time(later) == out  # saved at another time: the same bytes
    assert without_save_time(data.replace(b"Bold", b"Bolt")) != out  # other pages, another /ID
    reader = pypdf.PdfReader(io.BytesIO(ask_no_scaling(out)), strict=True)
    assert reader.trailer["/ID"][0] == reader.trailer["/ID"][1]
    assert "Bold" in reader.pages[0].extract_text()
