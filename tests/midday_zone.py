"""A site zone for a test run: the fixed-offset zone in which the run starts around noon.

The browser tests start real servers on the real clock, and their pages work out the site day
from it. With SITE_TZ left at UTC, a run that crossed 00:00 UTC saw the day turn under it: the
server's files and API moved on to a day the tests had not asked about. In the zone chosen here
the site's midnight is at least eleven hours from the run's start on either side, longer than
any run.
"""

from __future__ import annotations

import datetime as dt

NOON = 12


def midday_zone(now: dt.datetime) -> str:
    """The name of the `Etc/GMT±N` zone whose local time at `now` (aware) is 12:00-12:59.

    IANA's Etc names count the other way: Etc/GMT-12 is twelve hours ahead of UTC. The offsets
    needed, -11 to +12 hours, are all among them.
    """
    ahead = NOON - now.astimezone(dt.UTC).hour
    if ahead == 0:
        return "Etc/GMT"
    return f"Etc/GMT{-ahead:+d}"
