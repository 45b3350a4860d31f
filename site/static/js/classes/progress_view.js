/**
 * Progress in puzzles, to the class's teacher: the heatmap of students × themes over the last 7, 30
 * or 90 days (heatmap.js draws the table), sortable by any column, its CSV from the server, and each
 * theme's "Assign a set" (`onAssign`: the set form, assign_view.js).
 */
import { t } from '../lib/i18n.js'
import { keepTableRoles } from '../lib/tables.js'
import { SHADES, drawHeatmap } from './heatmap.js'
import { themeWords } from '../chess/theme_words.js'
import { element, saveFile } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { HeatColumn } from '../classes_types.js' */

export class ProgressView {
  /**
   * @param {ClassCtrl} ctrl
   * @param {(column: HeatColumn) => void} onAssign
   */
  constructor(ctrl, onAssign) {
    this.ctrl = ctrl
    this.onAssign = onAssign
    this.spans = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('[data-heat-days]')])
    this.none = element('progress-none', HTMLElement)
    this.csv = element('progress-csv', HTMLButtonElement)
    this.error = element('progress-error', HTMLElement)
    this.scroll = element('progress-scroll', HTMLElement)
    this.key = element('progress-key', HTMLElement)
    for (const button of this.spans) button.addEventListener('click', () => ctrl.progress.show(Number(button.dataset.heatDays)))
    this.csv.addEventListener('click', async () => {
      const got = await ctrl.progress.csv()
      if (got.ok) saveFile([got.text], got.name)
    })
  }

  draw() {
    const progress = this.ctrl.progress
    const { heat } = progress
    for (const button of this.spans) button.setAttribute('aria-pressed', String(Number(button.dataset.heatDays) === progress.days))
    this.error.textContent = progress.error
    if (!heat) {
      this.scroll.hidden = true
      return
    }
    const none = progress.none()
    const students = heat.students.length > 0
    this.none.hidden = !none
    this.none.textContent = none
    this.csv.hidden = !students
    this.scroll.hidden = !students
    this.key.hidden = !students
    if (students) {
      const table = drawHeatmap(heat, this.ctrl.id, progress.sort, {
        onSort: (key) => {
          progress.sortBy(key)
          const again = /** @type {HTMLElement | null} */ (this.scroll.querySelector(`[data-heat-sort="${key}"]`))
          again?.focus()
        },
        onAssign: this.onAssign,
        themeName: themeWords,
      })
      this.scroll.replaceChildren(keepTableRoles(table))
      this.key.textContent = t('Each cell: the share solved first try and how many (first try/played). Shades: {shades}.', { shades: Object.values(SHADES).join('; ') })
    }
    document.body.dataset.heatmap = `ready-${heat.days}`
  }
}
