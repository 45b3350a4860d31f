/**
 * A chess daily the signed-in player played on another device, from GET /api/me/chess/<date>, as a
 * record of this browser (docs/site.md, "The same day on every device"). Pure: the page asks, this
 * turns the answer into the record the controller opens.
 */
import { fromRow, solution } from './rules.js'
/** @import { MyChessDay, MyDaily } from '../api_types.js' */
/** @import { KeptPlayer } from '../answer_types.js' */
/** @import { ChessKept, PuzzleRecord } from '../chess_types.js' */

/**
 * The server's entry for `band`'s daily `id` in the answer `mine`, when it kept a result of it (else null).
 * @param {MyChessDay | null | undefined} mine
 * @param {string} band
 * @param {string} id
 * @returns {MyDaily | null}
 */
export function keptOf(mine, band, id) {
  const dailies = mine && Array.isArray(mine.dailies) ? mine.dailies : []
  const entry = dailies.find((d) => d && d.band === band && d.id === id)
  return entry && (entry.solve || entry.miss) ? entry : null
}

/**
 * The record of `band`'s daily (its `row`) of `date` as the server keeps it for `player`, or null
 * when the server has no result of it. `base` is a fresh record of the puzzle (ctrl.js newRecord);
 * `today` the site day, for the streak, which is only today's. A solve is finished, solved (after
 * the miss, when there was one); a Show solution finished, shown; a wrong move alone stays in play
 * where the player left it, the miss kept as posted, so the player can go on and nothing posts it
 * twice. Either way the first result stands, as the server says.
 * @param {PuzzleRecord} base the puzzle's fresh record (chess/ctrl.js newRecord)
 * @param {MyChessDay | null | undefined} mine
 * @param {Pick<KeptPlayer, 'id'> | null | undefined} player
 * @param {string} today
 * @returns {PuzzleRecord | null}
 */
export function fromServer(base, mine, player, today) {
  const entry = player ? keptOf(mine, base.band, base.id) : null
  if (!entry) return null
  const { solve, miss } = entry
  // An entry comes only with a player and their day's answer.
  const day = /** @type {MyChessDay} */ (mine)
  const rec = { ...base, started: true, by: /** @type {Pick<KeptPlayer, 'id'>} */ (player).id }
  if (miss) {
    Object.assign(rec, { missed: true, missPosted: miss.offline ? { already: false, offline: true } : { already: false } })
  }
  if (solve && Array.isArray(solve.moves)) {
    /** @type {ChessKept} */
    const posted = { already: false }
    if (solve.on_board && base.daily !== null) posted.daily = base.daily
    if (solve.offline) posted.offline = true
    if (base.daily === today && Number.isInteger(day.streak)) {
      posted.streak = day.streak
      posted.freezes_used = Number.isInteger(day.freezes_used) ? day.freezes_used : 0
    }
    return finished({
      ...rec, state: 'solved', moves: solve.moves.slice(), mistakes: solve.mistakes, hints: solve.hints,
      seconds: solve.seconds, posted,
    }, solve.posted)
  }
  if (!miss || !Array.isArray(miss.moves)) return null
  if (miss.how === 'gave-up') {
    const shown = solution(fromRow(base.row, base.band)).length
    return finished({ ...rec, state: 'shown', shown }, miss.posted)
  }
  // A wrong move: the right moves before it, then the wrong one tried at its ply.
  const moves = miss.moves.slice(0, -1)
  const wrong = miss.moves.at(-1)
  if (typeof wrong !== 'string') return null
  return { ...rec, moves, tries: [wrong], triedAt: [1 + 2 * moves.length], mistakes: 1 }
}

/**
 * @param {PuzzleRecord} rec
 * @param {string} posted
 */
function finished(rec, posted) {
  const at = Date.parse(posted)
  return { ...rec, finished: Number.isFinite(at) ? at : Date.now() }
}
