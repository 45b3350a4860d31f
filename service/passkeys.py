"""Passkeys (WebAuthn) through the `webauthn` library: the options a browser is given, and the checks
of what it answers. No storage and no HTTP here: functions/routes/accounts.py reads and writes the
store around these.

The `webauthn` library (with cryptography, pyasn1 and cbor2 under it) is imported by the functions
that use it, not with this module: only a passkey request needs it, and importing it took a
tenth of the API's cold start (docs/operations.md, "Speed"). functions/handler.py imports it
before a SnapStart snapshot (`warm`).

The relying party (the site's identity to the authenticator) comes from the site's address, the one
setting `site_url` (service/settings.py): its host is the relying party id, its scheme, host and
port the only origin accepted. Browsers refuse an IP address as a relying party id, which is why
`build.py serve` announces http://localhost:PORT. docs/accounts.md has the decisions.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from puzzlebook.messages import Message, Refusal, msg
from service.store.records import Passkey

SITE_NAME = "Puzzle Book"
CHALLENGE_BYTES = 32
# How long a challenge may be answered (time to find the phone, unlock it and choose a passkey); the
# browser is told the same.
CHALLENGE_SECONDS = 300
TIMEOUT_MS = CHALLENGE_SECONDS * 1000


def warm() -> None:
    """Import the library now (before a SnapStart snapshot), not at the first passkey request."""
    import webauthn  # noqa: F401


def _algorithms() -> list[Any]:
    """ES256 first (every platform authenticator has it), then Ed25519 and RS256 (Windows Hello)."""
    from webauthn.helpers.cose import COSEAlgorithmIdentifier

    return [
        COSEAlgorithmIdentifier.ECDSA_SHA_256,
        COSEAlgorithmIdentifier.EDDSA,
        COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_256,
    ]


def _transports() -> set[str]:
    """The transports a passkey may name (WebAuthn's AuthenticatorTransport): others are dropped."""
    from webauthn.helpers.structs import AuthenticatorTransport

    return {t.value for t in AuthenticatorTransport}


def base64url_to_bytes(value: str) -> bytes:
    """`value` (base64url, as WebAuthn's JSON writes binary) as bytes: the library's own helper."""
    from webauthn.helpers import base64url_to_bytes as decode

    return decode(value)


def bytes_to_base64url(value: bytes) -> str:
    """`value` as base64url without padding: the library's own helper."""
    from webauthn.helpers import bytes_to_base64url as encode

    return encode(value)


class PasskeysUnavailable(RuntimeError):
    """The site's address can't be a relying party (an IP address, no host); its message says why."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


class PasskeyRefused(Refusal):
    """What a browser answered doesn't check out; its message says so in plain words."""


NO_HOST = msg("site_address_no_host", "The site's address {address} names no host: passkeys can't be used.")
IP_ADDRESS = msg("site_address_is_ip", "The site's address {address} is an IP address, which passkeys can't "
                 "be tied to: open the site by its name (locally, http://localhost).")
NEW_PASSKEY_FAILED = msg("new_passkey_failed",
                         "The new passkey didn’t check out ({why}). Try adding it again.")
NOT_OUR_PASSKEY = msg("passkey_not_ours",
                      "That passkey doesn’t name a player of this site. Choose a Puzzle Book passkey.")
PASSKEY_FAILED = msg("passkey_failed", "That passkey didn’t check out ({why}). Try signing in again.")


@dataclass(frozen=True)
class RelyingParty:
    """The site as WebAuthn knows it: the id (a host name) and the one origin accepted."""

    id: str
    origin: str
    name: str = SITE_NAME


def relying_party(site_url: str) -> RelyingParty:
    """The relying party of the site at `site_url` (e.g. https://puzzles.example.org)."""
    parts = urlsplit(site_url)
    host = (parts.hostname or "").lower()
    if not host:
        raise PasskeysUnavailable(NO_HOST(address=repr(site_url)))
    try:
        ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        raise PasskeysUnavailable(IP_ADDRESS(address=site_url))
    default_port = {"http": 80, "https": 443}.get(parts.scheme)
    port = f":{parts.port}" if parts.port and parts.port != default_port else ""
    return RelyingParty(id=host, origin=f"{parts.scheme}://{host}{port}")


def new_challenge() -> bytes:
    return secrets.token_bytes(CHALLENGE_BYTES)


def user_handle(pid: str) -> bytes:
    """The user handle a passkey holds for player `pid`: the id's bytes (random, and names no one)."""
    return pid.encode()


def registration_options(
    rp: RelyingParty, pid: str, name: str, challenge: bytes, existing: list[Passkey]
) -> dict[str, Any]:
    """navigator.credentials.create()'s options (as JSON) for a new passkey of player `pid`:
    discoverable (so it signs in with no name typed), user verification required, none of the
    player's passkeys again (`existing`), no attestation asked."""
    from webauthn import generate_registration_options
    from webauthn.helpers import options_to_json_dict
    from webauthn.helpers.structs import (
        AuthenticatorSelectionCriteria,
        ResidentKeyRequirement,
        UserVerificationRequirement,
    )

    options = generate_registration_options(
        rp_id=rp.id,
        rp_name=rp.name,
        user_id=user_handle(pid),
        user_name=name,
        user_display_name=name,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.REQUIRED,
        ),
        exclude_credentials=[_descriptor(key) for key in existing],
        supported_pub_key_algs=_algorithms(),
    )
    return options_to_json_dict(options)


def authentication_options(rp: RelyingParty, challenge: bytes) -> dict[str, Any]:
    """navigator.credentials.get()'s options (as JSON) for signing in with any of the site's passkeys:
    no list of credentials (the authenticator offers the discoverable ones it holds)."""
    from webauthn import generate_authentication_options
    from webauthn.helpers import options_to_json_dict
    from webauthn.helpers.structs import UserVerificationRequirement

    options = generate_authentication_options(
        rp_id=rp.id,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.REQUIRED,
    )
    return options_to_json_dict(options)


@dataclass(frozen=True)
class NewPasskey:
    """A checked registration: what to keep of the passkey."""

    id: str
    public_key: str
    sign_count: int
    transports: tuple[str, ...]


def verified_registration(rp: RelyingParty, credential: dict[str, Any], challenge: bytes) -> NewPasskey:
    """The passkey `credential` (navigator.credentials.create()'s answer as JSON) made, once checked
    against the challenge, the site's origin and relying party; PasskeyRefused otherwise."""
    from webauthn import verify_registration_response

    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp.id,
            expected_origin=rp.origin,
            require_user_verification=True,
            supported_pub_key_algs=_algorithms(),
        )
    except Exception as exc:  # the library raises its own and Python's errors on malformed input alike
        raise PasskeyRefused(NEW_PASSKEY_FAILED(why=_why(exc))) from exc
    transports = credential.get("response", {}).get("transports") or []
    return NewPasskey(
        id=bytes_to_base64url(verified.credential_id),
        public_key=bytes_to_base64url(verified.credential_public_key),
        sign_count=verified.sign_count,
        transports=tuple(t for t in transports if isinstance(t, str) and t in _transports()),
    )


def claimed_player(credential: dict[str, Any]) -> str:
    """The player id a sign-in answer names (its user handle), not yet checked; PasskeyRefused when
    it names none (a passkey made elsewhere, or not a discoverable one)."""
    handle = credential.get("response", {}).get("userHandle")
    try:
        pid = base64url_to_bytes(handle).decode("ascii") if isinstance(handle, str) and handle else ""
    except Exception:  # not base64url, or not ASCII: names no player of ours
        pid = ""
    if not pid:
        raise PasskeyRefused(NOT_OUR_PASSKEY)
    return pid


def verified_sign_in(
    rp: RelyingParty, credential: dict[str, Any], challenge: bytes, key: Passkey
) -> int:
    """The passkey's new signature counter once `credential` (navigator.credentials.get()'s answer as
    JSON) checks out against the challenge, the site and `key`'s public key; PasskeyRefused otherwise."""
    from webauthn import verify_authentication_response

    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp.id,
            expected_origin=rp.origin,
            credential_public_key=base64url_to_bytes(key.public_key),
            credential_current_sign_count=key.sign_count,
            require_user_verification=True,
        )
    except Exception as exc:
        raise PasskeyRefused(PASSKEY_FAILED(why=_why(exc))) from exc
    return int(verified.new_sign_count)


def _descriptor(key: Passkey) -> Any:
    from webauthn.helpers.structs import AuthenticatorTransport, PublicKeyCredentialDescriptor

    return PublicKeyCredentialDescriptor(
        id=base64url_to_bytes(key.id),
        transports=[AuthenticatorTransport(t) for t in key.transports if t in _transports()],
    )


def _why(exc: Exception) -> str:
    words = str(exc).split("\n")[0].strip() or type(exc).__name__
    return words[:160]
