/**
 * One Chain day on the page: the numbers, the hand of tiles, the chain so
 * far, the clock, undo, reset, give up, the result sheet and its walkthrough.
 *
 * The rules of a go are state.js's, what a finished one counts for
 * results.js's; the words words.js's. This module only
 * draws them and listens: tap or keyboard (every tile a button, reachable by
 * Tab and by the arrow keys; 1–6 play a tile by number; U or Backspace undo;
 * P pause; ? help).
 */
import { label } from './tiles.js'
import {
  LEVELS, play, verdict, undo, reset, giveUp, standing, values, current, movesLeft, isClean, postedSeconds, solveBody, goOwner,
} from './state.js'
import { tileLabel, refusal, moveWords, puzzleWords, plural, tileName, capital, notTheirsWords } from './words.js'
import { shareText } from './share.js'
import { settled } from './results.js'
import { flushChain, fetchWalkthrough, playKey } from './post.js'
import { askTicket } from '../lib/plays.js'
import { Clock, formatTime } from '../lib/clock.js'
import { announce } from '../lib/announce.js'
import { openSheet } from '../lib/sheet.js'
import { getPlayer, call } from '../lib/api.js'
import { dayIn, siteZone, longDate, streak } from '../lib/dates.js'
import { PlaySession, isGameKey, shareResult, restartAnimation } from '../lib/playing.js'

const $ = (id) => document.getElementById(id)

export class ChainGame extends PlaySession {
  /** store: the ChainStore; rec: the day's record (kept up to date in the store). */
  constructor({ store, rec }) {
    super({
      store,
      rec,
      clock: new Clock({ seconds: rec.state === 'playing' ? rec.seconds || 0 : 0 }),
      screen: {
        frame: $('chain-board'), inner: $('chain-board-inner'), cover: $('chain-cover'),
        coverText: $('chain-cover-text'), resume: $('chain-resume'), pauseButton: $('pause-button'),
      },
      confirm: { box: $('giveup-confirm'), button: $('giveup-button'), bar: $('giveup-bar'), first: $('giveup-no') },
    })
    this.walkSerial = 0
    // What the server says of the signed-in player when this go isn't theirs: { id, created, streak }.
    this.facts = null
    this.factSerial = 0
  }

  get puzzle() { return this.rec.puzzle }

  // ---- start and stop ---------------------------------------------------------

  start() {
    const { rec, puzzle } = this
    this.store.saveRecord(rec)
    this.fillHead()
    this.renderHand()
    this.render()
    this.watch()
    if (rec.state !== 'playing') {
      this.showDone(false)
      return
    }
    this.askTicket()
    const where = rec.played.length ? ' Where you left it.' : ''
    announce(`Chain, ${this.dayWords()}. ${puzzleWords(puzzle, LEVELS[puzzle.level])}${where}`)
    this.status(rec.played.length ? this.situation() : `Get from ${puzzle.start} to ${puzzle.target} in exactly ${plural(puzzle.moves, 'move')}.`)
    this.clock.release('waiting')
  }

  /**
   * A signed-in player's day asks the server for its play ticket as it opens
   * (taken up again: resuming the ticket it had); play never waits for it.
   */
  askTicket() {
    if (!getPlayer()) return
    const { date } = this.rec
    const body = { date }
    if (typeof this.rec.ticket === 'string') body.resume = this.rec.ticket
    askTicket(playKey(date), '/chain/plays', body, (ticket, came) => {
      const rec = this.alive ? this.rec : this.store.record(date)
      if (!rec) return
      rec.ticket = ticket
      // A resumed day's ticket keeps its first opening time: keep the first arrival too.
      if (!(body.resume && Number.isFinite(rec.ticketCame))) rec.ticketCame = came
      this.store.updateRecord(rec)
    })
  }

  /** Everything that starts or stops the clock, the saves, the buttons and keys. */
  watch() {
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    this.keepClock({
      // The clock stops while the numbers are scrolled out of view.
      view: $('chain-board'),
      threshold: 0.2,
      outOfView: (entry) => !entry.isIntersecting,
    })
    on($('chain-hand'), 'click', (e) => {
      const button = e.target.closest('[data-tile]')
      if (button) this.playTile(Number(button.dataset.tile))
    })
    on($('chain-hand'), 'keydown', (e) => this.onHandKey(e))
    on($('undo-button'), 'click', () => this.undo())
    on($('reset-button'), 'click', () => this.reset())
    on($('pause-button'), 'click', () => this.togglePause())
    on($('chain-resume'), 'click', () => this.togglePause(false))
    on($('giveup-button'), 'click', () => this.askGiveUp())
    on($('giveup-yes'), 'click', () => this.giveUp())
    on($('giveup-no'), 'click', () => this.confirm.cancel(true))
    on($('results-button'), 'click', () => this.openResults())
    on($('share-button'), 'click', () => shareResult(shareText(this.rec, location.origin), $('share-preview')))
    on(document, 'keydown', (e) => this.onKey(e))
    on(document, 'chain:posted', (e) => {
      if (e.detail.date !== this.rec.date) return
      this.rec = this.store.record(this.rec.date) || this.rec
      this.fillResults()
      this.loadWalkthrough()
    })
    // Made a player or signed in (here or in another tab): the sheet says whose this go is.
    const playerChanged = () => {
      if (this.rec.state === 'playing') return
      this.facts = null
      this.fillResults()
      this.loadWalkthrough()
      this.loadFacts()
    }
    on(document, 'player:change', playerChanged)
    on(window, 'storage', (e) => { if (e.key === 'pb:player') playerChanged() })
  }

  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === '?') {
      event.preventDefault()
      openSheet('chain-howto-sheet')
    } else if (event.key === 'p' || event.key === 'P') {
      event.preventDefault()
      this.togglePause()
    } else if (this.clock.isHeld('paused')) {
      // Paused: nothing plays until Resume.
    } else if (event.key === 'u' || event.key === 'U' || event.key === 'Backspace') {
      event.preventDefault()
      this.undo()
    } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= this.puzzle.hand.length) {
      event.preventDefault()
      const index = Number(event.key) - 1
      this.playTile(index)
      this.tileButton(index)?.focus()
    }
  }

  /** Arrows, Home and End move focus between the tiles (Tab reaches each one too). */
  onHandKey(event) {
    const buttons = [...$('chain-hand').querySelectorAll('[data-tile]')]
    const at = buttons.indexOf(document.activeElement)
    if (at === -1) return
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }
    let next = null
    if (event.key in moves) next = (at + moves[event.key] + buttons.length) % buttons.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = buttons.length - 1
    if (next === null) return
    event.preventDefault()
    buttons[next].focus()
  }

  // ---- play -----------------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing'
  }

  tileButton(index) {
    return $('chain-hand').querySelector(`[data-tile="${index}"]`)
  }

  playTile(index) {
    if (!this.inPlay() || this.clock.isHeld('paused')) return
    const { rec } = this
    const from = current(rec.puzzle, rec.played)
    const result = play(rec, index)
    if (!result.ok) {
      const why = refusal(rec, index, result)
      this.status(why, 'bad')
      announce(why)
      this.shake(index)
      return
    }
    this.confirm.cancel(false)
    this.save()
    this.render()
    if (rec.state === 'solved') {
      announce(`${moveWords(rec, index, from, result.value)} Solved!`)
      this.finish()
      return
    }
    const words = moveWords(rec, index, from, result.value)
    const where = standing(rec)
    if (where === 'playing') {
      this.status(`${label(rec.puzzle.hand[index])}: ${from} → ${result.value}. ${plural(movesLeft(rec.puzzle, rec.played), 'move')} left.`)
      announce(words)
    } else {
      const why = this.situation()
      this.status(why, 'bad')
      announce(`${words} ${why}`)
    }
  }

  /** Where the go stands, in words, when it needs saying (out of moves, stuck) or in general. */
  situation() {
    const { rec } = this
    const { puzzle, played } = rec
    const value = current(puzzle, played)
    const where = standing(rec)
    if (where === 'out') return `Out of moves at ${value}, not ${puzzle.target}. Undo or reset to try another way.`
    if (where === 'stuck') return `No tile left can be played on ${value}. Undo or reset to try another way.`
    return `${value} now, ${plural(movesLeft(puzzle, played), 'move')} left.`
  }

  undo() {
    if (!this.inPlay() || this.clock.isHeld('paused')) return
    const { rec } = this
    const last = rec.played.at(-1)
    if (!undo(rec)) {
      this.status('Nothing to undo yet.')
      announce('Nothing to undo yet.')
      return
    }
    this.save()
    this.render()
    const words = `Undid ${tileName(rec.puzzle.hand[last])}. Back to ${current(rec.puzzle, rec.played)}, ${plural(movesLeft(rec.puzzle, rec.played), 'move')} left.`
    this.status(words)
    announce(`${words} Undos: ${rec.undos}.`)
  }

  reset() {
    if (!this.inPlay() || this.clock.isHeld('paused')) return
    const { rec } = this
    if (!reset(rec)) {
      this.status('Nothing to reset yet.')
      announce('Nothing to reset yet.')
      return
    }
    this.save()
    this.render()
    const words = `Back to the start, ${rec.puzzle.start}, with ${plural(rec.puzzle.moves, 'move')}.`
    this.status(words)
    announce(`${words} Resets: ${rec.resets}.`)
  }

  shake(index) {
    const button = this.tileButton(index)
    if (button) restartAnimation(button, 'is-refused')
  }

  /** Resumed: the first tile has the focus; paused: Resume has it. */
  afterPause(paused) {
    if (paused) $('chain-resume').focus()
    else this.tileButton(0)?.focus()
  }

  askGiveUp() {
    if (!this.inPlay()) return
    $('giveup-question').textContent = this.rec.today
      ? 'Give up today’s Chain? It ends unsolved, and the walkthrough shows the answer.'
      : `Give up the Chain of ${longDate(this.rec.date)}? It ends unsolved, and the walkthrough shows the answer.`
    this.confirm.ask()
    announce($('giveup-question').textContent)
  }

  giveUp() {
    this.confirm.cancel(false)
    if (!this.inPlay()) return
    const { rec } = this
    this.clock.hold('over')
    this.clearPause() // the go is over: no pause outlives it
    rec.seconds = Math.round(this.clock.seconds)
    giveUp(rec)
    rec.by = getPlayer()?.id ?? null // whose go it was: a guest's never becomes a later player's
    this.save()
    this.store.keep(settled(rec, dayIn(siteZone())))
    this.post('giveup', '/chain/giveups', { date: rec.date })
    this.render()
    this.status('You gave up on this one.')
    announce('Gave up. The result and the walkthrough follow.')
    this.showDone(true)
  }

  // ---- the end -----------------------------------------------------------------------

  finish() {
    const { rec, store } = this
    this.clock.hold('over')
    this.clearPause()
    rec.seconds = this.clock.seconds
    rec.seconds = postedSeconds(rec)
    rec.finished = Date.now()
    rec.by = getPlayer()?.id ?? null // whose go it was: a guest's never becomes a later player's
    this.save()
    // The streak counts a day solved on that day (an archive day never does, as on the server).
    store.keep(settled(rec, dayIn(siteZone())))
    this.post('solve', '/chain/solves', solveBody(rec))
    this.render()
    this.status(isClean(rec) ? `Solved, cleanly: ${rec.puzzle.target} in ${plural(rec.puzzle.moves, 'move')}.` : `Solved: ${rec.puzzle.target} in ${plural(rec.puzzle.moves, 'move')}.`, 'good')
    this.showDone(true)
  }

  /** Queue a post (only a signed-in player's results are posted) and try to send it now. */
  post(kind, path, body) {
    if (!getPlayer()) return
    this.store.outbox.add({ key: `${kind}:${this.rec.date}`, kind, path, body, by: getPlayer().id })
    flushChain(this.store)
  }

  showDone(openSheetNow) {
    const { rec } = this
    $('chain-actions').hidden = true
    $('giveup-confirm').hidden = true
    $('chain-done').hidden = false
    $('chain-done-title').textContent = doneTitle(rec) + '.'
    if (!openSheetNow) this.status(rec.state === 'solved' ? 'You solved this one.' : 'You gave up on this one.', rec.state === 'solved' ? 'good' : '')
    this.fillResults()
    this.loadWalkthrough()
    this.loadFacts()
    if (openSheetNow) {
      const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches
      setTimeout(() => this.alive && this.openResults(), reduced ? 100 : 500)
    }
  }

  openResults() {
    this.fillResults()
    openSheet('chain-results-sheet')
  }

  /** Whose go this is for the player signed in now (state.js's goOwner): 'nobody', 'player' or 'other'. */
  owner() {
    const { rec } = this
    const key = `${rec.state === 'solved' ? 'solve' : 'giveup'}:${rec.date}`
    return goOwner(rec, getPlayer(), this.store.outbox.has(key))
  }

  /** The signed-in player's facts from the server (when they were made, their streak), for a go that isn't theirs. */
  async loadFacts() {
    const player = getPlayer()
    if (!player || this.rec.state === 'playing' || this.owner() !== 'other') return
    if (this.facts && this.facts.id === player.id) return
    const serial = ++this.factSerial
    const me = await call('/me')
    if (!this.alive || serial !== this.factSerial || me.status !== 200 || !me.data) return
    const created = Date.parse(me.data.created)
    const current = me.data.streaks && me.data.streaks.chain && me.data.streaks.chain.current
    this.facts = { id: player.id, created: Number.isFinite(created) ? created : null, streak: Number.isInteger(current) ? current : null }
    this.fillResults()
  }

  /** The result sheet: time, undos and resets, streak, place once posted, the share text. */
  fillResults() {
    const { rec } = this
    $('chain-results-sheet-title').textContent = doneTitle(rec)
    $('results-day').textContent = `${rec.today ? 'Today’s' : 'The archive’s'} Chain · ${longDate(rec.date)} · ${LEVELS[rec.puzzle.level]}`
    $('results-time').textContent = formatTime(rec.state === 'solved' ? postedSeconds(rec) : rec.seconds)
    $('results-undos').textContent = String(rec.undos)
    $('results-resets').textContent = String(rec.resets)
    const owner = this.owner()
    // A go that isn't the signed-in player's shows none of its own server answer (another player's, if any).
    const posted = owner !== 'other' && rec.posted && !rec.posted.dropped ? rec.posted : null
    const streakLine = $('results-streak')
    if (rec.today) {
      // The player's streak is the server's; a go not theirs adds nothing to it, so it is theirs as the server has it.
      let days
      if (owner === 'other') days = this.facts && this.facts.id === getPlayer().id ? this.facts.streak : null
      else days = posted && Number.isInteger(posted.streak) ? posted.streak : streak(this.store.days(), dayIn(siteZone()))
      streakLine.hidden = days === null
      streakLine.textContent = days ? `Chain streak: ${plural(days, 'day')}.` : 'No Chain streak yet.'
    } else {
      streakLine.hidden = true
    }
    const placeLine = $('results-place')
    placeLine.hidden = !(posted && Number.isInteger(posted.place))
    placeLine.textContent = placeLine.hidden ? '' : `Your place on today’s board: #${posted.place}.`
    $('results-note').textContent = this.postNote()
    $('results-board').href = `/boards/#/chain/daily/${rec.date}`
    $('share-preview').textContent = shareText(rec, location.origin)
  }

  postNote() {
    const { rec } = this
    const player = getPlayer()
    if (!player) return 'Make a player on the home page to keep your results, a streak and a place on the board.'
    if (this.owner() === 'other') {
      const facts = this.facts && this.facts.id === player.id ? this.facts : null
      const madeAfter = Boolean(facts && facts.created && rec.finished && facts.created > rec.finished)
      return notTheirsWords(rec, player.name, { madeAfter, hasResult: rec.openedFor === player.id })
    }
    const posted = rec.posted
    const key = `${rec.state === 'solved' ? 'solve' : 'giveup'}:${rec.date}`
    if (!posted) return this.store.outbox.items().some((i) => i.key === key) ? 'Waiting to post your result; it goes as soon as there is a connection.' : ''
    if (posted.dropped) return `Your result wasn’t kept: ${posted.error || 'the server refused it'}`
    if (posted.already) return posted.kept === 'giveup' ? 'You gave up on this day earlier: that result stands.' : 'Your earlier result for this day stands.'
    if (posted.offline) return 'Kept in your own tallies and streak. It was played offline, so it goes on no board.'
    if (rec.state === 'gaveup') return 'Kept as given up.'
    return posted.daily ? 'Posted to today’s board.' : 'Kept. Only a Chain solved on its own day goes on the board.'
  }

  /**
   * The walkthrough: kept once fetched. Today's opens (by the API's rule) once
   * the signed-in player has a result of their own for the day: this go posted,
   * or, for a go that isn't theirs (played signed out), one they posted elsewhere.
   */
  async loadWalkthrough() {
    const { rec } = this
    if (rec.state === 'playing') return
    if (rec.walkthrough) return this.renderWalkthrough(rec.walkthrough)
    const today = dayIn(siteZone())
    const player = getPlayer()
    const owner = this.owner()
    if (rec.date >= today) {
      if (!player) return this.walkNote('Today’s walkthrough opens tomorrow, for everyone. A player’s result opens it at once: make a player on the home page before your next Chain.')
      if (owner === 'player' && !rec.posted) return this.walkNote('The walkthrough opens once your result is posted.')
    }
    const serial = ++this.walkSerial
    const got = await fetchWalkthrough(rec.date)
    if (!this.alive || serial !== this.walkSerial) return
    if (!got.ok) {
      if (got.status === 403) {
        return this.walkNote(owner === 'player'
          ? 'Today’s walkthrough opens tomorrow, for everyone: your result wasn’t kept, so it can’t open it early.'
          : 'Today’s walkthrough opens tomorrow, for everyone: this go wasn’t posted, so it can’t open it early.')
      }
      return this.walkNote(got.status === 0 ? 'You seem to be offline. The walkthrough will show when you are back.' : (got.error || 'The walkthrough couldn’t be fetched. Try again later.'))
    }
    rec.walkthrough = got.walkthrough
    // Today's opened for a go not theirs: the player has a result of their own for the day.
    if (owner === 'other' && rec.date >= today) rec.openedFor = player.id
    this.store.updateRecord(rec)
    this.renderWalkthrough(got.walkthrough)
    if (owner === 'other') this.fillResults()
    announce('The walkthrough is ready.')
  }

  walkNote(text) {
    const p = document.createElement('p')
    p.className = 'muted'
    p.textContent = text
    $('walkthrough').replaceChildren(p)
  }

  renderWalkthrough(walk) {
    const summary = document.createElement('p')
    summary.textContent = walk.summary
    const steps = document.createElement('ol')
    steps.className = 'walk-steps'
    for (const step of walk.steps || []) {
      const li = document.createElement('li')
      li.textContent = step.text
      steps.append(li)
    }
    const parts = [summary, steps]
    if ((walk.spares || []).length) {
      const head = document.createElement('p')
      head.className = 'walk-spares-head'
      head.textContent = walk.spares.length === 1 ? 'Why the spare tile doesn’t belong:' : 'Why the spare tiles don’t belong:'
      const spares = document.createElement('ul')
      spares.className = 'walk-spares'
      for (const spare of walk.spares) {
        const li = document.createElement('li')
        li.textContent = spare.text
        spares.append(li)
      }
      parts.push(head, spares)
    }
    $('walkthrough').replaceChildren(...parts)
  }

  // ---- drawing ------------------------------------------------------------------------

  dayWords() {
    return this.rec.today ? `today, ${longDate(this.rec.date)}` : longDate(this.rec.date)
  }

  fillHead() {
    const { rec, puzzle } = this
    $('chain-kind').textContent = rec.today ? `Today · ${longDate(rec.date)}` : `Archive · ${longDate(rec.date)}`
    $('chain-title').textContent = `Chain · ${LEVELS[puzzle.level]}`
    $('chain-meta').textContent = `From ${puzzle.start} to ${puzzle.target} in exactly ${plural(puzzle.moves, 'move')}, with ${plural(puzzle.hand.length, 'tile')}.`
    $('chain-start').textContent = String(puzzle.start)
    $('chain-target').textContent = String(puzzle.target)
    $('chain-actions').hidden = false
    $('giveup-button').hidden = false
    $('giveup-confirm').hidden = true
    $('chain-done').hidden = true
    $('pause-button').setAttribute('aria-pressed', 'false')
    document.title = `Chain · ${rec.today ? 'Today' : longDate(rec.date)} · ${LEVELS[puzzle.level]} · Puzzle Book`
  }

  /** One button per tile, made once; render() keeps their state and names current. */
  renderHand() {
    const buttons = this.puzzle.hand.map((tile, i) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.className = 'tile'
      button.dataset.tile = String(i)
      const face = document.createElement('span')
      face.className = 'tile-face'
      face.textContent = label(tile)
      face.setAttribute('aria-hidden', 'true')
      const badge = document.createElement('span')
      badge.className = 'tile-badge'
      badge.setAttribute('aria-hidden', 'true')
      const number = document.createElement('span')
      number.className = 'tile-number'
      number.textContent = String(i + 1)
      number.setAttribute('aria-hidden', 'true')
      // The name is this hidden text (the visible face and number are aria-hidden), kept current by render().
      const name = document.createElement('span')
      name.className = 'visually-hidden tile-name'
      button.append(number, face, badge, name)
      button.addEventListener('animationend', () => button.classList.remove('is-refused'))
      return button
    })
    $('chain-hand').replaceChildren(...buttons)
  }

  render() {
    const { rec } = this
    const { puzzle, played } = rec
    for (const button of $('chain-hand').querySelectorAll('[data-tile]')) {
      const i = Number(button.dataset.tile)
      const at = played.indexOf(i)
      const playable = rec.state === 'playing' && at === -1 && this.canPlay(i)
      button.classList.toggle('is-played', at !== -1)
      button.classList.toggle('is-blocked', rec.state === 'playing' && at === -1 && !playable)
      button.querySelector('.tile-badge').textContent = at === -1 ? '' : String(at + 1)
      button.querySelector('.tile-name').textContent = tileLabel(rec, i)
      // A tile that can't be played now still answers a press (with why), so only a finished go disables them.
      button.setAttribute('aria-disabled', String(rec.state !== 'playing'))
    }
    const chain = values(puzzle, played)
    const items = [trailItem('Start', String(chain[0]), `Start: ${chain[0]}`)]
    played.forEach((i, k) => {
      items.push(trailItem(label(puzzle.hand[i]), String(chain[k + 1]), `Move ${k + 1}: ${tileName(puzzle.hand[i])}, ${chain[k + 1]}`))
    })
    $('chain-trail').replaceChildren(...items)
    const value = chain.at(-1)
    $('chain-value').textContent = String(value)
    $('chain-value').parentElement.classList.toggle('is-target', value === puzzle.target && played.length === puzzle.moves)
    $('chain-left').textContent = String(movesLeft(puzzle, played))
    $('undo-button').disabled = !played.length || rec.state !== 'playing'
    $('reset-button').disabled = !played.length || rec.state !== 'playing'
    this.updateStats()
  }

  canPlay(i) {
    return verdict(this.rec, i).ok
  }

  status(text, tone = '') {
    const el = $('chain-status')
    el.textContent = capital(text)
    el.className = 'play-status' + (tone ? ` is-${tone}` : '')
  }

  updateStats() {
    const { rec } = this
    const seconds = rec.state === 'playing' ? this.clock.seconds : (rec.state === 'solved' ? postedSeconds(rec) : rec.seconds)
    $('chain-time').textContent = formatTime(seconds)
    $('chain-undos').textContent = String(rec.undos)
    $('chain-resets').textContent = String(rec.resets)
  }
}

function doneTitle(rec) {
  if (rec.state === 'gaveup') return 'Gave up'
  return isClean(rec) ? 'Solved, cleanly' : 'Solved'
}

function trailItem(head, value, spoken) {
  const li = document.createElement('li')
  li.className = 'trail-step'
  const a = document.createElement('span')
  a.className = 'trail-tile'
  a.textContent = head
  a.setAttribute('aria-hidden', 'true')
  const b = document.createElement('span')
  b.className = 'trail-value'
  b.textContent = value
  b.setAttribute('aria-hidden', 'true')
  const words = document.createElement('span')
  words.className = 'visually-hidden'
  words.textContent = spoken
  li.append(a, b, words)
  return li
}
