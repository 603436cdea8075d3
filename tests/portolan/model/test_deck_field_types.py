"""The deck fields mini-language: bundles, nested and sized lists, and the values they accept."""

from __future__ import annotations

import pytest

from portolan.model.deck import FieldType, _check_value, parse_field_type, read_bundle

TERMS = {
    "payment": ["Fruit", "Pepper", "Gold", "Coin"],
    "benefit": ["Fruit", "Pepper", "Gold", "Coin", "Any resource", "Trade"],
    "trait": ["Sails", "Stores"],
    "stat": ["Hull", "Men"],
}


@pytest.mark.parametrize(
    ("spec", "kind", "vocabularies"),
    [
        ("int", "int", []),
        ("int 1..9", "int", []),
        ("text", "text", []),
        ("trait", "term", ["trait"]),
        ("list of trait", "list", ["trait"]),
        ("map of stat to int", "map", ["stat"]),
        ("bundle of payment", "bundle", ["payment"]),
        ("list 1..3 of bundle of benefit", "list", ["benefit"]),
        ("list 2 of int 0..9", "list", []),
        ("list of list of trait", "list", ["trait"]),
    ],
)
def test_field_types_parse(spec, kind, vocabularies):
    ft = parse_field_type(spec)
    assert ft.kind == kind
    assert ft.vocabularies() == vocabularies


def test_the_existing_forms_keep_their_meaning():
    assert parse_field_type("int 1..9") == FieldType("int", low=1, high=9)
    assert parse_field_type("list of trait") == FieldType("list", item=FieldType("term", "trait"))
    assert parse_field_type("map of stat to int") == FieldType("map", term="stat")


def test_list_bounds_and_descriptions():
    ft = parse_field_type("list 1..3 of bundle of benefit")
    assert (ft.low, ft.high, ft.item.kind, ft.item.term) == (1, 3, "bundle", "benefit")
    assert ft.describe().startswith("a list of 1 to 3 bundles of benefit words")
    assert parse_field_type("list 2 of int").describe() == "a list of exactly 2 whole numbers"


@pytest.mark.parametrize("spec", ["list", "list of", "int 3", "bundle of", "map of x", "2 of x"])
def test_unreadable_field_types_are_refused(spec):
    with pytest.raises(ValueError, match="cannot read field type"):
        parse_field_type(spec)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("2 Fruit + 1 Coin", {"Fruit": 2, "Coin": 1}),
        ("pepper", {"Pepper": 1}),
        ("3 any resource", {"Any resource": 3}),
        ("2× Gold", {"Gold": 2}),
        ({"Gold": 1, "Fruit": 2}, {"Gold": 1, "Fruit": 2}),
        ("nothing", {}),
        ({}, {}),
    ],
)
def test_bundles_read_text_or_mappings(written, expected):
    got, message, _ = read_bundle(written, TERMS["benefit"], "benefit")
    assert message is None
    assert got == expected
    assert list(got) == list(expected)  # the order written is kept


@pytest.mark.parametrize(
    ("written", "message", "hint"),
    [
        ("2 Silver", "'Silver' is not a payment", "expected one of"),
        ("2 Peper", "'Peper' is not a payment", "did you mean 'Pepper'?"),
        ({"Fruit": 0}, "at least 1", None),
        ({"Fruit": True}, "whole number", None),
        ("Fruit + 2 fruit", "named twice", "add the amounts together"),
        (3, "expected amounts of payment words", "2 Fruit + 1 Coin"),
    ],
)
def test_bad_bundles_say_what_is_wrong(written, message, hint):
    got, msg, h = read_bundle(written, TERMS["payment"], "payment")
    assert got is None
    assert message in msg
    if hint:
        assert hint in h


def test_lists_check_their_length_and_every_item():
    ft = parse_field_type("list 1..3 of bundle of benefit")
    got, msg, _ = _check_value(ft, ["2 Fruit", "Trade"], TERMS)
    assert msg is None and got == ({"Fruit": 2}, {"Trade": 1})
    _, msg, _ = _check_value(ft, ["Fruit"] * 4, TERMS)
    assert "found 4" in msg
    _, msg, hint = _check_value(ft, ["Fruit", "Trad"], TERMS)
    assert msg == "item 2: 'Trad' is not a benefit" and "Trade" in hint
    _, msg, _ = _check_value(ft, "Fruit", TERMS)  # only lists of words may drop the brackets
    assert "expected a list" in msg
    got, msg, _ = _check_value(parse_field_type("list of trait"), "Sails", TERMS)
    assert msg is None and got == ("Sails",)
