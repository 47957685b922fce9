-- The PostgreSQL store's relay rows became leases (its 0013). SQLite is one process's store and has no
-- relay: nothing changes here; the file keeps both backends' migration numbers in step.
SELECT 1;
