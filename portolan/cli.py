"""The ``portolan`` command: build print sets, list games, check and score logs, referee play."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import typer

from portolan import options as opt
from portolan.errors import EXIT_INPUT, EXIT_IO, InputError, OutputError, display_path
from portolan.paths import components_dir, output_dir

app = typer.Typer(
    name="portolan",
    help=(
        "Print-and-play sheets, rules references and a turn-log checker for Age of Exploration "
        "board games.\n\n"
        "Examples:\n\n"
        "  portolan build                          # every game, A4, into output/\n\n"
        "  portolan build exploration-age-of-sail --page letter --back-offset 0.5,0\n\n"
        "  portolan list\n\n"
        "  portolan check examples/exploration-age-of-sail/two-players.yaml\n\n"
        "  portolan play exploration-age-of-sail --players Ana,Ben --log game.yaml"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

COMPONENTS = typer.Option(
    None, "--components", help="Folder of game descriptions (default: the project's components/)."
)


def friendly(fn):
    """Input problems become their messages and exit code 2, a file that cannot be written (or
    read) exit code 74; never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            for problem in exc.problems:
                typer.echo(f"error: {problem}", err=True)
            raise typer.Exit(EXIT_INPUT) from None
        except BrokenPipeError:  # e.g. piped into `head`: stop quietly
            import os

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(0) from None
        except (OutputError, OSError) as exc:
            if not isinstance(exc, OutputError):
                exc = OutputError.of(exc)
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(EXIT_IO) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort):
            raise
        except Exception as exc:
            typer.echo(f"internal error: {type(exc).__name__}: {exc}", err=True)
            typer.echo(
                "This is a bug in Portolan; please report it with the command you ran.", err=True
            )
            raise typer.Exit(3) from None

    return wrapper


def _components(path: Path | None) -> Path:
    return path if path is not None else components_dir()


@app.command("build")
@friendly
def build_command(
    games: list[str] = typer.Argument(None, help="Game ids to build (default: every game)."),
    components: Path = COMPONENTS,
    out: Path = typer.Option(None, "--out", help="Output folder (default: output/)."),
    page: str = typer.Option("a4", "--page", help="Paper: a4 or letter."),
    bleed: float = typer.Option(3.0, "--bleed", help="Bleed in mm around every card."),
    duplex: str = typer.Option("long", "--duplex", help="long, short or none (backs at the end)."),
    back_offset: str = typer.Option(
        "0,0",
        "--back-offset",
        help="Shift every backs page by X,Y mm (X right, Y down, as seen on the backs page).",
    ),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="No large background fills."),
    grayscale: bool = typer.Option(False, "--grayscale", help="Print in shades of grey."),
    formats: str = typer.Option("pdf,svg", "--format", help="Any of pdf,svg,png."),
):
    """Build print-and-play PDFs (and SVGs, PNG previews) into output/<game>/."""
    from rich.progress import BarColumn, Progress, TextColumn

    from generator.build import FORMATS, BuildOptions, build_games, steps
    from portolan.model import available_games, load_game
    from portolan.sizes import papers

    options = BuildOptions(
        page=opt.choice("--page", page, papers()),
        bleed=opt.number("--bleed", bleed, 0, 10),
        duplex=opt.choice("--duplex", duplex, ("long", "short", "none")),
        back_offset=opt.pair("--back-offset", back_offset),
        ink_saver=ink_saver,
        grayscale=grayscale,
        formats=opt.formats("--format", formats, FORMATS),
    )
    folder = _components(components)
    ids = list(dict.fromkeys(games or available_games(folder)))
    loaded = [load_game(folder, g) for g in ids]  # all validated before anything is written
    target = out if out is not None else output_dir()
    with Progress(
        TextColumn("{task.description:<48}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        transient=True,
        disable=not sys.stderr.isatty(),
    ) as bar:
        task = bar.add_task("building", total=sum(steps(g) for g in loaded))

        def progress(label: str) -> None:
            bar.update(task, description=label, advance=1)

        def waiting() -> None:
            typer.echo(f"waiting for another build into {display_path(target)} to finish", err=True)

        reports = build_games(loaded, target, options, progress, waiting)
    for report in reports:
        kinds: dict[str, int] = {}
        for f in report.files:
            kinds[f.suffix[1:].upper()] = kinds.get(f.suffix[1:].upper(), 0) + 1
        summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        typer.echo(f"{report.game}: {summary} -> {display_path(target / report.game)}")
        for over in report.overflows:
            typer.echo(f"  warning: text does not fit in {over.where}: {over.text}", err=True)


@app.command("list")
@friendly
def list_command(components: Path = COMPONENTS):
    """List the games and their components."""
    from portolan.model import available_games, load_game

    folder = _components(components)
    for game_id in available_games(folder):
        game = load_game(folder, game_id)
        players = game.spec.players
        typer.echo(f"{game.id}  {game.title} ({players.min.value}-{players.max.value} players)")
        for c in game.components:
            detail = ""
            if c.deck is not None:
                w, h = c.deck.spec.dims
                detail = f"{c.deck.size()} cards, {w:g}×{h:g} mm"
            elif c.kind == "board":
                detail = f"{c.spec.size.width:g}×{c.spec.size.height:g} mm, ×{c.spec.count}"
            elif c.kind == "aid":
                detail = f"×{c.spec.count}"
            elif c.kind == "counters":
                detail = f"{sum(k.count.value for k in c.spec.counters)} counters"
            typer.echo(f"  {c.id:<22} {c.kind:<10} {c.name}" + (f" ({detail})" if detail else ""))


def _emit_json(data) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


@app.command("check")
@friendly
def check_command(
    log: Path = typer.Argument(..., help="The turn log (YAML) to replay."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    trace: bool = typer.Option(False, "--trace", help="Print what happened at every step."),
    components: Path = COMPONENTS,
):
    """Replay a turn log: exit 0 if legal (with scores), 1 at an illegal step, 2 if malformed."""
    from checker.core.log import load_log
    from checker.core.replay import replay

    loaded = load_log(log, _components(components))
    result = replay(loaded, trace=trace)
    rules = loaded.rules
    finished = rules.decision(result.state) is None
    sheet = rules.score(result.state)
    if as_json:
        data = {
            "ok": result.ok,
            "game": loaded.model.id,
            "turns": result.turns,
            "finished": finished,
            "violation": result.violation.as_json() if result.violation else None,
        }
        data.update(sheet.as_json() if result.ok else {"scores": [], "winners": []})
        if trace:
            data["trace"] = result.trace
        _emit_json(data)
    else:
        for line in result.trace:
            typer.echo(line)
        if result.violation is not None:
            typer.echo(str(result.violation))
        else:
            state = "the game is over" if finished else "the game is not over yet (scores so far)"
            typer.echo(f"{loaded.source.path}: {result.turns} turns, every step legal; {state}.")
            typer.echo("")
            typer.echo(sheet.as_text())
    if result.violation is not None:
        raise typer.Exit(1)


@app.command("score")
@friendly
def score_command(
    game: str = typer.Argument(..., help="Game id, e.g. exploration-age-of-sail."),
    position: Path = typer.Argument(..., help="The end position (YAML)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    components: Path = COMPONENTS,
):
    """Score a finished game from its end position alone (no log needed)."""
    from checker.core.registry import rules_for
    from portolan.model import load_game
    from portolan.yamlsrc import Source, load_yaml

    rules = rules_for(game)
    model = load_game(_components(components), game)
    raw = load_yaml(position)
    sheet = rules.score_position(model, raw, Source(display_path(position)), None)
    if as_json:
        _emit_json({"game": game, **sheet.as_json()})
    else:
        typer.echo(sheet.as_text())


@app.command("simulate")
@friendly
def simulate_command(
    game: str = typer.Argument(..., help="Game id."),
    games: int = typer.Option(100, "--games", help="How many games to play."),
    seed: int = typer.Option(0, "--seed", help="Random seed (same seed, same games)."),
    players: int = typer.Option(None, "--players", help="Players per game (default: the minimum)."),
    log_dir: Path = typer.Option(
        None, "--log-dir", help="Write every game's log into this folder."
    ),
    option: list[str] = typer.Option(
        None, "--option", help="A rule option, name=value (repeatable)."
    ),
    components: Path = COMPONENTS,
):
    """Play random legal games; print games/s and actions/s."""
    import random
    import time

    from checker.core.logwriter import log_text, write_atomic
    from checker.core.registry import rules_for
    from checker.core.simulate import default_players, random_game
    from portolan.model import load_game

    rules = rules_for(game)
    model = load_game(_components(components), game)
    spec = model.spec.players
    n = players if players is not None else spec.min.value
    if not spec.min.value <= n <= spec.max.value:
        raise opt.bad(
            "--players", f"{n} players: this game is for {spec.min.value} to {spec.max.value}"
        )
    opt.number("--games", games, 1, 10_000_000)
    rng = random.Random(seed)
    names = default_players(n)
    defaults = _rule_options(rules, option)
    steps = 0
    totals: list[int] = []
    started = time.perf_counter()
    for k in range(games):
        g = random_game(rules, model, names, defaults, rng)
        steps += len(g.steps)
        sheet = rules.score(g.state)
        totals += [ln.total for ln in sheet.lines]
        if log_dir is not None:
            write_atomic(
                log_dir / f"{game}-{seed}-{k + 1:04d}.yaml",
                log_text(rules, names, defaults, g.steps),
            )
    elapsed = time.perf_counter() - started
    typer.echo(
        f"{games} games of {n} players, {steps} actions in {elapsed:.2f} s: "
        f"{games / elapsed:,.0f} games/s, {steps / elapsed:,.0f} actions/s"
    )
    typer.echo(
        f"average score {sum(totals) / len(totals):.1f}, highest {max(totals)}, "
        f"average {steps / games:.0f} actions per game"
    )


def _rule_options(rules, items: list[str] | None) -> dict:
    """--option name=value (repeatable) over the game's defaults; a bad one exits 2."""
    from checker.core import options as rule_options
    from portolan.yamlsrc import Source

    raw = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise opt.bad("--option", f"'{item}' is not name=value")
        raw[name.strip()] = value.strip()
    return rule_options.resolve(rules.options, raw, Source("command line"), "--option")


@app.command("play")
@friendly
def play_command(
    game: str = typer.Argument(..., help="Game id."),
    log: Path = typer.Option(..., "--log", help="The log file to write (an existing one resumes)."),
    players: str = typer.Option(None, "--players", help='Seat order, e.g. "Ana,Ben" (new games).'),
    option: list[str] = typer.Option(
        None, "--option", help="A rule option, name=value (repeatable)."
    ),
    seed: int = typer.Option(None, "--seed", help="Seed for 'r' (random) answers."),
    components: Path = COMPONENTS,
):
    """Referee a game at the table: lists the legal moves, asks what was drawn, writes the log."""
    import random

    from checker.core.log import load_log
    from checker.core.play import Session
    from checker.core.registry import rules_for
    from checker.core.replay import run
    from portolan.model import load_game

    rules = rules_for(game)
    folder = _components(components)
    model = load_game(folder, game)
    steps = []
    if log.exists() and log.stat().st_size > 0:
        loaded = load_log(log, folder)
        if loaded.model.id != game:
            raise opt.bad("--log", f"{display_path(log)} is a log of {loaded.model.id}")
        if players and opt.names("--players", players) != loaded.players:
            raise opt.bad("--players", f"the log was started by {', '.join(loaded.players)}")
        if option:
            raise opt.bad("--option", "rule options are fixed when a game starts")
        names, chosen, steps = loaded.players, loaded.options, loaded.steps
        typer.echo(f"Resuming {display_path(log)}: {steps[-1].turn if steps else 0} turns so far.")
    else:
        if not players:
            raise opt.bad("--players", 'name the players for a new game, e.g. "Ana,Ben"')
        names = opt.names("--players", players)
        spec = model.spec.players
        if not spec.min.value <= len(names) <= spec.max.value:
            raise opt.bad(
                "--players",
                f"{len(names)} players: this game is for {spec.min.value} to {spec.max.value}",
            )
        chosen = _rule_options(rules, option)

    def ask(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    session = Session(rules, model, names, chosen, log, ask, typer.echo, rng=random.Random(seed))
    if steps:
        result = run(rules, model, session.state, steps, display_path(log), finish=False)
        if result.violation is not None:
            typer.echo(str(result.violation))
            raise typer.Exit(1)
        session.steps = list(steps)
    session.run()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
