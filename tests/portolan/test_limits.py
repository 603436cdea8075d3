"""portolan/limits.py: a time budget ends its block with the caller's error, whichever of its
timer and ``check_deadline()`` notices first."""

from __future__ import annotations

import pytest

from portolan.limits import check_deadline, time_budget


class TooSlow(Exception):
    pass


def spin() -> None:
    while True:
        check_deadline()


def test_a_budget_gives_the_callers_error_however_the_race_goes():
    # check_deadline() and the timer notice the same moment; the timer used to fire again in
    # contextlib's frame on the way out, and its BudgetExceeded escaped (about 1 run in 25).
    for _ in range(300):
        with pytest.raises(TooSlow), time_budget(0.002, TooSlow):
            spin()


def test_a_budget_inside_another_lets_the_outer_one_report():
    class Inner(Exception):
        pass

    for _ in range(100):
        with pytest.raises(TooSlow), time_budget(0.002, TooSlow), time_budget(60, Inner):
            spin()
