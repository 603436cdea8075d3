"""``portolan build`` from the command line: bad input exits 2 with a file:line message, never a
traceback, and leaves nothing behind; good input builds."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.generator.fingerprint import STAMP
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["build", *args])


def assert_input_error(result, *needles: str) -> str:
    err = result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)
    assert err.startswith("error: "), err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


def assert_nothing_written(out: Path) -> None:
    """Nothing in the output folder: no game folder, no staging folder, no stray file."""
    if out.exists():
        assert list(out.iterdir()) == []


@pytest.fixture
def game_dir(fixture_copy, monkeypatch) -> Path:
    monkeypatch.chdir(fixture_copy.parent.parent)
    return fixture_copy


def edit(game_dir: Path, file: str, old: str, new: str) -> str:
    path = game_dir / file
    text = path.read_text("utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), "utf-8")
    return f"components/{FIXTURE_GAME}/{file}"


def line_of(game_dir: Path, file: str, needle: str) -> int:
    lines = (game_dir / file).read_text("utf-8").splitlines()
    return next(n for n, text in enumerate(lines, start=1) if needle in text)


# -- bad options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["--page", "a5"],
            "command line: --page: 'a5' is not allowed "
            "(expected one of: 'a4', 'letter', 'a3', 'tabloid')",
        ),
        (["--board-page", "a2"], "command line: --board-page: 'a2' is not allowed"),
        (["--layout", "gutter"], "--layout: 'gutter' is not allowed (did you mean 'gutters'?)"),
        (["--printer-margin", "25"], "command line: --printer-margin: 25 is outside 0..20"),
        (["--sides", "front"], "--sides: 'front' is not allowed (did you mean 'fronts'?)"),
        (
            ["--duplex", "fold", "--sides", "backs"],
            "--sides: 'backs' cannot go with --duplex fold",
        ),
        (["--sheets", "split"], "command line: --sheets: 'split' is not allowed"),
        (["--card-size", "pokr"], "--card-size: unknown card size 'pokr' (did you mean 'poker'?)"),
        (
            ["--card-size", "conquerers=mini"],
            "--card-size: no deck or aid 'conquerers' in the games built "
            "(did you mean 'conquerors'?)",
        ),
        (["--back-offset", "x"], "command line: --back-offset: 'x' is not two numbers in mm"),
        (["--back-offset", "1,2,3"], "command line: --back-offset: '1,2,3' is not two numbers"),
        (["--back-offset", "25,0"], "command line: --back-offset: an offset of 25,0 mm"),
        (["--format", "pdf,jpg"], "command line: --format: unknown format 'jpg'"),
        (["--format", ","], "command line: --format: name at least one format"),
        (["--bleed", "-1"], "command line: --bleed: -1 is outside 0..10"),
        (["--bleed", "11"], "command line: --bleed: 11 is outside 0..10"),
        (["--duplex", "sideways"], "command line: --duplex: 'sideways' is not allowed"),
    ],
)
def test_bad_options(tmp_path, args, expected):
    out = tmp_path / "out"
    result = run("--components", str(FIXTURE_COMPONENTS), "--out", str(out), *args)
    err = assert_input_error(result, expected)
    assert len(err.strip().splitlines()) == 1
    assert_nothing_written(out)


def test_unknown_game(tmp_path):
    out = tmp_path / "out"
    result = run("--components", str(FIXTURE_COMPONENTS), "--out", str(out), "fixture-gam")
    assert_input_error(result, "no game 'fixture-gam'", "did you mean 'fixture-game'?")
    assert_nothing_written(out)


# -- bad YAML --------------------------------------------------------------------------------

DECK = "conquerors.yaml"


def _build(game_dir: Path):
    out = game_dir.parent.parent / "out"
    return run("--components", str(game_dir.parent), "--out", str(out)), out


# One thing broken in the deck: what is replaced, by what, the words on the line the error
# names, and what the error says (the exact messages are in tests/portolan/test_model_errors.py).
BROKEN_DECK = {
    "unknown key": (
        ("  colour: sea\n", "  colour: sea\n  subtitel: Deck\n"),
        "subtitel",
        ("unknown key 'subtitel'", "did you mean 'subtitle'?"),
    ),
    "wrong type": (
        ("Pizarro, type: explorer, count: 2", "Pizarro, type: explorer, count: [2]"),
        "count: [2]",
        ("count must be a whole number",),
    ),
    "misspelt card type": (
        ("{name: Juan Ponce de León, type: explorer", "{name: Juan Ponce de León, type: Explorer"),
        "type: Explorer",
        ("unknown card type 'Explorer'", "did you mean 'explorer'?"),
    ),
    "YAML syntax error": (
        ("back:\n  title: Conquerors\n", "back:\n  title: Conquerors: the deck\n"),
        "Conquerors: the deck",
        ("YAML syntax error",),
    ),
    "counts that do not add up": (
        ("total: {value: 5,", "total: {value: 6,"),
        "total:",
        ("the cards add up to 5 (5 Explorer), but the deck total is 6",),
    ),
}


@pytest.mark.parametrize("case", list(BROKEN_DECK))
def test_a_broken_deck_exits_2_at_its_line_and_writes_nothing(game_dir, case):
    (old, new), needle, words = BROKEN_DECK[case]
    f = edit(game_dir, DECK, old, new)
    result, out = _build(game_dir)
    assert_input_error(result, f"{f}:{line_of(game_dir, DECK, needle)}:", *words)
    assert_nothing_written(out)


def test_missing_file(game_dir):
    (game_dir / DECK).unlink()
    result, out = _build(game_dir)
    n = line_of(game_dir, "game.yaml", DECK)
    assert_input_error(result, f"components/{FIXTURE_GAME}/game.yaml:{n}:", f"'{DECK}' not found")
    assert_nothing_written(out)


def test_problem_found_while_drawing_leaves_no_staging_folder(game_dir):
    f = edit(game_dir, DECK, "icon: compass", "icon: compas")
    result, out = _build(game_dir)
    n = line_of(game_dir, DECK, "icon: compas")
    assert_input_error(result, f"{f}:{n}:", "unknown icon 'compas'", "did you mean 'compass'?")
    assert_nothing_written(out)


def test_every_problem_is_listed(game_dir):
    edit(game_dir, DECK, "    colour: gold\n", "    colour: gould\n")
    edit(game_dir, "coins.yaml", "    colour: sea\n    front", "    colour: sae\n    front")
    result, _ = _build(game_dir)
    err = assert_input_error(result, "'gould'", "'sae'")
    assert all(re.match(r"error: \S+\.yaml:\d+:\d+: ", ln) for ln in err.strip().splitlines())


def test_real_process_prints_no_traceback(tmp_path):
    """Outside the test runner too: a real process, its real stderr."""
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "portolan", "build", "--out", str(out), "--bleed", "-1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 2
    assert proc.stderr == "error: command line: --bleed: -1 is outside 0..10\n"
    assert proc.stdout == ""
    assert not out.exists()


def test_internal_error_is_reported_without_traceback(tmp_path, monkeypatch):
    import portolan.generator.build

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(portolan.generator.build, "build_games", broken)
    result = run("--components", str(FIXTURE_COMPONENTS), "--out", str(tmp_path / "out"))
    assert result.exit_code == 3
    assert "Traceback" not in result.output
    assert "internal error: RuntimeError: boom" in result.stderr


def test_the_collector_is_as_before_after_a_build_even_a_failed_one(tmp_path, monkeypatch):
    import gc

    import portolan.generator.build

    seen = []
    real = portolan.generator.build.build_games

    def watched(*args, **kwargs):
        seen.append(gc.get_threshold()[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(portolan.generator.build, "build_games", watched)
    before = gc.get_threshold()
    result = run("--components", str(FIXTURE_COMPONENTS), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert seen == [10_000] and gc.get_threshold() == before  # larger while drawing only
    monkeypatch.setattr(portolan.generator.build, "build_games", lambda *a, **k: 1 / 0)
    assert (
        run("--components", str(FIXTURE_COMPONENTS), "--out", str(tmp_path / "o2")).exit_code == 3
    )
    assert gc.get_threshold() == before


# -- good input ------------------------------------------------------------------------------


def test_build_writes_the_set_and_says_where(tmp_path):
    out = tmp_path / "out"
    result = run("--components", str(FIXTURE_COMPONENTS), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{FIXTURE_GAME}: 3 PDF, 7 SVG -> ")
    assert result.stderr == ""
    assert (out / FIXTURE_GAME / "conquerors.pdf").is_file()
    assert (out / FIXTURE_GAME / "registration-test.pdf").is_file()
    # what the layout could not give is said in one line, and where under --verbose
    (line,) = result.stdout.splitlines()
    assert line.endswith("; bleed reduced on 2 sheets (--verbose says where)")
    verbose = run("--components", str(FIXTURE_COMPONENTS), "--out", str(out), "-v", "--force")
    notes = verbose.stdout.splitlines()[1:]
    assert any(
        n.startswith("  conquerors: bleed 3 mm asked; given 2.5 mm at the left") for n in notes
    )
    assert any(n.startswith("  coins: bleed 3 mm asked; counters get 2 mm") for n in notes)
    assert "--verbose says where" not in verbose.stdout
    assert len(list((out / FIXTURE_GAME / "svg").rglob("*.svg"))) == 7
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]  # no staging folder left


def test_png_only(tmp_path):
    out = tmp_path / "out"
    result = run("--components", str(FIXTURE_COMPONENTS), "--out", str(out), "--format", "PNG")
    assert result.exit_code == 0, result.output
    files = sorted(
        p.relative_to(out / FIXTURE_GAME) for p in out.rglob("*") if p.is_file() and p.name != STAMP
    )
    assert files and all(p.suffix == ".png" for p in files)
    assert len(files) == 6  # two pages of cards, two of coins, the registration test's two


def test_full_bleed_layout_has_nothing_to_declare(tmp_path):
    out = tmp_path / "out"
    args = ("--components", str(FIXTURE_COMPONENTS), "--out", str(out), "--format", "pdf")
    result = run(*args, "--layout", "gutters")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == []


def test_rebuild_replaces_the_previous_set(tmp_path):
    out = tmp_path / "out"
    assert run("--components", str(FIXTURE_COMPONENTS), "--out", str(out)).exit_code == 0
    stale = out / FIXTURE_GAME / "stale.txt"
    stale.write_text("left over")
    again = run("--components", str(FIXTURE_COMPONENTS), "--out", str(out), "--force")
    assert again.exit_code == 0
    assert not stale.exists()
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]


def test_a_counter_text_past_its_frame_is_reported(game_dir, tmp_path):
    """Counters' overflows are warned of like cards': a 16 mm marker cannot hold this name at
    the 6 pt floor, and the fixture's own counters (test_fixture_game_builds) report none. A
    rebuild with nothing to do repeats the warning."""
    edit(
        game_dir, "coins.yaml", "front: {icon: anchor}", 'front: {icon: anchor, text: "ANCHORAGE"}'
    )
    out = tmp_path / "out"
    args = ("--components", str(game_dir.parent), "--out", str(out), "--format", "pdf")
    warning = "warning: text does not fit in coins: counter 'Marker': ANCHORAGE"
    for _ in range(2):
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert [w for w in result.stderr.splitlines() if "does not fit" in w] == [f"  {warning}"]


def test_a_long_text_that_does_not_fit_is_quoted_by_its_start(game_dir, tmp_path):
    """A card text of 200,000 characters on two lines, too long for every card: each warning
    quotes the start of its first line and says how long the text is."""
    long_text = "{{ 'Sail west ' * 10000 }}\\n{{ 'and on ' * 10000 }}"
    edit(game_dir, "conquerors.yaml", 'subtitle: "Explorer"', f'subtitle: "{long_text}"')
    result = run("--components", str(game_dir.parent), "--out", str(tmp_path), "--format", "svg")
    assert result.exit_code == 0, result.output
    warnings = [w for w in result.stderr.splitlines() if "does not fit" in w]
    assert warnings
    assert all(len(w) < 300 for w in warnings), max(warnings, key=len)[:300]
    assert "Sail west Sail west" in warnings[0]
    assert "… (" in warnings[0] and " characters)" in warnings[0]
    assert "and on" not in result.stderr
    assert len(result.stderr) < 50 * len(warnings) * 300
