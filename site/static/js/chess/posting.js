/**
 * How chess results post, and what the results sheet keeps of a post's answer: the game's Posting
 * (lib/session.js reads it: the outbox's order, where each answer goes, the streak asked for once a
 * daily is in) and `summarise`. chess/store.js uses it and exports it for the generic pages.
 */
/** @import { Posting } from '../session_types.js' */
/** @import { ChessKept, ChessRecord } from '../chess_types.js' */
/** @import { ChessStore } from './store.js' */
import { droppedAnswer } from '../lib/outbox.js'
import { fieldsOf, isNumber, isWhole } from '../lib/answers.js'

/**
 * What the results sheet shows from a post's answer (SolveAnswer, MissAnswer); unknown fields are left out.
 * @param {unknown} answer
 * @returns {ChessKept}
 */
export function summarise(answer) {
  const data = fieldsOf(answer)
  /** @type {ChessKept} */
  const out = { already: Boolean(data && data.already) }
  if (!data) return out
  const rating = fieldsOf(data.rating)
  if (rating && isNumber(rating.before) && isNumber(rating.after)) {
    out.rating = { before: rating.before, after: rating.after }
    // A provisional rating is said to be one on the sheet, with its ± (the RD).
    if (typeof rating.provisional === 'boolean') out.rating.provisional = rating.provisional
    if (isNumber(rating.rd)) out.rating.rd = rating.rd
  }
  if (isWhole(data.streak)) out.streak = data.streak
  if (isWhole(data.freezes_used)) out.freezes_used = data.freezes_used // the days a streak freeze forgave
  if (isWhole(data.place)) out.place = data.place
  if (data.about === true) out.about = true // the place is known within 1%, not exactly
  if (typeof data.daily === 'string') out.daily = data.daily // the day whose board it went on
  if (data.offline === true) out.offline = true // counted for the player alone: unrated, on no board
  return out
}

/**
 * How a puzzle's solves and misses post and where their answers go (lib/session.js reads it).
 * Only a signed-in player's results are queued; the first result is the rated one, so a miss
 * posts before any solve held with it, and a miss's answer may carry the rating change.
 * @type {Posting<ChessRecord, ChessStore>}
 */
export const POSTING = {
  game: 'chess',
  order: ['miss', 'solve'],
  answers: { miss: 'missPosted', solve: 'posted' },
  finished: ['solved', 'shown'],
  noun: ['chess puzzle', 'chess puzzles'],
  keyOf: (rec) => `${rec.band}/${rec.id}`,
  bodyKey: (body) => `${body.band}/${body.id}`,
  record: (store, body) => store.record(String(body.band), String(body.id)),
  moves: (item) => (item.kind === 'solve' && Array.isArray(item.body.moves) ? item.body.moves.length : 0),
  summarise: (answer, kind, outcome) => (outcome === 'sent' ? summarise(answer.data) : droppedAnswer(answer)),
  notes: { answer: 'voted' }, // a vote's answer: {sent} or {dropped, error}, in the record's `voted`
  /** The server's streak counts days on its board: asked for once a daily is in. */
  async more(item, kept, outcome, answer, call) {
    const data = /** @type {{ daily?: unknown } | null} */ (answer.data)
    if (item.kind !== 'solve' || outcome !== 'sent' || !data || !data.daily) return kept
    const me = await call('/me')
    const streaks = /** @type {{ streaks?: { chess?: { current?: unknown, freezes_used?: unknown } } } | null} */ (me.data)
    const mine = me.status === 200 ? streaks?.streaks?.chess : null
    if (!mine || !Number.isInteger(mine.current)) return kept
    /** @type {ChessKept} */
    const out = { .../** @type {ChessKept} */ (kept), streak: /** @type {number} */ (mine.current) }
    if (Number.isInteger(mine.freezes_used)) out.freezes_used = /** @type {number} */ (mine.freezes_used) // the days a freeze forgave
    return out
  },
  /** Your difficulty counts from the server's rating as last answered (no call when picking). */
  noted(store, player, kept) {
    const rating = /** @type {ChessKept} */ (kept).rating
    if (rating) store.noteServerRating(player.id, rating.after)
  },
}

