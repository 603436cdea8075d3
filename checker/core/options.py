"""Rule options (declared in each game's rules.yaml): the values a log or --option chose."""

from __future__ import annotations

from typing import Any

from portolan.errors import InputError, Problem, did_you_mean
from portolan.model.rules import RuleOption
from portolan.yamlsrc import Source, YMap


def resolve(
    options: list[RuleOption] | tuple[RuleOption, ...],
    raw: Any,
    source: Source,
    field: str = "options",
) -> dict[str, Any]:
    """Defaults overridden by the log's ``options:`` mapping; unknown names or values -> exit 2."""
    chosen = {o.name: o.default for o in options}
    if raw is None:
        return chosen
    if not isinstance(raw, dict):
        raise InputError(
            source.problem(
                "options must be a mapping of option: value", getattr(raw, "pos", None), field=field
            )
        )
    by_name = {o.name: o for o in options}
    problems: list[Problem] = []
    for name, value in raw.items():
        pos_key = raw.key_pos.get(name) if isinstance(raw, YMap) else None
        pos_val = raw.value_pos.get(name) if isinstance(raw, YMap) else None
        if name not in by_name:
            problems.append(
                source.problem(
                    f"unknown rule option '{name}'",
                    pos_key,
                    field=f"{field}.{name}",
                    hint=did_you_mean(str(name), by_name),
                )
            )
            continue
        opt = by_name[name]
        match = next((c for c in opt.choices if str(c).lower() == str(value).lower()), None)
        if match is None:
            problems.append(
                source.problem(
                    f"'{value}' is not a choice of option '{name}'",
                    pos_val,
                    field=f"{field}.{name}",
                    hint=did_you_mean(str(value), [str(c) for c in opt.choices]),
                )
            )
            continue
        chosen[name] = match
    if problems:
        raise InputError(problems)
    return chosen
