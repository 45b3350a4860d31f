"""Ways back in: device tokens, passkeys, recovery codes, and the WebAuthn challenges handed out.

Everything a player holds lives in their partition (P#<pid>), so deleting the player removes it;
the two exceptions are found without a player id and say so in docs/store.md: a recovery code's
item (CODE#<hash>, typed with no name), which the player's delete removes through the code set,
and a challenge (CHALLENGE#<ticket>), which expires within minutes (TTL).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from service.store import keys as K
from service.store.items import (
    Conflict,
    Delete,
    Item,
    Key,
    Op,
    Present,
    Primitives,
    Put,
    StoreUnavailable,
    doc_of,
    make_item,
    utc_stamp,
    version_of,
)
from service.store.records import Challenge, Passkey

# A used challenge stays (marked used) until its TTL, so a replay finds it spent, not missing.
USED = "used"
# An ended first token's hash, as the profile keeps it: a presented token's hash is never empty.
ENDED = ""


def _passkey(item: Item) -> Passkey:
    doc = doc_of(item)
    return Passkey(
        id=item["SK"].removeprefix(K.PASSKEYS),
        name=doc["name"],
        public_key=doc["public_key"],
        sign_count=int(doc["sign_count"]),
        added=doc["added"],
        last_used=doc.get("last_used"),
        transports=tuple(doc.get("transports", ())),
        version=version_of(item),
    )


def _passkey_doc(key: Passkey) -> dict[str, object]:
    return {
        "name": key.name,
        "public_key": key.public_key,
        "sign_count": key.sign_count,
        "added": key.added,
        "last_used": key.last_used,
        "transports": list(key.transports),
    }


class Credentials(Primitives):
    """Device tokens, passkeys, recovery codes and challenges (docs/store.md, "Items")."""

    # ---- device tokens -------------------------------------------------------------------

    def add_token(self, pid: str, token_hash: str, now: dt.datetime, how: str, *,
                  passkey: str | None = None) -> None:
        """Keep another token for player `pid` (the SHA-256 of its secret), made by a sign-in `how`;
        `passkey`: the credential id of the passkey that signed in, which must still be there (Gone
        if it was removed meanwhile: nothing kept), so removing it ends every token it made."""
        doc = {"made": utc_stamp(now), "how": how}
        ops: list[Op] = []
        if passkey:
            doc["passkey"] = passkey
            ops.append(Present(K.player(pid), K.passkey(passkey)))
        self.transact([Put(make_item(K.player(pid), K.token(token_hash), doc), expect=0), *ops])

    def token_known(self, pid: str, token_hash: str) -> bool:
        """Whether `token_hash` is one of player `pid`'s device tokens."""
        return self.get_item(K.player(pid), K.token(token_hash)) is not None

    def end_token(self, pid: str, token_hash: str) -> bool:
        """End player `pid`'s token with `token_hash` (signing out a device): a device token's item
        goes; the first token (the profile's) is ended by keeping its hash empty (ENDED: no secret's
        SHA-256 is), so it and every link made of it stop working. False when it was neither (ended
        already)."""
        key = (K.player(pid), K.token(token_hash))
        if self.get_item(*key) is not None:
            self.delete_items([key])
            return True
        return self._end_first_token(pid, only=token_hash)

    def end_other_tokens(self, pid: str, keep: str) -> int:
        """End every token of player `pid`'s but the one with hash `keep` ("sign out everywhere
        else"): the device tokens, and the first token unless it is `keep`. How many ended."""
        others = [(item["PK"], item["SK"]) for item in self.query_items(K.player(pid), prefix=K.TOKENS)
                  if item["SK"] != K.token(keep)]
        self.delete_items(others)
        return len(others) + int(self._end_first_token(pid, keep=keep))

    def _end_first_token(self, pid: str, *, only: str | None = None, keep: str | None = None) -> bool:
        """End the profile's token (its hash kept as ENDED) when it is `only` (or when it isn't
        `keep`); whether it did."""
        for _ in range(self.retries):
            item = self.get_item(K.player(pid), K.PROFILE)
            doc = doc_of(item)
            held = doc.get("token_hash")
            if item is None or not held or (only is not None and held != only) or held == keep:
                return False
            ended = {**doc, "token_hash": ENDED}
            version = version_of(item)
            try:
                self.transact([Put(make_item(K.player(pid), K.PROFILE, ended, version=version + 1),
                                   expect=version)])
            except Conflict:
                continue
            return True
        raise StoreUnavailable("the player kept changing")

    def _tokens_of_passkey(self, pid: str, credential_id: str) -> list[Key]:
        return [(item["PK"], item["SK"]) for item in self.query_items(K.player(pid), prefix=K.TOKENS)
                if doc_of(item).get("passkey") == credential_id]

    # ---- passkeys ------------------------------------------------------------------------

    def add_passkey(self, pid: str, key: Passkey) -> bool:
        """Keep `key` for player `pid`; False (nothing kept) when they have it already."""
        item = make_item(K.player(pid), K.passkey(key.id), _passkey_doc(key), version=1)
        try:
            self.transact([Put(item, expect=0)])
        except Conflict:
            return False
        return True

    def passkeys(self, pid: str) -> list[Passkey]:
        """Player `pid`'s passkeys, oldest first."""
        found = [_passkey(item) for item in self.query_items(K.player(pid), prefix=K.PASSKEYS)]
        return sorted(found, key=lambda key: (key.added, key.id))

    def passkey(self, pid: str, credential_id: str) -> Passkey | None:
        item = self.get_item(K.player(pid), K.passkey(credential_id))
        return _passkey(item) if item else None

    def passkey_used(self, pid: str, key: Passkey, sign_count: int, now: dt.datetime) -> bool:
        """Note a sign-in with `key` (as read): its new counter and when. False when the passkey
        changed or went since it was read (then nothing is written)."""
        used = replace(key, sign_count=sign_count, last_used=utc_stamp(now))
        item = make_item(K.player(pid), K.passkey(key.id), _passkey_doc(used), version=key.version + 1)
        try:
            self.transact([Put(item, expect=key.version)])
        except Conflict:
            return False
        return True

    def remove_passkey(self, pid: str, credential_id: str) -> list[str] | None:
        """Remove player `pid`'s passkey and end the device tokens it signed in: their hashes (None
        when they have no passkey by that id). A token is made only while its passkey is there
        (`add_token`), so the tokens are looked for again once it is gone: one made meanwhile goes
        too."""
        key = (K.player(pid), K.passkey(credential_id))
        if self.get_item(*key) is None:
            return None
        ended = self._tokens_of_passkey(pid, credential_id)
        self.delete_items([*ended, key])
        late = self._tokens_of_passkey(pid, credential_id)
        self.delete_items(late)
        return [sk.removeprefix(K.TOKENS) for _, sk in [*ended, *late]]

    # ---- recovery codes ----------------------------------------------------------------

    def replace_codes(self, pid: str, hashes: list[str], now: dt.datetime) -> None:
        """Make `hashes` player `pid`'s recovery codes, the earlier set's gone (one transaction).
        A hash already kept (another player's code: 80 random bits make that never happen) is a
        Conflict each time, and so StoreUnavailable, with nothing changed."""
        set_key = (K.player(pid), K.CODES)

        def decide(items: dict[Key, Item]) -> tuple[None, list[Op]]:
            old = items.get(set_key)
            ops: list[Op] = [Delete(K.recovery_code(h), K.CODE) for h in doc_of(old).get("hashes", [])]
            ops += [Put(make_item(K.recovery_code(h), K.CODE, {"pid": pid}), expect=0) for h in hashes]
            doc = {"made": utc_stamp(now), "hashes": list(hashes), "count": len(hashes)}
            version = version_of(old)
            ops.append(Put(make_item(*set_key, doc, version=version + 1), expect=version))
            return None, ops

        self.settle([set_key], decide)

    def codes_left(self, pid: str) -> tuple[int, int, str] | None:
        """(left, made in the set, when made) of player `pid`'s recovery codes; None if never made."""
        item = self.get_item(K.player(pid), K.CODES)
        if item is None:
            return None
        doc = doc_of(item)
        return len(doc["hashes"]), int(doc["count"]), doc["made"]

    def spend_code(self, code_hash: str) -> str | None:
        """Spend the recovery code with `code_hash`: the player it signs in, once; None when no
        player holds it (never made, replaced, or spent already). Two spends at once: one wins."""
        code_key = (K.recovery_code(code_hash), K.CODE)
        holder = self.get_item(*code_key)
        if holder is None:
            return None
        pid = doc_of(holder)["pid"]
        set_key = (K.player(pid), K.CODES)

        def decide(items: dict[Key, Item]) -> tuple[str | None, list[Op]]:
            held = items.get(set_key)
            hashes = doc_of(held).get("hashes", [])
            if code_key not in items or code_hash not in hashes:
                return None, []
            doc = {**doc_of(held), "hashes": [h for h in hashes if h != code_hash]}
            version = version_of(held)
            return pid, [
                Delete(*code_key),
                Put(make_item(*set_key, doc, version=version + 1), expect=version),
            ]

        return self.settle([code_key, set_key], decide)

    # ---- challenges --------------------------------------------------------------------

    def put_challenge(self, ticket: str, challenge: Challenge) -> None:
        """Keep `challenge` under `ticket` until it expires (TTL)."""
        doc = {"purpose": challenge.purpose, "challenge": challenge.challenge, "pid": challenge.pid}
        item = make_item(K.challenge(ticket), K.CHALLENGE, doc, version=1, expires_at=challenge.expires_at)
        self.transact([Put(item, expect=0)])

    def challenge(self, ticket: str, now: dt.datetime) -> Challenge | None:
        """The challenge under `ticket` if it can still be answered: None when there is none, it
        expired, or it was used."""
        item = self.get_item(K.challenge(ticket), K.CHALLENGE)
        if item is None or version_of(item) != 1:
            return None
        expires_at = int(item["expires_at"])
        if expires_at <= int(now.timestamp()):  # TTL removes items late: the time is ours to check
            return None
        doc = doc_of(item)
        return Challenge(doc["purpose"], doc["challenge"], doc.get("pid"), expires_at)

    def use_challenge(self, ticket: str, now: dt.datetime) -> bool:
        """Use up the challenge under `ticket` (once its answer checked out): False when it can't be
        answered any more (see `challenge`). Of two uses at once, one gets True."""
        found = self.challenge(ticket, now)
        if found is None:
            return False
        doc = {"purpose": found.purpose, "challenge": found.challenge, "pid": found.pid, USED: utc_stamp(now)}
        item = make_item(K.challenge(ticket), K.CHALLENGE, doc, version=2, expires_at=found.expires_at)
        try:
            self.transact([Put(item, expect=1)])
        except Conflict:
            return False
        return True
