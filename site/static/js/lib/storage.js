/**
 * A namespace in localStorage: every key under one prefix, values as JSON.
 *
 * Reading never throws: a missing, unreadable or corrupt value gives the
 * fallback. Writing never throws either (private mode, a full quota): it
 * answers false, and the game plays on without keeping that value.
 */
/** @import { Namespace, StorageBackend } from '../storage_types.js' */

/** A Map-backed stand-in for localStorage (tests, or when storage is blocked). */
/** @implements {StorageBackend} */
export class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.map = new Map()
  }
  get length() { return this.map.size }
  /** @param {number} i */
  key(i) { return [...this.map.keys()][i] ?? null }
  /** @param {string} k */
  getItem(k) { return this.map.get(k) ?? null }
  /** @param {string} k @param {unknown} v */
  setItem(k, v) { this.map.set(k, String(v)) }
  /** @param {string} k */
  removeItem(k) { this.map.delete(k) }
  clear() { this.map.clear() }
}

/**
 * The browser's localStorage, or a memory store when it can't be used.
 * @returns {StorageBackend}
 */
export function defaultBackend() {
  return usable(() => globalThis.localStorage)
}

/**
 * This tab's sessionStorage (gone with the tab), or a memory store when it can't be used.
 * @returns {StorageBackend}
 */
export function tabBackend() {
  return usable(() => globalThis.sessionStorage)
}

/** The web storages already written to once: each is probed once per page, not once per namespace. */
const probed = new WeakSet()

/**
 * The web storage `get` answers if a write to it works (it throws when storage is turned off, or is
 * missing outside a browser), else a memory store. The write is tried once per storage: each of
 * the namespaces a daily's opening makes (the player's, the store's, the tickets'...) wrote and
 * removed a key of its own before the board took moves.
 * @param {() => Storage} get
 * @returns {StorageBackend}
 */
function usable(get) {
  try {
    const s = get()
    if (!probed.has(s)) {
      const probe = '__pb_probe__'
      s.setItem(probe, '1')
      s.removeItem(probe)
      probed.add(s)
    }
    return s
  } catch {
    return new MemoryStorage()
  }
}

/**
 * The keys under `prefix` (e.g. "pb:chess:") in `backend`.
 * get(key, fallback), set(key, value) -> bool, remove(key), keys() -> [key without prefix].
 * @param {string} prefix
 * @param {StorageBackend} [backend]
 * @returns {Namespace}
 */
export function namespace(prefix, backend = defaultBackend()) {
  return {
    prefix,
    get(key, fallback = null) {
      try {
        const raw = backend.getItem(prefix + key)
        return raw === null ? fallback : JSON.parse(raw)
      } catch {
        return fallback
      }
    },
    set(key, value) {
      try {
        backend.setItem(prefix + key, JSON.stringify(value))
        return true
      } catch {
        return false
      }
    },
    remove(key) {
      try { backend.removeItem(prefix + key) } catch { /* nothing to undo */ }
    },
    keys() {
      const found = []
      try {
        for (let i = 0; i < backend.length; i++) {
          const k = backend.key(i)
          if (k !== null && k.startsWith(prefix)) found.push(k.slice(prefix.length))
        }
      } catch { /* storage unavailable: nothing to list */ }
      return found
    },
  }
}
