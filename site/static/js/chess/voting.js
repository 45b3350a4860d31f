/**
 * The player's word on a chess puzzle once it is over (docs/votes.md), as the controller keeps it:
 * the vote and the report in the record, queued in the store's notes (lib/session.js, flushNotes),
 * and the word the server keeps read once, so a word given on another device shows here. What a
 * press makes of the word and what the note says are chess/votes.js's (pure).
 */
/** @import { Answer } from '../answer_types.js' */
/** @import { ChessVoted } from '../api_types.js' */
/** @import { ChessRecord } from '../chess_types.js' */
/** @import { Player } from '../session_types.js' */
/** @import { ChessStore } from './store.js' */
import { call } from '../lib/api.js'
import { flushNotes } from '../lib/session.js'
import { pressed, voteItem, voteNote, voteWords } from './votes.js'
import { t } from '../lib/i18n.js'

/** A report's reasons in words, as the buttons say them (puzzlebook/votes.py REASONS). */
const REASON_WORDS = { 'wrong-theme': t('Wrong theme'), 'several-moves': t('Several good moves'), broken: t('Broken'), other: t('Other') }

/**
 * @typedef {object} Voter what the word asks of its puzzle's controller
 * @property {ChessRecord} rec
 * @property {ChessStore} store
 * @property {boolean} alive
 * @property {boolean} ended
 * @property {() => Player | null} player
 * @property {() => void} redraw
 * @property {(text: string) => void} announce
 */

export class PuzzleWord {
  /** @param {Voter} puzzle */
  constructor(puzzle) {
    this.puzzle = puzzle
    this.asked = false // the server's word was asked for
    this.reporting = false // the reasons are shown
  }

  /** Whether this puzzle takes a vote: once it is over, in a store that sends them (not a replay's copy). */
  offered() {
    return this.puzzle.ended && Boolean(this.puzzle.store.notes)
  }

  /** Whether a word of this browser's on this puzzle waits to be sent. */
  waiting() {
    const { rec, store } = this.puzzle
    const key = `vote:${rec.band}/${rec.id}#`
    return Boolean(store.notes?.items().some((item) => item.key.startsWith(key)))
  }

  /** The vote and report drawn: {vote, reason, reporting (the reasons shown), note}. */
  drawn() {
    const { rec } = this.puzzle
    const word = { vote: rec.vote || null, reason: rec.reason || null }
    const guest = !this.puzzle.player()
    return { ...word, reporting: Boolean(this.reporting || word.reason), note: voteNote({ word, guest, waiting: this.waiting(), answer: rec.voted }) }
  }

  /** Ask the server for the signed-in player's word, once it is offered (offline, a later redraw asks). */
  readWhenDue() {
    const online = !globalThis.navigator || navigator.onLine !== false
    if (this.offered() && this.puzzle.player() && online && !this.asked) this.read()
  }

  /**
   * The signed-in player's word as the server keeps it (GET /api/chess/votes/<id>). A word of this
   * browser's still waiting to go, or given while the answer was out, is the later one and stands.
   */
  async read() {
    this.asked = true
    const { rec } = this.puzzle
    const serial = rec.voteSerial || 0
    const answer = /** @type {Answer<Partial<ChessVoted>>} */ (await call(`/chess/votes/${encodeURIComponent(rec.id)}`))
    const data = answer.data
    if (!this.puzzle.alive || answer.status !== 200 || !data) return
    if (this.waiting() || (rec.voteSerial || 0) !== serial) return
    const vote = data.vote || null
    const reason = data.reason || null
    if (vote === (rec.vote || null) && reason === (rec.reason || null)) return
    rec.vote = vote
    rec.reason = reason
    if (vote || reason) rec.voted = { sent: true }
    else delete rec.voted
    this.puzzle.store.updateRecord(rec)
    this.puzzle.redraw()
  }

  /** Show or hide the reasons ("Report a problem"); a report made keeps them shown. */
  toggle() {
    if (!this.offered()) return
    this.reporting = !this.drawn().reporting || Boolean(this.puzzle.rec.reason)
    this.puzzle.redraw()
  }

  /**
   * Press `choice` of `field` ('vote': up or down; 'reason': a report's); the chosen one again takes it back.
   * @param {'vote' | 'reason'} field
   * @param {string} choice
   */
  change(field, choice) {
    const { rec, store } = this.puzzle
    const notes = store.notes
    if (!this.offered() || !notes) return
    const word = pressed({ vote: rec.vote || null, reason: rec.reason || null }, field, choice)
    rec.vote = word.vote
    rec.reason = word.reason
    rec.voteSerial = (rec.voteSerial || 0) + 1
    delete rec.voted
    const player = this.puzzle.player()
    notes.add(voteItem(rec, word, rec.voteSerial, player ? player.id : null))
    store.updateRecord(rec)
    this.puzzle.redraw()
    this.puzzle.announce(voteWords(word, field, REASON_WORDS))
    if (player) flushNotes(store, player).then(() => this.puzzle.redraw()).catch(() => {})
  }
}
