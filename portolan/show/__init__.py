"""The table as a picture: the position after a turn of a log, drawn as an SVG from the same
component data as the printed board (one module per game, ``svg.py`` shared).

``picture_of(log, turn)`` replays the log to the end of ``turn`` (or to its end) and draws it;
``draw(model, state)`` draws a position the referee already holds.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from portolan.checker.core.log import LogFile
from portolan.checker.core.replay import run
from portolan.checker.core.violation import Violation
from portolan.errors import InputError, Problem
from portolan.model.loader import Game
from portolan.show.svg import Picture

# game id -> the module that draws its table (imported on first use, as the checker's registry)
DRAWERS = {
    "ships": "portolan.show.ships",
    "age-of-exploration": "portolan.show.ofexploration",
    "age-of-discovery": "portolan.show.ofdiscovery",
    "discovery-era-of-voyage": "portolan.show.discovery",
    "exploration-age-of-sail": "portolan.show.exploration",
}


@dataclass
class Shown:
    svg: str
    lines: list[str]  # the text alternative, one line a place
    turns: int  # the log turns replayed
    violation: Violation | None  # the illegal step that stopped the replay short, if any


def draw(model: Game, state: Any, caption: str = "") -> Picture:
    module = DRAWERS.get(model.id)
    if module is None:
        raise InputError(Problem(f"{model.title} has no picture of its table yet"))
    return importlib.import_module(module).draw(model, state, caption)


def picture_of(log: LogFile, turn: int | None = None) -> Shown:
    """The position after log turn ``turn`` (None: after the last step), drawn."""
    last = max((s.turn for s in log.steps), default=0)
    if turn is not None and not 0 <= turn <= last:
        raise InputError(
            Problem(
                f"{log.source.path} has turns 0 to {last}, not {turn}",
                file="command line",
                field="--turn",
                hint=f"--turn {last} shows the end of the log, --turn 0 the table set up",
            )
        )
    steps = log.steps if turn is None else [s for s in log.steps if s.turn <= turn]
    state = log.rules.setup(log.model, log.players, log.options)
    done = run(log.rules, log.model, state, steps, log.source.path, finish=turn is None)
    upto = done.turns if done.violation else (last if turn is None else turn)
    caption = f"after turn {upto}" if upto else "at the start"
    picture = draw(log.model, done.state, caption)
    return Shown(picture.svg(), picture.lines, done.turns, done.violation)
