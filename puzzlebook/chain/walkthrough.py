"""The walkthrough stored with a day: each move of one solving order with the
value it reaches, and for each spare why it does not belong.

The reasons come from the solver's tree, so they are facts, not guesses: every
full-length chain using a spare misses the target, and the walkthrough shows
the closest one (the first in the solver's order among the closest).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlebook.chain.solver import full_chains
from puzzlebook.chain.tiles import ADD, SUB, SWAP, SYMBOLS, Tile, label, step


def move_text(value: int, tile: Tile, result: int) -> str:
    """One move in words: '79 + 54 = 133' or 'swap the digits of 79: 97'."""
    op, n = tile
    if op == SWAP:
        return f"swap the digits of {value}: {result}"
    return f"{value} {SYMBOLS[op]} {n} = {result}"


def _listing(labels: Sequence[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _miss(end: int, target: int) -> str:
    return f"{end - target} over" if end > target else f"{target - end} short"


def lookalike(spare: Tile, hand: Sequence[Tile], solution: Sequence[int]) -> dict[str, int] | None:
    """A nudged spare: the solution's first add or subtract of its kind within 10 of it, as
    {"tile": its index in the hand, "by": the spare's number less its}; None for any other spare."""
    op, n = spare
    if op not in (ADD, SUB):
        return None
    for i in solution:
        kin_op, kin_n = hand[i]
        if kin_op == op and 0 < abs(kin_n - n) <= 10:
            return {"tile": i, "by": n - kin_n}
    return None


def _like_words(spare: Tile, hand: Sequence[Tile], like: dict[str, int] | None) -> str | None:
    if like is None:
        return None
    by = like["by"]
    return f"{label(spare)} looks like {label(hand[like['tile']])} ({abs(by)} {'more' if by > 0 else 'less'})"


def spare_note(start: int, target: int, hand: Sequence[Tile], solution: Sequence[int],
               spare: int) -> dict[str, Any]:
    """Why hand tile `spare` is not in the answer: the closest full-length chain
    that uses it and where that chain ends."""
    moves = len(solution)
    best: tuple[tuple[int, ...], int] | None = None
    for order, end in full_chains(start, hand, moves):
        if spare in order and (best is None or abs(end - target) < abs(best[1] - target)):
            best = (order, end)
    tile = hand[spare]
    like = lookalike(tile, hand, solution)
    parts = [text] if (text := _like_words(tile, hand, like)) else []
    if best is None:
        parts.append(f"no {moves}-move chain can use {label(tile)} at all")
        text = "; ".join(parts)
        return {"tile": spare, "closest": None, "end": None, "like": like,
                "text": text[0].upper() + text[1:] + "."}
    order, end = best
    chain = _listing([label(hand[i]) for i in order])
    parts.append(f"every {moves}-move chain with it misses {target}; the closest, {chain}, "
                 f"ends at {end} ({_miss(end, target)})")
    text = "; ".join(parts)
    return {"tile": spare, "closest": list(order), "end": end, "like": like,
            "text": text[0].upper() + text[1:] + "."}


def with_likes(walk: dict[str, Any], hand: Sequence[Tile], solution: Sequence[int]) -> dict[str, Any]:
    """`walk`, a stored walkthrough, with each spare's `like` (`lookalike`): one stored before spares
    kept it gains it, so a page can say every note in its own language from the numbers alone."""
    spares = [spare if "like" in spare else {**spare, "like": lookalike(hand[spare["tile"]], hand, solution)}
              for spare in walk.get("spares", [])]
    return {**walk, "spares": spares}


def walkthrough(start: int, target: int, hand: Sequence[Tile], solution: Sequence[int],
                orders: int) -> dict[str, Any]:
    """The walkthrough of a day (JSON-ready): a summary, the steps of
    `solution` and a note per spare. `orders` is how many orders of the
    solving set work."""
    steps = []
    value = start
    for i in solution:
        reached = step(value, *hand[i])
        steps.append({"tile": i, "from": value, "to": reached, "text": move_text(value, hand[i], reached)})
        value = reached
    used = _listing([label(hand[i]) for i in solution])
    ways = "in this order only" if orders == 1 else f"in {orders} different orders"
    summary = (f"From {start} to {target} in {len(solution)} moves with {used}; "
               f"these tiles work {ways}.")
    spare_tiles = [i for i in range(len(hand)) if i not in solution]
    return {
        "summary": summary,
        "steps": steps,
        "orders": orders,
        "spares": [spare_note(start, target, hand, solution, i) for i in spare_tiles],
    }
