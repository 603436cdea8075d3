"""Ships: the rules object the checker, play and simulate use (docs/new-game.md): the move
table; the game's modules are wired by package."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import RulesBase, move_table
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.ships import bot
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships.actions import areas, cards, income, ships, turn
from portolan.checker.games.ships.book import Book
from portolan.checker.games.ships.scoring import incomplete_turn
from portolan.checker.games.ships.sections import END_OF_GAME, GAME_PLAY
from portolan.checker.games.ships.state import State


class ShipsRules(RulesBase, package=__name__):
    id = "ships"
    turn_section = GAME_PLAY
    end_section = END_OF_GAME
    book_class = Book
    # every move's check and apply: the functions its actions mark @answers(move, check)
    moves = move_table(turn, cards, ships, income, areas)

    def outcome_name(self, move: Any) -> str:
        return move.card if isinstance(move, m.Deal) else m.describe(move)

    def detail(self, state: State, move: Any) -> str | None:
        """A city choice's benefit (the referee shows it: 'city Alexandria (2 Gold)')."""
        if not isinstance(move, m.City) or move.benefit is not None:
            return None  # a benefit the move names is in its words already
        spaces, _ = areas.city_of(state, move)
        cities = [state.book.cities[c] for c in spaces]
        return " or ".join(f"{c.amount} {c.benefit}" for c in cities) or None

    def sheet(self, state: State) -> ScoreSheet:
        """The scores so far, with a note when the log's last turn stopped short of a duty the
        turn cannot end without (a full warehouse's goods sent back): said, not left silent."""
        sheet = super().sheet(state)
        note = incomplete_turn(state, self.decision(state))
        if note:
            sheet.notes.insert(0, note)
        return sheet

    # -- bots (checker/games/ships/bot.py; nothing is hidden: determinise is the default) ---
    worth_scale = bot.WORTH_SCALE
    rollout_steps = bot.ROLLOUT_STEPS

    def copy_state(self, state: State) -> State:
        return state.clone()


RULES = ShipsRules()
