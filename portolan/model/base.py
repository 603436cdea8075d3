"""Schema building blocks and the translation of pydantic errors into positioned problems."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from portolan.errors import InputError, Problem, did_you_mean
from portolan.yamlsrc import Source, position_at

RECONSTRUCTED = "reconstructed"
DESIGN = "design"
DERIVED = "derived"
NON_RULEBOOK_SOURCES = (RECONSTRUCTED, DESIGN, DERIVED)


class Strict(BaseModel):
    """Every schema forbids unknown keys, so a typo is reported instead of silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


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


def field_label(loc: tuple) -> str:
    out = ""
    for step in loc:
        if isinstance(step, str) and step.startswith("~"):  # a union tag, not a key
            continue
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


def problems_from(
    exc: ValidationError, model: type[BaseModel], data: Any, source: Source, prefix: tuple = ()
) -> list[Problem]:
    """One problem per pydantic error, placed at the line and column of the offending value."""
    problems = []
    for err in exc.errors(include_url=False):
        loc = tuple(s for s in err["loc"] if not (isinstance(s, str) and s.startswith("~")))
        kind = err["type"]
        full = prefix + loc
        hint = None
        if kind == "extra_forbidden":
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
            pos = position_at(data, loc)
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
