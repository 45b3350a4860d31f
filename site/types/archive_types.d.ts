// The archive page (archive/days.js, archive/app.js): the published index and its months.

/** daily/index.json: each daily game's published days. */
export type DailyIndex = Record<string, unknown>

/** A past day: its date, and for each archived game's key whether that game has it. */
export interface ArchiveDay {
  date: string
  [gameKey: string]: string | boolean
}

/** A month of the archive, its days newest first. */
export interface ArchiveMonth {
  month: string
  days: ArchiveDay[]
}

/** What an archive address asks for. */
export type ArchiveRoute =
  | { kind: 'month', month: string | null }
  | { kind: 'unknown' }
  | { kind: string, date: string }
