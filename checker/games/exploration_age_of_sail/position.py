"""Scoring a finished game from its end position alone (for a table that kept no log).

game: exploration-age-of-sail     # optional
options: {bonus_ties: none}        # optional
players:
  Ana: {Japan: Hernan Cortez, China: Magellan}   # discovery: the explorer who claimed it
  Ben: {Canada: Christopher Columbus}
  Cy: {}                                          # an empty victory pile
"""

from __future__ import annotations

from typing import Any

from portolan.checker.core.position import read_position
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.exploration_age_of_sail.book import CardBook
from portolan.checker.games.exploration_age_of_sail.scoring import final_scoring
from portolan.errors import InputError, did_you_mean
from portolan.model.loader import Game
from portolan.yamlsrc import Source, YList, YMap

KEYS = ("game", "options", "players")
HINT = "their victory pile"  # what each player maps to


def score_position(
    book: CardBook, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    piles, problems = head.table, head.problems
    victory: dict[str, list[tuple[str, str]]] = {}
    claimed: dict[str, str] = {}
    for player, pile in piles.items():
        field = f"players.{player}"
        pile = _as_mapping(pile, field, source, problems)
        if not isinstance(pile, YMap):
            problems.append(
                source.problem(
                    "a victory pile maps each discovery to the explorer who claimed it",
                    piles.value_pos[player],
                    field=field,
                )
            )
            continue
        victory[str(player)] = []
        for disc, explorer in pile.items():
            claim = _claim(book, pile, disc, explorer, field, claimed, source, problems)
            if claim is not None:
                claimed[claim[0]] = str(player)
                victory[str(player)].append(claim)
    if problems:
        raise InputError(problems)
    return final_scoring(book, model.rules.scoring, victory, head.options)


def _as_mapping(pile: Any, field: str, source: Source, problems: list) -> Any:
    """A victory pile written as a list of one-key mappings (``- Japan: Hernan Cortez``) as
    one mapping; nothing written as an empty pile; anything else as it is."""
    if pile is None:
        return YMap()
    if not isinstance(pile, YList):
        return pile
    merged = YMap()
    for i, item in enumerate(pile):
        if not isinstance(item, YMap) or len(item) != 1:
            problems.append(
                source.problem(
                    "write each discovery as 'Discovery: Explorer'",
                    pile.item_pos[i],
                    field=f"{field}[{i}]",
                )
            )
            continue
        ((k, v),) = item.items()
        merged[k] = v
        merged.key_pos[k], merged.value_pos[k] = item.key_pos[k], item.value_pos[k]
    return merged


def _claim(
    book: CardBook,
    pile: YMap,
    disc: Any,
    explorer: Any,
    field: str,
    claimed: dict[str, str],
    source: Source,
    problems: list,
) -> tuple[str, str] | None:
    """One discovery of a pile and the explorer who claimed it, or None if refused."""
    d = book.exploration_names.exact(str(disc))
    if d is None or book.exploration[d].type != "discovery":
        names = [n for n, c in book.exploration.items() if c.type == "discovery"]
        problems.append(
            source.problem(
                f"'{disc}' is not a discovery",
                pile.key_pos[disc],
                field=f"{field}.{disc}",
                hint=did_you_mean(str(disc), names),
            )
        )
        return None
    e = book.explorer_names.exact(str(explorer)) if isinstance(explorer, str) else None
    if e is None:
        problems.append(
            source.problem(
                f"'{explorer}' is not an explorer: name the explorer who claimed {d}",
                pile.value_pos[disc],
                field=f"{field}.{disc}",
                hint=did_you_mean(str(explorer), book.explorer_names.names),
            )
        )
        return None
    if d in claimed:
        problems.append(
            source.problem(
                f"{d} is also in {claimed[d]}'s victory pile: each discovery exists once",
                pile.key_pos[disc],
                field=f"{field}.{disc}",
            )
        )
        return None
    return d, e


# -- a position a log starts from (checker/core/position.py) --------------------------------
def _unknown_deck(kind: str):
    def deck(state: Any) -> dict[str, int]:
        """The deck when the position writes it ``unknown``: every card of its kind that is
        in no hand, expedition, victory pile or discard pile."""
        book = state.book
        cards = book.expedition if kind == "expedition" else book.exploration
        seen: dict[str, int] = {}
        for zone, held in state.zones().items():
            if zone.endswith(" deck"):
                continue
            for name, n in held.items():
                seen[name] = seen.get(name, 0) + n
        left = {name: c.count - seen.get(name, 0) for name, c in cards.items()}
        return {name: n for name, n in left.items() if n > 0}

    return deck


UNKNOWN = {
    "expedition_deck": _unknown_deck("expedition"),
    "exploration_deck": _unknown_deck("exploration"),
}


def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's victory pile."""
    return {"players": {p: dict(state.victory[p]) for p in state.players}}


def problems(state: Any) -> list[tuple[tuple, str]]:
    """More copies of a card in the decks, hands, expeditions, victory piles and discard piles
    together than the game has."""
    book = state.book
    counts = {**{n: c.count for n, c in book.expedition.items()}}
    counts.update({n: c.count for n, c in book.exploration.items()})
    held: dict[str, int] = {}
    zones = state.zones()
    for deck in (state.expedition_deck, state.exploration_deck):
        for name, n in deck.items():
            held[name] = held.get(name, 0) + n
    for zone, cards in zones.items():
        if zone in ("expedition deck", "exploration deck"):
            continue
        for name, n in cards.items():
            held[name] = held.get(name, 0) + n
    out = []
    for name, n in held.items():
        where = _field_holding(state, name)
        if name not in counts:
            out.append((where, f"'{name}' is not a card of the game"))
        elif n > counts[name]:
            out.append(
                (
                    where,
                    f"{n} {name} cards in the decks, hands, expeditions and piles: "
                    f"the game has {counts[name]}",
                )
            )
    return out


def _field_holding(state: Any, name: str) -> tuple:
    """The state's field a problem with card ``name`` points at: its deck, else the hands."""
    for field in ("exploration_deck", "expedition_deck"):
        if getattr(state, field).get(name):
            return (field,)
    return ("hands",)
