"""Bundles: amounts of vocabulary words, such as a cost, an income or a trade box's goods."""

from __future__ import annotations

import re
from typing import Any

from portolan.errors import did_you_mean

_AMOUNT = re.compile(r"^(?:(?P<n>\d+)\s*(?:x|×)?\s+)?(?P<word>\S.*?)$")


def read_bundle(value: Any, vocab: list[str], vocabulary: str):
    """A bundle: positive amounts of vocabulary words, such as a cost or an income.

    Written as text, ``"2 Fruit + 1 Coin"`` (an amount of 1 may be left out: ``"Pepper"``),
    or as a mapping, ``{Fruit: 2, Coin: 1}``; ``{}`` or ``"nothing"`` is the empty bundle.
    Words match the vocabulary ignoring case; the result keeps the order written, with the
    vocabulary's spelling. Returns (dict, error message, hint) like the other checks.
    """
    by_fold = {w.casefold(): w for w in vocab}
    pairs: list[tuple[Any, Any]]
    if isinstance(value, dict):
        pairs = list(value.items())
    elif isinstance(value, str):
        text = value.strip()
        if text.casefold() in ("", "nothing", "-", "—"):
            return {}, None, None
        pairs = []
        for part in text.split("+"):
            m = _AMOUNT.match(part.strip())
            if not m:
                return (
                    None,
                    f"cannot read '{part.strip()}' in '{value}'",
                    "write '2 Fruit + 1 Coin'",
                )
            pairs.append((m["word"], int(m["n"]) if m["n"] else 1))
    else:
        return (
            None,
            f"expected amounts of {vocabulary} words, found {value!r}",
            ("write '2 Fruit + 1 Coin' or {Fruit: 2, Coin: 1}"),
        )
    out: dict[str, int] = {}
    for key, amount in pairs:
        name = by_fold.get(str(key).strip().casefold())
        if name is None:
            return None, f"'{key}' is not a {vocabulary}", did_you_mean(str(key), vocab)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            return None, f"the amount of '{name}' must be a whole number, at least 1", None
        if name in out:
            return None, f"'{name}' is named twice", "add the amounts together"
        out[name] = amount
    return out, None, None
