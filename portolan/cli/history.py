"""portolan history: the table's history kept by ``portolan serve`` (its data folder's
``history.sqlite3``): the plays, the latest first, and each player's plays, wins, average and
best score per game."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, emit_json, friendly
from portolan.cli.terminal import echo


@app.command("history")
@friendly
def history_command(
    game: str = typer.Option(
        None, "--game", help="Only this game's plays, e.g. ships.", autocompletion=opt.game_ids
    ),
    as_json: opt.AsJson = False,
    as_csv: bool = typer.Option(
        False, "--csv", help="Print the plays as CSV (the file /history imports)."
    ),
    data: Path = typer.Option(
        None,
        "--data",
        help="The data folder of portolan serve (default: ~/.local/share/portolan).",
    ),
    components: Path = COMPONENTS,
):
    """List the plays scored or refereed with portolan serve, and each player's statistics."""
    from portolan.cli.serve import default_data
    from portolan.model.loader import available_games
    from portolan.web.historydb import History

    if as_json and as_csv:
        raise opt.bad("--csv", "choose one of --json and --csv")
    if game is not None:
        known = available_games(components_folder(components))
        game = opt.choice("--game", game, known)
    history = History(data if data is not None else default_data())
    if as_csv:
        echo(history.export_csv(game), nl=False)
        return
    plays, stats = history.plays(game), history.stats(game)
    if as_json:
        emit_json(
            {
                "ok": True,
                "game": game,
                "plays": [p.as_json() for p in plays],
                "players": [s.as_json() for s in stats],
            }
        )
        return
    echo(_text(plays, stats), nl=False)


def _text(plays, stats) -> str:
    if not plays:
        return "No play in the history yet (save one from the score pad of portolan serve).\n"
    lines = [f"{len(plays)} play{'s' if len(plays) != 1 else ''}, the latest first:"]
    for p in plays:
        seats = ", ".join(f"{s.player} {s.score}{' (won)' if s.won else ''}" for s in p.seats)
        lines.append(f"  #{p.id}  {p.played}  {p.game}  {p.kind}: {seats}")
    current = None
    for s in stats:
        if s.game != current:
            current = s.game
            lines += ["", f"{s.game}: player, plays, wins, average, best"]
        lines.append(f"  {s.player}: {s.plays}, {s.wins}, {s.average:g}, {s.best}")
    return "\n".join(lines) + "\n"
