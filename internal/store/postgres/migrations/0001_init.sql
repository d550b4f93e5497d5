-- Every saved grade configuration is kept as a numbered version, so that the
-- history exists from the first save on and a restore is just a new version.
-- The document is the canonical JSON as text (not jsonb), so it is read back
-- byte for byte as it was saved, as in the SQLite store.
CREATE TABLE config_versions (
    version  bigint      PRIMARY KEY,
    document text        NOT NULL,
    saved_at timestamptz NOT NULL,
    saved_by text        NOT NULL
);
