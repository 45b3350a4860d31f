// The friends' contracts the server answers (docs/friends.md; functions/routes/social/models.py).

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
