/**
 * The home page's "Due" card, for a signed-in student: their assigned lessons with a due date not
 * done yet (GET /api/classes/due), overdue first, each with its class and when it is due in plain
 * words (due.js). Loaded by chess/app.js only when a player is signed in; names as textContent.
 */
import { href, tn } from '../lib/i18n.js'
import { call } from '../lib/api.js'
import { el } from '../lib/dom.js'
import { dueState } from './due.js'

/** @import { ClassCall, DueList } from '../classes_types.js' */

/** @type {ClassCall} */
const request = call // lib/api.js's, as the class pages send it

/**
 * Fill `card` (#due-card) with what is due on `today` (the site day); hidden when nothing is.
 * @param {HTMLElement} card
 * @param {string} today
 */
export async function showDue(card, today) {
  const answer = await request('/classes/due')
  const list = answer.status === 200 ? /** @type {DueList | null} */ (answer.data) : null
  const due = list && Array.isArray(list.due) ? list.due : []
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
