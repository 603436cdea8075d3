"""Seeded random games of every game: they end, only legal moves are offered, every card or
piece stays in exactly one place, totals add up, and a simulated game's log replays through the
checker to the same scores, with the default options or any others. A run plays a third of each
game's seeded games (``random_games`` in tests/checker/games/); PORTOLAN_PROPERTY_SCALE=3 plays
them all, =30 ten times as many (and 30 times the replayed games)."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portolan.checker.core.log import parse_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.registry import rules_for
from portolan.checker.core.replay import replay
from portolan.checker.core.simulate import default_players
from portolan.model import load_game
from tests.checker.games import GAME_TESTS
from tests.checker.helpers import COMPONENTS, LIMIT, ROOT, played_or_stopped

SCALE = float(os.environ.get("PORTOLAN_PROPERTY_SCALE", "1"))
SEEDED_SHARE = 1 / 3  # of spec.random_games, played at scale 1 (the suite's time budget)


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_seeded_random_games_end_offer_legal_moves_and_conserve_every_piece(game):
    spec = GAME_TESTS[game]
    rules, model = rules_for(game), load_game(COMPONENTS, game)
    full = spec.full_set(model) if spec.full_set else None
    rng = random.Random(2026)
    counts = list(spec.players)
    for k in range(round(spec.random_games * SEEDED_SHARE * SCALE)):
        players = default_players(counts[k % len(counts)])
        options = {o.name: rng.choice(list(o.choices)) for o in rules.options(model)}
        if spec.fit_options:
            options = spec.fit_options(options, len(players))
        state = rules.setup(model, players, options)
        steps = 0
        while (d := rules.decision(state)) is not None:
            if d.kind == "chance":
                outcomes = rules.outcomes(state)
                move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            else:
                move = rng.choice(rules.legal_moves(state))
            assert rules.check(state, move, d.player) is None, (game, k, move, d)
            rules.apply(state, move)
            steps += 1
            assert steps < spec.max_steps, f"{game}: game {k} did not end in {spec.max_steps}"
            if spec.pieces and (steps % 7 == 0 or rules.decision(state) is None):
                assert spec.pieces(state) == full, f"{game}: game {k}, step {steps}"
        sheet = rules.score(state)
        for line in sheet.lines:
            assert line.total == sum(line.breakdown.values())
        assert sheet.winners
        if spec.finished:
            spec.finished(state, sheet, model)


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_a_simulated_games_log_replays_to_the_same_scores_with_any_options(game):
    spec = GAME_TESTS[game]
    rules, model = rules_for(game), load_game(COMPONENTS, game)
    defaults = {o.name: o.default for o in rules.options(model)}

    @settings(
        max_examples=int(25 * SCALE),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )
    @given(
        seed=st.integers(0, 2**32 - 1),
        players=st.sampled_from(list(spec.players)),
        any_options=st.booleans(),  # the log records the options chosen
    )
    def replayed(seed, players, any_options):
        names = default_players(players)
        rng = random.Random(seed)
        options = defaults
        if any_options:
            options = {o.name: rng.choice(list(o.choices)) for o in rules.options(model)}
            options = spec.fit_options(options, players) if spec.fit_options else options
        played, ended = played_or_stopped(rules, model, names, options, rng, LIMIT)
        text = log_text(rules, model, names, options, played.steps)
        result = replay(parse_log(text, "sim.yaml", COMPONENTS))
        assert result.ok, result.violation
        assert (rules.decision(result.state) is None) is ended
        assert rules.score(result.state).as_json() == rules.score(played.state).as_json()

    replayed()


@pytest.mark.parametrize(
    ("game", "option"),
    [(g, o.name) for g in GAME_TESTS for o in load_game(COMPONENTS, g).rules.options],
)
def test_every_option_is_documented_with_its_choices(game, option):
    doc = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    opt = next(o for o in load_game(COMPONENTS, game).rules.options if o.name == option)
    assert f"### `{option}`" in doc
    for choice in opt.choices:
        assert f"`{str(choice).lower()}`" in doc
