"""Each registered game's entry in the shared checker tests: ``GAME_TESTS[game_id]``."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from portolan.checker.core.registry import GAMES
from tests.checker.games.spec import GameTests


def _load() -> dict[str, GameTests]:
    out = {}
    for game_id, package in GAMES.items():
        module = f"tests.checker.games.{package.rsplit('.', 1)[1]}"
        if find_spec(module) is not None:  # tests/docs/test_new_game.py requires one
            out[game_id] = import_module(module).TESTS
    return out


GAME_TESTS = _load()


def cases(attribute: str) -> list[tuple[str, str]]:
    """(game id, case name) for every case of one kind, for pytest.mark.parametrize."""
    return [(g, name) for g, t in GAME_TESTS.items() for name in getattr(t, attribute)]
