-- Adjutant schema, version 7: campaigns a referee ended (archived: readable, no more orders),
-- campaigns whose Discord channel was deleted (reported once to the referees), the server a
-- campaign lives in (for /adjutant campaigns), and each user's own settings.
ALTER TABLE campaigns ADD COLUMN guild TEXT;
ALTER TABLE campaigns ADD COLUMN archived_at TEXT;
ALTER TABLE campaigns ADD COLUMN archive_reason TEXT;
ALTER TABLE campaigns ADD COLUMN channel_lost_at TEXT;

CREATE TABLE user_settings (
    user_id     TEXT PRIMARY KEY,
    ping_by_dm  INTEGER NOT NULL DEFAULT 0
);
