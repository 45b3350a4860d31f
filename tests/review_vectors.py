"""Makes tests/vectors/review.json from the Python rule (puzzlebook/review/): python -m tests.review_vectors.

tests/test_review.py checks the file is what this makes, and tests/js/review.test.mjs that the
browser's rule (site/static/js/review/, on ts-fsrs) gives the same answers.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

from puzzlebook.review.queue import (
    KEEP_GRADUATED,
    MAX_RESULTS,
    Card,
    Queue,
    add,
    due_on,
    grade_of,
    merge,
    normalised,
    pruned,
)
from puzzlebook.review.schedule import CLEAN, HELP, MISS, memory

PATH = Path(__file__).parent / "vectors" / "review.json"
START = dt.date(2026, 11, 20)
FORMAT = (
    "Shared vectors of the review's rule (puzzlebook/review/; site/static/js/review/), made by "
    "`python -m tests.review_vectors`. pytest: tests/test_review.py; node: tests/js/review.test.mjs. "
    "'schedules': a card's results [day, grade] -> due (null once graduated), graduated, and FSRS's "
    "stability and difficulty after the results before a clean one (to 1e-6). 'normalised': results as "
    "sent -> as kept (day order, the worse of a day, afresh after a graduation, the latest MAX_RESULTS). "
    "'adds': a queue, a result (band, id, day, grade) -> the queue. 'merges': queues a and b -> merged. "
    "'pruned': a queue and today (and most_results, the review's results bound made small, "
    "where given) -> the queue kept. 'due_on': a queue and today -> the keys due, in order. "
    "'grades': solved, mistakes, hints -> grade. Queues are {cards: [{band, id, results}]}."
)


def _day(n: int) -> str:
    return (START + dt.timedelta(days=n)).isoformat()


def _history(rng: random.Random, length: int, *, graduate: bool) -> list[tuple[str, str]]:
    day = rng.randrange(0, 5)
    results = []
    for i in range(length):
        results.append((_day(day), rng.choice((MISS, MISS, HELP))))
        day += rng.choice((1, 1, 2, 3, 5, 8, 13, 30, 90)) if i < length - 1 else 0
    if graduate:
        results.append((_day(day + rng.randrange(1, 10)), CLEAN))
    return results


def _schedule(results: list[tuple[str, str]]) -> dict[str, Any]:
    card = Card("Easy", "aaaaa", normalised(results))
    open_part = [r for r in card.results if r[1] != CLEAN]
    mem = memory(open_part)
    return {
        "results": [list(r) for r in card.results],
        "due": card.due,
        "graduated": card.graduated,
        "stability": round(mem[0], 6) if mem else None,
        "difficulty": round(mem[1], 6) if mem else None,
    }


def _queue(rng: random.Random, size: int, *, prefix: str = "p") -> Queue:
    cards = [Card(rng.choice(("Easy", "Medium", "Hard")), f"{prefix}{i:03d}",
                  normalised(_history(rng, rng.randrange(1, 5), graduate=rng.random() < 0.25)))
             for i in range(size)]
    return merge(Queue(), Queue(tuple(cards)))


def make() -> dict[str, Any]:
    rng = random.Random(29)
    schedules = [_schedule(_history(rng, n, graduate=False)) for n in (1, 1, 2, 3) for _ in range(6)]
    schedules += [_schedule(_history(rng, rng.randrange(1, 8), graduate=True)) for _ in range(6)]
    schedules += [_schedule(_history(rng, 12, graduate=False)) for _ in range(4)]
    # the long run: always missed, 40 days running (the latest MAX_RESULTS kept)
    schedules.append(_schedule([(_day(i), MISS) for i in range(40)]))

    raw = [
        [[_day(3), MISS], [_day(1), HELP]],
        [[_day(1), HELP], [_day(1), MISS], [_day(1), CLEAN]],
        [[_day(1), MISS], [_day(2), CLEAN], [_day(4), HELP]],
        [[_day(1), MISS], [_day(2), CLEAN], [_day(2), HELP]],
        [[_day(1), MISS], [_day(2), CLEAN], [_day(5), CLEAN]],
        [[_day(i), HELP] for i in range(MAX_RESULTS + 5)],
    ]
    normal = [{"results": r, "normalised": [list(x) for x in normalised(tuple(x) for x in r)]}  # type: ignore[misc]
              for r in raw]

    adds = []
    q = Queue()
    for band, pid, day, grade in [
        ("Easy", "aaaaa", _day(0), CLEAN),  # clean, not in review: nothing
        ("Easy", "aaaaa", _day(0), MISS),
        ("Easy", "aaaaa", _day(1), HELP),
        ("Hard", "bbbbb", _day(1), HELP),
        ("Easy", "aaaaa", _day(1), MISS),  # the same day, worse: stands
        ("Hard", "bbbbb", _day(1), CLEAN),  # the same day, better: the help stands
        ("Hard", "bbbbb", _day(3), CLEAN),  # graduates
        ("Hard", "bbbbb", _day(9), MISS),  # missed again: afresh
        ("Easy", "aaaaa", _day(4), CLEAN),
    ]:
        after = add(q, band, pid, day, grade)
        adds.append({"queue": q.to_doc(), "band": band, "id": pid, "day": day, "grade": grade,
                     "after": after.to_doc()})
        q = after

    merges = []
    for size_a, size_b in [(0, 3), (3, 0), (4, 4), (6, 2), (8, 8)]:
        a, b = _queue(rng, size_a), _queue(rng, size_b)
        merges.append({"a": a.to_doc(), "b": b.to_doc(), "merged": merge(a, b).to_doc()})
    # the same puzzle on two devices, the same day: the worse stands
    phone = Queue((Card("Easy", "ccccc", ((_day(0), MISS), (_day(2), CLEAN))),))
    laptop = Queue((Card("Easy", "ccccc", ((_day(0), MISS), (_day(2), MISS))),))
    merges.append({"a": phone.to_doc(), "b": laptop.to_doc(), "merged": merge(phone, laptop).to_doc()})
    later = Queue((Card("Easy", "ccccc", ((_day(0), MISS), (_day(1), HELP))),))
    merges.append({"a": phone.to_doc(), "b": later.to_doc(), "merged": merge(phone, later).to_doc()})

    prunes = []
    big = _queue(rng, 12)
    for today in (_day(0), _day(60), _day(KEEP_GRADUATED + 10), _day(400)):
        prunes.append({"queue": big.to_doc(), "today": today, "after": pruned(big, today).to_doc()})
    # the review's results bound (MAX_REVIEW_RESULTS), made small: the newest cards that fit are kept
    held = sum(len(c.results) for c in big.cards)
    for most in (0, 1, 7, held // 2, held - 1, held):
        prunes.append({"queue": big.to_doc(), "today": _day(0), "most_results": most,
                       "after": pruned(big, _day(0), most).to_doc()})

    dues = []
    for today in (_day(0), _day(2), _day(5), _day(20), _day(200)):
        dues.append({"queue": big.to_doc(), "today": today, "due": [c.key for c in due_on(big, today)]})

    grades = [{"solved": s, "mistakes": m, "hints": h, "grade": grade_of(s, m, h)}
              for s in (True, False) for m in (0, 1) for h in (0, 2)]
    return {"format": FORMAT, "schedules": schedules, "normalised": normal, "adds": adds, "merges": merges,
            "pruned": prunes, "due_on": dues, "grades": grades}


def text() -> str:
    return json.dumps(make(), indent=1) + "\n"


if __name__ == "__main__":
    PATH.write_text(text(), encoding="utf-8")
    print(f"wrote {PATH}")
