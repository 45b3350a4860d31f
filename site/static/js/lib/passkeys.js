/**
 * Passkeys in the browser: the API's WebAuthn options (JSON, binary fields in base64url) turned
 * into what navigator.credentials takes, and its answers back into JSON for the API.
 *
 *   addPasskey(name)     start at /api/me/passkeys/options, create, post: { ok, data | error }
 *   passkeySignIn()      start at /api/signin/passkey/options, get, post: { ok, data | error }
 *
 * Neither throws: a refusal, a cancel or no support at all comes back as { ok: false, error }
 * in words for the player.
 */
import { call, reason } from './api.js'
import { t } from './i18n.js'
/** @import { Answer, Outcome } from '../answer_types.js' */
/** @import { Ceremony, CodeSignedIn, PasskeyInfo, SignedInAs } from '../api_types.js' */
/**
 * A ceremony's start as the API answers it: its options are WebAuthn's JSON form of the call's.
 * @template Options
 * @typedef {Omit<Ceremony, 'options'> & { options: Options }} Started
 */

/**
 * base64url (no padding) → ArrayBuffer.
 * @param {string} text
 */
export function fromB64url(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const raw = atob(b64)
  const bytes = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes.buffer
}

/**
 * ArrayBuffer (or a view) → base64url without padding.
 * @param {ArrayBuffer | ArrayBufferView} buffer
 */
export function toB64url(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  let raw = ''
  for (const byte of bytes) raw += String.fromCharCode(byte)
  return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * @param {PublicKeyCredentialDescriptorJSON[] | undefined} list
 * @returns {PublicKeyCredentialDescriptor[]}
 */
const descriptors = (list) => /** @type {PublicKeyCredentialDescriptor[]} */ ((list || []).map((d) => ({ ...d, id: fromB64url(d.id) })))

/**
 * The API's creation options → navigator.credentials.create()'s publicKey.
 * @param {PublicKeyCredentialCreationOptionsJSON} json
 * @returns {PublicKeyCredentialCreationOptions}
 */
export function creationOptions(json) {
  return /** @type {PublicKeyCredentialCreationOptions} */ ({
    ...json,
    challenge: fromB64url(json.challenge),
    user: { ...json.user, id: fromB64url(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  })
}

/**
 * The API's request options → navigator.credentials.get()'s publicKey.
 * @param {PublicKeyCredentialRequestOptionsJSON} json
 * @returns {PublicKeyCredentialRequestOptions}
 */
export function requestOptions(json) {
  return /** @type {PublicKeyCredentialRequestOptions} */ ({ ...json, challenge: fromB64url(json.challenge), allowCredentials: descriptors(json.allowCredentials) })
}

/** @param {PublicKeyCredential} cred */
function common(cred) {
  return {
    id: cred.id,
    rawId: toB64url(cred.rawId),
    type: cred.type,
    authenticatorAttachment: cred.authenticatorAttachment ?? null,
    clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {},
  }
}

/**
 * navigator.credentials.create()'s answer → the JSON the API takes.
 * @param {PublicKeyCredential} cred
 */
export function registrationJSON(cred) {
  const r = /** @type {AuthenticatorAttestationResponse} */ (cred.response)
  return {
    ...common(cred),
    response: {
      clientDataJSON: toB64url(r.clientDataJSON),
      attestationObject: toB64url(r.attestationObject),
      transports: typeof r.getTransports === 'function' ? r.getTransports() : [],
    },
  }
}

/**
 * navigator.credentials.get()'s answer → the JSON the API takes.
 * @param {PublicKeyCredential} cred
 */
export function assertionJSON(cred) {
  const r = /** @type {AuthenticatorAssertionResponse} */ (cred.response)
  return {
    ...common(cred),
    response: {
      clientDataJSON: toB64url(r.clientDataJSON),
      authenticatorData: toB64url(r.authenticatorData),
      signature: toB64url(r.signature),
      userHandle: r.userHandle ? toB64url(r.userHandle) : null,
    },
  }
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported() {
  return typeof globalThis.PublicKeyCredential === 'function' && Boolean(globalThis.navigator?.credentials)
}

const unsupported = () => t('This browser can’t use passkeys. Use your sign-in link or a recovery code instead.')

/**
 * The browser's refusal (a DOMException) in words.
 * @param {unknown} error what the ceremony threw
 * @param {boolean} adding
 */
export function browserWords(error, adding) {
  const thrown = /** @type {{ name?: string, message?: string } | null} */ (error)
  switch (thrown && thrown.name) {
    case 'NotAllowedError':
      return adding
        ? t('No passkey was made: it was cancelled, or took too long.')
        : t('No passkey was chosen: it was cancelled, took too long, or this device holds none for this site.')
    case 'InvalidStateError':
      return t('This device or password manager already holds a passkey for you here.')
    case 'SecurityError':
      return t('Passkeys don’t work at this address: open the site by its name (locally, http://localhost).')
    case 'NotSupportedError':
      return unsupported()
    default:
      return thrown && thrown.message
        ? t('The passkey didn’t work ({reason}).', { reason: thrown.message })
        : t('The passkey didn’t work (no reason given).')
  }
}

/**
 * Add a passkey named `name` (may be empty) for the signed-in player.
 * @param {string} name
 * @returns {Promise<Outcome<PasskeyInfo>>}
 */
export async function addPasskey(name) {
  if (!passkeysSupported()) return { ok: false, error: unsupported() }
  const started = /** @type {Answer<Started<PublicKeyCredentialCreationOptionsJSON>>} */ (await call('/me/passkeys/options', { method: 'POST' }))
  if (started.status !== 200 || !started.data) return { ok: false, error: reason(started) }
  let cred
  try {
    cred = /** @type {PublicKeyCredential} */ (await navigator.credentials.create({
      publicKey: creationOptions(started.data.options),
    }))
  } catch (error) {
    return { ok: false, error: browserWords(error, true) }
  }
  /** @type {{ ticket: string, credential: object, name?: string }} */
  const body = { ticket: started.data.ticket, credential: registrationJSON(cred) }
  if (name) body.name = name
  const added = /** @type {Answer<PasskeyInfo>} */ (await call('/me/passkeys', { method: 'POST', body }))
  return added.status === 201 ? { ok: true, data: /** @type {PasskeyInfo} */ (added.data) } : { ok: false, error: reason(added) }
}

/**
 * Sign in with any passkey this device offers for the site: the player and a new token.
 * @returns {Promise<Outcome<SignedInAs>>}
 */
export async function passkeySignIn() {
  if (!passkeysSupported()) return { ok: false, error: unsupported() }
  const started = /** @type {Answer<Started<PublicKeyCredentialRequestOptionsJSON>>} */ (await call('/signin/passkey/options', { method: 'POST', token: null }))
  if (started.status !== 200 || !started.data) return { ok: false, error: reason(started) }
  let cred
  try {
    cred = /** @type {PublicKeyCredential} */ (await navigator.credentials.get({
      publicKey: requestOptions(started.data.options),
    }))
  } catch (error) {
    return { ok: false, error: browserWords(error, false) }
  }
  const body = { ticket: started.data.ticket, credential: assertionJSON(cred) }
  const signed = /** @type {Answer<SignedInAs>} */ (await call('/signin/passkey', { method: 'POST', body, token: null }))
  return signed.status === 200 ? { ok: true, data: /** @type {SignedInAs} */ (signed.data) } : { ok: false, error: reason(signed) }
}

/**
 * Sign in with a recovery code as typed: the player, a new token and the codes left.
 * @param {string} code
 * @returns {Promise<Outcome<CodeSignedIn>>}
 */
export async function codeSignIn(code) {
  const signed = /** @type {Answer<CodeSignedIn>} */ (await call('/signin/code', { method: 'POST', body: { code }, token: null }))
  return signed.status === 200 ? { ok: true, data: /** @type {CodeSignedIn} */ (signed.data) } : { ok: false, error: reason(signed) }
}
