"""The jinja2 environment for rules references and player aids, and the data they can use.

Templates live in ``templates/<game>/`` (with shared pieces in ``templates/``). They receive the
validated model, never raw YAML, so a printed number is the number the checker uses. Every
template, the files and the short texts of a component's YAML alike, is rendered in the bounded
sandbox of ``generator/sandbox.py``; HTML templates (``*.html.j2``) escape what they print.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from portolan.errors import InputError, Problem, display_path
from portolan.generator.faces import signed
from portolan.generator.sandbox import TEMPLATE_ERRORS, sandboxed
from portolan.model import effects
from portolan.model.loader import Component, Game
from portolan.paths import templates_dir

_ENVIRONMENTS: dict[int, tuple[Game, jinja2.Environment]] = {}
ESCAPED = ("html", "htm", "xml", "svg", "html.j2", "htm.j2", "xml.j2", "svg.j2")


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
    env = sandboxed(
        loader=jinja2.FileSystemLoader([str(f) for f in folders]),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(ESCAPED, default_for_string=False),
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
        message = f"template '{exc.name}' not found in {display_path(templates_dir() / game.id)}"
        raise InputError(component.problem(message, (field,))) from None
    except jinja2.TemplateSyntaxError as exc:
        raise InputError(
            Problem(
                f"template syntax error: {exc.message}",
                file=display_path(Path(exc.filename or template)),
                line=exc.lineno,
            )
        ) from None
    except TEMPLATE_ERRORS as exc:
        message = f"cannot fill in the template '{template}': {_reason(exc)}"
        raise InputError(component.problem(message, (field,), _where_in(exc, template))) from None


def html_page(model: Game, template: str, body: str, **values: Any) -> str:
    """An HTML page from ``template``: every value is escaped except ``body``, HTML we made."""
    return environment(model).get_template(template).render(body=Markup(body), **values)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "it calls itself without end"
    text = str(exc) or type(exc).__name__
    return text if isinstance(exc, jinja2.TemplateError) else f"{type(exc).__name__}: {text}"


def _where_in(exc: BaseException, template: str) -> str | None:
    """The line of the template where ``exc`` was raised ("line 3 of aid.md.j2"), from the
    traceback jinja2 rewrites."""
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(template):
            line = tb.tb_lineno
        tb = tb.tb_next
    return f"line {line} of {template}" if line else None


def fill_in(game: Game, component: Component, text: str, path: tuple) -> str:
    """A short text from a component's YAML, with the rules' numbers filled in."""
    if "{" not in text:
        return text
    try:
        return environment(game).from_string(text).render(**context(game))
    except TEMPLATE_ERRORS as exc:
        raise InputError(
            component.problem(f"cannot fill in the text: {_reason(exc)}", path)
        ) from None
