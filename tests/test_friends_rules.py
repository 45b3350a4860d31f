"""Playing together's rules (puzzlebook/friends/): the friend streak against its shared vectors
(tests/vectors/friends.json, which tests/js/friends_streak.test.mjs runs against the browser's copy),
what a player's record of days keeps, follow codes, who may follow whom, clubs and the boards."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlebook.friends.boards import Entry, Person, day_board, week_board
from puzzlebook.friends.clubs import may_join
from puzzlebook.friends.codes import BadCode, code_from, follow_link, normalise_code
from puzzlebook.friends.limits import MAX_CLUB_MEMBERS, MAX_FOLLOWS, Refused
from puzzlebook.friends.played import MISSED_KEPT, Played, walk
from puzzlebook.friends.seeing import may_follow
from puzzlebook.friends.state import Social, social_of, with_social
from puzzlebook.friends.streak import friend_streak, pair_today
from tests.friends_vectors import PATH, make, text

VECTORS = make()
START = dt.date(2026, 11, 2)


def test_the_vectors_file_is_what_the_rule_makes() -> None:
    assert PATH.read_text(encoding="utf-8") == text(), "run `python -m tests.friends_vectors`"


@pytest.mark.parametrize("case", VECTORS["streaks"]["cases"], ids=lambda c: c["name"])
def test_the_friend_streak_is_the_vectors(case: dict[str, Any]) -> None:
    a, b = (Played(case[k]["first"], case[k]["last"], tuple(case[k]["missed"])) for k in "ab")
    got = friend_streak(a, b, dt.date.fromisoformat(case["today"]))
    assert (got.length, got.freezes_used, got.freezes_held, got.both_today) == (
        case["length"], case["freezes_used"], case["freezes_held"], case["both_today"])


def _marked(days: list[int]) -> Played:
    played = Played()
    for n in days:
        played = played.marked(START + dt.timedelta(days=n), "chain")
    return played


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 120)), st.lists(st.integers(0, 120)), st.integers(0, 3))
def test_the_records_lose_no_day_a_friend_streak_can_reach(a: list[int], b: list[int], later: int) -> None:
    # In any order of marking (late results of dates before included), the streak from the two records is
    # the streak over every day both ever played.
    today = START + dt.timedelta(days=max([*a, *b, 0]) + later)
    every = [START + dt.timedelta(days=n) for n in set(a) & set(b)]
    whole = walk(every)[0].standing(today)
    got = friend_streak(_marked(a), _marked(b), today)
    if len(_marked(a).missed) < MISSED_KEPT and len(_marked(b).missed) < MISSED_KEPT:
        assert (got.length, got.freezes_used, got.freezes_held) == (
            whole.length, whole.freezes_used, whole.freezes_held)


def test_a_record_marks_each_date_and_game_once_and_keeps_a_weeks_games() -> None:
    played = _marked(list(range(10)))
    assert played.marked(START + dt.timedelta(days=9), "chain") is played  # marked already: nothing to write
    both = played.marked(START + dt.timedelta(days=9), "chess", offset=-300)
    assert both.games_on((START + dt.timedelta(days=9)).isoformat()) == ("chain", "chess")
    assert both.o == -300
    assert len(both.recent) == 8 and both.recent[0][0] == (START + dt.timedelta(days=9)).isoformat()


def test_a_record_past_its_kept_missed_days_starts_later() -> None:
    # Six days played, one missed, for 30 weeks: a freeze earned each week and spent the next.
    days = [n for n in range(7 * 30) if n % 7 != 6 or n < 7]
    played = _marked(days)
    assert len(played.missed) == MISSED_KEPT
    assert played.first is not None and played.first > START.isoformat()


def test_the_pairs_today_waits_for_the_later_zone() -> None:
    now = dt.datetime(2026, 12, 5, 2, 0, tzinfo=dt.UTC)  # the 5th in Paris, still the 4th in New York
    assert pair_today(Played(o=60), Played(o=-300), now, now.date()) == dt.date(2026, 12, 4)


def test_a_profile_keeps_its_social_record_beside_what_it_had() -> None:
    profile = {"name": "Ada", "token_hash": "h", "created": "t"}
    kept = with_social(profile, Social("7KQ2M9XD4T", clubs=("c1",)))
    assert {k: kept[k] for k in profile} == profile
    assert social_of(kept) == Social("7KQ2M9XD4T", clubs=("c1",))
    assert social_of(profile) == Social() and not Social().keeps_days
    assert with_social(kept, Social()) == profile  # nothing kept: the profile as it was


def test_follow_codes_read_aloud_and_forgive_typing() -> None:
    code = code_from(bytes([255] * 7))
    assert code == "ZZZZZ-ZZZZZ"
    assert normalise_code(" zzzzz zzzzz ") == "ZZZZZZZZZZ"
    assert normalise_code("0o1il-00000") == "0011100000"
    assert follow_link("ZZZZZZZZZZ") == "/friends/follow/?code=ZZZZZ-ZZZZZ"
    for bad, words in ((None, "must be text"), ("ZZZZZ", "10 characters"), ("ZZZZZ-ZZZZU", "but U")):
        with pytest.raises(BadCode, match=words):
            normalise_code(bad)


def _follow(**given: object) -> bool:
    args: dict[str, Any] = dict(me="a", target="b", closed=False, blocked_by_them=False, classmate=True,
                      following=False, blocking_them=False, follows=0) | given
    return may_follow(**args)


def test_who_may_follow_whom() -> None:
    assert _follow() is True
    assert _follow(following=True) is False
    hidden: list[dict[str, Any]] = [dict(closed=True), dict(blocked_by_them=True), dict(classmate=False)]
    for refused in hidden:  # each reads as a wrong code: nothing says the player is there
        with pytest.raises(Refused) as got:
            _follow(**refused)
        assert got.value.status == 404 and "doesn’t find anyone" in str(got.value)
    for refused, words in ((dict(target="a"), "your own"), (dict(blocking_them=True), "unblock them"),
                           (dict(follows=MAX_FOLLOWS), f"{MAX_FOLLOWS} people")):
        with pytest.raises(Refused, match=words) as got:
            _follow(**refused)
        assert got.value.status == 422


def test_who_may_join_a_club() -> None:
    join: dict[str, Any] = dict(code="k", given="k", members=3, member=False, removed=False, clubs=0)
    assert may_join(**join) is True
    for refused, status in ((dict(given="x"), 404), (dict(removed=True), 404), (dict(clubs=2), 422),
                            (dict(members=MAX_CLUB_MEMBERS), 422)):
        with pytest.raises(Refused) as got:
            may_join(**(join | refused))
        assert got.value.status == status
    words = []
    for refused in ({"given": "x"}, {"removed": True}):  # a wrong link and a removal read alike
        with pytest.raises(Refused) as got:
            may_join(**(join | refused))
        words.append(str(got.value))
    assert words[0] == words[1]


def test_a_days_board_ranks_by_the_public_boards_key_and_a_weeks_by_days_played() -> None:
    placed = day_board([Entry("b", "Bo", "1#0000#000030"), Entry("a", "Ada", "0#0002#000090", you=True),
                        Entry("c", "Cy", "0#0000#000120")])
    assert [(p.place, p.entry.name) for p in placed] == [(1, "Cy"), (2, "Ada"), (3, "Bo")]
    days = ["d1", "d2", "d3"]
    results = {("a", "d1"): Entry("a", "Ada", "k", {"seconds": 30, "clean": True}),
               ("a", "d2"): Entry("a", "Ada", "k", {"seconds": 20, "clean": False}),
               ("b", "d3"): Entry("b", "Bo", "k", {"seconds": 50, "clean": True}),
               ("c", "d1"): Entry("c", "Cy", "k", {"seconds": 10, "clean": True})}
    rows = week_board([Person("a", "Ada"), Person("b", "Bo"), Person("c", "Cy"), Person("d", "Di")],
                      days, results)
    assert [(r.place, r.person.name, r.played) for r in rows] == [(1, "Ada", 2), (2, "Bo", 1), (2, "Cy", 1),
                                                                   (4, "Di", 0)]
    assert rows[0].totals == {"clean": 1, "seconds": 50} and rows[0].days[2] is None


def test_the_vectors_say_what_they_hold() -> None:
    about = json.loads(PATH.read_text(encoding="utf-8"))["about"]
    assert "friends_streak.test.mjs" in about and "test_friends_rules.py" in about
