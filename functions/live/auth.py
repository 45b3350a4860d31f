"""A live connection's player: from the token the browser offers as a WebSocket subprotocol.

The browser opens `new WebSocket(url, ["puzzlebook.live", "token." + token, "lang." + lang])`; the
page's language rides beside the token (`language_offered`). The server accepts
with the subprotocol "puzzlebook.live" (both transports), so the token rides in the handshake's
Sec-WebSocket-Protocol header, never in the address (which proxies, CDNs and access logs record).
"""

from __future__ import annotations

from fastapi.security import HTTPAuthorizationCredentials

from functions.auth import player_for
from functions.errors import ApiError
from puzzlebook.languages import language_of, negotiate
from service.store.base import Store
from service.store.records import Player

PROTOCOL = "puzzlebook.live"
TOKEN_PREFIX = "token."
LANG_PREFIX = "lang."
NEEDED = "A live room needs a player: sign in (or make a player with a name) first."


def token_of(header: str | None) -> str | None:
    """The token offered in a Sec-WebSocket-Protocol header's list, or None.

    >>> token_of("puzzlebook.live, token.0123456789abcdef.abc")
    '0123456789abcdef.abc'
    >>> token_of("puzzlebook.live") is None
    True
    """
    for offered in (header or "").split(","):
        offered = offered.strip()
        if offered.startswith(TOKEN_PREFIX):
            return offered[len(TOKEN_PREFIX):]
    return None


def language_offered(header: str | None, accept_language: str | None = None) -> str:
    """The code of the language a connection's refusals are said in: the page's own, offered as the
    subprotocol `lang.<tag>` beside the token, when the site has it; else the handshake's
    Accept-Language (a script, an old page), else English (docs/live.md, "Connecting").

    >>> language_offered("puzzlebook.live, token.abc, lang.es")
    'es'
    >>> language_offered("puzzlebook.live, token.abc, lang.pt-BR", "de")
    'pt-BR'
    >>> language_offered("puzzlebook.live, token.abc", "fr-CH, en;q=0.5")
    'fr'
    >>> language_offered("puzzlebook.live, lang.klingon", None)
    'en'
    """
    for offered in (header or "").split(","):
        offered = offered.strip()
        if offered.startswith(LANG_PREFIX) and (found := language_of(offered[len(LANG_PREFIX):])):
            return found.code
    return negotiate(accept_language).code


def offers_protocol(header: str | None) -> bool:
    """Whether the header offers the protocol's own name (a browser of another protocol is refused)."""
    return PROTOCOL in [p.strip() for p in (header or "").split(",")]


def player_of(store: Store, header: str | None) -> Player | None:
    """The player whose token the handshake offers, or None (no token, a wrong one, or not our protocol)."""
    token = token_of(header)
    if token is None or not offers_protocol(header):
        return None
    try:
        credentials = HTTPAuthorizationCredentials(scheme="Bearer", credentials=token)
        return player_for(store, credentials, needed=NEEDED)
    except ApiError:
        return None
