-- Accounts, sessions, one-time links and sign-in failures. Times that are
-- compared in queries are Unix milliseconds, so that they order correctly.
CREATE TABLE users (
    id              INTEGER PRIMARY KEY,
    email           TEXT    NOT NULL UNIQUE, -- normalized: trimmed, lower case
    role            TEXT    NOT NULL CHECK (role IN ('admin', 'user')),
    password_hash   TEXT    NOT NULL DEFAULT '', -- '' until the invited person sets one
    created_at      INTEGER NOT NULL,
    last_sign_in_at INTEGER
) STRICT;

-- Only the SHA-256 of a session token is stored, never the token.
CREATE TABLE sessions (
    token_hash   TEXT    PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time links: 'setup' creates the first admin, 'invite' lets an added
-- person set a password.
CREATE TABLE tokens (
    token_hash TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('setup', 'invite')),
    user_id    INTEGER REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) STRICT;

-- Failed sign-ins per key ('addr:…' or 'email:…'), for the rate limits.
-- Kept in the database so that every instance sees the same counts.
CREATE TABLE login_failures (
    key TEXT    NOT NULL,
    at  INTEGER NOT NULL
) STRICT;
CREATE INDEX login_failures_key_at ON login_failures (key, at);
