"""The component model: one validated description per game, read from ``components/<id>/``.

The printer, the rules reference and the checker all read this model, never the YAML directly.
"""

from portolan.model.loader import Game, available_games, load_game

__all__ = ["Game", "available_games", "load_game"]
