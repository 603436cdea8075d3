"""The log of a game of Age of Exploration (docs/logs.md, "Age of Exploration 1492–1543"): every
step is one short *token*, in the order the table met it; the checker supplies what the rules
decide alone. Declared in ``FORMAT``: ``STEP`` reads a token by its word (``WORDS``) or verb
(``VERBS``); a step another player decides is written ``{Ben: give 2}``."""

from __future__ import annotations

import re
from dataclasses import dataclass, is_dataclass
from functools import partial
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.checker.games.age_of_exploration import moves
from portolan.checker.games.age_of_exploration.book import NEW_WORLD, Book
from portolan.checker.games.age_of_exploration.moves import token
from portolan.errors import did_you_mean
from portolan.model.instructions import LOSSES
from portolan.names import NameIndex, fold
from portolan.yamlsrc import Pos, YMap

PILES = ("explorer", "conquistador")
SHIP_TYPES = ("Caravel", "Carrack")
ROLL = re.compile(r"^(\d+)(?:\s*\+\s*(\d+))?(?:\s+(ok|success|fail|failure))?$")
ITEMS = tuple(dict.fromkeys((*LOSSES, "Extra Ship", "Sturdy Ship", "Copper Plated Hulls")))
WORDS = {
    "port": moves.STAY,
    "explore": moves.Stance("explore"),
    "stay": moves.Stance("stay"),
    "rafts": moves.Stance("rafts"),
    "aboard": moves.ABOARD,
    "must return": moves.DECLARE,
    "return": moves.RETURN,
    "abort": moves.ABORT,
    "done": moves.DONE,
    "blind": moves.BLIND,
    "stop": moves.STOP,
    "no status": moves.NO_STATUS,
    "no action": moves.NO_ACTION,
    "end": moves.END_TURN,
    "normal": moves.NORMAL,
    "intervene": moves.Intervene(True),
    "natives": moves.Natives(True),
    **{a: moves.Action(a) for a in ("provision", "repair", "consolidate", "raft", "hardwood")},
    **{a: moves.Action(a) for a in ("mine", "kill ruler")},
}


# -- what follows a verb ----------------------------------------------------------------------
@dataclass(frozen=True)
class Leader(lf.Arg):
    piles: bool = False  # or the top of a pile: 'explorer', 'conquistador'

    def read(self, r, text, pos, field):
        if self.piles and fold(text).rstrip("s") in PILES:
            return fold(text).rstrip("s")
        name = r.book.leader(text)
        if name is None:
            names = [*r.book.leaders, *(PILES if self.piles else ())]
            r.bad(f"'{text}' is not a Leader", pos, field, did_you_mean(text, names))
            return lf.BAD
        return name

    def schema(self, book, defs):
        return {"type": "string", "description": "a Leader"}


def by_id(table: str, what: str, find: Any) -> lf.Name:
    """A name found by the book: a space's id, an award's or a Major Expedition's id or name."""
    ids = lambda book: NameIndex(getattr(book, table))  # noqa: E731
    return lf.Name(
        ids, what, kind="", find=lambda r, t: find(r.book, t), hints=lambda b: ids(b).names
    )


def _id_or_name(table: str) -> Any:
    """The id of an award or a Major Expedition written by its id or its name (None: neither)."""
    return lambda book, value: next(
        (k for k, i in getattr(book, table).items() if fold(str(value)) in (fold(k), fold(i.name))),
        None,
    )


award_id, major_id = _id_or_name("awards"), _id_or_name("majors")
NUMBER = lf.Whole(what="a card number", text=True)
SPACE = by_id("spaces", "a space of the map", Book.space)
MAJOR = by_id("majors", "a Major Expedition", major_id)
SHIP_TYPE = lf.Words(
    {**{t: t for t in SHIP_TYPES}, **{t + "s": t for t in SHIP_TYPES}},
    "a ship type",
    hints=SHIP_TYPES,
)
COUNTER = lf.Words({i: i for i in ITEMS}, "a counter")
LEADER, PILE = Leader(), Leader(True)
TEXT = lf.Unread("any text")


def _number(message: str, low: int | None = None) -> lf.Whole:
    """A number after a verb; any other text: ``message``."""
    return lf.Whole(low, text=True, wrong=message)


def _launch(r, rest, pos, field):
    foot = fold(rest).endswith(" on foot")
    sid = r.read(SPACE, rest[: -len(" on foot")] if foot else rest, pos, field)
    return None if sid is None else moves.Launch(sid, foot)


PLAYED_FOR = "write what the card is played for: play 25 2 Provision"
# what a card is played for, spelt as the cards spell it ('2 crew + provision' -> {Crew: 2,
# Provision: 1}); a counter no card gives and no loss names is a misspelling
GIVEN = lf.Bundle(
    lambda book: list(
        dict.fromkeys((*(k for c in book.outfit.values() for o in c.options for k in o), *ITEMS))
    ),
    "counter an Outfitting card gives",
)


def _play(r, rest, pos, field):
    n, _, what = rest.partition(" ")
    card = r.read(NUMBER, n, pos, field)
    if card is None or not what:
        if card is not None:
            r.bad(PLAYED_FOR, pos, field)
        return None
    words = what.split()
    region = None
    if len(words) > 1 and words[-1].upper() in NEW_WORLD:
        region, what = words[-1].upper(), " ".join(words[:-1])
    given = r.read(GIVEN, what, pos, field)
    if given == {}:
        r.bad(PLAYED_FOR, pos, field)
    if not given:
        return None
    what = " + ".join(item if k == 1 else f"{k} {item}" for item, k in given.items())
    return moves.Play(card, what, region)


def _hire(r, rest, pos, field):
    n, _, who = rest.partition(" ")
    card = r.read(NUMBER, n, pos, field)
    pick = r.read(PILE, who, pos, field) if who else None
    if who == "":
        r.bad("write the Letter of Credit and the Leader: hire 36 explorer", pos, field)
    return None if card is None or pick is None else moves.Hire(card, pick)


def _ashore(r, rest, pos, field):
    if fold(rest) == "scuttle":
        return moves.Ashore(scuttle=True)
    parts = rest.split()
    if len(parts) == 2 and all(p.isdecimal() for p in parts):
        return moves.Ashore(int(parts[0]), int(parts[1]))
    r.bad("write the Crew and Provisions left aboard (ashore 1 0) or ashore scuttle", pos, field)
    return None


def _roll(r, value, pos, field):
    """A roll of the dice: ``7``, ``3+4``, optionally ``ok`` or ``fail``; None if it is not."""
    if isinstance(value, int):
        return moves.Roll(value)
    m = ROLL.match(fold(" ".join(str(value).split())))
    if not m:
        return None
    if m[2] and not (1 <= int(m[1]) <= 6 and 1 <= int(m[2]) <= 6):
        r.bad(f"'{' '.join(str(value).split())}': a die shows 1 to 6", pos, field)
        return lf.BAD
    claim = None if not m[3] else m[3] in ("ok", "success")
    return moves.Roll(int(m[1]) + (int(m[2]) if m[2] else 0), claim)


# what a change of Leader type leaves: the Pilot or the Rutter (echoes.py)
KEEP = lf.Words(
    {"old": "old", "new": "new", "pilot": "Pilot", "rutter": "Rutter"},
    wrong="keep 'old' or 'new' (or the Pilot or Rutter a new Leader keeps)",
)
N = r"\d+"
VERBS = {
    "draw": lf.Verb(moves.Draw, NUMBER, pattern=N),
    "row": lf.Verb(moves.Row, NUMBER, pattern=N),
    "take": lf.Verb(moves.Take, NUMBER, pattern=N),
    "leader": lf.Verb(moves.Leader, LEADER),
    "launch": lf.Verb(read=_launch),
    "play": lf.Verb(read=_play, pattern=N + r"\s+.+"),
    "gold": lf.Verb(moves.SpendGold, COUNTER),
    "ship": lf.Verb(moves.ShipType, SHIP_TYPE, pattern=".+"),
    "from": lf.Verb(moves.LaunchFrom, lf.Words({"europe": "EUROPE"}, otherwise=SPACE)),
    "pay": lf.Verb(moves.Pay, lf.Words({"gold": 0}, otherwise=NUMBER)),
    "hire": lf.Verb(read=_hire, pattern=N + r"\s+.+"),
    "retire": lf.Verb(moves.Retire, LEADER),
    "pick": lf.Verb(moves.Pick, PILE),
    "or": lf.Verb(
        moves.Or, _number("'or {value}': write the option's number, or 1, or 2", 1), pattern=N
    ),
    "lose": lf.Verb(moves.Lose, COUNTER),
    "drop": lf.Verb(moves.Drop, COUNTER),
    "keep": lf.Verb(moves.Keep, KEEP, pattern=".+"),
    "eat": lf.Verb(
        lambda n: moves.Action("eat", n), _number("write how many horses: eat 1"), pattern=N
    ),
    "find": lf.Verb(moves.Find, TEXT),
    "rumor": lf.Verb(moves.Rumor, SPACE),
    "to": lf.Verb(moves.Move, SPACE),
    "ashore": lf.Verb(read=_ashore),
    "status": lf.Verb(moves.Status, SPACE),
    "takeover": lf.Verb(moves.Takeover, lf.PlayerName()),
    "give": lf.Verb(moves.Give, _number("write how much Gold: give 2"), pattern=N),
    "major": lf.Verb(moves.Score, MAJOR),
}
DICE = {"type": "string", "pattern": r"^\s*\d+(\s*\+\s*\d+)?(\s+(ok|success|fail|failure))?\s*$"}
STEP = lf.Ref("step", lf.Verbs(WORDS, VERBS, first=_roll, more=({"type": "integer"}, DICE)))


STEPS = lf.ListOf(
    lf.Forms(
        (
            (
                dict,
                lf.Pair(
                    lf.PlayerName(),
                    STEP,
                    "a step of another player is one mapping: {Ben: give 2}",
                ),
            ),
            (object, STEP),
        ),
        "a step is a word, a verb and its text, or a dice roll",
    )
)
DEALT = lf.Fields(
    {
        "leader": LEADER,
        "cards": lf.ListOf(lf.Forms(((int, lf.Whole()), (object, STEP)), "a card's number")),
    }
)
SETUP = lf.MapOf(
    lf.PlayerName(),
    lf.Forms(((YMap, DEALT), (object, STEPS)), "the Explorer and the cards dealt"),
    "setup maps each player to the Explorer and the cards dealt",
)


def _by(item: lf.At, player: str) -> tuple[str, Any]:
    """Who decides a step read, and its move: ``player``, or Ben for {Ben: give 2}."""
    if isinstance(item.value, tuple):
        return item.value[0].value, item.value[1].value
    return player, item.value


def _steps(r: lf.TurnReader, at: lf.At) -> None:
    for item in at.value:
        who, move = _by(item, r.player)
        r.step(move, item.pos, who)


def _dealt(got: Any) -> list[tuple[Any, Pos | None]]:
    """A player's setup, a list of steps or {leader: 7, cards: [25, ...]}: (move, where)."""
    if not isinstance(got, dict):
        return [(_by(item, "")[1], item.pos) for item in got]
    out = [(moves.Leader(got["leader"].value), got["leader"].pos)] if "leader" in got else []
    for card in lf.value_of(got, "cards", []):
        out.append(
            (moves.Draw(card.value) if isinstance(card.value, int) else card.value, card.pos)
        )
    return out


def _setup(r: lf.TurnReader, at: lf.At) -> None:
    """The Explorers first, in seat order; then the cards, each player's in turn (or one pick
    at a time round the table with the face-up row)."""
    dealt = {who.value: _dealt(got.value) for who, got in at.value}
    order = [p for p in r.players if p in dealt]
    for p in order:
        r.steps += [Step(m, 0, p, pos) for m, pos in dealt[p] if isinstance(m, moves.Leader)]
        dealt[p] = [x for x in dealt[p] if not isinstance(x[0], moves.Leader)]
    face_up = r.options.get("face_up_outfitting") == "on"
    groups = {p: _groups(dealt[p]) if face_up else [dealt[p]] for p in order}
    while any(groups.values()):
        for p in order:
            if groups[p]:
                r.steps += [Step(m, 0, p, pos) for m, pos in groups[p].pop(0)]


def _groups(tokens: list) -> list[list]:
    """One pick each: the face-up cards turned over before it, the pick (a face-up card or the
    deck's top) and, after a face-up card, the card turned over in its place."""
    out: list[list] = [[]]
    for i, (move, pos) in enumerate(tokens):
        out[-1].append((move, pos))
        then = tokens[i + 1][0] if i + 1 < len(tokens) else None
        replaced = (
            isinstance(move, moves.Row) and i > 0 and isinstance(tokens[i - 1][0], moves.Take)
        )
        took = isinstance(move, moves.Take) and not isinstance(then, moves.Row)
        if isinstance(move, moves.Draw) or took or replaced:
            out.append([])
    return [group for group in out if group]


def _write_step(turn: dict, key: str, st: Step) -> None:
    """A step's token (a move the checker supplies is left out); {Ben: give 2} for a step
    another player decides."""
    tok = token(st.move)
    if tok is not None:
        turn.setdefault(key, []).append(tok if st.player == turn["player"] else {st.player: tok})


def _write_dealt(out: dict, key: str, st: Step) -> None:
    tok = token(st.move)
    if tok is not None:
        out.setdefault(key, {}).setdefault(st.player, []).append(tok)


WRITTEN = tuple(v for v in vars(moves).values() if isinstance(v, type) and is_dataclass(v))
FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={
        "steps": lf.Key(
            STEPS, steps=_steps, write=_write_step, moves=WRITTEN, doc="the turn's steps, in order"
        )
    },
    top={"setup": lf.Key(SETUP, steps=_setup, write=_write_dealt, moves=WRITTEN)},
)
parse_log, write_log = partial(lf.parse_log, FORMAT), partial(lf.write_log, FORMAT)
TOP_KEYS, TURN_KEYS = tuple(FORMAT.top), FORMAT.turn_keys
