"""The turn log of Exploration in the Age of Sail (docs/logs.md shows it), declared in
``FORMAT``: checker/core/logformat.py reads, writes and types it."""

from __future__ import annotations

from functools import partial

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.checker.games.exploration_age_of_sail import moves
from portolan.checker.games.exploration_age_of_sail.book import CardBook

TYPE_ORDER = {"explorer": 0, "ship": 1, "crew": 2}  # of an expedition's three cards

EXPEDITION_CARD = lf.Name(
    lambda book: book.expedition_names, "a card of the Expedition deck", ref="expedition-card"
)
EXPLORATION_CARD = lf.Name(
    lambda book: book.exploration_names, "a card of the Exploration deck", ref="exploration-card"
)
EXPLORER = lf.Name(lambda book: book.explorer_names, "an explorer", ref="explorer")
NO_SAVE_WORDS = {word: moves.NO_SAVE for word in moves.NONE_WORDS}
FLIP = lf.Fields(
    {
        "flip": EXPLORATION_CARD,
        "save": lf.Words(NO_SAVE_WORDS, "no Save card", otherwise=EXPEDITION_CARD),
        "by": lf.PlayerName(),
        "discard": EXPEDITION_CARD,
    },
    required=("flip",),
    missing="name the card turned over with 'flip:'",
    alone="flip",
)


def by_type(book: CardBook, cards: list[str]) -> list[str]:
    """The three cards as Explorer, Ship, Crew: the order they are written in is free at the
    table (cards of other types go last, for the check to name them)."""
    return sorted(cards, key=lambda c: TYPE_ORDER.get(book.expedition[c].type, 3))


def _expeditions(r: lf.TurnReader, at: lf.At) -> None:
    """Expedition phase: each expedition formed, then no more."""
    for group in at.value:
        r.step(moves.Form(*by_type(r.book, list(lf.each(group.value)))), group.pos)
    r.step(moves.END_EXPEDITIONS, at.pos)


def _flips(r: lf.TurnReader, at: lf.At) -> None:
    """Exploration phase: each expedition turns over a card, in the order played; a Save card
    discarded to cancel a Hazard (by the player, or another: 'by:'), a card discarded at random."""
    for item in at.value:
        explorer, spec = item.value
        flip = spec.value
        r.step(moves.Explore(explorer.value), explorer.pos)
        r.step(moves.Reveal(flip["flip"].value), flip["flip"].pos)
        if "save" in flip:
            save = flip["save"]
            by = flip["by"].value if "by" in flip else r.player
            r.step(
                save.value if save.value is moves.NO_SAVE else moves.Save(save.value, by), save.pos
            )
        if "discard" in flip:
            r.step(moves.RandomDiscard(flip["discard"].value), flip["discard"].pos)


def _write_form(turn: dict, key: str, st: Step) -> None:
    turn.setdefault(key, []).append([st.move.explorer, st.move.ship, st.move.crew])


def _write_flip(turn: dict, key: str, st: Step) -> None:
    m = st.move
    if isinstance(m, moves.Explore):
        turn.setdefault(key, []).append({m.expedition: {"flip": None}})
        return
    flip = next(iter(turn[key][-1].values()))
    if isinstance(m, moves.Reveal):
        flip["flip"] = m.card
    elif isinstance(m, moves.Save):
        flip["save"] = m.card
        if m.by != st.player:
            flip["by"] = m.by
    else:
        flip["discard"] = m.card


def _tidy(turn: dict) -> None:
    """A turn in its shortest form: one expedition alone, a flip with nothing but its card as
    'Explorer: card'. An expedition chosen but no card named yet (a game saved mid-flip) is
    left out: the choice is asked again when the game resumes."""
    if len(turn.get("expedition", ())) == 1:
        turn["expedition"] = turn["expedition"][0]
    if "explore" not in turn:
        return
    turn["explore"] = [e for e in turn["explore"] if next(iter(e.values()))["flip"]]
    for entry in turn["explore"]:
        ((leader, spec),) = entry.items()
        if len(spec) == 1:
            entry[leader] = spec["flip"]
    if not turn["explore"]:
        del turn["explore"]


FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={
        "draw": lf.Key(EXPEDITION_CARD, moves.Draw, doc="Outfit phase: the card drawn"),
        "expedition": lf.Key(
            lf.ListOf(
                lf.ListOf(
                    EXPEDITION_CARD,
                    alone=False,
                    size=3,
                    shape="an expedition is three cards: [Explorer, Ship, Crew]",
                )
            ),
            steps=_expeditions,
            write=_write_form,
            moves=(moves.Form,),
            doc="Expedition phase: [Explorer, Ship, Crew], or a list of them",
        ),
        "explore": lf.Key(
            lf.ListOf(
                lf.Pair(
                    EXPLORER,
                    FLIP,
                    "write each flip as 'Explorer: card' or 'Explorer: {flip: card, ...}'",
                ),
                alone=False,
                shape="explore is a list, one entry per expedition: - Magellan: Ocean",
            ),
            steps=_flips,
            write=_write_flip,
            moves=(moves.Explore, moves.Reveal, moves.Save, moves.RandomDiscard),
            doc="Exploration phase: each flip in the order played",
        ),
        "discard": lf.Key(
            lf.ListOf(EXPEDITION_CARD), moves.Discard, doc="Ocean phase: cards over the limit"
        ),
    },
    tidy=_tidy,
)
TURN_KEYS = FORMAT.turn_keys


parse_log = partial(lf.parse_log, FORMAT)


write_log = partial(lf.write_log, FORMAT)
