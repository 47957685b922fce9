-- Replays of finished games on this server: replay_reveals = 0 keeps every hand and hidden choice
-- hidden in a finished game's replay and record (each viewer sees what their seat saw); NULL or 1 =
-- revealed once the game is over (the default, as Board Game Arena's replays do).
ALTER TABLE guild_settings ADD COLUMN replay_reveals INTEGER;
