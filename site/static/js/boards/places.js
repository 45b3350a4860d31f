/**
 * A player's place on a board, found from the board's snapshot without
 * counting it: the browser's copy of puzzlebook/places.py (`standing`,
 * `placed`). tests/vectors/places.json binds the two (pytest and node).
 *
 * A snapshot holds its top rows, each with its rank key (keys sort as the
 * board ranks), and either `runs` (a board read whole: [last key, entries]
 * in order, narrow enough that a place inside one is known within 1%) or
 * `percentiles` (a sampled board: the keys at each whole per cent).
 */

/** @import { Placed, Snapshot, Standing } from '../boards_types.js' */

export const TOP = 100
export const CLOSE = 0.01

/**
 * The number of `sorted` keys strictly before `key` (Python's bisect_left).
 * @param {readonly string[]} sorted
 * @param {string} key
 */
function before(sorted, key) {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid] < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * A standing: { low, high, size, top } (top: the per cent, for a sampled board; else null).
 * @param {number} low
 * @param {number} high
 * @param {number} size
 * @param {number | null} [top]
 * @returns {Standing}
 */
function make(low, high, size, top = null) {
  return { low, high, size, top }
}

/**
 * Known within CLOSE of itself (shown "about #N"): exact, or a narrow range of a board read whole.
 * @param {Standing} s
 */
export function isClose(s) {
  if (s.low === s.high) return true
  return s.top === null && s.high - s.low <= 2 * CLOSE * s.low
}

/**
 * The place to show (exact, or the middle of a close range), or null when only the per cent is known.
 * @param {Standing} s
 */
export function placeOf(s) {
  if (s.low === s.high) return s.low
  return isClose(s) ? Math.floor((s.low + s.high) / 2) : null
}

/**
 * The whole per cent of the board the key is among (at least 1).
 * @param {Standing} s
 */
export function perCent(s) {
  if (s.top !== null) return s.top
  return Math.max(1, Math.min(100, Math.ceil((100 * s.high) / Math.max(s.size, s.high, 1))))
}

/**
 * Where `key` stands among the top `rows` (their keys in order, the
 * player's own left out) and the board's runs or percentiles. `full`: the
 * rows were a full TOP, so the board may go on past them.
 * @param {readonly string[]} rows
 * @param {string} key
 * @param {{ full: boolean, runs?: [string, number][] | null, percentiles?: string[] | null, size?: number }} board
 * @returns {Standing}
 */
export function standing(rows, key, { full, runs = null, percentiles = null, size = 0 }) {
  const aheadRows = before(rows, key)
  if (aheadRows < rows.length || !full) return make(aheadRows + 1, aheadRows + 1, Math.max(size, rows.length + 1))
  const after = rows.length + 1
  if (runs && runs.length) {
    const i = before(runs.map((r) => r[0]), key)
    let ahead = 0
    for (let k = 0; k < i; k++) ahead += runs[k][1]
    if (i === runs.length) {
      const place = Math.max(after, ahead + 1)
      return make(place, place, Math.max(size, ahead + 1))
    }
    const low = Math.max(after, ahead + 1)
    const high = Math.max(low, ahead + runs[i][1] + 1)
    return make(low, high, Math.max(size, high - 1))
  }
  if (percentiles && percentiles.length) {
    const below = before(percentiles, key)
    const top = Math.min(100, below + 1)
    const low = Math.max(after, Math.floor((size * below) / 100) + 1)
    const high = Math.max(low, Math.ceil((size * top) / 100))
    return make(low, high, size, top)
  }
  return make(after, Math.max(after, size), size)
}

/**
 * What to say of a standing: { place, about, top } (top: the per cent, when the place isn't known within 1%).
 * @param {Standing} s
 * @returns {Placed}
 */
export function placed(s) {
  const place = placeOf(s)
  return { place, about: place !== null && s.low !== s.high, top: place === null ? perCent(s) : null }
}

/**
 * The player's standing on a snapshot from their own rank key (and name,
 * to know their row among equal keys): their row's place when they are in
 * the top rows, else from the distribution. Null without a key.
 * @param {Snapshot | null | undefined} snapshot
 * @param {string | null | undefined} key
 * @param {string} [name]
 * @returns {Standing | null}
 */
export function standingIn(snapshot, key, name) {
  if (!snapshot || !key) return null
  const rows = Array.isArray(snapshot.rows) ? snapshot.rows : []
  const own = rows.find((r) => r.key === key && (name === undefined || r.name === name))
  if (own) return make(own.place, own.place, snapshot.size || rows.length)
  return standing(rows.map((r) => r.key), key, {
    full: rows.length >= TOP,
    runs: snapshot.runs || null,
    percentiles: snapshot.percentiles || null,
    size: snapshot.size || 0,
  })
}
