"""Minifying the site's styles and classic scripts with esbuild (npm), file by file, with source maps.

The builder gives it every static file but the ES modules, which sitebuild/bundle.py bundles (and
minifies) a view each. Each .css and .js it gets is minified on its own; each minified file ends
with a `sourceMappingURL` comment naming its `.map` beside it; the map carries the original text.

One esbuild process does every file, in a fraction of a second.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path, PurePosixPath

SUFFIXES = (".js", ".css")
AS_SHIPPED = ("engine/",)  # the analysis engine is served as its makers built it (assets.ENGINE_DIR)


class MinifyFailed(RuntimeError):
    """esbuild is missing or refused a file; the message says which and why."""


def esbuild_path(node_modules: Path) -> Path:
    """The esbuild executable installed by npm (package.json pins it)."""
    return Path(node_modules) / ".bin" / "esbuild"


def minify(files: dict[str, bytes], node_modules: Path) -> dict[str, bytes]:
    """`files` ({path under static/: bytes}) with every .js and .css minified and a .map beside each,
    but those under AS_SHIPPED.

    Other files are returned as they are. Raises MinifyFailed naming the file esbuild refused, or
    saying how to install esbuild when node_modules lacks it.
    """
    wanted = sorted(rel for rel in files if rel.endswith(SUFFIXES) and not rel.startswith(AS_SHIPPED))
    if not wanted:
        return dict(files)
    esbuild = esbuild_path(node_modules)
    if not esbuild.is_file():
        raise MinifyFailed(f"the build minifies with esbuild, and {esbuild} is missing. "
                           "Run `npm ci` (or `make setup`) first.")
    with tempfile.TemporaryDirectory(prefix="pb-minify-") as tmp:
        source, out = Path(tmp) / "in", Path(tmp) / "out"
        for rel in wanted:
            path = source / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[rel])
        command = [
            str(esbuild), *wanted, f"--outdir={out}", f"--outbase={source}", "--minify", "--sourcemap",
            "--charset=utf8", "--log-level=error",
        ]
        done = subprocess.run(command, cwd=source, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise MinifyFailed(f"esbuild could not minify the site's files:\n{done.stderr.strip()}")
        result = dict(files)
        for rel in wanted:
            result[rel] = (out / rel).read_bytes()
            result[rel + ".map"] = _named_map((out / (rel + ".map")).read_bytes(), rel)
    return result


def _named_map(data: bytes, rel: str) -> bytes:
    """The source map with its source named after the file it was made from (esbuild names the
    temporary folder's copy): `original/<name>` beside the file, its text inside the map."""
    sourcemap = json.loads(data)
    sourcemap["sources"] = [f"original/{PurePosixPath(rel).name}"]
    return json.dumps(sourcemap, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
