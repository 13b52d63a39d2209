-- Adjutant schema, version 6: a player may declare an absence; their deadlines wait for them.
CREATE TABLE absences (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    role        TEXT NOT NULL,
    until       REAL NOT NULL,
    PRIMARY KEY (campaign_id, role)
);
