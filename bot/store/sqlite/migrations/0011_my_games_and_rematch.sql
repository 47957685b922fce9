-- A person's clock of the day (my games, reminders that respect the night, the daily digest):
-- timezone: an IANA name (NULL: never chosen, UTC applies and the bot says so);
-- quiet_start / quiet_end: quiet hours in minutes after local midnight (NULL: the default 23:00-08:00;
-- equal values: no quiet hours);
-- digest_hour: the local hour of the daily "games wait for you" DM (NULL or -1: off, the default);
-- digest_next_at: when that DM is next due (epoch seconds, NULL: none), moved on by a conditional
-- update so that one process sends it, once a day.
ALTER TABLE user_settings ADD COLUMN timezone TEXT;
ALTER TABLE user_settings ADD COLUMN quiet_start INTEGER;
ALTER TABLE user_settings ADD COLUMN quiet_end INTEGER;
ALTER TABLE user_settings ADD COLUMN digest_hour INTEGER;
ALTER TABLE user_settings ADD COLUMN digest_next_at REAL;
CREATE INDEX user_settings_digest ON user_settings (digest_next_at) WHERE digest_next_at IS NOT NULL;
-- "Play again": the one rematch lobby of a finished table. Its key is the source table, so two clicks
-- at once (or two processes) create one lobby: the second insert finds the first.
CREATE TABLE rematches (
    source_id  INTEGER PRIMARY KEY,
    table_id   INTEGER NOT NULL
);
