"""The card instruction vocabulary: shorthand read into typed steps, and every misuse reported
at its line and column with a hint."""

from __future__ import annotations

import pytest

from portolan.model import instructions as ins
from portolan.yamlsrc import Source, parse_yaml

SRC = Source("card.yaml")


def read(text: str):
    raw = parse_yaml(text, SRC)
    return ins.read_steps(raw["do"], SRC, raw.value_pos["do"], "do")


def test_shorthand_becomes_typed_steps():
    steps, problems = read(
        "do:\n"
        "  - check: navigation -1\n"
        "    success: [{progress: 1}, D]\n"
        "    failure: [lost]\n"
        "  - progress: {Caravel: 2, Carrack: 1}\n"
        "  - choice: [[{lose: 1 men or Porters, cause: combat}],\n"
        "             [{gain: 1 Provision + 1 Porters}]]\n"
        "  - {if: in Contact or in Capital and has Cannons, then: [{strength: -2}], else: [R]}\n"
        "  - storm\n"
        "  - {storm: -2}\n"
    )
    assert not problems
    check, progress, choice, cond, storm, gale = steps
    assert (check.rating, check.mod) == ("navigation", -1)
    assert [s.verb for s in check.success] == ["progress", "discovery"]
    assert [s.verb for s in check.failure] == ["lost"]
    assert progress.by_ship == {"Caravel": 2, "Carrack": 1} and progress.most() == 2
    lose = choice.options[0][0]
    assert (lose.n, lose.what, lose.cause) == (1, ["men", "Porters"], "combat")
    assert choice.options[1][0].items == {"Provision": 1, "Porters": 1}
    assert cond.condition.clauses == [["in Contact", "in Capital"], ["has Cannons"]]
    assert [s.verb for s in cond.otherwise] == ["rumor"]
    assert (storm.mod, gale.mod) == (0, -2)
    assert ins.max_progress(steps) == 2
    assert {"check", "progress", "choice", "lose", "gain", "if", "strength", "rumor"} <= ins.verbs(
        steps
    )


@pytest.mark.parametrize(
    ("text", "message", "hint", "column"),
    [
        ("do: [{chek: sea}]", "needs exactly one verb", "did you mean 'check'?", 6),
        ("do: [{check: sea +1, progress: 1}]", "two verbs", None, 6),
        ("do: [{check: seas}]", "'seas' is not a rating", "did you mean 'sea'?", 14),
        ("do: [{progress: 3}]", "less than or equal to 2", None, 17),
        ("do: [{progress: {Galleon: 1}}]", "'Galleon' is not a ship type", None, 17),
        ("do: [{progress: {Carrack: '1e3'}}]", "a whole number, not '1e3'", None, 17),
        ("do: [{progress: {Carrack: true}}]", "a whole number, not True", None, 17),
        (
            "do: [{lose: 1 Provisions}]",
            "'Provisions' is not a loss",
            "did you mean 'Provision'?",
            13,
        ),
        ("do: [{gain: 2 Gould}]", "'Gould' is not an item", "did you mean 'Gold'?", 13),
        ("do: [{if: has Canons, then: [R]}]", "'has Canons' is not a condition", "has Cannons", 11),
        ("do: [{mark: Native Ally}]", "'Native Ally' is not a status chit", "Native Allies", 13),
        ("do: [{check: combat, succes: [R]}]", "'succes' does not go with 'check'", "success", 22),
        ("do: [lots]", "'lots' is not an instruction", "lost", 6),
        ("do: [{choice: [[R]]}]", "at least two options", None, 15),
    ],
)
def test_a_misuse_is_reported_where_it_is(text, message, hint, column):
    _, problems = read(text)
    assert problems, text
    p = problems[0]
    assert message in p.message
    if hint:
        assert hint in (p.hint or "")
    assert (p.file, p.line, p.column) == ("card.yaml", 1, column)
