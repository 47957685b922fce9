-- Tricktable schema v1. One file per schema version; applied in order at start (PRAGMA user_version).

CREATE TABLE tables (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    game          TEXT    NOT NULL,
    variant       TEXT    NOT NULL,
    options       TEXT    NOT NULL,            -- JSON object
    status        TEXT    NOT NULL,            -- lobby | playing | finished | cancelled | aborted
    seed          INTEGER NOT NULL,            -- the table's version is its log length, MAX(actions.seq)
    creator_id    INTEGER NOT NULL,
    clock_mode    TEXT    NOT NULL,            -- live | async
    clock_seconds INTEGER NOT NULL,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL             -- last lobby/status change or snapshot
);
CREATE INDEX tables_by_place ON tables (guild_id, channel_id, status);
CREATE INDEX tables_by_status ON tables (status);

CREATE TABLE seats (
    table_id   INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,                        -- NULL for an AI seat
    name       TEXT    NOT NULL,
    ai_policy  TEXT,                           -- set for AI seats and for humans an AI took over
    left_as    TEXT,                           -- NULL, 'resigned' or 'replaced'
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_user ON seats (user_id);

-- The append-only action log. Its key (table_id, seq) is the optimistic version check: a writer whose
-- version is stale collides with the row the other writer added. Rows of one table sit together, so a
-- table loads with one range scan.
CREATE TABLE actions (
    table_id  INTEGER NOT NULL,
    seq       INTEGER NOT NULL,                -- 1-based; the table's version after this action
    seat      INTEGER NOT NULL,
    action    TEXT    NOT NULL,
    user_id   INTEGER,                         -- who clicked; NULL when an AI played
    via       TEXT    NOT NULL,                -- user | ai | clock
    at        REAL    NOT NULL,
    idem_key  TEXT,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
-- No index on idem_key: a repeated request carries the version it was made for, so the key check above
-- refuses it; the key only names the reason (looked up in that table's rows when a write collides).

CREATE TABLE snapshots (
    table_id  INTEGER PRIMARY KEY,
    version   INTEGER NOT NULL,
    state     TEXT    NOT NULL                 -- the game's to_json(state) at `version`
);

-- Turn clocks: one row per table holding a clock for each seat that owes a decision (simultaneous
-- decisions each have their own). `next_at` is the earliest moment something is due (a reminder or an
-- expiry). No secondary index: a clock tick scans this small table (one row per table in play), which
-- is cheaper overall than updating an index on every action.
CREATE TABLE deadlines (
    table_id  INTEGER PRIMARY KEY,
    next_at   REAL    NOT NULL,
    clocks    TEXT    NOT NULL                 -- JSON [[seat, due_at, remind_at, reminded], ...]
);

CREATE TABLE results (
    table_id    INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    finished_at REAL    NOT NULL,
    outcome     TEXT    NOT NULL,              -- Outcome.to_json()
    rated       INTEGER NOT NULL DEFAULT 0     -- ratings applied (redone at start when 0)
);
CREATE INDEX results_unrated ON results (rated) WHERE rated = 0;

CREATE TABLE result_seats (
    table_id   INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,                        -- NULL: AI, or a human an admin replaced (not rated)
    name       TEXT    NOT NULL,
    placement  INTEGER NOT NULL,               -- as rated: a resigned player is last
    score      REAL    NOT NULL,
    team       INTEGER,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX result_seats_by_user ON result_seats (user_id);

-- scope -1 is the global board; otherwise a guild id (0: the terminal). game '*' is all games together.
CREATE TABLE ratings (
    scope      INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    ordinal    REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (scope, game, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (scope, game, ordinal DESC);

CREATE TABLE user_settings (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT    NOT NULL DEFAULT 'en',
    dm_pings  INTEGER NOT NULL DEFAULT 1
);
