/**
 * The leaderboards as data: which boards there are, the API path of each,
 * its columns, and the rows to show (the top 100, then the player's own row
 * after a gap when they are further down). Pure: no DOM, no fetch.
 */
import { formatTime } from '../lib/clock.js'
import { BAND_NAMES, BOARDS } from '../games.js'
import { isDay } from '../lib/dates.js'

// Every board, in the order of the page's tabs, and the band names: from the game registry.
export { BOARDS }
export const BANDS = BAND_NAMES

/**
 * What a boards address asks for: { board, date, band } or null.
 *   #/<board id>[/YYYY-MM-DD][/Band]   e.g. #/chess/daily/2026-11-02/Easy, #/chess/alltime/Hard
 * a date for a dated board, a band for one with bands (js/games.js lists them).
 * '' is the first board. A missing date is today (filled in by the page).
 */
export function parseRoute(hash) {
  const parts = (hash || '').replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  if (!parts.length) return { board: BOARDS[0], date: null, band: null }
  const board = BOARDS.find((b) => b.id === `${parts[0]}/${parts[1]}`)
  if (!board) return null
  const rest = parts.slice(2)
  let date = null
  let band = null
  if (board.dated && rest.length && isDay(rest[0])) date = rest.shift()
  if (board.bands && rest.length && BANDS.includes(rest[0])) band = rest.shift()
  if (rest.length) return null
  return { board, date, band }
}

/** The address of a board (the inverse of parseRoute). */
export function routeOf(boardId, { date = null, band = null } = {}) {
  // Board ids, dates and band names need no escaping.
  return '#/' + [boardId, date, band].filter(Boolean).join('/')
}

/**
 * A board's caption: its registry caption, then the band when it takes one (all bands when
 * none is chosen of an optional one), then the day (`date`, in words) of a dated board:
 * "Chess daily · Easy · Monday 2 November 2026", "Chess clean solves of all time · all bands".
 */
export function caption(board, { date = null, band = null } = {}) {
  const parts = [board.caption]
  if (board.bands === 'optional') parts.push(band || 'all bands')
  else if (board.bands && band) parts.push(band)
  if (board.dated) parts.push(date)
  return parts.join(' · ')
}

/** The API path answering a board. */
export function apiPath(board, { date, band }) {
  if (!board || !board.api) throw new Error(`no board ${board && board.id}`)
  const q = board.bands && band ? `?band=${encodeURIComponent(band)}` : ''
  return board.api.replace('{date}', date) + q
}

/** A rating as the site writes it: "1623 ± 74", "1500 ± 350 (provisional)". */
export function ratingText(row) {
  return `${row.rating} ± ${row.rd}${row.provisional ? ' (provisional)' : ''}`
}

const CELLS = {
  yesno: (v) => (v ? 'Yes' : 'No'),
  count: (v) => String(v),
  time: (v) => formatTime(v),
  days: (v) => `${v} ${v === 1 ? 'day' : 'days'}`,
  puzzle: (v) => (v === null || v === undefined ? '–' : String(v)),
}

/** The columns of a board after Place and Name: [{ head, cell(row) -> text, num }], as the registry says. */
export function columns(board) {
  return board.columns.map(({ head, field, kind }) => ({
    head,
    cell: kind === 'rating' ? ratingText : (r) => CELLS[kind](r[field]),
    num: kind !== 'yesno',
  }))
}

/**
 * The rows to show: the board's rows, and when the caller's own row (`mine`)
 * isn't among them, a gap and then their row. Each is { row, you } or { gap: true }.
 */
export function displayRows(answer) {
  const rows = Array.isArray(answer && answer.rows) ? answer.rows : []
  const out = rows.map((row) => ({ row, you: Boolean(row.you) }))
  const mine = answer && answer.mine
  if (mine && !rows.some((r) => r.you || r.place === mine.place && r.name === mine.name)) {
    out.push({ gap: true }, { row: mine, you: true })
  }
  return out
}

/** A sentence for the caller's place, or null: "You are #140 of the day." */
export function placeLine(board, answer) {
  const mine = answer && answer.mine
  if (!mine) return null
  if (board.ranks === 'daily') return `You are #${mine.place} on this day’s board.`
  if (board.ranks === 'streak') return `You are #${mine.place}, with a ${mine.streak}-day streak.`
  if (board.ranks === 'rating') return `You are #${mine.place}, rated ${ratingText(mine)}.`
  if (board.ranks === 'best') return `You are #${mine.place}, with your best of ${mine.score} solved.`
  return `You are #${mine.place}, with ${mine.clean} clean ${mine.clean === 1 ? 'solve' : 'solves'}.`
}
