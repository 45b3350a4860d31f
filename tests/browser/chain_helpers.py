"""Helpers for the Chain, archive, boards and account browser tests.

A test is not a player: it works out a day's answer from the public puzzle
with puzzlebook.chain's own solver (`full_chains`), never from the API.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from typing import Any

from puzzlebook.calendar import newest_date
from puzzlebook.chain.solver import full_chains
from puzzlebook.chain.tiles import explain, label, parse_tile, step


def hand_of(puzzle: dict[str, Any]) -> list[tuple[int, int]]:
    return [parse_tile(t) for t in puzzle["hand"]]


def labels(puzzle: dict[str, Any]) -> list[str]:
    """The tiles as a player sees them: +54, −28, ×3, ÷4, swap."""
    return [label(t) for t in hand_of(puzzle)]


def solving_order(puzzle: dict[str, Any]) -> list[int]:
    """One order of hand indices that solves the public `puzzle`."""
    for order, end in full_chains(puzzle["start"], hand_of(puzzle), puzzle["moves"]):
        if end == puzzle["target"]:
            return list(order)
    raise AssertionError(f"no solution found for {puzzle['date']}")


def wrong_chain(puzzle: dict[str, Any]) -> tuple[list[int], int]:
    """A full-length legal chain that misses the target, and where it ends."""
    for order, end in full_chains(puzzle["start"], hand_of(puzzle), puzzle["moves"]):
        if end != puzzle["target"]:
            return list(order), end
    raise AssertionError(f"every full chain of {puzzle['date']} solves it")


def values_of(puzzle: dict[str, Any], order: list[int]) -> list[int]:
    hand = hand_of(puzzle)
    values = [puzzle["start"]]
    for i in order:
        values.append(step(values[-1], *hand[i]))
    return values


def illegal_moves(puzzle: dict[str, Any]) -> Iterator[tuple[list[int], int, str]]:
    """(tiles played first, an unused tile that can't be played then, the reason),
    along prefixes of the solving order."""
    hand = hand_of(puzzle)
    order = solving_order(puzzle)
    for k in range(puzzle["moves"]):
        prefix = order[:k]
        value = values_of(puzzle, prefix)[-1]
        for i, tile in enumerate(hand):
            verdict = explain(value, tile)
            if i not in prefix and not verdict.ok:
                yield prefix, i, f"{label(tile)} can't be played on {value}: {verdict.reason}."


def record(page: Any, date: str) -> dict[str, Any] | None:
    """The Chain page's record of `date` in localStorage."""
    raw = page.evaluate("(key) => localStorage.getItem(key)", f"pb:chain:d:{date}")
    return json.loads(raw) if raw else None


def open_day(page: Any, date: str | None = None) -> None:
    """Open the Chain page on `date` (today when None) and wait for its tiles."""
    page.goto("/chain/" + (f"#/{date}" if date else ""))
    page.wait_for_selector("#chain-hand [data-tile]")


def click_tiles(page: Any, order: list[int]) -> None:
    for i in order:
        page.click(f'#chain-hand [data-tile="{i}"]')


def sign_in(page: Any, player: dict[str, Any]) -> None:
    """Keep `player` ({id, name, token}) in the page's storage before any script runs."""
    page.context.add_init_script(
        f"localStorage.setItem('pb:player', {json.dumps(json.dumps(player))})"
    )


def new_player(site_server: Any, name: str) -> dict[str, Any]:
    status, data = site_server.post("/api/players", {"name": name})
    assert status == 201, data
    return data


def site_today(site_server: Any) -> str:
    """The site day, as the server counts it."""
    status, data = site_server.get("/api/health")
    assert status == 200, data
    return data["today"]


# Long enough for a test to look at a date and be answered about it before it begins.
NOT_OUT_FOR = dt.timedelta(minutes=2)


def not_out_yet(now: dt.datetime | None = None) -> dt.date:
    """The first date nothing is served of yet, and won't be for NOT_OUT_FOR: the one after the
    newest begun anywhere (puzzlebook.calendar.released: its midnight at UTC+14), or, within
    NOT_OUT_FOR of that one's beginning, the one after it. Not the site day's tomorrow: from 10:00
    UTC on, the run's noon zone has its tomorrow begun at UTC+14 already, and served."""
    later = (now or dt.datetime.now(dt.UTC)) + NOT_OUT_FOR
    return newest_date(later) + dt.timedelta(days=1)


def public_day(site_server: Any, date: str) -> dict[str, Any]:
    status, data = site_server.get(f"/daily/chain/{date}.json")
    assert status == 200, f"/daily/chain/{date}.json: {status}"
    return data


def solved_elsewhere(site_server: Any, player: dict[str, Any], date: str, seconds: int,
                     undos: int = 0) -> dict[str, Any]:
    """`player` solves `date`'s Chain on another device (its solving order, through the API with a
    ticket); the answer, once it was taken (200)."""
    tiles = solving_order(public_day(site_server, date))
    body = {"date": date, "tiles": tiles, "seconds": seconds, "undos": undos, "resets": 0}
    status, answer = site_server.post_result("/api/chain/solves", body, player["token"])
    assert status == 200, answer
    return answer
