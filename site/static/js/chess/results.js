/**
 * The chess result rules the browser keeps for itself: for a guest, whose results are never
 * posted, and for this browser's own tallies and streak days before (or without) a post's answer.
 * They are the server's (puzzlebook/chess/results.py); tests/vectors/chess_results.json binds the
 * two. What the server alone decides (the first result stands, a solve after a miss, the rating)
 * the page shows from the post's answer.
 */

/** A clean solve: no mistakes and no hints. */
export function isClean(mistakes, hints) {
  return !mistakes && !hints
}

/** Which counts a finished puzzle's record adds to its band's tally: solved (and clean), or missed. */
export function outcomes(rec) {
  if (rec.state !== 'solved') return ['missed']
  return isClean(rec.mistakes, rec.hints) ? ['solved', 'clean'] : ['solved']
}

/**
 * The day a result counts for (the streak, the day's board): `today` (the site day) when the
 * puzzle is that very day's daily, else null (an archive daily, or not a daily at all).
 */
export function countedDay(daily, today) {
  return daily && daily === today ? today : null
}
