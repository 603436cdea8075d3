"""Score sheets: points per category for each player, totals, ranks and tie-breakers; as text
for a terminal, as JSON (``--json``, the shape of ``checker/core/reports.py``) and as CSV (one row
a player, one column a category) for a spreadsheet."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ScoreLine:
    player: str
    breakdown: dict[str, int]
    tiebreak: tuple = ()  # larger is better, compared in order after the total
    rank: int = 0

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


@dataclass
class ScoreSheet:
    categories: list[tuple[str, str]]  # (id, label) in the order they are added up
    lines: list[ScoreLine]
    tie_breakers: list[str] = field(default_factory=list)  # labels of the tiebreak entries
    notes: list[str] = field(default_factory=list)
    # False for the scores so far of a game that is not over: ranks, but no winner.
    finished: bool = True

    def __post_init__(self) -> None:
        self.rank()

    def rank(self) -> None:
        """Rank 1 is best; players equal on total and every tie-breaker share a rank."""
        keys = [(ln.total, *ln.tiebreak) for ln in self.lines]
        for line, key in zip(self.lines, keys, strict=True):
            line.rank = 1 + sum(other > key for other in keys)

    @property
    def winners(self) -> list[str]:
        """Who won (several when tied); nobody while the game is not over."""
        if not self.finished:
            return []
        return [ln.player for ln in self.lines if ln.rank == 1]

    def tie_breaker_labels(self) -> list[str]:
        """One label per tie-breaker value (a rule without a printed label gets its number)."""
        count = max([len(self.tie_breakers), *(len(ln.tiebreak) for ln in self.lines)])
        labels = list(self.tie_breakers) + [""] * (count - len(self.tie_breakers))
        return [label or f"Tie-breaker {k + 1}" for k, label in enumerate(labels)]

    def decided_by(self, line: ScoreLine) -> str:
        """What set this player's rank apart from the players on the same total: ``total`` when
        nobody shares it, else the label of the last tie-breaker needed, or ``shared`` when a
        player is level on every one (they share the rank)."""
        level = [ln for ln in self.lines if ln is not line and ln.total == line.total]
        if not level:
            return "total"
        labels = self.tie_breaker_labels()
        deepest = -1
        for other in level:
            pairs = zip(line.tiebreak, other.tiebreak, strict=False)
            step = next((k for k, (a, b) in enumerate(pairs) if a != b), None)
            if step is None:
                return "shared"
            deepest = max(deepest, step)
        return labels[deepest]

    def as_json(self) -> dict[str, Any]:
        labels = self.tie_breaker_labels()
        return {
            "categories": [{"id": cid, "label": label} for cid, label in self.categories],
            "tie_breakers": labels,
            "scores": [
                {
                    "player": ln.player,
                    "total": ln.total,
                    "rank": ln.rank,
                    "breakdown": {cid: ln.breakdown.get(cid, 0) for cid, _ in self.categories},
                    "tie_breakers": dict(zip(labels, ln.tiebreak, strict=False)),
                    "decided_by": self.decided_by(ln),
                }
                for ln in self.lines
            ],
            "winners": self.winners,
            "notes": [n for n in self.notes if n.strip()],
        }

    def as_csv(self) -> str:
        """One row a player (in seat order), one column a category, then the total, each
        tie-breaker and the rank; the header row holds the labels. Names and labels come from
        a log or a components folder, so text that a spreadsheet would take for a formula is
        kept as text (``as_cell``)."""
        labels = self.tie_breaker_labels()
        out = io.StringIO()
        writer = csv.writer(out)
        header = ("Player", *(label for _, label in self.categories), "Total", *labels)
        writer.writerow([*map(as_cell, header), "Rank"])
        for ln in self.lines:
            tiebreak = list(ln.tiebreak) + [""] * (len(labels) - len(ln.tiebreak))
            writer.writerow(
                [
                    as_cell(ln.player),
                    *(ln.breakdown.get(cid, 0) for cid, _ in self.categories),
                    ln.total,
                    *tiebreak,
                    ln.rank,
                ]
            )
        return out.getvalue()

    def as_text(self) -> str:
        names = [ln.player for ln in self.lines]
        labels = [label for _, label in self.categories] + self.tie_breakers
        label_w = max([len(label) for label in labels] + [len("Total"), 12])
        col_w = max([len(n) for n in names] + [5])

        def row(label: str, cells) -> str:
            return f"{label.ljust(label_w)}  " + "  ".join(str(c).rjust(col_w) for c in cells)

        out = ["Score sheet", "", row("", names)]
        for cid, label in self.categories:
            out.append(row(label, [ln.breakdown.get(cid, 0) for ln in self.lines]))
        out.append("-" * (label_w + 2 + (col_w + 2) * len(names) - 2))
        out.append(row("Total", [ln.total for ln in self.lines]))
        for k, label in enumerate(self.tie_breakers):
            out.append(row(label, [ln.tiebreak[k] for ln in self.lines]))
        out.append(row("Rank", [ln.rank for ln in self.lines]))
        out.append("")
        winners = self.winners
        if not self.finished:
            out.append("No winner yet: the game is not over (scores so far).")
        elif len(winners) == 1:
            out.append(f"Winner: {winners[0]}")
        else:
            out.append("Tied for the win: " + ", ".join(winners))
        out += self.notes
        return "\n".join(out)


# What makes a spreadsheet read a cell as a formula (OWASP, "CSV injection"): a log shared
# online could name a player '=HYPERLINK(...)'.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_cell(text: str) -> str:
    """``text`` as a CSV cell that spreadsheets show as written: text that would start a
    formula gets a leading apostrophe, the mark spreadsheets use for text typed as is."""
    return "'" + text if text.startswith(_FORMULA_START) else text
