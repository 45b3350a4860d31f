/**
 * One Chain day being played, as state and rules: the tiles played, undo, reset, give up, the
 * end, the result sheet's words and the walkthrough. It never touches the page: view.js draws
 * from it and sends the player's intents back; it redraws after every change. The ticket, the
 * clock, pause and posting are lib/session.js's.
 *
 * The rules of a go are state.js's, what a finished one counts for results.js's; the words
 * words.js's.
 *
 * ui (the view): ChainUi of site/types/chain_types.d.ts: redraw(), announce(text), paused(on),
 * stop(), watch() (start taking the player's intents) and ended() (the go just ended: the result
 * follows).
 */
/** @import { SheetWhere } from '../friends_types.js' */
/** @import { Answer } from '../answer_types.js' */
/** @import { Me, StreakInfo } from '../api_types.js' */
/** @import { ChainDay, ChainFacts, ChainPostedKept, ChainRecord, ChainResults, ChainUi, ChainWalkthrough, TileVerdict, Walk, WalkthroughFetch } from '../chain_types.js' */
/** @import { PlayClock } from '../play_types.js' */
/** @import { Player } from '../session_types.js' */
/** @import { ChainStore } from './store.js' */
import { label } from './tiles.js'
import {
  LEVELS, play, verdict, undo, reset, giveUp, standing, current, movesLeft, isClean, postedSeconds, solveBody, goOwner,
} from './state.js'
import { refusal, moveWords, puzzleWords, movesWords, movesLeftWords, tileName, notTheirsWords } from './words.js'
import { t, tn } from '../lib/i18n.js'
import { shareText } from './share.js'
import { chainStreakWords } from './streak_words.js'
import { settled } from './results.js'
import { Clock } from '../lib/clock.js'
import { PlaySession } from '../lib/session.js'
import { placeText } from '../lib/standing.js'
import { call } from '../lib/api.js'
import { fieldsOf, isWhole } from '../lib/answers.js'
import { playerDay, longDate, streakRun, endsEverywhere, inPlay, momentWords } from '../lib/dates.js'

/** @extends {PlaySession<ChainRecord, ChainStore, ChainUi>} */
export class ChainCtrl extends PlaySession {
  /**
   * store: the ChainStore; rec: the day's record (kept up to date in the store); ui: the view;
   * today(): the player's own date; now(): the time (a Date), for whether a day is still in play.
   * @param {{ store: ChainStore, rec: ChainRecord, ui: ChainUi, player?: () => Player | null,
   *   today?: () => string, now?: () => Date, clock?: PlayClock }} options
   */
  constructor({ store, rec, ui, player, today = () => playerDay(), now = () => new Date(), clock }) {
    super({ store, rec, ui, player, clock: clock || new Clock({ seconds: rec.state === 'playing' ? rec.seconds || 0 : 0 }) })
    this.today = today
    this.now = now
    /** @type {Walk | null} the walkthrough ({ walkthrough }) or why it isn't shown ({ note }) */
    this.walk = null
    this.walkSerial = 0
    /** @type {ChainFacts | null} what the server says of the signed-in player when this go isn't theirs */
    this.facts = null
    this.factSerial = 0
  }

  /** @returns {ChainDay} */
  get puzzle() { return this.rec.puzzle }

  get finished() {
    return this.rec.state !== 'playing'
  }

  // ---- start ------------------------------------------------------------------------

  start() {
    const { rec, puzzle } = this
    this.store.saveRecord(rec)
    this.ui.watch()
    if (this.finished) {
      this.setStatus(rec.state === 'solved' ? t('You solved this one.') : t('You gave up on this one.'), rec.state === 'solved' ? 'good' : '')
      this.redraw()
      this.afterEnd()
      return
    }
    this.askTicket('/chain/plays', { date: rec.date })
    const where = rec.played.length ? ' ' + t('Where you left it.') : ''
    this.announce(t('Chain, {day}.', { day: this.dayWords() }) + ' ' + puzzleWords(puzzle, LEVELS[puzzle.level]) + where)
    this.setStatus(rec.played.length ? this.situation() : tn('Get from {start} to {target} in exactly {n} move.', 'Get from {start} to {target} in exactly {n} moves.', puzzle.moves, { start: puzzle.start, target: puzzle.target }))
    this.clock.release('waiting')
    this.redraw()
  }

  dayWords() {
    return this.rec.today ? t('today, {date}', { date: longDate(this.rec.date) }) : longDate(this.rec.date)
  }

  // ---- play -------------------------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing'
  }

  /**
   * True when tile `index` would play now.
   * @param {number} index
   */
  canPlay(index) {
    return verdict(this.rec, index).ok
  }

  /**
   * Play hand tile `index`. Answers the verdict ({ok: false, ...} when refused), or null when nothing plays now.
   * @param {number} index
   * @returns {TileVerdict | null}
   */
  playTile(index) {
    if (!this.inPlay() || this.paused) return null
    const { rec } = this
    const from = current(rec.puzzle, rec.played)
    const result = play(rec, index)
    if (!result.ok) {
      const why = refusal(rec, index, result)
      this.setStatus(why, 'bad')
      this.redraw()
      this.announce(why)
      return result
    }
    this.save()
    const words = moveWords(rec, index, from, result.value)
    if (rec.state === 'solved') {
      this.announce(words + ' ' + t('Solved!'))
      this.finish()
      return result
    }
    const where = standing(rec)
    if (where === 'playing') {
      this.setStatus(`${label(rec.puzzle.hand[index])}: ${from} → ${result.value}. ${movesLeftWords(movesLeft(rec.puzzle, rec.played))}`)
      this.announce(words)
    } else {
      const why = this.situation()
      this.setStatus(why, 'bad')
      this.announce(`${words} ${why}`)
    }
    this.redraw()
    return result
  }

  /** Where the go stands, in words, when it needs saying (out of moves, stuck) or in general. */
  situation() {
    const { rec } = this
    const { puzzle, played } = rec
    const value = current(puzzle, played)
    const where = standing(rec)
    if (where === 'out') return t('Out of moves at {value}, not {target}. Undo or reset to try another way.', { value, target: puzzle.target })
    if (where === 'stuck') return t('No tile left can be played on {value}. Undo or reset to try another way.', { value })
    return tn('{value} now, {n} move left.', '{value} now, {n} moves left.', movesLeft(puzzle, played), { value })
  }

  undo() {
    if (!this.inPlay() || this.paused) return
    const { rec } = this
    const last = rec.played.at(-1)
    if (last === undefined || !undo(rec)) {
      this.setStatus(t('Nothing to undo yet.'))
      this.redraw()
      this.announce(t('Nothing to undo yet.'))
      return
    }
    this.save()
    const words = tn('Undid {tile}. Back to {value}, {n} move left.', 'Undid {tile}. Back to {value}, {n} moves left.', movesLeft(rec.puzzle, rec.played),
      { tile: tileName(rec.puzzle.hand[last]), value: current(rec.puzzle, rec.played) })
    this.setStatus(words)
    this.redraw()
    this.announce(words + ' ' + t('Undos: {n}.', { n: rec.undos }))
  }

  reset() {
    if (!this.inPlay() || this.paused) return
    const { rec } = this
    if (!reset(rec)) {
      this.setStatus(t('Nothing to reset yet.'))
      this.redraw()
      this.announce(t('Nothing to reset yet.'))
      return
    }
    this.save()
    const words = tn('Back to the start, {start}, with {n} move.', 'Back to the start, {start}, with {n} moves.', rec.puzzle.moves, { start: rec.puzzle.start })
    this.setStatus(words)
    this.redraw()
    this.announce(words + ' ' + t('Resets: {n}.', { n: rec.resets }))
  }

  /** The question Give up asks, or null when there is nothing to give up. */
  giveUpQuestion() {
    if (!this.inPlay()) return null
    return this.rec.today
      ? t('Give up today’s Chain? It ends unsolved, and the walkthrough shows the answer.')
      : t('Give up the Chain of {date}? It ends unsolved, and the walkthrough shows the answer.', { date: longDate(this.rec.date) })
  }

  // ---- the end -------------------------------------------------------------------------------

  giveUp() {
    if (!this.inPlay()) return
    const { rec } = this
    this.clock.hold('over')
    this.clearPause() // the go is over: no pause outlives it
    rec.seconds = Math.round(this.clock.seconds)
    giveUp(rec)
    rec.by = this.player()?.id ?? null // whose go it was: a guest's never becomes a later player's
    this.settle(settled(rec, this.today()))
    this.post('giveup', '/chain/giveups', { date: rec.date })
    this.setStatus(t('You gave up on this one.'))
    this.redraw()
    this.announce(t('Gave up. The result and the walkthrough follow.'))
    this.ended()
  }

  finish() {
    const { rec } = this
    this.clock.hold('over')
    this.clearPause()
    rec.seconds = this.clock.seconds
    rec.seconds = postedSeconds(rec)
    rec.finished = Date.now()
    rec.by = this.player()?.id ?? null // whose go it was: a guest's never becomes a later player's
    // The streak counts a day solved on that day (an archive day never does, as on the server).
    this.settle(settled(rec, this.today()))
    this.post('solve', '/chain/solves', solveBody(rec))
    // The done box says how it ended; the status line says what was done, not that again (issue 26).
    this.setStatus(tn('{start} to {target} in {n} move.', '{start} to {target} in {n} moves.', rec.puzzle.moves, { start: rec.puzzle.start, target: rec.puzzle.target }), 'good')
    this.redraw()
    this.ended()
  }

  ended() {
    this.ui.ended()
    this.afterEnd()
  }

  /** A finished go: its walkthrough, and whose go it is when it isn't the player's. */
  afterEnd() {
    this.loadWalkthrough()
    this.loadFacts()
  }

  /** A post's answer came: the walkthrough may open now. */
  heard() {
    this.loadWalkthrough()
  }

  /** Made a player or signed in (here or in another tab): the sheet says whose this go is. */
  playerChanged() {
    if (!this.finished) return
    this.facts = null
    this.redraw()
    this.afterEnd()
  }

  /** Whose go this is for the player signed in now (state.js's goOwner): 'nobody', 'player' or 'other'. */
  owner() {
    return goOwner(this.rec, this.player(), this.queued(this.rec.state === 'solved' ? 'solve' : 'giveup'))
  }

  /** The signed-in player's facts from the server (when they were made, their streak), for a go that isn't theirs. */
  async loadFacts() {
    const player = this.player()
    if (!player || !this.finished || this.owner() !== 'other') return
    if (this.factsFor(player)) return
    const serial = ++this.factSerial
    const me = /** @type {Answer<Me>} */ (await call('/me'))
    if (!this.alive || serial !== this.factSerial || me.status !== 200 || !me.data) return
    const created = Date.parse(me.data.created)
    /** @type {Partial<StreakInfo>} read field by field: a server's answer */
    const chain = (me.data.streaks && me.data.streaks.chain) || {}
    this.facts = {
      id: player.id,
      created: Number.isFinite(created) ? created : null,
      streak: isWhole(chain.current) ? chain.current : null,
      freezesUsed: isWhole(chain.freezes_used) ? chain.freezes_used : 0,
    }
    this.redraw()
  }

  /**
   * The server's facts of `player`, once fetched for them (another player's are not theirs).
   * @param {Player | null} player
   */
  factsFor(player) {
    return this.facts && player && this.facts.id === player.id ? this.facts : null
  }

  /**
   * The walkthrough: kept once fetched. A day still someone's somewhere opens (by the API's rule)
   * once the signed-in player has a result of their own for the day: this go posted, or, for a go
   * that isn't theirs (played signed out), one they posted elsewhere; for everyone once the day has
   * ended everywhere (lib/dates.js endsEverywhere).
   */
  async loadWalkthrough() {
    const { rec } = this
    if (!this.finished) return
    if (rec.walkthrough) return this.showWalk({ walkthrough: rec.walkthrough })
    const player = this.player()
    const owner = this.owner()
    const now = this.now()
    const playing = inPlay(rec.date, now)
    const at = momentWords(new Date(endsEverywhere(rec.date)), now)
    if (playing) {
      if (!player) return this.showWalk({ note: t('This day’s walkthrough opens for everyone at {at}, once the day has ended everywhere. A player’s result opens it at once: make a player on the home page before your next Chain.', { at }) })
      if (owner === 'player' && !rec.posted) return this.showWalk({ note: t('The walkthrough opens once your result is posted.') })
    }
    const serial = ++this.walkSerial
    const got = await fetchWalkthrough(rec.date)
    if (!this.alive || serial !== this.walkSerial) return
    if (!got.ok) {
      if (got.status === 403) {
        return this.showWalk({
          note: owner === 'player'
            ? t('This day’s walkthrough opens for everyone at {at}, once the day has ended everywhere: your result wasn’t kept, so it can’t open it early.', { at })
            : t('This day’s walkthrough opens for everyone at {at}, once the day has ended everywhere: this go wasn’t posted, so it can’t open it early.', { at }),
        })
      }
      return this.showWalk({ note: got.status === 0 ? t('You seem to be offline. The walkthrough will show when you are back.') : (got.error || t('The walkthrough couldn’t be fetched. Try again later.')) })
    }
    rec.walkthrough = got.walkthrough
    // Opened while the day is in play, for a go not theirs: the player has a result of their own for it.
    if (owner === 'other' && playing && player) rec.openedFor = player.id
    this.store.updateRecord(rec)
    this.showWalk({ walkthrough: got.walkthrough })
    this.announce(t('The walkthrough is ready.'))
  }

  /** @param {Walk} walk */
  showWalk(walk) {
    this.walk = walk
    this.redraw()
  }

  // ---- what the player reads ------------------------------------------------------------------

  /** The done box's words: how the go ended. */
  doneTitle() {
    if (this.rec.state === 'gaveup') return t('Gave up')
    return isClean(this.rec) ? t('Solved, cleanly') : t('Solved')
  }

  /**
   * Seconds on the clock: running while in play, else the record's (a solve's as posted).
   * @returns {number}
   */
  seconds() {
    const { rec } = this
    if (rec.state === 'playing') return this.clock.seconds
    return rec.state === 'solved' ? postedSeconds(rec) : rec.seconds
  }

  /**
   * The result sheet: the day, time, undos and resets, streak, place once posted, the note and the share text.
   * @returns {ChainResults}
   */
  results() {
    const { rec } = this
    const owner = this.owner()
    const player = this.player()
    // A go that isn't the signed-in player's shows none of its own server answer (another player's, if any).
    const posted = owner !== 'other' && rec.posted && !rec.posted.dropped ? rec.posted : null
    let streakLine = null
    if (rec.today) {
      // The player's streak is the server's; a go not theirs adds nothing to it, so it is theirs as the server has it.
      /** @type {{ length: number, freezesUsed: number } | null} */
      let run = null
      if (owner === 'other') {
        const facts = this.factsFor(player)
        if (facts && facts.streak !== null) run = { length: facts.streak, freezesUsed: facts.freezesUsed }
      } else if (posted && isWhole(posted.streak)) {
        run = { length: posted.streak, freezesUsed: posted.freezes_used || 0 }
      } else run = streakRun(this.store.days(), this.today())
      if (run !== null) {
        streakLine = run.length ? chainStreakWords(run) : t('No Chain streak yet.')
      }
    }
    return {
      title: this.doneTitle(),
      day: (rec.today ? t('Today’s Chain · {date} · {level}', { date: longDate(rec.date), level: LEVELS[rec.puzzle.level] }) : t('The archive’s Chain · {date} · {level}', { date: longDate(rec.date), level: LEVELS[rec.puzzle.level] })),
      seconds: this.seconds(),
      undos: rec.undos,
      resets: rec.resets,
      streak: streakLine,
      countdown: Boolean(rec.today), // today's Chain is over: the time to the next
      place: this.placeLine(posted),
      note: this.postNote(),
      board: `/boards/#/chain/daily/${rec.date}`,
      share: shareText(rec, globalThis.location?.origin ?? ''),
    }
  }

  /**
   * The sheet's line for where a solve stands on today's board, or null while that isn't known.
   * @param {ChainPostedKept | null} posted
   */
  placeLine(posted) {
    const where = posted && placeText(posted)
    return where ? t('Your place on today’s board: {where}.', { where }) : null
  }

  /** The sheet's note: whose go it is, and what became of its post. */
  postNote() {
    const { rec } = this
    const player = this.player()
    if (!player) return t('Make a player on the home page to keep your results, a streak and a place on the board.')
    if (this.owner() === 'other') {
      const facts = this.factsFor(player)
      const madeAfter = Boolean(facts && facts.created && rec.finished && facts.created > rec.finished)
      return notTheirsWords(rec, player.name, { madeAfter, hasResult: rec.openedFor === player.id })
    }
    const posted = rec.posted
    if (!posted) return this.waiting(rec.state === 'solved' ? 'solve' : 'giveup') ? t('Waiting to post your result; it goes as soon as there is a connection.') : ''
    if (posted.dropped) return t('Your result wasn’t kept: {why}', { why: posted.error || t('the server refused it') })
    if (posted.already) return posted.kept === 'giveup' ? t('You gave up on this day earlier: that result stands.') : t('Your earlier result for this day stands.')
    if (posted.offline) return t('Kept in your own tallies and streak. It was played offline, so it goes on no board.')
    if (rec.state === 'gaveup') return t('Kept as given up.')
    return posted.daily ? t('Posted to today’s board.') : t('Kept. Only a Chain solved on its own day goes on the board.')
  }

  shareText() {
    return shareText(this.rec, globalThis.location?.origin ?? '')
  }

  /**
   * The day whose people you follow the results sheet shows (friends/on_sheet.js): today's Chain, once
   * over; null for an earlier day. A solve of a signed-in player counts for their friend streaks.
   * @returns {SheetWhere | null}
   */
  friendsWhere() {
    const { rec } = this
    if (rec.state === 'playing' || rec.date !== this.today()) return null
    const posted = Boolean(rec.posted && !rec.posted.dropped)
    return { game: 'chain', date: rec.date, counts: rec.state === 'solved' && Boolean(this.player()), posted }
  }
}

/**
 * The walkthrough of `date` from the API: { ok: true, walkthrough: {summary,
 * steps, orders, spares}, solution } or { ok: false, status, error } (403
 * before the player's own solve or give-up on the day itself).
 * @param {string} date
 * @returns {Promise<WalkthroughFetch>}
 */
export async function fetchWalkthrough(date) {
  const answer = /** @type {Answer<ChainWalkthrough>} */ (await call(`/chain/${encodeURIComponent(date)}/walkthrough`))
  const data = answer.data
  if (answer.status === 200 && data && data.walkthrough && Array.isArray(data.walkthrough.steps)) {
    return { ok: true, walkthrough: data.walkthrough, solution: data.solution }
  }
  const error = fieldsOf(data)?.error
  return { ok: false, status: answer.status, error: typeof error === 'string' ? error : null }
}
