"""What every end-position file shares (``portolan score``): a mapping with known keys, the
right game, ``players`` mapping each player (in seat order) to what the game needs, a player
count the game allows, and rule options. Each game then reads its own entries."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core import statecodec
from portolan.checker.core.game import Decision, GameRules, Illegal
from portolan.checker.core.options import resolve
from portolan.checker.core.readers import enough_problems, read_players, unknown_keys
from portolan.errors import InputError, Problem
from portolan.model.loader import Game
from portolan.yamlsrc import Pos, Source, YList, YMap, plain, position_at

# Besides what ``portolan score`` reads, a position a log may start from says how the game goes
# on: the turns played so far, whose turn is next, and the whole state of the table between
# two turns (statecodec.py writes and reads it). ``score`` reads such a file too.
CONTINUE_KEYS = ("turn", "next", "state")


@dataclass
class Position:
    raw: YMap
    table: YMap  # players -> each player's entry
    players: list[str]
    options: dict[str, Any]
    source: Source
    problems: list[Problem] = field(default_factory=list)

    def bad(self, message: str, pos: Pos | None, field: str, hint: str | None = None) -> None:
        self.problems.append(self.source.problem(message, pos, field=field, hint=hint))
        if enough_problems(self.problems, self.source):  # a report lists so many, then stops
            raise InputError(self.problems)

    def done(self) -> None:
        """Raise everything found so far as one input error."""
        if self.problems:
            raise InputError(self.problems)


def read_position(
    model: Game,
    raw: Any,
    source: Source,
    *,
    keys: tuple[str, ...],
    options: dict[str, Any] | None,
    players_hint: str,
) -> Position:
    """The shared part of a position file; ``players_hint`` says what each player maps to."""
    keys = (*keys, *CONTINUE_KEYS)
    if not isinstance(raw, YMap):
        raise InputError(
            source.problem("a position is a mapping with 'players'", getattr(raw, "pos", None))
        )
    problems = unknown_keys(source, raw, keys)
    if "game" in raw and raw["game"] != model.id:
        problems.append(
            source.problem(
                f"this position is for '{raw['game']}', not '{model.id}'",
                raw.value_pos["game"],
                field="game",
            )
        )
    table = raw.get("players")
    if not isinstance(table, YMap) or not table:
        problems.append(
            source.problem(
                f"players must map each player to {players_hint}",
                raw.value_pos.get("players", raw.pos),
                field="players",
            )
        )
    if problems:
        raise InputError(problems)
    chosen = (
        resolve(model.rules.options, raw.get("options"), source) if options is None else options
    )
    names = YList(str(p) for p in table)
    names.item_pos = [table.key_pos[p] for p in table]
    players = read_players(names, raw.value_pos["players"], source, model)
    return Position(raw, table, players, chosen, source)


# -- positions a log starts from (docs/logs.md, "Starting from a position") ------------------


@dataclass
class Start:
    """Where a log that names a position starts: the state, and the turns played before it."""

    state: Any
    turns: int
    options: dict[str, Any]
    source: Source
    given: Any = None  # what the log's ``position:`` says, as plain data (written back by play)
    pos: Pos | None = None  # where its state is written


def state_skips(rules: GameRules) -> tuple[str, ...]:
    """Fields a position leaves out: shared data (the card book, the options) and caches."""
    return ("players", *rules.shared_fields, *rules.cache_fields, *rules.signature_skips)


def between_turns(rules: GameRules, state: Any) -> Decision | Illegal | None:
    """Close the turn that just ended: apply what it may leave out until the next turn begins
    (or the game ends). The next turn's decision, or what the turn still owes (``Illegal``)."""
    decision = rules.decision(state)
    while decision is not None and not decision.starts_turn:
        if decision.default is None:
            return rules.unanswered(decision)
        rules.apply(state, decision.default)
        decision = rules.decision(state)
    return decision


def position_data(
    rules: GameRules, model: Game, state: Any, players: list[str], options: dict, turns: int
) -> dict:
    """The position after ``turns`` turns as plain data: what ``portolan score`` reads, then
    the turn count, whose turn is next and the state (``state`` is between two turns)."""
    data: dict[str, Any] = {"game": model.id}
    if options:
        data["options"] = dict(options)
    data.update(rules.position_entries(state))
    data["players"] = {p: data.get("players", {}).get(p) or {} for p in players}
    data["turn"] = turns
    decision = rules.decision(state)
    if decision is not None:
        data["next"] = decision.player
    data["state"] = statecodec.encode(state, type(state), state_skips(rules))
    return data


def read_start(
    rules: GameRules,
    model: Game,
    raw: Any,
    source: Source,
    players: list[str],
    options: dict[str, Any] | None,
) -> Start:
    """A position a log starts from, read into the game's state and checked: the log's game
    and players, the log's options (``None``: the position's own), a state that can be (the
    game's ``position_problems``) and one taken between two turns."""
    keys = rules.position.KEYS
    head = read_position(model, raw, source, keys=keys, options=options, players_hint="their entry")
    where = raw.value_pos.get("players", raw.pos)
    if [p.casefold() for p in head.players] != [p.casefold() for p in players]:
        head.bad(
            f"this position's players are {', '.join(head.players)}; the log's are "
            f"{', '.join(players)} (the same names in the same seat order)",
            where,
            "players",
        )
    if "state" not in raw:
        head.bad(
            "a log starts from a position with a 'state' (as `portolan position` writes it)",
            raw.pos,
            "state",
        )
    turns = _turns(head)
    if options is not None and "options" in raw:
        written = resolve(model.rules.options, raw.get("options"), source)
        if written != options:
            head.bad(
                "this position was written under other rule options than the log's: "
                "leave them out of the log (the position's are used) or make them the same",
                raw.value_pos["options"],
                "options",
            )
    head.done()
    template = rules.setup(model, players, head.options)
    guesses = rules.unknown_fields()
    classes = statecodec.classes_of(type(template))
    reader = statecodec.Reader(classes, state_skips(rules), tuple(guesses))
    spos = raw.value_pos["state"]
    try:
        state = reader.dataclass(raw["state"], type(template), spos, "state", template)
    except statecodec.BadState as bad:
        hint = bad.hint
        if bad.field in guesses and isinstance(raw["state"].get(bad.field), str):
            hint = f"write {statecodec.UNKNOWN} when the table does not know it"
        raise InputError(source.problem(bad.message, bad.pos, field=bad.field, hint=hint)) from None
    for name in reader.left_unknown:  # what the deck may still hold: what is nowhere else
        setattr(state, name, guesses[name](state))
    for path, message in rules.position_problems(state):
        at = position_at(raw["state"], path, key=True) or spos
        head.bad(message, at, ".".join(["state", *map(str, path)]))
    head.done()
    _probe(rules, head, state)
    _check_entries(rules, head, state)
    _check_next(rules, head, state)
    return Start(state, turns, head.options, source, pos=spos)


# What the rules raise on a state whose values have the right kinds but do not fit together (a
# list cut short, a seat number past the last): a position written by hand can hold one.
STATE_FAULTS = (IndexError, KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError)


def state_fault(source: Source, pos: Pos | None, exc: Exception, when: str) -> InputError:
    """The input error for a state the rules failed on (``when``: where they did)."""
    return InputError(
        source.problem(
            f"this state does not hold together: the rules cannot go on from it {when} "
            f"({type(exc).__name__}: {exc})",
            pos,
            field="state",
            hint="write the state as `portolan position` does; derived counts must agree",
        )
    )


def _probe(rules: GameRules, head: Position, state: Any) -> None:
    """Ask the rules what they will ask first of the state: who acts, what may be done, the
    scores so far."""
    try:
        decision = rules.decision(state)
        if decision is not None:
            rules.legal_moves(state) if decision.kind == "choice" else rules.outcomes(state)
        rules.score(state)
    except STATE_FAULTS as exc:
        raise state_fault(head.source, head.raw.value_pos.get("state"), exc, "") from None


def _check_entries(rules: GameRules, head: Position, state: Any) -> None:
    """What the position says for ``portolan score`` (written or left out, key by key) is what
    its state holds: a log goes on from the state, so a value edited in one place only would
    be ignored silently."""
    expected = rules.position_entries(state)
    raw = head.raw
    for key, value in expected.items():
        if key == "players" or key not in raw:
            continue
        if plain(raw[key]) != value:
            head.bad(_differs(key, raw[key], value), raw.value_pos[key], key)
    for name in head.players:
        entry = head.table.get(name)
        if not isinstance(entry, YMap):
            continue
        mine = expected["players"].get(name, {})
        for key, value in entry.items():
            if plain(value) != mine.get(key, _EMPTY.get(type(value))):
                field = f"players.{name}.{key}"
                head.bad(_differs(field, value, mine.get(key)), entry.value_pos[key], field)
    head.done()


_EMPTY = {int: 0, list: [], YList: [], YMap: {}}


def _differs(field: str, written: Any, held: Any) -> str:
    return (
        f"{field} says {plain(written)!r} but the state holds {held!r}: a log goes on from "
        "the state; change both, or leave this out"
    )


def _turns(head: Position) -> int:
    value = head.raw.get("turn", 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        head.bad(
            f"turn is the number of turns played before this position, not {value!r}",
            head.raw.value_pos.get("turn"),
            "turn",
        )
        return 0
    return value


def _check_next(rules: GameRules, head: Position, state: Any) -> None:
    """The position is between two turns, and its ``next`` (if written) is whose turn it is."""
    raw = head.raw
    decision = rules.decision(state)
    spos = raw.value_pos["state"]
    if decision is not None and not decision.starts_turn:
        head.bad(
            f"a position is taken between two turns; this state is inside one: it expects "
            f"{decision.prompt}",
            spos,
            "state",
        )
    elif "next" in raw:
        who = decision.player if decision is not None else None
        written = raw["next"]
        if not isinstance(written, str) or who is None or written.casefold() != who.casefold():
            said = f"it is {who}'s turn" if who else "the game is over"
            head.bad(
                f"next says {written!r}, but in this state {said}", raw.value_pos["next"], "next"
            )
    head.done()


# -- what the games' positions count (their ``UNKNOWN`` decks and ``problems``) -------------
def left_in_box(box: Mapping[str, int], held: Iterable[Mapping[str, int] | list[str]]) -> dict:
    """The cards of ``box`` (name -> copies) in none of the ``held`` places (counts, or lists
    of names): what a deck written ``unknown`` holds."""
    seen: Counter = Counter()
    for cards in held:
        seen.update(cards)
    return {name: n - seen[name] for name, n in box.items() if n > seen[name]}


def too_many(
    box: Mapping[str, int], held: Mapping[str, int], where: str, at: Callable[[str], tuple]
) -> list[tuple[tuple, str]]:
    """A problem for each thing of ``box`` (name -> copies, first as in ``left_in_box``) held
    more often than the game has it ("N X <where>: the game has M"), at the state's field
    ``at(X)``."""
    return [
        (at(name), f"{n} {name} {where}: the game has {box[name]}")
        for name, n in held.items()
        if name in box and n > box[name]
    ]


def position_yaml(data: dict[str, Any], header: list[str]) -> str:
    """A position as the YAML file ``portolan position`` writes: a comment header, then the
    keys in the order ``position_data`` gives them (the same data: the same bytes)."""
    import yaml

    lines = [f"# {line}".rstrip() for line in header]
    body = yaml.safe_dump(
        data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100
    )
    return "\n".join(lines) + ("\n" if lines else "") + body
