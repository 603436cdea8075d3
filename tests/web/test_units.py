"""The web layer's own parts: the referee adapter, the store, the score pad, the rule's text."""

from __future__ import annotations

import json

import pytest

from portolan.checker.core.registry import rules_for
from portolan.model.loader import load_game
from portolan.paths import components_dir
from portolan.web.referee import Table
from portolan.web.rulebook import blocks_of, passages
from portolan.web.store import NoSuchGame, Store


def table(tmp_path, game="exploration-age-of-sail"):
    model = load_game(components_dir(), game)
    rules = rules_for(game)
    options = {o.name: o.default for o in rules.options(model)}
    return Table.new(rules, model, ["Ana", "Ben"], options, tmp_path / "log.yaml")


def answer(t: Table) -> None:
    p = t.prompt()
    t.answer("choose" if p.kind == "choice" else "reveal", "0")


def test_the_adapter_stops_only_at_real_questions(tmp_path):
    t = table(tmp_path)
    for _ in range(10):
        p = t.prompt()
        moves = t.rules.legal_moves(t.session.state)
        assert p.kind == "chance" or len(moves) > 1 or t.rules.spends(moves[0])
        answer(t)
    assert t.version == 10


def test_what_the_setup_does_is_the_tables_not_the_last_player_dealt_to(tmp_path):
    t = table(tmp_path, "age-of-discovery")
    while t.session.turn_of(t.decision()) == 0:
        t.answer("reveal", "0")
    formed = [e for e in t.events if "draw piles" in e]
    assert formed and all(e.startswith("the other ships form") for e in formed), t.events
    assert any(e.startswith("Ben's special mission") for e in t.events)


def test_the_adapter_refuses_an_answer_of_the_wrong_kind(tmp_path):
    t = table(tmp_path)
    p = t.prompt()
    with pytest.raises(IndexError):
        t.answer("reveal" if p.kind == "choice" else "choose", "0")
    with pytest.raises(IndexError):
        t.answer("choose" if p.kind == "choice" else "reveal", str(len(p.entries) + 5))


def test_undo_returns_to_the_same_question(tmp_path):
    t = table(tmp_path)
    answer(t)
    before = t.prompt()
    answer(t)
    assert t.undo()
    again = t.prompt()
    assert (again.question, [e.label for e in again.entries]) == (
        before.question,
        [e.label for e in before.entries],
    )
    assert "Undone." in t.events


def test_the_store_keeps_games_apart_and_resumes_them_from_disk(tmp_path):
    store = Store(tmp_path, components_dir())
    a = store.create("ships", ["Ana", "Ben"], {})
    b = store.create("ships", ["Cy", "Di"], {})
    with store.table(a) as t:
        answer(t)
        answer(t)
        shown = t.prompt()
        steps = list(t.steps)
    store.forget(a)
    with store.table(a) as t:  # read back from its log: at the very same prompt
        assert t.version == 2
        assert [s.move for s in t.steps] == [s.move for s in steps]
        assert [e.label for e in t.prompt().entries] == [e.label for e in shown.entries]
    with store.table(b) as t:
        assert t.session.players == ["Cy", "Di"] and t.version == 0
    meta = json.loads((tmp_path / "sessions" / a / "meta.json").read_text())
    assert meta["version"] == 2


def test_a_resumed_game_offers_undo_only_when_an_answer_can_be_undone(tmp_path):
    # resumed, a game with steps nobody chose (its setup) offered an undo that did nothing
    store = Store(tmp_path, components_dir())
    key = store.create("exploration-age-of-sail", ["Ana", "Ben"], {})
    with store.table(key) as t:
        assert t.steps and not t.can_undo
    store.forget(key)
    with store.table(key) as t:
        assert not t.can_undo
        answer(t)
        assert t.can_undo
    store.forget(key)
    with store.table(key) as t:
        assert t.can_undo and t.undo() and not t.can_undo


def test_the_store_refuses_ids_that_are_not_its_own(tmp_path):
    store = Store(tmp_path, components_dir())
    for key in ("../x", "short", "A" * 22):
        with pytest.raises(NoSuchGame), store.table(key):
            pass


def test_broken_notes_cost_the_last_events_not_the_game(tmp_path):
    store = Store(tmp_path, components_dir())
    key = store.create("ships", ["Ana", "Ben"], {})
    with store.table(key) as t:
        answer(t)
        steps = len(t.steps)
    (tmp_path / "sessions" / key / "meta.json").write_text("{not json")
    store.forget(key)
    with store.table(key) as t:
        assert len(t.steps) == steps and t.events == [] and t.can_undo


def test_the_rule_text_is_the_passages_citing_the_rule():
    model, blocks = blocks_of(components_dir(), "ships")
    found = passages(model, blocks, "Object of the Game")
    assert found and all("Object of the Game" in p for p in found)
    assert passages(model, blocks, None) == []
