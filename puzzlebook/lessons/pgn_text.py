"""PGN text as people paste it, made readable before python-chess reads it (issue 40).

Each rule here is a slip a real export or forum post has, read the way its writer meant:

- tags written on one line (`[Event "A"] [Site "B"]`), or with the moves after them on the same
  line (`[Variant "Standard"] 1. e4 e5`): one tag a line, the moves on the next (python-chess
  reads a tag only alone on its line, so it read the moves as nothing, or the tags as one title);
- a tag value with spaces around it (`[Variant " Standard "]`): trimmed for the Variant tag,
  whose value python-chess looks up by name;
- castling written with another dash than "-" (`O‑O` with U+2011, `O–O`): read as castling;
- a forum's `[pgn]…[/pgn]` wrapper around the whole text: removed (importer.check says so).
"""

from __future__ import annotations

import re

# One or more tag pairs at the start of a line (a value may hold escaped quotes and brackets), and
# whatever follows them on that line.
_TAG = r'\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"(?:[^"\\]|\\.)*"\s*\]'
_TAGS_AT_START = re.compile(rf"^(?P<indent>\s*)(?P<tags>(?:{_TAG}\s*)+)(?P<rest>.*)$")
_ONE_TAG = re.compile(_TAG)
_VARIANT = re.compile(r'^\[Variant\s+"\s*(?P<value>.*?)\s*"\s*\]$')
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
# Castling as a token of its own (after a space, a move number's dot or a bracket), written with
# another dash than "-".
_CASTLING = re.compile(rf"(?<![^\s.(\d])([O0])[{_DASHES}]([O0])(?:[{_DASHES}]([O0]))?(?![\w{_DASHES}-])")
_WRAPPER = re.compile(r"\A\s*\[pgn\](?P<body>.*?)\[/pgn\]\s*\Z", re.DOTALL | re.IGNORECASE)


def unwrap_forum_pgn(text: str) -> str | None:
    """The text inside a forum's `[pgn]…[/pgn]` wrapper around the whole `text`, or None."""
    found = _WRAPPER.match(text)
    return found.group("body") if found else None


def _castling(found: re.Match[str]) -> str:
    return "-".join(part for part in found.groups() if part)


def _tag_lines(tags: str) -> list[str]:
    lines = []
    for tag in _ONE_TAG.findall(tags):
        variant = _VARIANT.match(tag)
        lines.append(f'[Variant "{variant.group("value")}"]' if variant else tag)
    return lines


def tidy(text: str) -> str:
    """`text` with its tags one a line (moves after tags on a line of their own), the Variant tag's
    value trimmed, and castling written with other dashes read as "O-O". Comments are left as
    they are, except a castling token in one."""
    if any(dash in text for dash in _DASHES):
        text = _CASTLING.sub(_castling, text)
    if "[" not in text:
        return text
    out: list[str] = []
    in_comment = False
    for line in text.split("\n"):
        found = None if in_comment else _TAGS_AT_START.match(line)
        if found is not None:
            tags = _tag_lines(found.group("tags"))
            rest = found.group("rest").strip()
            if len(tags) > 1 or rest or tags[0] != line.strip():
                out.extend(tags)
                if rest:
                    out.append(rest)
                    in_comment = still_in_comment(rest, False)
                continue
        out.append(line)
        in_comment = still_in_comment(line, in_comment)
    return "\n".join(out)


_OPENING = re.compile(r"[{;]")


def still_in_comment(line: str, in_comment: bool) -> bool:
    """Whether a {comment} is still open at the end of `line` (one was at its start: `in_comment`);
    a ";" outside one comments out the rest of the line."""
    at = 0
    while True:
        if in_comment:
            end = line.find("}", at)
            if end < 0:
                return True
            in_comment, at = False, end + 1
        else:
            found = _OPENING.search(line, at)
            if found is None or found.group() == ";":
                return False
            in_comment, at = True, found.end()
