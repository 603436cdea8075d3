"""Discovery: The Era of Voyage: the rules engine the checker, play and simulate use."""

from __future__ import annotations

from typing import Any

from checker.core.game import Decision, Illegal, RulesBase, Step
from checker.core.scoresheet import ScoreSheet
from checker.games.discovery_era_of_voyage import logformat, rules
from checker.games.discovery_era_of_voyage.islands import BOW_NAMES, PRODUCTION, IslandBook
from checker.games.discovery_era_of_voyage.moves import (
    Bow,
    Collect,
    EndIncome,
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
)
from checker.games.discovery_era_of_voyage.position import score_position
from checker.games.discovery_era_of_voyage.scoring import final_scoring
from checker.games.discovery_era_of_voyage.state import State
from portolan.model.loader import Game
from portolan.yamlsrc import Source


class DiscoveryRules(RulesBase):
    id = "discovery-era-of-voyage"
    turn_section = rules.GAME_PLAY
    end_section = rules.END_OF_GAME

    book_class = IslandBook

    # -- replay ---------------------------------------------------------------------------
    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        state = rules.setup(self.book(model), options, players)
        state.categories = model.rules.scoring
        return state

    def decision(self, state: State) -> Decision | None:
        memo = state.memo
        if memo is None:
            memo = state.memo = (rules.decision(state),)
        return memo[0]

    def check(self, state: State, move: Any, player: str) -> Illegal | None:
        checker = CHECK.get(type(move))
        return checker(state, move) if checker is not None else None

    def misplaced(self, state: State, move: Any) -> Illegal | None:
        return rules.misplaced(state, move)

    def apply(self, state: State, move: Any) -> list[str]:
        state.memo = None
        return APPLY[type(move)](state, move)

    # -- play and simulate ----------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Any]:
        return rules.legal_moves(state)

    def outcomes(self, state: State) -> list[tuple[Any, int]]:
        d = self.decision(state)
        if d is None or d.kind != "chance":
            return []
        if PlaceIsland in d.accepts:
            out = []
            for name in state.book.surrounding:
                w = rules.island_weight(state, name)
                if w:
                    out.append((PlaceIsland(name), w))
            return out
        return [(FirstPlayer(p), 1) for p in state.players]

    def sample_outcome(self, state: State, rng) -> Any:
        """One chance outcome drawn as the table draws it (same odds as ``outcomes``)."""
        if state.setup_step == rules.SETUP_ISLANDS:
            if not state.planned:
                state.planned = draw_circle(state, rng)
            return PlaceIsland(state.planned[len(state.ring)])
        return FirstPlayer(rng.choice(state.players))

    def describe(self, move: Any) -> str:
        return describe(move)

    def score(self, state: State) -> ScoreSheet:
        return final_scoring(state.book, state.categories, state_position(state))

    # -- files ----------------------------------------------------------------------------
    log_keys = ("setup",)  # the islands drawn and placed, the first player, coins and markers

    def parse_log(self, model: Game, raw: Any, source: Source, players: list[str]) -> list[Step]:
        book = self.book(model)
        turns = raw.get("turns") or []
        setup = logformat.parse_setup(book, raw, source, players)
        return setup + logformat.parse_turns(book, turns, source, players)

    def write_log(self, steps: list[Step]) -> dict:
        out: dict = {}
        setup = logformat.write_setup(steps)
        if setup:
            out["setup"] = setup
        out["turns"] = logformat.write_turns(steps)
        return out

    def parse_turns(
        self, model: Game, turns: Any, source: Source, players: list[str]
    ) -> list[Step]:
        return logformat.parse_turns(self.book(model), turns, source, players)

    def write_turns(self, steps: list[Step]) -> list[dict]:
        return logformat.write_turns(steps)

    def score_position(
        self, model: Game, raw: Any, source: Source, options: dict[str, Any]
    ) -> ScoreSheet:
        return score_position(self.book(model), model, raw, source, options)


def draw_circle(state: State, rng) -> list[str]:
    """Game Preparation done with cards: draw 4/2/1 from the shuffled type decks, redraw the
    Production islands until they produce every resource, shuffle the 7 into a circle."""
    book = state.book
    reading = state.options["redraw"]
    drawn: list[str] = []
    for kind, n in book.draw.items():
        deck = [name for name, i in book.islands.items() if i.type == kind]
        while True:
            hand = rng.sample(deck, n)
            if kind != PRODUCTION or reading == "none" or not book.missing_resources(hand, reading):
                break
        drawn += hand
    rng.shuffle(drawn)
    return drawn


def state_position(state: State):
    from checker.games.discovery_era_of_voyage.scoring import Position

    return Position(
        players=list(state.players),
        order=list(state.order or state.players),
        islands=list(state.ring),
        markers=[dict(m) for m in state.markers[: len(state.ring)]],
        vp=dict(state.vp),
        resources={p: state.resources_of(p) for p in state.players},
        markers_used={p: state.markers_each - state.left[p] for p in state.players},
        pirates=state.pirated,
        end_reason=state.end_reason if state.over else "",
    )


CHECK = {
    PlaceIsland: rules.check_place_island,
    Markers: rules.check_markers,
    PlacePirate: rules.check_place_pirate,
    TurnPirate: rules.check_turn_pirate,
    PayPirate: rules.check_pay_pirate,
    Sail: rules.check_sail,
    Return: lambda state, move: rules.check_return(state),
    MovePirate: rules.check_move_pirate,
    Trade: rules.check_trade,
    Exchange: rules.check_exchange,
    Pick: lambda state, move: (
        None if state.visit.takes else rules.check_exchange(state, Exchange(move.resource))
    ),
    Invest: rules.check_invest,
}

APPLY = {
    PlaceIsland: rules.place_island,
    FirstPlayer: rules.first_player,
    StartingCoins: rules.starting_coins,
    Markers: rules.markers,
    StartTurn: lambda state, move: rules.begin_turn(state),
    PlacePirate: rules.place_pirate,
    TurnPirate: rules.turn_pirate,
    PayPirate: rules.pay_pirate,
    Sail: rules.sail,
    Return: lambda state, move: rules.sail_home(state),
    Bow: rules.set_bow,
    MovePirate: rules.move_pirate,
    Collect: lambda state, move: rules.collect(state),
    NoIncome: lambda state, move: rules.no_income(state),
    Take: rules.take,
    Trade: rules.trade,
    Exchange: rules.exchange,
    Pick: lambda state, move: (
        rules.take(state, Take(move.resource))
        if state.visit.takes
        else rules.exchange(state, Exchange(move.resource))
    ),
    EndIncome: lambda state, move: rules.end_income(state),
    Invest: rules.invest,
    NoInvest: lambda state, move: rules.end_turn(state),
}


def describe(move: Any) -> str:
    match move:
        case PlaceIsland(card):
            return card
        case FirstPlayer(player):
            return player
        case StartingCoins(by_seat):
            return "0/0/1/1 coins from the starting player on" if by_seat else "3 coins each"
        case Markers(count):
            return f"{count} investment markers each"
        case StartTurn(player):
            return f"{player} begins the turn"
        case PlacePirate(island, bow):
            return f"a pirate on {island}, bow {BOW_NAMES[bow]}"
        case TurnPirate(None, None):
            return "turn a pirate's bow (1 coin or 1 resource)"
        case TurnPirate(island, None):
            return f"turn the pirate on {island}"
        case TurnPirate(island, payment):
            return f"pay 1 {payment} to turn the pirate on {island}"
        case PayPirate(payment):
            return f"pay 1 {payment}"
        case Sail(to, None, cost):
            return f"sail to {to}{_coins(cost)}"
        case Sail(to, steps, cost):
            return f"sail {steps} step{'s' if steps != 1 else ''} to {to}{_coins(cost)}"
        case Return():
            return "return to the Central Island"
        case Bow(direction):
            return f"bow {BOW_NAMES[direction]}"
        case MovePirate(steps):
            return f"move the pirate {steps} step{'s' if steps != 1 else ''}"
        case Collect():
            return "take the income"
        case NoIncome():
            return "take no income"
        case Take(resource):
            return f"take {resource}"
        case Trade(action, resource, price):
            return f"{action} 1 {resource}{_coins(price, 'for ')}"
        case Exchange(resource):
            return f"exchange 1 {resource} for VP"
        case Pick(resource):
            return resource
        case EndIncome():
            return "no (more) trades or exchanges"
        case Invest():
            return "invest here"
        case NoInvest():
            return "do not invest"
    return str(move)


def _coins(n: int | None, lead: str = "") -> str:
    if not n:
        return ""
    return f" ({lead}{n} coin{'s' if n > 1 else ''})"


RULES = DiscoveryRules()
