/**
 * A class's page (/classes/class/?id=<class>).
 *
 * To its teacher: the join link (copy; open or close joining; a new link, which ends the old one),
 * the students (rename, remove, each asked once more; a removed student let back in), assigning lessons, and per assigned lesson the students × puzzles
 * table (table.js: sortable by any column, downloadable as CSV). To a student: the class's
 * lessons, each with a link to play and their own results. Every name goes in with
 * textContent (lessons/dom.js), never as HTML.
 *
 * Progress in puzzles (heatmap.js): to the teacher, students × themes over 7, 30 or 90 days, each
 * student's name opening their dashboard; "Assign a set" on a theme fills the set form with it. A
 * student may leave the class, which ends what the teacher sees of them.
 *
 * Due dates (due.js): the teacher gives an assigned lesson one, changes or clears it; a student
 * sees what is due, and the teacher's table marks each student's work on time, late or not done,
 * against the site's day as this page counts it.
 */
import { call, getPlayer, reason } from '../lib/api.js'
import { announce } from '../lib/announce.js'
import { showOnly, fillNotice } from '../lib/views.js'
import { keepTableRoles } from '../lib/tables.js'
import { el, $, plural, copyText } from '../lessons/dom.js'
import { addDays, playerDay, mediumDate } from '../lib/dates.js'
import { OUTCOMES, cellWords, csvName, duration, shortTitle, sortRows, toCsv, totals } from './table.js'
import { dueState, workMark } from './due.js'
import { SHADES, SPANS, drawHeatmap, heatCsvName, viewedUrl } from './heatmap.js'

const CLASS_ID = /^[A-Za-z0-9_-]{16}$/
const id = new URLSearchParams(location.search).get('id') || ''
const SHORT = { clean: 'First try', helped: 'With help', missed: 'Missed', none: '–' }
const DUE_AHEAD_DAYS = 366 // puzzlebook.classes.DUE_AHEAD_DAYS
const today = () => playerDay()

let klass = null
let table = null
let sort = { key: 'name', descending: false }
let heat = null // the heatmap shown, and how it is sorted
let heatSort = { key: 'name', descending: false }
let heatDays = 30
let heatSerial = 0

function notice(title, text) {
  showOnly(['class-view', 'class-notice'], 'class-notice')
  fillNotice(title, text, `${title} · Classes`)
}

async function load() {
  if (!CLASS_ID.test(id)) {
    notice('No class here', 'This link has no class in it. Open your class from the Classes page.')
    return
  }
  if (!getPlayer()) {
    notice('Sign in to see this class', 'A class is seen by its teacher and its students only: sign in with your sign-in link, or join with the join link your teacher gave you.')
    return
  }
  const answer = await call(`/classes/${id}`)
  if (answer.status !== 200 || !answer.data) {
    notice('This class won’t open', reason(answer, 'The class could not be loaded. Try again in a moment.'))
    return
  }
  klass = answer.data
  showOnly(['class-view', 'class-notice'], 'class-view')
  document.title = `${klass.name} · Classes`
  $('class-name').textContent = klass.name
  const teacher = klass.role === 'teacher'
  $('teacher-view').hidden = !teacher
  if (teacher) {
    fillJoin()
    fillStudents()
    fillRemoved()
    await Promise.all([fillAssign(), fillSetThemes(), fillProgress()])
    // From a student's dashboard, "Assign a set" of a theme comes here with ?assign=<theme>.
    const asked = new URLSearchParams(location.search).get('assign')
    if (asked) assignTheme({ theme: asked })
  }
  $('leave-box').hidden = teacher
  fillLessons()
}

/** The lede, with the counts as they are now (after every assign, unassign and removal). */
function fillLede() {
  $('class-lede').textContent = klass.role === 'teacher'
    ? `You teach this class: ${plural(klass.students.length, 'student')}, ${plural(klass.lessons.length, 'lesson')}.`
    : `You are in this class as ${klass.you}. Your teacher sees your results in its lessons.`
}

function fillJoin() {
  $('join-link').value = new URL(klass.join_url, location.origin).href
  $('join-state').textContent = klass.open
    ? `Anyone with this link can join, up to ${klass.most_students} students.`
    : 'Joining is closed: the link lets nobody in until you open it again.'
  $('toggle-join').textContent = klass.open ? 'Close joining' : 'Open joining'
}

function fillStudents() {
  fillLede()
  $('students-empty').hidden = klass.students.length > 0
  $('student-list').replaceChildren(...klass.students.map(studentItem))
}

function fillRemoved() {
  const removed = klass.removed || []
  $('removed-box').hidden = removed.length === 0
  $('removed-list').replaceChildren(...removed.map((student) => {
    const back = el('button', { class: 'button', type: 'button', text: 'Let back in', 'aria-label': `Let back in: ${student.name}` })
    back.addEventListener('click', async () => {
      const answer = await call(`/classes/${id}/removed/${student.id}`, { method: 'DELETE' })
      if (answer.status === 200 && answer.data) {
        klass = answer.data
        fillRemoved()
        $('students-title').focus()
        announce(`${student.name} can join again with the join link.`)
      } else {
        back.after(el('p', { class: 'form-error', role: 'alert', text: reason(answer) }))
      }
    })
    return el('li', { class: 'student-item', dataset: { removed: student.id } },
      el('div', { class: 'student-row' }, el('span', { class: 'student-name', text: student.name }),
        el('span', { class: 'student-actions' }, back)))
  }))
}

function studentItem(student) {
  const name = el('span', { class: 'student-name', text: student.name })
  const renameButton = el('button', { class: 'button', type: 'button', text: 'Rename', 'aria-label': `Rename ${student.name}` })
  const removeButton = el('button', { class: 'button button-quiet', type: 'button', text: 'Remove', 'aria-label': `Remove ${student.name}` })
  const inputId = `rename-${student.id}`
  const form = el('form', { class: 'inline-form', hidden: true, novalidate: true },
    el('label', { for: inputId, text: `New name for ${student.name}` }),
    el('div', { class: 'inline-form-row' },
      el('input', { id: inputId, type: 'text', maxlength: 24, value: student.name, autocomplete: 'off' }),
      el('button', { class: 'button button-primary', type: 'submit', text: 'Save' })),
    el('p', { class: 'form-error', role: 'alert' }))
  const confirm = el('div', { class: 'confirm', role: 'group', hidden: true, 'aria-label': `Remove ${student.name}?` },
    el('p', { class: 'confirm-question', text: `Remove ${student.name} from the class? Their results stay with the lessons.` }),
    el('div', { class: 'confirm-actions' },
      el('button', { class: 'button button-danger', type: 'button', dataset: { yes: '' }, text: 'Remove' }),
      el('button', { class: 'button', type: 'button', dataset: { no: '' }, text: 'Keep' })))
  const item = el('li', { class: 'student-item', dataset: { student: student.id } },
    el('div', { class: 'student-row' }, name, el('span', { class: 'student-actions' },
      el('a', { class: 'button', href: viewedUrl('dashboard', id, student.id), text: 'Dashboard', 'aria-label': `Dashboard of ${student.name}` }),
      renameButton, removeButton)),
    form, confirm)
  renameButton.addEventListener('click', () => {
    form.hidden = false
    form.querySelector('input').focus()
  })
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const value = form.querySelector('input').value.trim()
    const answer = await call(`/classes/${id}/students/${student.id}`, { method: 'PATCH', body: { name: value } })
    if (answer.status === 200 && answer.data) {
      student.name = answer.data.name
      name.textContent = student.name
      form.hidden = true
      renameButton.focus()
      announce(`Renamed to ${student.name}.`)
      if (table) showTable(table.lesson_id)
      fillProgress()
    } else {
      form.querySelector('.form-error').textContent = reason(answer)
    }
  })
  removeButton.addEventListener('click', () => {
    confirm.hidden = false
    confirm.querySelector('[data-no]').focus()
  })
  confirm.querySelector('[data-no]').addEventListener('click', () => {
    confirm.hidden = true
    removeButton.focus()
  })
  confirm.querySelector('[data-yes]').addEventListener('click', async () => {
    const answer = await call(`/classes/${id}/students/${student.id}`, { method: 'DELETE' })
    if (answer.status === 200) {
      klass.students = klass.students.filter((s) => s.id !== student.id)
      klass.removed = [...(klass.removed || []), { id: student.id, name: student.name }]
      fillStudents()
      fillRemoved()
      $('students-title').focus()
      announce(`Removed ${student.name}.`)
      if (table) showTable(table.lesson_id)
      fillProgress()
    } else {
      confirm.querySelector('.confirm-question').textContent = reason(answer)
    }
  })
  return item
}

/** The set form's theme lists (the catalogue's names, js/chess/theme_names.js, loaded for the teacher). */
async function fillSetThemes() {
  const first = $('set-theme-1')
  if (first.options.length) return
  const { THEME_NAMES } = await import('../chess/theme_names.js')
  const themes = Object.entries(THEME_NAMES).sort((a, b) => a[1].localeCompare(b[1]))
  const options = () => themes.map(([key, name]) => el('option', { value: key, text: name }))
  first.replaceChildren(...options())
  first.value = THEME_NAMES.fork ? 'fork' : themes[0][0]
  $('set-theme-2').replaceChildren(el('option', { value: '', text: 'None' }), ...options())
  const now = today()
  $('set-due').min = now
  $('set-due').max = addDays(now, DUE_AHEAD_DAYS)
}

async function fillAssign() {
  const answer = await call('/lessons')
  const select = $('assign-lesson')
  if (answer.status !== 200 || !answer.data) {
    $('assign-error').textContent = reason(answer)
    return
  }
  const assigned = new Set(klass.lessons.map((l) => l.id))
  const left = answer.data.lessons.filter((l) => !assigned.has(l.id))
  select.replaceChildren(...left.map((l) => el('option', { value: l.id, text: `${l.name} (${plural(l.count, 'puzzle')})` })))
  const none = left.length === 0
  $('assign-none').hidden = !none
  $('assign-label').hidden = none
  $('assign-row').hidden = none
}

function fillLessons() {
  fillLede()
  const teacher = klass.role === 'teacher'
  $('lessons-empty').hidden = klass.lessons.length > 0
  $('class-lessons').replaceChildren(...klass.lessons.map((lesson) => {
    const progress = el('p', { class: 'muted lesson-progress-line' })
    const actions = el('div', { class: 'lesson-item-actions' })
    const dueLine = el('p', { class: 'due-line' })
    showDue(dueLine, lesson.due)
    let dueForm = null
    if (teacher) {
      dueForm = dueEditor(lesson)
      const results = el('button', { class: 'button button-primary', type: 'button', text: 'Results', 'aria-label': `Results of ${lesson.name}` })
      const remove = el('button', { class: 'button button-quiet', type: 'button', text: 'Unassign', 'aria-label': `Unassign ${lesson.name}` })
      results.addEventListener('click', () => showTable(lesson.id, true))
      remove.addEventListener('click', async () => {
        const answer = await call(`/classes/${id}/lessons/${lesson.id}`, { method: 'DELETE' })
        if (answer.status === 200 && answer.data) {
          klass = answer.data
          if (table && table.lesson_id === lesson.id) hideTable()
          fillLessons()
          await fillAssign()
          announce(`Unassigned ${lesson.name}.`)
        } else {
          progress.textContent = reason(answer)
        }
      })
      actions.append(results, remove)
    } else {
      actions.append(el('a', { class: 'button button-primary', href: lesson.url, text: 'Play', 'aria-label': `Play ${lesson.name}` }))
      ownProgress(lesson, progress, dueLine)
    }
    return el('li', { class: 'card lesson-item', dataset: { lesson: lesson.id } },
      el('h3', { class: 'lesson-item-title' }, el('a', { href: lesson.url, text: lesson.name })),
      el('p', { class: 'muted', text: `${plural(lesson.count, 'puzzle')}${lesson.set ? ' · a set from the site’s puzzles' : ''}` }),
      dueLine, dueForm, progress, actions)
  }))
}

/** A lesson's due date in words (none: "No due date" to its teacher, nothing to a student). */
function showDue(line, due, row = null) {
  line.dataset.state = ''
  if (!due) {
    line.textContent = klass.role === 'teacher' ? 'No due date.' : ''
    line.hidden = klass.role !== 'teacher'
    return
  }
  line.hidden = false
  const work = row ? workMark(row, due, today()) : null
  if (work && (work.mark === 'on-time' || work.mark === 'late')) {
    line.textContent = `${work.words}.`
    line.dataset.state = work.mark
    return
  }
  const where = dueState(due, today())
  // To the teacher a day that has passed is only that; to the student, their lesson is overdue.
  const teacherWords = where.state === 'overdue' ? `Was due ${where.words.replace(/^Overdue: it was due /, '')}: its day has passed` : where.words
  line.textContent = `${klass.role === 'teacher' ? teacherWords : where.words}.`
  line.dataset.state = klass.role === 'teacher' && where.state === 'overdue' ? 'passed' : where.state
}

/** The teacher's due date form for an assigned lesson: set or change it, or clear it. */
function dueEditor(lesson) {
  const inputId = `due-${lesson.id}`
  const errorId = `due-error-${lesson.id}`
  const now = today()
  const input = el('input', { id: inputId, type: 'date', value: lesson.due || '', min: now, max: addDays(now, DUE_AHEAD_DAYS), 'aria-describedby': errorId })
  const setWords = lesson.due ? 'Change due date' : 'Set due date'
  const set = el('button', { class: 'button', type: 'submit', text: setWords, 'aria-label': `${setWords} of ${lesson.name}` })
  const clear = el('button', { class: 'button button-quiet', type: 'button', text: 'Clear due date', hidden: !lesson.due, 'aria-label': `Clear due date of ${lesson.name}` })
  const error = el('p', { class: 'form-error', id: errorId, role: 'alert' })
  const form = el('form', { class: 'inline-form due-form', novalidate: true },
    el('label', { for: inputId }, 'Due date', el('span', { class: 'visually-hidden', text: ` for ${lesson.name}` })),
    el('div', { class: 'inline-form-row' }, input, set, clear), error)
  const save = async (due) => {
    error.textContent = ''
    const answer = await call(`/classes/${id}/lessons/${lesson.id}`, { method: 'PATCH', body: { due } })
    if (answer.status === 200 && answer.data) {
      klass = answer.data
      fillLessons()
      document.getElementById(inputId)?.focus()
      announce(due ? `${lesson.name} is due ${dueState(due, today()).words.replace(/^Due /, '')}.` : `${lesson.name} has no due date now.`)
      if (table && table.lesson_id === lesson.id) showTable(lesson.id)
    } else {
      error.textContent = reason(answer)
      input.setAttribute('aria-invalid', 'true')
      input.focus()
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (!input.value) {
      error.textContent = 'Pick a day first (or Clear due date to have none).'
      input.setAttribute('aria-invalid', 'true')
      input.focus()
      return
    }
    save(input.value)
  })
  clear.addEventListener('click', () => save(null))
  return form
}

async function ownProgress(lesson, line, dueLine) {
  const answer = await call(`/classes/${id}/lessons/${lesson.id}/results`)
  const row = answer.data?.students?.[0]
  if (answer.status !== 200 || !row) {
    line.textContent = answer.status === 200 ? '' : reason(answer)
    return
  }
  showDue(dueLine, answer.data.due, row)
  const sum = totals(row)
  const played = row.results.filter((c) => c.outcome !== 'none').length
  line.textContent = played
    ? `You solved ${sum.solved} of ${plural(row.results.length, 'puzzle')}, ${sum.clean} first try.`
    : 'Not started yet.'
  const list = el('ol', { class: 'own-results' }, ...row.results.map((cell, n) =>
    el('li', { class: `is-${cell.outcome}` }, `${answer.data.puzzles[n].title}: `, cellWords(cell))))
  line.after(list)
}

/** The heatmap of the last `heatDays` days, drawn again (a change of days, a student renamed or removed). */
async function fillProgress() {
  const mine = ++heatSerial
  for (const button of document.querySelectorAll('[data-heat-days]')) {
    button.setAttribute('aria-pressed', String(Number(button.dataset.heatDays) === heatDays))
  }
  const answer = await call(`/classes/${id}/progress?days=${heatDays}`)
  if (mine !== heatSerial) return
  if (answer.status !== 200 || !answer.data) {
    heat = null
    $('progress-error').textContent = reason(answer, 'The progress could not be read. Try again in a moment.')
    $('progress-scroll').hidden = true
    return
  }
  $('progress-error').textContent = ''
  heat = answer.data
  drawProgress()
  document.body.dataset.heatmap = `ready-${heatDays}`
}

function drawProgress(focusKey = null) {
  const students = heat.students.length
  const none = !students
    ? 'No students yet: once they join, their puzzles show here.'
    : heat.themes.length ? '' : `No theme yet: a theme shows once the class has played it ${heat.min_plays} times in the last ${heat.days} days.`
  $('progress-none').hidden = !none
  $('progress-none').textContent = none
  $('progress-csv').hidden = !students
  $('progress-scroll').hidden = !students
  $('progress-key').hidden = !students
  if (!students) return
  if (typeof heatSort.key === 'number' && heatSort.key >= heat.themes.length) heatSort = { key: 'name', descending: false }
  const node = drawHeatmap(heat, id, heatSort, { onSort: sortProgress, onAssign: assignTheme })
  $('progress-scroll').replaceChildren(keepTableRoles(node))
  $('progress-key').textContent = `Each cell: the share solved first try and how many (first try/played). Shades: ${Object.values(SHADES).join('; ')}.`
  if (focusKey !== null) $('progress-scroll').querySelector(`[data-heat-sort="${focusKey}"]`)?.focus()
}

function sortProgress(key) {
  heatSort = { key, descending: heatSort.key === key ? !heatSort.descending : false }
  drawProgress(key)
  const label = key === 'name' ? 'student' : key === 'all' ? 'all puzzles' : heat.themes[key].name
  announce(`Sorted by ${label}${heatSort.descending ? ', reversed' : ''}.`)
}

/** "Assign a set" on a theme's column: the set form, with that theme and no other. */
async function assignTheme(column) {
  await fillSetThemes()
  const first = $('set-theme-1')
  const option = [...first.options].find((o) => o.value === column.theme)
  if (!option) {
    $('set-error').textContent = 'That theme can’t be drawn from the site’s puzzles: pick another.'
    first.focus()
    return
  }
  const name = column.name || option.textContent
  first.value = column.theme
  $('set-theme-2').value = ''
  $('set-error').textContent = ''
  $('set-form').scrollIntoView({ block: 'start' })
  first.focus()
  announce(`The set form has ${name}: choose the ratings and how many, then Make and assign the set.`)
}

function hideTable() {
  table = null
  $('results-box').hidden = true
}

async function showTable(lessonId, focus = false) {
  const answer = await call(`/classes/${id}/lessons/${lessonId}/results`)
  if (answer.status !== 200 || !answer.data) {
    $('results-box').hidden = false
    $('results-scroll').replaceChildren(el('p', { class: 'form-error', text: reason(answer) }))
    return
  }
  table = answer.data
  $('results-box').hidden = false
  $('results-title').textContent = `Results: ${table.lesson}`
  drawTable()
  if (focus) $('results-title').focus()
}

// `label` names the column; `shown`, when given, is what its head shows instead (a puzzle's title
// cut short), the whole label then read by a screen reader and shown on hover.
function sortButton(label, key, shown = null) {
  const active = sort.key === key
  const words = shown === null
    ? [label]
    : [el('span', { 'aria-hidden': 'true', text: shown }), el('span', { class: 'visually-hidden', text: label })]
  const button = el('button', { class: 'sort-button', type: 'button', dataset: { sort: String(key) }, title: shown === null ? null : label },
    ...words, el('span', { 'aria-hidden': 'true', class: 'sort-mark', text: active ? (sort.descending ? ' ▼' : ' ▲') : '' }))
  button.addEventListener('click', () => {
    sort = { key, descending: sort.key === key ? !sort.descending : false }
    drawTable()
    $('results-scroll').querySelector(`[data-sort="${key}"]`)?.focus()
    announce(`Sorted by ${label}${sort.descending ? ', reversed' : ''}.`)
  })
  return button
}

function headCell(label, key, shown = null) {
  const active = sort.key === key
  return el('th', { scope: 'col', 'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : null },
    sortButton(label, key, shown))
}

function dueCell(row) {
  const work = workMark(row, table.due, today())
  return el('td', { class: `due-cell is-${work.mark}`, title: work.words },
    el('span', { class: 'result-word', text: work.short }),
    work.mark === 'late' && row.done_day ? el('span', { class: 'result-time', text: mediumDate(row.done_day) }) : null,
    el('span', { class: 'visually-hidden', text: ` ${work.words}` }))
}

function drawTable() {
  if (sort.key === 'due' && !table.due) sort = { key: 'name', descending: false }
  const rows = sortRows(table.students, sort.key, sort.descending, table.due, today())
  const dueHead = table.due ? [headCell(`Due ${mediumDate(table.due)}`, 'due')] : []
  const head = el('tr', {}, headCell('Student', 'name'), headCell('Solved', 'solved'), headCell('Time', 'time'), ...dueHead,
    ...table.puzzles.map((p) => headCell(`${p.index}. ${p.title}`, p.index, `${p.index}. ${shortTitle(p.title)}`)))
  const body = rows.map((row) => {
    const sum = totals(row)
    return el('tr', {},
      el('th', { scope: 'row', class: 'student-cell', text: row.name }),
      el('td', { text: `${sum.solved} (${sum.clean} first try)` }),
      el('td', { text: row.results.some((c) => c.outcome !== 'none') ? duration(sum.seconds) : '–' }),
      table.due ? dueCell(row) : null,
      ...row.results.map((cell) => el('td', { class: `result-cell is-${cell.outcome}${cell.earlier ? ' is-earlier' : ''}`, title: cellWords(cell) },
        el('span', { class: 'result-word', text: SHORT[cell.outcome] + (cell.earlier ? '*' : '') }),
        cell.outcome !== 'none' && duration(cell.seconds) ? el('span', { class: 'result-time', text: duration(cell.seconds) }) : null,
        el('span', { class: 'visually-hidden', text: ` ${cellWords(cell)}` }))))
  })
  const caption = `${table.lesson}: ${plural(table.students.length, 'student')} × ${plural(table.puzzles.length, 'puzzle')}`
  const node = keepTableRoles(el('table', { class: 'class-table' },
    el('caption', { text: caption }), el('thead', {}, head), el('tbody', {}, ...body)))
  const earlier = table.students.some((r) => r.results.some((c) => c.earlier))
  const due = table.due ? ` Due ${mediumDate(table.due)}: on time or late (with the day) once every puzzle has a result; not yet; not done once the day has passed.` : ''
  $('results-scroll').replaceChildren(node,
    el('p', { class: 'muted table-key', text: `${OUTCOMES.clean}; ${OUTCOMES.helped.toLowerCase()} (a wrong move or a hint); missed (the solution shown); – not started.${due}${earlier ? ' * on an earlier version of a puzzle you have changed since.' : ''}` }))
}

$('copy-join').addEventListener('click', async () => {
  const ok = await copyText($('join-link').value)
  if (!ok) $('join-link').select()
  announce(ok ? 'Join link copied.' : 'Copy the link from the box.')
})

$('toggle-join').addEventListener('click', async () => {
  const answer = await call(`/classes/${id}`, { method: 'PATCH', body: { open: !klass.open } })
  if (answer.status === 200 && answer.data) {
    klass = answer.data
    fillJoin()
    announce(klass.open ? 'Joining is open.' : 'Joining is closed.')
  } else {
    $('join-state').textContent = reason(answer)
  }
})

$('new-link').addEventListener('click', () => {
  $('new-link-confirm').hidden = false
  $('new-link-no').focus()
})

$('new-link-no').addEventListener('click', () => {
  $('new-link-confirm').hidden = true
  $('new-link').focus()
})

$('new-link-yes').addEventListener('click', async () => {
  const answer = await call(`/classes/${id}/code`, { method: 'POST' })
  $('new-link-confirm').hidden = true
  if (answer.status === 200 && answer.data) {
    klass = answer.data
    fillJoin()
    $('join-link').focus()
    announce('A new join link is ready: the old one no longer works.')
  } else {
    $('join-state').textContent = reason(answer)
    $('new-link').focus()
  }
})

$('assign-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const lessonId = $('assign-lesson').value
  if (!lessonId) return
  const answer = await call(`/classes/${id}/lessons/${lessonId}`, { method: 'PUT' })
  if (answer.status === 200 && answer.data) {
    klass = answer.data
    $('assign-error').textContent = ''
    fillLessons()
    await fillAssign()
    announce('Lesson assigned.')
  } else {
    $('assign-error').textContent = reason(answer)
  }
})

$('set-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const error = $('set-error')
  const themes = [$('set-theme-1').value, $('set-theme-2').value].filter(Boolean)
  const number = (inputId) => ($(inputId).value.trim() === '' ? NaN : Number($(inputId).value))
  const [low, high, count] = ['set-low', 'set-high', 'set-count'].map(number)
  const blank = [['set-low', low, 'the lowest rating'], ['set-high', high, 'the highest rating'], ['set-count', count, 'how many puzzles']]
    .find(([, value]) => !Number.isInteger(value))
  if (blank) {
    error.textContent = `Give ${blank[2]} as a whole number.`
    $(blank[0]).focus()
    return
  }
  const body = { themes, low, high, count }
  if ($('set-due').value) body.due = $('set-due').value
  const button = event.submitter || event.target.querySelector('button[type=submit]')
  const words = button.textContent
  button.disabled = true
  button.textContent = 'Drawing the puzzles…'
  error.textContent = ''
  const answer = await call(`/classes/${id}/sets`, { method: 'POST', body })
  button.disabled = false
  button.textContent = words
  if (answer.status === 201 && answer.data) {
    const before = new Set(klass.lessons.map((l) => l.id))
    klass = answer.data
    error.textContent = ''
    fillLessons()
    const made = klass.lessons.find((l) => !before.has(l.id))
    announce(made ? `Set made and assigned: ${made.name}.` : 'Set made and assigned.')
    if (made) document.querySelector(`[data-lesson="${made.id}"] .lesson-item-title a`)?.focus()
  } else {
    error.textContent = reason(answer)
  }
})

$('csv-button').addEventListener('click', () => {
  if (!table) return
  const rows = sortRows(table.students, sort.key, sort.descending, table.due, today())
  const blob = new Blob(['\ufeff', toCsv(table, rows, today())], { type: 'text/csv;charset=utf-8' })
  const link = el('a', { href: URL.createObjectURL(blob), download: csvName(klass.name, table.lesson) })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
})

for (const button of document.querySelectorAll('[data-heat-days]')) {
  button.addEventListener('click', () => {
    heatDays = SPANS.includes(Number(button.dataset.heatDays)) ? Number(button.dataset.heatDays) : 30
    fillProgress()
  })
}

// The heatmap as CSV, from the server (…/progress.csv), saved under the class's name.
$('progress-csv').addEventListener('click', async () => {
  const days = heatDays
  const token = getPlayer()?.token
  try {
    const res = await fetch(`/api/classes/${id}/progress.csv?days=${days}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {}, cache: 'no-store',
    })
    if (!res.ok) {
      let data = null
      try { data = await res.json() } catch { data = null }
      $('progress-error').textContent = reason({ status: res.status, data }, 'The CSV could not be made. Try again in a moment.')
      return
    }
    const blob = new Blob([await res.text()], { type: 'text/csv;charset=utf-8' })
    const link = el('a', { href: URL.createObjectURL(blob), download: heatCsvName(klass.name, days) })
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
  } catch {
    $('progress-error').textContent = reason({ status: 0 })
  }
})

$('leave').addEventListener('click', () => {
  $('leave-confirm').hidden = false
  $('leave-no').focus()
})

$('leave-no').addEventListener('click', () => {
  $('leave-confirm').hidden = true
  $('leave').focus()
})

$('leave-yes').addEventListener('click', async () => {
  const answer = await call(`/classes/${id}/membership`, { method: 'DELETE' })
  if (answer.status === 200) {
    notice('You left the class', `You are no longer in ${klass.name}: your teacher no longer sees your results or your puzzle dashboard. To come back, join again with the class’s join link.`)
    announce(`You left ${klass.name}.`)
  } else {
    $('leave-error').textContent = reason(answer)
  }
})

document.addEventListener('player:change', () => load())
load()
