-- Privacy and limits, as the SQLite store's migration 0005 (docs/privacy.md).
CREATE TABLE guild_departures (
    guild_id  BIGINT           PRIMARY KEY,
    left_at   DOUBLE PRECISION NOT NULL
);
CREATE INDEX tables_by_creator ON tables (creator_id, status);
