"""The actions of an Age of Discovery turn as the log writes them (a contract, a purchase, a
ship sent or a contract played, a Reservation): each declared by the forms it is written in
(checker/core/logformat.py reads them and gives their schema), and the steps made of what is
read; the names a log writes and the keys' spellings. logformat.py declares which key each
action is written under.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.games.age_of_discovery import moves
from portolan.checker.games.age_of_discovery.moves import DRAW_BLIND, HIDDEN
from portolan.checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE
from portolan.names import NameIndex, fold
from portolan.yamlsrc import Pos, YMap

ROWS = {"purchase": PURCHASE, "filling": FILLING, "contracts": CONTRACTS, "contract": CONTRACTS}
PILE = re.compile(r"^(.*?)\s*\(\s*pile\s*(\d+)\s*\)\s*$", re.IGNORECASE)


def _name(names: Any, what: str, ref: str, **how: Any) -> lf.Name:
    return lf.Name(names, what, kind=what, ref=ref, **how)


# The names a log writes, each with its reader (checker/core/logformat.py).
SHIP = _name(lambda b: b.ship_names, "a ship card", "ship")
CONTRACT = _name(lambda b: b.contract_names, "a trade contract", "contract")
EXPEDITION = _name(
    lambda b: b.expedition_names,
    "an expedition",
    "expedition",
    find=lambda r, text: r.book.expedition(text),
)
COLOUR = _name(lambda b: b.colour_names, "a colour", "colour")
MISSION = _name(
    lambda b: b.mission_names,
    "a special mission",
    "mission",
    find=lambda r, text: r.book.mission(text, len(r.players)),
    hints=lambda b: [*b.mission_names.names, *{m.kind for m in b.missions.values()}],
)
WHOLE = lf.Whole(text=True)
SHIPS = lf.ListOf(SHIP)


def loose_key(k: Any) -> str:
    """A key without regard to case, to tell the shape of a mapping ('Ship: ...' is still a
    purchase written with keys, whose 'Ship' is then refused)."""
    return fold(lf.spaced(k))


COLOR = {"color": "colour"}


def secret_or(arg: lf.Arg) -> lf.Words:
    """A card named, or kept secret ('hidden')."""
    return lf.Words({HIDDEN: HIDDEN}, "kept secret until the rules reveal it", otherwise=arg)


@dataclass(frozen=True)
class Piled(lf.Arg):
    """A ship turned over, from a pile when the scoring cards are in piles: 'Ship (pile 2)'."""

    def read(self, r, value, pos, field):
        pile = None
        m = PILE.match(value) if isinstance(value, str) else None
        if m:
            value, pile = m.group(1), int(m.group(2))
        name = SHIP.read(r, value, pos, field)
        return lf.BAD if name is lf.BAD else moves.TurnOver(name, pile)

    def schema(self, book, defs):
        piled = {"type": "string", "pattern": r"\(\s*[Pp]ile\s*\d+\s*\)\s*$"}
        return {"anyOf": [SHIP.schema(book, defs), piled]}


NOTHING = (type(None), lf.Nothing())
EXTRAS = {"transport": WHOLE, "colour": COLOUR}  # a flagship's
CONTRACT_FORMS = lf.Forms(
    (
        (str, secret_or(CONTRACT)),
        (
            YMap,
            lf.Fields(
                {"take": CONTRACT, "draw": secret_or(CONTRACT), "new": CONTRACT},
                spell=lf.spaced,
                pair=("take", "new"),
            ),
        ),
    ),
    "write a contract as its name, {take: Card, new: Card} or {draw: Card}",
)
BUY = lf.Forms(
    (
        (str, SHIP),
        (
            YMap,
            lf.Fields(
                {
                    "ship": SHIP,
                    "space": WHOLE,
                    "new": lf.Forms((NOTHING, (object, lf.ListOf(Piled()))), ""),
                },
                required=("ship",),
                missing="name the ship bought: {{ship: Card, new: Card}}",
                shape="write each purchase as 'Ship: New card'",
                spell=lf.spaced,
                pair=("ship", "new"),
            ),
        ),
    ),
    "write each purchase as 'Ship: New card' (the card turned over in its place)",
)
VOYAGE = lf.Fields(
    {
        "contract": CONTRACT,
        "ships": SHIPS,
        "duration": WHOLE,
        **EXTRAS,
        "wild": lf.Forms(
            (NOTHING, (bool, lf.Flag()), (int, lf.Whole(0)), ((str, list), SHIPS)),
            "wild: true, how many ships, or the ships a Wild Ship card is played for",
        ),
    },
    required=("contract", "ships", "duration"),
    missing="a contract played names the contract, its ships and the duration ({keys} missing)",
    spell=lf.spaced,
    aliases={**COLOR, "turns": "duration"},
)
SAIL = lf.Fields(
    {
        "ship": SHIP,
        "to": EXPEDITION,
        **EXTRAS,
        "wild": lf.Forms(
            (NOTHING, (bool, lf.Flag())), "wild: true when a Wild Ship card lets this ship join"
        ),
    },
    required=("ship", "to"),
    missing="a ship sent names the ship and the expedition (to:)",
    shape="write each ship sent as 'Ship: Expedition'",
    spell=lf.spaced,
    aliases=COLOR,
    pair=("ship", "to"),
)
SEND = lf.Forms(
    ((YMap, lf.ByKey((("contract", VOYAGE),), SAIL, loose_key)),),
    "write each ship sent as 'Ship: Expedition', and each contract played as "
    "{contract: Card, ships: [...], duration: N}",
)
ROW_WORDS = {**ROWS, **{f"{k} row": v for k, v in ROWS.items()}}
RESERVE = lf.Forms(
    (
        (
            str,
            lf.Name(
                lambda b: NameIndex([*b.ship_names.names, *b.contract_names.names]),
                "a ship card or a trade contract",
                ref="card",
            ),
        ),
        (
            YMap,
            lf.Fields(
                {
                    "ship": SHIP,
                    "contract": CONTRACT,
                    "row": lf.Words(ROW_WORDS, "a row: purchase, filling or contracts"),
                    "space": WHOLE,
                },
                spell=lf.spaced,
            ),
        ),
    ),
    "write a reservation as the card's name, or {ship: Card, row: filling, space: 2}",
)


def _drawn_blind(rd: lf.TurnReader, pos: Pos | None, name: str = HIDDEN) -> None:
    """A contract drawn blind: named, or kept secret."""
    rd.step(DRAW_BLIND, pos)
    secret = moves.KeepSecret(rd.player, "contract")
    rd.step(secret if name == HIDDEN else moves.ContractDrawn(name), pos)


def contract(rd: lf.TurnReader, at: lf.At) -> None:
    got = at.value
    if got == HIDDEN:  # drawn blind and kept secret
        _drawn_blind(rd, at.pos)
    elif isinstance(got, str):
        rd.step(moves.Contract(got), at.pos)
    elif "take" in got and "draw" in got:
        rd.bad(
            "a contract is either taken face up (take:) or drawn blind (draw:)", at.pos, at.field
        )
    elif "take" in got:
        rd.step(moves.TakeContract(got["take"].value), got["take"].pos)
        if "new" in got:
            rd.step(moves.RowContract(got["new"].value), got["new"].pos)
    elif "draw" in got:
        _drawn_blind(rd, got["draw"].pos, got["draw"].value)
        if "new" in got:
            rd.bad(
                "a contract drawn blind is not replaced: leave out new:", got["new"].pos, at.field
            )
    else:
        rd.bad("name the contract: {take: Card, new: Card} or {draw: Card}", at.pos, at.field)


def buy(rd: lf.TurnReader, at: lf.At) -> None:
    got = at.value
    if isinstance(got, str):
        rd.step(moves.Buy(got), at.pos)
        return
    rd.step(moves.Buy(got["ship"].value, lf.value_of(got, "space", None)), got["ship"].pos)
    for card in lf.value_of(got, "new", None) or []:
        rd.step(card.value, card.pos)


def send(rd: lf.TurnReader, at: lf.At) -> None:
    got = at.value
    if "contract" in got:
        _voyage(rd, got)
        return
    transport, colour = (lf.value_of(got, k, None) for k in EXTRAS)
    rd.step(moves.SendShip(got["ship"].value), got["ship"].pos)
    wild = bool(lf.value_of(got, "wild", False))
    rd.step(moves.Sail(got["to"].value, transport, colour, wild), got["to"].pos)


def _voyage(rd: lf.TurnReader, got: dict) -> None:
    contract, ships = got["contract"].value, got["ships"].value
    transport, colour = (lf.value_of(got, k, None) for k in EXTRAS)
    wild_ships = _wild_ships(rd, contract, list(lf.each(ships)), lf.value_of(got, "wild", None))
    rd.step(moves.PlayContract(contract, got["duration"].value), got["contract"].pos)
    for ship in ships:
        w = ship.value in wild_ships
        if w:
            wild_ships.remove(ship.value)
        extras = (transport, colour) if rd.book.is_flagship(ship.value) else (None, None)
        rd.step(moves.Assign(ship.value, *extras, w), ship.pos)


def _wild_ships(rd: lf.TurnReader, contract: str, ships: list[str], wild: Any) -> list:
    """The ships a Wild Ship card is played for: listed, or (wild: true / a number) those of
    another colour than the contract's. A flagship joins a contract of any colour without one
    under the default flagship_colours: any (§4.4.1's example), of its own two under either."""
    if not wild:  # False, None, 0 or []
        return []
    if isinstance(wild, list):
        return list(lf.each(wild))
    book, colour = rd.book, rd.book.contracts[contract].colour

    def off(s: str) -> bool:
        if book.is_flagship(s):
            return rd.options.get("flagship_colours") != "any" and colour not in book.flagships[s]
        return book.ships[s].colour != colour

    return [s for s in ships if off(s)][: None if wild is True else wild]


def reserve(rd: lf.TurnReader, at: lf.At) -> None:
    got = at.value
    if isinstance(got, str):
        rd.step(moves.Reserve(got), at.pos)
        return
    kind = "ship" if "ship" in got else "contract" if "contract" in got else None
    if kind is None:
        rd.bad("name the card reserved (ship: or contract:)", at.pos, at.field)
        return
    row = lf.value_of(got, "row", CONTRACTS if kind == "contract" else None)
    space = lf.value_of(got, "space", None)
    rd.step(moves.Reserve(got[kind].value, row, space), got[kind].pos)
