"""One time budget for a whole build (``components.time_budget_seconds`` for each game asked
for), shared by all its components in whichever process draws them: a folder of many slow
components costs that budget, not that budget for each component (issue 33, point 3)."""

from __future__ import annotations

import dataclasses
import time

import pytest

import portolan.generator.build
from portolan.errors import InputError
from portolan.generator.build import BuildOptions, build_games
from portolan.generator.parallel import can_fork
from portolan.model import load_game
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME

BUDGET = 1.0  # seconds
EACH = 0.5  # seconds each component takes: within the budget alone, past it together


@pytest.fixture
def slow_components(monkeypatch):
    """The fixture game with six components that each take ``EACH`` seconds to draw (and
    write nothing), under a budget of ``BUDGET``."""
    limits = portolan.generator.build.component_limits()
    monkeypatch.setattr(
        portolan.generator.build,
        "component_limits",
        lambda: limits._replace(time_budget_seconds=BUDGET),
    )
    drawn = []

    def slow(game, component, *args):
        time.sleep(EACH)  # at least EACH, however busy the machine
        drawn.append(component.id)
        return []

    monkeypatch.setattr(portolan.generator.build, "_build_component", slow)
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    return dataclasses.replace(game, components=[game.components[0]] * 6), drawn


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_components_of_a_build_share_one_budget(slow_components, tmp_path, jobs):
    if jobs > 1 and not can_fork():
        pytest.skip("no worker processes here")
    game, _ = slow_components
    out = tmp_path / "out"
    with pytest.raises(InputError) as caught:
        build_games([game], out, BuildOptions(formats=("svg",)), jobs=jobs)
    message = str(caught.value)
    assert f"the build takes more than its 1 s; it stopped at '{game.components[0].id}'" in message
    assert "limit components.time_budget_seconds" in message
    assert not out.exists()


def test_each_game_asked_for_adds_one_budget(slow_components, tmp_path):
    """Two games (here the same one, built under two ids) have twice the budget: their twelve
    components would take 6 s, past 2 s."""
    game, _ = slow_components
    other = dataclasses.replace(game, spec=game.spec.model_copy(update={"id": "fixture-game-2"}))
    two = [game, other]
    started = time.monotonic()
    with pytest.raises(InputError) as caught:
        build_games(two, tmp_path / "out", BuildOptions(formats=("svg",)))
    assert "the build takes more than its 2 s" in str(caught.value)
    assert time.monotonic() - started >= 2 * BUDGET


def test_a_budget_left_by_a_finished_build_does_not_stop_the_next(tmp_path, monkeypatch):
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    build_games([game], tmp_path / "one", BuildOptions(formats=("svg",)))
    assert getattr(portolan.generator.build._budget, "deadline", None) is None
    build_games([game], tmp_path / "two", BuildOptions(formats=("svg",)))
