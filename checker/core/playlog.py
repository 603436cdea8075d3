"""The log file `portolan play` keeps: the user's own file, changed only where it must be.

The file is an ordinary turn log (`check` reads it) that grows a turn at a time: a turn is
appended to the text whole as soon as it ends, and the text above it is never rewritten (its
comments and layout stay; the file is replaced atomically, keeping its mode, and a symlink
keeps its target). The answers given in the turn under way follow as comment lines, one per
answer, rewritten as the turn goes on (after a turn that ended, one line says so instead):

    # portolan play: the turn under way, answer by answer (play resumes here; check ignores it)
    #~ ["Ben", "Ben begins the turn"]
    #~ ["Ben", "buy Green Ship 3"]

so a game stopped at any prompt (the setup's included) resumes at that same prompt, whatever a
game's log can or cannot say about half a turn. Nothing is written when nothing changed; only
an undo that takes back a turn already written rewrites the file, from that turn on.

The file is cut into pieces (``Chunks``): the comments at its top, the sections before
``turns:``, the ``turns:`` line, one piece per turn, and the sections after the turns. Each
piece is kept with what the log writer would write for the same steps; a piece is rewritten
only when what it stands for changes.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from portolan import fsio
from portolan.checker.core.game import Step
from portolan.checker.core.log import LogFile
from portolan.checker.core.logwriter import comment
from portolan.errors import InputError
from portolan.escapes import json_escaped
from portolan.yamlsrc import YList, YMap

MARK = "# portolan play: the turn under way"
MARK_LINE = MARK + ", answer by answer (play resumes here; check ignores it)\n"
# after a turn written whole when it ended: play resumes with the next turn, not inside it
OVER_LINE = "# portolan play: the last turn is over (play resumes after it; check ignores it)\n"
ANSWER = "#~ "
OWN_INDENT = 2  # the log writer's indentation of a turn under `turns:`


@dataclass(frozen=True)
class Answer:
    """One answer of the turn under way: who gave it and the move in words (``describe``);
    ``nth`` tells apart moves that read alike (0: the first of them)."""

    player: str
    label: str
    nth: int = 0

    def line(self) -> str:
        fields = [self.player, self.label] + ([self.nth] if self.nth else [])
        # YAML refuses DEL and the C1 controls even in a comment, and NEL and the line and
        # paragraph separators end the comment line: escaped, a name with one still reads back
        return ANSWER + json_escaped(json.dumps(fields, ensure_ascii=False)) + "\n"


def answers_text(answers: list[Answer], over: bool = False) -> str:
    """The comment lines after the log: the answers of the turn under way, or when there are
    none and the last turn is ``over``, the line that says so."""
    if answers:
        return MARK_LINE + "".join(a.line() for a in answers)
    return OVER_LINE if over else ""


def _answer(line: str) -> Answer | None:
    if not line.startswith(ANSWER):
        return None
    try:
        fields = json.loads(line[len(ANSWER) :])
    except ValueError:
        return None
    match fields:
        case [str(), str()]:
            return Answer(*fields)
        case [str(), str(), int(nth)] if nth >= 0:
            return Answer(*fields)
    return None


def split_answers(text: str) -> tuple[str, list[Answer]]:
    """The log part of a play log's text and the answers of the turn under way after it (none
    when the file does not end with them, or ends with the line that the last turn is over)."""
    if text.endswith(OVER_LINE):
        return text[: -len(OVER_LINE)], []
    lines = text.splitlines(keepends=True)
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(MARK):
            found = [_answer(line) for line in lines[i + 1 :]]
            if all(a is not None for a in found):
                return "".join(lines[:i]), found  # type: ignore[return-value]
            break
    return text, []


# -- the pieces of a log ----------------------------------------------------------------------
def _is_note(line: str) -> bool:
    """A blank line or a comment line (which goes with the entry below it)."""
    return not line.strip() or line.lstrip().startswith("#")


def cut_own(text: str) -> list[str]:
    """The pieces of a log as the log writer writes it (no comment at the top): "", the
    sections before the turns, the `turns:` line, each turn, the sections after."""
    lines = text.splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if line.startswith("turns:")), None)
    if at is None:
        return ["", text, "", ""]
    end = next((i for i in range(at + 1, len(lines)) if lines[i][:1] not in (" ", "")), len(lines))
    starts = [i for i in range(at + 1, end) if lines[i].startswith(" " * OWN_INDENT + "- ")]
    bounds = [*starts, end]
    turns = ["".join(lines[a:b]) for a, b in itertools.pairwise(bounds)]
    return ["", "".join(lines[:at]), "".join(lines[at : bounds[0]]), *turns, "".join(lines[end:])]


def cut_user(text: str, raw: YMap) -> tuple[list[str], int] | None:
    """The same pieces of a log as someone wrote it (comments and layout as they are), cut at
    the positions the YAML reader found, and the indentation of its turns; None when the
    layout does not allow it (turns in flow style, two turns on one line...)."""
    lines = text.splitlines(keepends=True)
    keys = sorted((pos.line - 1, k) for k, pos in raw.key_pos.items())
    if not keys:
        return None
    first = keys[0][0]
    header = "".join(lines[:first])
    if "turns" not in raw:
        return [header, "".join(lines[first:]), "", ""], OWN_INDENT
    at = raw.key_pos["turns"].line - 1
    after = [line for line, _ in keys if line > at]
    end = after[0] if after else len(lines)
    turns = raw["turns"]
    items = [p.line - 1 for p in turns.item_pos] if isinstance(turns, YList) else []
    if items != sorted(set(items)) or any(not at < i < end for i in items):
        return None
    if any(not lines[i].lstrip().startswith("- ") for i in items):
        return None
    indent = len(lines[items[0]]) - len(lines[items[0]].lstrip()) if items else OWN_INDENT
    starts = [_with_notes_above(lines, i, at + 1, indent) for i in items]
    if after:  # the comments just above the next section go with it (at the end: the last turn)
        end = _with_notes_above(lines, end, (items[-1] + 1) if items else at + 1, 0)
    bounds = [*starts, end]
    pieces = ["".join(lines[a:b]) for a, b in itertools.pairwise(bounds)]
    return [
        header,
        "".join(lines[first:at]),
        "".join(lines[at : bounds[0]]),
        *pieces,
        "".join(lines[end:]),
    ], indent


def _with_notes_above(lines: list[str], i: int, floor: int, indent: int) -> int:
    """Line ``i`` moved up over the blank and comment lines just above it that are not
    indented deeper than ``indent`` (those belong to the entry above)."""
    while i > floor and _is_note(lines[i - 1]):
        line = lines[i - 1]
        if line.strip() and len(line) - len(line.lstrip()) > indent:
            break
        i -= 1
    return i


def _reindent(text: str, indent: int) -> str:
    """A turn as the log writer writes it, at another indentation."""
    if indent == OWN_INDENT:
        return text
    pad = " " * indent
    return "".join(pad + line[OWN_INDENT:] for line in text.splitlines(keepends=True))


# -- the file ---------------------------------------------------------------------------------
Meaning = tuple  # (players, options, steps as (move, turn, player)): what a log says


def meaning(log: LogFile) -> Meaning:
    return (
        log.players,
        sorted(log.options.items()),
        [(s.move, s.turn, s.player) for s in log.steps],
    )


class PlayLog:
    """The log file of one game at `play`: ``save`` makes it hold the steps so far."""

    def __init__(
        self,
        path: Path,
        render: Callable[[list[Step]], str],
        read: Callable[[str], LogFile],
    ):
        self.path = path
        self.render = render  # steps -> the log writer's text (without a comment on top)
        self.read = read  # a log's text -> what it says (to check a text kept in part)
        self.text = ""  # what the file holds
        self.pieces: list[str] = ["", "", "", ""]  # the log part of the file, cut in pieces
        self.meant: list[str] = ["", "", "", ""]  # the log writer's pieces for the same steps
        self.indent = OWN_INDENT
        self.written = 0  # steps the log part holds
        self.answers: list[Answer] = []
        self.over = False  # the file says its last turn is over (OVER_LINE)

    # -- opening ----------------------------------------------------------------------------
    def create(self, header: str) -> None:
        """A new file: the comment on top and the log of a game not begun."""
        self.pieces = [comment(header), *cut_own(self.render([]))[1:]]
        self.meant = list(self.pieces)
        self.text = ""
        self._write("".join(self.pieces))

    def resume(self, text: str, log: LogFile) -> list[Answer]:
        """The file as found: ``log`` is what its log part says. Returns the answers of the
        turn under way it ends with."""
        self.text = text
        body, self.answers = split_answers(text)
        self.over = text.endswith(OVER_LINE)
        own = cut_own(self.render(log.steps))
        cut = cut_user(body, log.raw)
        if cut is not None and len(cut[0]) == len(own):
            self.pieces, self.indent = cut
            self.meant = [self.pieces[0], *own[1:]]
        else:  # a layout not cut in pieces: the comments on top stay, the rest is one piece
            lines = body.splitlines(keepends=True)
            top = next((i for i, line in enumerate(lines) if not _is_note(line)), len(lines))
            self.pieces = ["".join(lines[:top]), "".join(lines[top:])]
            self.meant = [self.pieces[0], None]  # type: ignore[list-item]
        if body and not body.endswith("\n"):  # what is written after it starts a new line
            last = max(i for i, piece in enumerate(self.pieces) if piece)
            self.pieces[last] += "\n"
        self.written = len(log.steps)
        return self.answers

    # -- saving -----------------------------------------------------------------------------
    def save(self, steps: list[Step], answers: Callable[[int], list[Answer]], over: bool) -> None:
        """Make the file hold ``steps``: the log up to the turn under way (all of it when the
        last turn is ``over``, or the game is), then the answers of that turn (``answers(i)``:
        those of steps[i:]), or, when it is ``over``, the line that says so."""
        upto = len(steps) if over else turn_start(steps)
        if 0 <= self.written <= len(steps):  # what is written stays written
            upto = max(upto, self.written)
        if upto != self.written:
            self._log_part(steps[:upto])
            self.written = upto
        self.answers = answers(upto)
        self.over = over and not self.answers
        self._write("".join(self.pieces) + answers_text(self.answers, self.over))

    def forget_from(self, n: int) -> None:
        """Steps from ``n`` on were taken back (an undo): the log part must not hold them."""
        if n < self.written:
            self.written = -1  # no count: the log part is worked out again at the next save

    def _log_part(self, steps: list[Step]) -> None:
        """The log part made to say ``steps``: the pieces that still say the same are kept
        as they are in the file, the others are the log writer's."""
        new = cut_own(self.render(steps))
        keep = self._unchanged(new)
        if keep == len(self.meant) == len(new):
            return
        last = len(new) - 1
        placed = [_reindent(p, self.indent) if 3 <= i < last else p for i, p in enumerate(new)]
        pieces = self.pieces[:keep] + placed[keep:]
        someone_elses = self.indent != OWN_INDENT or self.pieces[1:keep] != self.meant[1:keep]
        if someone_elses:  # does the text kept still read right with the writer's after it?
            own = [self.pieces[0], *new[1:]]
            if not self._says_the_same(pieces, own):
                pieces, self.indent = own, OWN_INDENT
        self.pieces = pieces
        self.meant = [pieces[0], *new[1:]]

    def _unchanged(self, new: list[str]) -> int:
        """How many pieces at the start of the file still say what they said (the comment on
        top always does; a piece not cut never)."""
        meant = self.meant
        if len(meant) < 4 or meant[1] is None:
            return 1
        if new == meant:
            return len(new)
        keep = 1
        while keep < min(len(new), len(meant)) - 1 and new[keep] == meant[keep]:
            keep += 1
        return keep

    def _says_the_same(self, pieces: list[str], own: list[str]) -> bool:
        try:
            return meaning(self.read("".join(pieces))) == meaning(self.read("".join(own)))
        except InputError:
            return False

    # -- writing ----------------------------------------------------------------------------
    def _write(self, text: str) -> None:
        """Replace the file's text in one step (nothing if it does not change): it keeps its
        mode and, for a symlink, its target (portolan/fsio.py); a file that cannot be written
        is an ``OutputError`` (exit 74)."""
        if text == self.text:
            return
        fsio.write_atomic(self.path, text)
        self.text = text


def turn_start(steps: list[Step]) -> int:
    """Where the last turn of ``steps`` begins (0 during a game's setup)."""
    if not steps:
        return 0
    last = steps[-1].turn
    i = len(steps)
    while i > 0 and steps[i - 1].turn == last:
        i -= 1
    return i
