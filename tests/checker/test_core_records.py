"""core/records.record makes what make_dataclass(frozen=True, slots=True) makes."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from portolan.checker.core.records import record


class Base:
    __slots__ = ()


SPECS = [
    ([], ()),
    ([("a", int)], (1,)),
    ([("a", int), ("b", str | None, None)], (1, "z")),
    ([("x", tuple), ("y", bool, False)], ((1, 2),)),
]


@pytest.mark.parametrize(("spec", "args"), SPECS)
def test_a_record_behaves_as_its_dataclass(spec, args):
    made = record("K", spec, (Base,), __name__)
    model = dataclasses.make_dataclass("K", spec, bases=(Base,), frozen=True, slots=True)
    r, d = made(*args), model(*args)
    assert repr(r) == repr(d)
    assert hash(r) == hash(d)
    assert r == made(*args) and r != d
    assert made.__match_args__ == model.__match_args__
    assert made.__slots__ == model.__slots__
    assert made.__module__ == __name__ and isinstance(r, Base)
    shape = [(f.name, f.type, f.default) for f in dataclasses.fields(r)]
    assert shape == [(f.name, f.type, f.default) for f in dataclasses.fields(d)]
    assert r.__getstate__() == d.__getstate__()
    assert copy.deepcopy(r) == r
    if spec:
        name = spec[0][0]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(r, name, 5)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(r, name)
        assert getattr(dataclasses.replace(r, **{name: 9}), name) == 9


Pair = record("Pair", [("a", int), ("b", str, "x")], (), __name__)


def test_a_record_pickles_and_matches():
    pair = Pair(3)
    assert pickle.loads(pickle.dumps(pair)) == pair == Pair(3, "x")
    match pair:
        case Pair(3, b):
            assert b == "x"
        case _:
            pytest.fail("no match")
    with pytest.raises(TypeError):
        Pair()
