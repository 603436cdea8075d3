"""generator/sandbox.py: every template runs in jinja2's sandbox, bounded in what it can make.

The known ways out of a jinja2 template (``__class__``, ``__globals__`` through ``cycler``,
``joiner``, ``namespace``, ``lipsum``; ``range`` and ``*`` bombs) are tried on the sandbox
itself and on every kind of component; none may run a command, and each is an input error at
the place it was written.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import jinja2
import pytest

import portolan.generator.templating
from portolan.errors import InputError
from portolan.generator.faces import FaceEvaluator
from portolan.generator.kinds.aid import render_aid
from portolan.generator.kinds.board import render_board
from portolan.generator.kinds.counters import render_counters
from portolan.generator.kinds.reference import write_reference
from portolan.generator.kinds.scorepad import render_scorepad
from portolan.generator.sandbox import TEMPLATE_ERRORS, sandboxed
from portolan.generator.staging import Staging
from portolan.generator.templating import ESCAPED
from portolan.generator.theme import Theme
from portolan.model import load_game
from portolan.paths import templates_dir
from tests.edits import game_copy

MARKER = "portolan-sandbox-escaped"


def escapes(marker: Path) -> list[str]:
    """Template texts that, unsandboxed, would create ``marker`` or exhaust time or memory."""
    touch = f"touch {marker}"
    return [
        f"{{{{ cycler.__init__.__globals__.os.popen('{touch}').read() }}}}",
        f"{{{{ joiner.__init__.__globals__.os.system('{touch}') }}}}",
        f"{{{{ namespace.__init__.__globals__.os.system('{touch}') }}}}",
        f"{{{{ lipsum.__globals__['os'].system('{touch}') }}}}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        f"{{{{ ().__class__.__base__.__subclasses__()[0]('{touch}') }}}}",
        "{{ (1).__class__.__init__.__globals__ }}",
        f"{{{{ self.__init__.__globals__.__builtins__.__import__('os').system('{touch}') }}}}",
        "{{ ('x'|attr('__class__')).__base__ }}",
        "{{ range(10 ** 9) | list | length }}",
        "{% for i in range(99999) %}{% for j in range(99999) %}{{ i }}{% endfor %}{% endfor %}",
        "{{ 'x' * 100000000 }}",
        "{{ [0] * 100000000 }}",
        "{{ 9 ** 99999999 }}",
        "{{ 1 // 0 }}",
        "{{ 'x' | center(1000000000) }}",
        "{{ '%0999999999d' % 1 }}",
        "{{ '{:>999999999}'.format(1) }}",
        "{% set ns = namespace(s='xx') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}"
        "{% endfor %}{{ ns.s | length }}",
        "{% macro f(s) %}{{ f(s ~ s) }}{% endmacro %}{{ f('ab') }}",
        # Texts that grow in one step, each within the bound on its own (t: 998,001 characters)
        *(BIG + growth for growth in GROWTH),
    ]


BIG = "{% set s = ' ' | center(999) %}{% set t = s.replace(' ', s) %}"
GROWTH = [
    "{{ t.replace(' ', t) | length }}",
    "{{ t | replace(' ', t) | length }}",
    "{{ t.join(t) | length }}",
    "{{ ([t] * 99999) | join | length }}",
    "{{ [t] * 99999 }}",
    "{{ ([t] * 999) | tojson | length }}",
    "{{ t.translate({32: t}) | length }}",
    "{{ ('\t' * 999999).expandtabs(999) | length }}",
    "{{ ('{0}' * 99999).format(t) | length }}",
    "{{ ('{a}' * 99999).format_map({'a': t}) | length }}",
    "{{ (('%(a)s' * 99999) % {'a': t}) | length }}",
    "{{ ('%s' * 999) | format(*([t] * 999)) | length }}",
    "{{ ('\n' * 99999) | indent(t) | length }}",
    "{{ t[:99999] | wordwrap(1, wrapstring=t) | length }}",
    "{{ ('a.com ' * 99999) | urlize(target=t) | length }}",
    "{{ [1] | batch(1000000000, 'x') | list | length }}",
    "{{ range(9999) | map('string') | map('replace', '1', t[:250000]) | list | length }}",
]


@pytest.fixture
def marker(tmp_path) -> Path:
    path = tmp_path / MARKER
    yield path
    assert not path.exists(), "a template ran a command"


@pytest.mark.parametrize("n", range(len(escapes(Path(MARKER)))))
def test_the_sandbox_refuses_each_escape_quickly(marker, n):
    text = escapes(marker)[n]
    env = sandboxed(undefined=jinja2.StrictUndefined)
    started = time.process_time()
    with pytest.raises(TEMPLATE_ERRORS):
        env.from_string(text).render(x=1)
    assert time.process_time() - started < 10  # CPU seconds: a bomb is stopped, not run out


def test_ordinary_templates_still_work():
    env = sandboxed(undefined=jinja2.StrictUndefined)
    text = (
        "{% set ns = namespace(total=0) %}{% for k in range(4) %}{% set ns.total = ns.total + k %}"
        "{% endfor %}{{ ns.total }} {{ 'ab' * 3 }} {{ 7 // 2 }} {{ 2 ** 10 }} {{ '%03d' % 7 }} "
        "{{ '{:>4}'.format(5) }} {{ 'x' | center(5) }} {{ [1, 2] + [3] }}"
    )
    assert env.from_string(text).render() == "6 ababab 3 1024 007    5   x   [1, 2, 3]"
    text = (
        "{{ 'a-b'.replace('-', '+') }} {{ ['x', 'y'] | join(', ') }} {{ '%s=%d' % ('n', 3) }} "
        "{{ '{} {}'.format(1, 2) }} {{ 'a\nb' | indent(2) }} {{ [1, 2, 3] | batch(2, 0) | list }} "
        "{{ range(3) | map('string') | join }} {{ [1, 2] }} {{ 'ab'.translate({97: 'x'}) }} "
        "{{ ['a'] * 3 }} {{ 'x y' | wordwrap(1) }}"
    )
    assert env.from_string(text).render() == (
        "a+b x, y n=3 1 2 a\n  b [[1, 2], [3, 0]] 012 [1, 2] xb ['a', 'a', 'a'] x\ny"
    )


def test_html_templates_are_escaped_others_not():
    env = sandboxed(
        loader=jinja2.DictLoader({"page.html.j2": "{{ v }}", "aid.md.j2": "{{ v }}"}),
        autoescape=jinja2.select_autoescape(ESCAPED, default_for_string=False),
    )
    assert env.get_template("page.html.j2").render(v="<b>&") == "&lt;b&gt;&amp;"
    assert env.get_template("aid.md.j2").render(v="<b>&") == "<b>&"
    assert env.from_string("{{ v }}").render(v="<b>") == "<b>"


# -- on every kind of component ------------------------------------------------------------------

GAME = "exploration-age-of-sail"


@pytest.fixture
def folder(tmp_path) -> Path:
    """A writable copy of the real components of the game."""
    return game_copy(tmp_path, GAME) / GAME


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")


def _quoted(template: str) -> str:
    return "'" + template.replace("'", "''") + "'"


def _face(folder: Path, template: str):
    deck = folder / "expedition-deck.yaml"
    text = deck.read_text("utf-8")
    face = "    face:\n"
    deck.write_text(text.replace(face, face + f"      title: {_quoted(template)}\n", 1))
    game = load_game(folder.parent, GAME)
    component = game.component("expedition-deck")
    card = component.deck.cards[0]
    FaceEvaluator(game, component).slots(card)
    return deck, "      title:"


def _label(folder: Path, template: str):
    mat = folder / "expedition-mat.yaml"
    _replace(mat, '"Explorer ______________________"', _quoted(template))
    game = load_game(folder.parent, GAME)
    render_board(game, game.component("expedition-mat"), 3.0, Theme())
    return mat, "x: 6, y: 21"


def _box(folder: Path, template: str):
    mat = folder / "expedition-mat.yaml"
    old = (
        '"Claim a discovery with at least its level in Ocean cards '
        '(+{{ c.regional_explorer_bonus }} for a regional explorer)."'
    )
    _replace(mat, old, _quoted(template))
    game = load_game(folder.parent, GAME)
    render_board(game, game.component("expedition-mat"), 3.0, Theme())
    return mat, "    text: "


def _template_file(folder: Path, template: str, monkeypatch, kind: str):
    """An aid or a reference whose template file (in a copy of templates/) is ``template``."""
    templates = folder.parent.parent / "templates"
    shutil.copytree(templates_dir(), templates)
    monkeypatch.setattr(portolan.generator.templating, "templates_dir", lambda: templates)
    if kind == "aid":
        (templates / GAME / "player-aid-front.md.j2").write_text(template, "utf-8")
        game = load_game(folder.parent, GAME)
        render_aid(game, game.component("player-aid"), 3.0, Theme())
        return folder / "player-aid.yaml", "front:"
    (templates / GAME / "rules-reference.md.j2").write_text(template, "utf-8")
    game = load_game(folder.parent, GAME)
    out = folder.parent.parent / "out"
    out.mkdir()
    write_reference(game, game.component("rules-reference"), Staging(out), _Opts())
    return folder / "rules-reference.yaml", "template:"


class _Opts:
    formats = ("pdf",)
    page = "a4"
    theme = Theme()


PLACES = {
    "card face": _face,
    "board text": _label,
    "board box": _box,
    "aid template": lambda f, t, mp: _template_file(f, t, mp, "aid"),
    "reference template": lambda f, t, mp: _template_file(f, t, mp, "reference"),
}


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("n", range(len(escapes(Path(MARKER)))))
def test_every_kind_of_component_refuses_each_escape(folder, marker, monkeypatch, place, n):
    template = escapes(marker)[n]
    fill = PLACES[place]
    started = time.process_time()
    with pytest.raises(InputError) as err:
        if place.endswith("template"):
            fill(folder, template, monkeypatch)
        else:
            fill(folder, template)
    assert time.process_time() - started < 15  # CPU seconds: a bomb is stopped, not run out
    (problem,) = err.value.problems
    expected_file = {
        "card face": "expedition-deck.yaml",
        "board text": "expedition-mat.yaml",
        "board box": "expedition-mat.yaml",
        "aid template": "player-aid.yaml",
        "reference template": "rules-reference.yaml",
    }[place]
    assert problem.file.endswith(expected_file)
    assert problem.line is not None and problem.column is not None
    assert "cannot fill" in problem.message


def test_counters_and_score_pads_print_braces_as_written(folder):
    """Their texts are not templates: a payload is printed, never run."""
    tokens = folder.parent.parent / "tokens.yaml"
    tokens.write_text(
        "kind: counters\nid: tokens\nname: Tokens\ncounters:\n"
        "  - {name: T, count: 1, size: 20, colour: navy,\n"
        '     front: {text: "{{ cycler.__init__.__globals__ }}"}}\n',
        "utf-8",
    )
    shutil.move(tokens, folder / "tokens.yaml")
    pad = folder / "score-pad.yaml"
    pad.write_text(pad.read_text("utf-8") + 'extra_rows: ["{{ 7 * 7 }}"]\n', "utf-8")
    game_yaml = folder / "game.yaml"
    _replace(game_yaml, "  - score-pad.yaml\n", "  - score-pad.yaml\n  - tokens.yaml\n")
    game = load_game(folder.parent, GAME)
    _, designs = render_counters(game, game.component("tokens"), 3.0, Theme(), _sheet())
    assert any("{{ cycler.__init__.__globals__ }}" in _texts(d) for d in designs)
    (page,) = render_scorepad(game, game.component("score-pad"), _sheet())
    assert "{{ 7 * 7 }}" in _texts(page) and "49" not in _texts(page)


def _sheet():
    from portolan.generator.build import BuildOptions

    return BuildOptions()


def _texts(drawing) -> str:
    from portolan.generator.draw import Group, Text

    out = []

    def walk(items):
        for it in items:
            if isinstance(it, Text):
                out.append(it.text)
            elif isinstance(it, Group):
                walk(it.items)

    walk(drawing.items)
    return "\n".join(out)
