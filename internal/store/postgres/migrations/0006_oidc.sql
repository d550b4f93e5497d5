-- Sign-in with the school's OpenID provider: the SQLite store's
-- 0006 with PostgreSQL types. An account is linked to one identity of one
-- provider (issuer and subject, NULL until the first such sign-in).
ALTER TABLE users ADD COLUMN oidc_issuer text;
ALTER TABLE users ADD COLUMN oidc_subject text;
CREATE UNIQUE INDEX users_oidc ON users (oidc_issuer, oidc_subject);

-- A started sign-in until its callback, taken once (replays find nothing).
CREATE TABLE oidc_logins (
    state_hash text        PRIMARY KEY,
    nonce      text        NOT NULL,
    verifier   text        NOT NULL,
    expires_at timestamptz NOT NULL
);
