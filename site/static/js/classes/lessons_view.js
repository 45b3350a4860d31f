/**
 * The lessons assigned to the class, one card each: its name (a link that plays it), its puzzles,
 * its due date in words. To the teacher, the due date's form (set, change or clear), Results (the
 * table below: results_view.js) and Unassign; to a student, Play and their own results.
 */
import { el } from '../lib/dom.js'
import { href, t, tn } from '../lib/i18n.js'
import { element } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { AssignedLesson, DueLine } from '../classes_types.js' */

/** A due date's line drawn. @param {HTMLElement} line @param {DueLine} due */
function drawDue(line, due) {
  line.textContent = due.text
  line.dataset.state = due.state
  line.hidden = due.hidden
}

export class LessonsView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.empty = element('lessons-empty', HTMLElement)
    this.list = element('class-lessons', HTMLElement)
    this.resultsTitle = element('results-title', HTMLElement)
  }

  draw() {
    const { lessons } = this.ctrl.class
    this.empty.hidden = lessons.length > 0
    this.list.replaceChildren(...lessons.map((lesson) => this.lesson(lesson)))
  }

  /** @param {AssignedLesson} lesson */
  lesson(lesson) {
    const progress = el('p', { class: 'muted lesson-progress-line' })
    const actions = el('div', { class: 'lesson-item-actions' })
    const dueLine = el('p', { class: 'due-line' })
    /** @type {Node[]} */
    const after = []
    if (this.ctrl.teacher) {
      drawDue(dueLine, this.ctrl.dueLine(lesson))
      actions.append(...this.teacherActions(lesson, progress))
    } else {
      actions.append(el('a', { class: 'button button-primary', href: href(lesson.url), text: t('Play'), 'aria-label': t('Play {name}', { name: lesson.name }) }))
      const own = this.ctrl.ownWords(lesson)
      drawDue(dueLine, own ? own.due : this.ctrl.dueLine(lesson))
      if (own) {
        progress.textContent = own.line
        if (own.puzzles.length) {
          after.push(el('ol', { class: 'own-results' },
            ...own.puzzles.map((p) => el('li', { class: `is-${p.outcome}`, text: p.text }))))
        }
      }
    }
    return el('li', { class: 'card lesson-item', dataset: { lesson: lesson.id } },
      el('h3', { class: 'lesson-item-title' }, el('a', { href: href(lesson.url), text: lesson.name })),
      el('p', { class: 'muted', text: tn('{n} puzzle', '{n} puzzles', lesson.count) + (lesson.set ? ' · ' + t('a set from the site’s puzzles') : '') }),
      dueLine, this.ctrl.teacher ? this.dueForm(lesson) : null, progress, ...after, actions)
  }

  /** Results, Run live and Unassign. @param {AssignedLesson} lesson @param {HTMLElement} progress */
  teacherActions(lesson, progress) {
    const results = el('button', { class: 'button button-primary', type: 'button', text: t('Results'), 'aria-label': t('Results of {name}', { name: lesson.name }) })
    const remove = el('button', { class: 'button button-quiet', type: 'button', text: t('Unassign'), 'aria-label': t('Unassign {name}', { name: lesson.name }) })
    results.addEventListener('click', async () => {
      if (await this.ctrl.results.show(lesson.id)) this.resultsTitle.focus()
    })
    remove.addEventListener('click', async () => {
      const done = await this.ctrl.unassign(lesson)
      if (!done.ok) progress.textContent = done.error
    })
    // A live session on it: the class answers one puzzle at a time, on the projector (docs/live.md).
    const live = el('a', {
      class: 'button', href: href(`/classes/live/?id=${encodeURIComponent(this.ctrl.id)}&lesson=${encodeURIComponent(lesson.id)}`),
    }, t('Run live'), el('span', { class: 'visually-hidden', text: `: ${lesson.name}` }))
    return [results, live, remove]
  }

  /** The teacher's due date form for an assigned lesson: set or change it, or clear it. @param {AssignedLesson} lesson */
  dueForm(lesson) {
    const inputId = `due-${lesson.id}`
    const errorId = `due-error-${lesson.id}`
    const range = this.ctrl.dueRange()
    const input = /** @type {HTMLInputElement} */ (el('input', { id: inputId, type: 'date', value: lesson.due || '', min: range.min, max: range.max, 'aria-describedby': errorId }))
    const setWords = lesson.due ? t('Change due date') : t('Set due date')
    const setLabel = lesson.due ? t('Change due date of {name}', { name: lesson.name }) : t('Set due date of {name}', { name: lesson.name })
    const set = el('button', { class: 'button', type: 'submit', text: setWords, 'aria-label': setLabel })
    const clear = el('button', { class: 'button button-quiet', type: 'button', text: t('Clear due date'), hidden: !lesson.due, 'aria-label': t('Clear due date of {name}', { name: lesson.name }) })
    const error = el('p', { class: 'form-error', id: errorId, role: 'alert' })
    const forName = t('for {name}', { name: lesson.name })
    const form = /** @type {HTMLFormElement} */ (el('form', { class: 'inline-form due-form', novalidate: true },
      el('label', { for: inputId }, t('Due date'), el('span', { class: 'visually-hidden', text: ' ' + forName })),
      el('div', { class: 'inline-form-row' }, input, set, clear), error))
    /** @param {string | null} due */
    const save = async (due) => {
      error.textContent = ''
      const done = await this.ctrl.setDue(lesson, due)
      if (done.ok) {
        document.getElementById(inputId)?.focus() // the lessons were drawn again: the new form's box
        return
      }
      error.textContent = done.error
      input.setAttribute('aria-invalid', 'true')
      input.focus()
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      save(input.value)
    })
    clear.addEventListener('click', () => save(null))
    return form
  }
}
