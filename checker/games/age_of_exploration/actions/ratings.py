"""Checks (Key Concepts: two dice at or under a modified number), the target of every check
from the Leader's rating and every modifier in force, combat strength (Combat), known waters
(Known Waters), cargo capacity (Cargo Capacity) and the conditions of the cards' If steps."""

from __future__ import annotations

from portolan.checker.games.age_of_exploration.book import GUIDES, distances
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition, State
from portolan.model.instructions import Check, Condition

# The Pacific stretch of known waters (Known Waters): from south of Malacca to south of the
# Cape Verde Islands, once Panama City is placed.
PACIFIC_KNOWN = ("PAC11", "ATL13")
SEA_PLACES = ("sea", "coastal", "island", "river", "europe")


# -- the Leader ---------------------------------------------------------------------------------
def rating(state: State, e: Expedition, name: str) -> int:
    """A rating of the Leader, or of his Second-in-Command once he is dead (Key Concepts)."""
    if e.second:
        return state.book.second[e.kind][name]
    return state.book.leaders[e.leader].ratings[name]


def ship_handling(state: State, e: Expedition, ships: bool = True) -> int:
    """The Leader's Ship Handling; for ships, a Conquistador's Pilot gives his 2 instead
    (Additional Ships)."""
    own = rating(state, e, "ship_handling")
    return with_pilot(state, e.kind, own, bool(e.items.get("Pilot"))) if ships else own


def with_pilot(state: State, kind: str, own: int, pilot: bool) -> int:
    """The Ship Handling ships get from a Leader of ``kind`` whose own is ``own``: a
    Conquistador with a Pilot gives the Pilot's (Additional Ships)."""
    return state.k["pilot_ship_handling"] if kind == "conquistador" and pilot else own


def hungry(e: Expedition) -> bool:
    """Hungry (or living off the land): no Provisions left (docs/rules: one −1, not two)."""
    return not e.items.get("Provision")


# -- known waters -----------------------------------------------------------------------------
def sea_distances(state: State, start: str) -> dict[str, int]:
    cache = state.book.sea_dist
    if start not in cache:
        cache[start] = distances([start], lambda s: state.book.along(s, ("sea",)))
    return cache[start]


def between(state: State, a: str, b: str) -> set[str]:
    """Every sea space on a shortest sea path from ``a`` to ``b``."""
    da, db = sea_distances(state, a), sea_distances(state, b)
    if b not in da:
        return {b}
    return {s for s in da if s in db and da[s] + db[s] == da[b]}


def known_waters(state: State) -> frozenset[str]:
    """Known Waters: the sea spaces from Europe to the Known Sea Progress markers and the Land
    Sighted chits; once Panama City is placed, the coastal waters between the NWP and SSA
    markers and the Pacific stretch from south of Malacca to south of the Cape Verde Islands."""
    if state.waters is not None:
        return state.waters
    book = state.book
    start = book.launch_sea
    ends = [book.tracks[t].spaces[i] for t, i in state.markers.items() if i is not None]
    ends = [s for s in ends if book.kind[s] == "sea"] + sorted(state.sighted)
    out: set[str] = set()
    for end in ends:
        out |= between(state, start, end)
    nwp, ssa = state.markers.get("known-nwp"), state.markers.get("known-ssa")
    if nwp is not None and ssa is not None:
        beyond = set(book.tracks["known-nwp"].spaces[nwp + 1 :])
        beyond |= set(book.tracks["known-ssa"].spaces[ssa + 1 :])
        out |= book.known_coast - beyond
        if all(s in book.spaces for s in PACIFIC_KNOWN):
            out |= between(state, *PACIFIC_KNOWN)
    state.waters = frozenset(out)
    return state.waters


def in_known_waters(state: State, e: Expedition) -> bool:
    """Pilot and Rutter bonuses apply here; an expedition retracing its path home is in known
    waters in every space of the path it came by (not on a side trip, nor off that path)."""
    if e.space in known_waters(state):
        return True
    return e.must_return and e.space in e.path[: e.outward]


# -- targets ------------------------------------------------------------------------------------
def space_mod(state: State, e: Expedition, name: str) -> int:
    return sum(m.n for m in state.book.spaces[e.space].modifiers if m.check == name)


def navigation(state: State, e: Expedition, mod: int = 0) -> int:
    k = state.k
    where = state.book.kind[e.space]
    at_sea = where in SEA_PLACES
    n = rating(state, e, "navigation_sea" if at_sea else "navigation_land") + mod
    n += space_mod(state, e, "navigation")
    if at_sea and where != "river" and in_known_waters(state, e):
        if e.kind == "conquistador" and e.items.get("Pilot"):
            n += k["pilot_navigation_bonus"]
        elif e.kind == "explorer" and e.items.get("Rutter"):
            n += k["rutter_navigation_bonus"]
    if not at_sea and e.guide and e.guide == state.book.spaces[e.space].region:
        n += k["native_guide_bonus"]
    return n


def negotiation(state: State, e: Expedition, mod: int = 0, unmodified: bool = False) -> int:
    k = state.k
    n = rating(state, e, "negotiation") + mod + space_mod(state, e, "negotiation")
    if not unmodified and e.items.get("Trade Goods"):
        n += k["trade_goods_bonus"]
    if e.interpreter and e.interpreter == state.book.spaces[e.space].region:
        n += k["interpreter_bonus"]
    return n


def sea_check(state: State, e: Expedition, mod: int = 0) -> int:
    """The ships' sea check: the ship type's value where they are, + Ship Handling (+ a Sturdy
    Ship); a raft's is 5 in coastal waters (and on rivers), + the Leader's Ship Handling."""
    k = state.k
    if e.mode == RAFT:
        n = k["raft_sea_check_coastal"] + ship_handling(state, e, ships=False)
    else:
        where = "sea" if state.book.kind[e.space] == "sea" else "coastal"
        n = k[f"{e.ship_type.lower()}_sea_check_{where}"] + ship_handling(state, e)
        if e.items.get("Sturdy Ship"):
            n += k["sturdy_ship_bonus"]
    return n + mod + space_mod(state, e, "sea")


def manned(e: Expedition) -> bool:
    """A Crew or Soldiers to man the Cannons (Combat)."""
    return bool(e.items.get("Crew") or e.items.get("Soldiers"))


def strength(state: State, e: Expedition) -> int:
    """Combat strength (Combat): sea values aboard ships, land values ashore and on rafts;
    Cannons only when a Crew or Soldiers mans them, Porters only ashore with Native Allies."""
    table = state.book.tables["combat_strength"]["sea" if e.mode == SHIP else "land"]
    idle = {"Cannons": not manned(e), "Porters": not e.allies}
    return sum(e.items.get(item, 0) * value for item, value in table.items() if not idle.get(item))


def combat(state: State, e: Expedition, mod: int, leader: int, battle: bool) -> int:
    """A combat check's target: strength + the Leader's + modifiers, −1 if hungry; a Battle
    adds the empire's Awe and subtracts its Military Strength."""
    n = strength(state, e) + leader + mod + space_mod(state, e, "combat")
    if hungry(e):
        n -= 1
    if battle:
        civ = state.book.civ_of(e.space)
        if civ is not None:
            n += state.awe[civ.name] - state.strength[civ.name]
    return n


def target(state: State, e: Expedition, step: Check, leader: int = 0) -> int:
    """The number a check must roll at or under."""
    r, mod = step.rating, step.mod
    if step.fixed is not None:
        return step.fixed + mod
    if r == "navigation":
        return navigation(state, e, mod)
    if r == "negotiation":
        return negotiation(state, e, mod, step.unmodified)
    if r == "sea":
        return sea_check(state, e, mod)
    if r in ("combat", "battle"):
        return combat(state, e, mod, leader, r == "battle")
    name = r.replace("-", "_")
    return rating(state, e, name) + mod + space_mod(state, e, r)


def label(step: Check) -> str:
    name = step.rating.replace("-", " ").title() if step.fixed is None else step.rating
    if step.rating == "sea":
        name = "Sea check"
    return name + (f" {step.mod:+d}" if step.mod else "")


# -- cargo --------------------------------------------------------------------------------------
def raft_uses(state: State) -> str:
    return "land" if state.options.get("raft_cargo") == "land" else "ship"


def load(state: State, e: Expedition) -> int:
    """Cargo spaces the counters with the Leader take (Cargo Capacity)."""
    cargo = state.book.tables["cargo"]
    table = cargo[raft_uses(state) if e.mode == RAFT else ("ship" if e.mode == SHIP else "land")]
    return sum(n * table.get(item, 0) for item, n in e.items.items())


def capacity(state: State, e: Expedition) -> int:
    k = state.k
    if e.mode == SHIP:
        return k[f"{e.ship_type.lower()}_cargo"] + max(e.ships - 1, 0)
    if e.mode == RAFT:
        return k["raft_cargo"] * e.rafts
    carriers = state.book.tables["cargo"]["land_carriers"]
    return k["land_base_cargo"] + sum(n * e.items.get(i, 0) for i, n in carriers.items())


def over_capacity(state: State, e: Expedition) -> bool:
    """Ships and rafts obey their cargo capacity at all times (a land expedition only when it
    moves); Cavalry one per ship; at most one Porters aboard ships and rafts."""
    if e.mode == LAND:
        return False
    if load(state, e) > capacity(state, e):
        return True
    if e.mode == SHIP and e.items.get("Cavalry", 0) > e.ships:
        return True
    return e.items.get("Porters", 0) > state.k["max_porters_aboard"]


def porters_limit(e: Expedition) -> int:
    """Ashore, at most Crew + Soldiers + Cavalry + 1 Porters (Switching between ...)."""
    return e.men + 1


# -- conditions -----------------------------------------------------------------------------
def holds(state: State, e: Expedition, cond: Condition) -> bool:
    ok = all(any(word_holds(state, e, w) for w in clause) for clause in cond.clauses)
    return ok != cond.negate


def word_holds(state: State, e: Expedition, word: str) -> bool:
    book = state.book
    if word.startswith("has "):
        item = word[4:]
        if item == "Ship":
            return e.mode == SHIP and e.ships > 0
        if item == "Raft":
            return e.rafts > 0
        if item in GUIDES:
            return getattr(e, GUIDES[item]) is not None
        if item == "manned Cannons":
            return e.items.get("Cannons", 0) > 0 and manned(e)
        return e.items.get(item, 0) > 0
    if word.startswith("in "):
        where = word[3:]
        space = book.spaces[e.space]
        if where == "nwp":
            return space.draws == "nwp"
        if where in ("Rumors", "Contact", "Capital"):
            return space.kind == where.lower()
        if where == "coastal":
            return space.kind in ("coastal", "island")
        return space.kind == where
    civ = book.civ_of(e.space)
    civ_name = civ.name if civ else None
    return {
        "Natives Attacked": e.attacked,
        "Native Allies": e.allies,
        "Ruler Seized": e.ruler is not None and e.ruler == civ_name,
        "Ruler taken": civ_name is not None and state.ruler.get(civ_name) is not None,
        "Capital Entry": e.entry is not None and e.entry == civ_name,
        "Rotten Hulls": e.rotten,
        "hungry": hungry(e),
        "raft": e.mode == RAFT,
        "ships": e.ships > 0,
        "Lost": e.lost > 0,
        "Caravel": e.ship_type == "Caravel",
        "Carrack": e.ship_type == "Carrack",
    }[word]
