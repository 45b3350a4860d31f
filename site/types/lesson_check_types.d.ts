// The engine's check of an imported lesson (site/static/js/lessons/engine_check.js): what it reads
// (a puzzle of POST /api/lessons/validate, the engine's evaluations) and what it answers.

/** A score for the side to move: centipawns, or a mate in that many moves (negative: being mated). */
export type Score = { cp: number } | { mate: number }

/** One of the engine's lines: its score and its moves in UCI. */
export interface PvLine {
  score: Score
  pv: string[]
}

/** The engine's verdict on one position: its best lines, best first. */
export interface Evaluation {
  lines: PvLine[]
}

/** A refutation (a wrong move and its reply), or a variation not marked worse. */
export interface Answered {
  uci: string
  san: string
  reply: string
  reply_san: string
  comment?: string
}

export interface CheckedMove {
  uci: string
  san: string
  color: 'white' | 'black'
  by_student: boolean
  refutations?: Answered[]
  /** A PGN's variations of this student move that aren't marked worse (the validator's only). */
  variations?: Answered[]
}

export interface CheckedPuzzle {
  fen: string
  student: 'white' | 'black'
  opponent_first: boolean
  moves: CheckedMove[]
}

export type FindingKind = 'loses' | 'also' | 'unwon' | 'reply' | 'refutation' | 'variation'

/** A word a finding's value may be, by its code (lessons/finding_words.js): "White is up a piece", "White mates in 3". */
export type SaidLeaf = import('./api_types.js').SaidLeaf

/** A finding said as a code and its values (lessons/finding_words.js), so each language says it. */
export type Said = import('./api_types.js').Said

export interface Finding {
  kind: FindingKind
  /** The line's move it is about (1-based), when it is about one. */
  move?: number
  /** Its words in the language of the page that found it. */
  words: string
  said: Said
  /** A variation clearly worse than the line's move (kind 'variation'): its move in SAN, and as the words name it ("…Ra2"), for the import page's offer to keep it as a refutation. */
  refute?: { san: string, named: string }
}

/** What the check asks of an engine (chess/engine.js's Engine, or a stand-in in the tests). */
export interface Analyser {
  analyse(
    fen: string,
    limits: { depth: number; multipv: number },
  ): Promise<{ score?: Score | null; pv?: string[]; lines?: { score: Score | null; pv: string[] }[] } | null>
}
