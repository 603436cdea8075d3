"""Frozen dataclasses made in bulk, cheaply: what ``make_dataclass(..., frozen=True,
slots=True)`` makes, for a game that declares its moves or tasks a line each (Age of
Exploration: 99 of them, every one made on every start of ``portolan check``).

Python 3.11's dataclass compiles each generated method on its own (six a class) and works out a
docstring from the signature; that was most of what defining the classes cost. A record is
the same dataclass (``dataclasses.fields``, ``replace``, ``__match_args__``, slots, pickling
and copying) with its ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` written as
dataclass writes them but compiled in one go, and the frozen guard and the state for pickling
shared by every record (``dataclass`` itself is then asked only for its bookkeeping).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass
from dataclasses import fields as fields_of
from typing import Any


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields_of(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields_of(self), state, strict=False):
        object.__setattr__(self, f.name, value)  # the frozen guard is bypassed, as dataclass does


def record(
    name: str, spec: list[tuple], bases: tuple[type, ...] = (), module: str | None = None
) -> type:
    """A frozen dataclass with slots named ``name``, of the fields ``spec`` in order (each
    ``(name, type)`` or ``(name, type, default)``), as ``make_dataclass`` makes it."""
    names = [f[0] for f in spec]
    defaults = {f[0]: f[2] for f in spec if len(f) > 2}
    params = "".join(f", {n}=_d_{n}" if n in defaults else f", {n}" for n in names)
    sets = "".join(f"    _set(self, {n!r}, {n})\n" for n in names) or "    pass\n"
    own = "".join(f"self.{n}," for n in names)
    other = "".join(f"other.{n}," for n in names)
    shown = ", ".join(f"{n}={{self.{n}!r}}" for n in names)
    source = (
        f"def __init__(self{params}):\n{sets}"
        "def __repr__(self):\n"
        f'    return self.__class__.__qualname__ + f"({shown})"\n'
        "def __eq__(self, other):\n"
        "    if other.__class__ is self.__class__:\n"
        f"        return ({own})==({other})\n"
        "    return NotImplemented\n"
        "def __hash__(self):\n"
        f"    return hash(({own}))\n"
        "def _values(self):\n"  # the fields' values in order, for a call that takes them
        f"    return ({own})\n"
    )
    namespace: dict[str, Any] = {}
    scope = {"_set": object.__setattr__, **{f"_d_{n}": v for n, v in defaults.items()}}
    exec(source, scope, namespace)  # the field names of our own declarations, never input
    namespace.update(
        __annotations__={f[0]: f[1] for f in spec},
        __doc__=f"{name}({', '.join(names)})",
        __setattr__=_frozen_setattr,
        __delattr__=_frozen_delattr,
        __getstate__=_getstate,
        __setstate__=_setstate,
        **defaults,
    )
    if module is not None:
        namespace["__module__"] = module
    cls = type(name, bases, namespace)
    return dataclass(init=False, repr=False, eq=False, slots=True)(cls)


def spec_of(fields: dict[str, Any]) -> list[tuple]:
    """``record``'s field list from keyword fields, each ``name=type`` or
    ``name=(type, default)``, in the order written."""
    return [(f, *(t if isinstance(t, tuple) else (t,))) for f, t in fields.items()]


def declarer(module: str) -> Callable[..., type]:
    """How a game's moves module declares a move a line each: ``move(name, words, **fields)``
    is the record of ``fields`` in order (``name=type`` or ``name=(type, default)``) with
    ``WORDS``, its template in words (core/words.py), where it has one."""

    def move(name: str, words: str | None = None, /, **fields: Any) -> type:
        cls = record(name, spec_of(fields), (), module)
        if words is not None:
            cls.WORDS = words
        return cls

    return move
