/**
 * A race's room as the race page sees it, with no DOM (the part of race/ctrl.js's RaceCtrl that talks
 * to the room): asking to make, join or race quickly, the lobby and the maker's Start, what the room
 * says (its racers, phase, times and puzzles, the table, the next race, a refusal) and who came and
 * went, race again, leaving. The times come as ms from when they were sent (docs/api.md, "Live") and
 * are kept on this browser's clock. The player's own play (their puzzles, moves and board) is
 * RaceCtrl's, which it asks through hooks: `heardMe`, `heardPuzzles`, `moveRefused`, `syncing`, `playOver`,
 * `reset`, `tick`.
 */
/** @import { LiveError, LiveIn, LiveOut, LiveStatus, RaceHello, RaceMe, RacePuzzleRow, RaceState, RaceTableRow } from '../live_types.js' */
/** @import { RaceDeps, RaceStage, RaceUi, TableLine } from '../race_types.js' */
import { Play } from '../lib/session.js'
import { number, t, tn } from '../lib/i18n.js'
import { changes, stageWords, tableLines } from './track.js'

/** @extends {Play<RaceUi>} */
export class RaceRoom extends Play {
  /** @param {RaceDeps} deps */
  constructor({ ui, send, you, now = () => Date.now() }) {
    super({ ui })
    this.sendOut = send
    this.you = you
    this.now = now
    /** @type {RaceStage} */
    this.stage = 'choose'
    /** @type {string} why the page is choosing again (a refusal, leaving), said above the choice */
    this.notice = ''
    /** @type {string | null} the race the page is in (or asking to join) */
    this.raceId = null
    /** @type {RaceState | null} the race as the room was last told */
    this.race = null
    /** @type {number | null} when the race starts, on this browser's clock */
    this.startsAt = null
    /** @type {number | null} and when it ends */
    this.endsAt = null
    this.overAt = 0 // when to ask for the table (again)
    /** @type {TableLine[] | null} */
    this.table = null
    /** @type {{ next: string, by: string } | null} someone made the next race */
    this.again = null
    /** @type {LiveStatus} */
    this.link = 'connecting'
  }

  // ---- the hooks RaceCtrl gives ----------------------------------------------------------------------

  /** The hello's word on the player's place (null: they watch). @param {RaceMe | null} me */
  heardMe(me) {}

  /** A move of theirs refused. @param {LiveError} error */
  moveRefused(error) {}

  /** The race's puzzles (sent once, as the countdown begins). @param {RacePuzzleRow[]} rows */
  heardPuzzles(rows) {}

  /** The room is being asked where the player is: nothing more is sent until it says. */
  syncing() {}

  /** The race is over for the player's board. */
  playOver() {}

  /** Ten times a second. */
  tick() {}

  /** Forget the race (another one, or none): `id` the race now asked for. @param {string | null} id */
  reset(id) {
    this.raceId = id
    this.race = null
    this.startsAt = null
    this.endsAt = null
    this.overAt = 0
    this.table = null
    this.again = null
    this.setStatus('')
  }

  /** The race moved on to `stage` on this browser's clock (race/ctrl.js's tick). @param {RaceStage} stage */
  enter(stage) {
    this.stage = stage
  }

  /** Over and no table yet: ask for it (again every 2 s, or after `not-over`'s wait). @param {number} now */
  askTable(now) {
    if (this.stage !== 'over' || this.table || !this.raceId || now < this.overAt) return
    this.overAt = now + 2000
    this.send({ t: 'race.over' })
  }

  /** Back to the choice, saying why. @param {string} words */
  choose(words) {
    this.reset(null)
    this.stage = 'choose'
    this.notice = words
    this.announce(words)
    this.redraw()
  }

  // ---- what the page asks ------------------------------------------------------------------------

  /** Make a race (its link to share). */
  make() {
    this.ask({ t: 'race.make' }, null)
  }

  /** Race whoever is waiting. */
  quick() {
    this.ask({ t: 'race.quick' }, null)
  }

  /** @param {string} id the race of a link */
  join(id) {
    this.ask({ t: 'race.join', race: id }, id)
  }

  /** @param {LiveOut} message @param {string | null} id */
  ask(message, id) {
    this.notice = ''
    this.reset(id)
    this.stage = 'joining'
    this.send(message)
    this.redraw()
  }

  /** The maker starts the countdown. */
  start() {
    if (this.canStart()) this.send({ t: 'race.start' })
  }

  /** Leave the race: marked left in the table. */
  leave() {
    if (this.raceId) this.send({ t: 'race.leave' })
  }

  /** After the end: join the next race with the same people (or make it). */
  raceAgain() {
    if (this.stage === 'over') this.send({ t: 'race.again' })
  }

  /** What the socket sends as it opens again: the race's join, so the room says where the page is. */
  rejoin() {
    if (!this.raceId || this.stage === 'choose') return null
    this.syncing()
    return /** @type {LiveOut} */ ({ t: 'race.join', race: this.raceId })
  }

  /** @param {LiveStatus} status the socket's */
  linked(status) {
    const before = this.link
    this.link = status
    if (status === 'away' && before === 'open' && this.raceId) this.announce('Connection lost: reconnecting…')
    if (status === 'open' && before === 'away' && this.raceId) this.announce('Connected again.')
    this.redraw()
  }

  /** @param {LiveOut} message */
  send(message) {
    return this.sendOut(message)
  }

  // ---- what the page reads -----------------------------------------------------------------------

  get owner() {
    return this.race?.kind === 'link' && this.race.owner === this.you.id
  }

  /** Racers still in (not left). */
  get present() {
    return (this.race?.racers || []).filter((r) => !r.left)
  }

  canStart() {
    return this.stage === 'waiting' && this.owner && this.present.length >= 2
  }

  /** The race's link to share. @param {string} origin */
  shareUrl(origin) {
    return this.raceId ? `${origin}/race/?id=${encodeURIComponent(this.raceId)}` : ''
  }

  /** Ms to the start (countdown), else null. */
  startsIn() {
    return this.startsAt === null ? null : Math.max(0, this.startsAt - this.now())
  }

  /** The status line's words for the stage. */
  stageWords() {
    const { stage, race } = this
    return stageWords(stage, race?.kind ?? 'link', this.owner, this.present.length, Boolean(this.table), this.status.text)
  }

  // ---- hearing the room --------------------------------------------------------------------------

  /** @param {LiveIn} message */
  hear(message) {
    if (!this.alive) return
    switch (message.t) {
      case 'race.hello': return this.hello(message)
      case 'race.state':
        if (message.race === this.raceId) this.took(message)
        return
      case 'race.table':
        if (message.race === this.raceId) this.tabled(message.rows, message.again)
        return
      case 'race.again':
        if (message.race === this.raceId) {
          this.again = { next: message.next, by: message.by }
          this.announce(t('{name} made the next race: choose Race again to join them.', { name: message.by }))
          this.redraw()
        }
        return
      case 'race.left': return this.choose(t('You left the race.'))
      case 'error': return this.refused(message)
      default:
    }
  }

  /** @param {RaceHello} hello */
  hello(hello) {
    const fresh = hello.race !== this.raceId
    if (fresh) {
      this.reset(hello.race)
      this.stage = 'joining'
    }
    const stageBefore = this.stage
    this.took(hello, { quiet: fresh || stageBefore === 'joining' })
    this.heardMe(hello.me)
    if (fresh || stageBefore === 'joining') {
      // Translators: "you" among the racers' names, as in "You are in the race: 2 racers, you, Ada."
      const names = this.present.map((r) => (r.pid === this.you.id ? t('you') : r.name))
      this.announce(tn('You are in the race: {n} racer, {names}.', 'You are in the race: {n} racers, {names}.', names.length, { names: names.join(', ') }))
    }
    this.tick()
    this.redraw()
  }

  /**
   * The room's word on the race: its racers, phase, times and (once) puzzles.
   * @param {RaceState | RaceHello} state
   * @param {{ quiet?: boolean }} [options]
   */
  took(state, { quiet = false } = {}) {
    const before = this.race
    this.race = { ...state, t: 'race.state' }
    const now = this.now()
    // The earliest word of a time is the nearest the truth (each came after it was sent).
    if (state.starts_in !== null) this.startsAt = Math.min(this.startsAt ?? Infinity, now + state.starts_in)
    if (state.ends_in !== null) this.endsAt = Math.min(this.endsAt ?? Infinity, now + state.ends_in)
    if (state.puzzles) this.heardPuzzles(state.puzzles)
    if (!quiet && before) for (const words of changes(before.racers, state.racers, this.you.id)) this.announce(words)
    if (this.stage === 'joining' || this.stage === 'waiting') {
      // Racing already (a page taken up again): the next tick opens the player's puzzle.
      this.stage = state.phase === 'waiting' ? 'waiting' : state.phase === 'over' ? 'over' : 'countdown'
      if (state.phase === 'countdown') this.announce(tn('The race starts in {n} second.', 'The race starts in {n} seconds.', Math.ceil((state.starts_in ?? 0) / 1000)))
    }
    this.redraw()
  }

  /** @param {LiveError} error */
  refused(error) {
    if (error.of === 'race.move') return this.moveRefused(error)
    if (error.of === 'race.over' && error.code === 'not-over') {
      this.overAt = this.now() + (error.wait ?? 1000)
      return
    }
    if (['race.join', 'race.make', 'race.quick'].includes(error.of) && this.stage === 'joining') return this.choose(error.words)
    this.setStatus(error.words, 'bad')
    this.announce(error.words)
    this.redraw()
  }

  /** @param {RaceTableRow[]} rows @param {string | null} again */
  tabled(rows, again) {
    this.table = tableLines(rows, this.you.id)
    this.stage = 'over'
    if (again && !this.again) this.again = { next: again, by: '' }
    this.playOver()
    const mine = this.table.find((r) => r.you)
    this.announce(mine
      ? tn('Race over. You placed {place} of {count} with {n} puzzle solved.', 'Race over. You placed {place} of {count} with {n} puzzles solved.', mine.score, { place: mine.placeWords, count: number(rows.length) })
      : t('Race over.'))
    this.redraw()
  }
}
