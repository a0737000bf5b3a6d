-- seats.shown_version: the version a seat's hand message (its DM) shows, so a hand whose redraw was lost
-- (Discord or the database failing, the process stopping) is redrawn by the next start, as tables are.
-- NULL: not known (hands sent before this column, and seats without a hand message); -1: a hand message
-- that shows no dealt position yet.
ALTER TABLE seats ADD COLUMN shown_version INTEGER;
