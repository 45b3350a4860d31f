/**
 * An assigned lesson's results, to the class's teacher: students × puzzles, each cell a result in
 * words (table.js), the due date's column when the lesson has one, sortable by any column (the heads
 * are buttons: aria-sort), and Download as CSV (made here from the same table, in the order shown).
 */
import { el } from '../lib/dom.js'
import { keepTableRoles } from '../lib/tables.js'
import { mediumDate } from '../lib/dates.js'
import { number, t, tn } from '../lib/i18n.js'
import { cellWords, columnHeads, duration, shortWords, totals } from './table.js'
import { workMark } from './due.js'
import { element, saveFile } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { Outcome, Row, Table, TableKey } from '../classes_types.js' */

export class ResultsView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.box = element('results-box', HTMLElement)
    this.title = element('results-title', HTMLElement)
    this.scroll = element('results-scroll', HTMLElement)
    element('csv-button', HTMLButtonElement).addEventListener('click', () => {
      const csv = ctrl.results.csv()
      if (csv) saveFile(['\ufeff', csv.text], csv.name)
    })
  }

  draw() {
    const { table, error: tableError } = this.ctrl.results
    this.box.hidden = !table && tableError === null
    if (tableError !== null) {
      this.scroll.replaceChildren(el('p', { class: 'form-error', text: tableError }))
      return
    }
    if (!table) return
    this.title.textContent = t('Results: {lesson}', { lesson: table.lesson })
    this.scroll.replaceChildren(this.table(table), this.key(table))
  }

  /** @param {Table} table */
  table(table) {
    const today = this.ctrl.today()
    const head = el('tr', {}, this.head(t('Student'), 'name'), this.head(t('Solved'), 'solved'), this.head(t('Time'), 'time'),
      table.due ? this.head(this.ctrl.results.dueHead(table.due), 'due') : null,
      ...columnHeads(table.puzzles).map((p) => this.head(p.label, p.index, p.shown)))
    const body = this.ctrl.results.rows().map((row) => {
      const sum = totals(row)
      return el('tr', {},
        el('th', { scope: 'row', class: 'student-cell', translate: 'no', text: row.name }),
        el('td', { text: t('{solved} ({clean} first try)', { solved: number(sum.solved), clean: number(sum.clean) }) }),
        el('td', { text: row.results.some((c) => c.outcome !== 'none') ? duration(sum.seconds) : '–' }),
        table.due ? this.dueCell(row, table.due, today) : null,
        ...row.results.map((cell) => el('td', { class: `result-cell is-${cell.outcome}${cell.earlier ? ' is-earlier' : ''}`, title: cellWords(cell) },
          el('span', { class: 'result-word', text: shortWords(cell) + (cell.earlier ? '*' : '') }),
          cell.outcome !== 'none' && duration(cell.seconds) ? el('span', { class: 'result-time', text: duration(cell.seconds) }) : null,
          el('span', { class: 'visually-hidden', text: ` ${cellWords(cell)}` }))))
    })
    const students = tn('{n} student', '{n} students', table.students.length)
    const puzzles = tn('{n} puzzle', '{n} puzzles', table.puzzles.length)
    const caption = t('{lesson}: {students} × {puzzles}', { lesson: table.lesson, students, puzzles })
    return keepTableRoles(el('table', { class: 'class-table' },
      el('caption', {}, el('span', { class: 'table-caption', text: caption })), el('thead', {}, head), el('tbody', {}, ...body)))
  }

  /** The words under the table: what each result means, and the due date's marks. @param {Table} table */
  key(table) {
    const earlier = table.students.some((r) => r.results.some((c) => c.earlier))
    const live = table.students.some((r) => r.results.some((c) => c.live))
    const due = table.due ? ' ' + t('{due}: on time or late (with the day) once every puzzle is solved; shown when every puzzle has a result but a solution was shown; not yet; not done once the day has passed.', { due: this.ctrl.results.dueHead(table.due) }) : ''
    const outcomes = t('Solved first try; solved with help (a wrong move or a hint); shown (Show solution: gone through, not solved); – not started.')
    // Each message said into a name first: a t() inside a template literal is never extracted.
    const changed = earlier ? ' ' + t('* on an earlier version of a puzzle you have changed since.') : ''
    const inLive = live ? ' ' + t('Live: answered in a live session (missed: a wrong first move there).') : ''
    return el('p', { class: 'muted table-key', text: outcomes + due + changed + inLive })
  }

  /**
   * A column's head: a button that sorts by it. `label` names the column; `shown`, when given, is
   * what the head shows instead (a puzzle's title cut short), the whole label then read by a
   * screen reader and shown on hover.
   * @param {string} label
   * @param {TableKey} key
   * @param {string | null} [shown]
   */
  head(label, key, shown = null) {
    const { sort } = this.ctrl.results
    const active = sort.key === key
    const words = shown === null
      ? [label]
      : [el('span', { 'aria-hidden': 'true', text: shown }), el('span', { class: 'visually-hidden', text: label })]
    const button = el('button', { class: 'sort-button', type: 'button', dataset: { sort: String(key) }, title: shown === null ? null : label },
      ...words, el('span', { 'aria-hidden': 'true', class: 'sort-mark', text: active ? (sort.descending ? ' ▼' : ' ▲') : '' }))
    button.addEventListener('click', () => {
      this.ctrl.results.sortBy(key, label)
      const again = /** @type {HTMLElement | null} */ (this.scroll.querySelector(`[data-sort="${key}"]`))
      again?.focus()
    })
    return el('th', { scope: 'col', 'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : null }, button)
  }

  /** A student's work against the due date. @param {Row} row @param {string} due @param {string} today */
  dueCell(row, due, today) {
    const work = workMark(row, due, today)
    return el('td', { class: `due-cell is-${work.mark}`, title: work.words },
      el('span', { class: 'result-word', text: work.short }),
      work.mark === 'late' && row.done_day ? el('span', { class: 'result-time', text: mediumDate(row.done_day) }) : null,
      el('span', { class: 'visually-hidden', text: ` ${work.words}` }))
  }
}
