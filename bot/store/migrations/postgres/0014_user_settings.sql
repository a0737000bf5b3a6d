-- A person's own choices for what peapod shows them (/settings): the deck their pictures are drawn in
-- ('standard' or 'four-colour') and whether their private views are pictures (on) or text (off).
CREATE TABLE user_settings (
    user_id BIGINT PRIMARY KEY,
    deck TEXT NOT NULL DEFAULT 'standard' CHECK (deck IN ('standard', 'four-colour')),
    pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1))
);
