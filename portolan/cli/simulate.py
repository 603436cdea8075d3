"""portolan simulate: random legal games, for speed and balance."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly, rule_options


@app.command("simulate")
@friendly
def simulate_command(
    game: str = typer.Argument(..., help="Game id."),
    games: int = typer.Option(100, "--games", help="How many games to play."),
    seed: int = typer.Option(0, "--seed", help="Random seed (same seed, same games)."),
    players: int = typer.Option(None, "--players", help="Players per game (default: the minimum)."),
    log_dir: Path = typer.Option(
        None, "--log-dir", help="Write every game's log into this folder."
    ),
    option: list[str] = typer.Option(
        None, "--option", help="A rule option, name=value (repeatable)."
    ),
    components: Path = COMPONENTS,
):
    """Play random legal games; print games/s and actions/s."""
    import random
    import time

    from checker.core.logwriter import log_text, write_atomic
    from checker.core.registry import rules_for
    from checker.core.simulate import default_players, random_game
    from portolan.model import load_game

    rules = rules_for(game)
    model = load_game(components_folder(components), game)
    n = players if players is not None else model.spec.players.min.value
    problem = model.player_count_problem(n)
    if problem is not None:
        raise opt.bad("--players", problem)
    opt.number("--games", games, 1, 10_000_000)
    rng = random.Random(seed)
    names = default_players(n)
    defaults = rule_options(rules, model, option)
    steps = 0
    totals: list[int] = []
    started = time.perf_counter()
    for k in range(games):
        g = random_game(rules, model, names, defaults, rng)
        steps += len(g.steps)
        sheet = rules.score(g.state)
        totals += [ln.total for ln in sheet.lines]
        if log_dir is not None:
            write_atomic(
                log_dir / f"{game}-{seed}-{k + 1:04d}.yaml",
                log_text(rules, model, names, defaults, g.steps),
            )
    elapsed = time.perf_counter() - started
    typer.echo(
        f"{games} games of {n} players, {steps} actions in {elapsed:.2f} s: "
        f"{games / elapsed:,.0f} games/s, {steps / elapsed:,.0f} actions/s"
    )
    typer.echo(
        f"average score {sum(totals) / len(totals):.1f}, highest {max(totals)}, "
        f"average {steps / games:.0f} actions per game"
    )
