"""Ships: the rules object the checker, play and simulate use.

It wires the game's modules into the core's shape (docs/new-game.md): the move table, the
decisions of ``flow``, the log format, the scoring and the end position.
"""

from __future__ import annotations

import random
from typing import Any

from checker.core.game import Decision, RulesBase
from checker.core.scoresheet import ScoreSheet
from checker.games.ships import bot, flow, logformat, position
from checker.games.ships.actions import areas, cards, income, ships, turn
from checker.games.ships.actions.common import advance
from checker.games.ships.book import Book
from checker.games.ships.moves import (
    ChooseGood,
    City,
    Deal,
    Decline,
    EndTurn,
    Exchange,
    PlaceShip,
    RemoveShip,
    Retrieve,
    ReturnGood,
    SellGood,
    SellGoods,
    StartTurn,
    StopRetrieving,
    StopSelling,
    TakeBack,
    TakeBackAll,
    TakeBackShips,
    TakeCard,
    TakeGold,
    TakeNavigation,
    Trade,
    UpgradeShip,
    describe,
    spellings,
    spends,
)
from checker.games.ships.scoring import final_scoring, incomplete_turn
from checker.games.ships.sections import END_OF_GAME, GAME_PLAY
from checker.games.ships.setup import setup
from checker.games.ships.state import State
from portolan.model.loader import Game

# The interactive referee's headings for long lists.
MENUS = {
    PlaceShip: "Place ship",
    UpgradeShip: "Upgrade ship",
    RemoveShip: "Remove one ship",
    TakeCard: "Take one card",
}


class ShipsRules(RulesBase):
    id = "ships"
    turn_section = GAME_PLAY
    end_section = END_OF_GAME
    log_keys = logformat.TOP_KEYS
    book_class = Book
    logformat = logformat
    position = position
    moves = {
        StartTurn: (None, turn.apply_start_turn),
        Deal: (cards.check_deal, cards.apply_deal),
        PlaceShip: (ships.check_place, ships.apply_place),
        UpgradeShip: (ships.check_upgrade, ships.apply_upgrade),
        RemoveShip: (ships.check_remove, ships.apply_remove),
        TakeCard: (cards.check_take_card, cards.apply_take_card),
        TakeGold: (income.check_take_gold, income.apply_take_gold),
        TakeNavigation: (income.check_take_navigation, income.apply_take_navigation),
        SellGoods: (income.check_sell, income.apply_sell),
        Retrieve: (income.check_retrieve, income.apply_retrieve),
        Exchange: (turn.check_exchange, turn.apply_exchange),
        EndTurn: (turn.check_end_turn, turn.apply_end_turn),
        Trade: (areas.check_trade, areas.apply_trade),
        City: (areas.check_city, areas.apply_city),
        ReturnGood: (areas.check_return, areas.apply_return),
        SellGood: (income.check_sell_good, income.apply_sell_good),
        StopSelling: (income.check_stop_selling, income.apply_stop_selling),
        TakeBack: (income.check_take_back, income.apply_take_back),
        TakeBackAll: (None, income.apply_take_back_all),
        StopRetrieving: (income.check_stop_retrieving, income.apply_stop_retrieving),
        ChooseGood: (cards.check_choose, cards.apply_choose),
        TakeBackShips: (ships.check_take_back_ships, ships.apply_take_back_ships),
        Decline: (cards.check_decline, cards.apply_decline),
    }

    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        state = setup(self.book(model), options, players)
        state.categories = model.rules.scoring
        return state

    def apply(self, state: State, move: Any) -> list[str]:
        """The move, then whatever follows from it without a decision (a card's gains...)."""
        return super().apply(state, move) + advance(state)

    def decide(self, state: State) -> Decision | None:
        return flow.decide(state)

    def misplaced(self, state: State, move: Any) -> Any:
        return flow.misplaced(state, move)

    def choices(self, state: State, decision: Decision) -> list[Any]:
        return flow.choices(state, decision)

    def chances(self, state: State, decision: Decision) -> list[tuple[Any, int]]:
        return flow.chances(state, decision)

    def sample_move(self, state: State, rng: random.Random) -> Any:
        return flow.sample_move(state, self.decision(state), rng)

    def sample_outcome(self, state: State, rng: random.Random) -> Any:
        return flow.sample_outcome(state, rng)

    def outcome_name(self, move: Any) -> str:
        return move.card if isinstance(move, Deal) else describe(move)

    def describe(self, move: Any) -> str:
        return describe(move)

    def menu(self, move: Any) -> str | None:
        return MENUS.get(type(move))

    spellings = staticmethod(spellings)
    spends = staticmethod(spends)

    def copies_left(self, state: State, move: Any) -> int | None:
        return flow.copies_left(state, move)

    def public_state(self, state: State) -> list[str]:
        return flow.public_state(state)

    def score(self, state: State) -> ScoreSheet:
        return final_scoring(state)

    def sheet(self, state: State) -> ScoreSheet:
        """The scores so far, with a note when the log's last turn stopped short of a duty the
        turn cannot end without (a full warehouse's goods sent back): said, not left silent."""
        sheet = super().sheet(state)
        note = incomplete_turn(state, self.decision(state))
        if note:
            sheet.notes.insert(0, note)
        return sheet

    # -- bots (checker/games/ships/bot.py; nothing is hidden: determinise is the default) ---
    bot = bot
    worth_scale = bot.WORTH_SCALE
    rollout_steps = bot.ROLLOUT_STEPS

    def copy_state(self, state: State) -> State:
        return state.clone()


RULES = ShipsRules()
