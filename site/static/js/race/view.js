/**
 * The race page's view: draws the race controller (ctrl.js) and sends the player's intents back
 * (make, quick race, Start, Leave asked first, Race again). It writes no storage and sends nothing to
 * the room itself: every decision and every word is the controller's. The board is chess/board.js's,
 * with its keyboard grid; the track is a lane a racer (track.js), each car moved by its score.
 *
 *   const view = new RaceView()      the page's elements, looked up once, and an empty board
 *   view.draw(ctrl)                  draw `ctrl` from now on (its `ui`: RaceUi of site/types/race_types.d.ts)
 */
/** @import { Color } from '../vendor/chess.js' */
/** @import { Lane, TableLine } from '../race_types.js' */
/** @import { RaceCtrl } from './ctrl.js' */
import { Board } from '../chess/board.js'
import { facing } from '../chess/line.js'
import { boardHooks } from '../chess/moving.js'
import { formatTime } from '../lib/clock.js'
import { href, number, t, tn } from '../lib/i18n.js'
import { announce, byIds, el as make, setText, toast } from '../lib/dom.js'
import { Confirm, Holdings, restartAnimation } from '../lib/playing.js'
import { Speech } from '../lib/speech.js'
import { keepTableRoles } from '../lib/tables.js'
import { showOnly } from '../lib/views.js'
import { nextBonus } from '../storm/clock.js'

const EMPTY = '8/8/8/8/8/8/8/8 w - - 0 1'
const VIEWS = ['choose-view', 'race-view', 'notice-view']
/** A row's racer: their name, the player's own marked. @param {TableLine} row */
const whose = (row) => (row.you ? t('{name} (you)', { name: row.name }) : row.name)

/** The lane's mark after a racer's name. */
const LANE_MARKS = { left: t('left'), away: t('away'), out: t('out of time') }
const KIND_WORDS = { link: t('A race by link'), quick: t('Quick race') }
const STAGE_TITLES = { choose: 'Puzzle Racer', joining: t('Joining…'), waiting: t('Waiting for racers'), countdown: t('Get ready'), racing: t('Racing'), over: t('Race over') }

const IDS = /** @type {const} */ ([
  'choose-notice', 'choose-guest', 'choose-actions', 'choose-link', 'make-button', 'quick-button', 'choose-title',
  'board', 'board-frame', 'race-clock', 'play-stats', 'race-kind', 'race-title', 'clock-label', 'clock-time', 'clock-change', 'race-status',
  'stat-score', 'stat-puzzle', 'stat-mistakes', 'race-combo', 'combo-count', 'combo-next', 'combo-words', 'combo-bar',
  'race-lobby', 'race-count', 'race-share', 'race-link', 'copy-race', 'race-invite', 'start-button', 'race-actions', 'leave-button',
  'leave-confirm', 'leave-yes', 'leave-no', 'leave-bar', 'race-done', 'done-title', 'done-place', 'again-button',
  'again-note', 'race-lanes', 'race-results', 'race-rows', 'race-table', 'race-reviews',
])

/**
 * @typedef {import('../dom_types.js').ElementsById<typeof IDS[number]>} RaceElements
 */

export class RaceView {
  constructor() {
    const el = /** @type {RaceElements} */ (byIds(...IDS))
    this.el = el
    this.hold = new Holdings()
    this.speech = new Speech()
    this.confirm = new Confirm({ box: el.leaveConfirm, button: el.leaveButton, bar: el.leaveBar, first: el.leaveYes })
    /** @type {RaceCtrl | null} */
    this.ctrl = null
    /** @type {Board | null} */
    this.board = null
    /** @type {Map<string, HTMLLIElement>} each racer's lane, kept so its car slides */
    this.laneOf = new Map()
    this.drawnTable = false
    /** @type {string} the stage drawn last (focus moves as it changes) */
    this.stageDrawn = ''
    /** @type {Promise<import('./invite.js').RaceInvites> | null} the lobby's invites (invite.js), loaded as a race by link's lobby first shows */
    this.invites = null
  }

  /** @returns {RaceCtrl} */
  get drawn() {
    if (!this.ctrl) throw new Error('no race controller drawn yet')
    return this.ctrl
  }

  /**
   * Draw `ctrl` from now on, and send the player's intents to it.
   * @param {RaceCtrl} ctrl
   */
  draw(ctrl) {
    this.ctrl = ctrl
    const { el } = this
    /** @type {(target: EventTarget, fn: () => void) => void} */
    const click = (target, fn) => this.hold.on(target, 'click', fn)
    click(el.makeButton, () => ctrl.make())
    click(el.quickButton, () => ctrl.quick())
    click(el.startButton, () => ctrl.start())
    click(el.copyRace, () => this.copyLink())
    click(el.leaveButton, () => this.confirm.ask())
    click(el.leaveYes, () => {
      this.confirm.cancel(false)
      ctrl.leave()
    })
    click(el.leaveNo, () => this.confirm.cancel(true))
    click(el.againButton, () => ctrl.raceAgain())
    this.redraw()
  }

  /** The guest's choice: a player first (the form), no race buttons. @param {boolean} guest */
  guest(guest) {
    this.el.chooseGuest.hidden = !guest
    this.el.chooseActions.hidden = guest
  }

  async copyLink() {
    const input = /** @type {HTMLInputElement} */ (this.el.raceLink)
    try {
      await navigator.clipboard.writeText(input.value)
      toast(t('The race’s link is copied: paste it to the people you race.'))
    } catch {
      input.select()
      toast(t('Copy the selected link.'))
    }
  }

  /**
   * The board for a puzzle played by `color` from `fen`, turned to that side.
   * @param {string} fen
   * @param {Color} color
   */
  boardFor(fen, color) {
    const ctrl = this.drawn
    const fresh = !this.board
    const focused = Boolean(this.board?.gridHasFocus())
    this.board = facing(this.board, color, fen, (orientation) => new Board(this.el.board, {
      fen, orientation, hooks: boardHooks(ctrl, announce), options: {},
    }))
    // The race's first puzzle: the keyboard goes to the board, where the race is (unless it is elsewhere on purpose).
    if (!fresh && !focused && ctrl.index === 0 && !ctrl.moves.length && this.focusIsFree()) this.board.focus()
    return this.board
  }

  /** Whether focus is on nothing in particular, or on a control the race just hid. */
  focusIsFree() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement)
    return !active || active === document.body || active === this.el.raceTitle || active.closest('[hidden]') !== null
  }

  /** Said with whatever else changed this frame (lib/speech.js). @param {string} text */
  announce(text) {
    this.speech.say(text)
  }

  /**
   * A move's change to the player's clock: "+3" or "-10", shown and faded.
   * @param {number} seconds
   */
  gained(seconds) {
    const change = this.el.clockChange
    change.textContent = seconds > 0 ? `+${seconds}` : `${seconds}`
    change.className = `storm-clock-change ${seconds > 0 ? 'up' : 'down'}`
    restartAnimation(change, 'shown')
  }

  /** The clock: the countdown to the start, or the time left. */
  tick() {
    const ctrl = this.drawn
    const counting = ctrl.stage === 'countdown'
    setText(this.el.clockLabel, counting ? t('Starts in') : t('Time left'))
    const ms = counting ? ctrl.startsIn() ?? 0 : ctrl.clockLeft()
    setText(this.el.clockTime, formatTime(Math.ceil(ms / 1000)))
    this.el.raceClock.classList.toggle('is-countdown', counting)
  }

  stop() {
    this.hold.release()
    this.confirm.stop()
    this.board?.destroy()
    this.board = null
  }

  // ---- drawing ------------------------------------------------------------------------------------

  redraw() {
    const ctrl = this.drawn
    const { el } = this
    const choosing = ctrl.stage === 'choose'
    showOnly(VIEWS, choosing || (ctrl.stage === 'joining' && !ctrl.race) ? 'choose-view' : 'race-view')
    el.chooseNotice.hidden = !ctrl.notice
    setText(el.chooseNotice, ctrl.notice)
    const linked = ctrl.link === 'open'
    el.makeButton.toggleAttribute('disabled', !linked || ctrl.stage === 'joining')
    el.quickButton.toggleAttribute('disabled', !linked || ctrl.stage === 'joining')
    el.chooseLink.hidden = ctrl.stage !== 'joining'
    this.address()
    if (choosing || !ctrl.race) {
      this.stageDrawn = ctrl.stage
      return
    }
    if (!this.board) this.boardFor(EMPTY, 'w').disable()
    this.drawPanel()
    this.drawLanes(ctrl.lanes())
    this.drawEnd()
    this.tick()
    this.moveFocus()
  }

  /** The address names the race the page is in (a reload takes it up again; the link is shareable). */
  address() {
    const id = this.drawn.raceId
    const want = href(id && this.drawn.stage !== 'choose' ? `/race/?id=${encodeURIComponent(id)}` : '/race/')
    if (location.pathname + location.search !== want) history.replaceState(null, '', want)
  }

  drawPanel() {
    const ctrl = this.drawn
    const { el } = this
    const race = /** @type {import('../live_types.js').RaceState} */ (ctrl.race)
    setText(el.raceKind, KIND_WORDS[race.kind])
    setText(el.raceTitle, STAGE_TITLES[ctrl.stage])
    const words = ctrl.link === 'away' ? t('Connection lost: reconnecting…') : ctrl.stageWords()
    setText(el.raceStatus, words)
    const tone = ctrl.link === 'away' ? 'bad' : ctrl.stage === 'racing' ? ctrl.status.tone : ''
    el.raceStatus.className = 'play-status' + (tone ? ` is-${tone}` : '')
    const racing = ctrl.stage === 'racing' || ctrl.stage === 'over'
    // Where the racer is, on the board's frame: the puzzle (from 1) and their moves in it, for the tests.
    el.boardFrame.dataset.puzzle = String(ctrl.begun ? ctrl.index + 1 : 0)
    el.boardFrame.dataset.moves = String(ctrl.moves.length)
    el.boardFrame.dataset.stage = ctrl.stage
    setText(el.statScore, String(ctrl.tally.score))
    setText(el.statPuzzle, ctrl.begun ? String(ctrl.index + 1) : '–')
    setText(el.statMistakes, String(ctrl.tally.mistakes))
    this.drawCombo(ctrl.tally.combo)
    const lobby = ctrl.stage === 'waiting'
    el.raceLobby.hidden = !lobby
    if (lobby) {
      setText(el.raceCount, tn('{n} racer of {most} at most.', '{n} racers of {most} at most.', ctrl.present.length, { most: number(race.most) }))
      el.raceShare.hidden = race.kind !== 'link'
      if (race.kind === 'link' && ctrl.raceId) this.invite(ctrl.raceId)
      const link = /** @type {HTMLInputElement} */ (el.raceLink)
      link.value = ctrl.shareUrl(location.origin)
      el.startButton.hidden = !ctrl.owner
      el.startButton.toggleAttribute('disabled', !ctrl.canStart())
    }
    el.raceActions.hidden = ctrl.stage === 'over' || !ctrl.racer
    if (ctrl.stage === 'over') el.leaveConfirm.hidden = true
    el.playStats.hidden = !racing
    el.raceCombo.hidden = !racing
  }

  /**
   * The lobby's list of the people the racer follows who follow back, to invite (invite.js, loaded once).
   * @param {string} race
   */
  invite(race) {
    this.invites = this.invites || import('./invite.js').then(({ RaceInvites }) => new RaceInvites(this.el.raceInvite, (text) => this.announce(text)))
    this.invites.then((invites) => invites.show(race)).catch(console.error)
  }

  /** @param {number} combo */
  drawCombo(combo) {
    const { el } = this
    const { at, bonus } = nextBonus(combo)
    const bar = /** @type {HTMLProgressElement} */ (el.comboBar)
    bar.max = at
    bar.value = combo
    setText(el.comboCount, String(combo))
    setText(el.comboNext, t('+{bonus} s at {at}', { bonus: number(bonus), at: number(at) }))
    setText(el.comboWords, t('Combo {combo}; {bonus} seconds more at {at}', { combo: number(combo), bonus: number(bonus), at: number(at) }))
  }

  /**
   * Each racer's lane: made once, then its car moved and its words changed.
   * @param {Lane[]} lanes
   */
  drawLanes(lanes) {
    const list = this.el.raceLanes
    const seen = new Set()
    for (const lane of lanes) {
      seen.add(lane.pid)
      let li = this.laneOf.get(lane.pid)
      if (!li) {
        li = make('li', { class: 'race-lane' },
          make('span', { class: 'race-lane-name' }),
          make('span', { class: 'race-lane-score', 'aria-hidden': 'true' }),
          make('span', { class: 'race-road', 'aria-hidden': 'true' }, make('span', { class: 'race-car' }, carPicture())),
          make('span', { class: 'visually-hidden race-lane-words' }))
        this.laneOf.set(lane.pid, li)
      }
      li.className = `race-lane car-${lane.car}${lane.you ? ' is-you' : ''}${lane.first ? ' is-first' : ''}${lane.mark ? ` is-${lane.mark}` : ''}`
      li.dataset.pid = lane.pid
      li.dataset.score = String(lane.score)
      const [name, score, road, words] = /** @type {HTMLElement[]} */ ([...li.children])
      setText(name, lane.name + (lane.mark ? ` · ${LANE_MARKS[lane.mark]}` : ''))
      name.setAttribute('aria-hidden', 'true')
      setText(score, String(lane.score))
      const car = /** @type {HTMLElement} */ (road.firstElementChild)
      car.style.setProperty('--at', lane.at.toFixed(3))
      setText(words, lane.words)
      if (list.children[lanes.indexOf(lane)] !== li) list.insertBefore(li, list.children[lanes.indexOf(lane)] || null)
    }
    for (const [pid, li] of this.laneOf) {
      if (seen.has(pid)) continue
      li.remove()
      this.laneOf.delete(pid)
    }
  }

  /** The end: the done box, the table and each racer's puzzles, once the table came. */
  drawEnd() {
    const ctrl = this.drawn
    const { el } = this
    const over = ctrl.stage === 'over'
    el.raceDone.hidden = !over
    el.raceResults.hidden = !(over && ctrl.table)
    if (!over) {
      this.drawnTable = false
      return
    }
    const mine = ctrl.table?.find((row) => row.you)
    setText(el.donePlace, !ctrl.table
      ? t('Waiting for the table…')
      : mine ? tn('You placed {place} of {count}, with {n} puzzle solved.', 'You placed {place} of {count}, with {n} puzzles solved.', mine.score, { place: mine.placeWords, count: number(ctrl.table.length) }) : t('The table is below.'))
    setText(el.againNote, ctrl.again?.by ? t('{name} made the next race: Race again joins them.', { name: ctrl.again.by }) : t('Race again makes the next race with the same people: they join it from here.'))
    if (ctrl.table && !this.drawnTable) this.drawTable(ctrl.table)
  }

  /** @param {TableLine[]} rows */
  drawTable(rows) {
    const { el } = this
    this.drawnTable = true
    el.raceRows.replaceChildren(...rows.map((row) => make('tr', { class: row.you ? 'is-you' : '' },
      make('th', { scope: 'row' }, `${row.placeWords} `, make('span', { text: (row.you ? t('{name} (you)', { name: row.name }) : row.name) + (row.left ? ' · ' + t('left') : '') })),
      make('td', { class: 'num', 'data-label': t('Solved'), text: number(row.score) }),
      make('td', { class: 'num', 'data-label': t('Highest'), text: row.highest ? String(row.highest) : '–' }),
      make('td', { class: 'num', 'data-label': t('Mistakes'), text: number(row.mistakes) }),
      make('td', { class: 'num', 'data-label': t('Best combo'), text: number(row.combo_best) }))))
    keepTableRoles(el.raceTable)
    el.raceReviews.replaceChildren(...rows.map((row) => {
      const solved = row.reviews.filter((r) => r.result === 'solved').length
      const details = make('details', { class: 'race-review', open: row.you },
        make('summary', { text: tn('{name}: {solved} solved of {n} puzzle', '{name}: {solved} solved of {n} puzzles', row.reviews.length, { name: whose(row), solved: number(solved) }) }),
        row.reviews.length ? make('ol', { class: 'storm-review-list' }, ...row.reviews.map((r) => make('li', { class: 'storm-review-row' },
          make('span', { text: t('Puzzle {n} · rated {rating}', { n: number(r.n), rating: r.rating }) }),
          make('span', { class: `storm-review-result is-${r.result === 'left' ? 'unfinished' : r.result}`, text: r.words }),
          r.href ? make('a', { href: r.href }, t('Play it'), make('span', { class: 'visually-hidden', text: ' ' + t('({name}’s puzzle {n})', { name: row.name, n: number(r.n) }) })) : null)))
          : make('p', { class: 'muted', text: t('No puzzle played.') }))
      return details
    }))
  }

  /** Focus follows the race: into the race as it opens, to the end's title as it ends. */
  moveFocus() {
    const stage = this.drawn.stage
    if (stage === this.stageDrawn) return
    const before = this.stageDrawn
    this.stageDrawn = stage
    const active = document.activeElement
    const lost = !active || active === document.body || /** @type {HTMLElement} */ (active).closest('[hidden]') !== null
    if ((stage === 'waiting' || stage === 'countdown') && (before === 'joining' || before === 'choose' || before === '') && lost) this.el.raceTitle.focus()
    if (stage === 'over' && (lost || this.board?.gridHasFocus())) this.el.doneTitle.focus()
  }
}

/** A car, side on, in the lane's colour (decorative: the lane's words say where it is). */
function carPicture() {
  const ns = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(ns, 'svg')
  svg.setAttribute('viewBox', '0 0 40 18')
  svg.setAttribute('focusable', 'false')
  const body = document.createElementNS(ns, 'path')
  body.setAttribute('d', 'M3 12 L5 7 Q6 5 9 5 L21 5 Q24 5 27 8 L33 9 Q37 10 37 13 L37 14 L3 14 Z')
  body.setAttribute('fill', 'currentColor')
  svg.append(body)
  for (const cx of ['11', '29']) {
    const wheel = document.createElementNS(ns, 'circle')
    wheel.setAttribute('cx', cx)
    wheel.setAttribute('cy', '14')
    wheel.setAttribute('r', '3.2')
    wheel.setAttribute('class', 'race-wheel')
    svg.append(wheel)
  }
  return svg
}
