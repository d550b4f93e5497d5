-- Every saved grade configuration is kept as a numbered version, so that the
-- history exists from the first save on and a restore is just a new version.
CREATE TABLE config_versions (
    version  INTEGER PRIMARY KEY,
    document TEXT    NOT NULL,
    saved_at TEXT    NOT NULL, -- RFC 3339 in UTC
    saved_by TEXT    NOT NULL
) STRICT;
