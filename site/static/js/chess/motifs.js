/**
 * The puzzle's motif line for the results sheet: "Fork · Middlegame · Rated 1778".
 *
 * The motif is the first of MOTIFS (DESIGN.md's order of precedence) among
 * the puzzle's Lichess themes; the phase is its opening/middlegame/endgame
 * theme. Either is left out when the puzzle has none.
 */

export const MOTIFS = [
  'mate', 'fork', 'pin', 'skewer', 'discoveredAttack', 'doubleCheck', 'sacrifice', 'deflection',
  'attraction', 'clearance', 'interference', 'hangingPiece', 'trappedPiece', 'promotion', 'advancedPawn',
  'quietMove', 'defensiveMove', 'zugzwang', 'xRayAttack', 'intermezzo', 'capturingDefender', 'exposedKing',
]

/** @type {Record<string, string>} */
const NAMES = {
  mate: 'Mate', fork: 'Fork', pin: 'Pin', skewer: 'Skewer', discoveredAttack: 'Discovered attack',
  doubleCheck: 'Double check', sacrifice: 'Sacrifice', deflection: 'Deflection', attraction: 'Attraction',
  clearance: 'Clearance', interference: 'Interference', hangingPiece: 'Hanging piece',
  trappedPiece: 'Trapped piece', promotion: 'Promotion', advancedPawn: 'Advanced pawn', quietMove: 'Quiet move',
  defensiveMove: 'Defensive move', zugzwang: 'Zugzwang', xRayAttack: 'X-ray attack', intermezzo: 'Intermezzo',
  capturingDefender: 'Capturing the defender', exposedKing: 'Exposed king',
}
/** @type {Record<string, string>} */
const PHASES = { opening: 'Opening', middlegame: 'Middlegame', endgame: 'Endgame' }

/**
 * The first motif of MOTIFS among `themes`, or null.
 * @param {readonly string[]} themes
 */
export function motifOf(themes) {
  return MOTIFS.find((m) => themes.includes(m)) || null
}

/**
 * "Mate in 2" when the puzzle says how many moves the mate takes, else the motif's name.
 * @param {string} motif
 * @param {readonly string[]} themes
 */
function motifName(motif, themes) {
  if (motif === 'mate') {
    const n = themes.map((t) => /^mateIn(\d)$/.exec(t)).find(Boolean)
    if (n) return `Mate in ${n[1]}`
  }
  return NAMES[motif]
}

/**
 * "Fork · Middlegame · Rated 1778" for a puzzle ({themes, rating}).
 * @param {{ themes?: readonly string[], rating: number }} puzzle
 */
export function motifLine(puzzle) {
  const themes = puzzle.themes || []
  const parts = []
  const motif = motifOf(themes)
  if (motif) parts.push(motifName(motif, themes))
  const phase = Object.keys(PHASES).find((p) => themes.includes(p))
  if (phase) parts.push(PHASES[phase])
  parts.push(`Rated ${puzzle.rating}`)
  return parts.join(' · ')
}
