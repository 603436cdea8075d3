"""Tabletop Simulator decks (``portolan build --format tts``).

For every deck of a game this writes, into ``tts/``:

- ``<deck>/<deck>-faces-<n>.png``: face sheets, a grid of at most 10 x 7 cards and at most
  4096 px a side (TTS's texture limit). Each distinct card design is one cell, row by row from
  the top left; the last cell of every sheet holds the back, as the "hidden" image TTS shows for
  a card in another player's hand. A deck with more than 69 designs gets several sheets.
- ``<deck>/<deck>-back.png`` (and ``<deck>-<type>-back.png`` for a card type with a back of its
  own): one back image per back.
- ``<deck>.json``: a TTS saved object (copy it into TTS's ``Saves/Saved Objects`` folder, or
  open it from there) holding one ``DeckCustom`` object, or one per back when card types have
  backs of their own (Ships' three eras, Age of Exploration's Explorers and Conquistadors),
  side by side: piles the rules keep apart are not shuffled together.

The saved object, as TTS reads it: each of ``ObjectStates`` is ``{"Name": "DeckCustom", "Nickname",
"DeckIDs", "CustomDeck", "ContainedObjects", "Transform", ...}``. ``CustomDeck`` maps a sheet's
key (a number, as a string) to ``{"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden",
"UniqueBack", "Type"}``; a card is named by its ``CardID`` = key x 100 + its cell (0-based, row
by row). ``DeckIDs`` lists the CardID of every physical card, copies included, top card last,
and ``ContainedObjects`` one ``Card`` object per physical card with its ``Nickname`` (the card's
name) and ``CardID``. The URLs are the images' ``file://`` paths where the build puts them;
TTS's Cloud Manager ("Upload all loaded files") turns them into links others can load.
"""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass
from pathlib import Path

from portolan.generator.exports.raster import designs_of, rasterise
from portolan.generator.kinds.deck import render_deck
from portolan.generator.staging import Staging
from portolan.generator.theme import Theme
from portolan.model.loader import Component, Game

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_PIXELS = 4096
MAX_DPI = 300.0  # no need for more on a screen
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden card
PILE_STEP = 3.0  # table units between the piles of one deck (a card is about 2.2 wide)


@dataclass(frozen=True)
class SheetPlan:
    columns: int
    rows: int
    cell: tuple[int, int]  # pixels

    @property
    def size(self) -> tuple[int, int]:
        return (self.columns * self.cell[0], self.rows * self.cell[1])


def plan_sheet(faces: int, width_mm: float, height_mm: float) -> SheetPlan:
    """The grid for ``faces`` designs plus the hidden card: at least 2 x 2 (TTS's smallest
    custom deck), at most 10 x 7, every cell the card's shape, the sheet within 4096 px."""
    if not 1 <= faces <= FACES_PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {FACES_PER_SHEET} faces, not {faces}")
    cells = faces + 1
    columns = min(MAX_COLUMNS, max(2, cells))
    rows = max(2, math.ceil(cells / columns))
    px_per_mm = min(
        MAX_PIXELS / (columns * width_mm),
        MAX_PIXELS / (rows * height_mm),
        MAX_DPI / 25.4,
    )
    return SheetPlan(columns, rows, (int(width_mm * px_per_mm), int(height_mm * px_per_mm)))


def _key_base(game: Game, component: Component) -> int:
    """A stable CustomDeck key for the deck's first sheet, unlikely to meet another deck's."""
    return 100 + zlib.crc32(f"{game.id}/{component.id}".encode()) % 9000


def _guid(text: str) -> str:
    return f"{zlib.crc32(text.encode()) & 0xFFFFFF:06x}"


def _transform(y: float = 1.0, x: float = 0.0) -> dict:
    return {
        "posX": x,
        "posY": y,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,  # face down, as a deck lies on the table
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def write_tts(game: Game, staging: Staging, final: Path, theme: Theme) -> list[Path]:
    """Every deck of ``game`` for TTS, written under ``tts/`` of the staging folder; URLs name
    ``final`` (where the build moves that folder once everything succeeded)."""
    written: list[Path] = []
    for component in game.components:
        if component.deck is not None:
            written += write_deck(game, component, staging, final, theme)
    return written


def write_deck(
    game: Game, component: Component, staging: Staging, final: Path, theme: Theme
) -> list[Path]:
    rendered = render_deck(game, component, 0.0, theme)
    designs = designs_of(rendered.items)
    target = staging.root
    w, h = component.deck.spec.dims
    written: list[Path] = []

    def url(path: Path) -> str:
        return (final / path.relative_to(target)).resolve().as_uri()

    backs: dict[str, Path] = {}
    by_back: dict[str, list[int]] = {}
    for k, d in enumerate(designs):
        back_id = d.back.id if d.back is not None else "back"
        by_back.setdefault(back_id, []).append(k)
        if back_id not in backs and d.back is not None:
            (image,) = rasterise(
                [d.back], bleed=False, dpi=MAX_DPI, colour_filter=theme.colour_filter
            )
            path = staging.file("tts", component.id, f"{d.back.id}.png")
            image.save(path, format="PNG")
            backs[back_id] = path
            written.append(path)

    custom: dict[str, dict] = {}
    card_ids: dict[int, int] = {}  # design index -> CardID
    key = _key_base(game, component)
    sheet_no = 0
    for back_id, members in by_back.items():
        for start in range(0, len(members), FACES_PER_SHEET):
            chunk = members[start : start + FACES_PER_SHEET]
            sheet_no += 1
            plan = plan_sheet(len(chunk), w, h)
            faces = [designs[k].front for k in chunk]
            back = designs[chunk[0]].back
            images = rasterise(
                faces + ([back] if back is not None else []),
                bleed=False,
                dpi=plan.cell[0] / w * 25.4,
                size=plan.cell,
                colour_filter=theme.colour_filter,
            )
            path = staging.file("tts", component.id, f"{component.id}-faces-{sheet_no}.png")
            _compose(images, plan, hidden=back is not None).save(path, format="PNG")
            written.append(path)
            custom[str(key)] = {
                "FaceURL": url(path),
                "BackURL": url(backs[back_id]) if back_id in backs else "",
                "NumWidth": plan.columns,
                "NumHeight": plan.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for cell, k in enumerate(chunk):
                card_ids[k] = key * 100 + cell
            key += 1

    piles = _piles(game, component, designs, by_back, card_ids, custom)
    several = len(piles) > 1
    objects = [
        _pile(game, component, back_id, cards, custom, n * PILE_STEP, several)
        for n, (back_id, cards) in enumerate(piles.items())
    ]
    saved = _saved_game(game, component, objects)
    path = staging.file("tts", f"{component.id}.json")
    path.write_text(json.dumps(saved, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    written.append(path)
    return written


def _piles(
    game: Game,
    component: Component,
    designs: list,
    by_back: dict[str, list[int]],
    card_ids: dict[int, int],
    custom: dict[str, dict],
) -> dict[str, list[dict]]:
    """Every copy of every card as a Tabletop Simulator card, in a pile per back (the cards the
    rules keep apart): ``by_back`` lists each back's designs."""
    names = [card.name for card in component.deck.cards]

    def card(k: int, copy: int) -> dict:
        front, cid = designs[k].front, card_ids[k]
        return {
            "GUID": _guid(f"{game.id}/{component.id}/{k}/{copy}"),
            "Name": "Card",
            "Transform": _transform(),
            "Nickname": names[k] if k < len(names) else front.title or front.id,
            "Description": "",
            "CardID": cid,
            "SidewaysCard": False,
            "Hands": True,
            "CustomDeck": {str(cid // 100): custom[str(cid // 100)]},
        }

    return {
        back_id: [card(k, copy) for k in members for copy in range(designs[k].count)]
        for back_id, members in by_back.items()
    }


def _saved_game(game: Game, component: Component, objects: list[dict]) -> dict:
    """A saved object file holding ``objects``, named after the game and the deck."""
    return {
        "SaveName": f"{game.title} — {component.name}",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": f"Made by Portolan from components/{game.id}/{Path(component.file).name}",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


def _pile(game, component, back_id: str, cards: list[dict], custom: dict, x: float, named: bool):
    """One pile of cards (``DeckCustom``, or a lone ``CardCustom``) at ``x`` on the table; the
    piles of a deck whose card types have backs of their own (Ships' eras, Explorers and
    Conquistadors) are kept apart, as the rules keep them, each named after its back."""
    sheets = {str(c["CardID"] // 100) for c in cards}
    nickname = component.name
    if named:
        nickname += " — " + back_id.removeprefix(f"{component.id}-").removesuffix("-back")
    if len(cards) == 1:  # TTS has no deck of one: the card itself, as a custom card
        return {**cards[0], "Name": "CardCustom", "Hands": True, "Transform": _transform(x=x)}
    return {
        "GUID": _guid(f"{game.id}/{component.id}" + (f"/{back_id}" if named else "")),
        "Name": "DeckCustom",
        "Transform": _transform(x=x),
        "Nickname": nickname,
        "Description": game.title,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "HideWhenFaceDown": True,
        "Hands": False,
        "SidewaysCard": False,
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": {k: v for k, v in custom.items() if k in sheets},
        "ContainedObjects": cards,
    }


def _compose(images, plan: SheetPlan, *, hidden: bool):
    """The face images row by row; the back in the last cell when ``hidden``."""
    from PIL import Image

    sheet = Image.new("RGB", plan.size, "white")
    cells = list(range(len(images)))
    if hidden:
        cells[-1] = plan.columns * plan.rows - 1
    for cell, image in zip(cells, images, strict=True):
        row, col = divmod(cell, plan.columns)
        sheet.paste(image, (col * plan.cell[0], row * plan.cell[1]))
    return sheet
