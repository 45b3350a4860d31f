"""The packages' roles, enforced: every import in the project's code goes along the arrows.

    puzzlebook/   the rules: imports nothing of ours, and no web, AWS or template framework
    service/      the store and the daily pipeline: the rules only
    functions/    HTTP (FastAPI, Lambda): the service layer and the rules
    sitebuild/    renders the static site: the service layer and the rules
    ops/          the local server, deploy, the template reader: anything but the command line
    cli/          the command line (and build.py): anything

docs/architecture.md draws the same picture. An import inside a function counts
as much as one at the top: a lazy import is still an arrow. Within the packages no import goes
round in a circle, module by module, whether lazy, for the type checker only, or made by name with
importlib (`import_module(f"service.games.{key}")` is an arrow to every module it can name).
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


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _by_name(call: ast.Call) -> str | None:
    """The literal start of the name an `importlib.import_module(...)` call imports: the whole name,
    or an f-string's text before its first placeholder (None: not such a call, or no literal)."""
    func = call.func
    named = isinstance(func, ast.Attribute) and func.attr == "import_module"
    named = named or (isinstance(func, ast.Name) and func.id == "import_module")
    if not named or not call.args:
        return None
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value)
    return None


def _module_graph(paths: list[Path], root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (anywhere in it), among `paths`' modules (named from
    `root`)."""
    modules = {_module_name(path, root): path for path in paths}

    def ours(name: str) -> str | None:
        """The module `name` loads: itself, or the nearest package of ours above it."""
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets |= {ours(alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    whole = f"{base}.{alias.name}"
                    targets.add(whole if whole in modules else ours(base))
            elif isinstance(node, ast.Call) and (start := _by_name(node)) is not None:
                if start.endswith("."):  # f"pkg.{key}": any module directly in pkg
                    targets |= {m for m in modules if m.rpartition(".")[0] == start[:-1]}
                else:
                    targets.add(ours(start))
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other round in a circle (Tarjan's strongly connected
    components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
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


def test_no_import_goes_round_in_a_circle() -> None:
    """A cycle makes a module's import order matter, and hides where a layer really begins: a game's
    code that imports the job that imports every game, say. Break one by moving what both sides
    need into a module of its own (as service/games/hooks.py holds what the jobs hand a game)."""
    graph = _module_graph([path for package in sorted(ALLOWED) for path in _sources(package)])
    cycles = _cycles(graph)
    assert not cycles, "modules that import each other round in a circle:\n" + "\n".join(
        " -> ".join(cycle) for cycle in cycles
    )


def test_the_walk_sees_a_cycle_made_by_name(tmp_path: Path) -> None:
    """A lazy import and an importlib import by a name made from a key are arrows like any other."""
    games = tmp_path / "games"
    (games / "chess").mkdir(parents=True)
    (games / "__init__.py").write_text(
        "import importlib\n\ndef hooks(key):\n    return importlib.import_module(f'games.{key}')\n"
    )
    (games / "chess" / "__init__.py").write_text("from games.publish import json_bytes\n")
    (games / "publish.py").write_text("def files():\n    from games import hooks\n")
    graph = _module_graph(sorted(games.rglob("*.py")), tmp_path)
    assert graph["games"] == {"games.chess", "games.publish"}
    assert _cycles(graph) == [["games", "games.chess", "games.publish"]]


WEAK_MAPPINGS = ("WeakKeyDictionary", "WeakValueDictionary")


def test_what_an_app_keeps_is_a_part_of_its_context_not_a_module_cache() -> None:
    """What an app keeps for its life (the chess dailies read, the runs being posted) is a part of its
    Context (`ctx.part(...)`), and what is made of the bundle is kept with the bundle
    (`Bundle.derived`): never a module-level cache keyed by a store or a bundle, which outlives the
    app, is shared by every app of the process and is seen by nothing that makes an app afresh."""
    found = []
    for package in ("puzzlebook", "service", "functions"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
                weak = isinstance(node, ast.Attribute) and node.attr in WEAK_MAPPINGS
                if weak or (isinstance(node, ast.ImportFrom) and node.module == "weakref"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
