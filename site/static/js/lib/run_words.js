/**
 * What a run mode's result sheet says of a ranked run's post, the same in Storm and Streak (pure):
 * kept and placed on the day's board, practice by the server's word, waiting in the outbox to post,
 * or not kept and why.
 */
/** @import { Dropped } from '../session_types.js' */
/** @import { RunAnswer, RunKept } from '../run_types.js' */
import { placeText } from './standing.js'
import { t } from './i18n.js'

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
    if (!rec.ticket) return t('Not kept: the run’s ticket never came (the connection was down as it started), so it was practice.')
    return t('Not kept: {why}', { why: dropped.error || t('the server refused it.') })
  }
  if (posted && !posted.ranked) return t('Practice: your ranked run today was started earlier.')
  if (posted) {
    const where = placeText(posted)
    if (where) return posted.already ? t('Ranked: {where} on today’s board (kept before).', { where }) : t('Ranked: {where} on today’s board.', { where })
    if (posted.boarded) {
      return posted.already ? t('Ranked and kept (kept before): today’s board shows your place in a few seconds.') : t('Ranked and kept: today’s board shows your place in a few seconds.')
    }
    return posted.already ? t('Ranked and kept (kept before): a new account’s runs go on the boards after its first days.') : t('Ranked and kept: a new account’s runs go on the boards after its first days.')
  }
  if (rec.ranked === false) return t('Practice: your ranked run today was started earlier.')
  if (waiting) return t('Waiting to post your ranked run: it goes as soon as you are online.')
  return ''
}
