"""Rate limits: so many uses of one thing by one "who" per fixed window, then 429 with Retry-After.

Each limit is a `Limit` (its name in the store, how many, per how long, and
the words of its refusal); `enforce` counts one use in the store's rate
windows (service/store/site.py, `take_rate`), so it holds across Lambda
containers and processes on both backends.
"""

from __future__ import annotations

from dataclasses import dataclass

from functions.errors import ApiError
from service.context import Context

HOUR = 3600


@dataclass(frozen=True)
class Limit:
    """At most `most` uses of `name` per `window` seconds by one who.

    `refusal` is the 429's message; a "{retry}" in it becomes "Try again in N minutes."
    """

    name: str
    most: int
    refusal: str
    window: int = HOUR


def retry_in(seconds: int) -> str:
    """"Try again in N minute(s)." for a wait of `seconds` (rounded up, at least a minute)."""
    minutes = max(1, -(-seconds // 60))
    return f"Try again in {minutes} minute{'s' if minutes != 1 else ''}."


def enforce(ctx: Context, limit: Limit, who: str) -> None:
    """Count one use of `limit` by `who` now; 429 (nothing counted) when the window is full."""
    now_ts = int(ctx.now().timestamp())
    wait = ctx.store.take_rate(limit.name, who, limit=limit.most, window=limit.window, now_ts=now_ts)
    if wait is not None:
        raise ApiError(429, limit.refusal.format(retry=retry_in(wait)), {"Retry-After": str(wait)})
