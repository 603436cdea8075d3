"""portolan build: the print sets."""

from __future__ import annotations

import contextlib
import gc
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly
from portolan.cli.terminal import echo
from portolan.errors import display_path
from portolan.paths import output_dir
from portolan.sizes import papers

# The choices of the print options (portolan.generator.layout's, listed here so help needs no
# import;
# tests/portolan/test_cli_app.py checks they agree).
DUPLEX = ("long", "short", "none", "fold")
LAYOUTS = ("packed", "gutters")
SIDES = ("both", "fronts", "backs")
SHEETS = ("shared", "per-deck")
# Every format `--format` takes (portolan.generator.build.FORMATS, listed here so help needs no
# import).
BUILD_FORMATS = ("pdf", "svg", "png", "tts", "cards-png")
SAFE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # a game id as the model allows it


BOARD_PAGE = "Paper for boards and mats too large for --page: one sheet each when they fit."
LAYOUT = "packed: most cards a page (shared cut lines); gutters: full bleed on every card."
MARGIN = "What your printer leaves blank at the edges, in mm."
DUPLEX_HELP = "long, short, none (backs at the end) or fold (fronts and backs side by side)."
SIDES_HELP = "both, fronts or backs (to feed the second side by hand)."
BACK_OFFSET = "Shift every backs page by X,Y mm (X right, Y down, as seen on the backs page)."
SHEETS_HELP = "shared: decks of one card size in one file; per-deck: one file per deck."
CARD_SIZE = "Print decks and aids at a preset size (poker-us), or some: deck-id=tarot,..."
FORMATS_HELP = (
    "Comma-separated: PDF sheets, SVG faces, PNG previews, Tabletop Simulator decks "
    "(tts), print-shop card images and print set (cards-png)."
)
FORCE = "Build every game asked for, even those already up to date."
VERBOSE = "Say where the layout gave less bleed than asked."


@app.command("build")
@friendly
def build_command(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game ids to build (default: every game).", autocompletion=opt.game_ids
        ),
    ] = None,
    components: Path = COMPONENTS,
    out: Annotated[Path | None, opt.flag("--out", "Output folder (default: output/).")] = None,
    page: Annotated[str, opt.flag("--page", "Paper size.", papers())] = "a4",
    board_page: Annotated[str | None, opt.flag("--board-page", BOARD_PAGE, papers())] = None,
    bleed: Annotated[float, opt.flag("--bleed", "Bleed in mm around every card.")] = 3.0,
    layout: Annotated[str, opt.flag("--layout", LAYOUT, LAYOUTS)] = "packed",
    printer_margin: Annotated[float, opt.flag("--printer-margin", MARGIN)] = 5.0,
    duplex: Annotated[str, opt.flag("--duplex", DUPLEX_HELP, DUPLEX)] = "long",
    sides: Annotated[str, opt.flag("--sides", SIDES_HELP, SIDES)] = "both",
    back_offset: Annotated[str, opt.flag("--back-offset", BACK_OFFSET)] = "0,0",
    sheets: Annotated[str, opt.flag("--sheets", SHEETS_HELP, SHEETS)] = "shared",
    card_size: Annotated[str | None, opt.flag("--card-size", CARD_SIZE)] = None,
    ink_saver: Annotated[bool, opt.flag("--ink-saver", "No large background fills.")] = False,
    grayscale: Annotated[bool, opt.flag("--grayscale", "Print in shades of grey.")] = False,
    formats: Annotated[
        str,
        opt.flag(
            "--format",
            FORMATS_HELP,
            metavar=",".join(BUILD_FORMATS),
            autocompletion=lambda: list(BUILD_FORMATS),
        ),
    ] = "pdf,svg",
    jobs: int = opt.jobs_option("Build"),
    force: Annotated[bool, opt.flag("--force", FORCE)] = False,
    verbose: Annotated[bool, opt.flag("--verbose", VERBOSE, (), "-v")] = False,
):
    """Build print-and-play PDFs (and SVGs, PNG previews) into output/<game>/: one line a game.

    A game whose inputs, options and Portolan itself have not changed since it was last built
    into the same folder is skipped (--force builds it again). Formats add: a build keeps the
    files of the formats it was not asked for (--format tts leaves the PDFs and SVGs)."""
    asked = dict(locals())  # the command line's values by parameter name
    options = _build_options(asked)
    workers = opt.workers(jobs)
    folder = components_folder(components)
    target = out if out is not None else output_dir()
    ids = list(dict.fromkeys(games or _game_ids(folder)))
    fresh = {} if force else _up_to_date(folder, ids, target, options)
    stale = [g for g in ids if g not in fresh]
    if fresh and not stale:  # a build removes what killed builds left; this one builds nothing
        from portolan.generator.fingerprint import remove_left_behind

        remove_left_behind(target)
    reports = {r.game: r for r in _build(folder, stale, target, options, workers)}
    for game_id in ids:
        if game_id in fresh:
            _say_up_to_date(game_id, fresh[game_id], target, verbose)
        else:
            _say_built(reports[game_id], target, verbose)


def _build_options(asked: dict):
    """The command line's print options, each checked (exit 2 with the option's name)."""
    from portolan.generator.options import FORMATS, BuildOptions, parse_card_size

    chosen_duplex = opt.choice("--duplex", asked["duplex"], DUPLEX)
    chosen_sides = opt.choice("--sides", asked["sides"], SIDES)
    if chosen_duplex == "fold" and chosen_sides != "both":
        raise opt.bad(
            "--sides",
            f"'{chosen_sides}' cannot go with --duplex fold, which prints both sides on one page",
            "leave out --sides, or choose --duplex long, short or none",
        )
    return BuildOptions(
        page=opt.choice("--page", asked["page"], papers()),
        board_page=_board_page(asked["board_page"]),
        bleed=opt.number("--bleed", asked["bleed"], 0, 10),
        layout=opt.choice("--layout", asked["layout"], LAYOUTS),
        printer_margin=opt.number("--printer-margin", asked["printer_margin"], 0, 20),
        duplex=chosen_duplex,
        sides=chosen_sides,
        back_offset=opt.pair("--back-offset", asked["back_offset"]),
        sheets=opt.choice("--sheets", asked["sheets"], SHEETS),
        card_size=parse_card_size(asked["card_size"]) if asked["card_size"] else (),
        ink_saver=asked["ink_saver"],
        grayscale=asked["grayscale"],
        formats=opt.formats("--format", asked["formats"], FORMATS),
    )


def _board_page(value: str | None) -> str | None:
    return opt.choice("--board-page", value, papers()) if value else None


def _say_up_to_date(game_id: str, record: dict, target: Path, verbose: bool) -> None:
    count = len(record["files"])
    where = display_path(target / game_id)
    echo(f"{game_id}: up to date, {count} files (--force rebuilds) -> {where}")
    _tell(record.get("notes", []), record.get("warnings", []), verbose)


def _say_built(report, target: Path, verbose: bool) -> None:
    line = f"{report.game}: {_count(report.files)} -> {display_path(target / report.game)}"
    if report.kept:
        line += f" (kept from an earlier build: {_count(report.kept)})"
    if report.notes and not verbose:
        n = len(report.notes)
        line += f"; bleed reduced on {n} sheet{'s' * (n != 1)} (--verbose says where)"
    echo(line)
    _tell(report.notes, [o.warning() for o in report.overflows], verbose)


def _count(files: list[Path]) -> str:
    """``1 HTML, 10 PDF, 111 SVG``: the files by kind."""
    kinds = Counter(f.suffix[1:].upper() for f in files)
    return ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))


def _tell(notes: list[str], warnings: list[str], verbose: bool) -> None:
    """The layout's notes under --verbose; warnings (text that did not fit) always."""
    for note in notes if verbose else ():
        echo(f"  {note}")
    for warning in warnings:
        echo(f"  warning: {warning}", err=True)


def _game_ids(folder: Path) -> list[str]:
    """Every game of ``folder``; when there is none, the model's loader says what is wrong."""
    found = sorted(p.parent.name for p in folder.glob("*/game.yaml"))
    if found and all(SAFE_ID.fullmatch(g) for g in found):
        return found
    from portolan.model import available_games

    return available_games(folder)


def _up_to_date(folder: Path, ids: list[str], target: Path, options) -> dict[str, dict]:
    """The games whose print set in ``target`` was built from exactly these inputs, with what
    their build recorded; read without loading the games (a build with nothing to do is quick)."""
    from portolan.generator.fingerprint import fingerprint, up_to_date

    fresh = {}
    for game_id in ids:
        if not SAFE_ID.fullmatch(game_id) or not (folder / game_id / "game.yaml").is_file():
            continue  # the build reports it
        record = up_to_date(target / game_id, fingerprint(folder / game_id, game_id, options))
        if record is not None:
            fresh[game_id] = record
    return fresh


def _build(folder: Path, ids: list[str], target: Path, options, workers: int) -> list:
    if not ids:
        return []
    from portolan.cli.progress import progress_bar
    from portolan.generator.build import build_games, steps
    from portolan.generator.printset import check_card_size_targets
    from portolan.model import load_game

    loaded = [load_game(folder, g) for g in ids]  # all validated before anything is written
    check_card_size_targets(loaded, options.card_size)
    with progress_bar(
        lambda rp: (
            rp.TextColumn("{task.description:<48}"),
            rp.BarColumn(),
            rp.TextColumn("{task.completed}/{task.total}"),
        )
    ) as bar:
        task = bar.add_task("building", total=sum(steps(g, options) for g in loaded))

        def progress(label: str) -> None:
            bar.update(task, description=label, advance=1)

        def waiting() -> None:
            echo(f"waiting for another build into {display_path(target)} to finish", err=True)

        with _fewer_collections():
            return build_games(loaded, target, options, progress, waiting, jobs=workers)


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """The collector's young generation made larger while a build draws. A deck keeps its
    cards' drawings until their pages are written, and the default threshold (700 new objects)
    walked them ever more often: 10,000 distinct cards took 10.5 times the CPU of 1,000, 9.1
    times with this (benchmarks/speed.py scale; issue 31's target is at most 10)."""
    before = gc.get_threshold()
    gc.set_threshold(10_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)
