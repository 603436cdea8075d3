"""Coins, VP and resources moving between the supply and the players, and their words."""

from __future__ import annotations

from portolan.checker.games.discovery_era_of_voyage.book import COIN, counted
from portolan.checker.games.discovery_era_of_voyage.state import State


def gain_coins(state: State, p: str, n: int) -> int:
    """Coins from the supply (no more than it holds with option short_supply: finite)."""
    if state.options["short_supply"] == "finite":
        n = max(0, min(n, state.supply_coins))
    state.coins[p] += n
    state.supply_coins -= n
    return n


def gain_vp(state: State, p: str, n: int) -> int:
    """VP from the Cultural island's stack, then (when it is empty) from the supply."""
    from_stack = min(n, state.stack)
    state.stack -= from_stack
    rest = n - from_stack
    if state.options["short_supply"] == "finite":
        rest = max(0, min(rest, state.supply_vp))
    state.supply_vp -= rest
    state.vp[p] += from_stack + rest
    return from_stack + rest


def supplied(got: int, stack: int) -> str:
    """' (2 from the supply)' when the Cultural island's stack of ``stack`` VP fell short."""
    extra = got - min(got, stack)
    return f" ({extra} from the supply)" if extra else ""


def pay(state: State, p: str, bundle) -> None:
    """Coins and resources from ``p`` back to the supply."""
    for word, n in bundle:
        if word == COIN:
            state.coins[p] -= n
            state.supply_coins += n
        else:
            state.res[p][word] -= n
            state.supply_res[word] += n


def short_of(state: State, p: str, bundle) -> str:
    """What ``p`` lacks to pay ``bundle``, in words ('' when it can be paid)."""
    short = []
    for word, n in bundle:
        have = state.coins[p] if word == COIN else state.res[p][word]
        if have < n:
            short.append(counted(have, word))
    return " and ".join(short)


def bundle_words(bundle) -> str:
    """'2 Fruit + 1 coin', or 'nothing'."""
    return " + ".join(counted(n, w) for w, n in bundle) or "nothing"
