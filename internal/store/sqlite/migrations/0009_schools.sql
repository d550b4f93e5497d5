-- The schools of a deployment that serves several (docs/architecture.md, „Mehrere Schulen“): no row
-- is one school, as before, answering any host. url is the school's public address as
-- internal/tenancy writes it (https://host[:port], lower case, no path); the server finds a
-- request's school by its host. home is where the school's data lives: '' for the tables of this
-- database (the first school added takes over the data it had), else a database file beside this
-- one (a path relative to this file's folder). Only the deployment's own database has rows here; a
-- school's file has the table, empty.
CREATE TABLE schools (
    id         INTEGER PRIMARY KEY,
    url        TEXT    NOT NULL UNIQUE,
    name       TEXT    NOT NULL,
    home       TEXT    NOT NULL,
    created_at INTEGER NOT NULL -- Unix milliseconds
) STRICT;
