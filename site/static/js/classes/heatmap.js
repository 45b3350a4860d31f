/**
 * A class's heatmap on its page (to the teacher): students × themes over the last 7, 30 or 90 days,
 * each cell the share of the student's puzzles of that theme solved first try, with its count
 * (GET /api/classes/<id>/progress; the columns come weakest first: puzzlebook/class_progress.py).
 * Sortable by any column (buttons in the heads, so a keyboard sorts as a mouse does; aria-sort), a
 * CSV (GET …/progress.csv), and from any theme column "Assign a set": the class page's set form,
 * prefilled with that theme (`onAssign`). Each student's name opens their dashboard as the student
 * sees it (/dashboard/?class=<id>&student=<id>: viewed.js).
 *
 * The words, the shades and the sorting are data (no DOM) and tested in
 * tests/js/classes_heatmap.test.mjs; `drawHeatmap` builds the table with lib/dom.js (every name as
 * textContent).
 *
 * A heatmap is GET /api/classes/<id>/progress (Heatmap, site/types/classes_types.d.ts).
 */
import { el } from '../lib/dom.js'
import { href, number, t } from '../lib/i18n.js'

/** @import { HeatCell, HeatColumn, HeatKey, HeatRow, Heatmap, Sort } from '../classes_types.js' */

export const SPANS = [7, 30, 90]

/** A cell (or a student's whole span) in words: "3 of 5 first try (60%)", "None played". @param {HeatCell | null | undefined} cell */
export function heatWords(cell) {
  if (!cell || !cell.played) return t('None played')
  return t('{first} of {played} first try ({rate})', { first: number(cell.first), played: number(cell.played), rate: percent(cell.first_rate ?? 0) })
}

/** A share in percent as the page's language writes it ("60%", "60 %"). @param {number} rate */
export function percent(rate) {
  return number(rate / 100, { style: 'percent' })
}

/** A cell's shade: 'low' under 40% first try, 'mid' to 69%, 'high' from 70%, 'none' when none played. @param {HeatCell | null | undefined} cell */
export function shade(cell) {
  if (!cell || !cell.played || cell.first_rate === null || cell.first_rate === undefined) return 'none'
  return cell.first_rate < 40 ? 'low' : cell.first_rate < 70 ? 'mid' : 'high'
}

/** What a shade means, for the key under the table. */
export const SHADES = { low: t('under {rate} first try', { rate: percent(40) }), mid: `${percent(40)}–${percent(69)}`, high: t('{rate} or more', { rate: percent(70) }), none: t('none played') }

/**
 * The students sorted by `key`: 'name', 'all' (every puzzle of the span) or a theme column's
 * 0-based index; a figure sorts weakest first (the share solved first try, then the most played),
 * those who played none last; `descending` reverses the order of those who played (never putting
 * the unplayed first). Ties keep the order by name.
 * @param {HeatRow[]} students
 * @param {HeatKey} key
 * @param {boolean} [descending]
 */
export function sortStudents(students, key, descending = false) {
  /** @param {HeatRow} a @param {HeatRow} b */
  const byName = (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)
  /** @param {HeatRow} row @returns {HeatCell} */
  const figure = (row) => (typeof key === 'number' ? row.cells[key] : row)
  return [...students].sort((a, b) => {
    if (key === 'name') return (descending ? -1 : 1) * byName(a, b)
    const [x, y] = [figure(a), figure(b)]
    if (!x.played || !y.played) return (x.played ? -1 : y.played ? 1 : 0) || byName(a, b)
    // first/played compared exactly (x.first/x.played < y.first/y.played as a cross product).
    const order = x.first * y.played - y.first * x.played || y.played - x.played
    return (descending ? -order : order) || byName(a, b)
  })
}

/** The CSV's file name: the class's name kept to safe characters, and the span. @param {string} className @param {number} days */
export function heatCsvName(className, days) {
  const safe = String(className).normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40)
  return `${safe || 'class'}-progress-${days}-days.csv`
}

/** Where a student's dashboard, as the teacher sees it, is. @param {string} page @param {string} classId @param {string} studentId */
export function viewedUrl(page, classId, studentId) {
  return href(`/${page}/?class=${encodeURIComponent(classId)}&student=${encodeURIComponent(studentId)}`)
}

/** @param {'td'} tag @param {HeatCell} cell @param {{ title?: string }} [extra] */
function cellNode(tag, cell, extra = {}) {
  return el(tag, { class: `heat-cell is-${shade(cell)}`, ...extra },
    el('span', { class: 'heat-rate', 'aria-hidden': 'true', text: cell.played ? percent(cell.first_rate ?? 0) : '–' }),
    cell.played ? el('span', { class: 'heat-count', 'aria-hidden': 'true', text: `${number(cell.first)}/${number(cell.played)}` }) : null,
    el('span', { class: 'visually-hidden', text: heatWords(cell) }))
}

/**
 * The heatmap's table for `heatmap` of class `classId`, sorted by `sort` ({ key, descending });
 * `onSort(key)` when a head's button is pressed, `onAssign(column)` on a column's "Assign a set";
 * `themeName(key)`: a theme's name in the page's language (chess/theme_words.js, whose table the
 * build writes: passed in, so this module loads without a build).
 * @param {Heatmap} heatmap
 * @param {string} classId
 * @param {Sort<HeatKey>} sort
 * @param {{ onSort: (key: HeatKey) => void, onAssign: (column: HeatColumn) => void, themeName: (key: string) => string }} on
 */
export function drawHeatmap(heatmap, classId, sort, { onSort, onAssign, themeName }) {
  /** @param {string} label @param {HeatKey} key @param {...Node} more */
  const head = (label, key, ...more) => {
    const active = sort.key === key
    const button = el('button', { class: 'sort-button', type: 'button', dataset: { heatSort: String(key) } },
      label, el('span', { 'aria-hidden': 'true', class: 'sort-mark', text: active ? (sort.descending ? ' ▼' : ' ▲') : '' }))
    button.addEventListener('click', () => onSort(key))
    return el('th', { scope: 'col', 'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : null }, button, ...more)
  }
  const columns = heatmap.themes.map((column, n) => {
    const name = themeName(column.theme)  // in the page's language, as the dashboard names it
    const assign = el('button', { class: 'button button-small heat-assign', type: 'button', text: t('Assign a set'), 'aria-label': t('Assign a set of {theme}', { theme: name }) })
    assign.addEventListener('click', () => onAssign(column))
    return head(name, n, el('span', { class: 'heat-class', text: t('Class: {rate} of {played}', { rate: percent(column.first_rate ?? 0), played: number(column.played) }) }), assign)
  })
  const rows = sortStudents(heatmap.students, sort.key, sort.descending).map((row) => el('tr', {},
    el('th', { scope: 'row', class: 'student-cell' },
      el('a', { href: viewedUrl('dashboard', classId, row.id), 'aria-label': t('{name}’s dashboard', { name: row.name }) },
        el('span', { translate: 'no', text: row.name }))),
    cellNode('td', row, { title: heatWords(row) }),
    ...row.cells.map((cell, n) => cellNode('td', cell, { title: t('{theme}: {words}', { theme: themeName(heatmap.themes[n].theme), words: heatWords(cell) }) }))))
  const caption = t('Solved first try, by student and theme, the last {days} days (weakest theme first)', { days: number(heatmap.days) })
  return el('table', { class: 'class-table heat-table' },
    el('caption', {}, el('span', { class: 'table-caption', text: caption })),
    el('thead', {}, el('tr', {}, head(t('Student'), 'name'), head(t('All puzzles'), 'all'), ...columns)),
    el('tbody', {}, ...rows))
}
