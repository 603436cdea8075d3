"""portolan/yamlsrc.py within the bounds of data/limits.yaml: a file from a stranger cannot make
the reader run out of time or memory, and every bound passed is an input error naming it."""

from __future__ import annotations

import time

import pytest

from portolan.errors import InputError
from portolan.limits import yaml_limits
from portolan.yamlsrc import Pos, YMap, load_yaml, parse_yaml

LIMITS = yaml_limits()


def problem_of(text: str | bytes, path: str = "x.yaml"):
    with pytest.raises(InputError) as err:
        parse_yaml(text, path)
    (problem,) = err.value.problems
    return problem


def test_billion_laughs_stops_at_the_alias_limit_quickly():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for k in range(1, 10):
        refs = ", ".join([f"*a{k - 1}"] * 10)
        lines.append(f"a{k}: &a{k} [{refs}]")
    started = time.process_time()  # CPU seconds: a busy machine adds none
    problem = problem_of("\n".join(lines) + "\n")
    assert time.process_time() - started < 5
    assert "aliases repeat more than 100,000 values" in problem.message
    assert problem.hint == "limit yaml.alias_nodes; see docs/safety.md"
    assert problem.file == "x.yaml" and problem.line is not None


def test_a_few_aliases_are_copied_not_shared():
    data = parse_yaml("base: &b {x: [1, 2]}\none: *b\ntwo: *b\n")
    assert data["one"] == data["two"] == {"x": [1, 2]}
    assert data["one"] is not data["two"] and data["one"]["x"] is not data["two"]["x"]
    # The copy points at the anchor's text for its keys, at the alias for where it is used.
    assert data["one"].key_pos["x"] == Pos(1, 11)
    assert data.value_pos["two"] == Pos(3, 6)


@pytest.mark.parametrize(
    "text",
    [
        "players: &a [*a]\n",
        "a: &m {b: *m}\n",
        "&r [1, [2, *r]]\n",
    ],
)
def test_recursive_aliases_are_an_input_error(text):
    problem = problem_of(text)
    assert "is inside the value it names" in problem.message
    assert problem.line == text[: text.index("*")].count("\n") + 1


def test_an_alias_without_anchor():
    problem = problem_of("a: *nowhere\n")
    assert problem.message == "the alias *nowhere names no anchor (&nowhere) written before it"
    assert (problem.line, problem.column) == (1, 4)


def test_nesting_depth():
    ok = "[" * LIMITS.depth + "]" * LIMITS.depth
    assert parse_yaml(ok) is not None
    deep = "[" * (LIMITS.depth + 1) + "]" * (LIMITS.depth + 1)
    problem = problem_of(deep)
    assert problem.message == f"values are nested more than {LIMITS.depth} levels deep"
    assert (problem.line, problem.column) == (1, LIMITS.depth + 1)
    assert "yaml.depth" in problem.hint


def test_very_deep_block_nesting_is_no_recursion_error():
    assert "nested more than" in problem_of("- " * 100_000 + "x\n").message
    assert "nesting depth" in problem_of("[" * 100_000).message  # libyaml's own bound


def test_document_size(tmp_path):
    big = "a: " + "x" * 50 + "\n"
    text = big * (LIMITS.document_bytes // len(big) + 1)
    problem = problem_of(text)
    assert "more than the limit of 16 MiB" in problem.message
    assert "yaml.document_bytes" in problem.hint
    path = tmp_path / "big.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(InputError) as err:
        load_yaml(path)
    assert "larger than the limit of 16 MiB" in err.value.problems[0].message


def test_a_device_is_read_only_up_to_the_limit():
    with pytest.raises(InputError) as err:
        load_yaml("/dev/zero")
    assert "larger than the limit" in err.value.problems[0].message


@pytest.mark.parametrize("digits", [16, 5000])
def test_integer_size(digits):
    problem = problem_of(f"count: {'9' * digits}\n")
    assert f"has more than {LIMITS.integer_digits} digits" in problem.message
    assert (problem.line, problem.column) == (1, 8)
    assert "yaml.integer_digits" in problem.hint


def test_integers_in_other_notations_are_bounded_too():
    assert "more than 15 digits" in problem_of("n: 1:0:0:0:0:0:0:0:0:0:0:0\n").message
    assert "more than 15 digits" in problem_of("n: !!int '99999999999999999'\n").message
    assert parse_yaml("n: 999999999999999\n") == {"n": 999_999_999_999_999}
    assert parse_yaml("n: 0x1F\n") == {"n": 31}


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "1.0e+400", "!!float nan"])
def test_numbers_must_be_finite(value):
    problem = problem_of(f"size: {value}\n")
    assert "is not a finite number" in problem.message
    assert problem.line == 1


def test_string_length():
    problem = problem_of("name: " + "x" * (LIMITS.string_chars + 1) + "\n")
    assert "longer than the limit of 100,000" in problem.message
    assert "yaml.string_chars" in problem.hint
    key = problem_of("x" * (LIMITS.string_chars + 1) + ": 1\n")
    assert "longer than the limit" in key.message


def test_impossible_dates_are_input_errors():
    problem = problem_of("when: 2024-02-31\n")
    assert problem.message.startswith("cannot read value '2024-02-31'")
    assert (problem.line, problem.column) == (1, 7)


def test_unknown_tags_and_second_documents():
    unknown = problem_of("a: !!python/name:os.system x\n")
    assert "could not determine a constructor" in unknown.message
    assert "found a second" in problem_of("a: 1\n---\nb: 2\n").message


def test_control_characters_have_a_position():
    problem = problem_of("a: 1\nb: x\x01y\n")
    assert problem.message.startswith("YAML syntax error:")
    assert (problem.line, problem.column) == (2, 5)


@pytest.mark.parametrize("as_bytes", [False, True])
def test_a_control_character_after_accented_letters_has_its_position(as_bytes):
    # libyaml gives the UTF-8 byte offset, for a text (a log pasted on the web page) too
    text = "a: Álvares\nb: é x\x01y\n"
    problem = problem_of(text.encode("utf-8") if as_bytes else text)
    assert (problem.line, problem.column) == (2, 7)


# -- merge keys --------------------------------------------------------------------------------


def test_a_merge_key_may_be_overridden():
    data = parse_yaml("base: &b {x: 1, y: 1}\nmore:\n  <<: *b\n  y: 2\n  z: 3\n")
    assert data["more"] == {"x": 1, "y": 2, "z": 3}
    more = data["more"]
    assert isinstance(more, YMap)
    assert more.value_pos["y"] == Pos(4, 6) and more.key_pos["x"] == Pos(1, 11)


def test_an_override_before_the_merge_key_wins_too():
    data = parse_yaml("base: &b {x: 1, y: 1}\nmore: {y: 2, <<: *b}\n")
    assert data["more"] == {"x": 1, "y": 2}


def test_merging_several_mappings_the_first_wins():
    data = parse_yaml("a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n")
    assert data["c"] == {"x": 1, "y": 2}


def test_merge_keys_and_duplicates():
    problem = problem_of("base: &b {x: 1}\nmore:\n  <<: *b\n  y: 2\n  y: 3\n")
    assert problem.message == "'y' appears twice in the same mapping"
    assert problem_of("a: 1\nb:\n  <<: 3\n").message == (
        "'<<' merges a mapping or a list of mappings"
    )
    assert parse_yaml("a: '<<'\n") == {"a": "<<"}
    assert "merge key" in problem_of("a: <<\n").message
