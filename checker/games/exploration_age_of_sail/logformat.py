"""The turn log of Exploration in the Age of Sail: turns as typed at the table, and back.

- player: Ana
  draw: Galleons                           # Outfit phase
  expedition: [Magellan, Galleons, Sailors]  # Expedition phase (optional; any order)
  explore:                                 # Exploration phase, in the order played
    - Magellan: Ocean
    - Cook: {flip: Storm, save: Repairs}   # a Save card cancels the Hazard
    - Cabot: {flip: Caribbean, discard: Colonists}  # the card discarded at random
  discard: [Cannons]                       # Ocean phase (only cards over the limit)
"""

from __future__ import annotations

from typing import Any

from checker.core.game import Step
from checker.core.log import LogReader, player_named, turn_entries
from checker.games.exploration_age_of_sail.book import CardBook
from checker.games.exploration_age_of_sail.moves import (
    END_EXPEDITIONS,
    NO_SAVE,
    NONE_WORDS,
    Discard,
    Draw,
    EndExpeditions,
    EndTurn,
    Explore,
    Form,
    NoSave,
    RandomDiscard,
    Reveal,
    Save,
    StartTurn,
)
from portolan.errors import InputError, did_you_mean
from portolan.yamlsrc import Pos, Source, YList, YMap

TURN_KEYS = ("player", "draw", "expedition", "explore", "discard")
FLIP_KEYS = ("flip", "save", "by", "discard")
NO_EXTRAS: dict = {}  # of a flip written 'Explorer: card' (no save, by or discard)
TYPE_ORDER = {"explorer": 0, "ship": 1, "crew": 2}  # of an expedition's three cards
_new = tuple.__new__  # _new(Step, (move, turn, player, pos)): a Step, without Step.__new__


class _Reader(LogReader):
    book: CardBook

    def __init__(self, book: CardBook, source: Source, players: list[str]):
        super().__init__(book, source, players)
        self.steps: list[Step] = []
        self.turn, self.player = 0, ""  # the turn being read and whose it is
        # a card as written -> its name, per deck (the same few names come back every turn)
        self.found: dict[str, dict[str, str]] = {
            "expedition": {},
            "exploration": {},
            "explorer": {},
        }
        # (kind, fields) -> the move, made once for the log: moves are frozen values, so every
        # step that writes the same move shares one
        self.made: dict[tuple, Any] = {}
        # a card drawn or discarded as written -> the move, per kind (cards found only)
        self.written: dict[type, dict[str, Any]] = {Draw: {}, Discard: {}, RandomDiscard: {}}
        # an expedition's three cards as written -> the Form, once all three found
        self.forms: dict[tuple[str, ...], Form] = {}
        # a flip written 'Explorer: card' -> its two moves (Explore, Reveal), once both found
        self.flips: dict[tuple[str, str], tuple[Explore, Reveal]] = {}

    def step(self, move: Any, pos: Pos | None) -> None:
        """One step of the turn being read."""
        self.steps.append(_new(Step, (move, self.turn, self.player, pos)))

    def move(self, kind: type, *fields: Any) -> Any:
        """The move ``kind(*fields)``, made the first time the log writes it."""
        move = self.made.get((kind, fields))
        if move is None:
            move = self.made[kind, fields] = kind(*fields)
        return move

    def card_move(self, kind: type, value: Any, pos: Pos | None, field: str) -> Any:
        """The move ``kind(card)`` for a card of the Expedition deck as written (its card None
        if it is not one), remembered by the text once the card was found."""
        known = self.written[kind]
        if isinstance(value, str) and value in known:
            return known[value]
        move = self.move(kind, self.card(value, pos, field, "expedition"))
        if move.card is not None:
            known[value] = move
        return move

    def card(self, value: Any, pos: Pos | None, field: str, deck: str) -> str | None:
        known = self.found[deck]
        if isinstance(value, str) and value in known:
            return known[value]
        index = self.book.expedition_names if deck == "expedition" else self.book.exploration_names
        if deck == "explorer":
            index = self.book.explorer_names
        if not isinstance(value, str):
            self.bad(f"expected a card name, found {value!r}", pos, field)
            return None
        name = index.exact(value)
        if name is None:
            what = {
                "expedition": "a card of the Expedition deck",
                "exploration": "a card of the Exploration deck",
                "explorer": "an explorer",
            }[deck]
            self.bad(f"'{value}' is not {what}", pos, field, did_you_mean(value, index.names))
        else:
            known[value] = name
        return name

    def names(self, value: Any, pos: Pos | None, field: str) -> list[tuple[str | None, Pos | None]]:
        return [
            (self.card(item, ipos, ifield, "expedition"), ipos)
            for item, ipos, ifield in self.items(value, pos, field)
        ]


def parse_log(
    book: CardBook, raw: Any, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    """The steps of a log (this game's log has only ``turns``)."""
    return parse_turns(book, raw.get("turns") or [], source, players)


def write_log(steps: list[Step]) -> dict[str, Any]:
    return {"turns": write_turns(steps)}


def parse_turns(book: CardBook, turns: YList, source: Source, players: list[str]) -> list[Step]:
    r = _Reader(book, source, players)
    starts = {p: StartTurn(p) for p in players}
    for t, entry, player, where in turn_entries(turns, source, players, TURN_KEYS, r.problems):
        r.turn, r.player = t, player
        value_pos = entry.value_pos
        r.step(starts[player], value_pos["player"])
        if "draw" in entry:
            _draw(r, entry["draw"], value_pos["draw"], where)
        if "expedition" in entry:
            _expeditions(r, entry["expedition"], value_pos["expedition"], f"{where}.expedition")
        if "explore" in entry:
            _explore(r, entry["explore"], value_pos["explore"], f"{where}.explore")
        if "discard" in entry:
            _discard(r, entry["discard"], value_pos["discard"], f"{where}.discard")
    if r.problems:
        raise InputError(r.problems)
    return r.steps


def _draw(r: _Reader, value: Any, pos: Pos, where: str) -> None:
    """Outfit phase: the card drawn from the Expedition deck."""
    r.step(r.card_move(Draw, value, pos, f"{where}.draw"), pos)


def _discard(r: _Reader, value: Any, pos: Pos, field: str) -> None:
    """Ocean phase: the cards discarded down to the hand limit."""
    for item, ipos, ifield in r.items(value, pos, field):
        r.step(r.card_move(Discard, item, ipos, ifield), ipos)


def _expeditions(r: _Reader, value: Any, pos: Pos, field: str) -> None:
    groups = (
        value if (isinstance(value, list) and value and isinstance(value[0], list)) else [value]
    )
    for g, group in enumerate(groups):
        gpos = value.item_pos[g] if groups is value and isinstance(value, YList) else pos
        gfield = f"{field}[{g}]" if groups is value else field
        if not isinstance(group, list) or len(group) != 3:
            r.bad("an expedition is three cards: [Explorer, Ship, Crew]", gpos, gfield)
            continue
        cards = tuple(group)
        # the same three cards as before: the same Form
        form = r.forms.get(cards) if all(isinstance(c, str) for c in cards) else None
        if form is None:
            names = [n for n, _ in r.names(group, gpos, gfield)]
            if not all(names):
                continue
            form = r.forms[cards] = r.move(Form, *by_type(r.book, names))
        r.step(form, gpos)
    r.step(END_EXPEDITIONS, pos)


def by_type(book: CardBook, cards: list[str]) -> list[str]:
    """The three cards as Explorer, Ship, Crew: the order they are written in is free at the
    table (cards of other types go last, for the check to name them)."""
    return sorted(cards, key=lambda c: TYPE_ORDER.get(book.expedition[c].type, 3))


def _explore(r: _Reader, value: Any, pos: Pos, field: str) -> None:
    """Exploration phase: the flips, in the order played."""
    if not isinstance(value, list):
        r.bad("explore is a list, one entry per expedition: - Magellan: Ocean", pos, field)
        return
    for i, item in enumerate(value):
        if not isinstance(item, YMap) or len(item) != 1:
            r.bad(
                "write each flip as 'Explorer: card' or 'Explorer: {flip: card, ...}'",
                value.item_pos[i] if isinstance(value, YList) else pos,
                f"{field}[{i}]",
            )
            continue
        ((leader, spec),) = item.items()
        written = r.flips.get((leader, spec)) if isinstance(spec, str) else None
        if written is None:
            _flip(r, item, f"{field}[{i}]")
        else:  # 'Explorer: card', read before: the same two moves at this flip's places
            r.step(written[0], item.key_pos[leader])
            r.step(written[1], item.value_pos[leader])


def _flip(r: _Reader, item: YMap, field: str) -> None:
    """Exploration phase: one expedition turns over a card ('Explorer: card' or 'Explorer:
    {flip: card, save: ..., by: ..., discard: ...}')."""
    ((leader, spec),) = item.items()
    explorer = r.card(leader, item.key_pos[leader], field, "explorer")
    spec_pos = item.value_pos[leader]
    if isinstance(spec, YMap):
        for key in spec:
            if key not in FLIP_KEYS:
                r.bad(
                    f"unknown key '{key}'",
                    spec.key_pos.get(key, spec_pos),
                    f"{field}.{key}",
                    did_you_mean(str(key), FLIP_KEYS),
                )
        if "flip" not in spec:
            r.bad("name the card turned over with 'flip:'", spec_pos, field)
            return
        flip, flip_pos = spec["flip"], spec.value_pos["flip"]
    else:  # 'Explorer: card'
        flip, flip_pos, spec = spec, spec_pos, NO_EXTRAS
    card = r.card(flip, flip_pos, f"{field}.flip", "exploration")
    if explorer is None or card is None:
        return
    explore, reveal = r.move(Explore, explorer), r.move(Reveal, card)
    r.step(explore, item.key_pos[leader])
    r.step(reveal, flip_pos)
    if spec is NO_EXTRAS:
        r.flips[leader, flip] = (explore, reveal)
    if "save" in spec:
        _save(r, spec, field)
    if "discard" in spec:
        dpos = spec.value_pos["discard"]
        discard = r.card_move(RandomDiscard, spec["discard"], dpos, f"{field}.discard")
        if discard.card:
            r.step(discard, dpos)


def _save(r: _Reader, spec: YMap, field: str) -> None:
    """A Save card discarded to cancel the Hazard (by the player, or by another: 'by:'), or
    none."""
    spos = spec.value_pos["save"]
    if isinstance(spec["save"], str) and spec["save"].strip().lower() in NONE_WORDS:
        r.step(NO_SAVE, spos)
        return
    by = r.player
    if "by" in spec:
        try:
            by = player_named(spec["by"], r.players, r.source, spec.value_pos["by"], f"{field}.by")
        except InputError as exc:
            r.problems += exc.problems
    name = r.card(spec["save"], spos, f"{field}.save", "expedition")
    if name:
        r.step(r.move(Save, name, by), spos)


def write_turns(steps: list[Step]) -> list[dict]:
    """The log's ``turns`` for a list of steps (the inverse of ``parse_turns``)."""
    turns: list[dict] = []
    current: dict | None = None
    flip: dict | None = None
    for st in steps:
        m = st.move
        if isinstance(m, StartTurn):
            current = {"player": m.player}
            turns.append(current)
            flip = None
            continue
        assert current is not None
        if isinstance(m, Draw):
            current["draw"] = m.card
        elif isinstance(m, Form):
            current.setdefault("expedition", []).append([m.explorer, m.ship, m.crew])
        elif isinstance(m, Explore):
            flip = {"flip": None}
            current.setdefault("explore", []).append({m.expedition: flip})
        elif isinstance(m, Reveal):
            flip["flip"] = m.card
        elif isinstance(m, Save):
            flip["save"] = m.card
            if m.by != st.player:
                flip["by"] = m.by
        elif isinstance(m, RandomDiscard):
            flip["discard"] = m.card
        elif isinstance(m, Discard):
            current.setdefault("discard", []).append(m.card)
        elif isinstance(m, (EndExpeditions, EndTurn, NoSave)):
            continue
    for t in turns:
        if "expedition" in t and len(t["expedition"]) == 1:
            t["expedition"] = t["expedition"][0]
        # An expedition chosen but no card named yet (a game saved mid-flip) is left out: the
        # choice is asked again when the game resumes.
        t["explore"] = [e for e in t.get("explore", []) if next(iter(e.values()))["flip"]]
        if not t["explore"]:
            del t["explore"]
        for entry in t.get("explore", []):
            ((leader, spec),) = entry.items()
            if len(spec) == 1:
                entry[leader] = spec["flip"]
    return turns
