"""The values an action entry of a Ships log holds, each with its reader (logformat.py
declares which key holds which): an age or an area ('Area 7'), a ship ('3 Merchant'), goods
('2 Cloth + 1 Wine'), a trade box and a city ('South America Gold'), the cubes taken back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.games.ships import moves
from portolan.checker.games.ships.book import BOXES
from portolan.errors import did_you_mean
from portolan.model.bundles import read_bundle
from portolan.names import fold
from portolan.yamlsrc import Pos

_SHIP = re.compile(r"^\s*(?:age\s*)?(\d+)\s+(\S+)\s*$", re.IGNORECASE)
_AREA = re.compile(r"^\s*(?:area\s*)?(\d+)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Number(lf.Arg):
    """A number, or text such as 'Area 7'."""

    what: str

    def read(self, r, value, pos, field):
        if isinstance(value, bool) or not isinstance(value, int):
            m = _AREA.match(value) if isinstance(value, str) else None
            if m is None:
                r.bad(f"expected {self.what} (a number), found {value!r}", pos, field)
                return lf.BAD
            return int(m[1])
        return value

    def schema(self, book, defs):
        text = {"type": "string", "pattern": r"^\s*([Aa]rea\s*)?\d+\s*$"}
        return {"anyOf": [{"type": "integer", "minimum": 0}, text], "description": self.what}


@dataclass(frozen=True)
class Ship(lf.Arg):
    """A ship as its age and box: '3 Merchant' -> (3, 'Merchant')."""

    def read(self, r, value, pos, field):
        m = _SHIP.match(str(value)) if isinstance(value, (str, int)) else None
        box = next((b for b in BOXES if m and fold(b) == fold(m[2])), None)
        if m is None or box is None:
            r.bad(f"write a ship as its age and box, e.g. '3 Merchant', not {value!r}", pos, field)
            return lf.BAD
        return int(m[1]), box

    def schema(self, book, defs):
        return {"type": "string", "description": "a ship: its age and box, e.g. '3 Merchant'"}


@dataclass(frozen=True)
class Goods(lf.Arg):
    """Goods as a list ([Cloth, Cloth]) or a bundle ('2 Cloth + 1 Wine'): (good, where its
    item is written) for each good."""

    def read(self, r, value, pos, field):
        out, ok = [], True
        for item, ipos, f in r.items(value, pos, field):
            bundle, message, hint = read_bundle(item, r.book.goods, "good")
            if message:
                r.bad(message, ipos, f, hint)
                ok = False
                continue
            for good, n in bundle.items():
                if n > r.book.pool[good]:  # a slip, not a sale or exchange of n goods
                    r.bad(f"{n} {good}: the game has {r.book.pool[good]}", ipos, f)
                    ok = False
                    continue
                out += [(good, ipos)] * n
        return out if ok else lf.BAD

    def schema(self, book, defs):
        good = {"type": "string", "description": "goods: 'Cloth', or '2 Cloth + 1 Wine'"}
        return {"anyOf": [good, {"type": "array", "items": good}]}


def _place(r: lf.TurnReader, value: Any, pos: Pos | None, field: str) -> Any:
    """'South America Gold' -> (location, the words after it); 'Area 7' names an open area."""
    if not isinstance(value, str) or not value.strip():
        r.bad(f"expected a location and what it shows, found {value!r}", pos, field)
        return lf.BAD
    text, best = fold(value), None
    for name in r.book.place_names.names:
        key = fold(name)
        if (text == key or text.startswith(key + " ")) and (
            best is None or len(key) > len(fold(best))
        ):
            best = name
    if best is None:
        hint = did_you_mean(value.split()[0], r.book.place_names.names)
        r.bad(f"'{value}' names no location of the board", pos, field, hint)
        return lf.BAD
    rest = " ".join(value.split()[len(best.split()) :])
    area = r.book.areas[r.book.area_of(best)]
    return area.name if area.open else best, re.sub(r"^\d+\s*", "", rest).strip()


def _word(r, value: str, words: list[str], pos, field: str, what: str) -> str | None:
    found = lf.Words({w: w for w in words}, what).read(r, value, pos, field)
    return None if found is lf.BAD else found


@dataclass(frozen=True)
class TradeBox(lf.Arg):
    """A trade box: its location and good (location, good); Area 7's Merchant box and the good
    taken."""

    def read(self, r, value, pos, field):
        found = _place(r, value, pos, field)
        if found is lf.BAD:
            return lf.BAD
        location, rest = found
        area = r.book.areas[r.book.area_of(location)]
        if area.open:
            what = f"a good of {location}'s Merchant box"
            good = _word(r, rest, list(area.open_goods), pos, field, what)
            return lf.BAD if good is None else (location, good)
        shown = list(dict.fromkeys(g for (loc, g) in r.book.trade_at if loc == location))
        if not rest and len(shown) == 1:
            return location, shown[0]
        if not rest:
            options = " or ".join(f"'{location} {g}'" for g in shown)
            r.bad(f"{location} has {len(shown)} trade boxes: say which ({options})", pos, field)
            return lf.BAD
        good = _word(r, rest, shown, pos, field, f"a trade box of {location}")
        return lf.BAD if good is None else (location, good)

    def schema(self, book, defs):
        return {"type": "string", "description": "a trade box: its location and good"}


@dataclass(frozen=True)
class CitySpace(lf.Arg):
    """A city: its location and, where there are several, its benefit (location, benefit)."""

    def read(self, r, value, pos, field):
        found = _place(r, value, pos, field)
        if found is lf.BAD:
            return lf.BAD
        location, rest = found
        book = r.book
        if book.areas[book.area_of(location)].open or not rest:
            return location, None
        benefits = [book.cities[c].benefit for c in book.cities_at.get(location, [])]
        benefit = _word(r, rest, benefits, pos, field, f"a city of {location}")
        if benefit is None:
            return lf.BAD
        return location, benefit if len(benefits) > 1 else None

    def schema(self, book, defs):
        return {"type": "string", "description": "a city: its location (and benefit)"}


@dataclass(frozen=True)
class Cubes(lf.Arg):
    """The cubes taken back from an area: how many from Area 7's Merchant box, else which
    trade boxes ('all': every one)."""

    def read(self, r, value, pos, field, open_area: bool = False):
        return (CUBE_COUNT if open_area else CUBES_TAKEN).read(r, value, pos, field)

    def schema(self, book, defs):
        return {"anyOf": [CUBE_COUNT.schema(book, defs), CUBES_TAKEN.schema(book, defs)]}


CUBE_COUNT = Number("a number of cubes")
CUBES_TAKEN = lf.ListOf(lf.Words({"all": moves.TAKE_BACK_ALL}, otherwise=TradeBox()))
