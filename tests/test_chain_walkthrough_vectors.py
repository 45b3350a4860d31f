"""Chain's walkthrough in words against tests/vectors/chain_walkthroughs.json, the file the browser's
wording of it (site/static/js/chain/walk_words.js, tests/js/chain_walk_words.test.mjs) is also run
against: the walkthroughs the generator makes now, whose English the browser's must say word for word.

`python -m tests.test_chain_walkthrough_vectors` writes the file again from the code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chain.generate import generate
from puzzlebook.chain.tiles import ADD, DIV, to_public
from puzzlebook.chain.walkthrough import walkthrough, with_likes

FILE = Path(__file__).parent / "vectors" / "chain_walkthroughs.json"
# Days with what a walkthrough says: a swap step (11-01), spares like a solution tile by more (11-01)
# and by less (11-02), tiles that work in one order only (11-16), and the day the pseudo-locale found
# English in (12-07).
DAYS = ("2026-11-01", "2026-11-02", "2026-11-16", "2026-12-07")
# A hand whose ÷9 no 3-move chain from 10 can use (10 to 15 is all it reaches first).
NO_CHAIN = (10, 16, [(ADD, 1), (ADD, 2), (ADD, 3), (DIV, 9)], [0, 1, 2])


def cases() -> list[dict[str, Any]]:
    """Each day's walkthrough as the generator makes it, with what the page words it from."""
    out = []
    for date in DAYS:
        row = generate(date)
        day = {key: row[key] for key in ("start", "target", "moves", "hand")}
        out.append({"name": date, "day": day, "solution": row["solution"], "walkthrough": row["walkthrough"]})
    start, target, hand, solution = NO_CHAIN
    walk = walkthrough(start, target, hand, solution, 6)
    day = {"start": start, "target": target, "moves": len(solution), "hand": [to_public(t) for t in hand]}
    out.append({"name": "no chain can use a spare", "day": day, "solution": solution, "walkthrough": walk})
    return out


def written() -> dict[str, Any]:
    return {"about": "Chain's walkthrough, one file for both: tests/test_chain_walkthrough_vectors.py "
                     "holds it to what puzzlebook/chain makes now, tests/js/chain_walk_words.test.mjs "
                     "has site/static/js/chain/walk_words.js say each text from the numbers alone.",
            "cases": cases()}


def test_the_vectors_are_what_the_generator_makes_now() -> None:
    assert json.loads(FILE.read_text(encoding="utf-8")) == written(), (
        "python -m tests.test_chain_walkthrough_vectors writes it again")


@pytest.mark.parametrize("case", written()["cases"], ids=lambda c: c["name"])
def test_a_walkthrough_stored_before_spares_kept_their_likeness_gains_it(case: dict[str, Any]) -> None:
    """The API's answer for a day stored before (functions/routes/chain/routes.py): the same likes."""
    from puzzlebook.chain.tiles import parse_tile

    walk = case["walkthrough"]
    old = {**walk, "spares": [{k: v for k, v in spare.items() if k != "like"} for spare in walk["spares"]]}
    hand = [parse_tile(tile) for tile in case["day"]["hand"]]
    assert with_likes(old, hand, case["solution"]) == walk
    assert any(spare["like"] for c in written()["cases"] for spare in c["walkthrough"]["spares"])


if __name__ == "__main__":
    FILE.write_text(json.dumps(written(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
