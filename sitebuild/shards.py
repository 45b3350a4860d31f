"""Publishing the chess bundle: each shard under a content-hashed name, so a CDN
can cache it for a year, and /shards/index.json saying where each one is.

index.json keeps every field of the committed index and adds
`files: {Band: ["Band/0.<hash>.json", ...]}`, paths relative to /shards/, in
shard order (entry k is shard k). The browser reads it to find shard k.

Beside the shards goes the theme index (puzzlebook/chess/theme_index.py), each file under a
content-hashed name in shards/themes/, listed in index.json's `themes`:
`{format, ratings: {Band: path}, files: {theme: path}, counts: {theme: {Band: n}}}`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from puzzlebook.chess import theme_index
from sitebuild import records
from sitebuild.output import Output


class BadBundle(ValueError):
    """The committed bundle is not what the site can publish."""


def publish(bundle_dir: Path, out: Output) -> dict[str, Any] | None:
    """Write the bundle under shards/ in `out`; return the published index.

    Returns None when there is no bundle at `bundle_dir` (nothing to publish).
    Raises BadBundle naming the file when the index lists a shard that isn't there.
    """
    index_path = bundle_dir / "index.json"
    if not index_path.is_file():
        return None
    try:
        index = json.loads(index_path.read_text(encoding="utf-8"))
        bands = index["bands"]
    except (ValueError, KeyError, TypeError) as exc:
        raise BadBundle(f"{index_path} is not a bundle index ({exc})") from None
    files: dict[str, list[str]] = {}
    shards: dict[str, list[bytes]] = {}
    for band, info in bands.items():
        names = []
        shards[band] = []
        for k in range(int(info["shards"])):
            source = bundle_dir / band / f"{k}.json"
            if not source.is_file():
                raise BadBundle(
                    f"{index_path} lists {info['shards']} shards for {band}, but {source} is missing"
                )
            data = source.read_bytes()
            name = f"{band}/{k}.{hashlib.sha256(data).hexdigest()[:12]}.json"
            out.write(f"shards/{name}", data)
            names.append(name)
            shards[band].append(data)
        files[band] = names
    published = dict(index)
    published["files"] = files
    # The theme index is made from the shards alone: the last build's stands while they, their index
    # and the code are the same and its files are still there (sitebuild/records.py), which spares a
    # build with nothing changed reading 30,000 rows and indexing them again.
    key = hashlib.sha256(json.dumps([files, index.get("duplicates", {}), records.source_digest()])
                         .encode()).hexdigest()
    kept = records.read(out.root, THEMES_RECORD, key)
    if kept is not None and _still_there(out, kept["themes"]):
        published["themes"] = kept["themes"]
    else:
        rows = {band: [json.loads(data) for data in shards[band]] for band in shards}
        published["themes"] = publish_themes(theme_index.build(rows, index.get("duplicates", {})), out)
    records.write(out, THEMES_RECORD, key, {"themes": published["themes"]})
    out.write("shards/index.json", json.dumps(published, ensure_ascii=False, separators=(",", ":")) + "\n")
    return published


THEMES_RECORD = "themes"


def _still_there(out: Output, manifest: dict[str, Any]) -> bool:
    """Whether every file of the theme index `manifest` lists is in the output as it was written
    (its name is its bytes' hash); if so, each is counted as written and unchanged."""
    names = [*manifest["ratings"].values(), *manifest["files"].values()]
    for name in names:
        path = out.root / "shards" / name
        data = path.read_bytes() if path.is_file() else b""
        if not name.endswith(f".{hashlib.sha256(data).hexdigest()[:12]}.json"):
            return False
    for name in names:
        out.write(f"shards/{name}", (out.root / "shards" / name).read_bytes())
    return True


def _hashed(out: Output, stem: str, value: Any) -> str:
    """Write `value` as compact JSON to shards/themes/<stem>.<hash>.json; its path under /shards/."""
    data = (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    name = f"themes/{stem}.{hashlib.sha256(data).hexdigest()[:12]}.json"
    out.write(f"shards/{name}", data)
    return name


def publish_themes(index: theme_index.ThemeIndex, out: Output) -> dict[str, Any]:
    """Write the theme index's files; return the manifest index.json lists them in."""
    return {
        "format": theme_index.FORMAT,
        "ratings": {band: _hashed(out, f"ratings-{band}", index.ratings_file(band)) for band in index.sizes},
        "files": {theme: _hashed(out, theme, index.theme_file(theme)) for theme in index.places},
        "counts": index.counts,
    }


# The theme index in all (its files and its part of index.json) stays under this: the issue's
# budget, 1 MB counted as 1,000,000 bytes.
THEME_INDEX_BUDGET = 1_000_000


def theme_index_bytes(dist: Path, published: dict[str, Any]) -> tuple[int, int]:
    """The theme index's size in `dist` as written and as Brotli sends it: every file the
    manifest lists, plus the manifest's own bytes in index.json."""
    manifest = published["themes"]
    names = [*manifest["ratings"].values(), *manifest["files"].values()]
    listed = len(json.dumps(manifest, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    raw = listed + sum((dist / "shards" / name).stat().st_size for name in names)
    sent = listed + sum((dist / "shards" / f"{name}.br").stat().st_size for name in names)
    return raw, sent
