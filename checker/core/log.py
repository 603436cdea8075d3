"""Turn logs: YAML typed at the table, read with the position of every entry.

    game: exploration-age-of-sail
    players: [Ana, Ben]          # seat order; the first player starts
    options: {bonus_ties: none}  # rule options by name (optional)
    bots: {Ben: mcts:hidden}     # seats a bot plays in `portolan play` (optional; bots.md)
    setup: {...}                 # what the table set up (only for games that read one)
    turns:                       # one entry per turn, in the game's own words
      - {player: Ana, draw: Galleons}

The top level is checked here; each game parses its own ``turns`` into steps. A game may declare
more top-level sections (``log_keys``, e.g. a ``setup:`` of what the table turned over or decided
before the first turn, or an ``end:``); its ``parse_log`` reads the whole log and ``write_log``
writes it back (see logwriter.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.core import options as rule_options
from checker.core.game import GameRules, Step
from checker.core.registry import rules_for
from checker.core.twocores import read_steps
from portolan.errors import InputError, Problem, did_you_mean, display_path
from portolan.limits import hint, problems_listed
from portolan.model.loader import Game, load_game
from portolan.yamllog import NeedsFullParse, parse_log_yaml
from portolan.yamlsrc import Pos, Source, YList, YMap, gc_paused, read_document

TOP_KEYS = ("game", "players", "options", "bots", "turns")


@dataclass
class LogFile:
    source: Source
    raw: YMap
    model: Game
    rules: GameRules
    players: list[str]
    options: dict[str, Any]
    steps: list[Step]
    players_pos: Pos | None = None
    bots: dict[str, str] = field(default_factory=dict)  # seat -> bot level (play's bot seats)


def load_log(path: Path, components: Path) -> LogFile:
    # Reading a long log makes millions of objects and no cycles, and they last to the end.
    with gc_paused(keep=True):
        shown = display_path(path)
        raw = parse_log_yaml(read_document(path), shown)
        return read_log(raw, Source(shown), components)


def parse_log(text: str, name: str, components: Path) -> LogFile:
    with gc_paused():
        raw = parse_log_yaml(text, name)
        return read_log(raw, Source(name), components)


def read_log(raw: Any, source: Source, components: Path) -> LogFile:
    if not isinstance(raw, YMap):
        raise InputError(
            source.problem(
                "a log is a mapping with game, players and turns", getattr(raw, "pos", None)
            )
        )
    # A game may add sections of its own (e.g. a ``setup:`` of what the table turned over).
    # An unknown game is named before the keys that only a known game could explain.
    game_keys: tuple[str, ...] = ()
    if isinstance(raw.get("game"), str):
        gpos = raw.value_pos["game"]
        rules = rules_for(raw["game"], file=source.path, line=gpos.line, column=gpos.column)
        game_keys = rules.log_keys
    keys = (*TOP_KEYS, *game_keys)
    problems = [
        source.problem(
            f"unknown key '{k}'", raw.key_pos[k], field=str(k), hint=did_you_mean(str(k), keys)
        )
        for k in raw
        if k not in keys
    ]
    problems += [
        source.problem(f"'{k}' is missing", raw.pos, field=k)
        for k in ("game", "players")
        if k not in raw
    ]
    if problems:
        raise InputError(problems)
    game_id = raw["game"]
    gpos = raw.value_pos["game"]
    rules = rules_for(str(game_id), file=source.path, line=gpos.line, column=gpos.column)
    model = load_game(components, game_id)
    players = read_players(raw["players"], raw.value_pos["players"], source, model)
    chosen = rule_options.resolve(rules.options(model), raw.get("options"), source)
    bots = read_bots(raw, players, source)
    turns = raw.get("turns", YList())
    if turns is None:
        turns = YList()
    if not isinstance(turns, list):
        raise InputError(
            source.problem("turns must be a list of turns", raw.value_pos["turns"], field="turns")
        )
    try:
        steps = read_steps(rules, model, raw, source, players, chosen)
    except NeedsFullParse as again:  # a turn only the whole document's reader can read
        return read_log(again.reparse(), source, components)
    return LogFile(
        source, raw, model, rules, players, chosen, steps, raw.value_pos["players"], bots
    )


def check_player_count(model: Game, players: list[str], pos: Pos | None, source: Source) -> None:
    """The game's player range (game.yaml ``players``); outside it the file is malformed."""
    problem = model.player_count_problem(len(players))
    if problem is not None:
        raise InputError(source.problem(problem, pos, field="players"))


def read_players(value: Any, pos: Pos, source: Source, model: Game | None = None) -> list[str]:
    """The seat names of a ``players`` entry (a list, or names separated by commas), each
    given and none twice (case-insensitive). With ``model`` their count is checked first, so a
    list of a million names costs no more than counting it."""
    if isinstance(value, str):
        value = [p.strip() for p in value.split(",")]
    if not isinstance(value, list) or not value:
        raise InputError(
            source.problem("players must be a list of names in seat order", pos, field="players")
        )
    if model is not None:
        check_player_count(model, value, pos, source)
    names: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(value):
        where = value.item_pos[i] if isinstance(value, YList) else pos
        if not isinstance(name, str) or not name.strip():
            raise InputError(
                source.problem("each player needs a name", where, field=f"players[{i}]")
            )
        folded = name.strip().casefold()
        if folded in seen:
            raise InputError(
                source.problem(f"'{name}' is listed twice", where, field=f"players[{i}]")
            )
        seen.add(folded)
        names.append(name.strip())
    return names


def read_bots(raw: YMap, players: list[str], source: Source) -> dict[str, str]:
    """The log's ``bots:`` (seat -> ``LEVEL`` or ``LEVEL:PROCEDURE``, checker/core/bots/seats.py):
    which seats ``portolan play`` and the web referee let a bot play. A check replays their
    moves like anyone's; only play reads this."""
    from checker.core.bots.seats import BadSeat, read_seat

    value = raw.get("bots")
    if value is None:
        return {}
    pos = raw.value_pos.get("bots")
    if not isinstance(value, YMap):
        raise InputError(
            source.problem("bots must be a mapping of player: level", pos, field="bots")
        )
    out: dict[str, str] = {}
    for name, level in value.items():
        seat = player_named(name, players, source, value.key_pos.get(name), f"bots.{name}")
        try:
            if not isinstance(level, str):
                raise BadSeat(f"'{level}' is not a bot level", (), "")
            out[seat] = read_seat(level).spelled()
        except BadSeat as bad:
            raise InputError(
                source.problem(
                    str(bad),
                    value.value_pos.get(name),
                    field=f"bots.{name}",
                    hint=did_you_mean(bad.word, bad.allowed) if bad.allowed else None,
                )
            ) from None
    return out


def player_named(name: Any, players: list[str], source: Source, pos: Pos | None, field: str) -> str:
    """The seat name a turn refers to (case-insensitive); an unknown name is malformed input."""
    for p in players:
        if isinstance(name, str) and p.casefold() == name.strip().casefold():
            return p
    raise InputError(
        Problem(
            f"'{name}' is not a player in this game",
            file=source.path,
            line=pos.line if pos else None,
            column=pos.column if pos else None,
            field=field,
            hint=did_you_mean(str(name), players),
        )
    )


class LogReader:
    """What every game's log parser keeps while it reads: its card book, the seat order and
    the problems found so far (all reported together as one input error)."""

    def __init__(self, book: Any, source: Source, players: list[str]):
        self.book = book
        self.source = source
        self.players = players
        self.problems: list[Problem] = []

    def bad(self, message: str, pos: Pos | None, field: str, hint: str | None = None) -> None:
        self.problems.append(self.source.problem(message, pos, field=field, hint=hint))

    @staticmethod
    def items(value: Any, pos: Pos | None, field: str) -> list[tuple[Any, Pos | None, str]]:
        """(item, position, field) of each item of a list, or of one value written alone."""
        if isinstance(value, YList):
            item_pos = value.item_pos
            return [(v, item_pos[i], f"{field}[{i}]") for i, v in enumerate(value)]
        if isinstance(value, list):
            return [(v, pos, f"{field}[{i}]") for i, v in enumerate(value)]
        return [(value, pos, field)]


def enough_problems(problems: list[Problem], source: Source) -> bool:
    """True once ``problems`` holds as many as one report lists (limits.yaml
    ``logs.problems_listed``): the reader of a log or an end position stops there, and a last
    line says so. A file of a million broken turns would otherwise take minutes and gigabytes
    to list them all."""
    most = problems_listed()
    if len(problems) < most:
        return False
    if _NOT_READ not in problems[-1].message:
        problems.append(
            source.problem(
                f"{len(problems)} problems found; {_NOT_READ}: fix these and check again",
                hint=hint("logs.problems_listed"),
            )
        )
    return True


_NOT_READ = "the rest of the file was not read"


def last_turn(turns: Any) -> int:
    """The number of a log's last turn (of the whole log when ``turns`` is a part of it)."""
    return getattr(turns, "total", None) or len(turns)


def ends_the_log(turns: Any) -> bool:
    """Whether ``turns`` reach the log's last turn (a part of the turns may not): what follows
    the turns (an ``end:`` section) is read with the part that does."""
    return getattr(turns, "first", 0) + len(turns or ()) >= last_turn(turns or ())


def turn_entries(
    turns: Any,
    source: Source,
    players: list[str],
    keys: tuple[str, ...],
    problems: list[Problem],
    shape: str = "a turn is a mapping with at least 'player'",
):
    """(turn number, entry, player, field) for every turn of a log that names a known player;
    what is wrong with the others (not a mapping, unknown keys, no player) goes to ``problems``."""
    known = set(keys)
    seats: dict[str, str] = {}  # a player's name as written -> the seat (names found only)
    before = getattr(turns, "first", 0)  # a part of a log's turns keeps their numbers
    for t, entry in enumerate(turns, start=before + 1):
        if enough_problems(problems, source):
            return
        where = f"turns[{t - 1}]"
        if not isinstance(entry, YMap):
            tpos = turns.item_pos[t - 1 - before] if isinstance(turns, YList) else None
            problems.append(source.problem(shape, tpos, field=where))
            continue
        if not known.issuperset(entry):
            problems += [
                source.problem(
                    f"unknown key '{key}'",
                    entry.key_pos[key],
                    field=f"{where}.{key}",
                    hint=did_you_mean(str(key), keys),
                )
                for key in entry
                if key not in keys
            ]
        if "player" not in entry:
            problems.append(source.problem("each turn names its player", entry.pos, field=where))
            continue
        name = entry["player"]
        player = seats.get(name) if isinstance(name, str) else None
        if player is None:
            try:
                player = player_named(
                    name, players, source, entry.value_pos["player"], f"{where}.player"
                )
            except InputError as exc:
                problems += exc.problems
                continue
            if isinstance(name, str):
                seats[name] = player
        yield t, entry, player, where
