"""Discovery: The Era of Voyage: the rules object the checker, play and simulate use.

It wires the game's modules into the core's shape (docs/new-game.md): the move table, the
decisions of ``flow``, the log format (a ``setup`` section of the table's Game Preparation
decisions, then the turns), the scoring and the end position.
"""

from __future__ import annotations

import random
from typing import Any

from checker.core.game import RulesBase
from checker.core.scoresheet import ScoreSheet
from checker.games.discovery_era_of_voyage import bot, flow, logformat, position
from checker.games.discovery_era_of_voyage import setup as preparation
from checker.games.discovery_era_of_voyage.actions import income, invest, pirates, sailing, turn
from checker.games.discovery_era_of_voyage.book import IslandBook
from checker.games.discovery_era_of_voyage.moves import (
    MOVE_PHASES,
    Bow,
    Collect,
    EndIncome,
    EndTurn,
    Exchange,
    FirstPlayer,
    Invest,
    Markers,
    MovePirate,
    NoIncome,
    NoInvest,
    PayPirate,
    Pick,
    PlaceIsland,
    PlacePirate,
    Return,
    Sail,
    StartingCoins,
    StartTurn,
    Take,
    Trade,
    TurnPirate,
    describe,
    spellings,
    spends,
)
from checker.games.discovery_era_of_voyage.scoring import final_scoring, position_of
from checker.games.discovery_era_of_voyage.sections import END_OF_GAME, GAME_PLAY
from checker.games.discovery_era_of_voyage.state import State
from portolan.model.loader import Game


class DiscoveryRules(RulesBase):
    id = "discovery-era-of-voyage"
    turn_section = GAME_PLAY
    end_section = END_OF_GAME
    book_class = IslandBook
    logformat = logformat
    position = position
    log_keys = logformat.TOP_KEYS
    moves = {
        # Game Preparation, answered by the table
        PlaceIsland: (preparation.check_place_island, preparation.place_island),
        FirstPlayer: (None, preparation.first_player),
        StartingCoins: (None, preparation.starting_coins),
        Markers: (preparation.check_markers, preparation.investment_markers),
        # a turn
        StartTurn: (None, turn.begin_turn),
        PlacePirate: (pirates.check_place_pirate, pirates.place_pirate),
        TurnPirate: (pirates.check_turn_pirate, pirates.turn_pirate),
        PayPirate: (pirates.check_pay_pirate, pirates.pay_pirate),
        Sail: (sailing.check_sail, sailing.sail),
        Return: (sailing.check_return, sailing.sail_home),
        Bow: (None, sailing.set_bow),
        MovePirate: (pirates.check_move_pirate, pirates.move_pirate),
        Collect: (None, income.collect),
        NoIncome: (None, income.no_income),
        Take: (None, income.take),
        Trade: (income.check_trade, income.trade),
        Exchange: (income.check_exchange, income.exchange),
        Pick: (income.check_pick, income.apply_pick),
        EndIncome: (None, income.end_income),
        Invest: (invest.check_invest, invest.invest),
        NoInvest: (None, turn.no_invest),
        EndTurn: (None, turn.end_of_turn),
    }
    move_phases = MOVE_PHASES

    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        state = preparation.setup(self.book(model), options, players)
        state.categories = model.rules.scoring
        return state

    # The flow's functions are the hooks themselves: they run at every step, so no wrapper.
    decide = staticmethod(flow.decide)
    misplaced = staticmethod(flow.misplaced)
    choices = staticmethod(flow.choices)
    chances = staticmethod(flow.chances)
    sample_outcome = staticmethod(flow.sample_outcome)

    def sample_move(self, state: State, rng: random.Random) -> Any:
        return flow.sample_move(state, self.decision(state), rng)

    describe = staticmethod(describe)
    spellings = staticmethod(spellings)
    spends = staticmethod(spends)
    public_state = staticmethod(flow.public_state)

    def score(self, state: State) -> ScoreSheet:
        return final_scoring(state.book, state.categories, position_of(state))

    # -- bots (checker/core/bots): the game's worths and what a seat cannot see
    bot = bot
    worth_scale = 4.0
    rollout_steps = 60


RULES = DiscoveryRules()
