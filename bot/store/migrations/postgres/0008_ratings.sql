-- Skill ratings (OpenSkill) per server, game and player, computed once when a rated game ends.
-- ratings holds each player's current rating; rating_changes one row per rated player of each rated
-- game (its rating before and after), which is the history /rating draws and what a recomputation
-- replaces. A rating changes only as it was read (games = the count read), so two games ending at
-- once never lose an update.
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE TABLE rating_changes (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, kind, user_id, at);
CREATE INDEX rating_changes_by_time ON rating_changes (guild_id, kind, at);
