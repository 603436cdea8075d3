"""What every reader of a player's file shares (logs, end positions, positions a log starts
from): the seat names of a ``players`` entry, and the bound on the problems one report lists."""

from __future__ import annotations

from typing import Any

from portolan.errors import InputError, Problem, did_you_mean
from portolan.limits import hint, problems_listed
from portolan.model.loader import Game
from portolan.yamlsrc import Pos, Source, YList, YMap


def read_players(value: Any, pos: Pos, source: Source, model: Game | None = None) -> list[str]:
    """The seat names of a ``players`` entry (a list, or names separated by commas), each
    given and none twice (case-insensitive). With ``model`` their count is checked first, so a
    list of a million names costs no more than counting it."""
    if isinstance(value, str):
        value = [p.strip() for p in value.split(",")]
    if not isinstance(value, list) or not value:
        raise InputError(
            source.problem("players must be a list of names in seat order", pos, field="players")
        )
    # the player range game.yaml allows; outside it the file is malformed
    problem = model.player_count_problem(len(value)) if model is not None else None
    if problem:
        raise InputError(source.problem(problem, pos, field="players"))
    names: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(value):
        where = value.item_pos[i] if isinstance(value, YList) else pos
        if not isinstance(name, str) or not name.strip():
            raise InputError(
                source.problem("each player needs a name", where, field=f"players[{i}]")
            )
        folded = name.strip().casefold()
        if folded in seen:
            raise InputError(
                source.problem(f"'{name}' is listed twice", where, field=f"players[{i}]")
            )
        seen.add(folded)
        names.append(name.strip())
    return names


def unknown_keys(source: Source, raw: YMap, keys: tuple, where: str = "") -> list[Problem]:
    """A problem for each key of ``raw`` not among ``keys`` (at field ``where``), with
    did-you-mean."""
    return [
        source.problem(
            f"unknown key '{k}'",
            raw.key_pos[k],
            field=f"{where}.{k}" if where else str(k),
            hint=did_you_mean(str(k), keys),
        )
        for k in raw
        if k not in keys
    ]


def enough_problems(problems: list[Problem], source: Source) -> bool:
    """True once ``problems`` holds as many as one report lists (limits.yaml
    ``logs.problems_listed``): the reader of a log or an end position stops there, and a last
    line says so. A file of a million broken turns would otherwise take minutes and gigabytes
    to list them all."""
    most = problems_listed()
    if len(problems) < most:
        return False
    if _NOT_READ not in problems[-1].message:
        problems.append(
            source.problem(
                f"{len(problems)} problems found; {_NOT_READ}: fix these and check again",
                hint=hint("logs.problems_listed"),
            )
        )
    return True


_NOT_READ = "the rest of the file was not read"
