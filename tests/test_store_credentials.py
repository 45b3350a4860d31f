"""The store's contract for the ways back in — device tokens, passkeys, recovery codes and WebAuthn
challenges — on SQLite and on DynamoDB (moto, the template's table), as tests/test_store_contract.py."""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import replace

import pytest

from puzzlebook.recovery_codes import code_hash
from service.accounts import delete_player
from service.store import keys as K
from service.store.base import Store
from service.store.items import Gone
from service.store.records import Challenge, Passkey
from tests.support import STORE_T0, sqlite_store

T0 = STORE_T0
NOW_TS = int(T0.timestamp())


def key(cid: str, added: str = "2026-11-02T09:00:00.000000Z", **more) -> Passkey:
    return Passkey(id=cid, name=f"Key {cid}", public_key="pk-" + cid, sign_count=0, added=added, **more)


def codes(n: int, tag: str) -> list[str]:
    """`n` distinct valid codes (16 code characters each), told apart by `tag` (a digit)."""
    return [f"{tag}{k:015d}" for k in range(n)]


# ---- device tokens -------------------------------------------------------------------------


def test_tokens_end_one_by_one_by_their_passkey_or_all_but_one(store: Store) -> None:
    ada = store.create_player("Ada", "first", T0).id
    store.add_passkey(ada, key("phone"))
    store.add_token(ada, "by-phone-1", T0, "passkey", passkey="phone")
    store.add_token(ada, "by-phone-2", T0, "passkey", passkey="phone")
    store.add_token(ada, "by-code", T0, "code")
    assert store.end_token(ada, "by-code") and not store.token_known(ada, "by-code")
    assert not store.end_token(ada, "by-code")  # ended already
    assert sorted(store.remove_passkey(ada, "phone") or []) == ["by-phone-1", "by-phone-2"]
    assert not store.token_known(ada, "by-phone-1") and not store.token_known(ada, "by-phone-2")
    with pytest.raises(Gone):  # its passkey is gone: no token is made by it any more
        store.add_token(ada, "by-phone-3", T0, "passkey", passkey="phone")
    # The first token ends by its profile's hash changing to one no one holds.
    assert store.end_token(ada, "first") and store.get_player(ada).token_hash == ""
    assert not store.end_token(ada, "")  # nothing presents an empty hash: nothing to end
    store.add_token(ada, "here", T0, "code")
    store.add_token(ada, "there", T0, "code")
    assert store.end_other_tokens(ada, "here") == 1
    assert store.token_known(ada, "here") and not store.token_known(ada, "there")


def test_device_tokens_are_kept_under_their_player_and_go_with_them(store: Store) -> None:
    ada = store.create_player("Ada", "first", T0).id
    bob = store.create_player("Bob", "b", T0).id
    store.add_token(ada, "hash-1", T0, "passkey")
    assert store.token_known(ada, "hash-1")
    assert not store.token_known(ada, "hash-2")
    assert not store.token_known(bob, "hash-1")  # a token is one player's only
    assert store.get_player(ada).token_hash == "first"  # the first token is untouched
    delete_player(store, ada)
    assert not store.token_known(ada, "hash-1")


# ---- passkeys ------------------------------------------------------------------------------


def test_passkeys_are_added_listed_used_and_removed(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    assert store.passkeys(ada) == []
    assert store.add_passkey(ada, key("bbb", added="2026-11-02T10:00:00.000000Z", transports=("internal",)))
    assert store.add_passkey(ada, key("aaa"))
    assert [k.id for k in store.passkeys(ada)] == ["aaa", "bbb"]  # oldest first
    assert not store.add_passkey(ada, key("aaa"))  # the same credential twice: refused, nothing changed
    assert store.passkey(ada, "aaa").name == "Key aaa"
    assert store.passkey(ada, "bbb").transports == ("internal",)

    read = store.passkey(ada, "aaa")
    assert store.passkey_used(ada, read, 7, T0 + dt.timedelta(hours=1))
    used = store.passkey(ada, "aaa")
    assert (used.sign_count, used.last_used) == (7, "2026-11-02T10:00:00.000000Z")
    # A sign-in working from the copy read before that one writes nothing.
    assert not store.passkey_used(ada, read, 8, T0 + dt.timedelta(hours=2))
    assert store.passkey(ada, "aaa").sign_count == 7

    assert store.remove_passkey(ada, "aaa") == []  # no device signed in with it
    assert store.passkey(ada, "aaa") is None
    assert store.remove_passkey(ada, "aaa") is None
    assert not store.passkey_used(ada, used, 9, T0)  # a removed passkey isn't brought back
    assert store.passkey(ada, "aaa") is None
    assert [k.id for k in store.passkeys(ada)] == ["bbb"]


def test_a_player_reaches_only_their_own_passkeys(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    eve = store.create_player("Eve", "h", T0).id
    store.add_passkey(ada, key("adas"))
    assert store.passkey(eve, "adas") is None
    assert store.passkeys(eve) == []
    assert store.remove_passkey(eve, "adas") is None
    assert store.passkey(ada, "adas") is not None


def test_deleting_a_player_removes_their_passkeys(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    store.add_passkey(ada, key("k1"))
    delete_player(store, ada)
    assert store.passkeys(ada) == []
    assert store.passkey(ada, "k1") is None


# ---- challenges ----------------------------------------------------------------------------


def test_a_challenge_is_answered_once(store: Store) -> None:
    made = Challenge("signin", "Y2hhbGxlbmdl", None, NOW_TS + 300)
    store.put_challenge("ticket-1", made)
    assert store.challenge("ticket-1", T0) == made
    assert store.challenge("ticket-1", T0) == made  # looking doesn't use it up
    assert store.use_challenge("ticket-1", T0)
    assert store.challenge("ticket-1", T0) is None
    assert not store.use_challenge("ticket-1", T0)  # the second answer is refused
    assert store.challenge("nothing", T0) is None
    assert not store.use_challenge("nothing", T0)


def test_a_challenge_expires_and_goes_with_the_ttl(store: Store) -> None:
    store.put_challenge("ticket-2", Challenge("register", "YWJj", "p1", NOW_TS + 300))
    item = store.get_item(K.challenge("ticket-2"), K.CHALLENGE)
    assert item["expires_at"] == NOW_TS + 300  # the TTL attribute: DynamoDB removes it later
    later = T0 + dt.timedelta(seconds=300)
    assert store.challenge("ticket-2", later - dt.timedelta(seconds=1)) is not None
    # Not removed yet (TTL is late), and already refused.
    assert store.challenge("ticket-2", later) is None
    assert not store.use_challenge("ticket-2", later)
    assert store.get_item(K.challenge("ticket-2"), K.CHALLENGE)["v"] == 1  # the refusal wrote nothing
    if store.prune_expired(NOW_TS + 301):  # SQLite's nightly prune stands in for TTL
        assert store.get_item(K.challenge("ticket-2"), K.CHALLENGE) is None


# ---- recovery codes ----------------------------------------------------------------------


def test_each_recovery_code_signs_in_once(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    assert store.codes_left(ada) is None
    first = [code_hash(c) for c in codes(10, "1")]
    store.replace_codes(ada, first, T0)
    assert store.codes_left(ada) == (10, 10, "2026-11-02T09:00:00.000000Z")
    assert store.spend_code(first[3]) == ada
    assert store.spend_code(first[3]) is None  # spent
    assert store.codes_left(ada)[0] == 9
    assert store.spend_code(code_hash("7" * 16)) is None  # never made


def test_new_codes_replace_the_old_set(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    old = [code_hash(c) for c in codes(10, "1")]
    new = [code_hash(c) for c in codes(10, "2")]
    store.replace_codes(ada, old, T0)
    store.spend_code(old[0])
    store.replace_codes(ada, new, T0 + dt.timedelta(days=1))
    assert store.codes_left(ada) == (10, 10, "2026-11-03T09:00:00.000000Z")
    assert all(store.spend_code(h) is None for h in old)  # none of the old set works
    assert store.get_item(K.recovery_code(old[5]), K.CODE) is None  # and none is left lying about
    assert store.spend_code(new[9]) == ada


def test_codes_belong_to_their_player_and_go_with_them(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    bob = store.create_player("Bob", "h", T0).id
    adas = [code_hash(c) for c in codes(10, "1")]
    bobs = [code_hash(c) for c in codes(10, "2")]
    store.replace_codes(ada, adas, T0)
    store.replace_codes(bob, bobs, T0)
    assert store.spend_code(bobs[0]) == bob
    assert store.codes_left(ada)[0] == 10  # Bob's spend took nothing of Ada's
    delete_player(store, ada)
    assert store.codes_left(ada) is None
    assert all(store.get_item(K.recovery_code(h), K.CODE) is None for h in adas)
    assert store.spend_code(adas[1]) is None
    assert store.spend_code(bobs[1]) == bob


def test_a_code_spent_meanwhile_is_spent_once_on_sqlite(tmp_path) -> None:
    """Eight requests spending one code at once: one signs in (SQLite, threads; moto isn't
    thread-safe, and DynamoDB's guard is the versioned write the tests above exercise)."""
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        ada = store.create_player("Ada", "h", T0).id
        hashes = [code_hash(c) for c in codes(10, "3")]
        store.replace_codes(ada, hashes, T0)
        won: list[str | None] = []
        start = threading.Barrier(8)

        def spend() -> None:
            start.wait()
            won.append(store.spend_code(hashes[0]))

        threads = [threading.Thread(target=spend) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # Exactly one winner (compared as counts: sorting by str put an id starting a-f after 'None').
        assert won.count(ada) == 1 and won.count(None) == 7 and len(won) == 8
        assert store.codes_left(ada)[0] == 9


def test_passkey_records_keep_every_field(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    full = key("full", transports=("internal", "hybrid"), last_used="2026-11-02T09:30:00.000000Z")
    full = replace(full, sign_count=41)
    store.add_passkey(ada, full)
    assert store.passkey(ada, "full") == full
