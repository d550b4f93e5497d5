-- The SQLite store's 0007 with PostgreSQL types: sign-ins under way travel
-- sealed in the browser's cookie instead of oidc_logins, and the one key
-- that seals them (at most one row, id 1) is shared by every instance.
DROP TABLE oidc_logins;

CREATE TABLE oidc_state_key (
    id         integer     PRIMARY KEY CHECK (id = 1),
    key        bytea       NOT NULL CHECK (length(key) = 32),
    created_at timestamptz NOT NULL
);

-- Starts were counted per address for a limit that no longer exists.
DELETE FROM login_failures WHERE key LIKE 'oidc-start %';
