-- Who made each action (at an open table anyone may play the one seat): credits and undo rights.
ALTER TABLE actions ADD COLUMN user_id BIGINT;
