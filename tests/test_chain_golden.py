"""Determinism: the public Chain puzzles of 2026-09-01 to 2026-12-31 are kept in
tests/golden/chain_public.json with the engine version that made them. If any
changes while ENGINE_VERSION stays the same, this fails: a change to the
generator must bump ENGINE_VERSION (puzzlebook/chain/__init__.py), because days
already stored must never be confused with the ones new code makes.

After bumping, rewrite the file:  .venv/bin/python -m tests.test_chain_golden --write
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

from puzzlebook.chain import ENGINE_VERSION
from puzzlebook.chain.generate import generate, public

GOLDEN = Path(__file__).parent / "golden" / "chain_public.json"
FIRST, LAST = dt.date(2026, 9, 1), dt.date(2026, 12, 31)


def current() -> dict:
    days = [FIRST + dt.timedelta(days=i) for i in range((LAST - FIRST).days + 1)]
    return {
        "engine_version": ENGINE_VERSION,
        "from": FIRST.isoformat(),
        "to": LAST.isoformat(),
        "puzzles": [public(generate(day)) for day in days],
    }


def test_the_public_puzzles_match_the_golden_file_for_this_engine_version() -> None:
    kept = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = current()
    assert len(now["puzzles"]) == 122
    changed = [old["date"] for old, new in zip(kept["puzzles"], now["puzzles"], strict=True) if old != new]
    if kept["engine_version"] == ENGINE_VERSION:
        assert not changed, (
            f"{len(changed)} public Chain puzzles changed ({', '.join(changed[:5])}...) but ENGINE_VERSION "
            f"is still {ENGINE_VERSION}: bump ENGINE_VERSION in puzzlebook/chain/__init__.py, then run "
            "`.venv/bin/python -m tests.test_chain_golden --write`"
        )
    else:
        raise AssertionError(
            f"ENGINE_VERSION is {ENGINE_VERSION} but {GOLDEN.name} was made by {kept['engine_version']}: "
            "run `.venv/bin/python -m tests.test_chain_golden --write` and commit the file"
        )


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_chain_golden --write")
    data = current()
    head = {name: value for name, value in data.items() if name != "puzzles"}
    # One puzzle a line, so a diff shows which days changed.
    lines = [json.dumps(puzzle, ensure_ascii=False) for puzzle in data["puzzles"]]
    text = json.dumps(head)[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"
    assert json.loads(text) == data
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN} for engine version {ENGINE_VERSION}")
