"""Expedition Action: one a turn, after movement and the status change, each with its
conditions (spend Gold at a base, gain a Provision, repair, eat horses, consolidate ships,
build a raft, harvest Hardwood, operate a mine, kill a Seized Ruler), and the take-over of a
rival's expedition (the Capital's second expedition must attempt one)."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.actions import discovery, outfitting, ratings
from portolan.checker.games.age_of_exploration.actions.engine import ask, asked_while, auto
from portolan.checker.games.age_of_exploration.actions.losses import CONSOLIDATION, fail, take
from portolan.checker.games.age_of_exploration.actions.movement import enter
from portolan.checker.games.age_of_exploration.actions.publishing import gold_awards
from portolan.checker.games.age_of_exploration.actions.status import provisioning
from portolan.checker.games.age_of_exploration.book import GOLD_BUYS
from portolan.checker.games.age_of_exploration.sections import EXPEDITION_ACTION
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition, State

ANYWHERE = "*"  # a take-over barred in every space (the attacker repulsed)


def at_base(state: State, e: Expedition) -> bool:
    """A New World base where Gold is spent, ships repaired, provisions gained (not Malacca:
    nothing leads out of it, FAQ)."""
    space = state.book.spaces[e.space]
    return e.space in state.founded and space.launch


def space_has(state: State, e: Expedition, award: str) -> bool:
    return any(
        d.award == award and discovery.known_or_found(state, e, e.space, i)
        for i, d in enumerate(state.book.spaces[e.space].discoveries)
    )


def raft_site(state: State, e: Expedition) -> bool:
    book = state.book
    kind = book.kind[e.space]
    if kind == "river" or e.space in book.coast_land or at_base(state, e):
        return True
    return kind == "land" and any(book.kind[t] == "river" for t in book.trans[e.space])


def capital_rival(state: State, e: Expedition) -> str | None:
    """Another expedition in the Capital this one has entered: the take-over it must attempt."""
    c = state.book.civ_of(e.space)
    if c is None or e.space != c.capital:
        return None
    inside = state.capital.get(c.name)
    return inside if inside not in (None, state.player) else None


def actions(state: State, e: Expedition):
    """Every expedition action open now."""
    p = state.player
    k = state.k
    rival = capital_rival(state, e)
    if rival:
        yield m.Takeover(rival)
        return
    it = e.items
    yield from gold_buys(state, e)
    if provisioning(state, e, e.space) and it.get("Provision", 0) < k["provisions_max"]:
        yield m.Action("provision")
    if repairable(state, e):
        yield m.Action("repair")
    for n in range(1, it.get("Cavalry", 0) + 1):
        yield m.Action("eat", n)
    if e.mode == SHIP and e.ships >= 2:
        yield m.Action("consolidate")
    if (
        e.mode in (LAND, RAFT)
        and e.rafts < k["max_rafts"]
        and raft_site(state, e)
        and not river_busy(state, e)
    ):
        yield m.Action("raft")
    if space_has(state, e, "hardwood"):
        yield m.Action("hardwood")
    if space_has(state, e, "mine") and e.space not in state.depleted:
        yield m.Action("mine")
    if e.ruler:
        yield m.Action("kill ruler")
    if e.mode == LAND:
        for rival, x in state.exp.items():
            if rival == p or not x.launched or x.mode != LAND or x.space != e.space:
                continue
            if (rival, e.space) not in e.barred and (rival, ANYWHERE) not in e.barred:
                yield m.Takeover(rival)


def gold_buys(state: State, e: Expedition) -> list[m.SpendGold]:
    """At a base, each Gold buys a Crew, Provision or Soldiers, room allowing."""
    if not (at_base(state, e) and e.items.get("Gold")):
        return []
    room = outfitting.why_not_items  # the mat's tracks and the cargo, as when outfitting
    return [m.SpendGold(i) for i in GOLD_BUYS if room(state, e, state.player, {i: 1}, None) is None]


def river_busy(state: State, e: Expedition) -> bool:
    """On a river, a raft is built or repaired only by a raft expedition that chose to work on
    its rafts this turn (a Land card, no move): Building/Repairing Rafts."""
    return state.book.kind[e.space] == "river" and state.now.stance != "rafts"


def repairable(state: State, e: Expedition) -> bool:
    damaged = (e.mode == SHIP and e.damage and not e.rotten) or (e.mode == RAFT and e.raft_damage)
    if not damaged or (e.mode == RAFT and river_busy(state, e)):
        return False
    if at_base(state, e):
        return True
    space = state.book.spaces[e.space]
    return space.repair is not False and provisioning(state, e, e.space)


# Asked every turn (NoAction by default); after Gold is spent, asked again while more Gold can
# buy something.
action_auto = asked_while(lambda s, t: t.kind is None or gold_buys(s, s.exp[s.player]))


CAPITAL_DEMANDS = ask("Action", (m.Takeover,), "the take-over the Capital demands")
MORE_GOLD = ask(
    "Action", (m.SpendGold, m.NoAction), "more Gold to spend (or none)", default=m.NO_ACTION
)
AN_ACTION = ask(
    "Action",
    (m.Action, m.SpendGold, m.Takeover, m.NoAction),
    "an expedition action (or none)",
    default=m.NO_ACTION,
)


def decide_action(state: State, t: tk.ExpeditionAction):
    if capital_rival(state, state.exp[state.player]):
        return CAPITAL_DEMANDS(state, t)
    return (AN_ACTION if t.kind is None else MORE_GOLD)(state, t)


def action_moves(state: State, t: tk.ExpeditionAction) -> list:
    e = state.exp[state.player]
    if t.kind is not None:
        return [*gold_buys(state, e), m.NO_ACTION]
    out = list(actions(state, e))
    return out if capital_rival(state, e) else [*out, m.NO_ACTION]


def check_action(state: State, t: tk.ExpeditionAction, move) -> Illegal | None:
    if isinstance(move, m.NoAction) or move in action_moves(state, t):
        return None
    return Illegal(EXPEDITION_ACTION, why_not(state, state.exp[state.player], move))


def why_not(state: State, e: Expedition, move) -> str:
    if isinstance(move, m.SpendGold):
        if not at_base(state, e):
            return "Gold is spent at a New World base"
        if not e.items.get("Gold"):
            return "the expedition has no Gold"
        if move.item not in GOLD_BUYS:
            return "Gold buys Crew, Provisions or Soldiers"
        return f"no room for another {move.item}"
    if isinstance(move, m.Takeover):
        return f"{move.rival} has no land expedition here to take over (or may not be tried again)"
    if isinstance(move, m.Action) and move.what in ("raft", "repair") and river_busy(state, e):
        return "on a river, rafts are built or repaired only by working on them all turn"
    return {
        "provision": "Provisions are gained in a known or discovered Ⓟ space or at a base",
        "repair": "nothing to repair here (not Rotten Hulls), or not a Ⓟ space (Cod Banks) or base",
        "eat": "not so many Cavalry to eat",
        "consolidate": "consolidating needs two ships or more",
        "raft": "rafts are built on a river, in a coast land space, by a river, or at a base",
        "hardwood": "no known or discovered Hardwood here",
        "mine": "no working mine known or discovered here",
        "kill ruler": "no Seized Ruler",
    }.get(move.what, "not possible now")


def answer(state: State, t: tk.ExpeditionAction, move) -> list[str]:
    p = state.player
    e = state.exp[p]
    if isinstance(move, m.NoAction):
        return []
    state.now.acted = True
    if isinstance(move, m.SpendGold):
        events = []
        if t.kind is None:
            events += gold_awards(state, p, e.items.get("Gold", 0), cards=False)
        take(e, "Gold")
        e.items[move.item] = e.items.get(move.item, 0) + 1
        push(state, tk.ExpeditionAction("gold"))
        return [*events, f"spends 1 Gold for 1 {move.item}"]
    if isinstance(move, m.Takeover):
        push(state, tk.GiveGold(move.rival, p))
        return [f"attempts to take over {move.rival}'s expedition"]
    return do(state, e, move)


def do(state: State, e: Expedition, move: m.Action) -> list[str]:
    k = state.k
    what = move.what
    if what == "provision":
        e.items["Provision"] = e.items.get("Provision", 0) + 1
        push(state, tk.CargoOverLimit())
        return ["gains 1 Provision"]
    if what == "repair":
        if e.mode == RAFT:
            e.raft_damage = False
        else:
            e.damage = False
        return ["repairs the damage"]
    if what == "eat":
        take(e, "Cavalry", move.n)
        e.items["Soldiers"] = e.items.get("Soldiers", 0) + move.n
        e.items["Provision"] = min(e.items.get("Provision", 0) + move.n, k["provisions_max"])
        # rafts may carry the Provisions but not the horses (raft_cargo)
        push(state, tk.CargoOverLimit())
        return [f"eats {move.n} horses: {move.n} Cavalry become Soldiers, +{move.n} Provisions"]
    if what == "consolidate":
        e.ships -= 1
        e.damage = e.rotten = False
        push(state, tk.CargoOverLimit())
        if e.items.get("Crew", 0) < k["crew_max"]:
            push(state, CONSOLIDATION, tk.CargoOverLimit())
        return ["consolidates: one ship fewer, no Damage"]
    if what == "raft":
        if at_base(state, e):
            return raft_built(state)
        n = k["raft_check"] + e.items.get("Crew", 0) + ratings.ship_handling(state, e, ships=False)
        push(state, tk.RollCheck(n, "Build a raft", (tk.RaftBuilt(),), ()))
        return ["attempts to build a raft"]
    if what == "hardwood":
        e.items["Hardwood"] = e.items.get("Hardwood", 0) + 1
        push(state, tk.CargoOverLimit())
        return ["harvests Hardwood"]
    if what == "mine":
        e.items["Gold"] = e.items.get("Gold", 0) + 1
        push(state, tk.RollCheck(k["mine_check"], "the mine", (), (tk.Deplete(e.space),)))
        push(state, tk.CargoOverLimit())
        return ["operates the mine: 1 Gold"]
    name = e.ruler
    civ.release(state, e, "ruler")
    return [f"kills the Seized Ruler of the {name}", *civ.move_track(state, e, "strength", -1)]


@auto(tk.RaftBuilt)
def raft_built(state: State) -> list[str]:
    e = state.exp[state.player]
    e.rafts += 1
    return [f"a raft is built ({e.rafts})"]


@auto(tk.Deplete)
def deplete(state: State, space: str) -> list[str]:
    state.depleted.add(space)
    return ["the mine is depleted"]


tk.register(tk.ExpeditionAction, action_auto, decide_action, action_moves, check_action, answer)


# -- take-overs ----------------------------------------------------------------------------------
def check_give(state: State, t: tk.GiveGold, move: m.Give) -> Illegal | None:
    have = state.exp[t.giver].items.get("Gold", 0)
    if not 0 <= move.n <= have:
        return Illegal(EXPEDITION_ACTION, f"{t.giver}'s expedition has {have} Gold")
    return None


def answer_give(state: State, t: tk.GiveGold, move: m.Give) -> list[str]:
    """The target checks Negotiation −4, +2 per Gold given; on a failure the attacker checks
    Personal Arms, and on his success the defender does (Expedition Action)."""
    rival, attacker = t.giver, t.attacker
    r, a = state.exp[rival], state.exp[attacker]
    if move.n:
        take(r, "Gold", move.n)
        a.items["Gold"] = a.items.get("Gold", 0) + move.n
    k = state.k
    nego = ratings.rating(state, r, "negotiation") + k["takeover_negotiation_mod"] + 2 * move.n
    defend = tk.RollCheck(
        ratings.rating(state, r, "personal_arms"),
        f"{rival}'s Personal Arms",
        (tk.Repulsed(rival),),
        (tk.TakenOver(rival, attacker),),
    )
    attack = tk.RollCheck(
        ratings.rating(state, a, "personal_arms"),
        f"{attacker}'s Personal Arms",
        (defend,),
        (tk.TakenOver(attacker, rival),),
    )
    push(
        state,
        tk.RollCheck(nego, f"{rival}'s Negotiation", (tk.Barred(rival),), (attack,)),
        tk.CapitalExit(attacker),
    )
    return [f"{rival} gives {move.n} Gold"] if move.n else []


tk.register(
    tk.GiveGold,
    None,
    ask(
        "Take-over",
        (m.Give,),
        lambda s, t: f"how much Gold {t.giver} gives {t.attacker} (+2 each to the check)",
    ),
    lambda s, t: [m.Give(n) for n in range(s.exp[t.giver].items.get("Gold", 0) + 1)],
    check_give,
    answer_give,
)


@auto(tk.Barred)
def barred(state: State, rival: str) -> list[str]:
    e = state.exp[state.player]
    e.barred.add((rival, e.space))
    return [f"{rival} talks the attacker out of it: no more attempts here"]


@auto(tk.Repulsed)
def repulsed(state: State, rival: str) -> list[str]:
    e = state.exp[state.player]
    e.barred.add((rival, ANYWHERE))  # "may not attempt to take over this expedition again"
    back = e.came_from or e.space
    events = [f"{rival} repulses the attack"]
    if back != e.space:
        events += enter(state, state.player, e, back)
    return events


@auto(tk.TakenOver)
def taken_over(state: State, loser: str, winner: str) -> list[str]:
    """The loser's Leader dies and his expedition fails; its chits, discoveries included, go to
    the winner's expedition."""
    lo, wi = state.exp[loser], state.exp[winner]
    for item, n in lo.items.items():
        wi.items[item] = wi.items.get(item, 0) + n
    wi.found += [f for f in lo.found if f not in wi.found]
    wi.teredos = wi.teredos or lo.teredos
    lo.items, lo.found = {}, []
    return [f"{winner} takes over {loser}'s expedition", *fail(state, loser, "taken over")]


@auto(tk.CapitalExit)
def capital_exit(state: State, attacker: str) -> list[str]:
    """An unsuccessful second expedition in the Capital (not itself taken over) must leave."""
    e = state.exp[attacker]
    c = state.book.civ_of(e.space)
    if not e.launched or c is None or e.space != c.capital:
        return []
    inside = state.capital.get(c.name)
    if inside == attacker:
        return []
    if inside is None:
        state.capital[c.name] = attacker
        return civ.defeat_check(state, e)
    return ["the attack failed: it leaves the Capital", *enter(state, attacker, e, c.contact)]
