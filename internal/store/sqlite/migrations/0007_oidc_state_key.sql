-- A sign-in under way at the OpenID provider is no longer stored: its state,
-- nonce and PKCE verifier travel sealed (AES-256-GCM) in the browser's
-- cookie, so that nobody can make the server keep rows by starting sign-ins.
-- The one key that seals them lives here, so that every instance sharing the
-- database opens what another sealed. At most one row (id 1), made by the
-- first sign-in that needs it; deleting it makes a new key, and sign-ins
-- under way then fail once.
DROP TABLE oidc_logins;

CREATE TABLE oidc_state_key (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    key        BLOB    NOT NULL CHECK (length(key) = 32),
    created_at INTEGER NOT NULL -- Unix milliseconds
) STRICT;

-- Starts were counted per address for a limit that no longer exists.
DELETE FROM login_failures WHERE key LIKE 'oidc-start %';
