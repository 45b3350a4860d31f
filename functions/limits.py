"""Rate limits: so many uses of one thing by one "who" per fixed window, then 429 with Retry-After.

Each limit is a `Limit` (its name in the store, how many, per how long, and
the words of its refusal); `enforce` counts one use in the store's rate
windows (service/store/site.py, `take_rate`), so it holds across Lambda
containers and processes on both backends. A limit counted elsewhere, in an
item its use writes anyway (the review's posts: puzzlebook/review/syncs.py),
answers its refusal with `too_many`.
"""

from __future__ import annotations

from dataclasses import dataclass

from functions.errors import ApiError
from puzzlebook.messages import Message, msg_plural
from service.context import Context

HOUR = 3600


@dataclass(frozen=True)
class Limit:
    """At most `most` uses of `name` per `window` seconds by one who.

    `refusal` is the 429's message; its "{retry}" becomes "Try again in N minutes."
    """

    name: str
    most: int
    refusal: Message | str
    window: int = HOUR


RETRY_IN = msg_plural("retry_in_minutes", "Try again in {minutes} minute.", "Try again in {minutes} minutes.",
                      "minutes")


def retry_in(seconds: int) -> Message:
    """"Try again in N minute(s)." for a wait of `seconds` (rounded up, at least a minute)."""
    return RETRY_IN(minutes=max(1, -(-seconds // 60)))


def refused(refusal: Message | str, wait: int) -> Message | str:
    """A 429's words: `refusal` with "{retry}" said for a wait of `wait` seconds."""
    if isinstance(refusal, Message):
        return refusal(retry=retry_in(wait))
    return refusal.format(retry=retry_in(wait))


def too_many(limit: Limit, wait: int) -> ApiError:
    """`limit`'s 429: its refusal's words, saying when to try again, and Retry-After, `wait` seconds."""
    return ApiError(429, refused(limit.refusal, wait), {"Retry-After": str(wait)})


def enforce(ctx: Context, limit: Limit, who: str) -> None:
    """Count one use of `limit` by `who` now; 429 (nothing counted) when the window is full."""
    now_ts = int(ctx.now().timestamp())
    wait = ctx.store.take_rate(limit.name, who, limit=limit.most, window=limit.window, now_ts=now_ts)
    if wait is not None:
        raise too_many(limit, wait)
