"""What every page of the web app shares: the folders it reads and writes, the templates
(jinja2, autoescaped), the bounds on forms and the way input problems are shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from portolan.checker.core.registry import GAMES
from portolan.errors import InputError, Problem
from portolan.limits import component_limits, yaml_limits
from portolan.model.loader import Game, available_games, load_game
from portolan.web.historydb import History
from portolan.web.store import Store

TEXT_BYTES = yaml_limits().document_bytes  # a pasted or uploaded log or position
BODY_BYTES = TEXT_BYTES + 64 * 1024  # one request: the text and the rest of its form
FIELDS = component_limits().score_players * component_limits().score_rows + 64


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("portolan.web", "templates"),
        autoescape=True,  # every template, whatever its name: no input reaches a page unescaped
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@dataclass
class Site:
    components: Path
    data: Path
    output: Path
    store: Store
    env: jinja2.Environment = field(default_factory=environment)
    _games: dict[str, Game] = field(default_factory=dict)

    def page(self, request: Request, template: str, status: int = 200, **values: Any):
        made: dict[tuple, str] = {}  # a list of answers asks for the same address many times

        def url_for(route: str, /, **params: Any) -> str:
            key = (route, *sorted(params.items()))
            if key not in made:  # paths only: the page works behind any host name
                made[key] = request.url_for(route, **params).path
            return made[key]

        html = self.env.get_template(template).render(
            path=request.url.path, url_for=url_for, **values
        )
        return HTMLResponse(html, status_code=status)

    @property
    def history(self) -> History:
        return History(self.data)

    def games(self) -> list[Game]:
        return [self.game(g) for g in available_games(self.components)]

    def checked_games(self) -> list[Game]:
        return [g for g in self.games() if g.id in GAMES]

    def game(self, game_id: str) -> Game:
        if game_id not in self._games:
            self._games[game_id] = load_game(self.components, game_id)
        return self._games[game_id]

    def has_game(self, game_id: str) -> bool:
        return game_id in available_games(self.components)


async def read_form(request: Request) -> FormData:
    """The request's form, within the bounds (one file, ``FIELDS`` fields, ``TEXT_BYTES`` a
    part); past a bound Starlette answers 400 before anything is read further."""
    return await request.form(max_files=1, max_fields=FIELDS, max_part_size=TEXT_BYTES)


async def text_of(form: FormData, field_name: str, file_field: str, default_name: str):
    """(text, name) from an uploaded file if one was chosen, else from the text box; the name
    is what messages call the file (the upload's base name)."""
    upload = form.get(file_field)
    if isinstance(upload, UploadFile) and upload.filename:
        name = Path(upload.filename.replace("\\", "/")).name[:100] or default_name
        return await upload_text(upload, TEXT_BYTES, name, "limit yaml.document_bytes"), name
    text = form.get(field_name)
    return (text if isinstance(text, str) else ""), default_name


async def upload_text(upload: UploadFile, limit: int, name: str, hint: str | None = None) -> str:
    """An uploaded file's text (UTF-8, a byte order mark dropped) of at most ``limit`` bytes;
    ``name`` is what the messages call it."""
    data = await upload.read(limit + 1)
    if len(data) > limit:
        raise InputError(Problem(f"larger than {limit:,} bytes", file=name, hint=hint))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text (byte {exc.start + 1})", file=name)) from None


def attachment(body: str, media: str, name: str) -> Response:
    """``body`` as a file for the browser to save, named ``name``."""
    disposition = f'attachment; filename="{name}"'
    return Response(body, media_type=media, headers={"Content-Disposition": disposition})


def form_problem(where: str, message: str) -> dict[str, Any]:
    """A problem of the form itself (not of a file), as the pages list problems."""
    return {"where": where, "field": None, "message": message, "hint": None, "line": None}


def problems_of(exc: InputError) -> list[dict[str, Any]]:
    return [
        {"where": p.where(), "field": p.field, "message": p.message, "hint": p.hint, "line": p.line}
        for p in exc.problems
    ]


SHOWN_LINES = 200  # a longer text is shown only near its marked lines (or its first lines)
NEAR = 3  # lines shown either side of a marked one


def numbered(text: str, mark: set[int] | None = None, around: int | None = None) -> list[dict]:
    """The text's lines with their numbers, for showing a file beside its messages; with
    ``around``, only the lines near that one. A text of more than ``SHOWN_LINES`` lines is
    shown only near its marked lines (its first ``SHOWN_LINES`` if none is), so a 16 MiB file
    makes a page of a few hundred lines, not one of every line."""
    mark = mark or set()
    if around is not None:
        wanted = set(range(around - NEAR, around + NEAR + 1))
    else:
        wanted = None  # every line, unless the text is long
        if text.count("\n") + text.count("\r") >= SHOWN_LINES:
            near = {n for m in mark for n in range(m - NEAR, m + NEAR + 1)}
            wanted = near or set(range(1, SHOWN_LINES + 1))
    last = max(wanted) if wanted is not None else None
    rows = []
    for i, line in _lines(text):
        if last is not None and i > last:
            break
        if wanted is None or i in wanted:
            rows.append({"n": i, "text": line, "marked": i in mark})
    return rows


def _lines(text: str, piece: int = 1 << 16):
    """(number, line) of ``str.splitlines``, read a piece at a time (cut after a newline), so
    a long text is never split whole."""
    n, start = 1, 0
    while start < len(text):
        end = text.rfind("\n", start, start + piece) + 1
        if end <= start:
            end = text.find("\n", start + piece) + 1 or len(text)
        if start + piece >= len(text):
            end = len(text)
        for line in text[start:end].splitlines():
            yield n, line
            n += 1
        start = end
