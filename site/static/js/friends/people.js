/**
 * A list of people (or clubs) on the friends and club pages, drawn: each row its name, a line about
 * it, and its actions; the row asked about (an intent that can't be undone in a click) shows its
 * question with the intent and "Keep", and the focus goes to Keep. Draws only: each button says
 * which intent it is (`data-act`) and whom (`data-id`), and the page's view listens on the list.
 */
import { el } from '../lib/dom.js'
import { t } from '../lib/i18n.js'

/** @import { Asking } from '../friends_types.js' */

/**
 * @typedef {{ label: string, act: string, danger?: boolean, href?: string }} Action
 * @typedef {{ id: string, name: string, about: string, href?: string, actions: Action[] }} Line
 */

/**
 * Draw `lines` into `list`: each a row, the one `asking` is about with its question.
 * @param {HTMLElement} list
 * @param {Line[]} lines
 * @param {Asking | null} asking
 * @param {string} question
 */
export function drawPeople(list, lines, asking, question) {
  list.replaceChildren(...lines.map((line) => {
    const asked = asking && asking.id === line.id && line.actions.some((a) => a.act === asking.kind)
    const name = el(line.href ? 'a' : 'span', { class: 'person-name', href: line.href, translate: 'no', text: line.name })
    const row = el('li', { class: 'person', dataset: { person: line.id } }, name,
      line.about ? el('span', { class: 'person-about muted', text: line.about }) : null)
    if (asked && asking) {
      const act = /** @type {Action} */ (line.actions.find((a) => a.act === asking.kind))
      row.append(el('div', { class: 'confirm person-confirm', role: 'group', 'aria-label': question },
        el('p', { class: 'confirm-question', text: question }),
        el('div', { class: 'confirm-actions' },
          el('button', { class: 'button button-danger', type: 'button', dataset: { act: asking.kind, id: line.id, sure: 'yes' }, text: act.label }),
          el('button', { class: 'button', type: 'button', dataset: { act: 'keep', id: line.id }, text: t('Keep') }))))
    } else if (line.actions.length) {
      row.append(el('span', { class: 'person-actions' }, ...line.actions.map((a) => el('button', {
        class: `button button-quiet${a.danger ? ' is-danger' : ''}`, type: 'button', dataset: { act: a.act, id: line.id },
        'aria-label': t('{action}: {name}', { action: a.label, name: line.name }), text: a.label,
      }))))
    }
    return row
  }))
}

/**
 * The button of `act` for `id` in `list` (after a redraw), or null.
 * @param {HTMLElement} list
 * @param {string} act
 * @param {string} id
 * @returns {HTMLButtonElement | null}
 */
export function buttonOf(list, act, id) {
  return [.../** @type {NodeListOf<HTMLButtonElement>} */ (list.querySelectorAll('button[data-act]'))]
    .find((b) => b.dataset.act === act && b.dataset.id === id && !b.dataset.sure) || null
}

/**
 * Listen for the buttons of `list`: `onAct(act, id, sure)` (sure: the question's own button).
 * @param {HTMLElement} list
 * @param {(act: string, id: string, sure: boolean) => unknown} onAct
 */
export function onPeople(list, onAct) {
  list.addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('button[data-act]')
    if (!(button instanceof HTMLButtonElement)) return
    onAct(button.dataset.act || '', button.dataset.id || '', button.dataset.sure === 'yes')
  })
}
