/**
 * The home page's Review card: how many puzzles are due today, a link to play them (#/review), or
 * the day the next one comes back. A signed-in player's review is synced with the server's first
 * (review/keep.js), so a puzzle missed on another device is counted here too; offline, this
 * browser's own review is counted.
 */
import { getPlayer, call } from '../lib/api.js'
import { longDate } from '../lib/dates.js'
import { ReviewKeep } from './keep.js'
import { dueOn, dueOf } from './schedule.js'
import { $ } from '../lib/dom.js'
import { NAMES } from '../chess/result_names.js'
import { t, tn } from '../lib/i18n.js'

/**
 * Fill `card` for the site day `today`; `current()` false once the page moved on. `given`: the
 * server's review as the home's one request answered it (null: not asked, or no answer), taken
 * when this browser has nothing to send; else a sync asks (and posts what it has).
 * @param {HTMLElement} card
 * @param {string} today
 * @param {() => boolean} [current]
 * @param {unknown} [given]
 */
export async function showReview(card, today, current = () => true, given = null) {
  const keep = new ReviewKeep()
  draw(card, keep, today)
  if (!getPlayer()) return
  if (given && !keep.unsent()) keep.adopt(given, today)
  else if (!(await keep.sync(call, today))) return
  if (current()) draw(card, keep, today)
}

/**
 * @param {HTMLElement} card
 * @param {ReviewKeep} keep
 * @param {string} today
 */
function draw(card, keep, today) {
  const queue = keep.queue()
  const open = queue.cards.filter((c) => dueOf(c) !== null)
  if (!open.length) {
    card.hidden = !queue.cards.length
    $('review-count').textContent = t('Every puzzle in your review is solved cleanly. Any first result but “{clean}” joins it.', { clean: NAMES.clean })
    $('review-start').hidden = true
    return
  }
  const due = dueOn(queue, today).length
  // The open cards are due some day: with none due today, one is due later.
  const later = /** @type {string[]} */ (open.map(dueOf)).filter((d) => d > today).sort()[0]
  $('review-count').textContent = due
    ? tn('{n} puzzle due today.', '{n} puzzles due today.', due)
    : t('Nothing due today. The next puzzle comes back on {day}.', { day: longDate(later) })
  $('review-start').hidden = !due
  $('review-start').textContent = due === 1 ? t('Review it') : t('Review them')
  card.hidden = false
}
