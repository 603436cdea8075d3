"""Tables of the rules reference that may run over many pages, in time linear in their length.

A reportlab ``Table`` split at a page end becomes a new table of every remaining row, measured
and styled again: a table of n rows over p pages costs n × p. ``PagedTable`` keeps the rows
and hands the frame a real ``Table`` of only the next rows, enough to fill the space left;
the pages come out as one long table would make them (same breaks, header repeated at the top
of each page, stripes on the same rows).

Its space after (``space_after``, points) follows only the last rows, as it would one table's:
it is the frame's, added below the table when something follows on the same page and dropped at
a page foot, so it never pushes the table's rows onto another page.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable, Table

# Rows tried first for one page; doubled until the rows tried no longer fit (or are all).
WINDOW = 48

MakeTable = Callable[[int, int], Table]  # (first body row, end) -> header + those rows


class PagedTable(Flowable):
    """``rows`` body rows (the header, if any, is repeated by ``make``), drawn through tables
    of as many rows as the space left needs."""

    def __init__(self, rows: int, make: MakeTable, start: int = 0, space_after: float = 0.0):
        super().__init__()
        self.rows, self.make, self.start = rows, make, start
        self.spaceAfter = space_after
        self.hAlign = "LEFT"
        self._shown: Table | None = None
        self._last: tuple = ()

    def _fill(self, width: float, height: float) -> tuple[Table, float, float]:
        """A table of the next rows that is taller than ``height``, or of every row left (the
        frame asks twice for the same space: wrap, then split)."""
        if self._last and self._last[0] == (width, height):
            return self._last[1]
        count = WINDOW
        while True:
            end = min(self.start + count, self.rows)
            table = self.make(self.start, end)
            w, h = table.wrap(width, height)
            if h > height or end == self.rows:
                self._last = ((width, height), (table, w, h))
                return table, w, h
            count *= 2

    def wrap(self, availWidth, availHeight):
        self._shown, self.width, self.height = self._fill(availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth, availHeight):
        table, _, h = self._fill(availWidth, availHeight)
        if h <= availHeight:
            table.spaceAfter = self.spaceAfter  # the last rows: the space after is theirs
            return [table]
        parts = table.split(availWidth, availHeight)
        if len(parts) < 2:
            return parts  # nothing fits here (the frame moves on) or all of it
        header = table.repeatRows if isinstance(table.repeatRows, int) else 0
        taken = len(parts[0]._cellvalues) - header
        rest = PagedTable(self.rows, self.make, self.start + taken, self.spaceAfter)
        return [parts[0], rest]

    def drawOn(self, canvas, x, y, _sW=0):
        assert self._shown is not None, "wrap before drawing"
        self._shown.drawOn(canvas, x, y, _sW)
