"""The web app of ``portolan serve``: routes, error pages and the headers every answer carries.

A failure never shows a traceback: input problems are shown on the page that was sent (with
file, line and column), a missing page or game gets a 404 page, and a bug gets a 500 page that
says so while the traceback goes to the server's log. Games are saved before an answer is sent,
so a request that fails loses nothing saved.
"""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from portolan.errors import InputError, OutputError
from portolan.web import browse, check, history, play, score
from portolan.web.site import BODY_BYTES, Site, problems_of
from portolan.web.store import Store

log = logging.getLogger("portolan.web")

HEADERS = [
    # Session links are in the address: never sent to another site. (Not no-referrer: with it
    # a browser sends "Origin: null" even with a form to the same site.)
    (b"referrer-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    ),
]


class SecurityHeaders:
    """Adds ``HEADERS`` to every answer, and refuses a form posted from another site's page
    (its ``Origin`` is not this server): a page elsewhere cannot play in a game or fill the
    disk through a browser at the table."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self.site: Site | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "POST" and not _same_origin(scope):
            response = PlainTextResponse("a form from another site", status_code=403)
            await response(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(data: Path, components: Path, output: Path | None = None) -> ASGIApp:
    """The app serving ``components`` (game descriptions), keeping refereed games under
    ``data`` and print files under ``output`` (default ``data/output``)."""
    site = Site(components, data, output or data / "output", Store(data, components))
    builds = browse.Builds()

    async def home(request: Request):
        return site.page(request, "home.html.j2", games=site.games())

    async def not_found(request: Request, exc: HTTPException):
        return site.page(
            request,
            "error.html.j2",
            exc.status_code,
            title=_title(exc.status_code),
            message=exc.detail,
            problems=[],
        )

    async def bad_input(request: Request, exc: InputError):
        return site.page(
            request,
            "error.html.j2",
            422,
            title="Input problem",
            message="",
            problems=problems_of(exc),
        )

    async def cannot_write(request: Request, exc: Exception):
        log.error("cannot write: %s", exc)
        return site.page(
            request,
            "error.html.j2",
            507,
            title="The server cannot save",
            message=f"{exc}. Nothing was half-saved; try again when the disk is fixed.",
            problems=[],
        )

    async def bug(request: Request, exc: Exception):
        log.exception("internal error on %s %s", request.method, request.url.path)
        return site.page(
            request,
            "error.html.j2",
            500,
            title="Internal error",
            message="This is a bug in Portolan; the saved games are safe. Please report what "
            "you did. (The details are in the server's log.)",
            problems=[],
        )

    static = Path(__file__).parent / "static"
    app = Starlette(
        routes=[
            Route("/", home, name="home"),
            *score.routes(site),
            *check.routes(site),
            *play.routes(site),
            *history.routes(site),
            *browse.routes(site, builds),
            Mount("/static", StaticFiles(directory=static), name="static"),
        ],
        exception_handlers={
            HTTPException: not_found,
            InputError: bad_input,
            OutputError: cannot_write,
            OSError: cannot_write,
            Exception: bug,
        },
        max_body_size=BODY_BYTES,
    )
    wrapped = SecurityHeaders(app)
    wrapped.site = site  # for tests and the load benchmark: the store, the folders
    return wrapped


def _same_origin(scope: Scope) -> bool:
    headers = dict(scope.get("headers") or [])
    fetched_from = headers.get(b"sec-fetch-site")
    if fetched_from is not None:  # a current browser says where the form was
        return fetched_from in (b"same-origin", b"none")
    origin = headers.get(b"origin")
    if origin is None:
        return True  # not a browser's form (a script, an old browser): nothing to compare
    host = headers.get(b"host", b"")
    return urlsplit(origin.decode("latin-1")).netloc.encode("latin-1") == host


def _title(status: int) -> str:
    return {
        400: "Bad request",
        404: "Not found",
        405: "Not allowed",
        413: "Too large",
    }.get(status, "Error")
