-- Adjutant schema, version 2: orders typed while the bot was offline are read back from the
-- channel's history. Each campaign channel keeps the id of the last message handled (its
-- high-water mark), advanced in the same transaction as the step that message made; every
-- typed line keeps the id of the Discord message it came from.
ALTER TABLE messages ADD COLUMN source TEXT;

CREATE TABLE channel_marks (
    channel     TEXT PRIMARY KEY,
    message_id  INTEGER NOT NULL
);

-- Campaigns that exist at the upgrade start reading at the upgrade: what was typed before it
-- was handled (or lost) by the previous version, and must not be handled again. The mark is
-- the Discord snowflake of the present time (milliseconds since 2015, shifted 22 bits).
INSERT INTO channel_marks (channel, message_id)
    SELECT channel, (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 1420070400000) << 22
    FROM campaigns WHERE channel IS NOT NULL AND channel GLOB '[0-9]*';
