-- Privacy and limits (docs/privacy.md). Servers the bot left, and when: their data is anonymized once the
-- grace period (TRICKTABLE_FORGET_GUILD_AFTER) has passed, unless the bot is invited back first.
CREATE TABLE guild_departures (
    guild_id  INTEGER PRIMARY KEY,
    left_at   REAL    NOT NULL
);
-- The per-person limit on open tables counts a person's lobbies and tables in play at every /table new.
CREATE INDEX tables_by_creator ON tables (creator_id, status);
