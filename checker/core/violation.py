"""A violation: the first illegal step of a log, where it is, and the rule it breaks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Violation:
    file: str
    line: int | None
    column: int | None
    turn: int | None
    player: str | None
    phase: str | None
    rule: str  # the citation, e.g. "[Exploration in the Age of Sail — Ocean Phase]"
    message: str
    section: str | None = None  # the rulebook place's id (game.yaml sections), for its text

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        context = []
        if self.turn == 0:  # a step before the first turn
            context.append("setup")
        elif self.turn is not None:
            context.append(f"turn {self.turn}")
        if self.player:
            context.append(self.player)
        if self.phase:
            context.append(f"{self.phase} phase")
        prefix = f"{where}: illegal step"
        if context:
            prefix += " (" + ", ".join(context) + ")"
        return f"{prefix}: {self.message} {self.rule}"

    def as_json(self) -> dict[str, Any]:
        """Its fields as ``--json`` prints them (reports.ViolationReport), in that order."""
        return {name: getattr(self, name) for name in JSON_FIELDS}


JSON_FIELDS = ("file", "turn", "player", "phase", "line", "column", "rule", "message")
