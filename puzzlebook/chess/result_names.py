"""What a chess puzzle's first result is called, one name for each, wherever the site says it: the
results sheet, the history, the stats panel, the account page and the review (docs/ratings.md,
"One result, one name"). The browser's copy is site/static/js/chess/result_names.js; both are held
to tests/vectors/result_names.json.

The results are the history's (puzzlebook.chess.dashboard.Result): a solve is clean (no wrong move,
no hint), with help (hints, no wrong move) or after a mistake (a wrong move first, then solved); a
miss is missed (a wrong move, not solved since) or shown (Show solution before any wrong move).
"""

from __future__ import annotations

from puzzlebook.chess.dashboard import Result

NAMES: dict[Result, str] = {
    "clean": "Solved cleanly",
    "help": "Solved with help",
    "mistake": "Solved after a mistake",
    "missed": "Missed",
    "shown": "Solution shown",
}


def name_of(result: Result) -> str:
    """The name of a first result.

    >>> name_of("mistake")
    'Solved after a mistake'
    """
    return NAMES[result]
