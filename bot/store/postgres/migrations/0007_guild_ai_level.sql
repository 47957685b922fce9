-- The AI level that takes over a seat on this server: a clock that runs out, a player who
-- resigns, an admin who replaces a player. 'easy', 'normal' or 'strong'; NULL = not set here: the
-- operator's TRICKTABLE_AI_LEVEL applies. Old rows read as NULL.
ALTER TABLE guild_settings ADD COLUMN ai_level TEXT CHECK (ai_level IN ('easy', 'normal', 'strong'));
