"""checker/core/logargs.py: the readers of a value's several forms, of other spellings of a
key and of pieces; each problem with its field and hint, each form in the schema."""

from __future__ import annotations

import jsonschema

from portolan.checker.core import logformat as lf
from portolan.names import NameIndex
from portolan.yamlsrc import Source, parse_yaml


class Book:
    cards = NameIndex(["Galleons", "Sailors"])
    goods = ["Cloth", "Wine"]


CARD = lf.Name(lambda book: book.cards, "a card of the deck", ref="card")
GIFT = lf.Fields(
    {"card": CARD, "to": lf.PlayerName(), "colour": lf.Words({"red": "red"}, "a colour")},
    shape="write a gift as 'Card: Player'",
    spell=lambda k: str(k).replace("_", " "),
    pair=("card", "to"),
    aliases={"color": "colour"},
)
# a card alone, a gift, or a number of coins; a mapping naming 'coins' is a payment
GIVEN = lf.Forms(
    (
        (str, CARD),
        (int, lf.Whole(0, wrong="{key} is a number of coins, not {value}")),
        (dict, lf.ByKey((("coins", lf.Fields({"coins": lf.Whole()})),), GIFT)),
    ),
    "write a card, a gift or a number of coins",
)


def read(arg: lf.Arg, text: str) -> tuple[object, list[tuple[str | None, str, str | None]]]:
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    raw = parse_yaml("v: " + text + "\n", "log.yaml")
    got = arg.read(r, raw["v"], raw.value_pos["v"], "v")
    if isinstance(got, dict) and all(isinstance(a, lf.At) for a in got.values()):
        got = {k: a.value for k, a in got.items()}
    return got, [(p.field, p.message, p.hint) for p in r.problems]


def test_a_value_is_read_by_the_reader_of_its_form():
    assert read(GIVEN, "sailors") == ("Sailors", [])
    assert read(GIVEN, "3") == (3, [])
    assert read(GIVEN, "{coins: 2}") == ({"coins": 2}, [])
    assert read(GIVEN, "{card: Galleons, to: ben}") == ({"card": "Galleons", "to": "Ben"}, [])
    assert read(GIVEN, "[Sailors]") == (
        lf.BAD,
        [("v", "write a card, a gift or a number of coins", None)],
    )
    assert read(GIVEN, "-1") == (lf.BAD, [("v", "v is a number of coins, not -1", None)])


def test_a_mapping_of_one_other_key_is_a_pair_and_a_key_has_other_spellings():
    assert read(GIFT, "{Sailors: Ana, color: red}") == (
        {"card": "Sailors", "to": "Ana", "colour": "red"},
        [],
    )
    got, problems = read(GIFT, "{Sailors: Ana, Wine: Ben}")
    assert got is lf.BAD and problems == [("v", "write a gift as 'Card: Player'", None)]
    got, problems = read(GIFT, "{card: Sailors, to: Ana, color: red, colour: red}")
    assert problems == [("v.colour", "'colour' and 'color' are one key: write it once", None)]
    got, problems = read(GIFT, "{card: Sailors, to: Ana, colr: red}")
    assert problems == [("v.colr", "unknown key 'colr'", "did you mean 'colour'?")]


def test_a_partial_mapping_keeps_what_it_could_read():
    entry = lf.Fields({"vp": lf.Whole(0), "gold": lf.Whole(0)}, partial=True)
    assert read(entry, "{vp: 3, gold: x}") == (
        {"vp": 3},
        [("v.gold", "expected a whole number, found 'x'", None)],
    )
    assert read(entry, "null") == ({}, [])


def test_a_mapping_written_as_a_list_of_pairs_or_of_keys():
    pairs = lf.MapOf(CARD, lf.PlayerName(), "map cards to players", listed="one card: one player")
    got, problems = read(pairs, "[Sailors: Ana, {Galleons: Ben}, Wine]")
    assert [(k.value, v.value) for k, v in got] == [("Sailors", "Ana"), ("Galleons", "Ben")]
    assert problems == [("v[2]", "one card: one player", None)]
    keys = lf.MapOf(CARD, lf.Nothing(), "cards", bare=True, empty=True)
    got, _ = read(keys, "[Sailors, Galleons]")
    assert [(k.value, v.value) for k, v in got] == [("Sailors", None), ("Galleons", None)]
    assert read(keys, "null") == ([], [])


def test_pieces_as_a_bundle_or_a_count():
    goods = lf.Bundle(lambda book: book.goods, "good", total=True)
    assert read(goods, "2 Cloth + 1 wine") == ({"Cloth": 2, "Wine": 1}, [])
    assert read(goods, "[Cloth, Cloth]") == ({"Cloth": 2}, [])
    assert read(goods, "4") == (4, [])
    assert read(goods, "-4")[1] == [("v", "v cannot be negative", None)]
    assert read(goods, "2 Oil")[0] is lf.BAD


def test_the_schema_allows_each_form_and_refuses_the_rest():
    defs: dict = {}
    schema = {"$defs": defs, **GIVEN.schema(Book(), defs)}
    check = jsonschema.Draft202012Validator(schema)
    for ok in ("Sailors", 3, {"coins": 2}, {"Sailors": "Ana", "color": "red"}):
        assert check.is_valid(ok), ok
    for wrong in ("Salors", [3], {"card": "Sailors", "too": "Ana"}):
        assert not check.is_valid(wrong), wrong


def test_yes_or_no_in_words_or_another_form():
    paid = lf.YesNo(("none", "-"), ("yes", "paid"), lf.Whole(1, wrong="pay 1 or more"))
    assert [read(paid, t)[0] for t in ("true", "false", "~", "None", "PAID", "'-'", "2")] == [
        True, False, False, False, True, False, 2,
    ]  # fmt: skip
    assert read(paid, "0") == (lf.BAD, [("v", "pay 1 or more", None)])
    assert read(lf.YesNo(), "maybe") == (lf.BAD, [("v", "expected yes or no, found 'maybe'", None)])
    schema = {"$defs": {}, **lf.YesNo(otherwise=lf.Whole()).schema(Book(), {})}
    assert [jsonschema.Draft202012Validator(schema).is_valid(v) for v in (None, "no", 3, "x")] == [
        True, True, True, False,
    ]  # fmt: skip


def test_a_thing_the_box_has_once_is_one_players_alone():
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    seen: dict = {}
    said = "{value} is also {owner}'s"
    assert lf.once(r, seen, lf.At("Galleons", None, "players.Ana"), "Ana", said)
    assert not lf.once(r, seen, lf.At("Galleons", None, "players.Ben"), "Ben", said)
    assert lf.once(r, seen, lf.At("Sailors", None, "players.Ben"), "Ben", said)
    assert seen == {"Galleons": "Ana", "Sailors": "Ben"}
    assert [(p.field, p.message) for p in r.problems] == [("players.Ben", "Galleons is also Ana's")]


def test_a_misspelt_word_is_compared_with_its_hints():
    ships = lf.Words({"Caravel": 1, "Caravels": 1, "Carrack": 2}, "a ship type", hints=("Caravel",))
    assert read(ships, "caravels") == (1, [])
    assert read(ships, "Galleon") == (
        lf.BAD,
        [("v", "'Galleon' is not a ship type", "expected one of: 'Caravel'")],
    )


def test_every_missing_key_is_named_in_one_problem():
    voyage = lf.Fields(
        {"card": CARD, "to": lf.PlayerName(), "coins": lf.Whole()},
        required=("card", "to", "coins"),
        missing="a gift names the card, whom it goes to and the coins ({keys} missing)",
    )
    assert read(voyage, "{to: Ana}") == (
        lf.BAD,
        [("v", "a gift names the card, whom it goes to and the coins (card, coins missing)", None)],
    )
    assert read(lf.Fields({"card": CARD}, required=("card",)), "{}")[1] == [
        ("v", "'card' is missing", None)
    ]


def test_a_value_is_written_as_its_reader_reads_it():
    assert lf.Words({"fast": 2, "quick": 2, "slow": 1}).write(2) == "fast"
    assert lf.Words({"fast": 2}).write(5) == 5  # not one of its words: as it is
    assert CARD.write("Sailors") == "Sailors"
