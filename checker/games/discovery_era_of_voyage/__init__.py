"""Discovery: The Era of Voyage: the rules object the checker, play and simulate use
(docs/new-game.md): the move table; the game's modules are wired by package. Its log has a
``setup`` section of the table's Game Preparation decisions, then the turns."""

from __future__ import annotations

from portolan.checker.core.game import RulesBase, move_table
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
    # every move's check and apply: the functions its actions mark @answers(move, check)
    moves = move_table(preparation, turn, pirates, sailing, income, invest)

    # -- bots (checker/core/bots): the game's worths and what a seat cannot see
    worth_scale = 4.0
    rollout_steps = 60


RULES = DiscoveryRules()
