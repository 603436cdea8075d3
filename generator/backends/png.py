"""PNG previews: each page of a PDF we wrote, rasterised with pdfium (a pip wheel)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def write_pngs(pdf: Path, out_dir: Path, stem: str, dpi: int = 100) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72).to_pil()
            target = out_dir / f"{stem}-p{i + 1:02d}.png"
            image.save(target, format="PNG", optimize=False)
            written.append(target)
            page.close()
    finally:
        doc.close()
    return written
