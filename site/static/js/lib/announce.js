/**
 * Words for screen readers and short notes for everyone.
 *
 * announce(text): spoken through the page's polite aria-live region
 *   (#announcer in base.html); the same text twice in a row is still spoken.
 * toast(text): shown briefly at the foot of the screen, and announced.
 */

let clearTimer = null

export function announce(text) {
  const region = document.getElementById('announcer')
  if (!region || !text) return
  // Emptying first, then writing on the next frame, makes a repeated message
  // a change the screen reader reads again.
  region.textContent = ''
  clearTimeout(clearTimer)
  requestAnimationFrame(() => {
    region.textContent = text
    clearTimer = setTimeout(() => { region.textContent = '' }, 7000)
  })
}

export function toast(text, { ms = 3200, speak = true } = {}) {
  const shelf = document.getElementById('toasts')
  if (speak) announce(text)
  if (!shelf || !text) return
  const note = document.createElement('div')
  note.className = 'toast'
  note.textContent = text
  shelf.append(note)
  setTimeout(() => {
    note.classList.add('is-leaving')
    setTimeout(() => note.remove(), 300)
  }, ms)
}
