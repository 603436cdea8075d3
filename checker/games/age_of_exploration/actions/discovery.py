"""Discoveries (one per Ⓓ card, not while Lost; the white ones on entering; goods found again
and again) and Rumors of Gold (placed in the first connected Ⓡ space of a higher number, to be
visited before any status change)."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions.engine import ask
from portolan.checker.games.age_of_exploration.book import GOODS, distances
from portolan.checker.games.age_of_exploration.sections import DISCOVERIES, RUMORS
from portolan.checker.games.age_of_exploration.state import Expedition, State


def known_or_found(state: State, e: Expedition | None, space: str, index: int) -> bool:
    if (space, index) in state.known:
        return True
    return e is not None and (space, index) in e.found


def potentials(state: State, e: Expedition) -> list[tuple[int, str]]:
    """(index, label) of the discoveries a Ⓓ draw may make where the expedition is."""
    space = state.book.spaces[e.space]
    out = []
    for i, d in enumerate(space.discoveries):
        if d.auto:
            continue
        if d.award in GOODS:
            out.append((i, d.label))
        elif d.award == "land-sighted":
            if e.space not in state.sighted and (e.space, i) not in e.found:
                out.append((i, d.label))
        elif not known_or_found(state, e, e.space, i):
            out.append((i, d.label))
    return out


def discover_auto(state: State, t: tk.Discover) -> list[str] | None:
    e = state.exp[state.player]
    found = potentials(state, e)
    labels = {label for _, label in found}
    if len(labels) > 1:
        return None
    state.tasks.pop()
    if not found:
        return []
    return make(state, e, found[0][0])


def make(state: State, e: Expedition, index: int) -> list[str]:
    d = state.book.spaces[e.space].discoveries[index]
    if d.award in GOODS:
        item = GOODS[d.award]
        e.items[item] = e.items.get(item, 0) + 1
        push(state, tk.CargoOverLimit())
        return [f"discovers {d.label}: takes a {item} chit"]
    e.found.append((e.space, index))
    return [f"discovers {d.label} (a Ⓓ chit)"]


def find_moves(state: State, t: tk.Discover) -> list:
    labels = dict.fromkeys(label for _, label in potentials(state, state.exp[state.player]))
    return [m.Find(label) for label in labels]


def check_find(state: State, t: tk.Discover, move: m.Find) -> Illegal | None:
    labels = [label for _, label in potentials(state, state.exp[state.player])]
    if move.label not in labels:
        why = f"'{move.label}' cannot be discovered here (possible: {', '.join(labels)})"
        return Illegal(DISCOVERIES, why)
    return None


def answer_find(state: State, t: tk.Discover, move: m.Find) -> list[str]:
    e = state.exp[state.player]
    index = next(i for i, label in potentials(state, e) if label == move.label)
    return make(state, e, index)


tk.register(
    tk.Discover,
    discover_auto,
    ask("Discovery", (m.Find,), "the discovery made (one per Ⓓ)"),
    find_moves,
    check_find,
    answer_find,
)


def on_entering(state: State, e: Expedition, sid: str) -> list[str]:
    """Automatic discoveries (printed in white): made as soon as the space is entered."""
    events = []
    for i, d in enumerate(state.book.spaces[sid].discoveries):
        if not d.auto:
            continue
        if d.award in GOODS:
            item = GOODS[d.award]
            e.items[item] = e.items.get(item, 0) + 1
            events.append(f"takes a {item} chit ({d.label})")
        elif not known_or_found(state, e, sid, i):
            e.found.append((sid, i))
            events.append(f"discovers {d.label} on entering")
    return events


def sight_land(state: State, e: Expedition, sea: str) -> list[str]:
    """Crossing a "D" arrow eastward discovers the Land Sighted (Status Changes)."""
    i = state.book.land_sighted.get(sea)
    if i is None or sea in state.sighted or (sea, i) in e.found:
        return []
    e.found.append((sea, i))
    return [f"discovers the Land Sighted of {sea}"]


# -- Rumors of Gold -----------------------------------------------------------------------------
def number(state: State, sid: str) -> int:
    return state.book.spaces[sid].number or 0


def rumor_targets(state: State, e: Expedition) -> list[str]:
    """The nearest connected land spaces with Ⓡ and a higher number than the expedition's."""
    here = number(state, e.space)
    dist = distances([e.space], lambda s: state.book.along(s, ("land", "base")))
    higher = [
        s for s in dist if s != e.space and state.book.spaces[s].rumor and number(state, s) > here
    ]
    nearest = min((dist[s] for s in higher), default=None)
    return [s for s in higher if dist[s] == nearest]


def rumor_auto(state: State, t: tk.RumorsOfGold) -> list[str] | None:
    e = state.exp[state.player]
    p = state.player
    chit = state.rumors.get(p)
    here = number(state, e.space)
    if chit is not None:
        where, up = chit
        if not up and (where == e.space or number(state, where) > here):
            state.tasks.pop()
            return ["Ⓡ: the rumours here are discredited, no effect"]
        if up and number(state, where) > here and where in rumor_targets_all(state, e):
            state.tasks.pop()
            return [f"Ⓡ: the Rumors of Gold stay in {where}"]
    targets = rumor_targets(state, e)
    if len(targets) > 1:
        return None
    state.tasks.pop()
    if not targets:
        state.rumors[p] = (e.space, False)
        return ["Ⓡ: no higher Ⓡ space: the chit goes face down here"]
    state.rumors[p] = (targets[0], True)
    return [f"Rumors of Gold in {targets[0]}: visit it before any status change"]


def rumor_targets_all(state: State, e: Expedition) -> set[str]:
    """Every connected land space (for 'already face up in such a space')."""
    return set(distances([e.space], lambda s: state.book.along(s, ("land", "base"))))


def check_rumor(state: State, t: tk.RumorsOfGold, move: m.Rumor) -> Illegal | None:
    targets = rumor_targets(state, state.exp[state.player])
    if move.space not in targets:
        return Illegal(
            RUMORS,
            "the Rumors of Gold go to the first Ⓡ space of a higher number: "
            + ", ".join(map(state.book.named, targets)),
        )
    return None


def answer_rumor(state: State, t: tk.RumorsOfGold, move: m.Rumor) -> list[str]:
    state.rumors[state.player] = (move.space, True)
    return [f"Rumors of Gold in {move.space}: visit it before any status change"]


tk.register(
    tk.RumorsOfGold,
    rumor_auto,
    ask("Discovery", (m.Rumor,), "where the Rumors of Gold go"),
    lambda s, t: [m.Rumor(x) for x in rumor_targets(s, s.exp[s.player])],
    check_rumor,
    answer_rumor,
)


def visit(state: State, p: str, sid: str) -> list[str]:
    chit = state.rumors.get(p)
    if chit is not None and chit[1] and chit[0] == sid:
        state.rumors[p] = (sid, False)
        return ["the Rumors of Gold are dispelled (chit face down)"]
    return []


def pending(state: State, p: str, e: Expedition) -> bool:
    chit = state.rumors.get(p)
    return chit is not None and chit[1] and not e.must_return
