"""PNG previews: each page of a PDF we wrote, rasterised with pdfium (a pip wheel)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium


def write_pngs(pdf: Path, path_of: Callable[[int], Path], dpi: int = 100) -> list[Path]:
    """Each page of ``pdf`` as a PNG, page n (from 1) at ``path_of(n)``."""
    written = []
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72).to_pil()
            target = path_of(i + 1)
            image.save(target, format="PNG", optimize=False)
            written.append(target)
            page.close()
    finally:
        doc.close()
    return written
