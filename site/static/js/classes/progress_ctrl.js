/**
 * The heatmap's state, part of a class page's controller (ctrl.js): the students × themes of the span
 * asked for (7, 30 or 90 days; an answer to an earlier ask is stale), how it is sorted, and its CSV,
 * which the server makes. No DOM: progress_view.js draws it.
 */
import { number, t } from '../lib/i18n.js'
import { reason } from '../lib/api.js'
import { SPANS, heatCsvName } from './heatmap.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { HeatKey, Heatmap, Sort } from '../classes_types.js' */

const FIRST_DAYS = 30 // the span shown first

export class ProgressCtrl {
  /** @param {ClassCtrl} host the class page's controller */
  constructor(host) {
    this.host = host
    /** @type {Heatmap | null} */
    this.heat = null
    this.error = ''
    this.days = FIRST_DAYS
    /** @type {Sort<HeatKey>} */
    this.sort = { key: 'name', descending: false }
    this.asked = 0 // a heatmap asked for later makes an earlier answer stale
  }

  /** The heatmap of the last `days` days, read (again: another span, a student renamed or removed). */
  async read() {
    const { host } = this
    const mine = ++this.asked
    host.redraw('progress')
    const answer = await host.call(`/classes/${host.id}/progress?days=${this.days}`)
    if (mine !== this.asked) return
    if (answer.status !== 200 || !answer.data) {
      this.heat = null
      this.error = reason(answer, t('The progress could not be read. Try again in a moment.'))
      host.redraw('progress')
      return
    }
    this.error = ''
    this.heat = /** @type {Heatmap} */ (answer.data)
    if (typeof this.sort.key === 'number' && this.sort.key >= this.heat.themes.length) this.sort = { key: 'name', descending: false }
    host.redraw('progress')
  }

  /** Show the last `days` days (7, 30 or 90). @param {number} days */
  async show(days) {
    this.days = SPANS.includes(days) ? days : FIRST_DAYS
    await this.read()
  }

  /** Sort by `key` (again: reversed). @param {HeatKey} key */
  sortBy(key) {
    this.sort = { key, descending: this.sort.key === key ? !this.sort.descending : false }
    this.host.redraw('progress')
    const themes = this.heat?.themes || []
    const label = (key === 'name' ? t('student') : key === 'all' ? t('all puzzles') : themes[key]?.name) ?? ''
    this.host.ui.announce(this.sort.descending ? t('Sorted by {label}, reversed.', { label }) : t('Sorted by {label}.', { label }))
  }

  /** The words when there is no table to show ('' when there is). */
  none() {
    const { heat } = this
    if (!heat) return ''
    if (!heat.students.length) return t('No students yet: once they join, their puzzles show here.')
    if (heat.themes.length) return ''
    return t('No theme yet: a theme shows once the class has played it {plays} times in the last {days} days.', { plays: number(heat.min_plays), days: number(heat.days) })
  }

  /**
   * The heatmap as the server's CSV file: { ok, text, name }, or its refusal's words (kept as the
   * heatmap's error too).
   * @returns {Promise<{ ok: true, text: string, name: string } | { ok: false, error: string }>}
   */
  async csv() {
    const { host, days } = this
    const got = await host.getText(`/classes/${host.id}/progress.csv?days=${days}`)
    if (got.status !== 200) {
      this.error = reason(got, t('The CSV could not be made. Try again in a moment.'))
      host.redraw('progress')
      return { ok: false, error: this.error }
    }
    return { ok: true, text: got.text, name: heatCsvName(host.class.name, days) }
  }
}
