-- Updates on their way to the process that owns their table's channel (bot/tables/relay.py): a process
-- that applied a click for a table whose server runs on another process's shard writes the Update here
-- and NOTIFYs tricktable_relay in the same statement; the owner claims the rows (DELETE … RETURNING,
-- SKIP LOCKED) in id order and posts them. Rows live milliseconds; rows nobody claimed (no process runs
-- that shard) are dropped after an hour with a log line. Bookkeeping of this backend only:
-- bot.ops.copy does not move it.
CREATE TABLE relay (
    id BIGSERIAL PRIMARY KEY,
    shard INTEGER NOT NULL,  -- of the table's server, by the sender's DISCORD_SHARD_COUNT (all say the same)
    guild_id BIGINT NOT NULL,
    table_id BIGINT NOT NULL,
    version INTEGER NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX relay_by_shard ON relay (shard, id);  -- a claim reads its own shards' rows only
CREATE INDEX relay_by_age ON relay (created_at);
