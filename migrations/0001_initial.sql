-- Adjutant schema, version 1: campaigns, seats, the append-only action log, snapshots,
-- every message typed (nothing a player types is lost), and the outbox of replies.
CREATE TABLE campaigns (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    game        TEXT NOT NULL,
    scenario    TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}',
    seed        TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'finished')),
    channel     TEXT,
    created_at  TEXT NOT NULL
);

CREATE TABLE seats (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    role        TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    user_name   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, role)
);

CREATE TABLE referees (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    user_id     TEXT NOT NULL,
    PRIMARY KEY (campaign_id, user_id)
);

CREATE TABLE actions (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    seq         INTEGER NOT NULL,
    record      TEXT NOT NULL,
    state_hash  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (campaign_id, seq)
);

CREATE TABLE snapshots (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    seq         INTEGER NOT NULL,
    state       TEXT NOT NULL,
    state_hash  TEXT NOT NULL,
    PRIMARY KEY (campaign_id, seq)
);

CREATE TABLE messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    user_id     TEXT NOT NULL,
    role        TEXT,
    text        TEXT NOT NULL,
    outcome     TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),
    recipient    TEXT NOT NULL,
    payload      TEXT NOT NULL,
    image        BLOB,
    created_at   TEXT NOT NULL,
    delivered_at TEXT
);

CREATE INDEX outbox_pending ON outbox (delivered_at, id);
