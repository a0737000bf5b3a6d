-- A claimed deadline names the process that claimed it (claimed_by: its claimant, the shards it runs),
-- so a process restarted for the same shards gives back its predecessor's claims at once instead of
-- waiting out their lease, and a process stopping gives back its own.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
