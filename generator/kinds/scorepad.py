"""Score pads: a page of score tables whose rows are the score sheet categories of rules.yaml."""

from __future__ import annotations

from portolan.generator.colours import tint
from portolan.generator.draw import Drawing, Line, Rect, Text
from portolan.generator.fonts import PT, centred_text, fit_size
from portolan.generator.kinds.deck import check_colour
from portolan.generator.layout.furniture import header, margins_around, scale_bar
from portolan.generator.theme import Theme
from portolan.model.loader import Component, Game
from portolan.sizes import papers

MARGIN = 10.0  # from the printer margin to the tables, for the header and the scale bars
LABEL_W = 58.0


def score_rows(game: Game, component: Component) -> list[tuple[str, str]]:
    """(label, hint) for each row between the names row and the total."""
    rows = []
    spec = component.spec
    for cat in game.rules.scoring:
        hint = f"+{cat.points}" if cat.points else ""
        hint += " each" if cat.points == 1 else ""
        split = spec.itemise.get(cat.id)
        if split is not None:
            for n in range(1, split.count + 1):
                rows.append((split.label.replace("{n}", str(n)), cat.label if n == 1 else ""))
        else:
            rows.append((cat.label, hint))
    rows += [(label, "") for label in spec.extra_rows]
    return rows


def tie_rows(game: Game, component: Component) -> list[tuple[str, str]]:
    """(label, hint) for the tie-breaker rows printed under the total, if asked for."""
    if not component.spec.tie_breaker_rows:
        return []
    labelled = [t for t in game.rules.tie_breakers if t.label]
    return [(t.label, f"tie {k}") for k, t in enumerate(labelled, start=1)]


def render_scorepad(game: Game, component: Component, opts) -> list[Drawing]:
    spec = component.spec
    size = papers()[opts.page]
    W, H = size.width, size.height
    c = check_colour(game, component, spec.colour, ("colour",))
    pm = opts.printer_margin
    margin = pm + MARGIN - 5.0 if pm > 5.0 else MARGIN
    page = Drawing(W, H, id=f"{spec.id}-page", title=spec.name)
    rows = score_rows(game, component)
    ties = tie_rows(game, component)
    n = spec.games_per_page
    slot_h = (H - 2 * margin - (n - 1) * 8) / n
    for k in range(n):
        top = margin + k * (slot_h + 8)
        _table(page, game, spec, rows, ties, margin, top, W - 2 * margin, slot_h, c, opts.theme)
        if k < n - 1:
            y = margin + (k + 1) * slot_h + k * 8 + 4
            page.add(Line(margin, y, W - margin, y, stroke="#999999", width=0.2, dash=(1.5, 1.5)))
    box = (margin, margin, W - margin, H - margin)
    furniture = margins_around(W, H, pm, box, [])
    page.add(*header(furniture, [game.title, spec.name, "page 1/1"]))
    page.add(*scale_bar(furniture, "one table a game"))
    return [page]


def _table(
    d: Drawing,
    game: Game,
    spec,
    rows,
    ties,
    x: float,
    y: float,
    w: float,
    h: float,
    c: str,
    theme: Theme,
):
    title_h = 9.0
    # --ink-saver: an outlined title band and no row shading (the rules still separate rows).
    ink_saver = theme.ink_saver
    title_text = c if ink_saver else "#ffffff"
    if ink_saver:
        d.add(Rect(x, y, w, title_h, stroke=c, width=0.5, radius=1.2))
    else:
        d.add(Rect(x, y, w, title_h, fill=c, radius=1.2))
    size = fit_size(game.title, "bold", 11, w * 0.6, 7)
    d.add(centred_text(x + 3, y + title_h / 2, game.title, size, "bold", title_text, "start"))
    d.add(
        centred_text(
            x + w - 3, y + title_h / 2, "Date ______________", 8, "regular", title_text, "end"
        )
    )
    all_rows = [("Player", ""), *rows, ("Total", ""), *ties, ("Rank", "")]
    total_at = 1 + len(rows)
    grid_top = y + title_h + 2
    row_h = min(10.0, (h - title_h - 2) / len(all_rows))
    col_w = (w - LABEL_W) / spec.players
    for i, (label, hint) in enumerate(all_rows):
        ry = grid_top + i * row_h
        strong = label in ("Player", "Total")
        if not ink_saver and (strong or i % 2 == 0):
            d.add(Rect(x, ry, w, row_h, fill=tint(c, 0.8 if strong else 0.93)))
        lsize = fit_size(
            label, "bold" if strong else "regular", 9, LABEL_W - (18 if hint else 4), 6
        )
        base = ry + row_h / 2 + lsize * PT * 0.36
        d.add(Text(x + 2, base, label, lsize, "bold" if strong else "regular", "#1b1b1b"))
        if hint:
            d.add(Text(x + LABEL_W - 2, base, hint, 7, "italic", "#555555", "end"))
    bottom = grid_top + len(all_rows) * row_h
    for i in range(len(all_rows) + 1):
        ry = grid_top + i * row_h
        heavy = i in (1, total_at) or (bool(ties) and i == total_at + 1)
        d.add(Line(x, ry, x + w, ry, stroke=c if heavy else "#777777", width=0.5 if heavy else 0.2))
    for j in range(spec.players + 1):
        cx = x + LABEL_W + j * col_w
        d.add(Line(cx, grid_top, cx, bottom, stroke="#777777", width=0.2))
    d.add(Rect(x, grid_top, w, bottom - grid_top, stroke=c, width=0.5))
