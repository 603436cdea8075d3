"""Card drawings as pixels: each face drawn to a PDF page with our own PDF writer, then
rasterised with pdfium, so a PNG shows exactly what the printed sheet shows."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.backends.png import render_pages
from portolan.generator.colours import ColourFilter, identity
from portolan.generator.draw import Drawing, Group
from portolan.generator.layout.sheet import Item

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Design:
    """One card design of a component: its face, its back, and how many copies the deck has."""

    front: Drawing
    back: Drawing | None
    count: int


def designs_of(items: list[Item]) -> list[Design]:
    """The distinct designs of a component's sheet items (copies are the same ``Item``)."""
    out: dict[int, Design] = {}  # in the order of first use
    for item in items:
        d = out.get(id(item.front), Design(item.front, item.back, 0))
        out[id(item.front)] = Design(d.front, d.back, d.count + 1)
    return list(out.values())


def rasterise(
    drawings: list[Drawing],
    *,
    bleed: bool,
    dpi: float,
    size: tuple[int, int] | None = None,
    colour_filter: ColourFilter = identity,
):
    """Each drawing as an RGB PIL image: its trim (``bleed`` False) or its trim and bleed, at
    ``dpi``; resized to exactly ``size`` pixels when given. Drawings share one page size."""
    first = drawings[0]
    margin = first.bleed if bleed else 0.0
    w, h = first.width + 2 * margin, first.height + 2 * margin
    with tempfile.TemporaryDirectory(prefix="portolan-raster-") as tmp:
        pdf = Path(tmp) / "faces.pdf"
        writer = PdfWriter(pdf, (w, h), title="faces", colour_filter=colour_filter)
        for d in drawings:
            writer.page(Drawing(w, h, [Group(tuple(d.items), dx=margin, dy=margin)]))
        writer.save()
        images = [image.convert("RGB") for image in render_pages(pdf, dpi)]
    if size is not None:
        images = [_to_size(im, size) for im in images]
    return images


def _to_size(image, size: tuple[int, int]):
    """``image`` at exactly ``size``: pdfium rounds a page's pixels up, so a pixel too many is
    cropped (from the bleed side); anything else is resampled."""
    from PIL import Image

    if image.size == size:
        return image
    dw, dh = image.width - size[0], image.height - size[1]
    if 0 <= dw <= 1 and 0 <= dh <= 1:
        return image.crop((0, 0, *size))
    return image.resize(size, Image.Resampling.LANCZOS)


def pixels(mm: float, dpi: float) -> int:
    return round(mm * dpi / MM_PER_INCH)
