"""The interactive referee of ``checker/core/play.py`` driven one answer at a time, for the web.

A terminal ``Session`` asks and waits; a web page shows the question of the moment and gets the
answer in a later request. This adapter keeps that difference in one place: it holds a
``Session`` (its log file, resumed at the very prompt it stopped, its undo and its state come
from the core unchanged), plays the moves the core would play by itself (a choice with one
legal move that spends nothing), and describes the prompt of the moment as plain data for a
template.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portolan.checker.core.bots import DEFAULT_ITERATIONS, Budget
from portolan.checker.core.bots.seats import read_seat
from portolan.checker.core.game import Decision, GameRules
from portolan.checker.core.log import LogFile
from portolan.checker.core.play import BACK, HEADER, Heading, Session, menu_entries, resume_command
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.model.loader import Game

EVENTS_KEPT = 12  # the last things that happened, shown above the prompt
# A bot seat's budget on the web: an mcts bot thinks at most THINK CPU seconds a move (or its
# usual iterations, if fewer), and a request plays one such move; quicker bots (greedy, random)
# play on while a request has taken less than QUICK seconds, then the page reloads for more.
THINK = 2.0
QUICK = 0.5
LOG_NAME = "log.yaml"  # what the log's first line tells `portolan play` to resume


@dataclass
class Entry:
    """One button of the prompt: its label and what pressing it sends back."""

    label: str
    value: str
    kind: str  # "move", "heading", "back", "outcome", "secret"
    copies: int | None = None  # copies left of a card, when the game counts them


@dataclass
class Prompt:
    turn: int
    player: str
    phase: str
    kind: str  # "choice", "chance", or "bot" (a bot is thinking: the page reloads)
    question: str
    entries: list[Entry]
    opened: str | None = None
    random_ok: bool = False
    spends: str | None = None  # the only move left spends this (asked before it is played)
    count: tuple[int, int] | None = None  # a run of table reveals in the setup: (n, of)


@dataclass
class Table:
    """A refereed game: the core's ``Session`` plus what the page shows."""

    session: Session
    events: list[str] = field(default_factory=list)
    version: int = 0  # answers and undos so far: what a page showed, to spot a stale answer
    actor: str | None = None  # whose choice is being applied: the events name them

    @classmethod
    def new(
        cls,
        rules: GameRules,
        model: Game,
        players: list[str],
        options: dict[str, Any],
        log: Path,
        bots: dict[str, str] | None = None,
    ) -> Table:
        """A new game; ``bots``: the seats a bot plays (seat -> LEVEL[:PROCEDURE], as the log's
        ``bots:``), kept in the log's header."""
        table = cls._made(rules, model, players, options, log, bots or {})
        table.session.file.create(HEADER.format(command=resume_command(rules.id, LOG_NAME)))
        table.session.opened = True
        table.settle()
        return table

    @classmethod
    def resume(cls, log: Path, text: str, loaded: LogFile) -> Table:
        """The game of a saved log, at the prompt it stopped. A log whose steps are not legal
        any more raises ``ValueError`` with the violation."""
        table = cls._made(
            loaded.rules, loaded.model, loaded.players, loaded.options, log, loaded.bots
        )
        violation = table.session.resume(text, loaded)
        if violation is not None:
            raise ValueError(str(violation))
        table.settle(bots=False)  # the store sets the notes first; the next request plays them
        return table

    @classmethod
    def _made(cls, rules, model, players, options, log: Path, bots: dict[str, str]) -> Table:
        session = Session(
            rules,
            model,
            players,
            options,
            log,
            lambda prompt: None,  # never asked: the page gets the answers
            lambda text: None,  # the table's ``_heard`` once the table is made
            bot_levels=bots,
            budget=Budget(DEFAULT_ITERATIONS, THINK),
            bot_seed=log.parent.name,  # the game's id: a restart draws the same face-down cards
        )
        table = cls(session)
        table.session.say = table._heard
        return table

    # -- what the page shows -----------------------------------------------------------------
    @property
    def rules(self) -> GameRules:
        return self.session.rules

    @property
    def steps(self) -> list:
        return self.session.steps

    @property
    def can_undo(self) -> bool:
        if self.session.marks is None:  # resumed: the answers so far, worked out once as an
            self.session.marks = self.session.prompts_so_far()  # undo would (not every step)
        return bool(self.session.marks)

    def decision(self) -> Decision | None:
        return self.rules.decision(self.session.state)

    @property
    def over(self) -> bool:
        return self.decision() is None

    def score(self) -> ScoreSheet:
        return self.rules.sheet(self.session.state)  # no winner while the game is not over

    def public_state(self) -> list[str]:
        """What everyone at the table may see (the game's ``public_state``; nothing secret, and
        no card a bot holds face down)."""
        lines = [str(line) for line in self.rules.public_state(self.session.state)]
        facedown = self.session.facedown
        if facedown:
            held = facedown.held(self.session.state)
            lines = [facedown.mask(line, held) for line in lines]
        return lines

    def bot_thinking(self) -> str | None:
        """The seat whose bot answers the decision of the moment (the page shows it thinking
        and reloads), or None."""
        d = self.decision()
        if d is None:
            return None
        if d.kind == "choice" and d.player in self.session.bots:
            return d.player
        if self.session.facedown and self.session.facedown.draws(self.session.state, d):
            return d.player
        return None

    def prompt(self, opened: str | None = None) -> Prompt | None:
        d = self.decision()
        if d is None:
            return None
        state = self.session.state
        turn = self.session.turn_of(d)
        if self.bot_thinking() is not None:
            level = read_seat(self.session.bot_levels[d.player]).level
            what = f"{d.player} (bot, {level}) is thinking"
            return Prompt(turn, d.player, d.phase, "bot", what, [])
        if d.kind == "choice":
            moves = self.rules.legal_moves(state)
            if len(moves) == 1:  # left by settle: it spends something, so it is asked
                only = Entry(self.rules.describe(moves[0]), "0", "move")
                spends = self.rules.spends(moves[0])
                return Prompt(turn, d.player, d.phase, "choice", d.prompt, [only], spends=spends)
            menus = [self.rules.menu(m) for m in moves]
            where = {id(m): i for i, m in enumerate(moves)}
            if opened is not None and opened not in menus:
                opened = None
            entries = []
            for label, target in menu_entries(moves, menus, opened, self.rules.describe):
                if isinstance(target, Heading):
                    entries.append(Entry(label, target.name, "heading"))
                elif target is BACK:
                    entries.append(Entry(label, "", "back"))
                else:
                    entries.append(Entry(label, str(where[id(target)]), "move"))
            return Prompt(turn, d.player, d.phase, "choice", d.prompt, entries, opened)
        outcomes = self.rules.outcomes(state)
        entries = [
            Entry(self.rules.outcome_name(m), str(i), "outcome", self.rules.copies_left(state, m))
            for i, (m, _) in enumerate(outcomes)
        ]
        if d.secret is not None:
            entries.insert(0, Entry("Keep it hidden (its owner names it later)", "", "secret"))
        random_ok = len({w for _, w in outcomes}) == 1 and len(outcomes) <= 6
        random_ok = random_ok and d.secret is None  # a secret card is its owner's to name
        table = _table_action(d, turn)
        count = self.session.run_of_reveals(d) if table else None  # (5, 12): 5th of 12 dealt
        who = TABLE if table else d.player
        return Prompt(turn, who, d.phase, "chance", d.prompt, entries, None, random_ok, None, count)

    # -- answers -------------------------------------------------------------------------------
    def answer(self, action: str, value: str = "") -> None:
        """Apply an answer: ``choose`` the legal move at index ``value``, ``reveal`` the outcome
        at ``value``, keep the card drawn ``secret`` (its owner names it later), or reveal one at
        ``random``; IndexError (ValueError for an index that is no number) if that is not one
        of the choices now."""
        d = self._decision("choice" if action == "choose" else "chance")
        if action == "choose":
            move = _at(self.rules.legal_moves(self.session.state), value)
        elif action == "secret" and d.secret is not None:
            move = d.secret
        elif action == "reveal" or (action == "random" and d.secret is None):
            outcomes = [m for m, _ in self.rules.outcomes(self.session.state)]
            if action == "reveal":
                move = _at(outcomes, value)
            else:
                move = self.session.rng.choice(outcomes)
                self.events.append(f"picked at random: {self.rules.outcome_name(move)}")
        else:
            raise IndexError(action)
        self._play(d, move)

    def undo(self) -> bool:
        before = len(self.session.steps)
        self.session.undo()  # says "Undone." or "Nothing to undo."
        if len(self.session.steps) == before:
            return False
        self.version += 1
        self.settle()
        return True

    # -- inside ------------------------------------------------------------------------------
    def _decision(self, kind: str) -> Decision:
        d = self.decision()
        if d is None or d.kind != kind:
            raise IndexError(kind)
        return d

    def _play(self, d: Decision, move: Any) -> None:
        self._apply(d, move, prompted=True)  # saves the log
        self.version += 1
        self.settle()

    def _apply(self, d: Decision, move: Any, *, prompted: bool) -> None:
        """Apply a move; what the core says of a player's choice is told with their name. A
        card dealt in the setup is the table's doing, even one dealt to a player in secret: its
        lines name whom it went to, and what follows it (the draw piles formed) is no one's."""
        turn = self.session.turn_of(d)
        dealt = d.kind == "chance" and not turn
        self.actor = None if dealt or _table_action(d, turn) else d.player
        try:
            self.session.apply(d, move, self.session.turn_of(d), prompted=prompted)
        finally:
            self.actor = None

    def settle(self, *, bots: bool = True) -> None:
        """Play what nobody has to decide (a choice with one legal move that spends nothing),
        as the terminal referee does, and the bots' answers, so the page stops at a person's
        question, at the end (a finished game's log is saved whole), or at a bot's choice once
        this request has used its time (``THINK``, ``QUICK``: the page reloads for the rest;
        ``bots`` False: at the first bot's)."""
        start, thought = time.monotonic(), False
        while True:
            d = self.decision()
            if d is None:
                self.session.save()
                break
            if self.bot_thinking() is not None:
                spent = self._slow(d.player) or time.monotonic() - start > QUICK
                if not bots or (thought and spent):
                    break
                self._bot_answers(d)
                thought = True
                continue
            if d.kind != "choice":
                break
            moves = self.rules.legal_moves(self.session.state)
            if len(moves) != 1 or self.rules.spends(moves[0]):
                break
            self._apply(d, moves[0], prompted=False)
        del self.events[:-EVENTS_KEPT]

    def _slow(self, seat: str) -> bool:
        """A bot that may think the whole budget: one move a request."""
        return read_seat(self.session.bot_levels[seat]).level == "mcts"

    def _bot_answers(self, d: Decision) -> None:
        """A bot's choice, or a card Portolan draws for it face down: said with its reason."""
        session, turn = self.session, self.session.turn_of(d)
        self.actor = d.player
        try:
            if d.kind == "choice":
                session.play_bot(d, turn)
            else:
                session.draw_face_down(d, turn)
        finally:
            self.actor = None
        self.version += 1

    def _heard(self, text: str) -> None:
        text = text.strip()
        if text and not text.startswith("==") and not text.startswith("(h at"):
            named = any(text.startswith(f"{p} ") for p in self.session.players)
            if self.actor and not text.startswith(self.actor) and not named:
                text = f"{self.actor}: {text}"
            self.events.append(text)
            del self.events[:-EVENTS_KEPT]


TABLE = "Table"


def _at(items: list, value: str):
    index = int(value)
    if not 0 <= index < len(items):
        raise IndexError(index)
    return items[index]


def _table_action(d: Decision, turn: int) -> bool:
    """Whether the table, not a player, does what ``d`` asks: a card or tile laid out in the
    setup (a reveal before the first turn that is nobody's secret)."""
    return d.player == TABLE or (d.kind == "chance" and not turn and d.secret is None)
