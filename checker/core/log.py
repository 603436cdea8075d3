"""Turn logs: YAML typed at the table, read with the position of every entry.

    game: exploration-age-of-sail
    players: [Ana, Ben]          # seat order; the first player starts
    options: {bonus_ties: none}  # rule options by name (optional)
    bots: {Ben: mcts:hidden}     # seats a bot plays in `portolan play` (optional; bots.md)
    position: puzzle.yaml        # start from this position, not the setup (optional)
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

from portolan.checker.core import options as rule_options
from portolan.checker.core.game import GameRules, Step
from portolan.checker.core.readers import (  # also read from here by the games' log readers
    enough_problems,
    read_players,
    unknown_keys,
)
from portolan.checker.core.registry import rules_for
from portolan.errors import InputError, Problem, did_you_mean, display_path
from portolan.model.loader import Game, load_game
from portolan.yamlsrc import (
    Pos,
    Source,
    YList,
    YMap,
    gc_paused,
    load_yaml,
    parse_yaml,
    plain,
    read_document,
)

TOP_KEYS = ("game", "players", "options", "bots", "position", "turns")


@dataclass
class LogFile:
    source: Source
    raw: YMap
    model: Game
    rules: GameRules
    players: list[str]
    options: dict[str, Any]
    steps: list[Step]
    bots: dict[str, str] = field(default_factory=dict)  # seat -> bot level (play's bot seats)
    start: Any = None  # the position the log starts from (position.Start), None: the setup


def load_log(path: Path, components: Path) -> LogFile:
    shown = display_path(path)
    with gc_paused():  # the tree and the steps read from it: no cycles (yamlsrc.gc_paused)
        raw = parse_yaml(read_document(path), shown)
        return read_log(raw, Source(shown), components, Path(path).parent)


def parse_log(text: str, name: str, components: Path, folder: Path | None = None) -> LogFile:
    """A log given as text; ``folder``: where a position it names is read (None: nowhere)."""
    with gc_paused():
        return read_log(parse_yaml(text, name), Source(name), components, folder)


def read_log(raw: Any, source: Source, components: Path, folder: Path | None = None) -> LogFile:
    if not isinstance(raw, YMap):
        raise InputError(
            source.problem(
                "a log is a mapping with game, players and turns", getattr(raw, "pos", None)
            )
        )
    # A game may add sections of its own (e.g. a ``setup:`` of what the table turned over).
    # An unknown game is named before the keys that only a known game could explain.
    game, gpos = raw.get("game"), raw.value_pos.get("game")
    where = {"file": source.path, "line": gpos and gpos.line, "column": gpos and gpos.column}
    rules = rules_for(game, **where) if isinstance(game, str) else None
    keys = (*TOP_KEYS, *(rules.log_keys if rules else ()))
    problems = unknown_keys(source, raw, keys)
    problems += [
        source.problem(f"'{k}' is missing", raw.pos, field=k)
        for k in ("game", "players")
        if k not in raw
    ]
    if problems:
        raise InputError(problems)
    rules = rules or rules_for(str(game), **where)  # a game written as no text: none such
    model = load_game(components, game)
    players = read_players(raw["players"], raw.value_pos["players"], source, model)
    chosen = rule_options.resolve(rules.options(model), raw.get("options"), source)
    start = None
    if "position" in raw:
        start = read_start_of(raw, source, rules, model, players, chosen, folder)
        chosen = start.options
    bots = read_bots(raw, players, source)
    if not isinstance(raw.get("turns", []), list | None):
        raise InputError(
            source.problem("turns must be a list of turns", raw.value_pos["turns"], field="turns")
        )
    steps = rules.parse_log(model, raw, source, players, chosen)
    if start is not None and start.turns:  # the turns go on from the position's
        steps = [s._replace(turn=s.turn + start.turns) for s in steps]
    return LogFile(source, raw, model, rules, players, chosen, steps, bots, start)


def read_start_of(
    raw: YMap,
    source: Source,
    rules: GameRules,
    model: Game,
    players: list[str],
    options: dict[str, Any],
    folder: Path | None,
) -> Any:
    """The position a log starts from (its ``position:``): a file beside the log (a path
    relative to the log's folder, inside it) or written in the log itself."""
    from portolan.checker.core.position import read_start  # a position's reader reads a log's parts

    value, pos = raw["position"], raw.value_pos["position"]
    for key in rules.log_keys:
        if key in raw and key != "end":
            raise InputError(
                source.problem(
                    f"a log that starts from a position has no '{key}': the position holds "
                    "the table as it is",
                    raw.key_pos[key],
                    field=key,
                )
            )
    given = options if "options" in raw else None
    if isinstance(value, YMap):
        start = read_start(rules, model, value, source, players, given)
        start.given = plain(value)
        return start
    if not isinstance(value, str) or not value.strip():
        raise InputError(
            source.problem(
                "position is a file name (beside the log) or a position written here",
                pos,
                field="position",
            )
        )
    path = position_file(value.strip(), folder, source, pos)
    doc = load_yaml(path)
    start = read_start(rules, model, doc, Source(display_path(path)), players, given)
    start.given = value.strip()
    return start


def position_file(name: str, folder: Path | None, source: Source, pos: Pos | None) -> Path:
    """The file a log's ``position:`` names: inside the log's folder, and there."""

    def bad(message: str, hint: str | None = None) -> InputError:
        return InputError(source.problem(message, pos, field="position", hint=hint))

    if folder is None:
        raise bad(
            "a log read from elsewhere than a file can only hold its position itself",
            "write the position's mapping under position:",
        )
    base = folder.resolve()
    path = (base / name).resolve()
    if not path.is_relative_to(base) or Path(name).is_absolute():
        raise bad(
            f"'{name}' is outside the log's folder: a position file lies beside the log or below it"
        )
    if not path.is_file():
        raise bad(f"there is no position file '{name}' in {display_path(base) or '.'}")
    return path


def read_bots(raw: YMap, players: list[str], source: Source) -> dict[str, str]:
    """The log's ``bots:`` (seat -> ``LEVEL`` or ``LEVEL:PROCEDURE``, checker/core/bots/seats.py):
    which seats ``portolan play`` and the web referee let a bot play. A check replays their
    moves like anyone's; only play reads this."""
    value = raw.get("bots")
    if value is None:
        return {}
    from portolan.checker.core.bots.seats import BadSeat, read_seat

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
        source.problem(
            f"'{name}' is not a player in this game",
            pos,
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
    for t, entry in enumerate(turns, start=1):
        if enough_problems(problems, source):
            return
        where = f"turns[{t - 1}]"
        if not isinstance(entry, YMap):
            tpos = turns.item_pos[t - 1] if isinstance(turns, YList) else None
            problems.append(source.problem(shape, tpos, field=where))
            continue
        if not known.issuperset(entry):
            problems += unknown_keys(source, entry, keys, where)
        if "player" not in entry:
            problems.append(source.problem("each turn names its player", entry.pos, field=where))
            continue
        pos = entry.value_pos["player"]
        try:
            player = player_named(entry["player"], players, source, pos, f"{where}.player")
        except InputError as exc:
            problems += exc.problems
            continue
        yield t, entry, player, where
