"""The web app of ``portolan serve``: routes, error pages and the headers every answer carries.

A failure never shows a traceback: input problems are shown on the page that was sent (with
file, line and column), a missing page or game gets a 404 page, and a bug gets a 500 page that
says so while the traceback goes to the server's log. Games are saved before an answer is sent,
so a request that fails loses nothing saved.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable
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
from portolan.web import browse, check, history, picture, play, score
from portolan.web.site import BODY_BYTES, Site, problems_of
from portolan.web.store import NoSuchGame, Store

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
    """Adds ``HEADERS`` to every answer, refuses a request for a host name the server does not
    answer to (``hosts``; an address is always answered), and refuses a form posted from
    another site's page (its ``Origin`` is not this server): a page elsewhere cannot play in a
    game or fill the disk through a browser at the table.

    The host check stops DNS rebinding: a page on ``evil.example`` whose name is made to lead
    to 127.0.0.1 would be "same origin" with what it fetches, but its requests carry
    ``Host: evil.example``."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = ()):
        self.app = app
        self.hosts = {h.strip().strip("[]").lower().rstrip(".") for h in (*LOCAL_NAMES, *hosts)}
        self.site: Site | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._known_host(scope):
            response = PlainTextResponse(
                "this server does not answer to that host name; whoever runs it can allow it "
                "with portolan serve --allowed-host NAME",
                status_code=400,
                headers=dict((k.decode(), v.decode()) for k, v in HEADERS),
            )
            await response(scope, receive, send)
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

    def _known_host(self, scope: Scope) -> bool:
        host = dict(scope.get("headers") or []).get(b"host")
        if host is None:
            return False
        name = _host_name(host.decode("latin-1"))
        return name is not None and (name in self.hosts or _is_address(name))


TITLES = {400: "Bad request", 404: "Not found", 405: "Not allowed", 413: "Too large"}
# Names that always mean this machine (RFC 6761: "localhost" never leads elsewhere).
LOCAL_NAMES = ("localhost",)


def _host_name(host: str) -> str | None:
    """The name of a ``Host`` header (``name:port``, ``[::1]:port``), lower case and without
    a final dot; None when it is not a host."""
    try:
        name = urlsplit(f"//{host.strip()}").hostname
    except ValueError:
        return None
    return name.rstrip(".") if name else None


def _is_address(name: str) -> bool:
    """An IP address is no name a stranger can make lead here: it is answered."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def create_app(
    data: Path, components: Path, output: Path | None = None, hosts: Iterable[str] = ()
) -> ASGIApp:
    """The app serving ``components`` (game descriptions), keeping refereed games under
    ``data`` and print files under ``output`` (default ``data/output``), answering requests
    for ``hosts``, ``localhost`` and any IP address."""
    site = Site(components, data, output or data / "output", Store(data, components))
    builds = browse.Builds()

    async def home(request: Request):
        return site.page(request, "home.html.j2", games=site.games())

    def error(request: Request, status: int, title: str, message: str = "", problems=()):
        return site.page(
            request, "error.html.j2", status, title=title, message=message, problems=list(problems)
        )

    async def not_found(request: Request, exc: HTTPException):
        return error(request, exc.status_code, TITLES.get(exc.status_code, "Error"), exc.detail)

    async def no_game(request: Request, exc: NoSuchGame):  # a refereed game's address
        return error(request, 404, TITLES[404], "no game at this address")

    async def bad_input(request: Request, exc: InputError):
        return error(request, 422, "Input problem", problems=problems_of(exc))

    async def cannot_write(request: Request, exc: Exception):
        log.error("cannot write: %s", exc)
        message = f"{exc}. Nothing was half-saved; try again when the disk is fixed."
        return error(request, 507, "The server cannot save", message)

    async def bug(request: Request, exc: Exception):
        log.exception("internal error on %s %s", request.method, request.url.path)
        message = (
            "This is a bug in Portolan; the saved games are safe. Please report what "
            "you did. (The details are in the server's log.)"
        )
        return error(request, 500, "Internal error", message)

    static = Path(__file__).parent / "static"
    app = Starlette(
        routes=[
            Route("/", home, name="home"),
            *score.routes(site),
            *check.routes(site),
            *play.routes(site),
            *picture.routes(site),
            *history.routes(site),
            *browse.routes(site, builds),
            Mount("/static", StaticFiles(directory=static), name="static"),
        ],
        exception_handlers={
            HTTPException: not_found,
            NoSuchGame: no_game,
            InputError: bad_input,
            OutputError: cannot_write,
            OSError: cannot_write,
            Exception: bug,
        },
        max_body_size=BODY_BYTES,
    )
    wrapped = SecurityHeaders(app, hosts)
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
