// The review (docs/review.md): the cards this browser keeps and syncs with the server's
// (review/queue.js, review/schedule.js, review/keep.js; puzzlebook/review/ on the server).

/** A result's grade, worst first: missed (a wrong move, or the solution shown), with hints, clean. */
export type Grade = 'miss' | 'help' | 'clean'

/** A day's result: [YYYY-MM-DD, grade]. */
export type ReviewResult = [day: string, grade: Grade]

/** A puzzle in review: its results in day order, one a day (the API's ReviewCardKept without its due). */
export interface Card {
  band: string
  id: string
  results: ReviewResult[]
}

/** The review: one card a puzzle, in key order. */
export interface Queue {
  cards: Card[]
}

/** FSRS's memory of a card after its results. */
export interface Memory {
  stability: number
  difficulty: number
}
