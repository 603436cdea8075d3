"""portolan/names.py: names typed at the table, matched without case or accents."""

from __future__ import annotations

from portolan.errors import did_you_mean
from portolan.names import NameIndex, fold


def test_fold():
    assert fold("Hernán  Cortés") == "hernan cortes"
    assert fold("  VASCO de   Gama ") == "vasco de gama"
    assert fold("Straße") == "strasse"  # casefold, not lower
    assert fold("") == ""


NAMES = ["Hernan Cortez", "Hernando de Soto", "Magellan", "Vasco de Gama", "Magellan"]


def test_duplicates_are_dropped_in_order():
    assert NameIndex(NAMES).names == [
        "Hernan Cortez",
        "Hernando de Soto",
        "Magellan",
        "Vasco de Gama",
    ]


def test_exact_match_ignores_case_and_accents():
    index = NameIndex(NAMES)
    assert index.exact("hernán cortez") == "Hernan Cortez"
    assert index.exact("MAGELLAN") == "Magellan"
    assert index.exact("Magel") is None
    assert "vasco  de gama" in index
    assert "Cabot" not in index


def test_unique_prefix_resolves():
    index = NameIndex(NAMES)
    assert index.resolve("mag") == "Magellan"
    assert index.resolve("vasco") == "Vasco de Gama"


def test_ambiguous_prefix_does_not_resolve():
    index = NameIndex(NAMES)
    assert sorted(index.matches("hern")) == ["Hernan Cortez", "Hernando de Soto"]
    assert index.resolve("hern") is None


def test_exact_match_wins_over_longer_names_sharing_the_prefix():
    index = NameIndex(["Lost", "Lost at Sea"])
    assert index.matches("lost") == ["Lost"]
    assert index.resolve("lost") == "Lost"


def test_prefix_can_be_switched_off():
    index = NameIndex(NAMES)
    assert index.resolve("mag", allow_prefix=False) is None
    assert index.resolve("magellan", allow_prefix=False) == "Magellan"


def test_empty_input_matches_nothing():
    index = NameIndex(NAMES)
    assert index.matches("") == [] and index.resolve("  ") is None


def test_did_you_mean():
    assert did_you_mean("shipp", ["ship", "crew"]) == "did you mean 'ship'?"
    assert did_you_mean("Cortés", ["Cortes", "Cabot"]) == "did you mean 'Cortes'?"
    assert did_you_mean("zzz", ["a4", "letter"]) == "expected one of: 'a4', 'letter'"
    assert did_you_mean("zzz", [str(i) for i in range(20)]) is None
    assert did_you_mean("x", []) is None
