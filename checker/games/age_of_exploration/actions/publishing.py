"""Expedition Return and publishing (Known Progress, Land Sighted, the first New World
sighting and landfalls, the discoveries of the VP chart, goods delivered, Outfitting cards per
VP and per channel), Major Expeditions instead of normal scoring, an empire's defeat, the
failure and abort of an expedition, New Expedition (its cards and Leader) and Victory."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.actions import echoes, engine
from portolan.checker.games.age_of_exploration.book import GOODS, GOODS_AWARDS
from portolan.checker.games.age_of_exploration.sections import MAJOR_EXPEDITIONS, NEW_EXPEDITION
from portolan.checker.games.age_of_exploration.state import OVER, Expedition, State

# Where a Major Expedition is reached (Major Expeditions: "reached at least NWP6", "NWP9").
REACHED = {"nwp-explored": "NWP6", "nwp-traversed": "NWP9"}


# -- VP ------------------------------------------------------------------------------------------
def gain_vp(state: State, p: str, category: str, n: int) -> None:
    """VP on the score sheet; a player reaching the target wins at once (Victory): nothing is
    scored after that."""
    if n <= 0 or state.phase == OVER:
        return
    state.vp[p][category] = state.vp[p].get(category, 0) + n
    if state.total(p) >= state.target and state.phase != OVER:
        state.phase = OVER
        state.end_reason = f"{p} reaches {state.total(p)} VP (the target is {state.target})"


def claim(state: State, p: str, award: str) -> int | None:
    """The next box of a VP chart award, if one is left: its VP (claimed once each)."""
    info = state.book.awards.get(award)
    if info is None:
        return None
    got = state.claimed.setdefault(award, [])
    if len(got) >= info.count:
        return None
    got.append(p)
    for sid, space in state.book.bases.items():
        if space.founded == award and sid not in state.founded:
            found_base(state, sid)
    return info.vp


def found_base(state: State, sid: str) -> None:
    state.founded.add(sid)
    for tid, track in state.book.tracks.items():
        if track.placed_when == sid and state.markers.get(tid) is None:
            state.markers[tid] = track.spaces.index(track.start) if track.start else 0
    state.waters = None


def gold_awards(state: State, p: str, gold: int, cards: bool = True) -> list[str]:
    """The 1st 3+, 6+, 10+ Gold awards: Gold delivered at once (or spent at a base, without
    Outfitting cards: Expedition Action)."""
    events = []
    for need, award in state.book.gold_awards:
        if gold >= need and state.phase != OVER:  # won: nothing more is claimed (Victory)
            vp = claim(state, p, award)
            if vp:
                gain_vp(state, p, "goods", vp)
                events.append(f"{state.book.awards[award].name}: {vp} VP")
                if cards:
                    state.now.published += vp
    return events


# -- returning ------------------------------------------------------------------------------------
def qualified(state: State, e: Expedition) -> list[str]:
    """The Major Expeditions this expedition completed that nobody has scored."""
    out = []
    path = e.visited
    for major in state.book.majors:
        if major in state.majors or major.endswith("-defeat"):
            continue
        home = e.space == state.book.europe
        if (
            major in e.descents
            or REACHED.get(major) in path
            or (major == "circumnavigation" and e.circled and home)
        ):
            out.append(major)
    return out


def major_vp(state: State, p: str, major: str) -> int:
    info = state.book.majors[major]
    if state.total(p) == 0:
        return state.k["major_vp_without_vp"]
    if state.options.get("major_vp") == "variant" and info.variant_vp:
        return info.variant_vp
    return info.vp


def score_auto(state: State, t: tk.ScoreVoyage) -> list[str] | None:
    if qualified(state, state.exp[t.player]):
        return None
    state.tasks.pop()
    return publish(state, t.player, None)


def check_score(state: State, t: tk.ScoreVoyage, move: m.Score) -> Illegal | None:
    if move.major is None or move.major in qualified(state, state.exp[t.player]):
        return None
    return Illegal(
        MAJOR_EXPEDITIONS, f"this expedition has not completed {move.major} (or it is taken)"
    )


def answer_score(state: State, t: tk.ScoreVoyage, move: m.Score) -> list[str]:
    return publish(state, t.player, move.major)


tk.register(
    tk.ScoreVoyage,
    score_auto,
    engine.ask(
        "Return", (m.Score,), "a Major Expedition instead of normal scoring?", default=m.NORMAL
    ),
    lambda s, t: [m.NORMAL, *(m.Score(x) for x in qualified(s, s.exp[t.player]))],
    check_score,
    answer_score,
)


def publish_major(state: State, p: str, major: str) -> str:
    """A Major Expedition (or an empire's defeat) published: its VP, and who holds it."""
    vp = major_vp(state, p, major)
    state.majors[major] = p
    gain_vp(state, p, "majors", vp)
    state.now.published += vp
    return f"{state.book.majors[major].name}: {vp} VP"


def known_progress(state: State, p: str, path: set[str], normal: bool, events: list[str]) -> int:
    """Known Progress: the Sea markers (2 cards), the NWP and SSA markers (1 VP and 2 cards each
    time they advance), moved along ``path``; the Outfitting cards they earn."""
    cards = 0
    sea_moved = False
    for tid, track in state.book.tracks.items():
        at = state.markers.get(tid)
        if at is None:
            continue
        best = max((i for i, s in enumerate(track.spaces) if s in path), default=-1)
        if best <= at:
            continue
        state.markers[tid] = best
        state.waters = None
        events.append(f"{track.name} to {track.spaces[best]}")
        if not track.vp:
            sea_moved = True
            continue
        cards += track.cards
        if normal:
            gain_vp(state, p, "known_progress", track.vp)
            state.now.published += track.vp
            events.append(f"{track.name}: {track.vp} VP")
    if sea_moved:
        cards += state.k["known_progress_cards"]
    return cards


def publish(state: State, p: str, major: str | None, defeat: str | None = None) -> list[str]:
    """The Expedition Return checklist; with a Major Expedition (or an empire's defeat) no VP
    but the Major's, the rest still published (FAQ)."""
    book = state.book
    e = state.exp[p]
    normal = major is None and defeat is None
    events: list[str] = []
    state.now.published = 0
    if major or defeat:
        events.append(publish_major(state, p, major or defeat))
    cards = known_progress(state, p, e.visited, normal, events)
    channels = 0
    for aid, category, chit in return_awards(state, e):
        if chit is not None:  # a Ⓓ chit: now known (its Known chit on the map)
            state.known.add(chit)
            if aid == "land-sighted":
                state.sighted.add(chit[0])
                state.waters = None
            channels += aid == "channel"
        vp = None if state.phase == OVER else claim(state, p, aid)  # won: no more (Victory)
        if vp is None:
            continue
        name = book.awards[aid].name
        if normal and vp:
            gain_vp(state, p, category, vp)
            state.now.published += vp
            events.append(f"{name}: {vp} VP")
        else:
            if vp:
                state.unscored.setdefault(aid, []).append(p)
            events.append(f"{name} published")
    if channels:
        cards += state.k["channel_cards"] + channels - 1
    gold = e.items.get("Gold", 0)
    if normal:
        events += gold_awards(state, p, gold)
    state.gold[p] += gold
    if gold:
        events.append(f"keeps {gold} Gold")
    if defeat:
        state.gold[p] += book.majors[defeat].gold
        events.append(f"+{book.majors[defeat].gold} Gold")
    cards += state.now.published * state.k["cards_per_vp"]
    e.found.clear()
    events.append(
        f"draws {engine.plural(cards, 'Outfitting card')}" if cards else "no Outfitting cards"
    )
    clear_expedition(state, p)
    push(
        state,
        *[tk.DrawOutfitting(p)] * cards,
        tk.NewExpedition(p, "second" if e.second else "returned"),
    )
    return events


def return_awards(state: State, e: Expedition):
    """The VP chart awards a return publishes, in the checklist's order (Expedition Return):
    sighting and Landfalls, the Ⓓ chits nobody published first, Teredos, the goods delivered;
    each as (award, score sheet category, its Ⓓ chit or None)."""
    book = state.book
    for aid in book.visit_awards(e.visited):
        yield aid, "vp_chart", None
    for sid, i in e.found:
        d = book.spaces[sid].discoveries[i]
        if d.award in GOODS:
            continue
        if (sid, i) in state.known or (d.award == "land-sighted" and sid in state.sighted):
            continue  # another expedition published it first: its Known chit is there
        yield d.award, "vp_chart", (sid, i)
    if e.teredos:
        yield "teredos", "vp_chart", None
    for item, aid in GOODS_AWARDS.items():
        if e.items.get(item):
            yield aid, "goods", None


@engine.auto(tk.EmpireDefeated)
def defeat(state: State, name: str) -> list[str]:
    """An empire's defeat completes its Major Expedition at once; then the Return checklist,
    its base placed, and a New Expedition with 5 Gold more (Civilization Encounters)."""
    p = state.player
    c = state.book.civs[name]
    state.fallen.add(name)
    if c.defeat in state.majors:
        return [f"the {name} Empire is defeated (already scored)"]
    found_base(state, c.base)
    engine.remove_turn_tasks(state, p)
    return [f"defeats the {name} Empire", *publish(state, p, None, defeat=c.defeat)]


# -- the end of an expedition -------------------------------------------------------------------
def clear_expedition(state: State, p: str) -> None:
    """Turn in every chit (Gold already counted by the caller), free the empires' chits; the
    take-overs barred against this expedition end with it (Expedition Action: "this
    expedition")."""
    e = state.exp[p]
    for other in state.exp.values():
        if any(rival == p for rival, _ in other.barred):
            other.barred = {b for b in other.barred if b[0] != p}
    civ.release(state, e, "allies")
    civ.release(state, e, "ruler")
    for name, inside in state.capital.items():
        if inside == p:
            state.capital[name] = None
    state.rumors[p] = None
    e.launched = False
    e.items, e.hold, e.found = {}, {}, []


def abort(state: State, p: str) -> list[str]:
    """Abort Expedition: turn in all chits, retire the Leader face up, New Expedition (not
    with the Leader just retired). A Leader who died stays withdrawn (Key Concepts): his card,
    Second-in-Command side up, is retired face down."""
    e = state.exp[p]
    (state.retired_down if e.second else state.retired_up).append(e.leader)
    clear_expedition(state, p)
    push(state, tk.NewExpedition(p, "aborted", e.leader))
    side = "face down (he died)" if e.second else "face up"
    return [f"aborts the expedition; {e.leader} is retired {side}"]


def leading(state: State, p: str) -> bool:
    return all(state.total(p) > state.total(q) for q in state.players if q != p)


@engine.auto(tk.NewExpedition)
def new_expedition(state: State, t: tk.NewExpedition) -> list[str]:
    """New Expedition: 2 Outfitting cards (2 more after a failure or abort, unless leading);
    a new Leader after a failure, an abort or a Second-in-Command's return; then outfitting."""
    state.tasks.pop()
    p, why = t.player, t.why
    old = state.exp[p]
    k = state.k
    cards = k["new_expedition_cards"]
    if why in ("failed", "aborted") and not leading(state, p):
        cards += k["failed_expedition_extra_cards"]
    need = why in ("failed", "aborted", "second")
    if why == "second":
        state.retired_down.append(old.leader)
    e = Expedition(leader="" if need else old.leader, kind=old.kind, ship_type=old.ship_type)
    e.items = {"Crew": k["starting_crew"], "Provision": k["starting_provisions"]}
    state.exp[p] = e
    tasks = [tk.DrawOutfitting(p)] * cards
    if need:
        tasks.append(tk.PickLeader(p, t.leader))
    push(state, *tasks, tk.Outfit(p, "new"))
    return [f"{p} outfits a new expedition: draws {cards} Outfitting cards"]


# -- a new Leader -------------------------------------------------------------------------------
def pick_moves(state: State, t: tk.PickLeader) -> list:
    if not any(state.piles.values()) and not [x for x in state.retired_up if x != t.leader]:
        for name in state.retired_down:  # no Leader left anywhere: see docs/rules
            state.piles[state.book.leaders[name].type].append(name)
        state.retired_down.clear()
    out = [m.Pick(x) for x in state.retired_up if x != t.leader]
    return out + [m.Pick(kind) for kind, pile in state.piles.items() if pile]


def check_pick(state: State, t: tk.PickLeader, move: m.Pick) -> Illegal | None:
    if move in pick_moves(state, t):
        return None
    if move.pick == t.leader:
        return Illegal(NEW_EXPEDITION, f"{move.pick} was just retired: choose another Leader")
    return Illegal(NEW_EXPEDITION, f"{move.pick} is not a face-up retired Leader nor a pile")


def answer_pick(state: State, t: tk.PickLeader, move: m.Pick) -> list[str]:
    p = t.player
    if move.pick in state.piles:
        push(state, tk.DrawLeader(p, move.pick, "pick"))
        return [f"draws the top {move.pick.capitalize()}"]
    state.retired_up.remove(move.pick)
    set_leader(state, p, move.pick)
    return [f"takes {move.pick} from the retired Leaders"]


def set_leader(state: State, p: str, name: str) -> None:
    e = state.exp[p]
    kind = state.book.leaders[name].type
    if kind != e.kind:  # Pilot for Rutter and back (Switching Leaders)
        pilot, rutter = e.items.pop("Pilot", 0), e.items.pop("Rutter", 0)
        if rutter:
            e.items["Pilot"] = rutter
            echoes.record(state, "switch", "Pilot", "Rutter")
        if pilot:
            e.items["Rutter"] = pilot
            echoes.record(state, "switch", "Rutter", "Pilot")
    e.leader, e.kind, e.second = name, kind, False


tk.register(
    tk.PickLeader,
    None,
    engine.ask("Leader", (m.Pick,), "the new expedition's Leader"),
    pick_moves,
    check_pick,
    answer_pick,
)


def check_ldraw(state: State, t: tk.DrawLeader, move: m.Leader) -> Illegal | None:
    if move.name in state.piles[t.group]:
        return None
    info = state.book.leaders.get(move.name)
    if info is not None and info.type != t.group:
        return Illegal(NEW_EXPEDITION, f"{move.name} is not an {t.group.capitalize()}")
    return Illegal(NEW_EXPEDITION, f"{move.name} is not in the {t.group.capitalize()} pile")


def answer_ldraw(state: State, t: tk.DrawLeader, move: m.Leader) -> list[str]:
    p, purpose = t.player, t.purpose
    state.piles[t.group].remove(move.name)
    if purpose == "hire":
        push(state, tk.RetireLeader(p, move.name))
        return [f"{move.name} is turned over"]
    set_leader(state, p, move.name)
    return [f"{p}'s Leader: {move.name}"]


tk.register(
    tk.DrawLeader,
    None,
    engine.ask(
        "Leader",
        (m.Leader,),
        lambda s, t: f"the {t.group.capitalize()} turned over for {t.player}",
        "chance",
    ),
    lambda s, t: [(m.Leader(x), 1) for x in s.piles[t.group]],
    check_ldraw,
    answer_ldraw,
)
