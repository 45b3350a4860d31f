// The boards in the browser: a board's published snapshot (service/boards/snapshot.py writes it,
// docs/api.md "Boards"), where a player stands on it (boards/places.js, puzzlebook/places.py's
// rule) and the rows the page shows (boards/model.js).

/** Where a place is known: `low` to `high` of `size`; `top` the per cent, for a sampled board. */
export interface Standing {
  low: number
  high: number
  size: number
  top: number | null
}

/** What a board row says of where it stands (lib/standing.js placeText reads it). */
export interface Placed {
  place: number | null
  /** Known within 1%, not exactly. */
  about: boolean
  /** The per cent, when the place isn't known within 1%. */
  top: number | null
}

/** A board's row: its place and name, and its columns (the registry's fields: clean, rating, streak, …). */
export interface BoardRow {
  place?: number | null
  name?: string
  you?: boolean
  about?: boolean
  top?: number | null
  [field: string]: unknown
}

/** A row of a snapshot: its rank key too (keys sort as the board ranks). */
export interface SnapshotRow extends BoardRow {
  key: string
  place: number
  name: string
}

/** A board's snapshot, /snapshots/<board path>.json. */
export interface Snapshot {
  rows: SnapshotRow[]
  /** How many are on the board. */
  size?: number
  /** A board read whole: [last key, entries] in order. */
  runs?: [string, number][] | null
  /** A sampled board: the keys at each whole per cent. */
  percentiles?: string[] | null
  /** When it was made (UTC ISO). */
  published?: string
  /** A dated board still open: when its day ends everywhere (UTC ISO). */
  open_until?: string | null
}

/** A board as the page shows it: its rows, and the player's own (with where they stand), or null. */
export interface Shown {
  rows: BoardRow[]
  mine: (BoardRow & Placed) | null
}

/** A line of the board's table: a row (the player's own marked), or the gap before theirs. */
export type DisplayRow = { row: BoardRow, you: boolean, gap?: undefined } | { gap: true }

/** What a boards address asks for (boards/model.js parseRoute). */
export interface BoardRoute {
  board: import('./games_types.js').Board
  date: string | null
  band: string | null
}
