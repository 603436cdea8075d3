"""YAML that remembers where everything was written.

``load_yaml`` returns ordinary dicts, lists and scalars, except that every mapping is a ``YMap``
and every sequence a ``YList``: they know the line and column of themselves, of each key and of
each value, so any later error (a schema problem, an illegal turn) can point at the exact spot.
Lines and columns are 1-based, as editors show them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import yaml

from portolan.errors import InputError, Problem, display_path

try:  # libyaml is several times faster; PyYAML's wheels ship it.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Loader


class Pos(NamedTuple):
    line: int
    column: int


class YMap(dict):
    """A mapping with positions: ``pos`` (the mapping), ``key_pos[k]`` and ``value_pos[k]``."""

    __slots__ = ("key_pos", "pos", "value_pos")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pos: Pos | None = None
        self.key_pos: dict[Any, Pos] = {}
        self.value_pos: dict[Any, Pos] = {}


class YList(list):
    """A sequence with positions: ``pos`` (the sequence) and ``item_pos[i]``."""

    __slots__ = ("item_pos", "pos")

    def __init__(self, *args):
        super().__init__(*args)
        self.pos: Pos | None = None
        self.item_pos: list[Pos] = []


class Source(NamedTuple):
    """Where a document came from, for messages."""

    path: str

    def problem(self, message: str, pos: Pos | None = None, **kw) -> Problem:
        return Problem(
            message,
            file=self.path,
            line=pos.line if pos else None,
            column=pos.column if pos else None,
            **kw,
        )


def _pos(node: yaml.Node) -> Pos:
    return Pos(node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    def __init__(self, source: Source):
        self.source = source
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node) -> Any:
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node)
        if isinstance(node, yaml.SequenceNode):
            out = YList()
            out.pos = _pos(node)
            for item in node.value:
                out.append(self.build(item))
                out.item_pos.append(_pos(item))
            return out
        return self.constructor.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode) -> YMap:
        self.constructor.flatten_mapping(node)  # resolves '<<' merge keys
        out = YMap()
        out.pos = _pos(node)
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError(self.source.problem("a key must be a plain value", _pos(key_node)))
            key = self.constructor.construct_object(key_node)
            if key in out:
                first = out.key_pos[key]
                raise InputError(
                    self.source.problem(
                        f"'{key}' appears twice in the same mapping",
                        _pos(key_node),
                        field=str(key),
                        hint=f"first written at line {first.line}",
                    )
                )
            out[key] = self.build(value_node)
            out.key_pos[key] = _pos(key_node)
            out.value_pos[key] = _pos(value_node)
        return out


def parse_yaml(text: str, path: str = "<input>") -> Any:
    """Parse one YAML document from ``text``; syntax errors become an ``InputError``."""
    source = Source(path)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = Pos(mark.line + 1, mark.column + 1) if mark else None
        reason = exc.problem or exc.context or "not valid YAML"
        raise InputError(source.problem(f"YAML syntax error: {reason}", pos)) from None
    except yaml.YAMLError as exc:
        raise InputError(source.problem(f"YAML syntax error: {exc}")) from None
    if node is None:
        return None
    try:
        return _Builder(source).build(node)
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        pos = Pos(mark.line + 1, mark.column + 1) if mark else None
        raise InputError(source.problem(f"cannot read value: {exc.problem}", pos)) from None


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; a missing or unreadable file is an ``InputError`` too."""
    shown = display_path(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Problem("file not found", file=shown)) from None
    except IsADirectoryError:
        raise InputError(Problem("is a folder, not a YAML file", file=shown)) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", file=shown)) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=shown)) from None
    return parse_yaml(text, shown)


def position_at(data: Any, path: tuple, *, key: bool = False) -> Pos | None:
    """The position of the value at ``path`` inside ``data`` (or of its key when ``key``).

    Walks as deep as the path exists and returns the deepest position found, so a problem with a
    missing field points at the mapping that lacks it.
    """
    best = getattr(data, "pos", None)
    node = data
    for i, step in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, YMap) and step in node:
            best = node.key_pos[step] if (last and key) else node.value_pos[step]
            node = node[step]
        elif isinstance(node, YList) and isinstance(step, int) and 0 <= step < len(node):
            best = node.item_pos[step]
            node = node[step]
        else:
            break
    return best
