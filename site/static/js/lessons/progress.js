/**
 * A lesson's run through its puzzles (pure): which comes next, how it went, and a result in the
 * words the lesson's pages use.
 */
/** @import { Lesson, LessonPuzzle, LessonResult, ProgressRow } from '../lesson_types.js' */
import { t } from '../lib/i18n.js'

/**
 * A result in the words the lesson's pages use: 'solved cleanly', 'solved', 'solution shown'.
 * @param {{ solved: boolean, clean: boolean }} result
 */
export function resultWords(result) {
  return result.solved ? (result.clean ? t('solved cleanly') : t('solved')) : t('solution shown')
}

/**
 * The puzzle after `index` not yet played in this run, else the first one not played, else null.
 * @param {Lesson} lesson
 * @param {Record<string, unknown>} results
 * @param {number} index
 * @returns {LessonPuzzle | null}
 */
export function nextPuzzle(lesson, results, index) {
  const after = lesson.puzzles.find((p) => p.index > index && !results[p.index])
  return after || lesson.puzzles.find((p) => !results[p.index]) || null
}

/**
 * How the run went: { solved, clean, total }.
 * @param {Lesson} lesson
 * @param {Record<string, { solved: boolean, clean: boolean }>} results
 */
export function summary(lesson, results) {
  const done = Object.values(results)
  return { solved: done.filter((r) => r.solved).length, clean: done.filter((r) => r.clean).length, total: lesson.puzzles.length }
}

/**
 * The row of puzzles under the panel: each puzzle's result in this run in words ('not played yet'
 * or resultWords), and the one in play (`current`: its index).
 * @param {Lesson} lesson
 * @param {Record<string, LessonResult>} results
 * @param {number} current
 * @returns {ProgressRow[]}
 */
export function progressRows(lesson, results, current) {
  return lesson.puzzles.map((p) => {
    const result = results[p.index] || null
    return { index: p.index, words: result ? resultWords(result) : t('not played yet'), result, current: p.index === current }
  })
}

/**
 * The done box's words for a puzzle's result ('' while it is in play).
 * @param {LessonResult | null} result
 */
export function doneWords(result) {
  if (!result) return ''
  return result.solved ? (result.clean ? t('Solved cleanly.') : t('Solved.')) : t('Solution shown.')
}
