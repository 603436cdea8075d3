"""Scoring an Age of Exploration game from its end position alone (docs/logs.md shows it): each
player's claimed awards (a sequential award once per box), Known Progress, Major Expeditions
and the awards taken off the chart without VP (only with a Major Expedition)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import EntryReader, player_entries, value_of
from portolan.checker.core.position import Position, read_position
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.age_of_exploration.book import Book
from portolan.checker.games.age_of_exploration.logformat import MAJOR, award_id, by_id
from portolan.checker.games.age_of_exploration.scoring import sheet
from portolan.checker.games.age_of_exploration.setup import target_vp
from portolan.model.loader import Game
from portolan.yamlsrc import Source

KEYS = ("game", "options", "players")
# what each player maps to
HINT = "{awards: [...], progress: N, majors: {...}, without_vp: [...]}"
GOODS = ("spice", "gems", "pearls", "hardwood-delivered", "natives")


AWARDS = lf.ListOf(by_id("awards", "an award of the VP chart", award_id))
PLAYER = lf.Fields(
    {
        "awards": AWARDS,
        "progress": lf.Whole(
            0, wrong="progress is how many times the NWP or SSA marker advanced: a whole number"
        ),
        "majors": lf.MapOf(
            MAJOR,
            lf.Unread("its VP"),
            "majors maps each Major Expedition to its VP",
            bare=True,
        ),
        "without_vp": AWARDS,
    },
    shape="each player maps to {awards, progress, majors, without_vp}",
    partial=True,
)


def score_position(
    book: Book, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    vp = {p: {c.id: 0 for c in book.categories} for p in head.players}
    boxes: dict[str, int] = {}
    taken: dict[str, str] = {}  # each Major Expedition -> the player who scored it
    for p, entry in player_entries(EntryReader(head, book), PLAYER).items():
        player_entry(book, head, p, entry, vp[p], boxes)
        majors_scored(book, head, p, value_of(entry, "majors", []), vp[p], taken)
    head.done()
    target = target_vp(book, head.options, len(head.players))
    result = sheet(book.categories, vp, target, "")
    won = [p for p in vp if sum(vp[p].values()) >= target]
    if len(won) > 1:
        head.bad(
            f"{' and '.join(won)} both have {target} VP or more: the first to reach the target "
            "wins at once (Victory), so only one player can",
            head.raw.value_pos["players"],
            "players",
        )
        head.done()
    result.finished = bool(won)
    if not won:
        result.notes.insert(1, f"Nobody has reached {target} VP: the game is not won yet.")
    return result


def _boxes(book: Book, head: Position, listed: list[lf.At], boxes: dict[str, int]) -> list[str]:
    """The awards listed, each a box of the VP chart (counted in ``boxes``, shared by every
    player and both lists); one claimed more often than its boxes is a problem."""
    out = []
    for at in listed:
        a = book.awards[at.value]
        boxes[at.value] = boxes.get(at.value, 0) + 1
        if boxes[at.value] > a.count:
            head.bad(f"{a.name} has {a.count} box(es): it is claimed once each", at.pos, at.field)
        else:
            out.append(at.value)
    return out


def player_entry(
    book: Book, head: Position, p: str, entry: dict, vp: dict[str, int], boxes: dict[str, int]
) -> None:
    """A player's awards (with VP and without) and NWP/SSA Progress, added to ``vp``."""
    for aid in _boxes(book, head, value_of(entry, "awards", []), boxes):
        a = book.awards[aid]
        vp["goods" if aid in GOODS or a.gold else "vp_chart"] += a.vp
    without = value_of(entry, "without_vp", [])
    if _boxes(book, head, without, boxes) and not value_of(entry, "majors", []):
        head.bad(
            "awards come off the chart without VP only with a Major Expedition: "
            f"{p} has no 'majors'",
            without[0].pos,
            f"players.{p}.without_vp",
        )
    vp["known_progress"] += value_of(entry, "progress") * book.k["known_progress_vp"]


def majors_scored(
    book: Book, head: Position, p: str, got: list, vp: dict[str, int], taken: dict[str, str]
) -> None:
    """A player's Major Expeditions and their VP, held to what else the player has: "If the
    player has no VPs at all, all Major Expeditions are worth a mere 4 VPs" (Major
    Expeditions), so the first Major of a player with no other VP scored 4, and only one can."""
    field = f"players.{p}"
    others = sum(vp.values())  # the player's VP besides his Majors
    mine: list[tuple[str, Any, Any]] = []  # (major, VP written or None, where)
    for name, value in got:
        if lf.once(head, taken, name, p, "{value} is also {owner}'s: each is scored once"):
            mine.append((name.value, value.value, name.pos))
    low = book.k["major_vp_without_vp"]
    if others == 0 and len(mine) == 1 and mine[0][1] is None:
        mine[0] = (mine[0][0], low, mine[0][2])  # his only VP: the rules decide it was 4
    lows = 0
    for mid, value, pos in mine:
        info, full = book.majors[mid], _full_vp(book, head.options, mid)
        points = full if value is None else value
        if isinstance(points, bool) or not isinstance(points, int) or points not in (full, low):
            head.bad(
                f"{info.name} scores {low} or {full} VP, not {value}",
                pos,
                f"{field}.majors.{mid}",
            )
            continue
        lows += points == low
        if points == low and lows > 1:
            head.bad(
                f"{info.name} scores {full} VP, not {low}: only a player with no VP at all "
                f"scores a Major Expedition as {low}, and after one {p} had {low}",
                pos,
                f"{field}.majors.{mid}",
            )
            continue
        vp["majors"] += points
    if mine and others == 0 and lows == 0:
        mid, _, pos = mine[0]
        head.bad(
            f"{p} has no VP but Major Expeditions: the first he scored was worth {low} VP "
            f"(a player with no VPs at all scores a Major Expedition as {low}), not "
            f"{book.majors[mid].name}'s full VP",
            pos,
            f"{field}.majors.{mid}",
        )


# -- a position a log starts from (checker/core/position.py) --------------------------------
def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's awards (a sequential award
    once a box), the times a Known Progress marker advanced for them, their Major Expeditions
    and what they took off the chart without VP."""
    book = state.book
    players: dict[str, Any] = {}
    step = book.k["known_progress_vp"]
    for p in state.players:
        awards = [aid for aid, who in state.claimed.items() for q in who if q == p]
        progress = state.vp[p].get("known_progress", 0) // step if step else 0
        majors = {m: _major_vp(state, p, m) for m, q in state.majors.items() if q == p}
        without = [aid for aid, who in state.unscored.items() for q in who if q == p]
        entry = {"awards": awards, "progress": progress, "majors": majors, "without_vp": without}
        players[p] = {key: value for key, value in entry.items() if value}  # the empty left out
    return {"players": players}


def _major_vp(state: Any, p: str, major: str) -> int:
    if not sum(v for c, v in state.vp[p].items() if c != "majors"):
        return state.k["major_vp_without_vp"]
    return _full_vp(state.book, state.options, major)


def _full_vp(book: Book, options: dict, major: str) -> int:
    """A Major Expedition's VP to a player with others (the variant's, under major_vp)."""
    info = book.majors[major]
    return info.variant_vp if options.get("major_vp") == "variant" and info.variant_vp else info.vp


def problems(state: Any) -> list[tuple[tuple, str]]:
    """An Outfitting card in two places (or twice in one), a card number the game does not
    have, an award claimed more often than its boxes."""
    book = state.book
    out: list[tuple[tuple, str]] = []
    places = [((key,), getattr(state, key)) for key in ("outfit_deck", "outfit_discard", "row")]
    places += [(("hands", p), cards) for p, cards in state.hands.items()]
    seen: Counter = Counter()
    for path, cards in places:
        for n in cards:
            if n not in book.outfit:
                out.append((path, f"there is no Outfitting card {n}"))
            seen[n] += 1
            if seen[n] == 2:
                out.append((path, f"Outfitting card {n} is in two places: the game has one"))
    for aid, who in state.claimed.items():
        award = book.awards.get(aid)
        if award is None:
            out.append((("claimed", aid), f"'{aid}' is not an award of the VP chart"))
        elif len(who) > award.count:
            out.append((("claimed", aid), f"{award.name} has {award.count} box(es)"))
    return out
