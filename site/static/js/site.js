/**
 * On every page: a sign-in link handed to the sign-in page, the service
 * worker (offline play), the player's name in the header, and posting any
 * results that wait in the chess game's and Chain's queues (now, and whenever
 * the browser comes back online).
 */
import { getPlayer, tokenFromHash } from './lib/api.js'
import { ChessStore } from './chess/store.js'
import { flushChess } from './chess/post.js'
import { ChainStore } from './chain/store.js'
import { flushChain } from './chain/post.js'
import { keepAllTableRoles } from './lib/tables.js'

/**
 * A sign-in link in any form (`/#token=…`, as docs/api.md once gave it, or a
 * token on any other page) goes to /signin/, which signs in and says so. The
 * token leaves this address first, before the page's own scripts read the
 * fragment as one of their routes, and location.replace keeps it out of history.
 */
function forwardSignIn() {
  if (location.pathname.startsWith('/signin/') || !tokenFromHash(location.hash)) return
  const hash = location.hash
  history.replaceState(null, '', location.pathname + location.search)
  location.replace('/signin/' + hash)
}

function showPlayer() {
  const player = getPlayer()
  for (const chip of document.querySelectorAll('[data-player-chip]')) {
    chip.hidden = !player
    const name = chip.querySelector('[data-player-name]')
    if (name) name.textContent = player ? player.name : ''
  }
}

function flush() {
  flushChess(new ChessStore()).catch(() => {})
  flushChain(new ChainStore()).catch(() => {})
}

forwardSignIn()
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('/sw.js').catch(() => { /* offline play is a bonus, not a need */ })
}
keepAllTableRoles() // tables that reflow on a phone keep their table roles (lib/tables.js)
showPlayer()
document.addEventListener('player:change', showPlayer)
window.addEventListener('storage', (event) => { if (event.key === 'pb:player') showPlayer() })
window.addEventListener('online', flush)
flush()
