// js/games.js, the browser's copy of the game registry (puzzlebook/games.py, written by
// sitebuild/games_js.py): its games, their boards and the chess bands, and what generic code
// (the flush, the sign-in page's count, the archive) reads of a game's store.
import type { GameStore as SessionStore, PlayRecord } from './session_types.js'


/** How the archive links a game's days. */
export interface ArchiveLinks {
  label: string
  /** What a screen reader hears for a day's link: "{day}" is the day in words. */
  spoken: string
  /** A day's address: "{date}" is the day. */
  url: string
  /** Its place among a day's links. */
  place: number
  /** Where a daily of a band plays as the daily it was ("{band}", "{date}"), or null. */
  pick: string | null
  /** Whether a day's link carries the store's dayMark. */
  marks: boolean
}

export interface Game {
  key: string
  name: string
  nav: { label: string, url: string }
  /** The game's page module, under js/. */
  entry: string
  streak: boolean
  rating: boolean
  daily: boolean
  /** Its store module under js/ (loaded by STORES[key]), or null. */
  store: string | null
  /** Its module of results waiting outside the outbox under js/ (loaded by WAITING[key]), or null. */
  waiting: string | null
  /** What its plays are called: [one, many]; null without a store. */
  noun: [string, string] | null
  archive: ArchiveLinks | null
}

export interface Column {
  head: string
  field: string
  kind: 'yesno' | 'count' | 'time' | 'rating' | 'days' | 'puzzle'
}

export interface Board {
  /** Its address on /boards/: "chess/daily". */
  id: string
  game: string
  title: string
  /** Where the API serves it: "/api/boards/chess/daily/{date}". */
  api: string
  ranks: 'daily' | 'clean' | 'rating' | 'streak' | 'best'
  columns: Column[]
  /** One board per site day. */
  dated: boolean
  /** Whether it takes a band: one a day ("day"), optional, or none. */
  bands: 'day' | 'optional' | null
  caption: string
  /** How a player gets on it, said when no one is on it yet ('' when a result puts one there). */
  joins: string
}

/** A chess band: its rating range, both ends included. */
export interface Band {
  name: string
  low: number
  high: number
}

/** A finished or open record in a game's store, as generic code reads it. */
export type KeptRecord = PlayRecord & {
  /** Who was signed in when the go ended (null or missing: nobody). */
  by?: string | null
}

/** What generic code reads of a game's store (each game's store module, opened by openStore): the
 * play session's store, and the archive's mark of a day. */
export interface GameStore extends SessionStore<PlayRecord> {
  /** The records this browser keeps, newest first. */
  recent(): KeptRecord[]
  /** A day's mark in the archive ("solved", "gave up", "started"), for a game whose links carry one. */
  dayMark?(date: string): string | null
}

/** A game's module of results waiting outside the outbox (lessons: each lesson's own queue). */
export interface WaitingModule {
  /** Post whatever waits, anyone's (a guest's goes without a token). */
  postWaiting(): Promise<unknown>
}

/** A game's store module. */
export interface StoreModule {
  openStore(backend?: import('./storage_types.js').StorageBackend): GameStore
}

/** A game the archive links (its `archive` set). */
export type ArchivedGame = Game & { archive: ArchiveLinks }
