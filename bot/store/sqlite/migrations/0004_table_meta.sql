-- A front end's own bookkeeping per table (Discord: the board message, who owes a decision since which
-- version, the table's language), so it survives a restart. Key/value, the value is JSON; the host never
-- reads it. Rows leave with their table's end (the front end clears them).
CREATE TABLE table_meta (
    table_id  INTEGER NOT NULL,
    key       TEXT    NOT NULL,
    value     TEXT    NOT NULL,
    PRIMARY KEY (table_id, key)
) WITHOUT ROWID;
