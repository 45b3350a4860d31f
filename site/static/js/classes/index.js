/**
 * The Classes page (/classes/): make a class, and the classes you teach or are in.
 * GET /api/classes; POST /api/classes opens the new class's page. Names go in with textContent.
 */
import { call, getPlayer, reason } from '../lib/api.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { el, $, announce } from '../lib/dom.js'
import { shortDate } from '../lessons/dom.js'

function classItem(klass, teaching) {
  const note = teaching ? `${klass.open ? 'Joining open' : 'Joining closed'} · made ${shortDate(klass.created)}` : ''
  return el('li', { class: 'card class-item' },
    el('h3', { class: 'class-item-title' }, el('a', { href: klass.url, text: klass.name })),
    note ? el('p', { class: 'muted', text: note }) : null)
}

async function load() {
  const player = getPlayer()
  $('classes-player').hidden = Boolean(player)
  $('classes-mine').hidden = !player
  if (!player) return
  $('classes-status').textContent = 'Loading your classes…'
  const answer = await call('/classes')
  if (answer.status !== 200 || !answer.data) {
    $('classes-status').textContent = reason(answer)
    return
  }
  $('classes-status').textContent = ''
  const { teaching, joined } = answer.data
  $('teaching-list').replaceChildren(...teaching.map((k) => classItem(k, true)))
  $('joined-list').replaceChildren(...joined.map((k) => classItem(k, false)))
  $('teaching-empty').hidden = teaching.length > 0
  $('joined-empty').hidden = joined.length > 0
}

$('new-class').addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = $('class-name')
  const error = $('new-class-error')
  const name = input.value.trim()
  error.textContent = ''
  if (!name) {
    error.textContent = 'Give the class a name.'
    input.setAttribute('aria-invalid', 'true')
    input.focus()
    return
  }
  const button = event.submitter || event.target.querySelector('button')
  button.disabled = true
  const answer = await call('/classes', { method: 'POST', body: { name } })
  button.disabled = false
  if (answer.status === 201 && answer.data) {
    location.assign(answer.data.url)
    return
  }
  error.textContent = reason(answer)
  input.setAttribute('aria-invalid', 'true')
})

wirePlayerForm($('player-form'), (player) => {
  announce(`Welcome, ${player.name}.`)
  load()
})
document.addEventListener('player:change', () => load())
load()
