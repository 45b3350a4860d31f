// lib/storage.js: what a namespace of localStorage offers, and what it can be kept in.

/** What a namespace reads and writes through: localStorage, or lib/storage.js's MemoryStorage. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** The keys under one prefix, values as JSON (lib/storage.js `namespace`). */
export interface Namespace {
  readonly prefix: string
  /**
   * The value kept under `key`, or `fallback` when there is none or it can't be read. What was kept
   * is unknown (the player's own storage, written by any version of the site): the caller checks it.
   */
  get(key: string, fallback?: unknown): unknown
  /** Keep `value` as JSON; false when the browser refused (private mode, a full quota). */
  set(key: string, value: unknown): boolean
  remove(key: string): void
  /** Every key under the prefix, the prefix taken off. */
  keys(): string[]
}
