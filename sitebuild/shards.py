"""Publishing the chess bundle: each shard under a content-hashed name, so a CDN
can cache it for a year, and /shards/index.json saying where each one is.

index.json keeps every field of the committed index and adds
`files: {Band: ["Band/0.<hash>.json", ...]}`, paths relative to /shards/, in
shard order (entry k is shard k). The browser reads it to find shard k.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

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
    for band, info in bands.items():
        names = []
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
        files[band] = names
    published = dict(index)
    published["files"] = files
    out.write("shards/index.json", json.dumps(published, ensure_ascii=False, separators=(",", ":")) + "\n")
    return published
