"""The flow of a game of Age of Discovery: who decides what at each point (the setup card by
card, then turn after turn), the legal choices, what the table may reveal, moves that come out
of their place, and how simulate picks its moves.

The choices of a turn are listed whole; sending ships and playing Reservation cards, whose lists
can be long, are filed under a heading each (``menu``) for the interactive referee.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import sections as sec
from portolan.checker.games.age_of_discovery import state as st
from portolan.checker.games.age_of_discovery.actions import loading
from portolan.checker.games.age_of_discovery.actions import tasks as tk
from portolan.checker.games.age_of_discovery.actions.common import reserved_by_other
from portolan.checker.games.age_of_discovery.setup import setup_step
from portolan.checker.games.age_of_discovery.state import State

# What a player may do in the Actions phase (§4.0, §6.2).
ACTION_MOVES = (
    m.TakeCoins,
    m.Contract,
    m.TakeContract,
    m.DrawContract,
    m.Buy,
    m.SendShip,
    m.PlayContract,
    m.Reserve,
    m.EndTurn,
)

SECRET_ODDS = 0.25  # how often simulate keeps a secret card unnamed

# The headings the interactive referee files the long lists under.
SEND_HEADING = "send ships (expeditions, trade contracts)…"
RESERVE_HEADING = "play a Reservation card…"
HEADINGS = {m.SendShip: SEND_HEADING, m.PlayContract: SEND_HEADING, m.Reserve: RESERVE_HEADING}


# -- Decisions --------------------------------------------------------------------------------
def decide(state: State) -> Decision | None:
    """Who must do what now (None: the game is over)."""
    phase = state.phase
    if phase == st.OVER:
        return None
    if phase == st.SETUP:
        return setup_decision(state)
    p = state.player
    if phase == st.START:
        return Decision(
            p, "Turn", "choice", (m.StartTurn,), f"{p}'s turn to begin", starts_turn=True
        )
    if phase == st.MISSIONS:
        q = next(q for q in state.players if state.missions[q] is None)
        return Decision(
            q,
            "End",
            "chance",
            (m.DealMission,),
            f"which special mission does {q} reveal",
            missing=lambda: Illegal(
                sec.SPECIAL_MISSIONS,
                f"the final scoring needs {q}'s special mission (write it under end: missions:)",
            ),
        )
    top = turn.top(state)
    if top is not None:
        return top.decision(state)
    return Decision(
        p,
        "Actions",
        "choice",
        ACTION_MOVES,
        "an action (or the end of the turn)",
        default=m.END_TURN,
    )


def setup_decision(state: State) -> Decision:
    step = setup_step(state)
    first = state.players[0]
    what = step[0]
    k = state.k
    if what == "row contract":
        n = sum(1 for c in state.contract_row if c)
        return _dealt(
            first,
            (m.RowContract,),
            "which contract was turned face up in the contract row",
            missing=lambda: Illegal(
                sec.STARTING_PLAY,
                f"the setup turns {k['face_up_contracts']} trade contracts face up (contracts:): "
                f"{n} named",
            ),
        )
    if what == "ship":
        row = step[1]
        cards = state.purchase if row == st.PURCHASE else state.filling
        size, n = len(cards), sum(1 for c in cards if c)
        return _dealt(
            first,
            (m.SetupShip,),
            f"which ship was turned over for the {st.ROW_WORDS[row]}",
            missing=lambda: Illegal(
                sec.STARTING_PLAY,
                f"the {st.ROW_WORDS[row]} holds {size} ships ({st.ROW_WORDS[row]}:): {n} named",
            ),
        )
    p = step[1]
    if what == "deal":
        n = state.hand_size(p)
        return _dealt(
            p,
            (m.DealContract, m.KeepSecret),
            f"which trade contract was dealt to {p}",
            missing=lambda: Illegal(
                sec.STARTING_PLAY,
                f"each player is dealt {k['contracts_dealt']} trade contracts: {n} written for "
                f"{p} (a contract kept secret is written hidden)",
            ),
            secret=m.shared(m.KeepSecret, p, "contract"),
        )
    if what == "mission":
        return _dealt_face_down(p, "mission", m.DealMission, "special mission")
    return _dealt_face_down(p, "flagship", m.DealFlagship, "flagship")


def _dealt(player: str, accepts: tuple[type, ...], prompt: str, **kw: Any) -> Decision:
    """A card the table turns over or deals in the setup, named by ``player``."""
    return Decision(player, "Setup", "chance", accepts, prompt, **kw)


def _dealt_face_down(p: str, what: str, move: type, name: str) -> Decision:
    """The card of ``what`` dealt to ``p``: named, or kept secret (the default)."""
    secret = m.shared(m.KeepSecret, p, what)
    return _dealt(
        p, (move, m.KeepSecret), f"which {name} was dealt to {p}", default=secret, secret=secret
    )


# -- Moves out of their place -------------------------------------------------------------------
def misplaced(state: State, move: Any) -> Illegal | None:
    """A move nothing is waiting for, or that the game has gone past."""
    top = turn.top(state)
    if state.phase != st.SETUP and isinstance(move, (m.SetupShip, m.DealContract, m.DealFlagship)):
        return Illegal(sec.STARTING_PLAY, "the setup is over: this card was dealt at the start")
    if state.phase == st.SETUP:
        if isinstance(move, m.RowContract):
            return Illegal(
                sec.STARTING_PLAY,
                f"the contract row holds {state.k['face_up_contracts']} contracts at the start",
            )
        return None
    if isinstance(move, m.TurnOver) and not isinstance(top, tk.TurningOver):
        why = f" ({state.last_turnover})" if state.last_turnover else ""
        return Illegal(
            sec.PURCHASE_SHIPS,
            f"no card is waiting to be turned over: one card replaces each ship bought{why}",
        )
    if isinstance(move, m.RowContract) and not isinstance(top, tk.ReplacingContract):
        return Illegal(
            sec.ACCEPT_CONTRACT,
            "no contract is turned over now: only a face-up contract taken is replaced",
        )
    if isinstance(move, m.ContractDrawn) and not isinstance(top, tk.DrawingBlind):
        return Illegal(sec.ACCEPT_CONTRACT, "no contract is being drawn from the deck now")
    if isinstance(move, m.Sail) and not isinstance(top, tk.Sailing):
        return Illegal(sec.EXPEDITIONS, "no ship is on its way to an expedition now")
    if isinstance(move, m.Assign) and not isinstance(top, tk.Loading):
        v = state.voyages[-1] if state.voyages else None
        if v is not None and v.player == state.player and v.left == v.duration:
            need = state.book.contracts[v.contract].transport
            return Illegal(
                sec.TRADE_CONTRACTS,
                f"{v.contract} has its {need} transport already: {move.card} is one ship too many",
            )
        return Illegal(sec.TRADE_CONTRACTS, "no trade contract is being played now")
    if isinstance(move, m.DealMission) and state.final_at != state.turn:
        return Illegal(
            sec.SPECIAL_MISSIONS, "special missions stay secret until the end of the game"
        )
    return None


# -- Choices ------------------------------------------------------------------------------------
def choices(state: State, d: Decision) -> list[Any]:
    """Every legal move of a choice, in the order play lists them. Only moves that can be
    finished are offered: a ship only if some expedition can take it, a contract only if the
    player's ships can meet it exactly."""
    if d.accepts == (m.StartTurn,):
        return [m.shared(m.StartTurn, state.player)]
    top = turn.top(state)
    if top is None:
        out: list[Any] = []
        for move in top_moves(state):
            if type(move) is str:
                out += heading_moves(state, move)
            else:
                out.append(move)
        return out
    return top.choices(state)


def top_moves(state: State) -> list[Any]:
    """The actions open now: end the turn, take coins, accept a contract (at most 5 choices),
    buy a ship (at most 5), and the headings SEND_HEADING and RESERVE_HEADING, offered on quick
    conditions only (this runs at nearly every step of a random game): ``heading_moves`` says
    what is under them, and may find nothing."""
    p = state.player
    k = state.k
    coins = state.coins[p]
    blocks = state.blocks
    last = blocks[-1] if blocks else None
    used = state.used
    action = state.action
    free = len(used) < k["actions_per_turn"]

    def ok(kind: str, block: str) -> bool:
        # A kind of move already made this turn comes again only straight after itself: a log
        # lists a turn's moves under one key per kind.
        if last != block and block in blocks:
            return False
        return (action == kind and kind in (st.BUY, st.SEND)) or (free and kind not in used)

    out: list[Any] = [m.END_TURN]
    if ok(st.COINS, "coins") and (state.bank > 0 or state.options["bank"] == "unlimited"):
        out.append(m.TAKE_2)
    if (
        ok(st.CONTRACT, "contract")
        and coins >= k["contract_cost"]
        and state.hand_size(p) < k["hand_limit"]
    ):
        for i, c in enumerate(state.contract_row):
            if c and c != st.UNNAMED and not reserved_by_other(state, st.CONTRACTS, i):
                out.append(m.shared(m.TakeContract, c))
        if state.draw_deck_size() > 0:
            out.append(m.DRAW_BLIND)
    if ok(st.BUY, "buy"):
        ships = state.book.ships
        others = [x.space for x in state.reservations if x.row == st.PURCHASE and x.player != p]
        row = state.purchase
        for i, c in enumerate(row):
            if c and ships[c].cost <= coins and i not in others:
                out.append(m.shared(m.Buy, c, i + 1) if row.count(c) > 1 else m.shared(m.Buy, c))
    if (
        coins >= k["placement_fee"]
        and (state.fleet[p] or state.hand_size(p) or state.flagship_idle[p])
        and ok(st.SEND, "send")
        and loading.may_send(state, p)
    ):
        out.append(SEND_HEADING)
    if state.action_cards[p].get(state.book.reservation):  # any time, again (log: then:)
        out.append(RESERVE_HEADING)
    return out


def heading_moves(state: State, heading: str) -> list[Any]:
    """The moves under a heading that ``top_moves`` offers."""
    if heading == SEND_HEADING:
        return list(loading.sends(state, state.player))
    taken = {(x.row, x.space) for x in state.reservations}
    spots = [
        (row_name, i, c)
        for row_name, row in (
            (st.PURCHASE, state.purchase),
            (st.FILLING, state.filling),
            (st.CONTRACTS, state.contract_row),
        )
        for i, c in enumerate(row)
        if c and c != st.UNNAMED and (row_name, i) not in taken
    ]
    twice = {c for c, n in Counter(c for _, _, c in spots).items() if n > 1}
    return [
        m.shared(m.Reserve, c, row_name, i + 1) if c in twice else m.shared(m.Reserve, c)
        for row_name, i, c in spots
    ]


def menu(move: Any) -> str | None:
    """The heading play files a move under (None: listed at the top)."""
    return HEADINGS.get(type(move))


def sample_move(state: State, d: Decision, rng: random.Random) -> Any:
    """A random legal choice for simulate, played like a table plays: a player with an action
    left ends the turn only now and then (uniform choices would end most turns early, and
    random games would drag on); an action or a heading is picked first, then a move under the
    heading, worked out only then (a heading with nothing under it is passed over)."""
    if state.phase != st.ACTIONS or state.tasks:
        moves = choices(state, d)
        return moves[rng.randrange(len(moves))]
    top = top_moves(state)
    candidates = list(top)
    if len(top) > 1 and rng.random() < 0.85:  # top[0] is END_TURN
        candidates = top[1:]
    while candidates:
        move = candidates.pop(rng.randrange(len(candidates)))
        if type(move) is str:
            under = heading_moves(state, move)
            if not under:
                continue
            return under[rng.randrange(len(under))]
        return move
    return top[0]


# -- Chance -------------------------------------------------------------------------------------
def chances(state: State, d: Decision) -> list[tuple[Any, int]]:
    """What the table may turn over or deal now, with weights."""
    top = turn.top(state)
    if top is not None:
        return top.chances(state)
    kind = d.accepts[0]
    if kind is m.SetupShip:
        row = setup_step(state)[1]
        return [(m.SetupShip(c, row), n) for c, n in state.unseen.items()]
    if kind is m.RowContract:  # the contract row dealt at setup
        return [(m.RowContract(c), 1) for c in state.contract_deck]
    if kind is m.DealContract:
        return [(m.DealContract(d.player, c), 1) for c in state.contract_deck]
    if kind is m.DealMission:
        return [(m.DealMission(d.player, c), 1) for c in state.mission_pool]
    return [(m.DealFlagship(d.player, c), 1) for c in state.flagship_pool]


def sample_outcome(state: State, d: Decision, rng: random.Random) -> Any:
    """One outcome drawn with the weights of ``chances`` (faster for simulate); now and then
    a card its owner may keep secret is kept secret, as a table may."""
    if d.secret is not None and rng.random() < SECRET_ODDS:
        return d.secret
    kind = d.accepts[0]
    if kind is m.TurnOver:
        i = tk.first_pile(state)
        scoring = state.scoring_in[i]
        if scoring and rng.randrange(state.piles[i]) == 0:
            return m.TurnOver(scoring)
        return m.TurnOver(_weighted(state.unseen, rng))
    if kind is m.SetupShip:
        return m.SetupShip(_weighted(state.unseen, rng), setup_step(state)[1])
    if kind is m.RowContract:
        return m.RowContract(rng.choice(state.contract_deck))
    if kind is m.ContractDrawn:
        return m.ContractDrawn(rng.choice(state.contract_deck))
    if kind is m.DealContract:
        return m.DealContract(d.player, rng.choice(state.contract_deck))
    if kind is m.DealMission:
        return m.DealMission(d.player, rng.choice(state.mission_pool))
    return m.DealFlagship(d.player, rng.choice(state.flagship_pool))


def _weighted(pile: dict[str, int], rng: random.Random) -> str:
    k = rng.randrange(sum(pile.values()))
    for c, n in pile.items():
        if k < n:
            return c
        k -= n
    raise AssertionError("empty pile")


def copies_left(state: State, move: Any) -> int | None:
    """The copies of a ship not seen yet (a scoring card or a contract is one of a kind)."""
    if isinstance(move, (m.SetupShip, m.TurnOver)) and move.card in state.unseen:
        return state.unseen[move.card]
    return None


# -- The table as everyone sees it ------------------------------------------------------------
def public_state(state: State) -> list[str]:
    """The rows and piles, what is in front of each player (coins, contracts in hand as a
    number, ships, voyages, contracts completed, action cards) and the expeditions."""
    book = state.book
    rows = [
        f"contract row: {_cards(state.contract_row)}",
        f"purchase row: {_cards(state.purchase)}",
        f"filling row: {_cards(state.filling)}",
    ]
    if state.piles:
        rows.append("draw piles: " + "/".join(map(str, state.piles)))
    lines = ["; ".join(rows)]
    for p in state.players:
        ships = [f"{c} ×{n}" if n > 1 else c for c, n in state.fleet[p].items() if n]
        if state.flagship_idle[p]:
            ships.append(state.flagship[p] or "a flagship not revealed yet")
        voyages = [
            f"{v.contract} ({', '.join(s for s, _ in v.ships)}; {v.left} turn(s) to go)"
            for v in state.voyages
            if v.player == p
        ]
        cards = [f"{c} ×{n}" for c, n in state.action_cards[p].items() if n]
        lines.append(
            f"{p}: {state.coins[p]} coins, {state.hand_size(p)} contract(s) in hand; ships: "
            f"{', '.join(ships) or 'none'}; voyages: {'; '.join(voyages) or 'none'}; "
            f"{state.completed[p]} contract(s) completed; {', '.join(cards) or 'no action cards'}"
        )
    for exp, placed in state.expeditions.items():
        if placed:
            ships = ", ".join(f"{x.player} {x.ship}" for x in placed)
            lines.append(f"{exp} ({state.load[exp]}/{book.expeditions[exp].limit}): {ships}")
    return lines


def _cards(row: list[str | None]) -> str:
    return ", ".join(c or "(empty)" for c in row)
