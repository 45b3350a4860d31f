"""Makes tests/vectors/friends.json from the Python rule (puzzlebook/friends/):
python -m tests.friends_vectors.

tests/test_friends_rules.py checks the file is what this makes, and tests/js/friends_streak.test.mjs that
the browser's copy (site/static/js/friends/streak.js) gives the same answers.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

from puzzlebook.friends.played import Played
from puzzlebook.friends.streak import friend_streak

PATH = Path(__file__).parent / "vectors" / "friends.json"
START = dt.date(2026, 11, 2)
FORMAT = (
    "Shared vectors of the friend streak (puzzlebook/friends/streak.py; site/static/js/friends/streak.js), "
    "made by `python -m tests.friends_vectors`. pytest: tests/test_friends_rules.py; node: "
    "tests/js/friends_streak.test.mjs. 'streaks': two players' days played (`a_days`, `b_days`, each marked "
    "in that order), the records the server keeps of them (`a`, `b`: {first, last, missed}, as the API "
    "answers them), the pair's `today`, and the friend streak then {length, freezes_used, freezes_held, "
    "both_today}. 'days': a record and the days it holds."
)


def _record(days: list[dt.date]) -> Played:
    played = Played()
    for day in days:
        played = played.marked(day, "chess")
    return played


def _wire(played: Played) -> dict[str, Any]:
    return {"first": played.first, "last": played.last, "missed": list(played.missed)}


def _case(name: str, a_days: list[dt.date], b_days: list[dt.date], today: dt.date) -> dict[str, Any]:
    a, b = _record(a_days), _record(b_days)
    got = friend_streak(a, b, today)
    return {
        "name": name,
        "a_days": [d.isoformat() for d in a_days],
        "b_days": [d.isoformat() for d in b_days],
        "a": _wire(a),
        "b": _wire(b),
        "today": today.isoformat(),
        "length": got.length,
        "freezes_used": got.freezes_used,
        "freezes_held": got.freezes_held,
        "both_today": got.both_today,
    }


def _span(first: int, last: int, *skip: int) -> list[dt.date]:
    return [START + dt.timedelta(days=n) for n in range(first, last + 1) if n not in skip]


def _day(n: int) -> dt.date:
    return START + dt.timedelta(days=n)


def make() -> dict[str, Any]:
    """Every vector."""
    cases = [
        _case("no days", [], [], _day(0)),
        _case("one played, the other not", _span(0, 3), [], _day(3)),
        _case("both, three days, today played by both", _span(0, 3), _span(1, 3), _day(3)),
        _case("today not played yet by one: no gap", _span(0, 3), _span(0, 2), _day(3)),
        _case("yesterday missed by one, no freeze: broken", _span(0, 3), _span(0, 1), _day(3)),
        _case("a week earns a freeze, a day missed uses it", _span(0, 9), _span(0, 9, 7), _day(9)),
        _case("two days missed need two freezes", _span(0, 16), _span(0, 16, 14, 15), _day(16)),
        _case("three days missed in a row: no streak outlives it", _span(0, 25), _span(0, 25, 20, 21, 22),
              _day(25)),
        _case("the pair's streak began later: its freezes fall on other days than one player's",
              _span(0, 41, 4), _span(0, 41, 23, 25, 29, 36), _day(42)),
        _case("played on alternate days: the pair never holds a freeze", _span(0, 20)[::2], _span(0, 20),
              _day(20)),
        _case("a late result of a date before fills the day missed", [*_span(0, 8), _day(10), _day(9)],
              _span(0, 10), _day(10)),
        _case("the pair's today before either played it", _span(0, 5), _span(0, 5), _day(6)),
        _case("the pair's today two days on: the days between missed", _span(0, 14), _span(0, 14), _day(17)),
    ]
    rng = random.Random(42)
    for n in range(24):
        length = rng.randint(5, 70)
        a_rate, b_rate = rng.uniform(0.5, 1.0), rng.uniform(0.5, 1.0)
        a_days = [d for d in _span(0, length - 1) if rng.random() < a_rate]
        b_days = [d for d in _span(0, length - 1) if rng.random() < b_rate]
        cases.append(_case(f"drawn {n}", a_days, b_days, _day(length - rng.randint(0, 2))))
    records = [Played(c[k]["first"], c[k]["last"], tuple(c[k]["missed"])) for c in cases for k in "ab"]
    days = [{"record": _wire(r), "days": [d.isoformat() for d in r.days()]} for r in records if r.first]
    return {"about": FORMAT, "streaks": {"cases": cases}, "days": {"cases": days}}


def text() -> str:
    return json.dumps(make(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    PATH.write_text(text(), encoding="utf-8")
    print(f"wrote {PATH}")
