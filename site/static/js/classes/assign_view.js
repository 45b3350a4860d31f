/**
 * Assigning, to the class's teacher: one of their lessons (the list of those not assigned yet, or
 * words that none is left), or a set drawn from the site's puzzles (a theme and maybe another, a
 * rating range, how many, a due date). "Assign a set" on a heatmap's theme, or ?assign=<theme> from
 * a student's dashboard, fills the set form with that theme (`assignTheme`).
 */
import { announce, el } from '../lib/dom.js'
import { t, tn } from '../lib/i18n.js'
import { element } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */

export class AssignView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.form = element('assign-form', HTMLFormElement)
    this.lesson = element('assign-lesson', HTMLSelectElement)
    this.error = element('assign-error', HTMLElement)
    this.none = element('assign-none', HTMLElement)
    this.label = element('assign-label', HTMLElement)
    this.row = element('assign-row', HTMLElement)
    this.setForm = element('set-form', HTMLFormElement)
    this.theme1 = element('set-theme-1', HTMLSelectElement)
    this.theme2 = element('set-theme-2', HTMLSelectElement)
    this.low = element('set-low', HTMLInputElement)
    this.high = element('set-high', HTMLInputElement)
    this.count = element('set-count', HTMLInputElement)
    this.due = element('set-due', HTMLInputElement)
    this.setError = element('set-error', HTMLElement)
    this.submit = /** @type {HTMLButtonElement} */ (this.setForm.querySelector('button[type=submit]'))
    this.submitWords = this.submit.textContent || ''
    this.form.addEventListener('submit', (event) => {
      event.preventDefault()
      ctrl.assign(this.lesson.value)
    })
    this.setForm.addEventListener('submit', (event) => {
      event.preventDefault()
      this.makeSet()
    })
  }

  /** The lessons left to assign, or the words that there are none. */
  draw() {
    this.error.textContent = this.ctrl.assignError
    const left = this.ctrl.assignable
    if (!left) return
    this.lesson.replaceChildren(...left.map((l) => el('option', { value: l.id, text: tn('{name} ({n} puzzle)', '{name} ({n} puzzles)', l.count, { name: l.name }) })))
    const none = left.length === 0
    this.none.hidden = !none
    this.label.hidden = none
    this.row.hidden = none
  }

  /** The set form's themes (once read) and the due dates it takes. */
  drawThemes() {
    const themes = this.ctrl.themes
    if (!themes || this.theme1.options.length) return
    const options = () => themes.map(([key, name]) => el('option', { value: key, text: name }))
    this.theme1.replaceChildren(...options())
    this.theme1.value = themes.some(([key]) => key === 'fork') ? 'fork' : themes[0][0]
    this.theme2.replaceChildren(el('option', { value: '', text: t('None') }), ...options())
    const range = this.ctrl.dueRange()
    this.due.min = range.min
    this.due.max = range.max
  }

  /** While a set is drawn, its button says so and can't be pressed again. */
  drawSet() {
    this.submit.disabled = this.ctrl.drawing
    this.submit.textContent = this.ctrl.drawing ? t('Drawing the puzzles…') : this.submitWords
  }

  async makeSet() {
    this.setError.textContent = ''
    const done = await this.ctrl.makeSet({
      themes: [this.theme1.value, this.theme2.value], low: this.low.value, high: this.high.value,
      count: this.count.value, due: this.due.value,
    })
    if (!done.ok) {
      this.setError.textContent = done.error
      if ('field' in done) element(done.field, HTMLInputElement).focus()
      return
    }
    const made = 'made' in done ? done.made : null
    const link = made ? /** @type {HTMLElement | null} */ (document.querySelector(`[data-lesson="${made.id}"] .lesson-item-title a`)) : null
    link?.focus()
  }

  /** "Assign a set" of a theme: the set form, with that theme and no other. @param {{ theme: string, name?: string }} column */
  async assignTheme(column) {
    const theme = await this.ctrl.themeFor(column)
    if (!theme) {
      this.setError.textContent = t('That theme can’t be drawn from the site’s puzzles: pick another.')
      this.theme1.focus()
      return
    }
    this.theme1.value = theme.key
    this.theme2.value = ''
    this.setError.textContent = ''
    this.setForm.scrollIntoView({ block: 'start' })
    this.theme1.focus()
    announce(this.ctrl.assignWords(theme.name))
  }
}
