-- Adjutant schema, version 9: each campaign's pinned status board (the Discord message kept up
-- to date) and the post of its last accepted action (the board links to it).
ALTER TABLE campaigns ADD COLUMN board_message TEXT;
ALTER TABLE campaigns ADD COLUMN last_action_message TEXT;
