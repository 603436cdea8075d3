"""The flow of Discovery: The Era of Voyage: who decides what at each point (the table during
Game Preparation, then each player's Sailing, Income and Invest), the legal choices, what the
table may reveal, and moves that come out of their place."""

from __future__ import annotations

import random
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal
from portolan.checker.games.discovery_era_of_voyage import book as bk
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage import sections as sec
from portolan.checker.games.discovery_era_of_voyage import state as st
from portolan.checker.games.discovery_era_of_voyage.actions import income, pirates
from portolan.checker.games.discovery_era_of_voyage.actions.invest import can_invest
from portolan.checker.games.discovery_era_of_voyage.actions.sailing import possible_sails
from portolan.checker.games.discovery_era_of_voyage.setup import draw_circle, island_weight
from portolan.checker.games.discovery_era_of_voyage.state import State

# -- Moves out of their place ---------------------------------------------------------------
ORDER = {phase: i for i, phase in enumerate(st.PHASES)}  # a phase gone past: a later number


SETUP_MOVES = (m.FirstPlayer, m.StartingCoins, m.Markers)


def misplaced(state: State, move) -> Illegal | None:
    """A move that the game or the turn has already gone past, or that nothing will accept."""
    phase = state.phase
    here = ORDER.get(phase, len(ORDER))  # a phase no rule names (a position by hand): past all
    p = state.player
    if isinstance(move, m.PlaceIsland) and state.setup_step > st.SETUP_ISLANDS:
        return Illegal(
            sec.GAME_PREPARATION,
            f"the circle has {state.book.slots} slots, all filled: {move.card} cannot be added",
        )
    if isinstance(move, SETUP_MOVES) and phase != st.SETUP:
        return Illegal(sec.GAME_PREPARATION, "the game is prepared once, before the first turn")
    if isinstance(move, (m.PlacePirate, m.TurnPirate, m.MovePirate)) and not state.pirated:
        n = len(state.players)
        why = "option pirates: false" if n == 2 else f"{n} players: pirates sail in 2-player games"
        return Illegal(sec.TWO_PLAYER, f"there are no pirates in this game ({why})")
    if isinstance(move, m.PlacePirate):
        if state.pirates_placed == len(state.pirates):
            return Illegal(sec.TWO_PLAYER, "the pirates are placed once, in the first round")
        if phase in (st.TURN, st.SAILING) and not pirates.pirates_due(state):
            second = state.order[1] if state.order else "the 2nd player"
            return Illegal(
                sec.TWO_PLAYER,
                f"{second} places the pirates in the first round, after the starting player's turn",
            )
    if isinstance(move, (m.Sail, m.Return)) and here > ORDER[st.SAILING]:
        return Illegal(sec.SAILING_ACTION, f"{p} has already sailed this turn")
    if isinstance(move, m.Bow) and here > ORDER[st.BOW]:
        if state.sailed_from_centre:
            return Illegal(sec.SAILING_ACTION, f"{p} has already turned the bow this turn")
        bow = bk.BOW_NAMES.get(state.bow[p])
        if bow is None:
            return Illegal(
                sec.SAILING_ACTION, f"{p}'s ship is on the Central Island: it has no bow yet"
            )
        return Illegal(
            sec.SAILING_ACTION,
            f"the bow is turned only on leaving the Central Island: {p}'s stays {bow} until "
            "the ship returns there",
        )
    if isinstance(move, m.MovePirate) and here > ORDER[st.PIRATE_MOVE]:
        return Illegal(sec.TWO_PLAYER, f"there is no pirate on {state.where(p)} to move")
    if isinstance(move, (m.Collect, m.NoIncome)) and here > ORDER[st.INCOME]:
        return Illegal(sec.INCOME_ACTION, "income is taken once a turn, after sailing")
    if isinstance(move, (m.Take, m.Trade, m.Exchange, m.Pick)):
        return _misplaced_income(state, move)
    if isinstance(move, m.Invest) and phase in (st.TURN, st.TURN_END) and state.invested:
        return Illegal(sec.INVEST_ACTION, "only one investment a turn")
    return None


def _misplaced_income(state: State, move) -> Illegal | None:
    v = state.visit
    if v is None or state.phase not in (st.INCOME, st.INVEST, st.TURN_END):
        return None  # the income is still to come
    if (isinstance(move, m.Trade) and v.trades) or (
        isinstance(move, (m.Exchange, m.Pick)) and v.exchanges
    ):
        return None  # the visit's trades or exchanges are not used up
    p = state.player
    island = state.book.island(state.where(p))
    if v.declined:
        return Illegal(sec.INCOME_ACTION, f"{p} takes no income this turn (income: none)")
    takes, trades, exchanges = v.allowed
    if isinstance(move, m.Take) or (isinstance(move, m.Pick) and island.type != bk.CULTURAL):
        if island.type == bk.COMMERCIAL and isinstance(move, m.Pick):
            return Illegal(
                sec.ISLAND_CARD_DETAILS,
                f"on {island.name} a resource is bought or sold: write 'buy {move.resource}' or "
                f"'sell {move.resource}'",
            )
        if takes:
            return Illegal(
                sec.SYMBOL_DETAILS,
                f"{p} may choose {bk.counted(takes, 'resource')} on {island.name}",
            )
        return Illegal(
            sec.SYMBOL_DETAILS,
            f"{island.name}'s income gives {p} no resource to choose "
            f"({bk.counted(income.markers_here(state), 'marker')} there)",
        )
    if isinstance(move, m.Trade):
        where = "bought and sold on Commercial islands"
        return _beyond_visit(island, bk.COMMERCIAL, where, trades, "trade")
    where = "exchanged for VP on the Cultural island"
    return _beyond_visit(island, bk.CULTURAL, where, exchanges, "exchange")


def _beyond_visit(island, kind: str, where: str, allowed: int, what: str) -> Illegal:
    """A trade or an exchange refused: the island is not of its ``kind`` (resources are
    ``where``), or the visit has used the ``allowed`` ones."""
    if island.type != kind:
        return Illegal(
            sec.ISLAND_CARD_DETAILS,
            f"{island.name} is not a {kind.capitalize()} island: resources are {where}",
        )
    return Illegal(sec.SYMBOL_DETAILS, f"{island.name} allows {bk.counted(allowed, what)} a visit")


# -- Decisions -------------------------------------------------------------------------------
def decide(state: State) -> Decision | None:
    """Who must do what now (None: the game is over)."""
    phase = state.phase
    if phase == st.OVER:
        return None
    p = state.player
    if phase == st.SETUP:
        return _setup_decision(state)
    if phase == st.TURN:
        return _asked(state, "Turn", (m.StartTurn,), f"{p}'s turn to begin", starts_turn=True)
    if phase == st.PIRATES:
        return _pirates_decision(state)
    top = turn.top(state)
    if top is not None:
        return top.decision(state)
    turning = (m.TurnPirate,) if state.pirates_placed else ()
    if phase == st.SAILING:
        return _asked(
            state,
            "Sailing",
            (m.Sail, m.Return, *turning),
            "where to sail",
            missing=lambda: Illegal(
                sec.SAILING_ACTION,
                f"{p} must sail first: to an island, a number of steps along the bow, or "
                "back to the Central Island (sail: ...)",
            ),
        )
    if phase == st.BOW:
        return _asked(
            state,
            "Sailing",
            (m.Bow,),
            f"the bow's direction on {state.where(p)}",
            missing=lambda: Illegal(
                sec.SAILING_ACTION,
                f"{p} sailed from the Central Island: turn the bow clockwise or "
                "counterclockwise on arriving (sail: {to: Island, bow: clockwise})",
            ),
        )
    if phase == st.PIRATE_MOVE:
        k = state.book.constants
        return _asked(
            state,
            "Sailing",
            (m.MovePirate,),
            f"how far the pirate on {state.where(p)} moves",
            missing=lambda: Illegal(
                sec.TWO_PLAYER,
                f"{p} stopped where a pirate is, on {state.where(p)}: pay "
                f"{bk.counted(k['pirate_move_cost'], 'coin')} and move it "
                f"{' or '.join(map(str, k['pirate_steps']))} steps (sail: {{..., pirate: 1}})",
            ),
        )
    if phase == st.INCOME:
        return _income_decision(state)
    if phase == st.TURN_END:
        return _asked(
            state, st.TURN_END, (m.EndTurn, *turning), "the end of the turn", default=m.END_TURN
        )
    return _asked(
        state, "Invest", (m.Invest, m.NoInvest, *turning), "whether to invest", m.NO_INVEST
    )


def _asked(
    state: State, phase: str, accepts: tuple[type, ...], prompt: str, default: Any = None, **kw: Any
) -> Decision:
    """A choice of the player whose turn it is."""
    return Decision(state.player, phase, "choice", accepts, prompt, default, **kw)


def _pirates_decision(state: State) -> Decision:
    p = state.player
    n = len(state.pirates) - state.pirates_placed
    return _asked(
        state,
        "Pirates",
        (m.PlacePirate,),
        f"a vacant island and a bow for a pirate ({n} to place)",
        missing=lambda: Illegal(
            sec.TWO_PLAYER,
            f"in the first round, after the starting player's turn, {p} places the "
            f"{len(state.pirates)} pirates on different vacant islands "
            "(pirates: {Island: clockwise, Island: counterclockwise})",
        ),
    )


def _setup_decision(state: State) -> Decision:
    step = state.setup_step
    book = state.book
    if step == st.SETUP_ISLANDS:
        k = len(state.ring)
        return _setup_asks(
            "chance",
            (m.PlaceIsland,),
            f"which island lies in slot {k + 1} of the circle (clockwise)",
            missing=lambda: Illegal(
                sec.GAME_PREPARATION,
                f"the setup names the {book.slots} surrounding islands in circle order, "
                f"clockwise ({book.draw_words()}): {k} named (setup: islands: [...])",
            ),
        )
    if step == st.SETUP_FIRST:
        return _setup_asks(
            "chance",
            (m.FirstPlayer,),
            "who is the starting player",
            default=m.FirstPlayer(state.players[0]),
        )
    if step == st.SETUP_COINS:
        return _setup_asks(
            "choice", (m.StartingCoins,), "the starting coins", default=m.StartingCoins(False)
        )
    return _setup_asks(
        "choice",
        (m.Markers,),
        "how many investment markers each player uses",
        default=m.Markers(book.constants["markers_per_player"]),
    )


def _setup_asks(kind: str, accepts: tuple[type, ...], prompt: str, **kw: Any) -> Decision:
    """What the table decides in the Game Preparation."""
    return Decision(st.TABLE, "Setup", kind, accepts, prompt, **kw)


def _income_decision(state: State) -> Decision:
    p = state.player
    v = state.visit
    island = state.where(p)
    if v is None:
        turning = (m.TurnPirate,) if state.pirates_placed else ()
        return _asked(state, "Income", (m.Collect, m.NoIncome, *turning), "the income", m.COLLECT)
    if v.takes:
        return _asked(
            state,
            "Income",
            (m.Take, m.Pick),
            f"a resource for 'Any resource' ({v.takes} to take)",
            missing=lambda: Illegal(
                sec.SYMBOL_DETAILS,
                f"{island}'s income gives {p} {bk.counted(v.takes, 'resource')} of their choice: "
                "name it (income: {take: Gold})",
            ),
        )
    if v.trades:  # the visit's trades left, else its exchanges
        accepts, prompt = (m.Trade, m.EndIncome), f"a trade ({v.trades} left)"
    else:
        accepts = (m.Exchange, m.Pick, m.EndIncome)
        prompt = f"a resource to exchange for VP ({v.exchanges} left)"
    return _asked(state, "Income", accepts, prompt, m.END_INCOME)


# -- Choices and chances ---------------------------------------------------------------------
def choices(state: State, d: Decision) -> list[Any]:
    """The legal moves of a choice (the decision's phase is the state's)."""
    phase = state.phase
    p = state.player
    if phase == st.SETUP:
        if state.setup_step == st.SETUP_COINS:
            return [m.StartingCoins(False), m.StartingCoins(True)]
        if state.setup_step == st.SETUP_MARKERS:
            k = state.book.constants
            most = k["markers_per_player"]
            return [m.Markers(n) for n in range(most, most - k["max_markers_removed"] - 1, -1)]
        return []
    if phase == st.TURN:
        return [m.STARTS[p]]
    if phase == st.PIRATES:
        return [
            m.PlacePirate(name, b)
            for slot, name in enumerate(state.ring)
            if not state.occupied(slot)
            for b in bk.BOW_NAMES
        ]
    top = turn.top(state)
    if top is not None:
        return top.choices(state)
    if phase == st.SAILING:
        return possible_sails(state) + pirates.pirate_turns(state)
    if phase == st.BOW:
        return list(m.BOWS)
    if phase == st.PIRATE_MOVE:
        return [m.MovePirate(n) for n in state.book.constants["pirate_steps"]]
    if phase == st.INCOME:
        v = state.visit
        if v is None:  # declining all income never helps: accepted in a log, not offered
            return [m.COLLECT]
        if v.takes:
            return [m.Take(r) for r in state.book.resources]
        if v.trades:
            return income.possible_trades(state)
        return income.possible_exchanges(state)
    if phase == st.INVEST:  # a pirate turned after the income (it may pay with it)
        moves = [m.INVEST_HERE, m.NO_INVEST] if can_invest(state) else [m.NO_INVEST]
        return moves + pirates.pirate_turns(state)
    if phase == st.TURN_END:  # turning here is no different from turning just before investing
        return [m.END_TURN]
    return []


def chances(state: State, d: Decision) -> list[tuple[Any, int]]:
    """The islands that may lie in the next slot, each weighted by the valid circles it leaves;
    then the starting player, one chance each."""
    if m.PlaceIsland in d.accepts:
        weights = ((name, island_weight(state, name)) for name in state.book.surrounding)
        return [(m.PlaceIsland(name), w) for name, w in weights if w]
    return [(m.FirstPlayer(p), 1) for p in state.players]


def sample_outcome(state: State, d: Decision, rng: random.Random) -> Any:
    """One chance outcome drawn as the table draws it (same odds as ``chances``): the circle's
    islands are drawn and shuffled once, then laid out slot by slot (state.planned)."""
    if state.setup_step == st.SETUP_ISLANDS:
        if not state.planned:
            state.planned = draw_circle(state, rng)
        return m.PlaceIsland(state.planned[len(state.ring)])
    return m.FirstPlayer(rng.choice(state.players))


# Simulate's random player, played more like a table: turning a pirate costs a coin or a
# resource (2 Player Variant), so it is chosen now and then, not at every chance a uniform pick
# would take (that drained the players, who then could seldom invest and played for thousands
# of steps); and a player who can invest here mostly does.
PIRATE_TURN_SHARE = 0.1  # where other moves are open
INVEST_SHARE = 0.9  # where investing here is legal


def sample_move(state: State, d: Decision, rng: random.Random) -> Any:
    """A random legal choice for simulate, weighted as above; uniform otherwise."""
    moves = choices(state, d)
    if len(moves) > 1:
        turns = [x for x in moves if type(x) is m.TurnPirate]
        if turns and len(turns) < len(moves):
            if rng.random() < PIRATE_TURN_SHARE:
                return turns[rng.randrange(len(turns))]
            moves = [x for x in moves if type(x) is not m.TurnPirate]
        if m.INVEST_HERE in moves and rng.random() < INVEST_SHARE:
            return m.INVEST_HERE
    return moves[rng.randrange(len(moves))]


# -- The table as everyone sees it ------------------------------------------------------------
def public_state(state: State) -> list[str]:
    """The circle (markers and pirates on each island), then each player's ship, coins,
    resources, VP and markers left."""
    if not state.ring:
        return ["The circle is not laid out yet."]
    slots = []
    for slot, name in enumerate(state.ring):
        marks = [f"{p} {n}" for p, n in state.markers[slot].items() if n]
        pirate = state.pirate_at(slot)
        if pirate is not None:
            marks.append(f"a pirate, bow {bk.BOW_NAMES[state.pirates[pirate][1]]}")
        slots.append(f"{slot + 1} {name}" + (f" ({', '.join(marks)})" if marks else ""))
    lines = ["The circle: " + "; ".join(slots)]
    for p in state.order or state.players:
        if p not in state.at:
            continue
        bow = bk.BOW_NAMES.get(state.bow.get(p, 0))
        held = [f"{r} {n}" for r, n in state.res[p].items() if n]
        lines.append(
            f"{p}: ship on {state.where(p)}"
            + (f" (bow {bow})" if bow else "")
            + f"; {state.coins[p]} coins; {', '.join(held) or 'no resources'}; "
            f"{state.vp[p]} VP; {state.left[p]} markers left"
        )
    return lines
