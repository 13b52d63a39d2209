-- Adjutant schema, version 4: the end of every game turn is summed up in public. Each campaign
-- keeps, per game turn, the record it began at and the public map's counters then (id -> name,
-- hex), so the summary says what changed over the turn, even across restarts.
CREATE TABLE turns (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    turn        INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    counters    TEXT NOT NULL,
    PRIMARY KEY (campaign_id, turn)
);
