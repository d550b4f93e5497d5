-- The school's own sign-in at an OpenID provider (docs/operations.md, „Many schools on one
-- deployment“), set with `notenrechner school oidc`: at most one row (id 1); no row is none, and
-- then the database's own school signs in as serve's --oidc-* flags say. It lives in the school's
-- own database, beside its accounts, so that each school of a deployment has its own provider, or
-- the Träger's shared one with school_claim naming the claim and school_claim_value the value
-- that means this school ('' for both: no such check). client_secret is the provider's secret for
-- this client, kept as given (backups hold it). allowed_domains (comma-separated) and scopes
-- (space-separated) are kept as typed.
CREATE TABLE school_oidc (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    issuer             TEXT    NOT NULL,
    client_id          TEXT    NOT NULL,
    client_secret      TEXT    NOT NULL,
    name               TEXT    NOT NULL,
    allowed_domains    TEXT    NOT NULL,
    admin_group        TEXT    NOT NULL,
    user_group         TEXT    NOT NULL,
    groups_claim       TEXT    NOT NULL,
    scopes             TEXT    NOT NULL,
    password_login     INTEGER NOT NULL CHECK (password_login IN (0, 1)),
    school_claim       TEXT    NOT NULL,
    school_claim_value TEXT    NOT NULL,
    updated_at         INTEGER NOT NULL -- Unix milliseconds
) STRICT;
