"""The log of a game of Age of Exploration: every step is one short *token*, in the order the
table met it; the checker supplies what the rules decide alone (and the defaults: no movement,
no status change, no action, end of turn, outfitting done).

    setup:                                 # each player's Explorer and six Outfitting cards
      Ana: [leader 7, draw 25, draw 29, draw 34, draw 46, draw 50, draw 54]
      Ben: {leader: Columbus, cards: [26, 30, 35, 47, 52, 57]}   # the same, shorter
    turns:
      - player: Ana                        # the first round: each outfits a first expedition
        steps: [ship Caravel, play 29 Extra Ship, play 25 2 Provision]
      - player: Ana
        steps: [launch ATL1]
      - player: Ben
        steps: [port, draw 40, draw 33, play 40 Extra Ship]
      - player: Ana
        steps: [draw 113, 7 ok, to ATL2, to ATL3, status CB-BAHAMAS, provision, must return]

Tokens: a card drawn ``draw N`` (Outfitting, Sea/Coast/River, Land or Civilization: the deck
is the one the rules draw from), the dice ``7`` (or ``3+4``, optionally ``ok``/``fail``), an
OR ``or 2``, a loss ``lose Crew``, a move ``to ATL2``, ``status X``, an action (``provision``,
``repair``, ``eat 2``, ``consolidate``, ``raft``, ``hardwood``, ``mine``, ``kill ruler``,
``gold Crew``, ``takeover Ben``), ``must return``, ``return``, ``abort``... (docs/logs.md).
A step another player decides in the turn is written as a mapping: ``{Ben: give 2}``.
"""

from __future__ import annotations

import re
from typing import Any

from checker.core.game import Step
from checker.core.log import LogReader, player_named, turn_entries
from checker.games.age_of_exploration.book import NEW_WORLD, Book
from checker.games.age_of_exploration.moves import (
    ABOARD,
    ABORT,
    BLIND,
    DECLARE,
    DONE,
    END_TURN,
    NO_ACTION,
    NO_STATUS,
    NORMAL,
    RETURN,
    STAY,
    STOP,
    Action,
    Ashore,
    Draw,
    Drop,
    Find,
    Give,
    Hire,
    Intervene,
    Keep,
    Launch,
    LaunchFrom,
    Leader,
    Lose,
    Move,
    Natives,
    Or,
    Pay,
    Pick,
    Play,
    Retire,
    Roll,
    Row,
    Rumor,
    Score,
    ShipType,
    SpendGold,
    Stance,
    StartTurn,
    Status,
    Take,
    Takeover,
    token,
)
from portolan.errors import InputError, did_you_mean
from portolan.model.instructions import LOSSES
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YList, YMap

TOP_KEYS = ("setup",)
TURN_KEYS = ("player", "steps")
PILES = ("explorer", "conquistador")
ROLL = re.compile(r"^(\d+)(?:\s*\+\s*(\d+))?(?:\s+(ok|success|fail|failure))?$")
WORDS = {
    "port": STAY,
    "explore": Stance("explore"),
    "stay": Stance("stay"),
    "rafts": Stance("rafts"),
    "aboard": ABOARD,
    "must return": DECLARE,
    "return": RETURN,
    "abort": ABORT,
    "done": DONE,
    "blind": BLIND,
    "stop": STOP,
    "no status": NO_STATUS,
    "no action": NO_ACTION,
    "end": END_TURN,
    "normal": NORMAL,
    "intervene": Intervene(True),
    "natives": Natives(True),
    "provision": Action("provision"),
    "repair": Action("repair"),
    "consolidate": Action("consolidate"),
    "raft": Action("raft"),
    "hardwood": Action("hardwood"),
    "mine": Action("mine"),
    "kill ruler": Action("kill ruler"),
}
VERBS = (
    "draw",
    "row",
    "take",
    "leader",
    "launch",
    "play",
    "gold",
    "ship",
    "from",
    "pay",
    "hire",
    "retire",
    "pick",
    "or",
    "lose",
    "drop",
    "keep",
    "eat",
    "find",
    "rumor",
    "to",
    "ashore",
    "status",
    "takeover",
    "give",
    "major",
)
ITEMS = tuple(dict.fromkeys((*LOSSES, "Extra Ship", "Sturdy Ship", "Copper Plated Hulls")))


class _Reader(LogReader):
    book: Book

    def __init__(self, book: Book, source: Source, players: list[str]):
        super().__init__(book, source, players)
        self.steps: list[Step] = []
        # a token as written -> its move, once read without a problem (moves are frozen: one
        # is shared by every step that writes it, as the WORDS already are)
        self.read: dict[str, Any] = {}

    # -- one token --------------------------------------------------------------------------
    def token(self, value: Any, pos: Pos | None, field: str) -> Any:
        """The move a token stands for (None, with a problem noted, if it cannot be read)."""
        if isinstance(value, str) and value in self.read:
            return self.read[value]
        problems = len(self.problems)
        move = self.read_token(value, pos, field)
        if isinstance(value, str) and move is not None and len(self.problems) == problems:
            self.read[value] = move
        return move

    def read_token(self, value: Any, pos: Pos | None, field: str) -> Any:
        if isinstance(value, bool) or value is None:
            self.bad(f"cannot read the step {value!r}", pos, field)
            return None
        if isinstance(value, int):
            return Roll(value)
        text = " ".join(str(value).split())
        low = fold(text)
        m = ROLL.match(low)
        if m:
            total = int(m[1]) + (int(m[2]) if m[2] else 0)
            if m[2] and not (1 <= int(m[1]) <= 6 and 1 <= int(m[2]) <= 6):
                self.bad(f"'{text}': a die shows 1 to 6", pos, field)
                return None
            claim = None if not m[3] else m[3] in ("ok", "success")
            return Roll(total, claim)
        if low in WORDS:
            return WORDS[low]
        verb, _, rest = text.partition(" ")
        verb = fold(verb)
        if verb not in VERBS or not rest:
            self.bad(
                f"cannot read the step '{text}'",
                pos,
                field,
                did_you_mean(verb, [*VERBS, *WORDS]) or "see docs/logs.md for the steps",
            )
            return None
        return getattr(self, "_" + verb)(rest.strip(), pos, field)

    def number(self, text: str, pos: Pos | None, field: str) -> int | None:
        if text.isdecimal():
            return int(text)
        self.bad(f"expected a card number, found '{text}'", pos, field)
        return None

    def space(self, text: str, pos: Pos | None, field: str) -> str | None:
        sid = self.book.space(text)
        if sid is None:
            self.bad(
                f"'{text}' is not a space of the map",
                pos,
                field,
                did_you_mean(text, self.book.spaces),
            )
        return sid

    def item(self, text: str, pos: Pos | None, field: str) -> str | None:
        for i in ITEMS:
            if fold(i) == fold(text):
                return i
        self.bad(f"'{text}' is not a counter", pos, field, did_you_mean(text, ITEMS))
        return None

    def leader(self, text: str, pos: Pos | None, field: str, piles: bool = False) -> str | None:
        if piles and fold(text).rstrip("s") in PILES:
            return fold(text).rstrip("s")
        name = self.book.leader(text)
        if name is None:
            self.bad(
                f"'{text}' is not a Leader",
                pos,
                field,
                did_you_mean(text, [*self.book.leaders, *(PILES if piles else ())]),
            )
        return name

    def _draw(self, rest, pos, field):
        n = self.number(rest, pos, field)
        return None if n is None else Draw(n)

    def _row(self, rest, pos, field):
        n = self.number(rest, pos, field)
        return None if n is None else Row(n)

    def _take(self, rest, pos, field):
        n = self.number(rest, pos, field)
        return None if n is None else Take(n)

    def _leader(self, rest, pos, field):
        name = self.leader(rest, pos, field)
        return None if name is None else Leader(name)

    def _launch(self, rest, pos, field):
        foot = fold(rest).endswith(" on foot")
        where = rest[: -len(" on foot")] if foot else rest
        sid = self.space(where, pos, field)
        return None if sid is None else Launch(sid, foot)

    def _play(self, rest, pos, field):
        n, _, what = rest.partition(" ")
        card = self.number(n, pos, field)
        if card is None or not what:
            if card is not None:
                self.bad("write what the card is played for: play 25 2 Provision", pos, field)
            return None
        words = what.split()
        region = None
        if len(words) > 1 and words[-1].upper() in NEW_WORLD:
            region, what = words[-1].upper(), " ".join(words[:-1])
        what = self.counters_given(what, pos, field)
        return None if what is None else Play(card, what, region)

    def counters_given(self, what: str, pos: Pos | None, field: str) -> str | None:
        """What a card is played for, spelt as the cards spell it ('2 crew + provision' ->
        '2 Crew + Provision'); a counter no card gives and no loss names is a misspelling."""
        names = self.outfit_names()
        parts = []
        for part in re.split(r"\s*\+\s*", what):
            count, _, name = part.partition(" ")
            if not (count.isdecimal() and name):
                count, name = "", part
            item = names.get(fold(name))
            if item is None:
                self.bad(
                    f"'{name}' is not a counter an Outfitting card gives",
                    pos,
                    field,
                    did_you_mean(name, list(dict.fromkeys(names.values()))),
                )
                return None
            n = int(count) if count else 1
            parts.append(item if n == 1 else f"{n} {item}")
        return " + ".join(parts)

    def outfit_names(self) -> dict[str, str]:
        """Every counter an Outfitting card names, and every counter of the game, by folded name."""
        names = self.__dict__.get("_outfit_names")
        if names is None:
            given = (k for card in self.book.outfit.values() for o in card.options for k in o)
            names = self._outfit_names = {fold(k): k for k in (*given, *ITEMS)}
        return names

    def _gold(self, rest, pos, field):
        item = self.item(rest, pos, field)
        return None if item is None else SpendGold(item)

    def _ship(self, rest, pos, field):
        for t in ("Caravel", "Carrack"):
            if fold(rest) in (fold(t), fold(t) + "s"):
                return ShipType(t)
        self.bad(
            f"'{rest}' is not a ship type", pos, field, did_you_mean(rest, ["Caravel", "Carrack"])
        )
        return None

    def _from(self, rest, pos, field):
        if fold(rest) == "europe":
            return LaunchFrom("EUROPE")
        sid = self.space(rest, pos, field)
        return None if sid is None else LaunchFrom(sid)

    def _pay(self, rest, pos, field):
        if fold(rest) == "gold":
            return Pay(0)
        n = self.number(rest, pos, field)
        return None if n is None else Pay(n)

    def _hire(self, rest, pos, field):
        n, _, who = rest.partition(" ")
        card = self.number(n, pos, field)
        pick = self.leader(who, pos, field, piles=True) if who else None
        if who == "":
            self.bad("write the Letter of Credit and the Leader: hire 36 explorer", pos, field)
        return None if card is None or pick is None else Hire(card, pick)

    def _retire(self, rest, pos, field):
        name = self.leader(rest, pos, field)
        return None if name is None else Retire(name)

    def _pick(self, rest, pos, field):
        name = self.leader(rest, pos, field, piles=True)
        return None if name is None else Pick(name)

    def _or(self, rest, pos, field):
        n = rest.isdecimal() and int(rest)
        if not n:
            self.bad(f"'or {rest}': write the option's number, or 1, or 2", pos, field)
            return None
        return Or(n)

    def _lose(self, rest, pos, field):
        item = self.item(rest, pos, field)
        return None if item is None else Lose(item)

    def _drop(self, rest, pos, field):
        item = self.item(rest, pos, field)
        return None if item is None else Drop(item)

    def _keep(self, rest, pos, field):
        if fold(rest) in ("old", "new"):
            return Keep(fold(rest))
        if fold(rest) in ("pilot", "rutter"):  # what a change of Leader type leaves (echoes.py)
            return Keep(rest.strip().capitalize())
        self.bad("keep 'old' or 'new' (or the Pilot or Rutter a new Leader keeps)", pos, field)
        return None

    def _eat(self, rest, pos, field):
        if rest.isdecimal():
            return Action("eat", int(rest))
        self.bad("write how many horses: eat 1", pos, field)
        return None

    def _find(self, rest, pos, field):
        return Find(rest)

    def _rumor(self, rest, pos, field):
        sid = self.space(rest, pos, field)
        return None if sid is None else Rumor(sid)

    def _to(self, rest, pos, field):
        sid = self.space(rest, pos, field)
        return None if sid is None else Move(sid)

    def _ashore(self, rest, pos, field):
        if fold(rest) == "scuttle":
            return Ashore(scuttle=True)
        parts = rest.split()
        if len(parts) == 2 and all(p.isdecimal() for p in parts):
            return Ashore(int(parts[0]), int(parts[1]))
        self.bad(
            "write the Crew and Provisions left aboard (ashore 1 0) or ashore scuttle", pos, field
        )
        return None

    def _status(self, rest, pos, field):
        sid = self.space(rest, pos, field)
        return None if sid is None else Status(sid)

    def _takeover(self, rest, pos, field):
        try:
            return Takeover(player_named(rest, self.players, self.source, pos, field))
        except InputError as exc:
            self.problems += exc.problems
            return None

    def _give(self, rest, pos, field):
        if rest.isdecimal():
            return Give(int(rest))
        self.bad("write how much Gold: give 2", pos, field)
        return None

    def _major(self, rest, pos, field):
        for mid, m in self.book.majors.items():
            if fold(rest) in (fold(mid), fold(m.name)):
                return Score(mid)
        self.bad(
            f"'{rest}' is not a Major Expedition", pos, field, did_you_mean(rest, self.book.majors)
        )
        return None

    # -- a list of tokens -----------------------------------------------------------------------
    def tokens(
        self, value: Any, pos: Pos | None, field: str, player: str
    ) -> list[tuple[Any, str, Pos | None]]:
        """(move, player, position) for each token of a list."""
        items = value if isinstance(value, list) else [value]
        out = []
        for i, item in enumerate(items):
            ipos = value.item_pos[i] if isinstance(value, YList) else pos
            ifield = f"{field}[{i}]" if isinstance(value, list) else field
            who = player
            if isinstance(item, dict):
                if len(item) != 1:
                    self.bad("a step of another player is one mapping: {Ben: give 2}", ipos, ifield)
                    continue
                ((name, item),) = item.items()
                try:
                    who = player_named(name, self.players, self.source, ipos, ifield)
                except InputError as exc:
                    self.problems += exc.problems
                    continue
            move = self.token(item, ipos, ifield)
            if move is not None:
                out.append((move, who, ipos))
        return out


# -- reading --------------------------------------------------------------------------------------
def parse_log(
    book: Book, raw: Any, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    rd = _Reader(book, source, players)
    face_up = False
    options = raw.get("options") if isinstance(raw, dict) else None
    if isinstance(options, dict):
        face_up = str(options.get("face_up_outfitting", "off")).lower() in ("on", "true")
    setup = raw.get("setup") if isinstance(raw, dict) else None
    if setup is not None:
        _setup(rd, setup, raw.value_pos.get("setup") if isinstance(raw, YMap) else None, face_up)
    turns = raw.get("turns") if isinstance(raw, dict) else None
    if turns:
        for t, entry, player, where in turn_entries(turns, source, players, TURN_KEYS, rd.problems):
            rd.steps.append(Step(StartTurn(player), t, player, entry.value_pos["player"]))
            if "steps" in entry:
                for move, who, pos in rd.tokens(
                    entry["steps"], entry.value_pos["steps"], f"{where}.steps", player
                ):
                    rd.steps.append(Step(move, t, who, pos))
    if rd.problems:
        raise InputError(rd.problems)
    return rd.steps


def _setup(rd: _Reader, setup: Any, pos: Pos | None, face_up: bool) -> None:
    if not isinstance(setup, YMap):
        rd.bad("setup maps each player to the Explorer and the cards dealt", pos, "setup")
        return
    lists: dict[str, list[tuple[Any, str, Pos | None]]] = {}
    for name, value in setup.items():
        kpos, vpos = setup.key_pos[name], setup.value_pos[name]
        try:
            p = player_named(name, rd.players, rd.source, kpos, f"setup.{name}")
        except InputError as exc:
            rd.problems += exc.problems
            continue
        field = f"setup.{name}"
        if isinstance(value, YMap):
            got = []
            for key in value:
                if key not in ("leader", "cards"):
                    rd.bad(
                        f"unknown key '{key}'",
                        value.key_pos[key],
                        f"{field}.{key}",
                        did_you_mean(str(key), ["leader", "cards"]),
                    )
            if "leader" in value:
                name_ = rd.leader(
                    str(value["leader"]), value.value_pos["leader"], f"{field}.leader"
                )
                if name_:
                    got.append((Leader(name_), p, value.value_pos["leader"]))
            if "cards" in value:
                cards = value["cards"]
                cards = cards if isinstance(cards, list) else [cards]
                for i, c in enumerate(cards):
                    cpos = (
                        cards.item_pos[i] if isinstance(cards, YList) else value.value_pos["cards"]
                    )
                    move = rd.token(
                        f"draw {c}" if isinstance(c, int) else c, cpos, f"{field}.cards[{i}]"
                    )
                    if move is not None:
                        got.append((move, p, cpos))
            lists[p] = got
        else:
            lists[p] = rd.tokens(value, vpos, field, p)
    order = [p for p in rd.players if p in lists]
    # the Explorers first, in seat order; then the cards, each player's in turn (or one at a
    # time round the table with the face-up row)
    for p in order:
        lead = [x for x in lists[p] if isinstance(x[0], Leader)]
        lists[p] = [x for x in lists[p] if not isinstance(x[0], Leader)]
        rd.steps += [Step(m, 0, p, ps) for m, _, ps in lead]
    if not face_up:
        for p in order:
            rd.steps += [Step(m, 0, p, ps) for m, _, ps in lists[p]]
        return
    groups = {p: _groups(lists[p]) for p in order}
    while any(groups.values()):
        for p in order:
            if groups[p]:
                rd.steps += [Step(m, 0, p, ps) for m, _, ps in groups[p].pop(0)]


def _groups(tokens: list) -> list[list]:
    """One pick each: the face-up cards turned over before it, the pick (a face-up card or the
    deck's top) and, after a face-up card, the card turned over in its place."""
    out: list[list] = []
    current: list = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        current.append(tok)
        i += 1
        if isinstance(tok[0], (Take, Draw)):
            if isinstance(tok[0], Take) and i < len(tokens) and isinstance(tokens[i][0], Row):
                current.append(tokens[i])
                i += 1
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


# -- writing --------------------------------------------------------------------------------------
def write_log(steps: list[Step]) -> dict[str, Any]:
    setup: dict[str, list] = {}
    turns: list[dict] = []
    current: dict | None = None
    for st in steps:
        m = st.move
        if isinstance(m, StartTurn):
            current = {"player": m.player, "steps": []}
            turns.append(current)
            continue
        tok = token(m)
        if tok is None:
            continue
        if current is None:
            setup.setdefault(st.player, []).append(tok)
            continue
        current["steps"].append(tok if st.player == current["player"] else {st.player: tok})
    for t in turns:
        if not t["steps"]:
            del t["steps"]
    out: dict[str, Any] = {}
    if setup:
        out["setup"] = setup
    out["turns"] = turns
    return out
