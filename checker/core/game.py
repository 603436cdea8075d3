"""The contract between the generic core and one game's rules.

A game is a state machine driven by *moves*. At every point ``decision(state)`` says who must
act, in which phase, and which kinds of move are accepted; the move is either a *choice* (the
player decides: ``legal_moves``) or *chance* (the table reveals a card: ``outcomes``). ``check``
says whether a move is legal (returning an ``Illegal`` naming the rulebook section if not) and
``apply`` performs it, returning what happened in words. Steps never print.

What is pending inside a turn is a stack of typed tasks (``state.tasks``; turn.py): the task on
top gives the decision, a move's apply pops it and pushes what follows, and ``apply`` then
carries out the automatic tasks (``turn.run``).

``RulesBase`` (also named ``GameRules``, as the core's modules type a game) holds every hook the
core calls and is what a game subclasses: it owns the decision cache and the move table
(``moves``: one ``(check, apply)`` pair per move type), binds the game's ``flow`` functions as
hooks, calls its ``preparation`` (setup) and ``scoring`` modules, and gives every optional hook
a default.

A log is a list of turns, each held to account when it ends (replay.py, ``run``). A game whose
preparation is decided at the table answers decisions before the first turn (turn 0, "setup")
and reads and writes log sections of its own (``log_keys``; its ``logformat`` module's
``parse_log`` and ``write_log``). The package layout every game follows is in docs/new-game.md.
"""

from __future__ import annotations

import copy
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.core.turn import Decision, Illegal, Task, run
from portolan.checker.core.turn import missing_of as missing_of  # part of the core's contract too
from portolan.checker.core.words import in_words
from portolan.model.loader import Game
from portolan.model.rules import RuleOption
from portolan.yamlsrc import Pos, Source


class Step(NamedTuple):
    """One move as read from a log (or chosen in play): who, in which log turn, where.
    (A named tuple: millions are made by simulate, and they are cheap.)"""

    move: Any
    turn: int
    player: str
    pos: Pos | None = None


@dataclass(slots=True)
class GameState:
    """What the core keeps in every game's state: the decision of the moment, worked out once,
    and whatever else the rules work out more than once in this position (``scratch()``); both
    are forgotten by ``RulesBase.apply``, so no game clears a cache by hand. A game's
    ``State`` subclasses it."""

    # What is pending inside the turn, top last (checker/core/turn.py).
    tasks: list[Task] = field(default_factory=list, kw_only=True)
    memo: tuple[Decision | None] | None = field(default=None, kw_only=True, repr=False)
    scratchpad: dict[Any, Any] | None = field(default=None, kw_only=True, repr=False)

    def scratch(self) -> dict[Any, Any]:
        """The cache of this position (empty after every move), for what a decision's checks
        and choices need again (e.g. where a ship may sail)."""
        pad = self.scratchpad
        if pad is None:
            pad = self.scratchpad = {}
        return pad

    def forget(self) -> None:
        """Drop what was worked out for this position: for a state changed by hand (tests,
        tools); ``RulesBase.apply`` does the same after every move."""
        self.memo = self.scratchpad = None


class TakesTurns:
    """Whose turn it is and whether the game is over, for a state with ``players``, the index
    ``current`` and a ``phase`` that is ``OVER`` at the end (a game's ``State`` mixes it in)."""

    __slots__ = ()
    OVER: ClassVar[str]

    @property
    def player(self) -> str:
        return self.players[self.current]  # type: ignore[attr-defined]

    @property
    def over(self) -> bool:
        return self.phase == self.OVER  # type: ignore[attr-defined]


Check = Callable[[Any, Any], Illegal | None]  # (state, move) -> why it is illegal, or None
Apply = Callable[[Any, Any], list[str]]  # (state, move) -> what happened, in words
MoveTable = Mapping[type, tuple[Check | None, Apply]]


# The flow functions bound as the hooks of the same names (RulesBase.__init_subclass__).
FLOW_HOOKS = (
    "decide",
    "choices",
    "chances",
    "misplaced",
    "copies_left",
    "public_state",
    "menu",
)


def answers(move: type, check: Check | None = None) -> Callable[[Apply], Apply]:
    """Mark the decorated function as the apply of ``move``, after ``check`` (None: always
    legal once asked); ``move_table`` gathers the marks into a game's move table."""

    def mark(apply: Apply) -> Apply:
        apply.answers = (move, check)  # type: ignore[attr-defined]
        return apply

    return mark


def move_table(*modules: Any) -> dict[type, tuple[Check | None, Apply]]:
    """Every move type -> (check, apply), from the functions of ``modules`` marked ``answers``."""
    table: dict[type, tuple[Check | None, Apply]] = {}
    for module in modules:
        for apply in vars(module).values():
            mark = getattr(apply, "answers", None)
            if mark is None or apply.__module__ != module.__name__:
                continue
            move, check = mark
            if move in table:
                raise ValueError(f"{move.__name__} is answered twice ({module.__name__})")
            table[move] = (check, apply)
    return table


# A game package's modules and the rules object's attributes they become (docs/new-game.md).
GAME_MODULES = {
    "preparation": "setup",
    "flow": "flow",
    "scoring": "scoring",
    "logformat": "logformat",
    "position": "position",
    "bot": "bot",
}
# Those imported when first asked for: a check of a log that starts from the setup reads no
# end position and asks no bot.
LAZY_MODULES = ("position", "bot")
MOVE_HOOKS = ("describe", "spellings", "spends")  # functions of the game's moves module


class LazyModule:
    """A rules class's attribute ``name`` that is the module ``module``, imported the first
    time it is asked for (then set on the class in its place)."""

    def __init__(self, name: str, module: str) -> None:
        self.name, self.module = name, module

    def __get__(self, rules: Any, owner: type) -> Any:
        module = importlib.import_module(self.module)
        setattr(owner, self.name, module)
        return module


def wire_modules(cls: type, package: str) -> None:
    """Give a rules class the modules of its game ``package`` (GAME_MODULES; LAZY_MODULES when
    first asked for), the log sections its log format declares (``TOP_KEYS``) and its moves
    module's words (MOVE_HOOKS) and ``MOVE_PHASES``: whatever the class does not set itself."""
    own = cls.__dict__
    for attr, name in GAME_MODULES.items():
        if attr in own:
            continue
        module = f"{package}.{name}"
        lazy = attr in LAZY_MODULES
        setattr(cls, attr, LazyModule(attr, module) if lazy else importlib.import_module(module))
    if "log_keys" not in own:
        cls.log_keys = getattr(cls.logformat, "TOP_KEYS", ())  # type: ignore[attr-defined]
    moves = importlib.import_module(f"{package}.moves")
    bind_hooks(cls, moves, {name: name for name in MOVE_HOOKS})
    if "move_phases" not in own:
        cls.move_phases = getattr(moves, "MOVE_PHASES", {})  # type: ignore[attr-defined]


def bind_hooks(cls: type, module: Any, hooks: dict[str, str]) -> None:
    """Each function ``name`` of ``module`` becomes the class's ``hooks[name]`` (a static
    method: no wrapper, they run at every step), unless the class writes that itself."""
    for name, attr in hooks.items():
        hook = getattr(module, name, None)
        if hook is not None and attr not in cls.__dict__:
            setattr(cls, attr, staticmethod(hook))


class RulesBase:
    """What a game's rules object is made of. A game sets the class attributes and writes the
    methods marked *game*; the rest are the core's, with defaults a game may override."""

    id: ClassVar[str]
    turn_section: ClassVar[str]  # cited when a step is taken out of turn
    end_section: ClassVar[str]  # cited when a step comes after the end of the game
    log_keys: ClassVar[tuple[str, ...]] = ()  # top-level log sections of the game's own
    book_class: ClassVar[type]  # the game's card book: what its rules need from the decks
    # The game's modules, which the core's hooks call (docs/new-game.md):
    # - preparation: its setup module, setup(book, options, players) -> the starting State;
    # - flow: decide, choices, chances and, where the game has them, the other FLOW_HOOKS and
    #   sample_move(state, d, rng), sample_outcome(state, d, rng): bound as the hooks;
    # - scoring: score(state) -> the score sheet;
    # - logformat: parse_log(book, raw, source, players), write_log(steps);
    # - position: score_position(book, model, raw, source, options).
    preparation: ClassVar[Any]
    flow: ClassVar[Any] = None
    # *game*, the flow's (bound as the hooks): who acts now and what is asked (None: the game
    # is over), the legal moves of a choice, what the table may reveal at a chance (weighted).
    decide: Callable[[Any], Decision | None]
    choices: Callable[[Any, Decision], list[Any]]
    chances: Callable[[Any, Decision], list[tuple[Any, int]]]
    scoring: ClassVar[Any]
    logformat: ClassVar[Any]
    position: ClassVar[Any]
    moves: ClassVar[MoveTable]  # every move type -> (check or None: always legal, apply)
    # The phase each move type belongs to, as decisions name it: a move refused out of its
    # place is reported in its own phase, not in the phase the game has reached.
    move_phases: ClassVar[Mapping[type, str]] = {}
    # Fields of a state that no move changes (the card book, the constants, the options): a
    # copy for look-ahead shares them. ``cache_fields``: caches a copy starts empty.
    shared_fields: ClassVar[tuple[str, ...]] = ("book", "k", "constants", "options", "categories")
    cache_fields: ClassVar[tuple[str, ...]] = ("cache",)
    # Fields that hold only caches or history and say nothing of the position, left out when a
    # bot asks whether a position repeats (checker/core/bots/repeats.py).
    signature_skips: ClassVar[tuple[str, ...]] = ()
    # The game's bot module (bot.py: worths(state), determinise(state, seat, rng)), which the
    # defaults of the bot hooks call; None: the score so far, nothing hidden.
    bot: ClassVar[Any] = None
    # How many of ``worths``' points make a clear lead (the bots' advantage-to-win curve).
    worth_scale: ClassVar[float] = 5.0
    # Steps the mcts bot plays at random past its tree before it judges the position by
    # ``worths``: by default about a whole game (a random game's end says more than its
    # middle where ``worths`` is only the score so far); fewer where random play says little.
    rollout_steps: ClassVar[int] = 1000

    # The flow's own random players (None: uniform choices, outcomes by their weights).
    _pick_move: ClassVar[Callable[..., Any] | None] = None
    _pick_outcome: ClassVar[Callable[..., Any] | None] = None

    def __init_subclass__(cls, package: str | None = None, **kwargs: Any) -> None:
        """Bind the game's modules (``package``: wire_modules) and its ``flow`` functions as
        its hooks (a hook the class writes wins)."""
        super().__init_subclass__(**kwargs)
        if package is not None:
            wire_modules(cls, package)
        flow = cls.__dict__.get("flow")
        if flow is not None:
            samplers = {"sample_move": "_pick_move", "sample_outcome": "_pick_outcome"}
            bind_hooks(cls, flow, {**{name: name for name in FLOW_HOOKS}, **samplers})

    def __init__(self) -> None:
        self._books: dict[int, tuple[Game, Any]] = {}

    def book(self, model: Game) -> Any:
        key = id(model)
        if key not in self._books or self._books[key][0] is not model:
            self._books[key] = (model, self.book_class(model))
        return self._books[key][1]

    def options(self, model: Game) -> Sequence[RuleOption]:
        """The game's rule options, as rules.yaml declares them."""
        return model.rules.options

    # -- game: the rules proper (its modules' functions) -----------------------------------
    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> GameState:
        """The starting position: the game's ``preparation.setup(book, options, players)``,
        then whatever follows it without a decision (turn.run)."""
        state = self.preparation.setup(self.book(model), options, players)
        run(state)
        return state

    def score(self, state: Any) -> ScoreSheet:
        """The scores of the position: the game's ``scoring.score``."""
        return self.scoring.score(state)

    def describe(self, move: Any) -> str:
        """A move in words, as play lists it and a trace shows it: its ``WORDS`` (core/words.py)
        unless the game's moves module words it (``describe``)."""
        return in_words(move)

    # -- the core's ------------------------------------------------------------------------
    def decision(self, state: GameState) -> Decision | None:
        memo = state.memo
        if memo is None:
            memo = state.memo = (self.decide(state),)
        return memo[0]

    def check(self, state: Any, move: Any, player: str) -> Illegal | None:
        check = self.moves[type(move)][0]
        return None if check is None else check(state, move)

    def apply(self, state: GameState, move: Any) -> list[str]:
        """The move's apply (the move table), with the position's caches forgotten first, then
        every automatic task it left on top of the stack (turn.run)."""
        state.memo = state.scratchpad = None
        events = self.moves[type(move)][1](state, move)
        if state.tasks:
            more = run(state)
            if more:
                return events + more
        return events

    def misplaced(self, state: Any, move: Any) -> Illegal | None:
        """Why ``move`` cannot come now nor later in this turn (None if it still may)."""
        return None

    def unanswered(self, decision: Decision) -> Illegal:
        """Why a log that leaves ``decision`` open breaks a rule: what the decision says is
        missing, else that the turn's rule expected it."""
        return missing_of(decision) or Illegal(self.turn_section, f"expected {decision.prompt}")

    def phase_of(self, move: Any) -> str | None:
        """The phase ``move`` belongs to (``move_phases``), for a violation reported out of its
        place (None: the phase of the decision at hand)."""
        return self.move_phases.get(type(move))

    def sheet(self, state: Any) -> ScoreSheet:
        """The score sheet of the game so far: ``score``, marked unfinished (no winner) while a
        decision is still open."""
        sheet = self.score(state)
        sheet.finished = self.decision(state) is None
        return sheet

    def legal_moves(self, state: Any) -> list[Any]:
        d = self.decision(state)
        return [] if d is None or d.kind != "choice" else self.choices(state, d)

    def outcomes(self, state: Any) -> list[tuple[Any, int]]:
        d = self.decision(state)
        return [] if d is None or d.kind != "chance" else self.chances(state, d)

    def sample_move(self, state: Any, rng: random.Random) -> Any:
        """A random legal choice for simulate: uniform, unless the flow plays more like a table
        (``flow.sample_move(state, decision, rng)``)."""
        pick = self._pick_move
        if pick is not None:
            return pick(state, self.decision(state), rng)
        return rng.choice(self.legal_moves(state))

    def sample_outcome(self, state: Any, rng: random.Random) -> Any:
        """A chance outcome drawn with the weights of ``outcomes``, or by the flow's faster
        ``sample_outcome(state, decision, rng)``."""
        pick = self._pick_outcome
        if pick is not None:
            return pick(state, self.decision(state), rng)
        outcomes = self.outcomes(state)
        return rng.choices([m for m, _ in outcomes], weights=[w for _, w in outcomes])[0]

    def outcome_name(self, move: Any) -> str:
        """How a person names this outcome at the prompt (a card's name, by default its words)."""
        return self.describe(move)

    def menu(self, move: Any) -> str | None:
        """The heading the interactive referee files this move under when a list is long
        (``None``: listed at the top)."""
        return None

    def spellings(self, move: Any) -> tuple[str, ...]:
        """Other words the log accepts for this move ('cw' for a clockwise bow, '8' for eight
        markers): the interactive referee accepts them at its prompt too. A spelling that is a
        bare number is the number the move is listed under, so that a number never means both
        a place in the list and a count."""
        return ()

    def copies_left(self, state: Any, move: Any) -> int | None:
        """How many copies of this outcome's card may still turn up (shown by '?' at the
        prompt); ``None``: the weights of ``outcomes`` are no count of copies, none is shown."""
        return None

    def spends(self, move: Any) -> str | None:
        """What the move spends that the player may want to keep (e.g. 'a Wild Ship card'):
        the referee asks before playing such a move even when it is the only one."""
        return None

    def detail(self, state: Any, move: Any) -> str | None:
        """What a choice would give that its words leave out (a city space's benefit), shown
        after it in the referee's list; None: nothing to add."""
        return None

    def public_state(self, state: Any) -> list[str]:
        """What is in front of each player for everyone to see, in a few lines (the referee's
        't' shows them, with the scores so far). Nothing secret."""
        return []

    # -- bots ------------------------------------------------------------------------------
    def copy_state(self, state: GameState) -> Any:
        """A copy to play forward without touching ``state`` (the bots' look-ahead): everything
        a move may change is copied, ``shared_fields`` are shared, caches start empty."""
        memo: dict[int, Any] = {}
        for name in self.shared_fields:
            value = getattr(state, name, None)
            if value is not None:
                memo[id(value)] = value
        for name in self.cache_fields:
            value = getattr(state, name, None)
            if isinstance(value, dict):
                memo[id(value)] = {}
        clone = copy.deepcopy(state, memo)
        clone.forget()
        return clone

    def determinise(self, state: Any, seat: str, rng: random.Random) -> None:
        """*game*, on a copy: replace what ``seat`` cannot see (other hands, face-down cards)
        by a sample consistent with everything it can see. The default: nothing is hidden in
        the state (cards not yet drawn are chance outcomes, never held in it). The game's
        ``bot.determinise``."""
        if self.bot is not None:
            self.bot.determinise(state, seat, rng)

    def worths(self, state: Any) -> dict[str, float]:
        """*game*: what each player's position is worth, in the game's points, for a bot
        looking ahead: by default the score so far; a game adds what its points do not show
        yet (gold, cards, pieces on their way): the game's ``bot.worths``."""
        if self.bot is not None:
            return self.bot.worths(state)
        return {line.player: float(line.total) for line in self.score(state).lines}

    def bounded(self, state: Any) -> bool:
        """*game*: whether a finished game ended at a bound Portolan sets where the rulebook
        gives no end (Age of Exploration's round limit), not by the rulebook's own ending."""
        return False

    def parse_log(
        self, model: Game, raw: Any, source: Source, players: list[str], options: dict[str, Any]
    ) -> list[Step]:
        """The steps of a whole log (``turns`` and any sections of the game's own), read with its
        rule options (``options``, resolved): the game's ``logformat.parse_log``."""
        return self.logformat.parse_log(self.book(model), raw, source, players, options)

    def write_log(self, steps: list[Step]) -> dict[str, Any]:
        """The log's sections for these steps: the game's ``logformat.write_log``."""
        return self.logformat.write_log(steps)

    def score_position(
        self, model: Game, raw: Any, source: Source, options: dict[str, Any] | None
    ) -> ScoreSheet:
        """An end position read and scored: the game's ``position.score_position``."""
        return self.position.score_position(self.book(model), model, raw, source, options)

    def position_entries(self, state: Any) -> dict[str, Any]:
        """What ``portolan score`` reads of the position ``state`` (its top-level keys, with
        ``players``): the game's ``position.entries``."""
        return self.position.entries(state)

    def position_problems(self, state: Any) -> list[tuple[tuple, str]]:
        """What cannot be in a state read from a position (more cards than the game has...):
        (the path of the value in ``state:``, why). The game's ``position.problems``."""
        return self.position.problems(state)

    def unknown_fields(self) -> dict[str, Callable[[Any], Any]]:
        """The state's fields a position may write as ``unknown`` (a deck the table has not
        looked through), each with what works out the most it may hold from the rest of the
        state: the game's ``position.UNKNOWN`` (none if it has none)."""
        return getattr(self.position, "UNKNOWN", {})


# What the core's modules call a game: every game's rules object is a RulesBase.
GameRules = RulesBase
