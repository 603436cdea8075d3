"""What the bots need from Age of Exploration: what a position is worth to each player, and
the position as one seat sees it.

Worth, in VP: the VP scored, plus what the player's expedition would publish on returning
(its Ⓓ chits, sighting, landfalls, goods, Known Progress, or a Major Expedition instead),
plus what it may still find, every VP discounted by ``decay`` per turn it takes to bring it
home (time, and the risk of failing, which Crew, Provisions and ships lower). As a player
does, the expedition weighs going home now against going home after one or two more targets
(a space's sighting or landfall, or a Ⓓ card drawn there after the turns such a card takes):
its worth is the best of these. Distances are expected turns on the map: a D arrow westward
waits for its Land Sighted, ships reach inland spaces only by an excursion ashore, a land
expedition goes back to its ships. In port: the best way to launch.

Worth ignores Portolan's round bound: a worth that falls as rounds pass makes every move that
ends a turn look worse than one that does not (flipping the ship type card, say), and bots
would stall.

Hidden: only the Outfitting cards in other players' hands (dealt and drawn face down). Every
other pile is drawn uniformly at random by chance moves, so its order is not in the state.
"""

from __future__ import annotations

import copy
import heapq
import random
import weakref

from portolan.checker.games.age_of_exploration.actions.discovery import pending
from portolan.checker.games.age_of_exploration.actions.publishing import (
    major_vp,
    qualified,
    return_awards,
)
from portolan.checker.games.age_of_exploration.book import (
    GOODS,
    GUIDES,
    LANDFALLS,
    SIGHTING,
    Book,
)
from portolan.checker.games.age_of_exploration.state import RAFT, SHIP, Expedition, State

WORTH = {
    # -- time: expected turns per step on the map (Movement: up to 2 spaces of Progress at
    # sea, 1 elsewhere; about three cards in four give Progress)
    "sea_step": 0.7,  # a space of Progress between two sea spaces
    "slow_step": 1.4,  # any other space of Progress (coastal waters, land, river)
    "status_step": 0.5,  # a status change follows the move in the same turn, once a turn
    "launch_step": 1.0,  # launching takes the whole turn
    # turns an expedition in port is judged further from its targets than one at sea: what
    # a fresh expedition promises is a guess (the scurvy die of a direct launch, the cards
    # still to play), and without it bots aborted sound expeditions to launch again, and again
    "port_wait": 1.5,
    # going back aboard takes the turn's movement: without this cost a land expedition
    # standing beside its ships looked better off than aboard them (no ship risk) and stayed
    "reboard_step": 1.0,
    "sighting_wait": 4.0,  # turns to draw a Ⓓ at sea (11 of 50 cards) before a D arrow opens
    "civ_wait": 5.0,  # turns to discover a civilization before its Rumors box opens
    "raft_wait": 3.0,  # turns to build rafts before a river can be entered
    "strait_wait": 2.0,  # a Straits space is passed on a Navigation check at -3
    # -- risk: the chance per turn that the expedition fails or loses what it carries
    # Reaching the target VP wins at once (Victory); one VP short costs a whole new voyage
    # (15 rounds or so): a voyage that wins counts this many VP more than it publishes.
    "win_bonus": 2.0,
    "time_factor": 0.97,  # a turn spent is worth this much: the race to the target VP
    # About 2 % of random expeditions' turns end in failure; careful ones fail less.
    "base_risk": 0.01,  # storms, natives, mutiny: what no counter prevents
    "men_risk": 0.08,  # ... times men_decay per man: with no men the Leader stands alone
    "men_decay": 0.5,
    "provision_risk": 0.06,  # ... times provision_decay per Provision: hungry expeditions starve
    "provision_decay": 0.5,
    "ship_risk": 0.015,  # per turn aboard, divided by the ships: the last one lost at sea fails
    "damage_risk": 0.03,  # a Damage chit: the next damage wrecks a ship
    "lost_risk": 0.04,  # Lost: no Progress and no discovery until found again
    "second_risk": 0.02,  # the Second-in-Command's ratings are poor, and his death fails it
    "gear_risk": 0.005,  # each Sturdy Ship, Cannons, Trade Goods, Missionary, Guide...
    "max_risk": 0.5,
    # -- what may still be found where the expedition has not been
    # Turns until a Ⓓ card, by the deck a space draws from (its share of Ⓓ cards: 11 of 50 Sea,
    # 15 of 50 Coast, 9 of 50 Land; the Civilization deck has none).
    "draw_wait": {"sea": 4.5, "coast": 3.3, "nwp": 3.3, "river": 3.3, "land": 5.5},
    "second_find": 0.5,  # a second potential discovery in the same space: another card
    "gold_find": 0.25,  # a Gold chit found (toward the Gold awards, and spent on outfitting)
    "tour_targets": 6,  # the best single targets paired into two-target voyages
    "scurvy_losses": 3.5,  # a die of Provisions lost launching to a Land Sighted chit
    "rumor_stuck": 10.0,  # turns lost to Rumors of Gold ships cannot reach (no status change)
    # -- what a player holds apart from the expedition
    # An Outfitting card in hand: nothing. Cards are held only while outfitting, and those not
    # played are discarded: any worth here would make a bot put off ending its outfitting.
    "hand_card": 0.0,
    # Caravels: the ship type the rulebook's tip advises (fewer scurvy losses, better at sea).
    # A type that is worth something stops a bot from flipping the card back and forth.
    "caravel": 0.01,
    # Gold in port: nothing of its own. It buys Crew, Provisions or Soldiers (worth what they
    # lower the risk) and what is left is lost at launch: a worth here would keep a bot home.
    "gold": 0.0,
}
# The gear among the counters. A Native Guide and an Interpreter are no counters: the mat keeps
# the region of each (GUIDES names the field), and each counts as gear in its own region only,
# where its bonus applies (Navigation on land, Negotiation).
GEAR = ("Sturdy Ship", "Cannons", "Trade Goods", "Missionary", "Pilot", "Rutter")
GEAR += ("Copper Plated Hulls", "Cavalry")
ON_FOOT = ("land", "base", "river", "rumors", "contact", "capital")  # no ships needed

_PATHS: weakref.WeakKeyDictionary[Book, dict] = weakref.WeakKeyDictionary()


# -- worth --------------------------------------------------------------------------------------
def worths(state: State) -> dict[str, float]:
    return {p: worth(state, p) for p in state.players}


def worth(state: State, p: str) -> float:
    w = WORTH
    e = state.exp[p]
    held = w["hand_card"] * len(state.hands.get(p, ())) + w["gold"] * state.gold[p]
    if e.ship_type == "Caravel":
        held += w["caravel"]
    return state.total(p) + expedition_worth(state, p) + held


def expedition_worth(state: State, p: str) -> float:
    """What the expedition will publish, discounted; in port, what the best launch offers."""
    e = state.exp[p]
    need = max(0.0, state.target - state.total(p))
    if not e.launched:
        return max(
            (voyage(state, e, 0.0, *start, need=need) for start in launches(state, e)),
            default=0.0,
        )
    here = distances_from(state, e, e.space)
    home = home_distances(state, e)
    extra = rumor_detour(state, p, e, here)
    g = decay(e, state.book.spaces[e.space].region)
    return voyage(state, e, pending_vp(state, p, e), g, 0.0, here, home, extra, need=need)


def voyage(
    state: State,
    e: Expedition,
    pending: float,
    g: float,
    offset: float,
    here: dict[str, float],
    home: dict[str, float],
    extra: float = 0.0,
    need: float = 1e9,
) -> float:
    """The best of going home now, after one more target, or after two: the VP each way
    publishes times ``g`` per turn it takes (``offset`` and ``extra``: turns every way costs).
    VP beyond ``need`` (what the player still lacks to win) count nothing: the first to reach
    the target wins (Victory), so the nearest win beats a richer voyage."""
    start = min(here, key=here.get)
    now = home.get(start, 1e9) + offset + extra
    best = paid(pending, need) * g**now if pending else 0.0
    if e.must_return:
        return best
    singles = []
    for sid, (gain, once, found, wait) in rewards(state, e).items():
        d, h = here.get(sid), home.get(sid)
        if d is None or h is None:
            continue
        d += offset + extra
        vp = pending + gain + len(once)
        if gain or once:  # passing through
            singles.append((paid(vp, need) * g ** (d + h), sid, gain, once, d, 0.0))
        if found:  # staying for a Ⓓ card
            stay = paid(vp + found, need) * g ** (d + wait + h)
            singles.append((stay, sid, gain + found, once, d + wait, wait))
    singles.sort(reverse=True)
    top = singles[: WORTH["tour_targets"]]
    if top:
        best = max(best, top[0][0])
    for _, a, gain_a, once_a, d_a, _ in top:
        apart = distances_from(state, e, a)
        for _, b, gain_b, once_b, _, wait_b in top:
            if b != a and b in apart:
                vp = paid(pending + gain_a + gain_b + len(once_a | once_b), need)
                best = max(best, vp * g ** (d_a + apart[b] + wait_b + home[b]))
    return best


def paid(vp: float, need: float) -> float:
    """What publishing ``vp`` is worth to a player who lacks ``need`` VP: VP beyond the target
    count nothing, and reaching it counts ``win_bonus`` more (it ends the game at once, where
    one VP short means a whole new voyage)."""
    return need + WORTH["win_bonus"] if vp >= need else vp


def launches(state: State, e: Expedition):
    """In port: (g, turns, distances, home distances) of each way to launch (Launching
    Expeditions): to the sea beside Europe, to a Land Sighted chit after scurvy losses, or
    from the New World base chosen."""
    book = state.book
    if not e.items:  # between a return and the New Expedition: it will have its first Crew
        e = copy.copy(e)
        e.items = {"Crew": state.k["starting_crew"], "Provision": state.k["starting_provisions"]}
    home = home_distances(state, e)
    region = book.spaces[e.launch_from].region
    g = decay(e, region)
    w = WORTH
    port = w["launch_step"] + w["port_wait"]
    if e.launch_from != book.europe:
        # surcharges still to pay bar the launch (Other Personnel and Equipment): a bot that
        # counted on it stayed in port for ever
        if e.unpaid:
            return
        if e.launch_from in state.founded and book.spaces[e.launch_from].launch:
            yield g, port, distances_from(state, e, e.launch_from), home
        return
    yield g, port, distances_from(state, e, book.launch_sea), home
    if not state.sighted:
        return
    scurvy = w["scurvy_losses"] - (1 if e.ship_type == "Caravel" else 0)
    sick = copy.copy(e)
    sick.items = dict(e.items)
    left = e.items.get("Provision", 0) - scurvy
    sick.items["Provision"] = max(0, round(left))
    if left < 0:
        sick.items["Crew"] = max(0, e.items.get("Crew", 0) + round(left))
    g_sick = decay(sick, region)
    for sid in sorted(state.sighted):
        yield g_sick, port, distances_from(state, e, sid), home


def rumor_detour(state: State, p: str, e: Expedition, here: dict[str, float]) -> float:
    """Turns lost to face-up Rumors of Gold: no status change until they are visited
    (Expedition must return frees the expedition of them)."""
    if not pending(state, p, e):
        return 0.0
    if e.mode == SHIP:  # ships cannot go inland: it must first go ashore
        return WORTH["rumor_stuck"]
    return 2 * here.get(state.rumors[p][0], WORTH["rumor_stuck"])


def decay(e: Expedition, region: str | None = None) -> float:
    """What a VP a turn away is worth: the time a turn costs and the risk of failing in it.
    ``region``: the region of the expedition's space (a Native Guide or Interpreter helps there)."""
    w = WORTH
    it = e.items
    risk = w["base_risk"] + w["men_risk"] * w["men_decay"] ** e.men
    provisions = it.get("Provision", 0)
    risk += w["provision_risk"] * w["provision_decay"] ** provisions
    if e.mode == SHIP or e.ships:  # ashore, it still sails home on the ships it left
        risk += w["ship_risk"] / max(1, e.ships)
        if e.damage:
            risk += w["damage_risk"]
    elif e.mode == RAFT and e.raft_damage:
        risk += w["damage_risk"]
    if e.lost:
        risk += w["lost_risk"]
    if e.second:
        risk += w["second_risk"]
    gear = sum(min(1, it.get(g, 0)) for g in GEAR)
    gear += sum(region is not None and getattr(e, attr) == region for attr in GUIDES.values())
    risk -= w["gear_risk"] * gear
    risk = min(w["max_risk"], max(0.0, risk))
    return w["time_factor"] * (1.0 - risk)


# -- what the expedition would publish now ------------------------------------------------------
def open_boxes(state: State, award: str) -> int:
    info = state.book.awards.get(award)
    return 0 if info is None else info.count - len(state.claimed.get(award, ()))


def pending_vp(state: State, p: str, e: Expedition) -> float:
    """The VP publishing would score now (Expedition Return), or its best Major Expedition."""
    if not e.launched:
        return 0.0
    book = state.book
    taken: dict[str, int] = {}
    vp = 0.0

    def award(aid: str) -> None:
        nonlocal vp
        if open_boxes(state, aid) - taken.get(aid, 0) > 0:
            taken[aid] = taken.get(aid, 0) + 1
            vp += book.awards[aid].vp

    for tid, track in book.tracks.items():
        at = state.markers.get(tid)
        if at is not None and track.vp and any(s in e.visited for s in track.spaces[at + 1 :]):
            vp += track.vp
    for aid, _, _ in return_awards(state, e):
        award(aid)
    gold = e.items.get("Gold", 0)
    for need, aid in book.gold_awards:
        if gold >= need:
            award(aid)
    return max(vp, best_major(state, p, e))


def best_major(state: State, p: str, e: Expedition) -> float:
    return max((major_vp(state, p, m) for m in qualified(state, e)), default=0.0)


# -- what is still to be found ------------------------------------------------------------------
def candidates(book: Book) -> list[tuple[str, object]]:
    """The spaces that may reward an expedition: those with discoveries, New World coastal
    waters (the sighting) and New World land (a Landfall); the rest never do."""
    cache = _PATHS.setdefault(book, {})
    if "candidates" not in cache:
        cache["candidates"] = [
            (sid, space)
            for sid, space in book.spaces.items()
            if space.discoveries or sid in book.visit_award
        ]
    return cache["candidates"]


def rewards(state: State, e: Expedition) -> dict[str, tuple[float, frozenset[str], float, float]]:
    """Space -> what the expedition would add by reaching it: the VP found on entering, the
    awards won once by any space of a kind (the first New World sighting, a region's Landfall),
    the VP of the discoveries a Ⓓ card would make there and the turns such a card takes."""
    book = state.book
    w = WORTH
    out: dict[str, tuple[float, frozenset[str], float, float]] = {}
    path = e.visited if e.launched else set()
    earned = book.visit_awards(path)
    still = {a for a in (SIGHTING, *LANDFALLS) if open_boxes(state, a) and a not in earned}
    found = set(e.found)
    mine: dict[str, int] = {}
    for sid, i in e.found:
        a = book.spaces[sid].discoveries[i].award
        mine[a] = mine.get(a, 0) + 1
    for sid, space in candidates(book):
        aid = book.visit_award.get(sid)
        once = frozenset({aid}) if aid in still else frozenset()
        gain = found_vp = 0.0
        for i, d in enumerate(space.discoveries):
            if d.award == "gold":
                gain += w["gold_find"]
                continue
            if (sid, i) in found or (sid, i) in state.known:
                continue
            info = book.awards.get(d.award)
            if info is None or not info.vp:
                continue
            item = GOODS.get(d.award)
            if item is not None and e.items.get(item):
                continue
            if open_boxes(state, d.award) - mine.get(d.award, 0) <= 0:
                continue
            if d.auto:
                gain += info.vp
            else:
                found_vp += info.vp * (1.0 if not found_vp else w["second_find"])
        if gain or once or found_vp:
            out[sid] = (gain, once, found_vp, w["draw_wait"].get(space.draws, 1e9))
    return out


# -- distances ----------------------------------------------------------------------------------
def gates(state: State, e: Expedition) -> frozenset[str]:
    """The D arrows and civilizations open to this expedition (Land Sighted known or found)."""
    book = state.book
    opened = set(state.sighted)
    opened |= {sid for sid, _ in e.found if sid in book.land_sighted}
    for name, c in book.civs.items():
        i = next(i for i, d in enumerate(book.spaces[c.home].discoveries) if d.award == c.award)
        if (c.home, i) in state.known or (c.home, i) in e.found:
            opened.add(name)
    return frozenset(opened)


def step_cost(book: Book, a: str, b: str, opened: frozenset[str], arrow: bool) -> float:
    w = WORTH
    ka, kb = book.kind[a], book.kind[b]
    if arrow:
        cost = w["status_step"]
        info = book.arrow[(a, b)]
        if info.sighting and info.a == a and a not in opened:
            cost += w["sighting_wait"]
    else:
        cost = w["sea_step"] if ka == "sea" and kb == "sea" else w["slow_step"]
    if kb == "river" and ka != "river":
        cost += w["raft_wait"]
    if kb == "rumors" and book.spaces[b].civilization not in opened:
        cost += w["civ_wait"]
    if b in book.straits:
        cost += w["strait_wait"]
    return cost


def graph(
    book: Book, opened: frozenset[str], on_foot: bool = False, aboard: bool = False
) -> dict[str, list[tuple[str, float]]]:
    """Every step of the map with its cost in turns. ``on_foot``: only between spaces a land or
    raft expedition may enter (one without ships). ``aboard``: ships stay on the water, so a
    step between land spaces is an excursion ashore that must come back: it costs double."""
    cache = _PATHS.setdefault(book, {})
    key = ("graph", opened, on_foot, aboard)
    if key not in cache:
        out: dict[str, list[tuple[str, float]]] = {sid: [] for sid in book.spaces}
        steps = [(a, b, False) for a, b in book.border] + [(a, b, True) for a, b in book.arrow]
        for a, b, arrow in steps:
            inland = book.kind[a] in ON_FOOT and book.kind[b] in ON_FOOT
            if on_foot and not inland:
                continue
            cost = step_cost(book, a, b, opened, arrow)
            out[a].append((b, 2 * cost if aboard and inland else cost))
        cache[key] = out
    return cache[key]


def dijkstra(edges: dict[str, list[tuple[str, float]]], starts: dict[str, float]):
    dist = dict(starts)
    heap = [(d, s) for s, d in starts.items()]
    heapq.heapify(heap)
    while heap:
        d, s = heapq.heappop(heap)
        if d > dist[s]:
            continue
        for t, c in edges[s]:
            nd = d + c
            if nd < dist.get(t, 1e18):
                dist[t] = nd
                heapq.heappush(heap, (nd, t))
    return dist


def distances_from(state: State, e: Expedition, start: str) -> dict[str, float]:
    """Turns from ``start`` to every space (on foot for a land or raft expedition that has no
    ships left)."""
    book = state.book
    opened = gates(state, e)
    ashore = e.launched and e.mode != SHIP
    on_foot, aboard = ashore and not e.ships, not ashore
    cache = _PATHS.setdefault(book, {})
    key = ("from", start, opened, on_foot, aboard)
    if key not in cache:
        cache[key] = dijkstra(graph(book, opened, on_foot, aboard), {start: 0.0})
    return cache[key]


def home_distances(state: State, e: Expedition) -> dict[str, float]:
    """Turns from every space to Europe or a New World base (where it publishes); for a land
    or raft expedition, back to its ships first, or to a base."""
    book = state.book
    opened = gates(state, e)
    cache = _PATHS.setdefault(book, {})
    bases = frozenset(state.founded)
    key = ("home", bases, opened)
    if key not in cache:
        homes = dict.fromkeys({book.europe} | bases, 0.0)
        cache[key] = dijkstra(reverse(book, opened, aboard=True), homes)
    home = cache[key]
    if not e.launched or e.mode == SHIP:
        return home
    ships = e.ship_space if e.ships else None
    key = ("ashore", bases, opened, ships)
    if key not in cache:
        starts = dict.fromkeys(bases, 0.0)
        if ships is not None:
            starts[ships] = home.get(ships, 1e9) + WORTH["reboard_step"]
        cache[key] = dijkstra(reverse(book, opened, on_foot=True), starts)
    return cache[key]


def reverse(
    book: Book, opened: frozenset[str], on_foot: bool = False, aboard: bool = False
) -> dict[str, list[tuple[str, float]]]:
    """The steps of the map backwards (for distances to a set of places)."""
    cache = _PATHS.setdefault(book, {})
    key = ("reverse", opened, on_foot, aboard)
    if key not in cache:
        back: dict[str, list[tuple[str, float]]] = {sid: [] for sid in book.spaces}
        for a, out in graph(book, opened, on_foot, aboard).items():
            for b, c in out:
                back[b].append((a, c))
        cache[key] = back
    return cache[key]


# -- mcts's play-out ------------------------------------------------------------------------------
# mcts searches one move deep here: a flat search, each of the player's moves judged over
# sampled hands, cards and dice. Deeper, a move's worth became the mean over every continuation
# the search tried, most of them poor (a turn has many choices), so moves that leave fewer
# choices looked best: waiting in port, no expedition action, staying on an island. Measured
# against greedy (2 players, 200 iterations, seeds 1-7, 10 games each): a full tree won 16.7 %
# of 30 games, two moves deep 15 % of 30, one move deep 50 % of 70 (games ended by the
# rulebook: 53 %, 67 %, 81 %). With one level the search is a choice between bandit arms, and a
# small exploration constant spends the play-outs on the moves that look best. The 200-game
# tournament against greedy then gave 53.2 % (benchmarks/README.md).
tree_depth = 1
exploration = 0.1

ROLLOUT_CHANCES = 30  # chance steps resolved at most before the position is judged


def rollout(rules, state: State, rng: random.Random) -> None:
    """mcts's play-out in this game: only the cards and dice the last move led to, up to the
    next choice, so the position is judged with its outcome known. Random choices after it
    (aborting, declaring a return, dropping cargo at random) said less about a move than the
    noise they added; the tree itself follows a player's own choices within a turn."""
    for _ in range(ROLLOUT_CHANCES):
        d = rules.decision(state)
        if d is None or d.kind != "chance":
            return
        rules.apply(state, rules.sample_outcome(state, rng))


# -- the position as a seat sees it -------------------------------------------------------------
def determinise(state: State, seat: str, rng: random.Random) -> None:
    """Other players' Outfitting cards are face down: deal them again, hand by hand in seat
    order, from those cards and the Outfitting deck together (a canonical, sorted pool); the
    rest is the deck (kept sorted: its cards are drawn uniformly, so its order is no secret)."""
    others = [p for p in state.players if p != seat]
    pool = sorted([*state.outfit_deck, *(c for p in others for c in state.hands[p])])
    rng.shuffle(pool)
    for p in others:
        n = len(state.hands[p])
        state.hands[p], pool = sorted(pool[:n]), pool[n:]
    state.outfit_deck = sorted(pool)
    state.forget()


def hidden_hand(state: State, seat: str) -> list[tuple[str, str]]:
    """The Outfitting cards in ``seat``'s hand, as (kind, name) (play keeps them out of what it
    prints for a bot whose secret cards stay face down)."""
    return [("Outfitting card", state.book.outfit[n].name) for n in state.hands[seat]]
