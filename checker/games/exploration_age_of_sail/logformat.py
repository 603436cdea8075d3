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


class _Reader(LogReader):
    book: CardBook

    def __init__(self, book: CardBook, source: Source, players: list[str]):
        super().__init__(book, source, players)
        # a card as written -> its name, per deck (the same few names come back every turn)
        self.found: dict[str, dict[str, str]] = {
            "expedition": {},
            "exploration": {},
            "explorer": {},
        }

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
        items = value if isinstance(value, list) else [value]
        out = []
        for i, item in enumerate(items):
            ipos = value.item_pos[i] if isinstance(value, YList) else pos
            out.append(
                (
                    self.card(
                        item,
                        ipos,
                        f"{field}[{i}]" if isinstance(value, list) else field,
                        "expedition",
                    ),
                    ipos,
                )
            )
        return out


def parse_log(book: CardBook, raw: Any, source: Source, players: list[str]) -> list[Step]:
    """The steps of a log (this game's log has only ``turns``)."""
    return parse_turns(book, raw.get("turns") or [], source, players)


def write_log(steps: list[Step]) -> dict[str, Any]:
    return {"turns": write_turns(steps)}


def parse_turns(book: CardBook, turns: YList, source: Source, players: list[str]) -> list[Step]:
    r = _Reader(book, source, players)
    steps: list[Step] = []
    for t, entry, player, where in turn_entries(turns, source, players, TURN_KEYS, r.problems):

        def step(move, pos, _t=t, _p=player):
            steps.append(Step(move, _t, _p, pos))

        step(StartTurn(player), entry.value_pos["player"])
        if "draw" in entry:
            name = r.card(entry["draw"], entry.value_pos["draw"], f"{where}.draw", "expedition")
            step(Draw(name), entry.value_pos["draw"])
        if "expedition" in entry:
            _expeditions(
                r, entry["expedition"], entry.value_pos["expedition"], f"{where}.expedition", step
            )
        if "explore" in entry:
            _explore(
                r, entry["explore"], entry.value_pos["explore"], f"{where}.explore", player, step
            )
        if "discard" in entry:
            for name, pos in r.names(
                entry["discard"], entry.value_pos["discard"], f"{where}.discard"
            ):
                step(Discard(name), pos)
    if r.problems:
        raise InputError(r.problems)
    return steps


def _expeditions(r: _Reader, value: Any, pos: Pos, field: str, step) -> None:
    groups = (
        value if (isinstance(value, list) and value and isinstance(value[0], list)) else [value]
    )
    for g, group in enumerate(groups):
        gpos = value.item_pos[g] if groups is value and isinstance(value, YList) else pos
        gfield = f"{field}[{g}]" if groups is value else field
        if not isinstance(group, list) or len(group) != 3:
            r.bad("an expedition is three cards: [Explorer, Ship, Crew]", gpos, gfield)
            continue
        names = [n for n, _ in r.names(group, gpos, gfield)]
        if all(names):
            step(Form(*by_type(r.book, names)), gpos)
    step(EndExpeditions(), pos)


def by_type(book: CardBook, cards: list[str]) -> list[str]:
    """The three cards as Explorer, Ship, Crew: the order they are written in is free at the
    table (cards of other types go last, for the check to name them)."""
    return sorted(cards, key=lambda c: TYPE_ORDER.get(book.expedition[c].type, 3))


def _explore(r: _Reader, value: Any, pos: Pos, field: str, player: str, step) -> None:
    if not isinstance(value, list):
        r.bad("explore is a list, one entry per expedition: - Magellan: Ocean", pos, field)
        return
    for i, item in enumerate(value):
        ipos = value.item_pos[i] if isinstance(value, YList) else pos
        ifield = f"{field}[{i}]"
        if not isinstance(item, YMap) or len(item) != 1:
            r.bad(
                "write each flip as 'Explorer: card' or 'Explorer: {flip: card, ...}'", ipos, ifield
            )
            continue
        ((leader, spec),) = item.items()
        explorer = r.card(leader, item.key_pos[leader], ifield, "explorer")
        spec_pos = item.value_pos[leader]
        if isinstance(spec, YMap):
            for key in spec:
                if key not in FLIP_KEYS:
                    r.bad(
                        f"unknown key '{key}'",
                        spec.key_pos.get(key, spec_pos),
                        f"{ifield}.{key}",
                        did_you_mean(str(key), FLIP_KEYS),
                    )
            if "flip" not in spec:
                r.bad("name the card turned over with 'flip:'", spec_pos, ifield)
                continue
            flip, flip_pos = spec["flip"], spec.value_pos["flip"]
        else:  # 'Explorer: card'
            flip, flip_pos, spec = spec, spec_pos, NO_EXTRAS
        card = r.card(flip, flip_pos, f"{ifield}.flip", "exploration")
        if explorer is None or card is None:
            continue
        step(Explore(explorer), item.key_pos[leader])
        step(Reveal(card), flip_pos)
        if "save" in spec:
            spos = spec.value_pos["save"]
            if isinstance(spec["save"], str) and spec["save"].strip().lower() in NONE_WORDS:
                step(NoSave(), spos)
            else:
                by = player
                if "by" in spec:
                    try:
                        by = player_named(
                            spec["by"], r.players, r.source, spec.value_pos["by"], f"{ifield}.by"
                        )
                    except InputError as exc:
                        r.problems += exc.problems
                name = r.card(spec["save"], spos, f"{ifield}.save", "expedition")
                if name:
                    step(Save(name, by), spos)
        if "discard" in spec:
            name = r.card(
                spec["discard"], spec.value_pos["discard"], f"{ifield}.discard", "expedition"
            )
            if name:
                step(RandomDiscard(name), spec.value_pos["discard"])


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
