/**
 * Play tickets in the browser (docs/api.md, "Play tickets"): a signed-in
 * player's game asks for one as a rated puzzle opens, never waiting for it to
 * start play, keeps it in the puzzle's record, and sends it with the result.
 * A result whose ticket never came posts as offline (counted for the player
 * alone: unrated, on no board); so does one whose ticket the server refuses
 * (a later puzzle opened in another tab closed it, say), rather than being lost.
 */
import { call } from './api.js'

const WAIT_AT_POST_MS = 4000 // a result posting while its ticket is on its way waits this long for it
const asking = new Map() // what was asked for, by the puzzle's key: the promise of its ticket

/**
 * Ask for a ticket at `path` (POST, `body`: what is opened, and `resume`: the
 * ticket of an earlier opening of the same puzzle, if any). Resolves to the
 * ticket or null; `keep(ticket)` is called with it when it comes.
 */
export function askTicket(key, path, body, keep) {
  const promise = call(path, { method: 'POST', body }).then((answer) => {
    const ticket = answer.status === 200 && answer.data && typeof answer.data.ticket === 'string' ? answer.data.ticket : null
    if (ticket) keep(ticket)
    return ticket
  })
  asking.set(key, promise)
  promise.finally(() => { if (asking.get(key) === promise) asking.delete(key) })
  return promise
}

/** The ticket for `key`: `known` if there is one, else the one on its way (waiting a little), else null. */
export async function ticketFor(key, known) {
  if (typeof known === 'string' && known) return known
  const pending = asking.get(key)
  if (!pending) return null
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_AT_POST_MS))
  return Promise.race([pending, late])
}

/** `body` as it goes: with `ticket`, or marked offline without one. */
export function ticketed(body, ticket) {
  const out = { ...body }
  delete out.ticket
  delete out.offline
  if (ticket) out.ticket = ticket
  else out.offline = true
  return out
}

/**
 * Post a queued result at `path` with `ticket` (or offline); when the server
 * refuses the ticket itself (X-Ticket-Refused), post it again as offline so it
 * still counts for the player. Resolves to the answer `call` gives.
 */
export async function postTicketed(path, body, ticket) {
  const answer = await call(path, { method: 'POST', body: ticketed(body, ticket) })
  if (ticket && answer.refusedTicket) return call(path, { method: 'POST', body: ticketed(body, null) })
  return answer
}
