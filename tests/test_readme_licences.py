"""The README names the licence of every package the project pins (its Licences section): a pin added
to pyproject.toml or package.json without its line there fails here."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_rows() -> dict[str, str]:
    """name (lowercased, the parenthesised alias dropped) -> version, from the README's tables."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    licences = text[text.index("## Licences"):]
    rows = {}
    for line in licences.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 4 and cells[2] and not set(cells[0]) <= {"-"} and cells[1] != "version":
            rows[cells[0].split(" (")[0].lower()] = cells[1]
    return rows


def _pins() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        specs += extra
    pins = {}
    for spec in specs:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==([^;\s]+)", spec)
        if found:
            pins[found[1].lower()] = found[2]
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    for section in ("dependencies", "devDependencies"):
        pins.update({name.lower(): version for name, version in package[section].items()})
    return pins


def test_every_pinned_package_has_its_licence_in_the_readme() -> None:
    rows, pins = _readme_rows(), _pins()
    missing = sorted(name for name in pins if name not in rows)
    assert not missing, f"pinned but not in the README's Licences: {missing}"
    moved = sorted(f"{name} {pins[name]} (README {rows[name]})" for name in pins if rows[name] != pins[name])
    assert not moved, f"the README names another version: {moved}"
