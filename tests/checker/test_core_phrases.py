"""checker/core/phrases.py: values written as short phrases ('3 Merchant', '2 Cloth + 1 Wine',
'Tyre Cloth'), read into what they mean, each problem at its field, and their schemas."""

from __future__ import annotations

from portolan.checker.core import logformat as lf
from portolan.checker.core import phrases as ph
from portolan.yamlsrc import Source, parse_yaml


class Book:
    goods = ["Cloth", "Wine"]
    pool = {"Cloth": 3, "Wine": 10}
    places = ["Tyre", "Rest of the World", "Rest"]


SHIP = ph.Phrase(
    r"(\d+)\s+(merchant|warship)",
    "write a ship as its age and box, not {value!r}",
    {"type": "string"},
    lambda age, box: (int(age), box.title()),
)
GOODS = ph.Pieces(lambda book: book.goods, "good", "goods", lambda book, g: book.pool[g])
PLACE = ph.Leading(lambda book: book.places, "a place", "'{value}' names no place")
NEAR = ph.Then(PLACE, lambda r, found, pos, field: found[0] if not found[1] else lf.BAD, "near")


def read(arg: lf.Arg, text: str) -> tuple[object, list[tuple[str | None, str, str | None]]]:
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    raw = parse_yaml("v: " + text + "\n", "log.yaml")
    got = arg.read(r, raw["v"], raw.value_pos["v"], "v")
    if isinstance(got, list) and all(isinstance(a, lf.At) for a in got):
        got = [(a.value, a.field) for a in got]
    return got, [(p.field, p.message, p.hint) for p in r.problems]


def test_a_phrase_is_read_by_its_pattern_and_a_number_as_its_text():
    assert read(SHIP, "' 3  Warship '") == ((3, "Warship"), [])
    assert read(SHIP, "3") == (lf.BAD, [("v", "write a ship as its age and box, not 3", None)])
    assert read(SHIP, "[1]") == (lf.BAD, [("v", "write a ship as its age and box, not [1]", None)])


def test_pieces_are_one_value_each_where_their_item_is_and_no_more_than_the_box_holds():
    assert read(GOODS, "[Cloth, 2 wine]") == (
        [("Cloth", "v[0]"), ("Wine", "v[1]"), ("Wine", "v[1]")],
        [],
    )
    assert read(GOODS, "1 Cloth + 1 Wine") == ([("Cloth", "v"), ("Wine", "v")], [])
    got, problems = read(GOODS, "[99999999999 Cloth, Clth]")
    assert got is lf.BAD
    assert problems == [
        ("v[0]", "99999999999 Cloth: the game has 3", None),
        ("v[1]", "'Clth' is not a good", "did you mean 'Cloth'?"),
    ]


def test_a_leading_name_is_the_longest_that_begins_the_text():
    assert read(PLACE, "rest of the world wine") == (("Rest of the World", "wine"), [])
    assert read(PLACE, "Rest") == (("Rest", ""), [])
    assert read(PLACE, "Tyr Cloth") == (
        lf.BAD,
        [("v", "'Tyr Cloth' names no place", "did you mean 'Tyre'?")],
    )
    assert read(PLACE, "3") == (lf.BAD, [("v", "expected a place, found 3", None)])


def test_then_reads_further_what_its_reader_read_and_later_keeps_the_value():
    assert read(NEAR, "tyre") == ("Tyre", [])
    assert read(NEAR, "Tyre Cloth")[0] is lf.BAD
    assert read(NEAR, "Tyr")[0] is lf.BAD  # its reader's problem, not read further
    later = ph.Later((SHIP, GOODS))
    assert read(later, "[x]") == (["x"], [])
    assert NEAR.schema(Book(), {}) == {"type": "string", "description": "near"}
    assert later.schema(Book(), {}) == {"anyOf": [{"type": "string"}, GOODS.schema(Book(), {})]}
