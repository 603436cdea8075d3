"""portolan show: the table after a turn of a log, as an SVG picture (portolan/show/)."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly
from portolan.cli.terminal import echo
from portolan.errors import OutputError, display_path
from portolan.paths import output_dir


@app.command("show")
@friendly
def show_command(
    log: opt.Log,
    turn: opt.AfterTurn = None,
    out: Path = typer.Option(
        None,
        "--out",
        help="The SVG file to write, or a folder to write it into "
        "(default: output/<log name>.svg, or <log name>-turn-N.svg with --turn).",
    ),
    text: bool = typer.Option(False, "--text", help="Also print the picture in words."),
    components: Path = COMPONENTS,
):
    """Draw the table after a turn of a log as an SVG picture: every ship, cube, disc and card
    where it stands, as on the printed board. Exit 1 if the log breaks a rule before that turn
    (the picture then shows the table before the illegal step)."""
    from portolan.checker.core.log import load_log
    from portolan.fsio import write_atomic
    from portolan.show import picture_of

    loaded = load_log(log, components_folder(components))
    target = _target(log, out, turn)
    shown = picture_of(loaded, turn)
    write_atomic(target, shown.svg)
    if text:
        for line in shown.lines:
            echo(line)
    if shown.violation is not None:
        echo(str(shown.violation))
        echo(f"{display_path(target)}: the table before the illegal step (turn {shown.turns})")
        raise typer.Exit(1)
    echo(f"{display_path(target)}: the table {_when(turn)}")


def _when(turn: int | None) -> str:
    if turn is None:
        return "at the end of the log"
    return f"after turn {turn}" if turn else "as set up, before the first turn"


def _target(log: Path, out: Path | None, turn: int | None) -> Path:
    """Where the picture goes: ``--out`` as given (a folder: the default name inside it). The
    log itself, or a file not named .svg, is never overwritten."""
    name = log.stem + (f"-turn-{turn}" if turn is not None else "") + ".svg"
    if out is None:
        target = output_dir() / name
    elif out.is_dir():
        target = out / name
    else:
        target = out
    if target.suffix.lower() != ".svg":
        raise opt.bad("--out", f"'{out}' is not an .svg file", f"e.g. --out {name}")
    if target.is_symlink() and not target.exists():
        raise OutputError(target, "a symbolic link to nothing (its target does not exist)")
    if target.exists() and log.exists() and target.resolve() == log.resolve():
        raise opt.bad("--out", f"'{out}' is the log itself", f"e.g. --out {name}")
    return target
