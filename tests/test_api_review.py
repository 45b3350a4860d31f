"""A signed-in player's review over the API, on both stores (docs/review.md; docs/api.md, "Review"):
the browser's copy posted whole, merged into the player's own item (the worse of a day's results
standing) and answered with what is due today; bad input refused in words with nothing kept; and a
review never touches the rating."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from functions.app import REVIEW_BODY_LIMIT
from functions.routes.chess.review import SYNCS_PER_HOUR
from puzzlebook.review.queue import MAX_CARDS, MAX_REVIEW_RESULTS, Queue, add
from service.games.chess.review import ChessReview
from service.store import keys as K
from service.store.items import Add, Delete, Op, Put, make_item
from tests.support import StoreKind, World, signed_up, world_of

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
TODAY = "2026-11-30"
YESTERDAY = "2026-11-29"


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, NOON) as world:
        yield world


def card(pid: str, *results: tuple[str, str], band: str = "Easy") -> dict[str, Any]:
    return {"band": band, "id": pid, "results": [list(r) for r in results]}


def post(world: World, me: dict[str, str], *cards: dict[str, Any]) -> Any:
    return world.client.post("/api/chess/review", json={"cards": list(cards)}, headers=me)


def player_id(world: World, me: dict[str, str]) -> str:
    return str(world.client.get("/api/me", headers=me).json()["id"])


def test_a_review_needs_a_player_and_starts_empty(world: World) -> None:
    assert world.client.get("/api/chess/review").status_code == 401
    assert world.client.post("/api/chess/review", json={"cards": []}).status_code == 401
    me = signed_up(world.client)
    got = world.client.get("/api/chess/review", headers=me)
    assert got.status_code == 200, got.text
    assert got.json() == {"cards": [], "due_today": 0, "today": TODAY}
    assert got.headers["Cache-Control"] == "no-store"


@pytest.fixture
def written(world: World, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Each store write from here on (a `transact` call: one item's conditional write, or a
    transaction) as the sort keys of the items it writes (its conditions on other items left out)."""
    calls: list[list[str]] = []
    transact = world.store.transact

    def counted(ops: Sequence[Op]) -> None:
        calls.append([op.item["SK"] if isinstance(op, Put) else op.sk for op in ops
                      if isinstance(op, Put | Add | Delete)])
        transact(ops)

    monkeypatch.setattr(world.store, "transact", counted)
    return calls


def test_an_empty_review_posted_by_a_player_without_one_writes_nothing(world: World) -> None:
    """The home page's sync of a browser that kept no review: the answer is the empty review, and no
    item is made for it (a read derives an empty one)."""
    me = signed_up(world.client)
    got = post(world, me)
    assert got.status_code == 200, got.text
    assert got.json() == {"cards": [], "due_today": 0, "today": TODAY}
    assert world.store.get_item(K.player(player_id(world, me)), "REVIEW#chess") is None


def test_an_empty_review_posted_by_a_player_without_one_writes_nothing_at_all(
    world: World, written: list[list[str]],
) -> None:
    """Nor is it counted against the hour (docs/review.md, "Posts an hour"): its answer is the empty
    review, no card for FSRS to work out, and counting it would make the item it spares."""
    me = signed_up(world.client)
    written.clear()
    assert post(world, me).status_code == 200
    assert written == []


def test_a_post_that_changes_the_review_writes_the_one_item_its_count_in_it(
    world: World, written: list[list[str]],
) -> None:
    """Issue 45: a post was two writes, the review's item and a rate window's count; the count is the
    item's now, so it is one write, the first post's as each one after it."""
    me = signed_up(world.client)
    pid = player_id(world, me)
    written.clear()
    assert post(world, me, card("aaaaa", (YESTERDAY, "miss"))).status_code == 200
    assert post(world, me, card("bbbbb", (TODAY, "miss"))).status_code == 200
    assert written == [["REVIEW#chess"], ["REVIEW#chess"]]
    item = world.store.get_item(K.player(pid), "REVIEW#chess")
    assert item is not None and item["doc"]["syncs"] == {"w": int(NOON.timestamp()), "n": 2}


def test_a_post_that_changes_nothing_counts_in_the_reviews_item(
    world: World, written: list[list[str]],
) -> None:
    """Posting what the server has already costs its work all the same: it is counted, in the review's
    item (the count alone changes), and answered as before."""
    me = signed_up(world.client)
    pid = player_id(world, me)
    first = post(world, me, card("aaaaa", (YESTERDAY, "miss")))
    written.clear()
    again = post(world, me, card("aaaaa", (YESTERDAY, "miss")))
    assert again.json() == first.json()
    assert written == [["REVIEW#chess"]]
    item = world.store.get_item(K.player(pid), "REVIEW#chess")
    assert item is not None and item["doc"]["syncs"]["n"] == 2 and len(item["doc"]["cards"]) == 1


def test_the_hours_posts_are_capped_with_retry_after_and_the_next_hour_takes_them(world: World) -> None:
    """At most SYNCS_PER_HOUR posts a clock hour, changing the review or not: the next is refused in
    words, saying when to try again, with Retry-After the seconds to the hour's end; nothing is kept."""
    world.clock.advance(minutes=25)  # 12:25: 35 minutes left of the hour
    me = signed_up(world.client)
    # The hour's posts but one made already (600 posts over HTTP were 17 s of CPU): the last is taken.
    kept_before(world, player_id(world, me), {"w": int(NOON.timestamp()), "n": SYNCS_PER_HOUR - 1})
    assert post(world, me, card("aaaaa", (YESTERDAY, "miss"))).status_code == 200
    refused = post(world, me, card("bbbbb", (TODAY, "miss")))
    assert refused.status_code == 429, refused.text
    assert refused.json() == {"code": "too_many_review_posts", "error": (
        f"Too many review posts: at most {SYNCS_PER_HOUR} an hour. Try again in 35 minutes.")}
    assert refused.headers["Retry-After"] == str(35 * 60)
    assert [c["id"] for c in world.client.get("/api/chess/review", headers=me).json()["cards"]] == ["aaaaa"]
    world.clock.advance(minutes=35)  # 13:00: a new hour
    taken = post(world, me, card("bbbbb", (TODAY, "miss")))
    assert taken.status_code == 200, taken.text
    assert [c["id"] for c in taken.json()["cards"]] == ["aaaaa", "bbbbb"]


def kept_before(world: World, pid: str, syncs: dict[str, int] | None = None) -> None:
    """The player's review item as it is kept before the count was (none in it), or with `syncs`."""
    doc: dict[str, Any] = add(Queue(), "Easy", "aaaaa", YESTERDAY, "miss").to_doc()
    if syncs is not None:
        doc["syncs"] = syncs
    world.store.transact([Put(make_item(K.player(pid), "REVIEW#chess", doc, version=1), expect=0)])


def test_a_review_kept_before_its_count_reads_as_none_counted_and_takes_a_post(world: World) -> None:
    me = signed_up(world.client)
    pid = player_id(world, me)
    kept_before(world, pid)
    assert [c["id"] for c in world.client.get("/api/chess/review", headers=me).json()["cards"]] == ["aaaaa"]
    got = post(world, me, card("bbbbb", (TODAY, "miss")))
    assert got.status_code == 200, got.text
    assert [c["id"] for c in got.json()["cards"]] == ["aaaaa", "bbbbb"]
    item = world.store.get_item(K.player(pid), "REVIEW#chess")
    assert item is not None and item["v"] == 2
    assert item["doc"]["syncs"] == {"w": int(NOON.timestamp()), "n": 1}


@pytest.mark.parametrize(("hour", "status"), [(0, 429), (-1, 200)])
def test_the_count_kept_in_the_review_decides_a_refusal_in_its_own_hour_only(
    world: World, hour: int, status: int,
) -> None:
    """A count at the cap refuses the next post in the hour it was counted in; an earlier hour's is over."""
    me = signed_up(world.client)
    pid = player_id(world, me)
    kept_before(world, pid, {"w": int(NOON.timestamp()) + hour * 3600, "n": SYNCS_PER_HOUR})
    got = post(world, me, card("bbbbb", (TODAY, "miss")))
    assert got.status_code == status, got.text
    if status == 429:
        assert got.json()["code"] == "too_many_review_posts" and got.headers["Retry-After"] == "3600"


def test_a_posted_review_is_kept_in_the_players_own_item_and_says_what_is_due(world: World) -> None:
    me = signed_up(world.client)
    got = post(world, me, card("aaaaa", (YESTERDAY, "miss")), card("bbbbb", (TODAY, "help")))
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["due_today"] == 1
    assert [(c["id"], c["due"], c["graduated"]) for c in body["cards"]] == [
        ("aaaaa", TODAY, None), ("bbbbb", "2026-12-01", None)]
    assert world.client.get("/api/chess/review", headers=me).json() == body
    item = world.store.get_item(K.player(player_id(world, me)), "REVIEW#chess")
    assert item is not None and len(item["doc"]["cards"]) == 2


def test_two_devices_merge_and_the_worse_of_a_day_stands(world: World) -> None:
    me = signed_up(world.client)
    # The phone solved it cleanly today; the laptop, not yet synced, missed it today.
    phone = post(world, me, card("aaaaa", (YESTERDAY, "miss"), (TODAY, "clean")))
    assert phone.json()["cards"][0]["graduated"] == TODAY
    laptop = post(world, me, card("aaaaa", (YESTERDAY, "miss"), (TODAY, "miss")),
                  card("ccccc", (TODAY, "miss")))
    cards = {c["id"]: c for c in laptop.json()["cards"]}
    assert cards["aaaaa"]["results"] == [[YESTERDAY, "miss"], [TODAY, "miss"]]
    assert cards["aaaaa"]["graduated"] is None and cards["aaaaa"]["due"] == "2026-12-01"
    assert set(cards) == {"aaaaa", "ccccc"}
    # Posting what is already kept changes nothing and answers the same.
    again = post(world, me, *laptop.json()["cards"])
    assert again.json() == laptop.json()


def test_a_graduated_card_is_let_go_after_ninety_days(world: World) -> None:
    me = signed_up(world.client)
    post(world, me, card("aaaaa", ("2026-08-01", "miss"), ("2026-08-20", "clean")))
    got = post(world, me, card("bbbbb", (TODAY, "miss")))
    assert [c["id"] for c in got.json()["cards"]] == ["bbbbb"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ([], 400, "The request must be a JSON object."),
    ({}, 400, "cards"),
    ({"cards": "none"}, 400, "The cards must be a list"),
    ({"cards": [card("aaaaa", (TODAY, "wrong"))]}, 400, "a grade must be one of miss, help, clean"),
    ({"cards": [card("aaaaa", ("2026-13-01", "miss"))]}, 400, "is not a day written YYYY-MM-DD"),
    ({"cards": [card("aaaaa", (TODAY, "miss"), band="Impossible")]}, 400, "band must be one of"),
    ({"cards": [card("a/b", (TODAY, "miss"))]}, 400, "id must be a puzzle id"),
    ({"cards": [card("aaaaa")]}, 400, "at least one"),
    ({"cards": [card("aaaaa", ("2026-12-05", "miss"))]}, 422, "after today (2026-11-30)"),
])
def test_bad_input_is_refused_in_words_and_nothing_is_kept(
    world: World, body: Any, status: int, words: str
) -> None:
    me = signed_up(world.client)
    assert post(world, me, card("zzzzz", (TODAY, "miss"))).status_code == 200
    got = world.client.post("/api/chess/review", json=body, headers=me)
    assert got.status_code == status, got.text
    assert words in got.json()["error"]
    assert [c["id"] for c in world.client.get("/api/chess/review", headers=me).json()["cards"]] == ["zzzzz"]


def test_a_review_too_large_is_refused_before_it_is_read(world: World) -> None:
    me = signed_up(world.client)
    filler = card("aaaaa", *[(f"2026-11-{d:02d}", "miss") for d in range(1, 29)])
    body = {"cards": [filler] * (REVIEW_BODY_LIMIT // 500)}
    got = world.client.post("/api/chess/review", json=body, headers=me)
    assert got.status_code == 413, got.text
    assert world.client.get("/api/chess/review", headers=me).json()["cards"] == []


def largest(cards: int = MAX_CARDS, results: int = MAX_REVIEW_RESULTS, last: str = YESTERDAY,
            ) -> list[dict[str, Any]]:
    """`cards` cards holding `results` results between them, each as wide as a card can be (the
    longest band's name, a 16-character id, graduated: "clean" last), day by day up to `last`."""
    end = dt.date.fromisoformat(last)
    out = []
    for k in range(cards):
        n = results // cards + (k < results % cards)
        days = [(end - dt.timedelta(days=d)).isoformat() for d in range(n - 1, -1, -1)]
        out.append(card(f"p{k:015d}", *[(day, "miss") for day in days[:-1]], (days[-1], "clean"),
                        band="Beginner"))
    return out


def test_the_largest_review_is_taken_and_one_card_or_result_more_is_refused_in_words(
    world: World,
) -> None:
    """What a real review holds bounds a post (docs/review.md, "Bounds"): MAX_CARDS cards and
    MAX_REVIEW_RESULTS results among them; the body limit leaves room to refuse one more in words."""
    me = signed_up(world.client)
    full = largest()
    assert len(json.dumps({"cards": [*full, card("zzzzz", (TODAY, "miss"))]})) < REVIEW_BODY_LIMIT
    got = post(world, me, *full)
    assert got.status_code == 200, got.text[:200]
    assert len(got.json()["cards"]) == MAX_CARDS
    too_many = post(world, me, *full, card("zzzzz", (TODAY, "miss")))
    assert too_many.status_code == 400 and f"at most {MAX_CARDS} cards" in too_many.json()["error"]
    one_more = post(world, me, *largest(results=MAX_REVIEW_RESULTS + 1))
    assert one_more.status_code == 400, one_more.text[:200]
    assert one_more.json()["error"] == (f"A review holds at most {MAX_REVIEW_RESULTS} results, all its cards "
                                        f"together; this one has {MAX_REVIEW_RESULTS + 1}.")


def test_the_attacks_review_is_refused_in_words_and_nothing_is_kept(world: World) -> None:
    """The attack: 400 cards of 30 results, the largest review the API took, cost seconds of the
    server's time a post. It is more than any real review holds: refused unread, for its size."""
    me = signed_up(world.client)
    assert post(world, me, card("zzzzz", (TODAY, "miss"))).status_code == 200
    got = post(world, me, *largest(400, 400 * 30))
    assert got.status_code == 413, got.text[:200]
    limit = REVIEW_BODY_LIMIT // 1024
    assert got.json()["error"] == f"That request is too large: the limit here is {limit} KB."
    assert [c["id"] for c in world.client.get("/api/chess/review", headers=me).json()["cards"]] == ["zzzzz"]


def test_a_kept_review_is_pruned_to_the_results_bound_newest_first(world: World) -> None:
    """A review kept before the bound (or two devices' copies together) holds more: the merge keeps
    the newest cards that fit, as the browser's copy of the rule does (tests/vectors/review.json)."""
    me = signed_up(world.client)
    first = largest(200, MAX_REVIEW_RESULTS, last="2026-11-20")  # 20 results a card
    assert post(world, me, *first).status_code == 200
    newer = [card(f"n{k:04d}", ("2026-11-28", "miss"), (YESTERDAY, "help")) for k in range(100)]
    got = post(world, me, *newer)
    assert got.status_code == 200, got.text[:200]
    kept = got.json()["cards"]
    assert sum(len(c["results"]) for c in kept) <= MAX_REVIEW_RESULTS
    assert {c["id"] for c in kept} >= {c["id"] for c in newer}
    assert len(kept) == 100 + (MAX_REVIEW_RESULTS - 200) // 20


def test_other_requests_are_answered_while_a_review_is_worked_out(tmp_path, monkeypatch) -> None:
    """A review's work (reading it, FSRS over every card) is held, in the thread it runs in, until
    /api/health has answered. On the event loop, holding it would hold health too, and health would
    never be answered: the order proves the work runs elsewhere, with no time measured."""
    import threading

    import httpx2

    from functions.app import create_app
    from functions.routes.chess import review as routes
    from tests.support import settings_for_tests, sqlite_store, uvicorn_serving

    started, released = threading.Event(), threading.Event()
    real_answer = routes._answer

    def held_answer(*args: Any) -> Any:
        started.set()
        released.wait(60)  # a guard against a hung test, not a measure: health releases it first
        return real_answer(*args)

    monkeypatch.setattr(routes, "_answer", held_answer)
    answers: dict[str, Any] = {}
    with sqlite_store(tmp_path / "s.sqlite3") as store, uvicorn_serving(
            create_app(settings_for_tests(), store)) as base:
        me = signed_up(httpx2.Client(base_url=base))

        def sync() -> None:
            answers["review"] = httpx2.post(f"{base}/api/chess/review", headers=me, timeout=120,
                                            json={"cards": [card("aaaaa", (YESTERDAY, "miss"))]})

        syncing = threading.Thread(target=sync)
        syncing.start()
        assert started.wait(60), "the review's work never started"
        try:
            health = httpx2.get(f"{base}/api/health", timeout=30)
            assert "review" not in answers, "the review was still held while health answered"
        finally:
            released.set()
        syncing.join(120)
    assert health.status_code in (200, 503) and health.json(), health.text
    assert answers["review"].status_code == 200 and answers["review"].json()["due_today"] == 1


def test_a_review_never_moves_the_rating(world: World) -> None:
    me = signed_up(world.client)
    before = world.client.get("/api/me", headers=me).json()
    post(world, me, card("aaaaa", (YESTERDAY, "miss"), (TODAY, "clean")), card("bbbbb", (TODAY, "miss")))
    after = world.client.get("/api/me", headers=me).json()
    assert after.get("ratings") == before.get("ratings")
    assert after.get("streaks") == before.get("streaks")


def test_the_review_goes_with_the_player(world: World) -> None:
    me = signed_up(world.client)
    post(world, me, card("aaaaa", (TODAY, "miss")))
    pid = player_id(world, me)
    assert world.client.delete("/api/me", headers=me).status_code in (200, 204)
    assert world.store.get_item(K.player(pid), "REVIEW#chess") is None
    assert ChessReview(world.store).mine(pid).cards == ()
