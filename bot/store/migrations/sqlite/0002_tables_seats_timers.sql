-- Tables with a lifecycle, seats that can wait for people or hold an AI, timers, closed DMs.
--
-- games.status gains 'dealing' (saved, but its table message is not posted yet: no command may act
-- on it, and it is removed if the message never appears), 'seating' (a lobby) and 'cancelled'.
-- games.shown_version is the version the table message shows, so a table whose message lags the
-- database can be redrawn. SQLite cannot change a CHECK constraint in place, so games and seats are
-- rebuilt (the migration runs with foreign keys off, as SQLite's documented rebuild procedure asks).

CREATE TABLE games_new (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    options TEXT NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER,
    message_id INTEGER,
    shown_version INTEGER,                      -- the version the table message shows (NULL: none yet)
    status TEXT NOT NULL DEFAULT 'active'
        CHECK (status IN ('dealing', 'seating', 'active', 'finished', 'cancelled')),
    open_play INTEGER NOT NULL DEFAULT 0 CHECK (open_play IN (0, 1)),
    host_id INTEGER,                            -- who opened the table (lobbies, challenges)
    seed INTEGER NOT NULL,
    deck TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

INSERT INTO games_new (id, kind, options, guild_id, channel_id, message_id, shown_version, status, open_play,
                       host_id, seed, deck, version, state, created_at, updated_at)
SELECT id, kind, options, guild_id, channel_id, message_id, CASE WHEN message_id IS NULL THEN NULL ELSE version END,
       status, open_play, (SELECT user_id FROM seats WHERE seats.game_id = games.id AND seat = 0),
       seed, deck, version, state, created_at, updated_at
FROM games;

DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_channel ON games (channel_id, kind, status);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats_new (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER,                            -- NULL: an empty seat, or an AI seat
    ai INTEGER NOT NULL DEFAULT 0 CHECK (ai IN (0, 1)),
    ready INTEGER NOT NULL DEFAULT 1 CHECK (ready IN (0, 1)),   -- 0: invited, has not accepted yet
    missed INTEGER NOT NULL DEFAULT 0,          -- turns in a row the timer played for this seat
    away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),     -- the AI plays this seat until "I'm back"
    dm_channel_id INTEGER,                      -- the seat's private hand message, when it has one
    dm_message_id INTEGER,
    PRIMARY KEY (game_id, seat)
);

INSERT INTO seats_new (game_id, seat, user_id) SELECT game_id, seat, user_id FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_by_user ON seats (user_id, game_id);

CREATE TABLE timers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,                         -- what fires: 'expire', 'turn', 'warn', 'ai', 'claim', ...
    due_at REAL NOT NULL,
    PRIMARY KEY (game_id, kind)
);

CREATE INDEX timers_by_due ON timers (due_at);

CREATE TABLE closed_dms (
    user_id INTEGER PRIMARY KEY,                -- Discord answered 403/50007 to a DM to this user
    at REAL NOT NULL
);

ALTER TABLE results ADD COLUMN name TEXT;       -- the player's display name when the game ended
