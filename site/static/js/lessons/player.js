/**
 * The small "make a player" form on the teacher's pages: lessons are kept under
 * a player (just a name, no email), the same player as the rest of the site.
 *
 *   wirePlayerForm(form, onMade): on submit, create the player and call onMade(player).
 */
import { createPlayer } from '../lib/api.js'
import { announce } from '../lib/announce.js'

export function wirePlayerForm(form, onMade) {
  const error = form.querySelector('.form-error')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const input = form.querySelector('input[name="name"]')
    error.textContent = ''
    const button = form.querySelector('button[type="submit"]')
    button.disabled = true
    try {
      const player = await createPlayer(input.value)
      document.dispatchEvent(new CustomEvent('player:change'))
      announce(`Welcome, ${player.name}.`)
      onMade(player)
    } catch (problem) {
      error.textContent = problem.message
      input.focus()
    } finally {
      button.disabled = false
    }
  })
}
