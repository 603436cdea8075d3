"""The rules reference: a jinja2 template rendered to markup, then to a PDF booklet and HTML."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    SimpleDocTemplate,
    Table,
    TableStyle,
)

from portolan.generator import fonts
from portolan.generator.colours import tint
from portolan.generator.kinds.deck import check_colour
from portolan.generator.kinds.reference_table import PagedTable
from portolan.generator.layout.furniture import BAR_LABEL, BAR_W, SCALE_BAR
from portolan.generator.markup import (
    Bullets,
    Heading,
    Note,
    Para,
    inline_rl,
    parse,
    slug,
    to_html,
)
from portolan.generator.markup import (
    Table as MTable,
)
from portolan.generator.publish import publish_pdf
from portolan.generator.staging import Staging
from portolan.generator.templating import html_page, render
from portolan.generator.textbox import plain
from portolan.generator.theme import WHITE, Theme
from portolan.model.loader import Component, Game
from portolan.sizes import papers

TABLE_SPACE = 6  # points below a table, before the next block


def write_reference(game: Game, component: Component, staging: Staging, opts) -> list[Path]:
    spec = component.spec
    colour = check_colour(game, component, spec.colour, ("colour",))
    text = render(game, component, spec.template, "template")
    blocks = parse(text)
    written = []
    if "pdf" in spec.formats and ("pdf" in opts.formats or "png" in opts.formats):
        path = staging.file(f"{spec.id}.pdf")
        _pdf(game, spec, blocks, path, opts, colour)
        written += publish_pdf(path, staging, spec.id, opts.formats)
    if "html" in spec.formats:
        path = staging.file(f"{spec.id}.html")
        page = html_page(
            game,
            "reference.html.j2",
            to_html(blocks),
            title=f"{game.title} — {spec.name}",
            game=game.spec,
            colour=colour,
            toc=[(b.text, slug(b.text)) for b in blocks if isinstance(b, Heading) and b.level == 1],
        )
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


def reference_blocks(game: Game) -> list:
    """The blocks of the game's rules reference (its first ``reference`` component), as the
    booklet and the HTML page show them; none if the game has no reference."""
    component = next((c for c in game.components if c.kind == "reference"), None)
    if component is None:
        return []
    return parse(render(game, component, component.spec.template, "template"))


def _styles(colour: str, theme: Theme) -> dict[str, ParagraphStyle]:
    fonts.register()
    band_text = theme.band(colour)[1]
    base = ParagraphStyle("body", fontName="Vera", fontSize=9.5, leading=12.6, spaceAfter=4)
    c = colors.HexColor(colour)

    def heading(name: str, size: float, leading: float, before: float, after: float, **more):
        return ParagraphStyle(
            name,
            keepWithNext=1,
            parent=base,
            fontName="Vera-Bold",
            fontSize=size,
            leading=leading,
            spaceBefore=before,
            spaceAfter=after,
            **more,
        )

    return {
        "body": base,
        "h1": heading("h1", 15, 19, 10, 6, textColor=c),
        "h2": heading("h2", 11.5, 15, 8, 3, textColor=c),
        "h3": heading("h3", 10, 13, 6, 2),
        "note": ParagraphStyle(
            "note",
            parent=base,
            fontName="Vera-Italic",
            backColor=colors.HexColor(theme.background(colour, 0.88)),
            borderPadding=(3, 4, 3, 4),
            spaceBefore=4,
            spaceAfter=8,
        ),
        "cell": ParagraphStyle("cell", parent=base, fontSize=8.5, leading=10.5, spaceAfter=0),
        "head": ParagraphStyle(
            "head",
            parent=base,
            fontName="Vera-Bold",
            fontSize=8.5,
            leading=10.5,
            textColor=colors.HexColor(band_text),
            spaceAfter=0,
        ),
    }


def _pdf(game: Game, spec, blocks, path: Path, opts, colour: str) -> None:
    size = papers()[opts.page]
    # The booklet is drawn by platypus, not PdfWriter: apply --grayscale and --ink-saver here.
    theme = opts.theme
    colour = theme.colour_filter(colour)
    st = _styles(colour, theme)
    story: list = []
    for b in blocks:
        if isinstance(b, Heading):
            p = Paragraph(f'<a name="{slug(b.text)}"/>' + inline_rl(b.text), st[f"h{b.level}"])
            p._bookmark = (slug(b.text), b.text, b.level)
            story.append(p)
        elif isinstance(b, Para):
            story.append(Paragraph(inline_rl(b.text), st["body"]))
        elif isinstance(b, Note):
            story.append(Paragraph(inline_rl(b.text), st["note"]))
        elif isinstance(b, Bullets):
            items = [ListItem(Paragraph(inline_rl(i), st["body"]), leftIndent=14) for i in b.items]
            story.append(
                ListFlowable(
                    items,
                    bulletType="1" if b.ordered else "bullet",
                    bulletFontName="Vera-Bold",
                    bulletFontSize=8,
                    start=None if b.ordered else "•",
                    leftIndent=14,
                    bulletColor=colors.HexColor(colour),
                )
            )
        elif isinstance(b, MTable):
            story.append(_kept_whole(story, _table(b, st, colour, size.width - 40, theme)))
    doc = _Doc(
        str(path),
        pagesize=(size.width * mm, size.height * mm),
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=20 * mm,
        bottomMargin=18 * mm,
        title=f"{game.title} — {spec.name}",
        author="Portolan",
        creator="Portolan",
        subject="Rules reference in our own words",
        invariant=1,
        initialFontName="Vera",
        initialFontSize=10,
    )
    doc.game_title = game.title
    doc.colour = colour
    doc.build(story, onFirstPage=_decorate, onLaterPages=_decorate)


def _kept_whole(story: list, table):
    """A short table kept whole on one page, together with the headings just before it, taken
    off ``story``: platypus keeps a heading with the flowable after it, but never with a
    ``KeepTogether``, so a heading could be left alone at the foot of a page. A long table
    (``PagedTable``) splits, and platypus keeps a heading with it."""
    if isinstance(table, PagedTable):
        return table
    lead = []
    while story and isinstance(story[-1], Paragraph) and story[-1].getKeepWithNext():
        lead.insert(0, story.pop())
    return KeepTogether([*lead, table])


def _table(t: MTable, st, colour: str, width_mm: float, theme: Theme):
    ncols = max(len(r) for r in t.rows)
    data = []
    for k, row in enumerate(t.rows):
        style = st["head"] if (t.header and k == 0) else st["cell"]
        data.append([Paragraph(inline_rl(c), style) for c in row + [""] * (ncols - len(row))])
    widths = _col_widths(t, ncols, width_mm)
    head = data[:1] if t.header else []
    body = data[len(head) :]
    common = [
        # Cells are Paragraphs, but the table still sets its own font (Helvetica by default)
        # before each cell: name ours so the PDF never refers to an unembedded font.
        ("FONTNAME", (0, 0), (-1, -1), "Vera"),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor(tint(colour, 0.4))),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if head:
        common.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(theme.band(colour)[0])))
    stripe = theme.background(colour, 0.92)

    def make(start: int, end: int) -> Table:
        """The header and body rows ``start:end``; every even row of the whole table striped
        (one command for all rows: one a row was copied at every page split)."""
        cmds = list(common)
        if stripe != WHITE and end > start:
            first = len(head)
            shades = [colors.HexColor(stripe), None]
            phase = (start + first) % 2
            cmds.append(("ROWBACKGROUNDS", (0, first), (-1, -1), shades[phase:] + shades[:phase]))
        table = Table(head + body[start:end], repeatRows=len(head), hAlign="LEFT", colWidths=widths)
        table.setStyle(TableStyle(cmds))
        return table

    # Short tables stay on one page (``_kept_whole``); long ones split, repeating their header
    # row. Both have TABLE_SPACE after them as the frame's space after a flowable (a long one's
    # only below its last rows), which the next block's space before takes in: a heading after
    # either table has its own space before, not both added (a spacer would be added).
    if len(data) <= 15:
        table = make(0, len(body))
        table.spaceAfter = TABLE_SPACE
        return table
    return PagedTable(len(body), make, space_after=TABLE_SPACE)


def _col_widths(t: MTable, ncols: int, width_mm: float):
    def cell(r: int, c: int, words: bool = False) -> float:
        row = t.rows[r]
        face = "bold" if (t.header and r == 0) else "regular"
        text = plain(row[c]) if c < len(row) else ""
        if words:  # the longest word: a cell may wrap between words, never inside one
            return max((fonts.width_mm(w, face, 8.5) for w in text.split()), default=0.0)
        return fonts.width_mm(text, face, 8.5)

    natural = [max(cell(r, c) for r in range(len(t.rows))) + 6 for c in range(ncols)]
    floor = [max(cell(r, c, True) for r in range(len(t.rows))) + 6 for c in range(ncols)]
    total = sum(natural)
    spare = width_mm - sum(floor)
    if total <= width_mm or spare < 0 or total <= sum(floor):
        return [n * width_mm / total * mm for n in natural]
    # too wide: every column keeps its longest word; the room above that is shared out
    share = spare / (total - sum(floor))
    return [(f + (n - f) * share) * mm for n, f in zip(natural, floor, strict=True)]


class _Doc(SimpleDocTemplate):
    def afterFlowable(self, flowable):
        mark = getattr(flowable, "_bookmark", None)
        if mark:
            key, text, level = mark
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(text, key, level=level - 1, closed=level > 1)


def _decorate(canvas, doc):
    if doc.page == 1:
        canvas.setViewerPreference("PrintScaling", "None")
    canvas.saveState()
    canvas.setFont("Vera", 8)
    canvas.setFillColor(colors.HexColor("#555555"))
    w, h = doc.pagesize
    canvas.drawString(20 * mm, h - 12 * mm, f"{doc.game_title} — rules reference")
    canvas.drawRightString(w - 20 * mm, 10 * mm, f"page {doc.page}")
    canvas.drawString(
        20 * mm, 10 * mm, "Portolan · a summary in our own words; the rulebook prevails"
    )
    canvas.setStrokeColor(colors.HexColor(doc.colour))
    canvas.setLineWidth(0.6)
    canvas.line(20 * mm, h - 13.5 * mm, w - 20 * mm, h - 13.5 * mm)
    _scale_bars(canvas, w, h)
    canvas.restoreState()


def _scale_bars(canvas, w: float, h: float) -> None:
    """The 50 mm bars of every printed page (layout/furniture.py): one across the bottom
    margin, one down the left margin, to check the print was not scaled."""
    bar, thick = SCALE_BAR * mm, BAR_W * mm
    x0, y0 = w - 20 * mm - bar, 13.5 * mm
    down_x, down_y = 11 * mm, h / 2 - bar / 2
    canvas.setStrokeColor(colors.black)
    canvas.setFillColor(colors.black)
    canvas.setLineWidth(0.15 * mm)
    canvas.rect(x0, y0, bar, thick, stroke=1, fill=0)
    canvas.rect(down_x, down_y, thick, bar, stroke=1, fill=0)
    for k in range(0, 5, 2):
        canvas.rect(x0 + k * 10 * mm, y0, 10 * mm, thick, stroke=0, fill=1)
        canvas.rect(down_x, down_y + bar - (k + 1) * 10 * mm, thick, 10 * mm, stroke=0, fill=1)
    canvas.setFillColor(colors.HexColor("#333333"))
    canvas.setFont("Vera", 6.5)
    canvas.drawRightString(x0 - 2 * mm, y0 + 0.1 * mm, BAR_LABEL)
