/**
 * The Classes page (/classes/): make a class, and the classes you teach or are in.
 * GET /api/classes; POST /api/classes opens the new class's page. Names go in with textContent.
 */
import { href, t } from '../lib/i18n.js'
import { call, getPlayer, reason } from '../lib/api.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { el, announce } from '../lib/dom.js'
import { shortDate } from '../lessons/dom.js'
import { element } from './page.js'

/** @import { ClassCall, Classes, ClassSummary } from '../classes_types.js' */

/** @type {ClassCall} */
const request = call // lib/api.js's, as the class pages send it

/** A class in a list: its name (a link to its page), and to its teacher whether joining is open. @param {ClassSummary} klass @param {boolean} teaching */
function classItem(klass, teaching) {
  const joining = klass.open ? t('Joining open') : t('Joining closed')
  const made = t('made {day}', { day: shortDate(klass.created) })
  const note = teaching ? joining + ' · ' + made : ''
  return el('li', { class: 'card class-item' },
    el('h3', { class: 'class-item-title' }, el('a', { href: href(klass.url), text: klass.name })),
    note ? el('p', { class: 'muted', text: note }) : null)
}

async function load() {
  const player = getPlayer()
  const status = element('classes-status', HTMLElement)
  element('classes-player', HTMLElement).hidden = Boolean(player)
  element('classes-mine', HTMLElement).hidden = !player
  if (!player) return
  status.textContent = t('Loading your classes…')
  const answer = await request('/classes')
  if (answer.status !== 200 || !answer.data) {
    status.textContent = reason(answer)
    return
  }
  status.textContent = ''
  const { teaching, joined } = /** @type {Classes} */ (answer.data)
  element('teaching-list', HTMLElement).replaceChildren(...teaching.map((k) => classItem(k, true)))
  element('joined-list', HTMLElement).replaceChildren(...joined.map((k) => classItem(k, false)))
  element('teaching-empty', HTMLElement).hidden = teaching.length > 0
  element('joined-empty', HTMLElement).hidden = joined.length > 0
}

element('new-class', HTMLFormElement).addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = element('class-name', HTMLInputElement)
  const error = element('new-class-error', HTMLElement)
  const name = input.value.trim()
  error.textContent = ''
  if (!name) {
    error.textContent = t('Give the class a name.')
    input.setAttribute('aria-invalid', 'true')
    input.focus()
    return
  }
  const button = /** @type {HTMLButtonElement} */ (event.submitter || element('new-class', HTMLFormElement).querySelector('button'))
  button.disabled = true
  const answer = await request('/classes', { method: 'POST', body: { name } })
  button.disabled = false
  if (answer.status === 201 && answer.data) {
    location.assign(href(/** @type {ClassSummary} */ (answer.data).url))
    return
  }
  error.textContent = reason(answer)
  input.setAttribute('aria-invalid', 'true')
})

wirePlayerForm(element('player-form', HTMLFormElement), (/** @type {{ name: string }} */ player) => {
  announce(`Welcome, ${player.name}.`)
  load()
})
document.addEventListener('player:change', () => load())
load()
