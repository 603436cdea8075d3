"""Age of Discovery: the rules object the checker, play and simulate use (docs/new-game.md):
the move table; the game's modules are wired by package."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import RulesBase
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
    moves = {
        # the setup (§3.0)
        m.SetupShip: (s.check_setup_ship, s.apply_setup_ship),
        m.RowContract: (c.check_row_contract, c.apply_row_contract),
        m.DealContract: (s.check_deal_contract, s.apply_deal_contract),
        m.DealMission: (s.check_deal_mission, s.apply_deal_mission),
        m.DealFlagship: (s.check_deal_flagship, s.apply_deal_flagship),
        m.KeepSecret: (s.check_keep_secret, s.apply_keep_secret),
        # a turn (§4.0) and taking coins (§4.1)
        m.StartTurn: (None, turn.begin_turn),
        m.TakeCoins: (turn.check_take_coins, turn.take_coins),
        m.EndTurn: (None, turn.end_turn),
        # accepting a trade contract (§4.2)
        m.TakeContract: (c.check_take_contract, c.take_contract),
        m.DrawContract: (c.check_draw_contract, c.draw_contract),
        m.ContractDrawn: (c.check_contract_drawn, c.contract_drawn),
        m.Contract: (c.check_contract, c.apply_contract),
        # purchasing ships (§4.3)
        m.Buy: (b.check_buy, b.buy),
        m.TurnOver: (b.check_turn_over, b.turn_over),
        # sending ships (§4.4)
        m.SendShip: (t.check_send_ship, t.send_ship),
        m.Sail: (t.check_sail, t.sail),
        m.PlayContract: (t.check_play_contract, t.play_contract),
        m.Assign: (t.check_assign, t.assign),
        # the Reservation card (§6.2)
        m.Reserve: (r.check_reserve, r.reserve),
    }

    def outcome_name(self, move: Any) -> str:
        if isinstance(move, m.KeepSecret):
            return m.HIDDEN
        return move.card if isinstance(move, m.CARD_REVEALS) else m.describe(move)

    # -- bots
    worth_scale = 8.0  # a lead of 8 points is a fair but not a safe lead (scores run 60-130)
    rollout_steps = 60


RULES = AgeOfDiscoveryRules()
