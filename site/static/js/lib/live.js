/**
 * The live rooms' socket (docs/live.md, docs/api.md "Live"): one WebSocket to the site's `/live`,
 * the player's token offered as a subprotocol (never in the address) and the page's language beside
 * it (`lang.es`: the server's refusals are said in it), typed messages both ways
 * (site/types/live_types.d.ts: `LiveOut` sent, `LiveIn` heard). The race page and the live class
 * page hold one each; their controllers never touch a WebSocket themselves.
 *
 * - **Dropped, it connects again**, after 0.5, 1, 2, 4, 8 then every 15 s (`DELAYS_MS`), and once
 *   open again sends what `rejoin()` answers (the page's `race.join` or `class.join`: the server
 *   answers with everything to draw the room again, so the page takes up where it was). A message
 *   sent while it is down is dropped, and `send` says so: the page's own state, made again from the
 *   hello, is what counts.
 * - **A keep-alive** ping every 5 minutes (API Gateway closes a connection idle for 10).
 * - `status` is 'connecting', 'open', 'away' (dropped, trying again) or 'closed' (the page closed it);
 *   `onStatus` hears each change, `onMessage` each message.
 *
 * Everything it needs of the browser (the WebSocket, the timers) is handed in, so node drives it with
 * a stand-in (tests/js/live_socket.test.mjs).
 */
/** @import { LiveIn, LiveOut, LiveStatus, SocketLike, SocketMaker } from '../live_types.js' */
import { LANG } from './i18n.js'

export const PROTOCOL = 'puzzlebook.live'
export const DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15000]
const PING_MS = 5 * 60 * 1000
const OPEN = 1

/**
 * The site's live address for a page at `where`: wss://<host>/live, or ws:// on plain http (locally).
 * @param {{ protocol: string, host: string }} where
 */
export function liveUrl(where) {
  return `${where.protocol === 'https:' ? 'wss:' : 'ws:'}//${where.host}/live`
}

/** @type {SocketMaker} */
const browserSocket = (url, protocols) => new WebSocket(url, protocols)

export class LiveSocket {
  /**
   * @param {{ token: string, url: string, onMessage: (message: LiveIn) => void,
   *   onStatus?: (status: LiveStatus) => void, rejoin?: () => LiveOut | null, make?: SocketMaker,
   *   later?: (fn: () => void, ms: number) => unknown, cancel?: (timer: unknown) => void }} options
   */
  constructor({ token, url, onMessage, onStatus = () => {}, rejoin = () => null, make = browserSocket,
    later = (fn, ms) => setTimeout(fn, ms), cancel = (timer) => clearTimeout(/** @type {number} */ (timer)) }) {
    this.token = token
    this.url = url
    this.onMessage = onMessage
    this.onStatus = onStatus
    this.rejoin = rejoin
    this.make = make
    this.later = later
    this.cancel = cancel
    /** @type {LiveStatus} */
    this.status = 'connecting'
    /** @type {SocketLike | null} */
    this.socket = null
    this.tries = 0 // connections tried since the last one that opened
    this.opened = 0 // how many times it opened
    /** @type {unknown} */
    this.retry = null
    /** @type {unknown} */
    this.ping = null
  }

  /** Open the connection (again). */
  connect() {
    if (this.status === 'closed') return
    this.cancel(this.retry)
    this.retry = null
    this.set('connecting')
    const socket = this.make(this.url, [PROTOCOL, `token.${this.token}`, `lang.${LANG}`])
    this.socket = socket
    socket.onopen = () => {
      if (socket !== this.socket) return
      this.tries = 0
      this.opened += 1
      this.set('open')
      this.keepAlive()
      const again = this.rejoin()
      if (again) this.send(again)
    }
    socket.onmessage = (event) => {
      if (socket !== this.socket) return
      const message = parse(event.data)
      if (message) this.onMessage(message)
    }
    socket.onclose = () => {
      if (socket !== this.socket) return
      this.socket = null
      this.cancel(this.ping)
      if (this.status === 'closed') return
      this.set('away')
      const delay = DELAYS_MS[Math.min(this.tries, DELAYS_MS.length - 1)]
      this.tries += 1
      this.retry = this.later(() => this.connect(), delay)
    }
  }

  /**
   * Send `message` now; false (and nothing sent) while the connection is down.
   * @param {LiveOut} message
   */
  send(message) {
    const socket = this.socket
    if (!socket || socket.readyState !== OPEN) return false
    socket.send(JSON.stringify(message))
    return true
  }

  /** Close for good (the page is left): no more tries. */
  close() {
    this.set('closed')
    this.cancel(this.retry)
    this.cancel(this.ping)
    const socket = this.socket
    this.socket = null
    if (socket) socket.close(1000)
  }

  /** Drop the connection as a network would (it connects again): a test's and the page's "reconnect". */
  drop() {
    this.socket?.close(4000)
  }

  keepAlive() {
    this.cancel(this.ping)
    this.ping = this.later(() => {
      if (this.send({ t: 'ping' })) this.keepAlive()
    }, PING_MS)
  }

  /** @param {LiveStatus} status */
  set(status) {
    if (this.status === status) return
    this.status = status
    this.onStatus(status)
  }
}

/**
 * A message as heard: a JSON object with a string `t`, else null (nothing the rooms send).
 * @param {unknown} data
 * @returns {LiveIn | null}
 */
export function parse(data) {
  if (typeof data !== 'string') return null
  try {
    const message = JSON.parse(data)
    return message && typeof message === 'object' && typeof message.t === 'string' ? /** @type {LiveIn} */ (message) : null
  } catch {
    return null
  }
}
