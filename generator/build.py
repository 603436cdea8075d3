"""Builds a game's print set into ``output/<game>/``, atomically.

Everything is first written to a hidden folder next to the target; only when every game asked
for has been built without error (and written to the disk) are the folders swapped into place.
A failed or killed build leaves ``output/`` as it was, and nothing is ever written outside it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from portolan.errors import InputError, OutputError
from portolan.fsio import (
    Flusher,
    fsync_path,
    fsync_tree,
    locked,
    output_folder,
    remove,
    remove_stale,
)
from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.backends.png import require_png
from portolan.generator.backends.svg import write_svg
from portolan.generator.bounds import check_counters_fit, check_pages, check_sheet
from portolan.generator.exports import EXPORT_FORMATS, write_exports
from portolan.generator.fingerprint import STAGING, fingerprint, stamp
from portolan.generator.keep import keep_other_formats
from portolan.generator.kinds.cardface import Overflow
from portolan.generator.kinds.counters import has_backs as counters_have_backs
from portolan.generator.kinds.counters import render_counters
from portolan.generator.kinds.scorepad import render_scorepad
from portolan.generator.layout.large import choose_sheet, large_page
from portolan.generator.layout.sheet import compose
from portolan.generator.options import FORMATS, BuildOptions  # noqa: F401 (FORMATS: callers' name)
from portolan.generator.parallel import ComponentPool, can_fork
from portolan.generator.printset import (
    BOARD_KINDS,
    SharedSheets,
    component_pages,
    free_stem,
    is_tiled,
    registration,
)
from portolan.generator.printset import render_component as render
from portolan.generator.publish import publish_pdf
from portolan.generator.staging import Staging
from portolan.interrupts import raise_if_pressed
from portolan.limits import component_limits, hint, shown, time_budget
from portolan.model.loader import Component, Game
from portolan.sizes import paper_label

RASTER_FORMATS = ("png", *EXPORT_FORMATS)  # need pdfium (the png extra)


@dataclass
class GameReport:
    game: str
    files: list[Path] = field(default_factory=list)
    overflows: list[Overflow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the layout could not give
    kept: list[Path] = field(default_factory=list)  # other formats' files of an earlier build


Progress = Callable[[str], None]


def steps(game: Game, opts: BuildOptions | None = None) -> int:
    """How many progress steps building ``game`` takes (one per component, one per export)."""
    exports = [f for f in (opts.formats if opts else ()) if f in EXPORT_FORMATS]
    return len(game.components) + len(exports)


def build_game(
    game: Game,
    target: Path | Staging,
    opts: BuildOptions,
    progress: Progress | None = None,
    final: Path | None = None,
    pool: ComponentPool | None = None,
    flush: Callable[[list[Path]], None] = lambda files: None,
) -> GameReport:
    """Write every component of ``game`` into the folder ``target`` (which must be empty);
    ``final`` is where the folder will end up (exports that name their files need it). The
    build has a time budget (``build_budget``); past it the build stops with an input error
    that names the component it was drawing. With a ``pool`` the components are built by its
    workers; the files shared by several components (the shared card sheets, the registration
    test) are written here while they work. Each component's files are handed to ``flush`` once
    written.
    """
    with build_budget(1):
        staging = target if isinstance(target, Staging) else Staging(target)
        opts = _with_pdf(opts)
        report = GameReport(game.id)
        shared = SharedSheets(game, opts)
        if pool is None:
            for component in game.components:
                raise_if_pressed()
                if progress:
                    progress(f"{game.id}: {component.name}")
                files = build_component(game, component, staging, opts, report, shared)
                report.files += files
                flush(files)
            staging.component = None
            tail = _write_shared(game, shared, staging, opts)
            tail += _write_registration(game, staging, opts)
        else:
            # The parent would only wait for the workers: it writes the registration test first,
            # and the shared card sheets as soon as the components that feed them are in (the
            # workers draw those early, ``_handout``). A failure there is raised where a
            # one-process build meets it, after the components.
            registration_test = _attempt(_write_registration, game, staging, opts)
            early = _shared_early(game, shared, staging, opts, pool)
            for component, built in pool.results(game):
                raise_if_pressed()
                if progress:
                    progress(f"{game.id}: {component.name}")
                staging.component = component
                for path in built.files:  # what a one-process build's staging would have refused
                    staging.claim(path)
                report.files += built.files
                flush(built.files)
                report.overflows += built.overflows
                report.notes += built.notes
            staging.component = None
            # Every component is in (the loop raises the first failure): the decks too, so the
            # sheets are written here if they were not already.
            early = early or _shared_early(game, shared, staging, opts, pool)
            assert early is not None
            tail = early.result() + registration_test.result()
        report.notes += tail.notes
        report.files += tail.files
        report.files += write_exports(game, staging, final or staging.root, opts, progress)
        return report


def _shared_early(
    game: Game, shared: SharedSheets, staging: Staging, opts: BuildOptions, pool: ComponentPool
) -> Future[_Written] | None:
    """The shared card sheets, written once the components that feed them are drawn, whichever
    components come before them in the game; None when one of those failed (the loop over the
    results raises the first failure, in the game's order)."""
    feeders = shared.feeders()
    built = pool.built(game, feeders)
    if built is None:
        return None
    for component in game.components:
        if component.id in built and built[component.id].shared_items:
            shared.keep(component, built[component.id].shared_items)
    staging.component = None
    return _attempt(_write_shared, game, shared, staging, opts)


def _attempt(write: Callable[..., _Written], *args) -> Future[_Written]:
    """What ``write(*args)`` gave, or the exception it raised, for ``result()`` to raise."""
    attempt: Future[_Written] = Future()
    try:
        attempt.set_result(write(*args))
    except Exception as exc:
        attempt.set_exception(exc)
    return attempt


@dataclass
class _Written:
    """Files written for a game beyond its components, and the layout's notes on them."""

    files: list[Path]
    notes: list[str] = field(default_factory=list)

    def __add__(self, other: _Written) -> _Written:
        return _Written(self.files + other.files, self.notes + other.notes)


def _write_shared(game: Game, shared: SharedSheets, staging: Staging, opts) -> _Written:
    """The shared card sheets (``all-cards.pdf``), from the items the components kept."""
    out = _Written([])
    for stem, name, items in shared.files():
        notes: list[str] = []
        pages = compose(items, opts.sheet(), (game.title, name), notes=notes)
        out.notes += [f"{stem}: {n}" for n in notes]
        has_backs = any(it.back is not None for it in items)
        out.files += _write_pdf(game, name, stem, pages, has_backs, staging, opts)
    return out


def _write_registration(game: Game, staging: Staging, opts) -> _Written:
    pages = registration(game, opts)
    stem = free_stem("registration-test", {c.id for c in game.components}, "-sheet")
    return _Written(_write_pdf(game, "Registration test", stem, pages, True, staging, opts))


def _with_pdf(opts: BuildOptions) -> BuildOptions:
    if "cards-png" in opts.formats and "pdf" not in opts.formats:
        return replace(opts, formats=(*opts.formats, "pdf"))  # the print set is made of PDFs
    return opts


def build_component(
    game: Game,
    component: Component,
    staging: Staging,
    opts: BuildOptions,
    report: GameReport,
    shared: SharedSheets,
) -> list[Path]:
    """One component's files, within what is left of the build's time budget."""
    staging.component = component
    with build_budget(1):  # a component drawn alone (tests) has a budget of its own
        total, deadline = _budget.total, _budget.deadline
        left = deadline - time.monotonic()
        if left <= 0:
            raise _too_slow(component, total)
        with time_budget(left, lambda: _too_slow(component, total)):
            return _build_component(game, component, staging, _with_pdf(opts), report, shared)


# The time budget of the build under way in this thread: ``total`` seconds, up to ``deadline``
# (``time.monotonic()``, one clock for the whole machine: the workers forked by the build share
# the deadline it set).
_budget = threading.local()


@contextlib.contextmanager
def build_budget(games: int) -> Iterator[None]:
    """One time budget for a whole build: ``components.time_budget_seconds`` for each game
    asked for, shared by all their components, whichever process draws them. A stranger's
    folder of a hundred slow components costs that, not a hundred times that. Inside a build
    already budgeted, nothing changes."""
    if getattr(_budget, "deadline", None) is not None:
        yield
        return
    _budget.total = games * component_limits().time_budget_seconds
    _budget.deadline = time.monotonic() + _budget.total
    try:
        yield
    finally:
        _budget.deadline = None


@dataclass
class ComponentBuilt:
    """What a worker hands back for one component (it crosses processes by pickle)."""

    files: list[Path]
    overflows: list[Overflow]
    notes: list[str]
    shared_items: list  # the items it gives to a shared card sheet, if any


def _component_in_worker(
    game: Game, component: Component, staging: Staging, opts: BuildOptions
) -> ComponentBuilt:
    report = GameReport(game.id)
    shared = SharedSheets(game, opts)
    files = build_component(game, component, staging, opts, report, shared)
    kept = [item for items in shared.items.values() for item in items]
    return ComponentBuilt(files, report.overflows, report.notes, kept)


# The kinds that take longest to draw (benchmarks/build.py lists each component's time), handed
# to the workers first: one handed out last would keep a worker busy while the others wait.
SLOW_KINDS = ("reference", "map", "board", "counters")


def _handout(game: Game, opts: BuildOptions) -> list[int]:
    """The order the workers of ``--jobs`` take ``game``'s components in: the rules reference
    first (the longest of most games), then the decks of the shared card sheets (the parent
    writes those sheets while the workers draw the rest), then the slow kinds, then the others;
    each group in the game's order."""
    feeders = SharedSheets(game, opts).feeders()

    def rank(ci: int) -> int:
        component = game.components[ci]
        if component.kind == SLOW_KINDS[0]:
            return 0
        if component.id in feeders:
            return 1
        if component.kind in SLOW_KINDS:
            return 2 + SLOW_KINDS.index(component.kind)
        return 2 + len(SLOW_KINDS)

    return sorted(range(len(game.components)), key=rank)


def _too_slow(component: Component, budget: float) -> InputError:
    return InputError(
        component.source.problem(
            f"the build takes more than its {shown(budget)} s; it stopped at '{component.id}'",
            component.raw.pos,
            hint=hint("components.time_budget_seconds"),
        )
    )


def _build_component(
    game: Game,
    component: Component,
    staging: Staging,
    opts: BuildOptions,
    report: GameReport,
    shared: SharedSheets,
) -> list[Path]:
    theme = opts.theme
    kind = component.kind
    written: list[Path] = []
    if kind == "reference":
        # Imported here: reportlab's platypus takes 0.06 to 0.09 s to import (its regular
        # expressions), which only the process that builds the reference then pays, not the
        # parent before its workers are forked.
        from portolan.generator.kinds.reference import write_reference

        return [] if opts.sides == "backs" else write_reference(game, component, staging, opts)
    if kind == "scorepad":
        designs = render_scorepad(game, component, opts)
        pages = [] if opts.sides == "backs" else designs
        has_backs = False
    elif kind == "counters":
        check_counters_fit(component, opts)
        notes, overflows = [], []
        pages, designs = render_counters(game, component, opts.bleed, theme, opts, notes, overflows)
        report.notes += [f"{component.id}: {n}" for n in notes]
        report.overflows += overflows
        has_backs = counters_have_backs(component.spec)
    else:
        rendered = render(game, component, opts)
        report.overflows += rendered.overflows
        tiling = getattr(component.spec, "tiling", None)
        check_sheet(component, rendered.items, opts, tiling.overlap if tiling else 12.0)
        designs = rendered.designs
        has_backs = any(it.back is not None for it in rendered.items)
        notes = []
        if shared.keep(component, rendered.items):
            pages = []
        else:
            pages = component_pages(game, component, rendered, opts, notes)
            report.notes += [f"{component.id}: {n}" for n in notes]
        if kind in BOARD_KINDS and is_tiled(rendered.items, opts.sheet()):
            written += _write_large(game, component, rendered.items, staging, opts)
    check_pages(component, len(pages))
    written += _write_pdf(game, component.name, component.id, pages, has_backs, staging, opts)
    if "svg" in opts.formats:
        for design in designs:
            path = staging.file("svg", component.id, f"{design.id}.svg")
            write_svg(design, path, theme.colour_filter)
            written.append(path)
    return written


def _write_pdf(
    game: Game,
    name: str,
    stem: str,
    pages: list,
    has_backs: bool,
    staging: Staging,
    opts: BuildOptions,
    *,
    subject: str = "",
    boxes: dict | None = None,
) -> list[Path]:
    """``<stem>.pdf`` (and its PNG previews) from ``pages``; nothing when there are none.
    ``boxes``: every page's TrimBox and BleedBox (``PdfWriter.page``)."""
    if not pages or ("pdf" not in opts.formats and "png" not in opts.formats):
        return []
    one_side = opts.duplex == "fold" or opts.sides != "both"
    pdf_path = staging.file(f"{stem}.pdf")
    writer = PdfWriter(
        pdf_path,
        (pages[0].width, pages[0].height),
        title=f"{game.title} — {name}",
        subject=subject or f"Portolan print-and-play, {paper_label(opts.page)}",
        duplex=("none" if one_side else opts.duplex) if has_backs else None,
        colour_filter=opts.theme.colour_filter,
    )
    for page in pages:
        writer.page(page, **(boxes or {}))
    writer.save()
    return publish_pdf(pdf_path, staging, stem, opts.formats)


def _write_large(
    game: Game, component: Component, items: list, staging: Staging, opts: BuildOptions
) -> list[Path]:
    """``<component>-large.pdf``: the tiled board whole on one print-shop sheet per copy."""
    if "pdf" not in opts.formats and "png" not in opts.formats:
        return []
    first = items[0].front
    sheet = choose_sheet(first.width, first.height, first.bleed, opts.printer_margin)
    titles = (game.title, component.name)
    pages = [large_page(it.front, sheet, titles, n, len(items)) for n, it in enumerate(items, 1)]
    name, stem = f"{component.name} (single sheet)", f"{component.id}-large"
    subject = f"Portolan print-and-play, {sheet.label} single sheet for a print shop"
    boxes = {"trim": sheet.trim, "bleed": sheet.bleed_box}
    return _write_pdf(game, name, stem, pages, False, staging, opts, subject=subject, boxes=boxes)


def build_games(
    games: list[Game],
    out_root: Path,
    opts: BuildOptions,
    progress: Progress | None = None,
    on_wait: Callable[[], None] | None = None,
    jobs: int = 1,
) -> list[GameReport]:
    """Build every game into a hidden staging folder, then swap them all into ``out_root``.

    One build at a time writes into one output folder (a second waits for the first; ``on_wait``
    is told); staging folders that a killed build left behind are removed; every file is on
    the disk before the swap. A game named twice is built once. With ``jobs`` above 1 the
    components are built by that many worker processes (the same files, byte for byte). Each
    game's folder records what it was built from (``fingerprint.STAMP``).
    """
    games = list({g.id: g for g in games}.values())
    if any(f in RASTER_FORMATS for f in opts.formats):
        require_png()  # exit 2 naming the extra, before anything is written
    created = not (out_root.exists() or out_root.is_symlink())
    output_folder(out_root)
    with locked(out_root, on_wait), build_budget(len(games)):
        remove_stale(out_root, STAGING)
        staged: list[tuple[Game, Path]] = []
        reports = []
        pool = flusher = None
        try:
            for game in games:
                stage = out_root / f".{game.id}.building-{os.getpid()}"
                remove(stage)
                stage.mkdir()
                staged.append((game, stage))
            pool = _worker_pool(jobs, games, [st for _, st in staged], opts)
            flusher = Flusher()  # after the fork: a fork copies no thread
            for game, stage in staged:
                key = fingerprint(game.dir, game.id, opts)  # before reading: a change rebuilds
                final = out_root / game.id
                report = build_game(
                    game, Staging(stage), opts, progress, final=final, pool=pool, flush=flusher
                )
                if key is not None:
                    warnings = [o.warning() for o in report.overflows]
                    stamp(stage, key, report.files, warnings, report.notes)
                report.files = [final / f.relative_to(stage) for f in report.files]
                reports.append(report)
            if pool is not None:
                pool.close()
            flusher.finish()
            for _, stage in staged:
                fsync_tree(stage, flusher.flushed)
            raise_if_pressed()  # a Ctrl-C Python dropped: nothing is swapped into place
        except BaseException as exc:
            if flusher is not None:
                flusher.close()
            if pool is not None:
                pool.close()  # no worker writes on once the staging folders are removed
            for _, stage in staged:
                shutil.rmtree(stage, ignore_errors=True)
            if created:  # leave no empty output folder behind either
                shutil.rmtree(out_root, ignore_errors=True)
            if isinstance(exc, OSError):
                raise OutputError.of(exc, _as_final(exc.filename, staged, out_root)) from None
            raise
        try:
            for (game, stage), report in zip(staged, reports, strict=True):
                kept = keep_other_formats(out_root / game.id, stage, opts.formats)
                report.kept = [out_root / game.id / f.relative_to(stage) for f in kept]
                _swap(out_root, game.id, stage)
            fsync_path(out_root, folder=True)
        except OSError as exc:
            for _, stage in staged:
                shutil.rmtree(stage, ignore_errors=True)
            raise OutputError.of(exc, out_root) from None
    return reports


def _worker_pool(
    jobs: int, games: list[Game], stages: list[Path], opts: BuildOptions
) -> ComponentPool | None:
    """Worker processes for the components when ``jobs`` asks for more than one and this
    process may fork; None to build here (also when no worker could be forked)."""
    if not (jobs > 1 and can_fork() and sum(len(g.components) for g in games) > 1):
        return None
    try:
        worker_opts = _with_pdf(opts)
        handout = partial(_handout, opts=worker_opts)
        return ComponentPool(jobs, games, stages, worker_opts, _component_in_worker, handout)
    except OSError:  # no worker could be forked (memory, process limit): one process
        return None


def _as_final(filename, staged: list[tuple[Game, Path]], out_root: Path) -> Path:
    """Where a file that could not be written was going: ``out/<game>/...``, not the hidden
    staging folder (which is removed)."""
    if not staged:
        return Path(filename) if filename else out_root
    if filename:
        for g, st in staged:
            with contextlib.suppress(ValueError):
                return out_root / g.id / Path(os.fsdecode(filename)).relative_to(st)
        return Path(os.fsdecode(filename))
    return out_root / staged[-1][0].id


def _swap(out_root: Path, game_id: str, stage: Path) -> None:
    """Put the staged set in place of the old one (each game's folder changes in one step)."""
    final = out_root / game_id
    old = out_root / f".{game_id}.old-{os.getpid()}"
    remove(old)
    if final.exists() or final.is_symlink():
        final.rename(old)
    stage.rename(final)
    remove(old)
