-- Adjutant schema, version 9: each campaign's pinned status board (the Discord message kept up
-- to date), the post of its last accepted action (the board links to it), and its lobby (the
-- message with a Join button per free seat, redrawn whenever a seat changes).
ALTER TABLE campaigns ADD COLUMN board_message TEXT;
ALTER TABLE campaigns ADD COLUMN last_action_message TEXT;
ALTER TABLE campaigns ADD COLUMN lobby_message TEXT;
