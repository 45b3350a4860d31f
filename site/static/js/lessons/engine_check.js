/**
 * The engine's check of an imported lesson (issue 30, part 3): once the format is valid, the
 * teacher's browser runs the engine (chess/engine.js: Stockfish in a worker, as the analysis after
 * a puzzle does) on every position of each puzzle's line, and says in plain words where the line
 * doesn't hold up. These are warnings, never errors: the teacher may import anyway.
 *
 *   const findings = await checkPuzzle(puzzle, engine, { depth })   // [{ kind, move?, words }]
 *
 * `puzzle` is a puzzle of the validator's report (POST /api/lessons/validate: { fen, student,
 * opponent_first, moves: [{ uci, san, color, by_student }] }). Each position of the line is
 * analysed once, with its two best moves; `findingsOf(puzzle, evals)` turns the evaluations into
 * findings, a pure rule tested in tests/js/lessons_engine_check.test.mjs. What is flagged, with
 * the thresholds (docs/lessons.md, "The engine's check"):
 *
 *   loses     a student's move after which the student is worse (−1.0 or less for them) when
 *             the position had a move at least 2.0 better: "White's 2nd move Nxe5 loses: after
 *             …Qxe5 Black is up a piece (−3.1)"
 *   also      another move wins as well (2.0 or more for the student, within 1.5 of the line's
 *             move, or a mate as near; a mate at once is accepted when played) beside the line's: "Another move wins as well: Qh5 (+4.2) against the line's
 *             Bxf7 (+4.5)", the seed's "single clearly-best line"
 *   unwon     the line ends but the position isn't won for the student (under 2.0, no mate):
 *             "The line ends but the position isn't won (+0.3)"
 *   reply     an opponent's reply (not the setup move) at least 1.5 worse for them than their
 *             best: "The opponent's reply …Kg8 isn't its best (…Kh8 holds)"
 *
 * Figures are from White's side in pawns, as the analysis shows them ("+4.2", "−3.1", "mate in 3").
 */
import { Chess } from '../vendor/chess.js'

export const WIN = 200 // centipawns, for the student: a position won
export const LOSING = -100 // centipawns, for the student after their move: a move that loses
export const DROP = 200 // what a student's move must give away to be flagged
export const REPLY_DROP = 150 // what an opponent's reply must give away to be flagged
export const ALSO_MARGIN = 150 // another winning move this close to the line's is a second solution
export const DEPTH = 12
const MATE = 100000

/** A score ({cp} | {mate}, the side to move's) as centipawns, a mate as near ±MATE (sooner larger). */
export function centipawns(score) {
  if (!score) return 0
  if ('mate' in score) {
    if (score.mate === 0) return -MATE // the side to move is mated
    return score.mate > 0 ? MATE - 100 * score.mate : -MATE - 100 * score.mate
  }
  return score.cp
}

/** A score from White's side in words: "+4.2", "−3.1", "0.0", "mate in 3" / "Black mates in 3". */
export function figure(white) {
  if ('mate' in white) {
    if (white.mate === 0) return 'mate'
    return white.mate > 0 ? `White mates in ${white.mate}` : `Black mates in ${-white.mate}`
  }
  const pawns = white.cp / 100
  if (Math.abs(pawns) < 0.05) return '0.0'
  return `${pawns > 0 ? '+' : '−'}${Math.abs(pawns).toFixed(1)}`
}

/** Who is ahead and by about how much, in words, from a White-side score. */
export function standing(white) {
  if ('mate' in white) return white.mate >= 0 ? 'White mates' : 'Black mates'
  const side = white.cp > 0 ? 'White' : 'Black'
  const pawns = Math.abs(white.cp) / 100
  // Roughly, on the engine's scale: a word for how much, never a count of the material on the board.
  if (pawns < 0.5) return 'the position is about equal'
  if (pawns < 1.2) return `${side} is a little better`
  if (pawns < 2.5) return `${side} is clearly better`
  if (pawns < 6) return `${side} is up a piece`
  if (pawns < 9) return `${side} is up a rook`
  return `${side} is winning easily`
}

const ORDINAL = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`
const SIDE = { w: 'White', b: 'Black', white: 'White', black: 'Black' }

/** A move in SAN as the words write it: "…Qxe5" for Black's, "Nxe5" for White's. */
function spoken(san, color) {
  return color === 'b' || color === 'black' ? `…${san}` : san
}

function sanOf(fen, uci) {
  try {
    const board = new Chess(fen)
    const move = board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] })
    return move ? move.san : uci
  } catch {
    return uci
  }
}

/** The line's positions: fens[k] before move k (fens[n]: the end). */
export function positions(puzzle) {
  const board = new Chess(puzzle.fen)
  const fens = [board.fen()]
  for (const move of puzzle.moves) {
    board.move({ from: move.uci.slice(0, 2), to: move.uci.slice(2, 4), promotion: move.uci[4] })
    fens.push(board.fen())
  }
  return fens
}

/** A side-to-move score of `fen` from White's side. */
function white(score, fen) {
  const sign = fen.split(' ')[1] === 'b' ? -1 : 1
  if ('mate' in score) return { mate: score.mate === 0 ? 0 : sign * score.mate }
  return { cp: sign * score.cp }
}

/** A terminal position's score for the side to move: mated, or a draw. */
function terminal(fen) {
  const board = new Chess(fen)
  if (board.isCheckmate()) return { mate: 0 }
  if (board.isGameOver()) return { cp: 0 }
  return null
}

/**
 * The findings of a puzzle's line from `evals`: per position k (fens[k] of `positions`), the
 * engine's { lines: [{ score, pv }, …] } best first (scores the side to move's), or null for a
 * position with no legal move. Pure: the engine's work is done before.
 */
export function findingsOf(puzzle, evals) {
  const fens = positions(puzzle)
  const student = puzzle.student === 'black' ? 'b' : 'w'
  const forStudent = (cp, fen) => (fen.split(' ')[1] === student ? cp : -cp) // a side-to-move cp
  const scoreAt = (k) => terminal(fens[k]) || evals[k]?.lines?.[0]?.score || { cp: 0 }
  const findings = []
  let studentMoves = 0
  puzzle.moves.forEach((move, k) => {
    const before = fens[k]
    const after = fens[k + 1]
    const lines = evals[k]?.lines || []
    const best = lines[0]
    const played = centipawns(scoreAt(k + 1)) // the side to move after: the other side
    if (move.by_student) {
      studentMoves++
      if (!best) return
      const bestForStudent = centipawns(best.score)
      const playedForStudent = -played
      const reply = evals[k + 1]?.lines?.[0]?.pv?.[0]
      const side = SIDE[before.split(' ')[1]]
      if (playedForStudent <= LOSING && bestForStudent - playedForStudent >= DROP) {
        const whiteAfter = white(scoreAt(k + 1), after)
        const then = reply ? `after ${spoken(sanOf(after, reply), after.split(' ')[1])} ` : ''
        findings.push({
          kind: 'loses', move: k + 1,
          words: `${side}’s ${ORDINAL(studentMoves)} move ${move.san} loses: ${then}${standing(whiteAfter)} (${figure(whiteAfter)}).`,
        })
        return
      }
      const other = lines.find((l) => l.pv?.[0] && l.pv[0] !== move.uci)
      // The line's move as the engine scored it here, when it is among the lines; else the score after it.
      const own = lines.find((l) => l.pv?.[0] === move.uci)
      const lineScore = own ? centipawns(own.score) : playedForStudent
      const otherScore = other ? centipawns(other.score) : -MATE
      // Another mate at once is accepted when the student plays it: nothing to warn of.
      const mateAtOnce = other && 'mate' in other.score && other.score.mate === 1
      if (other && !mateAtOnce && playedForStudent >= WIN && otherScore >= WIN && lineScore - otherScore < ALSO_MARGIN) {
        const otherWhite = white(other.score, before)
        const lineWhite = own ? white(own.score, before) : white(scoreAt(k + 1), after)
        findings.push({
          kind: 'also', move: k + 1,
          words: `Another move wins as well: ${sanOf(before, other.pv[0])} (${figure(otherWhite)}) against the line’s ${move.san} (${figure(lineWhite)}).`,
        })
      }
      return
    }
    if (k === 0 && puzzle.opponent_first) return // the setup move: what happened in the game
    if (!best || !best.pv?.[0] || best.pv[0] === move.uci) return
    const bestForOpponent = centipawns(best.score)
    const playedForOpponent = -played
    if (bestForOpponent - playedForOpponent >= REPLY_DROP) {
      const color = before.split(' ')[1]
      findings.push({
        kind: 'reply', move: k + 1,
        words: `The opponent’s reply ${spoken(move.san, color)} isn’t its best (${spoken(sanOf(before, best.pv[0]), color)} holds).`,
      })
    }
  })
  const end = fens.length - 1
  const last = centipawns(scoreAt(end))
  const endForStudent = forStudent(last, fens[end])
  if (endForStudent < WIN && !findings.some((f) => f.kind === 'loses')) {
    findings.push({ kind: 'unwon', words: `The line ends but the position isn’t won (${figure(white(scoreAt(end), fens[end]))}).` })
  }
  return findings
}

/**
 * Run the engine over `puzzle`'s line and answer its findings. `engine`: an Engine (or anything
 * with analyse(fen, { depth, multipv })). `onPosition(done, total)` hears the progress.
 */
export async function checkPuzzle(puzzle, engine, { depth = DEPTH, onPosition } = {}) {
  const fens = positions(puzzle)
  const evals = []
  for (let k = 0; k < fens.length; k++) {
    if (terminal(fens[k])) {
      evals.push(null)
    } else {
      const result = await engine.analyse(fens[k], { depth, multipv: 2 })
      evals.push(result ? { lines: result.lines && result.lines.length ? result.lines : [{ score: result.score, pv: result.pv }] } : null)
    }
    onPosition?.(k + 1, fens.length)
  }
  return findingsOf(puzzle, evals)
}
