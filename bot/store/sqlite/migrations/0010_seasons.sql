-- Seasons: ratings per season beside the all-time ones, a rating history (trends and plots), and each
-- ended season's hall of fame, written once however many processes notice the end.
-- A server's season cadence and the channel its season ends are announced in (no row: monthly, no
-- announcement).
CREATE TABLE season_settings (
    guild_id   INTEGER PRIMARY KEY,
    cadence    TEXT    NOT NULL DEFAULT 'monthly' CHECK (cadence IN ('monthly', 'quarterly', 'none')),
    channel_id INTEGER
);
-- The season a result was rated into (set in the rating transaction; NULL: the server had none).
ALTER TABLE results ADD COLUMN season TEXT;
-- A season's board per (server, season, game); game '*' is all games. Same columns as ratings.
CREATE TABLE season_ratings (
    scope      INTEGER NOT NULL,
    season     TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    ordinal    REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (scope, season, game, user_id)
) WITHOUT ROWID;
CREATE INDEX season_board ON season_ratings (scope, season, game, ordinal DESC);
-- Every rating a result wrote (season '' = all-time), for the trend since last week and the plot.
CREATE TABLE rating_history (
    scope    INTEGER NOT NULL,
    season   TEXT    NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    table_id INTEGER NOT NULL,
    at       REAL    NOT NULL,
    ordinal  REAL    NOT NULL,
    PRIMARY KEY (scope, season, game, user_id, table_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_time ON rating_history (scope, season, game, at);
-- A season's end, recorded once (the key refuses a second), and its top three.
CREATE TABLE season_ends (
    guild_id INTEGER NOT NULL,
    season   TEXT    NOT NULL,
    ended_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, season)
) WITHOUT ROWID;
CREATE TABLE hall_of_fame (
    guild_id INTEGER NOT NULL,
    season   TEXT    NOT NULL,
    place    INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    ordinal  REAL    NOT NULL,
    games    INTEGER NOT NULL,
    wins     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, place)
) WITHOUT ROWID;
