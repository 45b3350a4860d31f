/**
 * What a run mode's result sheet says of a ranked run's post, the same in Storm and Streak (pure):
 * kept and placed on the day's board, practice by the server's word, waiting in the outbox to post,
 * or not kept and why.
 */
/** @import { Dropped } from '../session_types.js' */
/** @import { RunAnswer, RunKept } from '../run_types.js' */
import { placeText } from './standing.js'

/**
 * The server's answer kept in a run's record, when it came and was kept (not dropped).
 * @template F
 * @param {RunAnswer<F> | null | undefined} posted
 * @returns {RunKept<F> | null}
 */
export function answered(posted) {
  return posted && !('dropped' in posted) ? posted : null
}

/**
 * The rank line of a run that may be ranked (`rec`: its ticket, the server's word on it and the
 * answer kept): ranked and placed, practice, waiting to post (`waiting`: its result is in the
 * outbox), or not kept; '' when nothing is known yet.
 * @template F
 * @param {{ ticket: string | null, ranked: boolean | null, posted: RunAnswer<F> | null }} rec
 * @param {{ waiting: boolean }} state
 */
export function rankWords(rec, { waiting }) {
  const posted = rec.posted
  if (posted && 'dropped' in posted) {
    const dropped = /** @type {Dropped} */ (posted)
    if (!rec.ticket) return 'Not kept: the run’s ticket never came (the connection was down as it started), so it was practice.'
    return `Not kept: ${dropped.error || 'the server refused it.'}`
  }
  if (posted && !posted.ranked) return 'Practice: your ranked run today was started earlier.'
  if (posted) {
    const kept = posted.already ? ' (kept before)' : ''
    const where = placeText(posted)
    if (where) return `Ranked: ${where} on today’s board${kept}.`
    if (posted.boarded) return `Ranked and kept${kept}: today’s board shows your place in a few seconds.`
    return `Ranked and kept${kept}: a new account’s runs go on the boards after its first days.`
  }
  if (rec.ranked === false) return 'Practice: your ranked run today was started earlier.'
  if (waiting) return 'Waiting to post your ranked run: it goes as soon as you are online.'
  return ''
}
