// The live rooms' socket (site/static/js/lib/live.js) with a stand-in WebSocket and timers run by
// hand: the token offered as a subprotocol, messages both ways as JSON, a dropped connection tried
// again with a growing wait and the room joined again once it opens, a keep-alive, and closing for good.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { DELAYS_MS, LiveSocket, liveUrl, parse } from '../../site/static/js/lib/live.js'

/** Stand-in sockets and timers: `sockets` made, `timers` pending ({ fn, ms }). */
function world() {
  const sockets = []
  const timers = new Set()
  const make = (url, protocols) => {
    const socket = {
      url, protocols, readyState: 0, sent: [], closed: null, onopen: null, onmessage: null, onclose: null,
      send(text) { this.sent.push(JSON.parse(text)) },
      close(code) { this.closed = code; this.readyState = 3; this.onclose?.({ code }) },
      open() { this.readyState = 1; this.onopen?.({}) },
      hear(message) { this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) }) },
      drop() { this.readyState = 3; this.onclose?.({ code: 1006 }) },
    }
    sockets.push(socket)
    return socket
  }
  const later = (fn, ms) => {
    const timer = { fn, ms }
    timers.add(timer)
    return timer
  }
  const cancel = (timer) => timers.delete(timer)
  /** Run the pending timer of `ms` (the one expected next). */
  const run = (ms) => {
    const timer = [...timers].find((t) => t.ms === ms)
    assert.ok(timer, `a timer of ${ms} ms is pending (pending: ${[...timers].map((t) => t.ms)})`)
    timers.delete(timer)
    timer.fn()
  }
  return { sockets, timers, make, later, cancel, run }
}

test('the address is the site’s /live, wss on https', () => {
  assert.equal(liveUrl({ protocol: 'https:', host: 'puzzles.example' }), 'wss://puzzles.example/live')
  assert.equal(liveUrl({ protocol: 'http:', host: 'localhost:8000' }), 'ws://localhost:8000/live')
})

test('it offers the token as a subprotocol, sends and hears JSON, and joins its room as it opens', () => {
  const w = world()
  const heard = []
  const statuses = []
  const live = new LiveSocket({
    token: 'tok', url: 'ws://x/live', make: w.make, later: w.later, cancel: w.cancel,
    onMessage: (m) => heard.push(m), onStatus: (s) => statuses.push(s), rejoin: () => ({ t: 'race.join', race: 'r1' }),
  })
  live.connect()
  const [socket] = w.sockets
  assert.deepEqual(socket.protocols, ['puzzlebook.live', 'token.tok', 'lang.en'])
  assert.equal(socket.url, 'ws://x/live')
  assert.equal(live.send({ t: 'race.start' }), false, 'nothing is sent before it opens')
  socket.open()
  assert.deepEqual(socket.sent, [{ t: 'race.join', race: 'r1' }])
  assert.equal(live.send({ t: 'race.start' }), true)
  socket.hear({ t: 'pong', at: 1 })
  socket.hear('not json')
  socket.hear({ no: 'type' })
  assert.deepEqual(heard, [{ t: 'pong', at: 1 }])
  assert.deepEqual(statuses, ['open'])
})

test('a dropped connection is tried again, waiting longer each time, and rejoins where it was', () => {
  const w = world()
  const statuses = []
  let room = 'r1'
  const live = new LiveSocket({
    token: 'tok', url: 'ws://x/live', make: w.make, later: w.later, cancel: w.cancel,
    onMessage: () => {}, onStatus: (s) => statuses.push(s), rejoin: () => ({ t: 'race.join', race: room }),
  })
  live.connect()
  w.sockets[0].open()
  room = 'r2' // raced again meanwhile: it rejoins the room it is in now
  w.sockets[0].drop()
  assert.equal(live.status, 'away')
  for (const [k, ms] of DELAYS_MS.slice(0, 3).entries()) {
    w.run(ms)
    assert.equal(w.sockets.length, k + 2, 'a new connection is tried')
    w.sockets.at(-1).drop() // refused or unreachable: tried again later
  }
  w.run(DELAYS_MS[3])
  const back = w.sockets.at(-1)
  back.open()
  assert.deepEqual(back.sent, [{ t: 'race.join', race: 'r2' }])
  assert.equal(live.status, 'open')
  back.drop()
  assert.ok([...w.timers].some((t) => t.ms === DELAYS_MS[0]), 'the waits start again after a connection opened')
  assert.deepEqual(statuses.slice(0, 3), ['open', 'away', 'connecting'])
})

test('it pings every five minutes while open, and closing stops everything', () => {
  const w = world()
  const live = new LiveSocket({ token: 't', url: 'ws://x/live', make: w.make, later: w.later, cancel: w.cancel, onMessage: () => {} })
  live.connect()
  w.sockets[0].open()
  w.run(5 * 60 * 1000)
  assert.deepEqual(w.sockets[0].sent, [{ t: 'ping' }])
  live.close()
  assert.equal(w.sockets[0].closed, 1000)
  assert.equal(w.timers.size, 0, 'no retry, no ping')
  assert.equal(live.status, 'closed')
  live.connect()
  assert.equal(w.sockets.length, 1, 'closed for good')
})

test('only a JSON object with a type is a message', () => {
  assert.deepEqual(parse('{"t":"pong"}'), { t: 'pong' })
  for (const data of ['[]', '{"t":1}', 'null', '', new ArrayBuffer(2)]) assert.equal(parse(data), null)
})
