-- A language never chosen is NULL (the reader's Discord locale applies); an explicit English is 'en'.
-- Before this, both were stored as 'en', so existing 'en' rows cannot be told apart: they become NULL,
-- which keeps exactly the behaviour those users had (the client locale).
CREATE TABLE user_settings_new (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT,
    dm_pings  INTEGER NOT NULL DEFAULT 1
);
INSERT INTO user_settings_new (user_id, language, dm_pings)
    SELECT user_id, CASE WHEN language = 'en' THEN NULL ELSE language END, dm_pings FROM user_settings;
DROP TABLE user_settings;
ALTER TABLE user_settings_new RENAME TO user_settings;
