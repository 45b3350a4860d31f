"""The traffic model: the scripted day's trace multiplied out to N daily players, key by key.

Every assumption is a field of `Assumptions` (printed by the report, written in docs/operations.md,
"The scale model"). What the model does with the trace:

- Keys are grouped into classes: a player's id becomes <pid>, today's date <today>, yesterday's
  <yesterday>, a long number (a rate window's start) <n>. A class with <pid> in it is per-player: its
  load is spread over the players, one key value each. Every other class is shared: all players'
  load on it concentrates on one partition key value (a board's index partition, a day's items).
- A session kind's load is the mean of its recorded runs; sessions come at their rate in a window
  (`Assumptions.sessions_per_second`).
- A Query or COUNT of a shared index partition is sized at scale, not as the tiny scripted board
  read it: the board holds its entries per player (counted on the table at the start and the end of
  the day) times the players (today's boards: the share of the day's entries in by then; yesterday's
  streaks: those not yet moved on; undated boards: everyone who ever played); a COUNT below the
  player's own place reads the entries ahead of them (half the board for a player anywhere on it),
  a Query at most its Limit; each entry at its measured mean size.
- A board's players are those of the session kinds that write it (every scripted player plays every
  session; the traffic model says how many daily players play each).
- A request's Lambda time is its measured in-process CPU time scaled to Lambda's share of a vCPU,
  plus a round trip for each DynamoDB call or page, plus the time to read each page's megabyte, cut
  off at the function's timeout.
- Playing together (social.py): a daily session of a social cohort ("chess daily · friends") is
  weighed by the cohort's share; the social views' reads of followed players' items and of clubs are
  sized to the assumed follows and clubs, and their partitions' load shared out as those are.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field, replace

from bench.scale.day import COHORT, SNAPSHOT_JOB, DayTrace
from bench.scale.social import CLUB, CLUB_SESSIONS, DAILY_PLAYS, FOLLOWED, FRIEND_SESSIONS, Together, split
from bench.scale.trace import Touch
from bench.scale.units import PAGE_BYTES, query_units
from functions.caching import DAILY_SECONDS
from service.store import keys as K
from service.store.boards import BOARD_SIZE, SAMPLE_MIN, WHOLE_BOARD

HOUR, DAY = 3600, 86_400
WINDOWS = ("peak", "burst")  # the peak hour, the midnight burst
WINDOW_NAMES = {"peak": "peak hour", "burst": "midnight burst", "day": "the day's mean"}

# The sessions that follow the day's turn: they crowd into the midnight burst.
DAILIES = ("chess daily", "chain", "storm", "chess daily board", "chain daily board", "storm daily board",
           "friends board", "club board")
# The board pages: each reads its board's snapshot from the CDN (an S3 GET at the origin at most once an
# edge location and snapshot lifetime), and, signed in, the player's own entry from the API.
BOARD_VIEWS = {
    "chess daily board": "snapshots/chess/daily/<today>/<band>",
    "chain daily board": "snapshots/chain/daily/<today>",
    "storm daily board": "snapshots/storm/daily/<today>",
    "chess all-time board": "snapshots/chess/alltime",
    "chess ratings board": "snapshots/ratings/chess",
    "chess streaks board": "snapshots/streaks/chess",
    "chain streaks board": "snapshots/streaks/chain",
    "storm best board": "snapshots/storm/best",
}
# A page that finds no file of today asks the API (site/static/js/lib/daily.js): the home page (chess
# and Chain) for every daily opener, a game's page for its own. The files are staged before midnight
# (docs/operations.md, "Midnight"), so that is a night the staging failed, and the edge keeps the answer.
FALLBACKS = {
    "fallback: home page": ("chess daily", "chain", "storm"),
    "fallback: chess page": ("chess daily",),
    "fallback: chain page": ("chain",),
    "fallback: storm page": ("storm",),
}


@dataclass(frozen=True)
class Assumptions:
    """The traffic model's assumptions; `lines()` says each in words."""

    scales: tuple[int, ...] = (1_000_000, 10_000_000, 100_000_000)
    # Sessions per player-day, by kind (a share of the daily players, or views per player).
    shares: dict[str, float] = field(default_factory=lambda: {
        "chess daily": 0.60,
        "chain": 0.30,
        "storm": 0.10,
        "endless": 0.20,
        # Each daily played, its board viewed once, signed in (the result sheet links to it).
        "chess daily board": 0.60,
        "chain daily board": 0.30,
        "storm daily board": 0.10,
        # The long boards: a quarter of the players look at one a day.
        "chess all-time board": 0.05,
        "chess ratings board": 0.05,
        "chess streaks board": 0.05,
        "chain streaks board": 0.05,
        "storm best board": 0.05,
        "dashboard": 0.10,
        # The home page, signed in: every daily player once a day (a daily by its address, from a
        # shared link or a bookmark, skips it; a second visit that day is counted by this one's rate).
        "home page": 1.0,
    })
    endless_results: int = 10
    peak_share: float = 0.15  # of the day in the peak hour
    burst_seconds: int = 300  # the first five minutes after the day turns...
    burst_share: float = 0.05  # ...hold this share of the dailies' sessions
    fallback_seconds: int = 60  # the burst's first minute, on a night the staging failed
    edge_caches: int = 600  # CloudFront's edge locations, each asking the API for the cached copy...
    fallback_cache_seconds: int = DAILY_SECONDS  # ...once in as long as it keeps it
    peak_fill: float = 0.5  # today's boards hold half the day's entries at the peak hour
    burst_fill: float = 0.025  # and, on average over the burst, half of its 5%
    all_time_factor: float = 3.0  # undated boards: everyone who ever played, 3 times the daily players
    wcu_limit: float = 1000.0  # one partition key value's writes a second
    rcu_limit: float = 3000.0  # and reads
    s3_put_limit: float = 3500.0  # one S3 prefix's PUTs a second
    s3_get_limit: float = 5500.0  # and GETs
    session_seconds: int = 600  # a player's whole day of sessions, for the hottest per-player key
    vcpu_mb: int = 1769  # Lambda gives a whole vCPU at 1,769 MB (this machine's core counted as one)
    call_ms: float = 5.0  # one DynamoDB round trip in the region (a call, or another page of one)
    page_ms: float = 30.0  # reading a full 1 MB page
    lambda_limit: int = 1000  # the account's default concurrent executions
    snapshot_seconds: int = 15  # each live board's snapshot: read and published at most this often
    shards: int = K.SHARDS  # a board's index partitions (service/store/keys.py)
    # Playing together (social.py): off unless asked for (python -m bench scale asks for it, and prints
    # the day without it beside).
    together: Together = field(default_factory=lambda: Together(on=False))

    def fill(self, window: str) -> float:
        """The share of a day's entries today's boards hold during `window`."""
        return self.burst_fill if window == "burst" else self.peak_fill

    def per_player_day(self, kind: str) -> float:
        """Sessions of `kind` a daily player has in a day."""
        if kind in FALLBACKS or kind == SNAPSHOT_JOB:
            return 0.0  # only on a night the staging failed: none in a day's mean; the job is no player's
        base, cohort = split(kind)
        if base in (*FRIEND_SESSIONS, *CLUB_SESSIONS):
            return self.together.session_share(base, self.shares)
        if base in DAILY_PLAYS:
            return self.shares.get(base, 0.0) * self.together.cohort_share(cohort)
        return self.shares.get(base, 0.0)

    def sessions_per_second(self, kind: str, players: float, window: str) -> float:
        """Sessions of `kind` a second in `window` (peak, burst or day) at `players` daily players. The
        peak hour holds peak_share of every kind's day; the burst, burst_share of the dailies' in
        burst_seconds, the rest at the day's mean rate, and its figures are its first minute's on a
        night the staging failed, when every daily opener also asks for the API's copy of the day's
        files, which reach the API at most once an edge location and cache lifetime; the day is the
        mean. The snapshot job reads each live board once every snapshot_seconds, whatever the players."""
        if kind == SNAPSHOT_JOB:
            return 1.0 / self.snapshot_seconds
        if kind in FALLBACKS:
            if window == "burst":
                openers = sum(self.shares[k] for k in FALLBACKS[kind])
                asked = players * openers * self.burst_share / self.burst_seconds
                return min(asked, self.edge_caches / self.fallback_cache_seconds)
            return players * self.per_player_day(kind) / DAY if window == "day" else 0.0
        share = self.per_player_day(kind)
        if window == "peak":
            return players * share * self.peak_share / HOUR
        if window == "burst" and split(kind)[0] in DAILIES:
            return players * share * self.burst_share / self.burst_seconds
        return players * share / DAY

    def lines(self) -> list[str]:
        """Every assumption in words, as the report prints it."""
        sessions = ", ".join(f"{kind} {share:g}" for kind, share in self.shares.items())
        burst, dailies = self.burst_seconds // 60, ", ".join(DAILIES)
        return [
            f"players: {', '.join(_count(n) for n in self.scales)} daily players",
            f"sessions per player-day: {sessions}",
            f"Endless: {self.endless_results} rated results a session (7 solved, 3 shown)",
            f"the peak hour holds {self.peak_share:.0%} of the day",
            f"the first {burst} minutes after the day turns hold {self.burst_share:.0%} of the dailies' "
            f"sessions ({dailies}); everything else runs at the day's mean rate then",
            "the day's files are staged before midnight and served from its first second, so no page "
            f"asks the API for them; the burst's figures are its first {self.fallback_seconds} s on a night "
            "the staging failed: every daily opener asks the API's copy (the home page for chess and "
            "Chain, each game's page for its own), which CloudFront keeps, so the API sees at most one "
            f"request a page from each of {self.edge_caches} edge locations every "
            f"{self.fallback_cache_seconds} s",
            f"today's boards hold {self.peak_fill:.0%} of the day's entries at the peak hour and "
            f"{self.burst_fill:.1%} (the burst's mean) in the burst; yesterday's streaks the rest; undated "
            f"boards hold everyone who ever played: {self.all_time_factor:g} times the daily players",
            f"a board is {self.shards} index partitions (`<board>#s<nn>`, a hash of the player): "
            f"each takes a 1/{self.shards} share of its writes and its top-100 reads; the snapshot job "
            f"reads each live board every {self.snapshot_seconds} s: its finest sample (#s<b>, 1/32,768) "
            f"whole, the coarser ones (#s<a>, then #s<sample>) too while the finer hold under "
            f"{SAMPLE_MIN:,} entries, and the other shards whole while the board holds at most "
            f"{WHOLE_BOARD:,} entries, else their top {BOARD_SIZE}; a COUNT (none left on a request "
            "path) would read the entries ahead: half the board",
            "board pages read their board's snapshot from the CDN: CloudFront keeps it "
            f"{self.snapshot_seconds} s, so S3 sees at most one GET a snapshot from each of "
            f"{self.edge_caches} "
            "edge locations in that time; signed in, the page asks the API for the player's own entry",
            f"a partition key value takes about {self.wcu_limit:,.0f} WCU/s and {self.rcu_limit:,.0f} RCU/s "
            f"(an S3 prefix {self.s3_put_limit:,.0f} PUT/s and {self.s3_get_limit:,.0f} GET/s)",
            "a per-player key carries one player: a whole day of sessions within "
            f"{self.session_seconds // 60} minutes",
            f"Lambda: the in-process CPU time measured here × {self.vcpu_mb:,}/MemorySize (the "
            f"template's; {self.vcpu_mb:,} MB buys a whole vCPU, this machine's core taken as one), plus "
            f"{self.call_ms:g} ms a DynamoDB round trip (a call or a further page) and {self.page_ms:g} ms "
            "a full 1 MB page read, cut off at the template's Timeout; the account's default concurrency is "
            f"{self.lambda_limit:,}",
            "the players are signed in (their posts need it); guests' board views are not counted",
            *self.together.lines(),
        ]


# ---------------------------------------------------------------- key classes

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_NUMBER = re.compile(r"\d{6,}")
_SHARD = re.compile(r"#s\d\d$")
_FINER = re.compile(r"#s([ab])$")
SHARD = "#s<nn>"  # a board's shards: one class, spread over Assumptions.shards partition key values
SAMPLE = "#s<sample>"  # the board's sample shard, s00, read whole by the snapshot job: one partition
# Its finer samples (service/store/keys.py, SAMPLE_LEVELS), each one partition: the class, and the
# share of the board it holds (with the finer ones: a board read takes them together).
FINER = {f"#s<{suffix}>": every for suffix, every in K.SAMPLE_LEVELS[:-1]}


def key_class(key: str, day: DayTrace) -> str:
    """The class of a partition key value: clubs, player ids, the day's dates, long numbers and a board's
    shard named."""
    for club in day.clubs:
        key = key.replace(club, CLUB)
    for pid in day.pids:
        if pid in key:
            key = key.replace(pid, "<pid>")
    key = key.replace(day.today, "<today>").replace(day.yesterday, "<yesterday>")
    key = _NUMBER.sub("<n>", _DATE.sub("<date>", key))
    return _FINER.sub(r"#s<\1>", _SHARD.sub(SHARD, key))


def sharded(klass: str) -> bool:
    """Whether a key class is a board's shards (or one of its samples' partitions)."""
    return klass.endswith((SHARD, SAMPLE, *FINER))


def board_of(partition: str) -> str:
    """A board's partition key value without its shard."""
    return _FINER.sub("", _SHARD.sub("", partition))


def read_whole(klass: str, board: float, shards: int) -> bool:
    """Whether the snapshot job's read of a board of `board` entries reads the partition of class
    `klass` whole, as service/store/boards.py's read_board does: the finest sample (#sb) always; each
    coarser one only while the finer ones together hold fewer than SAMPLE_MIN entries; the other
    shards only when the board is read whole (at most WHOLE_BOARD entries)."""
    levels = [f"#s<{suffix}>" for suffix, _ in K.SAMPLE_LEVELS[:-1]] + [SAMPLE]
    shares = [every for _, every in K.SAMPLE_LEVELS]
    for n, level in enumerate(levels):
        if klass.endswith(level):
            return n == 0 or board / shares[n - 1] < SAMPLE_MIN
    return board / shares[-2] < SAMPLE_MIN and board <= WHOLE_BOARD


def any_date(klass: str) -> str:
    """A key class with today's and yesterday's dates as any date's."""
    return klass.replace("<today>", "<date>").replace("<yesterday>", "<date>")


def per_player(klass: str) -> bool:
    """Whether a key class is one key value per player (spread), not shared."""
    return "<pid>" in klass


# Another player's partition, read by a player's request: a board's rows are other players, and every
# view of a board reads the names of its top 100, so the best players' partitions are read by all.
OTHER = "<top player>"


def _klass(touch: Touch, player: str | None, day: DayTrace, session: str = "") -> str:
    klass = key_class(touch.key, day)
    if player and per_player(klass) and player not in touch.key and touch.target == "table":
        # A friends' view reads the players followed; any other view, a board's top players.
        return klass.replace("<pid>", FOLLOWED if split(session)[0] in FRIEND_SESSIONS else OTHER)
    whole = touch.read == "query" and touch.limit is None
    if whole and klass.endswith(SHARD) and touch.key.endswith(f"#s{K.SAMPLE_SHARD:02d}"):
        return klass[: -len(SHARD)] + SAMPLE
    return klass


# ---------------------------------------------------------------- what each request costs


@dataclass(frozen=True)
class SizedRead:
    """A Query or COUNT of a shared index partition, to be sized at scale (`Touch` has the fields)."""

    target: str
    klass: str
    partition: str
    count: bool
    bounded: bool
    limit: int | None
    consistent: bool
    entry_size: float  # the bytes of an entry, as measured


@dataclass(frozen=True)
class RowReads:
    """The reads of other players' partitions that a board page's rows make (their names: one item
    a row), sized at scale by the rows the page holds then: at most its Limit, of the `pages` merged.
    `klass` is the partitions' class, `rcu` one row's read, `keys` the rows read as measured."""

    klass: str
    pages: tuple[SizedRead, ...]
    rcu: float


@dataclass(frozen=True)
class ScaledQuery:
    """A club view's query of a club's partition or its board's (social.py sizes its bytes to the
    assumed club): where, the bytes it read as measured, and how."""

    target: str
    klass: str
    size: int
    consistent: bool


@dataclass
class RequestKind:
    """One kind of request (a session's step), the mean of its recorded runs: the WCU and RCU it
    spends on each (target, key class) as measured, the reads to size at scale (how many of each a
    request makes), its in-process CPU seconds and DynamoDB calls, the bytes it adds to storage, and
    how many of it a session makes."""

    session: str
    step: str
    per_session: float = 0.0
    wcu: dict[tuple[str, str], float] = field(default_factory=lambda: defaultdict(float))
    rcu: dict[tuple[str, str], float] = field(default_factory=lambda: defaultdict(float))
    sized: dict[SizedRead, float] = field(default_factory=lambda: defaultdict(float))
    rows: dict[RowReads, float] = field(default_factory=lambda: defaultdict(float))
    scaled: dict[ScaledQuery, float] = field(default_factory=lambda: defaultdict(float))
    app_seconds: float = 0.0
    calls: float = 0.0
    grows: float = 0.0


def _sized(touch: Touch, klass: str) -> SizedRead | None:
    if touch.target in ("table", "s3") or touch.read not in ("query", "count") or per_player(klass) \
            or CLUB in klass:
        return None
    return SizedRead(touch.target, klass, touch.key, touch.read == "count", touch.bounded, touch.limit,
                     touch.consistent, touch.size / touch.items if touch.items else 0.0)


def request_kinds(day: DayTrace) -> list[RequestKind]:
    """Every kind of request the day made, each the mean of its runs."""
    kinds: dict[tuple[str, str], RequestKind] = {}
    seen: dict[tuple[str, str], int] = defaultdict(int)
    for req in day.requests:
        kind = kinds.setdefault((req.session, req.step), RequestKind(req.session, req.step))
        seen[(req.session, req.step)] += 1
        kind.app_seconds += req.app_seconds
        kind.calls += len(req.calls)
        pages, rows = [], []
        for call in req.calls:
            for touch in call.touches:
                klass = _klass(touch, req.player, day, req.session)
                kind.wcu[(touch.target, klass)] += touch.wcu
                kind.grows += touch.grows
                if CLUB in klass and touch.read == "query":
                    kind.scaled[ScaledQuery(touch.target, klass, touch.size, touch.consistent)] += 1
                    continue
                sized = _sized(touch, klass)
                if sized:
                    kind.sized[sized] += 1
                    if (sized.limit is not None or sharded(klass)) and not sized.count:
                        pages.append(sized)
                elif OTHER in klass and touch.rcu:
                    rows.append((klass, touch.rcu))
                else:
                    kind.rcu[(touch.target, klass)] += touch.rcu
        if rows and pages:  # a board's names: one a row of its page
            kind.rows[RowReads(rows[0][0], tuple(pages), sum(r for _, r in rows) / len(rows))] += 1
        else:
            for klass, rcu in rows:
                kind.rcu[("table", klass)] += rcu
    for key, kind in kinds.items():
        n = seen[key]
        kind.per_session = n / max(1, day.sessions[kind.session])
        kind.app_seconds /= n
        kind.calls /= n
        kind.grows /= n
        for table in (kind.wcu, kind.rcu, kind.sized, kind.rows, kind.scaled):
            for k in table:
                table[k] /= n  # type: ignore[index]
    return list(kinds.values())


# ---------------------------------------------------------------- the model


@dataclass(frozen=True)
class ReadAtScale:
    """A sized read at scale: the entries it reads, its RCU, pages and bytes."""

    entries: float
    rcu: float
    pages: int
    bytes: float


@dataclass
class Load:
    """A key class's load: WCU/s and RCU/s (for S3: PUTs and GETs a second)."""

    wcu: float = 0.0
    rcu: float = 0.0


@dataclass(frozen=True)
class PlayerDayUnits:
    """One daily player's day at `players` (the day's mean: boards half full), as infra/costs.py
    takes it: API requests, mean Lambda ms a request, RRU, WRU, and KB added to storage (TTL'd items
    left out: they expire)."""

    players: int
    api_requests: float
    lambda_ms: float
    rru: float
    wru: float
    stored_kb: float


@dataclass(frozen=True)
class LambdaSpec:
    """The API function as the template sets it: its memory (MB) and timeout (s)."""

    memory_mb: int = 512
    timeout_s: float = 10.0


def lambda_spec() -> LambdaSpec:
    """ApiFunction's MemorySize and Timeout from infra/template.yaml (its own, else the Globals')."""
    from ops.template import load_template

    template = load_template()
    own = template["Resources"]["ApiFunction"].get("Properties", {})
    common = template.get("Globals", {}).get("Function", {})
    return LambdaSpec(int(own.get("MemorySize", common.get("MemorySize", 128))),
                      float(own.get("Timeout", common.get("Timeout", 3))))


class Model:
    """The scripted day's request kinds multiplied out: at `players` daily players in a window (peak,
    burst, or the day's mean), each key class's load, each request's Lambda time, the concurrency,
    the request rate and a player-day's units."""

    def __init__(self, day: DayTrace, a: Assumptions, spec: LambdaSpec | None = None) -> None:
        if not any(COHORT in session for session in day.sessions):  # a day of solo players stands for all
            a = replace(a, together=replace(a.together, on=False))
        self.day, self.a = day, a
        self.spec = spec or lambda_spec()
        self.kinds = request_kinds(day)
        self.board_share = self._board_shares()

    def _board_shares(self) -> dict[tuple[str, str], float]:
        """The share of the daily players on each shared index partition, by its class with any date
        as <date>: every scripted player plays every session, so a partition's players are those of
        the session kinds that write it, today or yesterday (the larger share where two do: Endless
        players are taken to be among the daily's)."""
        writers: dict[tuple[str, str], set[str]] = defaultdict(set)
        for req in [*self.day.yesterdays, *self.day.requests]:
            for call in req.calls:
                for touch in call.touches:
                    klass = key_class(touch.key, self.day)
                    if touch.wcu and touch.target not in ("table", "s3") and not per_player(klass):
                        writers[(touch.target, any_date(klass))].add(req.session)
                        if klass.endswith(SHARD):  # the sample shard is one of them
                            writers[(touch.target, any_date(klass[: -len(SHARD)] + SAMPLE))].add(req.session)
        return {key: max(self.a.per_player_day(s) for s in kinds) for key, kinds in writers.items()}

    # ---- sizing reads ---------------------------------------------------------------

    def board_entries(self, read: SizedRead, players: float, window: str) -> float:
        """The entries in `read`'s partition at `players` daily players in `window`: its entries per
        scripted player (counted on the table) times the daily players who play what writes it, for
        today's boards the share of the day's entries in by then, for yesterday's (streaks) those not
        yet moved on, for undated ones everyone who ever played."""
        fill = self.a.fill(window)
        share = self.board_share.get((read.target, any_date(read.klass)), 1.0)
        census = self.day.before if "<yesterday>" in read.klass else self.day.after
        if sharded(read.klass):  # the whole board: every shard, and its partition of before sharding
            held = census.board(read.target, board_of(read.partition))
        else:
            held = census.entries(read.target, read.partition)
        per_player_ = held / self.day.players
        if "<yesterday>" in read.klass:
            return per_player_ * share * players * (1 - fill)
        if "<today>" in read.klass:
            return per_player_ * share * players * fill
        return per_player_ * share * players * self.a.all_time_factor

    def at_scale(self, read: SizedRead, players: float, window: str) -> ReadAtScale:
        """What `read` costs at `players`: a COUNT below the player's place reads the entries ahead
        (half the board, or of its shard), any Query at most its Limit, each entry at its mean size on
        the table. A shard holds 1/shards of its board; one read whole (no Limit) is read whole only
        while the board holds at most WHOLE_BOARD entries, past that its top BOARD_SIZE (read_board:
        only the sample shard is then read whole)."""
        board = self.board_entries(read, players, window)
        census = self.day.before if "<yesterday>" in read.klass else self.day.after
        size = census.mean_size(read.target, read.partition) or read.entry_size
        if sharded(read.klass):
            whole = board
            finer = [every for klass, every in FINER.items() if read.klass.endswith(klass)]
            share = finer[0] if finer else self.a.shards
            board /= share
            size = census.board_size(read.target, board_of(read.partition)) or size
            if read.limit is None and not read.bounded and not read_whole(read.klass, whole, self.a.shards):
                board = min(board, BOARD_SIZE)
        entries = board / 2 if read.bounded else board
        if read.limit is not None:
            entries = min(entries, read.limit)
        total = entries * size
        rcu, pages = query_units(int(total), consistent=read.consistent)
        return ReadAtScale(entries, rcu, pages, total)

    # ---- loads ---------------------------------------------------------------------

    def rows_at_scale(self, rows: RowReads, players: float, window: str) -> float:
        """The rows a board's page holds at `players`: at most its Limit, of its partitions merged."""
        held = sum(self.at_scale(page, players, window).entries for page in rows.pages)
        return min(held, max(page.limit or BOARD_SIZE for page in rows.pages))

    def request_units(self, kind: RequestKind, players: float, window: str,
                      *, per_key: bool = True) -> dict[tuple[str, str], Load]:
        """What one request of `kind` costs on each (target, key class) at `players`, in `window`.
        A board's names read many players' partitions, one a row: `per_key`, what each of those
        partitions takes (the load on the best player's); otherwise all the rows (the bill)."""
        out: dict[tuple[str, str], Load] = defaultdict(Load)
        for key, wcu in kind.wcu.items():
            out[key].wcu += wcu
        for key, rcu in kind.rcu.items():
            out[key].rcu += rcu
        for read, times in kind.sized.items():
            out[(read.target, read.klass)].rcu += times * self.at_scale(read, players, window).rcu
        for rows, times in kind.rows.items():
            count = 1.0 if per_key else self.rows_at_scale(rows, players, window)
            out[("table", rows.klass)].rcu += times * rows.rcu * count
        together, base = self.a.together, split(kind.session)[0]
        for key in out:
            if FOLLOWED in key[1]:  # item by item: each followed player's own units
                out[key].rcu *= together.followed_scale(base, self.day.social, self.a.shares)
        for query, times in kind.scaled.items():
            scale = together.club_scale(base, query.klass, self.day.social, self.a.shares)
            rcu, _ = query_units(int(query.size * scale), consistent=query.consistent)
            out[(query.target, query.klass)].rcu += times * rcu
        return {k: v for k, v in out.items() if v.wcu or v.rcu}

    def rate(self, kind: RequestKind, players: float, window: str) -> float:
        """Requests of `kind` a second."""
        return self.a.sessions_per_second(kind.session, players, window) * kind.per_session

    def loads(self, players: float, window: str) -> dict[tuple[str, str], Load]:
        """Every (target, key class)'s load in `window` at `players` daily players (a board's shards
        all together: `per_partition` says what one takes), and the snapshots' on S3."""
        total: dict[tuple[str, str], Load] = defaultdict(Load)
        for kind in self.kinds:
            rate = self.rate(kind, players, window)
            if rate:
                for key, units in self.request_units(kind, players, window).items():
                    total[key].wcu += rate * units.wcu
                    total[key].rcu += rate * units.rcu
        for session, path in BOARD_VIEWS.items():
            views = self.a.sessions_per_second(session, players, window)
            if views:
                key = ("s3", path)
                total[key].rcu += min(views, self.a.edge_caches / self.a.snapshot_seconds)
                total[key].wcu = 1.0 / self.a.snapshot_seconds  # published at most this often
        return dict(total)

    def per_partition(
        self, loads: dict[tuple[str, str], Load], players: float
    ) -> dict[tuple[str, str], Load]:
        """`loads` (at `players`) as one partition key value of each class takes it: a board's shards
        each 1/shards of theirs; its sample shard that share and the snapshot job's whole reads of it;
        a followed player's or a club's, the busiest one's share (social.py)."""
        out: dict[tuple[str, str], Load] = {}
        n = self.a.shards
        for (target, klass), load in loads.items():
            busiest = self.a.together.partition_share(klass, players)
            if busiest is not None:
                out[(target, klass)] = Load(load.wcu * busiest, load.rcu * busiest)
            elif klass.endswith(SHARD):
                out[(target, klass)] = Load(load.wcu / n, load.rcu / n)
            else:
                out[(target, klass)] = Load(load.wcu, load.rcu)
        for (target, klass), load in loads.items():
            for level in (SAMPLE, *FINER):
                if klass.endswith(level):
                    # Also one of the shards' partitions (the finer ones take less: counted alike).
                    share = loads.get((target, klass[: -len(level)] + SHARD), Load())
                    out[(target, klass)] = Load(load.wcu + share.wcu / n, load.rcu + share.rcu / n)
        return out

    def share_of_limit(self, target: str, load: Load) -> float:
        """The larger of a key's writes and reads as a share of its limit."""
        a = self.a
        write, read = (a.s3_put_limit, a.s3_get_limit) if target == "s3" else (a.wcu_limit, a.rcu_limit)
        return max(load.wcu / write, load.rcu / read)

    def hottest_per_player(self) -> tuple[tuple[str, str], Load]:
        """The per-player key class one player's whole day (every session once, within
        session_seconds) loads most, and its load."""
        total: dict[tuple[str, str], Load] = defaultdict(Load)
        for kind in self.kinds:
            if kind.session in FALLBACKS or kind.session == SNAPSHOT_JOB:
                continue
            for key, units in self.request_units(kind, 1, "peak").items():
                if per_player(key[1]):
                    total[key].wcu += kind.per_session * units.wcu / self.a.session_seconds
                    total[key].rcu += kind.per_session * units.rcu / self.a.session_seconds
        key = max(total, key=lambda k: self.share_of_limit(k[0], total[k]))
        return key, total[key]

    # ---- Lambda, requests, a player's day ---------------------------------------------

    def cpu_factor(self) -> float:
        """Lambda's CPU against this machine's core: 1,769 MB buys a whole vCPU."""
        return self.a.vcpu_mb / self.spec.memory_mb

    def lambda_seconds(self, kind: RequestKind, players: float, window: str) -> float:
        """One request's Lambda time at `players` (before the function's timeout): its CPU time
        scaled, a round trip a DynamoDB call and a further page, and each page's read."""
        trips, megabytes = kind.calls, 0.0
        for read, times in kind.sized.items():
            sized = self.at_scale(read, players, window)
            trips += times * (sized.pages - 1)
            megabytes += times * sized.bytes / PAGE_BYTES
        waits = trips * self.a.call_ms + megabytes * self.a.page_ms
        return kind.app_seconds * self.cpu_factor() + waits / 1000

    def billed_seconds(self, kind: RequestKind, players: float, window: str) -> float:
        """A request's Lambda time as billed and held: at most the function's timeout (it is cut off
        there, and answers 504)."""
        return min(self.spec.timeout_s, self.lambda_seconds(kind, players, window))

    def api_kinds(self) -> list[RequestKind]:
        """The API's requests: every kind but the snapshot job's reads (a function of its own, one
        execution at a time)."""
        return [k for k in self.kinds if k.session != SNAPSHOT_JOB]

    def concurrency(self, players: float, window: str) -> float:
        """The API's Lambdas busy at once: each kind's requests a second times its (billed) Lambda time."""
        return sum(self.rate(k, players, window) * self.billed_seconds(k, players, window)
                   for k in self.api_kinds())

    def snapshot_seconds(self, players: float, window: str) -> float:
        """The snapshot job's Lambda time for one round of every live board (it must fit in
        snapshot_seconds, one execution at a time)."""
        return sum(self.lambda_seconds(k, players, window) * k.per_session
                   for k in self.kinds if k.session == SNAPSHOT_JOB)

    def timed_out(self, players: float, window: str) -> float:
        """The share of requests that would run past the function's timeout."""
        rates = [(self.rate(k, players, window), k) for k in self.api_kinds()]
        over = sum(r for r, k in rates if self.lambda_seconds(k, players, window) > self.spec.timeout_s)
        return over / (sum(r for r, _ in rates) or 1)

    def request_rate(self, players: float, window: str) -> float:
        """API requests a second in `window`."""
        return sum(self.rate(k, players, window) for k in self.api_kinds())

    def player_day(self, players: int) -> PlayerDayUnits:
        """The per-player-day units at `players` daily players (the day's mean)."""
        requests = lambda_total = rru = wru = grows = 0.0
        for kind in self.kinds:
            per_day = self.a.per_player_day(kind.session) * kind.per_session
            requests += per_day
            lambda_total += per_day * self.billed_seconds(kind, players, "day")
            grows += per_day * kind.grows
            for (target, _), units in self.request_units(kind, players, "day", per_key=False).items():
                if target == "s3":
                    continue  # S3's requests are priced apart
                rru += per_day * units.rcu
                wru += per_day * units.wcu
        return PlayerDayUnits(players, requests, 1000 * lambda_total / requests, rru, wru, grows / 1024)


def _count(n: float) -> str:
    """1 M, 10 M, 100 k: a player count in words."""
    if n >= 1e6:
        return f"{n / 1e6:g} M"
    if n >= 1e3:
        return f"{n / 1e3:g} k"
    return f"{n:g}"
