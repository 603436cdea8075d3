"""PNG output: pages of a PDF we wrote, rasterised with pdfium (a pip wheel, the ``png`` extra).

Without pypdfium2 installed, asking for PNG output is a problem the user can fix: it stops with
exit 2 and names the extra to install, before anything is written (``require_png``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from portolan.errors import InputError, Problem

PNG_EXTRA_HINT = (
    "install the PNG extra: pip install 'portolan[png]' (with pipx: pipx inject portolan pypdfium2)"
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


def render_pages(pdf: Path, dpi: float):
    """Each page of ``pdf`` as a PIL image at ``dpi``, in order."""
    require_png()
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                yield page.render(scale=dpi / 72).to_pil()
            finally:
                page.close()
    finally:
        doc.close()


def write_pngs(pdf: Path, path_of: Callable[[int], Path], dpi: int = 100) -> list[Path]:
    """Each page of ``pdf`` as a PNG, page n (from 1) at ``path_of(n)``."""
    written = []
    for i, image in enumerate(render_pages(pdf, dpi)):
        target = path_of(i + 1)
        image.save(target, format="PNG", optimize=False)
        written.append(target)
    return written
