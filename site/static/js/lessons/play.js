/**
 * The lesson page (/lessons/play/?id=…): a teacher's puzzles, one after another.
 *
 * Each puzzle is a controller (ctrl.js: its rules, its result kept in the browser and posted,
 * counts only, for the teacher) drawn by the page's one view (view.js); this module opens the
 * lesson, goes from puzzle to puzzle and shows the end, or a notice when the lesson won't open.
 */
import { call, reason } from '../lib/api.js'
import { $ } from '../lib/dom.js'
import { showOnly, fillNotice } from '../lib/views.js'
import { LessonPuzzleCtrl, nextPuzzle, summary } from './ctrl.js'
import { LessonView, drawEnd } from './view.js'
import { resultsOf, clearResults, postPending, currentOf } from './store.js'

const LESSON_ID = /^[A-Za-z0-9_-]{16}$/

let lesson = null
let run = null
const view = new LessonView({ next: () => next() })

function show(name) {
  showOnly(['lesson-view', 'lesson-end', 'lesson-notice'], name)
}

function notice(title, text) {
  show('lesson-notice')
  fillNotice(title, text, `${title} · Lessons`)
}

const results = () => resultsOf(lesson.id, lesson.revs)

function startPuzzle(puzzle) {
  run?.stop()
  show('lesson-view')
  run = new LessonPuzzleCtrl({ lesson, puzzle, ui: view, results })
  view.play(run)
  run.start().catch((error) => {
    console.error(error)
    notice('This puzzle won’t play', 'Something in it could not be read. Tell your teacher.')
  })
}

function next() {
  const waiting = nextPuzzle(lesson, results(), run.puzzle.index)
  if (waiting) startPuzzle(waiting)
  else showEnd()
}

function showEnd() {
  run?.stop()
  run = null
  show('lesson-end')
  const done = results()
  drawEnd(lesson, done, summary(lesson, done))
}

async function open() {
  const id = new URLSearchParams(location.search).get('id') || ''
  if (!LESSON_ID.test(id)) {
    notice('No lesson here', 'This link has no lesson in it. Ask your teacher for the lesson’s link.')
    return
  }
  const answer = await call(`/lessons/${id}`, { token: null })
  if (answer.status !== 200 || !answer.data) {
    notice('This lesson won’t open', reason(answer, 'The lesson could not be loaded. Try again in a moment.'))
    return
  }
  lesson = answer.data
  $('lesson-name').textContent = lesson.name
  $('again-button').addEventListener('click', () => {
    clearResults(lesson.id)
    startPuzzle(lesson.puzzles[0])
  })
  $('next-button').addEventListener('click', () => next())
  postPending(lesson.id).catch(() => {})
  // The puzzle left in play goes on where it was (a reload); else the first not played.
  const current = currentOf(lesson.id)
  const left = current && !results()[current.puzzle] && lesson.puzzles.find((p) => p.index === current.puzzle)
  const first = left || nextPuzzle(lesson, results(), 0)
  if (first) startPuzzle(first)
  else showEnd()
}

open()
