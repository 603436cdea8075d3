"""The island book: the islands, the supply and the rule numbers, as the rules need them.

Everything is read from components/discovery-era-of-voyage/: the island cards (incomes as
bundles, costs, VP, prices, rates) from island-deck.yaml, the supply from tokens.yaml, the
numbers and tables from rules.yaml. Nothing here is a number of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

from portolan.model.loader import Game
from portolan.names import NameIndex, fold

ISLAND_DECK = "island-deck"
TOKENS = "tokens"
CENTRAL, PRODUCTION, COMMERCIAL, CULTURAL = "central", "production", "commercial", "cultural"
COIN, VP, ANY, TRADE, ADJUST, EXCHANGE = "Coin", "VP", "Any resource", "Trade", "Adjust", "Exchange"
CLOCKWISE, COUNTERCLOCKWISE = 1, -1
BOW_NAMES = {CLOCKWISE: "clockwise", COUNTERCLOCKWISE: "counterclockwise"}
BOW_WORDS = {
    "clockwise": CLOCKWISE,
    "cw": CLOCKWISE,
    "counterclockwise": COUNTERCLOCKWISE,
    "counter-clockwise": COUNTERCLOCKWISE,
    "counter clockwise": COUNTERCLOCKWISE,
    "anticlockwise": COUNTERCLOCKWISE,
    "anti-clockwise": COUNTERCLOCKWISE,
    "ccw": COUNTERCLOCKWISE,
}
# What the log writes for a ship going home, for nothing (no income, no investment) and yes.
RETURN_WORDS = ("return", "back", "centre", "center", "home")
NONE_WORDS = ("none", "no", "nothing", "-", "false")
YES_WORDS = ("yes", "true", "collect", "take")


@dataclass(frozen=True, slots=True)
class Island:
    name: str
    type: str  # central, production, commercial, cultural
    number: int | None
    income: tuple[tuple[tuple[str, int], ...], ...]  # boxes: basic > extra > extra
    cost: tuple[tuple[str, int], ...]
    vp_most: int
    vp_second: int
    buy: dict[str, int]
    sell: dict[str, int]
    rates: dict[str, int]

    @property
    def label(self) -> str:
        return self.type.capitalize()


class IslandBook:
    """The 17 island cards by name, the supply's totals and the rules' numbers."""

    def __init__(self, model: Game):
        self.model = model
        self.categories = list(model.rules.scoring)  # the score sheet's lines
        self.title = model.title
        self.constants: dict[str, Any] = {k: v.value for k, v in model.rules.constants.items()}
        self.tables: dict[str, Any] = {k: v.value for k, v in model.rules.tables.items()}
        self.resources: tuple[str, ...] = tuple(t.name for t in model.spec.terms["resource"])
        self.islands: dict[str, Island] = {}
        for card in model.deck(ISLAND_DECK).cards:
            self.islands[card.name] = Island(
                name=card.name,
                type=card.type,
                number=card.get("number"),
                income=tuple(tuple(box.items()) for box in card.get("income", ())),
                cost=tuple((card.get("cost") or {}).items()),
                vp_most=card.get("vp_most", 0) or 0,
                vp_second=card.get("vp_second", 0) or 0,
                buy=dict(card.get("buy") or {}),
                sell=dict(card.get("sell") or {}),
                rates=dict(card.get("rates") or {}),
            )
        self.central = next(n for n, i in self.islands.items() if i.type == CENTRAL)
        self.surrounding = [n for n, i in self.islands.items() if i.type != CENTRAL]
        self.names = NameIndex(self.islands)
        self.resource_names = NameIndex(self.resources)
        self.payment_names = NameIndex((COIN, *self.resources))
        self.draw: dict[str, int] = dict(self.constants["setup_draw"])
        self.slots: int = self.constants["surrounding_islands"]
        self.coins, self.vp, self.resource_totals = _supply(model, self.resources)
        self.sailing_cost: dict[int, int] = {
            int(k): v for k, v in self.tables["sailing_cost"].items()
        }
        self.income_by_markers: dict[int, tuple[int, ...]] = {
            int(k): tuple(v) for k, v in self.tables["income_by_markers"].items()
        }
        self.vp_stack: dict[int, int] = {
            int(k): v for k, v in self.tables["cultural_vp_stack"].items()
        }
        self._provides: dict[tuple[str, str], int] = {}
        self._completions: dict[tuple, int] = {}
        self._row: list[tuple[int, int]] | None = None
        self.plans: dict[tuple[str, int], tuple] = {}  # income plans (actions.income)

    def island(self, name: str) -> Island:
        return self.islands[name]

    def draw_words(self) -> str:
        """What the setup draws, in words: '4 Production, 2 Commercial, 1 Cultural'."""
        labels = {
            t: self.island(next(n for n, i in self.islands.items() if i.type == t)).label
            for t in self.draw
        }
        return ", ".join(f"{n} {labels[t]}" for t, n in self.draw.items())

    # -- the redraw rule --------------------------------------------------------------------
    def provides(self, name: str, reading: str) -> int:
        """The resources an island's income names, as a bit mask (option ``redraw``)."""
        key = (name, reading)
        mask = self._provides.get(key)
        if mask is None:
            boxes = self.islands[name].income
            if reading == "basic_income":
                boxes = boxes[:1]
            mask = 0
            for box in boxes:
                for word, _ in box:
                    if word in self.resources:
                        mask |= 1 << self.resources.index(word)
            self._provides[key] = mask
        return mask

    def missing_resources(self, names: list[str], reading: str) -> list[str]:
        mask = 0
        for n in names:
            mask |= self.provides(n, reading)
        return [r for i, r in enumerate(self.resources) if not mask >> i & 1]

    def completions(self, placed: tuple[str, ...], reading: str) -> int:
        """How many sets of islands can complete the circle from ``placed`` (0: none can).

        Drawing 4/2/1 islands, redrawing the Production islands until they produce every
        resource, and shuffling the seven into a circle makes every valid circle equally
        likely; the number of ways to complete a partial circle is therefore the weight of each
        island that could go in the next slot.
        """
        key = (frozenset(placed), reading)
        n = self._completions.get(key)
        if n is not None:
            return n
        n = 1
        for kind, wanted in self.draw.items():
            have = [p for p in placed if self.islands[p].type == kind]
            need = wanted - len(have)
            if need < 0:
                n = 0
                break
            rest = [
                name for name, i in self.islands.items() if i.type == kind and name not in placed
            ]
            if kind != PRODUCTION or reading == "none":
                n *= comb(len(rest), need)
                continue
            full = (1 << len(self.resources)) - 1  # every resource
            base = 0
            for p in have:
                base |= self.provides(p, reading)
            count = 0
            for extra in combinations(rest, need):
                mask = base
                for e in extra:
                    mask |= self.provides(e, reading)
                count += mask == full
            n *= count
        self._completions[key] = n
        return n

    # -- sailing ----------------------------------------------------------------------------
    def sail_cost(self, steps: int) -> int | None:
        """Coins to sail ``steps`` along the bow (the cost table counts the whole move, as the
        rulebook's example has it); None when the rules do not allow it."""
        if steps < 1 or steps >= self.slots:
            return None
        return self.sailing_cost.get(steps)

    def max_steps(self) -> int:
        return max(s for s, _ in self.cost_row())

    def cost_row(self) -> list[tuple[int, int]]:
        """(steps, coins) for every distance a ship may sail along its bow."""
        if self._row is None:
            self._row = [
                (s, c) for s in range(1, self.slots) if (c := self.sail_cost(s)) is not None
            ]
        return self._row


def _supply(model: Game, resources: tuple[str, ...]) -> tuple[int, int, dict[str, int]]:
    """Coins and VP (in value) and resources (in pieces) on the token sheet."""
    coins = vp = 0
    res = dict.fromkeys(resources, 0)
    for counter in model.component(TOKENS).spec.counters:
        n = counter.count.value
        if counter.name in res:
            res[counter.name] += n
            continue
        m = re.fullmatch(r"(\d+)\s+(\w+)", counter.name.strip())
        if not m:
            continue
        word = fold(m[2])
        if word in ("coin", "coins"):
            coins += int(m[1]) * n
        elif word == "vp":
            vp += int(m[1]) * n
    return coins, vp, res


PLURALS = ("coin", "step", "marker", "trade", "exchange", "resource", "island", "'Any resource'")


def counted(n: int, word: str) -> str:
    """'1 coin', '3 coins', '2 Fruit', '1 Production island'."""
    if word == COIN:
        word = "coin"
    if n != 1 and word.split()[-1] in PLURALS:
        return f"{n} {word}s"
    return f"{n} {word}"
