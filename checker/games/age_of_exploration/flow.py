"""The flow of a game of Age of Exploration: who decides what now (the top task of the stack),
the legal choices, what the table may reveal, and how simulate plays: like a table that wants
to get somewhere (it launches, moves, returns) rather than uniformly at random."""

from __future__ import annotations

import random
from typing import Any

from portolan.checker.core.game import Decision, Illegal
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import sections as sec
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import engine, movement, outfitting, status
from portolan.checker.games.age_of_exploration.actions import expedition_action as act
from portolan.checker.games.age_of_exploration.state import State

QUICK = {m.StartTurn, m.Roll, m.Draw}  # moves misplaced() has little to say about
# Tasks that draw a card (an exploration card, an Outfitting card, a Leader, a face-up card).
DRAWING = (tk.DrawCard, tk.DrawOutfitting, tk.DrawLeader, tk.RefillRow)
# The steps of an exploration turn (Exploration Turns), and what comes at each.
STAGE = {
    tk.ChooseStance: 0,
    tk.TurnInCard: 0,
    tk.Movement: 1,
    tk.StatusChange: 2,
    tk.ExpeditionAction: 3,
    tk.LostCheck: 4,
    tk.EndOfTurn: 4,
}
ONE_ACTION = Illegal(sec.EXPEDITION_ACTION, "one expedition action a turn, after the status change")
LATE = {
    m.Find: (0, sec.DISCOVERIES, "the card is resolved: a discovery comes with the card's Ⓓ"),
    m.Rumor: (0, sec.DRAW, "the card is resolved: Rumors of Gold come with the card's Ⓡ"),
    m.Or: (0, sec.DRAW, "the card is resolved: there is no OR to choose now"),
    m.Move: (1, sec.MOVEMENT, "movement comes after the card, before the status change"),
    m.Ashore: (1, sec.MOVEMENT, "a land expedition is formed in the movement step"),
    m.Aboard: (1, sec.MOVEMENT, "going back aboard is part of the movement step"),
    m.Status: (2, sec.STATUS_CHANGES, "only one status change a turn, after movement"),
    m.Action: (3, *ONE_ACTION),
    m.Takeover: (3, *ONE_ACTION),
}

HEADINGS = {
    m.Play: "play an Outfitting card…",
    m.SpendGold: "spend Gold…",
    m.Ashore: "go ashore…",
    m.Hire: "replace the Leader…",
}


decide = engine.decide  # the task on top decides


def choices(state: State, d: Decision) -> list[Any]:
    """The legal moves, or at a chance the outcomes with their weights: the top task's."""
    return engine.options(state)


chances = choices


def misplaced(state: State, move: Any) -> Illegal | None:
    """A step that cannot come now nor later in this turn (so no default is applied first),
    refused with the rule that forbids it: also a step written after its turn ended (the next
    player's turn is to begin), judged as a step of the turn it was written in."""
    if isinstance(move, m.StartTurn):
        return None
    ended = bool(state.tasks) and isinstance(state.tasks[-1], tk.StartOfTurn)
    if ended and state.turn == 0:  # the deal is over, no turn has begun
        n = state.k["starting_outfitting_cards"]
        return Illegal(
            sec.SET_UP, f"the setup deals each player an Explorer and {n} Outfitting cards, no more"
        )
    p = state.players[state.current - 1] if ended else state.player
    e = state.exp.get(p)
    early = drawn_too_many(state, p, e, move, ended) or lost_with_no_men(state, move)
    if early is not None:
        return early
    if ended:
        return launched_already(p, e, move, True) or after_the_turn(p, e, move)
    top = type(state.tasks[-1]) if state.tasks else None
    in_port = any(isinstance(t, (tk.Outfit, tk.InPort)) for t in state.tasks)
    early = launched_already(p, e, move, not in_port)
    if early is not None:
        return early
    if top is tk.DrawCard and not isinstance(move, m.Draw):
        return Illegal(
            sec.DRAW,
            f"{p}'s expedition draws its exploration card now: write its number before "
            f"'{m.describe(move)}'",
        )
    if type(move) in QUICK:
        return port_begins(p) if top is tk.InPort else None
    turn = [STAGE[type(t)] for t in state.tasks if type(t) in STAGE]
    if top is tk.InPort and isinstance(move, OUTFITTING_MOVES):
        return outfitting_at_port(state, p, move)
    if e is not None and not e.launched and isinstance(move, EXPLORING):
        return Illegal(sec.LAUNCHING, f"{p}'s expedition is in port: it explores once launched")
    if top is tk.InPort:
        return port_begins(p)
    if e is not None and not e.launched and isinstance(move, (m.StayInPort, m.Launch)):
        return Illegal(sec.OUTFITTING, f"{p} outfits this turn: stay in port or launch next turn")
    if not turn:
        return None
    pending = {type(t) for t in state.tasks}
    if isinstance(move, m.Status) and (tk.StatusChange in pending or min(turn) > 2):
        return why_no_status(state, e, move)
    if isinstance(move, (m.Action, m.Takeover, m.SpendGold)) and (
        tk.ExpeditionAction in pending or min(turn) > 3
    ):
        return why_no_action(state, e, move)
    late = LATE.get(type(move))
    if late is not None and min(turn) > late[0]:
        return why_late(state, e, move) or Illegal(late[1], late[2])
    if isinstance(move, (m.Abort, m.Return, m.DeclareReturn)) and min(turn) > 4:
        return Illegal(sec.END_OF_TURN, "the turn is over")
    return None


OUTFITTING_MOVES = (m.Play, m.SpendGold, m.ShipType, m.LaunchFrom, m.Pay, m.Hire, m.Done)
# The steps of a launched expedition's turn (Exploration Turns): those of the stages, the
# end-of-turn actions and the choice to leave.
EXPLORING = (*LATE, m.Abort, m.Return, m.DeclareReturn, m.Stance)


IN_PORT = "stays in port (drawing and playing two Outfitting cards) or launches"


def port_begins(p: str) -> Illegal:
    return Illegal(sec.OUTFITTING, f"a turn in port begins with 'port' or 'launch': {p} {IN_PORT}")


def launched_already(p: str, e, move: Any, out: bool) -> Illegal | None:
    """A step of an expedition in port, from one that is out (``out``), or one that launched
    this turn (Launching Expeditions, Choosing Ship Type)."""
    if e is None:
        return None
    launched = e.launched and out
    if launched and isinstance(move, m.ShipType):
        return Illegal(
            sec.SHIP_TYPE,
            f"the ship type can change only until the expedition is launched: {p}'s is out "
            f"({e.ship_type})",
        )
    if launched and isinstance(move, m.Play):
        return Illegal(
            sec.OUTFITTING, f"Outfitting cards are played in port: {p}'s expedition is out"
        )
    if launched and isinstance(move, (m.StayInPort, m.Launch, m.LaunchFrom)):
        return Illegal(sec.LAUNCHING, f"{p}'s expedition is already launched")
    if e.launch_turn and isinstance(move, (m.Abort, m.Return, m.DeclareReturn)):
        return Illegal(sec.LAUNCHING, "launching takes the whole turn: no end-of-turn action")
    return None


def after_the_turn(p: str, e, move: Any) -> Illegal | None:
    """A step written after the turn it belongs to ended: the rule that ends that turn."""
    if e is None:
        return None
    if e.launch_turn:
        return Illegal(
            sec.LAUNCHING, f"launching takes an entire turn: {p} takes no other action after it"
        )
    if not e.launched:
        if isinstance(move, EXPLORING):
            return Illegal(sec.LAUNCHING, f"{p}'s expedition is in port: it explores once launched")
        return Illegal(sec.OUTFITTING, f"{p}'s turn is over: a turn in port {IN_PORT}")
    late = LATE.get(type(move))
    if late is not None:
        return Illegal(late[1], late[2])
    if isinstance(move, (m.Action, m.Takeover, m.SpendGold)):
        return ONE_ACTION
    return Illegal(
        sec.END_OF_TURN,
        f"{p}'s turn is over: the end-of-turn actions are its last steps, and "
        f"'{m.describe(move)}' answers nothing then",
    )


def outfitting_at_port(state: State, p: str, move: Any) -> Illegal:
    """An outfitting step where a turn in port begins: it stays (then outfits) or launches."""
    refused = isinstance(move, m.LaunchFrom) and outfitting.why_not_launch_from(state, p, move)
    return refused or Illegal(
        sec.OUTFITTING,
        f"a turn in port stays (drawing and playing two Outfitting cards) or launches: {p} "
        "outfits after 'port' and its two cards",
    )


def lost_with_no_men(state: State, move: Any) -> Illegal | None:
    """A counter written as lost where a loss of men found no men: the rules check the Leader
    instead ("Men" losses may not be satisfied by losing a Missionary, Pilot...)."""
    top = state.tasks[-1] if state.tasks else None
    if not isinstance(move, m.Lose) or not isinstance(top, tk.RollCheck):
        return None
    if "no men left" not in top.what:
        return None
    return Illegal(
        sec.LOSSES,
        f"'men' losses may not be satisfied by losing a {move.item}: with no men left, "
        f"the loss is a {top.what.split(' (')[0]} check",
    )


def drawn_too_many(state: State, p: str, e, move: Any, ended: bool) -> Illegal | None:
    """A card drawn where the turn draws no more: on the launch turn ("the player doesn't draw
    any cards"), after the two Outfitting cards of a stay in port, after the exploration card
    of the turn, or while outfitting with the cards in hand."""
    if not isinstance(move, m.Draw):
        return None
    if e is not None and e.launch_turn and (ended or not isinstance(state.tasks[-1], DRAWING)):
        return Illegal(sec.LAUNCHING, f"launching takes an entire turn: {p} draws no card")
    if any(isinstance(t, DRAWING) for t in state.tasks):
        return None
    if state.now.kind == "port":
        n = state.k["stay_in_port_cards"]
        return Illegal(
            sec.OUTFITTING, f"staying in port draws {n} Outfitting cards: {p} has drawn them"
        )
    if state.now.kind == "explore" and not any(
        isinstance(t, (tk.ChooseStance, tk.Instructions)) for t in state.tasks
    ):
        if state.now.stance == "stay" or state.now.draws == "none":
            return Illegal(sec.DRAW, f"{p}'s expedition draws no card this turn")
        return Illegal(sec.DRAW, f"one exploration card a turn: {p} has drawn it")
    if state.tasks and isinstance(state.tasks[-1], tk.Outfit):
        return Illegal(sec.OUTFITTING, f"{p} outfits with the cards in hand: no card is drawn now")
    return None


def why_late(state: State, e, move: Any) -> Illegal | None:
    """The precise reason a move or status change came too late, when there is one: the step
    it belongs to was passed over because it could not be made."""
    if isinstance(move, m.Move) and not state.now.status:
        return movement.why_not_move(state, e, move.to)
    if isinstance(move, m.Status) and not state.now.status:
        return status.why_not(state, e, move.to)
    return None


def why_no_status(state: State, e, move: Any) -> Illegal | None:
    """A status change the status step will not take (it is taken as things stand: the steps
    skipped until then change nothing)."""
    if state.now.status:
        return Illegal(sec.STATUS_CHANGES, "only one status change a turn, after movement")
    return status.why_not(state, e, move.to)


def why_no_action(state: State, e, move: Any) -> Illegal | None:
    if state.now.acted:
        return ONE_ACTION
    if move in act.actions(state, e):
        return None
    return Illegal(sec.EXPEDITION_ACTION, act.why_not(state, e, move))


def menu(move: Any) -> str | None:
    return HEADINGS.get(type(move))


def sample_outcome(state: State, d: Decision, rng: random.Random) -> Any:
    if d.accepts == (m.Draw,):
        # A card drawn: every card of the pile has weight 1, so this is the draw below
        # (``moves[rng.randrange(len(moves))]``, the same random numbers) without making a
        # Draw for every card of the pile (fifty or more) to keep one.
        t = state.tasks[-1]  # a DrawCard or a DrawOutfitting: they alone ask for a Draw
        pile = state.decks[t.deck] if isinstance(t, tk.DrawCard) else state.outfit_deck
        if pile:
            return m.Draw(pile[rng.randrange(len(pile))])
    outcomes = engine.options(state)
    if d.accepts == (m.Roll,):
        total = rng.randint(1, 6) + (rng.randint(1, 6) if len(outcomes) > 6 else 0)
        return next(x for x, _ in outcomes if x.total == total)
    moves = [x for x, _ in outcomes]
    weights = [w for _, w in outcomes]
    if len(set(weights)) == 1:
        return moves[rng.randrange(len(moves))]
    return rng.choices(moves, weights)[0]


def sample_move(state: State, d: Decision, rng: random.Random) -> Any:
    """A random legal choice, weighted as a player with a purpose would weigh them: launch
    soon, play the cards, move when Progress allows, return (and declare the return after a
    while), rarely abort."""
    moves = engine.options(state)
    if len(moves) == 1:
        return moves[0]
    e = state.exp.get(d.player)
    weights = [weight(state, e, x) for x in moves]
    return rng.choices(moves, weights)[0]


def worth_returning(e) -> bool:
    return bool(e.found or e.teredos or len(e.visited) > 4 or e.must_return)


def _move_weight(state: State, e, move: m.Move) -> float:
    dist = state.book.europe_distance  # how far out an expedition is
    gain = dist.get(move.to, 0) - dist.get(e.space, 0)
    return 8.0 if gain > 0 else (3.0 if e.must_return else 1.0)


def _status_weight(state: State, e, move: m.Status) -> float:
    dist = state.book.europe_distance
    if move.to == state.book.europe:
        return 20.0 if worth_returning(e) else 0.1
    return 4.0 if dist.get(move.to, 0) > dist.get(e.space, 0) else 1.0


# The weight of each type of move (or how to work it out); any other weighs 1.
WEIGHTS: dict[type, Any] = {
    m.Return: lambda state, e, move: 1000.0 if worth_returning(e) else 0.2,
    m.Launch: 3.0,
    m.Play: 4.0,
    m.SpendGold: 2.0,
    m.Pay: 2.0,
    m.Hire: 0.2,
    m.LaunchFrom: 0.2,
    m.Move: _move_weight,
    m.Stop: 0.5,
    m.Ashore: 0.05,
    m.Status: _status_weight,
    m.Action: 1.5,
    m.DeclareReturn: lambda state, e, move: (0.05 + 0.5 * len(e.found)) * (e.turns if e else 1),
    m.EndTurn: 4.0,
    m.Abort: lambda state, e, move: 0.02 * (e.turns if e else 1),
}


def weight(state: State, e, move: Any) -> float:
    w = WEIGHTS.get(type(move), 1.0)
    return w if w.__class__ is float else w(state, e, move)


def public_state(state: State) -> list[str]:
    """A line per player: VP, Gold, cards in hand (their number only) and the expedition."""
    out = []
    for p in state.players:
        e = state.exp[p]
        where = f"{e.leader} in {e.space} ({e.mode})" if e.launched else f"{e.leader} in port"
        hand = len(state.hands[p])
        out.append(f"{p}: {state.total(p)} VP, Gold {state.gold[p]}, {hand} cards; {where}")
    return out
