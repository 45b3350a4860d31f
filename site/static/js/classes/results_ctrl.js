/**
 * The results table's state, part of a class page's controller (ctrl.js): the students × puzzles of
 * the assigned lesson shown (or why it couldn't be read), how it is sorted, and the CSV made from it
 * in the order shown. No DOM: results_view.js draws it.
 */
import { t } from '../lib/i18n.js'
import { mediumDate } from '../lib/dates.js'
import { reason } from '../lib/api.js'
import { csvName, sortRows, toCsv } from './table.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { Sort, Table, TableKey } from '../classes_types.js' */

export class ResultsCtrl {
  /** @param {ClassCtrl} host the class page's controller */
  constructor(host) {
    this.host = host
    /** @type {Table | null} the table shown */
    this.table = null
    /** @type {string | null} why the table asked for couldn't be read */
    this.error = null
    /** @type {Sort<TableKey>} */
    this.sort = { key: 'name', descending: false }
  }

  /** Show `lessonId`'s students × puzzles (read again when already shown); true once shown. @param {string} lessonId */
  async show(lessonId) {
    const { host } = this
    const answer = await host.call(`/classes/${host.id}/lessons/${lessonId}/results`)
    if (answer.status !== 200 || !answer.data) {
      this.table = null
      this.error = reason(answer)
      host.redraw('table')
      return false
    }
    this.table = /** @type {Table} */ (answer.data)
    this.error = null
    if (this.sort.key === 'due' && !this.table.due) this.sort = { key: 'name', descending: false }
    host.redraw('table')
    return true
  }

  /** Read the table shown again (a student renamed or removed, a due date changed). */
  async again() {
    if (this.table) await this.show(this.table.lesson_id)
  }

  /** The lesson shown, if any. */
  get lessonId() {
    return this.table?.lesson_id ?? null
  }

  hide() {
    this.table = null
    this.error = null
    this.host.redraw('table')
  }

  /** Sort by `key` (again: reversed). @param {TableKey} key @param {string} label */
  sortBy(key, label) {
    this.sort = { key, descending: this.sort.key === key ? !this.sort.descending : false }
    this.host.redraw('table')
    this.host.ui.announce(this.sort.descending ? t('Sorted by {label}, reversed.', { label }) : t('Sorted by {label}.', { label }))
  }

  /** The table's rows in the order shown. */
  rows() {
    if (!this.table) return []
    return sortRows(this.table.students, this.sort.key, this.sort.descending, this.table.due, this.host.today())
  }

  /** The table as a CSV file: { text, name } (rows in the order shown), or null with none shown. */
  csv() {
    if (!this.table) return null
    return { text: toCsv(this.table, this.rows(), this.host.today()), name: csvName(this.host.class.name, this.table.lesson) }
  }

  /** "Due Wed 2 Dec", the due column's head. @param {string} due */
  dueHead(due) {
    return t('Due {day}', { day: mediumDate(due) })
  }
}
