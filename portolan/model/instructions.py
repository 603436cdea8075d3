"""Card instructions: a small typed tree that the printer draws and a rules engine can execute.

Age of Exploration's exploration cards (and the automatic effects printed on its map) are
sequences of steps: checks with a [Success] and a [Failure] branch, OR choices, If/Otherwise
conditions, gains and losses, Progress, Lost, Storm, Ⓓ, Ⓡ, Expedition must return and so on
(rulebook, "Card Instructions"). In YAML a sequence is a list; each step is a mapping with one
*verb* key (its arguments beside it), or a bare word for a verb without arguments::

    - check: navigation -1          # rating and modifier ("sea", "combat", "battle", "8"...)
      success: [{progress: 1}, D]
      failure: [lost]
    - choice:                       # OR: the player picks one option (each a sequence)
        - [{lose: 1 Provision (men)}]
        - [{check: leadership, failure: [must_return]}]
    - if: has Trade Goods           # condition words: see CONDITION below
      then: [{gain: 1 Porters}]
      else: [{lose: 1 men, cause: combat}]
    - progress: {Caravel: 2, Carrack: 1}
    - R

``read_steps`` checks a YAML tree (with positions, from ``portolan.yamlsrc``) and returns the
typed steps, or problems pointing at the exact line and column of the offending node. Every
verb and word is documented in docs/components.md ("Card instructions").
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from portolan.errors import Problem, did_you_mean

# The step types, words and walks are this module's too: games and the printer import them here.
from portolan.model.steps import (  # noqa: F401
    CAUSES,
    CHITS,
    DISCOVERIES,
    FLAGS,
    HAS_MORE,
    ITEMS,
    LOSSES,
    PLACES,
    RATINGS,
    SHIP_TYPES,
    Check,
    Choice,
    CivMove,
    Condition,
    Damage,
    Discover,
    Flag,
    GainItems,
    If,
    Lose,
    Mark,
    Progress,
    Step,
    Storm,
    children,
    max_progress,
    verbs,
    walk,
)
from portolan.yamlsrc import Pos, Source, YList, YMap

BARE = {
    "lost": "lost",
    "D": "discovery",
    "discovery": "discovery",
    "R": "rumor",
    "rumor": "rumor",
    "must_return": "must_return",
    "reshuffle": "reshuffle",
    "nothing": "nothing",
    "storm": "storm",
}
# each verb's step type (a bare word's: Flag)
STEP_TYPES = {
    "progress": Progress,
    "check": Check,
    "choice": Choice,
    "if": If,
    "gain": GainItems,
    "lose": Lose,
    "damage": Damage,
    "storm": Storm,
    "discover": Discover,
    "mark": Mark,
    "unmark": Mark,
    "awe": CivMove,
    "strength": CivMove,
}
VERBS = (*STEP_TYPES, *BARE)
# keys allowed beside each verb
EXTRA = {
    "check": {"success", "failure", "unmodified"},
    "if": {"then", "else"},
    "lose": {"cause"},
    "progress": {"capital"},
}
CONDITION = (
    "A condition is words joined by 'or' (and clauses of them by 'and'), optionally after "
    "'not': 'has ITEM' (an item of the expedition, or 'has manned Cannons': Cannons and a "
    "Crew or Soldiers), 'in PLACE' (sea, coastal, land, river, nwp, Rumors, Contact, Capital), "
    "a chit "
    "(Native Allies, Natives Attacked, Ruler Seized, Capital Entry), Caravel, Carrack, hungry, "
    "raft, ships, Lost, 'Ruler taken' (this empire's Ruler held by any expedition)"
)

_CHECK = re.compile(r"^(?P<rating>[a-z-]+|\d+)(?:\s*(?P<mod>[+\-−]\s*\d+))?$")
_AMOUNT = re.compile(r"^(?P<n>\d+)\s+(?P<word>.+)$")


class StepReader:
    """Reads steps, and the conditions of If and of map borders, collecting problems."""

    def __init__(self, source: Source):
        self.source = source
        self.problems: list[Problem] = []

    def bad(self, message: str, pos: Pos | None, field: str, hint: str | None = None) -> None:
        self.problems.append(self.source.problem(message, pos, field=field, hint=hint))

    def known(self, word: Any, among, noun: str, pos: Pos | None, field: str) -> bool:
        """Whether ``word`` is one of ``among``; if not, the problem "'word' is not ``noun``"."""
        if word in among:
            return True
        self.bad(f"'{word}' is not {noun}", pos, field, did_you_mean(str(word), among))
        return False

    # a list of steps
    def steps(self, raw: Any, pos: Pos | None, field: str) -> list:
        if raw is None:
            return []
        if not isinstance(raw, list):
            raw = YList([raw])
            raw.item_pos = [pos]
        out = []
        for i, item in enumerate(raw):
            ipos = raw.item_pos[i] if isinstance(raw, YList) and i < len(raw.item_pos) else pos
            step = self.step(item, ipos, f"{field}[{i}]")
            if step is not None:
                out.append(step)
        return out

    def step(self, raw: Any, pos: Pos | None, field: str):
        if isinstance(raw, str):
            verb = BARE.get(raw.strip())
            if verb is None:
                self.bad(
                    f"'{raw}' is not an instruction",
                    pos,
                    field,
                    did_you_mean(raw, [*BARE, *VERBS]) or "write a verb such as {progress: 1}",
                )
                return None
            return self.build(verb, {}, pos, field)
        if not isinstance(raw, dict):
            self.bad(f"an instruction is a verb or a mapping, not {raw!r}", pos, field)
            return None
        named = [k for k in raw if k in VERBS]
        if len(named) != 1:
            what = "no verb" if not named else f"two verbs ({', '.join(named)})"
            unknown = [k for k in raw if k not in VERBS]
            hint = did_you_mean(str(unknown[0]), VERBS) if unknown else None
            self.bad(f"an instruction needs exactly one verb, found {what}", pos, field, hint)
            return None
        verb = named[0]
        vpos = raw.value_pos.get(verb, pos) if isinstance(raw, YMap) else pos
        for key in raw:
            if key != verb and key not in EXTRA.get(verb, ()):
                kpos = raw.key_pos.get(key, pos) if isinstance(raw, YMap) else pos
                allowed = sorted(EXTRA.get(verb, ()))
                self.bad(
                    f"'{key}' does not go with '{verb}'",
                    kpos,
                    f"{field}.{key}",
                    did_you_mean(str(key), allowed) if allowed else None,
                )
                return None
        return getattr(self, "_" + verb, self._flag)(raw, verb, vpos, pos, f"{field}.{verb}")

    def build(self, verb: str, data: dict, pos: Pos | None, field: str):
        model = STEP_TYPES.get(verb, Flag)
        if model in (Flag, Mark, CivMove):
            data = {"verb": verb, **data}
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            self.bad(err["msg"].removeprefix("Value error, "), pos, field)
            return None

    def sub(self, raw: YMap, key: str, pos: Pos | None, field: str) -> list:
        if key not in raw:
            return []
        return self.steps(raw[key], raw.value_pos.get(key, pos), f"{field}.{key}")

    # -- one reader per verb --
    def _flag(self, raw, verb, vpos, pos, field):
        value = raw[verb]
        if value not in (True, None):
            self.bad(f"'{verb}' takes no value (write it as a bare word)", vpos, field)
            return None
        return self.build(BARE.get(verb, verb), {}, pos, field)

    def _progress(self, raw, verb, vpos, pos, field):
        value = raw[verb]
        data: dict[str, Any] = {}
        if isinstance(value, dict):
            if not all(self.known(k, SHIP_TYPES, "a ship type", vpos, field) for k in value):
                return None
            odd = [v for v in value.values() if not isinstance(v, int) or isinstance(v, bool)]
            if odd:
                self.bad(f"progress by ship type is a whole number, not {odd[0]!r}", vpos, field)
                return None
            data["by_ship"] = dict(value)
            data["n"] = max(value.values()) if value else 0
        elif isinstance(value, int) and not isinstance(value, bool):
            data["n"] = value
        else:
            self.bad(
                f"progress is 0, 1 or 2 (or {{Caravel: 2, Carrack: 1}}), not {value!r}", vpos, field
            )
            return None
        if "capital" in raw:
            data["capital"] = raw["capital"]
        return self.build("progress", data, vpos, field)

    def _check(self, raw, verb, vpos, pos, field):
        value = raw[verb]
        text = str(value).strip().replace("−", "-")
        m = _CHECK.match(text)
        if not m:
            self.bad(
                f"cannot read the check '{value}'",
                vpos,
                field,
                "write a rating and a modifier, e.g. 'navigation -1', 'combat', '8'",
            )
            return None
        rating = m["rating"]
        if not rating.isdigit() and not self.known(rating, RATINGS, "a rating", vpos, field):
            return None
        mod = int(m["mod"].replace(" ", "")) if m["mod"] else 0
        data = {
            "rating": rating,
            "mod": mod,
            "unmodified": bool(raw.get("unmodified", False)),
            "success": self.sub(raw, "success", pos, field),
            "failure": self.sub(raw, "failure", pos, field),
        }
        return self.build("check", data, vpos, field)

    def _choice(self, raw, verb, vpos, pos, field):
        value = raw[verb]
        if not isinstance(value, list) or len(value) < 2:
            self.bad("a choice lists at least two options (each a list of steps)", vpos, field)
            return None
        options = []
        for i, option in enumerate(value):
            opos = value.item_pos[i] if isinstance(value, YList) else vpos
            options.append(self.steps(option, opos, f"{field}[{i}]"))
        return self.build("choice", {"options": options}, vpos, field)

    def _if(self, raw, verb, vpos, pos, field):
        cond = self.condition(raw[verb], vpos, field)
        if cond is None:
            return None
        data = {
            "condition": cond,
            "then": self.sub(raw, "then", pos, field),
            "otherwise": self.sub(raw, "else", pos, field),
        }
        return self.build("if", data, vpos, field)

    def condition(self, value: Any, pos: Pos | None, field: str) -> Condition | None:
        if not isinstance(value, str) or not value.strip():
            self.bad("a condition is text such as 'has Trade Goods'", pos, field, CONDITION)
            return None
        text = value.strip()
        negate = text.startswith("not ")
        if negate:
            text = text[4:]
        clauses = []
        for clause in text.split(" and "):
            words = self._words(clause, pos, field)
            if words is None:
                return None
            clauses.append(words)
        return Condition(clauses=clauses, negate=negate)

    def _words(self, text: str, pos: Pos | None, field: str) -> list[str] | None:
        words = []
        for word in (w.strip() for w in text.split(" or ")):
            if word.startswith("has "):
                ok = word[4:] in ITEMS or word[4:] in HAS_MORE
                choices = [f"has {i}" for i in (*ITEMS, *HAS_MORE)]
            elif word.startswith("in "):
                ok = word[3:] in PLACES
                choices = [f"in {p}" for p in PLACES]
            else:
                ok = word in CHITS or word in FLAGS
                choices = [*CHITS, *FLAGS]
            if not ok:
                self.bad(f"'{word}' is not a condition", pos, field, did_you_mean(word, choices))
                return None
            words.append(word)
        return words

    def _amounts(self, value: Any, pos, field, vocabulary, noun) -> dict[str, int] | None:
        if isinstance(value, dict):
            pairs = list(value.items())
        elif isinstance(value, str):
            pairs = []
            for part in value.split("+"):
                m = _AMOUNT.match(part.strip())
                word, n = (m["word"].strip(), int(m["n"])) if m else (part.strip(), 1)
                pairs.append((word, n))
        else:
            self.bad(
                f"expected amounts such as '1 Provision + 1 Porters', not {value!r}", pos, field
            )
            return None
        out: dict[str, int] = {}
        for word, n in pairs:
            if not self.known(word, vocabulary, noun, pos, field):
                return None
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                self.bad(f"the amount of '{word}' must be a whole number, at least 1", pos, field)
                return None
            out[word] = n
        return out

    def _gain(self, raw, verb, vpos, pos, field):
        items = self._amounts(raw[verb], vpos, field, ITEMS, "an item")
        return None if items is None else self.build("gain", {"items": items}, vpos, field)

    def _lose(self, raw, verb, vpos, pos, field):
        value = raw[verb]
        if not isinstance(value, str):
            self.bad("write a loss as '1 Provision (men)' or '1 men or Porters'", vpos, field)
            return None
        m = _AMOUNT.match(value.strip())
        n, rest = (int(m["n"]), m["word"]) if m else (1, value.strip())
        what = [w.strip() for w in rest.split(" or ")]
        if not all(self.known(word, LOSSES, "a loss", vpos, field) for word in what):
            return None
        data: dict[str, Any] = {"n": n, "what": what}
        if "cause" in raw:
            data["cause"] = raw["cause"]
        return self.build("lose", data, vpos, field)

    def _number(self, raw, verb, vpos, pos, field):  # damage, awe, strength: by how much
        return self.build(verb, {"n": raw[verb]}, vpos, field)

    _damage = _awe = _strength = _number

    def _storm(self, raw, verb, vpos, pos, field):
        value = raw[verb]
        data = {} if value in (None, True) else {"mod": value}
        return self.build("storm", data, vpos, field)

    def _discover(self, raw, verb, vpos, pos, field):
        what = raw[verb]
        if not self.known(what, DISCOVERIES, "a card discovery", vpos, field):
            return None
        return self.build("discover", {"what": what}, vpos, field)

    def _mark(self, raw, verb, vpos, pos, field):
        chit = raw[verb]
        if not self.known(chit, CHITS, "a status chit", vpos, field):
            return None
        return self.build(verb, {"chit": chit}, vpos, field)

    _unmark = _mark


def read_steps(raw: Any, source: Source, pos: Pos | None, field: str) -> tuple[list, list[Problem]]:
    """The typed steps of a YAML instruction list, and the problems found (with positions)."""
    reader = StepReader(source)
    steps = reader.steps(raw, pos, field)
    return steps, reader.problems
