-- The SQLite store's 0008 with PostgreSQL types: the school's settings, at most one row (id 1);
-- land is the Land's code as internal/school names it, '' or no row for none.
CREATE TABLE school_settings (
    id         integer     PRIMARY KEY CHECK (id = 1),
    land       text        NOT NULL,
    updated_at timestamptz NOT NULL
);
