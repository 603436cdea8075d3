"""portolan/limits.py: a time budget ends its block with the caller's error, whichever of its
timer and ``check_deadline()`` notices first; the package's tables are read by libyaml, as
PyYAML's own parser reads them."""

from __future__ import annotations

import pytest
import yaml

from portolan.limits import check_deadline, read_table, time_budget
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
