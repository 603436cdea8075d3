"""Game Preparation: the starting state, and the decisions the table takes before the first
turn (the circle of islands, the starting player, the starting coins, the investment markers),
each with its check and its effect."""

from __future__ import annotations

import random

from portolan.checker.core.game import Illegal, answers
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage import state as st
from portolan.checker.games.discovery_era_of_voyage.book import PRODUCTION, IslandBook, counted
from portolan.checker.games.discovery_era_of_voyage.sections import GAME_PREPARATION
from portolan.checker.games.discovery_era_of_voyage.state import State
from portolan.errors import InputError, Problem


def setup(book: IslandBook, options: dict, players: list[str]) -> State:
    """Everything the rulebook fixes before the table decides anything: the supply, the VP
    stack for this many players, the ships on the Central Island (pirates too)."""
    n = len(players)
    if n not in book.vp_stack:
        raise InputError(
            Problem(
                f"{n} players: {book.title} is for {min(book.vp_stack)} to {max(book.vp_stack)}",
                field="players",
            )
        )
    state = State(book=book, options=options, players=list(players), categories=book.categories)
    state.supply_coins = book.coins
    state.supply_res = dict(book.resource_totals)
    state.stack = book.vp_stack[n]
    state.supply_vp = book.vp - state.stack
    for p in players:
        state.at[p] = st.CENTRE
        state.bow[p] = 0
        state.coins[p] = 0
        state.res[p] = dict.fromkeys(book.resources, 0)
        state.vp[p] = 0
        state.left[p] = 0
    state.markers = [{} for _ in range(book.slots)]
    if options["pirates"] and n == book.constants["pirate_players"]:  # the 2 Player Variant
        state.pirated = True
        state.pirates = [[st.CENTRE, 0] for _ in range(book.constants["pirate_ships"])]
    return state


def island_weight(state: State, card: str) -> int:
    """How many valid circles there are with ``card`` in the next slot (0: it cannot go there)."""
    if card == state.book.central or card in state.slot_of:
        return 0
    return state.book.completions((*state.ring, card), state.options["redraw"])


def check_place_island(state: State, move: m.PlaceIsland) -> Illegal | None:
    book, card = state.book, move.card
    if card == book.central:
        return Illegal(
            GAME_PREPARATION, "the Central Island goes in the middle of the circle, not in it"
        )
    if card in state.slot_of:
        return Illegal(
            GAME_PREPARATION, f"{card} is already in the circle (slot {state.slot_of[card] + 1})"
        )
    if island_weight(state, card):
        return None
    kind = book.island(card).type
    same = [p for p in state.ring if book.island(p).type == kind]
    if len(same) >= book.draw[kind]:
        return Illegal(
            GAME_PREPARATION,
            f"the setup draws {book.draw_words()}: the circle already has its "
            f"{counted(book.draw[kind], book.island(card).label + ' island')} "
            f"({', '.join(same)}), so {card} cannot be drawn",
        )
    reading = state.options["redraw"]
    producers = [p for p in state.ring if book.island(p).type == PRODUCTION] + [card]
    missing = book.missing_resources(producers, reading)
    note = " (option redraw: basic_income)" if reading == "basic_income" else ""
    every = ", ".join(book.resources[:-1]) + " and " + book.resources[-1]
    if len(producers) == book.draw[PRODUCTION] and missing:
        return Illegal(
            GAME_PREPARATION,
            f"the {len(producers)} Production islands {', '.join(producers)} do not produce "
            f"{' or '.join(missing)}: redraw until they produce {every}{note}",
        )
    return Illegal(
        GAME_PREPARATION,
        f"with {card}, no Production island left to draw would make the "
        f"{book.draw[PRODUCTION]} produce {every}: redraw{note}",
    )


@answers(m.PlaceIsland, check_place_island)
def place_island(state: State, move: m.PlaceIsland) -> list[str]:
    island = state.book.island(move.card)
    state.slot_of[move.card] = len(state.ring)
    state.ring.append(move.card)
    if len(state.ring) == state.book.slots:
        state.setup_step = st.SETUP_FIRST
    return [f"slot {len(state.ring)}: {move.card} ({island.label} {island.number})"]


@answers(m.FirstPlayer)
def first_player(state: State, move: m.FirstPlayer) -> list[str]:
    k = state.players.index(move.player)
    state.first = move.player
    state.order = state.players[k:] + state.players[:k]
    state.player = state.order[0]
    state.setup_step = st.SETUP_COINS
    return [f"{move.player} is the starting player; turn order {', '.join(state.order)}"]


@answers(m.StartingCoins)
def starting_coins(state: State, move: m.StartingCoins) -> list[str]:
    k = state.book.constants
    state.by_seat = move.by_seat
    if move.by_seat:
        base = k["starting_coins"] if state.options["seat_coins"] == "extra" else 0
        amounts = [base + c for c in k["starting_coins_by_seat"]]
    else:
        amounts = [k["starting_coins"]] * len(state.order)
    for p, n in zip(state.order, amounts, strict=False):
        state.coins[p] += n
        state.supply_coins -= n
    state.setup_step = st.SETUP_MARKERS
    shown = ", ".join(f"{p} {n}" for p, n in zip(state.order, amounts, strict=False))
    return [f"starting coins: {shown}"]


def check_markers(state: State, move: m.Markers) -> Illegal | None:
    k = state.book.constants
    most, fewest = k["markers_per_player"], k["markers_per_player"] - k["max_markers_removed"]
    if not fewest <= move.count <= most:
        return Illegal(
            GAME_PREPARATION,
            f"each player has {most} investment markers, or up to {k['max_markers_removed']} "
            f"fewer by agreement: not {move.count}",
        )
    return None


@answers(m.Markers, check_markers)
def investment_markers(state: State, move: m.Markers) -> list[str]:
    for p in state.players:
        state.left[p] = move.count
    state.markers_each = move.count
    state.setup_step = st.SETUP_DONE
    state.phase = st.TURN
    events = [f"{move.count} investment markers each; {state.stack} VP on the Cultural island"]
    if state.pirated:
        events.append(
            f"{len(state.players)} players: the {len(state.pirates)} unused colours sail as "
            "pirates, their ships waiting on the Central Island (2 Player Variant; the option "
            "pirates: false plays without them)"
        )
    return events


def draw_circle(state: State, rng: random.Random) -> list[str]:
    """Game Preparation done with cards: draw 4/2/1 from the shuffled type decks, redraw the
    Production islands until they produce every resource, shuffle the 7 into a circle."""
    book = state.book
    reading = state.options["redraw"]
    drawn: list[str] = []
    for kind, n in book.draw.items():
        deck = [name for name, i in book.islands.items() if i.type == kind]
        while True:
            hand = rng.sample(deck, n)
            if kind != PRODUCTION or reading == "none" or not book.missing_resources(hand, reading):
                break
        drawn += hand
    rng.shuffle(drawn)
    return drawn
