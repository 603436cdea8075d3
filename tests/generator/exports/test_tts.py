"""Tabletop Simulator decks: the saved object read back (a DeckCustom of the right card count
and names), the face sheets' grid and size, the hidden card in the last cell."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

from portolan.generator.build import BuildOptions, build_games
from portolan.generator.exports import tts
from portolan.model import load_game
from portolan.paths import components_dir
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME


def build(tmp_path: Path, folder: Path, game: str) -> tuple[Path, object]:
    model = load_game(folder, game)
    build_games([model], tmp_path / "out", BuildOptions(formats=("tts",)))
    return tmp_path / "out" / game, model


def saved_deck(out: Path, deck_id: str) -> dict:
    saved = json.loads((out / "tts" / f"{deck_id}.json").read_text("utf-8"))
    (deck,) = saved["ObjectStates"]
    return deck


def local(url: str) -> Path:
    assert url.startswith("file://")
    return Path(unquote(urlparse(url).path))


def check_deck(out: Path, model, deck_id: str) -> dict:
    deck = saved_deck(out, deck_id)
    cards = model.deck(deck_id).cards
    assert deck["Name"] == "DeckCustom"
    assert deck["Nickname"] == model.component(deck_id).name
    # Every physical card once, with its name; DeckIDs the same cards in the same order.
    expected = Counter({c.name: c.count for c in cards})
    assert Counter(o["Nickname"] for o in deck["ContainedObjects"]) == expected
    assert deck["DeckIDs"] == [o["CardID"] for o in deck["ContainedObjects"]]
    assert len(deck["DeckIDs"]) == sum(c.count for c in cards)
    w, h = model.deck(deck_id).spec.dims
    for key, sheet in deck["CustomDeck"].items():
        cols, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert 2 <= cols <= 10 and 2 <= rows <= 7
        face = Image.open(local(sheet["FaceURL"]))
        assert face.width <= 4096 and face.height <= 4096
        assert face.width % cols == 0 and face.height % rows == 0
        cell = (face.width // cols, face.height // rows)
        assert abs(cell[0] / cell[1] - w / h) < 0.01  # the card's shape
        used = [
            o["CardID"] - int(key) * 100
            for o in deck["ContainedObjects"]
            if o["CardID"] // 100 == int(key)
        ]
        assert used and max(used) < cols * rows - 1  # the last cell is kept for the hidden card
        back = Image.open(local(sheet["BackURL"])).convert("RGB").resize(cell)
        last = cols * rows - 1
        hidden = face.convert("RGB").crop(
            (
                (last % cols) * cell[0],
                (last // cols) * cell[1],
                (last % cols + 1) * cell[0],
                (last // cols + 1) * cell[1],
            )
        )
        diff = ImageStat.Stat(ImageChops.difference(hidden, back)).mean
        assert max(diff) < 8, diff  # the hidden card is the back
        for o in deck["ContainedObjects"]:
            assert o["Name"] == "Card" and str(o["CardID"] // 100) in o["CustomDeck"]
    return deck


def test_fixture_deck_reads_back(tmp_path):
    out, model = build(tmp_path, FIXTURE_COMPONENTS, FIXTURE_GAME)
    deck = check_deck(out, model, "conquerors")
    assert len(deck["CustomDeck"]) == 1
    assert sorted(p.name for p in (out / "tts").iterdir()) == ["conquerors", "conquerors.json"]


def test_a_real_game_every_deck(tmp_path):
    out, model = build(tmp_path, components_dir(), "exploration-age-of-sail")
    decks = [c.id for c in model.components if c.deck is not None]
    assert sorted(p.name for p in (out / "tts").glob("*.json")) == sorted(
        f"{d}.json" for d in decks
    )
    exploration = check_deck(out, model, "exploration-deck")
    (sheet,) = exploration["CustomDeck"].values()
    designs = len(model.deck("exploration-deck").cards)
    assert sheet["NumWidth"] * sheet["NumHeight"] >= designs + 1
    check_deck(out, model, "expedition-deck")


def test_more_designs_than_a_sheet_holds_go_to_several_sheets(tmp_path, monkeypatch):
    monkeypatch.setattr(tts, "FACES_PER_SHEET", 2)  # the fixture deck's designs, 2 a sheet
    out, model = build(tmp_path, FIXTURE_COMPONENTS, FIXTURE_GAME)
    deck = check_deck(out, model, "conquerors")
    designs = len(model.deck("conquerors").cards)
    assert len(deck["CustomDeck"]) == -(-designs // 2)
    assert len(list((out / "tts" / "conquerors").glob("conquerors-faces-*.png"))) == len(
        deck["CustomDeck"]
    )


@pytest.mark.parametrize("faces", [1, 2, 9, 10, 19, 39, 40, 69])
def test_sheet_plan_fits_tts_limits(faces):
    plan = tts.plan_sheet(faces, 63, 88)
    assert 2 <= plan.columns <= 10 and 2 <= plan.rows <= 7
    assert plan.columns * plan.rows >= faces + 1
    assert max(plan.size) <= 4096
    if plan.rows > 2:  # beyond TTS's 2 x 2 minimum, no empty row
        assert plan.columns * plan.rows - faces - 1 < plan.columns


def test_a_sheet_holds_at_most_69_faces():
    with pytest.raises(ValueError):
        tts.plan_sheet(70, 63, 88)


@pytest.mark.parametrize(
    ("game", "deck_id", "piles"),
    [
        ("ships", "cards", {"galley": 18, "sailing": 19, "steam": 18}),
        ("age-of-exploration", "leaders", {"explorer": None, "conquistador": None}),
    ],
)
def test_piles_the_rules_keep_apart_are_separate_decks(tmp_path, game, deck_id, piles):
    """Card types with backs of their own lie in piles of their own, side by side: Ships' three
    eras, Age of Exploration's Explorers and Conquistadors (Set Up: two draw piles)."""
    from dataclasses import replace

    model = load_game(components_dir(), game)
    model = replace(model, components=[model.component(deck_id)])
    build_games([model], tmp_path / "out", BuildOptions(formats=("tts",)))
    saved = json.loads((tmp_path / "out" / game / "tts" / f"{deck_id}.json").read_text("utf-8"))
    objects = saved["ObjectStates"]
    name = model.component(deck_id).name
    got = {o["Nickname"].removeprefix(f"{name} — "): o for o in objects}
    assert set(got) == set(piles)
    by_type = Counter(c.type.lower() for c in model.deck(deck_id).cards for _ in range(c.count))
    for pile, deck in got.items():
        assert deck["Name"] == "DeckCustom"
        assert deck["DeckIDs"] == [o["CardID"] for o in deck["ContainedObjects"]]
        expected = piles[pile]
        assert len(deck["DeckIDs"]) == (expected if expected else by_type[pile]), pile
        keys = {str(o["CardID"] // 100) for o in deck["ContainedObjects"]}
        assert set(deck["CustomDeck"]) == keys  # only the sheets its cards are on
    assert len({o["Transform"]["posX"] for o in objects}) == len(objects)  # side by side
    assert sum(len(o["DeckIDs"]) for o in objects) == model.deck(deck_id).size()
