"""PNG output: pages of a PDF we wrote, rasterised with pdfium (a pip wheel, the ``png`` extra).

Without pypdfium2 installed, asking for PNG output is a problem the user can fix: it stops with
exit 2 and names the extra to install, before anything is written (``require_png``).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from portolan.errors import InputError, Problem

PNG_LEVEL = 1  # zlib's fastest: previews are written often and kept briefly

PNG_EXTRA_HINT = (
    "install the PNG extra: pip install 'portolan-games[png]' (in a checkout: pip install -e "
    "'.[png]'; with pipx: pipx inject portolan-games pypdfium2)"
)


def require_png(option: str = "--format", wanted: str = "png") -> None:
    """Raise an ``InputError`` naming the ``png`` extra if pdfium cannot be imported."""
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        raise InputError(
            Problem(
                f"{wanted} output needs pypdfium2, which is not installed",
                file="command line",
                field=option,
                hint=PNG_EXTRA_HINT,
            )
        ) from None


def _bitmaps(pdf: Path, dpi: float, **options):
    """Each page of ``pdf`` rendered at ``dpi`` as a pdfium bitmap, in order."""
    require_png()
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                bitmap = page.render(scale=dpi / 72, **options)
            finally:
                page.close()
            yield bitmap
    finally:
        doc.close()


def render_pages(pdf: Path, dpi: float):
    """Each page of ``pdf`` as a PIL image at ``dpi``, in order."""
    return (bitmap.to_pil() for bitmap in _bitmaps(pdf, dpi))


def write_pngs(pdf: Path, path_of: Callable[[int], Path], dpi: int = 100) -> list[Path]:
    """Each page of ``pdf`` as a PNG, page n (from 1) at ``path_of(n)``."""
    written = []
    for n, bitmap in enumerate(_bitmaps(pdf, dpi, rev_byteorder=True), start=1):
        target = path_of(n)
        if bitmap.mode == "RGB":
            target.write_bytes(encode_png(bitmap))
        else:
            bitmap.to_pil().save(target, format="PNG", optimize=False)
        written.append(target)
    return written


def encode_png(bitmap) -> bytes:
    """An RGB pdfium bitmap as PNG bytes, made for speed: every row unfiltered and zlib at its
    fastest level. Pillow's encoder (adaptive row filters, level 6) took three times as long
    as drawing the page; this takes about as long, for files a tenth smaller than Pillow's."""
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    pixels = memoryview(bitmap.buffer).cast("B")
    row = width * 3
    deflate = zlib.compressobj(PNG_LEVEL)
    data = []
    for y in range(height):
        data.append(deflate.compress(b"\0"))  # filter type 0 (none) for this row
        data.append(deflate.compress(pixels[y * stride : y * stride + row]))
    data.append(deflate.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", b"".join(data)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
