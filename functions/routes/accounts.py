"""Ways back in to a player: passkeys (WebAuthn) and recovery codes, beside the sign-in link.

Adding and listing are the signed-in player's own (/api/me/...); signing in (/api/signin/...) needs
no token and answers a new one for the device. docs/api.md lists the routes and refusals,
docs/accounts.md the decisions (tokens, hashing, the relying party, the limits).

Every refusal leaves the store as it was, but for the rate windows that count attempts: a challenge
is used up only by an answer that checked out, a code only by a sign-in it made.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from functions.account_models import (
    B64,
    Ceremony,
    CodeSignedIn,
    CodeSignIn,
    CodesMade,
    CodesState,
    NewPasskey,
    PasskeyInfo,
    PasskeyList,
    PasskeyRemoved,
    PasskeySignIn,
    SignedInAs,
    TokensEnded,
)
from functions.auth import clean_name, issue_token, presented_hash
from functions.bodies import documented, errors, parse
from functions.caching import PRIVATE, cached
from functions.clients import client_address
from functions.deps import CtxNoBody, OpenPostOf, Post, Signed, signed_in, signed_post
from functions.errors import NOT_AN_OBJECT, ApiError
from functions.limits import Limit, enforce
from functions.models import Deleted
from puzzlebook.messages import msg
from puzzlebook.patterns import whole_text
from puzzlebook.recovery_codes import CODE_BYTES, CODES_IN_A_SET, BadCode, code_from, code_hash
from service.context import Context
from service.passkeys import (
    CHALLENGE_SECONDS,
    PasskeyRefused,
    PasskeysUnavailable,
    RelyingParty,
    authentication_options,
    base64url_to_bytes,
    bytes_to_base64url,
    claimed_player,
    new_challenge,
    registration_options,
    relying_party,
    verified_registration,
    verified_sign_in,
)
from service.store.base import utc_stamp
from service.store.items import Gone
from service.store.records import Challenge, Passkey

router = APIRouter(tags=["accounts"])

NEEDED = msg("sign_in_needed", "Sign in first: this needs a player's token (Authorization: Bearer …).")
Myself = Annotated[Signed, signed_in(NEEDED)]
# The same for a POST that reads no body (one sent must be JSON, or none: 415).
Quietly = Annotated[Signed, signed_in(NEEDED, no_body=True)]
# The answer as sent: parsed here, with the credential's own fields passed on whole.
Adding = Annotated[Post[Any], signed_post(None, NEEDED)]

MAX_PASSKEYS = 20
PLAYER_ID = re.compile("[0-9a-f]{16}")
# Per client address (functions/clients.py), like new players: room for a school's shared address,
# none for trying codes or passkey answers by the thousand. A passkey sign-in is two requests
# (options, then the answer), both counted. docs/accounts.md.
PASSKEY_SIGNINS_PER_HOUR = 120
CODE_TRIES_PER_HOUR = 30
# Per player: adding passkeys and making code sets are rare; these only stop a loop.
PASSKEY_ADDS_PER_HOUR = 30
CODE_SETS_PER_HOUR = 10

SIGNIN_PASSKEY = Limit(
    "signin-passkey",
    PASSKEY_SIGNINS_PER_HOUR,
    msg("too_many_passkey_signins",
        "Too many passkey sign-ins from your network just now: at most {most} an hour. {retry}")(
        most=PASSKEY_SIGNINS_PER_HOUR // 2),
)
SIGNIN_CODE = Limit(
    "signin-code",
    CODE_TRIES_PER_HOUR,
    msg("too_many_code_tries",
        "Too many recovery codes were tried from your network just now: at most {most} an hour. {retry}")(
        most=CODE_TRIES_PER_HOUR),
)
ADD_PASSKEY = Limit(
    "add-passkey",
    PASSKEY_ADDS_PER_HOUR,
    msg("too_many_passkey_adds",
        "You started adding a passkey {most} times this hour, the most there is room for. {retry}")(
        most=PASSKEY_ADDS_PER_HOUR),
)
MAKE_CODES = Limit(
    "make-codes",
    CODE_SETS_PER_HOUR,
    msg("too_many_code_sets", "You made recovery codes {most} times this hour, the most there is room for. "
        "{retry}")(most=CODE_SETS_PER_HOUR),
)

TOO_MANY_PASSKEYS = msg(
    "too_many_passkeys",
    "You have {most} passkeys, the most a player can keep: remove one you no longer use first.",
)(most=MAX_PASSKEYS)
STALE_TICKET = msg("passkey_request_stale",
                   "That passkey request has expired (after 5 minutes) or was used already: start again.")
UNKNOWN_PASSKEY = msg(
    "unknown_passkey",
    "That passkey isn’t one of this site’s any more (it may have been removed, or its player deleted). "
    "Sign in another way.",
)
WRONG_CODE = msg(
    "wrong_recovery_code",
    "That recovery code doesn’t sign anyone in: it may be mistyped, spent already, or from a set "
    "that was replaced.",
)
PASSKEY_ELSEWHERE = msg(
    "passkeys_elsewhere",
    "Passkeys here are tied to {site}, not {origin}: the site's address setting "
    "(PUZZLEBOOK_SITE_URL) must be the address you open. Use your sign-in link or a recovery code.",
)
PASSKEY_YOURS = msg("passkey_yours_already", "That passkey is yours already: it is on your list.")
NO_PASSKEY = msg("no_such_passkey", "You have no passkey with that id (it may have been removed already).")
CODE_MISSING = msg("recovery_code_missing", "The recovery code is missing.")

CREDENTIAL_ID = re.compile(B64)
PasskeyId = Annotated[
    str,
    Path(
        json_schema_extra={"pattern": whole_text(B64), "maxLength": 1366},
        description="The passkey's credential id (base64url).",
    ),
]


def _party(ctx: Context, request: Request) -> RelyingParty:
    """The site's relying party; 503 saying why when its address can't be one, or isn't the address
    the browser asking is at (its Origin header): passkeys made there would never check out."""
    try:
        rp = relying_party(ctx.settings.site_url)
    except PasskeysUnavailable as exc:
        raise ApiError(503, exc.message) from None
    origin = request.headers.get("origin")
    if origin and origin.lower() != rp.origin:
        raise ApiError(503, PASSKEY_ELSEWHERE(site=rp.origin, origin=origin))
    return rp


def _ceremony(ctx: Context, purpose: str, pid: str | None) -> tuple[str, bytes]:
    """A fresh challenge kept under a fresh ticket for CHALLENGE_SECONDS: (ticket, challenge)."""
    ticket, challenge = secrets.token_urlsafe(16), new_challenge()
    expires = int(ctx.now().timestamp()) + CHALLENGE_SECONDS
    ctx.store.put_challenge(ticket, Challenge(purpose, bytes_to_base64url(challenge), pid, expires))
    return ticket, challenge


def _challenge(ctx: Context, ticket: str, purpose: str, pid: str | None) -> bytes:
    """The challenge a ticket holds, if it is still good for `purpose` (and player `pid`); 422 if not."""
    found = ctx.store.challenge(ticket, ctx.now())
    if found is None or found.purpose != purpose or found.pid != pid:
        raise ApiError(422, STALE_TICKET)
    return base64url_to_bytes(found.challenge)


def _use(ctx: Context, ticket: str) -> None:
    """Use up the ticket's challenge now its answer checked out; 422 when another request just did."""
    if not ctx.store.use_challenge(ticket, ctx.now()):
        raise ApiError(422, STALE_TICKET)


def _info(key: Passkey) -> PasskeyInfo:
    return PasskeyInfo(id=key.id, name=key.name, added=key.added, last_used=key.last_used)


# ---- passkeys: the player's own -------------------------------------------------------------


@router.post(
    "/me/passkeys/options",
    response_model=Ceremony,
    responses=errors(401, 422, 429, 503),
    summary="Start adding a passkey: the options for navigator.credentials.create()",
)
@cached(PRIVATE)
async def passkey_options(request: Request, me: Quietly) -> Ceremony:
    player, ctx = me.player, me.ctx
    rp = _party(ctx, request)
    existing = ctx.store.passkeys(player.id)
    if len(existing) >= MAX_PASSKEYS:
        raise ApiError(422, TOO_MANY_PASSKEYS)
    enforce(ctx, ADD_PASSKEY, player.id)
    ticket, challenge = _ceremony(ctx, "register", player.id)
    options = registration_options(rp, player.id, player.name, challenge, existing)
    return Ceremony(ticket=ticket, options=options)


@router.post(
    "/me/passkeys",
    status_code=201,
    response_model=PasskeyInfo,
    openapi_extra=documented(NewPasskey),
    responses=errors(400, 401, 409, 413, 422, 503),
    summary="Add a passkey: the browser's answer to the options, checked and kept",
)
@cached(PRIVATE)
async def add_passkey(request: Request, post: Adding) -> PasskeyInfo:
    player, ctx, body = post.player, post.ctx, post.body
    name = clean_name(body["name"]) if isinstance(body, dict) and body.get("name") is not None else None
    parsed = parse(NewPasskey, body)
    rp = _party(ctx, request)
    challenge = _challenge(ctx, parsed.ticket, "register", player.id)
    credential: dict[str, Any] = body["credential"]
    try:
        made = verified_registration(rp, credential, challenge)
    except PasskeyRefused as exc:
        raise ApiError(422, exc.message) from None
    existing = ctx.store.passkeys(player.id)
    if any(key.id == made.id for key in existing):
        raise ApiError(409, PASSKEY_YOURS)
    if len(existing) >= MAX_PASSKEYS:
        raise ApiError(422, TOO_MANY_PASSKEYS)
    _use(ctx, parsed.ticket)
    key = Passkey(
        id=made.id,
        name=name or f"Passkey {len(existing) + 1}",
        public_key=made.public_key,
        sign_count=made.sign_count,
        added=_stamp(ctx),
        transports=made.transports,
    )
    if not ctx.store.add_passkey(player.id, key):
        raise ApiError(409, PASSKEY_YOURS)
    return _info(key)


@router.get(
    "/me/passkeys",
    response_model=PasskeyList,
    responses=errors(401, 503),
    summary="Your passkeys: name, when added, when last used",
)
@cached(PRIVATE)
async def list_passkeys(me: Myself) -> PasskeyList:
    keys = me.ctx.store.passkeys(me.player.id)
    return PasskeyList(passkeys=[_info(key) for key in keys], most=MAX_PASSKEYS)


@router.delete(
    "/me/passkeys/{passkey_id}",
    response_model=PasskeyRemoved,
    responses=errors(400, 401, 404, 503),
    summary="Remove one of your passkeys: it signs in no more, and the devices it signed in are signed out",
)
@cached(PRIVATE)
async def remove_passkey(me: Myself, passkey_id: PasskeyId, request: Request) -> PasskeyRemoved:
    # An id that can't be a credential's names no passkey: 404, as the lessons' paths do.
    known = CREDENTIAL_ID.fullmatch(passkey_id) and len(passkey_id) <= 1366
    ended = me.ctx.store.remove_passkey(me.player.id, passkey_id) if known else None
    if ended is None:
        raise ApiError(404, NO_PASSKEY)
    return PasskeyRemoved(ended=len(ended), here=presented_hash(request) in ended)


# ---- this device's sign-in, and everyone else's ----------------------------------------------


@router.delete(
    "/me/token",
    response_model=Deleted,
    responses=errors(401, 503),
    summary="Sign out on this device: the token this request carries signs in no more",
)
@cached(PRIVATE)
async def end_this_token(me: Myself, request: Request) -> Deleted:
    # The dependency found the token good, so it ends now (or a request racing this one ended it).
    me.ctx.store.end_token(me.player.id, presented_hash(request))
    return Deleted()


@router.delete(
    "/me/other-tokens",
    response_model=TokensEnded,
    responses=errors(401, 503),
    summary="Sign out everywhere else: every token of yours but this request's signs in no more",
)
@cached(PRIVATE)
async def end_other_tokens(me: Myself, request: Request) -> TokensEnded:
    return TokensEnded(ended=me.ctx.store.end_other_tokens(me.player.id, presented_hash(request)))


# ---- recovery codes: the player's own -------------------------------------------------------


@router.get(
    "/me/recovery-codes",
    response_model=CodesState,
    responses=errors(401, 503),
    summary="How many of your recovery codes are left",
)
@cached(PRIVATE)
async def codes_state(me: Myself) -> CodesState:
    held = me.ctx.store.codes_left(me.player.id)
    if held is None:
        return CodesState(left=0, count=0, made=None)
    left, count, made = held
    return CodesState(left=left, count=count, made=made)


@router.post(
    "/me/recovery-codes",
    status_code=201,
    response_model=CodesMade,
    responses=errors(401, 429, 503),
    summary="Make ten new recovery codes (shown this once); any earlier ones stop working",
)
@cached(PRIVATE)
async def make_codes(me: Quietly) -> CodesMade:
    player, ctx = me.player, me.ctx
    enforce(ctx, MAKE_CODES, player.id)
    codes = [code_from(secrets.token_bytes(CODE_BYTES)) for _ in range(CODES_IN_A_SET)]
    ctx.store.replace_codes(player.id, [code_hash(code) for code in codes], ctx.now())
    return CodesMade(codes=codes, made=_stamp(ctx))


# ---- signing in --------------------------------------------------------------------------------


@router.post(
    "/signin/passkey/options",
    response_model=Ceremony,
    responses=errors(429, 503),
    summary="Start signing in with a passkey: the options for navigator.credentials.get()",
)
@cached(PRIVATE)
async def signin_options(ctx: CtxNoBody, request: Request) -> Ceremony:
    rp = _party(ctx, request)
    enforce(ctx, SIGNIN_PASSKEY, client_address(request))
    ticket, challenge = _ceremony(ctx, "signin", None)
    return Ceremony(ticket=ticket, options=authentication_options(rp, challenge))


@router.post(
    "/signin/passkey",
    response_model=SignedInAs,
    openapi_extra=documented(PasskeySignIn),
    responses=errors(400, 413, 422, 429, 503),
    summary="Sign in with a passkey: the browser's answer in, the player and a new token out",
)
@cached(PRIVATE)
async def signin_passkey(post: OpenPostOf, request: Request) -> SignedInAs:
    ctx, body = post.ctx, post.body
    parsed = parse(PasskeySignIn, body)
    rp = _party(ctx, request)
    enforce(ctx, SIGNIN_PASSKEY, client_address(request))
    challenge = _challenge(ctx, parsed.ticket, "signin", None)
    credential: dict[str, Any] = body["credential"]
    try:
        pid = claimed_player(credential)
    except PasskeyRefused as exc:
        raise ApiError(422, exc.message) from None
    player = ctx.store.get_player(pid) if PLAYER_ID.fullmatch(pid) else None
    key = ctx.store.passkey(pid, parsed.credential.id) if player else None
    if player is None or key is None:
        raise ApiError(422, UNKNOWN_PASSKEY)
    try:
        count = verified_sign_in(rp, credential, challenge, key)
    except PasskeyRefused as exc:
        raise ApiError(422, exc.message) from None
    _use(ctx, parsed.ticket)
    if not ctx.store.passkey_used(pid, key, count, ctx.now()):
        # Removed, or used by another sign-in, between the read and now: this answer is stale.
        raise ApiError(422, UNKNOWN_PASSKEY if ctx.store.passkey(pid, key.id) is None else STALE_TICKET)
    try:
        token = issue_token(ctx.store, pid, ctx.now(), "passkey", passkey=key.id)
    except Gone:  # removed since it was used just now: it signs in no more
        raise ApiError(422, UNKNOWN_PASSKEY) from None
    return SignedInAs(id=player.id, name=player.name, token=token)


@router.post(
    "/signin/code",
    response_model=CodeSignedIn,
    openapi_extra=documented(CodeSignIn),
    responses=errors(400, 413, 422, 429, 503),
    summary="Sign in with a recovery code: it is spent, and the player and a new token come back",
)
@cached(PRIVATE)
async def signin_code(post: OpenPostOf, request: Request) -> CodeSignedIn:
    ctx, body = post.ctx, post.body
    if not isinstance(body, dict):
        raise ApiError(400, NOT_AN_OBJECT)
    if "code" not in body:
        raise ApiError(400, CODE_MISSING)
    try:
        hashed = code_hash(body["code"])
    except BadCode as exc:
        raise ApiError(400, exc.message) from None
    enforce(ctx, SIGNIN_CODE, client_address(request))
    pid = ctx.store.spend_code(hashed)
    player = ctx.store.get_player(pid) if pid else None
    if pid is None or player is None:
        raise ApiError(422, WRONG_CODE)
    held = ctx.store.codes_left(pid)
    token = issue_token(ctx.store, pid, ctx.now(), "code")
    return CodeSignedIn(id=player.id, name=player.name, token=token, codes_left=held[0] if held else 0)


def _stamp(ctx: Context) -> str:
    return utc_stamp(ctx.now())
