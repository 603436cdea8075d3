"""A small markup for texts written as jinja2 templates: the rules reference and player aids.

    # Heading / ## Subheading / ### Minor heading
    A paragraph; lines that follow are joined. **bold** works inside any text.
    - a bullet (continuation lines indented)
    1. a numbered step
    | a table | row |        (a row of dashes, |---|---|, after the first row makes it a header)
    | [ ] [ ] |              (on an aid, a cell of only [ ] marks: write-in boxes, flow.py)
    > a note set apart

Blank lines separate blocks. The same blocks become HTML, a PDF booklet or a card-sized aid.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field


@dataclass
class Heading:
    level: int
    text: str


@dataclass
class Para:
    text: str


@dataclass
class Bullets:
    items: list[str] = field(default_factory=list)
    ordered: bool = False


@dataclass
class Table:
    rows: list[list[str]] = field(default_factory=list)
    header: bool = False


@dataclass
class Note:
    text: str


Block = Heading | Para | Bullets | Table | Note

_ORDERED = re.compile(r"^\d+[.)]\s+")
_SEPARATOR = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$")


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    current: Block | None = None

    def close():
        nonlocal current
        if current is not None:
            blocks.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            close()
            continue
        indented = line.startswith("  ")
        if stripped.startswith("#"):
            close()
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Heading(min(level, 3), stripped[level:].strip()))
        elif stripped.startswith("|"):
            if not isinstance(current, Table):
                close()
                current = Table()
            if _SEPARATOR.match(stripped):
                current.header = len(current.rows) == 1
            else:
                current.rows.append([c.strip() for c in stripped.strip("|").split("|")])
        elif stripped.startswith(("- ", "* ")) or _ORDERED.match(stripped):
            ordered = bool(_ORDERED.match(stripped))
            item = _ORDERED.sub("", stripped) if ordered else stripped[2:].strip()
            if not isinstance(current, Bullets) or current.ordered != ordered:
                close()
                current = Bullets(ordered=ordered)
            current.items.append(item)
        elif indented and isinstance(current, Bullets) and current.items:
            current.items[-1] += " " + stripped
        elif stripped.startswith(">"):
            if isinstance(current, Note):
                current.text += " " + stripped[1:].strip()
            else:
                close()
                current = Note(stripped[1:].strip())
        elif isinstance(current, Para):
            current.text += " " + stripped
        else:
            close()
            current = Para(stripped)
    close()
    return blocks


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")


def inline_html(text: str) -> str:
    out = _BOLD.sub(r"<strong>\1</strong>", html.escape(text, quote=False))
    return _CODE.sub(r"<code>\1</code>", out)


def inline_rl(text: str) -> str:
    """Inline markup for reportlab Paragraphs (a tiny XML dialect). `code` is shown in italics:
    the only fonts embedded are the Vera family, which has no monospace face."""
    escaped = kept_together(html.escape(text, quote=False))
    return _CODE.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", escaped))


def kept_together(text: str) -> str:
    """``text`` with a no-break space where the card faces never break a line either
    (``textbox.keeps_together``: "1 gold", "Strength −1"); reportlab honours it."""
    from portolan.generator.textbox import keeps_together  # here: the web's pages need no fonts

    words = text.split(" ")
    bound = keeps_together(words)
    return "".join(
        ("\u00a0" if b else " ") + w if k else w
        for k, (w, b) in enumerate(zip(words, bound, strict=True))
    )


def plain_code(text: str) -> str:
    """Text for the card-sized flow, where `code` is simply shown as text."""
    return _CODE.sub(r"\1", text)


def slug(text: str) -> str:
    from portolan.names import fold

    return re.sub(r"[^a-z0-9]+", "-", fold(_BOLD.sub(r"\1", text))).strip("-")


def to_html(blocks: list[Block], shift: int = 0) -> str:
    """The blocks as HTML; ``shift`` moves every heading down that many levels (a page that has
    its own ``h1`` shows the reference's top headings as ``h2``)."""
    out = []
    for b in blocks:
        if isinstance(b, Heading):
            h = min(b.level + shift, 6)
            out.append(f'<h{h} id="{slug(b.text)}">{inline_html(b.text)}</h{h}>')
        elif isinstance(b, Para):
            out.append(f"<p>{inline_html(b.text)}</p>")
        elif isinstance(b, Note):
            out.append(f'<p class="note">{inline_html(b.text)}</p>')
        elif isinstance(b, Bullets):
            tag = "ol" if b.ordered else "ul"
            items = "".join(f"<li>{inline_html(i)}</li>" for i in b.items)
            out.append(f"<{tag}>{items}</{tag}>")
        elif isinstance(b, Table):
            rows = []
            for k, row in enumerate(b.rows):
                cell = "th" if (b.header and k == 0) else "td"
                rows.append(
                    "<tr>" + "".join(f"<{cell}>{inline_html(c)}</{cell}>" for c in row) + "</tr>"
                )
            out.append("<table>" + "".join(rows) + "</table>")
    return "\n".join(out)
