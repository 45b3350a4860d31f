/**
 * A class's results table as data (no DOM): each student's cells in words, the row's totals, the
 * columns' heads, sorting, and the CSV the teacher downloads. The class page (results_view.js)
 * draws it; tests/js/classes_table.test.mjs holds it to its words.
 *
 * A table is GET /api/classes/<id>/lessons/<lesson>/results (Table, site/types/classes_types.d.ts).
 * With a due date, each row's work is marked against it on `today` (the site day: due.js).
 */
import { t, tn } from '../lib/i18n.js'
import { workMark } from './due.js'

/** @import { Cell, ColumnHead, Outcome, PuzzleHead, Row, Table, TableKey, WorkMark } from '../classes_types.js' */

/** @type {Record<Outcome, string>} */
export const OUTCOMES = {
  clean: t('Solved first try'),
  helped: t('Solved with help'),
  shown: t('Solution shown'),
  none: t('Not started'),
}

/** @type {Record<Outcome, string>} the words in a cell of the table on the page */
const SHORT = { clean: t('First try'), helped: t('With help'), shown: t('Shown'), none: '–' }

/**
 * A cell's outcome in words. An answer given in a live session says so, and a live answer that
 * wasn't solved is a miss (the server keeps it as a lesson's not solved, which the lessons only
 * reach by Show solution: "shown").
 * @param {Cell} cell
 */
export function outcomeWords(cell) {
  if (!cell.live || cell.outcome === 'none') return OUTCOMES[cell.outcome] || OUTCOMES.none
  return t('{outcome} (live)', { outcome: cell.outcome === 'shown' ? t('Missed') : OUTCOMES[cell.outcome] })
}

/** A cell's short word on the page ("First try", "Missed · live"). @param {Cell} cell */
export function shortWords(cell) {
  if (!cell.live || cell.outcome === 'none') return SHORT[cell.outcome] || SHORT.none
  return t('{outcome} · live', { outcome: cell.outcome === 'shown' ? t('Missed') : SHORT[cell.outcome] })
}

// Best first when a puzzle's column is sorted: solved first try, with help, the solution shown, not started.
/** @type {Record<Outcome, number>} */
const RANK = { clean: 0, helped: 1, shown: 2, none: 3 }
// And the due date's column: on time, late, gone through with a solution shown, not done yet, not done past its day.
/** @type {Record<WorkMark['mark'], number>} */
const MARK_RANK = { 'on-time': 0, late: 1, shown: 2, open: 3, 'not-done': 4, none: 5 }

/** Seconds as "m:ss" ("" for none). @param {number | null | undefined} seconds */
export function duration(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return ''
  const s = Math.floor(seconds)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A puzzle's title short enough for a column's head: whole when it fits in `most` characters,
 * else cut at the last space that keeps at least half of them (or at `most`), with "…". The head
 * carries the whole title too (a tooltip and the button's name), as the CSV does.
 * @param {string | null | undefined} title
 * @param {number} [most]
 */
export function shortTitle(title, most = 14) {
  const text = String(title ?? '').trim().replace(/\s+/g, ' ')
  if ([...text].length <= most) return text
  const chars = [...text]
  const cut = chars.slice(0, most).join('')
  const space = chars[most] === ' ' ? most : cut.lastIndexOf(' ') // a cut at a word's end keeps the word
  return `${(space >= most / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`
}

/**
 * The puzzles' column heads: "1. Back rank", each title cut short (shortTitle). A head cut short
 * keeps its title's last word when that word is a number (a set's rating: "Fork, rated 1523") or
 * when, without it, two heads would read the same ("Back rank mate 1" and "… 2"): the columns are
 * told apart. `label` is the whole "1. Back rank mate with the rook", for the button's name.
 * @param {PuzzleHead[]} puzzles
 * @param {number} [most]
 * @returns {ColumnHead[]}
 */
export function columnHeads(puzzles, most = 14) {
  const titles = puzzles.map((p) => String(p.title ?? '').trim().replace(/\s+/g, ' '))
  const cut = titles.map((title) => shortTitle(title, most))
  /** @param {number} n */
  const clashes = (n) => cut.some((other, m) => m !== n && other === cut[n] && titles[m] !== titles[n])
  return puzzles.map((p, n) => {
    const title = titles[n]
    const words = title.split(' ')
    const last = words.at(-1) || ''
    const keep = cut[n] !== title && words.length > 1 && (/^\d+$/.test(last) || clashes(n))
    const rest = words.slice(0, -1).join(' ')
    const bare = rest.replace(/[\s,.;:–—-]+$/, '') // a comma before the last word goes with it when nothing is cut
    const start = shortTitle(bare, most) === bare ? rest : shortTitle(bare, most)
    const shown = keep ? `${start} ${last}` : cut[n]
    return { index: p.index, label: `${p.index}. ${title}`, shown: `${p.index}. ${shown}` }
  })
}

/** A cell in words: "Solved with help (1 wrong move, 2 hints), 0:40; on an earlier version". @param {Cell} cell */
export function cellWords(cell) {
  let words = outcomeWords(cell)
  const help = []
  if (cell.mistakes) help.push(tn('{n} wrong move', '{n} wrong moves', cell.mistakes))
  if (cell.hints) help.push(tn('{n} hint', '{n} hints', cell.hints))
  if (help.length && cell.outcome !== 'none') words += ` (${help.join(', ')})`
  if (cell.outcome !== 'none' && duration(cell.seconds)) words += `, ${duration(cell.seconds)}`
  if (cell.earlier) words += t('; on an earlier version')
  return words
}

/** A row's totals: puzzles solved (first try or with help), solved first try, seconds of play. @param {Row} row */
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
 * last), 'due' (on time, late, shown, not yet, not done; `due` and `today` say against what) or a
 * puzzle's 1-based index (best outcome, then quickest). `descending` reverses. Ties keep the
 * students' order by name.
 * @param {Row[]} rows
 * @param {TableKey} key
 * @param {boolean} [descending]
 * @param {string | null} [due]
 * @param {string} [today]
 */
export function sortRows(rows, key, descending = false, due = null, today = '') {
  /** @param {Row} a @param {Row} b */
  const byName = (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)
  /** @param {Row} a @param {Row} b */
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

/** A CSV field: quoted when it must be, and a leading = + - @ made inert for spreadsheets. @param {unknown} value */
export function csvField(value) {
  let text = String(value ?? '')
  if (/^[=+\-@\t\r]/.test(text)) text = "'" + text
  // A regex right after `return` reads as a division to the build's lexer (sitebuild/js_messages.py),
  // which then loses the file's strings after it: the test goes first.
  const quoted = /[",\r\n]/.test(text)
  return quoted ? '"' + text.replaceAll('"', '""') + '"' : text
}

/**
 * The table as CSV (RFC 4180, CRLF): a row per student with their totals, with a due date its
 * mark on `today` and the day the work was done, then per puzzle its outcome, seconds, wrong
 * moves, hints and whether it was on an earlier version.
 * @param {Table} table
 * @param {Row[]} [rows]
 * @param {string} [today]
 */
export function toCsv(table, rows = table.students, today = '') {
  const head = [t('Student'), t('Solved'), t('Solved first try'), t('Seconds in all')]
  if (table.due) head.push(t('Due {day}', { day: table.due }), t('Done on'))
  for (const p of table.puzzles) {
    const name = `${p.index}. ${p.title}`
    head.push(name, t('{puzzle}: seconds', { puzzle: name }), t('{puzzle}: wrong moves', { puzzle: name }),
      t('{puzzle}: hints', { puzzle: name }), t('{puzzle}: earlier version', { puzzle: name }))
  }
  /** @type {(string | number)[][]} */
  const lines = [head]
  for (const row of rows) {
    const sum = totals(row)
    /** @type {(string | number)[]} */
    const line = [row.name, sum.solved, sum.clean, sum.seconds]
    if (table.due) line.push(workMark(row, table.due, today).short, row.done_day || '')
    for (const cell of row.results) {
      const played = cell.outcome !== 'none'
      line.push(outcomeWords(cell), played ? cell.seconds ?? '' : '',
        played ? cell.mistakes : '', played ? cell.hints : '', cell.earlier ? t('yes') : '')
    }
    lines.push(line)
  }
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** A file name for the CSV: the class's and lesson's names, kept to safe characters. @param {string} className @param {string} lessonName */
export function csvName(className, lessonName) {
  /** @param {string} text */
  const safe = (text) => String(text).normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40)
  return `${safe(className) || 'class'}-${safe(lessonName) || 'lesson'}.csv`
}
