"""Words of a game's vocabulary inside a schema: checked while pydantic validates.

The loader validates every component with ``context={"terms": {kind: [word, ...]}}`` (the
``terms`` of game.yaml). A field validator (``words_of``, ``bundles_of``) calls ``word`` or
``bundle`` with the vocabulary it draws from; a word that is not there is an error at that
exact value, with a did-you-mean hint.
Validated without a context (a schema used on its own), words are read but not checked.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationInfo, field_validator

from portolan.errors import did_you_mean
from portolan.model.bundles import read_bundle


def _vocabulary(info: ValidationInfo, kind: str) -> list[str] | None:
    terms = (info.context or {}).get("terms") if info is not None else None
    if terms is None:
        return None
    if kind not in terms:
        raise ValueError(f"this needs a '{kind}' vocabulary under 'terms' in game.yaml")
    return terms[kind]


def word(value: Any, info: ValidationInfo, kind: str) -> str:
    """One word of vocabulary ``kind`` (spelt as the vocabulary spells it)."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"expected a {kind} word, found {value!r}")
    vocab = _vocabulary(info, kind)
    if vocab is None:
        return value
    by_fold = {w.casefold(): w for w in vocab}
    found = by_fold.get(value.strip().casefold())
    if found is None:
        hint = did_you_mean(value, vocab)
        raise ValueError(f"'{value}' is not a {kind}" + (f" ({hint})" if hint else ""))
    return found


def bundle(value: Any, info: ValidationInfo, kind: str, *, one_word: bool = False) -> dict:
    """Amounts of ``kind`` words, written ``"2 Gold + 1 VP"`` or ``{Gold: 2, VP: 1}``;
    ``one_word``: exactly one word (a trade box shows one kind of symbol)."""
    vocab = _vocabulary(info, kind)
    if vocab is None:  # no game to check against: read the amounts, keep the words as written
        if isinstance(value, dict):
            words = [str(k) for k in value]
        elif isinstance(value, str):
            words = [p.strip().split(" ", 1)[-1] for p in value.split("+")]
        else:
            words = []
        vocab = words
    out, message, hint = read_bundle(value, vocab, kind)
    if message:
        raise ValueError(message + (f" ({hint})" if hint else ""))
    if not out:
        raise ValueError(f"name at least one {kind} word, such as '1 {vocab[0] if vocab else 'X'}'")
    if one_word and len(out) != 1:
        raise ValueError(f"one {kind} word only, found {len(out)}: {', '.join(out)}")
    return out


def words_of(kind: str, *fields: str):
    """A schema's field validator: each of ``fields`` that is given is a word of ``kind``."""
    return field_validator(*fields)(lambda v, info: None if v is None else word(v, info, kind))


def bundles_of(kind: str, *fields: str, optional: bool = False):
    """A schema's field validator: each of ``fields`` is amounts of ``kind`` words (read before
    pydantic's own checks); ``optional``: a field left empty stays None."""

    def read(v: Any, info: ValidationInfo) -> dict | None:
        return None if optional and v is None else bundle(v, info, kind)

    return field_validator(*fields, mode="before")(read)
