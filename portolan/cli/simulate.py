"""portolan simulate: random legal games, for speed and balance."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from portolan.checker.core.bots import DEFAULT_ITERATIONS
from portolan.cli import options as opt
from portolan.cli.app import (
    COMPONENTS,
    app,
    components_folder,
    emit_json,
    friendly,
    rule_options,
)
from portolan.cli.terminal import echo
from portolan.errors import display_path
from portolan.forks import stop_now

# A game's steps are kept in memory until it ends (its log is written from them).
MAX_STEPS = 2_000_000


MAX_STEPS_HELP = "Stop a game that has not ended after this many steps, and report it."
BOTS = (
    "Bot levels, one per seat (random, greedy, mcts), rotated a seat each game; "
    "one level plays every seat. Without it every choice is random."
)
ITERATIONS = "The mcts bot's search per move (same seed, same games)."
THINK = (
    "At most this many CPU seconds per mcts move (ends the search before --iterations "
    "does; the games then depend on the machine's speed)."
)
FROM = (
    "Every game goes on from the position this log ends at (its players and options; "
    "a log that names a position: a puzzle)."
)


@app.command("simulate")
@friendly
def simulate_command(
    game: opt.Game,
    games: Annotated[int, opt.flag("--games", "How many games to play.")] = 100,
    seed: Annotated[int, opt.flag("--seed", "Random seed (same seed, same games).")] = 0,
    players: str = opt.players_option("default: one per --bots level, else the fewest allowed"),
    log_dir: Annotated[
        Path | None, opt.flag("--log-dir", "Write every game's log into this folder.")
    ] = None,
    option: opt.RuleOptions = None,
    max_steps: Annotated[int, opt.flag("--max-steps", MAX_STEPS_HELP)] = 200_000,
    jobs: int = opt.jobs_option("Play"),
    bots: Annotated[str | None, opt.flag("--bots", BOTS)] = None,
    iterations: Annotated[int, opt.flag("--iterations", ITERATIONS)] = DEFAULT_ITERATIONS,
    think: Annotated[float | None, opt.flag("--think", THINK)] = None,
    from_log: Annotated[Path | None, opt.flag("--from", FROM)] = None,
    as_json: opt.AsJson = False,
    components: Path = COMPONENTS,
):
    """Play random legal games, or games between bots (--bots): per seat and per level wins and
    scores, game length, games/s and actions/s."""
    import time

    from portolan.checker.core.bots import LEVELS
    from portolan.checker.core.registry import rules_for
    from portolan.checker.core.simulate import Batch, summarise
    from portolan.model import load_game

    rules = rules_for(game)
    folder = components_folder(components)
    model = load_game(folder, game)
    levels = opt.levels("--bots", bots, LEVELS) if bots is not None else ()
    seated = opt.players("--players", players) if players is not None else None
    count = len(seated) if isinstance(seated, list) else seated
    start = _start(from_log, folder, game, count, option) if from_log is not None else None
    n = _player_count(start, count, levels, model)
    _check_limits(games, max_steps, iterations, think)
    levels = _seat_levels(levels, n)
    workers = opt.workers(jobs)
    seats = seated if isinstance(seated, list) else n
    names = list(start.state.players) if start is not None else opt.seat_names(seats)
    defaults = rule_options(rules, model, option) if start is None else dict(start.options)
    batch = Batch(
        game,
        str(folder.resolve()),
        tuple(names),
        tuple(defaults.items()),
        seed,
        str(log_dir) if log_dir is not None else None,
        max_steps,
        levels,
        iterations,
        think,
        str(from_log.resolve()) if from_log is not None else None,
    )
    started = time.perf_counter()
    results = _play(batch, games, workers)
    elapsed = max(time.perf_counter() - started, 1e-9)
    summary = summarise(names, results)
    by_level = bot_levels(results) if levels else None
    if as_json:
        emit_json(_json_report(batch, games, workers, summary, by_level, elapsed))
        return
    _print_report(summary, by_level, batch, games, elapsed)


def _player_count(start, count: int | None, levels: tuple, model) -> int:
    """How many seats: the --from log's, --players, one per --bots level, else the fewest the
    game allows (exit 2 for a count the game does not allow)."""
    if start is not None:
        n = len(start.state.players)
    elif count is not None:
        n = count
    elif len(levels) > 1:
        n = len(levels)
    else:
        n = model.spec.players.min.value
    problem = model.player_count_problem(n)
    if problem is not None:
        raise opt.bad("--players", problem)
    return n


def _check_limits(games: int, max_steps: int, iterations: int, think: float | None) -> None:
    opt.number("--games", games, 1, 10_000_000)
    opt.number("--max-steps", max_steps, 1, MAX_STEPS)
    opt.number("--iterations", iterations, 1, 1_000_000)
    if think is not None:
        opt.number("--think", think, 0.001, 600)


def _seat_levels(levels: tuple[str, ...], n: int) -> tuple[str, ...]:
    """--bots as one level per seat: one level plays every seat."""
    if len(levels) == 1:
        return levels * n
    if levels and len(levels) != n:
        raise opt.bad(
            "--bots",
            f"{len(levels)} levels for {n} players",
            "name one level per seat, or one level for every seat",
        )
    return levels


def _json_report(batch, games: int, workers: int, summary: dict, by_level, elapsed: float):
    """--json: what was asked, the summary, the bots' figures and the speed, in that order."""
    bots = None
    if by_level is not None:
        bots = {
            "levels": list(batch.bots),
            "iterations": batch.iterations,
            "think": batch.seconds,
            "by_level": by_level,
        }
    return {
        "ok": True,
        "game": batch.game,
        "games": games,
        "players": len(batch.players),
        "seed": batch.seed,
        "jobs": workers,
        "options": dict(batch.options),
        "max_steps": batch.max_steps,
        **summary,
        "bots": bots,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
    }


def _print_report(summary: dict, by_level, batch, games: int, elapsed: float) -> None:
    """The summary as lines of text: speed, unfinished games, scores, length, seats."""
    steps = summary["actions"]
    n = len(batch.players)
    echo(
        f"{games} games of {n} players, {steps} actions in {elapsed:.2f} s: "
        f"{games / elapsed:,.0f} games/s, {steps / elapsed:,.0f} actions/s"
    )
    if summary["unfinished"]:
        echo(_unfinished_note(summary["unfinished"], games, batch))
    if not summary["ended"]:
        return
    if summary["bounded"]:
        echo(
            f"{summary['bounded']} of {summary['ended']} games ended at the bound Portolan sets "
            "where the rulebook gives no end (rules.yaml), not by the rulebook's own ending"
        )
    every = [s["score"] for s in summary["seats"]]
    echo(
        f"average score {sum(s['mean'] for s in every) / len(every):.1f}, "
        f"highest {max(s['max'] for s in every)}, average {steps / games:.0f} actions per game"
    )
    length, turns = summary["length"], summary["turns"]
    echo(
        f"game length: {turns['mean']:.1f} turns (±{turns['stdev']:.1f}, {turns['min']}–"
        f"{turns['max']}), {length['mean']:.0f} steps"
    )
    if by_level is not None:
        echo(_levels_table(by_level))
    _print_seats(summary)


def _print_seats(summary: dict) -> None:
    echo("seat  player  wins            score: mean ± spread   (low–high)")
    for s in summary["seats"]:
        sc = s["score"]
        share = 100 * s["wins"] / summary["ended"]  # of the games that ended
        echo(
            f"{s['seat']:>4}  {s['player']:<6}  {s['wins']:>7g} ({share:4.1f} %)"
            f"  {sc['mean']:>8.1f} ± {sc['stdev']:<6.1f}  ({sc['min']}–{sc['max']})"
        )


def _start(log: Path, folder: Path, game: str, players: int | None, option: list[str] | None):
    """The position ``--from`` names (checked here, before any worker starts): exit 2 for a bad
    log or one of another game, 1 for a log that breaks a rule."""
    from portolan.checker.core.log import load_log
    from portolan.checker.core.simulate import start_of

    loaded = load_log(log, folder)
    if loaded.model.id != game:
        raise opt.bad("--from", f"{display_path(log)} is a log of {loaded.model.id}")
    try:
        start = start_of(log, folder)
    except ValueError as illegal:
        echo(str(illegal), err=True)
        raise typer.Exit(1) from None
    if players is not None and players != len(start.state.players):
        raise opt.bad("--players", f"the log's game has {len(start.state.players)} players")
    if option:
        raise opt.bad("--option", "the rule options are the log's")
    return start


def bot_levels(results) -> list[dict]:
    """Per bot level, over the games that ended: win rate with its 95 % interval, mean score,
    CPU per move."""
    from portolan.checker.core.bots.arena import level_summary

    ended = [r for r in results if r.ended]
    return level_summary(
        [r.levels for r in ended],
        [r.shares for r in ended],
        [r.totals for r in ended],
        [r.thinking for r in results],
    )


def _levels_table(by_level: list[dict]) -> str:
    rows = ["level   seats  win rate (95 % interval)   mean score  CPU a move: median, p95"]
    for row in by_level:
        low, high = row["interval"]
        rows.append(
            f"{row['level']:<7} {row['seats_played']:>5}  {100 * row['win_rate']:5.1f} % "
            f"({100 * low:4.1f}–{100 * high:5.1f} %)      {row['mean_score']:>8.1f}  "
            f"{1000 * row['cpu_median']:7.1f} ms, {1000 * row['cpu_p95']:7.1f} ms"
        )
    return "\n".join(rows)


def _unfinished_note(unfinished: list[int], games: int, batch) -> str:
    """What to say of the games stopped at the step limit: which, why it is no error, and how to
    see one again."""
    from portolan.checker.core.simulate import log_name

    shown = ", ".join(map(str, unfinished[:10])) + (", …" if len(unfinished) > 10 else "")
    first, seed = unfinished[0], batch.seed
    where = (
        f"the log of game {first} is {Path(batch.log_dir) / log_name(batch.game, seed, first)}"
        if batch.log_dir is not None
        else f"--seed {seed} --games {first} --log-dir DIR writes the log of game {first}"
    )
    return (
        f"{len(unfinished)} of {games} games did not end within {batch.max_steps:,} steps "
        f"({'game' if len(unfinished) == 1 else 'games'} {shown}): the rules let a table that "
        "never heads for the end play on, and random players sometimes do. Their scores and wins "
        f"are left out of the figures; {where}."
    )


def _bar_columns(rp):
    return rp.TextColumn("simulating"), rp.BarColumn(), rp.MofNCompleteColumn()


def _play(batch, games: int, workers: int):
    """Every game's result in order: in this process, or in chunks over ``workers`` processes
    (each game has its own seed, so the results are the same); a bar on a terminal."""
    from portolan.checker.core.simulate import play_games
    from portolan.cli.progress import progress_bar

    size = max(1, min(250, games // (workers * 8) or 1))
    chunks = [(k, min(k + size, games)) for k in range(0, games, size)]
    parts: dict[int, list] = {}
    with progress_bar(_bar_columns) as bar:
        task = bar.add_task("games", total=games)
        if workers == 1 or len(chunks) == 1:
            for first, stop in chunks:
                parts[first] = play_games(batch, first, stop)
                bar.update(task, advance=stop - first)
        else:
            from concurrent.futures import as_completed

            pool, futures = _start_workers(
                min(workers, len(chunks)), [(play_games, (batch, a, b)) for a, b in chunks]
            )
            try:
                for done in as_completed(futures):
                    first, stop = chunks[futures[done]]
                    parts[first] = done.result()
                    bar.update(task, advance=stop - first)
            except BaseException:  # Ctrl-C, a failure: the workers stop now, not after the rest
                stop_now(pool)
                raise
            pool.shutdown()
    return [r for first in sorted(parts) for r in parts[first]]


def _start_workers(workers: int, calls: list) -> tuple:
    """A pool of ``workers`` processes running ``calls`` ((function, arguments) each), and its
    futures by call index. The workers end with this process and leave Ctrl-C to it (in a
    worker it printed a traceback); Ctrl-C is held back while they are forked."""
    from concurrent.futures import ProcessPoolExecutor

    from portolan.forks import die_with_parent, hold_ctrl_c, release_ctrl_c

    held = hold_ctrl_c()
    pool = ProcessPoolExecutor(workers, initializer=die_with_parent, initargs=(os.getpid(),))
    try:
        futures = {pool.submit(call, *args): i for i, (call, args) in enumerate(calls)}
        release_ctrl_c(held)  # a Ctrl-C meanwhile lands here
        held = None
    except BaseException:
        release_ctrl_c(held)
        stop_now(pool)
        raise
    return pool, futures
