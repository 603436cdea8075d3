"""The referee's picture of the table: ``/play/<key>/position.svg``, the position of a game in
progress drawn by portolan/show; the page shows it with the same picture in words.

The SVG goes out as an image (an ``<img>``, never inlined in the page), so nothing in it runs and
the page's own element ids cannot clash with the pieces'. What it shows is what the table shows:
hands and secret cards are counted, never named.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from portolan.errors import InputError
from portolan.show import draw
from portolan.show.svg import Picture
from portolan.web.site import Site
from portolan.web.work import in_turn


def picture_of(table) -> Picture | None:
    """The table of a refereed game (a ``referee.Table``) drawn; None for a game with no
    picture."""
    session = table.session
    turn = table.steps[-1].turn if table.steps else 0
    caption = f"after turn {turn}" if turn else "as set up"
    try:
        return draw(session.model, session.state, caption)
    except InputError:
        return None


def routes(site: Site) -> list[Route]:
    store = site.store

    def svg_of(key: str) -> str | None:
        with store.table(key, changes=False) as table:
            picture = picture_of(table)
        return picture.svg() if picture is not None else None

    async def position(request: Request):
        svg = await in_turn(svg_of, request.path_params["key"])
        if svg is None:
            raise HTTPException(404, "this game has no picture of its table")
        # the page names each version (?v=); the image itself may change at every answer
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    return [Route("/play/{key}/position.svg", position, name="table_picture")]
