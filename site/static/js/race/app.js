/**
 * The race page (/race/; a race's link /race/?id=<race>): its socket (lib/live.js), controller
 * (ctrl.js) and view (view.js). Racing needs a player (the others see their name): a guest makes one
 * first, on the page, and the race opens then. docs/live.md, "The pages".
 */
import { getPlayer } from '../lib/api.js'
import { LiveSocket, liveUrl } from '../lib/live.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { $ } from '../lib/dom.js'
import { RaceCtrl } from './ctrl.js'
import { RaceView } from './view.js'

const view = new RaceView()

/** Open the page for the player signed in, or ask a guest for a name first. */
function open() {
  const player = getPlayer()
  view.guest(!player)
  if (!player) {
    wirePlayerForm(/** @type {HTMLFormElement} */ ($('race-player-form')), () => open())
    return
  }
  const wanted = new URLSearchParams(location.search).get('id')
  /** @type {RaceCtrl | null} */
  let ctrl = null
  const socket = new LiveSocket({
    token: player.token,
    url: liveUrl(location),
    onMessage: (message) => ctrl?.hear(message),
    onStatus: (status) => ctrl?.linked(status),
    rejoin: () => ctrl?.rejoin() ?? null,
  })
  ctrl = new RaceCtrl({ ui: view, send: (message) => socket.send(message), you: { id: player.id, name: player.name } })
  view.draw(ctrl)
  // A race's link: joined as the socket opens (its `rejoin`). Else the player's invites, if any.
  if (wanted) ctrl.join(wanted)
  else import('./invited.js').then(({ showInvites }) => showInvites($('race-invites'))).catch(console.error)
  socket.connect()
  addEventListener('pagehide', () => socket.close())
  addEventListener('pageshow', (event) => { if (event.persisted) location.reload() }) // back from the cache: its socket was closed
  // Another player signed in (another tab): the page starts again as them.
  document.addEventListener('player:change', () => {
    if (getPlayer()?.id !== player.id) location.reload()
  })
}

open()
