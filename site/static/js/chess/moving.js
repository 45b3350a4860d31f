/**
 * Moving on the board in a puzzle played on a chess.js game, the same in every mode that plays
 * chess puzzles (the daily and Endless, Storm, Streak, a lesson, the analysis).
 *
 * boardHooks(run, announce) gives board.js's hooks for `run`, the puzzle being played (a Mover:
 * { chess, color ('w' or 'b'), busy, inPlay(), judge(uci) }). A piece may be picked up only when it
 * is the player's, on their turn, with the puzzle in play and nothing else moving; each move is
 * handed to judge() once, one at a time (run.busy is true meanwhile).
 */
/** @import { Chess, Square } from '../vendor/chess.js' */
/** @import { BoardHooks, Mover } from '../play_types.js' */

/**
 * @param {Mover} run
 * @param {(text: string) => void} announce
 * @returns {BoardHooks}
 */
export function boardHooks(run, announce) {
  const open = () => run.inPlay() && !run.busy
  return {
    canPick(square) {
      const piece = run.chess.get(square)
      return open() && Boolean(piece) && piece?.color === run.color && run.chess.turn() === run.color
    },
    targets: (square) => run.chess.moves({ square, verbose: true }).map((m) => m.to),
    legality(from, to) {
      if (!open()) return 'illegal'
      const moves = run.chess.moves({ square: from, verbose: true }).filter((m) => m.to === to)
      if (!moves.length) return 'illegal'
      return moves.some((m) => m.promotion) ? 'promotion' : 'legal'
    },
    async onMove({ from, to, promotion }) {
      if (!open()) return
      run.busy = true
      try {
        await run.judge(from + to + (promotion || ''))
      } finally {
        run.busy = false
      }
    },
    announce,
  }
}

/**
 * The square of the king in check on `chess` (the side to move's), or null.
 * @param {Chess} chess
 * @returns {Square | null}
 */
export function checkedKing(chess) {
  if (!chess.inCheck()) return null
  const king = chess.findPiece({ type: 'k', color: chess.turn() })
  return (king && king[0]) || null
}
