/**
 * The leaderboards as data: which boards there are, the path of each one's
 * snapshot (and of the API route that answers it), its columns, how fresh a
 * snapshot is, and the rows to show (the top 100, the player's own row marked,
 * or after a gap when they are further down, placed by places.js). Pure: no
 * DOM, no fetch.
 */
import { formatTime } from '../lib/clock.js'
import { BAND_NAMES, BOARDS } from '../games.js'
import { addDays, clockWords, isDay, longDate, playerDay } from '../lib/dates.js'
import { placed, standingIn } from './places.js'
import { placeText } from '../lib/standing.js'
import { t, tn } from '../lib/i18n.js'
import { bandWords } from '../lib/bands.js'
/** @import { Board, Column } from '../games_types.js' */
/** @import { BoardRoute, BoardRow, DisplayRow, Placed, Shown, Snapshot } from '../boards_types.js' */
/** @import { MyEntry } from '../api_types.js' */
/** @typedef {{ date?: string | null, band?: string | null }} Where a board's day and band */

// Every board, in the order of the page's tabs, and the band names: from the game registry.
export { BOARDS }
export const BANDS = BAND_NAMES

/**
 * What a boards address asks for: { board, date, band } or null.
 *   #/<board id>[/YYYY-MM-DD][/Band]   e.g. #/chess/daily/2026-11-02/Easy, #/chess/alltime/Hard
 * a date for a dated board, a band for one with bands (js/games.js lists them).
 * '' is the first board. A missing date is today (filled in by the page).
 * @param {string | null | undefined} hash
 * @returns {BoardRoute | null}
 */
export function parseRoute(hash) {
  const parts = (hash || '').replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  if (!parts.length) return { board: BOARDS[0], date: null, band: null }
  const board = BOARDS.find((b) => b.id === `${parts[0]}/${parts[1]}`)
  if (!board) return null
  const rest = parts.slice(2)
  /** @type {string | null} */
  let date = null
  /** @type {string | null} */
  let band = null
  if (board.dated && rest.length && isDay(rest[0])) date = /** @type {string} */ (rest.shift())
  if (board.bands && rest.length && BANDS.includes(rest[0])) band = /** @type {string} */ (rest.shift())
  if (rest.length) return null
  return { board, date, band }
}

/**
 * The address of a board (the inverse of parseRoute).
 * @param {string} boardId
 * @param {Where} [where]
 */
export function routeOf(boardId, { date = null, band = null } = {}) {
  // Board ids, dates and band names need no escaping.
  return '#/' + [boardId, date, band].filter(Boolean).join('/')
}

/**
 * A board's caption: its registry caption, then the band when it takes one (all bands when
 * none is chosen of an optional one), then the day (`date`, in words) of a dated board:
 * "Chess daily · Easy · Monday 2 November 2026", "Chess clean solves of all time · all bands".
 * @param {Board} board
 * @param {Where} [where]
 */
export function caption(board, { date = null, band = null } = {}) {
  /** @type {(string | null)[]} */
  const parts = [board.caption]
  if (board.bands === 'optional') parts.push(band ? bandWords(band) : t('all bands'))
  else if (board.bands && band) parts.push(bandWords(band))
  if (board.dated) parts.push(date)
  return parts.join(' · ')
}

/**
 * The board's path after /boards/, as its API route and its snapshot spell it, a band as one
 * more segment: "chess/daily/2026-12-02/Easy", "chess/alltime", "ratings/chess".
 * @param {Board} board
 * @param {Where} [where]
 */
export function boardPath(board, { date = null, band = null } = {}) {
  if (!board || !board.api) throw new Error(`no board ${board && board.id}`)
  if (board.dated && !isDay(date)) throw new Error(`${board.id} needs a day, not ${date}`)
  const path = board.api.replace(/^\/boards\//, '').replace('{date}', /** @type {string} */ (date))
  return board.bands && band ? `${path}/${encodeURIComponent(band)}` : path
}

/**
 * Where a board's snapshot is published (docs/site.md, "The boards page"):
 * /snapshots/chess/daily/2026-12-02/Easy.json, /snapshots/chess/alltime.json,
 * /snapshots/ratings/chess.json.
 * @param {Board} board
 * @param {Where} [where]
 */
export function snapshotPath(board, { date = null, band = null } = {}) {
  return `/snapshots/${boardPath(board, { date, band })}.json`
}

/**
 * The API path of the signed-in player's own entry on a board ({ key, row }: docs/api.md).
 * @param {Board} board
 * @param {Where} [where]
 */
export function entryPath(board, { date = null, band = null } = {}) {
  return `/me/entry/${boardPath(board, { date, band })}`
}

/**
 * The API path answering a board.
 * @param {Board} board
 * @param {Where} where
 */
export function apiPath(board, { date, band }) {
  if (!board || !board.api) throw new Error(`no board ${board && board.id}`)
  const q = board.bands && band ? `?band=${encodeURIComponent(band)}` : ''
  return board.api.replace('{date}', /** @type {string} */ (date)) + q
}

/**
 * A rating as the site writes it: "1623 ± 74", "1500 ± 350 (provisional)".
 * @param {BoardRow | { rating: number, rd: number, provisional: boolean }} row a board's row, or the API's RatingInfo
 */
export function ratingText(row) {
  return `${row.rating} ± ${row.rd}` + (row.provisional ? ' ' + t('(provisional)') : '')
}

/** @type {Record<Exclude<Column['kind'], 'rating'>, (value: unknown) => string>} */
const CELLS = {
  yesno: (v) => (v ? t('Yes') : t('No')),
  count: (v) => String(v ?? 0), // a snapshot published before a column was added has none of it
  time: (v) => formatTime(/** @type {number} */ (v)),
  days: (v) => tn('{n} day', '{n} days', /** @type {number} */ (v)),
  puzzle: (v) => (v === null || v === undefined ? '–' : String(v)),
}

/**
 * The columns of a board after Place and Name: [{ head, cell(row) -> text, num }], as the registry says.
 * @param {Board} board
 * @returns {{ head: string, cell: (row: BoardRow) => string, num: boolean }[]}
 */
export function columns(board) {
  return board.columns.map(({ head, field, kind }) => ({
    head,
    cell: kind === 'rating' ? ratingText : (r) => CELLS[kind](r[field]),
    num: kind !== 'yesno',
  }))
}

/**
 * A snapshot and the signed-in player's own entry on it ({ key, row }: their rank key and
 * their row's columns, from `GET /api/me/entry/...`; null for a guest, and a null key for a
 * player not on the board) as the page shows them: { rows, mine }. `rows` are the snapshot's,
 * the player's own marked `you`: the snapshot carries no player ids, so their row is the one
 * with their key and `name` (the player's, kept in this browser; the entry's row carries
 * none). `mine` is their row, with their name, and where they stand, found by places.js from
 * the snapshot (`place`, and `about` when it is known within 1%, else `top`: the per cent
 * they are among), or null.
 * @param {Snapshot | null | undefined} snapshot
 * @param {Pick<MyEntry, 'key' | 'row'> | null | undefined} entry
 * @param {string} [name]
 * @returns {Shown}
 */
export function withMine(snapshot, entry, name = /** @type {string | undefined} */ (entry && entry.row ? entry.row.name : undefined)) {
  const rows = snapshot && Array.isArray(snapshot.rows) ? snapshot.rows : []
  const key = entry && typeof entry.key === 'string' ? entry.key : null
  const standing = key === null ? null : standingIn(snapshot, key, name)
  if (!standing) return { rows: rows.map((row) => ({ ...row, you: false })), mine: null }
  const at = rows.findIndex((r) => r.key === key && r.name === name)
  return {
    rows: rows.map((row, k) => ({ ...row, you: k === at })),
    mine: { name, .../** @type {MyEntry} */ (entry).row, key, ...placed(standing) }, // a key came with the entry
  }
}

// A place as a board shows it: "#8", "about #3975", "top 2%" (one rule with the result sheets').
export { placeText }

/**
 * The rows to show: the board's rows, and when the caller's own row (`mine`)
 * isn't among them, their row after them (after a gap, unless it comes right
 * after the last). Each is { row, you } or { gap: true }.
 * @param {{ rows?: BoardRow[], mine?: (BoardRow & Partial<Placed>) | null } | null | undefined} answer
 * @returns {DisplayRow[]}
 */
export function displayRows(answer) {
  const rows = answer && Array.isArray(answer.rows) ? answer.rows : []
  /** @type {DisplayRow[]} */
  const out = rows.map((row) => ({ row, you: Boolean(row.you) }))
  const mine = answer && answer.mine
  if (mine && !rows.some((r) => r.you || r.place === mine.place && r.name === mine.name)) {
    const next = !mine.about && mine.place === rows.length + 1 && (!rows.length || rows[rows.length - 1].place === rows.length)
    if (!next) out.push({ gap: true })
    out.push({ row: mine, you: true })
  }
  return out
}

/**
 * A sentence for the caller's place, or null: "You are #140 on this day’s board.",
 * "You are about #3975, with 12 clean solves.", "You are in the top 2%, rated 1623 ± 74."
 * @param {Board} board
 * @param {{ mine?: (BoardRow & Partial<Placed>) | null } | null | undefined} answer
 */
export function placeLine(board, answer) {
  const mine = answer && answer.mine
  if (!mine) return null
  const unplaced = mine.place === null || mine.place === undefined
  const place = unplaced ? t('in the top {top}%', { top: String(mine.top) }) : /** @type {string} */ (placeText(mine)) // a place to write
  if (board.ranks === 'daily') {
    return unplaced
      ? t('You are in the top {top}% of this day’s board.', { top: String(mine.top) })
      : t('You are {place} on this day’s board.', { place })
  }
  if (board.ranks === 'streak') {
    const used = /** @type {number} */ (mine.freezes_used) || 0
    const days = /** @type {number} */ (mine.streak)
    return used
      ? tn('You are {place}, with a {days}-day streak ({n} freeze used).', 'You are {place}, with a {days}-day streak ({n} freezes used).', used, { place, days })
      : tn('You are {place}, with a {n}-day streak.', 'You are {place}, with a {n}-day streak.', days, { place, n: days })
  }
  if (board.ranks === 'rating') return t('You are {place}, rated {rating}.', { place, rating: ratingText(mine) })
  if (board.ranks === 'best') return tn('You are {place}, with your best of {n} solved.', 'You are {place}, with your best of {n} solved.', /** @type {number} */ (mine.score), { place })
  const clean = /** @type {number} */ (mine.clean)
  return tn('You are {place}, with {n} clean solve.', 'You are {place}, with {n} clean solves.', clean, { place })
}

/** Each unit of a snapshot's age, longest first: its seconds and its words. */
/** @type {[seconds: number, words: (n: number) => string][]} */
const UNITS = [
  [86400, (n) => tn('Updated {n} day ago', 'Updated {n} days ago', n)],
  [3600, (n) => tn('Updated {n} hour ago', 'Updated {n} hours ago', n)],
  [60, (n) => tn('Updated {n} minute ago', 'Updated {n} minutes ago', n)],
  [1, (n) => tn('Updated {n} second ago', 'Updated {n} seconds ago', n)],
]

/**
 * How fresh a snapshot is, from its `published` stamp (UTC ISO) and now (ms since the epoch, on
 * the server's clock as the page best knows it: `serverNow`): "Updated just now" (under 5 s, or
 * a stamp ahead of now), "Updated 12 seconds ago", "Updated 1 minute ago", "Updated 3 hours ago",
 * "Updated 2 days ago"; null for a stamp that isn't one.
 * @param {unknown} published
 * @param {number} now
 */
export function freshness(published, now) {
  const at = typeof published === 'string' ? Date.parse(published) : NaN
  if (!Number.isFinite(at) || !Number.isFinite(now)) return null
  const seconds = Math.floor((now - at) / 1000)
  if (seconds < 5) return t('Updated just now')
  const [size, words] = /** @type {[number, (n: number) => string]} */ (UNITS.find(([s]) => seconds >= s)) // every age of 5 s on is a second's
  return words(Math.floor(seconds / size))
}

/**
 * Until when a dated board still takes results, in the player's own time and saying so, from the
 * API's `open_until` (a UTC instant: when its date has ended everywhere) at `now` (a Date): "Open
 * until 1 pm, your time" (today), "Open until noon on Monday 7 December, your time", "Open until
 * midnight, your time" (the end of today), "Open until the end of Monday 7 December, your time".
 * (Issue 40: "Open until Monday 7 December, noon" said neither whose noon nor read as a sentence.)
 * Null once there is no such instant (the board is final), or it has passed.
 * @param {unknown} openUntil
 */
export function openWords(openUntil, now = new Date()) {
  const ms = typeof openUntil === 'string' ? Date.parse(openUntil) : NaN
  if (!Number.isFinite(ms) || ms <= now.getTime()) return null
  const at = new Date(ms)
  const today = playerDay(now)
  if (at.getHours() === 0 && at.getMinutes() === 0) {
    // A local midnight: the end of the day before it.
    const ending = addDays(playerDay(at), -1)
    return ending === today ? t('Open until midnight, your time') : t('Open until the end of {day}, your time', { day: longDate(ending) })
  }
  const day = playerDay(at)
  return day === today
    ? t('Open until {time}, your time', { time: clockWords(at) })
    : t('Open until {time} on {day}, your time', { time: clockWords(at), day: longDate(day) })
}

export const CLOCK_SLACK = 60_000

/**
 * How far the server's clock is ahead of this browser's (ms), from a response's Date header
 * (and Age, the seconds a CDN kept it), read at `received` (this browser's ms), so a browser
 * whose clock is wrong still says how old a snapshot is. 0 without a Date, and 0 when the two
 * are within a minute: a response from the browser's own cache (kept up to 15 s) carries the
 * Date it was first fetched with, and Date has whole seconds, so a small difference is those,
 * not a wrong clock.
 * @param {string | null | undefined} dateHeader
 * @param {string | null | undefined} ageHeader
 * @param {number} received
 */
export function clockOffset(dateHeader, ageHeader, received) {
  const date = dateHeader ? Date.parse(dateHeader) : NaN
  if (!Number.isFinite(date) || !Number.isFinite(received)) return 0
  const age = Number.parseInt(ageHeader || '0', 10)
  const offset = date + (Number.isFinite(age) && age > 0 ? age * 1000 : 0) - received
  return Math.abs(offset) > CLOCK_SLACK ? offset : 0
}
