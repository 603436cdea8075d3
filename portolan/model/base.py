"""Schema building blocks and the translation of pydantic errors into positioned problems."""

from __future__ import annotations

import functools
import operator
import types
import typing
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, ValidationError, field_validator

from portolan.errors import InputError, Problem, did_you_mean
from portolan.yamlsrc import Source, position_at

RECONSTRUCTED = "reconstructed"
DESIGN = "design"
DERIVED = "derived"
NON_RULEBOOK_SOURCES = (RECONSTRUCTED, DESIGN, DERIVED)


def by_design(v: Any) -> Any:
    """A bare value as one Portolan chose (``source: design``); a mapping is read as written."""
    return v if isinstance(v, dict) else {"value": v, "source": "design"}


def int_by_design(v: Any) -> Any:
    """A bare whole number as one Portolan chose (``source: design``); anything else as written."""
    return {"value": v, "source": "design"} if isinstance(v, int) else v


class Strict(BaseModel):
    """Every schema forbids unknown keys, so a typo is reported instead of silently ignored, and
    every number is finite ("nan" and "inf" written as text included).

    A model's validator is built on its first use, not when its class is defined
    (``defer_build``): a command reads one game, which uses a few of the many models, and
    building them all was a third of ``portolan check``'s start."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)


class OfSpec:
    """A validated component or deck answers to its spec's id and name."""

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name


class Sourced(Strict):
    """A value with its provenance: a rulebook section, 'reconstructed', 'design' or 'derived'."""

    value: Any
    source: str
    note: str | None = None

    @field_validator("source")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("source must name a rulebook section or say 'reconstructed'")
        return v


class SourcedInt(Sourced):
    value: int


def keyed_union(members: dict[str, type], error: str, message: str, fallback: str | None = None):
    """The type of a mapping that is one of ``members``, picked by the first of their keys it
    holds, so that errors name the right fields; none of them: ``message`` (or the ``fallback``
    key's model for a value that is not a mapping)."""
    keys = tuple(members)

    def kind(v: Any) -> str | None:
        if isinstance(v, dict):
            return next((f"~{k}" for k in keys if k in v), None)
        return next(
            (f"~{k}" for k in keys if k != fallback and hasattr(v, k)), fallback and f"~{fallback}"
        )

    tagged = (Annotated[model, Tag(f"~{key}")] for key, model in members.items())
    return Annotated[
        functools.reduce(operator.or_, tagged),
        Discriminator(kind, custom_error_type=error, custom_error_message=message),
    ]


def field_label(loc: tuple) -> str:
    out = ""
    for step in loc:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + str(step)
    return out


def _members(tp) -> list:
    """The types a field may hold once Optional, Annotated and unions are looked through."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _members(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        return [m for a in typing.get_args(tp) if a is not type(None) for m in _members(a)]
    return [tp]


def _is_model(tp) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def allowed_keys(model: type[BaseModel], loc: tuple) -> list[str]:
    """Field names accepted at ``loc`` inside ``model`` (for did-you-mean on unknown keys)."""
    current: list = [model]
    for step in loc:
        following: list = []
        for tp in (m for c in current for m in _members(c)):
            if _is_model(tp):
                field = tp.model_fields.get(step) if isinstance(step, str) else None
                if field is not None:
                    following.append(field.annotation)
            else:
                args = typing.get_args(tp)
                if args:
                    following.append(args[-1])
        current = following
    keys = [k for c in current for m in _members(c) if _is_model(m) for k in m.model_fields]
    return list(dict.fromkeys(keys))


def _data_path(loc: tuple, data: Any) -> tuple:
    """Pydantic's location of an error, as a path into the data: without the tags it adds for
    a union's member (``~track``), which a key written in the YAML (even ``~``) never is."""
    out = []
    node = data
    for step in loc:
        in_list = isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)
        if in_list or (isinstance(node, dict) and step in node):
            node = node[step]
        elif isinstance(step, str) and step.startswith("~"):
            continue
        else:
            node = None
        out.append(step)
    return tuple(out)


def problems_from(
    exc: ValidationError, model: type[BaseModel], data: Any, source: Source, prefix: tuple = ()
) -> list[Problem]:
    """One problem per pydantic error, placed at the line and column of the offending value."""
    problems = []
    for err in exc.errors(include_url=False):
        loc = _data_path(err["loc"], data)
        at_key = bool(loc) and loc[-1] == "[key]"  # a mapping's key is wrong, not its value
        if at_key:
            loc = loc[:-1]
        kind = err["type"]
        full = prefix + loc
        hint = None
        if kind == "invalid_key":  # a key that YAML read as a number, a date, null (~)...
            key = err["input"]
            loc = loc[:-1]
            full = (*prefix, *loc, str(key))
            message = f"a key must be text, not {key!r}"
            hint = "put the key in quotes"
            pos = position_at(data, (*loc, key), key=True)  # the key, or else its mapping
        elif kind == "extra_forbidden":
            message = f"unknown key '{loc[-1]}'"
            hint = did_you_mean(str(loc[-1]), allowed_keys(model, loc[:-1]))
            pos = position_at(data, loc, key=True)
        elif kind == "missing":
            message = "required but missing"
            pos = position_at(data, loc)
        elif kind in ("literal_error", "enum"):
            expected = err.get("ctx", {}).get("expected", "")
            options = [o.strip().strip("'\"") for o in expected.replace(" or ", ",").split(",")]
            message = f"'{err['input']}' is not allowed here"
            hint = did_you_mean(str(err["input"]), [o for o in options if o])
            pos = position_at(data, loc)
        else:
            message = err["msg"].removeprefix("Value error, ")
            pos = position_at(data, loc, key=at_key)
        problems.append(source.problem(message, pos, field=field_label(full), hint=hint))
    return problems


def validate(
    model: type[BaseModel],
    data: Any,
    source: Source,
    prefix: tuple = (),
    context: dict | None = None,
):
    """Validate ``data`` against ``model``; raise an ``InputError`` listing every problem.
    ``context`` reaches the schema's validators (the game's vocabularies: ``{"terms": ...}``)."""
    if not isinstance(data, dict):
        what = "empty" if data is None else f"a {type(data).__name__}"
        raise InputError(
            source.problem(f"expected a mapping of keys, found {what}", getattr(data, "pos", None))
        )
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise InputError(problems_from(exc, model, data, source, prefix)) from None
