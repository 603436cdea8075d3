"""A turn in port: stay in port (draw and play two Outfitting cards) or launch (Launching
Expeditions): Gold left is lost; from Europe to the sea space beside it or straight to a Land
Sighted chit with one die of scurvy losses (−1 for Caravels, horses may be eaten first); from a
New World base into a coastal space beside it, into the base's space, or on foot."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions.engine import ask
from portolan.checker.games.age_of_exploration.actions.losses import take
from portolan.checker.games.age_of_exploration.actions.movement import SHIP_KEEPS
from portolan.checker.games.age_of_exploration.sections import LAUNCH_POINT, LAUNCHING, SHIP_TYPE
from portolan.checker.games.age_of_exploration.state import LAND, SHIP, State


def launches(state: State) -> list[m.Launch]:
    p = state.player
    e = state.exp[p]
    book = state.book
    if e.launch_from == "EUROPE":
        return [m.Launch(book.launch_sea), *(m.Launch(s) for s in sorted(state.sighted))]
    base = e.launch_from
    if e.unpaid or base not in state.founded:
        return []
    out = [m.Launch(base, on_foot=True)]
    coastal = [t for t in book.trans[base] if book.kind[t] == "coastal"]
    if coastal and not (base == "CA1" and e.ship_type != "Caravel"):
        out += [m.Launch(c) for c in coastal] + [m.Launch(base)]
    return out


def why_not(state: State, move: m.Launch) -> Illegal | None:
    e = state.exp[state.player]
    if move in launches(state):
        return None
    if e.unpaid and e.launch_from != "EUROPE":
        why = f"{e.unpaid} base surcharge(s) are still to pay (Gold or a Letter of Credit)"
        return Illegal(LAUNCH_POINT, why)
    if e.launch_from == "CA1" and e.ship_type != "Caravel" and not move.on_foot:
        return Illegal(LAUNCH_POINT, "only Caravels launch from Panama City (CA1)")
    if e.launch_from == "EUROPE":
        if move.to in state.book.land_sighted:
            return Illegal(LAUNCHING, f"no Land Sighted chit is on {state.book.named(move.to)} yet")
        return Illegal(
            LAUNCHING,
            f"from Europe an expedition launches to {state.book.named(state.book.launch_sea)} "
            "or a Land Sighted chit",
        )
    return Illegal(
        LAUNCHING,
        f"from {state.book.named(e.launch_from)} an expedition launches beside it, into it, "
        "or on foot",
    )


def check_port(state: State, t: tk.InPort, move) -> Illegal | None:
    if isinstance(move, m.Launch):
        return why_not(state, move)
    if isinstance(move, m.ShipType):
        have = state.exp[state.player].ship_type
        if move.type != have:
            return Illegal(
                SHIP_TYPE,
                f"the ship type is chosen while outfitting (staying in port, or a new "
                f"expedition): {state.player}'s is {have}",
            )
    return None


def answer_port(state: State, t: tk.InPort, move) -> list[str]:
    if isinstance(move, m.ShipType):  # the type it has, written before the launch
        push(state, t)
        return [f"{state.player}'s ships are {move.type}s"]
    p = state.player
    state.now.kind = "port" if isinstance(move, m.StayInPort) else "launch"
    if isinstance(move, m.StayInPort):
        push(state, *[tk.DrawOutfitting(p)] * state.k["stay_in_port_cards"], tk.Outfit(p, "port"))
        return [f"{p} stays in port"]
    e = state.exp[p]
    lost = state.gold[p]
    state.gold[p] = 0
    e.launched, e.launch_turn = True, True
    e.space = move.to
    e.path, e.visited = [move.to], {move.to}
    events = [f"{p} launches the expedition of {e.leader} to {move.to}"]
    if lost:
        events.append(f"{lost} Gold unspent is lost")
    if move.on_foot:
        e.mode, e.ships = LAND, 0
        for item in SHIP_KEEPS:
            e.items.pop(item, None)
    else:
        e.mode = SHIP
    if move.to in state.sighted:
        push(state, tk.ScurvyRoll(), tk.Launched())
    return events


tk.register(
    tk.InPort,
    None,
    ask("Port", (m.StayInPort, m.Launch, m.ShipType), "stay in port or launch"),
    lambda s, t: [m.STAY, *launches(s)],
    check_port,
    answer_port,
)


# -- scurvy ---------------------------------------------------------------------------------------
def answer_scurvy(state: State, t: tk.ScurvyRoll, move: m.Roll) -> list[str]:
    e = state.exp[state.player]
    losses = max(0, move.total + (state.k["caravel_scurvy_mod"] if e.ship_type == "Caravel" else 0))
    tasks = [tk.TakeLoss(("Provision (men)",), "disease")] * losses
    if losses and e.items.get("Cavalry"):
        tasks.insert(0, tk.EatProvisions(losses))
    push(state, *tasks)
    return [f"scurvy: {move.total} on the die, {losses} loss(es)"]


def check_scurvy(state: State, t: tk.ScurvyRoll, move: m.Roll) -> Illegal | None:
    if not 1 <= move.total <= state.k["scurvy_die"]:
        return Illegal(LAUNCHING, f"one die shows 1 to 6, not {move.total}")
    if move.claim is not None:
        return Illegal(LAUNCHING, "the scurvy die is not a check: write the number only")
    return None


tk.register(
    tk.ScurvyRoll,
    None,
    ask("Launch", (m.Roll,), "the die for scurvy losses", "chance"),
    lambda s, t: [(m.Roll(n), 1) for n in range(1, s.k["scurvy_die"] + 1)],
    check_scurvy,
    answer_scurvy,
)


def answer_eat(state: State, t: tk.EatProvisions, move: m.Action) -> list[str]:
    if not move.n:
        return []
    e = state.exp[state.player]
    take(e, "Cavalry", move.n)
    e.items["Soldiers"] = e.items.get("Soldiers", 0) + move.n
    e.items["Provision"] = e.items.get("Provision", 0) + move.n
    return [f"eats {move.n} horses before the scurvy losses"]


def check_eat(state: State, t: tk.EatProvisions, move: m.Action) -> Illegal | None:
    have = state.exp[state.player].items.get("Cavalry", 0)
    if move.what != "eat":
        return Illegal(LAUNCHING, "before the scurvy losses only horses may be eaten")
    if not 0 <= move.n <= have:
        return Illegal(LAUNCHING, f"the expedition has {have} Cavalry")
    return None


NO_EAT = m.Action("eat", 0)

tk.register(
    tk.EatProvisions,
    None,
    ask("Launch", (m.Action,), "horses to eat before the scurvy losses", default=NO_EAT),
    lambda s, t: [m.Action("eat", n) for n in range(s.exp[s.player].items.get("Cavalry", 0) + 1)],
    check_eat,
    answer_eat,
)


# The launch turn ends once its scurvy losses are taken: until then (a decision that needs no
# answer) a step written for a loss the rules took alone is still this turn's (echoes.py).
tk.register(
    tk.Launched,
    None,
    ask("Launch", (m.EndTurn,), "the end of the launch turn", default=m.END_TURN),
    lambda s, t: [m.END_TURN],
    None,
    lambda s, t, move: [],
)
