"""Scoring a finished game from its end position alone: each player's victory pile, each
discovery with the explorer who claimed it (docs/logs.md, "Scoring an end position")."""

from __future__ import annotations

from collections import Counter
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import EntryReader, player_entries
from portolan.checker.core.position import left_in_box, read_position, too_many
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.exploration_age_of_sail.book import CardBook
from portolan.checker.games.exploration_age_of_sail.scoring import final_scoring
from portolan.model.loader import Game
from portolan.yamlsrc import Source

KEYS = ("game", "options", "players")
HINT = "their victory pile"  # what each player maps to


def _discovery(r: EntryReader, text: str) -> str | None:
    name = r.book.exploration_names.exact(text)
    return name if name and r.book.exploration[name].type == "discovery" else None


ONCE = "{value} is also in {owner}'s victory pile: each discovery exists once"
PILE = lf.MapOf(
    lf.Name(
        lambda book: book.exploration_names,
        "a discovery",
        kind="",
        find=_discovery,
        hints=lambda book: [n for n, c in book.exploration.items() if c.type == "discovery"],
    ),
    lf.Name(lambda book: book.explorer_names, "an explorer", kind=""),
    "a victory pile maps each discovery to the explorer who claimed it",
    listed="write each discovery as 'Discovery: Explorer'",
    empty=True,
)


def score_position(
    book: CardBook, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    r = EntryReader(head, book)
    victory: dict[str, list[tuple[str, str]]] = {p: [] for p in head.players}
    claimed: dict[str, str] = {}  # each discovery -> whose victory pile it is in
    for p, pairs in player_entries(r, PILE).items():
        for disc, explorer in pairs:
            if lf.once(r, claimed, disc, p, ONCE):
                victory[p].append((disc.value, explorer.value))
    head.done()
    return final_scoring(book, model.rules.scoring, victory, head.options)


# -- a position a log starts from (checker/core/position.py) --------------------------------
def _unknown_deck(state: Any, cards: dict[str, Any]) -> dict[str, int]:
    """A deck the position writes ``unknown``: every card of its kind (``cards``) that is in
    no hand, expedition, victory pile or discard pile."""
    held = [n for zone, n in state.zones().items() if not zone.endswith(" deck")]
    return left_in_box({name: c.count for name, c in cards.items()}, held)


UNKNOWN = {
    "expedition_deck": lambda state: _unknown_deck(state, state.book.expedition),
    "exploration_deck": lambda state: _unknown_deck(state, state.book.exploration),
}


def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's victory pile."""
    return {"players": {p: dict(state.victory[p]) for p in state.players}}


def problems(state: Any) -> list[tuple[tuple, str]]:
    """More copies of a card in the decks, hands, expeditions, victory piles and discard piles
    together than the game has."""
    book = state.book
    counts = {n: c.count for n, c in (*book.expedition.items(), *book.exploration.items())}
    held: Counter = Counter()
    for _, cards in sorted(state.zones().items(), key=lambda z: not z[0].endswith(" deck")):
        held.update(cards)  # the decks first: each kind of problem below is listed in this order
    out = [
        (_field_holding(state, n), f"'{n}' is not a card of the game")
        for n in held
        if n not in counts
    ]
    where = "cards in the decks, hands, expeditions and piles"
    return out + too_many(counts, held, where, lambda name: _field_holding(state, name))


def _field_holding(state: Any, name: str) -> tuple:
    """The state's field a problem with card ``name`` points at: its deck, else the hands."""
    for field in ("exploration_deck", "expedition_deck"):
        if getattr(state, field).get(name):
            return (field,)
    return ("hands",)
