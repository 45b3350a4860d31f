/**
 * The rules and words of the analysis after a puzzle (analysis_ctrl.js), pure: the puzzle's line
 * as positions, the player's wrong moves and where they were tried, an engine line in SAN, and
 * an evaluation in figures and in words. docs/analysis.md.
 */
import { Chess } from '../vendor/chess.js'
import { positionAt, play } from './rules.js'
import { moveWords, COLOR_NAMES } from './words.js'
import { t } from '../lib/i18n.js'
/** @import { Move } from '../vendor/chess.js' */
/** @import { Puzzle, PuzzleRecord } from '../chess_types.js' */
/** @import { LineNode, MoveNode, Score, WrongTry } from '../engine_types.js' */

/**
 * Which records may be analysed: a finished puzzle's (solved, missed or shown), never one in play.
 * @param {Pick<PuzzleRecord, 'state'> | null | undefined} rec
 */
export function canAnalyse(rec) {
  return !!rec && rec.state !== 'playing'
}

/**
 * A node of a line: { fen, uci, san, move (chess.js's verbose move), ply } (the start has no move).
 * @param {Chess} chess
 * @param {number} ply
 * @returns {LineNode}
 */
function nodeOf(chess, ply) {
  const move = chess.history({ verbose: true }).at(-1) || null
  return /** @type {LineNode} */ ({ fen: chess.fen(), uci: move ? move.from + move.to + (move.promotion || '') : null, san: move ? move.san : null, move, ply })
}

/**
 * The puzzle's whole line as nodes: its FEN first, then after each move (the opponent's setup move first).
 * @param {Puzzle} puzzle
 */
export function mainLine(puzzle) {
  const chess = positionAt(puzzle, 0)
  const nodes = [nodeOf(chess, 0)]
  puzzle.line.forEach((uci, k) => {
    if (!play(chess, uci)) throw new Error(`puzzle ${puzzle.id}: its line move ${uci} is not legal`)
    nodes.push(nodeOf(chess, k + 1))
  })
  return nodes
}

/**
 * The node after playing `uci` on `fen` (ply `ply`), or null when it names no legal move there.
 * @param {string} fen
 * @param {string} uci
 * @param {number} ply
 * @returns {MoveNode | null}
 */
export function nodeAfter(fen, uci, ply) {
  const chess = new Chess(fen)
  if (!play(chess, uci)) return null
  return /** @type {MoveNode} */ (nodeOf(chess, ply)) // after a move
}

/**
 * The player's wrong moves, each { ply, uci, san } with the ply it was tried at (the position is
 * the line's node `ply`). A record keeps that ply (rec.triedAt) from this version on; an older
 * one is placed at the first solver's turn, from the one after the last placed, where the move
 * is legal and isn't the line's. A try that fits nowhere is left out.
 * @param {Puzzle} puzzle
 * @param {Pick<PuzzleRecord, 'tries'> & { triedAt?: unknown }} rec
 * @returns {WrongTry[]}
 */
export function wrongTries(puzzle, rec) {
  const tries = Array.isArray(rec.tries) ? rec.tries : []
  /** @type {number[] | null} */
  const kept = Array.isArray(rec.triedAt) && rec.triedAt.length === tries.length ? rec.triedAt : null
  /** @type {WrongTry[]} */
  const out = []
  let ply = 1
  tries.forEach((uci, k) => {
    let at = kept ? kept[k] : ply
    if (!kept) {
      while (at < puzzle.line.length && (uci === puzzle.line[at] || !nodeAfter(positionAt(puzzle, at).fen(), uci, at + 1))) at += 2
    }
    if (!(at >= 1 && at < puzzle.line.length)) return
    const node = nodeAfter(positionAt(puzzle, at).fen(), uci, at + 1)
    if (!node) return
    ply = at
    out.push({ ply: at, uci, san: node.san })
  })
  return out
}

/**
 * An engine's line (UCI moves from `fen`) in SAN, as far as it stays legal, at most `most` moves.
 * @param {string} fen
 * @param {readonly string[] | null | undefined} pv
 */
export function sanLine(fen, pv, most = 8) {
  const chess = new Chess(fen)
  /** @type {string[]} */
  const out = []
  for (const uci of (pv || []).slice(0, most)) {
    if (!play(chess, uci)) break
    out.push(/** @type {string} */ (chess.history().at(-1))) // the move just played
  }
  return out
}

/**
 * The line in SAN with move numbers, from `fen`: "24… Qxb3 25. axb3 Rd1+".
 * @param {string} fen
 * @param {readonly string[]} sans
 */
export function numbered(fen, sans) {
  const [, turn, , , , fullmove] = fen.split(' ')
  let number = Number(fullmove) || 1
  let white = turn === 'w'
  /** @type {string[]} */
  const parts = []
  sans.forEach((san, k) => {
    if (white) parts.push(`${number}. ${san}`)
    else parts.push(k === 0 ? `${number}… ${san}` : san)
    if (!white) number++
    white = !white
  })
  return parts.join(' ')
}

/**
 * An evaluation from White's point of view in figures: "+1.3", "−0.4", "0.0", "#3", "#−2".
 * @param {Score | null | undefined} score
 */
export function evalText(score) {
  if (!score) return ''
  if ('mate' in score) return score.mate === 0 ? '#' : `#${score.mate < 0 ? '−' : ''}${Math.abs(score.mate)}`
  const pawns = score.cp / 100
  if (Math.abs(pawns) < 0.05) return '0.0'
  return `${pawns > 0 ? '+' : '−'}${Math.abs(pawns).toFixed(1)}`
}

/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * An evaluation in words, from White's point of view (`score`) on the position `fen`:
 * "White is winning (+3.2).", "Black mates in 2.", "Checkmate: White has won.", "About level (+0.1)."
 * @param {Score | null | undefined} score
 * @param {string} fen
 */
export function evalWords(score, fen) {
  if (!score) return ''
  const turn = fen.split(' ')[1]
  if ('mate' in score) {
    if (score.mate === 0) return t('Checkmate: {side} has won.', { side: COLOR_NAMES[turn === 'w' ? 'b' : 'w'] })
    return t('{side} mates in {n}.', { side: capital(COLOR_NAMES[score.mate > 0 ? 'w' : 'b']), n: Math.abs(score.mate) })
  }
  const pawns = Math.abs(score.cp) / 100
  const side = capital(COLOR_NAMES[score.cp > 0 ? 'w' : 'b'])
  const figure = evalText(score)
  if (pawns < 0.3) return t('About level ({figure}).', { figure })
  if (pawns < 1) return t('{side} is a little better ({figure}).', { side, figure })
  if (pawns < 2.5) return t('{side} is better ({figure}).', { side, figure })
  return t('{side} is winning ({figure}).', { side, figure })
}

/**
 * "Why not my move?" in words: the wrong move, the reply that punishes it and what it comes to.
 * wrong, reply: chess.js verbose moves (reply null when the wrong move left no move: mate or
 * stalemate); score: the engine's evaluation after the reply, from White's point of view; fen:
 * the position it is of; best: the line's move in SAN at that turn.
 * @param {{ wrong: Move, reply: Move | null, score: Score | null, fen: string, best?: string | null }} why
 */
export function refutationWords({ wrong, reply, score, fen, best }) {
  const who = capital(COLOR_NAMES[wrong.color])
  const them = capital(COLOR_NAMES[wrong.color === 'w' ? 'b' : 'w'])
  const parts = [t('{side} plays {san}: {move}.', { side: who, san: wrong.san, move: lower(moveWords(wrong)) })]
  if (reply) parts.push(t('{side} answers {san}: {move}.', { side: them, san: reply.san, move: lower(moveWords(reply)) }))
  const verdict = evalWords(score, fen)
  if (verdict) parts.push(verdict)
  if (best) parts.push(t('The puzzle’s move was {san}.', { san: best }))
  return parts.join(' ')
}

/**
 * A move's words inside a sentence: English's begin small ("knight takes…"); another language's
 * stay as they are (German's nouns keep their capital).
 * @param {string} text
 */
function lower(text) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return text
  return text.charAt(0).toLowerCase() + text.slice(1)
}
