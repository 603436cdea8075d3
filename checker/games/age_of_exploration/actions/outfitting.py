"""Outfitting Expeditions: Outfitting cards drawn (face down, or from the optional face-up
row), turned in for counters within the card's options, the mat's limits and the ships' cargo,
Gold spent, the ship type and the launching point chosen, a base's surcharge paid, the Leader
replaced with a Letter of Credit; staying in port draws two more cards (Outfitting
Expeditions, Switching Leaders, Choosing Ship Type, Additional Ships, Other Personnel and
Equipment, Switching Launching Point)."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import book as bk
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import sections as sec
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import ratings
from portolan.checker.games.age_of_exploration.actions.engine import ask, asked_while
from portolan.checker.games.age_of_exploration.actions.publishing import set_leader
from portolan.checker.games.age_of_exploration.state import Expedition, State
from portolan.model.steps import ITEMS

# What a Letter of Credit may be turned in for: any legal counter, Gold included.
LETTER_ITEMS = (
    *ITEMS[: ITEMS.index("Gold")],
    "Sturdy Ship",
    "Copper Plated Hulls",
    "Extra Ship",
    "Gold",
)
ONE_ONLY = ("Pilot", "Rutter", "Sturdy Ship", "Copper Plated Hulls")


def words(option: dict[str, int]) -> str:
    return " + ".join(item if n == 1 else f"{n} {item}" for item, n in option.items())


# -- drawing Outfitting cards -------------------------------------------------------------------
def face_up(state: State) -> bool:
    return state.options.get("face_up_outfitting") == "on"


def row_size(state: State) -> int:
    if state.phase == "setup":
        return len(state.players)
    outfitting = sum(1 for e in state.exp.values() if not e.launched)
    return max(state.k["face_up_row_min"], outfitting)


def odraw_auto(state: State, t: tk.DrawOutfitting) -> list[str] | None:
    if not state.outfit_deck and state.outfit_discard:
        state.outfit_deck, state.outfit_discard = state.outfit_discard, []
        return ["the Outfitting deck is empty: its discards are shuffled into a new deck"]
    if face_up(state) and t.how is None:
        if len(state.row) < row_size(state) and state.outfit_deck:
            push(state, tk.RefillRow(t.player))
            return []
        if state.row or state.outfit_deck:
            return None
    elif state.outfit_deck:
        return None
    state.tasks.pop()
    return ["no Outfitting card left to draw"]


TAKE_OR_BLIND = ask(
    "Outfitting", (m.Take, m.Blind), "a face-up Outfitting card or the deck's top", default=m.BLIND
)
DRAW_OUTFITTING = ask(
    "Outfitting",
    (m.Draw,),
    lambda s, t: f"the number of the Outfitting card {t.player} draws",
    "chance",
)


def decide_odraw(state: State, t: tk.DrawOutfitting):
    return (TAKE_OR_BLIND if face_up(state) and t.how is None else DRAW_OUTFITTING)(state, t)


def odraw_options(state: State, t: tk.DrawOutfitting) -> list:
    if face_up(state) and t.how is None:
        return [*(m.Take(n) for n in state.row), *([m.BLIND] if state.outfit_deck else [])]
    return [(m.Draw(n), 1) for n in state.outfit_deck]


def check_odraw(state: State, t: tk.DrawOutfitting, move) -> Illegal | None:
    if isinstance(move, m.Take) and move.number not in state.row:
        return Illegal(sec.OUTFITTING, f"card {move.number} is not face up")
    if isinstance(move, m.Draw) and move.number not in state.outfit_deck:
        if move.number not in state.book.outfit:
            return Illegal(sec.OUTFITTING, f"card {move.number} is not an Outfitting card")
        return Illegal(
            sec.OUTFITTING,
            f"card {move.number} cannot be drawn: it is {state.where_is(move.number)}",
        )
    return None


def answer_odraw(state: State, t: tk.DrawOutfitting, move) -> list[str]:
    p = t.player
    if isinstance(move, m.Blind):
        push(state, tk.DrawOutfitting(p, "blind"))
        return []
    if isinstance(move, m.Take):
        state.row.remove(move.number)
        state.hands[p].append(move.number)
        push(state, tk.RefillRow(p))
        return [f"{p} takes face-up card {move.number} ({state.book.outfit[move.number].name})"]
    state.outfit_deck.remove(move.number)
    state.hands[p].append(move.number)
    return [f"{p} draws {state.book.outfit[move.number].name}"]


tk.register(tk.DrawOutfitting, odraw_auto, decide_odraw, odraw_options, check_odraw, answer_odraw)


def check_row(state: State, t: tk.RefillRow, move: m.Row) -> Illegal | None:
    if move.number in state.outfit_deck:
        return None
    where = state.where_is(move.number)
    return Illegal(sec.OUTFITTING, f"card {move.number} cannot be turned up: it is {where}")


def answer_row(state: State, t: tk.RefillRow, move: m.Row) -> list[str]:
    state.outfit_deck.remove(move.number)
    state.row.append(move.number)
    return [f"card {move.number} is turned face up"]


tk.register(
    tk.RefillRow,
    asked_while(lambda s, t: s.outfit_deck and len(s.row) < row_size(s)),
    ask("Outfitting", (m.Row,), "the Outfitting card turned face up", "chance"),
    lambda s, t: [(m.Row(n), 1) for n in s.outfit_deck],
    check_row,
    answer_row,
)


# -- playing the cards --------------------------------------------------------------------------
def at_base(e: Expedition) -> bool:
    return e.launch_from != "EUROPE"


def published_regions(state: State) -> list[str]:
    return [r for r in bk.NEW_WORLD if state.claimed.get(f"landfall-{r.lower()}")]


def plays(state: State, p: str, verdicts: dict[tuple, bool] | None = None) -> list[m.Play]:
    """``verdicts``: what ``items_ok`` found already for this state (the same counters are
    judged once)."""
    out = []
    regions = published_regions(state)
    if verdicts is None:
        verdicts = {}
    for n in state.hands[p]:
        for what, items, counters in card_choices(state.book, n):
            if what in bk.GUIDES:
                out += [
                    m.Play(n, what, r)
                    for r in regions
                    if items_ok(state, p, items, counters, r, verdicts)
                ]
            elif items_ok(state, p, items, counters, None, verdicts):
                out.append(m.Play(n, what, None))
    return out


def items_ok(
    state: State, p: str, items: dict, counters: tuple, region: str | None, verdicts: dict
) -> bool:
    """``why_not_items`` finds nothing (``counters``: the items as a key), remembered in
    ``verdicts`` for one state."""
    key = (counters, region)
    verdict = verdicts.get(key)
    if verdict is None:
        verdict = verdicts[key] = why_not_items(state, state.exp[p], p, items, region) is None
    return verdict


def card_choices(book, n: int) -> tuple[tuple[str, dict, tuple], ...]:
    """What Outfitting card ``n`` may be played for, in the order of its options: (the words,
    the counters it gives, those counters as a key)."""
    out: list[tuple[str, dict, tuple]] = []
    for option in book.outfit[n].options:
        if "Letter of Credit" in option:
            out += [(i, {i: 1}, ((i, 1),)) for i in LETTER_ITEMS]
        else:
            out.append((words(option), dict(option), tuple(option.items())))
    return tuple(out)


def items_of(state: State, move: m.Play) -> dict[str, int]:
    """The counters ``move`` takes for its card ({}: the card does not give them)."""
    said = move.what.casefold()
    choices = card_choices(state.book, move.card)
    return next((items for what, items, _ in choices if what.casefold() == said), {})


def why_not_play(state: State, e: Expedition, p: str, move: m.Play) -> Illegal | None:
    if move.card not in state.hands[p]:
        return Illegal(
            sec.OUTFITTING, f"card {move.card} is not in {p}'s hand ({state.where_is(move.card)})"
        )
    items = items_of(state, move)
    if not items:
        card = state.book.outfit[move.card]
        offered = " or ".join(
            "any counter" if "Letter of Credit" in o else words(o) for o in card.options
        )
        return Illegal(sec.OUTFITTING, f"{card.name} gives {offered}, not {move.what}")
    return why_not_items(state, e, p, items, move.region)


def why_not_items(
    state: State, e: Expedition, p: str, items: dict, region: str | None
) -> Illegal | None:
    k = state.k
    for item, n in items.items():
        if item == "Extra Ship":
            allowed = 1 + ratings.ship_handling(state, e)
            if e.ships + n > min(allowed, k["max_ships"]):
                why = f"{e.leader}'s Ship Handling allows {allowed - 1} extra ship(s)"
                return Illegal(sec.ADDITIONAL_SHIPS, why)
        if item == "Pilot" and e.kind != "conquistador":
            return Illegal(sec.PERSONNEL, "only a Conquistador may have a Pilot")
        if item == "Rutter" and e.kind != "explorer":
            return Illegal(sec.PERSONNEL, "only an Explorer may have a Rutter")
        if item in ONE_ONLY and e.items.get(item):
            return Illegal(sec.PERSONNEL, f"the expedition already has a {item}")
        if item == "Copper Plated Hulls" and not state.claimed.get("teredos"):
            return Illegal(
                sec.PERSONNEL, "Copper Plated Hulls come only once Teredos are published"
            )
        if item in bk.GUIDES:
            if not at_base(e):
                return Illegal(
                    sec.PERSONNEL, f"a {item} is taken only when launching from a New World base"
                )
            if getattr(e, bk.GUIDES[item]):
                return Illegal(sec.PERSONNEL, f"at most one {item}")
            if region not in published_regions(state):
                return Illegal(sec.PERSONNEL, f"a {item}'s region must have its Landfall published")
        if item == "Crew" and e.items.get("Crew", 0) + n > k["crew_max"]:
            return Illegal(sec.CARGO, f"the Crew track ends at {k['crew_max']}")
        if item == "Provision" and e.items.get("Provision", 0) + n > k["provisions_max"]:
            return Illegal(sec.CARGO, f"the Provisions track ends at {k['provisions_max']}")
    add(state, e, p, items, None, 1)
    over = ratings.over_capacity(state, e)
    add(state, e, p, items, None, -1)
    if over:
        return Illegal(sec.CARGO, "no cargo space on the ships for that")
    return None


def add(state: State, e: Expedition, p: str, items: dict, region: str | None, sign: int) -> None:
    for item, n in items.items():
        if item == "Extra Ship":
            e.ships += sign * n
        elif item == "Gold":
            state.gold[p] += sign * n
        elif item in bk.GUIDES:
            setattr(e, bk.GUIDES[item], region if sign > 0 else None)
        else:
            left = e.items.get(item, 0) + sign * n
            if left:
                e.items[item] = left
            else:
                e.items.pop(item, None)


def gold_buys(state: State, p: str, verdicts: dict[tuple, bool] | None = None) -> list[m.SpendGold]:
    if state.gold[p] < 1:
        return []
    if verdicts is None:
        verdicts = {}
    return [
        m.SpendGold(i)
        for i in bk.GOLD_BUYS
        if items_ok(state, p, {i: 1}, ((i, 1),), None, verdicts)
    ]


def ship_types(state: State, p: str) -> list[m.ShipType]:
    e = state.exp[p]
    out = []
    for t in ("Caravel", "Carrack"):
        if t == e.ship_type:
            continue
        e.ship_type, old = t, e.ship_type
        ok = not ratings.over_capacity(state, e)
        e.ship_type = old
        if ok:
            out.append(m.ShipType(t))
    return out


def launch_points(state: State, p: str) -> list[m.LaunchFrom]:
    e = state.exp[p]
    out = [] if e.launch_from == "EUROPE" else [m.LaunchFrom("EUROPE")]
    for sid in sorted(state.founded):
        if state.book.spaces[sid].launch and sid != e.launch_from:
            out.append(m.LaunchFrom(sid))
    return out


def why_not_launch_from(state: State, p: str, move: m.LaunchFrom) -> Illegal | None:
    if move in launch_points(state, p):
        return None
    why = f"{state.book.named(move.space)} is not a New World base one may launch from"
    return Illegal(sec.LAUNCH_POINT, why)


def letters(state: State, p: str) -> list[int]:
    return [n for n in state.hands[p] if state.book.outfit[n].letter]


def payments(state: State, p: str) -> list[m.Pay]:
    e = state.exp[p]
    if not e.unpaid or not at_base(e):
        return []
    return [*([m.Pay(0)] if state.gold[p] else []), *(m.Pay(n) for n in letters(state, p))]


def hires(state: State, p: str) -> list[m.Hire]:
    picks = list(state.retired_up) + [kind for kind, pile in state.piles.items() if pile]
    return [m.Hire(n, x) for n in letters(state, p) for x in picks]


def outfit_moves(state: State, t: tk.Outfit) -> list:
    p = t.player
    verdicts: dict[tuple, bool] = {}  # a Letter of Credit's Crew is Gold's Crew: judged once
    return [
        *plays(state, p, verdicts),
        *gold_buys(state, p, verdicts),
        *ship_types(state, p),
        *launch_points(state, p),
        *payments(state, p),
        *hires(state, p),
        m.DONE,
    ]


decide_outfit = ask(
    "Outfitting",
    (m.Play, m.SpendGold, m.ShipType, m.LaunchFrom, m.Pay, m.Hire, m.Done),
    "an Outfitting card to play, Gold to spend, the ship type or launching point (or done)",
    default=m.DONE,
)


def check_outfit(state: State, t: tk.Outfit, move) -> Illegal | None:
    p = t.player
    e = state.exp[p]
    if isinstance(move, m.Done):
        return None
    if isinstance(move, m.Play):
        return why_not_play(state, e, p, move)
    if isinstance(move, m.SpendGold):
        if state.gold[p] < 1:
            return Illegal(sec.PERSONNEL, f"{p} has no Gold")
        if move.item not in bk.GOLD_BUYS:
            return Illegal(sec.PERSONNEL, "Gold buys Crew, Provisions or Soldiers (not Cannons)")
        return why_not_items(state, e, p, {move.item: 1}, None)
    if isinstance(move, m.ShipType):  # (the type it has: written, it changes nothing)
        if move.type != e.ship_type and move not in ship_types(state, p):
            return Illegal(sec.CARGO, f"the counters aboard do not fit a {move.type} expedition")
        return None
    if isinstance(move, m.LaunchFrom):
        return why_not_launch_from(state, p, move)
    if isinstance(move, m.Pay):
        if move not in payments(state, p):
            return Illegal(sec.PERSONNEL, "no base surcharge is due, or it cannot be paid so")
        return None
    if move not in hires(state, p):
        why = "a Letter of Credit buys a retired Leader or the top card of a pile"
        return Illegal(sec.SWITCHING_LEADERS, why)
    return None


def answer_outfit(state: State, t: tk.Outfit, move) -> list[str]:
    p = t.player
    e = state.exp[p]
    book = state.book
    if isinstance(move, m.Done):
        n = len(state.hands[p])
        state.outfit_discard += state.hands[p]
        state.hands[p] = []
        return [f"{p} discards {n} unused Outfitting card(s)"] if n else []
    push(state, t)  # outfitting goes on
    if isinstance(move, m.Play):
        items = items_of(state, move)
        turn_in(state, p, move.card)
        add(state, e, p, items, move.region, 1)
        events = [f"{p} plays {book.outfit[move.card].name} for {move.what}"]
        if at_base(e):
            e.unpaid += sum(n for i, n in items.items() if i in bk.BASE_SURCHARGE)
        if book.outfit[move.card].reshuffle:
            state.outfit_deck += state.outfit_discard
            state.outfit_discard = []
            events.append("the Outfitting deck is reshuffled")
        return events
    if isinstance(move, m.SpendGold):
        state.gold[p] -= 1
        add(state, e, p, {move.item: 1}, None, 1)
        return [f"{p} spends 1 Gold for 1 {move.item}"]
    if isinstance(move, m.ShipType):
        e.ship_type = move.type
        return [f"{p}'s ships are {move.type}s"]
    if isinstance(move, m.LaunchFrom):
        e.launch_from = move.space
        events = [f"{p} will launch from {move.space}"]
        if move.space == "EUROPE":
            e.guide = e.interpreter = None
            e.unpaid = 0
        else:
            e.unpaid = sum(e.items.get(i, 0) for i in bk.BASE_SURCHARGE)
        return events
    if isinstance(move, m.Pay):
        if move.card:
            turn_in(state, p, move.card)
        else:
            state.gold[p] -= 1
        e.unpaid -= 1
        return [f"{p} pays a base surcharge"]
    turn_in(state, p, move.card)
    if move.pick in state.piles:
        push(state, tk.DrawLeader(p, move.pick, "hire"))
        return [f"{p} turns in a Letter of Credit for the top {move.pick.capitalize()}"]
    state.retired_up.remove(move.pick)
    push(state, tk.RetireLeader(p, move.pick))
    return [f"{p} turns in a Letter of Credit for {move.pick}"]


def turn_in(state: State, p: str, card: int) -> None:
    state.hands[p].remove(card)
    state.outfit_discard.append(card)


tk.register(tk.Outfit, None, decide_outfit, outfit_moves, check_outfit, answer_outfit)


# -- Switching Leaders ----------------------------------------------------------------------------
def answer_retire(state: State, t: tk.RetireLeader, move: m.Retire) -> list[str]:
    p, new = t.player, t.name
    e = state.exp[p]
    old = e.leader
    state.retired_up.append(move.name)
    if move.name == old:
        set_leader(state, p, new)
    return [f"{p} retires {move.name} face up; {e.leader} leads"]


def handles(state: State, e: Expedition, name: str) -> bool:
    """Whether ``name`` may lead the ships taken: Ship Handling "is also the maximum number of
    extra ships an expedition may have" (Key Concepts, Additional Ships); a Conquistador's
    Pilot (a Rutter swapped for one) gives 2."""
    info = state.book.leaders[name]
    pilot = bool(e.items.get("Pilot" if info.type == e.kind else "Rutter"))
    return e.ships - 1 <= ratings.with_pilot(state, info.type, info.ratings["ship_handling"], pilot)


def retire_options(state: State, t: tk.RetireLeader) -> list[m.Retire]:
    e = state.exp[t.player]
    keep = {e.leader: t.name, t.name: e.leader}  # the Leader retired -> the one who leads
    return [m.Retire(x) for x in (e.leader, t.name) if handles(state, e, keep[x])]


def check_retire(state: State, t: tk.RetireLeader, move: m.Retire) -> Illegal | None:
    e = state.exp[t.player]
    if move.name not in (e.leader, t.name):
        return Illegal(sec.SWITCHING_LEADERS, f"retire {e.leader} or {t.name}")
    if move not in retire_options(state, t):
        other = t.name if move.name == e.leader else e.leader
        return Illegal(
            sec.ADDITIONAL_SHIPS,
            f"{other}'s Ship Handling does not allow {e.ships - 1} extra ship(s)",
        )
    return None


tk.register(
    tk.RetireLeader,
    None,
    ask("Outfitting", (m.Retire,), "which Leader to retire (face up)"),
    retire_options,
    check_retire,
    answer_retire,
)
