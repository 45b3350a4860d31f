/**
 * Talking to /api and keeping the player.
 *
 * The player ({id, name, token}) is kept in localStorage under "pb:player",
 * shared by every game. `call` never throws: it answers { status, data },
 * status 0 when there was no connection.
 */
import { namespace } from './storage.js'
import { t, LANG } from './i18n.js'
/** @import { Answer, CallOptions, KeptPlayer } from '../answer_types.js' */
/** @import { ErrorBody, PlayerCreated } from '../api_types.js' */

const site = namespace('pb:')

/** @returns {KeptPlayer | null} */
export function getPlayer() {
  const player = /** @type {Partial<KeptPlayer> | null} */ (site.get('player', null))
  return player && typeof player.token === 'string' ? /** @type {KeptPlayer} */ (player) : null
}

// What this browser keeps for the player signed in and merges into their server copy on sign-in
// (the review: docs/review.md). It leaves with the player, or the next one to sign in here would
// merge it into theirs. A guest's is kept: signing in is how a guest's misses join their review.
const PLAYERS_OWN = ['chess:review', 'chess:review-current', 'chess:review-sent']

function forgetPlayersOwn() {
  for (const key of PLAYERS_OWN) site.remove(key)
}

/** @param {KeptPlayer} player */
export function setPlayer(player) {
  const before = getPlayer()
  if (before && before.id !== player.id) forgetPlayersOwn()
  return site.set('player', { id: player.id, name: player.name, token: player.token })
}

export function clearPlayer() {
  site.remove('player')
  forgetPlayersOwn()
}

/**
 * fetch /api`path` with the player's token; { status, data } whatever happens
 * (and `refusedTicket`: the reason word when the server refused a result's play ticket).
 * `data` is the answer's JSON, unknown until the caller names the route's answer:
 * `/** @type {Answer<Me>} *\/ (await call('/me'))`.
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<Answer>}
 */
export async function call(path, { method = 'GET', body, token = getPlayer()?.token } = {}) {
  /** @type {Record<string, string>} */
  // The page's language, so an error's words are in it (docs/languages.md, "The API's language").
  const headers = { Accept: 'application/json', 'Accept-Language': LANG }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  // The API's words in the page's language rather than the browser's (docs/languages.md, "The API's
  // language"); decided as each language's bundles are made, so English's keep none of it.
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') headers['Accept-Language'] = PAGE_LANG
  try {
    const res = await fetch('/api' + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store',
    })
    let data = null
    try { data = await res.json() } catch { data = null }
    const refusedTicket = res.headers.get('X-Ticket-Refused')
    return refusedTicket ? { status: res.status, data, refusedTicket } : { status: res.status, data }
  } catch {
    return { status: 0, data: null }
  }
}

/**
 * A plain-words reason from an answer: the API's {"error"} or a fallback.
 * @param {Answer | null | undefined} answer
 * @param {string} [fallback]
 * @returns {string}
 */
export function reason(answer, fallback = t('Something went wrong. Try again in a moment.')) {
  if (answer && answer.status === 0) return t('You seem to be offline. Try again when you are back online.')
  const data = /** @type {Partial<ErrorBody> | null} */ (answer && answer.data)
  return (data && typeof data.error === 'string' && data.error) || fallback
}

/**
 * Create a player named `name`; keeps and answers the player, or throws Error(reason).
 * @param {string} name
 * @returns {Promise<PlayerCreated>}
 */
export async function createPlayer(name) {
  const answer = /** @type {Answer<PlayerCreated>} */ (await call('/players', { method: 'POST', body: { name }, token: null }))
  if (answer.status === 201 || answer.status === 200) {
    // A 2xx answer of this route is its model's (the type says so; the body is the server's).
    const player = /** @type {PlayerCreated} */ (answer.data)
    setPlayer(player)
    return player
  }
  throw new Error(reason(answer))
}

/**
 * The link that signs this player in on another device: the token rides in the fragment, never sent to a server.
 * @param {string} token
 * @param {string} [origin]
 */
export function signInLink(token, origin = globalThis.location?.origin || '') {
  return `${origin}/signin/#token=${encodeURIComponent(token)}`
}

/**
 * The token in a sign-in link's fragment ("#token=..."), or null.
 * @param {string | null | undefined} hash
 */
export function tokenFromHash(hash) {
  const params = new URLSearchParams((hash || '').replace(/^#/, ''))
  const token = params.get('token')
  return token && token.trim() ? token.trim() : null
}
