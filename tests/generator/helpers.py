"""Helpers for the printer's tests."""

from __future__ import annotations

from pathlib import Path

from portolan.generator.build import (
    BuildOptions,
    GameReport,
    SharedSheets,
    build_component,
    build_game,
)
from portolan.generator.staging import Staging
from portolan.model import load_game
from portolan.paths import components_dir


def built_alone(out: Path, game_id: str, component_id: str):
    """``component_id`` of ``game_id`` built alone (PDF only) into ``out``: (the component,
    the path of its PDF)."""
    game = load_game(components_dir(), game_id)
    component = game.component(component_id)
    game.components = [component]
    build_game(game, out, BuildOptions(formats=("pdf",)))
    return component, out / f"{component_id}.pdf"


def built_in_game(out: Path, game_id: str, component_id: str, **options):
    """``component_id`` of ``game_id`` built (PDF only, with the BuildOptions ``options``) into
    ``out`` with the rest of its game at hand (a player aid's template reads the other
    components), which is not built: (the component, the path of its PDF)."""
    game = load_game(components_dir(), game_id)
    component = game.component(component_id)
    opts = BuildOptions(formats=("pdf",), **options)
    out.mkdir(parents=True, exist_ok=True)
    build_component(
        game, component, Staging(out), opts, GameReport(game.id), SharedSheets(game, opts)
    )
    return component, out / f"{component_id}.pdf"
