-- Adjutant schema, version 11: where a campaign's private posts go on Discord ('dm': by direct
-- message, 'thread': in a private thread per seat inside the campaign's channel, 'both'), and
-- each seat's private thread with the users it was opened for (space-separated ids; a new
-- player of the seat is added and one who left removed at the seat's next private post).
ALTER TABLE campaigns ADD COLUMN private_posts TEXT NOT NULL DEFAULT 'dm';
CREATE TABLE seat_threads (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    role        TEXT NOT NULL,
    thread_id   TEXT NOT NULL,
    user_id     TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, role)
);
