/**
 * The line that heads a check's report on the import page (/lessons/new/): what is
 * wrong, in the teacher's terms. A problem with the whole import (too many puzzles,
 * too large, not JSON at all) is said as the server said it, never counted as if it
 * were some puzzle's: "1 problem in 0 of 250 puzzles" told a teacher nothing.
 */
import { number, t, tn } from '../lib/i18n.js'
/** @import { CheckReport, ShownProblem } from '../lesson_types.js' */


/** @param {ShownProblem} problem */
const isGeneral = (problem) => problem.puzzle === null || problem.puzzle === undefined

/**
 * `message` as a sentence: a capital first and a full stop last.
 * @param {unknown} message
 */
export function sentence(message) {
  const text = String(message).trim()
  const capital = text.charAt(0).toUpperCase() + text.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

/**
 * The summary of `report` ({ ok, errors, warnings, puzzles }, as POST /api/lessons/validate
 * answers; for a refusal just { ok: false, errors }): { text, listGeneral }, where
 * listGeneral says whether the problems with the whole import still need listing under
 * it (a single one is the summary itself).
 * @param {CheckReport} report
 * @returns {{ text: string, listGeneral: boolean }}
 */
export function summarize(report) {
  const errors = report.errors || []
  const warnings = report.warnings || []
  const puzzles = report.puzzles || []
  if (report.ok) {
    const warned = warnings.length ? ' ' + tn('{n} warning.', '{n} warnings.', warnings.length) : ''
    return { text: tn('{n} puzzle, all valid.', '{n} puzzles, all valid.', puzzles.length) + warned, listGeneral: true }
  }
  const general = errors.filter(isGeneral)
  const placed = errors.filter((problem) => !isGeneral(problem))
  /** @type {string[]} */
  const parts = []
  if (general.length === 1) parts.push(sentence(general[0].message))
  else if (general.length > 1) parts.push(tn('{n} problem with the whole import, listed below.', '{n} problems with the whole import, listed below.', general.length))
  if (placed.length) {
    /** @type {{ index?: unknown, puzzle?: unknown }[]} */
    const items = [...puzzles, ...errors, ...warnings]
    const indexes = /** @type {number[]} */ (items.map((item) => item.index ?? item.puzzle).filter(Number.isInteger))
    const total = Math.max(0, ...indexes)
    const bad = new Set(placed.map((problem) => problem.puzzle)).size
    const of = tn('{n} puzzle', '{n} puzzles', total)
    parts.push(tn('{n} problem in {bad} of {puzzles}: fix it and check again.', '{n} problems in {bad} of {puzzles}: fix them and check again.', placed.length, { bad: number(bad), puzzles: of }))
  } else if (puzzles.length > 1) {
    parts.push(t('Each of the {n} puzzles is valid on its own.', { n: number(puzzles.length) }))
  } else if (puzzles.length === 1) {
    parts.push(t('The puzzle itself is valid.'))
  }
  parts.push(t('Nothing was imported.'))
  return { text: parts.join(' '), listGeneral: general.length > 1 }
}
