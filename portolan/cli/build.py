"""portolan build and portolan list: the print sets and what each game holds."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly
from portolan.errors import display_path
from portolan.paths import output_dir
from portolan.sizes import papers

DUPLEX = ("long", "short", "none")
# Every format `--format` takes (generator.build.FORMATS, listed here so help needs no import).
BUILD_FORMATS = ("pdf", "svg", "png", "tts", "cards-png")


@app.command("build")
@friendly
def build_command(
    games: list[str] = typer.Argument(None, help="Game ids to build (default: every game)."),
    components: Path = COMPONENTS,
    out: Path = typer.Option(None, "--out", help="Output folder (default: output/)."),
    page: str = typer.Option(
        "a4",
        "--page",
        help="Paper size.",
        metavar="[" + "|".join(papers()) + "]",
        autocompletion=lambda: list(papers()),
    ),
    bleed: float = typer.Option(3.0, "--bleed", help="Bleed in mm around every card."),
    duplex: str = typer.Option(
        "long",
        "--duplex",
        help="Flip on the long or short edge, or none (backs at the end).",
        metavar="[" + "|".join(DUPLEX) + "]",
        autocompletion=lambda: list(DUPLEX),
    ),
    back_offset: str = typer.Option(
        "0,0",
        "--back-offset",
        help="Shift every backs page by X,Y mm (X right, Y down, as seen on the backs page).",
    ),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="No large background fills."),
    grayscale: bool = typer.Option(False, "--grayscale", help="Print in shades of grey."),
    formats: str = typer.Option(
        "pdf,svg",
        "--format",
        help="Comma-separated: PDF sheets, SVG faces, PNG previews, Tabletop Simulator decks "
        "(tts), print-shop card images and print set (cards-png).",
        metavar=",".join(BUILD_FORMATS),
        autocompletion=lambda: list(BUILD_FORMATS),
    ),
):
    """Build print-and-play PDFs (and SVGs, PNG previews) into output/<game>/."""
    from rich.progress import BarColumn, Progress, TextColumn

    from generator.build import FORMATS, BuildOptions, build_games, steps
    from portolan.model import available_games, load_game
    from portolan.sizes import papers

    options = BuildOptions(
        page=opt.choice("--page", page, papers()),
        bleed=opt.number("--bleed", bleed, 0, 10),
        duplex=opt.choice("--duplex", duplex, DUPLEX),
        back_offset=opt.pair("--back-offset", back_offset),
        ink_saver=ink_saver,
        grayscale=grayscale,
        formats=opt.formats("--format", formats, FORMATS),
    )
    folder = components_folder(components)
    ids = list(dict.fromkeys(games or available_games(folder)))
    loaded = [load_game(folder, g) for g in ids]  # all validated before anything is written
    target = out if out is not None else output_dir()
    with Progress(
        TextColumn("{task.description:<48}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        transient=True,
        disable=not sys.stderr.isatty(),
    ) as bar:
        task = bar.add_task("building", total=sum(steps(g, options) for g in loaded))

        def progress(label: str) -> None:
            bar.update(task, description=label, advance=1)

        def waiting() -> None:
            typer.echo(f"waiting for another build into {display_path(target)} to finish", err=True)

        reports = build_games(loaded, target, options, progress, waiting)
    for report in reports:
        kinds: dict[str, int] = {}
        for f in report.files:
            kinds[f.suffix[1:].upper()] = kinds.get(f.suffix[1:].upper(), 0) + 1
        summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        typer.echo(f"{report.game}: {summary} -> {display_path(target / report.game)}")
        for over in report.overflows:
            typer.echo(f"  warning: text does not fit in {over.where}: {over.text}", err=True)


@app.command("list")
@friendly
def list_command(components: Path = COMPONENTS):
    """List the games and their components."""
    from portolan.model import available_games, load_game

    folder = components_folder(components)
    for game_id in available_games(folder):
        game = load_game(folder, game_id)
        players = game.spec.players
        typer.echo(f"{game.id}  {game.title} ({players.min.value}-{players.max.value} players)")
        for c in game.components:
            detail = ""
            if c.deck is not None:
                w, h = c.deck.spec.dims
                detail = f"{c.deck.size()} cards, {w:g}×{h:g} mm"
            elif c.kind == "board":
                detail = f"{c.spec.size.width:g}×{c.spec.size.height:g} mm, ×{c.spec.count}"
            elif c.kind == "aid":
                detail = f"×{c.spec.count}"
            elif c.kind == "counters":
                detail = f"{sum(k.count.value for k in c.spec.counters)} counters"
            typer.echo(f"  {c.id:<22} {c.kind:<10} {c.name}" + (f" ({detail})" if detail else ""))
