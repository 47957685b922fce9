-- Card pictures per server (issue 15): text_only = TRUE turns the hand, board and result pictures off on
-- this server (screen readers, narrow clients); NULL or FALSE = pictures on (the default).
ALTER TABLE guild_settings ADD COLUMN text_only BOOLEAN;
