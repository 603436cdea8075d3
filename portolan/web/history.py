"""The table's history pages: the plays (scored and refereed), each opened again or deleted,
the players' statistics per game, and the history as CSV, exported and imported."""

from __future__ import annotations

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Route

from portolan.errors import InputError, Problem
from portolan.web.historydb import CSV_BYTES, CSV_NAME
from portolan.web.site import Site, attachment, problems_of, read_form, upload_text
from portolan.web.work import in_turn

# What a redirect may tell the table, by code (a link never carries the text itself).
NOTICES = {
    "saved": "Saved in the history.",
    "deleted": "The play was deleted.",
}


def routes(site: Site) -> list[Route]:
    def titles() -> dict[str, str]:
        return {g.id: g.title for g in site.checked_games()}

    def list_page(request: Request, status: int = 200, **extra):
        names = titles()
        game = request.query_params.get("game", "")
        game = game if game in names else ""
        plays = site.history.plays(game or None)
        values = dict(
            plays=plays,
            stats=site.history.stats(game or None),
            titles=names,
            chosen=game,
            problems=[],
            imported=None,
            notice=NOTICES.get(request.query_params.get("notice", ""), ""),
        )
        values.update(extra)
        return site.page(request, "history.html.j2", status, **values)

    async def listing(request: Request):
        return await in_turn(list_page, request)

    def one(request: Request):
        play = site.history.play(request.path_params["play"])
        if play is None:
            raise HTTPException(404, "no play with this number in the history")
        return site.page(
            request,
            "history_play.html.j2",
            play=play,
            title=titles().get(play.game, play.game),
            notice=NOTICES.get(request.query_params.get("notice", ""), ""),
        )

    async def show(request: Request):
        return await in_turn(one, request)

    async def delete(request: Request):
        if not await in_turn(site.history.delete, request.path_params["play"]):
            raise HTTPException(404, "no play with this number in the history")
        url = request.url_for("history").include_query_params(notice="deleted")
        return RedirectResponse(str(url), status_code=303)

    async def export(request: Request):
        game = request.query_params.get("game", "")
        text = await in_turn(site.history.export_csv, game if game in titles() else None)
        name = f"portolan-history-{game}.csv" if game in titles() else "portolan-history.csv"
        return attachment(text, "text/csv; charset=utf-8", name)

    async def import_csv(request: Request):
        form = await read_form(request)
        try:
            text = await _csv_text(form)
            added, skipped = await in_turn(site.history.import_csv, text, set(titles()))
        except InputError as exc:
            return await in_turn(list_page, request, 422, problems=problems_of(exc))
        return await in_turn(list_page, request, imported=(added, skipped))

    return [
        Route("/history", listing, name="history"),
        Route("/history.csv", export, name="history_csv"),
        Route("/history/import", import_csv, methods=["POST"], name="history_import"),
        Route("/history/{play:int}", show, name="history_play"),
        Route("/history/{play:int}/delete", delete, methods=["POST"], name="history_delete"),
    ]


async def _csv_text(form) -> str:
    """The CSV of the import form: the uploaded file, else the pasted text."""
    upload = form.get("file")
    if isinstance(upload, UploadFile) and upload.filename:
        return await upload_text(upload, CSV_BYTES, CSV_NAME)
    text = form.get("csv")
    if not isinstance(text, str) or not text.strip():
        raise InputError(Problem("choose a CSV file exported from the history", file=CSV_NAME))
    return text
