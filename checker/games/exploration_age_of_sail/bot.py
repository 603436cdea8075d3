"""What the bots need from Exploration in the Age of Sail: what a position is worth to each
player (``worths``) and what a seat cannot see (``determinise``).

Hidden from a seat: the cards in the other players' hands (how many each holds is public),
except those everyone saw go in (``state.shown``: the two cards an expedition brings home), and
the order of the Expedition deck. The state keeps both decks as counts (no order: a draw is a
chance outcome), so only the hands are re-dealt. The Exploration deck's contents are public
knowledge (every card turned over was seen), and so are both discard piles.
"""

from __future__ import annotations

import random
from functools import lru_cache

from portolan.checker.games.exploration_age_of_sail.actions import starting_stats
from portolan.checker.games.exploration_age_of_sail.book import STATS, CardBook
from portolan.checker.games.exploration_age_of_sail.scoring import final_scoring
from portolan.checker.games.exploration_age_of_sail.state import Expedition, State

# What the score so far leaves out, in discovery points (DP).
WORTH = {
    # A discovery claimed adds its level (and +1 under a Conqueror) and a share of the +5
    # bonuses for the most discoveries and the most of its region, which the score counts only
    # for whoever leads now; with two players about a third of a 5 is a fair share.
    "claim_bonus_share": 1.5,
    # An expedition is valued by looking this many of its own flips ahead (fewer when the
    # deck, shared with every other expedition, will not last that long).
    "horizon": 8,
    # The two cards back in hand after a claim, worth a head start on the next expedition.
    "returned_cards": 0.8,
    # An Explorer, a Ship and a Crew in hand are worth a share of the expedition they form
    # (``kit_shares``: the next one it can form, then the one after, a turn or more later);
    # missing cards of a kind make that share smaller (``kit_progress`` by how many of the
    # three kinds are in hand).
    "kit_shares": (0.7, 0.3),
    "kit_progress": (0.0, 0.2, 0.45, 1.0),
    # A Save card cancels one Hazard later, about one stat point or one Ocean card, for a
    # player with an expedition to protect; more than two rarely find a use before the hand
    # limit bites (valuing them higher, or more of them, made the greedy bot weaker).
    "save_card": 0.5,
    "saves_counted": 2,
}
KINDS = ("explorer", "ship", "crew")


def worths(state: State) -> dict[str, float]:
    """Each player's DP so far plus what their expeditions in play and their hands should
    still bring."""
    sheet = final_scoring(state.book, state.categories, state.victory, state.options)
    out = {line.player: float(line.total) for line in sheet.lines}
    odds = flip_odds(state)
    flips = flips_ahead(state)
    for p in state.players:
        out[p] += sum(expedition_value(state, e, odds, flips) for e in state.expeditions[p])
        out[p] += hand_value(state, p, odds, flips)
    return out


def flips_ahead(state: State) -> int:
    """How many more cards each expedition may turn over, about: the cards still to be turned
    (the discards too while a reshuffle is to come) shared among the expeditions in play."""
    left = sum(state.exploration_deck.values())
    if state.reshuffles < state.constants["exploration_deck_passes"] - 1:
        left += sum(state.exploration_discard.values())
    sailing = sum(len(es) for es in state.expeditions.values()) or 1
    return max(0, min(WORTH["horizon"], left // sailing))


def flip_odds(state: State) -> tuple:
    """The odds of what a card turned over is, from the Exploration deck as printed (the deck
    of the moment differs little, and one table for the whole game keeps ``_value`` cached):
    (Ocean, ((level, region, p), ...), ((tested trait, stat lost, p), ...))."""
    return _printed_odds(state.book)


@lru_cache(maxsize=16)
def _printed_odds(book: CardBook) -> tuple:
    cards = book.exploration
    total = sum(c.count for c in cards.values())
    discoveries: dict[tuple[int, str], int] = {}
    hazards: dict[tuple[str, str], int] = {}
    for c in cards.values():
        if c.type == "discovery":
            key = (c.level, c.region or "")
            discoveries[key] = discoveries.get(key, 0) + c.count
        elif c.type == "hazard":
            hazards[c.tests, c.loses] = hazards.get((c.tests, c.loses), 0) + c.count
    return (
        cards[book.ocean].count / total,
        tuple((level, region, n / total) for (level, region), n in sorted(discoveries.items())),
        tuple((tests, loses, n / total) for (tests, loses), n in sorted(hazards.items())),
    )


def expedition_value(state: State, exp: Expedition, odds: tuple, flips: int) -> float:
    """What an expedition in play should still bring: the DP of the discovery it may claim in
    the flips ahead (and the cards it sends home), zero if it fails first."""
    book = state.book
    traits = frozenset(t for c in exp.cards for t in book.expedition[c].traits)
    info = book.expedition[exp.explorer]
    conqueror = state.constants["conqueror_bonus"] if "Conqueror" in info.specials else 0
    regional = (info.regional_region or "", state.constants["regional_explorer_bonus"])
    stats = tuple(exp.stats[s] for s in STATS)
    ocean_fails = state.options["ocean_loss_without_ocean"] == "fail"
    return _value(odds, traits, conqueror, regional, ocean_fails, exp.oceans, stats, flips)


@lru_cache(maxsize=200_000)
def _value(
    odds: tuple,
    traits: frozenset,
    conqueror: int,
    regional: tuple[str, int],
    ocean_fails: bool,
    oceans: int,
    stats: tuple[int, ...],
    flips: int,
) -> float:
    """Expected DP of an expedition with ``oceans`` and ``stats`` over ``flips`` more flips,
    each card drawn with the odds given (the deck's composition, not tracked flip by flip)."""
    if flips <= 0:
        return 0.0
    ocean, discoveries, hazards = odds
    rest = (odds, traits, conqueror, regional, ocean_fails)
    total = ocean * _value(*rest, oceans + 1, stats, flips - 1)
    stay = 1.0 - ocean
    for level, region, p in discoveries:
        bonus = regional[1] if region and region == regional[0] else 0
        if oceans + bonus >= level:
            stay -= p
            total += p * (level + conqueror + WORTH["claim_bonus_share"] + WORTH["returned_cards"])
    for tests, loses, p in hazards:
        if tests in traits:
            continue
        if loses == "Ocean":
            if oceans:
                stay -= p
                total += p * _value(*rest, oceans - 1, stats, flips - 1)
            elif ocean_fails:
                stay -= p
            continue
        k = STATS.index(loses)
        stay -= p
        if stats[k] > 1:
            hurt = (*stats[:k], stats[k] - 1, *stats[k + 1 :])
            total += p * _value(*rest, oceans, hurt, flips - 1)
    return total + stay * _value(*rest, oceans, stats, flips - 1)


def fresh_value(state: State, odds: tuple, flips: int, cards: tuple[str, str, str]) -> float:
    """The value of an expedition formed now from ``cards``."""
    return expedition_value(state, Expedition(*cards, starting_stats(state, cards)), odds, flips)


def hand_value(state: State, p: str, odds: tuple, flips: int) -> float:
    """The expeditions the hand can form (the best one first, at a share of its value; a
    partial one by how many of its three cards are in hand), and its Save cards (the first few
    only, and only for a player with an expedition to protect)."""
    book: CardBook = state.book
    kinds: dict[str, list[str]] = {"explorer": [], "ship": [], "crew": [], "save": []}
    for name, n in sorted(state.hands[p].items()):
        kinds[book.expedition[name].type].extend([name] * n)
    kit = [kinds[t] for t in KINDS]
    best = fresh_value(state, odds, max(0, flips - 1), typical_kit(state, kit))
    value = 0.0
    for k, share in enumerate(WORTH["kit_shares"]):  # the first kit, then the next
        have = sum(1 for cards in kit if len(cards) > k)
        value += share * WORTH["kit_progress"][have] * best
    saves = min(len(kinds["save"]), WORTH["saves_counted"])
    if state.expeditions[p] or all(kit):
        value += WORTH["save_card"] * saves
    return value


def typical_kit(state: State, kit: list[list[str]]) -> tuple[str, str, str]:
    """The cards the next expedition is formed from: the richest card of each kind in hand
    (the most traits, bonuses and specials), the plainest card of the deck for a kind the hand
    lacks (a card not yet drawn may be any)."""
    book = state.book
    out = []
    for cards, kind in zip(kit, KINDS, strict=True):
        if cards:
            out.append(min(set(cards), key=lambda c: (-_richness(book, c), c)))
        else:
            out.append(_plainest(book, kind))
    return out[0], out[1], out[2]


def _richness(book: CardBook, card: str) -> int:
    info = book.expedition[card]
    return len(info.traits) + len(info.bonus) + len(info.specials)


@lru_cache(maxsize=64)
def _plainest(book: CardBook, kind: str) -> str:
    cards = [c for c, info in book.expedition.items() if info.type == kind]
    return min(cards, key=lambda c: (_richness(book, c), c))


def determinise(state: State, seat: str, rng: random.Random) -> None:
    """Re-deal the other players' hands (same sizes) from their unseen cards and the
    Expedition deck's, pooled in a canonical order; cards everyone saw go into a hand (the two
    an expedition brings home) stay there; the rest of the pool goes back to the deck."""
    others = [p for p in state.players if p != seat]
    pool_counts: dict[str, int] = dict(state.expedition_deck)
    for p in others:
        shown = state.shown.get(p, {})
        for c, n in state.hands[p].items():
            hidden = n - min(n, shown.get(c, 0))
            if hidden:
                pool_counts[c] = pool_counts.get(c, 0) + hidden
    pool = [c for c in sorted(pool_counts) for _ in range(pool_counts[c])]
    rng.shuffle(pool)
    k = 0
    for p in others:
        shown = state.shown.get(p, {})
        kept = [c for c, n in state.hands[p].items() for _ in range(min(n, shown.get(c, 0)))]
        size = sum(state.hands[p].values()) - len(kept)
        state.hands[p] = _counts(kept + pool[k : k + size])
        k += size
    state.expedition_deck = _counts(pool[k:])
    state.forget()


def _counts(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in sorted(cards):
        out[c] = out.get(c, 0) + 1
    return out


def hidden_hand(state: State, seat: str) -> list[tuple[str, str]]:
    """The cards in ``seat``'s hand that the table has not seen (the two an expedition brings
    home are seen), as (kind, name), for play to keep out of what it prints for a bot whose
    secret cards stay face down."""
    shown = state.shown.get(seat, {})
    return [
        ("Exploration card", c)
        for c, n in sorted(state.hands[seat].items())
        for _ in range(n - min(n, shown.get(c, 0)))
    ]
