-- Accounts, sessions, one-time links and sign-in failures: the tables of the
-- SQLite store's 0002, with PostgreSQL types. The store writes times with
-- millisecond precision, as SQLite keeps them.
CREATE TABLE users (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email           text        NOT NULL UNIQUE, -- normalized: trimmed, lower case
    role            text        NOT NULL CHECK (role IN ('admin', 'user')),
    password_hash   text        NOT NULL DEFAULT '', -- '' until the invited person sets one
    created_at      timestamptz NOT NULL,
    last_sign_in_at timestamptz
);

-- Only the SHA-256 of a session token is stored, never the token.
CREATE TABLE sessions (
    token_hash   text        PRIMARY KEY,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time links: 'setup' creates the first admin, 'invite' lets an added
-- person set a password.
CREATE TABLE tokens (
    token_hash text        PRIMARY KEY,
    kind       text        NOT NULL CHECK (kind IN ('setup', 'invite')),
    user_id    bigint      REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX tokens_user ON tokens (user_id);

-- Failed sign-ins per key ('addr:…' or 'email:…'), for the rate limits.
-- Kept in the database so that every instance sees the same counts.
CREATE TABLE login_failures (
    key text        NOT NULL,
    at  timestamptz NOT NULL
);
CREATE INDEX login_failures_key_at ON login_failures (key, at);
