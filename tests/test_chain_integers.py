"""No float in any Chain decision: the engine's code has no true division, no
float literal, no float() and no `random` module, so every choice is integer
arithmetic that JavaScript and Python compute alike."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import puzzlebook.chain

ENGINE = sorted(Path(puzzlebook.chain.__file__).parent.glob("*.py"))


def test_the_engine_modules_are_all_checked() -> None:
    names = {path.stem for path in ENGINE}
    assert {"rng", "tiles", "walk", "spares", "solver", "score", "candidate", "generate"} <= names


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.name)
def test_no_float_arithmetic(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Div):
            found.append(f"line {node.lineno}: true division")
        elif isinstance(node, ast.Constant) and isinstance(node.value, float):
            found.append(f"line {node.lineno}: float literal {node.value}")
        elif isinstance(node, ast.Name) and node.id == "float":
            found.append(f"line {node.lineno}: float()")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module]
            found += [f"line {node.lineno}: imports {m}" for m in modules if m in {"random", "statistics"}]
    assert not found, f"{path.name}: {found}"
