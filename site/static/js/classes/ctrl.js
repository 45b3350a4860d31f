/**
 * A class's page as state and rules, with no DOM (ClassCtrl): the class as the server last answered
 * it, what the teacher may assign, a student's own results; and every intent, sent to the API, whose
 * answer becomes the new state. The results table shown and how it is sorted is its own part
 * (results_ctrl.js), and so is the heatmap of the span asked for (progress_ctrl.js). It calls
 * `ui.redraw(...parts)` with the parts of the page that changed and `ui.announce(text)`; each intent
 * answers { ok } or { ok: false, error }, so the view puts the focus, or the words, where they belong.
 * The views (class_view.js and the views it holds) draw from it and send the teacher's or student's
 * intents back; node drives it with a stand-in view and API (tests/js/classes_ctrl.test.mjs), as it
 * does the games' controllers.
 *
 * To its teacher: the join link (open or close joining; a new link, which ends the old one), the
 * students (rename, remove; a removed student let back in), assigning lessons and sets, due dates,
 * each assigned lesson's students × puzzles table (table.js), and the heatmap of students × themes
 * (heatmap.js). To a student: the class's lessons, their own results, what is due (due.js), leaving.
 */
import { addDays } from '../lib/dates.js'
import { getPlayer, reason } from '../lib/api.js'
import { number, t, tn } from '../lib/i18n.js'
import { cellWords, totals } from './table.js'
import { dueState, workMark } from './due.js'
import { ProgressCtrl } from './progress_ctrl.js'
import { ResultsCtrl } from './results_ctrl.js'

/**
 * @import { AssignedLesson, ClassAnswer, ClassDeps, ClassOut, ClassPage, ClassPart, ClassUi, Done,
 *   DueLine, LessonSummary, MyLessons, OwnResults, RemovedStudent, Row, SetAsked, SetDone, SetForm,
 *   Student, Table, TextAnswer } from '../classes_types.js'
 */

const CLASS_ID = /^[A-Za-z0-9_-]{16}$/
export const DUE_AHEAD_DAYS = 366 // puzzlebook.classes.DUE_AHEAD_DAYS

/** @type {Done} */
const OK = { ok: true }

/** @param {ClassAnswer} answer @param {string} [fallback] @returns {Done} */
const refused = (answer, fallback) => ({ ok: false, error: reason(answer, fallback) })

/** @param {ClassAnswer} answer @param {number} [status] */
const answered = (answer, status = 200) => answer.status === status && Boolean(answer.data)

/** A refusal's JSON body, or null. @param {string} text @returns {unknown} */
function jsonOf(text) {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * GET /api`path` as text, with the player's token (the heatmap's CSV): { status, text, data }, data
 * the refusal's JSON (status 0: no connection).
 * @param {string} path
 * @returns {Promise<TextAnswer>}
 */
export async function getText(path) {
  const token = getPlayer()?.token
  try {
    const res = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, cache: 'no-store' })
    const text = await res.text()
    return { status: res.status, text, data: res.ok ? null : jsonOf(text) }
  } catch {
    return { status: 0, text: '', data: null }
  }
}

export class ClassCtrl {
  /** @param {ClassDeps} deps */
  constructor({ id, ui, call, getText: text, today, signedIn, themeNames }) {
    this.id = id
    /** @type {ClassUi} */
    this.ui = ui
    this.call = call
    this.getText = text
    this.today = today
    this.signedIn = signedIn
    this.themeNames = themeNames
    /** @type {ClassPage} */
    this.page = { kind: 'loading' }
    /** @type {ClassOut | null} */
    this.klass = null
    /** @type {LessonSummary[] | null} the teacher's lessons not assigned here (null until read) */
    this.assignable = null
    this.assignError = ''
    /** @type {[string, string][] | null} the set form's themes, [key, name] by name */
    this.themes = null
    this.drawing = false // a set is being drawn
    /** The results table shown (results_ctrl.js) and the heatmap (progress_ctrl.js). */
    this.results = new ResultsCtrl(this)
    this.progress = new ProgressCtrl(this)
    /** @type {Map<string, OwnResults>} a student's own results, by lesson */
    this.own = new Map()
  }

  /** @returns {ClassOut} the class (the views draw only once it is read) */
  get class() {
    if (!this.klass) throw new Error('the class is not read yet')
    return this.klass
  }

  get teacher() {
    return this.klass?.role === 'teacher'
  }

  /** @param {...ClassPart} parts */
  redraw(...parts) {
    this.ui.redraw(...parts)
  }

  /** @param {string} title @param {string} text */
  notice(title, text) {
    this.page = { kind: 'notice', title, text }
    this.redraw('page')
  }

  /** Read the class (again: a player signed in or out) and, for its teacher, what the page offers. */
  async load() {
    if (!CLASS_ID.test(this.id)) {
      this.notice(t('No class here'), t('This link has no class in it. Open your class from the Classes page.'))
      return
    }
    if (!this.signedIn()) {
      this.notice(t('Sign in to see this class'), t('A class is seen by its teacher and its students only: sign in with your sign-in link, or join with the join link your teacher gave you.'))
      return
    }
    const answer = await this.call(`/classes/${this.id}`)
    if (!answered(answer)) {
      this.notice(t('This class won’t open'), reason(answer, t('The class could not be loaded. Try again in a moment.')))
      return
    }
    this.klass = /** @type {ClassOut} */ (answer.data)
    this.page = { kind: 'class' }
    this.redraw('page', 'join', 'students', 'removed')
    if (this.teacher) await Promise.all([this.readAssignable(), this.readThemes(), this.progress.read()])
    this.redraw('lessons')
    if (!this.teacher) await this.readOwn()
  }

  /** The lede, with the counts as they are now. */
  lede() {
    const klass = this.class
    const students = tn('{n} student', '{n} students', klass.students.length)
    return this.teacher
      ? tn('You teach this class: {students}, {n} lesson.', 'You teach this class: {students}, {n} lessons.', klass.lessons.length, { students })
      : t('You are in this class as {name}. Your teacher sees your results in its lessons.', { name: klass.you ?? '' })
  }

  // ---- the join link ------------------------------------------------------------------------------

  /** The join link's words: whether anyone may join, and the toggle's. */
  joinWords() {
    const klass = this.class
    return {
      state: klass.open
        ? t('Anyone with this link can join, up to {most} students.', { most: number(klass.most_students) })
        : t('Joining is closed: the link lets nobody in until you open it again.'),
      toggle: klass.open ? t('Close joining') : t('Open joining'),
    }
  }

  /** Open or close joining. @returns {Promise<Done>} */
  async toggleJoin() {
    const answer = await this.call(`/classes/${this.id}`, { method: 'PATCH', body: { open: !this.class.open } })
    if (!answered(answer)) return refused(answer)
    this.took(answer, 'join')
    this.ui.announce(this.class.open ? t('Joining is open.') : t('Joining is closed.'))
    return OK
  }

  /** A new join link: the old one stops working. @returns {Promise<Done>} */
  async newLink() {
    const answer = await this.call(`/classes/${this.id}/code`, { method: 'POST' })
    if (!answered(answer)) return refused(answer)
    this.took(answer, 'join')
    this.ui.announce(t('A new join link is ready: the old one no longer works.'))
    return OK
  }

  /** The class as the server answered a change; `parts` to draw again. @param {ClassAnswer} answer @param {...ClassPart} parts */
  took(answer, ...parts) {
    this.klass = /** @type {ClassOut} */ (answer.data)
    this.redraw(...parts)
  }

  // ---- the students -------------------------------------------------------------------------------

  /** Rename `student` in this class. @param {Student} student @param {string} name @returns {Promise<Done>} */
  async rename(student, name) {
    const answer = await this.call(`/classes/${this.id}/students/${student.id}`, { method: 'PATCH', body: { name: name.trim() } })
    if (!answered(answer)) return refused(answer)
    const renamed = /** @type {Student} */ (answer.data).name
    this.class.students = this.class.students.map((s) => (s.id === student.id ? { ...s, name: renamed } : s))
    this.redraw('students')
    this.ui.announce(t('Renamed to {name}.', { name: renamed }))
    this.studentsChanged()
    return OK
  }

  /** Remove `student` (asked once more by the view); they are listed as removed. @param {Student} student @returns {Promise<Done>} */
  async remove(student) {
    const answer = await this.call(`/classes/${this.id}/students/${student.id}`, { method: 'DELETE' })
    if (answer.status !== 200) return refused(answer)
    const klass = this.class
    klass.students = klass.students.filter((s) => s.id !== student.id)
    klass.removed = [...(klass.removed || []), { id: student.id, name: student.name, removed: '' }]
    this.redraw('students', 'removed')
    this.ui.announce(t('Removed {name}.', { name: student.name }))
    this.studentsChanged()
    return OK
  }

  /** Let a removed student join again. @param {RemovedStudent} student @returns {Promise<Done>} */
  async letBack(student) {
    const answer = await this.call(`/classes/${this.id}/removed/${student.id}`, { method: 'DELETE' })
    if (!answered(answer)) return refused(answer)
    this.took(answer, 'removed')
    this.ui.announce(t('{name} can join again with the join link.', { name: student.name }))
    return OK
  }

  /** A student renamed or removed: the table shown and the heatmap are read again. */
  studentsChanged() {
    this.results.again()
    this.progress.read()
  }

  // ---- assigning lessons and sets --------------------------------------------------------------------

  /** The teacher's lessons not assigned here yet. */
  async readAssignable() {
    const answer = await this.call('/lessons')
    if (!answered(answer)) {
      this.assignError = reason(answer)
      this.redraw('assign')
      return
    }
    const assigned = new Set(this.class.lessons.map((l) => l.id))
    this.assignable = /** @type {MyLessons} */ (answer.data).lessons.filter((l) => !assigned.has(l.id))
    this.redraw('assign')
  }

  /** Assign one of the teacher's lessons. @param {string} lessonId @returns {Promise<Done>} */
  async assign(lessonId) {
    if (!lessonId) return OK
    const answer = await this.call(`/classes/${this.id}/lessons/${lessonId}`, { method: 'PUT' })
    if (!answered(answer)) {
      this.assignError = reason(answer)
      this.redraw('assign')
      return { ok: false, error: this.assignError }
    }
    this.assignError = ''
    this.took(answer, 'lessons')
    await this.readAssignable()
    this.ui.announce(t('Lesson assigned.'))
    return OK
  }

  /** Take a lesson off the class. @param {AssignedLesson} lesson @returns {Promise<Done>} */
  async unassign(lesson) {
    const answer = await this.call(`/classes/${this.id}/lessons/${lesson.id}`, { method: 'DELETE' })
    if (!answered(answer)) return refused(answer)
    if (this.results.lessonId === lesson.id) this.results.hide()
    this.took(answer, 'lessons')
    await this.readAssignable()
    this.ui.announce(t('Unassigned {name}.', { name: lesson.name }))
    return OK
  }

  /** The set form's themes: the catalogue's names, by name (read once). */
  async readThemes() {
    if (this.themes) return
    const names = await this.themeNames()
    this.themes = Object.entries(names).sort((a, b) => a[1].localeCompare(b[1]))
    this.redraw('themes')
  }

  /** The earliest and latest due date the teacher may give today. */
  dueRange() {
    const now = this.today()
    return { min: now, max: addDays(now, DUE_AHEAD_DAYS) }
  }

  /**
   * The theme a heatmap column's "Assign a set" fills the set form with ({ key, name }), or null
   * when the site's puzzles have none of it.
   * @param {{ theme: string, name?: string }} column
   */
  async themeFor(column) {
    await this.readThemes()
    const found = (this.themes || []).find(([key]) => key === column.theme)
    return found ? { key: found[0], name: column.name || found[1] } : null
  }

  /** What is said once the set form holds theme `name`. @param {string} name */
  assignWords(name) {
    return t('The set form has {name}: choose the ratings and how many, then Make and assign the set.', { name })
  }

  /**
   * Make a set from the bundle and assign it: the form's fields checked first (a rating or a count
   * left blank or not a whole number: said, with the field to go back to).
   * @param {SetForm} form
   * @returns {Promise<SetDone & { made?: AssignedLesson }>}
   */
  async makeSet(form) {
    /** @param {string} text */
    const whole = (text) => (text.trim() === '' ? NaN : Number(text))
    /** @type {[ 'set-low' | 'set-high' | 'set-count', number, string ][]} */
    const fields = [['set-low', whole(form.low), t('Give the lowest rating as a whole number.')],
      ['set-high', whole(form.high), t('Give the highest rating as a whole number.')],
      ['set-count', whole(form.count), t('Give how many puzzles as a whole number.')]]
    const blank = fields.find(([, value]) => !Number.isInteger(value))
    if (blank) return { ok: false, error: blank[2], field: blank[0] }
    /** @type {SetAsked} */
    const body = { themes: form.themes.filter(Boolean), low: fields[0][1], high: fields[1][1], count: fields[2][1] }
    if (form.due) body.due = form.due
    this.drawing = true
    this.redraw('set')
    const answer = await this.call(`/classes/${this.id}/sets`, { method: 'POST', body })
    this.drawing = false
    this.redraw('set')
    if (!answered(answer, 201)) return refused(answer)
    const before = new Set(this.class.lessons.map((l) => l.id))
    this.took(answer, 'lessons')
    const made = this.class.lessons.find((l) => !before.has(l.id))
    this.ui.announce(made ? t('Set made and assigned: {name}.', { name: made.name }) : t('Set made and assigned.'))
    return made ? { ok: true, made } : OK
  }

  // ---- due dates --------------------------------------------------------------------------------------

  /**
   * A lesson's due date in words: to its teacher "No due date.", "Due …" or "Was due …: its day has
   * passed."; to a student what is due, or once their work is in, how it went (`row`: their row).
   * @param {AssignedLesson} lesson
   * @param {Row | null} [row]
   * @returns {DueLine}
   */
  dueLine(lesson, row = null) {
    const due = lesson.due
    if (!due) return this.teacher ? { text: t('No due date.'), state: '', hidden: false } : { text: '', state: '', hidden: true }
    const work = row ? workMark(row, due, this.today()) : null
    if (work && (work.mark === 'on-time' || work.mark === 'late' || work.mark === 'shown')) {
      return { text: `${work.words}.`, state: work.mark, hidden: false }
    }
    const where = dueState(due, this.today())
    if (!this.teacher) return { text: `${where.words}.`, state: where.state, hidden: false }
    // To the teacher a day that has passed is only that; to the student, their lesson is overdue.
    if (where.state !== 'overdue') return { text: `${where.words}.`, state: where.state, hidden: false }
    return { text: t('Was due {when}: its day has passed.', { when: where.when }), state: 'passed', hidden: false }
  }

  /** Set, change (a day) or clear (null) a lesson's due date. @param {AssignedLesson} lesson @param {string | null} due @returns {Promise<Done>} */
  async setDue(lesson, due) {
    if (due === '') return { ok: false, error: t('Pick a day first (or Clear due date to have none).') }
    const answer = await this.call(`/classes/${this.id}/lessons/${lesson.id}`, { method: 'PATCH', body: { due } })
    if (!answered(answer)) return refused(answer)
    this.took(answer, 'lessons')
    this.ui.announce(due ? t('{name} is due {when}.', { name: lesson.name, when: dueState(due, this.today()).when }) : t('{name} has no due date now.', { name: lesson.name }))
    if (this.results.lessonId === lesson.id) await this.results.again()
    return OK
  }

  // ---- a student's own results ---------------------------------------------------------------------

  /** A student's own row of each lesson's table (what they see of their results). */
  async readOwn() {
    await Promise.all(this.class.lessons.map(async (lesson) => {
      const answer = await this.call(`/classes/${this.id}/lessons/${lesson.id}/results`)
      const table = answer.status === 200 ? /** @type {Table | null} */ (answer.data) : null
      const row = table?.students?.[0]
      if (table && row) this.own.set(lesson.id, { row, table })
      else this.own.set(lesson.id, { error: answer.status === 200 ? '' : reason(answer) })
    }))
    this.redraw('lessons')
  }

  /**
   * A student's results on `lesson` in words: the line ("You solved 1 of 2 puzzles, 1 first try."),
   * each puzzle's, and the due line against their work; null until read.
   * @param {AssignedLesson} lesson
   */
  ownWords(lesson) {
    const own = this.own.get(lesson.id)
    if (!own) return null
    if ('error' in own) return { line: own.error, puzzles: [], due: this.dueLine(lesson) }
    const { row, table } = own
    const sum = totals(row)
    const played = row.results.filter((c) => c.outcome !== 'none').length
    return {
      line: played ? tn('You solved {solved} of {n} puzzle, {clean} first try.', 'You solved {solved} of {n} puzzles, {clean} first try.', row.results.length, { solved: number(sum.solved), clean: number(sum.clean) }) : t('Not started yet.'),
      puzzles: row.results.map((cell, n) => ({ outcome: cell.outcome, text: t('{title}: {result}', { title: table.puzzles[n].title, result: cellWords(cell) }) })),
      due: this.dueLine({ ...lesson, due: table.due }, row),
    }
  }

  /** The student leaves the class (asked once more by the view). @returns {Promise<Done>} */
  async leave() {
    const answer = await this.call(`/classes/${this.id}/membership`, { method: 'DELETE' })
    if (answer.status !== 200) return refused(answer)
    const name = this.class.name
    this.notice(t('You left the class'), t('You are no longer in {name}: your teacher no longer sees your results or your puzzle dashboard. To come back, join again with the class’s join link.', { name }))
    this.ui.announce(t('You left {name}.', { name }))
    return OK
  }
}
