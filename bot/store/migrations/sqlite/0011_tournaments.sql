-- Tournaments (issue #26): a tournament, its entrants, its rounds, its pairings with their results, and its
-- deadlines (the start, a round's clock, an arena's end), each a row, so a restart loses nothing.
-- Each match is an ordinary game (its thread, controls, DMs, rating, replay) linked from its pairing.
-- version bumps with every pairing written: a round (or an arena's new pairings) is paired once, by the
-- one writer whose UPDATE ... WHERE version = ? changed the row.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,                         -- the sign-up message, later the standings
    host_id INTEGER NOT NULL,
    kind TEXT NOT NULL,                         -- the game played
    format TEXT NOT NULL CHECK (format IN ('arena', 'swiss', 'knockout', 'roundrobin')),
    rounds INTEGER NOT NULL,                    -- rounds to play (arena: 0)
    round_seconds REAL NOT NULL,                -- a round's clock
    arena_seconds REAL NOT NULL,                -- an arena's length (others: 0)
    starts_at REAL NOT NULL,
    max_players INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'signup' CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round INTEGER NOT NULL DEFAULT 0,           -- the round being played (0: none yet)
    version INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,                       -- the seed: the player's rating when they joined
    joined_at REAL NOT NULL,
    withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),     -- arena: no new pairing for now
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    started_at REAL NOT NULL,
    due_at REAL,                                -- when its clock runs out (arena: none)
    closed_at REAL,                             -- set once, by whoever closed it
    PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_pairings (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    second_id INTEGER,                          -- NULL: a bye
    game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,   -- NULL: not dealt yet
    outcome TEXT,                               -- NULL while the match runs (Outcome's value)
    note TEXT,                                  -- how an unfinished match was decided
    paired_at REAL NOT NULL,
    ended_at REAL
);
CREATE INDEX tournament_pairings_by_tournament ON tournament_pairings (tournament_id, round);
CREATE INDEX tournament_pairings_by_game ON tournament_pairings (game_id);

CREATE TABLE tournament_timers (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,                         -- 'start', 'round', 'arena'
    due_at REAL NOT NULL,
    claimed_until REAL,
    claimed_by TEXT,
    PRIMARY KEY (tournament_id, kind)
);
CREATE INDEX tournament_timers_by_due ON tournament_timers (due_at);
