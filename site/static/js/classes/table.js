/**
 * A class's results table as data (no DOM): each student's cells in words, the
 * row's totals, sorting, and the CSV the teacher downloads. The class page
 * (class.js) draws it; tests/js/classes_table.test.mjs holds it to its words.
 *
 * A table is GET /api/classes/<id>/lessons/<lesson>/results:
 *   { lesson, due, puzzles: [{ index, title }], students: [{ id, name, results: [cell], done, done_day, late }] }
 *   cell: { outcome: 'clean'|'helped'|'missed'|'none', seconds, mistakes, hints, earlier }
 * With a due date, each row's work is marked against it on `today` (the site day: due.js).
 */
import { workMark } from './due.js'

export const OUTCOMES = {
  clean: 'Solved first try',
  helped: 'Solved with help',
  missed: 'Missed',
  none: 'Not started',
}

// Best first when a puzzle's column is sorted: solved first try, with help, missed, not started.
const RANK = { clean: 0, helped: 1, missed: 2, none: 3 }
// And the due date's column: on time, late, not done yet, not done past its day.
const MARK_RANK = { 'on-time': 0, late: 1, open: 2, 'not-done': 3, none: 4 }

/** Seconds as "m:ss" ("" for none). */
export function duration(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return ''
  const s = Math.floor(seconds)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A puzzle's title short enough for a column's head: whole when it fits in `most` characters,
 * else cut at the last space that keeps at least half of them (or at `most`), with "…". The head
 * carries the whole title too (a tooltip and the button's name), as the CSV does.
 */
export function shortTitle(title, most = 14) {
  const text = String(title ?? '').trim().replace(/\s+/g, ' ')
  if ([...text].length <= most) return text
  const chars = [...text]
  const cut = chars.slice(0, most).join('')
  const space = chars[most] === ' ' ? most : cut.lastIndexOf(' ') // a cut at a word's end keeps the word
  return `${(space >= most / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`
}

/** A cell in words: "Solved with help (1 wrong move, 2 hints), 0:40; on an earlier version". */
export function cellWords(cell) {
  let words = OUTCOMES[cell.outcome] || OUTCOMES.none
  const help = []
  if (cell.mistakes) help.push(`${cell.mistakes} wrong move${cell.mistakes === 1 ? '' : 's'}`)
  if (cell.hints) help.push(`${cell.hints} hint${cell.hints === 1 ? '' : 's'}`)
  if (help.length && cell.outcome !== 'none') words += ` (${help.join(', ')})`
  if (cell.outcome !== 'none' && duration(cell.seconds)) words += `, ${duration(cell.seconds)}`
  if (cell.earlier) words += '; on an earlier version'
  return words
}

/** A row's totals: puzzles solved (first try or with help), solved first try, seconds of play. */
export function totals(row) {
  let solved = 0
  let clean = 0
  let seconds = 0
  for (const cell of row.results) {
    if (cell.outcome === 'clean' || cell.outcome === 'helped') solved++
    if (cell.outcome === 'clean') clean++
    if (typeof cell.seconds === 'number') seconds += cell.seconds
  }
  return { solved, clean, seconds }
}

/**
 * The rows sorted by `key`: 'name', 'solved' (most first), 'time' (least first, the unplayed
 * last), 'due' (on time, late, not yet, not done; `due` and `today` say against what) or a
 * puzzle's 1-based index (best outcome, then quickest). `descending` reverses. Ties keep the
 * students' order by name.
 */
export function sortRows(rows, key, descending = false, due = null, today = '') {
  const byName = (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)
  const compare = (a, b) => {
    if (key === 'solved') {
      const [x, y] = [totals(a), totals(b)]
      return y.solved - x.solved || y.clean - x.clean
    }
    if (key === 'due') {
      return MARK_RANK[workMark(a, due, today).mark] - MARK_RANK[workMark(b, due, today).mark] ||
        (a.done || '').localeCompare(b.done || '')
    }
    if (key === 'time') {
      const [x, y] = [totals(a), totals(b)]
      return (x.seconds || Infinity) - (y.seconds || Infinity)
    }
    if (typeof key === 'number') {
      const [x, y] = [a.results[key - 1], b.results[key - 1]]
      return RANK[x.outcome] - RANK[y.outcome] || (x.seconds ?? Infinity) - (y.seconds ?? Infinity)
    }
    return 0
  }
  return [...rows].sort((a, b) => {
    const order = key === 'name' ? byName(a, b) : compare(a, b) || 0 // Infinity - Infinity is NaN
    return (descending ? -order : order) || byName(a, b)
  })
}

/** A CSV field: quoted when it must be, and a leading = + - @ made inert for spreadsheets. */
export function csvField(value) {
  let text = String(value ?? '')
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * The table as CSV (RFC 4180, CRLF): a row per student with their totals, with a due date its
 * mark on `today` and the day the work was done, then per puzzle its outcome, seconds, wrong
 * moves, hints and whether it was on an earlier version.
 */
export function toCsv(table, rows = table.students, today = '') {
  const head = ['Student', 'Solved', 'Solved first try', 'Seconds in all']
  if (table.due) head.push(`Due ${table.due}`, 'Done on')
  for (const p of table.puzzles) {
    const name = `${p.index}. ${p.title}`
    head.push(name, `${name}: seconds`, `${name}: wrong moves`, `${name}: hints`, `${name}: earlier version`)
  }
  const lines = [head]
  for (const row of rows) {
    const sum = totals(row)
    const line = [row.name, sum.solved, sum.clean, sum.seconds]
    if (table.due) line.push(workMark(row, table.due, today).short, row.done_day || '')
    for (const cell of row.results) {
      const played = cell.outcome !== 'none'
      line.push(OUTCOMES[cell.outcome] || OUTCOMES.none, played ? cell.seconds ?? '' : '',
        played ? cell.mistakes : '', played ? cell.hints : '', cell.earlier ? 'yes' : '')
    }
    lines.push(line)
  }
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** A file name for the CSV: the class's and lesson's names, kept to safe characters. */
export function csvName(className, lessonName) {
  const safe = (text) => String(text).normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40)
  return `${safe(className) || 'class'}-${safe(lessonName) || 'lesson'}.csv`
}
