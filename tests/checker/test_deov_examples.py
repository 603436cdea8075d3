"""Discovery: The Era of Voyage's example games beyond their scores (which, with the golden
files, are in tests/checker/games/discovery_era_of_voyage.py): the ranks, the tie-breakers, why
each game ended, and which rules they exercise."""

from __future__ import annotations

import pytest

from portolan.checker.core.registry import rules_for
from tests.checker.games.discovery_era_of_voyage import EXAMPLES
from tests.checker.helpers import run_log

RULES = rules_for("discovery-era-of-voyage")

RANKS = {
    "two-players": {"Ana": 2, "Ben": 1},
    "three-players": {"Ana": 1, "Ben": 3, "Cai": 2},
    # Ana and Cai tie on 13, on markers used (3) and islands (3); Cai has 4 resources, Ana 0.
    "four-players": {"Ana": 2, "Ben": 4, "Cai": 1, "Dora": 3},
}
TIEBREAKS = {  # markers used, islands with markers, resources left, place in turn order
    "four-players": {
        "Ana": (3, 3, 0, 2),
        "Ben": (1, 1, 0, 3),
        "Cai": (3, 3, 4, 4),
        "Dora": (1, 1, 0, 1),
    }
}
ENDS = {
    "two-players": "Ben has no investment markers left",
    "three-players": "no VP left on the Cultural island",
    "four-players": "no VP left on the Cultural island",
}


def replayed(name):
    result = run_log((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    assert result.ok, result.violation
    return result


@pytest.mark.parametrize("name", list(RANKS))
def test_example_ends_for_its_reason_and_ranks_with_the_tie_breakers(name):
    result = replayed(name)
    assert result.state.over
    assert result.state.end_reason == ENDS[name]
    sheet = RULES.score(result.state)
    assert {ln.player: ln.rank for ln in sheet.lines} == RANKS[name]
    if name in TIEBREAKS:
        assert {ln.player: ln.tiebreak for ln in sheet.lines} == TIEBREAKS[name]


def test_the_examples_cover_pirates_and_the_optional_setup_rules():
    two = replayed("two-players").state
    assert two.pirated and two.pirates_placed == 2
    four = replayed("four-players").state
    assert (four.by_seat, four.markers_each, four.first) == (True, 6, "Dora")
    assert len(four.players) == 4
