"""The interactive referee: at every step, whose turn, which phase, what may be done (the
prompts and how an answer is read: questions.py).

Every answer is recorded as it is given (playlog.py: whole turns in the log, the turn under way
as comment lines after it), so a game stopped at any prompt resumes at that prompt by running
the same command again. 'u' undoes the last answer, 't' shows the table, 'q' stops.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portolan.checker.core.bots import make_bot
from portolan.checker.core.bots.facedown import FaceDown, a_card
from portolan.checker.core.bots.seats import read_seat
from portolan.checker.core.game import Decision, GameRules, Step
from portolan.checker.core.log import LogFile, parse_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.menus import BACK as BACK  # where tests and tools import them
from portolan.checker.core.menus import Heading as Heading
from portolan.checker.core.menus import menu_entries as menu_entries
from portolan.checker.core.playlog import Answer, PlayLog
from portolan.checker.core.questions import STOP, UNDO, Questions
from portolan.checker.core.replay import run, start_state
from portolan.checker.core.reveals import run_of_reveals
from portolan.checker.core.violation import Violation
from portolan.errors import display_path
from portolan.model.loader import Game

HEADER = "# Portolan play log. Resume with: {command}\n"


def resume_command(game: str, log: str, *more: str) -> str:
    """What a log's first line tells a terminal to run to go on with the game."""
    return shlex.join(["portolan", "play", game, "--log", log, *more])


@dataclass
class Session(Questions):
    rules: GameRules
    model: Game
    players: list[str]
    options: dict[str, Any]
    log: Path
    ask: Callable[[str], str | None]  # returns None at end of input
    say: Callable[[str], None]
    rng: random.Random = field(default_factory=random.Random)
    steps: list[Step] = field(default_factory=list)
    # len(steps) before each answer typed (None: not worked out yet, for a game resumed)
    marks: list[int] | None = field(default_factory=list)
    # what else the command that resumes the game needs (e.g. ["--components", folder])
    resume_args: Sequence[str] = ()
    # seats a bot plays (seat -> LEVEL[:PROCEDURE], the log's ``bots:``; bots/seats.py) and
    # how long an mcts bot thinks
    bot_levels: dict[str, str] = field(default_factory=dict)
    budget: Any = None
    bot_seed: Any = 0
    start: Any = None  # the position the log starts from (position.Start), None: the setup

    def __post_init__(self) -> None:
        self.state = start_state(self)
        self.file = PlayLog(self.log, self._log_text, self._parse)
        self.opened = False
        self.shown: tuple | None = None
        self.nth: dict[int, int] = {}  # step index -> which of the moves that read alike
        self.asking: tuple = ()  # what the prompt under way asks (for tests and tools)
        self.answered = False  # an answer was typed in this session (the file may change)
        seats = {seat: read_seat(spec) for seat, spec in self.bot_levels.items()}
        self.bots = {
            seat: make_bot(s.level, self.rules, seat, self.bot_seed, self.budget)
            for seat, s in seats.items()
        }
        hidden = [seat for seat, s in seats.items() if s.hidden]
        self.facedown = FaceDown(self.rules, hidden, self.bot_seed)

    # -- the log file ---------------------------------------------------------------------
    def _log_text(self, steps: list[Step]) -> str:
        position = self.start.given if self.start is not None else None
        return log_text(
            self.rules,
            self.model,
            self.players,
            self.options,
            steps,
            bots=self.bot_levels,
            position=position,
        )

    def _parse(self, text: str) -> LogFile:
        folder = Path(self.log).parent
        return parse_log(text, display_path(self.log), self.model.dir.parent, folder)

    def save(self) -> None:
        d = self.rules.decision(self.state)
        # a turn that is over is written whole at once (the game's end too), so `check` sees
        # it; the file then says so, for what the log leaves out at a turn's end (no more
        # trades, the end of the turn) is no answer it can hold
        turn_over = d is None or d.starts_turn  # the game's end ends its last turn
        self.file.save(self.steps, self._answers, turn_over)

    def _answers(self, start: int) -> list[Answer]:
        return [
            Answer(s.player, self.rules.describe(s.move), self.nth.get(i, 0))
            for i, s in enumerate(self.steps[start:], start)
        ]

    def resume(self, text: str, log: LogFile) -> Violation | None:
        """Go on with the game of a log file (``text``, read as ``log``): its steps, then the
        answers of the turn under way it ends with. A step that breaks the rules stops it."""
        result = run(self.rules, self.model, self.state, log.steps, log.source.path, finish=False)
        if result.violation is not None:
            return result.violation
        self.steps, self.marks = list(log.steps), None
        answers = self.file.resume(text, log)
        self.opened = True
        done = self.replay_answers(answers)
        if done < len(answers):
            self.say(
                f"The last {len(answers) - done} answer(s) saved in the log no longer fit the "
                "game (was the log edited?): they are asked again."
            )
        elif self.file.over:
            self.finish_last_turn()
        self.recount_face_down()
        return None

    def finish_last_turn(self) -> None:
        """The file says its last turn is over (play wrote it whole when it ended): what the
        log leaves out at a turn's end (no more trades, the end of the turn) is played, as a
        replay does. (A log without that line may end on a turn someone wrote in part: play
        resumes inside it.)"""
        while (d := self.rules.decision(self.state)) is not None:
            if d.starts_turn or d.default is None:
                return
            turn = self.turn_of(d)
            self.rules.apply(self.state, d.default)
            self.steps.append(Step(d.default, turn, d.player))

    def replay_answers(self, answers: list[Answer]) -> int:
        """Play the answers of the turn under way again; how many could be."""
        for k, answer in enumerate(answers):
            found = self._answered(answer)
            if found is None:
                self.rebuild()
                return k
            d, move = found
            if self.marks is not None and self._asked(d, move):
                self.marks.append(len(self.steps))
            if answer.nth:
                self.nth[len(self.steps)] = answer.nth
            turn = self.turn_of(d)
            self.rules.apply(self.state, move)
            self.steps.append(Step(move, turn, d.player))
        return len(answers)

    def _answered(self, answer: Answer) -> tuple[Decision, Any] | None:
        """The decision an answer was given at and its move (the moves a log may leave out
        played on the way, as a replay does)."""
        while (d := self.rules.decision(self.state)) is not None:
            if d.player == answer.player:
                alike = [m for m in self.candidates(d) if self.rules.describe(m) == answer.label]
                if len(alike) > answer.nth:
                    return d, alike[answer.nth]
            if d.default is None:
                return None
            self.rules.apply(self.state, d.default)
        return None

    def candidates(self, d: Decision) -> list[Any]:
        """Every answer the decision may get."""
        if d.kind == "choice":
            out = list(self.rules.legal_moves(self.state))
        else:
            out = [m for m, _ in self.rules.outcomes(self.state)]
            if d.secret is not None:
                out.append(d.secret)
        if d.default is not None and d.default not in out:
            out.append(d.default)
        return out

    def _asked(self, d: Decision, move: Any) -> bool:
        """Was a person asked for this move (or was it the only one)?"""
        if d.kind == "chance" and self.facedown and self.facedown.draws(self.state, d):
            return False  # a bot's card Portolan drew face down: undone with the bot's moves
        if d.kind == "chance" or self.rules.spends(move):
            return True
        if d.player in self.bot_levels:  # a bot's answer: undone with the person's before it
            return False
        return len(self.rules.legal_moves(self.state)) > 1

    def rebuild(self) -> None:
        self.state = start_state(self)
        run(self.rules, self.model, self.state, self.steps, str(self.log), finish=False)

    def turn_of(self, d: Decision) -> int:
        """The log turn of the next step; 0 for a game's setup, before the first turn."""
        before = self.start.turns if self.start is not None else 0
        last = self.steps[-1].turn if self.steps else before
        return last + 1 if d.starts_turn else last  # 0: the setup, before the first turn

    # -- loop -----------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or the input stops or 'q' is typed (False)."""
        if not self.opened:
            self.file.create(HEADER.format(command=self.resume_command()))
            self.opened = True
        self.say("(h at any prompt: what you may type)")
        while True:
            d = self.rules.decision(self.state)
            if d is None:
                self.save()
                self.game_over()
                return True
            turn = self.turn_of(d)
            forced = None
            if d.kind == "choice" and d.player in self.bots:
                self.play_bot(d, turn)
                continue
            if self.draw_face_down(d, turn):
                continue
            if d.kind == "choice":
                moves = self.rules.legal_moves(self.state)
                if len(moves) == 1:  # nothing to decide, unless it spends something
                    if not self.rules.spends(moves[0]):
                        self.apply(d, moves[0], turn, prompted=False)
                        continue
                    forced = moves[0]
            self.header(turn, d)
            if forced is not None:
                move = self.ask_forced(d, forced)
            else:
                move = self.ask_choice(d) if d.kind == "choice" else self.ask_chance(d)
            if move is STOP:
                self.stopped()
                return False
            if move is UNDO:
                self.shown = None
                continue
            self.apply(d, move, turn, prompted=True)

    def run_of_reveals(self, d: Decision) -> tuple[int, int] | None:
        """Where this reveal stands in a run of the same question (reveals.py)."""
        return run_of_reveals(self.rules, self.model, self.players, self.options, self.steps, d)

    # -- the same game driven from outside (a web page): no prompt, one answer at a time ------
    def advance(self) -> Decision | None:
        """Play the moves nobody has to choose (as ``run`` does) and return the decision a
        person must answer now (None: the game is over). ``choices`` lists what may answer it."""
        while (d := self.rules.decision(self.state)) is not None:
            if d.kind != "choice":
                return d
            moves = self.rules.legal_moves(self.state)
            if len(moves) != 1 or self.rules.spends(moves[0]):
                return d
            self.apply(d, moves[0], self.turn_of(d), prompted=False)
        self.save()  # the game is over: the log is written whole
        return None

    def choices(self) -> list[Any]:
        """Every move that may answer the decision of the moment (the legal moves of a choice;
        the outcomes of a chance, and the secret one if its owner may keep the card hidden)."""
        d = self.rules.decision(self.state)
        return [] if d is None else self.candidates(d)

    def answer(self, move: Any) -> None:
        """Record ``move`` as the answer to the decision of the moment and save the log; a
        ``ValueError`` if it is not one of ``choices()``."""
        d = self.rules.decision(self.state)
        if d is None or move not in self.candidates(d):
            raise ValueError(f"not an answer to this decision: {move!r}")
        self.apply(d, move, self.turn_of(d), prompted=True)

    def game_over(self) -> None:
        self.say("")
        self.say("The game is over.")
        self.say(self.rules.sheet(self.state).as_text())

    def stopped(self) -> None:
        self.say(f"Stopped. The log is saved in {self.log}; resume with: {self.resume_command()}")

    def resume_command(self) -> str:
        """The command that resumes this game, quoted for a POSIX shell."""
        return resume_command(self.rules.id, str(self.log), *self.resume_args)

    def header(self, turn: int, d: Decision) -> None:
        if self.shown != (turn, d.player, d.phase):
            when = f"Turn {turn}" if turn else "Before the first turn"
            self.say(f"\n== {when} · {d.player} · {d.phase} phase ==")
            self.shown = (turn, d.player, d.phase)

    def play_bot(self, d: Decision, turn: int) -> None:
        """A bot seat's choice: the bot answers, the table is told in the log's words (the
        person moves the bot's pieces), and the answer is saved like a typed one."""
        moves = self.rules.legal_moves(self.state)
        bot = self.bots[d.player]
        move = moves[0] if len(moves) == 1 else bot.choose(self.state, d)
        line = None
        if len(moves) > 1 or self.rules.spends(move):
            self.header(turn, d)
            why = bot.reason if len(moves) > 1 else "its only move"
            line = f"{d.player} (bot, {bot.level}): {self.rules.describe(move)} · {why}"
        self.apply(d, move, turn, prompted=True, mark=False, told=line)

    def recount_face_down(self) -> None:
        """What the table has seen of the cards bots hold face down, worked out again from the
        start (a game resumed, an undo): which cards came back in view, which were drawn."""
        if not self.facedown:
            return
        self.facedown.forget()
        state = self.rules.setup(self.model, self.players, self.options)
        for step in self.steps:
            d = self.rules.decision(state)
            while d is not None and not isinstance(step.move, d.accepts) and d.default is not None:
                self._follow(state, d, d.default)
                d = self.rules.decision(state)
            self._follow(state, d, step.move)

    def _follow(self, state: Any, d: Decision | None, move: Any) -> None:
        before = self.facedown.held(state)
        drawn = d is not None and self.facedown.draws(state, d) is not None
        self.rules.apply(state, move)
        self.facedown.moved(before, state, drawn=drawn)

    def draw_face_down(self, d: Decision, turn: int) -> bool:
        """A secret card of a bot whose cards stay face down: Portolan draws it (the log has
        it; nothing printed names it). False if ``d`` is no such draw."""
        kind = self.facedown.draws(self.state, d) if self.facedown else None
        if kind is None:
            return False
        move = self.facedown.pick(self.state, d, len(self.steps))
        self.header(turn, d)
        told = f"{d.player} draws {a_card(kind)} (kept face down)"
        self.apply(d, move, turn, prompted=True, mark=False, told=told, quiet=True)
        return True

    def apply(
        self,
        d: Decision,
        move: Any,
        turn: int,
        *,
        prompted: bool,
        mark: bool | None = None,
        told: str | None = None,
        quiet: bool = False,
    ) -> None:
        """Play ``move`` and say what happened (``told`` first: a bot's move; ``quiet``: only
        that, for a card drawn face down), and which cards a bot had face down it reveals."""
        illegal = self.rules.check(self.state, move, d.player)
        if illegal is not None:  # offered as legal, so this is a bug, not user input
            raise AssertionError(f"offered an illegal move: {illegal}")
        nth = self._nth(d, move)
        if (prompted if mark is None else mark) and self.marks is not None:
            self.marks.append(len(self.steps))
        before = self.facedown.held(self.state) if self.facedown else None
        events = self.rules.apply(self.state, move)
        if quiet:
            events = []
        if before is not None:  # the cards a face-down bot's move takes out of its hand
            events += self.facedown.moved(before, self.state, drawn=quiet, told=told or "")
        if told is not None:
            self.say(told)
        if events:  # under the header of the turn they happen in (a turn's start too)
            self.header(turn, d)
        for event in events:
            self.say(f"  {event}")
        if nth:
            self.nth[len(self.steps)] = nth
        self.steps.append(Step(move, turn, d.player))
        # a move nobody chose is worked out again on resuming: not saved alone, unless it
        # ends a turn (which is then written whole) after an answer typed in this session
        if prompted:
            self.answered = True
        if prompted or (self.answered and self._turn_ended()):
            self.save()

    def _turn_ended(self) -> bool:
        d = self.rules.decision(self.state)
        return d is not None and d.starts_turn and bool(self.steps) and self.steps[-1].turn > 0

    def _nth(self, d: Decision, move: Any) -> int:
        label = self.rules.describe(move)
        alike = [m for m in self.candidates(d) if self.rules.describe(m) == label]
        return next((i for i, m in enumerate(alike) if m == move), 0)

    def undo(self) -> None:
        if self.marks is None:
            self.marks = self.prompts_so_far()
        if not self.marks:
            self.say("Nothing to undo.")
            return
        n = self.marks.pop()
        del self.steps[n:]
        self.nth = {i: k for i, k in self.nth.items() if i < n}
        self.file.forget_from(n)
        self.rebuild()
        self.recount_face_down()
        self.save()
        self.say("Undone.")

    def prompts_so_far(self) -> list[int]:
        """The steps so far a person was asked for (a game resumed works them out when an
        undo needs them)."""
        state = start_state(self)
        self.state, marks = state, []
        for i, step in enumerate(self.steps):
            d = self.rules.decision(state)
            while d is not None and not isinstance(step.move, d.accepts) and d.default is not None:
                self.rules.apply(state, d.default)
                d = self.rules.decision(state)
            if d is not None and self._asked(d, step.move):
                marks.append(i)
            self.rules.apply(state, step.move)
        return marks
