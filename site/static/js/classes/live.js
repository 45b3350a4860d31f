/**
 * A class's live session (/classes/live/?id=<class>[&lesson=<lesson>]): its controller
 * (live_ctrl.js), view (live_view.js) and socket (lib/live.js). The class is read first: a player not
 * in it (or no player) gets a notice and no connection. docs/live.md, "The pages".
 */
import { call, getPlayer } from '../lib/api.js'
import { LiveSocket, liveUrl } from '../lib/live.js'
import { LiveClassCtrl } from './live_ctrl.js'
import { LiveClassView } from './live_view.js'

const TICK_MS = 250

async function open() {
  const params = new URLSearchParams(location.search)
  const view = new LiveClassView()
  /** @type {LiveSocket | null} */
  let socket = null
  const ctrl = new LiveClassCtrl({
    id: params.get('id') || '',
    lesson: params.get('lesson') || '',
    ui: view,
    call,
    send: (message) => socket?.send(message) ?? false,
    signedIn: () => Boolean(getPlayer()),
  })
  view.draw(ctrl)
  document.addEventListener('player:change', () => location.reload())
  const player = getPlayer()
  if (!(await ctrl.load()) || !player) return
  socket = new LiveSocket({
    token: player.token,
    url: liveUrl(location),
    onMessage: (message) => ctrl.hear(message),
    onStatus: (status) => ctrl.linked(status),
    rejoin: () => ctrl.rejoin(),
  })
  socket.connect()
  setInterval(() => ctrl.tick(), TICK_MS)
  addEventListener('pagehide', () => socket?.close())
  addEventListener('pageshow', (event) => { if (event.persisted) location.reload() }) // back from the cache: its socket was closed
}

open()
