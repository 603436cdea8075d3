"""portolan examples: the example logs and end positions shipped with Portolan, written where
the user can read, check, score and edit them (from any folder, a wheel install included)."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import app, friendly
from portolan.cli.terminal import echo
from portolan.errors import InputError, Problem, did_you_mean, display_path
from portolan.paths import examples_dir

POSITIONS = "positions"


def shipped(game: str) -> list[Path]:
    """The files shipped for ``game``: its logs and their schema, its end position and its
    schema; as paths relative to the examples folder."""
    root = examples_dir()
    logs = [*sorted((root / game).glob("*.yaml")), *sorted((root / game).glob("*.schema.json"))]
    positions = sorted((root / POSITIONS).glob(f"{game}.*"))
    return [p.relative_to(root) for p in (*logs, *positions) if p.suffix in (".yaml", ".json")]


def games_with_examples() -> list[str]:
    root = examples_dir()
    return sorted(
        p.name for p in root.iterdir() if p.is_dir() and (p / "log.schema.json").is_file()
    )


@app.command("examples")
@friendly
def examples_command(
    games: list[str] = typer.Argument(
        None, help="Game ids (default: every game).", autocompletion=opt.game_ids
    ),
    out: Path = typer.Option(
        Path("examples"), "--out", help="Folder to write into (default: ./examples)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace files that differ."),
):
    """Write example turn logs and end positions (with their schemas) to start from.

    Examples:

      portolan examples                        # every game, into ./examples

      portolan check examples/ships/two-players.yaml

      portolan score examples/positions/ships.yaml"""
    from portolan.fsio import output_folder, write_atomic

    known = games_with_examples()
    for game in games or ():
        if game not in known:
            raise opt.bad("GAME", f"no examples for '{game}'", did_you_mean(game, known))
    chosen = list(dict.fromkeys(games or known))
    files = [f for game in chosen for f in shipped(game)]
    root = examples_dir()
    changed = [f for f in files if _differs(root / f, out / f)]
    if changed and not force:
        problems = [
            Problem("exists with other content", file=display_path(out / f)) for f in changed
        ]
        hint = "--force replaces them"
        raise InputError(
            [*problems[:10], Problem("nothing was written", file="command line", hint=hint)]
        )
    output_folder(out)
    for f in files:
        write_atomic(out / f, (root / f).read_text("utf-8"), durable=False)
    echo(f"{len(files)} files for {', '.join(chosen)} -> {display_path(out)}")
    first = next(f for f in files if f.parent.name != POSITIONS)
    echo(f"next: portolan check {display_path(out / first)}")


def _differs(source: Path, target: Path) -> bool:
    try:
        return target.read_bytes() != source.read_bytes()
    except FileNotFoundError:
        return False
