-- The SQLite store's 0009 with PostgreSQL types: the schools of a deployment; no row is one school.
-- home is '' for the tables of the schema the deployment's address names (the first school added
-- takes over its data), else the schema that holds the school's tables (school_<id>). Only that
-- first schema has rows here; a school's own schema has the table, empty.
CREATE TABLE schools (
    id         bigint      PRIMARY KEY,
    url        text        NOT NULL UNIQUE,
    name       text        NOT NULL,
    home       text        NOT NULL,
    created_at timestamptz NOT NULL
);
