"""Command-line option values checked the same way as YAML: one clear message, exit code 2."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer

from portolan import paths
from portolan.errors import InputError, Problem, did_you_mean

MOST_JOBS = 64
MOST_PLAYERS = 99


def bad(option: str, message: str, hint: str | None = None) -> InputError:
    return InputError(Problem(message, file="command line", field=option, hint=hint))


def choice(option: str, value: str, choices) -> str:
    v = value.strip().lower()
    if v not in choices:
        raise bad(option, f"'{value}' is not allowed", did_you_mean(value, choices))
    return v


def _shown(x: float) -> str:
    return f"{int(x):,}" if x == int(x) else f"{x:g}"


def number(option: str, value: float, low: float, high: float) -> float:
    if not math.isfinite(value):  # 'inf' and 'nan' read as floats
        raise bad(
            option, f"'{value}' is not a number", f"give one from {_shown(low)} to {_shown(high)}"
        )
    if not (low <= value <= high):
        raise bad(option, f"{_shown(value)} is outside {_shown(low)}..{_shown(high)}")
    return value


def levels(option: str, value: str, allowed) -> tuple[str, ...]:
    """A comma-separated list of bot levels (repeats allowed: one per seat)."""
    return tuple(_listed(option, value.split(","), allowed, "bot level"))


def formats(option: str, value: str, allowed) -> tuple[str, ...]:
    out = _listed(option, [p for p in value.split(",") if p.strip()], allowed, "format")
    if not out:
        raise bad(option, "name at least one format", "for example pdf,svg")
    return tuple(dict.fromkeys(out))


def _listed(option: str, parts: list[str], allowed, what: str) -> list[str]:
    """Each of ``parts`` in lower case, every one a word of ``allowed`` (else exit 2)."""
    out = [part.strip().lower() for part in parts]
    for part in out:
        if part not in allowed:
            raise bad(option, f"unknown {what} '{part}'", did_you_mean(part, allowed))
    return out


def pair(option: str, value: str) -> tuple[float, float]:
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
        if not (math.isfinite(x) and math.isfinite(y)):  # 'inf' and 'nan' read as floats
            raise ValueError
    except ValueError:
        raise bad(
            option, f"'{value}' is not two numbers in mm", "write X,Y such as 0.5,-1"
        ) from None
    if abs(x) > 20 or abs(y) > 20:
        raise bad(option, f"an offset of {value} mm is larger than any printer's error (20 mm)")
    return (x, y)


def names(option: str, value: str) -> list[str]:
    out = [p.strip() for p in value.split(",") if p.strip()]
    if len(set(n.casefold() for n in out)) != len(out):
        raise bad(option, "each player must have a different name")
    return out


def players(option: str, value: str) -> list[str] | int:
    """--players as seat names (``Ana,Ben``) or a count (``3``): both accepted wherever
    --players is."""
    text = value.strip()
    if text.isdigit():
        return int(number(option, int(text), 1, MOST_PLAYERS))
    return names(option, value)


def seat_names(seats: list[str] | int) -> list[str]:
    """--players as seat names: a count names the seats Ana, Ben, Cai..."""
    from portolan.checker.core.simulate import default_players

    return seats if isinstance(seats, list) else default_players(seats)


def flag(name: str, help: str, choices=(), *more: str, **kw):
    """The ``typer.Option`` ``name`` (short forms ``more``); with ``choices``, one of those words,
    shown as [a|b] in the help and completed by the shell."""
    if choices:
        kw["metavar"] = "[" + "|".join(choices) + "]"
        kw["autocompletion"] = lambda: list(choices)
    return typer.Option(name, *more, help=help, **kw)


def players_option(what: str):
    return typer.Option(
        None,
        "--players",
        help=f'Seat names in order ("Ana,Ben") or how many players (3); {what}.',
    )


def jobs_option(what: str):
    """-j/--jobs, with one default everywhere: 0, one process per processor (at most 4)."""
    return typer.Option(
        0,
        "--jobs",
        "-j",
        help=f"{what} in N processes at once (0, the default: one per processor, at most 4; "
        "one where forking is not safe); the same results as one.",
    )


def workers(value: int) -> int:
    """The processes --jobs asks for (0: the automatic number)."""
    from portolan.generator.parallel import auto_jobs

    return int(number("--jobs", value, 0, MOST_JOBS)) or auto_jobs()


def game_ids() -> list[str]:
    """The installed games' ids, for shell completion (nothing when they cannot be listed)."""
    try:
        return sorted(p.parent.name for p in paths.components_dir().glob("*/game.yaml"))
    except Exception:  # completion must never fail with a traceback
        return []


# Declarations several commands share: ``game: opt.Game``, ``option: opt.RuleOptions = None``.
Game = Annotated[str, typer.Argument(help="Game id.", autocompletion=game_ids)]
Log = Annotated[Path, typer.Argument(help="The turn log (YAML) to replay.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
AFTER_TURN = "Replay the log up to the end of this turn (default: the last)."
AfterTurn = Annotated[int, typer.Option("--turn", help=AFTER_TURN)]
RuleOptions = Annotated[
    list[str], typer.Option("--option", help="A rule option, name=value (repeatable).")
]
