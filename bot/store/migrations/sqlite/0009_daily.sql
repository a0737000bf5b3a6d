-- The daily deal: one attempt per player, game and UTC day (the same seed everywhere that day); and an
-- index of results by player for /stats.
-- The attempt's game is an ordinary game row (its result, its replay); this row says whose attempt it
-- is and where it was asked for (the server and channel whose daily board shows it).
CREATE TABLE daily_attempts (
    day TEXT NOT NULL,                          -- the UTC date, YYYY-MM-DD
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id BIGINT,                            -- NULL: asked for outside servers
    channel_id BIGINT,
    at REAL NOT NULL,
    PRIMARY KEY (day, kind, user_id)
);
CREATE INDEX daily_attempts_by_board ON daily_attempts (guild_id, day, kind);
CREATE INDEX daily_attempts_by_player ON daily_attempts (user_id, kind, day);

-- A player's results in a server, by game and time (/stats).
CREATE INDEX results_by_player ON results (guild_id, user_id, kind, finished_at);
