-- Peanuts live (bot/live): a race played in peapod's Discord Activity. A launch is a Play live click: the
-- race it launched in its channel; the Activity instance a socket says it is in is found by its channel
-- (the race launched there last), and recorded with the game it showed.
CREATE TABLE live_launches (
    channel_id BIGINT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    launched_by BIGINT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (channel_id, game_id)
);
CREATE INDEX live_launches_latest ON live_launches (channel_id, at);

CREATE TABLE live_instances (
    instance_id TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id BIGINT NOT NULL,
    launched_by BIGINT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (instance_id, game_id)
);

-- The sockets open now: which process holds each (any process may), for whom, since when, and when it was
-- last heard from (written every minute or so, so rows of a process that died are swept).
CREATE TABLE live_sockets (
    id INTEGER PRIMARY KEY,
    instance_id TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    process TEXT NOT NULL,
    joined_at REAL NOT NULL,
    seen_at REAL NOT NULL
);
CREATE INDEX live_sockets_game ON live_sockets (game_id);
