"""Command-line option values checked the same way as YAML: one clear message, exit code 2."""

from __future__ import annotations

from portolan.errors import InputError, Problem, did_you_mean


def bad(option: str, message: str, hint: str | None = None) -> InputError:
    return InputError(Problem(message, file="command line", field=option, hint=hint))


def choice(option: str, value: str, choices) -> str:
    v = value.strip().lower()
    if v not in choices:
        raise bad(option, f"'{value}' is not allowed", did_you_mean(value, choices))
    return v


def _shown(x: float) -> str:
    return f"{int(x):,}" if x == int(x) else f"{x:g}"


def number(option: str, value: float, low: float, high: float) -> float:
    if not (low <= value <= high):
        raise bad(option, f"{_shown(value)} is outside {_shown(low)}..{_shown(high)}")
    return value


def levels(option: str, value: str, allowed) -> tuple[str, ...]:
    """A comma-separated list of bot levels (repeats allowed: one per seat)."""
    out = []
    for part in value.split(","):
        part = part.strip().lower()
        if part not in allowed:
            raise bad(option, f"unknown bot level '{part}'", did_you_mean(part, allowed))
        out.append(part)
    return tuple(out)


def formats(option: str, value: str, allowed) -> tuple[str, ...]:
    out = []
    for part in value.split(","):
        part = part.strip().lower()
        if not part:
            continue
        if part not in allowed:
            raise bad(option, f"unknown format '{part}'", did_you_mean(part, allowed))
        out.append(part)
    if not out:
        raise bad(option, "name at least one format", "for example pdf,svg")
    return tuple(dict.fromkeys(out))


def pair(option: str, value: str) -> tuple[float, float]:
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise bad(
            option, f"'{value}' is not two numbers in mm", "write X,Y such as 0.5,-1"
        ) from None
    if abs(x) > 20 or abs(y) > 20:
        raise bad(option, f"an offset of {value} mm is larger than any printer's error (20 mm)")
    return (x, y)


def names(option: str, value: str) -> list[str]:
    out = [p.strip() for p in value.split(",") if p.strip()]
    if len(set(n.casefold() for n in out)) != len(out):
        raise bad(option, "each player must have a different name")
    return out
