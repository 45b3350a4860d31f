"""Players' bearer tokens: made random, stored only as a hash, compared in constant time.

A token is "<player id>.<secret>": the id finds the player with one read and
the SHA-256 of the secret is compared with the stored hash by
hmac.compare_digest. The secret (256 random bits) is never stored. A player's
first token is in their profile; a passkey or recovery-code sign-in makes
another for that device, kept under the player (docs/accounts.md). A route gets
its player through functions/deps.py, which calls these.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
import secrets
from typing import Any

from fastapi import Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from functions.errors import ApiError
from puzzlebook.messages import Message, msg
from puzzlebook.names import BadName, check_name
from service.store.base import Store
from service.store.records import Player

# The bearer scheme as the document describes it (functions/deps.py's dependencies are it).
bearer = HTTPBearer(auto_error=False, description="The token from POST /api/players.")
# openapi_extra for routes where the token is optional (FastAPI adds this to the route's bearer
# requirement, so the document reads "bearer, or nothing").
OPTIONAL_AUTH: dict[str, Any] = {"security": [{}]}

_TOKEN_RE = re.compile(r"([0-9a-f]{16})\.([A-Za-z0-9_-]{43})")
BAD_TOKEN = msg("bad_token", "That sign-in token doesn't match any player (it may have been deleted). "
                "Create a new player.")


def new_secret() -> tuple[str, str]:
    """A fresh secret and its hash (what the store keeps)."""
    secret = secrets.token_urlsafe(32)
    return secret, hash_secret(secret)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def token_of(player_id: str, secret: str) -> str:
    return f"{player_id}.{secret}"


def player_for(
    store: Store, credentials: HTTPAuthorizationCredentials | None, *, needed: Message | str | None
) -> Player | None:
    """The player the bearer token names.

    No token: None, or 401 with `needed` (why a player is needed) when one is.
    A token that matches no player (malformed, wrong, or deleted): 401.
    """
    if credentials is None or not credentials.credentials:
        if needed:
            raise ApiError(401, needed, {"WWW-Authenticate": "Bearer"})
        return None
    match = _TOKEN_RE.fullmatch(credentials.credentials)
    if not match:
        raise ApiError(401, BAD_TOKEN, {"WWW-Authenticate": "Bearer"})
    pid, presented = match.group(1), hash_secret(match.group(2))
    # The profile eventually consistent first (half the read units of every signed-in request); only a
    # token that read doesn't take is looked at again, consistently, before it is refused: a player made
    # a moment ago is never turned away. What it costs: a first token just ended (signing out, the player
    # deleted) may be taken for a moment more (docs/accounts.md, "Checking a token"); no write gets
    # through by it, each holding to the profile being there (service/store/owners.py).
    player = store.get_player(pid, consistent=False)
    if _first_token(player, presented) or (player is not None and store.token_known(pid, presented)):
        return player
    again = store.get_player(pid)
    if _first_token(again, presented):
        return again
    if again is not None and player is None and store.token_known(pid, presented):
        return again
    raise ApiError(401, BAD_TOKEN, {"WWW-Authenticate": "Bearer"})


def _first_token(player: Player | None, presented: str) -> bool:
    """Whether `presented` is the SHA-256 of `player`'s first token's secret (the profile's; a device's
    token, made by a passkey or recovery-code sign-in, is an item of its own: Store.token_known)."""
    # Compare even when there's no player, so a missing id takes as long as a wrong secret.
    stored = player.token_hash if player else "0" * 64
    return hmac.compare_digest(stored.encode(), presented.encode()) and player is not None


def issue_token(store: Store, pid: str, now: dt.datetime, how: str, *, passkey: str | None = None) -> str:
    """A new token for player `pid` on a device that signed in `how` ("passkey", "code"; `passkey`:
    the credential id, so removing it ends the token): kept as its secret's SHA-256 beside the
    first one, which (and every link made of it) keeps working."""
    secret, hashed = new_secret()
    store.add_token(pid, hashed, now, how, passkey=passkey)
    return token_of(pid, secret)


def presented_hash(request: Request) -> str:
    """The SHA-256 of the secret of the token `request` carries (Authorization: Bearer …), which the
    route's dependency has already checked names its player: what ending "this device's" token ends."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    match = _TOKEN_RE.fullmatch(token.strip()) if scheme.lower() == "bearer" else None
    if not match:
        raise ApiError(401, BAD_TOKEN, {"WWW-Authenticate": "Bearer"})
    return hash_secret(match.group(2))


def signed_in(
    store: Store, credentials: HTTPAuthorizationCredentials | None, needed: Message | str
) -> Player:
    """The player the bearer token names, for a route that needs one: 401 with `needed` (why) when
    there is no token, and 401 for a token that matches no player."""
    player = player_for(store, credentials, needed=needed)
    assert player is not None  # player_for raised when there was none
    return player


def clean_name(value: object) -> str:
    """A display name by puzzlebook.names' rule (trimmed, 1–24 characters, none of them control or
    invisible formatting; NFC). Raises ApiError 400 saying which rule it broke."""
    try:
        return check_name(value)
    except BadName as exc:
        raise ApiError(400, exc.message) from None
