-- Several processes share the clocks: a process claims a due table's clock row until claimed_until
-- (SELECT … FOR UPDATE SKIP LOCKED, then a lease), so each due clock is handled by exactly one process;
-- a new clock written for the table ends the claim, and a process that dies loses it when the lease
-- runs out. Bookkeeping of this backend only: bot.ops.copy does not move it.
ALTER TABLE deadlines ADD COLUMN claimed_until DOUBLE PRECISION NOT NULL DEFAULT 0;
