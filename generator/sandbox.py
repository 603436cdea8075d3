"""The one jinja2 environment every template is rendered in: jinja2's immutable sandbox, bounded.

Component folders come from strangers, and their strings (card faces, board texts) are
templates. The sandbox refuses Python's internals (``__class__``, ``__globals__``, a function's
``__init__``) and any method that changes data; on top of that, what a template may make is
bounded so it cannot exhaust memory or time:

- ``range`` gives at most ``MAX_ITEMS`` numbers; ``lipsum`` is gone;
- ``*``, ``**``, ``+``, ``%`` and the padding filters and methods (``center``, ``indent``,
  ``wordwrap``, ``ljust``, ``zfill``, ``format`` widths...) refuse results past the bounds;
- a ``namespace`` holds no value longer than the bound, and macros nest at most
  ``MAX_MACRO_DEPTH`` deep;
- one rendering yields at most ``rendered_chars`` characters (``limits.yaml``);
- division by zero, an overflow, a template calling itself without end are template errors.

Anything refused raises ``jinja2.TemplateRuntimeError`` (``SecurityError``), which callers report
as an input error at the template's place; the build's time budget (``portolan.limits``) stops
loops that are merely long.
"""

from __future__ import annotations

import functools
import re
import string
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.runtime import Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace

from portolan.limits import check_deadline, component_limits, shown

MAX_ITEMS = 10_000  # numbers from one range(), slices from one |slice
MAX_WIDTH = 1_000  # padding width or precision in a filter, a method or a format
MAX_INT_BITS = 4_096  # about 1,200 digits
MAX_MACRO_DEPTH = 64
PADDING_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_FORMAT_NUMBERS = re.compile(r"\d+")


def max_chars() -> int:
    return component_limits().rendered_chars


def _refuse(message: str) -> SecurityError:
    return SecurityError(message)


def _check_size(value: Any) -> Any:
    if isinstance(value, str | list | tuple) and len(value) > max_chars():
        raise _refuse(
            f"a value of {shown(len(value))} items is longer than the limit of "
            f"{shown(max_chars())} (limit components.rendered_chars)"
        )
    return value


def _check_width(width: Any, what: str) -> None:
    if isinstance(width, int | float) and abs(width) > MAX_WIDTH:
        raise _refuse(f"{what} of {shown(width)} is more than {shown(MAX_WIDTH)}")


def _check_percent_format(text: str) -> None:
    for m in _PERCENT_SPEC.finditer(text):
        for part in m.groups():
            if part == "*":
                raise _refuse("a '*' width in a % format is not allowed in templates")
            if part is not None:
                _check_width(int(part), "a format width")


def _check_brace_format(text: str) -> None:
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise _refuse(f"cannot read the format {text[:40]!r}: {exc}") from None
    for _, _, spec, _ in fields:
        if spec and "{" in spec:
            raise _refuse("a nested {} inside a format's width is not allowed in templates")
        for number in _FORMAT_NUMBERS.findall(spec or ""):
            _check_width(int(number), "a format width")


def _safe_range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_ITEMS:
        raise _refuse(f"range() of {shown(len(numbers))} numbers is more than {shown(MAX_ITEMS)}")
    return numbers


class _BoundedNamespace(Namespace):
    """``namespace()`` whose values cannot grow past the limit (``{% set ns.s = ns.s ~ ns.s %}``
    in a loop would otherwise double a text until memory runs out)."""

    def __setitem__(self, name: str, value: Any) -> None:
        super().__setitem__(name, _check_size(value))


class PortolanSandbox(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "+", "/", "//", "%"})

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.globals["range"] = _safe_range
        self.globals["namespace"] = _BoundedNamespace
        self._macro_depth = 0
        base = self.filters
        self.filters.update(  # the positions count the environment or context jinja2 passes
            center=_guarded(base["center"], _width_at(1)),
            indent=_guarded(base["indent"], _width_at(1)),
            wordwrap=_guarded(base["wordwrap"], _width_at(2)),
            slice=_guarded(base["slice"], _slices_at(2)),
            format=_guarded(base["format"], _percent_format),
        )

    def wrap_str_format(self, value: Any):
        """``'...'.format``: refused at once if its format asks for a huge width."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_brace_format(value.__self__)
        return wrapped

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        check_deadline()
        _check_operands(operator, left, right)
        try:
            result = self.binop_table[operator](left, right)
        except ArithmeticError as exc:  # 1 // 0, 1e308 ** 2
            raise jinja2.TemplateRuntimeError(
                f"cannot compute {_short(left)} {operator} {_short(right)}: {exc}"
            ) from None
        return _check_size(result)

    def call(__self, __context, __obj, *args: Any, **kwargs: Any) -> Any:
        check_deadline()
        for value in (*args, *kwargs.values()):
            _check_size(value)
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str) and name in PADDING_METHODS:
            for value in (*args, *kwargs.values()):
                _check_width(value, f"a {name}() width")
        if isinstance(__obj, Macro):
            if __self._macro_depth >= MAX_MACRO_DEPTH:
                raise _refuse(f"macros call one another more than {MAX_MACRO_DEPTH} deep")
            __self._macro_depth += 1
            try:
                return super().call(__context, __obj, *args, **kwargs)
            finally:
                __self._macro_depth -= 1
        return super().call(__context, __obj, *args, **kwargs)

    def concat(self, chunks) -> str:  # type: ignore[override]
        """The rendered text, stopped as soon as it passes the limit."""
        out: list[str] = []
        total = 0
        limit = max_chars()
        for chunk in chunks:
            out.append(chunk)
            total += len(chunk)
            if total > limit:
                raise _refuse(
                    f"the template makes more than {shown(limit)} characters "
                    "(limit components.rendered_chars)"
                )
            if len(out) % 256 == 0:
                check_deadline()
        return "".join(out)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:26] + "..."


def _check_operands(operator: str, left: Any, right: Any) -> None:
    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    sized = (str, list, tuple)
    if operator == "*":
        if isinstance(left, sized) and is_int(right):
            _check_size_of(len(left) * max(right, 0))
        elif isinstance(right, sized) and is_int(left):
            _check_size_of(len(right) * max(left, 0))
        elif is_int(left) and is_int(right):
            _check_bits(left.bit_length() + right.bit_length())
    elif operator == "**":
        if is_int(left) and is_int(right) and right > 0:
            _check_bits(max(left.bit_length() - 1, 1) * right)
    elif operator == "+":
        if isinstance(left, sized) and isinstance(right, sized):
            _check_size_of(len(left) + len(right))
    elif operator == "%" and isinstance(left, str):
        _check_percent_format(left)


def _check_size_of(n: int) -> None:
    if n > max_chars():
        raise _refuse(
            f"a value of {shown(n)} items is longer than the limit of {shown(max_chars())} "
            "(limit components.rendered_chars)"
        )


def _check_bits(bits: int) -> None:
    if bits > MAX_INT_BITS:
        raise _refuse(f"a number of about {shown(bits * 0.30103)} digits is too large")


def _guarded(original, check):
    """``original`` (a jinja2 filter) with ``check(args, kwargs)`` run first; keeps the marks
    that tell jinja2 to pass the environment or context."""

    @functools.wraps(original)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        check(args, kwargs)
        return original(*args, **kwargs)

    return guarded


def _argument(args: tuple, kwargs: dict, position: int, name: str) -> Any:
    return kwargs.get(name, args[position] if len(args) > position else None)


def _width_at(position: int, name: str = "width"):
    def check(args: tuple, kwargs: dict) -> None:
        _check_width(_argument(args, kwargs, position, name), f"a {name}")

    return check


def _slices_at(position: int):
    def check(args: tuple, kwargs: dict) -> None:
        slices = _argument(args, kwargs, position, "slices")
        if isinstance(slices, int) and slices > MAX_ITEMS:
            raise _refuse(f"slice() into {shown(slices)} parts is more than {shown(MAX_ITEMS)}")

    return check


def _percent_format(args: tuple, kwargs: dict) -> None:
    if args and isinstance(args[0], str):
        _check_percent_format(args[0])


def sandboxed(**options: Any) -> PortolanSandbox:
    """A new bounded sandbox; ``options`` are jinja2.Environment's (loader, undefined...)."""
    return PortolanSandbox(**options)


# What a template error inside the sandbox may be: anything a template can make Python raise.
TEMPLATE_ERRORS = (
    jinja2.TemplateError,
    ArithmeticError,
    AttributeError,
    LookupError,
    TypeError,
    ValueError,
    RecursionError,
)
