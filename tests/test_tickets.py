"""Play tickets (puzzlebook/tickets.py): what a result's ticket must be for the result to count."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlebook.tickets import Ticket, TicketRefused, check, read, sign, ticket_key

KEY = ticket_key(b"site key")
T = Ticket("p1", "chess", "00sHx", 1_000_000, "abc")


def refused(fn, *args, **kwargs) -> str:
    with pytest.raises(TicketRefused) as caught:
        fn(*args, **kwargs)
    assert str(caught.value)  # always says why
    return caught.value.reason


def test_a_signed_ticket_reads_back_as_it_was() -> None:
    assert read(sign(T, KEY), KEY) == T


@pytest.mark.parametrize("text,reason", [
    (None, "missing"), ("", "missing"), (42, "malformed"), ("no-dot", "malformed"),
    ("a.b.c", "malformed"), ("x" * 600, "malformed"), ("\x80.x", "malformed"), ("é.é", "malformed"),
])
def test_what_isnt_a_ticket_is_refused_by_name(text: object, reason: str) -> None:
    assert refused(read, text, KEY) == reason


def test_another_sites_key_or_a_changed_payload_is_forged() -> None:
    text = sign(T, KEY)
    assert refused(read, text, ticket_key(b"another site")) == "forged"
    payload, mac = text.split(".")
    other = sign(Ticket("p2", "chess", "00sHx", 1_000_000, "abc"), KEY).split(".")[0]
    assert refused(read, f"{other}.{mac}", KEY) == "forged"
    assert refused(read, f"{payload}.{mac[:-1]}A", KEY) in {"forged"}


def test_the_site_key_itself_does_not_sign_tickets() -> None:
    assert refused(read, sign(T, b"site key"), KEY) == "forged"


def test_a_ticket_counts_only_for_its_player_game_and_puzzle() -> None:
    ok = dict(player="p1", game="chess", target="00sHx", seconds=10, now=1_020_000)
    check(T, **ok)
    assert refused(check, T, **{**ok, "player": "p2"}) == "not-yours"
    assert refused(check, T, **{**ok, "game": "chain"}) == "other-game"
    assert refused(check, T, **{**ok, "target": "00sHy"}) == "other-puzzle"


def test_claimed_seconds_may_not_exceed_the_time_since_issue_plus_the_allowance() -> None:
    ok = dict(player="p1", game="chess", target="00sHx")
    check(T, **ok, seconds=25, now=1_020_000)  # 20 s passed, 5 s of clock allowance
    assert refused(check, T, **ok, seconds=26, now=1_020_000) == "too-fast"
    check(T, **ok, seconds=None, now=1_000_000)  # a miss claims no time


@given(st.text(max_size=40), st.text(max_size=40), st.text(max_size=40),
       st.integers(min_value=0, max_value=2**53), st.text(max_size=20))
def test_any_ticket_survives_its_round_trip(player: str, game: str, target: str, issued: int,
                                            nonce: str) -> None:
    t = Ticket(player, game, target, issued, nonce)
    text = sign(t, KEY)
    if len(text) <= 512:
        assert read(text, KEY) == t


@given(st.text(max_size=200))
def test_no_text_reads_as_a_ticket_without_the_key(text: str) -> None:
    with pytest.raises(TicketRefused):
        read(text, KEY)


def test_a_result_may_not_come_sooner_than_a_second_a_move_after_its_ticket() -> None:
    ok = dict(player="p1", game="chess", target="00sHx", seconds=3)
    # Three moves: at least three seconds since the ticket, give or take a second for the clock.
    check(T, **ok, now=1_002_000, floor=3)
    assert refused(check, T, **ok, now=1_001_999, floor=3) == "too-fast"
    check(T, **ok, now=1_000_000)  # no floor named (a miss): only the claimed time is checked
