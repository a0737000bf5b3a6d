-- Games, their seats, their append-only action logs and the results of finished games.
-- Timestamps are Unix epoch seconds (REAL), passed in by the service so tests control time.

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    options TEXT NOT NULL,                      -- JSON object of the resolved game options
    guild_id INTEGER,
    channel_id INTEGER,
    message_id INTEGER,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    open_play INTEGER NOT NULL DEFAULT 0 CHECK (open_play IN (0, 1)),
    seed INTEGER NOT NULL,
    deck TEXT,                                  -- explicit deck, card idents top first, space-separated
    version INTEGER NOT NULL DEFAULT 0,         -- bumps by one with every logged action
    state TEXT NOT NULL,                        -- JSON snapshot from the game's to_dict
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

CREATE INDEX games_by_channel ON games (channel_id, kind, status);

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_by_user ON seats (user_id, game_id);

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    seat INTEGER NOT NULL,
    code TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id INTEGER,
    channel_id INTEGER,
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    finished_at REAL NOT NULL
);

CREATE INDEX results_by_board ON results (channel_id, kind, user_id);
CREATE INDEX results_by_game ON results (game_id);
