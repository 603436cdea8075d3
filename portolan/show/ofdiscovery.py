"""Age of Discovery: the cards on the table (the game has no board): the purchase, filling and
contract rows with their reservations, each expedition with the ships sent on it, and in front
of each player the fleet, the flagship, the trade voyages under way, coins and contracts."""

from __future__ import annotations

from collections import Counter

from portolan.checker.games.age_of_discovery.state import ROW_WORDS, UNNAMED, State
from portolan.generator.colours import tint
from portolan.model.loader import Game
from portolan.show.svg import INK, Picture, counted, ink_on, slug

CW, CH = 34.0, 22.0  # a card as drawn (landscape, its name legible)
STEP = CW + 3
LEFT = 34.0  # the row labels
SHIP_H = 8.0  # a ship on an expedition: a strip of its card


def draw(model: Game, state: State, caption: str) -> Picture:
    slots = max(len(state.purchase), len(state.filling), len(state.contract_row), 1)
    w = max(LEFT + slots * STEP, LEFT + len(state.expeditions) * STEP, 240) + 6
    deepest = max([0] + [len(v) for v in state.expeditions.values()])
    exp_h = CH + 6 + deepest * (SHIP_H + 1)
    sailing = max([0] + [len(v.ships) for v in state.voyages])
    player_h = 12 + CH + 2 + sailing * (SHIP_H + 1) + 4
    h = 16 + 3 * (CH + 6) + 8 + exp_h + 6 + len(state.players) * player_h
    pic = Picture(w, h, f"{model.title}: the table {caption}")
    pic.add_seats(state.players)
    colour = _colours(model)
    line = (
        f"Draw piles: {', '.join(str(n) for n in state.piles)} cards · contract deck "
        f"{state.draw_deck_size()} · bank {state.bank} coins · turn {state.turn}"
    )
    pic.text(4, 8, line, 3.6, INK)
    pic.say(line)
    y = 14
    for row, cards, kind in (
        ("purchase", state.purchase, "ship"),
        ("filling", state.filling, "ship"),
        ("contracts", state.contract_row, "contract"),
    ):
        _row(pic, state, row, cards, kind, y, colour)
        y += CH + 6
    y += 4
    pic.text(4, y + 4, "Expeditions", 3.6, INK, bold=True)
    # Each player's copies of a ship card numbered in the order they are drawn (expeditions,
    # fleet, voyages): a card that moves keeps its id (ship-Ana-White_Ship_2-1) unless its
    # owner has two of it.
    copies: Counter[tuple[str, str]] = Counter()
    for k, (exp, placed) in enumerate(state.expeditions.items()):
        _expedition(pic, state, exp, placed, LEFT + k * STEP, y, colour, copies)
    y += exp_h + 6
    for p in state.players:
        _player(pic, state, p, y, player_h - 4, colour, copies)
        y += player_h
    return pic


def _colours(model: Game):
    def colour(name: str | None) -> str:
        key = (name or "").lower()
        return model.colour(key) if key in model.spec.palette else "#8b8b8b"

    return colour


def _card(pic: Picture, x, y, w, h, name: str, fill: str, parent=None, sub: str = "") -> None:
    pic.rect(x, y, w, h, fill=fill, stroke=INK, width=0.3, radius=1.5, parent=parent)
    pic.fitted(
        x + 1.5,
        y + min(h - 1.5, 4.5),
        name,
        w - 3,
        3.0,
        fill=ink_on(fill),
        bold=True,
        parent=parent,
    )
    if sub:
        pic.fitted(x + 1.5, y + h - 2, sub, w - 3, 2.4, fill=ink_on(fill), parent=parent)


def _row(pic: Picture, state: State, row: str, cards, kind: str, y: float, colour) -> None:
    label = ROW_WORDS[row]
    pic.text(4, y + CH / 2 + 1.5, label.capitalize(), 3.4, INK, bold=True)
    placed = [r for r in state.reservations if r.row == row]
    for k, name in enumerate(cards):
        x = LEFT + k * STEP
        space = f"{label} space {k + 1}"
        if name is None:
            pic.rect(x, y, CW, CH, fill="none", stroke="#999999", width=0.3, radius=1.5)
            pic.text(x + CW / 2, y + CH / 2 + 1, "empty", 2.8, "#777777", "middle")
            continue
        info = state.book.ships.get(name) if kind == "ship" else state.book.contracts.get(name)
        fill = colour(info.colour) if info else "#d8ccb0"
        sub = f"transport {info.transport}" if info else ""
        if kind == "ship" and info:
            sub += f", cost {info.cost}"
        g = pic.group(f"card-{row}-{k + 1}", "card", space, title=f"{name} in the {space}")
        _card(pic, x, y, CW, CH, "face down" if name == UNNAMED else name, fill, g, sub)
        pic.d.add(g)
        pic.say(f"{space}: {name}")
    for r in placed:
        x = LEFT + r.space * STEP
        pic.piece(
            "marker",
            f"reservation-{slug(r.player)}-{row}-{r.space + 1}",
            f"{label} space {r.space + 1}",
            r.player,
            x + CW - 4,
            y + CH - 4,
            6,
        )
        pic.say(f"{label} space {r.space + 1}: reserved by {r.player}")


def _ship(
    pic: Picture, copies: Counter, p: str, card: str, fill: str, box, space: str, sub=""
) -> None:
    """A ship card (a strip when it is low): its colour, its owner's tag, its name."""
    x, y, w, h = box
    copies[p, card] += 1
    ident = f"ship-{slug(p)}-{slug(card)}-{copies[p, card]}"
    g = pic.group(ident, "ship", space, p, f"{p}'s {card} at {space}")
    pic.rect(x, y, w, h, fill=fill, stroke=INK, width=0.3, radius=1, parent=g)
    pic.rect(x, y, 6, h, fill=pic.colour(p), stroke=INK, width=0.3, radius=1, parent=g)
    pic.text(
        x + 3,
        y + min(h, SHIP_H) / 2 + 1.1,
        pic.seats[p].initial,
        3.2,
        "#ffffff",
        "middle",
        True,
        parent=g,
    )
    pic.fitted(x + 7, y + min(h, SHIP_H) / 2 + 1.1, card, w - 8, 2.8, fill=ink_on(fill), parent=g)
    if sub:
        pic.fitted(x + 7, y + h - 2, sub, w - 8, 2.4, fill=ink_on(fill), parent=g)
    pic.d.add(g)


def _expedition(
    pic: Picture, state: State, exp: str, placed, x: float, y: float, colour, copies
) -> None:
    info = state.book.expeditions.get(exp)
    fill = colour(info.colour) if info else "#15707f"
    load = f"load {state.load.get(exp, 0)}" + (f" / {info.limit}" if info else "")
    _card(pic, x, y, CW, CH, exp, fill, sub=load)
    for k, s in enumerate(placed):
        box = (x, y + CH + 2 + k * (SHIP_H + 1), CW, SHIP_H)
        _ship(pic, copies, s.player, s.ship, colour(s.colour), box, exp)
    if placed:
        pic.say(f"{exp} ({load}): " + ", ".join(f"{s.player}'s {s.ship}" for s in placed))


def _player(pic: Picture, state: State, p: str, y: float, height: float, colour, copies) -> None:
    pc = pic.colour(p)
    pic.rect(2, y, pic.width - 4, height, fill=tint(pc, 0.9), stroke=pc, radius=2)
    flag = state.flagship[p] or "secret"
    hand = counted(state.hand_size(p), "contract")
    head = (
        f"{p}: {counted(state.coins[p], 'coin')} · {hand} in hand · "
        f"{state.completed.get(p, 0)} completed · flagship {flag}"
        + ("" if state.flagship_idle[p] else " (at sea)")
        + "".join(
            f" · {counted(n, card)}" for card, n in sorted(state.action_cards[p].items()) if n
        )
    )
    pic.fitted(4, y + 6, head, pic.width - 8, 3.6, fill=INK, bold=True)
    pic.say(head)
    x = 4.0
    fleet = [c for c, n in state.fleet[p].items() for _ in range(n)]
    if state.flagship[p] and state.flagship_idle[p]:
        fleet.insert(0, state.flagship[p])
    for c in fleet:
        info = state.book.ships.get(c)
        fill = colour(info.colour) if info else colour("flagship")
        sub = f"transport {info.transport}" if info else "flagship"
        _ship(pic, copies, p, c, fill, (x, y + 9, CW, CH), f"{p}'s fleet", sub)
        x += STEP
    if fleet:
        pic.say(f"{p}'s fleet: " + ", ".join(fleet))
    for v in (v for v in state.voyages if v.player == p):
        info = state.book.contracts.get(v.contract)
        g = pic.group(f"contract-{slug(p)}-{slug(v.contract)}", "card", f"{p}'s trade voyages", p)
        fill = colour(info.colour) if info else "#7d5531"
        _card(pic, x, y + 9, CW, CH, v.contract, fill, g, f"{v.left} turns to go")
        pic.d.add(g)
        for k, (ship, _) in enumerate(v.ships):
            box = (x, y + 9 + CH + 2 + k * (SHIP_H + 1), CW, SHIP_H)
            known = state.book.ships.get(ship)
            fill = colour(known.colour if known else "flagship")
            _ship(pic, copies, p, ship, fill, box, f"{p}'s trade voyage {v.contract}")
        ships = ", ".join(s for s, _ in v.ships)
        pic.say(f"{p}'s trade voyage: {v.contract} with {ships}, {v.left} turns to go")
        x += STEP
