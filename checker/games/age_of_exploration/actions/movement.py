"""Movement (one or two spaces of Progress at sea, one elsewhere; entry checks where the map
says; no movement while Lost), going ashore and back aboard (Switching between Naval, Land and
Raft Expeditions), Expedition must return's way home (End-of-turn Actions), and what entering
a space does: automatic effects and discoveries, rumours visited, region changes, the
Capital, the river descents and the Pacific."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import sections as sec
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.actions import discovery, echoes, ratings
from portolan.checker.games.age_of_exploration.actions.engine import ask, asked_while, auto
from portolan.checker.games.age_of_exploration.actions.losses import reduce_ships, take
from portolan.checker.games.age_of_exploration.book import distances
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition, State

NO_NATIVES = m.Natives(False)
MOVES = (m.Move, m.Ashore, m.Aboard, m.Drop, m.Stop)
MOVE_PROMPT = "a move with the Progress made, or none"
SHIP_KEEPS = (
    "Pilot",
    "Rutter",
    "Hardwood",
    "Natives for Europe",
    "Sturdy Ship",
    "Copper Plated Hulls",
)
CAPE_VERDE = ("CAPE-VERDE", "ATL10", "ATL13")  # "home via the Cape Verde Islands"


# -- where each kind of expedition may go -------------------------------------------------------
def may_be_in(state: State, e: Expedition, sid: str) -> bool:
    """Ships sail the sea and coastal waters; only a land expedition enters inland spaces and
    the civilizations' boxes; rafts take rivers, coastal waters and coast land spaces."""
    kind = state.book.kind[sid]
    if e.mode == SHIP:
        return kind in ("sea", "coastal", "europe")
    if e.mode == RAFT:
        return kind in ("river", "coastal") or sid in state.book.coast_land
    return kind in ("land", "base", "rumors", "contact", "capital")


def border_open(state: State, e: Expedition, a: str, b: str) -> str | None:
    """Why the border from a to b is closed to this expedition (None: open)."""
    border = state.book.border.get((a, b))
    if border is None:
        return "not adjacent"
    if border.requires:
        labels = [
            (sid, i)
            for sid in (a, b)
            for i, d in enumerate(state.book.spaces[sid].discoveries)
            if d.label == border.requires
        ]
        if not any(discovery.known_or_found(state, e, sid, i) for sid, i in labels):
            return f"{border.requires} must be discovered or known first"
    if border.condition:
        c = state.book.civ_of(b)
        allowed = c is not None and (e.entry == c.name or e.ruler == c.name)
        if not allowed and state.now.capital != "allowed":
            return "the Capital needs Capital Entry, the Ruler Seized or a card that allows it"
    return None


def max_moves(state: State, e: Expedition) -> int:
    now = state.now
    start_kind = state.book.kind[now.start]
    cap = state.k["sea_progress_max"] if start_kind == "sea" else state.k["other_progress_max"]
    if now.strait and now.start == state.book.strait_west:
        cap = 2  # heading east, one successful Straits check passes both spaces
    return min(now.progress, cap)


def move_targets(state: State, e: Expedition) -> list[str]:
    return [b for b in state.book.neigh[e.space] if why_not_move(state, e, b) is None]


def ashore_moves(state: State, e: Expedition) -> list:
    if e.mode != SHIP or state.book.kind[e.space] not in ("land", "base") or state.now.ashore:
        return []
    crew, prov = e.items.get("Crew", 0), e.items.get("Provision", 0)
    out = [m.Ashore(c, p) for c in range(crew + 1) for p in range(prov + 1)]
    return [*out, m.Ashore(scuttle=True)]


def porters_over(e: Expedition) -> bool:
    """More Porters than men + 1 ashore (a loss of men since they were taken): a land cargo
    rule, checked when the land expedition moves (Cargo Capacity; Switching between ...)."""
    return e.mode == LAND and e.items.get("Porters", 0) > ratings.porters_limit(e)


def land_drops(state: State, e: Expedition) -> list[str]:
    if e.mode != LAND:
        return []
    out = ["Porters"] if porters_over(e) else []
    if ratings.load(state, e) > ratings.capacity(state, e):
        table = state.book.tables["cargo"]["land"]
        out += [i for i, n in e.items.items() if n and table.get(i)]
    return sorted(out)


def move_options(state: State, e: Expedition) -> list:
    out: list = [m.Move(b) for b in move_targets(state, e)]
    out += ashore_moves(state, e)
    if (
        e.mode in (LAND, RAFT)
        and e.space == e.ship_space
        and e.ashore_here
        and e.ships
        and not state.now.aboard
    ):
        out.append(m.Aboard())
    if state.now.progress and state.now.moved < max_moves(state, e):
        out += [m.Drop(i) for i in land_drops(state, e)]
    return out


def move_asked(state: State, t: tk.Movement) -> bool:
    """Asked when Progress was made (or the expedition may go ashore or aboard): no movement by
    default, unless it must return."""
    e = state.exp[state.player]
    now = state.now
    at_sea = state.book.kind[e.space] in ("sea", "coastal")
    only_moves = at_sea or (e.mode == LAND and e.space != e.ship_space)  # no ashore nor aboard
    return not only_moves or not (e.lost or not now.progress or now.moved >= max_moves(state, e))


def must_move(state: State, e: Expedition) -> bool:
    """Expedition must return: it moves along its way home whenever Progress allows."""
    return e.must_return and bool(move_targets(state, e))


MOVE_MISSING = Illegal(sec.END_OF_TURN, "an expedition that must return moves on its way home")


MUST_MOVE = ask("Movement", MOVES, MOVE_PROMPT, missing=MOVE_MISSING)
MAY_STOP = ask("Movement", MOVES, MOVE_PROMPT, default=m.STOP)


def decide_move(state: State, t: tk.Movement):
    e = state.exp[state.player]
    return (MUST_MOVE if e.must_return and must_move(state, e) else MAY_STOP)(state, t)


def options(state: State, t: tk.Movement) -> list:
    e = state.exp[state.player]
    out = move_options(state, e)
    return out if must_move(state, e) else [*out, m.STOP]


def check_move(state: State, t: tk.Movement, move) -> Illegal | None:
    e = state.exp[state.player]
    if isinstance(move, m.Stop):
        return MOVE_MISSING if must_move(state, e) else None
    if isinstance(move, m.Move):
        return why_not_move(state, e, move.to)
    if isinstance(move, m.Drop):
        if move.item not in land_drops(state, e):
            return Illegal(sec.CARGO, f"leaving {move.item} behind does not free land cargo")
        return None
    if move not in move_options(state, e):
        what = "go ashore" if isinstance(move, m.Ashore) else "go back aboard"
        return Illegal(sec.SWITCHING, f"the expedition cannot {what} here")
    return None


def why_not_move(state: State, e: Expedition, to: str) -> Illegal | None:
    now = state.now
    if e.lost:
        return Illegal(sec.MOVEMENT, "a Lost expedition does not move")
    if now.stance != "explore":
        return Illegal(sec.MOVEMENT, "an expedition that stays or works on its rafts does not move")
    if now.moved >= max_moves(state, e):
        if not now.progress:
            return Illegal(sec.MOVEMENT, "no Progress was made: the expedition does not move")
        return Illegal(
            sec.MOVEMENT, f"Progress {now.progress} allows {max_moves(state, e)} space(s)"
        )
    if to not in state.book.neigh[e.space]:
        if to in state.book.trans[e.space]:
            return Illegal(
                sec.MOVEMENT,
                f"{state.book.named(to)} is across a grey arrow: that is a status change",
            )
        return Illegal(
            sec.MOVEMENT, f"{state.book.named(to)} is not next to {state.book.named(e.space)}"
        )
    if not may_be_in(state, e, to):
        what = {SHIP: "ships", LAND: "a land expedition", RAFT: "rafts"}[e.mode]
        return Illegal(
            sec.SWITCHING, f"{what} cannot enter {state.book.named(to)}: {state.book.kind[to]}"
        )
    why = border_open(state, e, e.space, to)
    if why:
        section = sec.CIVILIZATIONS if "Capital" in why else sec.MOVEMENT
        return Illegal(section, why)
    if e.mode == LAND and ratings.load(state, e) > ratings.capacity(state, e):
        return Illegal(
            sec.CARGO,
            f"the land cargo is {ratings.load(state, e)} of {ratings.capacity(state, e)}: "
            "it cannot move",
        )
    if porters_over(e):
        return Illegal(
            sec.SWITCHING,
            f"{e.items['Porters']} Porters with {e.men} men: a land expedition moves with at most"
            f" {ratings.porters_limit(e)} (Crew + Soldiers + Cavalry + 1); leave the rest behind",
        )
    home = home_distances(state, e) if e.must_return else None
    if home is not None and e.space in home and home.get(to, 1 << 30) >= home[e.space]:
        return Illegal(
            sec.END_OF_TURN,
            f"{state.book.named(to)} is not on the way home (Expedition must return)",
        )
    return None


def answer_move(state: State, t: tk.Movement, move) -> list[str]:
    e = state.exp[state.player]
    if isinstance(move, m.Stop):
        return []
    push(state, tk.Movement())
    if isinstance(move, m.Drop):
        take(e, move.item)
        return [f"leaves 1 {move.item} behind to move"]
    if isinstance(move, m.Ashore):
        state.now.ashore = True
        return go_ashore(state, e, move)
    if isinstance(move, m.Aboard):
        state.now.aboard = True
        return go_aboard(state, e)
    state.now.moved += 1
    space = state.book.spaces[move.to]
    if space.enter_check:
        state.now.entering = True
        push(state, tk.Instructions(tuple(space.enter_check), 0), tk.Entered(move.to))
        return [f"tries to enter {move.to}"]
    return enter(state, state.player, e, move.to)


tk.register(tk.Movement, asked_while(move_asked), decide_move, options, check_move, answer_move)


@auto(tk.Entered)
def entered(state: State, space: str) -> list[str]:
    now = state.now
    now.entering = False
    if now.blocked:
        now.blocked = False
        now.moved = max_moves(state, state.exp[state.player])
        return [f"cannot enter {space}: the movement ends"]
    return enter(state, state.player, state.exp[state.player], space)


# -- entering a space ---------------------------------------------------------------------------
def enter(state: State, p: str, e: Expedition, to: str, status: bool = False) -> list[str]:
    book = state.book
    frm = e.space
    events = [f"{'changes status to' if status else 'moves to'} {to}"]
    if book.spaces[frm].region != book.spaces[to].region and (e.attacked or e.allies):
        e.attacked = False
        civ.release(state, e, "allies")
        events.append("leaves the region: Natives Attacked and Native Allies removed")
    if e.mode == LAND and e.rafts and not status:
        e.rafts = 0
        events.append("the rafts are left behind")
    e.came_from, e.space = frm, to
    e.ashore_here = False
    left_capital(state, p)
    e.path.append(to)
    e.visited.add(to)
    if e.mode == RAFT and book.kind[to] == "river":
        e.rafted.append(to)
    events += track_majors(state, e, frm, to, status)
    events += discovery.visit(state, p, to)
    events += discovery.on_entering(state, e, to)
    space = book.spaces[to]
    if space.on_enter and provision_open(state, e, to):
        push(state, tk.Instructions(tuple(space.on_enter), 0))
    events += capital_entered(state, p, e, to)
    if e.mode in (LAND, RAFT) and e.ships and to == e.ship_space:
        push(state, tk.Reboard())
    return events


def provision_open(state: State, e: Expedition, sid: str) -> bool:
    """A Provision space that needs a discovery gives nothing before it (Cod Banks)."""
    space = state.book.spaces[sid]
    if space.provision != "discovered":
        return True
    return any(
        discovery.known_or_found(state, e, sid, i)
        for i, d in enumerate(space.discoveries)
        if d.award in ("cod-banks", "pacific-provisions")
    )


def track_majors(state: State, e: Expedition, frm: str, to: str, status: bool) -> list[str]:
    book = state.book
    events = []
    into_pacific = status and book.kind[to] == "sea" and book.spaces[to].region == "PAC"
    if into_pacific and book.spaces[frm].region != "PAC" and not e.pacific:
        e.pacific = True
        events.append("enters the Pacific")
    if e.pacific and to in CAPE_VERDE and not e.circled:
        e.circled = True
        events.append("home by the Cape Verde Islands")
    for major, (river, exits) in book.descents.items():
        done = to in exits and book.kind[frm] == "river" and all(r in e.rafted for r in river)
        if done and major not in e.descents:
            e.descents.add(major)
            events.append(f"completes the {book.majors[major].name}")
    return events


def capital_entered(state: State, p: str, e: Expedition, to: str) -> list[str]:
    c = state.book.civ_of(to)
    if c is None or to != c.capital:
        return []
    inside = state.capital.get(c.name)
    if inside is None or inside == p:
        state.capital[c.name] = p
        return civ.defeat_check(state, e)
    return [f"{inside} is in the Capital: a take-over must be attempted"]


def left_capital(state: State, p: str) -> None:
    for name, inside in state.capital.items():
        if inside == p and state.exp[p].space != state.book.civs[name].capital:
            state.capital[name] = None


# -- ashore and aboard --------------------------------------------------------------------------
def go_ashore(state: State, e: Expedition, move: m.Ashore) -> list[str]:
    """A land expedition is formed: the Leader, the Missionary and all the rest go ashore, but a
    Rutter or Pilot (and what only ships carry) stays aboard with the Crew and Provisions left;
    or the ships are scuttled and what stays aboard is turned in."""
    hold = {}
    for item in SHIP_KEEPS:
        n = e.items.pop(item, 0)
        if n:
            hold[item] = n
    for item, n in (("Crew", move.crew), ("Provision", move.provision)):
        if n:
            take(e, item, n)
            hold[item] = n
    extra = e.items.get("Porters", 0) - ratings.porters_limit(e)
    if extra > 0:
        take(e, "Porters", extra)
        hold["Porters"] = extra
    e.mode = LAND
    if move.scuttle:
        e.ships, e.ship_space, e.hold = 0, None, {}
        e.damage = e.rotten = False
        return ["goes ashore and scuttles the ships"]
    e.ship_space, e.hold, e.ashore_here = e.space, hold, True
    echoes.record(state, "aboard", tuple(hold))
    return [f"goes ashore, leaving {move.crew} Crew and {move.provision} Provisions aboard"]


def go_aboard(state: State, e: Expedition) -> list[str]:
    merge(e)
    push(state, tk.MeetNatives(), tk.CargoOverLimit())
    return ["goes back aboard"]


def merge(e: Expedition) -> None:
    for item, n in e.hold.items():
        e.items[item] = e.items.get(item, 0) + n
    e.hold, e.ship_space, e.mode, e.rafts = {}, None, SHIP, 0
    e.raft_damage = False


@auto(tk.Reboard)
def reboard(state: State) -> list[str]:
    """Back to the ships' space: each ship is still there on a check of 7 + 1 per Crew left
    aboard (Switching between Naval, Land and Raft Expeditions)."""
    e = state.exp[state.player]
    n = state.k["reboard_check"] + e.hold.get("Crew", 0)
    state.now.reboard = 0
    checks = [
        tk.RollCheck(n, f"Are the ships still there? (ship {k + 1})", (tk.ShipThere(),), ())
        for k in range(e.ships)
    ]
    push(state, *checks, tk.Reboarded())
    return ["back at the ships"]


@auto(tk.ShipThere)
def ship_there(state: State) -> list[str]:
    state.now.reboard += 1
    return []


@auto(tk.Reboarded)
def reboarded(state: State) -> list[str]:
    e = state.exp[state.player]
    found = state.now.reboard
    if not found:
        e.ships, e.ship_space, e.hold = 0, None, {}
        return ["the ships are gone: abort, or make for a New World base"]
    e.ships = found
    state.now.ashore = state.now.aboard = True  # back from inland: aboard for this turn
    merge(e)
    events = [f"{found} ship(s) still there: the expedition is aboard again"]
    push(state, tk.MeetNatives(), tk.CargoOverLimit())
    events += reduce_ships(state, e)  # a Second-in-Command who took over ashore: first
    return events


# -- Expedition must return ---------------------------------------------------------------------
def home_distances(state: State, e: Expedition) -> dict[str, int]:
    """Steps (Progress or status change) from each space to the nearest place it may return
    to: ships retrace their path (or take known waters) to Europe or a base; a land or raft
    expedition makes for its ships or a New World base."""
    book = state.book
    waters = ratings.known_waters(state)  # before the key: it holds the waters it was for
    key = (e.mode, len(e.visited), len(state.founded), waters, e.ship_space, e.ships > 0)
    cached = state.now.home
    if cached is not None and cached[0] == key:
        return cached[1]
    if e.mode == SHIP:
        targets = {book.europe} | {b for b in state.founded}
        allowed = e.visited | waters | targets
    else:
        targets = {b for b in state.founded}
        if e.ships and e.ship_space:
            targets.add(e.ship_space)
        allowed = None

    def back_from(s: str):  # the spaces one step further out: a step from them leads to s
        for a in (*book.neigh[s], *book.trans[s]):
            if (allowed is not None and a not in allowed) or (
                (a, s) not in book.border and (a, s) not in book.arrow
            ):
                continue
            if may_be_in(state, e, a) or book.kind[a] in ("land", "base", "island"):
                yield a

    dist = distances(targets, back_from)
    state.now.home = (key, dist)
    return dist


# -- Natives for Europe ------------------------------------------------------------------------
def answer_natives(state: State, t: tk.MeetNatives, move: m.Natives) -> list[str]:
    """Reboarding, a land expedition's Porters may come aboard as Porters (a cargo space) or
    as a Natives for Europe chit (none): Switching between Naval, Land and Raft Expeditions."""
    if not move.yes:
        return []
    e = state.exp[state.player]
    take(e, "Porters")
    e.items["Natives for Europe"] = e.items.get("Natives for Europe", 0) + 1
    return ["one Porters comes aboard as Natives for Europe"]


tk.register(
    tk.MeetNatives,
    asked_while(lambda s, t: s.exp[s.player].items.get("Porters")),
    ask("Movement", (m.Natives,), "Porters aboard, or Natives for Europe", default=NO_NATIVES),
    lambda s, t: [NO_NATIVES, m.Natives(True)],
    None,
    answer_natives,
)
