/**
 * What this browser keeps of playing together, under `pb:friends:` (docs/site.md, "Kept in the
 * browser"): the last boards of people you know it was answered (for offline: the board asked for,
 * or the last one seen, shown marked as such), your follow code and link (for the result sheets'
 * share), the clubs you are in (for the result sheets' club lines), and the day a result sheet was
 * last told you follow no one and are in no club (it asks again the next day, or once you follow).
 * Each is kept with the id of the player it was answered to: another player signing in here sees none
 * of it.
 */
import { namespace } from '../lib/storage.js'

/** @import { Namespace } from '../storage_types.js' */
/** @import { BoardAt, BoardSource, KeptBoard } from '../friends_types.js' */

/** The most boards kept: a few games' days and weeks, a club's too. */
export const MOST_KEPT = 12

/** This browser's keeping of playing together (a test gives its own namespace). */
export function friendsStore() {
  return namespace('pb:friends:')
}

/**
 * A board's key: whose, which game, the day or the week, the date.
 * @param {BoardSource} source
 * @param {BoardAt} at
 */
export function boardKey(source, at) {
  return [source.kind === 'club' ? `club/${source.id}` : 'friends', at.game, at.week ? 'week' : 'day', at.date].join('/')
}

/**
 * The boards kept for player `by`, newest first.
 * @param {Namespace} keep
 * @param {string} by
 * @returns {KeptBoard[]}
 */
export function keptBoards(keep, by) {
  const kept = keep.get('boards', [])
  if (!Array.isArray(kept)) return []
  return /** @type {KeptBoard[]} */ (kept.filter((k) => k && typeof k === 'object' && k.by === by && k.answer && k.at && k.source))
}

/**
 * Keep `board` as the newest seen (its older copy replaced; the oldest past MOST_KEPT let go).
 * @param {Namespace} keep
 * @param {KeptBoard} board
 */
export function keepBoard(keep, board) {
  const key = boardKey(board.source, board.at)
  const others = keptBoards(keep, board.by).filter((k) => boardKey(k.source, k.at) !== key)
  keep.set('boards', [board, ...others].slice(0, MOST_KEPT))
}

/**
 * The board kept for `source` and `at`, else the last seen of any (offline: something to show, said
 * to be what it is), else null.
 * @param {Namespace} keep
 * @param {string} by
 * @param {BoardSource} source
 * @param {BoardAt} at
 * @returns {KeptBoard | null}
 */
export function keptFor(keep, by, source, at) {
  const kept = keptBoards(keep, by)
  const key = boardKey(source, at)
  return kept.find((k) => boardKey(k.source, k.at) === key) || kept[0] || null
}

/**
 * Your follow code and link as last answered to player `by` (null: not known here).
 * @param {Namespace} keep
 * @param {string} by
 * @returns {{ code: string, link: string } | null}
 */
export function keptFollow(keep, by) {
  const kept = /** @type {{ by?: unknown, code?: unknown, link?: unknown } | null} */ (keep.get('follow', null))
  if (!kept || kept.by !== by || typeof kept.code !== 'string' || typeof kept.link !== 'string') return null
  return { code: kept.code, link: kept.link }
}

/**
 * Keep player `by`'s follow code and link (null: forget them, as when following is turned off).
 * @param {Namespace} keep
 * @param {string} by
 * @param {{ code: string, link: string } | null} follow
 */
export function keepFollow(keep, by, follow) {
  if (follow) keep.set('follow', { by, code: follow.code, link: follow.link })
  else keep.remove('follow')
}

/**
 * The clubs player `by` is in, as last answered here.
 * @param {Namespace} keep
 * @param {string} by
 * @returns {{ id: string, name: string }[]}
 */
export function keptClubs(keep, by) {
  const kept = /** @type {{ by?: unknown, clubs?: unknown } | null} */ (keep.get('clubs', null))
  if (!kept || kept.by !== by || !Array.isArray(kept.clubs)) return []
  return kept.clubs.filter((c) => c && typeof c.id === 'string' && typeof c.name === 'string')
}

/**
 * @param {Namespace} keep
 * @param {string} by
 * @param {{ id: string, name: string }[]} clubs
 */
export function keepClubs(keep, by, clubs) {
  keep.set('clubs', { by, clubs: clubs.map(({ id, name }) => ({ id, name })) })
}

/**
 * The day a result sheet was last answered that player `by` follows no one who shares and is in no
 * club (null: not so, or not known): that day's other sheets needn't ask.
 * @param {Namespace} keep
 * @param {string} by
 * @returns {string | null}
 */
export function keptAlone(keep, by) {
  const kept = /** @type {{ by?: unknown, day?: unknown } | null} */ (keep.get('alone', null))
  return kept && kept.by === by && typeof kept.day === 'string' ? kept.day : null
}

/**
 * @param {Namespace} keep
 * @param {string} by
 * @param {string | null} day null: they follow someone, or joined a club, since
 */
export function keepAlone(keep, by, day) {
  if (day) keep.set('alone', { by, day })
  else keep.remove('alone')
}
