"""The packages' roles, enforced: every import in the project's code goes along the arrows.

    puzzlebook/   the rules: imports nothing of ours, and no web, AWS or template framework
    service/      the store and the daily pipeline: the rules only
    functions/    HTTP (FastAPI, Lambda): the service layer and the rules
    sitebuild/    renders the static site: the service layer and the rules
    ops/          the local server, deploy, the template reader: anything but the command line
    cli/          the command line (and build.py): anything

docs/architecture.md draws the same picture. An import inside a function counts
as much as one at the top: a lazy import is still an arrow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = ("puzzlebook", "service", "functions", "sitebuild", "ops", "cli", "tests", "bench", "build")

# package -> the packages of ours it may import (itself always allowed).
ALLOWED: dict[str, set[str]] = {
    "puzzlebook": set(),
    "service": {"puzzlebook"},
    "functions": {"service", "puzzlebook"},
    "sitebuild": {"service", "puzzlebook"},
    "ops": {"functions", "sitebuild", "service", "puzzlebook"},
    "cli": {"ops", "functions", "sitebuild", "service", "puzzlebook"},
}
# Third-party frameworks a layer must not touch (the rules stay pure; the service knows no HTTP).
FORBIDDEN_THIRD_PARTY: dict[str, set[str]] = {
    "puzzlebook": {"fastapi", "starlette", "pydantic", "mangum", "boto3", "botocore", "jinja2", "yaml",
                   "uvicorn", "sqlite3", "moto"},
    "service": {"fastapi", "starlette", "mangum", "jinja2", "uvicorn", "moto"},
    "functions": {"jinja2", "yaml", "uvicorn", "zstandard", "moto"},
    "sitebuild": {"fastapi", "starlette", "mangum", "uvicorn", "moto"},
}


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) of every absolute import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_imports_follow_the_arrows(package: str) -> None:
    wrong = []
    for path in _sources(package):
        for line, module in _imports(path):
            rel = f"{path.relative_to(ROOT)}:{line}"
            if module in OURS and module != package and module not in ALLOWED[package]:
                wrong.append(f"{rel} imports {module}")
            if module in FORBIDDEN_THIRD_PARTY.get(package, set()):
                wrong.append(f"{rel} imports {module}, which {package}/ must not use")
    allowed = sorted(ALLOWED[package]) or "nothing of ours"
    assert not wrong, f"{package}/ may import only {allowed}:\n" + "\n".join(wrong)


def test_every_package_has_a_role() -> None:
    """A new top-level package needs a line in ALLOWED (and in docs/architecture.md)."""
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "bench"}
    assert packages == set(ALLOWED)


def test_the_walk_sees_lazy_imports(tmp_path: Path) -> None:
    """The check counts an import inside a function: a lazy import is still an arrow."""
    source = tmp_path / "x.py"
    source.write_text("def f():\n    from functions.app import create_app\n    import jinja2\n")
    assert [m for _, m in _imports(source)] == ["functions", "jinja2"]
