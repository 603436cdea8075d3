"""What becomes of a PDF once written: PNG previews if asked, and kept only if PDFs were asked."""

from __future__ import annotations

from pathlib import Path

from portolan.generator.staging import Staging


def publish_pdf(pdf: Path, staging: Staging, stem: str, formats: tuple[str, ...]) -> list[Path]:
    """PNG previews of ``pdf`` (``png/<stem>-pNN.png``) if asked; the PDF kept if asked."""
    written = []
    if "png" in formats:
        from portolan.generator.backends.png import (
            write_pngs,  # pdfium loads only when PNGs are asked
        )

        written = write_pngs(pdf, lambda n: staging.file("png", f"{stem}-p{n:02d}.png"))
    if "pdf" in formats:
        written.append(pdf)
    else:
        pdf.unlink()
    return written
