/**
 * A chess engine in a Web Worker, spoken to in UCI: one job, a position in, its evaluation and
 * best line out. Stockfish's lite single-threaded WebAssembly build is the engine the site
 * serves (docs/analysis.md); any UCI engine built as a worker script works the same.
 *
 *   const engine = new Engine(url)            // nothing is fetched yet
 *   const result = await engine.analyse(fen, { depth: 12, onInfo })
 *   // result: { fen, bestmove, depth, score: { cp } | { mate }, pv: [uci, ...], lines }
 *   engine.stop()                              // the search in progress answers now, with what it has
 *   engine.quit()                              // the worker goes; a later analyse() starts a new one
 *
 * The worker starts on the first analyse() (or ready()). One search runs at a time: analyse()
 * while another search runs stops that one first (it still answers, with what it had), and a
 * search asked for but overtaken by a later analyse() before it started answers null. A limit
 * is `depth` (plies), `movetime` (ms) or `nodes`, alone or together (whichever comes first);
 * none means depth DEFAULT_DEPTH. A score is from the side to move's point of view, as UCI says
 * it (whiteScore() turns it to White's). onInfo(line) hears every deeper line as it comes.
 * `multipv: n` asks for the n best moves: `lines` then holds each one's { score, pv } at the
 * deepest depth searched, best first (the first is the result's own score and pv).
 *
 * Pure helpers (parseInfo, parseBestmove, whiteScore) are exported for the node tests and for
 * other users of the engine (a lesson's check, issue 30).
 */

/** @import { Analysis, EngineWorker, Info, Line, Score, SearchOptions } from '../engine_types.js' */

export const DEFAULT_DEPTH = 12

/** {depth, score: {cp}|{mate}, pv, multipv, nodes, bound?} of a UCI `info` line with a depth and a score, else null. */
/**
 * @param {unknown} line
 * @returns {Info | null}
 */
export function parseInfo(line) {
  if (typeof line !== 'string' || !line.startsWith('info ')) return null
  const words = line.split(/\s+/)
  /** @type {Partial<Info> & { multipv: number }} */
  const info = { multipv: 1 }
  for (let i = 1; i < words.length; i++) {
    const word = words[i]
    if (word === 'depth') info.depth = Number(words[++i])
    else if (word === 'multipv') info.multipv = Number(words[++i])
    else if (word === 'nodes') info.nodes = Number(words[++i])
    else if (word === 'score') {
      const kind = words[++i]
      const value = Number(words[++i])
      if (kind === 'cp') info.score = { cp: value }
      else if (kind === 'mate') info.score = { mate: value }
      if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') info.bound = words[++i]
    } else if (word === 'pv') {
      info.pv = words.slice(i + 1).filter(Boolean)
      break
    }
  }
  if (!info.score || !Number.isInteger(info.depth)) return null
  info.pv = info.pv || [] // none where no move is legal (mate 0, or a stalemate's cp 0)
  return /** @type {Info} */ (info)
}

/** The move of a UCI `bestmove` line ('(none)' when there is no legal move: null), or undefined if it isn't one. */
/** @param {unknown} line */
export function parseBestmove(line) {
  if (typeof line !== 'string' || !line.startsWith('bestmove')) return undefined
  const move = line.split(/\s+/)[1]
  return move && move !== '(none)' ? move : null
}

/** A side-to-move score turned to White's point of view, for the position `fen`. */
/**
 * @param {Score | null | undefined} score
 * @param {string} fen
 * @returns {Score | null}
 */
export function whiteScore(score, fen) {
  const sign = fen.split(' ')[1] === 'b' ? -1 : 1
  if (!score) return null
  return 'mate' in score ? { mate: sign * score.mate } : { cp: sign * score.cp }
}

/** @param {Pick<SearchOptions, 'depth' | 'movetime' | 'nodes'>} limits */
function goCommand({ depth, movetime, nodes }) {
  const parts = ['go']
  // Number.isInteger says each is a number (the checker can't see it).
  if (Number.isInteger(depth) && /** @type {number} */ (depth) > 0) parts.push('depth', String(depth))
  if (Number.isInteger(movetime) && /** @type {number} */ (movetime) > 0) parts.push('movetime', String(movetime))
  if (Number.isInteger(nodes) && /** @type {number} */ (nodes) > 0) parts.push('nodes', String(nodes))
  if (parts.length === 1) parts.push('depth', String(DEFAULT_DEPTH))
  return parts.join(' ')
}

export class EngineError extends Error {}

export class Engine {
  /** url: the engine's worker script; makeWorker(url) makes the worker (a real Worker unless given). */
  /**
   * @param {string} url
   * @param {{ makeWorker?: (url: string) => EngineWorker }} [options]
   */
  constructor(url, { makeWorker = (where) => new Worker(where) } = {}) {
    this.url = url
    this.makeWorker = makeWorker
    /** @type {EngineWorker | null} */
    this.worker = null
    /** @type {Promise<void> | null} */
    this.started = null // the promise of 'readyok' after 'uci'
    /**
     * @type {{ resolve: (result: Analysis | null) => void, reject: (error: Error) => void,
     *   onInfo?: (result: Analysis) => void, lines: ({ depth: number } & Line)[], result: Analysis } | null}
     */
    this.search = null // the search in progress: { resolve, reject, result, onInfo }
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve() // searches run one after another
    /** @type {[text: string, resolve: () => void][]} */
    this.waiting = [] // [text, resolve] for replies awaited (uciok, readyok)
    this.asked = 0 // analyse() calls so far: a queued search overtaken by a later one never starts
  }

  /**
   * Start the worker (once) and wait until the engine says it is ready.
   * @returns {Promise<void>}
   */
  ready() {
    if (!this.started) {
      this.started = new Promise((resolve, reject) => {
        let worker
        try {
          worker = this.makeWorker(this.url)
        } catch (error) {
          reject(new EngineError(`the engine could not start: ${/** @type {Error} */ (error).message}`))
          return
        }
        this.worker = worker
        worker.onmessage = (event) => this.hear(String(event.data))
        worker.onerror = (event) => {
          event.preventDefault?.()
          this.fail(new EngineError(`the engine failed: ${event.message || 'it could not be loaded'}`))
          reject(new EngineError(`the engine could not start: ${event.message || 'it could not be loaded'}`))
        }
        this.expect('uciok').then(() => {
          this.send('isready')
          return this.expect('readyok')
        }).then(resolve)
        this.send('uci')
      })
      this.started.catch(() => this.quit())
    }
    return this.started
  }

  /**
   * The engine's verdict on `fen`: { fen, bestmove (uci or null when no move is legal), depth,
   * score, pv }. limits: { depth, movetime, nodes }; onInfo(info) hears each deeper line.
   * @param {string} fen
   * @param {SearchOptions} [options]
   * @returns {Promise<Analysis | null>}
   */
  analyse(fen, { depth, movetime, nodes, onInfo, multipv = 1 } = {}) {
    if (this.search) this.send('stop')
    const serial = ++this.asked
    const run = this.queue.then(() => this.ready()).then(() => /** @type {Promise<Analysis | null>} */ (new Promise((resolve, reject) => {
      if (serial !== this.asked) return resolve(null)
      this.search = { resolve, reject, onInfo, lines: [], result: { fen, bestmove: null, depth: 0, score: null, pv: [], lines: [] } }
      this.send('ucinewgame')
      // Said every search, so one engine serves one-line and several-line searches alike.
      this.send(`setoption name MultiPV value ${Number.isInteger(multipv) && multipv > 1 ? multipv : 1}`)
      this.send(`position fen ${fen}`)
      this.send(goCommand({ depth, movetime, nodes }))
    })))
    this.queue = run.catch(() => {})
    return run
  }

  /** The search in progress answers now, with what it has found so far. */
  stop() {
    if (this.search) this.send('stop')
  }

  /** The worker goes; a search in progress is refused. A later analyse() starts a new worker. */
  quit() {
    if (this.worker) this.worker.terminate()
    this.worker = null
    this.started = null
    this.fail(new EngineError('the engine was stopped'))
  }

  // ---- the wire ---------------------------------------------------------------------

  /** @param {string} text */
  send(text) {
    this.worker?.postMessage(text)
  }

  /**
   * @param {string} text
   * @returns {Promise<void>}
   */
  expect(text) {
    return new Promise((resolve) => this.waiting.push([text, resolve]))
  }

  /** @param {Error} error */
  fail(error) {
    const search = this.search
    this.search = null
    this.waiting = []
    search?.reject(error)
  }

  /** @param {string} line */
  hear(line) {
    const waiting = this.waiting.findIndex(([text]) => line.startsWith(text))
    if (waiting >= 0) {
      const [, resolve] = this.waiting.splice(waiting, 1)[0]
      resolve()
      return
    }
    const search = this.search
    if (!search) return
    const info = parseInfo(line)
    if (info && !info.bound && info.multipv > 1) {
      search.lines[info.multipv - 1] = { depth: info.depth, score: info.score, pv: info.pv }
      return
    }
    if (info && info.multipv === 1 && !info.bound && (info.pv.length || !search.result.pv.length)) {
      search.lines[0] = { depth: info.depth, score: info.score, pv: info.pv }
      Object.assign(search.result, { depth: info.depth, score: info.score, pv: info.pv })
      search.onInfo?.({ ...search.result })
      return
    }
    const best = parseBestmove(line)
    if (best !== undefined) {
      this.search = null
      search.result.bestmove = best
      if (best && search.result.pv[0] !== best) search.result.pv = [best]
      // The other lines as deep as the first (a shallower one is from an earlier iteration).
      search.result.lines = [{ score: search.result.score, pv: search.result.pv },
        ...search.lines.slice(1).filter((l) => l && l.depth >= search.result.depth - 1).map((l) => ({ score: l.score, pv: l.pv }))]
      search.resolve(search.result)
    }
  }
}
