"""Age of Exploration 1492–1543: the rules object the checker, play and simulate use.

A turn is a stack of typed tasks in the rulebook's order (tasks.py); every move answers the
task on top, so each move type's check and apply are actions/engine.py's, which hand the move
to the hooks of the section that owns the task (actions/*.py)."""

from __future__ import annotations

from portolan.checker.core.game import RulesBase
from portolan.checker.games.age_of_exploration import moves
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration.actions import engine
from portolan.checker.games.age_of_exploration.book import Book
from portolan.checker.games.age_of_exploration.sections import EXPLORATION_TURNS, VICTORY
from portolan.checker.games.age_of_exploration.state import OVER, State

MOVE_TYPES = [
    v
    for v in vars(moves).values()
    if isinstance(v, type) and v.__module__ == moves.__name__ and hasattr(v, "__dataclass_fields__")
]


class AgeOfExplorationRules(RulesBase, package=__name__):
    # Its modules are wired from the package (core/game.py); position and bot are imported
    # when first asked for.
    id = "age-of-exploration"
    turn_section = EXPLORATION_TURNS
    end_section = VICTORY
    book_class = Book
    # Every move answers the task on top of the stack: the engine hands it to its section.
    moves = dict.fromkeys(MOVE_TYPES, (engine.check, engine.apply))
    # A step refused out of its place is reported in the phase it belongs to (moves of one
    # phase only; a card drawn or a roll belongs to many).
    move_phases = {
        **dict.fromkeys((m.Play, m.ShipType, m.LaunchFrom, m.Pay, m.Hire), "Outfitting"),
        **dict.fromkeys((m.StayInPort, m.Launch), "Port"),
        **dict.fromkeys((m.Move, m.Ashore, m.Aboard), "Movement"),
        m.Status: "Status",
        m.Takeover: "Action",
        **dict.fromkeys((m.Abort, m.Return, m.DeclareReturn), "End of turn"),
    }

    outcome_name = staticmethod(m.outcome_name)

    def bounded(self, state: State) -> bool:
        """The game ended at Portolan's round limit (rules.yaml), not at the VP target."""
        return state.phase == OVER and not any(
            state.total(p) >= state.target for p in state.players
        )

    # -- bots: worth in VP (a clear lead is a couple of VP of a 6 VP race). Random play here
    # wanders (it aborts, declares returns, strays from its targets), so the mcts bot plays
    # out only about a turn before worths judges the position.
    worth_scale = 1.5
    rollout_steps = 10
    signature_skips = ("waters",)  # known waters: worked out again when asked


RULES = AgeOfExplorationRules()
