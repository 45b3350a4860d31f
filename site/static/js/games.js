/**
 * The games, their leaderboards and the chess bands: made from the registry in
 * puzzlebook/games.py (and the UCI move pattern from puzzlebook/patterns.py) by
 * sitebuild/games_js.py. Don't edit: change them and run `python -m sitebuild.games_js`.
 * Their types are site/types/games_types.d.ts.
 */
/** @import { Band, Board, Game, StoreModule, WaitingModule } from './games_types.js' */
import { t } from './lib/i18n.js'
/** @type {readonly Game[]} */
export const GAMES = /* @__PURE__ */ Object.freeze([
  {
    "key": "chess",
    "name": t("Chess Puzzles"),
    "nav": {"label": "Chess", "url": "/"},
    "entry": "chess/app.js",
    "streak": true,
    "rating": true,
    "daily": true,
    "store": "chess/store.js",
    "noun": ["chess puzzle", "chess puzzles"],
    "waiting": null,
    "archive": {
      "label": t("Chess daily"),
      "spoken": t("Chess daily of {day}"),
      "url": "#/chess/{date}",
      "place": 2,
      "pick": "/#/daily/{band}/{date}",
      "marks": true
    }
  },
  {
    "key": "chain",
    "name": t("Chain"),
    "nav": {"label": "Chain", "url": "/chain/"},
    "entry": "chain/app.js",
    "streak": true,
    "rating": false,
    "daily": true,
    "store": "chain/store.js",
    "noun": ["Chain", "Chains"],
    "waiting": null,
    "archive": {
      "label": t("Chain"),
      "spoken": t("Chain of {day}"),
      "url": "/chain/#/{date}",
      "place": 1,
      "pick": null,
      "marks": true
    }
  },
  {
    "key": "lessons",
    "name": t("Lessons"),
    "nav": {"label": "Lessons", "url": "/lessons/"},
    "entry": "lessons/list.js",
    "streak": false,
    "rating": false,
    "daily": false,
    "store": null,
    "noun": null,
    "waiting": "lessons/store.js",
    "archive": null
  },
  {
    "key": "storm",
    "name": t("Storm"),
    "nav": {"label": "Storm", "url": "/storm/"},
    "entry": "storm/app.js",
    "streak": false,
    "rating": false,
    "daily": true,
    "store": "storm/store.js",
    "noun": ["Storm run", "Storm runs"],
    "waiting": null,
    "archive": {
      "label": t("Storm"),
      "spoken": t("Storm run of {day}"),
      "url": "/storm/#/{date}",
      "place": 3,
      "pick": null,
      "marks": false
    }
  },
  {
    "key": "streak",
    "name": t("Streak"),
    "nav": {"label": "Streak", "url": "/streak/"},
    "entry": "streak/app.js",
    "streak": false,
    "rating": false,
    "daily": true,
    "store": "streak/store.js",
    "noun": ["Streak run", "Streak runs"],
    "waiting": null,
    "archive": {
      "label": t("Streak"),
      "spoken": t("Streak run of {day}"),
      "url": "/streak/#/{date}",
      "place": 4,
      "pick": null,
      "marks": false
    }
  }
])
/** @type {readonly Board[]} */
export const BOARDS = /* @__PURE__ */ Object.freeze([
  {
    "id": "chess/daily",
    "game": "chess",
    "title": t("Chess daily"),
    "api": "/boards/chess/daily/{date}",
    "ranks": "daily",
    "columns": [
      {"head": t("Clean"), "field": "clean", "kind": "yesno"},
      {"head": t("Mistakes"), "field": "mistakes", "kind": "count"},
      {"head": t("Hints"), "field": "hints", "kind": "count"},
      {"head": t("Time"), "field": "seconds", "kind": "time"}
    ],
    "dated": true,
    "bands": "day",
    "caption": t("Chess daily"),
    "joins": ""
  },
  {
    "id": "chess/alltime",
    "game": "chess",
    "title": t("Chess all time"),
    "api": "/boards/chess/alltime",
    "ranks": "clean",
    "columns": [{"head": t("Clean solves"), "field": "clean", "kind": "count"}],
    "dated": false,
    "bands": "optional",
    "caption": t("Chess clean solves of all time"),
    "joins": ""
  },
  {
    "id": "chess/ratings",
    "game": "chess",
    "title": t("Chess ratings"),
    "api": "/boards/ratings/chess",
    "ranks": "rating",
    "columns": [{"head": t("Rating"), "field": "rating", "kind": "rating"}],
    "dated": false,
    "bands": null,
    "caption": t("Chess ratings"),
    "joins": t("A player goes on it after 30 rated puzzles, once their rating is settled (no longer provisional).")
  },
  {
    "id": "chess/streaks",
    "game": "chess",
    "title": t("Chess streaks"),
    "api": "/boards/streaks/chess",
    "ranks": "streak",
    "columns": [
      {"head": t("Current streak"), "field": "streak", "kind": "days"},
      {"head": t("Freezes used"), "field": "freezes_used", "kind": "count"}
    ],
    "dated": false,
    "bands": null,
    "caption": t("Chess streaks"),
    "joins": ""
  },
  {
    "id": "chain/daily",
    "game": "chain",
    "title": t("Chain daily"),
    "api": "/boards/chain/daily/{date}",
    "ranks": "daily",
    "columns": [
      {"head": t("Clean"), "field": "clean", "kind": "yesno"},
      {"head": t("Undos"), "field": "undos", "kind": "count"},
      {"head": t("Resets"), "field": "resets", "kind": "count"},
      {"head": t("Time"), "field": "seconds", "kind": "time"}
    ],
    "dated": true,
    "bands": null,
    "caption": t("Chain"),
    "joins": ""
  },
  {
    "id": "chain/streaks",
    "game": "chain",
    "title": t("Chain streaks"),
    "api": "/boards/streaks/chain",
    "ranks": "streak",
    "columns": [
      {"head": t("Current streak"), "field": "streak", "kind": "days"},
      {"head": t("Freezes used"), "field": "freezes_used", "kind": "count"}
    ],
    "dated": false,
    "bands": null,
    "caption": t("Chain streaks"),
    "joins": ""
  },
  {
    "id": "storm/daily",
    "game": "storm",
    "title": t("Storm today"),
    "api": "/boards/storm/daily/{date}",
    "ranks": "daily",
    "columns": [
      {"head": t("Solved"), "field": "score", "kind": "count"},
      {"head": t("Highest"), "field": "highest", "kind": "puzzle"},
      {"head": t("Time"), "field": "seconds", "kind": "time"}
    ],
    "dated": true,
    "bands": null,
    "caption": t("Storm today"),
    "joins": ""
  },
  {
    "id": "storm/best",
    "game": "storm",
    "title": t("Storm best"),
    "api": "/boards/storm/best",
    "ranks": "best",
    "columns": [
      {"head": t("Solved"), "field": "score", "kind": "count"},
      {"head": t("Highest"), "field": "highest", "kind": "puzzle"},
      {"head": t("Time"), "field": "seconds", "kind": "time"}
    ],
    "dated": false,
    "bands": null,
    "caption": t("Storm best"),
    "joins": ""
  },
  {
    "id": "streak/daily",
    "game": "streak",
    "title": t("Streak today"),
    "api": "/boards/streak/daily/{date}",
    "ranks": "daily",
    "columns": [
      {"head": t("Solved"), "field": "score", "kind": "count"},
      {"head": t("Highest"), "field": "highest", "kind": "puzzle"},
      {"head": t("Time"), "field": "seconds", "kind": "time"}
    ],
    "dated": true,
    "bands": null,
    "caption": t("Streak today"),
    "joins": ""
  },
  {
    "id": "streak/best",
    "game": "streak",
    "title": t("Streak best"),
    "api": "/boards/streak/best",
    "ranks": "best",
    "columns": [
      {"head": t("Solved"), "field": "score", "kind": "count"},
      {"head": t("Highest"), "field": "highest", "kind": "puzzle"},
      {"head": t("Time"), "field": "seconds", "kind": "time"}
    ],
    "dated": false,
    "bands": null,
    "caption": t("Streak best"),
    "joins": ""
  }
])
/** @type {readonly Band[]} */
export const BANDS = /* @__PURE__ */ Object.freeze([
  {"name": "Beginner", "low": 600, "high": 999},
  {"name": "Easy", "low": 1000, "high": 1399},
  {"name": "Medium", "low": 1400, "high": 1799},
  {"name": "Hard", "low": 1800, "high": 2199},
  {"name": "Expert", "low": 2200, "high": 2599}
])

/** The band names, easiest first. */
export const BAND_NAMES = /* @__PURE__ */ Object.freeze(BANDS.map((b) => b.name))

/** A whole move in UCI (e2e4, e7e8q), as the server's referee reads it. */
export const UCI = /* @__PURE__ */ new RegExp("^(?:[a-h][1-8][a-h][1-8][qrbn]?)(?![\\s\\S])")

/**
 * Each game's store module, loaded when asked for: `STORES[key]()`.
 * @type {Readonly<Record<string, () => Promise<StoreModule>>>}
 */
export const STORES = /* @__PURE__ */ Object.freeze({
  chess: () => /** @type {Promise<StoreModule>} */ (import('./chess/store.js')),
  chain: () => /** @type {Promise<StoreModule>} */ (import('./chain/store.js')),
  storm: () => /** @type {Promise<StoreModule>} */ (import('./storm/store.js')),
  streak: () => /** @type {Promise<StoreModule>} */ (import('./streak/store.js')),
})

/**
 * Each game's module of results waiting outside the outbox: `WAITING[key]()`.
 * @type {Readonly<Record<string, () => Promise<WaitingModule>>>}
 */
export const WAITING = /* @__PURE__ */ Object.freeze({
  lessons: () => /** @type {Promise<WaitingModule>} */ (import('./lessons/store.js')),
})

/**
 * The game called `key`, or undefined.
 * @param {string} key
 */
export function findGame(key) {
  return GAMES.find((g) => g.key === key)
}
