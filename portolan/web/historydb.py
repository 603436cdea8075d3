"""The table's history: every scored play and every refereed game that ended, in an SQLite
database (``history.sqlite3``) in the server's data folder, read by ``/history`` and by
``portolan history``.

The schema is versioned (``PRAGMA user_version``) and brought up to date by ``MIGRATIONS``, one
entry a version, each applied in its own transaction; every write is one transaction, so a
crash leaves a play recorded whole or not at all. Only the standard library: the command line
reads the history without the web extra.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any

from portolan.checker.core.scoresheet import as_cell
from portolan.errors import InputError, Problem

FILE = "history.sqlite3"
KINDS = ("scored", "refereed")
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE plays (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            played TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('scored', 'refereed')),
            session TEXT UNIQUE,
            position TEXT,
            sheet TEXT
        )""",
        """CREATE TABLE seats (
            play INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player TEXT NOT NULL,
            score INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            won INTEGER NOT NULL CHECK (won IN (0, 1)),
            PRIMARY KEY (play, seat)
        )""",
        "CREATE INDEX plays_by_game ON plays (game, played)",
        "CREATE INDEX seats_by_player ON seats (player)",
    ),
)

CSV_NAME = "history.csv"
CSV_COLUMNS = ("play", "date", "game", "kind", "seat", "player", "score", "rank", "won")
CSV_BYTES = 1024 * 1024  # an imported CSV: about 20,000 rows of a typical history
CSV_ROWS = 20_000
MAX_SEATS = 12
PLAYS = "SELECT id, game, played, kind, session, position, sheet FROM plays"
MAX_SCORE = 100_000
# The whole-number columns and their bounds.
NUMBERS = (
    ("play", 1, 10**9),
    ("seat", 1, MAX_SEATS),
    ("score", -MAX_SCORE, MAX_SCORE),
    ("rank", 1, MAX_SEATS),
)
NAME_CHARS = 40


@dataclass(frozen=True)
class Seat:
    player: str
    score: int
    rank: int
    won: bool


@dataclass(frozen=True)
class Play:
    id: int
    game: str
    played: str  # YYYY-MM-DD
    kind: str
    seats: tuple[Seat, ...]
    session: str | None = None
    position: str | None = None  # a scored play's position file, to open it again
    sheet: dict[str, Any] | None = None  # the score sheet (ScoreSheet.as_json)

    @property
    def winners(self) -> list[str]:
        return [s.player for s in self.seats if s.won]

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "date": self.played,
            "kind": self.kind,
            "winners": self.winners,
            "players": [asdict(s) for s in self.seats],
        }


@dataclass(frozen=True)
class PlayerStats:
    game: str
    player: str
    plays: int
    wins: int
    average: float
    best: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def seats_of(sheet: dict[str, Any]) -> list[Seat]:
    """The seats of a score sheet (``ScoreSheet.as_json()``), in seat order."""
    winners = set(sheet.get("winners") or [])
    return [
        Seat(str(s["player"]), int(s["total"]), int(s["rank"]), s["player"] in winners)
        for s in sheet["scores"]
    ]


class History:
    """The history database of one data folder."""

    def __init__(self, data: Path):
        self.path = data / FILE

    @contextmanager
    def _connect(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        if not write and not self.path.exists():
            conn = sqlite3.connect(":memory:", isolation_level=None)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=10)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            _migrate(conn, self.path.name)
            yield conn
        finally:
            conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._connect(write=True) as conn, _atomic(conn):
            yield conn

    # -- writing -----------------------------------------------------------------------------
    def add_scored(
        self, game: str, played: str, sheet: dict[str, Any], position: str | None
    ) -> int:
        with self._transaction() as conn:
            return _insert(conn, game, played, "scored", seats_of(sheet), None, position, sheet)

    def record_session(self, session: str, game: str, played: str, sheet: dict) -> int:
        """Record (or record again, after an undo and a different ending) a refereed game."""
        with self._transaction() as conn:
            conn.execute("DELETE FROM plays WHERE session = ?", (session,))
            return _insert(conn, game, played, "refereed", seats_of(sheet), session, None, sheet)

    def drop_session(self, session: str) -> None:
        """Forget a refereed game's ending (it was undone)."""
        if not self.path.exists():
            return
        with self._transaction() as conn:
            conn.execute("DELETE FROM plays WHERE session = ?", (session,))

    def delete(self, play_id: int) -> bool:
        if not self.path.exists():
            return False
        with self._transaction() as conn:
            return conn.execute("DELETE FROM plays WHERE id = ?", (play_id,)).rowcount > 0

    # -- reading -----------------------------------------------------------------------------
    def plays(self, game: str | None = None) -> list[Play]:
        """Every play (of ``game``), the latest first."""
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        with self._connect() as conn:
            rows = conn.execute(f"{PLAYS} {where} ORDER BY played DESC, id DESC", args).fetchall()
            return [_play(conn, row) for row in rows]

    def play(self, play_id: int) -> Play | None:
        with self._connect() as conn:
            row = conn.execute(f"{PLAYS} WHERE id = ?", (play_id,)).fetchone()
            return _play(conn, row) if row else None

    def stats(self, game: str | None = None) -> list[PlayerStats]:
        """Per game and player: plays, wins, average and best score (most wins first)."""
        where, args = ("WHERE p.game = ?", (game,)) if game else ("", ())
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT p.game, s.player, COUNT(*), SUM(s.won), AVG(s.score), MAX(s.score) "
                f"FROM seats s JOIN plays p ON p.id = s.play {where} "
                "GROUP BY p.game, s.player ORDER BY p.game, SUM(s.won) DESC, AVG(s.score) DESC, "
                "s.player",
                args,
            ).fetchall()
        return [PlayerStats(g, pl, n, w, round(a, 1), b) for g, pl, n, w, a, b in rows]

    # -- CSV ---------------------------------------------------------------------------------
    def export_csv(self, game: str | None = None) -> str:
        """One row a player of a play, the oldest play first; text a spreadsheet would take
        for a formula is kept as text (a leading apostrophe)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for play in reversed(self.plays(game)):
            for n, s in enumerate(play.seats, 1):
                won = "yes" if s.won else "no"
                row = (play.id, play.played, play.game, play.kind, n, as_cell(s.player))
                writer.writerow((*row, s.score, s.rank, won))
        return out.getvalue()

    def import_csv(self, text: str, games: set[str]) -> tuple[int, int]:
        """Add the plays of an exported CSV; (added, skipped as already in the history).
        Every field is checked first: one wrong field adds nothing, and the message names its
        row and column."""
        plays = read_csv(text, games)
        added = skipped = 0
        with self._transaction() as conn:
            rows = conn.execute(PLAYS).fetchall()
            known = {_fingerprint(_play(conn, row)) for row in rows}
            for p in plays:
                mark = _fingerprint(p)
                if mark in known:
                    skipped += 1
                    continue
                known.add(mark)
                _insert(conn, p.game, p.played, p.kind, list(p.seats), None, None, None)
                added += 1
        return added, skipped


def _migrate(conn: sqlite3.Connection, name: str) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise InputError(
            Problem(
                f"the history was written by a newer Portolan (schema {version}; this one "
                f"reads up to {len(MIGRATIONS)})",
                file=name,
                hint="upgrade Portolan",
            )
        )
    for number in range(version, len(MIGRATIONS)):
        with _atomic(conn):
            for statement in MIGRATIONS[number]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number + 1}")


@contextmanager
def _atomic(conn: sqlite3.Connection) -> Iterator[None]:
    """One transaction: all of what is done inside, or (on any failure) none of it."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _insert(conn, game, played, kind, seats, session, position, sheet) -> int:
    cursor = conn.execute(
        "INSERT INTO plays (game, played, kind, session, position, sheet) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game, played, kind, session, position, json.dumps(sheet) if sheet else None),
    )
    play_id = int(cursor.lastrowid)
    conn.executemany(
        "INSERT INTO seats (play, seat, player, score, rank, won) VALUES (?, ?, ?, ?, ?, ?)",
        [(play_id, n, s.player, s.score, s.rank, int(s.won)) for n, s in enumerate(seats, 1)],
    )
    return play_id


def _play(conn: sqlite3.Connection, row) -> Play:
    play_id, game, played, kind, session, position, sheet = row
    seats = conn.execute(
        "SELECT player, score, rank, won FROM seats WHERE play = ? ORDER BY seat", (play_id,)
    ).fetchall()
    return Play(
        play_id,
        game,
        played,
        kind,
        tuple(Seat(p, s, r, bool(w)) for p, s, r, w in seats),
        session,
        position,
        json.loads(sheet) if sheet else None,
    )


def _fingerprint(p: Play | _Imported) -> tuple:
    """What makes two plays the same one (an import skips a play already in the history)."""
    return (p.kind, p.game, p.played, tuple((s.player, s.score, s.rank, s.won) for s in p.seats))


def _from_cell(text: str) -> str:
    """A cell as ``as_cell`` wrote it, back to the text it was made from."""
    return text[1:] if as_cell(text[1:]) == text else text


# -- reading a CSV ---------------------------------------------------------------------------
@dataclass
class _Imported:
    game: str
    played: str
    kind: str
    seats: list[Seat]


def read_csv(text: str, games: set[str]) -> list[_Imported]:
    """The plays of a history CSV (``CSV_COLUMNS``), every field checked; an ``InputError``
    names each wrong field's row (the file's line) and column."""
    if len(text.encode("utf-8")) > CSV_BYTES:
        raise InputError(Problem(f"larger than {CSV_BYTES:,} bytes", file=CSV_NAME))
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows or [c.strip().lower() for c in rows[0]] != list(CSV_COLUMNS):
        raise InputError(
            Problem(
                "the first row names the columns " + ",".join(CSV_COLUMNS),
                file=CSV_NAME,
                line=1,
                hint="a CSV exported from the history",
            )
        )
    if len(rows) - 1 > CSV_ROWS:
        raise InputError(Problem(f"more than {CSV_ROWS:,} rows", file=CSV_NAME))
    problems: list[Problem] = []
    plays: dict[int, _Imported] = {}
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(CSV_COLUMNS):
            columns = f"{len(row)} columns: expected {len(CSV_COLUMNS)}"
            problems.append(Problem(columns, file=CSV_NAME, line=line))
            continue
        cells = dict(zip(CSV_COLUMNS, (c.strip() for c in row), strict=True))
        fields, wrong = _row_fields(cells, games)
        if not wrong:
            said = (fields["game"], fields["date"], fields["kind"])
            play = plays.setdefault(fields["play"], _Imported(*said, []))
            seat = len(play.seats) + 1  # a seat past MAX_SEATS is refused by _row_fields
            if (play.game, play.played, play.kind) != said:
                wrong = [("play", "this play's other rows name another game or date")]
            elif fields["seat"] != seat:
                wrong = [("seat", f"seat {fields['seat']}: expected {seat}")]
            else:
                play.seats.append(Seat(*(fields[k] for k in ("player", "score", "rank", "won"))))
        problems += [_bad(line, *w) for w in wrong]
    if problems:
        raise InputError(problems[:20])
    return list(plays.values())


def _bad(line: int, column: str, message: str, hint: str | None = None) -> Problem:
    return Problem(
        message,
        file=CSV_NAME,
        line=line,
        column=CSV_COLUMNS.index(column) + 1,
        field=column,
        hint=hint,
    )


def _row_fields(cells: dict[str, str], games: set[str]) -> tuple[dict[str, Any], list[tuple]]:
    """A row's fields read, and what is wrong with them: (column, message[, hint]) each."""
    found: dict[str, Any] = dict(cells)
    wrong: list[tuple] = []
    for column, low, high in NUMBERS:
        try:
            found[column] = int(cells[column])
        except ValueError:
            wrong.append((column, f"'{cells[column][:20]}' is not a whole number"))
            continue
        if not low <= found[column] <= high:
            wrong.append((column, f"{found[column]} is not between {low} and {high}"))
    try:
        found["date"] = date.fromisoformat(cells["date"]).isoformat()
    except ValueError:
        wrong.append(("date", f"'{cells['date'][:20]}' is not a date (2026-12-04)"))
    if cells["game"] not in games:
        wrong.append(("game", f"'{cells['game'][:40]}' is not a game", ", ".join(sorted(games))))
    if cells["kind"] not in KINDS:
        wrong.append(("kind", f"'{cells['kind'][:20]}' is not scored or refereed"))
    player = found["player"] = _from_cell(cells["player"])
    if not player or len(player) > NAME_CHARS or not player.isprintable():
        wrong.append(("player", f"a player's name is 1 to {NAME_CHARS} printable characters"))
    if cells["won"].lower() not in ("yes", "no"):
        wrong.append(("won", f"'{cells['won'][:20]}' is not yes or no"))
    found["won"] = cells["won"].lower() == "yes"
    return found, wrong
