/**
 * One Chain day being played, as plain data: no DOM, no storage.
 *
 * A puzzle is the public daily file: {date, level, start, target, moves, hand}.
 * A record is what the browser keeps of the player's go at it:
 *
 *   { date, puzzle, played: [hand indices, in order], undos, resets, seconds,
 *     state: 'playing' | 'solved' | 'gaveup', today (opened on its own day),
 *     opened, finished, posted, walkthrough }
 *
 * The tile rule itself is tiles.js's (shared with the server through
 * tests/vectors/chain.json); this module adds the rules of a go: each tile
 * once, at most `moves` moves, undo and reset counted, solved on the target
 * after exactly `moves` moves.
 */
import { applyTile, label } from './tiles.js'
import { isDay } from '../lib/dates.js'
import { t } from '../lib/i18n.js'
import { postedOf } from './server_result.js'
/** @import { ChainDay, ChainRecord, Level, Standing, TileVerdict } from '../chain_types.js' */
/** @import { KeptPlayer } from '../answer_types.js' */
/** @import { MyChainResult } from '../api_types.js' */

/**
 * The levels by their key in a daily file, as shown.
 * @type {Record<Level, string>}
 */
export const LEVELS = { easy: t('Easy'), medium: t('Medium'), hard: t('Hard') }

/** @typedef {Pick<ChainRecord, 'puzzle' | 'played' | 'state'>} Go what the rules of a go read of a record */

/**
 * The reason `puzzle` isn't a Chain puzzle this page can play, or null.
 * Checks the shape of the public file (not whether it is solvable).
 * @param {unknown} puzzle
 * @returns {string | null}
 */
export function puzzleProblem(puzzle) {
  if (!puzzle || typeof puzzle !== 'object') return 'the puzzle file is not an object'
  const { date, level, start, target, moves, hand } = /** @type {Record<string, unknown>} */ (puzzle)
  if (!isDay(date)) return 'the puzzle has no date'
  if (!Object.hasOwn(LEVELS, /** @type {PropertyKey} */ (level))) return `unknown level ${JSON.stringify(level)}`
  /** @param {unknown} x */
  const whole = (x) => Number.isInteger(x) && /** @type {number} */ (x) >= 1 && /** @type {number} */ (x) <= 9999
  if (!whole(start) || !whole(target)) return 'the start and target must be whole numbers from 1 to 9999'
  if (!Array.isArray(hand) || hand.length < 1 || hand.length > 9) return 'the hand must be a list of tiles'
  if (!Number.isInteger(moves) || /** @type {number} */ (moves) < 1 || /** @type {number} */ (moves) > hand.length) return 'the number of moves must fit the hand'
  return null
}

/**
 * A fresh record for `puzzle`, played on `today` (YYYY-MM-DD, the site day).
 * @param {ChainDay} puzzle
 * @param {string} today
 * @returns {ChainRecord}
 */
export function newRecord(puzzle, today, now = Date.now()) {
  return {
    date: puzzle.date,
    puzzle: { date: puzzle.date, level: puzzle.level, start: puzzle.start, target: puzzle.target, moves: puzzle.moves, hand: puzzle.hand },
    played: [],
    undos: 0,
    resets: 0,
    seconds: 0,
    state: 'playing',
    today: puzzle.date === today,
    opened: now,
    finished: null,
    posted: null,
    walkthrough: null,
  }
}

/**
 * The start and every value reached by `played` (hand indices, each legal in turn).
 * @param {ChainDay} puzzle
 * @param {readonly number[]} played
 */
export function values(puzzle, played) {
  const out = [puzzle.start]
  for (const i of played) {
    const verdict = applyTile(out[out.length - 1], puzzle.hand[i])
    if (!verdict.ok) throw new Error(`tile ${i} can't follow ${out.join(', ')}: ${verdict.reason}`)
    out.push(verdict.value)
  }
  return out
}

/**
 * The running value after `played`.
 * @param {ChainDay} puzzle
 * @param {readonly number[]} played
 */
export function current(puzzle, played) {
  return /** @type {number} */ (values(puzzle, played).at(-1)) // values() holds the start at least
}

/**
 * Moves left to play.
 * @param {ChainDay} puzzle
 * @param {readonly number[]} played
 */
export function movesLeft(puzzle, played) {
  return puzzle.moves - played.length
}

/**
 * What playing hand tile `index` now would do:
 *   {ok: true, value}                   it plays, reaching `value`
 *   {ok: false, code, reason}           it doesn't, and why in a player's words
 * Codes: finished, no_such_tile, used, no_moves, and tiles.js's codes
 * (inexact_divide, swap_unchanged, swap_drops_digit, too_small, too_large).
 * @param {Go} rec
 * @param {number} index
 * @returns {TileVerdict}
 */
export function verdict(rec, index) {
  const { puzzle, played } = rec
  if (rec.state !== 'playing') return { ok: false, code: 'finished', reason: 'this Chain is over' }
  if (!Number.isInteger(index) || index < 0 || index >= puzzle.hand.length) {
    return { ok: false, code: 'no_such_tile', reason: `there is no tile ${index}` }
  }
  const tile = puzzle.hand[index]
  if (played.includes(index)) {
    const move = played.indexOf(index) + 1
    return { ok: false, code: 'used', reason: `${label(tile)} was played as move ${move}; each tile plays once` }
  }
  if (movesLeft(puzzle, played) <= 0) {
    return { ok: false, code: 'no_moves', reason: `all ${puzzle.moves} moves are played; undo or reset to try another way` }
  }
  const result = applyTile(current(puzzle, played), tile)
  return result.ok ? { ok: true, value: result.value } : { ok: false, code: result.code, reason: result.reason }
}

/**
 * Where the go stands: 'solved' (all moves played, on the target), 'out' (all
 * moves played elsewhere), 'stuck' (moves left but no unused tile plays),
 * 'playing', or 'gaveup'.
 * @param {Go} rec
 * @returns {Standing}
 */
export function standing(rec) {
  if (rec.state === 'gaveup') return 'gaveup'
  const { puzzle, played } = rec
  const value = current(puzzle, played)
  if (played.length === puzzle.moves) return value === puzzle.target ? 'solved' : 'out'
  const open = puzzle.hand.some((tile, i) => !played.includes(i) && applyTile(value, tile).ok)
  return open ? 'playing' : 'stuck'
}

/**
 * Play tile `index` on `rec` (changed in place). Answers the verdict; a tile
 * that can't be played changes nothing. Reaching the target on the last move
 * makes the record solved.
 * @param {ChainRecord} rec
 * @param {number} index
 */
export function play(rec, index) {
  const result = verdict(rec, index)
  if (!result.ok) return result
  rec.played.push(index)
  if (standing(rec) === 'solved') rec.state = 'solved'
  return result
}

/**
 * Take back the last move; counted. False (and nothing counted) when there is none or the go is over.
 * @param {ChainRecord} rec
 */
export function undo(rec) {
  if (rec.state !== 'playing' || !rec.played.length) return false
  rec.played.pop()
  rec.undos++
  return true
}

/**
 * Back to the start; counted. False (and nothing counted) when nothing is played or the go is over.
 * @param {ChainRecord} rec
 */
export function reset(rec) {
  if (rec.state !== 'playing' || !rec.played.length) return false
  rec.played = []
  rec.resets++
  return true
}

/**
 * Give up (only while playing).
 * @param {ChainRecord} rec
 */
export function giveUp(rec, now = Date.now()) {
  if (rec.state !== 'playing') return false
  rec.state = 'gaveup'
  rec.finished = now
  return true
}

/**
 * Whose finished go `rec` is, for `player` (the player signed in now, or null):
 *   'nobody'  nobody is signed in now
 *   'player'  played while `player` was signed in: theirs (posted, waiting, or refused)
 *   'other'   played with nobody signed in, or as another player: never posted for
 *             `player`, so not theirs (on no board, in no streak of theirs)
 * `rec.by` is who was signed in when the go ended (an id, or null). A record kept
 * before `by` was: a result posted or queued (`queued`) was a player's.
 * @param {Pick<ChainRecord, 'by' | 'posted'>} rec
 * @param {Pick<KeptPlayer, 'id'> | null | undefined} player
 * @returns {'nobody' | 'player' | 'other'}
 */
export function goOwner(rec, player, queued = false) {
  if (!player) return 'nobody'
  if (rec.by === undefined) return rec.posted || queued ? 'player' : 'other'
  return rec.by === player.id ? 'player' : 'other'
}

/**
 * True for a solve with no undo and no reset (the server's clean: tests/vectors/chain_results.json).
 * @param {Pick<ChainRecord, 'state' | 'undos' | 'resets'>} rec
 */
export function isClean(rec) {
  return rec.state === 'solved' && rec.undos === 0 && rec.resets === 0
}

/**
 * The fewest whole seconds the server takes as a believable solve of `moves` tiles: one a tile.
 * @param {number} moves
 */
export function minSeconds(moves) {
  return moves
}

/**
 * The seconds a solve shows and posts: whole seconds, never under the
 * server's floor (minSeconds; a glance-fast solve still posts).
 * @param {Pick<ChainRecord, 'puzzle' | 'seconds'>} rec
 */
export function postedSeconds(rec) {
  return Math.max(minSeconds(rec.puzzle.moves), Math.round(rec.seconds || 0))
}

/**
 * The body of POST /api/chain/solves for a solved record.
 * @param {ChainRecord} rec
 */
export function solveBody(rec) {
  return { date: rec.date, tiles: rec.played.slice(), seconds: postedSeconds(rec), undos: rec.undos, resets: rec.resets }
}

/**
 * A stored record read back: the same record when it is sound, or null when
 * it can't be trusted (another version wrote it, or it was edited), so the
 * page starts that day afresh instead of failing.
 */
/**
 * The go of a day the signed-in `player` finished on another device, from GET /api/me/chain/<date>
 * (`mine`): the server's result as a finished, posted go of theirs (a solve's tiles, time, undos and
 * resets; a give-up's none), its streak today's as the server has it; null when the server has no
 * result for the day, or one this puzzle can't take (revive's checks). docs/site.md, "The same day
 * on every device".
 * @param {ChainDay} puzzle
 * @param {string} today
 * @param {MyChainResult | null | undefined} mine
 * @param {KeptPlayer | null | undefined} player
 * @returns {ChainRecord | null}
 */
export function fromServer(puzzle, today, mine, player) {
  const rec = newRecord(puzzle, today)
  const posted = postedOf(mine, puzzle.date, rec.today)
  if (!mine || !player || !posted) return null
  if (mine.kept === 'solve') {
    if (!Array.isArray(mine.played)) return null
    // A solve's counts are whole numbers (revive checks them: a server's answer is read as any kept record is).
    Object.assign(rec, { state: 'solved', played: mine.played, seconds: mine.seconds, undos: mine.undos, resets: mine.resets })
  } else rec.state = 'gaveup'
  const finished = Date.parse(/** @type {string} */ (mine.posted))
  Object.assign(rec, { posted, by: player.id, finished: Number.isFinite(finished) ? finished : Date.now() })
  return revive(rec, puzzle)
}

/**
 * @param {unknown} kept a record as read back from storage (or made from the server's answer)
 * @param {ChainDay} puzzle
 * @returns {ChainRecord | null}
 */
export function revive(kept, puzzle) {
  const rec = /** @type {ChainRecord | null} */ (kept)
  if (!rec || typeof rec !== 'object' || rec.date !== puzzle.date || !Array.isArray(rec.played)) return null
  if (JSON.stringify(rec.puzzle) !== JSON.stringify(newRecord(puzzle, '').puzzle)) return null
  if (!['playing', 'solved', 'gaveup'].includes(rec.state)) return null
  if (!Number.isInteger(rec.undos) || !Number.isInteger(rec.resets) || rec.undos < 0 || rec.resets < 0) return null
  const seen = new Set()
  for (const i of rec.played) {
    if (!Number.isInteger(i) || i < 0 || i >= puzzle.hand.length || seen.has(i)) return null
    seen.add(i)
  }
  if (rec.played.length > puzzle.moves) return null
  try {
    values(puzzle, rec.played)
  } catch {
    return null
  }
  if (rec.state === 'solved' && standing({ ...rec, state: 'playing' }) !== 'solved') return null
  return rec
}
