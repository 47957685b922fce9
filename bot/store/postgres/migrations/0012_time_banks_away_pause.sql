-- Time banks, time away and pauses. A table's clock may be a bank (clock_bank = "start,increment,cap"
-- in seconds; NULL = today's fixed clock of clock_seconds per decision); away_ok = 0 is a quick async
-- game that ignores time away. A person's time away is one row per period (ends_at moves earlier when
-- they come back), kept 30 days for the limit of days away per 30 days. A pause is asked by a player
-- and agreed by each human seat: one row per vote, decided by the key.
ALTER TABLE tables ADD COLUMN clock_bank TEXT;
ALTER TABLE tables ADD COLUMN away_ok INTEGER NOT NULL DEFAULT 1;

CREATE TABLE away_periods (
    user_id   BIGINT NOT NULL,
    starts_at DOUBLE PRECISION NOT NULL,
    ends_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);
CREATE INDEX away_by_end ON away_periods (ends_at);

CREATE TABLE pause_votes (
    table_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
