"""The bodies of the ways back in (passkeys, recovery codes): requests checked strictly, and answers;
they are the OpenAPI document's, as in functions/models.py.

A passkey's answer is the browser's PublicKeyCredential as JSON (WebAuthn Level 3's
RegistrationResponseJSON / AuthenticationResponseJSON): binary fields in base64url. The document
states their shape (base64url, lengths); whether they check out is the server's 422, not a 400.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from functions.models import Request
from puzzlebook.names import name_pattern
from puzzlebook.patterns import whole_text
from puzzlebook.recovery_codes import CODE_PATTERN

B64 = "[A-Za-z0-9_-]+"
# Lengths in base64url characters, room above what authenticators send (a credential id is at most
# 1,023 bytes, an RS256 signature 512, an attestation of format "none", the one asked for, a few
# hundred). The passkey routes take bodies of up to 64 KB (functions/app.py), so a field over its
# length is refused for that (400), not for the body's size (413).
CredentialId = Annotated[str, Field(pattern=whole_text(B64), max_length=1366, examples=["AbC-_1"])]
TICKET_CHARS = 22  # secrets.token_urlsafe(16)
Ticket = Annotated[
    str,
    Field(
        pattern=whole_text(f"[A-Za-z0-9_-]{{{TICKET_CHARS}}}"),
        description="The ticket the options came with: good for one answer, for five minutes.",
    ),
]


def _b64(most: int) -> Any:
    return Field(pattern=whole_text(B64), max_length=most)


class AttestationResponse(Request):
    clientDataJSON: str = _b64(2048)  # WebAuthn's JSON names
    attestationObject: str = _b64(4096)
    transports: list[Annotated[str, Field(max_length=32)]] = Field(default_factory=list, max_length=8)


class AssertionResponse(Request):
    clientDataJSON: str = _b64(2048)
    authenticatorData: str = _b64(1024)
    signature: str = _b64(1024)
    userHandle: Annotated[str, _b64(128)] | None = None


class _Credential(Request):
    id: CredentialId
    rawId: CredentialId
    type: Literal["public-key"]
    authenticatorAttachment: Annotated[str, Field(max_length=32)] | None = None
    clientExtensionResults: dict[str, Any] = Field(default_factory=dict)


class RegistrationCredential(_Credential):
    """navigator.credentials.create()'s answer, as JSON."""

    response: AttestationResponse


class AuthenticationCredential(_Credential):
    """navigator.credentials.get()'s answer, as JSON."""

    response: AssertionResponse


class NewPasskey(Request):
    """A new passkey: the options' ticket, the browser's answer, and a name to know it by."""

    ticket: Ticket
    credential: RegistrationCredential
    name: str | None = Field(
        default=None,
        json_schema_extra={"pattern": name_pattern()},
        examples=["My phone"],
        description="The name the account page lists it by (a display name's rule: 1–24 characters, "
        "trimmed). Left out: “Passkey 1”, “Passkey 2”…",
    )


class PasskeySignIn(Request):
    """Signing in with a passkey: the options' ticket and the browser's answer."""

    ticket: Ticket
    credential: AuthenticationCredential


class CodeSignIn(Request):
    """Signing in with a recovery code, as typed (case, spaces and hyphens don't matter)."""

    code: str = Field(json_schema_extra={"pattern": CODE_PATTERN}, examples=["7KQ2-M9XD-4TRB-0WZE"])


# ---- answers --------------------------------------------------------------------------------


class Ceremony(BaseModel):
    """Options for the browser's navigator.credentials call (WebAuthn's JSON form, binary fields in
    base64url), and the ticket to send back with its answer."""

    ticket: str
    options: dict[str, Any]


class PasskeyInfo(BaseModel):
    """A passkey as the account page lists it."""

    id: str
    name: str
    added: str
    last_used: str | None


class PasskeyList(BaseModel):
    passkeys: list[PasskeyInfo]
    most: int = Field(description="How many passkeys a player may keep.")


class SignedInAs(BaseModel):
    """Who signed in, and a new token for this device."""

    id: str
    name: str
    token: str


class CodeSignedIn(SignedInAs):
    codes_left: int = Field(description="The player's recovery codes not yet spent.")


class CodesMade(BaseModel):
    """A new set of recovery codes, shown this once (only their hashes are kept)."""

    codes: list[str]
    made: str


class CodesState(BaseModel):
    """How many of the player's recovery codes are left (0 and made null: never made)."""

    left: int
    count: int
    made: str | None


class PasskeyRemoved(BaseModel):
    """A passkey removed: how many devices' sign-ins it had made ended with it, and whether this
    request's was one of them (then this device is signed out too)."""

    ok: Literal[True] = True
    ended: int
    here: bool


class TokensEnded(BaseModel):
    """How many sign-ins ended: every device's but this one's, and the sign-in link unless this
    device holds it."""

    ended: int
