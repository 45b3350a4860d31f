// The friends' contracts the server answers (docs/friends.md; functions/routes/social/models.py).

import type { Answer, CallOptions, KeptPlayer } from './answer_types.js'
import type { ClubOut, DayBoardOut, FollowState, FriendStreakOut, PlayerOut, WeekBoardOut } from './api_types.js'
import type { Board, Column } from './games_types.js'

/**
 * A player's days with a daily played, as the API gives them (puzzlebook/friends/played.py): the
 * run from `first` to `last` (YYYY-MM-DD, their own dates) but for the `missed` day numbers after
 * `first`. `first` and `last` are null for a player with no day kept.
 */
export interface PlayedDays {
  first: string | null
  last: string | null
  missed: number[]
}

/** A friend streak as it stands on the pair's today (puzzlebook/friends/streak.py, `FriendStreak`). */
export interface FriendStanding {
  length: number
  freezesUsed: number
  freezesHeld: number
  bothToday: boolean
}

// ---- the pages (site/static/js/friends/: docs/friends.md, "The pages") ------------------------


/** How a controller asks the API: lib/api.js's `call`, or a test's stand-in. */
export type SocialCall = (path: string, options?: CallOptions) => Promise<Answer<unknown>>

/** An intent's end: done, or the words saying why not (the API's own, or the page's). */
export type Done = { ok: true } | { ok: false, error: string }

/** A daily game with a board of people you know: the public daily board it ranks as (js/games.js). */
export interface SocialGame {
  key: string
  /** Its name on a tab: "Chess daily", "Chain", "Storm", "Streak". */
  name: string
  board: Board
}

/** Whose board: you and the people you follow, or a club's members. */
export type BoardSource = { kind: 'friends' } | { kind: 'club', id: string, name?: string }

/** Which board: a game's, of a day (`week` false) or of the week holding it. */
export interface BoardAt {
  game: string
  date: string
  week: boolean
}

/** A day's board as the API answers it: a friends' board carries your friend streaks too. */
export type DayAnswer = DayBoardOut & { streaks?: FriendStreakOut[] }

/** What a board view draws: a day's board or a week's. */
export type BoardAnswer = { week: false, day: DayAnswer } | { week: true, days: WeekBoardOut }

/** A board kept in this browser (friends/kept.js): the last of each seen, for offline. */
export interface KeptBoard {
  /** The player it was seen by. */
  by: string
  source: BoardSource
  at: BoardAt
  /** When it was answered (ISO). */
  seen: string
  answer: BoardAnswer
}

/** A row of a board as a table draws it: each cell's text, in the columns' order. */
export interface DrawnRow {
  place: string
  name: string
  you: boolean
  cells: string[]
}

/** A board as a table draws it: its caption, its columns' heads (after Place and Name), its rows. */
export interface DrawnBoard {
  caption: string
  heads: { head: string, num: boolean }[]
  rows: DrawnRow[]
  /** What the board says under its table: "3 of the 5 people you follow played today." */
  line: string
  /** The people still to play that day (a day's board). */
  waiting: string
}

/** What a board's controller has to show. */
export type BoardState =
  | { kind: 'loading' }
  /** A guest, invited to make a player. */
  | { kind: 'guest' }
  /** No board: why (a day not out, no such club, the API's words). */
  | { kind: 'notice', words: string }
  /** The board; `kept`: when it was seen, shown from this browser's copy (offline). */
  | { kind: 'shown', answer: BoardAnswer, at: BoardAt, source: BoardSource, kept: string | null }

/** What a controller asks of its view: draw again, say something. */
export interface SocialUi {
  redraw(): void
  announce(text: string): void
}

/** What the page gives a board's controller: the API, the player, today, the browser's storage. */
export interface BoardDeps {
  call: SocialCall
  player: () => KeptPlayer | null
  today: () => string
  keep: import('./storage_types.js').Namespace
  now?: () => Date
}

/** A person in a list of the friends page: a follow, a follower or a block, with their friend streak. */
export interface PersonShown extends PlayerOut {
  /** The friend streak's words ("Friend streak with Ada: 3 days."), or ''. */
  streak: string
  /** The same without the name, for the list that names them ("Friend streak: 3 days."), or ''. */
  streakShort: string
}

/** The question a destructive intent asks first, by whom it is about. */
export interface Asking {
  kind: 'unfollow' | 'remove' | 'block' | 'new-code' | 'remove-member' | 'close' | 'leave' | 'new-link'
  id: string
  name: string
}

/** The friends page's state (friends/friends_ctrl.js). */
export type FriendsPage = { kind: 'loading' } | { kind: 'guest' } | { kind: 'notice', words: string } | { kind: 'ready' }

/** Your follow link, code and setting, and the clubs you are in, as the friends page keeps them. */
export interface FriendsData {
  follow: FollowState | null
  follows: PersonShown[]
  followers: PersonShown[]
  more: boolean
  blocked: PlayerOut[]
  clubs: { id: string, name: string, owner: boolean }[]
  mostClubs: number
}

/** The follow link's page (friends/follow_ctrl.js). */
export type FollowPage =
  | { kind: 'loading' }
  | { kind: 'broken', words: string }
  | { kind: 'guest' }
  | { kind: 'offer', player: PlayerOut }
  | { kind: 'followed', player: PlayerOut, already: boolean }
  | { kind: 'refused', words: string }

/** The club's page (friends/club_ctrl.js). */
export type ClubPage = { kind: 'loading' } | { kind: 'notice', title: string, words: string } | { kind: 'club', club: ClubOut }

/** A club's join link's page (friends/join_ctrl.js). */
export type JoinPage =
  | { kind: 'broken', words: string }
  | { kind: 'guest' }
  | { kind: 'offer' }
  | { kind: 'joined', club: ClubOut, already: boolean }
  | { kind: 'refused', words: string }

/** Which daily a result sheet shows (friends/on_sheet.js): the game, its date and band, and what the player did. */
export interface SheetWhere {
  game: string
  date: string
  band?: string | null
  /** The player's own result counts for the day (a daily solved, a ranked run): their friend streak counts it. */
  counts: boolean
  /** Their result is posted: the board has it (asked again when it turns true). */
  posted: boolean
}

/** What the result sheet's panel of the people you follow says (friends/sheet.js). */
export interface SheetWords {
  line: string
  rows: { place: string, name: string, you: boolean, figure: string }[]
  waiting: string
  streaks: string[]
  board: string
  clubs: { name: string, href: string, line: string }[]
}
