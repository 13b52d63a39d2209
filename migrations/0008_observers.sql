-- Adjutant schema, version 8: the observers of a campaign. An observer follows the campaign
-- in its channel and is listed with its seats, but holds no seat and receives nothing private.
CREATE TABLE observers (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    user_id     TEXT NOT NULL,
    user_name   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, user_id)
);
