/**
 * One play of a puzzle, the same in every game, with no DOM: the record kept in the browser
 * with the clock's time, the play ticket asked for as it opens (lib/tickets.js), the results
 * queued in the game's outbox (lib/outbox.js) and posted, and what a post's answer settles into
 * the record (`withAnswer`). A game's controller extends PlaySession and adds its rules; its view
 * draws from the controller and sends the player's intents back (docs/site.md, "Browser modules").
 *
 * A finished result goes through the same steps in every game: the game's pure `settled(rec,
 * today)` (its results.js: what it counts for in this browser) is kept by the store
 * (`settle`), then the result is queued and posted (`post`); a post's answer comes back
 * through `withAnswer` into the record, in the store and in the controller holding it. A game's
 * store says how its results post (`store.posting`: the Posting of site/types/session_types.d.ts,
 * written in its store module).
 *
 * A tab that comes back into sight with a puzzle in play takes its play up again when another tab
 * of this browser opened a puzzle of the game meanwhile (the server holds the play left part way
 * with its time: `takeUp`).
 *
 * It keeps state for the page (who listens for answers, and through lib/tickets.js the tickets on
 * their way and this tab's id), so the build keeps it one file every bundle imports
 * (sitebuild/bundle.py, SHARED); a game's module asks for a ticket through it, never from
 * lib/tickets.js itself, which would be bundled into its page a second time.
 */
/** @import { GameStore, Kept, Opening, Player, PlayRecord, Posted, Posting, TicketAnswer } from '../session_types.js' */
/** @import { PlayClock, PlayHooks, PlayUi, SessionUi } from '../play_types.js' */
import { call, getPlayer } from './api.js'
import { playerQuery } from './dates.js'
import { droppedAnswer, resultKey } from './outbox.js'
import { arrival, askTicket, askedLastHere, notBefore, noteAsked, postTicketed, resultIn, ticketFor, ticketKey } from './tickets.js'
import { t } from './i18n.js'

// The tickets a game asks for outside a play session (a lesson's, a Storm run's start), from here:
// lib/tickets.js keeps the tickets on their way, which must be one copy for the page, and only this
// module imports it (sitebuild/bundle.py, SHARED).
export { askTicket, notBefore, ticketKey }

const SAVE_TENTHS = 10 // a puzzle in play keeps its time to a tenth of a second

/** @returns {Player | null} the player signed in, as lib/api.js keeps it */
export const signedIn = () => getPlayer()

// ---- posting --------------------------------------------------------------------------------------

/** @type {Set<(news: Posted) => void>} */
const listeners = new Set()

/**
 * Hear every answer a flush keeps: fn({ game, key, kind, outcome, kept }). Answers a function that stops it.
 * @param {(news: Posted) => void} fn
 */
export function onPosted(fn) {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

/**
 * How a post's answer settles into what the player keeps and sees: `rec` with `kept` (the
 * game's summary of the answer to a result of `kind`) in its place. Pure: a new record.
 * @template {PlayRecord} R
 * @param {Posting<R>} posting
 * @param {R} rec
 * @param {string} kind
 * @param {Kept} kept
 * @returns {R}
 */
export function withAnswer(posting, rec, kind, kept) {
  return { ...rec, [posting.answers[kind]]: kept }
}

/**
 * Post what waits in `store`'s outbox (the signed-in player's results only), keep each answer
 * in its record and tell the listeners, then send its notes (flushNotes). Resolves to the results'
 * flush's counts (or null without a player). Called when a result is queued, on every page load
 * (site.js), when a player signs in and when the browser comes back online.
 * @template {PlayRecord} R
 * @param {GameStore<R>} store
 * @param {Player | null} [player]
 */
export function flush(store, player = signedIn()) {
  if (!player) return Promise.resolve(null)
  const results = flushResults(store, player)
  if (store.notes) results.then(() => flushNotes(store, player)).catch(() => {})
  return results
}

/**
 * Notes: what a player says about a puzzle rather than plays (chess's votes: docs/votes.md), kept in
 * a second Outbox of the game's store (`store.notes`) and sent as they are, with no ticket. An item
 * is { key, kind, path, method, body, by }; a guest's has no `by`, so it is anyone's: the next
 * player to sign in on this browser sends it (its body says it was a guest's). They go after the
 * player's results (a vote counts only on a puzzle played) and only once none of theirs waits. Each
 * answer is kept in its record (`posting.notes.answer`, the field) and told to the listeners.
 * @template {PlayRecord} R
 * @param {GameStore<R>} store
 * @param {Player | null} [player]
 */
export async function flushNotes(store, player = signedIn()) {
  const notes = store.notes
  if (!player || !notes) return null
  await flushResults(store, player)
  if (store.outbox.items().some((item) => item.by === undefined || item.by === player.id)) return null
  const posting = store.posting
  const field = posting.notes?.answer
  return notes.flush(
    (item) => call(item.path, { method: item.method || 'POST', body: item.body }),
    (item, outcome, answer) => {
      const key = posting.bodyKey(item.body)
      const kept = outcome === 'sent' ? { sent: true } : droppedAnswer(answer)
      const rec = posting.record(store, item.body)
      if (rec && field) store.updateRecord({ ...rec, [field]: kept })
      for (const fn of listeners) fn({ game: posting.game, key, kind: item.kind, outcome, kept })
    },
    { by: player.id },
  )
}

/**
 * @template {PlayRecord} R
 * @param {GameStore<R>} store
 * @param {Player} player
 */
function flushResults(store, player) {
  const posting = store.posting
  return store.outbox.flush(
    // The ticket is the record's (it may have come after the result was queued), else offline.
    async (item) => {
      // An earlier post of it went with no answer heard (the page left as it went): the server may
      // keep it already. The game asks (its `look`) rather than post it a second time.
      if (item.out && posting.look) {
        const found = await posting.look(item, call)
        if (found) return found
      }
      const key = posting.bodyKey(item.body)
      const rec = posting.record(store, item.body)
      const ticket = await ticketFor(ticketKey(posting.game, key), rec?.ticket)
      // A solve waits out the server's second a move since the puzzle opened (a quick finish).
      const after = notBefore(posting.record(store, item.body)?.ticketCame, posting.moves(item))
      const answer = await postTicketed(item.path, item.body, ticket, after, { offline: posting.offline !== false })
      // Refused for its ticket's result being in: an unheard post of this one was kept, and stands.
      return item.out && resultIn(answer) ? { status: 200, data: { already: true, kept: item.kind } } : answer
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
 * line, redrawing, speaking, and being let go of. `ui` is what the controller asks of its view
 * (PlayUi: redraw, announce, stop); a game's controller may ask more of it. A game gives inPlay()
 * (moves are taken) and may give letGo().
 * @template {PlayUi} [U=PlayUi]
 */
export class Play {
  /** @param {{ ui: U }} options */
  constructor({ ui }) {
    this.ui = ui
    this.alive = true
    /** @type {{ text: string, tone: string }} */
    this.status = { text: '', tone: '' }
  }

  /** @returns {boolean} whether moves are taken now */
  inPlay() {
    return false
  }

  /** Draw again (the view reads the controller). */
  redraw() {
    if (this.alive) this.ui.redraw()
  }

  /**
   * The status line's words and tone ('', 'good', 'bad', 'hint'), drawn at the next redraw.
   * @param {string} text
   * @param {string} [tone]
   */
  setStatus(text, tone = '') {
    this.status = { text, tone }
  }

  /**
   * Say `text` to screen readers (the view's live region).
   * @param {string} text
   */
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

  /** What a game lets go of as the play stops. */
  letGo() {}
}

/**
 * A play whose record is kept in the browser (chess, Chain, Storm, Streak): `rec`, kept in `store`
 * with the clock's time; the clock (lib/clock.js: the view holds it for the house rules,
 * lib/playing.js); pause; the play ticket; results queued and posted; answers heard while it is
 * open. Its `ui` also has paused(on) (SessionUi: where focus goes). A game may give
 * afterPause(paused), tookTicket(rec, data) and heard(kind) (its hooks: PlayHooks in
 * site/types/play_types.d.ts).
 * @template {PlayRecord} R the game's record
 * @template {GameStore<R>} [S=GameStore<R>] the game's store
 * @template {SessionUi} [U=SessionUi] the game's view
 * @extends {Play<U>}
 * @implements {PlayHooks<R>}
 */
export class PlaySession extends Play {
  /**
   * @param {{ store: S, rec: R, clock: PlayClock, ui: U, player?: () => Player | null }} options
   */
  constructor({ store, rec, clock, ui, player = signedIn }) {
    super({ ui })
    this.store = store
    this.posting = store.posting
    this.rec = rec
    this.clock = clock
    this.player = player
    /** @type {Opening | null} where its ticket was asked for (takeUp asks there again) */
    this.opening = null
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

  /**
   * P: pause (the puzzle is covered and the clock stops), or resume; `force` says which.
   * @param {boolean} [force]
   */
  togglePause(force) {
    if (!this.inPlay()) return
    const pause = force === undefined ? !this.paused : force
    this.clock.set('paused', pause)
    this.save()
    this.announce(pause ? t('Paused. Press P or Resume to go on.') : t('Resumed.'))
    this.afterPause(pause)
    this.redraw()
    this.ui.paused(pause)
  }

  /**
   * A game's word on a pause (`paused`) or a resume.
   * @param {boolean} paused
   */
  afterPause(paused) {}

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
   * @param {unknown} outcome
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
   * @param {string} path
   * @param {Record<string, unknown>} body
   */
  askTicket(path, body) {
    if (!this.posts()) return
    this.opening = { path, body }
    const key = this.key
    const resume = typeof this.rec.ticket === 'string'
    const asked = resume ? { ...body, resume: this.rec.ticket } : body
    noteAsked(this.posting.game, key)
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

  /**
   * A game's word on what its ticket route answered beside the ticket (`data`), kept in `rec`.
   * @param {R} rec
   * @param {TicketAnswer} data
   */
  tookTicket(rec, data) {}

  /**
   * The tab is in sight again: if another tab of this browser asked for a ticket of this game
   * since this play's (it opened another puzzle, closing this one's ticket), take this play up
   * again, so its result still counts (the server carries over the time it was current:
   * docs/api.md, "Play tickets"). Nothing to ask when this play's ticket was the last asked.
   */
  takeUp() {
    if (!this.opening || !this.alive || this.posting.finished.includes(this.rec.state)) return
    if (askedLastHere(this.posting.game, this.key)) return
    this.askTicket(this.opening.path, this.opening.body)
  }

  /**
   * Queue a result of `kind` (only a signed-in player's results are posted) and try to send it now;
   * resolves once that try is over (the flush's counts, or null when nothing posts).
   * @param {string} kind
   * @param {string} path
   * @param {Record<string, unknown>} body
   */
  post(kind, path, body) {
    const player = this.player()
    if (!player || !this.posts()) return Promise.resolve(null)
    this.store.outbox.add({ key: resultKey(kind, this.key), kind, path, body, by: player.id })
    return flush(this.store, player)
  }

  /**
   * True while a result of `kind` waits to post.
   * @param {string} kind
   */
  waiting(kind) {
    const key = resultKey(kind, this.key)
    return this.store.outbox.items().some((item) => item.key === key)
  }

  /**
   * True when a result of `kind` waits or was posted.
   * @param {string} kind
   */
  queued(kind) {
    return this.store.outbox.has(resultKey(kind, this.key))
  }

  /**
   * An answer a flush kept: this record takes it, in place (a move being judged holds the same
   * record; everything else in memory is newer than the store).
   * @param {Posted} news
   */
  hear({ game, key, kind, kept }) {
    if (!this.alive || game !== this.posting.game || key !== this.key) return
    const field = this.posting.answers[kind] || this.posting.notes?.answer // a note's answer (flushNotes)
    if (!field) return
    Object.assign(this.rec, { [field]: kept })
    this.heard(kind)
    this.redraw()
  }

  /**
   * A game's word on an answer of `kind` heard while the play is open.
   * @param {string} kind
   */
  heard(kind) {}
}
