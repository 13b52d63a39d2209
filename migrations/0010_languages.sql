-- Adjutant schema, version 10: languages. A campaign speaks one language in its channel, chosen
-- when it is created (English by default); a player may choose their own language for what is
-- sent to them alone (direct messages, ephemeral replies), in every campaign they play (NULL:
-- each campaign's).
ALTER TABLE campaigns ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

ALTER TABLE user_settings ADD COLUMN language TEXT;
