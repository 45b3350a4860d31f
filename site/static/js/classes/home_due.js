/**
 * The home page's "Due" card, for a signed-in student: their assigned lessons with a due date not
 * done yet (as GET /api/classes/due answers them: the home page's one request, GET /api/me/home/<date>,
 * carries them), overdue first, each with its class and when it is due in plain
 * words (due.js). Loaded by chess/app.js only when a player is signed in; names as textContent.
 */
import { href, tn } from '../lib/i18n.js'
import { el } from '../lib/dom.js'
import { dueState } from './due.js'

/** @import { DueItem } from '../classes_types.js' */

/**
 * Fill `card` (#due-card) with what is due on `today` (the site day); hidden when nothing is.
 * @param {HTMLElement} card
 * @param {string} today
 * @param {DueItem[]} due
 */
export function showDue(card, today, due) {
  card.hidden = due.length === 0
  if (!due.length) return
  const items = card.querySelector('#due-list')
  items?.replaceChildren(...due.map((item) => {
    const where = dueState(item.due, today)
    const puzzles = tn('{n} puzzle', '{n} puzzles', item.count)
    return el('li', { class: `due-item is-${where.state}`, dataset: { lesson: item.lesson_id } },
      el('a', { class: 'due-lesson', href: href(item.url), text: item.lesson }),
      el('span', { class: 'due-when', text: where.words }),
      el('span', { class: 'due-class muted' }, el('a', { href: href(item.class_url), text: item.class_name }), ` · ${puzzles}`))
  }))
}
