-- Deadlines that survive a process killed while firing one, and that belong to one position.
-- A deadline is claimed (claimed_until: until when the claiming process may fire it) rather than
-- deleted when it fires, and removed once fired; a claim that lapses is fired by another process.
-- version is the game version a turn's deadline was set for (NULL for a lobby's expiry).
ALTER TABLE timers ADD COLUMN version INTEGER;
ALTER TABLE timers ADD COLUMN claimed_until DOUBLE PRECISION;
