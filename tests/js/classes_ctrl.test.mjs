// A class page's controller (site/static/js/classes/ctrl.js, with results_ctrl.js and
// progress_ctrl.js) on its own, with no page: a stand-in view that records what it is told to draw
// and say, and a stand-in API that answers each route as the server would. What the teacher or
// student would see is the controller's state and words.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ClassCtrl } from '../../site/static/js/classes/ctrl.js'

const ID = 'CCCCCCCCCCCCCCCC'
const TODAY = '2026-11-02'
const cell = (outcome, seconds = 20) => ({ outcome, seconds: outcome === 'none' ? null : seconds, mistakes: 0, hints: 0, earlier: false })
const LESSON = { id: 'LLLLLLLLLLLLLLLL', name: 'Back ranks', count: 2, url: '/lessons/play/?id=LLLLLLLLLLLLLLLL', assigned: '', due: null, set: false }
const teacherClass = () => ({
  id: ID, name: 'Tuesday club', role: 'teacher', open: true, url: `/classes/class/?id=${ID}`,
  join_url: `/classes/join/?id=${ID}&code=abc`, you: null, most_students: 60, most_lessons: 50,
  students: [{ id: 'a'.repeat(16), name: 'Ada', joined: '' }, { id: 'b'.repeat(16), name: 'Bo', joined: '' }],
  removed: [], lessons: [{ ...LESSON }],
})
const table = (due = null) => ({
  class_id: ID, lesson_id: LESSON.id, lesson: 'Back ranks', url: LESSON.url, due,
  puzzles: [{ index: 1, title: 'Back rank' }, { index: 2, title: 'Back rank again' }],
  students: [
    { id: 'a'.repeat(16), name: 'Ada', results: [cell('clean'), cell('helped', 40)], done: '2026-11-02T10:00:00Z', done_day: '2026-11-02', late: false },
    { id: 'b'.repeat(16), name: 'Bo', results: [cell('shown'), cell('none')], done: null, done_day: null, late: false },
  ],
})
const heat = (days = 30) => ({
  class_id: ID, days, from: '', to: '', min_plays: 5,
  themes: [{ theme: 'fork', name: 'Fork', played: 6, first: 3, first_rate: 50 }],
  students: [{ id: 'a'.repeat(16), name: 'Ada', played: 6, first: 3, first_rate: 50, cells: [{ played: 6, first: 3, first_rate: 50 }] }],
})

/**
 * A page: the controller with a stand-in view and API. `routes` answers "METHOD /path" (a function of
 * the body, or an answer); what is unanswered is a 404 in the server's words.
 */
function page(routes, { signedIn = true, id = ID } = {}) {
  const ui = { drawn: [], said: [], redraw: (...parts) => ui.drawn.push(...parts), announce: (text) => ui.said.push(text) }
  const sent = []
  const call = async (path, { method = 'GET', body } = {}) => {
    sent.push(`${method} ${path}`)
    const route = routes[`${method} ${path}`]
    const answer = typeof route === 'function' ? route(body) : route
    return answer || { status: 404, data: { error: 'There is no class with that id that you teach or belong to.' } }
  }
  const ctrl = new ClassCtrl({
    id, ui, call, today: () => TODAY, signedIn: () => signedIn,
    getText: async (path) => routes[`GET ${path}`] || { status: 0, text: '', data: null },
    themeNames: async () => ({ pin: 'Pin', fork: 'Fork', skewer: 'Skewer' }),
  })
  return { ctrl, ui, sent }
}

const ok = (data, status = 200) => ({ status, data })
const teacherRoutes = (extra = {}) => ({
  [`GET /classes/${ID}`]: ok(teacherClass()),
  'GET /lessons': ok({ lessons: [{ id: LESSON.id, name: 'Back ranks', count: 2, url: '', created: '' }, { id: 'M'.repeat(16), name: 'Mates', count: 3, url: '', created: '' }] }),
  [`GET /classes/${ID}/progress?days=30`]: ok(heat()),
  [`GET /classes/${ID}/lessons/${LESSON.id}/results`]: ok(table()),
  ...extra,
})

test('a class that won’t open says why, and the page never shows it', async () => {
  const bad = page({}, { id: 'short' })
  await bad.ctrl.load()
  assert.deepEqual(bad.ctrl.page, { kind: 'notice', title: 'No class here', text: 'This link has no class in it. Open your class from the Classes page.' })
  const out = page({}, { signedIn: false })
  await out.ctrl.load()
  assert.equal(out.ctrl.page.kind === 'notice' && out.ctrl.page.title, 'Sign in to see this class')
  const gone = page({})
  await gone.ctrl.load()
  assert.deepEqual(gone.ctrl.page, { kind: 'notice', title: 'This class won’t open', text: 'There is no class with that id that you teach or belong to.' })
  assert.deepEqual(gone.ui.drawn, ['page'])
})

test('its teacher gets the class, what is left to assign, the themes and the heatmap, then the lessons', async () => {
  const { ctrl, ui } = page(teacherRoutes())
  await ctrl.load()
  assert.equal(ctrl.page.kind, 'class')
  assert.ok(ctrl.teacher)
  assert.equal(ctrl.lede(), 'You teach this class: 2 students, 1 lesson.')
  assert.deepEqual(ctrl.joinWords(), { state: 'Anyone with this link can join, up to 60 students.', toggle: 'Close joining' })
  assert.deepEqual(ctrl.assignable.map((l) => l.name), ['Mates']) // Back ranks is assigned already
  assert.deepEqual(ctrl.themes, [['fork', 'Fork'], ['pin', 'Pin'], ['skewer', 'Skewer']])
  assert.equal(ctrl.progress.heat.days, 30)
  assert.equal(ui.drawn.at(-1), 'lessons')
  assert.deepEqual(await ctrl.themeFor({ theme: 'pin' }), { key: 'pin', name: 'Pin' })
  assert.equal(await ctrl.themeFor({ theme: 'mateIn9' }), null)
  assert.deepEqual(ctrl.dueLine(LESSON), { text: 'No due date.', state: '', hidden: false })
  assert.deepEqual(ctrl.dueLine({ ...LESSON, due: '2026-10-30' }), { text: 'Was due Friday 30 October: its day has passed.', state: 'passed', hidden: false })
  assert.deepEqual(ctrl.dueRange(), { min: TODAY, max: '2027-11-03' })
})

test('renaming or removing a student changes the roster and reads the table and heatmap again', async () => {
  const { ctrl, ui, sent } = page(teacherRoutes({
    [`PATCH /classes/${ID}/students/${'a'.repeat(16)}`]: (body) => ok({ id: 'a'.repeat(16), name: body.name, joined: '' }),
    [`DELETE /classes/${ID}/students/${'b'.repeat(16)}`]: ok({ ok: true }),
    [`DELETE /classes/${ID}/removed/${'b'.repeat(16)}`]: ok({ ...teacherClass(), students: [teacherClass().students[0]] }),
  }))
  await ctrl.load()
  await ctrl.results.show(LESSON.id)
  sent.length = 0
  assert.deepEqual(await ctrl.rename(ctrl.class.students[0], '  Adah '), { ok: true })
  assert.deepEqual(ctrl.class.students.map((s) => s.name), ['Adah', 'Bo'])
  assert.equal(ui.said.at(-1), 'Renamed to Adah.')
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.deepEqual(sent, [`PATCH /classes/${ID}/students/${'a'.repeat(16)}`, `GET /classes/${ID}/lessons/${LESSON.id}/results`, `GET /classes/${ID}/progress?days=30`])
  const bo = ctrl.class.students[1]
  assert.deepEqual(await ctrl.remove(bo), { ok: true })
  assert.deepEqual(ctrl.class.students.map((s) => s.name), ['Adah'])
  assert.deepEqual(ctrl.class.removed.map((s) => s.name), ['Bo'])
  assert.equal(ctrl.lede(), 'You teach this class: 1 student, 1 lesson.')
  assert.deepEqual(await ctrl.letBack(ctrl.class.removed[0]), { ok: true })
  assert.equal(ui.said.at(-1), 'Bo can join again with the join link.')
  // A refusal is said where it was asked, and changes nothing.
  assert.deepEqual(await ctrl.rename({ id: 'c'.repeat(16), name: 'Cy' }, 'Cyd'), { ok: false, error: 'There is no class with that id that you teach or belong to.' })
})

test('assigning, a set and a due date: checked, sent, and the class as the server answers it', async () => {
  const withMates = { ...teacherClass(), lessons: [{ ...LESSON }, { ...LESSON, id: 'M'.repeat(16), name: 'Mates' }] }
  const set = { ...LESSON, id: 'S'.repeat(16), name: 'Fork · rated 1000–1399 · 10 puzzles', set: true }
  let asked = null
  const { ctrl, ui } = page(teacherRoutes({
    [`PUT /classes/${ID}/lessons/${'M'.repeat(16)}`]: ok(withMates),
    [`POST /classes/${ID}/sets`]: (body) => {
      asked = body
      return body.low > body.high ? { status: 422, data: { error: 'The lowest rating (1400) is above the highest (1200): swap them.' } }
        : ok({ ...teacherClass(), lessons: [{ ...LESSON }, set] }, 201)
    },
    [`PATCH /classes/${ID}/lessons/${LESSON.id}`]: (body) => ok({ ...teacherClass(), lessons: [{ ...LESSON, due: body.due }] }),
  }))
  await ctrl.load()
  assert.deepEqual(await ctrl.assign('M'.repeat(16)), { ok: true })
  assert.equal(ctrl.lede(), 'You teach this class: 2 students, 2 lessons.')
  assert.equal(ui.said.at(-1), 'Lesson assigned.')
  const form = { themes: ['fork', ''], low: '1000', high: '1399', count: '', due: '' }
  assert.deepEqual(await ctrl.makeSet(form), { ok: false, error: 'Give how many puzzles as a whole number.', field: 'set-count' })
  assert.equal(asked, null) // nothing sent
  assert.deepEqual(await ctrl.makeSet({ ...form, low: '1400', high: '1200', count: '10' }), { ok: false, error: 'The lowest rating (1400) is above the highest (1200): swap them.' })
  const made = await ctrl.makeSet({ ...form, count: '10', due: '2026-11-04' })
  assert.deepEqual(asked, { themes: ['fork'], low: 1000, high: 1399, count: 10, due: '2026-11-04' })
  assert.deepEqual(made, { ok: true, made: set })
  assert.equal(ctrl.drawing, false)
  assert.equal(ui.said.at(-1), `Set made and assigned: ${set.name}.`)
  assert.deepEqual(await ctrl.setDue(LESSON, ''), { ok: false, error: 'Pick a day first (or Clear due date to have none).' })
  assert.deepEqual(await ctrl.setDue(LESSON, '2026-11-04'), { ok: true })
  assert.equal(ctrl.class.lessons[0].due, '2026-11-04')
  assert.equal(ui.said.at(-1), 'Back ranks is due Wednesday 4 November.')
})

test('the results table: shown, sorted (reversed the second time), and its CSV in the order shown', async () => {
  const { ctrl, ui } = page(teacherRoutes({ [`GET /classes/${ID}/lessons/${LESSON.id}/results`]: ok(table('2026-11-03')) }))
  await ctrl.load()
  assert.equal(await ctrl.results.show(LESSON.id), true)
  assert.deepEqual(ctrl.results.rows().map((r) => r.name), ['Ada', 'Bo'])
  ctrl.results.sortBy('name', 'Student')
  assert.deepEqual(ctrl.results.rows().map((r) => r.name), ['Bo', 'Ada'])
  assert.equal(ui.said.at(-1), 'Sorted by Student, reversed.')
  ctrl.results.sortBy('due', 'Due Tue 3 Nov')
  assert.deepEqual(ctrl.results.rows().map((r) => r.name), ['Ada', 'Bo'])
  const csv = ctrl.results.csv()
  assert.equal(csv.name, 'Tuesday-club-Back-ranks.csv')
  assert.deepEqual(csv.text.split('\r\n').slice(1, 3).map((line) => line.split(',').slice(0, 6)), [
    ['Ada', '2', '1', '60', 'On time', '2026-11-02'], ['Bo', '0', '0', '20', 'Not yet', '']])
  // Unassigning the lesson shown puts its table away.
  ctrl.results.hide()
  assert.equal(ctrl.results.csv(), null)
})

test('the heatmap: an answer to an earlier span is stale, and its CSV’s refusal is said', async () => {
  let release
  const slow = new Promise((resolve) => { release = resolve })
  const routes = teacherRoutes({
    [`GET /classes/${ID}/progress?days=7`]: ok(heat(7)),
    [`GET /classes/${ID}/progress.csv?days=7`]: { status: 404, text: '', data: { error: 'There is no class with that id that you teach.' } },
  })
  const { ctrl } = page(routes)
  await ctrl.load()
  routes[`GET /classes/${ID}/progress?days=90`] = () => null
  const call = ctrl.call
  ctrl.call = async (path, options) => (path.endsWith('days=90') ? (await slow, ok(heat(90))) : call(path, options))
  const ninety = ctrl.progress.show(90)
  await ctrl.progress.show(7)
  release()
  await ninety
  assert.equal(ctrl.progress.heat.days, 7) // the 90 days' answer came last, but was asked first
  assert.equal(ctrl.progress.days, 7)
  ctrl.progress.sortBy(0)
  assert.deepEqual(ctrl.progress.sort, { key: 0, descending: false })
  assert.deepEqual(await ctrl.progress.csv(), { ok: false, error: 'There is no class with that id that you teach.' })
  await ctrl.progress.show(12)
  assert.equal(ctrl.progress.days, 30) // not a span: the first one
  assert.equal(ctrl.progress.none(), '')
})

test('a student sees their own results in words, what is due, and may leave', async () => {
  const studentClass = { ...teacherClass(), role: 'student', you: 'Bo', join_url: null, students: [], lessons: [{ ...LESSON, due: '2026-11-03' }] }
  const own = { ...table('2026-11-03'), students: [{ ...table().students[1], results: [cell('shown'), cell('clean', 12)] }] }
  const { ctrl } = page({
    [`GET /classes/${ID}`]: ok(studentClass),
    [`GET /classes/${ID}/lessons/${LESSON.id}/results`]: ok(own),
    [`DELETE /classes/${ID}/membership`]: ok({ ok: true }),
  })
  await ctrl.load()
  assert.equal(ctrl.teacher, false)
  assert.equal(ctrl.lede(), 'You are in this class as Bo. Your teacher sees your results in its lessons.')
  assert.deepEqual(ctrl.ownWords(ctrl.class.lessons[0]), {
    line: 'You solved 1 of 2 puzzles, 1 first try.',
    puzzles: [{ outcome: 'shown', text: 'Back rank: Solution shown, 0:20' }, { outcome: 'clean', text: 'Back rank again: Solved first try, 0:12' }],
    due: { text: 'Not done: the solution shown on 1 of 2 puzzles.', state: 'shown', hidden: false },
  })
  assert.deepEqual(ctrl.dueLine({ ...LESSON, due: '2026-11-01' }), { text: 'Overdue: it was due yesterday, Sunday 1 November.', state: 'overdue', hidden: false })
  assert.deepEqual(ctrl.dueLine(LESSON), { text: '', state: '', hidden: true })
  assert.deepEqual(await ctrl.leave(), { ok: true })
  assert.equal(ctrl.page.kind === 'notice' && ctrl.page.title, 'You left the class')
})
