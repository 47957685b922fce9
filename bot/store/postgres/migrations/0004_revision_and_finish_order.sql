-- Shared state decided by the database (the same as SQLite's 0007): a table's revision rises with every change of its row or seats, and a
-- change made on an older copy is refused; results are rated in the order they committed (finish_seq).
ALTER TABLE tables ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN finish_seq BIGINT;
UPDATE results SET finish_seq = ordered.n
    FROM (SELECT table_id, row_number() OVER (ORDER BY finished_at, table_id) AS n FROM results) AS ordered
    WHERE results.table_id = ordered.table_id;
CREATE INDEX results_by_finish ON results (finish_seq);
