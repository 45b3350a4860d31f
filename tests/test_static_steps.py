"""The static files' esbuild steps kept for the next build (sitebuild/static_steps.py): taken from
the record only while everything they read is the same, made again at any doubt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.settings import ROOT
from sitebuild import assets, games_js, records, static_steps, themes
from sitebuild.output import Output

NODE_MODULES = ROOT / "node_modules"


def _node_modules(tmp: Path, version: str) -> Path:
    """A folder naming esbuild `version`, as npm's package.json does: all the key reads of it."""
    (tmp / version / "esbuild").mkdir(parents=True)
    (tmp / version / "esbuild" / "package.json").write_text(json.dumps({"version": version}))
    return tmp / version


def test_the_key_moves_with_any_file_read_and_with_esbuilds_version(tmp_path):
    files = {"js/site.js": b"export const a = 1\n", "css/site.css": b"a { color: red }\n"}
    modules = _node_modules(tmp_path, "0.28.2")
    key = static_steps.key(files, modules)
    assert key is not None and key == static_steps.key(dict(files), modules)
    assert static_steps.key({**files, "js/site.js": b"export const a = 2\n"}, modules) != key
    assert static_steps.key({**files, "js/more.js": b""}, modules) != key
    assert static_steps.key({"js/other.js": files["js/site.js"], "css/site.css": files["css/site.css"]},
                            modules) != key
    assert static_steps.key(files, _node_modules(tmp_path, "0.28.3")) != key
    assert static_steps.key(files, tmp_path / "none") is None, "no esbuild to name: made every build"


@pytest.mark.slow  # runs esbuild three times
def test_a_record_of_the_same_inputs_is_used_and_any_other_is_not(tmp_path):
    static = assets.collect(ROOT / "site" / "static", NODE_MODULES,
                            generated={games_js.PATH: games_js.render(), themes.JS_PATH: themes.render_js()})
    made, ran = static_steps.published(static.files, NODE_MODULES, Output(tmp_path))
    assert ran
    kept, ran = static_steps.published(static.files, NODE_MODULES, Output(tmp_path))
    assert not ran and kept == made, "the record gives back every file the steps made, byte for byte"

    record = tmp_path / records.DIR / static_steps.RECORD
    doc = json.loads(record.read_bytes())
    # The right key over a record missing a file (cut short or edited since): made again.
    del doc["made"]["js/pages/home.js"]
    record.write_text(json.dumps(doc))
    again, ran = static_steps.published(static.files, NODE_MODULES, Output(tmp_path))
    assert ran and again == made

    changed = {**static.files, "js/lib/dates.js": static.files["js/lib/dates.js"] + b"\n// changed\n"}
    _, ran = static_steps.published(changed, NODE_MODULES, Output(tmp_path))
    assert ran
