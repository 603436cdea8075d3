"""What the web pages show of a game's rules reference: the whole page, and the passages that
cite one rulebook place (the text beside a rule a log broke).

The reference is rendered by the generator from the game's templates, exactly as the printed
booklet; every passage of it ends with the rulebook place it summarises, in brackets.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from portolan.generator.kinds.reference import reference_blocks
from portolan.generator.markup import (
    Block,
    Bullets,
    Heading,
    Note,
    Para,
    inline_html,
    slug,
    to_html,
)
from portolan.model.loader import Game, load_game

_CITED = re.compile(r"\[([^\[\]]+)\]\s*$")
PASSAGES = 3  # at most this many passages beside a broken rule


@functools.cache
def blocks_of(components: Path, game_id: str) -> tuple[Game, list[Block]]:
    """The game and its reference blocks, rendered once per server (the templates are fixed
    while it runs)."""
    model = load_game(components, game_id)
    return model, reference_blocks(model)


def reference_html(blocks: list[Block]) -> tuple[str, list[tuple[str, str]]]:
    """The reference as HTML (escaped by the markup, see generator/markup.py) and its table of
    contents: (heading, anchor) of every top heading. The headings are one level down: the page
    has its own ``h1`` (the game's title), the reference's top headings are its ``h2``."""
    toc = [(b.text, slug(b.text)) for b in blocks if isinstance(b, Heading) and b.level == 1]
    return scrollable_tables(to_html(blocks, shift=1)), toc


def scrollable_tables(html: str) -> str:
    """Each table in a region that scrolls sideways on a phone and that the keyboard reaches
    (axe's scrollable-region-focusable). The markup escapes every text, so "<table>" and
    "</table>" are only the tables' own tags."""
    opened = '<div class="scroll" tabindex="0" role="region" aria-label="Rules table"><table>'
    return html.replace("<table>", opened).replace("</table>", "</table></div>")


def passages(model: Game, blocks: list[Block], section: str | None) -> list[str]:
    """HTML of the reference passages that cite ``section`` (a game.yaml section id), or of the
    first ones under a heading of that name."""
    if not section:
        return []
    sec = model.spec.section(section)
    names = {section.casefold()}
    if sec is not None:
        names.add(sec.label.casefold())
        if sec.title:
            names.add(sec.title.casefold())
    found: list[str] = []
    for b in blocks:
        for text in _texts(b):
            m = _CITED.search(text)
            if m and _names_match(m.group(1), names, section):
                found.append(inline_html(text))
                if len(found) == PASSAGES:
                    return found
    if found:
        return found
    under = False
    for b in blocks:
        if isinstance(b, Heading):
            under = b.text.casefold() in names
            continue
        if under:
            found += [inline_html(t) for t in _texts(b)]
            if len(found) >= PASSAGES:
                break
    return found[:PASSAGES]


def _names_match(cited: str, names: set[str], section: str) -> bool:
    """Whether a bracket cites the section: one of its comma-separated places is the section,
    by id or label, or ends with its id ("Age of Discovery §4.0")."""
    parts = (part.strip().casefold() for part in re.split(r"[,;]", cited))
    return any(part in names or part.endswith(" " + section.casefold()) for part in parts)


def _texts(b: Block) -> list[str]:
    if isinstance(b, (Para, Note)):
        return [b.text]
    if isinstance(b, Bullets):
        return list(b.items)
    return []
