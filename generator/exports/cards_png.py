"""Files for a print-on-demand shop (``portolan build --format cards-png``).

- ``cards-png/<component>/front/<NNN>-<card>-x<copies>.png`` and the same name under ``back/``:
  every card design of every deck and player aid, face and back, at 300 dpi with its bleed. A
  shop's uploader takes the fronts and the backs as two lists in name order, so equal names
  keep each face with its back; ``x<copies>`` is how many of that card the game has.
- ``print/<game>-print-set.pdf``: every printable of the game in one PDF, after a print list
  that says, for each part, its file, its paper, simplex or duplex, and how many sheets. Every
  duplex part starts on an odd page (after a page left blank when needed), its font subsets
  have names of their own and the print dialog is asked not to scale (``pdf_merge.py``).
- ``print/print-list.csv``: the same list for a spreadsheet.
"""

from __future__ import annotations

import csv
import io
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Drawing, Line, Text
from portolan.generator.exports.pdf_merge import (
    ask_no_scaling,
    retag_subsets,
    without_save_time,
)
from portolan.generator.exports.raster import designs_of, pixels, rasterise
from portolan.generator.kinds.aid import render_aid
from portolan.generator.kinds.deck import render_deck
from portolan.generator.options import BuildOptions
from portolan.generator.printset import SharedSheets
from portolan.generator.staging import Staging
from portolan.generator.theme import Theme
from portolan.model.loader import Game
from portolan.sizes import large_papers, paper_label, papers

DPI = 300
CARD_KINDS = {"deck": render_deck, "aid": render_aid}
MM_PER_PT = 25.4 / 72
BLANK_NOTE = "Left blank: the next part prints double-sided from here."


def write_cards(game: Game, staging: Staging, bleed: float, theme: Theme) -> list[Path]:
    written: list[Path] = []
    for component in game.components:
        render = CARD_KINDS.get(component.kind)
        if render is None:
            continue
        rendered = render(game, component, bleed, theme)
        designs = designs_of(rendered.items)
        first = designs[0].front
        size = (pixels(first.width + 2 * bleed, DPI), pixels(first.height + 2 * bleed, DPI))
        style = {"bleed": True, "dpi": DPI, "size": size, "colour_filter": theme.colour_filter}
        fronts = rasterise([d.front for d in designs], **style)
        backs_needed = [d.back for d in designs if d.back is not None]
        backs = iter(rasterise(backs_needed, **style) if backs_needed else [])
        width = max(3, len(str(len(designs))))
        for n, (design, front) in enumerate(zip(designs, fronts, strict=True), start=1):
            name = f"{n:0{width}d}-{_slug(design.front.id, component.id)}-x{design.count}.png"
            for side, image in (("front", front), ("back", next(backs, None))):
                if image is None:
                    continue
                path = staging.file("cards-png", component.id, side, name)
                image.save(path, format="PNG", dpi=(DPI, DPI))
                written.append(path)
    return written


def _slug(design_id: str, component_id: str) -> str:
    text = design_id.removeprefix(f"{component_id}-") or design_id
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


# -- the print set: one PDF and its print list -------------------------------------------------


@dataclass(frozen=True)
class PrintPart:
    file: str
    paper: str
    sides: str  # "simplex", "duplex, long edge", "duplex, short edge"
    pages: int

    @property
    def sheets(self) -> int:
        return self.pages if self.sides == "simplex" else (self.pages + 1) // 2


def _paper_name(width_mm: float, height_mm: float) -> str:
    sizes = {**papers(), **large_papers()}
    for name, size in sizes.items():
        if {round(size.width), round(size.height)} == {round(width_mm), round(height_mm)}:
            return paper_label(name)
    return f"{width_mm:.0f} x {height_mm:.0f} mm"


_DUPLEX = re.compile(rb"/Duplex\s*/(\w+)")


def _sides(pdf: Path) -> str:
    """What our PDF writer recorded for the printer dialog (its viewer preferences)."""
    found = _DUPLEX.search(pdf.read_bytes())
    kind = found.group(1).decode() if found else "Simplex"
    return {
        "DuplexFlipLongEdge": "duplex, long edge",
        "DuplexFlipShortEdge": "duplex, short edge",
    }.get(kind, "simplex")


def print_parts(game: Game, folder: Path, opts=None) -> list[tuple[Path, PrintPart]]:
    """The PDFs a printer needs, in the order of game.yaml: a board printed in tiles at home
    goes to a shop as its single large sheet instead, and decks and aids that share sheets
    (``--sheets shared``, as in ``opts``) go as their shared file, where the first of them is."""
    import pypdfium2 as pdfium

    shared = _shared_stems(game, opts)
    parts = []
    listed: set[Path] = set()
    for component in game.components:
        large = folder / f"{component.id}-large.pdf"
        pdf = large if large.exists() else folder / f"{component.id}.pdf"
        if not pdf.exists() and component.id in shared:
            pdf = folder / f"{shared[component.id]}.pdf"
        if not pdf.exists() or pdf in listed:
            continue
        listed.add(pdf)
        doc = pdfium.PdfDocument(str(pdf))
        try:
            w, h = doc[0].get_size()
            count = len(doc)
        finally:
            doc.close()
        paper = _paper_name(w * MM_PER_PT, h * MM_PER_PT)
        parts.append((pdf, PrintPart(pdf.name, paper, _sides(pdf), count)))
    return parts


def _shared_stems(game: Game, opts) -> dict[str, str]:
    """The shared card file (its stem) of each deck and aid that prints in one."""
    sheets = SharedSheets(game, opts if opts is not None else BuildOptions())
    return {
        member: stem
        for (stem, _, _), members in zip(sheets.files(), sheets.groups.values(), strict=True)
        for member in members
    }


def write_print_set(game: Game, staging: Staging, opts) -> list[Path]:
    """The print list (CSV) and the print set: the list, then every part. A duplex part starts
    on an odd page (a blank page before it when needed), so a duplex print of the whole set
    backs each front with its own back."""
    parts = print_parts(game, staging.root, opts)
    if not parts:
        return []
    listing = staging.file("print", "print-list.csv")
    listing.write_text(_csv([p for _, p in parts]), encoding="utf-8")
    combined = staging.file("print", f"{game.id}-print-set.pdf")
    with tempfile.TemporaryDirectory(prefix="portolan-print-") as tmp:
        cover = Path(tmp) / "list.pdf"
        _list_pages(game, [p for _, p in parts], cover, papers()[opts.page])
        _merge(cover, parts, Path(tmp), combined)
    return [listing, combined]


def _merge(cover: Path, parts: list[tuple[Path, PrintPart]], tmp: Path, out: Path) -> None:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument.new()
    tags = 0

    def add(pdf: Path, name: str) -> None:
        nonlocal tags
        data, tags = retag_subsets(pdf.read_bytes(), tags)
        (tmp / name).write_bytes(data)
        _import(doc, tmp / name)

    try:
        for k, (pdf, part) in enumerate([(cover, None), *parts]):
            if part is not None and part.sides != "simplex" and len(doc) % 2 == 1:
                w, h = doc[len(doc) - 1].get_size()
                add(_blank_page(tmp / f"blank-{k}.pdf", w * MM_PER_PT, h * MM_PER_PT), f"b{k}")
            add(pdf, f"part-{k}.pdf")
        doc.save(str(out))
    finally:
        doc.close()
    out.write_bytes(ask_no_scaling(without_save_time(out.read_bytes())))


def _import(doc, path: Path) -> None:
    import pypdfium2 as pdfium

    src = pdfium.PdfDocument(str(path))
    try:
        doc.import_pages(src)
    finally:
        src.close()


def _blank_page(path: Path, w: float, h: float) -> Path:
    """A page left blank on purpose (the back of the page before a duplex part), saying so."""
    writer = PdfWriter(path, (w, h), title="blank")
    d = Drawing(w, h)
    d.add(Text(w / 2, h / 2, BLANK_NOTE, 8, "regular", "#6b6b6b", "middle"))
    writer.page(d)
    writer.save()
    return path


def _csv(parts: list[PrintPart]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["File", "Paper", "Sides", "Pages", "Sheets"])
    for p in parts:
        writer.writerow([p.file, p.paper, p.sides, p.pages, p.sheets])
    return out.getvalue()


def _list_pages(game: Game, parts: list[PrintPart], path: Path, size) -> None:
    w, h = size.width, size.height
    writer = PdfWriter(path, (w, h), title=f"{game.title} — print list")
    rows_per_page = int((h - 60) // 7)
    for start in range(0, max(1, len(parts)), rows_per_page):
        d = Drawing(w, h)
        d.add(Text(20, 25, f"{game.title}: print list", 16, "bold"))
        d.add(
            Text(
                20,
                33,
                "Print at 100 % (actual size). The pages after this list, in this order:",
                9,
            )
        )
        y = 45
        columns = (20, 95, 135, 172, 190)
        for x, label in zip(columns, ("File", "Paper", "Sides", "Pages", "Sheets"), strict=True):
            d.add(Text(x, y, label, 9, "bold"))
        d.add(Line(20, y + 2, w - 20, y + 2, width=0.3))
        for p in parts[start : start + rows_per_page]:
            y += 7
            cells = (p.file, p.paper, p.sides, str(p.pages), str(p.sheets))
            for x, cell in zip(columns, cells, strict=True):
                d.add(Text(x, y, cell, 9))
        if start + rows_per_page >= len(parts):
            total = sum(p.sheets for p in parts)
            d.add(Text(20, y + 12, f"{total} sheets in all.", 9, "bold"))
        writer.page(d)
    writer.save()
