-- Per-server settings an admin changes with /settings server. NULL = not set here: the operator's
-- defaults (.env) apply. table_channels is a JSON list of channel ids ('[]' = any channel).
CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    default_clock   TEXT,
    table_channels  TEXT
);
