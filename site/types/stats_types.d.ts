// A daily game's stats panel (lib/stats.js counts, lib/stats_panel.js gathers, lib/stats_view.js draws).

/** How a day went: a clean solve, a solve with help, (chess) solved after a mistake, missed, (chess) the solution shown. */
export type DayOutcome = 'clean' | 'help' | 'mistake' | 'missed' | 'shown'

/** One day of a daily game (the server's StatsDay, or a game's statsDay(rec) of a record kept here). */
export interface StatsDay {
  day: string
  result: DayOutcome
  seconds?: number | null
  undos?: number | null
}

/** A streak as the panel counts it. */
export interface StreakFigures {
  current: number
  best: number
  freezesUsed?: number
}

/** A bucket of a distribution: its label and how many fell in it. */
export interface Bucket {
  label: string
  count: number
}

/** lib/stats.js countStats: the panel's figures. */
export interface StatsFigures {
  played: number
  solved: number
  /** Whole per cent; null before any day. */
  solvedPct: number | null
  current: number
  best: number
  freezesUsed: number
  results: { key: DayOutcome, count: number }[]
  times: Bucket[]
  /** Empty when no solve counted any (chess never does). */
  undos: Bucket[]
}

/** Where the figures come from: the account and this browser, this browser (a guest), or this browser because the server couldn't be reached. */
export type StatsSource = 'account' | 'browser' | 'unreached'

/** lib/stats_panel.js statsState: what the view draws. */
export interface StatsState extends StatsFigures {
  name: string
  source: StatsSource
  /** The outcomes the game has, by name (the game's StatsGame words). */
  words: Partial<Record<DayOutcome, string>>
}

/** The game a panel is for, and what its days' outcomes are called (chess: its results' names). */
export interface StatsGame {
  key: string
  name: string
  words: Partial<Record<DayOutcome, string>>
}

/** A bar of lib/charts.js barChart: value 0-100, the note at its end, a tone class. */
export interface Bar {
  label: string
  value: number
  note: string
  tone?: string
}

/** A point of lib/charts.js lineChart. */
export interface Point {
  label: string
  value: number
}
