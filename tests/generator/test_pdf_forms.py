"""generator/backends/pdf.py: a design placed more than once is drawn once, as a form XObject
that every placement refers to; the pages look the same and the file is smaller (issue 16)."""

from __future__ import annotations

import re

import pypdf
import pytest

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Circle, Drawing, Group, Rect, Text

W, H = 63.0, 88.0


def card(name: str) -> Drawing:
    return Drawing(W, H).add(
        Rect(-3, -3, W + 6, H + 6, fill="#1f4e79"),
        Circle(W / 2, 35, 15, fill="#ffffff", stroke="#000000", width=0.5),
        Text(W / 2, 70, name, size=12, anchor="middle", fill="#ffffff", face="bold"),
    )


def sheet(designs: list[Drawing]) -> Drawing:
    """Designs in a 3 x 3 grid, each clipped to its bleed, as the sheet layout places cards."""
    page = Drawing(210, 297)
    for k, design in enumerate(designs):
        clip = Rect(-3, -3, W + 6, H + 6)
        page.add(Group(tuple(design.items), dx=5 + 68 * (k % 3), dy=5 + 94 * (k // 3), clip=clip))
    return page


def write(tmp_path, name: str, pages: list[Drawing], **kw) -> bytes:
    path = tmp_path / f"{name}.pdf"
    writer = PdfWriter(path, (210, 297), title="forms", **kw)
    for page in pages:
        writer.page(page)
    writer.save()
    return path.read_bytes()


def forms_and_uses(path) -> tuple[int, int]:
    reader = pypdf.PdfReader(path)
    forms = set()
    uses = 0
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        forms |= {k for k, v in xobjects.items() if v.get_object()["/Subtype"] == "/Form"}
        uses += len(re.findall(rb"/[^\s/]+ Do\b", page.get_contents().get_data()))
    return len(forms), uses


def test_a_design_placed_again_is_one_form(tmp_path):
    a, b = card("Galleons"), card("Carracks")
    data = write(tmp_path, "forms", [sheet([a, a, a, b]), sheet([a, b, b])])
    assert forms_and_uses(tmp_path / "forms.pdf") == (2, 7)  # a: 4 placements, b: 3
    assert b"ASCII85" not in data
    assert write(tmp_path, "again", [sheet([a, a, a, b]), sheet([a, b, b])]) == data


def test_a_design_on_one_page_only_is_drawn_in_place(tmp_path):
    """Copies on one page cost little (the page's compression finds them): no form."""
    a = card("A")
    write(tmp_path, "once", [sheet([a, a, card("B")]), sheet([card("C")])])
    assert forms_and_uses(tmp_path / "once.pdf") == (0, 0)


def test_forms_look_the_same(tmp_path):
    pdfium = pytest.importorskip("pypdfium2")
    one = card("Galleons")
    pages = [sheet([one] * 9), sheet([one] * 9)]
    with_forms = write(tmp_path, "forms", pages)
    without = write(tmp_path, "inline", pages, forms=False)
    assert forms_and_uses(tmp_path / "forms.pdf") == (1, 18)
    assert forms_and_uses(tmp_path / "inline.pdf") == (0, 0)
    a, b = pdfium.PdfDocument(with_forms), pdfium.PdfDocument(without)
    for i in range(2):
        x = a[i].render(scale=60 / 72).to_pil()
        y = b[i].render(scale=60 / 72).to_pil()
        assert x.size == y.size
        worst = max(abs(p - q) for p, q in zip(x.tobytes(), y.tobytes(), strict=True))
        assert worst <= 3  # anti-aliasing may round a step differently, nothing more


def test_a_real_deck_takes_less_room(fixture_set, tmp_path, monkeypatch):
    """The game's decks: smaller with forms than drawn inline (both without ASCII85)."""
    from portolan.generator.backends import pdf
    from portolan.generator.build import BuildOptions, build_games
    from portolan.model import load_game
    from portolan.paths import components_dir
    from tests.conftest import GAME

    game = load_game(components_dir(), GAME)
    opts = BuildOptions(formats=("pdf",), sheets="per-deck")  # each deck in a file of its own
    build_games([game], tmp_path / "forms", opts)
    real = pdf.PdfWriter.__init__
    monkeypatch.setattr(
        pdf.PdfWriter, "__init__", lambda self, *a, **kw: real(self, *a, **kw, forms=False)
    )
    build_games([game], tmp_path / "inline", opts)
    decks = [c.id for c in game.components if c.kind == "deck"]
    assert decks
    for deck in decks:
        small = (tmp_path / "forms" / GAME / f"{deck}.pdf").stat().st_size
        large = (tmp_path / "inline" / GAME / f"{deck}.pdf").stat().st_size
        assert small < large, deck
