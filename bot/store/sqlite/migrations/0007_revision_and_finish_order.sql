-- Shared state decided by the database, so several processes can share one store.
-- A table's revision rises with every change of its row or seats (lobby seats, status, thread, an AI taking
-- a seat); a change made on an older copy is refused. The log length stays the version of play.
ALTER TABLE tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
-- Results are rated in the order they committed (finishing order), each exactly once.
ALTER TABLE results ADD COLUMN finish_seq INTEGER;
UPDATE results SET finish_seq = (
    SELECT COUNT(*) FROM results AS r
    WHERE r.finished_at < results.finished_at
       OR (r.finished_at = results.finished_at AND r.table_id <= results.table_id)
);
CREATE INDEX results_by_finish ON results (finish_seq);
