"""The site's settings: read from the environment in one place, then passed down.

Only the entry points (build.py's commands, the Lambda handler, benchmarks) call
`load`; everything below them receives a `Settings` (or the values in it).

SITE_KEY             secret that seeds every pick (HMAC-SHA256); a fixed development
                     key, with a loud warning, when unset.
SITE_KEY_PARAMETER   the name of an SSM SecureString holding SITE_KEY (Lambda): read
                     through `fetch_parameter`, which the caller passes in.
SITE_TZ              the zone whose date is the site day (default UTC).
PUZZLEBOOK_STORE     sqlite:///var/puzzlebook.sqlite3 (default) or dynamodb://TABLE.
PUZZLEBOOK_DIST      the built site (default dist/).
PUZZLEBOOK_SHARDS    the chess bundle (default: the project's shards/).
PUZZLEBOOK_SITE_URL  the site's address, for the sitemap and robots.txt (default
                     http://localhost:8000). Passkeys take their relying party
                     from it (service/passkeys.py).
PUZZLEBOOK_BUCKET    the site's S3 bucket, where the nightly job writes daily files
                     (unset: it writes none).
PUZZLEBOOK_NEW_ACCOUNT_DAYS  how many days old an account is before its results go on the
                     boards (default 3: puzzlebook/standing.py); 0 puts them on at once (a
                     local demo, the tests that aren't about it).
PUZZLEBOOK_RACE_SECONDS     how long a race lasts, 5 to 90 seconds (default 90: puzzlebook/racer/race.py);
PUZZLEBOOK_RACE_COUNTDOWN   and its countdown, 1 to 15 seconds (a made race's and a quick race's
                     alike; default 10 and 15). For tests: the browser tests race a whole race in
                     seconds. A race keeps the pace it was made with.
PUZZLEBOOK_PSEUDO_LOCALE    1: the build also writes the pseudo-locale's pages (/en-xa/), and the API
                     speaks it when asked (Accept-Language: en-XA). For tests only, never set on AWS
                     (docs/languages.md, "The pseudo-locale"); unset or 0 by default.
PUZZLEBOOK_BUILD_LANGUAGES  the languages a build writes, by code, comma-separated ("en,es"): English
                     always among them. For measuring what each language adds to a cold build
                     (`python -m bench build`; docs/languages.md, "The browser's words"), never for a site:
                     its pages still offer every language. Unset: all of them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from puzzlebook.languages import LANGUAGES, SOURCE
from puzzlebook.racer.race import QUICK_COUNTDOWN_SECONDS, RACE_SECONDS, Pace
from puzzlebook.standing import NEW_ACCOUNT_DAYS

DEV_SITE_KEY = "puzzlebook-development-key-not-secret"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_STORE = "sqlite:///var/puzzlebook.sqlite3"
DEFAULT_SITE_URL = "http://localhost:8000"

_warned = False
# Said once a process, where the key is first read, with how to set one.
DEV_KEY_WARNING = (
    "WARNING: SITE_KEY is not set, so this site uses the fixed development key: anyone can work out "
    "its dailies. For a site of your own, make a secret key once and keep it (a new one voids the "
    "play tickets out and changes the dailies not yet picked):\n"
    "  python3 -c 'import secrets; print(secrets.token_hex(32))'\n"
    "then serve with it: SITE_KEY=<that key> make serve (on AWS, the SSM parameter "
    "SITE_KEY_PARAMETER names: infra/README.md, \"The site key\")."
)


@dataclass(frozen=True)
class Settings:
    """Everything the site reads from its environment."""

    site_key: bytes
    site_tz: ZoneInfo
    store_url: str = DEFAULT_STORE
    dist: Path = Path("dist")
    dev_key: bool = False
    shards: Path = ROOT / "shards"
    site_url: str = DEFAULT_SITE_URL
    bucket: str | None = None
    new_account_days: int = NEW_ACCOUNT_DAYS
    race_pace: Pace = field(default_factory=Pace)
    pseudo_locale: bool = False  # a test build's pseudo-locale (docs/languages.md)
    compress_cache: Path | None = None  # builds' compressed copies by content (sitebuild/compressed_cache.py)
    build_languages: tuple[str, ...] | None = None  # the languages a build writes (None: every one)

    def with_(self, **changes: Any) -> Settings:
        """A copy with `changes` (e.g. a command line's --out or --shards)."""
        return replace(self, **changes)


def _whole(env: Mapping[str, str], name: str, low: int, high: int, what: str) -> int | None:
    """The whole number `name` holds, from `low` to `high`, or None when it is unset."""
    text = env.get(name, "")
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise ValueError(f"{name}={text!r} must be a whole number of seconds, {low} to {high}: {what}")
    return int(text)


def _race_pace(env: Mapping[str, str]) -> Pace:
    """A race's length and countdowns: the site's, or shorter for a test server."""
    seconds = _whole(env, "PUZZLEBOOK_RACE_SECONDS", 5, RACE_SECONDS, "how long a race lasts")
    countdown = _whole(env, "PUZZLEBOOK_RACE_COUNTDOWN", 1, QUICK_COUNTDOWN_SECONDS, "a race's countdown")
    pace = Pace()
    return Pace(seconds or pace.seconds, countdown or pace.countdown, countdown or pace.quick_countdown)


def _build_languages(env: Mapping[str, str]) -> tuple[str, ...] | None:
    """The languages' codes PUZZLEBOOK_BUILD_LANGUAGES names, in the site's order; None when unset."""
    text = env.get("PUZZLEBOOK_BUILD_LANGUAGES", "")
    if not text:
        return None
    named = [code.strip() for code in text.split(",") if code.strip()]
    codes = {language.code: language.code for language in LANGUAGES}
    unknown = [code for code in named if code not in codes]
    if unknown or SOURCE not in named:
        raise ValueError(f"PUZZLEBOOK_BUILD_LANGUAGES={text!r} must name languages of the site by code, "
                         f"{SOURCE} among them, from {', '.join(codes)}"
                         + (f" (not {', '.join(unknown)})" if unknown else ""))
    return tuple(code for code in codes if code in named)


def load(
    environ: Mapping[str, str] | None = None,
    *,
    warn: bool = True,
    fetch_parameter: Callable[[str], str] | None = None,
) -> Settings:
    """The settings from `environ` (os.environ by default).

    `fetch_parameter(name)` reads SITE_KEY from the SSM parameter SITE_KEY_PARAMETER
    names when SITE_KEY itself is unset (the Lambda handler passes one in).
    Raises ValueError naming the variable when a value is unusable.
    """
    global _warned
    env = os.environ if environ is None else environ
    key = env.get("SITE_KEY", "")
    parameter = env.get("SITE_KEY_PARAMETER", "")
    if not key and parameter:
        if fetch_parameter is None:
            raise ValueError(f"SITE_KEY_PARAMETER={parameter!r} is set, but nothing here can read SSM")
        key = fetch_parameter(parameter)
    dev = not key
    if dev:
        key = DEV_SITE_KEY
        if warn and not _warned:
            _warned = True
            print(DEV_KEY_WARNING, file=sys.stderr)
    tz_name = env.get("SITE_TZ", "") or "UTC"
    try:
        tz = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(
            f"SITE_TZ={tz_name!r} is not a time zone name (try 'UTC' or 'Europe/London')"
        ) from exc
    store = env.get("PUZZLEBOOK_STORE", "") or DEFAULT_STORE
    if not (store.startswith("sqlite:///") or store.startswith("dynamodb://")):
        raise ValueError(f"PUZZLEBOOK_STORE={store!r} must start with sqlite:/// or dynamodb://")
    site_url = env.get("PUZZLEBOOK_SITE_URL", "") or DEFAULT_SITE_URL
    if not site_url.startswith(("http://", "https://")):
        raise ValueError(f"PUZZLEBOOK_SITE_URL={site_url!r} must start with http:// or https://")
    days = env.get("PUZZLEBOOK_NEW_ACCOUNT_DAYS", "") or str(NEW_ACCOUNT_DAYS)
    if not days.isdigit() or int(days) > 365:
        raise ValueError(f"PUZZLEBOOK_NEW_ACCOUNT_DAYS={days!r} must be a whole number of days, 0 to 365")
    pseudo = env.get("PUZZLEBOOK_PSEUDO_LOCALE", "") or "0"
    if pseudo not in ("0", "1"):
        raise ValueError(f"PUZZLEBOOK_PSEUDO_LOCALE={pseudo!r} must be 1 (write the pseudo-locale) or 0")
    return Settings(
        site_key=key.encode(),
        site_tz=tz,
        store_url=store,
        dist=Path(env.get("PUZZLEBOOK_DIST", "") or "dist"),
        dev_key=dev,
        shards=Path(env.get("PUZZLEBOOK_SHARDS", "") or ROOT / "shards"),
        site_url=site_url.rstrip("/"),
        bucket=env.get("PUZZLEBOOK_BUCKET", "") or None,
        new_account_days=int(days),
        race_pace=_race_pace(env),
        pseudo_locale=pseudo == "1",
        compress_cache=Path(cache) if (cache := env.get("PUZZLEBOOK_COMPRESS_CACHE", "")) else None,
        build_languages=_build_languages(env),
    )
