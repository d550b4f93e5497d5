-- One time format in this database: config_versions.saved_at becomes
-- integer Unix milliseconds (UTC), as every account time already is. The
-- old RFC 3339 text kept up to nanoseconds; the digits below the
-- millisecond are dropped, as the PostgreSQL store and the account times
-- already do, so the API's savedAt of an old version then ends at the
-- millisecond too. The fraction is read as text, not through
-- julianday(), whose floating point could round a millisecond away.
CREATE TABLE config_versions_new (
    version  INTEGER PRIMARY KEY,
    document TEXT    NOT NULL,
    saved_at INTEGER NOT NULL, -- Unix milliseconds, UTC
    saved_by TEXT    NOT NULL
) STRICT;

INSERT INTO config_versions_new (version, document, saved_at, saved_by)
SELECT version, document,
       unixepoch(saved_at) * 1000 +
       CASE WHEN instr(saved_at, '.') = 0 THEN 0
            ELSE CAST(substr(substr(rtrim(saved_at, 'Z'), instr(saved_at, '.') + 1) || '000', 1, 3) AS INTEGER)
       END,
       saved_by
FROM config_versions;

DROP TABLE config_versions;
ALTER TABLE config_versions_new RENAME TO config_versions;
