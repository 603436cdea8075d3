"""What becomes of a PDF once written: PNG previews if asked, and kept only if PDFs were asked."""

from __future__ import annotations

from pathlib import Path


def publish_pdf(pdf: Path, target: Path, stem: str, formats: tuple[str, ...]) -> list[Path]:
    written = []
    if "png" in formats:
        from generator.backends.png import write_pngs  # pdfium loads only when PNGs are asked

        written = write_pngs(pdf, target / "png", stem)
    if "pdf" in formats:
        written.append(pdf)
    else:
        pdf.unlink()
    return written
