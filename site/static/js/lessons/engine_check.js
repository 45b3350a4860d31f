/**
 * The engine's check of an imported lesson (issue 30, part 3; issue 40): once the format is valid,
 * the teacher's browser runs the engine (chess/engine.js: Stockfish in a worker, as the analysis
 * after a puzzle does) on every position of each puzzle's line, and after each refutation and each
 * PGN variation left out, and says in plain words where the line doesn't hold up. These are
 * warnings, never errors: the teacher may import anyway.
 *
 *   const findings = await checkPuzzle(puzzle, engine, { depth })   // [{ kind, move?, words }]
 *
 * `puzzle` is a puzzle of the validator's report (POST /api/lessons/validate: { fen, student,
 * opponent_first, moves: [{ uci, san, color, by_student, refutations?, variations? }] }). Each
 * position of the line is analysed once, with its two best moves, and each position after a
 * refutation or variation once; `findingsOf(puzzle, evals, after)` turns the evaluations into
 * findings, a pure rule tested in tests/js/lessons_engine_check.test.mjs. What is flagged, with
 * the thresholds (docs/lessons.md, "The engine's check"):
 *
 *   loses       a student's move after which the student is worse (−1.0 or less for them) when
 *               the position had a move at least 2.0 better: "White's 2nd move Nxe5 loses: after
 *               …Qxe5 Black is up a piece (−3.1)"
 *   also        another move wins as well (2.0 or more for the student, within 1.5 of the line's
 *               move), or mates as soon or sooner, mates counted from the same position for both
 *               ("both mate in 2"); never beside a move that mates at once, and never for another
 *               mate at once (the page accepts any mate)
 *   unwon       the line ends but the position isn't won for the student (under 2.0, no mate)
 *   reply       an opponent's reply (not the setup move) at least 1.5 worse for them than their
 *               best: "…Kh8 holds" only when that best doesn't lose too ("lasts longer" against a
 *               mate, else "loses less")
 *   refutation  a refutation no worse than the line's move (within 0.5, or better): "The
 *               refutation …Rxe5 is as good as the line's move …Nxe5 (+1.2 against +1.3)"
 *   variation   a PGN variation left out (not marked worse) that is clearly worse (2.0): "keep it
 *               as a refutation (or mark it ? in the PGN)"; the finding carries the variation
 *               (`refute`), which the import page offers to keep as a refutation (issue 40)
 *
 * Figures are from White's side in pawns, as the analysis shows them ("+4.2", "−3.1", "mate in 3").
 */
/** @import { Analyser, Answered, CheckedMove, CheckedPuzzle, Evaluation, Finding, PvLine, Said, SaidLeaf, Score } from '../lesson_check_types.js' */
import { Chess } from '../vendor/chess.js'
import { findingWords, valueWords } from './finding_words.js'

export const WIN = 200 // centipawns, for the student: a position won
export const LOSING = -100 // centipawns, for the student after their move: a move that loses
export const DROP = 200 // what a student's move must give away to be flagged
export const REPLY_DROP = 150 // what an opponent's reply must give away to be flagged
export const ALSO_MARGIN = 150 // another winning move this close to the line's is a second solution
export const SAME = 50 // a refutation this close to the line's move (or better) isn't worse
export const DEPTH = 12
const MATE = 100000

/**
 * A score ({cp} | {mate}, the side to move's) as centipawns, a mate as near ±MATE (sooner larger).
 * @param {Score | null | undefined} score
 */
export function centipawns(score) {
  if (!score) return 0
  if ('mate' in score) {
    if (score.mate === 0) return -MATE // the side to move is mated
    return score.mate > 0 ? MATE - 100 * score.mate : -MATE - 100 * score.mate
  }
  return score.cp
}

/**
 * The score after a move (the other side to move there) counted from the position before it, for
 * the side that moved: a move after which the opponent is mated in 1 mates in 2 from before.
 * @param {Score} after
 * @returns {Score}
 */
export function fromBefore(after) {
  if ('mate' in after) {
    if (after.mate === 0) return { mate: 1 } // the move mates
    return after.mate < 0 ? { mate: -after.mate + 1 } : { mate: -after.mate }
  }
  return { cp: -after.cp }
}

/**
 * A score from White's side as a finding's value: "+4.2", "−3.1", "0.0", or the words "White mates
 * in 3" / "Black mates in 3" / "mate" by their codes (finding_words.js).
 * @param {Score} white
 * @returns {string | SaidLeaf}
 */
export function figureSaid(white) {
  if ('mate' in white) {
    if (white.mate === 0) return { code: 'mate', values: {} }
    return white.mate > 0 ? { code: 'white_mates_in', values: { n: white.mate } } : { code: 'black_mates_in', values: { n: -white.mate } }
  }
  const pawns = white.cp / 100
  if (Math.abs(pawns) < 0.05) return '0.0'
  return `${pawns > 0 ? '+' : '−'}${Math.abs(pawns).toFixed(1)}`
}

/** A score from White's side in the page's words ("+4.2", "White mates in 3"). @param {Score} white */
export function figure(white) {
  return String(valueWords(figureSaid(white)))
}

/**
 * Who is ahead and by about how much, from a White-side score, as a finding's value (its code).
 * @param {Score} white
 * @returns {SaidLeaf}
 */
export function standingSaid(white) {
  if ('mate' in white) return { code: white.mate >= 0 ? 'standing_white_mates' : 'standing_black_mates', values: {} }
  const side = white.cp > 0 ? 'white' : 'black'
  const pawns = Math.abs(white.cp) / 100
  // Roughly, on the engine's scale: a word for how much, never a count of the material on the board.
  if (pawns < 0.5) return { code: 'standing_equal', values: {} }
  const how = pawns < 1.2 ? 'little' : pawns < 2.5 ? 'clearly' : pawns < 6 ? 'piece' : pawns < 9 ? 'rook' : 'winning'
  return { code: `standing_${side}_${how}`, values: {} }
}

/** Who is ahead, in the page's words. @param {Score} white */
export function standing(white) {
  return String(valueWords(standingSaid(white)))
}

/**
 * A finding of `kind` said by `said`: its words (the page's language) beside its code and values.
 * @param {Finding['kind']} kind
 * @param {Said} said
 * @param {number} [move]
 * @returns {Finding}
 */
function found(kind, said, move) {
  /** @type {Finding} */
  const finding = { kind, words: /** @type {string} */ (findingWords(said)), said }
  if (move !== undefined) finding.move = move
  return finding
}

/**
 * A move in SAN as the words write it: "…Qxe5" for Black's, "Nxe5" for White's.
 * @param {string} san
 * @param {string} color
 */
function spoken(san, color) {
  return color === 'b' || color === 'black' ? `…${san}` : san
}

/**
 * A move as a value: its SAN spoken for `color`, or the words for a move that isn't legal there.
 * @param {string | SaidLeaf} san
 * @param {string} color
 */
function spokenSaid(san, color) {
  return typeof san === 'string' ? spoken(san, color) : san
}

/** @param {string} uci */
function moveOf(uci) {
  return { from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }
}

/**
 * The SAN of `uci` in `fen` (never the UCI itself in the words: the move as the teacher knows it).
 * @param {string} fen
 * @param {string} uci
 * @returns {string | SaidLeaf}
 */
function sanOf(fen, uci) {
  try {
    return new Chess(fen).move(moveOf(uci)).san
  } catch {
    return { code: 'move_squares', values: { from: uci.slice(0, 2), to: uci.slice(2, 4) } } // not legal there: an engine's slip
  }
}

/**
 * The position after `uci` in `fen`.
 * @param {string} fen
 * @param {string} uci
 */
function after(fen, uci) {
  const board = new Chess(fen)
  board.move(moveOf(uci))
  return board.fen()
}

/**
 * The line's positions: fens[k] before move k (fens[n]: the end).
 * @param {CheckedPuzzle} puzzle
 */
export function positions(puzzle) {
  const board = new Chess(puzzle.fen)
  const fens = [board.fen()]
  for (const move of puzzle.moves) {
    board.move(moveOf(move.uci))
    fens.push(board.fen())
  }
  return fens
}

/**
 * A side-to-move score of `fen` from White's side.
 * @param {Score} score
 * @param {string} fen
 * @returns {Score}
 */
function white(score, fen) {
  const sign = fen.split(' ')[1] === 'b' ? -1 : 1
  if ('mate' in score) return { mate: score.mate === 0 ? 0 : sign * score.mate }
  return { cp: sign * score.cp }
}

/**
 * A terminal position's score for the side to move: mated, or a draw.
 * @param {string} fen
 * @returns {Score | null}
 */
function terminal(fen) {
  const board = new Chess(fen)
  if (board.isCheckmate()) return { mate: 0 }
  if (board.isGameOver()) return { cp: 0 }
  return null
}

/**
 * The alternatives to the student's move `k` whose positions the check looks at: the refutations
 * (a wrong move is answered) and the PGN's variations left out (not marked worse).
 * @param {CheckedPuzzle} puzzle
 * @returns {{ k: number, kind: 'refutation' | 'variation', answer: Answered }[]}
 */
export function alternatives(puzzle) {
  return puzzle.moves.flatMap((move, k) => move.by_student
    ? [
        ...(move.refutations || []).map((answer) => ({ k, kind: /** @type {const} */ ('refutation'), answer })),
        ...(move.variations || []).map((answer) => ({ k, kind: /** @type {const} */ ('variation'), answer })),
      ]
    : [])
}

/** @param {number} k @param {string} uci */
export const afterKey = (k, uci) => `${k}:${uci}`

/**
 * The finding of another move that wins or mates beside the line's (its code and values), or null.
 * @param {string} before the position
 * @param {PvLine} other the engine's line for the other move (its score from `before`)
 * @param {Score} line the line's move's score, counted from `before` too
 * @param {string} san the line's move
 * @returns {Said | null}
 */
function alsoWins(before, other, line, san) {
  const otherMate = 'mate' in other.score ? other.score.mate : null
  const lineMate = 'mate' in line ? line.mate : null
  const name = sanOf(before, other.pv[0])
  const figures = () => ({ move: name, figure: figureSaid(white(other.score, before)), line: san, line_figure: figureSaid(white(line, before)) })
  if (otherMate === 1) return null // another mate at once: the page accepts any mate
  if (lineMate !== null && lineMate > 0) {
    if (lineMate === 1 || otherMate === null || otherMate <= 0 || otherMate > lineMate) return null
    if (otherMate === lineMate) return { code: 'mates_as_well', values: { move: name, line: san, n: lineMate } }
    return { code: 'mates_sooner', values: figures() }
  }
  const otherScore = centipawns(other.score)
  const lineScore = centipawns(line)
  if (lineScore < WIN || otherScore < WIN || lineScore - otherScore >= ALSO_MARGIN) return null
  return { code: 'wins_as_well', values: figures() }
}

/**
 * The findings of a puzzle's line from `evals`: per position k (fens[k] of `positions`), the
 * engine's { lines: [{ score, pv }, …] } best first (scores the side to move's), or null for a
 * position with no legal move; `afterAlternatives`, by `afterKey(k, uci)`, the same for the
 * position after each alternative of `alternatives(puzzle)`. Pure: the engine's work is done before.
 * @param {CheckedPuzzle} puzzle
 * @param {(Evaluation | null | undefined)[]} evals
 * @param {Record<string, Evaluation | null | undefined>} [afterAlternatives]
 * @returns {Finding[]}
 */
export function findingsOf(puzzle, evals, afterAlternatives = {}) {
  const fens = positions(puzzle)
  const student = puzzle.student === 'black' ? 'b' : 'w'
  /** @param {number} cp @param {string} fen */
  const forStudent = (cp, fen) => (fen.split(' ')[1] === student ? cp : -cp) // a side-to-move cp
  /** @param {number} k @returns {Score} */
  const scoreAt = (k) => terminal(fens[k]) || evals[k]?.lines?.[0]?.score || { cp: 0 }
  /** @type {Finding[]} */
  const findings = []
  let studentMoves = 0
  puzzle.moves.forEach((move, k) => {
    const before = fens[k]
    const next = fens[k + 1]
    const lines = evals[k]?.lines || []
    const best = lines[0]
    const played = centipawns(scoreAt(k + 1)) // the side to move after: the other side
    if (move.by_student) {
      studentMoves++
      // The line's move counted from before it, as the other moves are (a mate in 2 is a mate in 2).
      const lineScore = fromBefore(scoreAt(k + 1))
      alternativeFindings(move, k, before, lineScore, afterAlternatives, findings)
      if (!best) return
      const bestForStudent = centipawns(best.score)
      const playedForStudent = -played
      const reply = evals[k + 1]?.lines?.[0]?.pv?.[0]
      const side = before.split(' ')[1] === 'b' ? 'black' : 'white'
      if (playedForStudent <= LOSING && bestForStudent - playedForStudent >= DROP) {
        const whiteAfter = white(scoreAt(k + 1), next)
        /** @type {Said['values']} */
        const values = { n: studentMoves, move: move.san, standing: standingSaid(whiteAfter), figure: figureSaid(whiteAfter) }
        if (reply) values.reply = spokenSaid(sanOf(next, reply), next.split(' ')[1])
        findings.push(found('loses', { code: reply ? `loses_${side}_after` : `loses_${side}`, values }, k + 1))
        return
      }
      const other = lines.find((l) => l.pv?.[0] && l.pv[0] !== move.uci)
      const said = other ? alsoWins(before, other, lineScore, move.san) : null
      if (said) findings.push(found('also', said, k + 1))
      return
    }
    if (k === 0 && puzzle.opponent_first) return // the setup move: what happened in the game
    if (!best || !best.pv?.[0] || best.pv[0] === move.uci) return
    const bestForOpponent = centipawns(best.score)
    const playedForOpponent = -played
    if (bestForOpponent - playedForOpponent >= REPLY_DROP) {
      const color = before.split(' ')[1]
      // "Holds" only for a reply that holds; a best reply that loses too only lasts longer.
      const verdict = bestForOpponent > -WIN ? 'holds' : 'mate' in best.score ? 'lasts_longer' : 'loses_less'
      const values = { move: spoken(move.san, color), best: spokenSaid(sanOf(before, best.pv[0]), color) }
      findings.push(found('reply', { code: `reply_${verdict}`, values }, k + 1))
    }
  })
  const end = fens.length - 1
  const last = centipawns(scoreAt(end))
  const endForStudent = forStudent(last, fens[end])
  if (endForStudent < WIN && !findings.some((f) => f.kind === 'loses')) {
    findings.push(found('unwon', { code: 'unwon', values: { figure: figureSaid(white(scoreAt(end), fens[end])) } }))
  }
  return findings
}

/**
 * The findings about the refutations and left-out variations of the student's move `k`: a
 * refutation no worse than the line's move, a variation clearly worse (so it could be one).
 * @param {CheckedMove} move
 * @param {number} k
 * @param {string} before the position before the move
 * @param {Score} lineScore the line's move's score for the student, counted from `before`
 * @param {Record<string, Evaluation | null | undefined>} afterAlternatives
 * @param {Finding[]} findings
 */
function alternativeFindings(move, k, before, lineScore, afterAlternatives, findings) {
  const color = before.split(' ')[1]
  const lineFigure = figureSaid(white(lineScore, before))
  const lineCp = centipawns(lineScore)
  for (const [kind, answers] of /** @type {const} */ ([['refutation', move.refutations], ['variation', move.variations]])) {
    for (const answer of answers || []) {
      const there = after(before, answer.uci)
      const score = terminal(there) || afterAlternatives[afterKey(k, answer.uci)]?.lines?.[0]?.score
      if (!score) continue
      const itsScore = fromBefore(score)
      const itsCp = centipawns(itsScore)
      const name = spoken(answer.san, color)
      const values = { move: name, line: spoken(move.san, color), figure: figureSaid(white(itsScore, before)), line_figure: lineFigure }
      if (kind === 'refutation' && itsCp >= lineCp - SAME) {
        const how = itsCp > lineCp + SAME ? 'better' : 'as_good'
        findings.push(found(kind, { code: `refutation_${how}`, values }, k + 1))
      } else if (kind === 'variation' && lineCp - itsCp >= DROP) {
        const reply = spoken(answer.reply_san, color === 'w' ? 'b' : 'w')
        const finding = found(kind, { code: 'variation_worse', values: { ...values, reply } }, k + 1)
        finding.refute = { san: answer.san, named: name } // the import page offers to keep it (kept_refutations.js)
        findings.push(finding)
      }
    }
  }
}

/**
 * Run the engine over `puzzle`'s line and answer its findings. `engine`: an Engine (or anything
 * with analyse(fen, { depth, multipv })). `onPosition(done, total)` hears the progress.
 * @param {CheckedPuzzle} puzzle
 * @param {Analyser} engine
 * @param {{ depth?: number, onPosition?: (done: number, total: number) => void }} [options]
 */
export async function checkPuzzle(puzzle, engine, { depth = DEPTH, onPosition } = {}) {
  const fens = positions(puzzle)
  const others = alternatives(puzzle)
  const total = fens.length + others.length
  /** @param {string} fen @param {number} multipv @returns {Promise<Evaluation | null>} */
  const evaluate = async (fen, multipv) => {
    if (terminal(fen)) return null
    const result = await engine.analyse(fen, { depth, multipv })
    if (!result) return null
    // A line the engine gave no score yet says nothing to judge by: only scored lines count.
    const scored = (result.lines || []).flatMap((line) => (line.score ? [{ score: line.score, pv: line.pv }] : []))
    if (scored.length) return { lines: scored }
    return result.score ? { lines: [{ score: result.score, pv: result.pv || [] }] } : null
  }
  /** @type {(Evaluation | null)[]} */
  const evals = []
  for (let k = 0; k < fens.length; k++) {
    evals.push(await evaluate(fens[k], 2))
    onPosition?.(k + 1, total)
  }
  /** @type {Record<string, Evaluation | null>} */
  const afterAlternatives = {}
  for (const [n, { k, answer }] of others.entries()) {
    afterAlternatives[afterKey(k, answer.uci)] = await evaluate(after(fens[k], answer.uci), 1)
    onPosition?.(fens.length + n + 1, total)
  }
  return findingsOf(puzzle, evals, afterAlternatives)
}
