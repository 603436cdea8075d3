"""Browse: each game's rules reference and its print files (previews and PDF downloads).

The print files are what ``portolan build`` writes, read from the server's output folder;
a game not built yet can be built from its page (PDF and PNG previews, in the background, under
the output folder's lock, so a ``portolan build`` running beside it waits its turn).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse
from starlette.routing import Route

from portolan.errors import InputError, OutputError
from portolan.web.rulebook import blocks_of, reference_html
from portolan.web.site import Site

SAFE_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.(pdf|png|svg|html)")
MEDIA = {
    "pdf": "application/pdf",
    "png": "image/png",
    "svg": "image/svg+xml",
    "html": "text/html; charset=utf-8",
}


class Builds:
    """Builds running in the background, one per game at a time, and the last failure."""

    def __init__(self) -> None:
        self.running: set[str] = set()
        self.failed: dict[str, str] = {}
        self._guard = threading.Lock()

    def start(self, site: Site, game_id: str) -> None:
        with self._guard:
            if game_id in self.running:
                return
            self.running.add(game_id)
            self.failed.pop(game_id, None)
        threading.Thread(target=self._build, args=(site, game_id), daemon=True).start()

    def _build(self, site: Site, game_id: str) -> None:
        from portolan.generator.build import BuildOptions, build_games

        try:
            build_games([site.game(game_id)], site.output, BuildOptions(formats=("pdf", "png")))
        except (InputError, OutputError, OSError) as exc:
            with self._guard:
                self.failed[game_id] = str(exc)
        except Exception as exc:  # a bug: shown as one line, the server goes on
            with self._guard:
                self.failed[game_id] = f"internal error: {type(exc).__name__}"
        finally:
            with self._guard:
                self.running.discard(game_id)


def print_files(folder: Path) -> list[dict]:
    """Each PDF of a built game with the PNG of its first page, if there is one."""
    if not folder.is_dir():
        return []
    files = []
    for pdf in sorted(folder.glob("*.pdf")):
        preview = folder / "png" / f"{pdf.stem}-p01.png"
        pages = len(list((folder / "png").glob(f"{pdf.stem}-p[0-9][0-9].png")))
        size = png_size(preview) if preview.is_file() else None
        files.append(
            {
                "name": pdf.name,
                "stem": pdf.stem,
                "size_kb": max(1, pdf.stat().st_size // 1024),
                "preview": preview.name if preview.is_file() else None,
                # the page keeps the preview's room while it loads (no jump in the list)
                "preview_height": (
                    round(PREVIEW_WIDTH * size[1] / size[0]) if size else PREVIEW_WIDTH
                ),
                "pages": pages,
            }
        )
    return files


PREVIEW_WIDTH = 120  # px on the game page


def png_size(path: Path) -> tuple[int, int] | None:
    """(width, height) from a PNG's header, or None if it is not a PNG with a sane size."""
    with path.open("rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    return (width, height) if width and height else None


def routes(site: Site, builds: Builds) -> list[Route]:
    def game_or_404(game_id: str):
        if not site.has_game(game_id):
            raise HTTPException(404, f"no game called '{game_id[:64]}'")
        return site.game(game_id)

    async def index(request: Request):
        return site.page(request, "games.html.j2", games=site.games())

    async def game_page(request: Request):
        model = game_or_404(request.path_params["game"])
        _, blocks = blocks_of(site.components, model.id)
        body, toc = reference_html(blocks)
        return site.page(
            request,
            "game.html.j2",
            game=model,
            reference=body,
            toc=toc,
            files=print_files(site.output / model.id),
            preview_width=PREVIEW_WIDTH,
            building=model.id in builds.running,
            failed=builds.failed.get(model.id),
        )

    async def build(request: Request):
        model = game_or_404(request.path_params["game"])
        builds.start(site, model.id)
        url = request.url_for("game", game=model.id)
        return RedirectResponse(str(url) + "#print", status_code=303)

    async def file(request: Request):
        model = game_or_404(request.path_params["game"])
        name = request.path_params["name"]
        if not SAFE_FILE.fullmatch(name):
            raise HTTPException(404, "no such file")
        folder = site.output / model.id
        path = folder / ("png" if name.endswith(".png") else "") / name
        if not path.is_file():
            raise HTTPException(404, "no such file")
        kind = name.rsplit(".", 1)[1]
        return FileResponse(path, media_type=MEDIA[kind])

    return [
        Route("/games", index, name="games"),
        Route("/games/{game}", game_page, name="game"),
        Route("/games/{game}/build", build, methods=["POST"], name="game_build"),
        Route("/games/{game}/files/{name}", file, name="game_file"),
    ]
