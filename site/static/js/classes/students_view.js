/**
 * The roster, to the class's teacher: each student with their dashboard, Rename (a form under the
 * name) and Remove (asked once more); and the students removed, each with Let back in. Every name
 * goes in as text (lib/dom.js el), never as HTML.
 */
import { t } from '../lib/i18n.js'
import { el } from '../lib/dom.js'
import { viewedUrl } from './heatmap.js'
import { element } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { RemovedStudent, Student } from '../classes_types.js' */

export class StudentsView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.title = element('students-title', HTMLElement)
    this.empty = element('students-empty', HTMLElement)
    this.list = element('student-list', HTMLElement)
    this.removedBox = element('removed-box', HTMLElement)
    this.removedList = element('removed-list', HTMLElement)
  }

  draw() {
    const { students } = this.ctrl.class
    this.empty.hidden = students.length > 0
    this.list.replaceChildren(...students.map((student) => this.student(student)))
  }

  drawRemoved() {
    const removed = this.ctrl.class.removed || []
    this.removedBox.hidden = removed.length === 0
    this.removedList.replaceChildren(...removed.map((student) => this.removed(student)))
  }

  /** @param {RemovedStudent} student */
  removed(student) {
    const back = el('button', { class: 'button', type: 'button', text: t('Let back in'), 'aria-label': t('Let back in: {name}', { name: student.name }) })
    back.addEventListener('click', async () => {
      const done = await this.ctrl.letBack(student)
      if (done.ok) this.title.focus()
      else back.after(el('p', { class: 'form-error', role: 'alert', text: done.error }))
    })
    return el('li', { class: 'student-item', dataset: { removed: student.id } },
      el('div', { class: 'student-row' }, el('span', { class: 'student-name', text: student.name }),
        el('span', { class: 'student-actions' }, back)))
  }

  /** A student's item: their name, dashboard, Rename with its form and Remove with its question. @param {Student} student */
  student(student) {
    const classId = this.ctrl.id
    const renameButton = el('button', { class: 'button', type: 'button', text: t('Rename'), 'aria-label': t('Rename {name}', { name: student.name }), dataset: { rename: '' } })
    const removeButton = el('button', { class: 'button button-quiet', type: 'button', text: t('Remove'), 'aria-label': t('Remove {name}', { name: student.name }) })
    const inputId = `rename-${student.id}`
    const input = /** @type {HTMLInputElement} */ (el('input', { id: inputId, type: 'text', maxlength: 24, value: student.name, autocomplete: 'off' }))
    const error = el('p', { class: 'form-error', role: 'alert' })
    const form = /** @type {HTMLFormElement} */ (el('form', { class: 'inline-form', hidden: true, novalidate: true },
      el('label', { for: inputId, text: t('New name for {name}', { name: student.name }) }),
      el('div', { class: 'inline-form-row' }, input, el('button', { class: 'button button-primary', type: 'submit', text: t('Save') })),
      error))
    const question = el('p', { class: 'confirm-question', text: t('Remove {name} from the class? Their results stay with the lessons.', { name: student.name }) })
    const yes = el('button', { class: 'button button-danger', type: 'button', dataset: { yes: '' }, text: t('Remove') })
    const no = el('button', { class: 'button', type: 'button', dataset: { no: '' }, text: t('Keep') })
    const confirm = el('div', { class: 'confirm', role: 'group', hidden: true, 'aria-label': t('Remove {name}?', { name: student.name }) },
      question, el('div', { class: 'confirm-actions' }, yes, no))
    renameButton.addEventListener('click', () => {
      form.hidden = false
      input.focus()
    })
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const done = await this.ctrl.rename(student, input.value)
      // The roster was drawn again with the new name: its Rename button takes the focus back.
      if (!done.ok) {
        error.textContent = done.error
        return
      }
      const again = /** @type {HTMLElement | null} */ (this.list.querySelector(`[data-student="${student.id}"] [data-rename]`))
      again?.focus()
    })
    removeButton.addEventListener('click', () => {
      confirm.hidden = false
      no.focus()
    })
    no.addEventListener('click', () => {
      confirm.hidden = true
      removeButton.focus()
    })
    yes.addEventListener('click', async () => {
      const done = await this.ctrl.remove(student)
      if (done.ok) this.title.focus()
      else question.textContent = done.error
    })
    return el('li', { class: 'student-item', dataset: { student: student.id } },
      el('div', { class: 'student-row' }, el('span', { class: 'student-name', text: student.name }), el('span', { class: 'student-actions' },
        el('a', { class: 'button', href: viewedUrl('dashboard', classId, student.id), text: t('Dashboard'), 'aria-label': t('Dashboard of {name}', { name: student.name }) }),
        renameButton, removeButton)),
      form, confirm)
  }
}
