"""The store's contract for playing together, on both stores (SQLite and moto's DynamoDB): follow codes,
follows and their cap, followers, blocks, the class rule, a day's result marked on its player's record
and indexed into their clubs, clubs (made, joined, full, left, members removed, closed), and a deleted
player leaving nothing of theirs in anyone else's items (service/social/)."""

from __future__ import annotations

import datetime as dt

import pytest

from puzzlebook.chain.results import Solve
from puzzlebook.friends.clubs import NO_JOIN, OWNER_STAYS, TOO_MANY
from puzzlebook.friends.codes import grouped
from puzzlebook.friends.limits import MAX_CLUB_MEMBERS, MAX_FOLLOWS, Refused
from puzzlebook.friends.state import social_of
from service.accounts import delete_player
from service.classes.records import ClassRecords
from service.context import Context
from service.games.chain.records import ChainRecords
from service.social import keys as S
from service.social.clubs import Clubs
from service.social.days import mark_daily
from service.social.follows import Follows
from service.store import keys as K
from service.store.base import Store
from service.store.items import Add
from tests.support import STORE_T0, settings_for_tests

T0 = STORE_T0
DAY = T0.date()


@pytest.fixture
def ctx(store: Store) -> Context:
    """The app's Context over the test's store (what a game's board hooks read)."""
    return Context(store, settings_for_tests())


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def players(store: Store, *names: str) -> list[str]:
    return [store.create_player(name, "h", T0).id for name in names]


def code_of(store: Store, pid: str) -> str:
    state = Follows(store).code_state(pid)
    assert state is not None
    return grouped(state.code)


def refused(call: object, *args: object, **kwargs: object) -> Refused:
    with pytest.raises(Refused) as got:
        call(*args, **kwargs)  # type: ignore[operator]
    return got.value


def test_a_follow_code_is_drawn_once_kept_and_replaced(store: Store) -> None:
    ada, bo = players(store, "Ada", "Bo")
    follows = Follows(store)
    first = follows.code_state(ada)
    assert first is not None and len(first.code) == 10 and first.allowed and first.following == 0
    assert follows.code_state(ada) == first  # the same each time it is asked
    assert follows.owner_of(grouped(first.code).lower()) == ada  # typed as a person would
    new = follows.code_state(ada, new_code=True)
    assert new is not None and new.code != first.code
    assert follows.owner_of(first.code) is None  # the old code finds no one at once
    assert refused(follows.follow, bo, grouped(first.code), at(1)).status == 404
    assert follows.follow(bo, grouped(new.code), at(1))[1] is True
    assert refused(follows.owner_of, "not a code").status == 400
    assert follows.code_state("0123456789abcdef") is None


def test_following_asks_nothing_of_the_followed_and_is_counted_and_capped(store: Store) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    follows = Follows(store)
    them, new = follows.follow(ada, code_of(store, bo), at(1))
    assert (them.pid, them.name, new) == (bo, "Bo", True)
    assert follows.follow(ada, code_of(store, bo), at(2))[1] is False  # already: nothing written
    assert follows.followed(ada) == [bo]
    assert [pid for pid, _ in follows.followers(bo)[0]] == [ada]
    assert follows.following_back(ada, [bo]) == set()
    follows.follow(bo, code_of(store, ada), at(3))
    assert follows.following_back(ada, [bo]) == {bo}
    state = follows.code_state(ada)
    assert state is not None and state.following == 1
    assert refused(follows.follow, ada, code_of(store, ada), at(4)).status == 422  # their own
    store.transact([Add(K.player(ada), S.FOLLOWING, {"n": MAX_FOLLOWS - 2})])  # one place left
    follows.follow(ada, code_of(store, cy), at(5))
    dan = players(store, "Dan")[0]
    full = refused(follows.follow, ada, code_of(store, dan), at(6))
    assert full.status == 422 and str(MAX_FOLLOWS) in str(full)
    assert follows.unfollow(ada, cy) and not follows.unfollow(ada, cy)
    assert follows.follow(ada, code_of(store, dan), at(7))[1] is True  # the unfollow made room


def test_turning_following_off_hides_you_and_refuses_new_followers(store: Store) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    follows = Follows(store)
    code = code_of(store, bo)
    follows.follow(ada, code, at(1))
    off = follows.code_state(bo, allowed=False)
    assert off is not None and not off.allowed
    assert social_of(store.get_player(bo).doc).closed  # type: ignore[union-attr]
    assert refused(follows.follow, cy, code, at(2)).status == 404  # reads as a wrong code
    assert follows.followed(ada) == [bo]  # those following stay, their view hides Bo's results
    follows.code_state(bo, allowed=True)
    assert follows.follow(cy, code, at(3))[1] is True


def test_removing_a_follower_and_blocking(store: Store) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    follows = Follows(store)
    follows.follow(bo, code_of(store, ada), at(1))
    assert follows.remove_follower(ada, bo) and follows.followers(ada)[0] == []
    assert not follows.remove_follower(ada, bo)
    follows.follow(bo, code_of(store, ada), at(2))  # a follower removed may follow again...
    follows.follow(ada, code_of(store, bo), at(3))
    assert follows.block(ada, cy, at(4)) is None  # no follow either way: nothing says Cy is there
    blocked = follows.block(ada, bo, at(5))  # ...a blocked one may not, and the block ends both
    assert blocked is not None and blocked.name == "Bo"
    assert follows.followed(ada) == [] and follows.followers(ada)[0] == [] and follows.followed(bo) == []
    assert refused(follows.follow, bo, code_of(store, ada), at(6)).status == 404
    you_blocked = refused(follows.follow, ada, code_of(store, bo), at(6))
    assert you_blocked.status == 422 and "unblock" in str(you_blocked)
    assert [s.name for s in follows.blocked(ada)] == ["Bo"]
    assert follows.block(ada, bo, at(7)) is not None  # blocked already: as it was
    for pid in (ada, bo):
        state = follows.code_state(pid)
        assert state is not None and state.following == 0  # both counts gave the follow back
    assert follows.unblock(ada, bo) and not follows.unblock(ada, bo)
    assert follows.follow(bo, code_of(store, ada), at(8))[1] is True


def test_a_classs_student_is_followed_only_by_classmates(store: Store) -> None:
    teacher, kid, classmate, stranger = players(store, "Teacher", "Kid", "Classmate", "Stranger")
    classes = ClassRecords(store)
    head = classes.create(teacher, "Year 7", at(0))
    for pid, name in ((kid, "Kid"), (classmate, "Classmate")):
        classes.join(head.id, head.code, pid, name, at(1))
    follows = Follows(store)
    code = code_of(store, kid)
    assert refused(follows.follow, stranger, code, at(2)).status == 404
    assert refused(follows.follow, teacher, code, at(2)).status == 404  # the teacher sees results in class
    assert follows.follow(classmate, code, at(3))[1] is True
    assert follows.follow(kid, code_of(store, stranger), at(4))[1] is True  # a student follows anyone


def chain_solve(store: Store, pid: str, day: dt.date, seconds: int = 30, **kw: object) -> None:
    solve = Solve(day.isoformat(), [0, 1, 2], seconds, **kw)  # type: ignore[arg-type]
    ChainRecords(store).record_chain_solve(pid, solve, today=day, now=dt.datetime.combine(day, dt.time(9),
                                                                                            dt.UTC))


def test_a_ranked_result_is_marked_once_and_only_for_a_player_someone_could_follow(
    store: Store, ctx: Context
) -> None:
    ada, bo = players(store, "Ada", "Bo")
    code_of(store, ada)  # Ada has a code: her days are kept; Bo has none: nothing is written for him
    for pid in (ada, bo):
        chain_solve(store, pid, DAY)
    ada_p, bo_p = store.get_player(ada), store.get_player(bo)
    assert ada_p is not None and bo_p is not None
    assert not mark_daily(ctx, bo_p, "chain", DAY, 60, DAY)
    assert mark_daily(ctx, ada_p, "chain", DAY, 60, DAY)
    ada_p = store.get_player(ada)
    assert ada_p is not None
    played = social_of(ada_p.doc).played
    assert played.has(DAY.isoformat(), "chain") and played.o == 60
    assert not mark_daily(ctx, ada_p, "chain", DAY, 60, DAY)  # marked already: no read
    later = DAY + dt.timedelta(days=1)
    assert not mark_daily(ctx, ada_p, "chain", later, 60, DAY)  # no result of that day
    chain_solve(store, ada, later, offline=True)
    assert not mark_daily(ctx, ada_p, "chain", later, 60, DAY)  # offline: no board counts it


def test_clubs_are_made_joined_left_and_capped(store: Store, ctx: Context) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    clubs = Clubs(store)
    club = clubs.create(ada, "Ada", "Tuesday tacticians", at(0), ctx)
    assert (club.owner, club.name) == (ada, "Tuesday tacticians")
    assert [m.name for m in clubs.members(club.id)] == ["Ada"]
    assert clubs.join(club.id, club.code, bo, "Bo", at(1), ctx)[1] is True
    assert clubs.join(club.id, "wrong", bo, "Bo", at(2), ctx)[1] is False  # a member already
    wrong = refused(clubs.join, club.id, "wrong", cy, "Cy", at(2), ctx)
    assert wrong.status == 404 and str(wrong) == str(NO_JOIN)
    assert refused(clubs.join, "nosuchclubxxxxxx", club.code, cy, "Cy", at(2), ctx).status == 404
    assert [c.id for c in clubs.clubs_of(bo)] == [club.id]
    second = clubs.create(bo, "Bo", "Bo's own", at(3), ctx)
    assert str(refused(clubs.create, bo, "Bo", "One too many", at(4), ctx)) == str(TOO_MANY)
    assert social_of(store.get_player(bo).doc).clubs == (club.id, second.id)  # type: ignore[union-attr]
    assert str(refused(clubs.leave, second.id, bo)) == str(OWNER_STAYS)
    assert clubs.leave(club.id, bo) and not clubs.leave(club.id, bo)
    assert social_of(store.get_player(bo).doc).clubs == ("", second.id)  # the slot freed, the other kept
    store.transact([Add(S.club(club.id), S.COUNT, {"members": MAX_CLUB_MEMBERS - 1})])
    full = refused(clubs.join, club.id, club.code, cy, "Cy", at(5), ctx)
    assert full.status == 422 and "full" in str(full)


def test_the_owner_renames_draws_a_new_link_removes_and_closes(store: Store, ctx: Context) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    clubs = Clubs(store)
    club = clubs.create(ada, "Ada", "Tacticians", at(0), ctx)
    for pid, name in ((bo, "Bo"), (cy, "Cy")):
        clubs.join(club.id, club.code, pid, name, at(1), ctx)
    assert clubs.update(club.id, bo, name="Mine now") is None  # only the owner
    renamed = clubs.update(club.id, ada, name="Night owls", new_code=True)
    assert renamed is not None and renamed.name == "Night owls" and renamed.code != club.code
    assert clubs.remove(club.id, ada, bo, at(2)) and not clubs.remove(club.id, ada, bo, at(3))
    assert not clubs.remove(club.id, cy, ada, at(3))  # a member can't
    assert refused(clubs.join, club.id, renamed.code, bo, "Bo", at(4), ctx).status == 404  # stays out
    assert [m.name for m in clubs.members(club.id)] == ["Ada", "Cy"]
    assert clubs.clubs_of(bo) == []  # and his slot is freed as he looks
    assert social_of(store.get_player(bo).doc).clubs == ()  # type: ignore[union-attr]
    assert not clubs.close(club.id, cy)
    assert clubs.close(club.id, ada) and clubs.head(club.id) is None
    assert clubs.clubs_of(cy) == [] and clubs.clubs_of(ada) == []
    assert store.query_items(S.club(club.id)) == []


def test_a_members_result_is_kept_under_their_clubs_board(store: Store, ctx: Context) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    chain_solve(store, bo, DAY, seconds=50)  # before joining: indexed as he joins (the day is in play)
    clubs = Clubs(store)
    now = dt.datetime.combine(DAY, dt.time(12), dt.UTC)
    club = clubs.create(ada, "Ada", "Tacticians", now, ctx)
    clubs.join(club.id, club.code, bo, "Bo", now, ctx)
    chain_solve(store, ada, DAY, seconds=40)  # after: indexed as it is marked
    ada_p = store.get_player(ada)
    assert ada_p is not None and mark_daily(ctx, ada_p, "chain", DAY, 0, DAY)
    board = [it for i in S.CLUB_SLOT_INDEXES
             for it in store.query_items(S.club_board(club.id, "chain", DAY.isoformat()), index=i)]
    assert sorted(str(it["PK"])[2:] for it in board) == sorted([ada, bo])
    assert cy not in {str(it["PK"])[2:] for it in board}


def test_a_deleted_player_leaves_nothing_in_anyone_elses_items(store: Store, ctx: Context) -> None:
    ada, bo, cy = players(store, "Ada", "Bo", "Cy")
    follows, clubs = Follows(store), Clubs(store)
    ada_code = code_of(store, ada)
    follows.follow(bo, ada_code, at(1))
    follows.follow(ada, code_of(store, bo), at(2))
    follows.follow(cy, code_of(store, bo), at(2))
    follows.block(cy, bo, at(3))  # Cy blocks Bo
    owned = clubs.create(ada, "Ada", "Ada's", at(4), ctx)
    clubs.join(owned.id, owned.code, bo, "Bo", at(5), ctx)
    theirs = clubs.create(cy, "Cy", "Cy's", at(6), ctx)
    clubs.join(theirs.id, theirs.code, ada, "Ada", at(7), ctx)
    clubs.remove(theirs.id, cy, ada, at(8))
    delete_player(store, ada)
    assert follows.followed(bo) == [] and follows.followers(bo)[0] == []
    state = follows.code_state(bo)
    assert state is not None and state.following == 0  # his count gave the follow back
    assert follows.owner_of(ada_code) is None
    assert clubs.head(owned.id) is None and clubs.clubs_of(bo) == []  # the club she owned closed
    assert store.query_items(S.removals_of(ada), index=S.CLUB_INDEX) == []
    delete_player(store, bo)
    assert follows.blocked(cy) == []  # her block of Bo went with him
    assert [m.pid for m in clubs.members(theirs.id)] == [cy]
