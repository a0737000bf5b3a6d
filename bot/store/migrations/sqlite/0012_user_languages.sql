-- The language each user reads: the Discord locale they last used with peapod (for the messages the bot
-- sends them unasked) and the one they chose with /language (NULL: their Discord client's).
CREATE TABLE user_languages (
    user_id INTEGER PRIMARY KEY,
    locale TEXT,
    chosen TEXT
);
