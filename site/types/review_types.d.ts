/** The review's records as the browser keeps them and the API sends them (docs/review.md; docs/api.md, "Review"). */

/** A result's grade, worst first: a miss, solved with help, solved cleanly. */
export type Grade = 'miss' | 'help' | 'clean'

/** One day's result of a card: [YYYY-MM-DD, grade]. */
export type ReviewResult = [day: string, grade: Grade]

/** A puzzle in review: its band, id and results day by day. */
export interface ReviewCard {
  band: string
  id: string
  results: ReviewResult[]
}

/** A player's review: its cards in key order. */
export interface ReviewQueue {
  cards: ReviewCard[]
}
