"""What a game's print files hold: which component goes on which paper and in which file.

- Card-sized components (decks and player aids) of the same size share sheets in one file,
  ``all-cards.pdf`` (``all-cards-<w>x<h>.pdf`` when a game has several card sizes), so no
  deck ends on a sheet of its own with a card or two; each card's footer names its deck.
  Aids a page holds only one of keep their own files (sharing would save no paper).
  ``--sheets per-deck`` gives one file per component instead.
- ``--card-size`` prints decks and aids at another size than their YAML's.
- Boards and maps go on the home paper, or on ``--board-page`` paper when they are too large for the
  home page: whole when they fit (``layout/large.py``), else in tiles (``layout/tiling.py``),
  with an assembly map first when the board asks for one.
- The registration test (``layout/registration.py``) comes with every game that prints backs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from portolan.errors import InputError, Problem, did_you_mean
from portolan.generator.draw import Drawing
from portolan.generator.kinds.aid import render_aid
from portolan.generator.kinds.board import render_board
from portolan.generator.kinds.counters import has_backs
from portolan.generator.kinds.deck import Rendered, render_deck
from portolan.generator.kinds.map import render_map
from portolan.generator.layout.assembly import assembly_page
from portolan.generator.layout.large import choose_sheet, large_page
from portolan.generator.layout.registration import registration_pages
from portolan.generator.layout.sheet import Item, SheetOptions, compose, grid_for
from portolan.generator.layout.tiling import fits_page, plan_tiles
from portolan.model.loader import Component, Game
from portolan.sizes import Size, card_sizes, papers

CARD_KINDS = ("deck", "aid")
BOARD_KINDS = ("board", "map")  # printed whole, turned, or tiled
SHARED_STEM = "all-cards"


def card_size(component: Component, choice: tuple[tuple[str, str], ...]) -> Size | None:
    """The size ``--card-size`` gives this component, if it is a deck or an aid it names."""
    if component.kind not in CARD_KINDS:
        return None
    for target, name in choice:
        if target in ("*", component.id):
            return card_sizes()[name]
    return None


def check_card_size_targets(games: list[Game], choice: tuple[tuple[str, str], ...]) -> None:
    """Every component ``--card-size`` names is a deck or aid of one of the games built."""
    ids = sorted({c.id for g in games for c in g.components if c.kind in CARD_KINDS})
    for target, _ in choice:
        if target != "*" and target not in ids:
            raise InputError(
                Problem(
                    f"no deck or aid '{target}' in the games built",
                    file="command line",
                    field="--card-size",
                    hint=did_you_mean(target, ids),
                )
            )


def dims(component: Component, opts) -> Size:
    override = card_size(component, opts.card_size)
    return override or Size(*component.spec.dims)


def render_component(game: Game, component: Component, opts) -> Rendered:
    theme = opts.theme
    if component.kind == "deck":
        return render_deck(game, component, opts.bleed, theme, dims(component, opts))
    if component.kind == "aid":
        return render_aid(game, component, opts.bleed, theme, dims(component, opts))
    if component.kind == "map":
        return render_map(game, component, opts.bleed, theme)
    return render_board(game, component, opts.bleed, theme)


@dataclass
class SharedSheets:
    """Card-sized components of one size collected into one file per size."""

    game: Game
    opts: object
    groups: dict[Size, list[str]] = field(default_factory=dict)
    items: dict[Size, list[Item]] = field(default_factory=dict)

    def __post_init__(self):
        if self.opts.sheets != "shared":
            return
        by_size: dict[Size, list[str]] = {}
        for c in self.game.components:
            if c.kind in CARD_KINDS:
                by_size.setdefault(dims(c, self.opts), []).append(c.id)
        self.groups = {
            size: ids
            for size, ids in by_size.items()
            if len(ids) > 1 and _per_page(self.opts.sheet(), size) > 1
        }

    def keep(self, component: Component, items: list[Item]) -> bool:
        """Keep ``items`` of ``component`` for its shared file, if it prints in one."""
        for size, ids in self.groups.items():
            if component.id in ids:
                self.items.setdefault(size, []).extend(items)
                return True
        return False

    def feeders(self) -> set[str]:
        """The ids of the components that print in a shared file."""
        return {cid for ids in self.groups.values() for cid in ids}

    def files(self) -> list[tuple[str, str, list[Item]]]:
        """(file stem, name, items) of each shared file, in the order of the components
        (each card's footer names its deck)."""
        ids = {c.id for c in self.game.components}
        out = []
        for size in self.groups:
            stem = SHARED_STEM
            if len(self.groups) > 1:
                stem += f"-{size.width:g}x{size.height:g}"
            out.append((free_stem(stem, ids, "-shared"), "All cards", self.items.get(size, [])))
        return out


def free_stem(stem: str, ids: set[str], suffix: str) -> str:
    """``stem``, or ``stem`` with ``suffix`` added until no component's file has that name (a
    file made of several components must not take one component's file)."""
    while stem in ids:
        stem += suffix
    return stem


def _per_page(sheet: SheetOptions, size: Size) -> int:
    """How many items of this size one page holds (a page-sized aid holds one: such aids keep
    their own files, as nothing would be saved by sharing)."""
    try:
        grid, _ = grid_for(sheet, size.width, size.height)
    except ValueError:
        return 0
    return grid.per_page


def board_sheet(opts, kind: str) -> SheetOptions:
    """The sheet options a component prints with: boards on the board paper when one is set."""
    if kind not in BOARD_KINDS or not opts.board_page:
        return opts.sheet()
    return opts.sheet(opts.board_page)


def is_tiled(items: list[Item], sheet: SheetOptions) -> bool:
    """Whether these items are too large for the page, so they print as tiles."""
    if not items:
        return False
    first = items[0].front
    return not fits_page(first.width, first.height, sheet.paper, sheet.margin)


def component_pages(
    game: Game, component: Component, rendered: Rendered, opts, notes: list[str]
) -> list[Drawing]:
    """The pages of a deck, aid or board."""
    titles = (game.title, component.name)
    if component.kind not in BOARD_KINDS:
        return compose(rendered.items, opts.sheet(), titles, notes=notes)
    home = opts.sheet()
    sheet = board_sheet(opts, component.kind)
    other = sheet != home  # a board paper of its own
    items = rendered.items
    if other and is_tiled(items, home) and opts.sides != "backs":
        first = items[0].front
        size = papers()[opts.board_page]
        try:
            large = choose_sheet(
                first.width,
                first.height,
                first.bleed,
                sheet.margin,
                {opts.board_page: size},
                turn_board=True,
            )
        except ValueError:
            large = None
        if large is not None:
            return [
                large_page(it.front, large, titles, n, len(items))
                for n, it in enumerate(items, start=1)
            ]
    elif other:
        sheet = home  # fits the home page: it stays there
    tiling = getattr(component.spec, "tiling", None)
    tiled = is_tiled(items, sheet)
    assembly = tiled and tiling is not None and tiling.assembly and opts.sides != "backs"
    pages = compose(
        items,
        sheet,
        titles,
        overlap=tiling.overlap if tiling else 12.0,
        diagram=tiling.diagram if tiling else True,
        lead_pages=1 if assembly else 0,
        notes=notes,
    )
    if assembly:
        first = items[0].front
        plan = plan_tiles(
            first.width, first.height, first.bleed, tiling.overlap, sheet.paper, sheet.margin
        )
        pages.insert(0, assembly_page(first, plan, titles, len(pages) + 1))
    return pages


def registration(game: Game, opts) -> list[Drawing]:
    """The registration test's pages, for a game that prints anything with a back (none with
    ``--duplex fold``, where nothing is printed on the back of the paper)."""
    if opts.duplex == "fold":
        return []
    two_sided = False
    for c in game.components:
        if c.kind in CARD_KINDS:
            two_sided = two_sided or c.kind == "deck" or bool(getattr(c.spec, "back", None))
        elif c.kind == "counters":
            two_sided = two_sided or has_backs(c.spec)
    return registration_pages(opts.sheet(), game.title) if two_sided else []
