/**
 * The puzzle's motif line for the results sheet: "Fork · Middlegame · Rated 1778".
 *
 * The motif is the first of MOTIFS (DESIGN.md's order of precedence) among
 * the puzzle's Lichess themes; the phase is its opening/middlegame/endgame
 * theme. Either is left out when the puzzle has none.
 */
import { t } from '../lib/i18n.js'

export const MOTIFS = [
  'mate', 'fork', 'pin', 'skewer', 'discoveredAttack', 'doubleCheck', 'sacrifice', 'deflection',
  'attraction', 'clearance', 'interference', 'hangingPiece', 'trappedPiece', 'promotion', 'advancedPawn',
  'quietMove', 'defensiveMove', 'zugzwang', 'xRayAttack', 'intermezzo', 'capturingDefender', 'exposedKing',
]

/** @type {Record<string, string>} */
const NAMES = {
  mate: t('Mate'), fork: t('Fork'), pin: t('Pin'), skewer: t('Skewer'), discoveredAttack: t('Discovered attack'),
  doubleCheck: t('Double check'), sacrifice: t('Sacrifice'), deflection: t('Deflection'), attraction: t('Attraction'),
  clearance: t('Clearance'), interference: t('Interference'), hangingPiece: t('Hanging piece'),
  trappedPiece: t('Trapped piece'), promotion: t('Promotion'), advancedPawn: t('Advanced pawn'), quietMove: t('Quiet move'),
  defensiveMove: t('Defensive move'), zugzwang: t('Zugzwang'), xRayAttack: t('X-ray attack'), intermezzo: t('Intermezzo'),
  capturingDefender: t('Capturing the defender'), exposedKing: t('Exposed king'),
}
/** @type {Record<string, string>} */
const PHASES = { opening: t('Opening'), middlegame: t('Middlegame'), endgame: t('Endgame') }

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
    const n = themes.map((theme) => /^mateIn(\d)$/.exec(theme)).find(Boolean)
    if (n) return t('Mate in {n}', { n: n[1] })
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
  parts.push(t('Rated {rating}', { rating: puzzle.rating }))
  return parts.join(' · ')
}
