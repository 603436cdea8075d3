"""Refereed games kept on the server's disk, one folder per game under ``<data>/sessions/``.

A game's folder holds the log (``log.yaml``, kept by the core's play log after every answer:
whole turns that pass ``portolan check``, the turn under way as comment lines, so a game resumes
at the very prompt it stopped) and ``meta.json`` (the answer count, the last events, the game, its
players, the turn and whether it is over). The folder's name is an unguessable id: whoever has
the link joins the table; the games in progress are also listed on the server's Referee page
(``in_progress``), so a closed tab loses no game.
Games in memory are a cache of what is on disk: a request that fails drops its game from the
cache, and the next one replays the saved log, so a crash loses no saved step.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from portolan import fsio
from portolan.checker.core.log import parse_log
from portolan.checker.core.registry import rules_for
from portolan.model.loader import load_game
from portolan.web.referee import Table

ID = re.compile(r"[A-Za-z0-9_-]{22}")
CACHED = 64  # games kept in memory; the others are replayed from their log when next opened


class NoSuchGame(LookupError):
    pass


class Store:
    def __init__(self, data: Path, components: Path):
        self.root = data / "sessions"
        self.root.mkdir(parents=True, exist_ok=True)
        self.components = components
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._tables: OrderedDict[str, Table] = OrderedDict()

    def folder(self, game_id: str) -> Path:
        if not ID.fullmatch(game_id):
            raise NoSuchGame(game_id)
        return self.root / game_id

    def create(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any],
        bots: dict[str, str] | None = None,
    ) -> str:
        rules = rules_for(game)
        model = load_game(self.components, game)
        key = secrets.token_urlsafe(16)  # 22 characters, 128 bits
        folder = self.folder(key)
        folder.mkdir()
        with self._lock(key):
            table = Table.new(rules, model, players, options, folder / "log.yaml", bots)
            self._write_meta(folder, table)
            self._remember(key, table)
        return key

    @contextmanager
    def table(self, key: str, *, changes: bool = True) -> Iterator[Table]:
        """The game ``key``, locked for one request; its notes are saved afterwards if the
        request ``changes`` it (or a bot moved it on). If the request fails, the game is
        forgotten from memory and read back from its log next time."""
        folder = self.log_path(key).parent
        with self._lock(key):
            table = self._tables.get(key) or self._load(folder)
            version = table.version
            try:
                yield table
            except BaseException:
                with self._guard:
                    self._tables.pop(key, None)
                raise
            if changes or table.version != version:
                self._write_meta(folder, table)
            self._remember(key, table)

    def log_path(self, key: str) -> Path:
        path = self.folder(key) / "log.yaml"
        if not path.is_file():
            raise NoSuchGame(key)
        return path

    def forget(self, key: str) -> None:
        """Drop a game from memory (tests use it to see what a restarted server reads)."""
        with self._guard:
            self._tables.pop(key, None)

    # -- inside ------------------------------------------------------------------------------
    def _lock(self, key: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(key, threading.Lock())

    def _remember(self, key: str, table: Table) -> None:
        with self._guard:
            self._tables[key] = table
            self._tables.move_to_end(key)
            while len(self._tables) > CACHED:
                self._tables.popitem(last=False)

    def _load(self, folder: Path) -> Table:
        path = folder / "log.yaml"
        text = path.read_text(encoding="utf-8")
        table = Table.resume(path, text, parse_log(text, "log.yaml", self.components))
        meta = _read_meta(folder)
        table.events = [str(e) for e in meta.get("events", [])][-20:]
        table.version = meta["version"]
        return table

    def in_progress(self, limit: int = 50) -> list[dict[str, Any]]:
        """The games not over yet, the latest played first: their id, game, players, turn and
        when they were last answered (from each game's notes; a game whose notes are lost is
        listed again once it is opened by its link)."""
        found = []
        for meta_path in self.root.glob("*/meta.json"):
            key = meta_path.parent.name
            if not ID.fullmatch(key):
                continue
            meta = _read_meta(meta_path.parent)
            if meta.get("over") or not isinstance(meta.get("game"), str):
                continue
            players = meta.get("players")
            found.append(
                {
                    "key": key,
                    "game": meta["game"],
                    "players": [str(p) for p in players] if isinstance(players, list) else [],
                    "turn": meta.get("turn") if isinstance(meta.get("turn"), int) else 0,
                    "when": meta_path.stat().st_mtime,
                }
            )
        found.sort(key=lambda g: g["when"], reverse=True)
        return found[:limit]

    @staticmethod
    def _write_meta(folder: Path, table: Table) -> None:
        meta = {
            "version": table.version,
            "events": table.events,
            "game": table.rules.id,
            "players": list(table.session.players),
            "turn": table.steps[-1].turn if table.steps else 0,
            "over": table.over,
        }
        # The log is flushed to the disk; these notes (answer count, last events) need not be.
        fsio.write_atomic(folder / "meta.json", json.dumps(meta, ensure_ascii=False), durable=False)


def _read_meta(folder: Path) -> dict[str, Any]:
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = {}  # lost notes cost the last events, never the game
    if not isinstance(meta, dict):
        meta = {}
    if not isinstance(meta.get("events"), list):
        meta["events"] = []
    if not isinstance(meta.get("version"), int):
        meta["version"] = 0
    return meta
