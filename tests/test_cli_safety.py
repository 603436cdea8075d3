"""A components folder or a log from a stranger, or a clumsy user: ``portolan`` writes nothing
outside ``--out``, stays within its bounds, reports every bad input as exit 2 with file:line:
column, every disk or path problem as exit 74 with the path and the reason, and keeps exit 3
for its own bugs."""

from __future__ import annotations

import errno
import os
import shutil
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.errors import EXIT_IO
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME

runner = CliRunner()
DECK = "conquerors.yaml"
COINS = "coins.yaml"


@pytest.fixture
def work(tmp_path, monkeypatch) -> Path:
    """A working folder with a writable copy of the fixture components in ``components/``."""
    shutil.copytree(FIXTURE_COMPONENTS, tmp_path / "components")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edit(work: Path, file: str, old: str, new: str) -> int:
    """Replace ``old`` (found once) in a fixture file; the line where the new text differs."""
    path = work / "components" / FIXTURE_GAME / file
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    same = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), len(old))
    return text[: text.index(old) + same].count("\n") + 1


def build(*args: str):
    return runner.invoke(app, ["build", "--components", "components", "--out", "out", *args])


def every_file(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def assert_error(result, code: int, *needles: str) -> str:
    assert result.exit_code == code, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    err = result.stderr
    assert err.startswith("error: "), err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


# -- item 2: ids are safe names; nothing is written outside --out --------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        (DECK, "id: conquerors", "id: ../../escaped"),
        (DECK, "id: conquerors", "id: /tmp/escaped"),
        (DECK, "id: conquerors", "id: .hidden"),
        (COINS, "id: coins", "id: ../escaped"),
        (DECK, "{name: Hernán Cortés,", "{id: ../../escaped, name: Hernán Cortés,"),
        (DECK, "  explorer:\n", "  ../escaped:\n"),
        (DECK, "id: conquerors", "id: " + "x" * 300),
        ("game.yaml", "  - coins.yaml", "  - ../../outside.yaml"),
        ("game.yaml", "  - coins.yaml", "  - " + "coins.yaml" * 40),
    ],
)
def test_an_unsafe_id_is_an_input_error_and_nothing_is_written(work, file, old, new):
    line = edit(work, file, old, new)
    before = every_file(work)
    result = build()
    assert_error(result, 2, f"components/{FIXTURE_GAME}/{file}:{line}:")
    assert "cannot be " in result.stderr or "longer than 64 characters" in result.stderr
    assert every_file(work) == before
    assert not (work / "out").exists()


def test_two_cards_with_one_id_are_an_error(work):
    edit(work, DECK, "{name: Juan Ponce de León,", "{id: hernan-cortes, name: Juan Ponce de León,")
    assert_error(build(), 2, "card id 'hernan-cortes' is also the id of cards[0]")


def test_two_names_that_make_one_id_are_an_error(work):
    edit(work, DECK, "Juan Ponce de León", "Hernan Cortes")
    assert_error(build(), 2, f"components/{FIXTURE_GAME}/{DECK}:", "is also the id of cards[0]")


def test_the_staging_folder_refuses_paths_outside_it_and_second_writes(tmp_path):
    """The last line of defence, for an id that would pass the schema by some other route."""
    from portolan.errors import InputError
    from portolan.generator.staging import Staging

    staging = Staging(tmp_path / "stage")
    (tmp_path / "stage").mkdir()
    assert staging.file("svg", "deck", "a.svg") == tmp_path / "stage" / "svg" / "deck" / "a.svg"
    for parts in [("..", "x.pdf"), ("/etc", "passwd"), ("svg", "..", "..", "y.svg")]:
        with pytest.raises(InputError, match="outside the output folder"):
            staging.file(*parts)
    with pytest.raises(InputError, match="written twice"):
        staging.file("svg", "deck", "a.svg")
    (tmp_path / "stage" / "link").symlink_to(tmp_path)
    with pytest.raises(InputError, match="outside the output folder"):
        staging.file("link", "z.pdf")
    assert not (tmp_path / "x.pdf").exists()


# -- item 4: bounds on what one component makes ------------------------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "needle"),
    [
        (DECK, "size: poker", "size: {width: 0.001, height: 88}", "components.card_mm"),
        (DECK, "size: poker", "size: {width: 63, height: 20000}", "components.card_mm"),
        (
            DECK,
            "Pizarro, type: explorer, count: 2",
            "Pizarro, type: explorer, count: 100000",
            "components.cards_per_deck",
        ),
        (COINS, "count: 12", "count: 100000", "components.counters_per_sheet"),
        (DECK, "size: poker", "size: {width: .nan, height: 88}", "is not a finite number"),
        (DECK, "size: poker", "size: {width: 'nan', height: 88}", "finite number"),
        (DECK, "size: poker", "size: {width: .inf, height: 88}", "is not a finite number"),
        (
            DECK,
            "traits: [Navigation]",
            f"count: {10**30}, traits: [Navigation]",
            "yaml.integer_digits",
        ),
    ],
)
def test_sizes_and_counts_past_the_bounds(work, file, old, new, needle):
    line = edit(work, file, old, new)
    started = time.process_time()  # CPU seconds: a busy machine adds none
    assert_error(build(), 2, f"components/{FIXTURE_GAME}/{file}:{line}:", needle)
    assert time.process_time() - started < 20


def _add_board(work: Path, body: str) -> Path:
    (work / "components" / FIXTURE_GAME / "board.yaml").write_text(
        "kind: board\nid: board\nname: Board\ncolour: sea\n" + body, "utf-8"
    )
    edit(work, "game.yaml", "  - coins.yaml\n", "  - coins.yaml\n  - board.yaml\n")
    return work / "components" / FIXTURE_GAME / "board.yaml"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("size: {width: 20000, height: 300}\nelements: []\n", "components.board_mm"),
        (
            "size: {width: 200, height: 200}\nelements:\n"
            "  - {track: VP, x: 5, y: 5, start: 0, end: 1000000}\n",
            "components.track_boxes",
        ),
        ("size: {width: 200, height: 200}\ncount: 100000\nelements: []\n", "components.copies"),
        (
            "size: {width: 200, height: 200}\nelements:\n"
            "  - {text: 'x', x: 1.0e+308, y: 1, width: 70}\n",
            "element 1: x of 1e+308 mm is outside -1,500..1,500 mm (limit components.board_mm)",
        ),
        (
            "size: {width: 200, height: 200}\nelements:\n"
            "  - {box: B, x: 1, y: 1, width: 5, height: 5}\n"
            "  - {box: C, x: 1, y: -2e6, width: 5, height: 5}\n",
            "element 2: y of -2,000,000 mm is outside -1,500..1,500 mm",
        ),
        (
            "size: {width: 1500, height: 1500}\ncount: 20\nelements: []\n",
            "components.pages_per_component",
        ),
        (
            "size: {width: 200, height: 200}\nelements:\n  - {text: 'x', x: 1, y: 1, size: 0}\n",
            "components.text_pt",
        ),
        (
            "size: {width: 200, height: 200}\nelements:\n"
            "  - {text: \"{{ 'x' * 100000000 }}\", x: 1, y: 1}\n",
            "limit components.rendered_chars",
        ),
    ],
)
def test_board_bounds(work, body, needle):
    _add_board(work, body)
    started = time.process_time()  # CPU seconds: a busy machine adds none
    assert_error(build(), 2, f"components/{FIXTURE_GAME}/board.yaml:", needle)
    assert time.process_time() - started < 20
    assert not (work / "out").exists()


def test_a_component_past_its_time_budget_stops_the_build(work, monkeypatch):
    import portolan.generator.build

    limits = portolan.generator.build.component_limits()
    monkeypatch.setattr(
        portolan.generator.build,
        "component_limits",
        lambda: limits._replace(time_budget_seconds=0.5),
    )
    edit(
        work,
        DECK,
        'subtitle: "Explorer"',
        'subtitle: "{% for i in range(9999) %}{% for j in range(9999) %}{% endfor %}{% endfor %}"',
    )
    started = time.process_time()  # CPU seconds: a busy machine adds none
    err = assert_error(
        build(), 2, f"components/{FIXTURE_GAME}/{DECK}:", "it stopped at 'conquerors'"
    )
    assert "limit components.time_budget_seconds" in err
    assert time.process_time() - started < 10
    assert not (work / "out").exists()


# -- item 5: exit 3 only for bugs; disk and path problems exit 74 --------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "needle"),
    [
        (DECK, 'chips: "traits"', 'chips: "42"', "expected a list of texts, not 42"),
        (DECK, 'subtitle: "Explorer"', 'subtitle: "{{ 1 // 0 }}"', "cannot compute 1 // 0"),
        (DECK, "kind: deck", "kind: [reference]", "unknown component kind"),
        (DECK, "source: Cards\n\nfields", "source: Cards\n'~': 1\n\nfields", "unknown key '~'"),
        (DECK, "source: Cards\n\nfields", "source: Cards\n~: 1\n\nfields", "a key must be text"),
        ("game.yaml", 'citation: "{game} — {section}"\n', "", None),
    ],
)
def test_inputs_that_once_ended_in_exit_3(work, file, old, new, needle):
    if needle is None:  # a citation asking for Python internals
        path = work / "components" / FIXTURE_GAME / "game.yaml"
        path.write_text(path.read_text("utf-8") + 'citation: "{game.__class__.__mro__}"\n', "utf-8")
        assert_error(build(), 2, "game.yaml:", "the citation may only use")
        return
    line = edit(work, file, old, new)
    assert_error(build(), 2, f"components/{FIXTURE_GAME}/{file}:{line}:", needle)


def test_a_score_pad_for_no_players(work):
    pad = work / "components" / FIXTURE_GAME / "pad.yaml"
    pad.write_text("kind: scorepad\nid: pad\nname: Pad\ncolour: sea\nplayers: 0\n", "utf-8")
    edit(work, "game.yaml", "  - coins.yaml\n", "  - coins.yaml\n  - pad.yaml\n")
    assert_error(build(), 2, f"components/{FIXTURE_GAME}/pad.yaml:5:10:", "players must be between")


def test_a_merge_key_overridden_in_a_log_is_read_as_yaml_defines_it(work):
    path = work / "log.yaml"
    path.write_text(
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\n"
        "turns:\n  - &first {player: Ana, draw: Galleons}\n  - {<<: *first, player: Ben}\n",
        "utf-8",
    )
    result = runner.invoke(app, ["check", "--trace", str(path)])
    assert result.exit_code == 0, result.output
    assert "Ben" in result.output.split("every step legal")[0]


ALIAS_BOMB = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 10)}]\n" for k in range(1, 10)
)


@pytest.mark.parametrize(
    "text",
    [
        "game: exploration-age-of-sail\nplayers: &a [*a]\n",
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\n"
        f"turns: [{{player: Ana, draw: {'9' * 5000}}}]\n",
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\n"
        "turns: [{player: Ana, draw: 2024-02-31}]\n",
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\noptions: {bonus_ties: .inf}\n",
        ALIAS_BOMB,
    ],
    ids=["recursive alias", "5000 digits", "no such date", "infinity", "billion laughs"],
)
def test_malformed_logs_exit_2(work, text):
    path = work / "log.yaml"
    path.write_text(text, "utf-8")
    assert_error(runner.invoke(app, ["check", str(path)]), 2, "log.yaml:")


def test_out_is_a_file(work):
    (work / "out").write_text("not a folder")
    assert_error(build(), EXIT_IO, "error: out: not a folder")


def test_out_is_dev_null(work):
    result = runner.invoke(app, ["build", "--components", "components", "--out", "/dev/null"])
    assert_error(result, EXIT_IO, "/dev/null: not a folder")


def test_out_is_a_dangling_symlink(work):
    (work / "out").symlink_to(work / "nowhere")
    assert_error(build(), EXIT_IO, "out: a symbolic link to nothing")
    assert not (work / "nowhere").exists()


def test_out_under_a_file(work):
    (work / "file").write_text("x")
    result = runner.invoke(app, ["build", "--components", "components", "--out", "file/out"])
    assert_error(result, EXIT_IO, "file/out: ")


def _fail_with(monkeypatch, target, name: str, err: int):
    def failing(*args, **kwargs):
        raise OSError(err, os.strerror(err), str(args[0]) if args else None)

    monkeypatch.setattr(target, name, failing)


@pytest.mark.parametrize("with_name", [True, False])
def test_a_full_disk_exits_74_with_the_reason_and_leaves_no_staging(work, monkeypatch, with_name):
    from reportlab.pdfgen.canvas import Canvas

    def full(canvas):
        name = canvas._filename if with_name else None
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), name)

    monkeypatch.setattr(Canvas, "save", full)
    (work / "out").mkdir()
    where = f"out/{FIXTURE_GAME}/conquerors.pdf" if with_name else f"out/{FIXTURE_GAME}"
    assert_error(build(), EXIT_IO, f"error: {where}: No space left on device")
    assert list((work / "out").iterdir()) == []


def test_a_read_only_output_folder_exits_74(work, monkeypatch):
    (work / "out").mkdir()
    if os.geteuid() == 0:  # root writes anywhere: make the disk refuse instead
        import portolan.generator.build

        _fail_with(monkeypatch, portolan.generator.build.Staging, "file", errno.EROFS)
        needle = "Read-only file system"
    else:
        (work / "out").chmod(0o555)
        needle = "Permission denied"
    assert_error(build(), EXIT_IO, needle)


def test_simulate_log_dir_is_a_file(work):
    (work / "logs").write_text("x")
    result = runner.invoke(
        app, ["simulate", "exploration-age-of-sail", "--games", "1", "--log-dir", "logs"]
    )
    err = assert_error(result, EXIT_IO, "logs")
    assert "exploration-age-of-sail-0-0001.yaml" in err or "logs: " in err


def test_play_on_a_read_only_disk_exits_74(work, monkeypatch):
    import tempfile

    _fail_with(monkeypatch, tempfile, "mkstemp", errno.EROFS)
    result = runner.invoke(
        app,
        ["play", "exploration-age-of-sail", "--players", "Ana,Ben", "--log", "game.yaml"],
        input="q\n",
    )
    assert_error(result, EXIT_IO, "game.yaml: Read-only file system")


def test_a_bug_still_exits_3(work, monkeypatch):
    import portolan.generator.build

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(portolan.generator.build, "build_games", broken)
    result = build()
    assert result.exit_code == 3
    assert "internal error: RuntimeError: boom" in result.stderr
