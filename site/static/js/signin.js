/**
 * /signin/#token=...: a sign-in link made on another device. The token rides
 * in the fragment (browsers never send it to a server); this page checks it
 * with /api/me, keeps the player, and wipes the token from the address bar.
 */
import { call, setPlayer, tokenFromHash } from './lib/api.js'

const title = document.getElementById('signin-title')
const text = document.getElementById('signin-text')

async function signIn() {
  const token = tokenFromHash(location.hash)
  history.replaceState(null, '', location.pathname) // the token shouldn't linger in history
  if (!token) {
    title.textContent = 'No sign-in link here'
    text.textContent = 'Open the whole link you copied on your other device, including the part after the #.'
    return
  }
  const answer = await call('/me', { token })
  if (answer.status === 200 && answer.data) {
    setPlayer({ id: answer.data.id, name: answer.data.name, token })
    document.dispatchEvent(new CustomEvent('player:change'))
    title.textContent = `Welcome back, ${answer.data.name}`
    text.textContent = 'You are signed in on this device. Your streak and rating come with you.'
  } else if (answer.status === 401 || answer.status === 404) {
    title.textContent = 'That link doesn’t work'
    text.textContent = 'It may be mistyped or cut short, or the player was deleted. Copy it again from your other device.'
  } else {
    title.textContent = 'Can’t sign in just now'
    text.textContent = answer.status === 0
      ? 'You seem to be offline. Open the link again when you are back online.'
      : 'The server didn’t answer as it should. Try the link again in a moment.'
  }
}

signIn()
