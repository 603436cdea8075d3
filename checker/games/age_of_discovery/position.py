"""Scoring a finished Age of Discovery game from its end position (docs/logs.md shows it), and
the position a log starts from: ``entries`` (what ``score_position`` reads of a state) and
``problems`` (what the box cannot hold). A position the box and the rules cannot make is
refused, each check citing its section."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import SEAT, EntryReader, player_entries, value_of
from portolan.checker.core.position import read_position, too_many
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.age_of_discovery.book import CardBook
from portolan.checker.games.age_of_discovery.scoring import Tally, matches, qualifies, score_sheet
from portolan.checker.games.age_of_discovery.sections import COMPONENTS, EXPEDITIONS, STARTING_PLAY
from portolan.checker.games.age_of_discovery.state import Placed
from portolan.errors import did_you_mean
from portolan.model.loader import Game
from portolan.yamlsrc import Source

KEYS = ("game", "options", "players", "expeditions")
HINT = "first scoring, contracts, mission, unassigned"  # what each player maps to


@dataclass(frozen=True)
class _Mission(lf.Arg):
    """A special mission of a game of this many players."""

    def read(self, r, value, pos, field):
        n = len(r.players)
        found = r.book.mission(value, n) if isinstance(value, str) else None
        if found is None:
            hint = did_you_mean(str(value), r.book.missions_for(n))
            r.bad(f"'{value}' is not a special mission of a {n}-player game", pos, field, hint)
            return lf.BAD
        return found


COUNT = lf.Whole(0, wrong="{key} is a number (0 or more), not {value!r}")
PLAYER = lf.Fields(
    {
        "first scoring": COUNT,
        "contracts": COUNT,
        "mission": _Mission(),
        "unassigned": COUNT,
    },
    shape="write first scoring, contracts, mission and unassigned for each player",
    partial=True,
    spell=lf.spaced,
)
FLEETS = lf.MapOf(
    lf.Name(
        lambda book: book.expedition_names,
        "an expedition",
        kind="",
        find=lambda r, text: r.book.expedition(text),
        hints=lambda book: list(book.expeditions),
    ),
    lf.MapOf(
        SEAT,
        lf.ListOf(lf.Unread("a ship")),
        "write each expedition as {player: [ships]}",
        empty=True,
    ),
    "expeditions maps each expedition to {player: [ships]}",
)
TAGS = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*$")


def score_position(
    book: CardBook, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    r = EntryReader(head, book)
    players, chosen = head.players, head.options
    owners: dict[str, str] = {}
    facts = {p: _facts(head, p, e, owners) for p, e in player_entries(r, PLAYER).items()}
    seen = _Fleets(book, players, chosen, head.bad)
    placed = {
        exp.value: _expedition(seen, exp, fleets.value)
        for exp, fleets in r.section("expeditions", FLEETS) or []
    }
    if len(facts) == len(players):  # a player's row unreadable is reported already
        _impossible(book, head.table, players, facts, placed, head.bad)
    head.done()
    state = SimpleNamespace(book=book, options=chosen)  # what scoring.matches reads of a state
    tallies = {p: _tally(book, state, p, facts[p], placed) for p in players}
    return score_sheet(book, model.rules.scoring, tallies)


def _facts(head: Any, p: str, entry: dict[str, lf.At], owners: dict[str, str]) -> dict:
    """One player's row: the numbers (0 when left out) and the special mission, once a card."""
    got = {key: value_of(entry, key) for key in PLAYER.keys}
    mission, once = entry.get("mission"), "{value} is also {owner}'s mission: each card exists once"
    got["mission"] = mission.value if mission and lf.once(head, owners, mission, p, once) else None
    return got


def _tally(book: CardBook, state: Any, p: str, facts: dict[str, Any], placed: dict) -> Tally:
    """The final scoring of ``p``'s ships on the expeditions and of the special mission."""
    final = met = 0
    kind = book.missions[facts["mission"]].kind if facts["mission"] else None
    for exp, ships in placed.items():
        info, mine = book.expeditions[exp], [s for s in ships if s.player == p]
        final += sum(info.final_match if matches(state, s, exp) else info.final_other for s in mine)
        met += bool(kind and qualifies(kind, len(mine), len(ships)))
    return Tally(
        first=facts["first scoring"],
        final=final,
        mission=facts["mission"],
        mission_expeditions=met,
        completed=facts["contracts"],
        unassigned=facts["unassigned"],
    )


@dataclass
class _Fleets:
    """What the expeditions hold so far, read one ship at a time."""

    book: CardBook
    players: list[str]
    options: dict[str, Any]
    bad: Callable[..., None]
    used: dict[str, int] = field(default_factory=dict)
    flag_owner: dict[str, str] = field(default_factory=dict)  # flagship -> its player
    own_flag: dict[str, str] = field(default_factory=dict)  # player -> the flagship
    wilds: dict[str, int] = field(default_factory=dict)  # ships sent with a Wild Ship card

    @property
    def dealt(self) -> int:
        return self.book.action_cards(len(self.players)).get(self.book.wild, 0)


def _expedition(seen: _Fleets, exp: lf.At, fleets: list) -> list[Placed]:
    """The ships each player has on one expedition, then its colour and transport limit."""
    name = exp.value
    info = seen.book.expeditions[name]
    out = [
        placed
        for who, ships in fleets
        for item in ships.value
        if (placed := _ship(seen, info, who.value, *item)) is not None
    ]
    load = sum(s.transport for s in out)
    _one_colour(seen, exp, out)
    if load > info.limit:
        seen.bad(
            f"{name}'s expedition has a transport limit of {info.limit}: these ships carry "
            f"at least {load}",
            exp.pos,
            exp.field,
        )
    return out


def _ship(seen: _Fleets, info, p: str, item: Any, ipos, f: str) -> Placed | None:
    """One ship written on an expedition: its card, colour and tags, or None if refused."""
    book, bad = seen.book, seen.bad
    text, tags = str(item), []
    if m := TAGS.match(text):
        text, tags = m.group(1), [t.strip() for t in m.group(2).split(",")]
    ship = book.ship_names.exact(text)
    if ship is None or ship in book.scoring:
        bad(f"'{text}' is not a ship", ipos, f, did_you_mean(text, book.ship_names.names))
        return None
    wild = "wild" in (t.casefold() for t in tags)
    colours = [book.colour_names.exact(t) for t in tags if t.casefold() != "wild"]
    if None in colours:
        bad(
            f"'{item}': write (colour) for a flagship and (wild) for a ship sent with "
            "a Wild Ship card",
            ipos,
            f,
        )
        return None
    if book.is_flagship(ship):
        colour = _flagship(seen, info, p, ship, colours, ipos, f)
        if colour is None:
            return None
        transport = min(book.constants["flagship_transport"])
    else:
        colour = book.ships[ship].colour
        transport = book.ships[ship].transport
        seen.used[ship] = seen.used.get(ship, 0) + 1
        if seen.used[ship] > book.ships[ship].count:
            bad(f"there are only {book.ships[ship].count} {ship} cards", ipos, f)
            return None
    seen.wilds[p] = seen.wilds.get(p, 0) + wild
    if seen.wilds[p] == seen.dealt + 1:
        bad(
            f"{p} sent {seen.wilds[p]} ships with a Wild Ship card: each player has "
            f"{seen.dealt} in a {len(seen.players)}-player game ({STARTING_PLAY})",
            ipos,
            f,
        )
    return Placed(p, ship, colour, transport, wild)


def _flagship(seen: _Fleets, info, p: str, ship: str, colours: list, ipos, f: str) -> str | None:
    """The colour a flagship sails under, or None where it cannot be there (§3.0)."""
    own = seen.book.flagships[ship]
    colour = colours[0] if colours else (info.colour if info.colour in own else None)
    joins_any = seen.options.get("flagship_colours") == "any" and colours
    if colour is None or (colour not in own and not joins_any):
        seen.bad(
            f"{ship} shows {own[0]} and {own[1]}: write the one it sails under, "
            f"e.g. '{ship} ({own[0]})'",
            ipos,
            f,
        )
        return None
    if seen.flag_owner.setdefault(ship, p) != p or ship in seen.used:
        seen.bad(f"{ship} is on the table once, as one player's flagship", ipos, f)
        return None
    if seen.own_flag.setdefault(p, ship) != ship:
        seen.bad(
            f"{ship} is not {p}'s flagship: {p}'s is {seen.own_flag[p]}, and each "
            f"player has one ({STARTING_PLAY})",
            ipos,
            f,
        )
        return None
    seen.used[ship] = 1
    return colour


def _one_colour(seen: _Fleets, exp: lf.At, ships: list[Placed]) -> None:
    """'All ships added to an expedition later must be the same color as the first ship'
    (§4.4.1): apart from ships sent with a Wild Ship card, one colour an expedition (one a
    player with expedition_colour: per_player). A flagship counts with the colour it sails
    under: the one it set as the first ship, or (joining any colour by default, one of its own
    two under flagship_colours: either) the colour of the ships it joined."""
    groups: dict[str | None, set[str]] = {}
    flagships: set[str | None] = set()  # the groups with a flagship in them
    for s in ships:
        if s.wild:
            continue
        key = s.player if seen.options.get("expedition_colour") == "per_player" else None
        groups.setdefault(key, set()).add(s.colour)
        if seen.book.is_flagship(s.ship):
            flagships.add(key)
    for key, colours in groups.items():
        if len(colours) > 1:
            whose = f"{key}'s ships" if key else "ships"
            flag = (
                " (a flagship too: it sails under the colour of the ships there)"
                if key in flagships
                else ""
            )
            seen.bad(
                f"{exp.value}'s expedition has {whose} of {len(colours)} colours "
                f"({', '.join(sorted(colours))}): after the first ship, only ships of its colour "
                f"join{flag}, or ships sent with a Wild Ship card, marked (wild) ({EXPEDITIONS})",
                exp.pos,
                exp.field,
            )


def _impossible(book: CardBook, table, players, facts, placed, bad) -> None:
    """What no game can reach: more ships or completed contracts than the box holds."""
    last, contracts = players[-1], len(book.contracts)
    at = table.value_pos.get(last)
    done = sum(facts[p]["contracts"] for p in players)
    if done > contracts:
        why = f"the box has {contracts} ({COMPONENTS})"
        bad(
            f"{done} completed contracts between the players: {why}",
            at,
            f"players.{last}.contracts",
        )
    ships = sum(b.count for b in book.ships.values())
    held = sum(len(v) for v in placed.values()) + sum(facts[p]["unassigned"] for p in players)
    if held > ships + len(players):
        bad(
            f"{held} ships between the expeditions and the players' unassigned ships: the box "
            f"has {ships} ships and a flagship each ({COMPONENTS})",
            at,
            f"players.{last}.unassigned",
        )


# -- a position a log starts from (checker/core/position.py) --------------------------------
def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's first scoring, completed
    contracts, mission and ships not on an expedition; who has which ships on each expedition
    (a flagship with the colour it sails under, a ship sent with a Wild Ship card (wild))."""
    from portolan.checker.games.age_of_discovery.scoring import unassigned

    players: dict[str, Any] = {}
    for p in state.players:
        entry = {
            "first scoring": (state.first_points or {}).get(p),
            "contracts": state.completed[p],
            "mission": state.missions[p],
            "unassigned": unassigned(state, p),
        }
        players[p] = {key: value for key, value in entry.items() if value is not None}
    expeditions: dict[str, Any] = {}
    for exp, placed in state.expeditions.items():
        for ship in placed:
            name = _ship_name(state.book, ship)
            expeditions.setdefault(exp, {}).setdefault(ship.player, []).append(name)
    return {"players": players, "expeditions": expeditions} if expeditions else {"players": players}


def _ship_name(book: CardBook, ship: Placed) -> str:
    if book.is_flagship(ship.ship):
        return f"{ship.ship} ({ship.colour})"
    return f"{ship.ship} (wild)" if ship.wild else ship.ship


def problems(state: Any) -> list[tuple[tuple, str]]:
    """More copies of a standard ship than the game has (rows, fleets, expeditions, trade
    voyages and those not turned over together), coins below nothing."""
    held = Counter(state.unseen)  # every card counted; the standard ships are checked
    held.update(card for row in (state.purchase, state.filling) for card in row)
    for fleet in state.fleet.values():
        held.update(fleet)
    held.update(ship.ship for placed in state.expeditions.values() for ship in placed)
    held.update(card for voyage in state.voyages for card, _ in voyage.ships)
    box = {name: info.count for name, info in state.book.ships.items()}
    where = "cards on the table and in the piles"
    out = too_many(
        box, held, where, lambda card: ("unseen",) if state.unseen.get(card) else ("fleet",)
    )
    below = [p for p, n in state.coins.items() if n < 0]
    return out + [(("coins", p), f"{p} cannot have fewer than 0 coins") for p in below]
