-- The SQLite store got its own relay table (its 0014: messages written with their change, posted by the
-- bot's next start if it was killed first); PostgreSQL has had one since 0008. Nothing changes here: the
-- file keeps both backends' migration numbers in step.
SELECT 1;
