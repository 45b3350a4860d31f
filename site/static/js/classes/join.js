/**
 * The join page (/classes/join/?id=<class>&code=<code>): a student gives the name their teacher
 * will see; without a player in this browser, one is made on the spot with that name, then the
 * class is joined (POST /api/classes/<id>/students) and its page opened.
 */
import { call, createPlayer, getPlayer, reason } from '../lib/api.js'
import { $ } from '../lib/dom.js'

const CLASS_ID = /^[A-Za-z0-9_-]{16}$/
const params = new URLSearchParams(location.search)
const id = params.get('id') || ''
const code = params.get('code') || ''

function broken(text) {
  $('join-form').hidden = true
  $('join-broken').hidden = false
  $('join-broken').textContent = text
}

function start() {
  if (!CLASS_ID.test(id) || !code) {
    broken('This join link is missing a part: ask your teacher for the class’s link again.')
    return
  }
  const player = getPlayer()
  $('join-form').hidden = false
  $('join-name').value = player ? player.name : ''
  $('join-note').textContent = player
    ? `You join as your player, ${player.name}; the name here is the one your class sees.`
    : 'This also makes you a player on this site (just a name, no email), so your results are kept.'
}

$('join-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = $('join-name')
  const error = $('join-error')
  const name = input.value.trim()
  error.textContent = ''
  if (!name) {
    error.textContent = 'Type the name your teacher will see.'
    input.setAttribute('aria-invalid', 'true')
    input.focus()
    return
  }
  const button = event.submitter || event.target.querySelector('button')
  button.disabled = true
  try {
    if (!getPlayer()) await createPlayer(name)
    const answer = await call(`/classes/${id}/students`, { method: 'POST', body: { name, code } })
    if (answer.status === 200 && answer.data) {
      location.assign(answer.data.url)
      return
    }
    error.textContent = reason(answer)
  } catch (failure) {
    error.textContent = failure.message
  } finally {
    button.disabled = false
  }
  input.setAttribute('aria-invalid', 'true')
})

start()
