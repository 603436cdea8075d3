"""Helpers for the printer's tests."""

from __future__ import annotations

from pathlib import Path

from generator.build import BuildOptions, build_game
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
