/**
 * The server's result of a Chain day for the signed-in player (GET /api/me/chain/<date>), as what
 * the results sheet keeps of a post's answer: read by the day finished on another device
 * (state.js fromServer) and by a result whose post went unheard, found kept (store.js POSTING.look).
 * Pure.
 */
/** @import { MyChainResult } from '../api_types.js' */
/** @import { ChainPostedKept } from '../chain_types.js' */

/**
 * `mine` (the day `date`'s result) as a kept answer, or null when the server has no result for it;
 * `streak`: with the player's streak as the server has it (false for a day not played on its own day).
 * @param {MyChainResult | null | undefined} mine
 * @param {string} date
 * @param {boolean} [streak]
 * @returns {ChainPostedKept | null}
 */
export function postedOf(mine, date, streak = true) {
  if (!mine || (mine.kept !== 'solve' && mine.kept !== 'giveup')) return null
  /** @type {ChainPostedKept} */
  const posted = { kind: mine.kept, already: false, kept: mine.kept }
  if (mine.kept === 'solve') posted.clean = mine.clean === true
  if (mine.on_board) posted.daily = date
  if (mine.offline === true) posted.offline = true
  if (streak && Number.isInteger(mine.streak)) {
    posted.streak = mine.streak
    if (Number.isInteger(mine.freezes_used)) posted.freezes_used = mine.freezes_used
  }
  return posted
}
