-- Sign-in with the school's OpenID provider. An account is
-- linked to one identity of one provider: the issuer and its subject
-- ('sub'), both NULL until the person first signs in that way. A provider's
-- subject is unique there, so the pair is unique here.
ALTER TABLE users ADD COLUMN oidc_issuer TEXT;
ALTER TABLE users ADD COLUMN oidc_subject TEXT;
CREATE UNIQUE INDEX users_oidc ON users (oidc_issuer, oidc_subject);

-- A started sign-in, from the redirect to the provider until its callback:
-- the SHA-256 of the state (the browser holds the state itself in a
-- cookie), the nonce and the PKCE verifier. Each row is taken once, so a
-- replayed callback finds nothing, on every instance.
CREATE TABLE oidc_logins (
    state_hash TEXT    PRIMARY KEY,
    nonce      TEXT    NOT NULL,
    verifier   TEXT    NOT NULL,
    expires_at INTEGER NOT NULL -- Unix milliseconds
) STRICT;
