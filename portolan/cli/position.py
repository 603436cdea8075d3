"""portolan position: the position a log reaches after one of its turns, as a file a log can
start from (``position:``) and ``portolan score`` can read."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, OUT, app, components_folder, friendly, print_or_write
from portolan.cli.terminal import echo
from portolan.errors import display_path


@app.command("position")
@friendly
def position_command(
    log: opt.Log,
    turn: opt.AfterTurn = None,
    out: Path = OUT,
    components: Path = COMPONENTS,
):
    """Write the position reached after a turn of a log (YAML): what `portolan score` reads,
    whose turn is next and the state of the table, so that a log can start from it
    (position: FILE). Exit 1 if the log breaks a rule before."""
    from portolan.checker.core.log import load_log
    from portolan.checker.core.position import position_yaml
    from portolan.checker.core.reach import position_after

    loaded = load_log(log, components_folder(components))
    first = loaded.start.turns if loaded.start is not None else 0
    last = loaded.steps[-1].turn if loaded.steps else first
    if turn is None:
        turn = last
    opt.number("--turn", turn, first, last)
    reached = position_after(loaded, turn)
    if reached.violation is not None:
        echo(str(reached.violation), err=True)
        raise typer.Exit(1)
    next_player = reached.data.get("next")
    header = [
        f"The position after turn {turn} of {display_path(log)} ({loaded.model.title}).",
        f"Next: {next_player}'s turn." if next_player else "The game is over.",
        "A log goes on from it with `position: FILE` (docs/logs.md); `portolan score` reads",
        "its top part. The state below is the table between two turns, in the rules' terms.",
    ]
    print_or_write(position_yaml(reached.data, header), out)
