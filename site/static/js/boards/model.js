/**
 * The leaderboards as data: which boards there are, the API path of each,
 * its columns, and the rows to show (the top 100, then the player's own row
 * after a gap when they are further down). Pure: no DOM, no fetch.
 */
import { formatTime } from '../lib/clock.js'
import { isDay } from '../lib/dates.js'

export const BANDS = ['Beginner', 'Easy', 'Medium', 'Hard', 'Expert']

/** Every board, in the order of the page's tabs. */
export const BOARDS = [
  { id: 'chess/daily', game: 'chess', title: 'Chess daily', dated: true, bands: 'day' },
  { id: 'chess/alltime', game: 'chess', title: 'Chess all time', bands: 'optional' },
  { id: 'chess/ratings', game: 'chess', title: 'Chess ratings' },
  { id: 'chess/streaks', game: 'chess', title: 'Chess streaks' },
  { id: 'chain/daily', game: 'chain', title: 'Chain daily', dated: true },
  { id: 'chain/streaks', game: 'chain', title: 'Chain streaks' },
]

/**
 * What a boards address asks for: { board, date, band } or null.
 *   #/chess/daily[/YYYY-MM-DD[/Band]]   #/chess/alltime[/Band]   #/chess/ratings
 *   #/chess/streaks   #/chain/daily[/YYYY-MM-DD]   #/chain/streaks
 * '' is the chess daily. A missing date is today (filled in by the page).
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

/** The API path answering a board. */
export function apiPath(board, { date, band }) {
  const q = band ? `?band=${encodeURIComponent(band)}` : ''
  switch (board.id) {
    case 'chess/daily': return `/boards/chess/daily/${date}${q}`
    case 'chess/alltime': return `/boards/chess/alltime${q}`
    case 'chess/ratings': return '/boards/ratings/chess'
    case 'chess/streaks': return '/boards/streaks/chess'
    case 'chain/daily': return `/boards/chain/daily/${date}`
    case 'chain/streaks': return '/boards/streaks/chain'
    default: throw new Error(`no board ${board.id}`)
  }
}

/** A rating as the site writes it: "1623 ± 74", "1500 ± 350 (provisional)". */
export function ratingText(row) {
  return `${row.rating} ± ${row.rd}${row.provisional ? ' (provisional)' : ''}`
}

/** The columns of a board after Place and Name: [{ head, cell(row) -> text, num }]. */
export function columns(board) {
  const clean = { head: 'Clean', cell: (r) => (r.clean ? 'Yes' : 'No') }
  const time = { head: 'Time', cell: (r) => formatTime(r.seconds), num: true }
  switch (board.id) {
    case 'chess/daily':
      return [clean, { head: 'Mistakes', cell: (r) => String(r.mistakes), num: true }, { head: 'Hints', cell: (r) => String(r.hints), num: true }, time]
    case 'chain/daily':
      return [clean, { head: 'Undos', cell: (r) => String(r.undos), num: true }, { head: 'Resets', cell: (r) => String(r.resets), num: true }, time]
    case 'chess/alltime':
      return [{ head: 'Clean solves', cell: (r) => String(r.clean), num: true }]
    case 'chess/ratings':
      return [{ head: 'Rating', cell: ratingText, num: true }]
    default:
      return [{ head: 'Streak', cell: (r) => `${r.streak} ${r.streak === 1 ? 'day' : 'days'}`, num: true }]
  }
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
  if (board.id.endsWith('/daily')) return `You are #${mine.place} on this day’s board.`
  if (board.id.endsWith('/streaks')) return `You are #${mine.place}, with a ${mine.streak}-day streak.`
  if (board.id === 'chess/ratings') return `You are #${mine.place}, rated ${ratingText(mine)}.`
  return `You are #${mine.place}, with ${mine.clean} clean ${mine.clean === 1 ? 'solve' : 'solves'}.`
}
