"""portolan play: the interactive referee at the table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly, rule_options
from portolan.cli.terminal import echo, shown
from portolan.errors import display_path

COMMANDS_HELP = (
    "At a prompt: a number or a few words pick a choice (any spelling the log accepts works, "
    "e.g. cw); at a card, its name or a short form of it (a typo gets a did-you-mean). ? "
    "lists the cards still possible (with the copies left); hidden (or Enter) keeps a secret "
    "card unnamed until the rules reveal it; r picks at random, offered only when a few "
    "outcomes are equally likely; t shows the table (what each player has, the scores so "
    "far); h lists all this; u undoes the last answer; q stops and prints the command that "
    "resumes the game. Every answer is in the log as soon as it is given."
)


LOG = "The log file to write (an existing one resumes, at the very prompt it stopped)."
SEED = (
    "Seed for 'r', which picks at random among a few equally likely outcomes (the "
    "starting player, a card discarded at random)."
)
BOT = (
    "A seat a bot plays, NAME=LEVEL (random, greedy, mcts) or NAME=LEVEL:hidden, which "
    "leaves its secret cards face down: Portolan draws them for it and names them when the "
    "rules reveal them (repeatable; new games: the log keeps them)."
)
THINK = "CPU seconds an mcts bot thinks a move (default: 200 iterations of its search)."


@app.command("play", epilog=COMMANDS_HELP)
@friendly
def play_command(
    game: opt.Game,
    log: Annotated[Path, opt.flag("--log", LOG)] = ...,
    players: str = opt.players_option("new games; a count seats Ana, Ben, Cai..."),
    option: opt.RuleOptions = None,
    seed: Annotated[int | None, opt.flag("--seed", SEED)] = None,
    bot: Annotated[list[str] | None, opt.flag("--bot", BOT)] = None,
    think: Annotated[float | None, opt.flag("--think", THINK)] = None,
    components: Path = COMPONENTS,
):
    """Referee a game at the table: lists the legal moves, asks what was drawn, writes the log
    as it goes (a turn at a time, the turn under way as comments after it)."""
    import random

    from portolan.checker.core.bots import Budget
    from portolan.checker.core.play import Session
    from portolan.checker.core.registry import rules_for
    from portolan.model import load_game

    rules = rules_for(game)
    folder = components_folder(components)
    model = load_game(folder, game)
    text = _existing_text(log)
    if text:
        loaded = _resumed(text, log, folder, game, players, option, bot)
        names, chosen, bots = loaded.players, loaded.options, loaded.bots
    else:
        loaded = None
        names, chosen, bots = _new_table(rules, model, players, option, bot)
    if think is not None:
        opt.number("--think", think, 0.001, 600)

    line_editing()
    session = Session(
        rules,
        model,
        names,
        chosen,
        log,
        _ask,
        echo,
        rng=random.Random(seed),
        resume_args=[] if components is None else ["--components", str(components)],
        bot_levels=bots,
        budget=Budget(iterations=10**9, seconds=think) if think is not None else None,
        bot_seed=seed if seed is not None else 0,
        start=loaded.start if loaded is not None else None,
    )
    _run(session, log, text, loaded)


def _resumed(text: str, log: Path, folder: Path, game: str, players, option, bot):
    """The log being resumed, read; the command line may repeat what it fixed, not change it."""
    from portolan.checker.core.log import parse_log

    loaded = parse_log(text, display_path(log), folder, log.parent)
    if loaded.model.id != game:
        raise opt.bad("--log", f"{display_path(log)} is a log of {loaded.model.id}")
    if players and opt.players("--players", players) not in (loaded.players, len(loaded.players)):
        raise opt.bad("--players", f"the log was started by {', '.join(loaded.players)}")
    if option:
        raise opt.bad("--option", "rule options are fixed when a game starts")
    if bot and bot_seats(bot, loaded.players) != loaded.bots:
        raise opt.bad("--bot", "the bot seats are fixed when a game starts (the log's bots:)")
    return loaded


def _new_table(rules, model, players, option, bot) -> tuple[list[str], dict, dict[str, str]]:
    """A new game's players, rule options and bot seats, from the command line."""
    if not players:
        raise opt.bad("--players", 'name the players for a new game, e.g. "Ana,Ben" (or 2)')
    names = opt.seat_names(opt.players("--players", players))
    problem = model.player_count_problem(len(names))
    if problem is not None:
        raise opt.bad("--players", problem)
    return names, rule_options(rules, model, option), bot_seats(bot or [], names)


def _ask(prompt: str) -> str | None:
    try:
        return input(shown(prompt))
    except EOFError:
        return None


def _run(session, log: Path, text: str, loaded) -> None:
    """Replay the log being resumed (exit 1 if it breaks a rule), then play on; Ctrl-C stops."""
    try:
        if text:
            before = loaded.start.turns if loaded.start is not None else 0
            turns = loaded.steps[-1].turn if loaded.steps else before
            echo(f"Resuming {display_path(log)}: {turns} turns so far.")
            violation = session.resume(text, loaded)
            if violation is not None:
                echo(str(violation))
                raise typer.Exit(1)
        session.run()
    except KeyboardInterrupt:  # Ctrl-C: every answer is saved already; say how to go on
        echo("")
        session.stopped()
        raise typer.Exit(130) from None


def line_editing() -> None:
    """Arrow keys, Home/End and the answers typed so far (up arrow) at the prompt: the standard
    library's readline makes ``input`` do that once imported; where it is missing (Windows) or
    the input is not a terminal, the prompt is plain."""
    import contextlib
    import sys

    if not sys.stdin.isatty():
        return
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 (importing it is what turns line editing on)


def bot_seats(items: list[str], players: list[str]) -> dict[str, str]:
    """--bot NAME=LEVEL[:PROCEDURE] (repeatable) as seat -> LEVEL[:PROCEDURE], in seat order."""
    from portolan.checker.core.bots.seats import BadSeat, read_seat
    from portolan.errors import did_you_mean

    out: dict[str, str] = {}
    for item in items:
        name, sep, level = item.partition("=")
        if not sep:
            raise opt.bad("--bot", f"'{item}' is not NAME=LEVEL", "for example Ben=mcts")
        seat = next((p for p in players if p.casefold() == name.strip().casefold()), None)
        if seat is None:
            raise opt.bad(
                "--bot", f"'{name.strip()}' is not a player", did_you_mean(name.strip(), players)
            )
        try:
            out[seat] = read_seat(level).spelled()
        except BadSeat as bad:
            raise opt.bad("--bot", str(bad), did_you_mean(bad.word, bad.allowed)) from None
    if len(out) == len(players):
        raise opt.bad("--bot", "every seat is a bot", "portolan simulate plays bots alone")
    return {p: out[p] for p in players if p in out}


def _existing_text(log: Path) -> str:
    """The text of a log to resume ("" for a new game)."""
    from portolan.errors import InputError, Problem

    if not log.exists():
        return ""
    try:
        return log.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            Problem(f"not UTF-8 text ({exc.reason})", file=display_path(log))
        ) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=display_path(log))) from None
