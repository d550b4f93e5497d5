-- Several named grading scales. Each scale has its own versions,
-- numbered from 1; exactly one is the default. An existing configuration
-- becomes the default scale 'standard' with every version, time and author
-- as they were. The name lives in each version's document.
--
-- revision is a store-wide change counter: every change of a scale (a saved
-- version, archived, default) gives that scale the next number, so that a
-- server finds which scales changed since it last looked in one query.
CREATE TABLE scales (
    id         INTEGER PRIMARY KEY,
    slug       TEXT    NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 40),
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    archived   INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
    created_at INTEGER NOT NULL, -- Unix milliseconds, UTC
    revision   INTEGER NOT NULL,
    CHECK (NOT (is_default = 1 AND archived = 1))
) STRICT;
-- At most one default; the store keeps exactly one.
CREATE UNIQUE INDEX scales_one_default ON scales (is_default) WHERE is_default = 1;
CREATE INDEX scales_revision ON scales (revision);

INSERT INTO scales (id, slug, is_default, archived, created_at, revision)
SELECT 1, 'standard', 1, 0, (SELECT min(saved_at) FROM config_versions), 1
WHERE EXISTS (SELECT 1 FROM config_versions);

CREATE TABLE config_versions_new (
    scale_id INTEGER NOT NULL REFERENCES scales (id),
    version  INTEGER NOT NULL,
    document TEXT    NOT NULL,
    saved_at INTEGER NOT NULL, -- Unix milliseconds, UTC
    saved_by TEXT    NOT NULL,
    PRIMARY KEY (scale_id, version)
) STRICT;

INSERT INTO config_versions_new (scale_id, version, document, saved_at, saved_by)
SELECT 1, version, document, saved_at, saved_by FROM config_versions;

DROP TABLE config_versions;
ALTER TABLE config_versions_new RENAME TO config_versions;
