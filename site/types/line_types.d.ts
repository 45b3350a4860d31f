// The puzzle line (chess/line.js): a puzzle as its line of moves, what a move comes to, and what the
// board marks. Never shipped.
import type { Chess, Color, Move, Square } from 'chess.js'

/** A puzzle as a line of moves from a position: a chess puzzle (chess/puzzle.js fromRow) or a lesson's (lessons/moves.js lineOf). */
export interface LinePuzzle {
  id: string
  fen: string
  /** Both sides' moves in UCI, in order. */
  line: string[]
}

/** The rules a line is judged by: chess/rules.js (the server's referee, through tests/vectors/chess.json). */
export interface LineRules {
  positionAt(puzzle: LinePuzzle, ply: number): Chess
  play(chess: Chess, uci: string): boolean
  judge(puzzle: LinePuzzle, ply: number, chess: Chess, uci: string): Ruling
}

/** chess/rules.js's judge: the line's move, another that mates, or wrong. */
export type Ruling = 'right' | 'mate' | 'wrong'

/** A solver's move as the runs count it (and the server's puzzlebook.chess.runs): the line goes on, it is solved, or wrong. */
export type Verdict = 'right' | 'solved' | 'wrong'

/** What the solver's legal move came to (PuzzleLine.judge). */
export interface Judgement {
  verdict: Verdict
  ruling: Ruling
  /** The move as chess.js played it (its SAN, squares and colour). */
  move: Move
  uci: string
}

/** What the board marks of a position: the last move's squares and a king in check. */
export interface Marks {
  last: { from: Square, to: Square } | null
  check: Square | null
}

/** The helpers a player may turn off (chess's options): marking the last move, and a king in check. */
export interface MarkOptions {
  lastMove?: boolean
  check?: boolean
}

export type { Color }
