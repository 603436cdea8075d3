"""PNG previews (generator/backends/png.py): our fast encoder writes exactly the pixels pdfium
drew, as a PNG any reader opens (issue 16)."""

from __future__ import annotations

import pytest

pdfium = pytest.importorskip("pypdfium2")
Image = pytest.importorskip("PIL.Image")

from portolan.generator.backends.png import write_pngs  # noqa: E402
from tests.conftest import FIXTURE_GAME  # noqa: E402


def test_previews_hold_the_drawn_pixels(fixture_set, tmp_path):
    pdf = fixture_set.pdf("conquerors", FIXTURE_GAME)
    written = write_pngs(pdf, lambda n: tmp_path / f"p{n}.png", dpi=50)
    doc = pdfium.PdfDocument(str(pdf))
    assert len(written) == len(doc) >= 2
    for i, path in enumerate(written):
        assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        with Image.open(path) as image:
            image.load()
            drawn = doc[i].render(scale=50 / 72).to_pil()
            assert image.mode == "RGB"
            assert image.size == drawn.size
            assert image.tobytes() == drawn.tobytes()
    doc.close()


def test_previews_are_the_same_bytes_each_time(fixture_set, tmp_path):
    pdf = fixture_set.pdf("coins", FIXTURE_GAME)
    first = write_pngs(pdf, lambda n: tmp_path / f"a{n}.png", dpi=40)
    second = write_pngs(pdf, lambda n: tmp_path / f"b{n}.png", dpi=40)
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
