"""portolan/limits.py: a time budget ends its block with the caller's error, whichever of its
timer and ``check_deadline()`` notices first; the package's tables are read by libyaml, as
PyYAML's own parser reads them."""

from __future__ import annotations

import signal

import pytest
import yaml

import portolan.limits
from portolan.limits import BudgetExceeded, check_deadline, read_table, time_budget
from portolan.paths import data_file


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


def test_a_timer_that_fires_before_the_block_starts_leaves_nothing_behind(monkeypatch):
    """On a busy machine a short budget's timer can fire while the budget is being set up: the
    caller still gets its error, and neither the deadline nor the handler stays behind (a
    deadline left behind stopped later builds at once, or let a nested budget start after its
    enclosing one had run out and report in its place)."""
    arm = signal.setitimer

    def fires_at_once(which, seconds, *rest):
        arm(which, seconds, *rest)
        if seconds:
            raise BudgetExceeded()

    before = signal.getsignal(signal.SIGALRM)
    monkeypatch.setattr(signal, "setitimer", fires_at_once)
    with pytest.raises(TooSlow), time_budget(60, TooSlow):
        pytest.fail("the block ran")
    assert getattr(portolan.limits._deadline, "end", None) is None
    assert signal.getsignal(signal.SIGALRM) == before


@pytest.mark.parametrize("name", ["limits.yaml", "sizes.yaml"])
def test_the_tables_read_as_pyyamls_own_parser_reads_them(name):
    path = data_file(name)
    assert read_table(path) == yaml.safe_load(path.read_text("utf-8"))


def test_the_tables_are_parsed_by_libyaml_where_pyyaml_has_it(monkeypatch):
    if not yaml.__with_libyaml__:
        pytest.skip("this PyYAML has no libyaml")
    loaders = []
    real = yaml.load
    monkeypatch.setattr(
        yaml, "load", lambda text, Loader: loaders.append(Loader) or real(text, Loader)
    )
    read_table(data_file("sizes.yaml"))
    assert loaders == [yaml.CSafeLoader]
