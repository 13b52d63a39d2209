-- Adjutant schema, version 13: the language of each user's Discord client, as last seen on one
-- of their interactions (a command, a click). A player who never chose a language ('language
-- LANG') reads their seat's private posts in it, if Adjutant speaks it, before the campaign's.
ALTER TABLE user_settings ADD COLUMN client_language TEXT;
