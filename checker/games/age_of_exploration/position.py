"""Scoring a game from its end position alone (``portolan score``): the VP chart as the table
left it, each player's claimed awards, the times the NWP or SSA Known Progress marker advanced
for them, and their Major Expeditions.

    game: age-of-exploration               # optional
    options: {victory: short}              # optional
    players:
      Ana: {awards: [new-world-sighting, landfall-cb, bay, bay], progress: 1}
      Ben: {awards: [landfall-na, gold-3], majors: {circumnavigation: 8}, without_vp: [spice]}
      Cai: {}

Awards are the VP chart's ids (or names); a sequential award (1st–4th Bay) is listed once per
box. A Major Expedition gives its VP, its variant VP or 4 (scored with no VP yet). `without_vp`
lists the awards a player's chits took off the chart without VP: published with a Major
Expedition (Major Expeditions: "no VPs are scored other than the Major Expedition award")."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.position import Position, read_position
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.age_of_exploration.book import Book
from portolan.checker.games.age_of_exploration.scoring import sheet
from portolan.checker.games.age_of_exploration.setup import target_vp
from portolan.errors import did_you_mean
from portolan.model.loader import Game
from portolan.names import fold
from portolan.yamlsrc import Source, YList, YMap

KEYS = ("game", "options", "players")
# what each player maps to
HINT = "{awards: [...], progress: N, majors: {...}, without_vp: [...]}"
ENTRY_KEYS = ("awards", "progress", "majors", "without_vp")
GOODS = ("spice", "gems", "pearls", "hardwood-delivered", "natives")


def award_id(book: Book, value: Any) -> str | None:
    for aid, a in book.awards.items():
        if fold(str(value)) in (fold(aid), fold(a.name)):
            return aid
    return None


def awards_listed(
    book: Book, head: Position, entry: YMap, key: str, field: str, boxes: dict[str, int]
) -> list[str]:
    """The awards a player's entry lists under `key`, each a box of the VP chart (counted in
    `boxes`, shared by every player and both lists); a wrong one is a problem."""
    awards = entry.get(key) or []
    if not isinstance(awards, list):
        awards = YList([awards])
        awards.item_pos = [entry.value_pos.get(key)]
    out = []
    for i, value in enumerate(awards):
        pos = awards.item_pos[i] if isinstance(awards, YList) else entry.value_pos[key]
        aid = award_id(book, value)
        if aid is None:
            head.bad(
                f"'{value}' is not an award of the VP chart",
                pos,
                f"{field}.{key}[{i}]",
                did_you_mean(str(value), book.awards),
            )
            continue
        a = book.awards[aid]
        boxes[aid] = boxes.get(aid, 0) + 1
        if boxes[aid] > a.count:
            head.bad(
                f"{a.name} has {a.count} box(es): it is claimed once each",
                pos,
                f"{field}.{key}[{i}]",
            )
            continue
        out.append(aid)
    return out


def score_position(
    book: Book, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    vp: dict[str, dict[str, int]] = {}
    boxes: dict[str, int] = {}
    taken: dict[str, str] = {}  # each Major Expedition -> the player who scored it
    for player, entry in head.table.items():
        p = str(player)
        vp[p] = {c.id: 0 for c in book.categories}
        if entry is None:
            continue
        if not isinstance(entry, YMap):
            head.bad(
                "each player maps to {awards, progress, majors, without_vp}",
                head.table.value_pos[player],
                f"players.{p}",
            )
            continue
        player_entry(book, head, p, entry, vp[p], boxes)
        majors_scored(book, head, p, entry, vp[p], taken)
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


def player_entry(
    book: Book, head: Position, p: str, entry: YMap, vp: dict[str, int], boxes: dict[str, int]
) -> None:
    """A player's awards (with VP and without) and NWP/SSA Progress, added to ``vp``."""
    field = f"players.{p}"
    for key in entry:
        if key not in ENTRY_KEYS:
            head.bad(
                f"unknown key '{key}'",
                entry.key_pos[key],
                f"{field}.{key}",
                did_you_mean(str(key), ENTRY_KEYS),
            )
    for aid in awards_listed(book, head, entry, "awards", field, boxes):
        a = book.awards[aid]
        vp["goods" if aid in GOODS or a.gold else "vp_chart"] += a.vp
    if awards_listed(book, head, entry, "without_vp", field, boxes) and not entry.get("majors"):
        head.bad(
            "awards come off the chart without VP only with a Major Expedition: "
            f"{p} has no 'majors'",
            entry.key_pos["without_vp"],
            f"{field}.without_vp",
        )
    progress = entry.get("progress", 0)
    if isinstance(progress, bool) or not isinstance(progress, int) or progress < 0:
        head.bad(
            "progress is how many times the NWP or SSA marker advanced: a whole number",
            entry.value_pos.get("progress"),
            f"{field}.progress",
        )
    else:
        vp["known_progress"] += progress * book.k["known_progress_vp"]


def major_id(book: Book, name: Any) -> str | None:
    return next(
        (m for m, info in book.majors.items() if fold(str(name)) in (fold(m), fold(info.name))),
        None,
    )


def majors_scored(
    book: Book, head: Position, p: str, entry: YMap, vp: dict[str, int], taken: dict[str, str]
) -> None:
    """A player's Major Expeditions and their VP, held to what else the player has: "If the
    player has no VPs at all, all Major Expeditions are worth a mere 4 VPs" (Major
    Expeditions), so the first Major of a player with no other VP scored 4, and only one can."""
    field = f"players.{p}"
    got = entry.get("majors") or {}
    if isinstance(got, list):
        got = {m if isinstance(m, str | int) else str(m): None for m in got}
    if not isinstance(got, dict):
        head.bad(
            "majors maps each Major Expedition to its VP",
            entry.value_pos.get("majors"),
            f"{field}.majors",
        )
        return
    others = sum(vp.values())  # the player's VP besides his Majors
    mine: list[tuple[str, Any, Any]] = []  # (major, VP written or None, where)
    for name, value in got.items():
        pos = got.key_pos.get(name) if isinstance(got, YMap) else entry.value_pos.get("majors")
        mid = major_id(book, name)
        if mid is None:
            head.bad(
                f"'{name}' is not a Major Expedition",
                pos,
                f"{field}.majors.{name}",
                did_you_mean(str(name), book.majors),
            )
        elif mid in taken:
            head.bad(
                f"{mid} is also {taken[mid]}'s: each is scored once", pos, f"{field}.majors.{name}"
            )
        else:
            taken[mid] = p
            mine.append((mid, value, pos))
    low = book.k["major_vp_without_vp"]
    if mine and others == 0 and len(mine) == 1 and mine[0][1] is None:
        mine[0] = (mine[0][0], low, mine[0][2])  # his only VP: the rules decide it was 4
    lows = 0
    for mid, value, pos in mine:
        info = book.majors[mid]
        full = (
            info.variant_vp
            if head.options.get("major_vp") == "variant" and info.variant_vp
            else info.vp
        )
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
UNKNOWN: dict[str, Any] = {}  # no deck may be written "unknown" (docs/logs.md)


def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's awards (a sequential award
    once a box), the times a Known Progress marker advanced for them, their Major Expeditions
    and what they took off the chart without VP."""
    book = state.book
    players: dict[str, Any] = {}
    step = book.k["known_progress_vp"]
    for p in state.players:
        entry: dict[str, Any] = {}
        awards = [aid for aid, who in state.claimed.items() for q in who if q == p]
        if awards:
            entry["awards"] = awards
        progress = state.vp[p].get("known_progress", 0) // step if step else 0
        if progress:
            entry["progress"] = progress
        majors = {m: _major_vp(state, p, m) for m, q in state.majors.items() if q == p}
        if majors:
            entry["majors"] = majors
        without = [aid for aid, who in state.unscored.items() for q in who if q == p]
        if without:
            entry["without_vp"] = without
        players[p] = entry
    return {"players": players}


def _major_vp(state: Any, p: str, major: str) -> int:
    info = state.book.majors[major]
    others = sum(v for c, v in state.vp[p].items() if c != "majors")
    if not others:
        return state.k["major_vp_without_vp"]
    if state.options.get("major_vp") == "variant" and info.variant_vp:
        return info.variant_vp
    return info.vp


def problems(state: Any) -> list[tuple[tuple, str]]:
    """An Outfitting card in two places (or twice in one), a card number the game does not
    have, an award claimed more often than its boxes."""
    book = state.book
    out: list[tuple[tuple, str]] = []
    places = [("outfit_deck", state.outfit_deck), ("outfit_discard", state.outfit_discard)]
    places.append(("row", state.row))
    places += [(("hands", p), cards) for p, cards in state.hands.items()]
    seen: dict[int, int] = {}
    for where, cards in places:
        path = where if isinstance(where, tuple) else (where,)
        for n in cards:
            if n not in book.outfit:
                out.append((path, f"there is no Outfitting card {n}"))
            seen[n] = seen.get(n, 0) + 1
            if seen[n] == 2:
                out.append((path, f"Outfitting card {n} is in two places: the game has one"))
    for aid, who in state.claimed.items():
        award = book.awards.get(aid)
        if award is None:
            out.append((("claimed", aid), f"'{aid}' is not an award of the VP chart"))
        elif len(who) > award.count:
            out.append((("claimed", aid), f"{award.name} has {award.count} box(es)"))
    return out
