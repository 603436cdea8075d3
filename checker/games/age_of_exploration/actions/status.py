"""Status Changes: one transition across a grey arrow after movement, not while Lost nor with
Rumors of Gold pending; "D" arrows westward only to a known or discovered Land Sighted (and
eastward they discover it); a civilization's Rumors box once it is discovered or known; rafts
onto rivers; ships moored off a coast land space; the Straits of Magellan passed westward."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import sections as sec
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.actions import discovery, movement
from portolan.checker.games.age_of_exploration.actions.engine import ask, asked_while
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition, State


def why_not(state: State, e: Expedition, to: str) -> Illegal | None:
    book = state.book
    now = state.now
    frm = e.space
    if to not in book.trans[frm]:
        return Illegal(
            sec.STATUS_CHANGES, f"no grey arrow leads from {book.named(frm)} to {book.named(to)}"
        )
    if now.status:
        return Illegal(sec.STATUS_CHANGES, "only one status change a turn")
    if e.lost:
        return Illegal(sec.STATUS_CHANGES, "a Lost expedition makes no status change")
    if now.stance == "rafts":
        return Illegal(sec.STATUS_CHANGES, "a raft expedition working on its rafts stays put")
    if now.stance == "stay":  # a card is drawn on the turn it leaves a base or an island
        why = f"an expedition that stays draws no card: it leaves {book.named(frm)} by drawing one"
        return Illegal(sec.DRAW, why)
    if discovery.pending(state, state.player, e):
        where = state.rumors[state.player][0]
        return Illegal(
            sec.RUMORS, f"the Rumors of Gold in {book.named(where)} must be visited first"
        )
    why = kind_allowed(state, e, frm, to)
    if why:
        return Illegal(sec.SWITCHING, why)
    arrow = book.arrow[(frm, to)]
    if arrow.sighting and arrow.a == frm:
        i = book.land_sighted.get(frm)
        if frm not in state.sighted and (frm, i) not in e.found:
            why = f"westward across a D arrow needs the Land Sighted of {book.named(frm)}"
            return Illegal(sec.STATUS_CHANGES, why)
    c = book.civs.get(book.spaces[to].civilization or "")
    if c is not None and book.kind[to] == "rumors":
        i = next(i for i, d in enumerate(book.spaces[c.home].discoveries) if d.award == c.award)
        if not discovery.known_or_found(state, e, c.home, i):
            return Illegal(sec.CIVILIZATIONS, f"the {c.name} civilization must be discovered first")
    if frm == book.strait_west and book.kind[to] == "sea" and not now.strait:
        return Illegal(
            sec.STATUS_CHANGES, "heading west, the Straits must be passed on a check first"
        )
    if e.must_return:
        home = movement.home_distances(state, e)
        closer = home.get(to, 1 << 30) < home.get(frm, 1 << 30)
        if not closer and not provisioning(state, e, to) and frm in home:
            return Illegal(
                sec.END_OF_TURN,
                "an expedition that must return changes status only on its way home "
                "or to a provisioning space",
            )
    return None


def kind_allowed(state: State, e: Expedition, frm: str, to: str) -> str | None:
    book = state.book
    k_to = book.kind[to]
    if e.mode == SHIP:
        if k_to in ("river", "rumors", "contact", "capital"):
            return f"ships cannot enter {book.named(to)}: {k_to}"
        return None
    if e.mode == RAFT:
        if k_to in ("sea", "island", "europe", "rumors", "contact", "capital"):
            return f"rafts cannot enter {book.named(to)}: {k_to}"
        return None
    if k_to == "river":
        return None if e.rafts else "only a raft expedition enters a river: build rafts first"
    if k_to in ("sea", "coastal", "island", "europe"):
        return "a land expedition cannot take to the water"
    return None


def provisioning(state: State, e: Expedition, sid: str) -> bool:
    space = state.book.spaces[sid]
    if sid in state.founded and space.launch:
        return True
    return space.provision is not None and movement.provision_open(state, e, sid)


def targets(state: State, e: Expedition) -> list[str]:
    return [t for t in state.book.trans[e.space] if why_not(state, e, t) is None]


def change(state: State, t: tk.StatusChange, move) -> list[str]:
    if isinstance(move, m.NoStatus):
        return []
    p = state.player
    e = state.exp[p]
    book = state.book
    frm, to = e.space, move.to
    state.now.status = True
    events = []
    civ.clear_chits(state, e)
    chit = state.rumors.get(p)
    if chit is not None and not chit[1]:
        state.rumors[p] = None
    arrow = book.arrow[(frm, to)]
    if arrow.sighting and arrow.b == frm:
        events += discovery.sight_land(state, e, to)
    k_to = book.kind[to]
    if e.mode == LAND and k_to == "river":
        e.mode = RAFT
        push(state, tk.CargoOverLimit())
        events.append("the rafts are launched: a raft expedition")
    elif e.mode == RAFT and k_to in ("land", "base") and to not in book.coast_land:
        e.mode, e.rafts, e.raft_damage = LAND, 0, False
        events.append("the rafts are abandoned: a land expedition")
    return movement.enter(state, p, e, to, status=True) + events


def check_status(state: State, t: tk.StatusChange, move) -> Illegal | None:
    if isinstance(move, m.NoStatus):
        return None
    return why_not(state, state.exp[state.player], move.to)


tk.register(
    tk.StatusChange,
    # asked wherever a grey arrow leaves the space (no status change by default)
    asked_while(lambda s, t: s.book.trans[s.exp[s.player].space] and not s.now.status),
    ask("Status", (m.Status, m.NoStatus), "a status change (or none)", default=m.NO_STATUS),
    lambda s, t: [*(m.Status(x) for x in targets(s, s.exp[s.player])), m.NO_STATUS],
    check_status,
    change,
)
