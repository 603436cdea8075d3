"""What every end-position file shares (``portolan score``): a mapping with known keys, the
right game, ``players`` mapping each player (in seat order) to what the game needs, a player
count the game allows, and rule options. Each game then reads its own entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.core.log import enough_problems, read_players
from checker.core.options import resolve
from portolan.errors import InputError, Problem, did_you_mean
from portolan.model.loader import Game
from portolan.yamlsrc import Pos, Source, YList, YMap


@dataclass
class Position:
    raw: YMap
    table: YMap  # players -> each player's entry
    players: list[str]
    options: dict[str, Any]
    source: Source
    problems: list[Problem] = field(default_factory=list)

    def bad(self, message: str, pos: Pos | None, field: str, hint: str | None = None) -> None:
        self.problems.append(self.source.problem(message, pos, field=field, hint=hint))
        if enough_problems(self.problems, self.source):  # a report lists so many, then stops
            raise InputError(self.problems)

    def done(self) -> None:
        """Raise everything found so far as one input error."""
        if self.problems:
            raise InputError(self.problems)


def read_position(
    model: Game,
    raw: Any,
    source: Source,
    *,
    keys: tuple[str, ...],
    options: dict[str, Any] | None,
    players_hint: str,
) -> Position:
    """The shared part of a position file; ``players_hint`` says what each player maps to."""
    if not isinstance(raw, YMap):
        raise InputError(
            source.problem("a position is a mapping with 'players'", getattr(raw, "pos", None))
        )
    problems = [
        source.problem(
            f"unknown key '{k}'", raw.key_pos[k], field=str(k), hint=did_you_mean(str(k), keys)
        )
        for k in raw
        if k not in keys
    ]
    if "game" in raw and raw["game"] != model.id:
        problems.append(
            source.problem(
                f"this position is for '{raw['game']}', not '{model.id}'",
                raw.value_pos["game"],
                field="game",
            )
        )
    table = raw.get("players")
    if not isinstance(table, YMap) or not table:
        problems.append(
            source.problem(
                f"players must map each player to {players_hint}",
                raw.value_pos.get("players", raw.pos),
                field="players",
            )
        )
    if problems:
        raise InputError(problems)
    chosen = (
        resolve(model.rules.options, raw.get("options"), source) if options is None else options
    )
    names = YList(str(p) for p in table)
    names.item_pos = [table.key_pos[p] for p in table]
    players = read_players(names, raw.value_pos["players"], source, model)
    return Position(raw, table, players, chosen, source)
