"""The /review/ page's worked example: one puzzle's results day by day and the day it comes back,
worked out by the review's own rule (puzzlebook/review/) when the site is built, so the page can
never say what the schedule doesn't do. Said in the page's language (its `pages` translations)."""

from __future__ import annotations

import datetime as dt
import gettext

from puzzlebook.chess.result_names import NAMES
from puzzlebook.review.schedule import CLEAN, HELP, MISS, Result, due_day

START = dt.date(2026, 12, 1)  # any day: the page speaks of day 1, day 2...
# Missed twice, then solved with a hint each time it comes back (once a few days late), then cleanly.
STORY = ((1, MISS), (2, MISS), (3, HELP), (4, HELP), (6, HELP), (9, HELP), (13, CLEAN))
WORDS = {MISS: NAMES["missed"], HELP: NAMES["help"], CLEAN: NAMES["clean"]}  # the results' one name each


def _(text: str) -> str:
    """Marks a message for the pages' catalog; said in a language where the page is rendered."""
    return text


# The results' names (puzzlebook/chess/result_names.py's) marked for the pages' catalog, which the
# pages say them from (`result_names`); tests/test_result_names.py holds the two to one.
RESULT_WORDS = (_("Solved cleanly"), _("Solved with help"), _("Solved after a mistake"), _("Missed"),
                _("Solution shown"))


def result_names(words: gettext.NullTranslations | None = None) -> dict[str, str]:
    """Each result's one name in the language of `words` (English's without)."""
    say = (words or gettext.NullTranslations()).gettext
    return {result: say(name) for result, name in NAMES.items()}


def _day(n: int) -> str:
    return (START + dt.timedelta(days=n - 1)).isoformat()


def review_example(words: gettext.NullTranslations | None = None) -> list[dict[str, str]]:
    """The rows: {day: "Day 1", result: its words, back: when it comes back}, in the language of
    `words` (English's without)."""
    say = words or gettext.NullTranslations()
    rows: list[dict[str, str]] = []
    results: list[Result] = []
    for n, grade in STORY:
        results.append((_day(n), grade))
        due = due_day(results)
        if due is None:
            back = say.gettext("Never: it leaves your review")
        else:
            gap = (dt.date.fromisoformat(due) - dt.date.fromisoformat(_day(n))).days
            when = (say.gettext("the next day") if gap == 1
                    else say.ngettext("%(n)s day later", "%(n)s days later", gap) % {"n": gap})
            back = say.gettext("Day %(n)s (%(when)s)") % {"n": n + gap, "when": when}
        rows.append({"day": say.gettext("Day %(n)s") % {"n": n}, "result": say.gettext(WORDS[grade]),
                     "back": back})
    return rows
