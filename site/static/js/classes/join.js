/**
 * The join page (/classes/join/?id=<class>&code=<code>): a student gives the name their teacher
 * will see; without a player in this browser, one is made on the spot with that name, then the
 * class is joined (POST /api/classes/<id>/students) and its page opened.
 */
import { href, t } from '../lib/i18n.js'
import { call, createPlayer, getPlayer, reason } from '../lib/api.js'
import { element } from './page.js'

/** @import { ClassCall, Joined } from '../classes_types.js' */

/** @type {ClassCall} */
const request = call // lib/api.js's, as the class pages send it
const CLASS_ID = /^[A-Za-z0-9_-]{16}$/
const params = new URLSearchParams(location.search)
const id = params.get('id') || ''
const code = params.get('code') || ''
const form = element('join-form', HTMLFormElement)

/** The link can't join anything: say so instead of the form. @param {string} text */
function broken(text) {
  const words = element('join-broken', HTMLElement)
  form.hidden = true
  words.hidden = false
  words.textContent = text
}

function start() {
  if (!CLASS_ID.test(id) || !code) {
    broken(t('This join link is missing a part: ask your teacher for the class’s link again.'))
    return
  }
  const player = getPlayer()
  form.hidden = false
  element('join-name', HTMLInputElement).value = player ? player.name : ''
  element('join-note', HTMLElement).textContent = player
    ? t('You join as your player, {name}; the name here is the one your class sees.', { name: player.name })
    : t('This also makes you a player on this site (just a name, no email), so your results are kept.')
}

form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = element('join-name', HTMLInputElement)
  const error = element('join-error', HTMLElement)
  const name = input.value.trim()
  error.textContent = ''
  if (!name) {
    error.textContent = t('Type the name your teacher will see.')
    input.setAttribute('aria-invalid', 'true')
    input.focus()
    return
  }
  const button = /** @type {HTMLButtonElement} */ (event.submitter || form.querySelector('button'))
  button.disabled = true
  try {
    if (!getPlayer()) await createPlayer(name)
    const answer = await request(`/classes/${id}/students`, { method: 'POST', body: { name, code } })
    if (answer.status === 200 && answer.data) {
      location.assign(href(/** @type {Joined} */ (answer.data).url))
      return
    }
    error.textContent = reason(answer)
  } catch (failure) {
    error.textContent = failure instanceof Error ? failure.message : String(failure)
  } finally {
    button.disabled = false
  }
  input.setAttribute('aria-invalid', 'true')
})

start()
