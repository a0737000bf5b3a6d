-- How a table is run, apart from the rules: turn timer, the AI's pace, a practice mark (JSON object).
ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
