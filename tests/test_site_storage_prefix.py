"""Everything the site keeps in a browser is under our own prefix, "pb:" (docs/site.md, "Kept in
the browser"): seed 000 names "uo:", a decision recorded there."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parent.parent / "site" / "static" / "js"
OURS = [p for p in JS.rglob("*.js") if "vendor" not in p.parts]


def test_only_the_storage_module_touches_web_storage() -> None:
    storage = re.compile(r"\b(local|session)Storage\b")
    touching = {p.relative_to(JS).as_posix() for p in OURS if storage.search(_code(p))}
    assert touching == {"lib/storage.js"}


def test_every_namespace_is_under_pb() -> None:
    prefixes = []
    for path in OURS:
        code = _code(path)
        for argument in re.findall(r"\bnamespace\(\s*([^,)]+)", code):
            if argument.strip() == "prefix":  # the function's own definition
                continue
            literal = re.fullmatch(r"""\s*['"]([^'"]*)['"]\s*""", argument)
            if literal is None:  # a constant: its definition in the same module
                literal = re.search(rf"""\b{re.escape(argument.strip())}\s*=\s*['"]([^'"]*)['"]""", code)
            assert literal is not None, (path, argument)
            prefixes.append(literal.group(1))
    assert len(prefixes) >= 4 and all(prefix.startswith("pb:") for prefix in prefixes), prefixes
    assert not any("uo:" in _code(path) for path in OURS)


def _code(path: Path) -> str:
    """The module without its comments (which may name other prefixes)."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r"/\*.*?\*/|(?<!:)//[^\n]*", "", text, flags=re.DOTALL)
