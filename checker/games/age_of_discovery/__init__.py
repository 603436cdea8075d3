"""Age of Discovery: the rules object the checker, play and simulate use (docs/new-game.md):
the move table; the game's modules are wired by package."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import RulesBase, move_table
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import setup as s
from portolan.checker.games.age_of_discovery.actions import contracts as c
from portolan.checker.games.age_of_discovery.actions import purchase as b
from portolan.checker.games.age_of_discovery.actions import reservation as r
from portolan.checker.games.age_of_discovery.actions import sending as t
from portolan.checker.games.age_of_discovery.actions import turn
from portolan.checker.games.age_of_discovery.book import CardBook
from portolan.checker.games.age_of_discovery.sections import COURSE_OF_PLAY, FINAL_SCORING


class AgeOfDiscoveryRules(RulesBase, package=__name__):
    id = "age-of-discovery"
    turn_section = COURSE_OF_PLAY
    end_section = FINAL_SCORING
    book_class = CardBook
    # every move's check and apply: the functions its actions mark @answers(move, check)
    moves = move_table(s, c, turn, b, t, r)

    def outcome_name(self, move: Any) -> str:
        if isinstance(move, m.KeepSecret):
            return m.HIDDEN
        return move.card if isinstance(move, m.CARD_REVEALS) else m.describe(move)

    # -- bots
    worth_scale = 8.0  # a lead of 8 points is a fair but not a safe lead (scores run 60-130)
    rollout_steps = 60


RULES = AgeOfDiscoveryRules()
