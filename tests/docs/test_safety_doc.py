"""Every bound of portolan/data/limits.yaml is documented: the YAML and log bounds in
docs/safety.md, the component bounds in docs/components.md, each with its value."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from portolan.limits import shown

ROOT = Path(__file__).resolve().parents[2]
LIMITS = yaml.safe_load((ROOT / "portolan" / "data" / "limits.yaml").read_text("utf-8"))
SAFETY = (ROOT / "docs" / "safety.md").read_text("utf-8")
DOCS = {
    "yaml": SAFETY,
    "logs": SAFETY,
    "components": (ROOT / "docs" / "components.md").read_text("utf-8"),
}


def _row(doc: str, key: str) -> str:
    rows = [line for line in doc.splitlines() if line.startswith(f"| `{key}` |")]
    assert rows, f"no table row for {key}"
    return rows[0]


@pytest.mark.parametrize(
    ("section", "name"), [(s, n) for s, values in LIMITS.items() for n in values]
)
def test_every_bound_is_documented_with_its_value(section, name):
    row = _row(DOCS[section], f"{section}.{name}")
    value = LIMITS[section][name]
    if section == "yaml" and name == "document_bytes":
        assert f"{value / 2**20:g} MiB" in row
    elif isinstance(value, list):
        assert f"{shown(value[0])}–{shown(value[1])}" in row
    else:
        assert shown(value) in row, row


def test_the_exit_codes_are_documented():
    for code in ("0", "1", "2", "3", "74", "130"):
        assert f"| {code} |" in DOCS["yaml"]
