/**
 * On every page: the service worker (offline play), the player's name in the
 * header, and posting any results that wait in the chess game's and Chain's
 * queues (now, and whenever the browser comes back online).
 */
import { getPlayer } from './lib/api.js'
import { ChessStore } from './chess/store.js'
import { flushChess } from './chess/post.js'
import { ChainStore } from './chain/store.js'
import { flushChain } from './chain/post.js'
import { keepAllTableRoles } from './lib/tables.js'

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

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('/sw.js').catch(() => { /* offline play is a bonus, not a need */ })
}
keepAllTableRoles() // tables that reflow on a phone keep their table roles (lib/tables.js)
showPlayer()
document.addEventListener('player:change', showPlayer)
window.addEventListener('storage', (event) => { if (event.key === 'pb:player') showPlayer() })
window.addEventListener('online', flush)
flush()
