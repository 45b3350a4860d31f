/**
 * One chess puzzle being played, as state and rules (lila's PuzzleCtrl): the puzzle on the board
 * (puzzle_play.js, which this extends) and its end: the result kept in the browser and posted, the
 * rating's move, the player's word on the puzzle (voting.js) and what the results sheet says
 * (result_words.js). It never touches the page: view.js draws from it and sends the player's
 * intents back. The ticket, the clock, pause and posting are lib/session.js's; what a finished
 * puzzle counts for is results.js's.
 *
 * ui (the view): PuzzleUi of site/types/play_types.d.ts.
 */
/** @import { SheetWhere } from '../friends_types.js' */
/** @import { ChessRecord, PuzzleRow } from '../chess_types.js' */
import { PuzzlePlay } from './puzzle_play.js'
import { settled } from './results.js'
import { doneTitle, ratingChange, resultsOf, shareOf } from './result_words.js'
import { PuzzleWord } from './voting.js'
import { t } from '../lib/i18n.js'

export { BEATS } from './puzzle_play.js'
export { kindOf, nextOf, ratingChange } from './result_words.js'

/**
 * A fresh record for a puzzle opened for the first time.
 * @param {PuzzleRow} row
 * @param {string} band
 * @param {string | null} [daily]
 * @returns {ChessRecord}
 */
export function newRecord(row, band, daily) {
  return {
    band, id: row[0], row, daily: daily || null, opened: Date.now(), state: 'playing', started: false,
    moves: [], tries: [], mistakes: 0, hints: 0, hintLevel: 0, seconds: 0, shown: 0, missed: false, posted: null,
  }
}

export class PuzzleCtrl extends PuzzlePlay {
  /**
   * store: the ChessStore (or the Replay missed run's); rec: the puzzle's record (kept up to
   * date in the store); ui: the view; beats: the pauses between moves; today(): the site day.
   * @param {ConstructorParameters<typeof PuzzlePlay>[0]} options
   */
  constructor(options) {
    super(options)
    this.words = new PuzzleWord(this)
  }

  /**
   * The puzzle is over: the clock stops, the result is kept here and posted, and the results follow
   * (Show solution's once its line has played out: it keeps the result first, showEnd after).
   * @param {'solved' | 'shown'} state
   */
  finish(state) {
    const { rec } = this
    this.clock.hold('over')
    this.clearPause() // P pressed while the last move landed
    rec.state = state
    rec.seconds = state === 'solved' ? Math.max(1, Math.round(this.clock.seconds)) : Math.round(this.clock.seconds)
    rec.finished = Date.now()
    this.shown.disable()
    // A guest's difficulty counts from a rating kept here by the server's rule; a signed-in
    // player's from the server's (docs/site.md, "Themes and your difficulty").
    const guest = !this.player() && !rec.estimated && !rec.replay ? this.store.estimate() : null
    this.settle(settled(rec, this.today(), guest))
    if (state === 'solved') {
      this.post('solve', '/chess/solves', {
        id: rec.id, band: rec.band, moves: rec.moves, mistakes: rec.mistakes, hints: rec.hints, seconds: rec.seconds,
      })
    }
    if (state === 'solved') this.showEnd(state) // Show solution's, once its line has played out
  }

  /** @param {'solved' | 'shown'} state */
  showEnd(state) {
    // The done box says how it ended; the status line doesn't say it again (issue 26).
    this.setStatus(state === 'solved' ? '' : t('That was the line.'))
    this.redraw()
    this.ui.ended()
  }

  /**
   * The first miss is posted, and enters the review here and now: a puzzle left part way after a
   * wrong move is missed all the same (the server has it so), and a miss always enters the review.
   * @param {'wrong' | 'gave-up'} how
   * @param {string[]} moves
   */
  firstMiss(how, moves) {
    const { rec } = this
    this.store.noteMiss(rec.band, rec.id, this.today())
    this.post('miss', '/chess/misses', { id: rec.id, band: rec.band, how, moves })
  }

  /** A post's answer came: a settled rating's new high is noted once. */
  heard() {
    this.keepRatingHigh()
  }

  /**
   * A solve's rating change, once posted, may be a new high for this browser: noted once per
   * puzzle (rec.ratingHigh). A provisional rating's highs are its first guesses, not something
   * won: they aren't celebrated or kept.
   */
  keepRatingHigh() {
    const { rec } = this
    const change = this.ratingChange()
    if (rec.state !== 'solved' || !change || change.provisional || rec.ratingHigh !== undefined) return
    rec.ratingHigh = this.store.noteRating(Math.round(change.after))
    this.store.updateRecord(rec)
  }

  /** The rating change from whichever post was rated (a miss, if it came first), or null. */
  ratingChange() {
    return ratingChange(this.rec.posted) || ratingChange(this.rec.missPosted)
  }

  // ---- the player's word on the puzzle (voting.js) -------------------------------

  /** Whether this puzzle takes a vote: once it is over, in a store that sends them (not a replay's copy). */
  votes() {
    return this.words.offered()
  }

  /** The vote and report drawn: {vote, reason, reporting (the reasons shown), note}. */
  word() {
    return this.words.drawn()
  }

  redraw() {
    super.redraw()
    this.words.readWhenDue()
  }

  /**
   * Up or down ('up'/'down'); the chosen one again takes the vote back.
   * @param {'up' | 'down'} choice
   */
  vote(choice) {
    this.words.change('vote', choice)
  }

  /**
   * Report a problem with `reason`; the chosen one again takes the report back.
   * @param {string} reason
   */
  report(reason) {
    this.words.change('reason', reason)
  }

  /** Show or hide the reasons ("Report a problem"); a report made keeps them shown. */
  toggleReporting() {
    this.words.toggle()
  }

  // ---- what the player reads ------------------------------------------------------

  /** The done box's words: how the puzzle ended. */
  doneTitle() {
    return doneTitle(this.rec)
  }

  /** Seconds on the clock: running while in play, else the record's. */
  seconds() {
    return this.rec.state === 'playing' ? this.clock.seconds : this.rec.seconds
  }

  /** What the results sheet shows (result_words.js). */
  results() {
    return resultsOf(this.rec, this.puzzle, {
      today: this.today(), player: Boolean(this.player()), waiting: this.waiting('solve'), days: this.store.days(),
    })
  }

  shareText() {
    return shareOf(this.rec)
  }

  /**
   * The day whose people you follow the results sheet shows (friends/on_sheet.js): today's daily, once
   * over; null for any other puzzle. A solve of a signed-in player counts for their friend streaks.
   * @returns {SheetWhere | null}
   */
  friendsWhere() {
    const { rec } = this
    if (!rec.daily || rec.daily !== this.today() || rec.state === 'playing' || rec.replay || rec.review) return null
    return { game: 'chess', date: rec.daily, band: rec.band, counts: rec.state === 'solved' && Boolean(this.player()), posted: Boolean(rec.posted) }
  }
}
