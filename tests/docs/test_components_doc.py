"""Every key the component schemas accept is documented in docs/components.md."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest
from pydantic import BaseModel

DOC = (Path(__file__).resolve().parents[2] / "docs" / "components.md").read_text("utf-8")
MODULES = [
    "game",
    "rules",
    "deck",
    "effects",
    "board",
    "board_map",
    "board_display",
    "counters",
    "aid",
    "base",
    "common",
    "map",
    "instructions",
]


def schema_classes():
    for name in MODULES:
        module = importlib.import_module(f"portolan.model.{name}")
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(cls, BaseModel)
                and cls.__module__ == module.__name__
                and cls.model_fields
            ):
                if cls_name in ("Sized",):  # a mixin: its one key is documented where it is used
                    continue
                yield cls


def section(cls_name: str) -> str:
    marker = f"<!-- {cls_name} -->"
    assert marker in DOC, f"docs/components.md has no section for {cls_name}"
    start = DOC.index(marker)
    following = re.search(r"\n#+ ", DOC[start:])
    return DOC[start : start + following.start()] if following else DOC[start:]


@pytest.mark.parametrize("cls", list(schema_classes()), ids=lambda c: c.__name__)
def test_every_key_is_documented(cls):
    text = section(cls.__name__)
    missing = [f for f in cls.model_fields if f"`{f}`" not in text]
    assert not missing, f"{cls.__name__}: {missing} not in docs/components.md"
