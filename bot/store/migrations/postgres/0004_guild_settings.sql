-- A server's own settings (for example the Pebbles and Nuts turn timer), as text values by key.
CREATE TABLE guild_settings (
    guild_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);
