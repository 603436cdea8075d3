"""portolan play: the interactive referee at the table."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly, rule_options
from portolan.errors import display_path


@app.command("play")
@friendly
def play_command(
    game: str = typer.Argument(..., help="Game id."),
    log: Path = typer.Option(..., "--log", help="The log file to write (an existing one resumes)."),
    players: str = typer.Option(None, "--players", help='Seat order, e.g. "Ana,Ben" (new games).'),
    option: list[str] = typer.Option(
        None, "--option", help="A rule option, name=value (repeatable)."
    ),
    seed: int = typer.Option(None, "--seed", help="Seed for 'r' (random) answers."),
    components: Path = COMPONENTS,
):
    """Referee a game at the table: lists the legal moves, asks what was drawn, writes the log."""
    import random

    from checker.core.log import load_log
    from checker.core.play import Session
    from checker.core.registry import rules_for
    from checker.core.replay import run
    from portolan.model import load_game

    rules = rules_for(game)
    folder = components_folder(components)
    model = load_game(folder, game)
    steps = []
    if log.exists() and log.stat().st_size > 0:
        loaded = load_log(log, folder)
        if loaded.model.id != game:
            raise opt.bad("--log", f"{display_path(log)} is a log of {loaded.model.id}")
        if players and opt.names("--players", players) != loaded.players:
            raise opt.bad("--players", f"the log was started by {', '.join(loaded.players)}")
        if option:
            raise opt.bad("--option", "rule options are fixed when a game starts")
        names, chosen, steps = loaded.players, loaded.options, loaded.steps
        typer.echo(f"Resuming {display_path(log)}: {steps[-1].turn if steps else 0} turns so far.")
    else:
        if not players:
            raise opt.bad("--players", 'name the players for a new game, e.g. "Ana,Ben"')
        names = opt.names("--players", players)
        problem = model.player_count_problem(len(names))
        if problem is not None:
            raise opt.bad("--players", problem)
        chosen = rule_options(rules, model, option)

    def ask(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    session = Session(rules, model, names, chosen, log, ask, typer.echo, rng=random.Random(seed))
    if steps:
        result = run(rules, model, session.state, steps, display_path(log), finish=False)
        if result.violation is not None:
            typer.echo(str(result.violation))
            raise typer.Exit(1)
        session.steps = list(steps)
    session.run()
