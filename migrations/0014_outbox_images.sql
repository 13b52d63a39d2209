-- Adjutant schema, version 14: a picture waiting in the outbox is kept in a table of its own and
-- deleted once delivered, so the pages it took are reused by the next pictures (kept in the
-- outbox row, a dropped picture left most of that row's page empty for good: about 2 KB of the
-- database per order). Snapshot and head states may now be stored zlib-compressed (a BLOB
-- beside the older TEXT), which Adjutant before this version could not read.
CREATE TABLE outbox_images (
    entry_id INTEGER PRIMARY KEY REFERENCES outbox(id),
    image    BLOB NOT NULL
);
