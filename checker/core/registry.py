"""Which games have a checker: game id -> its rules module (imported on first use)."""

from __future__ import annotations

import importlib

from portolan.checker.core.game import GameRules
from portolan.errors import InputError, Problem, did_you_mean

GAMES: dict[str, str] = {
    "exploration-age-of-sail": "portolan.checker.games.exploration_age_of_sail",
    "age-of-discovery": "portolan.checker.games.age_of_discovery",
    "discovery-era-of-voyage": "portolan.checker.games.discovery_era_of_voyage",
    "ships": "portolan.checker.games.ships",
    "age-of-exploration": "portolan.checker.games.age_of_exploration",
}


def rules_for(
    game_id: str, *, file: str | None = None, line: int | None = None, column: int | None = None
) -> GameRules:
    if game_id not in GAMES:
        raise InputError(
            Problem(
                f"no checker for game '{game_id}'",
                file=file,
                line=line,
                column=column,
                field="game",
                hint=did_you_mean(str(game_id), GAMES),
            )
        )
    return importlib.import_module(GAMES[game_id]).RULES
