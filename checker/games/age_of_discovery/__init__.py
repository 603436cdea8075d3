"""Age of Discovery: the rules object the checker, play and simulate use.

It wires the game's modules into the core's shape (docs/new-game.md): the move table, the
decisions of ``flow``, the log format, the scoring and the end position.
"""

from __future__ import annotations

import random
from typing import Any

from checker.core.game import Decision, Illegal, RulesBase
from checker.core.scoresheet import ScoreSheet
from checker.games.age_of_discovery import bot, flow, logformat, position, scoring
from checker.games.age_of_discovery import setup as s
from checker.games.age_of_discovery.actions import contracts as c
from checker.games.age_of_discovery.actions import purchase as b
from checker.games.age_of_discovery.actions import reservation as r
from checker.games.age_of_discovery.actions import sending as t
from checker.games.age_of_discovery.actions import turn
from checker.games.age_of_discovery.book import CardBook
from checker.games.age_of_discovery.moves import (
    CARD_REVEALS,
    HIDDEN,
    Assign,
    Buy,
    Contract,
    ContractDrawn,
    DealContract,
    DealFlagship,
    DealMission,
    DrawContract,
    EndTurn,
    KeepSecret,
    PlayContract,
    Reserve,
    RowContract,
    Sail,
    SendShip,
    SetupShip,
    StartTurn,
    TakeCoins,
    TakeContract,
    TurnOver,
    describe,
    spellings,
    spends,
)
from checker.games.age_of_discovery.sections import COURSE_OF_PLAY, FINAL_SCORING
from checker.games.age_of_discovery.state import State
from portolan.model.loader import Game


class AgeOfDiscoveryRules(RulesBase):
    id = "age-of-discovery"
    turn_section = COURSE_OF_PLAY
    end_section = FINAL_SCORING
    log_keys = logformat.TOP_KEYS
    book_class = CardBook
    logformat = logformat
    position = position
    moves = {
        # the setup (§3.0)
        SetupShip: (s.check_setup_ship, s.apply_setup_ship),
        RowContract: (c.check_row_contract, c.apply_row_contract),
        DealContract: (s.check_deal_contract, s.apply_deal_contract),
        DealMission: (s.check_deal_mission, s.apply_deal_mission),
        DealFlagship: (s.check_deal_flagship, s.apply_deal_flagship),
        KeepSecret: (s.check_keep_secret, s.apply_keep_secret),
        # a turn (§4.0) and taking coins (§4.1)
        StartTurn: (None, turn.begin_turn),
        TakeCoins: (turn.check_take_coins, turn.take_coins),
        EndTurn: (None, turn.end_turn),
        # accepting a trade contract (§4.2)
        TakeContract: (c.check_take_contract, c.take_contract),
        DrawContract: (c.check_draw_contract, c.draw_contract),
        ContractDrawn: (c.check_contract_drawn, c.contract_drawn),
        Contract: (c.check_contract, c.apply_contract),
        # purchasing ships (§4.3)
        Buy: (b.check_buy, b.buy),
        TurnOver: (b.check_turn_over, b.turn_over),
        # sending ships (§4.4)
        SendShip: (t.check_send_ship, t.send_ship),
        Sail: (t.check_sail, t.sail),
        PlayContract: (t.check_play_contract, t.play_contract),
        Assign: (t.check_assign, t.assign),
        # the Reservation card (§6.2)
        Reserve: (r.check_reserve, r.reserve),
    }

    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        state = s.setup(self.book(model), options, players)
        state.categories = model.rules.scoring
        return state

    def decide(self, state: State) -> Decision | None:
        return flow.decide(state)

    def misplaced(self, state: State, move: Any) -> Illegal | None:
        return flow.misplaced(state, move)

    def choices(self, state: State, decision: Decision) -> list[Any]:
        return flow.choices(state, decision)

    def chances(self, state: State, decision: Decision) -> list[tuple[Any, int]]:
        return flow.chances(state, decision)

    def sample_move(self, state: State, rng: random.Random) -> Any:
        return flow.sample_move(state, self.decision(state), rng)

    def sample_outcome(self, state: State, rng: random.Random) -> Any:
        return flow.sample_outcome(state, self.decision(state), rng)

    def menu(self, move: Any) -> str | None:
        return flow.menu(move)

    def describe(self, move: Any) -> str:
        return describe(move)

    def outcome_name(self, move: Any) -> str:
        if isinstance(move, KeepSecret):
            return HIDDEN
        return move.card if isinstance(move, CARD_REVEALS) else describe(move)

    def spellings(self, move: Any) -> tuple[str, ...]:
        return spellings(move)

    def spends(self, move: Any) -> str | None:
        return spends(move)

    def copies_left(self, state: State, move: Any) -> int | None:
        return flow.copies_left(state, move)

    def public_state(self, state: State) -> list[str]:
        return flow.public_state(state)

    def score(self, state: State) -> ScoreSheet:
        return scoring.score(state)

    # -- bots
    bot = bot
    worth_scale = 8.0  # a lead of 8 points is a fair but not a safe lead (scores run 60-130)
    rollout_steps = 60


RULES = AgeOfDiscoveryRules()
