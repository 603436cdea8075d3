"""portolan/yamlsrc.py: YAML that remembers the line and column of everything."""

from __future__ import annotations

import pytest

from portolan.errors import InputError
from portolan.yamlsrc import Pos, YList, YMap, load_yaml, parse_yaml, position_at

DOC = """\
name: Galleons
count: 4
traits:
  - Stores
  - Sails
bonus: {Hull: 2}
"""


def test_mappings_and_lists_carry_positions():
    data = parse_yaml(DOC, "deck.yaml")
    assert isinstance(data, YMap) and isinstance(data["traits"], YList)
    assert data == {
        "name": "Galleons",
        "count": 4,
        "traits": ["Stores", "Sails"],
        "bonus": {"Hull": 2},
    }
    assert data.pos == Pos(1, 1)
    assert data.key_pos["count"] == Pos(2, 1)
    assert data.value_pos["count"] == Pos(2, 8)
    assert data.value_pos["name"] == Pos(1, 7)
    assert data["traits"].item_pos == [Pos(4, 5), Pos(5, 5)]
    assert data["bonus"].pos == Pos(6, 8)
    assert data["bonus"].value_pos["Hull"] == Pos(6, 15)


def test_position_at_walks_as_deep_as_the_path_exists():
    data = parse_yaml(DOC)
    assert position_at(data, ("traits", 1)) == Pos(5, 5)
    assert position_at(data, ("bonus", "Hull")) == Pos(6, 15)
    assert position_at(data, ("bonus", "Hull"), key=True) == Pos(6, 9)
    # Missing steps: the deepest position that exists.
    assert position_at(data, ("bonus", "Morale")) == Pos(6, 8)
    assert position_at(data, ("traits", 7)) == data.value_pos["traits"] == Pos(4, 3)
    assert position_at(data, ("nothing",)) == Pos(1, 1)


def test_duplicate_keys_are_an_error_naming_both_lines():
    with pytest.raises(InputError) as err:
        parse_yaml("a: 1\nb: 2\na: 3\n", "x.yaml")
    (problem,) = err.value.problems
    assert (problem.file, problem.line, problem.column) == ("x.yaml", 3, 1)
    assert problem.message == "'a' appears twice in the same mapping"
    assert problem.hint == "first written at line 1"
    assert (
        str(problem)
        == "x.yaml:3:1: a: 'a' appears twice in the same mapping (first written at line 1)"
    )


def test_duplicate_keys_in_nested_mappings():
    with pytest.raises(InputError) as err:
        parse_yaml("cards:\n  - {name: A, name: B}\n", "d.yaml")
    assert err.value.problems[0].line == 2


def test_syntax_error_has_a_position():
    with pytest.raises(InputError) as err:
        parse_yaml("a: [1, 2\nb: 3\n", "bad.yaml")
    (problem,) = err.value.problems
    assert problem.file == "bad.yaml" and problem.line is not None
    assert problem.message.startswith("YAML syntax error:")


def test_merge_keys_are_resolved():
    data = parse_yaml("base: &b {x: 1}\nmore:\n  <<: *b\n  y: 2\n")
    assert data["more"] == {"x": 1, "y": 2}


def test_scalars_and_empty_documents():
    assert parse_yaml("") is None
    assert parse_yaml("- 1\n- two\n- 3.5\n- true\n") == [1, "two", 3.5, True]


def test_load_yaml_missing_file(tmp_path):
    with pytest.raises(InputError) as err:
        load_yaml(tmp_path / "absent.yaml")
    assert err.value.problems[0].message == "file not found"


def test_load_yaml_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Hernán".encode("latin-1"))
    with pytest.raises(InputError) as err:
        load_yaml(path)
    assert err.value.problems[0].message.startswith("not UTF-8 text")


def test_load_yaml_reads_utf8(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text("name: Hernán Cortés\n", "utf-8")
    assert load_yaml(path) == {"name": "Hernán Cortés"}
