"""Set Up: the decks shuffled, the Known Sea Progress markers and the empires' markers on the
map, each player a random Explorer and six Outfitting cards (with the optional face-up row,
taken in turn order), then in seat order everyone outfits a first expedition."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.turn import push, run
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import (  # noqa: F401  (they register their tasks)
    cards,
    discovery,
    endturn,
    expedition_action,
    launch,
    losses,
    movement,
    outfitting,
    publishing,
    status,
)
from portolan.checker.games.age_of_exploration.actions.engine import auto
from portolan.checker.games.age_of_exploration.book import Book
from portolan.checker.games.age_of_exploration.state import PLAY, Expedition, State


def target_vp(book: Book, options: dict[str, Any], players: int) -> int:
    """Victory: 15 VP in the campaign; 4 in the short game, 6 with 2–3 players."""
    k = book.k
    if options.get("victory") == "campaign":
        return k["campaign_vp"]
    return k["short_game_vp_few_players"] if players <= 3 else k["short_game_vp"]


def setup(book: Book, options: dict[str, Any], players: list[str]) -> State:
    k = book.k
    campaign = options.get("victory") == "campaign"
    state = State(
        book=book,
        k=k,
        options=options,
        players=list(players),
        target=target_vp(book, options, len(players)),
        round_limit=k["round_limit_campaign" if campaign else "round_limit_short"],
        outfit_deck=sorted(book.outfit),
        decks={key: sorted(c) for key, c in book.cards.items()},
        piles={kind: list(names) for kind, names in book.piles.items()},
    )
    state.discards = {key: [] for key in book.cards}
    for p in players:
        state.hands[p] = []
        state.gold[p] = 0
        state.vp[p] = {c.id: 0 for c in book.categories}
        state.rumors[p] = None
        e = Expedition(leader="", kind="explorer")
        e.items = {"Crew": k["starting_crew"], "Provision": k["starting_provisions"]}
        state.exp[p] = e
    for tid, track in book.tracks.items():
        state.markers[tid] = None if track.placed_when else track.spaces.index(track.start)
    state.founded = {sid for sid, s in book.bases.items() if not s.founded}
    for name, civ in book.civs.items():
        state.awe[name] = civ.awe.start
        state.strength[name] = civ.strength.start
        state.ruler[name] = state.allies[name] = state.capital[name] = None
    tasks = [tk.DrawLeader(p, "explorer", "pick") for p in players]
    n = k["starting_outfitting_cards"]
    if options.get("face_up_outfitting") == "on":
        tasks += [tk.DrawOutfitting(p) for _ in range(n) for p in players]
    else:
        tasks += [tk.DrawOutfitting(p) for p in players for _ in range(n)]
    push(state, *tasks, tk.BeginPlay())
    run(state)
    return state


@auto(tk.BeginPlay)
def begin_play(state: State) -> list[str]:
    """After the deal, play begins with the first player: everyone outfits in seat order."""
    state.phase = PLAY
    push(state, tk.StartOfTurn())
    return []
