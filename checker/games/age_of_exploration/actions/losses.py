"""Gains and losses in the order the rulebook gives them (Taking Losses): Provision (men), men,
Porters, the checks when no men are left, the Leader's intervention for the last man, the
Leader's death and his Second-in-Command, Damage and wrecks, Shipwrecked, expedition failure;
and cargo over capacity (Cargo Capacity), settled before the next instruction."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.actions import echoes, engine, ratings
from portolan.checker.games.age_of_exploration.actions.publishing import clear_expedition
from portolan.checker.games.age_of_exploration.book import GUIDES
from portolan.checker.games.age_of_exploration.sections import CARGO, INSTRUCTIONS, LOSSES
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition, State

MEN = ("Crew", "Soldiers", "Cavalry")
COMBAT = ("combat", "battle")
SHIP_ONLY = ("Pilot", "Rutter", "Porters", "Natives for Europe", "Cannons", "Gold", "Trade Goods")


# -- gains --------------------------------------------------------------------------------------
def gain(state: State, e: Expedition, items: dict[str, int]) -> list[str]:
    events = []
    k = state.k
    for item, n in items.items():
        if item in GUIDES:
            events += gain_guide(state, e, item)
            continue
        if item == "Ship":
            e.ships = min(e.ships + n, k["max_ships"])
        elif item == "Raft":
            e.rafts = min(e.rafts + n, k["max_rafts"])
        else:
            e.items[item] = e.items.get(item, 0) + n
        if item == "Crew":
            e.items["Crew"] = min(e.items["Crew"], k["crew_max"])
        if item == "Provision":
            e.items["Provision"] = min(e.items["Provision"], k["provisions_max"])
        events.append(f"gains {n} {item}")
    limit = ratings.porters_limit(e) if e.mode == LAND else k["max_porters_aboard"]
    if e.items.get("Porters", 0) > limit:
        e.items["Porters"] = limit
        events.append(f"Porters beyond {limit} are turned down")
    push(state, tk.CargoOverLimit())
    return events


def gain_guide(state: State, e: Expedition, item: str) -> list[str]:
    """A second Native Guide or Interpreter: dismiss the one there is or turn down the new one
    (Card Instructions). A guide gained from a card is of the region it is met in."""
    attr = GUIDES[item]
    new = state.book.spaces[e.space].region
    old = getattr(e, attr)
    if old is None or old == new:
        setattr(e, attr, new)
        return [f"gains a {item} ({new})"]
    push(state, tk.KeepGuide(attr, new))
    return []


def which_guide(state: State, t: tk.KeepGuide) -> str:
    e = state.exp[state.player]
    what = "Native Guide" if t.attr == "guide" else "Interpreter"
    return f"which {what} to keep: the old one ({getattr(e, t.attr)}) or the new one ({t.new})"


def answer_guide(state: State, t: tk.KeepGuide, move: m.Keep) -> list[str]:
    e = state.exp[state.player]
    if move.which == "new":
        setattr(e, t.attr, t.new)
        return [f"dismisses the old one for one from {t.new}"]
    return ["turns the new one down"]


def check_keep(state: State, t: tk.KeepGuide, move: m.Keep) -> Illegal | None:
    if move.which not in ("old", "new"):
        return Illegal(INSTRUCTIONS, "keep 'old' or 'new'")
    return None


tk.register(
    tk.KeepGuide,
    None,
    engine.ask("Card", (m.Keep,), which_guide),
    lambda s, t: [m.Keep("old"), m.Keep("new")],
    check_keep,
    answer_guide,
)


# -- cargo --------------------------------------------------------------------------------------
def droppable(state: State, e: Expedition) -> list[str]:
    table = state.book.tables["cargo"]
    uses = table["ship"] if e.mode == SHIP else table[state.options.get("raft_cargo", "ship")]
    out = [i for i, n in e.items.items() if n and uses.get(i, 0)]
    if e.mode == SHIP and e.items.get("Cavalry", 0) > e.ships and "Cavalry" not in out:
        out.append("Cavalry")
    if e.items.get("Porters", 0) > state.k["max_porters_aboard"] and "Porters" not in out:
        out.append("Porters")
    return sorted(out)


def over_limit(state: State, t: tk.CargoOverLimit) -> bool:
    e = state.exp.get(state.player)
    return e is not None and e.launched and ratings.over_capacity(state, e)


def cargo_left(state: State, t: tk.CargoOverLimit) -> str:
    e = state.exp[state.player]
    load, capacity = ratings.load(state, e), ratings.capacity(state, e)
    return f"a counter to leave behind: the cargo is {load} of {capacity}"


def check_drop(state: State, t: tk.CargoOverLimit, move: m.Drop) -> Illegal | None:
    e = state.exp[state.player]
    if move.item not in droppable(state, e):
        return Illegal(CARGO, f"leaving a {move.item} behind does not free a cargo space")
    return None


def answer_drop(state: State, t: tk.CargoOverLimit, move: m.Drop) -> list[str]:
    e = state.exp[state.player]
    take(e, move.item)
    if ratings.over_capacity(state, e):
        push(state, t)
    return [f"leaves 1 {move.item} behind (over capacity)", *allies_follow_porters(state, e)]


tk.register(
    tk.CargoOverLimit,
    engine.asked_while(over_limit),
    engine.ask("Cargo", (m.Drop,), cargo_left),
    lambda s, t: [m.Drop(i) for i in droppable(s, s.exp[s.player])],
    check_drop,
    answer_drop,
)


def take(e: Expedition, item: str, n: int = 1) -> None:
    left = e.items.get(item, 0) - n
    if left > 0:
        e.items[item] = left
    else:
        e.items.pop(item, None)


# -- losses -------------------------------------------------------------------------------------
def men_options(e: Expedition, cause: str | None) -> list[str]:
    """What may be lost as "men" (Taking Losses): Crew, Cavalry or Soldiers; Porters in
    starvation, and in combat or battle with Native Allies; never Missionary, Pilot..."""
    out = [x for x in MEN if e.items.get(x)]
    if e.items.get("Porters") and (cause == "starvation" or (cause in COMBAT and e.allies)):
        out.append("Porters")
    return out


def loss_options(e: Expedition, what: tuple, cause: str | None) -> tuple[list[str], bool]:
    """The counters a loss may take, and whether it is a "men" loss that found no men."""
    out: list[str] = []
    no_men = False
    for w in what:
        if w == "Provision (men)" and e.items.get("Provision"):
            found = ["Provision"]
        elif w in ("men", "Provision (men)"):
            found = men_options(e, cause)
            no_men = no_men or not found
        elif w == "Ship":
            found = ["Ship"] if e.ships and e.mode == SHIP else []
        elif w == "Raft":
            found = ["Raft"] if e.rafts else []
        else:
            found = [w] if e.items.get(w) else []
        out += [f for f in found if f not in out]
    return out, no_men and not out


def lose_auto(state: State, t: tk.TakeLoss) -> list[str] | None:
    e = state.exp[state.player]
    what, cause = t.what, t.cause
    options, no_men = loss_options(e, what, cause)
    if no_men:
        state.tasks.pop()
        return no_men_check(state, e, cause)
    if not options:
        state.tasks.pop()
        echoes.record(state, "lose", what, cause, None)
        return [f"nothing to lose ({' or '.join(what)})"]
    forced = t.forced
    if (
        not forced
        and cause == "combat"
        and last_man(e, cause)
        and set(options) <= {*MEN, "Porters"}
    ):
        state.tasks[-1] = tk.MayIntervene(what, cause)
        return []
    if len(options) > 1:
        return None
    state.tasks.pop()
    echoes.record(state, "lose", what, cause, options[0])
    return lose_item(state, e, options[0])


def last_man(e: Expedition, cause: str | None) -> bool:
    men = men_options(e, cause)
    return len(men) == 1 and e.items[men[0]] == 1


def check_lose(state: State, t: tk.TakeLoss, move: m.Lose) -> Illegal | None:
    e = state.exp[state.player]
    options, _ = loss_options(e, t.what, t.cause)
    if move.item not in options and move.item in echoes.NOT_MEN and "men" in " ".join(t.what):
        return Illegal(
            LOSSES,
            f"'men' losses may not be satisfied by losing a {move.item}: the loss of "
            f"{' or '.join(t.what)} takes one of {', '.join(options)}",
        )
    if move.item not in options:
        return Illegal(
            LOSSES,
            f"a loss of {' or '.join(t.what)} cannot take {move.item}: "
            f"it takes one of {', '.join(options)}",
        )
    return None


def answer_lose(state: State, t: tk.TakeLoss, move: m.Lose) -> list[str]:
    return lose_item(state, state.exp[state.player], move.item)


tk.register(
    tk.TakeLoss,
    lose_auto,
    engine.ask("Losses", (m.Lose,), lambda s, t: f"what to lose ({' or '.join(t.what)})"),
    lambda s, t: [m.Lose(i) for i in loss_options(s.exp[s.player], t.what, t.cause)[0]],
    check_lose,
    answer_lose,
)


def lose_item(state: State, e: Expedition, item: str) -> list[str]:
    if item == "Ship":
        e.ships -= 1
        push(state, tk.CargoOverLimit() if e.ships else tk.Wreck())  # the cargo space lost with it
        return ["loses a ship"] if e.ships else ["loses the last ship"]
    if item == "Raft":
        e.rafts -= 1
        if e.mode == RAFT:
            push(state, tk.CargoOverLimit() if e.rafts else tk.Wreck())
        return ["loses a raft"]
    take(e, item)
    return [f"loses 1 {item}", *allies_follow_porters(state, e)]


def allies_follow_porters(state: State, e: Expedition) -> list[str]:
    """Taking Losses: "Remove any Native Allies chit when all Porters are lost", however the
    last Porters go (a loss, left behind over capacity, removed in a shipwreck)."""
    if e.items.get("Porters") or not e.allies:
        return []
    civ.release(state, e, "allies")
    return ["Native Allies leave with the last Porters"]


def no_men_check(state: State, e: Expedition, cause: str | None) -> list[str]:
    """No men to lose: Leadership (−3 if hungry) for a non-combat loss, Personal Arms for a
    combat or battle loss; a failure kills the Leader and the expedition fails."""
    if cause in COMBAT:
        n, what = ratings.rating(state, e, "personal_arms"), "Personal Arms (no men left)"
    else:
        n = ratings.rating(state, e, "leadership") + (
            state.k["hungry_leadership_mod"] if ratings.hungry(e) else 0
        )
        what = "Leadership (no men left)"
    push(
        state,
        tk.RollCheck(n, what, (), (tk.Failed("the Leader dies: no men were left"),)),
    )
    return ["no men left to lose"]


# -- the Leader fights for the last man ---------------------------------------------------------
def answer_intervene(state: State, t: tk.MayIntervene, move: m.Intervene) -> list[str]:
    what, cause = t.what, t.cause
    if not move.yes:
        push(state, tk.TakeLoss(what, cause, forced=True))
        return []
    e = state.exp[state.player]
    after = [tk.LeaderDies()]
    if state.options.get("intervention_failure", "man_lost") == "man_lost":
        after.append(tk.TakeLoss(what, cause, forced=True))
    push(
        state,
        tk.RollCheck(
            ratings.rating(state, e, "personal_arms"),
            "Personal Arms (the last man)",
            (),
            tuple(after),
        ),
    )
    return ["the Leader fights for the last man"]


tk.register(
    tk.MayIntervene,
    None,
    engine.ask(
        "Losses",
        (m.Intervene,),
        "whether the Leader checks Personal Arms to save the last man",
        default=m.NO_INTERVENTION,
    ),
    lambda s, t: [m.Intervene(False), m.Intervene(True)],
    None,
    answer_intervene,
)


# -- the Leader's death -------------------------------------------------------------------------
@engine.auto(tk.LeaderDies)
def leader_dies(state: State, who: str | None = None) -> list[str]:
    """The Leader dies: his Second-in-Command takes over (flip the card); if the Second dies,
    the expedition fails. The Second has no Ship Handling: extra ships beyond it go, each
    first giving its Crew the consolidation check (Reducing Additional Ships)."""
    p = who or state.player
    e = state.exp[p]
    if e.second:
        return fail(state, p, "the Second-in-Command dies")
    e.second = True
    events = [f"{e.leader} dies: the Second-in-Command takes over"]
    if e.mode == SHIP:
        push(state, tk.CargoOverLimit())  # after the Crew recovery checks (pushed above it)
        events += reduce_ships(state, e)
    return events


# The Consolidate ships Crew recovery, pushed as a task and worked out when its turn comes (a
# Crew recovered by the check before counts).
CONSOLIDATION = tk.Consolidation()


def reduce_ships(state: State, e: Expedition) -> list[str]:
    """Extra ships beyond the Ship Handling of whoever leads them now are given up, each first
    giving its Crew the consolidation check (Reducing Additional Ships): on the Leader's death
    aboard, or when a Second-in-Command who took over ashore reboards them."""
    events = []
    allowed = ratings.ship_handling(state, e)
    while e.ships - 1 > allowed:
        e.ships -= 1
        push(state, CONSOLIDATION)
        events.append("an extra ship is given up")
    return events


@engine.auto(tk.Consolidation)
def consolidation(state: State) -> list[str]:
    """If not at maximum Crew, check against (9 − Crew aboard): a success adds 1 Crew
    (Expedition Action, Consolidate ships); at maximum Crew there is no check."""
    e = state.exp[state.player]
    crew = e.items.get("Crew", 0)
    if crew >= state.k["crew_max"]:
        return ["at maximum Crew: no consolidation check"]
    push(
        state,
        tk.RollCheck(
            state.k["consolidate_check"] - crew,
            f"Consolidation ({state.k['consolidate_check']} − {crew} Crew)",
            (tk.CrewBack(),),
            (),
        ),
    )
    return []


@engine.auto(tk.CrewBack)
def crew_back(state: State) -> list[str]:
    e = state.exp[state.player]
    if e.items.get("Crew", 0) < state.k["crew_max"]:
        e.items["Crew"] = e.items.get("Crew", 0) + 1
        return ["1 Crew recovered"]
    return []


# -- Damage, wrecks and shipwrecks ----------------------------------------------------------------
@engine.auto(tk.ShipDamage)
def damage_auto(state: State, rotten: bool) -> list[str]:
    """Damage (wreck) 1 ship/raft: a Damage chit, or with one already there, a ship or raft
    lost and the chit removed (Taking Losses). Copper Plated Hulls keep the Teredos out."""
    e = state.exp[state.player]
    if state.now.teredos and e.items.get("Copper Plated Hulls") and e.mode == SHIP:
        return ["the Copper Plated Hulls keep the Teredos out"]
    if e.mode == RAFT:
        if not e.raft_damage:
            e.raft_damage = True
            return ["a raft is damaged"]
        e.raft_damage = False
        return lose_item(state, e, "Raft")
    if e.mode != SHIP:
        return ["no ships with the Leader: no damage"]
    if not e.damage:
        e.damage, e.rotten = True, rotten
        return ["Rotten Hulls" if rotten else "a ship is damaged"]
    e.damage = e.rotten = False
    return lose_item(state, e, "Ship")


@engine.auto(tk.Wreck)
def wreck_auto(state: State) -> list[str]:
    """The last ship (or raft) is lost: at sea the expedition fails; in coastal waters it fails
    unless a status arrow joins them to land, where it is shipwrecked; on a river it is always
    shipwrecked (Shipwrecked)."""
    e = state.exp[state.player]
    book = state.book
    if (e.mode == SHIP and e.ships) or (e.mode == RAFT and e.rafts):
        return []
    kind = book.kind[e.space]
    if kind in ("land", "base") or kind == "river":
        land = e.space
    elif kind == "coastal":
        land = next((t for t in book.trans[e.space] if book.kind[t] in ("land", "base")), None)
    else:
        land = None
    if land is None:
        return fail(state, state.player, f"the last {'raft' if e.mode == RAFT else 'ship'} is lost")
    river = kind == "river"
    n = state.k["shipwreck_check_river" if river else "shipwreck_check_coast"]
    checks = []
    for item in (*MEN, "Missionary"):
        for _ in range(e.items.get(item, 0)):
            checks.append(tk.RollCheck(n, f"Shipwrecked: {item}", (), (tk.Wrecked(item),)))
    for what, attr in GUIDES.items():
        if getattr(e, attr):
            checks.append(tk.RollCheck(n, f"Shipwrecked: {what}", (), (tk.Wrecked(attr),)))
    push(state, *checks, tk.ShipwreckedAshore(land))
    return [f"shipwrecked: a land expedition forms in {land}"]


@engine.auto(tk.Wrecked)
def wrecked(state: State, item: str) -> list[str]:
    e = state.exp[state.player]
    if item in ("guide", "interpreter"):
        setattr(e, item, None)
        return [f"the {item.replace('guide', 'Native Guide').title()} is lost"]
    take(e, item)
    return [f"1 {item} is lost"]


@engine.auto(tk.ShipwreckedAshore)
def shipwrecked_ashore(state: State, space: str) -> list[str]:
    """Cavalry become Soldiers; Pilot, Rutter, Porters, Natives for Europe, Cannons, Gold, Trade
    Goods and Hardwood are lost; the ship type card is set aside."""
    e = state.exp[state.player]
    events = []
    cav = e.items.pop("Cavalry", 0)
    if cav:
        e.items["Soldiers"] = e.items.get("Soldiers", 0) + cav
    if e.items.get("Porters"):
        e.items.pop("Porters")
        events = allies_follow_porters(state, e)
    for item in (*SHIP_ONLY, "Hardwood", "Sturdy Ship", "Copper Plated Hulls"):
        e.items.pop(item, None)
    e.mode, e.space, e.ships, e.rafts = LAND, space, 0, 0
    e.ship_space, e.hold = None, {}
    e.damage = e.rotten = e.raft_damage = False
    if not e.path or e.path[-1] != space:
        e.path.append(space)
        e.visited.add(space)
    return [f"a land expedition in {space}", *events]


# -- failure ------------------------------------------------------------------------------------
@engine.auto(tk.Failed)
def fail_effect(state: State, why: str) -> list[str]:
    return fail(state, state.player, why)


def fail(state: State, p: str, why: str) -> list[str]:
    """Expedition Failure: turn in every chit, retire the Leader face down, New Expedition."""
    e = state.exp[p]
    if p == state.player:
        engine.remove_turn_tasks(state, p)
    state.retired_down.append(e.leader)
    clear_expedition(state, p)
    push(state, tk.NewExpedition(p, "failed"))
    return [f"{p}'s expedition fails: {why}; {e.leader} is retired face down"]
