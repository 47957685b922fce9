-- How the PostgreSQL store decides writes that depend on a read, in one statement (bot/store/postgres/rows.py).
-- log_version: the table's log length kept on its row. A group commit updates each table's row with
-- `WHERE log_version = base_version AND revision = base_revision`; a concurrent writer of the same table
-- waits for the row lock and is then re-checked against the committed row, so a stale write (also one
-- without log rows: a clock reminder, a seat handed to an AI) is refused, never applied. (A check on
-- MAX(actions.seq) in a sub-select would read the statement's old snapshot instead.)
ALTER TABLE tables ADD COLUMN log_version INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET log_version = COALESCE((SELECT MAX(seq) FROM actions WHERE actions.table_id = tables.id), 0);

-- Finishing order of results across processes (two games finishing at once get distinct numbers).
CREATE SEQUENCE results_finish_order;
SELECT setval('results_finish_order', COALESCE((SELECT MAX(finish_seq) FROM results), 0) + 1, false);

-- Raised inside a group commit's statement when a table's row did not match: the whole statement (its
-- log rows, snapshots, clocks) is undone, and the store retries the writes one by one to name which.
CREATE FUNCTION tricktable_refuse(what text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    RAISE EXCEPTION 'tricktable: %', what;
END
$$;
