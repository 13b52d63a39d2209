-- Adjutant schema, version 12: teams. A seat's holder (``seats``) is its captain; its teammates
-- may order for the side and receive its private information too. The captain's orders win a
-- conflict: a teammate may not take back an order the captain gave, so an accepted message now
-- keeps the record it became (``messages.seq``) and with it who gave each order.
CREATE TABLE teammates (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    role        TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    user_name   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, role, user_id)
);
ALTER TABLE messages ADD COLUMN seq INTEGER;
