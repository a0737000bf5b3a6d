-- Where a game is played (bot/core/places.py): a server that added peapod ('server'), a server where it is
-- only installed to a person ('server_app'), peapod's own DM ('bot_dm'), a DM between people ('dm') or a
-- group DM ('group_dm'). Where peapod is not a member, its table is the message of the interaction that
-- dealt it, and every later edit goes through an interaction's token.
ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT 'server';
UPDATE games SET place = 'bot_dm' WHERE guild_id IS NULL;

-- The freshest interaction token that may edit a table message (the message is that interaction's own),
-- and when Discord stops taking it (15 minutes after the interaction). Nothing is sent on an expired one.
CREATE TABLE table_tokens (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL,
    token TEXT NOT NULL,
    expires_at REAL NOT NULL,
    PRIMARY KEY (game_id, message_id)
);
