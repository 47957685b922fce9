-- Messages written with their change (bot/tables/relay.py): a reminder, a pause note, the closing note of
-- a game, the start, a board redrawn for time away carry no move, so the thread's catch-up from the log
-- cannot bring them back; each is a row in the transaction of its change, and the bot process that posts
-- deletes it once Discord took the post. A bot killed before that leaves it to its next start. `holder`:
-- the store (one bot process) that claimed it; SQLite is one process's, so a row another holder claimed
-- was left by a process that is gone. Bookkeeping of this backend only: bot.ops.copy does not move it.
CREATE TABLE relay (
    id         INTEGER PRIMARY KEY,  -- the order rows were written in (a new row is above every row left)
    shard      INTEGER NOT NULL,
    guild_id   INTEGER NOT NULL,
    table_id   INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    payload    TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    holder     TEXT
);
CREATE INDEX relay_by_shard ON relay (shard, id);
