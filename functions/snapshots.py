"""The Lambda entry point of the boards' snapshots (infra/template.yaml, SnapshotFunction): scheduled
every minute, it runs four rounds of the publisher 15 s apart (service/boards/publisher.py), each
reading every live board and writing to the site's bucket the snapshots that changed.

What a run needs is made once per container, at import: the settings (the site key read once from
SSM), the store and the publisher, which remembers what it published, so a warm container reads back
nothing. Environment as functions/handler.py's (PUZZLEBOOK_STORE, SITE_KEY_PARAMETER, SITE_TZ,
PUZZLEBOOK_BUCKET). It builds no app: nothing of the API is imported.
"""

from __future__ import annotations

import time
from typing import Any

from service.boards.publisher import Publisher
from service.publish import site_files
from service.settings import load
from service.store import open_store

# Four rounds a minute; a round is begun only with this many seconds of the run left.
ROUNDS = 4
ROUND_NEEDS_MS = 12_000


def _ssm_parameter(name: str) -> str:
    """The decrypted value of the SSM SecureString `name` (the site key, once per cold start)."""
    import boto3

    got = boto3.client("ssm").get_parameter(Name=name, WithDecryption=True)
    return str(got["Parameter"]["Value"])


_publisher: Publisher | None = None
# How a run waits between its rounds (a test's is instant).
sleep = time.sleep


def publisher() -> Publisher:
    """The container's publisher (made at the first run: the site key, the store, the bucket)."""
    global _publisher
    if _publisher is None:
        settings = load(fetch_parameter=_ssm_parameter)
        if not settings.bucket:
            raise RuntimeError("PUZZLEBOOK_BUCKET is not set: the snapshots have nowhere to go")
        _publisher = Publisher(open_store(settings.store_url), settings, site_files(settings))
    return _publisher


def handler(event: dict[str, Any] | None = None, context: Any = None) -> dict[str, Any]:
    """One scheduled run: up to ROUNDS rounds, 15 s apart, while the run has time left for one."""

    def time_left() -> bool:
        return context is None or context.get_remaining_time_in_millis() >= ROUND_NEEDS_MS

    written = publisher().rounds(ROUNDS, go_on=time_left, sleep=sleep)
    print(f"snapshots: wrote {len(written)} ({', '.join(sorted(set(written))) or 'none changed'})")
    return {"written": written}
