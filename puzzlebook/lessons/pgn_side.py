"""The side a PGN game's student plays, from the evidence the export has (issue 40).

Lichess writes `[Orientation]` only when asked, so most study exports say nothing outright. The
evidence is taken in this order, the first that says decides:

1. the tags, `[StudentColor]` then `[Orientation]` (a value other than white or black is an error);
2. the teacher's choice when importing (`student_color`);
3. the result: `1-0` White, `0-1` Black (an exercise taken from a game is the winner's);
4. the side that plays the line's last move (a puzzle ends on the student's move);
5. the chapter's own words: "White to play", "Black to move", and the like in a few languages.

Beyond the tags and the choice, a warning says which decided (and which lower evidence disagreed),
so the teacher can add a tag where it guessed wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import chess

from puzzlebook.messages import Message, msg

from .problems import shorten

_COLORS = {"white": chess.WHITE, "black": chess.BLACK}
_RESULTS = {"1-0": chess.WHITE, "0-1": chess.BLACK}

# What the teacher is told, as messages (said in the request's language by the API): a tag's value,
# a result, a move and the chapter's words are values.
BAD_TAG = msg("lesson_side_bad_tag", 'the [{tag}] tag must be "white" or "black", not "{value}"')
NO_SIDE = msg(
    "lesson_side_none",
    'no side for the student: add a [StudentColor "white"] (or "black") tag, '
    "or choose the student's side when importing",
)
BY_RESULT = msg("lesson_side_by_result", 'as the result "{result}" says')
BY_LAST_MOVE = msg("lesson_side_by_last_move", "the side that plays the line's last move ({move})")
BY_WORDS = msg("lesson_side_by_words", 'as the chapter\'s words ("{words}") say')
THE_RESULT = msg("lesson_side_the_result", 'the result "{result}"')
THE_LAST_MOVE = msg("lesson_side_the_last_move", "the line's last move ({move})")
THE_WORDS = msg("lesson_side_the_words", 'the chapter\'s words ("{words}")')
# By the side the student plays: the evidence that decided, and (`_AGAINST`) lower evidence that
# would say the other.
_DECIDED = {
    chess.WHITE: msg(
        "lesson_side_white",
        "no [StudentColor] or [Orientation] tag: the student plays White, {why} "
        '(add [StudentColor "black"] for the other side)',
    ),
    chess.BLACK: msg(
        "lesson_side_black",
        "no [StudentColor] or [Orientation] tag: the student plays Black, {why} "
        '(add [StudentColor "white"] for the other side)',
    ),
}
_AGAINST = {
    chess.WHITE: msg(
        "lesson_side_white_against",
        "no [StudentColor] or [Orientation] tag: the student plays White, {why} "
        '({against} would say Black, but counts for less) (add [StudentColor "black"] for the other side)',
    ),
    chess.BLACK: msg(
        "lesson_side_black_against",
        "no [StudentColor] or [Orientation] tag: the student plays Black, {why} "
        '({against} would say White, but counts for less) (add [StudentColor "white"] for the other side)',
    ),
}

# "White to play" and its like, in the languages of the studies met (English, Portuguese, Spanish,
# French, German, Russian). A text that names both sides so says nothing.
_SAYS = {
    chess.WHITE: re.compile(
        r"\b(?:white to (?:play|move)|white plays|white moves|you (?:are|play) white"
        r"|play(?:ing)? (?:as|with) white"
        r"|jogam (?:as )?brancas|juegan (?:las )?blancas|les blancs jouent|trait aux blancs"
        r"|wei(?:ß|ss) (?:ist )?am zug)\b|ход белых|играют белые|белые начинают",
        re.IGNORECASE,
    ),
    chess.BLACK: re.compile(
        r"\b(?:black to (?:play|move)|black plays|black moves|you (?:are|play) black"
        r"|play(?:ing)? (?:as|with) black"
        r"|jogam (?:as )?pretas|juegan (?:las )?negras|les noirs jouent|trait aux noirs"
        r"|schwarz (?:ist )?am zug)\b|ход ч[её]рных|играют ч[её]рные|ч[её]рные начинают",
        re.IGNORECASE,
    ),
}


@dataclass(frozen=True)
class Side:
    """The student's side (None: none could be found), and what to tell the teacher about it: an
    error (a side tag that is no colour), or a warning saying which evidence decided."""

    color: chess.Color | None
    error: Message | None = None
    warning: Message | None = None


def said(texts: list[str]) -> tuple[chess.Color, str] | None:
    """The side the chapter's `texts` say is to play, and the words that say it; None when they name
    no side, or both."""
    found: dict[chess.Color, str] = {}
    for text in texts:
        for color, pattern in _SAYS.items():
            match = pattern.search(text)
            if match and color not in found:
                found[color] = match.group()
    if len(found) != 1:
        return None
    ((color, words),) = found.items()
    return color, words


def student_side(
    headers: Mapping[str, str],
    choice: str | None,
    last: tuple[chess.Color, str] | None,
    texts: list[str],
) -> Side:
    """The student's side of a game with `headers` (its tags), `choice` the importer's ("white",
    "black" or None), `last` the side playing the line's last move and its label ("27. Rh8#"),
    `texts` the chapter's own words (its title, intro and comments)."""
    for tag in ("StudentColor", "Orientation"):
        value = headers.get(tag)
        if value is not None:
            if value.strip().lower() in _COLORS:
                return Side(_COLORS[value.strip().lower()])
            return Side(None, error=BAD_TAG(tag=tag, value=shorten(value, 20)))
    if choice is not None:
        return Side(_COLORS[choice])
    # (the side, why it decides, what it is)
    evidence: list[tuple[chess.Color, Message, Message]] = []
    result = headers.get("Result", "").strip()
    if result in _RESULTS:
        evidence.append((_RESULTS[result], BY_RESULT(result=result), THE_RESULT(result=result)))
    if last is not None:
        evidence.append((last[0], BY_LAST_MOVE(move=last[1]), THE_LAST_MOVE(move=last[1])))
    words = said(texts)
    if words is not None:
        shown = shorten(words[1], 30)
        evidence.append((words[0], BY_WORDS(words=shown), THE_WORDS(words=shown)))
    if not evidence:
        return Side(None, error=NO_SIDE)
    color, why, _ = evidence[0]
    against = next((what for side, _, what in evidence[1:] if side != color), None)
    if against is not None:
        return Side(color, warning=_AGAINST[color](why=why, against=against))
    return Side(color, warning=_DECIDED[color](why=why))
