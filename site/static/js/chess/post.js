/**
 * Sending the chess game's queued solves and misses to /api, and keeping
 * each answer (rating before and after, streak, place) in the puzzle's record.
 * Called when a result is queued, on every page load and when the browser
 * comes back online. Only a signed-in player's results are queued.
 */
import { call, getPlayer } from '../lib/api.js'
import { notBefore, postTicketed, ticketFor } from '../lib/plays.js'

/** The key a chess puzzle's play ticket is asked for under. */
export const playKey = (band, id) => `chess:${band}/${id}`

/** Post what waits in `store`'s outbox; resolves to the flush's counts (or null without a player). */
export function flushChess(store) {
  const player = getPlayer()
  if (!player) return Promise.resolve(null)
  return store.outbox.flush(
    // The ticket is the record's (it may have come after the result was queued), else offline.
    async (item) => {
      const { band, id } = item.body
      const ticket = await ticketFor(playKey(band, id), store.record(band, id)?.ticket)
      // A solve waits out the server's second a move since the puzzle opened (a quick finish).
      const moves = item.kind === 'solve' && Array.isArray(item.body.moves) ? item.body.moves.length : 0
      return postTicketed(item.path, item.body, ticket, notBefore(store.record(band, id)?.ticketCame, moves))
    },
    async (item, outcome, answer) => {
      const { band, id } = item.body
      let posted = outcome === 'sent' ? summarise(answer.data) : { dropped: true, error: answer.data?.error || null }
      if (item.kind === 'solve' && outcome === 'sent' && answer.data && answer.data.daily) {
        // The server's streak counts days on its board; ask for it once the daily is in.
        const me = await call('/me')
        const current = me.status === 200 && me.data?.streaks?.chess?.current
        if (Number.isInteger(current)) posted = { ...posted, streak: current }
      }
      // Read the record only now, after every await, so no save in between is lost.
      const rec = store.record(band, id)
      // Your difficulty counts from the server's rating as last answered (no call when picking).
      if (posted.rating) store.noteServerRating(player.id, posted.rating.after)
      if (rec) {
        // The first result is the rated one: a miss's answer may carry the rating change.
        if (item.kind === 'miss') rec.missPosted = posted
        else rec.posted = posted
        store.updateRecord(rec)
      }
      document.dispatchEvent(new CustomEvent('chess:posted', { detail: { band, id, kind: item.kind, outcome } }))
    },
    { by: player.id },
  )
}

/** What the results sheet shows from a post's answer; unknown fields are left out. */
export function summarise(data) {
  const out = { already: Boolean(data && data.already) }
  if (!data || typeof data !== 'object') return out
  const rating = data.rating
  if (rating && Number.isFinite(rating.before) && Number.isFinite(rating.after)) {
    out.rating = { before: rating.before, after: rating.after }
    // A provisional rating is said to be one on the sheet, with its ± (the RD).
    if (typeof rating.provisional === 'boolean') out.rating.provisional = rating.provisional
    if (Number.isFinite(rating.rd)) out.rating.rd = rating.rd
  }
  if (Number.isInteger(data.streak)) out.streak = data.streak
  if (Number.isInteger(data.place)) out.place = data.place
  if (typeof data.daily === 'string') out.daily = data.daily // the day whose board it went on
  if (data.offline === true) out.offline = true // counted for the player alone: unrated, on no board
  return out
}
