-- The school's settings beside its grading scales (docs/spec.md §11): at most one row (id 1),
-- made by the first save. land is the code of the school's Land, canton or Austrian Land as
-- internal/school names it ('HE', 'CH-ZH', 'AT-9'), '' for none; no row is none as well.
CREATE TABLE school_settings (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    land       TEXT    NOT NULL,
    updated_at INTEGER NOT NULL -- Unix milliseconds
) STRICT;
