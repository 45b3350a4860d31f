"""Every browser module is checked by TypeScript's checker, strict (docs/site.md, "Types"): asked of
the checker itself (`tsc --showConfig`: the options and the files tsconfig.json resolves to), so an
`include` or `exclude` that leaves a module out, `checkJs` off or a strict check turned off fails
here, as does a module that opts itself out or silences the checker."""

from __future__ import annotations

import json
import re
import subprocess
from posixpath import normpath

import pytest

from service.settings import ROOT

MODULES = ROOT / "site" / "static" / "js"
TSC = ROOT / "node_modules" / ".bin" / "tsc"

# What `strict` turns on; each may still be turned off by name.
STRICT_FAMILY = ("noImplicitAny", "noImplicitThis", "strictNullChecks", "strictFunctionTypes",
                 "strictBindCallApply", "strictPropertyInitialization", "alwaysStrict",
                 "useUnknownInCatchVariables", "strictBuiltinIteratorReturn")

# A comment that turns the checker off for a file, or for the line after it.
SILENCED = re.compile(r"@ts-(nocheck|ignore|expect-error)\b")


@pytest.fixture(scope="module")
def shown() -> dict[str, object]:
    done = subprocess.run([str(TSC), "-p", "tsconfig.json", "--showConfig"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    config: dict[str, object] = json.loads(done.stdout)
    return config


def _modules() -> set[str]:
    return {path.relative_to(ROOT).as_posix() for path in MODULES.rglob("*.js")}


def test_every_module_is_among_the_files_the_checker_reads(shown):
    files = shown["files"]
    assert isinstance(files, list)
    read = {normpath(name) for name in files}
    modules = _modules()
    assert len(modules) > 100, "the browser's modules are where this test looks for them"
    assert sorted(modules - read) == []


def test_the_checker_checks_javascript_strictly(shown):
    options = shown["compilerOptions"]
    assert isinstance(options, dict)
    assert options.get("allowJs") is True and options.get("checkJs") is True
    assert options.get("strict") is True
    assert [name for name in STRICT_FAMILY if options.get(name) is False] == []


def test_no_module_turns_the_checker_off():
    silenced = [
        f"{rel}:{n}" for rel in sorted(_modules())
        for n, line in enumerate((ROOT / rel).read_text(encoding="utf-8").splitlines(), 1)
        if SILENCED.search(line)
    ]
    assert silenced == []
