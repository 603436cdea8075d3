"""The one jinja2 environment every template is rendered in: jinja2's immutable sandbox, bounded.

Component folders come from strangers, and their strings (card faces, board texts) are
templates. The sandbox refuses Python's internals (``__class__``, ``__globals__``, a function's
``__init__``) and any method that changes data; on top of that, what a template may make is
bounded so it cannot exhaust memory or time:

- ``range`` gives at most ``MAX_ITEMS`` numbers; ``lipsum`` is gone;
- ``*``, ``**``, ``+``, ``%`` and the padding filters and methods (``center``, ``indent``,
  ``wordwrap``, ``ljust``, ``zfill``, ``format`` widths...) refuse results past the bounds;
- what a text method or filter would make is estimated before it runs (``replace``, ``join``,
  ``translate``, ``expandtabs``, ``format`` and ``%`` with a value repeated in many fields,
  ``indent``, ``wordwrap``, ``urlize``, a padded ``batch``, a list printed or repeated, the
  items ``map`` makes, all together): past
  the bound it is refused, so no template can build a text of gigabytes in one step; every
  filter's and method's result, every list a filter reads and every value printed are within
  the bound too, and a ``MemoryError`` is a template error, not a crash;
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
    if isinstance(value, str | list | tuple):
        _check_size_of(len(value))
    return value


def _content(value: Any, limit: int) -> int:
    """About how many characters ``value`` makes as text: a list's or a mapping's are those of
    its items (a list of one long text repeated is long). Counting stops once past ``limit``."""
    total, stack = 0, [value]
    while stack and total <= limit:
        v = stack.pop()
        if isinstance(v, str):
            total += len(v)
        elif isinstance(v, list | tuple | set | frozenset):
            total += 2 + len(v)
            stack.extend(v)
        elif isinstance(v, dict):
            total += 2 + 2 * len(v)
            stack.extend(v.keys())
            stack.extend(v.values())
        else:
            total += 1
    return total


def _check_content(value: Any) -> Any:
    if isinstance(value, list | tuple | set | frozenset | dict):
        _check_size_of(_content(value, max_chars()))
    return value


def _biggest(values: Any) -> int:
    return max((_content(v, max_chars()) for v in values), default=0)


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
        options.setdefault("finalize", _check_content)  # a list printed is the text of its items
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.globals["range"] = _safe_range
        self.globals["namespace"] = _BoundedNamespace
        self._macro_depth = 0
        base = self.filters
        self.filters.update(  # the positions count the environment or context jinja2 passes
            center=_guarded(base["center"], _width_at(1)),
            indent=_guarded(base["indent"], _width_at(1), _indent_size),
            wordwrap=_guarded(base["wordwrap"], _width_at(2), _wordwrap_size),
            slice=_guarded(base["slice"], _slices_at(2)),
            format=_guarded(base["format"], _percent_format),
            replace=_guarded(base["replace"], _replace_size_at(1)),
            join=_guarded(base["join"], _join_size, listed=1),
            batch=_guarded(base["batch"], _batch_size),
            urlize=_guarded(base["urlize"], _urlize_size),
            map=_counted(base["map"]),
        )

    def wrap_str_format(self, value: Any):
        """``'...'.format``: refused at once if its format asks for a huge width, and when it
        is called if its fields would repeat its arguments past the bound."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text = value.__self__
        _check_brace_format(text)
        fields = sum(1 for _, name, _, _ in string.Formatter().parse(text) if name is not None)
        is_map = value.__name__ == "format_map"

        @functools.wraps(wrapped)
        def bounded(*args: Any, **kwargs: Any) -> str:
            values = [*args, *kwargs.values()]
            if is_map and args and isinstance(args[0], dict):
                values = list(args[0].values())
            _check_size_of(len(text) + fields * (_biggest(values) + MAX_WIDTH))
            return wrapped(*args, **kwargs)

        return bounded

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
        if isinstance(owner, str):
            if name == "join" and len(args) == 1:
                args = (list(args[0]),)  # counted before it is joined
            _check_method(owner, name, args)
            return _check_size(super().call(__context, __obj, *args, **kwargs))
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
    limit = max_chars()
    if operator == "*":
        if isinstance(left, sized) and is_int(right):
            _check_size_of(_content(left, limit) * max(right, 0))
        elif isinstance(right, sized) and is_int(left):
            _check_size_of(_content(right, limit) * max(left, 0))
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
        _check_percent_size(left, right)


def _check_size_of(n: int) -> None:
    if n > max_chars():
        raise _refuse(
            f"a value of {shown(n)} items is longer than the limit of {shown(max_chars())} "
            "(limit components.rendered_chars)"
        )


def _check_bits(bits: int) -> None:
    if bits > MAX_INT_BITS:
        raise _refuse(f"a number of about {shown(bits * 0.30103)} digits is too large")


def _guarded(original, *checks, listed: int | None = None):
    """``original`` (a jinja2 filter) with each ``check(args, kwargs)`` run first and its
    result bounded; ``listed``: the position of an iterable read into a list first (so that it
    can be counted). Keeps the marks that tell jinja2 to pass the environment or context."""

    @functools.wraps(original)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if listed is not None and len(args) > listed and not isinstance(args[listed], str):
            args = (*args[:listed], list(args[listed]), *args[listed + 1 :])
        for check in checks:
            check(args, kwargs)
        return _check_size(original(*args, **kwargs))

    return guarded


def _counted(original):
    """``map``: the items it makes are counted as they come, so that a list of them (each
    within the bound) cannot add up to gigabytes."""

    @functools.wraps(original)
    def counted(*args: Any, **kwargs: Any) -> Any:
        items = original(*args, **kwargs)
        if not hasattr(items, "__next__"):
            return items
        limit = max_chars()

        def each():
            total = 0
            for item in items:
                total += _content(item, limit)
                _check_size_of(total)
                yield item

        return each()

    return counted


def _check_method(text: str, name: str, args: tuple) -> None:
    """What a text method would make, estimated before it runs."""
    if name == "replace" and len(args) >= 2:
        _check_replace(text, *args[:3])
    elif name == "join" and args:
        items = args[0]
        _check_size_of(len(text) * max(len(items) - 1, 0) + _content(items, max_chars()))
    elif name == "translate" and args and isinstance(args[0], dict):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        _check_size_of(len(text) * max(longest, 1))
    elif name == "expandtabs" and args and isinstance(args[0], int):
        _check_size_of(len(text) + text.count("\t") * max(args[0], 0))


def _check_replace(text: Any, old: Any, new: Any, count: Any = -1) -> None:
    if not (isinstance(text, str) and isinstance(old, str) and isinstance(new, str)):
        return
    times = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    _check_size_of(len(text) + times * max(len(new) - len(old), 0))


def _replace_size_at(position: int):
    def check(args: tuple, kwargs: dict) -> None:
        names = ("s", "old", "new", "count")
        values = [_argument(args, kwargs, position + i, n) for i, n in enumerate(names)]
        _check_replace(str(values[0]), *values[1:3], values[3] if values[3] is not None else -1)

    return check


def _join_size(args: tuple, kwargs: dict) -> None:
    items, sep = _argument(args, kwargs, 1, "value"), _argument(args, kwargs, 2, "d") or ""
    if isinstance(items, list):
        _check_size_of(len(str(sep)) * max(len(items) - 1, 0) + _content(items, max_chars()))


def _indent_size(args: tuple, kwargs: dict) -> None:
    text, width = _argument(args, kwargs, 0, "s"), _argument(args, kwargs, 1, "width")
    per = width if isinstance(width, int) else len(width) if isinstance(width, str) else 4
    text = str(text)
    _check_size_of(len(text) + (text.count("\n") + 1) * max(per, 0))


def _wordwrap_size(args: tuple, kwargs: dict) -> None:
    text = str(_argument(args, kwargs, 1, "s"))
    width = _argument(args, kwargs, 2, "width")
    wrap = _argument(args, kwargs, 4, "wrapstring")
    lines = len(text) // max(width if isinstance(width, int) else 79, 1) + text.count("\n") + 1
    _check_size_of(len(text) + lines * len(wrap if isinstance(wrap, str) else "\n"))


def _batch_size(args: tuple, kwargs: dict) -> None:
    size, fill = _argument(args, kwargs, 1, "linecount"), _argument(args, kwargs, 2, "fill_with")
    if fill is not None and isinstance(size, int) and size > MAX_ITEMS:
        raise _refuse(f"batch() of {shown(size)} is more than {shown(MAX_ITEMS)}")


def _urlize_size(args: tuple, kwargs: dict) -> None:
    text = str(_argument(args, kwargs, 1, "value"))
    extra = sum(len(str(kwargs.get(k) or "")) for k in ("target", "rel")) + 64
    extra += sum(len(str(a or "")) for a in args[4:6])
    _check_size_of(len(text) * 2 + len(text.split()) * extra)


def _check_percent_size(text: str, values: Any) -> None:
    """``'%s%s...' % value``: each conversion may print the largest value once."""
    fields = len(_PERCENT_SPEC.findall(text))
    if not fields:
        return
    if isinstance(values, dict):
        values = values.values()
    elif not isinstance(values, tuple):
        values = [values]
    _check_size_of(len(text) + fields * (_biggest(values) + MAX_WIDTH))


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
        _check_percent_size(args[0], kwargs or tuple(args[1:]))


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
    MemoryError,  # the last defence: a text too large to make is the template's fault
)
