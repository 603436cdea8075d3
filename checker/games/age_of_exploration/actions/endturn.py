"""The turn: who plays next (and the round bound), what a turn holds for an expedition in
port and for one on the map (Exploration Turns), and the End-of-turn Actions: the Lost check,
Expedition must return, returning to Europe or a base, aborting."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions.engine import ask, auto
from portolan.checker.games.age_of_exploration.actions.publishing import abort
from portolan.checker.games.age_of_exploration.actions.ratings import navigation
from portolan.checker.games.age_of_exploration.sections import END_OF_TURN, EXPLORATION_TURNS
from portolan.checker.games.age_of_exploration.state import OVER, State, Turn

TURN = (
    tk.ChooseStance(),
    tk.TurnInCard(),
    tk.Movement(),
    tk.StatusChange(),
    tk.ExpeditionAction(),
    tk.LostCheck(),
    tk.EndOfTurn(),
)


# -- turns --------------------------------------------------------------------------------------
@auto(tk.NextPlayer)
def next_player(state: State) -> list[str]:
    state.current = (state.current + 1) % len(state.players)
    if state.current == 0:
        state.round += 1
        if state.round >= state.round_limit:
            state.phase = OVER
            state.end_reason = f"the round limit ({state.round_limit} rounds) is reached"
            return [f"the game ends: {state.end_reason}"]
    push(state, tk.StartOfTurn())
    return []


def start_turn(state: State, t: tk.StartOfTurn, move: m.StartTurn) -> list[str]:
    p = state.player
    state.turn += 1
    state.now = Turn()
    e = state.exp[p]
    if state.round == 0 and state.turn <= len(state.players):
        push(state, tk.Outfit(p, "first"), tk.NextPlayer())
        return ["outfits the first expedition"]
    if not e.launched:
        push(state, tk.InPort(), tk.NextPlayer())
        return []
    e.launch_turn = False
    e.turns += 1
    state.now.kind = "explore"
    state.now.start = e.space
    push(state, *TURN, tk.NextPlayer())
    return [f"the expedition of {e.leader} is in {e.space}"]


tk.register(
    tk.StartOfTurn,
    None,
    ask("Turn", (m.StartTurn,), lambda s, t: f"{s.player}'s turn to begin", starts_turn=True),
    lambda s, t: [m.StartTurn(s.player)],
    None,
    start_turn,
)


# -- Lost ---------------------------------------------------------------------------------------
@auto(tk.LostCheck)
def lost_check(state: State) -> list[str]:
    """Lost (mandatory): Still lost is removed; Lost this turn checks Navigation."""
    e = state.exp[state.player]
    if e.lost == 2:
        e.lost = 0
        return ["no longer Lost"]
    if e.lost == 1:
        push(
            state,
            tk.RollCheck(
                navigation(state, e),
                "Navigation (Lost)",
                (tk.FoundWay(),),
                (tk.StillLost(),),
            ),
        )
    return []


@auto(tk.FoundWay)
def found_way(state: State) -> list[str]:
    state.exp[state.player].lost = 0
    return ["finds its way: no longer Lost"]


@auto(tk.StillLost)
def still_lost(state: State) -> list[str]:
    state.exp[state.player].lost = 2
    return ["Still lost"]


# -- the end of the turn ------------------------------------------------------------------------
def end_moves(state: State, t: tk.EndOfTurn) -> list:
    """The end-of-turn actions ``check_end`` allows now, then ending the turn."""
    actions = (m.Return(), m.DeclareReturn(), m.Abort())
    return [*(x for x in actions if check_end(state, t, x) is None), m.END_TURN]


def check_end(state: State, t: tk.EndOfTurn, move) -> Illegal | None:
    e = state.exp[state.player]
    home = e.space == state.book.europe or e.space in state.founded  # where one may return
    if isinstance(move, m.Return) and not home:
        return Illegal(
            END_OF_TURN,
            "an expedition returns only in Europe or at a base, not in "
            + state.book.named(e.space),
        )
    if isinstance(move, m.DeclareReturn):
        if e.must_return:
            return Illegal(END_OF_TURN, "Expedition must return is already declared")
        if state.book.spaces[e.space].region == "PAC":
            return Illegal(END_OF_TURN, "an expedition in the Pacific may not declare its return")
    if isinstance(move, m.Abort) and e.launch_turn:
        return Illegal(END_OF_TURN, "an expedition is not aborted on its launch turn")
    return None


def answer_end(state: State, t: tk.EndOfTurn, move) -> list[str]:
    p = state.player
    e = state.exp[p]
    if isinstance(move, m.EndTurn):
        return []
    if isinstance(move, m.DeclareReturn):
        push(state, t)
        e.must_return, e.outward = True, len(e.path)
        return ["declares Expedition must return"]
    if isinstance(move, m.Return):
        push(state, tk.ScoreVoyage(p))
        return [f"returns to {e.space} and publishes"]
    return abort(state, p)


tk.register(
    tk.EndOfTurn,
    None,
    ask(
        "End of turn",
        (m.Return, m.DeclareReturn, m.Abort, m.EndTurn),
        "an end-of-turn action (or end the turn)",
        default=m.END_TURN,
    ),
    end_moves,
    check_end,
    answer_end,
)

__all__ = ["EXPLORATION_TURNS"]
