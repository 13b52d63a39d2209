-- Adjutant schema, version 5: deadlines and reminders. A campaign may give each decision a
-- deadline (hours), remind the player to act some hours before it, and apply the decision's
-- published default when it passes (or hand the decision to the referees). Each open decision
-- (a role the game waits for) keeps when it opened, when it is due, how many reminders went out
-- and whether its deadline already passed. The clock stops while the campaign is paused.
CREATE TABLE deadlines (
    campaign_id INTEGER PRIMARY KEY REFERENCES campaigns(id),
    hours       REAL NOT NULL,
    reminders   TEXT NOT NULL DEFAULT '[]',
    on_expiry   TEXT NOT NULL DEFAULT 'default' CHECK (on_expiry IN ('default', 'referee')),
    paused_at   REAL
);

CREATE TABLE decisions (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    role        TEXT NOT NULL,
    opened_at   REAL NOT NULL,
    due_at      REAL,
    reminded    INTEGER NOT NULL DEFAULT 0,
    expired     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (campaign_id, role)
);
