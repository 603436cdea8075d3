"""Builds a game's print set into ``output/<game>/``, atomically.

Everything is first written to a hidden folder next to the target; only when every game asked
for has been built without error are the folders swapped into place. A failed build leaves
``output/`` exactly as it was.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from generator.backends.pdf import PdfWriter
from generator.backends.svg import write_svg
from generator.kinds.cardface import Overflow
from generator.kinds.counters import render_counters
from generator.kinds.reference import write_reference
from generator.kinds.scorepad import render_scorepad
from generator.layout.large import choose_sheet, large_page
from generator.layout.sheet import SheetOptions
from generator.printset import (
    SharedSheets,
    component_pages,
    is_tiled,
    registration,
    shared_pages,
)
from generator.printset import render_component as render
from generator.publish import publish_pdf
from generator.theme import Theme
from portolan.model.loader import Component, Game
from portolan.sizes import paper_label, papers, printer_limits

FORMATS = ("pdf", "svg", "png")


@dataclass(frozen=True)
class BuildOptions:
    """What ``portolan build`` was asked for (docs/printing.md says what each does)."""

    page: str = "a4"
    bleed: float = 3.0
    duplex: str = "long"  # long | short | none | fold
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    grayscale: bool = False
    formats: tuple[str, ...] = ("pdf", "svg")
    layout: str = "packed"  # packed | gutters
    printer_margin: float = printer_limits()[0]
    sides: str = "both"  # both | fronts | backs
    sheets: str = "shared"  # shared | per-deck
    card_size: tuple[tuple[str, str], ...] = ()  # (component id or '*', size preset)
    board_page: str | None = None  # paper for boards too large for the page

    @property
    def theme(self) -> Theme:
        return Theme(ink_saver=self.ink_saver, gray=self.grayscale)

    def sheet(self) -> SheetOptions:
        size = papers()[self.page]
        return SheetOptions(
            (size.width, size.height),
            self.page,
            self.bleed,
            self.duplex,
            self.back_offset,
            self.printer_margin,
            self.layout,
            self.sides,
        )


@dataclass
class GameReport:
    game: str
    files: list[Path] = field(default_factory=list)
    overflows: list[Overflow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the layout could not give


Progress = Callable[[str], None]


def steps(game: Game) -> int:
    """How many progress steps building ``game`` takes (one per component)."""
    return len(game.components)


def build_game(
    game: Game, target: Path, opts: BuildOptions, progress: Progress | None = None
) -> GameReport:
    """Write every component of ``game`` into the folder ``target`` (which must be empty)."""
    report = GameReport(game.id)
    shared = SharedSheets(game, opts)
    for component in game.components:
        if progress:
            progress(f"{game.id}: {component.name}")
        report.files += _build_component(game, component, target, opts, report, shared)
    for stem, name, items in shared.files():
        notes: list[str] = []
        pages = shared_pages(game, name, items, opts, notes)
        report.notes += [f"{stem}: {n}" for n in notes]
        has_backs = any(it.back is not None for it in items)
        report.files += _write_pdf(game, name, stem, pages, has_backs, target, opts)
    report.files += _write_pdf(
        game, "Registration test", "registration-test", registration(game, opts), True, target, opts
    )
    return report


def _build_component(
    game: Game,
    component: Component,
    target: Path,
    opts: BuildOptions,
    report: GameReport,
    shared: SharedSheets,
) -> list[Path]:
    theme = opts.theme
    kind = component.kind
    written: list[Path] = []
    if kind == "reference":
        return [] if opts.sides == "backs" else write_reference(game, component, target, opts)
    if kind == "scorepad":
        designs = render_scorepad(game, component, opts)
        pages = [] if opts.sides == "backs" else designs
        has_backs = False
    elif kind == "counters":
        notes = []
        pages, designs = render_counters(game, component, opts.bleed, theme, opts, notes)
        report.notes += [f"{component.id}: {n}" for n in notes]
        has_backs = any(
            c.back is not None and c.shape != "standee" for c in component.spec.counters
        )
    else:
        rendered = render(game, component, opts)
        report.overflows += rendered.overflows
        designs = rendered.designs
        has_backs = any(it.back is not None for it in rendered.items)
        notes = []
        if shared.takes(component, rendered):
            pages = []
        else:
            pages = component_pages(game, component, rendered, opts, notes)
            report.notes += [f"{component.id}: {n}" for n in notes]
        if kind == "board" and is_tiled(rendered.items, opts.sheet()):
            written += _write_large(game, component, rendered.items, target, opts)
    written += _write_pdf(game, component.name, component.id, pages, has_backs, target, opts)
    if "svg" in opts.formats:
        folder = target / "svg" / component.id
        folder.mkdir(parents=True, exist_ok=True)
        for design in designs:
            path = folder / f"{design.id}.svg"
            write_svg(design, path, theme.colour_filter)
            written.append(path)
    return written


def _write_pdf(
    game: Game,
    name: str,
    stem: str,
    pages: list,
    has_backs: bool,
    target: Path,
    opts: BuildOptions,
) -> list[Path]:
    """``<stem>.pdf`` (and its PNG previews) from ``pages``; nothing when there are none."""
    if not pages or ("pdf" not in opts.formats and "png" not in opts.formats):
        return []
    one_side = opts.duplex == "fold" or opts.sides != "both"
    pdf_path = target / f"{stem}.pdf"
    writer = PdfWriter(
        pdf_path,
        (pages[0].width, pages[0].height),
        title=f"{game.title} — {name}",
        subject=f"Portolan print-and-play, {paper_label(opts.page)}",
        duplex=("none" if one_side else opts.duplex) if has_backs else None,
        colour_filter=opts.theme.colour_filter,
    )
    for page in pages:
        writer.page(page)
    writer.save()
    return publish_pdf(pdf_path, target, stem, opts.formats)


def _write_large(
    game: Game, component: Component, items: list, target: Path, opts: BuildOptions
) -> list[Path]:
    """``<component>-large.pdf``: the tiled board whole on one print-shop sheet per copy."""
    if "pdf" not in opts.formats and "png" not in opts.formats:
        return []
    first = items[0].front
    sheet = choose_sheet(first.width, first.height, first.bleed, opts.printer_margin)
    stem = f"{component.id}-large"
    path = target / f"{stem}.pdf"
    writer = PdfWriter(
        path,
        sheet.size,
        title=f"{game.title} — {component.name} (single sheet)",
        subject=f"Portolan print-and-play, {sheet.label} single sheet for a print shop",
        colour_filter=opts.theme.colour_filter,
    )
    for n, item in enumerate(items, start=1):
        page = large_page(item.front, sheet, (game.title, component.name), n, len(items))
        writer.page(page, trim=sheet.trim, bleed=sheet.bleed_box)
    writer.save()
    return publish_pdf(path, target, stem, opts.formats)


def build_games(
    games: list[Game], out_root: Path, opts: BuildOptions, progress: Progress | None = None
) -> list[GameReport]:
    """Build every game into a hidden staging folder, then swap them all into ``out_root``."""
    created = not out_root.exists()
    out_root.mkdir(parents=True, exist_ok=True)
    staged: list[tuple[Game, Path]] = []
    reports = []
    try:
        for game in games:
            stage = out_root / f".{game.id}.building-{os.getpid()}"
            if stage.exists():
                shutil.rmtree(stage)
            stage.mkdir()
            staged.append((game, stage))
            report = build_game(game, stage, opts, progress)
            report.files = [out_root / game.id / f.relative_to(stage) for f in report.files]
            reports.append(report)
    except BaseException:
        for _, stage in staged:
            shutil.rmtree(stage, ignore_errors=True)
        if created:  # leave no empty output folder behind either
            shutil.rmtree(out_root, ignore_errors=True)
        raise
    for game, stage in staged:
        final = out_root / game.id
        old = out_root / f".{game.id}.old-{os.getpid()}"
        if final.exists():
            final.rename(old)
        stage.rename(final)
        if old.exists():
            shutil.rmtree(old)
    return reports
