/**
 * The lesson page (/lessons/play/?id=…): a teacher's puzzles, one after another.
 *
 * Each puzzle is a controller (ctrl.js: its rules, its result kept in the browser and posted,
 * counts only, for the teacher) drawn by the page's one view (view.js); this module opens the
 * lesson, goes from puzzle to puzzle and shows the end, or a notice when the lesson won't open.
 */
/** @import { Lesson, LessonPuzzle, LessonResult } from '../lesson_types.js' */
import { call, reason } from '../lib/api.js'
import { $ } from '../lib/dom.js'
import { t } from '../lib/i18n.js'
import { showOnly, fillNotice } from '../lib/views.js'
import { LessonPuzzleCtrl } from './ctrl.js'
import { nextPuzzle, summary } from './progress.js'
import { LessonView, drawEnd } from './view.js'
import { resultsOf, clearResults, postPending, currentOf } from './store.js'

const LESSON_ID = /^[A-Za-z0-9_-]{16}$/

/** @type {Lesson | null} the lesson open */
let lesson = null
/** @type {LessonPuzzleCtrl | null} the puzzle in play */
let run = null
const view = new LessonView({ next: () => next() })

/**
 * The element with `id`, one of the page's own.
 * @param {string} id
 */
const byId = (id) => /** @type {HTMLElement} */ ($(id))

/** @returns {Lesson} the lesson open (every step below runs once it is) */
const opened = () => /** @type {Lesson} */ (lesson)

/** @param {string} name */
function show(name) {
  showOnly(['lesson-view', 'lesson-end', 'lesson-notice'], name)
}

/**
 * @param {string} title
 * @param {string} text
 */
function notice(title, text) {
  show('lesson-notice')
  fillNotice(title, text, title + ' · ' + t('Lessons'))
}

/** @returns {Record<string, LessonResult>} this run's results */
const results = () => resultsOf(opened().id, opened().revs)

/** @param {LessonPuzzle} puzzle */
function startPuzzle(puzzle) {
  run?.stop()
  show('lesson-view')
  run = new LessonPuzzleCtrl({ lesson: opened(), puzzle, ui: view, results })
  view.play(run)
  run.start().catch((error) => {
    console.error(error)
    notice(t('This puzzle won’t play'), t('Something in it could not be read. Tell your teacher.'))
  })
}

function next() {
  const waiting = nextPuzzle(opened(), results(), run ? run.puzzle.index : 0)
  if (waiting) startPuzzle(waiting)
  else showEnd()
}

function showEnd() {
  run?.stop()
  run = null
  show('lesson-end')
  const done = results()
  drawEnd(opened(), done, summary(opened(), done))
}

async function open() {
  const id = new URLSearchParams(location.search).get('id') || ''
  if (!LESSON_ID.test(id)) {
    notice(t('No lesson here'), t('This link has no lesson in it. Ask your teacher for the lesson’s link.'))
    return
  }
  const answer = await call(`/lessons/${id}`, { token: null })
  if (answer.status !== 200 || !answer.data) {
    notice(t('This lesson won’t open'), reason(answer, t('The lesson could not be loaded. Try again in a moment.')))
    return
  }
  const got = /** @type {Lesson} */ (answer.data)
  lesson = got
  byId('lesson-name').textContent = got.name
  byId('again-button').addEventListener('click', () => {
    clearResults(got.id)
    startPuzzle(got.puzzles[0])
  })
  byId('next-button').addEventListener('click', () => next())
  postPending(got.id).catch(() => {})
  // The puzzle left in play goes on where it was (a reload); else the first not played.
  const current = currentOf(got.id)
  const left = current && !results()[current.puzzle] && got.puzzles.find((p) => p.index === current.puzzle)
  const first = left || nextPuzzle(got, results(), 0)
  if (first) startPuzzle(first)
  else showEnd()
}

open()
