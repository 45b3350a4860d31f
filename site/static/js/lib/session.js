/**
 * One play of a puzzle, the same in every game, with no DOM: the record kept in the browser
 * with the clock's time, the play ticket asked for as it opens, the results queued in the
 * game's outbox (Outbox, below) and posted, and what a post's answer settles into the record
 * (`withAnswer`).
 * A game's controller extends PlaySession and adds its rules; its view draws from the
 * controller and sends the player's intents back (docs/site.md, "Browser modules").
 *
 * A finished result goes through the same steps in every game: the game's pure `settled(rec,
 * today)` (its results.js: what it counts for in this browser) is kept by the store
 * (`settle`), then the result is queued and posted (`post`); a post's answer comes back
 * through `withAnswer` into the record, in the store and in the controller holding it.
 *
 * A game's store says how its results post (`store.posting`, written in its store module):
 *   game        its key ('chess'), naming its tickets
 *   order       the outbox's kinds in posting order; also every kind a record can post
 *   answers     { kind: the record's field that keeps the answer to a result of that kind }
 *   finished    the states of a finished record
 *   noun        [one, many]: what a record is called ('chess puzzle', 'chess puzzles')
 *   keyOf(rec)  the record's key in its results' and ticket's keys ('Easy/abc12', '2026-09-07')
 *   bodyKey(body), record(store, body): the record a queued result is for
 *   moves(item) the moves a solve claims (it waits out the server's second a move)
 *   summarise(answer, kind, outcome): what is kept of an answer ('sent', or 'dropped' for good)
 *   offline     optional, false when a result counts only with its ticket (never posted again as offline)
 *   more(item, kept, outcome, answer, call), noted(store, player, kept): optional, what else an answer asks
 *
 * Play tickets (docs/api.md, "Play tickets"): a signed-in player's game asks for one as a
 * rated puzzle opens, never waiting for it to start play, keeps it in the puzzle's record and
 * sends it with the result. A tab that comes back into sight with a puzzle in play takes its
 * play up again when another tab of this browser opened a puzzle of the game meanwhile (the
 * server holds the play left part way with its time: `takeUp`). A result whose ticket never
 * came posts as offline (counted for the player alone: unrated, on no board); so does one
 * whose ticket the server refuses (a puzzle opened on another device closed it, say), rather
 * than being lost.
 */
import { call, getPlayer } from './api.js'
import { playerQuery } from './dates.js'
import { namespace } from './storage.js'

const SAVE_TENTHS = 10 // a puzzle in play keeps its time to a tenth of a second
const WAIT_AT_POST_MS = 4000 // a result posting while its ticket is on its way waits this long for it
// The server takes a result no sooner than a second a move after its ticket, give or take a second
// (puzzlebook/tickets.py, FLOOR_ALLOWANCE_MS); a quick finish waits that out (and a little more).
const FLOOR_ALLOWANCE_MS = 1000
const FLOOR_MARGIN_MS = 250

// ---- keys: the one place their shape is written ----------------------------------------------

/** The outbox key of a result of `kind` for the record keyed `key` ("solve:Easy/abc12", "giveup:2026-09-07"). */
export const resultKey = (kind, key) => `${kind}:${key}`

/** The key a play ticket is asked for under ("chess:Easy/abc12", "chain:2026-09-07"). */
export const ticketKey = (game, key) => `${game}:${key}`

/** Every outbox key a record of a game posting by `posting` can have. */
export const resultKeys = (posting, rec) => posting.order.map((kind) => resultKey(kind, posting.keyOf(rec)))

// ---- tickets ------------------------------------------------------------------------------------

const asking = new Map() // what was asked for, by ticket key: the promise of its ticket
// Which tab of this browser asked last for a ticket of each game, and for what: { tab, key } by
// game, shared by the tabs (localStorage), so a tab coming back knows its play was closed.
const lastAsked = namespace('pb:play-asked:')
const TAB = Math.random().toString(36).slice(2)

/**
 * Ask for a ticket at `path` (POST, `body`: what is opened, and `resume`: the ticket of an
 * earlier opening of the same puzzle, if any). Resolves to the ticket or null; `keep(ticket,
 * came, issued, data)` is called with it when it comes (came: Date.now() then; issued: the
 * server's word for when it opened, ms by its clock; data: the whole answer, for what a game's
 * ticket route says beside it, such as Streak's `ranked`).
 */
export function askTicket(key, path, body, keep) {
  const promise = call(path, { method: 'POST', body }).then((answer) => {
    const ticket = answer.status === 200 && answer.data && typeof answer.data.ticket === 'string' ? answer.data.ticket : null
    if (ticket) keep(ticket, Date.now(), answer.data.issued, answer.data)
    return ticket
  })
  asking.set(key, promise)
  promise.finally(() => { if (asking.get(key) === promise) asking.delete(key) })
  return promise
}

/**
 * The ticket for `key`: the one on its way if one was asked for (waiting a little: a play taken
 * up again replaces `known`), else `known`, else null.
 */
export async function ticketFor(key, known) {
  const had = typeof known === 'string' && known ? known : null
  const pending = asking.get(key)
  if (!pending) return had
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_AT_POST_MS))
  return (await Promise.race([pending, late])) || had
}

/**
 * When a ticket counts as having come, by this browser's clock (what `notBefore` waits from).
 * `next`: { came, issued } of the ticket just come (came: Date.now(); issued: the server's ms);
 * `taken`: the same of the ticket it took up again (resume), or null. The server opens a ticket
 * taken up again at now less the time its play was current, not the time since it was first
 * opened (docs/api.md, "Play tickets"), so its arrival moves on from the first one's by as much
 * as its `issued` did: never sooner than the truth, as the first arrival wasn't. Without both
 * figures of the first, the new arrival, which is later still.
 */
export function arrival(next, taken = null) {
  const known = (t) => t && Number.isFinite(t.came) && Number.isFinite(t.issued)
  if (!known(next) || !known(taken)) return next.came
  return Math.min(next.came, taken.came + (next.issued - taken.issued))
}

/** `body` as it goes: with `ticket`, or marked offline without one. */
export function ticketed(body, ticket) {
  const out = { ...body }
  delete out.ticket
  delete out.offline
  if (ticket) out.ticket = ticket
  else out.offline = true
  return out
}

/**
 * When a result of `moves` moves may post with a ticket that reached this browser at `came` (ms,
 * Date.now()): a second a move after it, less the server's allowance. The ticket was issued before
 * it came, so waiting by this browser's clock is always enough.
 */
export function notBefore(came, moves) {
  if (!Number.isFinite(came) || !moves) return 0
  return came + moves * 1000 - FLOOR_ALLOWANCE_MS + FLOOR_MARGIN_MS
}

/**
 * Post a queued result at `path` with `ticket` (or offline), not before `after` (ms: a quick
 * finish waits until the server can take it); when the server refuses the ticket itself
 * (X-Ticket-Refused), post it again as offline so it still counts for the player, unless the
 * game's results count only with their ticket (`offline: false`: Streak's runs), when the
 * refusal and its reason stand. Resolves to the answer `call` gives.
 */
export async function postTicketed(path, body, ticket, after = 0, { offline = true } = {}) {
  const wait = ticket ? after - Date.now() : 0
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60_000)))
  const answer = await call(path, { method: 'POST', body: ticketed(body, ticket) })
  if (ticket && answer.refusedTicket && offline) return call(path, { method: 'POST', body: ticketed(body, null) })
  return answer
}

// ---- the outbox ------------------------------------------------------------------------------------

/*
 * An outbox of results waiting to post, kept in a storage namespace so a
 * closed tab or a lost connection loses nothing.
 *
 * Each item is { key, kind, path, body, by }: `key` names what it is for (e.g.
 * "miss:Easy/abc12", resultKey) and an item with a key already queued or already sent is
 * refused, so nothing is posted twice; `by` is the id of the player who played
 * it, and only that player's flush posts it (another player signed in on the
 * same browser never gets their results). `flush(send)` posts in order (items
 * whose kind comes first in `order`, then oldest first) and stops at the
 * first answer that means "try later" (no connection, 401, 429, 5xx), keeping
 * that item and everything after it. 2xx means sent; 400, 404, 409, 410, 413
 * and 422 mean the server will never take it, so it is dropped.
 */

// A listener's failure must not stop the posting (the item is already done).
async function tell(onResult, item, outcome, answer) {
  try {
    await onResult(item, outcome, answer)
  } catch { /* nothing to undo */ }
}

const DROP = new Set([400, 404, 409, 410, 413, 422])

/** What a result dropped for good keeps of its answer: the server's reason, if it gave one. */
export function droppedAnswer(answer) {
  return { dropped: true, error: answer?.data?.error || null }
}
const SENT_KEPT = 4000

export class Outbox {
  /**
   * store: a storage namespace (lib/storage.js); name: its key in the store;
   * order: kinds in posting order (e.g. ['miss', 'solve']: a miss before any held solve).
   */
  constructor(store, { name = 'queue', order = [] } = {}) {
    this.store = store
    this.name = name
    this.order = order
    this.busy = null
  }

  /** The items waiting, in posting order. */
  items() {
    const items = this.store.get(this.name, [])
    const rank = (item) => {
      const r = this.order.indexOf(item.kind)
      return r === -1 ? this.order.length : r
    }
    return (Array.isArray(items) ? items : []).map((item, i) => [item, i])
      .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([item]) => item)
  }

  /** Keys already posted (or dropped), most recent last. */
  sent() {
    const sent = this.store.get(this.name + '-sent', [])
    return Array.isArray(sent) ? sent : []
  }

  /** True if an item with `key` is waiting or was already posted. */
  has(key) {
    return this.sent().includes(key) || this.items().some((item) => item.key === key)
  }

  /** Queue `item`; false (and nothing queued) when its key is waiting or was sent. */
  add(item) {
    if (!item || typeof item.key !== 'string' || this.has(item.key)) return false
    const items = this.store.get(this.name, [])
    const list = Array.isArray(items) ? items : []
    const kept = { key: item.key, kind: item.kind, path: item.path, body: item.body }
    if (typeof item.by === 'string') kept.by = item.by
    if (typeof item.method === 'string') kept.method = item.method // a note's (PUT); a result is POSTed
    list.push(kept)
    return this.store.set(this.name, list)
  }

  _finish(key) {
    const list = (this.store.get(this.name, []) || []).filter((item) => item.key !== key)
    this.store.set(this.name, list)
    const sent = this.sent().filter((k) => k !== key)
    sent.push(key)
    this.store.set(this.name + '-sent', sent.slice(-SENT_KEPT))
  }

  /** The items waiting that player `by` didn't play (an item kept without a `by` is anyone's). */
  others(by) {
    return this.items().filter((item) => typeof item.by === 'string' && item.by !== by)
  }

  /**
   * Post what is waiting of player `by`'s (every item, when `by` is left out). `send(item)` resolves
   * to { status, data } (status 0 for no connection) or rejects (treated as no connection).
   * `onResult(item, outcome, answer)` hears each 'sent' or 'dropped'. Resolves to
   * { sent, dropped, left } (left: all the items still waiting, anyone's). One flush at a time: a
   * second call while one runs gets the same promise.
   */
  flush(send, onResult = () => {}, { by } = {}) {
    if (this.busy) return this.busy
    const run = async () => {
      let sent = 0
      let dropped = 0
      for (const item of this.items()) {
        if (by !== undefined && typeof item.by === 'string' && item.by !== by) continue
        let answer
        try {
          answer = await send(item)
        } catch {
          answer = { status: 0 }
        }
        const status = answer && answer.status
        if (status >= 200 && status < 300) {
          this._finish(item.key)
          sent++
          await tell(onResult, item, 'sent', answer)
        } else if (DROP.has(status)) {
          this._finish(item.key)
          dropped++
          await tell(onResult, item, 'dropped', answer)
        } else {
          break
        }
      }
      return { sent, dropped, left: this.items().length }
    }
    const locks = globalThis.navigator && globalThis.navigator.locks
    // Two tabs flushing at once could post the same item twice; a Web Lock
    // (where there is one) lets one tab post at a time.
    const guarded = locks ? locks.request('pb-outbox-' + this.store.prefix + this.name, run) : run()
    this.busy = guarded.finally(() => { this.busy = null })
    return this.busy
  }
}

// ---- posting --------------------------------------------------------------------------------------

const listeners = new Set()

/** Hear every answer a flush keeps: fn({ game, key, kind, outcome, kept }). Answers a function that stops it. */
export function onPosted(fn) {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

/**
 * How a post's answer settles into what the player keeps and sees: `rec` with `kept` (the
 * game's summary of the answer to a result of `kind`) in its place. Pure: a new record.
 */
export function withAnswer(posting, rec, kind, kept) {
  return { ...rec, [posting.answers[kind]]: kept }
}

/**
 * Post what waits in `store`'s outbox (the signed-in player's results only), keep each answer
 * in its record and tell the listeners, then send its notes (flushNotes). Resolves to the results'
 * flush's counts (or null without a player). Called when a result is queued, on every page load
 * (site.js), when a player signs in and when the browser comes back online.
 */
export function flush(store, player = getPlayer()) {
  if (!player) return Promise.resolve(null)
  const results = flushResults(store, player)
  if (store.notes) results.then(() => flushNotes(store, player)).catch(() => {})
  return results
}

/*
 * Notes: what a player says about a puzzle rather than plays (chess's votes: docs/votes.md), kept in
 * a second Outbox of the game's store (`store.notes`) and sent as they are, with no ticket. An item
 * is { key, kind, path, method, body, by }; a guest's has no `by`, so it is anyone's: the next
 * player to sign in on this browser sends it (its body says it was a guest's). They go after the
 * player's results (a vote counts only on a puzzle played) and only once none of theirs waits. Each
 * answer is kept in its record (`posting.notes.answer`, the field) and told to the listeners.
 */
export async function flushNotes(store, player = getPlayer()) {
  if (!player || !store.notes) return null
  await flushResults(store, player)
  if (store.outbox.items().some((item) => item.by === undefined || item.by === player.id)) return null
  const posting = store.posting
  return store.notes.flush(
    (item) => call(item.path, { method: item.method || 'POST', body: item.body }),
    (item, outcome, answer) => {
      const key = posting.bodyKey(item.body)
      const kept = outcome === 'sent' ? { sent: true } : droppedAnswer(answer)
      const rec = posting.record(store, item.body)
      if (rec) store.updateRecord({ ...rec, [posting.notes.answer]: kept })
      for (const fn of listeners) fn({ game: posting.game, key, kind: item.kind, outcome, kept })
    },
    { by: player.id },
  )
}

function flushResults(store, player) {
  const posting = store.posting
  return store.outbox.flush(
    // The ticket is the record's (it may have come after the result was queued), else offline.
    async (item) => {
      const key = posting.bodyKey(item.body)
      const rec = posting.record(store, item.body)
      const ticket = await ticketFor(ticketKey(posting.game, key), rec?.ticket)
      // A solve waits out the server's second a move since the puzzle opened (a quick finish).
      const after = notBefore(posting.record(store, item.body)?.ticketCame, posting.moves(item))
      return postTicketed(item.path, item.body, ticket, after, { offline: posting.offline !== false })
    },
    async (item, outcome, answer) => {
      const key = posting.bodyKey(item.body)
      let kept = posting.summarise(answer, item.kind, outcome)
      if (posting.more) kept = await posting.more(item, kept, outcome, answer, call)
      if (posting.noted) posting.noted(store, player, kept)
      // Read the record only now, after every await, so no save in between is lost.
      const rec = posting.record(store, item.body)
      if (rec) store.updateRecord(withAnswer(posting, rec, item.kind, kept))
      for (const fn of listeners) fn({ game: posting.game, key, kind: item.kind, outcome, kept })
    },
    { by: player.id },
  )
}

// ---- the play -------------------------------------------------------------------------------------

/**
 * A puzzle open on a game's page, as state, the part every game's controller shares: the status
 * line, redrawing, speaking, and being let go of. `ui` is what the controller asks of its view:
 * redraw() (draw everything from the controller again), announce(text) (to screen readers) and
 * stop() (let go of the page); a game's controller may ask more of it. A game gives inPlay()
 * (moves are taken) and may give letGo().
 */
export class Play {
  constructor({ ui }) {
    this.ui = ui
    this.alive = true
    this.status = { text: '', tone: '' }
  }

  inPlay() {
    return false
  }

  /** Draw again (the view reads the controller). */
  redraw() {
    if (this.alive) this.ui.redraw()
  }

  /** The status line's words and tone ('', 'good', 'bad', 'hint'), drawn at the next redraw. */
  setStatus(text, tone = '') {
    this.status = { text, tone }
  }

  /** Say `text` to screen readers (the view's live region). */
  announce(text) {
    if (this.alive) this.ui.announce(text)
  }

  /** Leave the puzzle (another route): let go of everything. */
  stop() {
    if (!this.alive) return
    this.alive = false
    this.letGo()
    this.ui.stop()
  }

  letGo() {}
}

/**
 * A play whose record is kept in the browser (chess and Chain): `rec`, kept in `store` with the
 * clock's time; the clock (lib/clock.js: the view holds it for the house rules, lib/playing.js);
 * pause; the play ticket; results queued and posted; answers heard while it is open. Its `ui`
 * also has paused(on) (the player paused or resumed: where focus goes). A game may give
 * afterPause(paused) and heard(kind) (an answer came).
 */
export class PlaySession extends Play {
  constructor({ store, rec, clock, ui, player = getPlayer }) {
    super({ ui })
    this.store = store
    this.posting = store.posting
    this.rec = rec
    this.clock = clock
    this.player = player
    this.unhear = onPosted((news) => this.hear(news))
  }

  /** The record's key in its results' and ticket's keys. */
  get key() {
    return this.posting.keyOf(this.rec)
  }

  /** Keep the record, with the time so far while it is in play (to a tenth of a second). */
  save() {
    if (this.rec.state === 'playing') this.rec.seconds = Math.round(this.clock.seconds * SAVE_TENTHS) / SAVE_TENTHS
    this.store.updateRecord(this.rec)
  }

  /** Leave the puzzle (another route): save and let go of everything. */
  stop() {
    if (!this.alive) return
    this.save()
    this.unhear()
    super.stop()
  }

  // ---- pause -----------------------------------------------------------------------------------

  get paused() {
    return this.clock.isHeld('paused')
  }

  /** P: pause (the puzzle is covered and the clock stops), or resume; `force` says which. */
  togglePause(force) {
    if (!this.inPlay()) return
    const pause = force === undefined ? !this.paused : force
    this.clock.set('paused', pause)
    this.save()
    this.announce(pause ? 'Paused. Press P or Resume to go on.' : 'Resumed.')
    this.afterPause(pause)
    this.redraw()
    this.ui.paused(pause)
  }

  afterPause() {}

  /** Resume first if paused: anything that acts on the puzzle (a hint, the solution) acts in sight. */
  resumeIfPaused() {
    if (this.paused) this.togglePause(false)
  }

  /** The puzzle ended: no pause outlives it (P and Resume only act on a puzzle in play). */
  clearPause() {
    this.clock.set('paused', false)
  }

  // ---- the end, tickets and posts -------------------------------------------------------------

  /**
   * Keep what the finished record counts for in this browser (`outcome`: the game's pure
   * settled(rec, today)); anything the store answers (a best time, say) joins the record.
   */
  settle(outcome) {
    const kept = this.store.keep(outcome)
    if (kept) Object.assign(this.rec, kept)
    this.save()
  }

  /** True when this play's results post: a signed-in player's, never a replay's. */
  posts() {
    return Boolean(this.player()) && !this.rec.replay
  }

  /**
   * Ask the server for this play's ticket as it opens, at `path` with `body` (taken up again:
   * resuming the ticket it had); play never waits for it. A play that never posts asks for none
   * (a replay's ticket would close the player's current play of a rated puzzle). The request
   * says the player's date and offset as they are at the asking (`?date=…&offset=…`): the
   * result counts for the player's own day.
   */
  askTicket(path, body) {
    if (!this.posts()) return
    this.opening = { path, body }
    const key = this.key
    const resume = typeof this.rec.ticket === 'string'
    const asked = resume ? { ...body, resume: this.rec.ticket } : body
    lastAsked.set(this.posting.game, { tab: TAB, key })
    askTicket(ticketKey(this.posting.game, key), `${path}?${playerQuery()}`, asked, (ticket, came, issued, data) => {
      const rec = this.alive ? this.rec : this.posting.record(this.store, body)
      if (!rec) return
      const taken = resume ? { came: rec.ticketCame, issued: rec.ticketIssued } : null
      rec.ticket = ticket
      rec.ticketCame = arrival({ came, issued }, taken)
      rec.ticketIssued = issued
      this.tookTicket(rec, data)
      this.store.updateRecord(rec)
    })
  }

  /** A game's word on what its ticket route answered beside the ticket (`data`), kept in `rec`. */
  tookTicket() {}

  /**
   * The tab is in sight again: if another tab of this browser asked for a ticket of this game
   * since this play's (it opened another puzzle, closing this one's ticket), take this play up
   * again, so its result still counts (the server carries over the time it was current:
   * docs/api.md, "Play tickets"). Nothing to ask when this play's ticket was the last asked.
   */
  takeUp() {
    if (!this.opening || !this.alive || this.posting.finished.includes(this.rec.state)) return
    const last = lastAsked.get(this.posting.game)
    if (last && last.tab === TAB && last.key === this.key) return
    this.askTicket(this.opening.path, this.opening.body)
  }

  /** Queue a result of `kind` (only a signed-in player's results are posted) and try to send it now. */
  post(kind, path, body) {
    if (!this.posts()) return
    this.store.outbox.add({ key: resultKey(kind, this.key), kind, path, body, by: this.player().id })
    flush(this.store, this.player())
  }

  /** True while a result of `kind` waits to post. */
  waiting(kind) {
    const key = resultKey(kind, this.key)
    return this.store.outbox.items().some((item) => item.key === key)
  }

  /** True when a result of `kind` waits or was posted. */
  queued(kind) {
    return this.store.outbox.has(resultKey(kind, this.key))
  }

  /**
   * An answer a flush kept: this record takes it, in place (a move being judged holds the same
   * record; everything else in memory is newer than the store).
   */
  hear({ game, key, kind, kept }) {
    if (!this.alive || game !== this.posting.game || key !== this.key) return
    const field = this.posting.answers[kind] || this.posting.notes?.answer // a note's answer (flushNotes)
    if (!field) return
    this.rec[field] = kept
    this.heard(kind)
    this.redraw()
  }

  heard() {}
}
