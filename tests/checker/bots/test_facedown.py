"""A bot's secret cards left face down (``--bot Ben=greedy:hidden``): Portolan draws them, keeps
their names out of everything it prints until the rules reveal them, and the log still checks.
Every game with secret cards, with the person's seat scripted and two bots."""

from __future__ import annotations

import random
import re

import pytest

from portolan.checker.core.log import load_log, parse_log
from portolan.checker.core.menus import BACK, Heading
from portolan.checker.core.replay import replay
from tests.checker.bots.test_play_with_bots import COMPONENTS, new_session

SECRET_GAMES = {  # the kind of card Portolan draws face down, and the prompt that asks for one
    "age-of-discovery": ("trade contract", "trade contract was dealt to"),
    "age-of-exploration": ("Outfitting card", "Outfitting card"),
    "exploration-age-of-sail": ("Exploration card", "drawn from the Expedition deck"),
}
BOTS = {"Ben": "greedy:hidden", "Cai": "random:hidden"}


def watched(session, lines: list[str]):
    """``say`` that also notes every line said of a bot's move (the person's own moves and
    choices name their own cards) that names a card a bot still holds face down after it."""
    spoilers: list[tuple[str, str]] = []
    said: list[str] = []
    apply = session.apply

    def applied(d, *args, **kwargs):
        if d.player not in BOTS:
            return apply(d, *args, **kwargs)
        before = session.facedown.held(session.state)
        public = "\n".join(session.rules.public_state(session.state))
        said.clear()
        apply(d, *args, **kwargs)
        after = session.facedown.held(session.state)
        played = {name for _, _, name in before - after}
        # a name also on the table (a card of an expedition, discarded or brought home, in
        # Exploration in the Age of Sail, where cards have copies) may be the one named
        public += "\n".join(session.rules.public_state(session.state))
        played |= {c for seen in getattr(session.state, "shown", {}).values() for c in seen}
        played |= {name for _, _, name in after if name in public}
        for _seat, _kind, name in after:
            spoilers.extend((name, t) for t in said if name in t and name not in played)

    def say(text: str) -> None:
        lines.append(text)
        said.append(text)

    session.apply = applied
    return say, spoilers


@pytest.mark.parametrize("game", sorted(SECRET_GAMES))
def test_face_down_cards_are_drawn_for_the_bot_and_named_only_when_revealed(game, tmp_path):
    log = tmp_path / "game.yaml"
    lines: list[str] = []
    session = new_session(game, log, BOTS, lines)
    session.say, spoilers = watched(session, lines)
    asked: list[str] = []
    ask = session.ask
    session.ask = lambda prompt: asked.append(prompt) or ask(prompt)
    assert session.run() is True
    assert spoilers == []
    kind, asks = SECRET_GAMES[game]
    article = "an" if kind[0] in "AEIOU" else "a"
    drawn = [ln for ln in lines if ln == f"Ben draws {article} {kind} (kept face down)"]
    assert drawn, "Portolan drew none of Ben's secret cards"
    assert [p for p in asked if asks in p and "Ana" in p]  # the person's own draws
    assert not [p for p in asked if asks in p and "Ana" not in p]
    revealed = [ln for ln in lines if re.match(r"\s*(Ben|Cai) reveals ", ln)]
    assert revealed, "no card of a bot was ever revealed"
    checked = load_log(log, COMPONENTS)
    assert checked.bots == {"Ben": "greedy:hidden", "Cai": "random:hidden"}
    result = replay(checked)
    assert result.ok, result.violation
    want = [(ln.player, ln.total) for ln in session.rules.sheet(session.state).lines]
    assert [(ln.player, ln.total) for ln in checked.rules.sheet(result.state).lines] == want


def test_the_missions_are_revealed_at_the_end_by_name(tmp_path):
    lines: list[str] = []
    session = new_session("age-of-discovery", tmp_path / "g.yaml", BOTS, lines)
    assert session.run() is True
    for seat in ("Ben", "Cai"):
        mission = session.state.missions[seat]
        assert f"  {seat} reveals special mission {mission}: " in "\n".join(lines)


def test_procedure_entered_asks_the_person_for_the_bots_cards(tmp_path):
    lines: list[str] = []
    session = new_session("age-of-discovery", tmp_path / "g.yaml", {"Ben": "greedy"}, lines)
    asked: list[str] = []
    ask = session.ask
    session.ask = lambda prompt: None if len(asked) > 40 else asked.append(prompt) or ask(prompt)
    session.run()
    assert any("trade contract was dealt to Ben" in p for p in asked)
    assert not any("kept face down" in ln for ln in lines)


def steady(session, stop_at: int | None = None):
    """Ana's answers as a function of the game so far (so a resumed game gets the ones the
    whole game got): ``None`` (the end of input) at the ``stop_at``-th prompt."""
    count = [0]

    def ask(prompt: str) -> str | None:
        count[0] += 1
        if count[0] == stop_at:
            return None
        rng = random.Random(f"{len(session.steps)}:{prompt}")
        kind = session.asking[0]
        if kind == "chance":
            outcomes = session.rules.outcomes(session.state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            return session.rules.outcome_name(move)
        if kind != "choice":
            return ""
        _, entries, keys, _ = session.asking
        moves = [k for k, (_, e) in zip(keys, entries, strict=True) if e is not BACK]
        plain = [k for k, (_, e) in zip(keys, entries, strict=True) if not isinstance(e, Heading)]
        return str(rng.choice([k for k in plain if k in moves] or moves))

    session.ask = ask
    return session


@pytest.mark.parametrize("game", ["age-of-discovery", "exploration-age-of-sail"])
def test_a_game_stopped_and_resumed_keeps_the_face_down_cards_unseen(game, tmp_path):
    log = tmp_path / "game.yaml"
    first = steady(new_session(game, log, BOTS, []), stop_at=40)
    assert first.run() is False
    unseen = first.facedown.held(first.state)
    assert unseen  # the bots hold cards the table has not seen
    lines: list[str] = []
    second = steady(new_session(game, log, BOTS, lines))
    text = log.read_text(encoding="utf-8")
    assert second.resume(text, parse_log(text, "game.yaml", COMPONENTS)) is None
    assert second.facedown.held(second.state) == unseen  # worked out again from the log
    second.show_table()
    assert not [name for _, _, name in unseen if any(name in ln for ln in lines)]
    assert second.run() is True
    assert any(" reveals " in ln for ln in lines)  # and named when the rules reveal them
    result = replay(load_log(log, COMPONENTS))
    assert result.ok, result.violation


def test_an_unknown_procedure_is_a_clear_problem_in_the_log(tmp_path):
    log = tmp_path / "bad.yaml"
    log.write_text(
        "game: ships\nplayers: [Ana, Ben]\nbots: {Ben: 'greedy:peeking'}\nturns: []\n",
        encoding="utf-8",
    )
    from portolan.errors import InputError

    with pytest.raises(InputError) as caught:
        load_log(log, COMPONENTS)
    text = str(caught.value)
    assert "peeking" in text and "bots.Ben" in text and "hidden" in text
