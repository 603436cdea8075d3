"""Fuzzing: thousands of mutated component files, logs and positions never end in exit 3.

Every case must end in 0 (fine), 1 (an illegal step) or 2 (an input error with a message), and
quickly. Components are loaded and, when they load, the changed component is built (PDF or
SVG); logs go through ``portolan check`` and positions through ``portolan score``, in this
process. A handful of real processes prove the exit codes outside the test runner.

CI runs a slice of ``PORTOLAN_FUZZ`` cases (default 1,000, about fifteen seconds). The longer
mode, ``--fuzz-long``, runs 10,000 cases (or ``PORTOLAN_FUZZ``) and the tests that double an
input and compare the processor time it costs (``tests/scaling.py``):

    .venv/bin/python -m pytest tests/test_fuzz.py -n0 --fuzz-long
    PORTOLAN_FUZZ=20000 PORTOLAN_FUZZ_SEED=7 .venv/bin/python -m pytest tests/test_fuzz.py
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import portolan.model.loader
from portolan.checker.core.registry import GAMES as CHECKED
from portolan.cli import app
from portolan.generator.build import BuildOptions, build_game
from portolan.model import available_games, load_game
from portolan.paths import components_dir
from tests import scaling
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME
from tests.fuzzing import cases, outcome

ROOT = Path(__file__).resolve().parents[1]
SLICE = 1000  # CI's run
LONG = 10_000  # --fuzz-long
SEED = int(os.environ.get("PORTOLAN_FUZZ_SEED", "1"))
CHEAP_KINDS = ("aid", "scorepad", "reference")  # what game.yaml and rules.yaml changes are built as
SLOW = 15.0  # processor seconds: no case may take more (the bounds keep every case short);
# processor time, not the clock's: a busy machine makes a case wait, not work
GAMES = list(CHECKED)  # every game with a checker: its logs and end positions are fuzzed
PRINTED = available_games(components_dir())  # every game's component files are fuzzed
POSITIONS = {
    g: (ROOT / "examples" / "positions" / f"{g}.yaml").read_text(encoding="utf-8") for g in GAMES
}
runner = CliRunner()


@pytest.fixture(scope="module")
def total(request) -> int:
    """How many cases the three mutation tests run together."""
    default = LONG if request.config.getoption("--fuzz-long") else SLICE
    return int(os.environ.get("PORTOLAN_FUZZ", default))


def _words(game_id: str, folder: Path = components_dir()) -> list[str]:
    """Names a log or component of the game uses: cards, vocabulary, component ids, seats."""
    game = load_game(folder, game_id)
    words = ["Ana", "Ben", "Cai", "Dee", *(c.id for c in game.components)]
    for deck in game.decks():
        words += [c.name for c in deck.cards] + list(deck.spec.types)
    for kind in game.spec.terms:
        words += game.spec.term_names(kind)
    return sorted(set(words))


def _report(failures: list[str], total: int) -> None:
    shown = "\n\n".join(f[:2000] for f in failures[:8])
    assert not failures, f"{len(failures)} of {total} cases failed:\n\n{shown}"


def _check(code: int, message: str, elapsed: float, what: str, allowed=(0, 1, 2)) -> str | None:
    if code not in allowed:
        return f"{what}\nexit {code}\n{message[-1500:]}"
    if code == 2 and not message.strip():
        return f"{what}\nexit 2 without a message"
    if elapsed > SLOW:
        return f"{what}\ntook {elapsed:.1f} s"
    return None


def _invoked(args: list[str], what: str, allowed=(0, 1, 2)) -> str | None:
    """The problem, if any, of running ``portolan ARGS`` in-process (see _check)."""
    started = scaling.cpu_seconds()
    result = runner.invoke(app, args)
    return _check(result.exit_code, result.output, scaling.cpu_seconds() - started, what, allowed)


# -- components ----------------------------------------------------------------------------


def _component_sources() -> list[tuple[Path, str, Path]]:
    """(components folder, game id, file) of every YAML file of every game."""
    out = []
    for folder, game in [
        *((components_dir(), g) for g in PRINTED),
        (FIXTURE_COMPONENTS, FIXTURE_GAME),
    ]:
        out += [(folder, game, f) for f in sorted((folder / game).glob("*.yaml"))]
    return out


def _build_changed(game, file_name: str, out: Path, k: int) -> int:
    """Build the components read from ``file_name`` (for game.yaml or rules.yaml: the aids,
    score pads and references, which print what they define)."""
    chosen = [c for c in game.components if Path(c.file).name == file_name]
    if not chosen:
        chosen = [c for c in game.components if c.kind in CHEAP_KINDS]
    target = out / "case"
    target.mkdir()
    try:
        opts = BuildOptions(formats=("svg",) if k % 2 else ("pdf",))
        build_game(dataclasses.replace(game, components=chosen), target, opts)
    finally:
        shutil.rmtree(target)
    return 0


def _game_for(folder: Path, game_id: str, path: Path, copy: Path) -> None:
    """A copy of the game that lists only the component in ``path`` (for game.yaml or
    rules.yaml: only its aids, score pads and references), so each case loads quickly."""
    shutil.copytree(folder / game_id, copy / game_id)
    game = load_game(folder, game_id)
    if path.name in ("game.yaml", "rules.yaml"):
        kept = [Path(c.file).name for c in game.components if c.kind in CHEAP_KINDS]
    else:
        kept = [path.name]
    game_yaml = copy / game_id / "game.yaml"
    data = yaml.safe_load(game_yaml.read_text("utf-8"))
    data["components"] = kept
    if path.name != "game.yaml":
        game_yaml.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")


def test_mutated_components_never_end_in_exit_3(tmp_path, total):
    sources = _component_sources()
    per_file = -(-total * 3 // 10 // len(sources))  # rounded up: at least the share asked
    failures: list[str] = []
    count = 0
    for n, (folder, game_id, path) in enumerate(sources):
        copy = tmp_path / f"components-{n}"
        _game_for(folder, game_id, path, copy)
        target = copy / game_id / path.name
        original = path.read_text("utf-8")
        words = _words(game_id, folder)
        for k, case in enumerate(cases(SEED * 1000 + n, per_file, original, words)):
            target.write_text(case.text, "utf-8", errors="surrogateescape")
            portolan.model.loader._CACHE.clear()
            started = scaling.cpu_seconds()

            def run(copy=copy, game_id=game_id, name=path.name, k=k):
                game = load_game(copy, game_id)
                return _build_changed(game, name, tmp_path, k)

            code, message = outcome(run)
            problem = _check(
                code, message, scaling.cpu_seconds() - started, f"{path.name}: {case.description}"
            )
            if problem:
                failures.append(problem)
            count += 1
        target.write_text(original, "utf-8")
    _report(failures, count)
    print(f"\n{count} mutated component files")


# -- logs and positions --------------------------------------------------------------------


def _log_sources() -> list[tuple[str, Path]]:
    return [(g, p) for g in GAMES for p in sorted((ROOT / "examples" / g).glob("*.yaml"))]


def _opening(text: str, turns: int = 30) -> str:
    """The log up to its first ``turns`` turns: a legal, unfinished game that replays quickly
    (the whole games are the property tests' work; here every case is about reading)."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("turns:"))
    entries = [i for i in range(start + 1, len(lines)) if lines[i].startswith("  - ")]
    return "".join(lines[: entries[turns]]) if len(entries) > turns else text


def test_mutated_logs_never_end_in_exit_3(tmp_path, total):
    sources = _log_sources()
    per_file = -(-total // 2 // len(sources))
    failures: list[str] = []
    count = 0
    for n, (game_id, path) in enumerate(sources):
        words = _words(game_id)
        original = _opening(path.read_text("utf-8"))
        for k, case in enumerate(cases(SEED * 2000 + n, per_file, original, words)):
            log = tmp_path / f"log-{n}-{k}.yaml"
            log.write_text(case.text, "utf-8", errors="surrogateescape")
            args = ["check", str(log)] + [["--json"], ["--trace"], []][k % 3]
            problem = _invoked(args, f"{path.name}: {case.description}")
            if problem:
                failures.append(problem)
            count += 1
            log.unlink()
    _report(failures, count)
    print(f"\n{count} mutated logs")


def test_mutated_positions_never_end_in_exit_3(tmp_path, total):
    per_game = -(-total // 5 // len(POSITIONS))
    failures: list[str] = []
    count = 0
    for n, (game_id, text) in enumerate(POSITIONS.items()):
        words = _words(game_id)
        for k, case in enumerate(cases(SEED * 3000 + n, per_game, text, words)):
            position = tmp_path / f"position-{n}-{k}.yaml"
            position.write_text(case.text, "utf-8", errors="surrogateescape")
            args = ["score", game_id, str(position)] + (["--json"] if k % 2 else [])
            problem = _invoked(args, f"{game_id} position: {case.description}", allowed=(0, 2))
            if problem:
                failures.append(problem)
            count += 1
    _report(failures, count)
    print(f"\n{count} mutated end positions")


# -- inputs twice as large ----------------------------------------------------------------


def _cpu_to_read(command: str, game_id: str, path: Path) -> float:
    """The least processor time of three runs (the first also warms the game's caches)."""
    args = [command, game_id, str(path)] if command == "score" else [command, str(path)]
    best = float("inf")
    for _ in range(3):
        before = scaling.cpu_seconds()
        result = runner.invoke(app, args)
        best = min(best, scaling.cpu_seconds() - before)
        assert result.exit_code in (0, 1, 2), result.output[-1500:]
    return best


@pytest.mark.parametrize(("name", "make", "n", "command"), scaling.INPUTS, ids=lambda v: v)
def test_twice_the_input_costs_at_most_about_twice_the_time(
    request, tmp_path, name, make, n, command
):
    """Every reader is linear: a quadratic one (comparing every player name with every other)
    shows as four times the processor time for twice the input."""
    if not request.config.getoption("--fuzz-long"):
        pytest.skip("measured in the longer mode (--fuzz-long)")
    slower = []
    for game_id in GAMES:
        paths = []
        for size in (n, 2 * n):
            paths.append(tmp_path / f"{game_id}-{size}.yaml")
            paths[-1].write_text(make(game_id, size), "utf-8")
        for _ in range(3):  # a busy machine can slow one measurement; a quadratic reader, all
            costs = [_cpu_to_read(command, game_id, path) for path in paths]
            if costs[1] <= 2.5 * costs[0] + 0.03:  # some slack for inputs read in milliseconds
                break
        else:
            slower.append(f"{game_id}: {costs[0]:.3f} s for {n}, {costs[1]:.3f} s for {2 * n}")
    assert not slower, f"{name}: twice the input, more than 2.5 times the time:\n" + "\n".join(
        slower
    )


# -- a few real processes ------------------------------------------------------------------

BOMB = "".join(
    f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 10)}]\n" if k else "a0: &a0 [x, x, x, x, x]\n"
    for k in range(10)
)


@pytest.mark.parametrize(
    ("command", "text", "code", "needle"),
    [
        (
            "check",
            "game: exploration-age-of-sail\nplayers: &p [*p]\n",
            2,
            "inside the value it names",
        ),
        ("check", BOMB, 2, "aliases repeat more than"),
        ("check", "game: exploration-age-of-sail\nplayers: [Ana, Ana]\n", 2, "listed twice"),
        ("out-is-a-file", "", 74, "not a folder"),
        ("face", "{{ 1 // 0 }}", 2, "cannot compute 1 // 0"),
    ],
)
def test_real_processes_exit_with_the_documented_code(tmp_path, command, text, code, needle):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if command == "check":
        log = tmp_path / "log.yaml"
        log.write_text(text, "utf-8")
        args = ["check", str(log)]
    else:
        shutil.copytree(FIXTURE_COMPONENTS, tmp_path / "components")
        out = tmp_path / "out"
        if command == "out-is-a-file":
            out.write_text("x")
        else:
            deck = tmp_path / "components" / FIXTURE_GAME / "conquerors.yaml"
            deck.write_text(
                deck.read_text("utf-8").replace('subtitle: "Explorer"', f'subtitle: "{text}"'),
                "utf-8",
            )
        args = ["build", "--components", str(tmp_path / "components"), "--out", str(out)]
    proc = subprocess.run(
        [sys.executable, "-m", "portolan", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == code, proc.stderr
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr
