"""The jinja2 environment for rules references and player aids, and the data they can use.

Templates live in ``templates/<game>/`` (with shared pieces in ``templates/``). They receive the
validated model, never raw YAML, so a printed number is the number the checker uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from generator.faces import signed
from portolan.errors import InputError, Problem, display_path
from portolan.model import effects
from portolan.model.loader import Component, Game
from portolan.paths import templates_dir
from portolan.yamlsrc import position_at

_ENVIRONMENTS: dict[int, tuple[Game, jinja2.Environment]] = {}


def environment(game: Game) -> jinja2.Environment:
    """The game's environment, made once per loaded game so jinja2 compiles each template once
    (it still reloads a template whose file changed)."""
    cached = _ENVIRONMENTS.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    env = _new_environment(game)
    if len(_ENVIRONMENTS) >= 16:
        _ENVIRONMENTS.pop(next(iter(_ENVIRONMENTS)))
    _ENVIRONMENTS[id(game)] = (game, env)
    return env


def _new_environment(game: Game) -> jinja2.Environment:
    folders = [templates_dir() / game.id, templates_dir()]
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(f) for f in folders]),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(
        signed=signed,
        cite=game.cite,
        plural=lambda n, one, many=None: one if n == 1 else (many or one + "s"),
        effect_words=lambda steps: effects.describe(game.spec, steps),
        kept=effects.is_kept,
    )
    return env


def context(game: Game) -> dict[str, Any]:
    return {
        "rule_options": game.rules.options,
        "game": game.spec,
        "title": game.title,
        "rules": game.rules,
        "c": {k: v.value for k, v in game.rules.constants.items()},
        "constants": game.rules.constants,
        "scoring": game.rules.scoring,
        "decks": {d.id: d for d in game.decks()},
        "terms": game.spec.terms,
        "components": game.components,
    }


def render(game: Game, component: Component, template: str, field: str) -> str:
    env = environment(game)
    try:
        return env.get_template(template).render(**context(game), component=component.spec)
    except jinja2.TemplateNotFound as exc:
        raise InputError(
            component.source.problem(
                f"template '{exc.name}' not found in {display_path(templates_dir() / game.id)}",
                position_at(component.raw, (field,)),
                field=field,
            )
        ) from None
    except jinja2.TemplateSyntaxError as exc:
        raise InputError(
            Problem(
                f"template syntax error: {exc.message}",
                file=display_path(Path(exc.filename or template)),
                line=exc.lineno,
            )
        ) from None
    except jinja2.TemplateError as exc:
        raise InputError(
            Problem(
                f"template error: {exc}", file=display_path(templates_dir() / game.id / template)
            )
        ) from None


def _template_line(exc: BaseException, template: str) -> int | None:
    """The line of the template where ``exc`` was raised, from the traceback jinja2 rewrites."""
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(template):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def fill_in(game: Game, component: Component, text: str, path: tuple) -> str:
    """A short text from a component's YAML, with the rules' numbers filled in."""
    if "{" not in text:
        return text
    try:
        return environment(game).from_string(text).render(**context(game))
    except jinja2.TemplateError as exc:
        raise InputError(
            component.source.problem(
                f"cannot fill in the text: {exc}",
                position_at(component.raw, path),
                field=".".join(str(p) for p in path),
            )
        ) from None
