/**
 * Sending Chain's queued solves and give-ups to /api, keeping each answer
 * (place, streak, whether an earlier result stood) in the day's record, and
 * fetching a day's walkthrough. Only a signed-in player's results are queued;
 * the queue is flushed when a result is queued, when a Chain page loads and
 * when the browser comes back online.
 */
import { call, getPlayer } from '../lib/api.js'
import { notBefore, postTicketed, ticketFor } from '../lib/plays.js'

/** The key a Chain day's play ticket is asked for under. */
export const playKey = (date) => `chain:${date}`

/** Post what waits in `store`'s outbox; resolves to the flush's counts (or null without a player). */
export function flushChain(store) {
  const player = getPlayer()
  if (!player) return Promise.resolve(null)
  return store.outbox.flush(
    // The ticket is the record's (it may have come after the result was queued), else offline.
    async (item) => {
      const { date } = item.body
      const ticket = await ticketFor(playKey(date), store.record(date)?.ticket)
      // A solve waits out the server's second a tile since the day opened (a quick finish).
      const tiles = item.kind === 'solve' && Array.isArray(item.body.tiles) ? item.body.tiles.length : 0
      return postTicketed(item.path, item.body, ticket, notBefore(store.record(date)?.ticketCame, tiles))
    },
    (item, outcome, answer) => {
      const { date } = item.body
      const rec = store.record(date)
      if (rec) {
        rec.posted = outcome === 'sent'
          ? summarise(answer.data, item.kind)
          : { kind: item.kind, dropped: true, error: answer.data?.error || null }
        store.updateRecord(rec)
      }
      document.dispatchEvent(new CustomEvent('chain:posted', { detail: { date, kind: item.kind, outcome } }))
    },
    { by: player.id },
  )
}

/** What the result sheet uses of a post's answer; unknown fields are left out. */
export function summarise(data, kind) {
  const out = { kind, already: Boolean(data && data.already) }
  if (!data || typeof data !== 'object') return out
  if (data.kept === 'solve' || data.kept === 'giveup') out.kept = data.kept
  if (typeof data.clean === 'boolean') out.clean = data.clean
  if (Number.isInteger(data.place)) out.place = data.place
  if (Number.isInteger(data.streak)) out.streak = data.streak
  if (typeof data.daily === 'string') out.daily = data.daily
  if (data.offline === true) out.offline = true // counted for the player alone: on no board
  return out
}

/**
 * The walkthrough of `date` from the API: { ok: true, walkthrough: {summary,
 * steps, orders, spares}, solution } or { ok: false, status, error } (403
 * before the player's own solve or give-up on the day itself).
 */
export async function fetchWalkthrough(date) {
  const answer = await call(`/chain/${encodeURIComponent(date)}/walkthrough`)
  const data = answer.data
  if (answer.status === 200 && data && data.walkthrough && Array.isArray(data.walkthrough.steps)) {
    return { ok: true, walkthrough: data.walkthrough, solution: data.solution }
  }
  return { ok: false, status: answer.status, error: (data && typeof data.error === 'string') ? data.error : null }
}
