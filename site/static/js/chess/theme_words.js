/**
 * A Lichess theme's name in words, from its key: "backRankMate" → "Back rank mate",
 * "mateIn2" → "Mate in 2". Used where no catalogue name is at hand.
 */
export function themeWords(key) {
  const words = String(key).replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/([0-9])([A-Za-z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
