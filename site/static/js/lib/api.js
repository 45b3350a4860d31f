/**
 * Talking to /api and keeping the player.
 *
 * The player ({id, name, token}) is kept in localStorage under "pb:player",
 * shared by every game. `call` never throws: it answers { status, data },
 * status 0 when there was no connection.
 */
import { namespace } from './storage.js'

const site = namespace('pb:')

export function getPlayer() {
  const player = site.get('player', null)
  return player && typeof player.token === 'string' ? player : null
}

// What this browser keeps for the player signed in and merges into their server copy on sign-in
// (the review: docs/review.md). It leaves with the player, or the next one to sign in here would
// merge it into theirs. A guest's is kept: signing in is how a guest's misses join their review.
const PLAYERS_OWN = ['chess:review', 'chess:review-current']

function forgetPlayersOwn() {
  for (const key of PLAYERS_OWN) site.remove(key)
}

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
 */
export async function call(path, { method = 'GET', body, token = getPlayer()?.token } = {}) {
  const headers = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
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

/** A plain-words reason from an answer: the API's {"error"} or a fallback. */
export function reason(answer, fallback = 'Something went wrong. Try again in a moment.') {
  if (answer && answer.status === 0) return 'You seem to be offline. Try again when you are back online.'
  return (answer && answer.data && typeof answer.data.error === 'string' && answer.data.error) || fallback
}

/** Create a player named `name`; keeps and answers the player, or throws Error(reason). */
export async function createPlayer(name) {
  const answer = await call('/players', { method: 'POST', body: { name }, token: null })
  if (answer.status === 201 || answer.status === 200) {
    setPlayer(answer.data)
    return answer.data
  }
  throw new Error(reason(answer))
}

/** The link that signs this player in on another device: the token rides in the fragment, never sent to a server. */
export function signInLink(token, origin = globalThis.location?.origin || '') {
  return `${origin}/signin/#token=${encodeURIComponent(token)}`
}

/** The token in a sign-in link's fragment ("#token=..."), or null. */
export function tokenFromHash(hash) {
  const params = new URLSearchParams((hash || '').replace(/^#/, ''))
  const token = params.get('token')
  return token && token.trim() ? token.trim() : null
}
