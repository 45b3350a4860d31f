"""A software passkey authenticator for the API tests: real P-256 keys and signatures, WebAuthn's real
byte layouts (authenticator data, CBOR attestation object, COSE keys), acting as a browser at
`origin` would. The browser tests use Chromium's own virtual authenticator instead.

    device = SoftAuthenticator("http://localhost:8000")
    answer = device.create(options)          # navigator.credentials.create()'s JSON
    answer = device.get(options)             # navigator.credentials.get()'s JSON (discoverable)
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from dataclasses import dataclass
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

FLAG_UP, FLAG_UV, FLAG_AT = 0x01, 0x04, 0x40
AAGUID = bytes(16)


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Held:
    """A discoverable credential the authenticator holds."""

    id: bytes
    key: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    count: int = 0


class SoftAuthenticator:
    def __init__(self, origin: str, *, user_verified: bool = True, counts: bool = True) -> None:
        self.origin = origin
        self.user_verified = user_verified
        self.counts = counts  # synced passkeys often keep their counter at 0
        self.held: list[Held] = []

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        return json.dumps(data).encode()

    def _flags(self, extra: int = 0) -> int:
        return FLAG_UP | (FLAG_UV if self.user_verified else 0) | extra

    def create(
        self, options: dict[str, Any], *, origin: str | None = None, rp_id: str | None = None,
        again: Held | None = None,
    ) -> dict:
        """Make a credential for `options` (as the server sent them), or answer with one made before
        (`again`, as an authenticator ignoring excludeCredentials would); answer as the browser's JSON."""
        rp = rp_id or options["rp"]["id"]
        if again is None:
            key = ec.generate_private_key(ec.SECP256R1())
            held = Held(os.urandom(32), key, rp, unb64(options["user"]["id"]))
            self.held.append(held)
        else:
            held, key = again, again.key
        numbers = key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        attested = AAGUID + struct.pack(">H", len(held.id)) + held.id + cbor2.dumps(cose)
        rp_hash = hashlib.sha256(rp.encode()).digest()
        auth_data = rp_hash + bytes([self._flags(FLAG_AT)]) + struct.pack(">I", 0) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": b64(held.id),
            "rawId": b64(held.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "attestationObject": b64(attestation),
                "transports": ["internal"],
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }

    def get(
        self, options: dict[str, Any], *, origin: str | None = None, which: Held | None = None
    ) -> dict:
        """Sign `options`' challenge with a credential held for its relying party (the last made, or
        `which`); answer as the browser's JSON, user handle included."""
        rp = options["rpId"]
        held = which or next(h for h in reversed(self.held) if h.rp_id == rp)
        if self.counts:
            held.count += 1
        rp_hash = hashlib.sha256(rp.encode()).digest()
        auth_data = rp_hash + bytes([self._flags()]) + struct.pack(">I", held.count)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = held.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(held.id),
            "rawId": b64(held.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": b64(held.user_handle),
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }
