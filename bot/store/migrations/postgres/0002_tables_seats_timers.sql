-- Tables with a lifecycle, seats that can wait for people or hold an AI, timers, closed DMs.
--
-- games.status gains 'dealing' (saved, but its table message is not posted yet), 'seating' (a lobby)
-- and 'cancelled'. games.shown_version is the version the table message shows, so a table whose
-- message lags the database can be redrawn.

ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check
    CHECK (status IN ('dealing', 'seating', 'active', 'finished', 'cancelled'));
ALTER TABLE games ADD COLUMN shown_version INTEGER;
ALTER TABLE games ADD COLUMN host_id BIGINT;
UPDATE games SET shown_version = CASE WHEN message_id IS NULL THEN NULL ELSE version END,
    host_id = (SELECT user_id FROM seats WHERE seats.game_id = games.id AND seat = 0);
CREATE INDEX games_by_status ON games (status);

ALTER TABLE seats ALTER COLUMN user_id DROP NOT NULL;     -- NULL: an empty seat, or an AI seat
ALTER TABLE seats ADD COLUMN ai INTEGER NOT NULL DEFAULT 0 CHECK (ai IN (0, 1));
ALTER TABLE seats ADD COLUMN ready INTEGER NOT NULL DEFAULT 1 CHECK (ready IN (0, 1));
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
ALTER TABLE seats ADD COLUMN dm_channel_id BIGINT;
ALTER TABLE seats ADD COLUMN dm_message_id BIGINT;

CREATE TABLE timers (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,                         -- what fires: 'expire', 'turn', 'warn', 'ai', 'claim', ...
    due_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, kind)
);

CREATE INDEX timers_by_due ON timers (due_at);

CREATE TABLE closed_dms (
    user_id BIGINT PRIMARY KEY,                 -- Discord answered 403/50007 to a DM to this user
    at DOUBLE PRECISION NOT NULL
);

ALTER TABLE results ADD COLUMN name TEXT;       -- the player's display name when the game ended
