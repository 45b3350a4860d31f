"""The site's settings, read from the environment with safe local defaults.

SITE_KEY      secret that seeds every pick (HMAC-SHA256); a fixed development
              key, with a loud warning, when unset.
SITE_TZ       the zone whose date is the site day (default UTC).
PUZZLEBOOK_STORE  sqlite:///var/puzzlebook.sqlite3 (default) or dynamodb://TABLE.
PUZZLEBOOK_DIST   the built site (default dist/).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DEV_SITE_KEY = "puzzlebook-development-key-not-secret"

_warned = False


@dataclass(frozen=True)
class Settings:
    site_key: bytes
    site_tz: ZoneInfo
    store_url: str
    dist: Path
    dev_key: bool


def load(environ: dict[str, str] | None = None, *, warn: bool = True) -> Settings:
    """The settings from `environ` (os.environ by default).

    Raises ValueError naming the variable when a value is unusable.
    """
    global _warned
    env = os.environ if environ is None else environ
    key = env.get("SITE_KEY", "")
    dev = not key
    if dev:
        key = DEV_SITE_KEY
        if warn and not _warned:
            _warned = True
            print(
                "WARNING: SITE_KEY is not set; using the fixed development key. "
                "Anyone can work out this site's dailies. Set SITE_KEY in production.",
                file=sys.stderr,
            )
    tz_name = env.get("SITE_TZ", "") or "UTC"
    try:
        tz = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(
            f"SITE_TZ={tz_name!r} is not a time zone name (try 'UTC' or 'Europe/London')"
        ) from exc
    store = env.get("PUZZLEBOOK_STORE", "") or "sqlite:///var/puzzlebook.sqlite3"
    if not (store.startswith("sqlite:///") or store.startswith("dynamodb://")):
        raise ValueError(
            f"PUZZLEBOOK_STORE={store!r} must start with sqlite:/// or dynamodb://"
        )
    dist = Path(env.get("PUZZLEBOOK_DIST", "") or "dist")
    return Settings(site_key=key.encode(), site_tz=tz, store_url=store, dist=dist, dev_key=dev)
