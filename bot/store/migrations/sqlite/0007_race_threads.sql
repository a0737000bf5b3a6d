-- A table may be played in a thread of its own (a Peanuts race: every board its own edit budget).
-- thread_id is the thread, started from the table's first message in channel_id, whose id it
-- shares; while the game runs message_id is the board inside the thread, and once it ends the game's
-- message is that first message again, where the result is shown. NULL: the table lives in channel_id.
ALTER TABLE games ADD COLUMN thread_id BIGINT;
