"""A class's puzzle set, drawn once from the chess bundle (issue 30, part 2): one or more themes, a
rating range and a number of puzzles, fixed once made so every student gets the same puzzles.

Nothing here reads or writes: functions/routes/classes/ reads the bundle's rows, calls `draw`, and
keeps the set as a lesson of the teacher's (`as_lesson`: the seed's JSON, each puzzle the bundle's
position before the opponent's move, its line the bundle's), so a set is played, ticketed and
counted exactly as a lesson is: tickets issued by the set, one result per student per puzzle, the
same students × puzzles table and CSV. docs/classes.md, "Puzzle sets".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlebook.chess.themes import THEMES
from puzzlebook.classes import ClassRefused
from puzzlebook.messages import msg

MAX_SET = 50  # puzzles in one set: a week's homework, and the table stays readable
MAX_THEMES = 5  # themes one set draws from
LOWEST, HIGHEST = 600, 2599  # the bundle's ratings (Beginner's low to Expert's high)


@dataclass(frozen=True, slots=True)
class SetSpec:
    """What a set is drawn from: puzzles with any of `themes`, rated `low` to `high`, `count` of them."""

    themes: tuple[str, ...]
    low: int
    high: int
    count: int

    def name(self) -> str:
        """The set's name, as the teacher's lists show it.

        >>> SetSpec(("fork", "pin"), 1400, 1799, 10).name()
        'Fork, Pin · rated 1400–1799 · 10 puzzles'
        """
        words = ", ".join(theme_name(t) for t in self.themes)
        return f"{words} · rated {self.low}–{self.high} · {self.count} puzzle{'s' if self.count != 1 else ''}"


NO_THEME = msg("set_no_theme", "Pick at least one theme.")
TOO_MANY_THEMES = msg("set_too_many_themes", "A set draws from at most {most} themes; you gave {given}.")
NOT_A_THEME = msg("set_not_a_theme", "\"{theme}\" isn't a theme of the puzzles: pick themes from the list.")
THEME_TWICE = msg("set_theme_twice", "A theme is given twice: give each once.")
RATING_RANGE = msg("set_rating_range", "Ratings go from {lowest} to {highest}: give a range within them.")
LOW_ABOVE_HIGH = msg("set_low_above_high",
                     "The lowest rating ({low}) is above the highest ({high}): swap them.")
SET_SIZE = msg("set_size", "A set has 1 to {most} puzzles; you asked for {count}.")

def theme_name(key: str) -> str:
    return THEMES[key].name if key in THEMES else key


def check_spec(themes: Sequence[str], low: int, high: int, count: int) -> SetSpec:
    """The set asked for, or ClassRefused (422) saying what is wrong: themes the catalogue knows
    (1 to MAX_THEMES, each once), a rating range within the bundle's, low not above high, 1 to
    MAX_SET puzzles.

    >>> check_spec(["fork"], 1400, 1799, 10)
    SetSpec(themes=('fork',), low=1400, high=1799, count=10)
    >>> check_spec(["forks"], 1400, 1799, 10)
    Traceback (most recent call last):
    ...
    puzzlebook.classes.ClassRefused: "forks" isn't a theme of the puzzles: pick themes from the list.
    """
    if not themes:
        raise ClassRefused(422, NO_THEME)
    if len(themes) > MAX_THEMES:
        raise ClassRefused(422, TOO_MANY_THEMES(most=MAX_THEMES, given=len(themes)))
    for key in themes:
        if key not in THEMES:
            raise ClassRefused(422, NOT_A_THEME(theme=key))
    if len(set(themes)) != len(themes):
        raise ClassRefused(422, THEME_TWICE)
    if not LOWEST <= low <= HIGHEST or not LOWEST <= high <= HIGHEST:
        raise ClassRefused(422, RATING_RANGE(lowest=LOWEST, highest=HIGHEST))
    if low > high:
        raise ClassRefused(422, LOW_ABOVE_HIGH(low=low, high=high))
    if not 1 <= count <= MAX_SET:
        raise ClassRefused(422, SET_SIZE(most=MAX_SET, count=count))
    return SetSpec(tuple(themes), low, high, count)


def bands_for(spec: SetSpec, bands: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The bands (the bundle index's: {Band: {low, high}}, high exclusive) that hold ratings in range.

    >>> bands_for(SetSpec(("fork",), 1400, 1850, 5), {"Easy": {"low": 1000, "high": 1400},
    ...     "Medium": {"low": 1400, "high": 1800}, "Hard": {"low": 1800, "high": 2200}})
    ['Medium', 'Hard']
    """
    return [b for b, info in bands.items() if int(info["low"]) <= spec.high and spec.low < int(info["high"])]


def draw(spec: SetSpec, rows: Sequence[Sequence[Any]], retired: frozenset[str] = frozenset(),
         rng: random.Random | None = None) -> list[Sequence[Any]]:
    """`spec.count` rows ([id, fen, moves, rating, themes]) with any of the set's themes, rated in its
    range, not retired, drawn at random without repeats and put easiest first; ClassRefused (422)
    when fewer match, saying how many do.

    >>> rows = [["a", "", "", 1500, "fork"], ["b", "", "", 1450, "pin short"], ["c", "", "", 1900, "fork"]]
    >>> [r[0] for r in draw(SetSpec(("fork", "pin"), 1400, 1799, 2), rows)]
    ['b', 'a']
    """
    wanted = set(spec.themes)
    matching = [
        row for row in rows
        if spec.low <= int(row[3]) <= spec.high and row[0] not in retired
        and wanted & set(str(row[4]).split())
    ]
    if len(matching) < spec.count:
        raise ClassRefused(
            422,
            f"Only {len(matching)} puzzle{'s' if len(matching) != 1 else ''} of those themes are rated "
            f"{spec.low}–{spec.high}: ask for fewer, widen the range or add a theme.",
        )
    chosen = (rng or random.SystemRandom()).sample(matching, spec.count)
    return sorted(chosen, key=lambda row: (int(row[3]), str(row[0])))


def _title(row: Sequence[Any], spec: SetSpec) -> str:
    own = [t for t in spec.themes if t in str(row[4]).split()]
    return f"{theme_name(own[0]) if own else 'Puzzle'}, rated {int(row[3])}"


def as_lesson(spec: SetSpec, rows: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """The drawn rows as the seed's lesson puzzles: the bundle's position before the opponent's move
    (so its first move is the opponent's, played for the student), the student the other side, the
    line the bundle's.

    >>> (puzzle,) = as_lesson(SetSpec(("fork",), 1400, 1799, 1),
    ...                       [["a", "8/8/8/8/8/8/8/k1K5 w - - 0 1", "c1c2 a1a2", 1500, "fork"]])
    >>> puzzle["title"], puzzle["playerColor"], puzzle["moves"]
    ('Fork, rated 1500', 'black', [{'uci': 'c1c2'}, {'uci': 'a1a2'}])
    """
    out = []
    for row in rows:
        fen = str(row[1])
        to_move = fen.split()[1] if len(fen.split()) > 1 else "w"
        out.append({
            "title": _title(row, spec),
            "fen": fen,
            "playerColor": "black" if to_move == "w" else "white",
            "moves": [{"uci": move} for move in str(row[2]).split()],
        })
    return out
