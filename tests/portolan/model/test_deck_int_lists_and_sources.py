"""Deck field language: ``list of int`` fields; cards' per-field ``sources`` and ``note``."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from portolan.errors import InputError
from portolan.model import load_game
from portolan.model.deck import parse_field_type

GAME = """\
id: mini
title: Mini
players: {min: {value: 2, source: "§1"}, max: {value: 4, source: "§1"}}
rulebook: mini.txt
citation: "{game} {id}"
sections: [{id: "§1", title: One}, {id: "§2", title: Two}]
palette: {navy: "#1f4e79", red: "#b8322a"}
terms:
  colour: [{name: red, icon: triangle, letter: R}]
components: [deck.yaml]
"""

DECK = """\
kind: deck
id: deck
name: Deck
size: poker
total: {value: 1, source: "§1"}
source: "§1"
fields:
  colour: colour
  payouts: list 1..3 of int 1..30
types:
  contract: {label: Contract, colour: navy, icon: scroll}
back: {title: Deck, colour: navy, icon: scroll}
cards:
"""


LINE = DECK.count("\n") + 1  # the line of the card under test


def make(tmp_path: Path, card: str) -> Path:
    root = tmp_path / "components"
    (root / "mini").mkdir(parents=True)
    (root / "mini" / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "mini" / "deck.yaml").write_text(DECK + textwrap.indent(card, "  "), encoding="utf-8")
    return root


def problems(tmp_path: Path, card: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        load_game(make(tmp_path, card), "mini")
    return [str(p) for p in exc.value.problems]


def test_list_of_int_parses_with_and_without_a_range():
    ft = parse_field_type("list of int 1..30")
    assert ft.kind == "list" and (ft.low, ft.high) == (None, None)  # any length
    assert (ft.item.kind, ft.item.low, ft.item.high) == ("int", 1, 30)
    bare = parse_field_type("list of int")
    assert (bare.kind, bare.item.kind, bare.item.low) == ("list", "int", None)
    assert parse_field_type("list of trait").kind == "list"
    assert parse_field_type("int 3..8").kind == "int"


def test_a_list_of_int_is_read_as_a_tuple(tmp_path):
    card = "- {name: A, type: contract, colour: red, payouts: [5, 7, 9]}\n"
    game = load_game(make(tmp_path, card), "mini")
    assert game.deck("deck").card("A")["payouts"] == (5, 7, 9)


@pytest.mark.parametrize(
    ("payouts", "message"),
    [
        ("[5, seven, 9]", "item 2: expected a whole number, found 'seven'"),
        ("[5, 70, 9]", "item 2: 70 is outside 1..30"),
        ("[]", "expected a list of 1 to 3 whole numbers, found 0"),
        ("5", "expected a list of 1 to 3 whole numbers, found 5"),
    ],
)
def test_bad_lists_of_int_are_reported_where_they_are(tmp_path, payouts, message):
    card = f"- {{name: A, type: contract, colour: red, payouts: {payouts}}}\n"
    (found,) = problems(tmp_path, card)
    column = len("  ") + card.index("payouts: ") + len("payouts: ") + 1
    assert f"deck.yaml:{LINE}:{column}: cards[0] (A).payouts: {message}" in found


def test_per_field_sources_and_note(tmp_path):
    card = (
        "- name: A\n  type: contract\n  colour: red\n  payouts: [5, 7, 9]\n"
        '  sources: {payouts: reconstructed, name: "§2"}\n  note: "Only the name is known."\n'
    )
    a = load_game(make(tmp_path, card), "mini").deck("deck").card("A")
    assert a.source_of("colour") == "§1"
    assert a.source_of("payouts") == "reconstructed"
    assert a.source_of("name") == "§2"
    assert a.note == "Only the name is known."


def test_a_per_field_source_must_be_a_section(tmp_path):
    card = "- {name: A, type: contract, colour: red, payouts: [5], sources: {payouts: '§9'}}\n"
    (found,) = problems(tmp_path, card)
    column = len("  ") + card.index("'§9'") + 1
    assert (
        f"deck.yaml:{LINE}:{column}: cards[0].sources.payouts: "
        "source '§9' is not a section of the rulebook" in found
    )


def test_sources_may_only_name_fields(tmp_path):
    card = (
        "- {name: A, type: contract, colour: red, payouts: [5], sources: {payout: reconstructed}}\n"
    )
    (found,) = problems(tmp_path, card)
    assert "sources names an unknown field 'payout'" in found
    assert "did you mean 'payouts'?" in found


def test_a_field_called_colour_is_not_a_palette_colour(tmp_path):
    # 'fields: {colour: colour}' and 'sources: {colour: ...}' name a field, not a colour.
    card = (
        "- {name: A, type: contract, colour: red, payouts: [5], sources: {colour: reconstructed}}\n"
    )
    assert load_game(make(tmp_path, card), "mini").deck("deck").card("A")["colour"] == "red"


def test_terms_carry_symbol_and_letter(tmp_path):
    card = "- {name: A, type: contract, colour: red, payouts: [5]}\n"
    term = load_game(make(tmp_path, card), "mini").spec.term("colour", "red")
    assert (term.icon, term.letter) == ("triangle", "R")
