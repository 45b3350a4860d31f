/**
 * The review of a Storm run once it is over (docs/storm.md, "The review"): each puzzle attempted,
 * solved or missed (or left part way when the clock stopped), with a link that plays it again on the
 * chess page, and the run's figures. Pure: the play view (view.js) draws it.
 */
/** @import { RunRow, StormOutcome, StormTally } from '../run_types.js' */
import { BANDS } from '../games.js'
import { formatTime } from '../lib/clock.js'
import { t, tn, href } from '../lib/i18n.js'

/**
 * The chess band a Storm puzzle's rating falls in (a run's step stays in one band).
 * @param {number} rating
 * @returns {string | null}
 */
export function bandOf(rating) {
  const band = BANDS.find((b) => b.low <= rating && rating <= b.high)
  return band ? band.name : null
}

/**
 * day: the run's file {puzzles: [[id, fen, moves, rating], …]}; run: what the game ended with
 * ({moves, results, seconds, tally}). Answers {rows: [{n, id, rating, result, href}], figures}.
 * @param {{ puzzles: RunRow[] }} day
 * @param {{ moves: string[][], results: (StormOutcome | undefined)[], seconds: number, tally: StormTally }} run
 */
export function reviewOf(day, run) {
  const rows = run.moves.map((moves, i) => {
    const [id, , , rating] = day.puzzles[i]
    const band = bandOf(rating)
    return {
      n: i + 1, id, rating, result: /** @type {StormOutcome} */ (run.results[i] || 'unfinished'),
      href: band ? `${href('/')}#/p/${encodeURIComponent(band)}/${encodeURIComponent(id)}` : null,
    }
  })
  const count = (/** @type {StormOutcome} */ result) => rows.filter((row) => row.result === result).length
  return { rows, figures: figures(count('solved'), count('missed'), rows.length, run) }
}

const RESULT_WORDS = { solved: t('Solved'), missed: t('Missed'), unfinished: t('Left when the run ended') }

/**
 * A row's result in words.
 * @param {StormOutcome} result
 */
export const resultWords = (result) => RESULT_WORDS[result]

/**
 * @param {number} solved
 * @param {number} missed
 * @param {number} tried
 * @param {{ seconds: number, tally: StormTally }} run
 */
function figures(solved, missed, tried, run) {
  const { tally, seconds } = run
  const parts = [tn('{solved} solved and {missed} missed of {n} puzzle in {time}', '{solved} solved and {missed} missed of {n} puzzles in {time}', tried, { solved, missed, time: formatTime(seconds) })]
  if (tally.highest) parts.push(t('highest solved {rating}', { rating: tally.highest }))
  parts.push(t('best combo {n}', { n: tally.combo_best }))
  return `${parts.join('; ')}.`
}
