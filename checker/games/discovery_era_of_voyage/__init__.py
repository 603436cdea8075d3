"""Discovery: The Era of Voyage: the rules object the checker, play and simulate use
(docs/new-game.md): the move table; the game's modules are wired by package. Its log has a
``setup`` section of the table's Game Preparation decisions, then the turns."""

from __future__ import annotations

from portolan.checker.core.game import RulesBase
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage import setup as preparation
from portolan.checker.games.discovery_era_of_voyage.actions import (
    income,
    invest,
    pirates,
    sailing,
    turn,
)
from portolan.checker.games.discovery_era_of_voyage.book import IslandBook
from portolan.checker.games.discovery_era_of_voyage.sections import END_OF_GAME, GAME_PLAY


class DiscoveryRules(RulesBase, package=__name__):
    id = "discovery-era-of-voyage"
    turn_section = GAME_PLAY
    end_section = END_OF_GAME
    book_class = IslandBook
    moves = {
        # Game Preparation, answered by the table
        m.PlaceIsland: (preparation.check_place_island, preparation.place_island),
        m.FirstPlayer: (None, preparation.first_player),
        m.StartingCoins: (None, preparation.starting_coins),
        m.Markers: (preparation.check_markers, preparation.investment_markers),
        # a turn: its pirates (the two-player game), sailing, income, investing
        m.StartTurn: (None, turn.begin_turn),
        m.PlacePirate: (pirates.check_place_pirate, pirates.place_pirate),
        m.TurnPirate: (pirates.check_turn_pirate, pirates.turn_pirate),
        m.PayPirate: (pirates.check_pay_pirate, pirates.pay_pirate),
        m.Sail: (sailing.check_sail, sailing.sail),
        m.Return: (sailing.check_return, sailing.sail_home),
        m.Bow: (None, sailing.set_bow),
        m.MovePirate: (pirates.check_move_pirate, pirates.move_pirate),
        # the income of the island reached
        m.Collect: (None, income.collect),
        m.NoIncome: (None, income.no_income),
        m.Take: (None, income.take),
        m.Trade: (income.check_trade, income.trade),
        m.Exchange: (income.check_exchange, income.exchange),
        m.Pick: (income.check_pick, income.apply_pick),
        m.EndIncome: (None, income.end_income),
        # investing, and the turn's end
        m.Invest: (invest.check_invest, invest.invest),
        m.NoInvest: (None, turn.no_invest),
        m.EndTurn: (None, turn.end_of_turn),
    }

    # -- bots (checker/core/bots): the game's worths and what a seat cannot see
    worth_scale = 4.0
    rollout_steps = 60


RULES = DiscoveryRules()
