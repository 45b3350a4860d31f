/**
 * The "make a player" form (the `player_form` macro in templates/_macros.html)
 * and the sign-in link's Copy button, the same on every page that has them.
 */
import { createPlayer } from './api.js'
import { toast } from './dom.js'
import { t } from './i18n.js'
/** @import { PlayerCreated } from '../api_types.js' */

/**
 * On submit: a name is needed (said in the form's .form-error otherwise); the
 * player is made through the API and kept, the page hears `player:change`, and
 * `onMade(player)` welcomes them its own way. The API's refusal is shown as it
 * says it. The button is disabled meanwhile.
 * @param {HTMLFormElement} form
 * @param {(player: PlayerCreated) => unknown} onMade
 */
export function wirePlayerForm(form, onMade) {
  const input = /** @type {HTMLInputElement} */ (form.querySelector('input[name="name"]'))
  const error = /** @type {HTMLElement} */ (form.querySelector('.form-error'))
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const name = input.value.trim()
    error.textContent = ''
    if (!name) {
      error.textContent = t('Type the name to show on the boards.')
      input.setAttribute('aria-invalid', 'true')
      input.focus()
      return
    }
    input.removeAttribute('aria-invalid')
    const button = /** @type {HTMLButtonElement} */ (event.submitter || form.querySelector('button'))
    button.disabled = true
    try {
      const player = await createPlayer(name)
      document.dispatchEvent(new CustomEvent('player:change'))
      await onMade(player)
    } catch (failure) {
      error.textContent = /** @type {Error} */ (failure).message
      input.setAttribute('aria-invalid', 'true')
    } finally {
      button.disabled = false
    }
  })
}

/**
 * `button` copies the sign-in link in the read-only `input`, or selects it to copy by hand.
 * @param {HTMLElement} button
 * @param {HTMLInputElement} input
 */
export function wireCopyLink(button, input) {
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(input.value)
      toast(t('Sign-in link copied.'))
    } catch {
      input.select()
      toast(t('Copy the selected link.'))
    }
  })
}
