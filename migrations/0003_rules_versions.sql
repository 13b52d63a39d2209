-- Adjutant schema, version 3: running campaigns survive upgrades of a game's rules.
-- Each campaign records the rules version it is played under and, once it continued past an
-- upgrade, the record it continued from. Each snapshot records the rules version and the state
-- format it was written in (formats are migrated forward by the game's code). Each campaign
-- keeps its latest state (its head), replaced at every step: an upgrade continues from it.
ALTER TABLE campaigns ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE campaigns ADD COLUMN continued_from INTEGER;

ALTER TABLE snapshots ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE snapshots ADD COLUMN format INTEGER NOT NULL DEFAULT 1;

CREATE TABLE heads (
    campaign_id    INTEGER PRIMARY KEY REFERENCES campaigns(id),
    seq            INTEGER NOT NULL,
    state          TEXT NOT NULL,
    state_hash     TEXT NOT NULL,
    rules_version  INTEGER NOT NULL,
    format         INTEGER NOT NULL
);
