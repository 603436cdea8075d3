"""What a person types at play's prompts (checker/core/matching.py): short forms that pick one
entry, a log's spellings, numbers that mean one thing, a did-you-mean for a typo."""

from __future__ import annotations

from portolan.checker.core.matching import counts_of, match, number_keys, suggestion
from portolan.checker.core.registry import rules_for
from portolan.checker.games.discovery_era_of_voyage.moves import Bow, Markers, Return, Sail
from portolan.checker.games.discovery_era_of_voyage.moves import spellings as deov_spellings

SHIPS = [(f"{c} Ship {n}",) for c in ("Red", "Blue") for n in (1, 2, 3)]
MISSIONS = [("Half of All Ships (2 players)",), ("All Ships (2 players)",), ("One Ship",)]


def test_short_forms_that_pick_one_entry():
    assert match("red 2", SHIPS) == [1]  # every word begins a word of the name
    assert match("BLUE ship 3", SHIPS) == [5]
    assert match("red", SHIPS) == [0, 1, 2]  # several: the prompt asks which one
    assert match("all ships", MISSIONS) == [1]  # the beginning of a name comes first
    assert match("half", MISSIONS) == [0]
    assert match("", SHIPS) == []


def test_a_number_is_a_whole_word_never_the_beginning_of_one():
    names = [("Red Contract 1",), ("Red Contract 12",)]
    assert match("red 1", names) == [0]
    assert match("red 12", names) == [1]
    assert match("contract 2", names) == []


def test_a_spelling_of_the_log_picks_its_move():
    rules = rules_for("discovery-era-of-voyage")
    bows = [(rules.describe(b), *rules.spellings(b)) for b in (Bow(1), Bow(-1))]
    assert match("cw", bows) == [0]
    assert match("ccw", bows) == [1]
    assert match("anticlockwise", bows) == [1]
    home = [(rules.describe(m), *rules.spellings(m)) for m in (Sail("Palm Grove"), Return())]
    assert match("home", home) == [1]


def test_entries_that_stand_for_a_count_are_listed_under_it():
    markers = [counts_of(deov_spellings(Markers(n))) for n in (8, 7, 6, 5)]
    assert number_keys(markers) == [8, 7, 6, 5]
    # sailing from an island: 1 and 3 steps (2 is not affordable), then the return
    sails = [Sail("Palm Grove", 1), Sail("Gold Reef", 3), Return()]
    assert number_keys([counts_of(deov_spellings(m)) for m in sails]) == [1, 3, 4]
    # no counts: 1, 2, 3...
    assert number_keys([[], [], []]) == [1, 2, 3]
    # a count two entries share is no key: both are numbered after the others
    assert number_keys([[2], [2], [5]]) == [6, 7, 5]


def test_a_typo_gets_the_entry_it_most_likely_meant():
    forms = [
        ("form an expedition: Magellan + Galleons + Sailors",),
        ("form an expedition: Hernán Cortés + Galleons + Sailors",),
        ("no (more) expeditions this turn",),
    ]
    assert suggestion("magelan", forms) == forms[0][0]
    assert suggestion("cortes galeons", forms) == forms[1][0]
    assert suggestion("xyzzy", forms) is None
    cards = [("Magellan",), ("Galleons",), ("Sailors",)]
    assert suggestion("galeons", cards) == "Galleons"
