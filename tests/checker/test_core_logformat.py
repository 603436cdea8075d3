"""checker/core/logformat.py: a toy game's log declared once gives its parser (every problem
with line, column, field and did-you-mean), its writer and its schema."""

from __future__ import annotations

from dataclasses import dataclass

import jsonschema
import pytest

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.errors import InputError
from portolan.names import NameIndex
from portolan.yamlsrc import Source, parse_yaml


@dataclass(frozen=True)
class Start:
    player: str


@dataclass(frozen=True)
class Take:
    card: str


@dataclass(frozen=True)
class Pay:
    coins: int


@dataclass(frozen=True)
class Give:
    card: str
    to: str


class Book:
    cards = NameIndex(["Galleons", "Sailors", "Hernán Cortés"])


CARD = lf.Name(lambda book: book.cards, "a card of the deck", ref="card")
GIFT = lf.Fields({"card": CARD, "to": lf.PlayerName()}, required=("card", "to"))


def _gifts(r: lf.TurnReader, at: lf.At) -> None:
    for item in at.value:
        r.step(Give(item.value["card"].value, item.value["to"].value), item.pos)


def _write_gift(turn: dict, key: str, st) -> None:
    turn.setdefault(key, []).append({"card": st.move.card, "to": st.move.to})


TURN = lf.LogFormat(
    start=Start,
    keys={
        "pass": lf.Key(
            lf.Words({"now": "pass"}, wrong="write 'pass: now' to pass"),
            move=lambda word: word,
            at_key=True,
        ),
        "take": lf.Key(lf.ListOf(CARD), Take),
        "pay": lf.Key(lf.Whole(0, 5, "a number of coins"), Pay),
        "give": lf.Key(
            lf.ListOf(GIFT, alone=False), steps=_gifts, write=_write_gift, moves=(Give,)
        ),
    },
)


def read(turns: str) -> lf.TurnReader:
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    lf.read_turns(TURN, r, parse_yaml("turns:\n" + turns, "log.yaml")["turns"])
    return r


def problems(turns: str) -> list[tuple[int | None, int | None, str | None, str, str | None]]:
    return [(p.line, p.column, p.field, p.message, p.hint) for p in read(turns).problems]


def test_a_turn_is_read_in_the_declared_order_with_each_step_at_its_value():
    r = read(
        "  - player: ana\n"
        "    give: [{card: sailors, to: ben}]\n"
        "    pay: 2\n"
        "    take: [Galleons, hernan cortes]\n"
    )
    assert not r.problems
    assert [(s.move, s.turn, s.player, s.pos.line, s.pos.column) for s in r.steps] == [
        (Start("Ana"), 1, "Ana", 2, 13),
        (Take("Galleons"), 1, "Ana", 5, 12),
        (Take("Hernán Cortés"), 1, "Ana", 5, 22),
        (Pay(2), 1, "Ana", 4, 10),
        (Give("Sailors", "Ben"), 1, "Ana", 3, 12),
    ]


def test_a_format_read_in_the_order_written_and_a_step_at_its_key():
    form = lf.LogFormat(start=Start, keys=TURN.keys, written_order=True)
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    text = "turns:\n  - {player: Ana, pay: 1, pass: NOW, take: Sailors}\n"
    lf.read_turns(form, r, parse_yaml(text, "log.yaml")["turns"])
    assert [(s.move, s.pos.column) for s in r.steps[1:]] == [
        (Pay(1), 24),
        ("pass", 27),
        (Take("Sailors"), 44),
    ]


def test_a_mapping_of_players_to_numbers():
    scores = lf.MapOf(lf.PlayerName(), lf.Whole(0, 9, text=True), "scores map players to points")
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    raw = parse_yaml("scores: {ana: '3', Ben: 4}\nbad: {Cai: 1, Ben: x}\n", "log.yaml")
    got = scores.read(r, raw["scores"], raw.value_pos["scores"], "scores")
    assert [(k.value, v.value) for k, v in got] == [("Ana", 3), ("Ben", 4)]
    assert scores.read(r, raw["bad"], raw.value_pos["bad"], "bad") is lf.BAD
    assert [(p.field, p.message) for p in r.problems] == [
        ("bad.Cai", "'Cai' is not a player in this game"),
        ("bad.Ben", "expected a whole number, found 'x'"),
    ]
    assert scores.read(r, [1], None, "scores") is lf.BAD
    assert r.problems[-1].message == "scores map players to points"


def test_a_key_of_a_mapping_makes_one_move_a_pair_and_writes_it_back():
    form = lf.LogFormat(
        start=Start,
        keys={"gifts": lf.Key(lf.MapOf(CARD, lf.PlayerName(), "gifts map cards to players"), Give)},
    )
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    text = "turns:\n  - {player: Ana, gifts: {sailors: ben, Galleons: ana}}\n"
    lf.read_turns(form, r, parse_yaml(text, "log.yaml")["turns"])
    assert [(s.move, s.pos.column) for s in r.steps[1:]] == [
        (Give("Sailors", "Ben"), 27),  # at the key
        (Give("Galleons", "Ana"), 41),
    ]
    assert lf.write_turns(form, r.steps) == [
        {"player": "Ana", "gifts": {"Sailors": "Ben", "Galleons": "Ana"}}
    ]


def test_one_value_written_alone_is_a_list_of_one():
    assert [s.move for s in read("  - {player: Ana, take: Sailors}\n").steps][1:] == [
        Take("Sailors")
    ]


@pytest.mark.parametrize(
    ("turn", "problem"),
    [
        (
            "  - {player: Ana, tkae: Sailors}\n",
            (2, 19, "turns[0].tkae", "unknown key 'tkae'", "did you mean 'take'?"),
        ),
        (
            "  - {player: Ana, take: [Galeons]}\n",
            (
                2,
                26,
                "turns[0].take[0]",
                "'Galeons' is not a card of the deck",
                "did you mean 'Galleons'?",
            ),
        ),
        (
            "  - {player: Ana, take: [3]}\n",
            (2, 26, "turns[0].take[0]", "expected a card name, found 3", None),
        ),
        (
            "  - {player: Ana, pass: later}\n",
            (2, 25, "turns[0].pass", "write 'pass: now' to pass", None),
        ),
        (
            "  - {player: Ana, pay: two}\n",
            (2, 24, "turns[0].pay", "expected a number of coins, found 'two'", None),
        ),
        (
            "  - {player: Ana, pay: 9}\n",
            (2, 24, "turns[0].pay", "9 is not a number of coins from 0 to 5", None),
        ),
        (
            "  - {player: Ana, give: {card: Sailors, to: Ben}}\n",
            (2, 25, "turns[0].give", "expected a list", None),
        ),
        (
            "  - {player: Ana, give: [{card: Sailors}]}\n",
            (2, 26, "turns[0].give[0]", "'to' is missing", None),
        ),
        (
            "  - {player: Ana, give: [{card: Sailors, to: Bne}]}\n",
            (
                2,
                46,
                "turns[0].give[0].to",
                "'Bne' is not a player in this game",
                "did you mean 'Ben'?",
            ),
        ),
        (
            "  - {player: Ana, give: [{card: Sailors, to: Ben, by: Ana}]}\n",
            (2, 51, "turns[0].give[0].by", "unknown key 'by'", "expected one of: 'card', 'to'"),
        ),
    ],
)
def test_each_generic_mistake_is_one_problem_with_its_place_and_hint(turn, problem):
    assert problems(turn) == [problem]


def test_every_problem_of_a_log_is_found():
    found = problems("  - {player: Ana, take: [Galeons, Salors], pay: -1}\n")
    assert [(field, message) for _, _, field, message, _ in found] == [
        ("turns[0].take[0]", "'Galeons' is not a card of the deck"),
        ("turns[0].take[1]", "'Salors' is not a card of the deck"),
        ("turns[0].pay", "-1 is not a number of coins from 0 to 5"),
    ]


def test_the_writer_writes_what_the_parser_reads():
    turns = (
        "  - {player: Ana, take: [Galleons, Sailors], pay: 3}\n"
        "  - {player: Ben, give: [{card: Galleons, to: Ana}]}\n"
    )
    written = lf.write_turns(TURN, read(turns).steps)
    assert written == [
        {"player": "Ana", "take": ["Galleons", "Sailors"], "pay": 3},
        {"player": "Ben", "give": [{"card": "Galleons", "to": "Ana"}]},
    ]


def test_the_schema_types_every_key():
    defs: dict = {}
    schema = {"type": "array", "items": lf.turn_schema(TURN, Book(), defs), "$defs": defs}
    check = jsonschema.Draft202012Validator(schema)
    good = [
        {"player": "Ana", "take": "Sailors", "pay": 5, "give": [{"card": "Sailors", "to": "B"}]}
    ]
    assert not list(check.iter_errors(good))
    for bad in (
        {"player": "Ana", "take": "Salors"},
        {"player": "Ana", "pay": 6},
        {"player": "Ana", "give": [{"card": "Sailors"}]},
        {"player": "Ana", "tkae": "Sailors"},
    ):
        assert list(check.iter_errors([bad])), bad


def test_a_step_in_words_a_verb_and_its_text():
    def pay(r, text, pos, field):
        return Pay(int(text)) if text.isdecimal() else r.bad("pay a number", pos, field)

    step = lf.Verbs({"pass": "passed"}, {"take": lf.Verb(Take, CARD), "pay": lf.Verb(read=pay)})
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    read = [step.read(r, text, None, "s") for text in ("PASS", "take  sailors", "pay 3")]
    assert read == ["passed", Take("Sailors"), Pay(3)]
    wrong = [step.read(r, text, None, "s") for text in ("tkae Sailors", "take Salors", "pay x", 7)]
    assert wrong == [lf.BAD] * 4
    assert [(p.message, p.hint) for p in r.problems] == [
        ("cannot read the step 'tkae Sailors'", "did you mean 'take'?"),
        ("'Salors' is not a card of the deck", "did you mean 'Sailors'?"),
        ("pay a number", None),
        ("cannot read the step '7'", "expected one of: 'take', 'pay', 'pass'"),
    ]
    check = jsonschema.Draft202012Validator({**step.schema(Book(), {}), "$defs": {}})
    assert not list(check.iter_errors("take Hernán Cortés"))
    assert list(check.iter_errors("take Salors")) and list(check.iter_errors("tkae 1"))


def test_a_log_is_parsed_section_by_section_around_its_turns():
    """parse_log: the top sections before the turns (their steps the first player's), the
    sections of ``after`` once the turns are read; any problem refuses the whole log."""
    form = lf.LogFormat(
        start=Start,
        keys=TURN.keys,
        top={
            "deal": lf.Key(lf.ListOf(CARD), Take),
            "end": lf.Key(lf.Whole(0), Pay),
            "notes": lf.Unread("not read by parse_log"),
        },
        after=("end",),
    )
    text = "end: 3\nturns:\n  - {player: ben, take: Galleons}\ndeal: [sailors]\nnotes: x\n"
    steps = lf.parse_log(
        form, Book(), parse_yaml(text, "log.yaml"), Source("log.yaml"), ["Ana", "Ben"], {}
    )
    assert [(s.move, s.player) for s in steps] == [
        (Take("Sailors"), "Ana"),
        (Start("Ben"), "Ben"),
        (Take("Galleons"), "Ben"),
        (Pay(3), "Ben"),
    ]
    with pytest.raises(InputError) as refused:
        lf.parse_log(
            form, Book(), parse_yaml("end: -1\n", "log.yaml"), Source("log.yaml"), ["Ana"], {}
        )
    assert [p.field for p in refused.value.problems] == ["end"]


def test_a_key_that_comes_again_after_another_is_written_and_read_under_then():
    actions = {"take": TURN.keys["take"], "pay": TURN.keys["pay"]}
    shape = "then: is a list of what follows"
    form = lf.LogFormat(
        start=Start,
        keys={**actions, "then": lf.follows(actions, shape, "what follows")},
        written_order=True,
        again="then",
    )
    moves = [Start("Ana"), Take("Galleons"), Take("Sailors"), Pay(1), Take("Galleons"), Pay(2)]
    steps = [Step(m, 1, "Ana", None) for m in moves]
    turns = lf.write_turns(form, steps)
    assert turns == [
        {
            "player": "Ana",
            "take": ["Galleons", "Sailors"],
            "pay": 1,
            "then": [{"take": ["Galleons"], "pay": 2}],
        }
    ]
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    text = (
        "turns:\n  - {player: Ana, take: [Galleons, Sailors], pay: 1,"
        " then: [{take: Galleons, pay: 2}]}\n"
    )
    lf.read_turns(form, r, parse_yaml(text, "log.yaml")["turns"])
    assert [s.move for s in r.steps] == moves
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    lf.read_turns(
        form,
        r,
        parse_yaml("turns:\n  - {player: Ana, then: [{}, {tak: x}]}\n", "log.yaml")["turns"],
    )
    assert [(p.field, p.message, p.hint) for p in r.problems] == [
        ("turns[0].then[0]", shape, None),
        ("turns[0].then[1].tak", "unknown key 'tak'", "did you mean 'take'?"),
    ]


def test_a_log_is_written_section_by_section_around_its_turns():
    """write_log: each top section of the moves before the first turn (of ``after``: after
    it), written by its Key; an empty section is left out."""

    def write(out: dict, key: str, st) -> None:
        out.setdefault(key, []).append(st.move.card if key == "deal" else st.move.coins)

    form = lf.LogFormat(
        start=Start,
        keys={"take": TURN.keys["take"]},
        top={
            "deal": lf.Key(lf.ListOf(CARD), Take, write=write),
            "end": lf.Key(lf.ListOf(lf.Whole(0)), Pay, write=write),
        },
        after=("end",),
    )
    moves = [Take("Sailors"), Start("Ben"), Take("Galleons"), Pay(3)]
    steps = [Step(m, 0, "Ben", None) for m in moves]
    assert lf.write_log(form, steps) == {
        "deal": ["Sailors"],
        "turns": [{"player": "Ben", "take": ["Galleons"]}],
        "end": [3],
    }
    assert lf.write_log(form, steps[1:3]) == {"turns": [{"player": "Ben", "take": ["Galleons"]}]}


def test_a_record_of_one_move_a_key_is_read_and_written_back():
    """record: each key of a mapping one move (one an item of a list), made in the declared
    order by the player given, and written back as its reader writes it."""
    pace = lf.Words({"fast": 2, "slow": 1}, "a pace")
    deal = lf.record_key(
        lf.Fields({"pay": pace, "take": lf.ListOf(CARD)}), {"take": Take, "pay": Pay}
    )
    form = lf.LogFormat(start=Start, keys={}, top={"deal": deal})
    raw = parse_yaml("deal: {pay: fast, take: [sailors, galleons]}\n", "log.yaml")
    steps = lf.parse_log(form, Book(), raw, Source("log.yaml"), ["Ana", "Ben"], {})
    assert [(s.move, s.player) for s in steps] == [
        (Take("Sailors"), "Ana"),
        (Take("Galleons"), "Ana"),
        (Pay(2), "Ana"),
    ]
    assert lf.write_log(form, steps) == {
        "deal": {"take": ["Sailors", "Galleons"], "pay": "fast"},
        "turns": [],
    }
    table = lf.LogFormat(
        start=Start, keys={}, top={"deal": lf.record_key(deal.arg, {"take": Take}, "X")}
    )
    steps = lf.parse_log(table, Book(), raw, Source("log.yaml"), ["Ana"], {})
    assert {s.player for s in steps} == {"X"}


def test_a_section_the_turns_need_is_asked_for_and_checked_first():
    """needs: a section missing where turns are written is one problem, and the turns are not
    read when it cannot be; before: what a game checks of the whole log first."""
    noted = []
    form = lf.LogFormat(
        start=Start,
        keys=TURN.keys,
        top={"deal": lf.Key(lf.ListOf(CARD), Take)},
        needs={"deal": "deal the cards first"},
        before=lambda r, raw: noted.append(sorted(raw)),
    )

    def refused(text: str) -> list[tuple[str | None, str]]:
        with pytest.raises(InputError) as got:
            lf.parse_log(form, Book(), parse_yaml(text, "l.yaml"), Source("l.yaml"), ["Ana"], {})
        return [(p.field, p.message) for p in got.value.problems]

    assert refused("turns: [{player: Ana, take: x}]\n") == [("deal", "deal the cards first")]
    assert refused("deal: [x]\nturns: [{player: Ana, take: x}]\n")[0][0] == "deal[0]"
    assert len(refused("deal: [x]\nturns: [{player: Ana, take: x}]\n")) == 1  # turns unread
    assert (
        lf.parse_log(form, Book(), parse_yaml("{}", "l.yaml"), Source("l.yaml"), ["Ana"], {}) == []
    )
    assert noted[0] == ["turns"]


@dataclass(frozen=True)
class Anchor:
    pass


def test_each_item_of_a_list_makes_its_steps_and_a_move_is_written_as_read():
    """Key(each=): the steps of each item; a key's default writer writes the value its reader
    reads back to the move (a word for a move of no field, a move's one field)."""

    def gift(r: lf.TurnReader, item: lf.At) -> None:
        r.step(Give(item.value["card"].value, item.value["to"].value), item.pos)

    form = lf.LogFormat(
        start=Start,
        keys={
            "give": lf.Key(lf.ListOf(GIFT), each=gift, write=_write_gift, moves=(Give,)),
            "anchor": lf.Key(lf.Words({"drop": Anchor()}), move=lambda a: a, moves=(Anchor,)),
            "pay": lf.Key(lf.Words({"all": 9, "none": 0}, otherwise=lf.Whole()), Pay),
        },
    )
    r = lf.TurnReader(Book(), Source("log.yaml"), ["Ana", "Ben"])
    text = "turns:\n  - {player: Ana, give: {card: sailors, to: ben}, anchor: Drop, pay: all}\n"
    lf.read_turns(form, r, parse_yaml(text, "log.yaml")["turns"])
    assert [s.move for s in r.steps] == [Start("Ana"), Give("Sailors", "Ben"), Anchor(), Pay(9)]
    assert r.steps[r.first].move == Start("Ana") and r.turns == 1  # the turn's first step
    assert lf.write_turns(form, r.steps) == [
        {
            "player": "Ana",
            "give": [{"card": "Sailors", "to": "Ben"}],
            "anchor": "drop",
            "pay": "all",
        }
    ]
