/**
 * The home page's "Due" card, for a signed-in student: their assigned lessons with a due date not
 * done yet (GET /api/classes/due), overdue first, each with its class and when it is due in plain
 * words (due.js). Loaded by chess/app.js only when a player is signed in; names as textContent.
 */
import { call } from '../lib/api.js'
import { el } from '../lib/dom.js'
import { dueState } from './due.js'

/** Fill `card` (#due-card) with what is due on `today` (the site day); hidden when nothing is. */
export async function showDue(card, today) {
  const answer = await call('/classes/due')
  const due = answer.status === 200 && answer.data && Array.isArray(answer.data.due) ? answer.data.due : []
  card.hidden = due.length === 0
  if (!due.length) return
  const list = card.querySelector('#due-list')
  list.replaceChildren(...due.map((item) => {
    const where = dueState(item.due, today)
    const puzzles = `${item.count} ${item.count === 1 ? 'puzzle' : 'puzzles'}`
    return el('li', { class: `due-item is-${where.state}`, dataset: { lesson: item.lesson_id } },
      el('a', { class: 'due-lesson', href: item.url, text: item.lesson }),
      el('span', { class: 'due-when', text: where.words }),
      el('span', { class: 'due-class muted' }, el('a', { href: item.class_url, text: item.class_name }), ` · ${puzzles}`))
  }))
}
