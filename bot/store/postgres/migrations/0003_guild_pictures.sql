-- Card pictures per server: text_only = 1 turns the hand, board and result pictures off on
-- this server (screen readers, narrow clients); NULL or 0 = pictures on (the default).
ALTER TABLE guild_settings ADD COLUMN text_only INTEGER;
